"""The entry point of the SDK: a client bound to one service and one API key."""

from __future__ import annotations

import os
from typing import Any

from .session import Session
from .transport import HttpTransport

DEFAULT_API_URL = "http://127.0.0.1:8787"


class SvcClient:
    """Talks to a svc service. ``api_key`` and ``base_url`` default to ``SVC_API_KEY`` and ``SVC_API_URL``."""

    def __init__(
        self, api_key: str | None = None, base_url: str | None = None, timeout_s: float = 30.0
    ) -> None:
        self.api_key = api_key or os.environ.get("SVC_API_KEY") or None
        self.base_url = base_url or os.environ.get("SVC_API_URL") or DEFAULT_API_URL
        self._transport = HttpTransport(self.base_url, self.api_key, timeout_s)

    def Session(self, **start_options: Any) -> Session:  # noqa: N802 - the spec's client.Session(...) shape
        """A session with the ``/sessions/start`` options, e.g. ``Session(headless=True, use_file_storage=True)``.

        Use it as a context manager, or call ``start()``/``stop()``.
        """
        return Session(self._transport, start_options)

    def health(self) -> dict[str, Any]:
        """``GET /health``: ``{status, version, description}``."""
        return self._transport.request_json("GET", "/health")

    def __repr__(self) -> str:
        # Never the key itself: a repr ends up in logs and tracebacks.
        return f"SvcClient(base_url={self.base_url!r}, api_key={'set' if self.api_key else 'unset'})"
