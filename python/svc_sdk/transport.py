"""The one place that speaks HTTP to the service: base URL, Bearer auth, timeout, error answers."""

from __future__ import annotations

import json
import socket
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from .errors import SvcError


class HttpTransport:
    """Sends JSON requests to the service with ``urllib`` and turns non-2xx answers into ``SvcError``."""

    def __init__(self, base_url: str, api_key: str | None, timeout_s: float) -> None:
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.timeout_s = timeout_s

    def request_json(
        self,
        method: str,
        path: str,
        body: dict[str, Any] | None = None,
        query: dict[str, Any] | None = None,
    ) -> Any:
        """Calls ``path`` and returns the decoded JSON answer (``None`` for an empty one)."""
        payload, _ = self._send(method, path, body, query, accept="application/json")
        return json.loads(payload) if payload else None

    def request_bytes(
        self, method: str, path: str, body: dict[str, Any] | None = None
    ) -> tuple[bytes, str]:
        """Calls ``path`` and returns the raw answer and its content type (images, files)."""
        return self._send(method, path, body, None, accept="*/*")

    def _send(
        self,
        method: str,
        path: str,
        body: dict[str, Any] | None,
        query: dict[str, Any] | None,
        accept: str,
    ) -> tuple[bytes, str]:
        url = self.base_url + path + _query_string(query)
        headers = {"Accept": accept, "User-Agent": "svc-sdk-python"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        data = None
        if body is not None:
            headers["Content-Type"] = "application/json"
            data = json.dumps(body).encode("utf-8")
        request = urllib.request.Request(url, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout_s) as response:
                return response.read(), response.headers.get("Content-Type", "")
        except urllib.error.HTTPError as error:
            raise _error_of_answer(error) from None
        except (TimeoutError, socket.timeout) as error:
            raise self._timeout_error() from error
        except urllib.error.URLError as error:
            if isinstance(error.reason, (TimeoutError, socket.timeout)):
                raise self._timeout_error() from error
            raise SvcError(
                0, "connection_failed", f"Cannot reach the service at {self.base_url}", str(error.reason)
            ) from error

    def _timeout_error(self) -> SvcError:
        return SvcError(
            0,
            "timeout",
            f"No answer from {self.base_url} within {self.timeout_s:g} s",
            "Raise the client's timeout or check the service",
        )


def _query_string(query: dict[str, Any] | None) -> str:
    if not query:
        return ""
    pairs = {
        name: ("true" if value else "false") if isinstance(value, bool) else value
        for name, value in query.items()
        if value is not None
    }
    return "?" + urllib.parse.urlencode(pairs) if pairs else ""


def _error_of_answer(error: urllib.error.HTTPError) -> SvcError:
    """The service answers every error as ``{message, detail, code?}``; anything else is kept as text."""
    text = error.read().decode("utf-8", errors="replace")
    retry_after = _retry_after_of(error.headers.get("Retry-After"))
    try:
        answer = json.loads(text)
    except ValueError:
        answer = None
    if isinstance(answer, dict) and isinstance(answer.get("message"), str):
        code = answer.get("code") or f"http_{error.code}"
        return SvcError(error.code, code, answer["message"], answer.get("detail"), retry_after)
    message = f"HTTP {error.code} {error.reason}".strip()
    return SvcError(error.code, f"http_{error.code}", message, text[:500], retry_after)


def _retry_after_of(header: str | None) -> float | None:
    try:
        seconds = float(header) if header else None
    except ValueError:
        return None
    return seconds if seconds and seconds > 0 else None
