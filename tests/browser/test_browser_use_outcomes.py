"""What came of each use, on the judge's console in a real browser (headless Chromium through Playwright): a 24人
game's night resolves; the draft lists each action with its outcome and reason in the rule set's Simplified script
(ruling R-SG18: 「刺杀到本国君主时，刺杀无效」), the published night keeps it behind a summary the judge opens, and the
killer whose stab had no effect sees no such table or reason on his own page."""

from __future__ import annotations

from typing import Any

import httpx

from tests.browser.conftest import Pages, player_links, submit, sync_api
from tests.browser.test_browser_flow import api_post, judge_state, player_view, reload

expect = sync_api().expect

IDS = [f"果{i:02d}" for i in range(1, 25)]


def test_the_console_shows_each_outcome_and_the_player_page_does_not(
        pages: Pages, server_url: str, api: httpx.Client, shots: Any, create_game: Any) -> None:
    judge, response = create_game("judge", "结果浏览器局", "\n".join(IDS) + "\n", rules="sg24")
    assert response.status == 200 and "/j/" in judge.url
    judge_token = judge.input_value("#link-judge").rsplit("/", 1)[1]
    urls = player_links(judge)
    tokens = {pid: url.rsplit("/", 1)[1] for pid, url in urls.items()}
    views = {pid: player_view(api, tokens[pid]) for pid in IDS}
    who = {v["character"]: pid for pid, v in views.items()}
    killer, lord, other_killer, victim = who["夏侯惇"], who["曹操"], who["张辽"], who["黄盖"]
    assert views[killer]["identity"] == views[other_killer]["identity"] == "杀手" and views[lord]["identity"] == "君主"
    assert submit(judge, "#start").status == 200

    # -- 夏侯惇 stabs his own 君主 through his night form; 张辽 stabs 吴's 黄盖 through the API; the rest pass
    page = stab_by_form_others_by_api(pages, api, urls[killer], tokens, killer, ("刺杀", lord),
                                      other_killer, {"skill": "刺杀", "targets": [victim]})
    assert judge_state(api, judge_token)["stage"] == "draft"

    # -- the draft: one row per action, its outcome and the engine's reason
    table = draft_outcomes(judge, killer, "无效", "刺杀到本国君主", shots / "tianting-sg24-use-outcomes.png")
    expect(table.locator("tr.use-done .badge")).to_have_text("生效")
    no_outcome_on(page, "刺杀到本国君主")

    # -- published: the console keeps the night's outcomes behind a summary
    published_outcomes(judge, "各行动的结果（2）", "刺杀到本国君主")
    no_outcome_on(page, "刺杀到本国君主")
    assert pages.errors == []


def stab_by_form_others_by_api(pages: Pages, api: httpx.Client, url: str, tokens: dict[str, str], killer: str,
                               stab: tuple[str, str], other: str, other_action: dict[str, Any]) -> Any:
    """The night's actions: ``killer`` submits ``stab`` (skill, target) through his night form at ``url``,
    ``other`` submits ``other_action`` through the API, everyone else passes. Returns the killer's page."""
    page = pages.new(killer)
    page.goto(url)
    page.select_option("#skill-0", stab[0])
    page.select_option("#target-0-0", stab[1])
    assert submit(page, "#submit-actions").status == 200
    api_post(api, f"/api/p/{tokens[other]}/actions", {"actions": [other_action]})
    for pid, token in tokens.items():
        if pid not in (killer, other):
            api_post(api, f"/api/p/{token}/actions", {"actions": []})
    return page


def draft_outcomes(judge: Any, killer: str, void_label: str, reason: str, shot: Any) -> Any:
    """The draft's table lists two actions, ``killer``'s void (``void_label``) for ``reason``; a screenshot
    goes to ``shot``. Returns the table."""
    reload(judge)
    table = judge.locator("#draft-uses")
    expect(table.locator("tbody tr")).to_have_count(2)
    void = table.locator("tr.use-void")
    expect(void).to_contain_text(killer)
    expect(void.locator(".badge.use-void")).to_have_text(void_label)
    expect(void).to_contain_text(reason)
    table.screenshot(path=str(shot))
    return table


def no_outcome_on(page: Any, reason: str) -> None:
    """A player's own page, read again: no outcome table and no ``reason`` (his feedback is all he reads)."""
    reload(page)
    expect(page.locator(".use-outcomes")).to_have_count(0)
    assert reason not in page.inner_text("body")


def published_outcomes(judge: Any, summary: str, reason: str) -> None:
    """The judge publishes: the draft's table is gone and the published night keeps it behind ``summary``,
    hidden until the judge opens it, its void row giving ``reason``."""
    assert submit(judge, "#publish").status == 200
    expect(judge.locator("#draft-uses")).to_have_count(0)
    details = judge.locator("#published-0 details.published-uses")
    expect(details.locator("summary")).to_have_text(summary)
    expect(judge.locator("#published-uses-0")).to_be_hidden()
    details.locator("summary").click()
    expect(judge.locator("#published-uses-0 tr.use-void")).to_contain_text(reason)
