"""The SDK against a fake svc service on 127.0.0.1 (http.server): what it sends and what callers get back."""

from __future__ import annotations

import json
import os
import sys
import threading
import time
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from svc_sdk import ActionFailed, SvcClient, SvcError  # noqa: E402

API_KEY = "svc_test_key_0123456789"
PNG = b"\x89PNG\r\n\x1a\nfake-image"


class FakeService:
    """Records each request as ``(method, path, headers, body)`` and answers from ``answers[(method, path)]``."""

    def __init__(self) -> None:
        self.requests: list[tuple[str, str, dict[str, str], Any]] = []
        self.answers: dict[tuple[str, str], tuple[int, Any, dict[str, str]]] = {}
        self.slow_paths: set[str] = set()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                self._answer()

            def do_POST(self) -> None:
                self._answer()

            def do_DELETE(self) -> None:
                self._answer()

            def _answer(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                body = json.loads(raw) if raw else None
                fake.requests.append((self.command, self.path, dict(self.headers), body))
                if self.path in fake.slow_paths:
                    time.sleep(1)
                status, payload, headers = fake.answers.get(
                    (self.command, self.path.split("?")[0]),
                    (404, {"message": "Not found", "detail": self.path, "code": "not_found"}, {}),
                )
                is_bytes = isinstance(payload, bytes)
                data = payload if is_bytes else json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "image/png" if is_bytes else "application/json")
                self.send_header("Content-Length", str(len(data)))
                for name, value in headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)
        self.thread.start()

    def answer(self, method: str, path: str, status: int, payload: Any, headers: dict[str, str] | None = None) -> None:
        self.answers[(method, path)] = (status, payload, headers or {})

    def calls(self) -> list[str]:
        return [f"{method} {path}" for method, path, _, _ in self.requests]

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class Products:
    """A pydantic-style model class (duck-typed: the SDK must not need pydantic)."""

    def __init__(self, products: list[dict[str, Any]]) -> None:
        self.products = products

    @classmethod
    def model_json_schema(cls) -> dict[str, Any]:
        return {"type": "object", "properties": {"products": {"type": "array"}}, "title": "Products"}

    @classmethod
    def model_validate(cls, data: Any) -> Products:
        return cls(products=data["products"])


class SdkTestCase(unittest.TestCase):
    def setUp(self) -> None:
        self.fake = FakeService()
        self.addCleanup(self.fake.close)
        self.fake.answer("POST", "/sessions/start", 200, {"session_id": "s-1", "status": "active"})
        self.fake.answer("DELETE", "/sessions/s-1/stop", 200, {"session_id": "s-1", "status": "closed"})
        self.client = SvcClient(api_key=API_KEY, base_url=self.fake.url)

    def body_of(self, call: str) -> Any:
        return next(body for method, path, _, body in self.fake.requests if f"{method} {path}" == call)


class ClientSettingsTest(SdkTestCase):
    def test_reads_key_and_url_from_the_environment(self) -> None:
        with mock.patch.dict(os.environ, {"SVC_API_KEY": API_KEY, "SVC_API_URL": self.fake.url}):
            client = SvcClient()
            with client.Session():
                pass
        self.assertEqual(self.fake.requests[0][2]["Authorization"], f"Bearer {API_KEY}")
        self.assertNotIn(API_KEY, repr(client))

    def test_defaults_to_the_local_service(self) -> None:
        with mock.patch.dict(os.environ, {}, clear=True):
            client = SvcClient()
        self.assertEqual(client.base_url, "http://127.0.0.1:8787")
        self.assertIsNone(client.api_key)


class SessionLifecycleTest(SdkTestCase):
    def test_context_manager_starts_with_options_and_stops(self) -> None:
        with self.client.Session(use_file_storage=True, viewport_width=800, viewport_height=600) as session:
            self.assertEqual(session.session_id, "s-1")
        self.assertEqual(self.fake.calls(), ["POST /sessions/start", "DELETE /sessions/s-1/stop"])
        self.assertEqual(
            self.body_of("POST /sessions/start"),
            {"use_file_storage": True, "viewport_width": 800, "viewport_height": 600},
        )
        method, path, headers, _ = self.fake.requests[0]
        self.assertEqual(headers["Authorization"], f"Bearer {API_KEY}")
        self.assertEqual(headers["Content-Type"], "application/json")

    def test_stops_the_session_when_the_block_raises(self) -> None:
        with self.assertRaisesRegex(ValueError, "boom"):
            with self.client.Session():
                raise ValueError("boom")
        self.assertEqual(self.fake.calls()[-1], "DELETE /sessions/s-1/stop")

    def test_a_failed_stop_does_not_hide_the_error_of_the_block(self) -> None:
        self.fake.answer("DELETE", "/sessions/s-1/stop", 500, {"message": "Internal error", "detail": "db"})
        with self.assertRaises(ValueError) as raised:
            with self.client.Session():
                raise ValueError("boom")
        self.assertIn("Stopping session s-1 failed too", raised.exception.__notes__[0])

    def test_does_not_stop_twice(self) -> None:
        with self.client.Session() as session:
            self.assertEqual(session.stop()["status"], "closed")
        self.assertEqual(self.fake.calls().count("DELETE /sessions/s-1/stop"), 1)

    def test_status_reads_the_session(self) -> None:
        self.fake.answer("GET", "/sessions/s-1", 200, {"session_id": "s-1", "status": "active", "steps": []})
        with self.client.Session() as session:
            self.assertEqual(session.status()["status"], "active")


class PageActionsTest(SdkTestCase):
    def test_execute_sends_a_bare_action_and_returns_the_result(self) -> None:
        result = {"action": {"type": "goto"}, "success": True, "message": "Navigated"}
        self.fake.answer("POST", "/sessions/s-1/page/execute", 200, result)
        with self.client.Session() as session:
            self.assertEqual(session.execute(type="goto", url="http://127.0.0.1/x"), result)
        self.assertEqual(
            self.body_of("POST /sessions/s-1/page/execute"), {"type": "goto", "url": "http://127.0.0.1/x"}
        )

    def test_a_failed_action_raises_unless_told_not_to(self) -> None:
        failed = {"success": False, "message": "Element not found", "exception": "Timeout 500ms exceeded"}
        self.fake.answer("POST", "/sessions/s-1/page/execute", 200, failed)
        with self.client.Session() as session:
            with self.assertRaises(ActionFailed) as raised:
                session.execute(type="click", selector="#missing")
            self.assertEqual(str(raised.exception), "Element not found: Timeout 500ms exceeded")
            self.assertEqual(raised.exception.result, failed)
            self.assertEqual(session.execute(type="click", selector="#missing", raise_on_failure=False), failed)

    def test_observe_sends_only_the_options_given(self) -> None:
        self.fake.answer("POST", "/sessions/s-1/page/observe", 200, {"space": {"interaction_actions": []}})
        with self.client.Session() as session:
            session.observe(instructions="the login form", max_nb_actions=5)
        self.assertEqual(
            self.body_of("POST /sessions/s-1/page/observe"), {"instructions": "the login form", "max_nb_actions": 5}
        )

    def test_scrape_with_a_model_class_sends_its_schema_and_returns_an_instance(self) -> None:
        data = {"products": [{"name": "Anvil", "price": 12.5}]}
        answer = {"markdown": "# Products", "structured": {"success": True, "data": data}}
        self.fake.answer("POST", "/sessions/s-1/page/scrape", 200, answer)
        with self.client.Session() as session:
            products = session.scrape(instructions="List the products", only_main_content=False, response_format=Products)
        self.assertIsInstance(products, Products)
        self.assertEqual(products.products, data["products"])
        self.assertEqual(
            self.body_of("POST /sessions/s-1/page/scrape"),
            {
                "instructions": "List the products",
                "only_main_content": False,
                "response_format": Products.model_json_schema(),
            },
        )

    def test_scrape_without_a_model_returns_the_answer(self) -> None:
        answer = {"markdown": "# Products", "links": [{"url": "http://127.0.0.1/a", "text": "a"}]}
        self.fake.answer("POST", "/sessions/s-1/page/scrape", 200, answer)
        schema = {"type": "object", "properties": {"title": {"type": "string"}}}
        with self.client.Session() as session:
            self.assertEqual(session.scrape(scrape_links=True), answer)
            self.assertEqual(session.scrape(instructions="Title", response_format=schema), answer)
        self.assertEqual(self.fake.requests[-2][3], {"instructions": "Title", "response_format": schema})

    def test_a_failed_structured_scrape_raises_with_the_reason(self) -> None:
        answer = {"markdown": "", "structured": {"success": False, "error": "No language model is configured"}}
        self.fake.answer("POST", "/sessions/s-1/page/scrape", 200, answer)
        with self.client.Session() as session:
            with self.assertRaisesRegex(ActionFailed, "No language model is configured"):
                session.scrape(instructions="List", response_format=Products)

    def test_screenshot_returns_the_image_bytes(self) -> None:
        self.fake.answer("POST", "/sessions/s-1/page/screenshot", 200, PNG)
        with self.client.Session() as session:
            self.assertEqual(session.screenshot(full_page=True), PNG)
        self.assertEqual(self.body_of("POST /sessions/s-1/page/screenshot"), {"full_page": True, "type": "png"})

    def test_workflow_code_sends_its_query(self) -> None:
        self.fake.answer("GET", "/sessions/s-1/workflow/code", 200, {"python_script": "run()", "json_actions": []})
        with self.client.Session() as session:
            self.assertEqual(session.workflow_code(as_workflow=False)["python_script"], "run()")
        self.assertIn("GET /sessions/s-1/workflow/code?as_workflow=false&language=python", self.fake.calls())


class ErrorsTest(SdkTestCase):
    def test_an_error_answer_raises_svc_error_with_its_fields(self) -> None:
        self.fake.answer(
            "POST",
            "/sessions/start",
            422,
            {
                "message": "Invalid request",
                "detail": [{"loc": ["body", "viewport_width"], "msg": "Expected number", "type": "invalid_type"}],
                "code": "validation_failed",
            },
        )
        with self.assertRaises(SvcError) as raised:
            with self.client.Session(viewport_width="wide"):
                self.fail("the block must not run when the session did not start")
        error = raised.exception
        self.assertEqual((error.status, error.code, error.message), (422, "validation_failed", "Invalid request"))
        self.assertEqual(error.detail_text, "body.viewport_width: Expected number")
        self.assertEqual(self.fake.calls(), ["POST /sessions/start"])

    def test_overload_carries_retry_after(self) -> None:
        self.fake.answer(
            "POST", "/sessions/start", 529, {"message": "Cluster overloaded", "detail": "No browser"}, {"Retry-After": "5"}
        )
        with self.assertRaises(SvcError) as raised:
            self.client.Session().start()
        self.assertEqual((raised.exception.status, raised.exception.code), (529, "http_529"))
        self.assertEqual(raised.exception.retry_after_s, 5)

    def test_an_unknown_session_is_a_404_error(self) -> None:
        with self.client.Session() as session:
            with self.assertRaises(SvcError) as raised:
                session.status()
        self.assertEqual((raised.exception.status, raised.exception.code), (404, "not_found"))
        self.assertEqual(raised.exception.message, "Not found")

    def test_a_refused_connection_is_connection_failed(self) -> None:
        url = self.fake.url
        self.fake.close()
        with self.assertRaises(SvcError) as raised:
            SvcClient(api_key=API_KEY, base_url=url).Session().start()
        self.assertEqual((raised.exception.status, raised.exception.code), (0, "connection_failed"))
        self.assertIn(url, raised.exception.message)

    def test_no_answer_in_time_is_a_timeout(self) -> None:
        self.fake.slow_paths.add("/health")
        client = SvcClient(api_key=API_KEY, base_url=self.fake.url, timeout_s=0.2)
        with self.assertRaises(SvcError) as raised:
            client.health()
        self.assertEqual((raised.exception.status, raised.exception.code), (0, "timeout"))


if __name__ == "__main__":
    unittest.main()
