"""A hosted night in a real browser where a 蜀 player submits a character skill and the judge
answers the choice a 蜀 skill raises (issue 12: 「A hosted game in the browser where 蜀 players
submit character skills and the judge answers the choices they raise」).

The game is created through the JSON API; the 蜀 正軍師 plays 遲暮的丞相·諸葛亮 and, on his own
page, uses 【兵行詭道】 (a target and an identity guess); a 魏 killer stabs him (through the API), so
his 七星 triggers and 逆天改命 asks him whether to change the letter. The judge sees that choice
in the console, answers 「更改」, the draft is resolved again with it, and the player reads the
outcome once it is published.
"""

from __future__ import annotations

from typing import Any

import httpx

from tests.browser.conftest import Pages, submit, sync_api
from tests.browser.test_browser_flow import api_post, judge_state, passive_free, player_view

expect = sync_api().expect

IDS = [f"蜀測{i:02d}" for i in range(1, 23)]
CHANCELLOR = "遲暮的丞相·諸葛亮"


def test_a_shu_player_uses_a_character_skill_and_the_judge_answers_its_choice(
        pages: Pages, server_url: str, api: httpx.Client, shots: Any) -> None:
    made = api.post("/api/games", json={"title": "蜀國技能局", "ids": IDS})
    assert made.status_code == 201, made.text
    game = made.json()
    tokens = {pid: p["token"] for pid, p in game["players"].items()}
    urls = {pid: p["url"] for pid, p in game["players"].items()}
    judge_token = game["judge_token"]
    views = {pid: player_view(api, tokens[pid]) for pid in IDS}

    def seat(country: str, identity: str) -> str:
        return next(p for p in IDS if views[p]["country"] == country and views[p]["identity"] == identity)

    chancellor = seat("蜀", "正軍師")
    assert CHANCELLOR in views[chancellor]["choices"]
    # -- everyone chooses through the API: 諸葛亮 for the 蜀 正軍師, else a character without passives
    chosen: dict[str, str] = {}
    for pid in [chancellor] + [p for p in IDS if p != chancellor]:
        wanted = [CHANCELLOR] if pid == chancellor else sorted(views[pid]["choices"], key=lambda c: not passive_free(c))
        for character in wanted:
            if api.post(f"/api/p/{tokens[pid]}/choose", json={"character": character}).status_code == 200:
                chosen[pid] = character
                break
        else:
            raise AssertionError(f"{pid} found no free character")
    assert api_post(api, f"/api/j/{judge_token}/start", {})["events"] == ["start"]
    views = {pid: player_view(api, tokens[pid]) for pid in IDS}

    # the guess's target: 吳, not the lord, no passive skill (nothing of theirs changes the stab)
    victim = next(p for p in IDS if views[p]["country"] == "吳" and views[p]["identity"] not in ("君主",)
                  and passive_free(chosen[p]))
    killer = seat("魏", "殺手")

    # -- 諸葛亮 uses 兵行詭道 on his page: a target and an identity guess (right: the victim's identity)
    page = pages.new(chancellor)
    page.goto(urls[chancellor])
    expect(page.locator("#character")).to_have_text(CHANCELLOR)
    options = page.locator("#skill-0 option").evaluate_all("els => els.map(e => e.value)")
    assert "兵行詭道" in options and "空城絕唱" not in options and "七星" not in options  # passives are not offered
    page.select_option("#skill-0", "兵行詭道")
    page.select_option("#target-0-0", victim)
    page.select_option("#arg-identity-0", views[victim]["identity"])
    assert submit(page, "#submit-actions").status == 200
    expect(page.locator("#ok")).to_contain_text("已提交本夜行動")
    expect(page.locator("#current-actions")).to_contain_text(f"【兵行詭道】 → {victim}")

    # -- the 魏 killer stabs him; everyone else does nothing (the last submission resolves)
    api_post(api, f"/api/p/{tokens[killer]}/actions", {"actions": [{"skill": "刺殺", "targets": [chancellor]}]})
    for pid in IDS:
        if pid not in (chancellor, killer):
            api_post(api, f"/api/p/{tokens[pid]}/actions", {"actions": []})
    state = judge_state(api, judge_token)
    assert state["stage"] == "draft"
    draft = state["current"]["draft"]
    assert victim in draft["announcement"]["exited"]  # the right guess: 視為他對其發動了一次【刺殺】
    raised = [d for d in draft["decisions"] if d["skill"] == "逆天改命"]
    assert len(raised) == 1 and raised[0]["actor"] == chancellor and raised[0]["answer"] == "不更改"
    assert raised[0]["defaulted"]

    # -- the judge answers the choice in the console: 更改
    judge = pages.new("judge")
    judge.goto(server_url + f"/j/{judge_token}")
    rows = judge.locator("#decisions tbody tr")
    row = next(i for i in range(rows.count()) if "逆天改命" in rows.nth(i).inner_text())
    judge.select_option(f"#answer-{row + 1}", "更改")
    assert submit(judge, f"#decide-{row + 1}").status == 200
    expect(judge.locator("#ok")).to_contain_text("已記錄選擇並重新結算")
    draft = judge_state(api, judge_token)["current"]["draft"]
    answered = next(d for d in draft["decisions"] if d["skill"] == "逆天改命")
    assert answered["answer"] == "更改" and not answered["defaulted"]
    fate = next(f for f in draft["feedback"][chancellor] if f["skill"] == "逆天改命")
    assert fate["data"]["changed"] != fate["data"]["drawn"] and fate["data"]["consumed"]
    judge.locator("#decisions").screenshot(path=str(shots / "tianting-shu-decision.png"))
    assert submit(judge, "#publish").status == 200
    expect(judge.locator("#ok")).to_contain_text("已公布")

    # -- the player reads his 逆天改命 feedback (the letter drawn, and the one it became)
    page.goto(urls[chancellor])
    expect(page.locator("#feedback")).to_contain_text("【逆天改命】你的【七星】判定結果為")
    expect(page.locator("#feedback")).to_contain_text(f"你將其更為 {fate['data']['changed']}")
    assert "逆天改命" not in str(player_view(api, tokens[killer])["feedback"])  # his alone
    assert pages.errors == []
