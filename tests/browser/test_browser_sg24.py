"""A 24人 game (sg24) hosted in a real browser (headless Chromium through Playwright): issue 15's
"a Playwright flow hosting a 24人 game through a night, a 伤判 day and an 在野 joining".

The judge creates the game on the home page with the 24人 rules; the seats are dealt with their
characters (nobody chooses). A killer stabs and a 君主 招揽s an 在野 through their night forms; the 在野
answers the 入国 choice the judge asks of him on his own page; the judge wounds a player by a ruling,
asks for last words (the stabbed player names one id) and publishes; on day 2 the wounded player's 伤判
is in the announcement; after day 2 the 在野 plays for his new country. The other players play through
the JSON API of the same server.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import httpx

from tests.browser.conftest import Pages, player_links, submit, sync_api
from tests.browser.test_browser_flow import api_post, judge_state, player_view, reload

if TYPE_CHECKING:
    from playwright.sync_api import Page

expect = sync_api().expect

IDS = [f"将{i:02d}" for i in range(1, 25)]
"""Ids in Simplified: the 24人 pages are shown in Simplified, ids included (as any page a reader asks in Simplified)."""


def test_a_24_player_game_through_a_night_a_wound_check_day_and_an_unaligned_joining(
        pages: Pages, server_url: str, api: httpx.Client, shots: Any, create_game: Any) -> None:
    # -- the judge creates a 24人 game on the home page
    judge, response = create_game("judge", "二十四人瀏覽器局", "\n".join(IDS) + "\n", rules="sg24")
    assert response.status == 200 and "/j/" in judge.url
    judge_token = judge.input_value("#link-judge").rsplit("/", 1)[1]
    urls = player_links(judge)
    tokens = {pid: url.rsplit("/", 1)[1] for pid, url in urls.items()}
    assert list(urls) == IDS
    views = {pid: player_view(api, tokens[pid]) for pid in IDS}
    assert all(v["character"] for v in views.values())  # dealt, not chosen

    seat = {(v["country"], v["identity"], v["character"]): pid for pid, v in views.items()}
    by_character = {v["character"]: pid for pid, v in views.items()}
    killer = next(pid for (c, i, _), pid in seat.items() if c == "魏" and i == "杀手")
    lord = by_character["曹操"]
    unaligned = next(pid for (c, _, _), pid in seat.items() if c == "在野")
    victim = next(pid for (c, i, _), pid in seat.items() if c == "吴" and i not in ("君主",))
    wounded = by_character["刘备"]
    in_browser = [killer, lord, unaligned]

    # -- the judge starts: no choosing in the 24人 rules
    reload(judge)
    assert submit(judge, "#start").status == 200
    expect(judge.locator("#phase h2")).to_contain_text("第1夜")

    player: dict[str, Page] = {}
    for pid in in_browser:
        page = pages.new(pid)
        player[pid] = page
        page.goto(urls[pid])
        expect(page.locator("#player-id")).to_have_text(pid)
        expect(page.locator("#character")).to_contain_text(views[pid]["character"])

    # -- the killer stabs through the night form (「每国杀手每夜可以进行一次刺杀」)
    page = player[killer]
    page.select_option("#skill-0", "刺杀")
    page.select_option("#target-0-0", victim)
    assert submit(page, "#submit-actions").status == 200
    expect(page.locator("#current-actions")).to_contain_text(victim)

    # -- the 君主 招揽s the 在野, naming his character (「君主可以通过指认在野为某角色来招揽」)
    page = player[lord]
    page.select_option("#skill-0", "招揽")
    page.select_option("#target-0-0", unaligned)
    page.fill("#arg-character-0", views[unaligned]["character"])
    assert submit(page, "#submit-actions").status == 200
    expect(page.locator("#current-actions")).to_contain_text(unaligned)

    # -- the 在野 does nothing tonight; the others through the API: everyone in, the system resolves
    page = player[unaligned]
    assert submit(page, "#submit-none").status == 200
    for pid in IDS:
        if pid not in in_browser:
            api_post(api, f"/api/p/{tokens[pid]}/actions", {"actions": []})
    assert judge_state(api, judge_token)["stage"] == "draft"

    # -- the judge asks the 在野 for his 入国 answer; he accepts on his page
    reload(judge)
    judge.locator("form[action$='/ask-decision']").filter(
        has=judge.locator(f"input[name=actor][value='{unaligned}']")).locator("button").click()
    judge.wait_for_load_state()
    page = player[unaligned]
    reload(page)
    expect(page.locator("#decisions")).to_contain_text("入国")
    page.select_option("#decision-1", "魏")
    assert submit(page, "#submit-decision-1").status == 200

    # -- the judge wounds 刘备 by a ruling (a skill the pack leaves to the judge)
    reload(judge)
    judge.select_option("#ruling-effect", "injure")
    judge.select_option("#ruling-target", wounded)
    judge.fill("#ruling-why", "技能由天庭裁定")
    assert submit(judge, "#add-ruling").status == 200
    draft = judge_state(api, judge_token)["current"]["draft"]
    assert wounded in draft["announcement"]["injured"] and victim in draft["announcement"]["died"]
    assert [d["answer"] for d in draft["decisions"] if d["skill"] == "入国"] == ["魏"]

    # -- last words naming one id (「一条遗言内不能出现多个ID」), approved, then published
    assert submit(judge, "#ask-last-words").status == 200
    api_post(api, f"/api/p/{tokens[victim]}/last-words", {"text": f"{killer}是凶手"})
    reload(judge)
    seats = {pid: n for n, pid in enumerate(IDS, start=1)}
    assert submit(judge, f"#approve-words-{seats[victim]}").status == 200
    assert submit(judge, "#publish").status == 200
    expect(judge.locator("#published")).to_contain_text(f"{killer}是凶手")

    # -- day 2: 白天受伤伤判 for the wounded, then the vote
    living = [pid for pid in IDS if pid not in draft["announcement"]["exited"]]  # the stabbed may be out
    for voter in living[:8]:
        api_post(api, f"/api/p/{tokens[voter]}/vote", {"target": by_character["孙坚"]})
    reload(judge)
    assert submit(judge, "#resolve").status == 200
    draft = judge_state(api, judge_token)["current"]["draft"]
    assert wounded in draft["announcement"]["wound_checks"]
    judge.locator("#draft").screenshot(path=str(shots / "tianting-sg24-day.png"))
    assert submit(judge, "#publish").status == 200
    public_id = judge.input_value("#link-public").rsplit("/", 1)[1]
    public = api.get(f"/api/g/{public_id}").json()
    assert wounded in public["announcements"][-1]["wound_checks"]
    assert "votes" not in public["announcements"][-1]  # seed 001 posts no ballot: the judge's alone

    # -- night 2 begins: the 在野 is 魏's, and knows his lord (「与君主互相认识」)
    page = player[unaligned]
    reload(page)
    expect(page.locator("#country")).to_have_text("魏")
    assert lord in player_view(api, tokens[unaligned])["known"]
    assert pages.errors == []
