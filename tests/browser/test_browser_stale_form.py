"""Two tabs of one player (issue 28, item 3): the older tab's night form is refused with what the newer one sent,
and its 「仍然送出」 button applies it anyway (a resent form: tests/server/test_idempotent_writes.py)."""

from __future__ import annotations

from typing import Any

import httpx

from tests.browser.conftest import Pages, submit, sync_api
from tests.server.conftest import IDS

expect = sync_api().expect


def started(api: httpx.Client) -> dict[str, Any]:
    game = api.post("/api/games", json={"title": "兩個分頁", "rules": "kk33", "ids": IDS}).json()
    for link in game["players"].values():
        view = api.get(f"/api/p/{link['token']}").json()
        assert any(api.post(f"/api/p/{link['token']}/choose", json={"character": c}).status_code == 200
                   for c in view["choices"])
    assert api.post(f"/api/j/{game['judge_token']}/start", json={}).status_code == 200
    return game


def test_an_older_tab_is_refused_with_the_current_list_and_can_apply_its_form_anyway(
        pages: Pages, server_url: str, api: httpx.Client) -> None:
    game = started(api)
    pid = IDS[0]
    token = game["players"][pid]["token"]
    old, new = pages.new("old tab"), pages.new("new tab")
    old.goto(f"{server_url}/p/{token}")
    new.goto(f"{server_url}/p/{token}")
    assert submit(new, "#submit-none").status == 200  # the newer tab: 本夜不行動
    expect(new.locator("#ok")).to_contain_text("已提交")
    stale = submit(old, "#submit-none")  # the older tab's form, from before that
    assert stale.status == 409
    expect(old.locator("#error")).to_contain_text("來自較舊的頁面")
    expect(old.locator("#error")).to_contain_text("你目前提交的是：不行動")
    events = len(api.get(f"/api/j/{game['judge_token']}/export").json()["events"])
    assert submit(old, "#apply-anyway").status == 200
    expect(old.locator("#ok")).to_contain_text("已提交")
    assert len(api.get(f"/api/j/{game['judge_token']}/export").json()["events"]) == events + 1
    assert not pages.errors, pages.errors
