"""Errors raised by the SDK: one for failed HTTP calls, one for page actions that failed in the page."""

from __future__ import annotations

from typing import Any


class SvcError(Exception):
    """An HTTP error answer of the service (``status`` and its ``code``) or a transport failure (``status`` 0).

    Match on ``code`` or ``status``, never on the message.
    """

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        detail: Any = None,
        retry_after_s: float | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.detail = detail
        #: Seconds to wait before retrying, from ``Retry-After`` (429, 529).
        self.retry_after_s = retry_after_s

    @property
    def detail_text(self) -> str:
        """The detail as one line: validation issues rendered as ``loc: msg``."""
        if isinstance(self.detail, list):
            return "; ".join(
                f"{'.'.join(str(part) for part in issue.get('loc', []))}: {issue.get('msg', '')}"
                for issue in self.detail
                if isinstance(issue, dict)
            )
        return "" if self.detail is None else str(self.detail)

    def __str__(self) -> str:
        status = f"HTTP {self.status}" if self.status else "no answer"
        detail = f": {self.detail_text}" if self.detail_text else ""
        return f"{self.message} ({status}, {self.code}){detail}"


class ActionFailed(Exception):
    """A page action (or a structured scrape) that the service ran but that did not succeed in the page."""

    def __init__(self, message: str, result: dict[str, Any]) -> None:
        super().__init__(message)
        self.message = message
        #: The service's whole answer, e.g. ``{action, success, message, exception, ...}``.
        self.result = result
        self.exception: str | None = result.get("exception")

    def __str__(self) -> str:
        return f"{self.message}: {self.exception}" if self.exception else self.message
