"""The list of what needs the judge now, in a real browser, for KK 3.3 and 鼎立三分2.0 (the 24人 one:
test_browser_judge_night.py), desktop and phone size (issue 29: 「Browser tests … the list above in each rule set」,
「Phone first screen: on a narrow screen the console opens at the phase's work (submissions, the list above), links
folded」).

A night with a death: asking for last words puts 「遺言」 on the list, naming the dead; the words sent, the list
names them again until approved; approved, the list is empty and the question before 公布 says nothing is left.
At phone size (390×844) the submissions while the night is open, and the list once it is drafted, are in the
first screen, and the links are folded below.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.browser.conftest import Pages, submit, sync_api
from tests.browser.test_browser_flow import api_post, judge_state, player_view, reload
from tests.server.conftest import IDS as KK_IDS
from tests.server.conftest import choose_all

expect = sync_api().expect

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1100, "height": 900}
DINGLI_IDS = [f"鼎{i:02d}" for i in range(1, 27)]


def _in_first_screen(page: Any, selector: str, height: int) -> None:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not shown"
    assert box["y"] < height, f"{selector} starts at {box['y']:.0f}px, below the first screen ({height}px)"


def _game(api: httpx.Client, rules: str) -> tuple[str, dict[str, str]]:
    """A game of ``rules`` at night 1 (KK 3.3: every character chosen), one judge; the judge's token and the players'."""
    ids = KK_IDS if rules == "kk33" else DINGLI_IDS
    made = api.post("/api/games", json={"title": f"需要你處理{rules}", "rules": rules, "ids": ids})
    assert made.status_code == 201, made.text
    game = made.json()
    if rules == "kk33":
        choose_all(api, game)  # type: ignore[arg-type]  (the same calls as the test client's)
    api_post(api, f"/api/j/{game['judge_token']}/start", {})
    return game["judge_token"], {pid: p["token"] for pid, p in game["players"].items()}


def _stab_and_pass(api: httpx.Client, tokens: dict[str, str], rules: str) -> None:
    """A killer stabs a player of another country (not a lord: no choice follows); everyone else passes."""
    views = {pid: player_view(api, t) for pid, t in tokens.items()}
    killers = [p for p, v in views.items() if v["identity"] in ("殺手", "杀手") and v["country"] not in ("群", "在野")]
    killer = killers[0]
    victim = next(p for p, v in views.items() if v["country"] not in (views[killer]["country"], "群", "在野")
                  and v["identity"] not in ("君主", "女眷"))
    stab = "刺殺" if rules == "kk33" else "刺杀"
    api_post(api, f"/api/p/{tokens[killer]}/actions", {"actions": [{"skill": stab, "targets": [victim]}]})
    for pid, token in tokens.items():
        if pid != killer:
            api_post(api, f"/api/p/{token}/actions", {"actions": []})


@pytest.mark.parametrize("rules", ["kk33", "dingli2"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_list_of_what_needs_the_judge_through_a_nights_last_words(
        pages: Pages, server_url: str, api: httpx.Client, rules: str, size: str) -> None:
    viewport = PHONE if size == "phone" else DESKTOP
    judge_token, tokens = _game(api, rules)
    judge = pages.new("judge")
    judge.set_viewport_size(viewport)
    # the open night: the submissions are the first screen's work; the links are folded
    api_post(api, f"/api/p/{tokens[next(iter(tokens))]}/actions", {"actions": []})
    judge.goto(f"{server_url}/j/{judge_token}")
    expect(judge.locator("#links-fold")).not_to_have_attribute("open", "")
    expect(judge.locator("#link-judge")).to_be_hidden()
    if size == "phone":
        _in_first_screen(judge, "#submission-count", viewport["height"])
    _stab_and_pass(api, tokens, rules)
    state = judge_state(api, judge_token)
    assert state["stage"] == "draft"
    died = state["current"]["draft"]["announcement"].get("died") or state["current"]["draft"]["announcement"]["exited"]
    if not died:
        pytest.skip("the stab drew no death on this deal")  # pragma: no cover
    dead = died[0]
    reload(judge)
    needs = judge.locator("#needs")
    expect(needs).to_be_visible()
    if size == "phone":
        _in_first_screen(judge, "#needs", viewport["height"])
        assert judge.locator("#needs").bounding_box()["y"] < judge.locator("#links").bounding_box()["y"]
    # asking for last words: the list names the dead, here and beside 公布, with a link to the words
    assert submit(judge, "#ask-last-words").status == 200
    expect(needs.locator(".need-last_words_missing")).to_contain_text(dead)
    expect(judge.locator("#needs-publish")).to_contain_text(dead)
    assert "尚有" in (judge.get_attribute("#publish", "data-confirm") or "")
    # the words in: still the judge's to rule
    api_post(api, f"/api/p/{tokens[dead]}/last-words", {"text": "後會有期"})
    reload(judge)
    expect(needs.locator(".need-last_words_pending")).to_contain_text(dead)
    seat = list(tokens).index(dead) + 1
    assert submit(judge, f"#approve-words-{seat}").status == 200
    # approved: nothing on the list that concerns the words
    expect(needs.locator(".need-last_words_pending")).to_have_count(0)
    expect(needs.locator(".need-last_words_missing")).to_have_count(0)
    if not judge.locator("#needs .need").count():
        expect(needs.locator(".need-none")).to_be_visible()
        assert "尚有" not in (judge.get_attribute("#publish", "data-confirm") or "")
    if size == "phone":
        _in_first_screen(judge, "#needs", viewport["height"])
    assert pages.errors == []


def test_the_ruling_form_shows_only_the_chosen_effects_fields(pages: Pages, server_url: str, api: httpx.Client) -> None:
    """Issue 29, 7: 「the ruling form shows both target fields whatever the effect」: with script, only the fields the
    chosen effect takes are shown (and sent)."""
    judge_token, tokens = _game(api, "kk33")
    _stab_and_pass(api, tokens, "kk33")
    judge = pages.new("judge")
    judge.goto(f"{server_url}/j/{judge_token}#rulings")
    shown = {"#ruling-target": "target", "#ruling-action": "action", "#ruling-text": "text"}
    for effect, fields in (("void", {"action"}), ("tell", {"target", "text"}), ("kill", {"target"}),
                           ("announce", {"text"})):
        judge.select_option("#ruling-effect", effect)
        for selector, field in shown.items():
            if field in fields:
                expect(judge.locator(selector)).to_be_visible()
            else:
                expect(judge.locator(selector)).to_be_hidden()
    judge.select_option("#ruling-effect", "tell")
    marked = next(iter(tokens))
    judge.select_option("#ruling-target", marked)
    judge.fill("#ruling-text", "天庭的私下告知")
    assert submit(judge, "#add-ruling").status == 200
    assert judge_state(api, judge_token)["current"]["rulings"] == [
        {"effect": "tell", "target": marked, "text": "天庭的私下告知"}]
    assert pages.errors == []
