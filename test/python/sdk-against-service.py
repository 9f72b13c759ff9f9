"""Drives the real service through svc_sdk and prints what a caller saw as one JSON object (checked by Vitest)."""

from __future__ import annotations

import json
import sys

from svc_sdk import ActionFailed, SvcClient, SvcError

page_url = sys.argv[1]
client = SvcClient()
seen: dict[str, object] = {}

try:
    client.Session(no_such_option=True).start()
except SvcError as error:
    seen["unknown_option"] = {"status": error.status, "code": error.code, "detail": error.detail_text}

try:
    SvcClient(api_key="svc_not_a_key_0123456789").Session().start()
except SvcError as error:
    seen["bad_key"] = {"status": error.status, "message": error.message}

with client.Session(viewport_width=800, viewport_height=600) as session:
    seen["goto"] = session.execute(type="goto", url=page_url)["success"]
    observation = session.observe()
    seen["title"] = observation["metadata"]["title"]
    seen["selectors"] = [action["selector"] for action in observation["space"]["interaction_actions"]]
    seen["fill"] = session.execute(type="fill", selector="#email", value="ada@example.org")["success"]
    try:
        session.execute(type="click", selector="#no-such-button", timeout=500)
    except ActionFailed as failure:
        seen["missing_click"] = {"success": failure.result["success"], "has_exception": bool(failure.exception)}
    seen["png_signature"] = session.screenshot()[:8].hex()
    seen["markdown"] = session.scrape(only_main_content=True)["markdown"]
    seen["status_inside"] = session.status()["status"]
seen["status_after"] = session.status()["status"]

try:
    with client.Session() as failing:
        seen["failing_id"] = failing.session_id
        raise RuntimeError("the script broke")
except RuntimeError:
    pass

print(json.dumps(seen))
