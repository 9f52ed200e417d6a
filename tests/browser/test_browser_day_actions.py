"""A 吳 player's action by day in a real browser (headless Chromium through Playwright; issue 13).

奇襲：*被*你的【刺殺】的發動時機為白天投票階段。 The game is set up through the JSON API (a 吳 killer
chooses 甘寧, night 1 passes quietly); on day 2 甘寧 opens his page, finds the action form beside the
vote offering his 刺殺 only, submits it and votes; the other players vote through the API, the last
vote resolves the day; the judge's draft and the public thread show the stab's death.
"""

from __future__ import annotations

from typing import Any

import httpx

from tests.browser.conftest import Pages, submit, sync_api

expect = sync_api().expect

IDS = [f"吳測{i:02d}" for i in range(1, 23)]


def post(api: httpx.Client, path: str, body: dict[str, Any]) -> dict[str, Any]:
    response = api.post(path, json=body)
    assert response.status_code in (200, 201), (path, body, response.text)
    return response.json()


def test_ganning_stabs_at_the_vote_from_his_page(pages: Pages, server_url: str, api: httpx.Client, shots: Any) -> None:
    made = post(api, "/api/games", {"title": "白天行動局", "rules": "kk33", "ids": IDS})
    judge, tokens = made["judge_token"], {pid: p["token"] for pid, p in made["players"].items()}
    views = {pid: api.get(f"/api/p/{t}").json() for pid, t in tokens.items()}
    ganning = next(pid for pid in IDS if views[pid]["country"] == "吳" and views[pid]["identity"] == "殺手")
    victim = next(pid for pid in IDS if views[pid]["country"] == "魏" and views[pid]["identity"] == "護衛")
    post(api, f"/api/p/{tokens[ganning]}/choose", {"character": "甘寧"})
    for pid in IDS:
        if pid == ganning:
            continue
        for character in sorted(views[pid]["choices"], key=lambda c: c == "凌統"):
            if api.post(f"/api/p/{tokens[pid]}/choose", json={"character": character}).status_code == 200:
                break
    post(api, f"/api/j/{judge}/start", {})
    for pid in IDS:
        post(api, f"/api/p/{tokens[pid]}/actions", {"actions": []})
    post(api, f"/api/j/{judge}/publish", {"confirm": True})

    # -- day 2: 甘寧 on his page
    page = pages.new(ganning)
    page.goto(f"{server_url}/p/{tokens[ganning]}")
    expect(page.locator("#day-actions")).to_be_visible()
    expect(page.locator("#day-actions h2")).to_contain_text("提交行動")
    expect(page.locator("#day")).to_be_visible()  # the vote beside it
    offered = page.locator("#skill-0 option").evaluate_all("els => els.map(e => e.value)")
    assert offered == ["", "刺殺"]  # his day action only: 奇襲 moved his 刺殺 to the vote
    expect(page.locator("#current-actions")).to_contain_text("你尚未提交本日的行動")
    page.select_option("#skill-0", "刺殺")
    expect(page.locator("#target-0-0")).to_be_visible()
    page.select_option("#target-0-0", victim)
    assert submit(page, "#submit-actions").status == 200
    expect(page.locator("#ok")).to_contain_text("已提交本日行動")  # the day's, not 「本夜」
    expect(page.locator("#current-actions")).to_contain_text(f"【刺殺】 → {victim}")
    lord = next(pid for pid in IDS if views[pid]["country"] == "蜀" and views[pid]["identity"] == "君主")
    page.select_option("#vote-target", lord)
    assert submit(page, "#submit-vote").status == 200
    expect(page.locator("#current-vote")).to_contain_text(lord)
    page.screenshot(path=str(shots / "tianting-day-action.png"), full_page=True)

    # -- a player with no day skill sees no action form
    other = pages.new(victim)
    other.goto(f"{server_url}/p/{tokens[victim]}")
    expect(other.locator("#day")).to_be_visible()
    assert other.locator("#submit-actions").count() == 0

    # -- everyone else votes through the API; the last vote resolves the day
    voters = [pid for pid in IDS if pid != ganning]
    for pid in voters:
        post(api, f"/api/p/{tokens[pid]}/vote", {"target": ganning if pid == lord else lord})
    console = api.get(f"/api/j/{judge}").json()
    draft = console["current"]["draft"]
    assert victim in draft["announcement"]["exited"]
    assert {"id": victim, "cause": "刺殺"}.items() <= next(d for d in draft["truth"]["deaths"] if d["id"] == victim).items()
    post(api, f"/api/j/{judge}/publish", {"confirm": True})
    public = pages.new("public")
    public.goto(f"{server_url}/g/{made['public_id']}")
    expect(public.locator("#announcements")).to_contain_text("【第2日投票公告】")
    expect(public.locator("#announcements")).to_contain_text(victim)
    assert pages.errors == []
