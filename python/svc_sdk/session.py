"""One browser session on the service and the page actions that act on it."""

from __future__ import annotations

from types import TracebackType
from typing import Any, TypeVar, overload

from .errors import ActionFailed, SvcError
from .transport import HttpTransport

ModelT = TypeVar("ModelT")


def _is_model_class(value: Any) -> bool:
    """Duck-typed pydantic model class: the SDK needs only its JSON schema and its validator."""
    return isinstance(value, type) and all(
        callable(getattr(value, name, None)) for name in ("model_json_schema", "model_validate")
    )


def _without_none(fields: dict[str, Any]) -> dict[str, Any]:
    return {name: value for name, value in fields.items() if value is not None}


class Session:
    """A browser session. ``with client.Session(...) as session:`` starts it and stops it on exit, also on error.

    Without ``with``, call ``start()`` and ``stop()`` yourself.
    """

    def __init__(self, transport: HttpTransport, start_options: dict[str, Any]) -> None:
        self._transport = transport
        self._start_options = start_options
        self._session_id: str | None = None
        self._is_stopped = False
        #: The last session answer seen (start, status or stop).
        self.info: dict[str, Any] | None = None

    @property
    def session_id(self) -> str:
        """The session id, known once the session has started."""
        if self._session_id is None:
            raise RuntimeError("The session has not been started: use it in a with block or call start()")
        return self._session_id

    def start(self) -> dict[str, Any]:
        """Starts the session with the options given to ``client.Session(...)``."""
        if self._session_id is not None:
            raise RuntimeError(f"Session {self._session_id} is already started")
        self.info = self._transport.request_json("POST", "/sessions/start", self._start_options)
        self._session_id = self.info["session_id"]
        return self.info

    def stop(self) -> dict[str, Any]:
        """Stops the session; the answer has ``status: "closed"``."""
        self.info = self._transport.request_json("DELETE", f"{self._path}/stop")
        self._is_stopped = True
        return self.info

    def status(self) -> dict[str, Any]:
        """The session as the service sees it now (status, steps, viewer URL, ...)."""
        self.info = self._transport.request_json("GET", self._path)
        return self.info

    def execute(self, type: str, raise_on_failure: bool = True, **fields: Any) -> dict[str, Any]:
        """Runs one page action, e.g. ``execute(type="goto", url=...)`` or ``execute(type="click", id="B3")``.

        An action that fails in the page raises ``ActionFailed`` unless ``raise_on_failure=False``, which returns
        the answer with ``success: False`` instead.
        """
        result = self._transport.request_json("POST", f"{self._path}/page/execute", {"type": type, **fields})
        if raise_on_failure and not result.get("success", False):
            raise ActionFailed(result.get("message") or f"The {type} action failed", result)
        return result

    def observe(
        self,
        instructions: str | None = None,
        perception_type: str | None = None,
        min_nb_actions: int | None = None,
        max_nb_actions: int | None = None,
    ) -> dict[str, Any]:
        """The page as the service sees it: metadata and the interactive elements with their ids and selectors."""
        body = _without_none(
            {
                "instructions": instructions,
                "perception_type": perception_type,
                "min_nb_actions": min_nb_actions,
                "max_nb_actions": max_nb_actions,
            }
        )
        return self._transport.request_json("POST", f"{self._path}/page/observe", body)

    @overload
    def scrape(self, *, response_format: type[ModelT], **options: Any) -> ModelT: ...

    @overload
    def scrape(self, *, response_format: dict[str, Any] | None = None, **options: Any) -> dict[str, Any]: ...

    def scrape(self, *, response_format: Any = None, **options: Any) -> Any:
        """Scrapes the page: ``{markdown, links?, images?, structured?}``.

        With a model class as ``response_format`` (pydantic-style: ``model_json_schema``/``model_validate``), its
        JSON schema is sent and the extracted data comes back as an instance of that class; a failed extraction
        raises ``ActionFailed``. A plain dict ``response_format`` is sent as the JSON schema as it is.
        """
        is_model = _is_model_class(response_format)
        body = _without_none(options)
        if response_format is not None:
            body["response_format"] = response_format.model_json_schema() if is_model else response_format
        result = self._transport.request_json("POST", f"{self._path}/page/scrape", body)
        if not is_model:
            return result
        structured = result.get("structured") or {}
        if not structured.get("success"):
            error = structured.get("error") or "The service returned no structured data"
            raise ActionFailed(f"Structured scrape failed: {error}", result)
        return response_format.model_validate(structured.get("data"))

    def screenshot(self, full_page: bool = False, type: str = "png", quality: int | None = None) -> bytes:
        """The active tab as image bytes (PNG by default, or JPEG with ``type="jpeg"``)."""
        body = _without_none({"full_page": full_page, "type": type, "quality": quality})
        image, _ = self._transport.request_bytes("POST", f"{self._path}/page/screenshot", body)
        return image

    def workflow_code(self, as_workflow: bool = True, language: str = "python") -> dict[str, Any]:
        """The steps so far as code to run again: ``{python_script, typescript_script?, json_actions}``."""
        query = {"as_workflow": as_workflow, "language": language}
        return self._transport.request_json("GET", f"{self._path}/workflow/code", query=query)

    def __enter__(self) -> Session:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._session_id is None or self._is_stopped:
            return
        try:
            self.stop()
        except SvcError as stop_error:
            # The error that ended the block is the one the caller needs; the failed stop rides along as a note.
            if exc is None:
                raise
            exc.add_note(f"Stopping session {self._session_id} failed too: {stop_error}")

    @property
    def _path(self) -> str:
        return f"/sessions/{self.session_id}"
