"""The judge's night in a real browser (headless Chromium), desktop and phone size (issue 29).

The natural path of issue 29, 1: 「Edit the announcement, ask for last words, approve them, publish: the re-resolution
drops the edit」. Here the edit of one line survives the approved last words (docs/rulings/edits.md E1); approving the
words and publishing each ask first (a dialog, and the server refuses the post without it); the list of what needs
the judge is at the top of the draft and again beside 公布, and the question before publishing names what is on it.
A 24人 game (its characters dealt: no choosing), whose pages are in Simplified.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.browser.conftest import Pages, player_links, submit, sync_api
from tests.browser.test_browser_flow import api_post, judge_state, player_view, reload

expect = sync_api().expect

IDS = [f"夜{i:02d}" for i in range(1, 25)]
PHONE = {"width": 390, "height": 844}


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_an_edit_survives_approved_last_words_and_each_irreversible_step_asks(
        pages: Pages, server_url: str, api: httpx.Client, create_game: Any, size: str) -> None:
    judge, response = create_game("judge", f"判夜{size}", "\n".join(IDS) + "\n", rules="sg24")
    assert response.status == 200 and "/j/" in judge.url
    if size == "phone":
        judge.set_viewport_size(PHONE)
    judge_token = judge.input_value("#link-judge").rsplit("/", 1)[1]
    tokens = {pid: url.rsplit("/", 1)[1] for pid, url in player_links(judge).items()}
    views = {pid: player_view(api, tokens[pid]) for pid in IDS}
    assert submit(judge, "#start").status == 200
    # -- a killer stabs someone of another country; everyone else passes (the system resolves when all are in)
    killer = next(p for p in IDS if views[p]["identity"] == "杀手")
    victim = next(p for p in IDS if views[p]["country"] != views[killer]["country"]
                  and views[p]["identity"] not in ("君主",))
    api_post(api, f"/api/p/{tokens[killer]}/actions", {"actions": [{"skill": "刺杀", "targets": [victim]}]})
    for pid in IDS:
        if pid != killer:
            api_post(api, f"/api/p/{tokens[pid]}/actions", {"actions": []})
    state = judge_state(api, judge_token)
    assert state["stage"] == "draft"
    reload(judge)
    expect(judge.locator("#needs")).to_be_visible()
    expect(judge.locator("#needs-publish")).to_have_count(1)

    # -- the judge edits one line of the announcement
    text = judge.input_value("#edit-announcement-text")
    lines = text.split("\n")
    edited_line = lines[1] + "（天庭按：夜色深沉）"
    judge.fill("#edit-announcement-text", "\n".join([lines[0], edited_line, *lines[2:]]))
    assert submit(judge, "#edit-announcement").status == 200

    # -- asks for last words; the dead player sends them; approving asks first
    died = state["current"]["draft"]["announcement"]["died"]
    if not died:
        pytest.skip("the stab drew no death on this deal")  # pragma: no cover - a 24人 stab kills
    assert submit(judge, "#ask-last-words").status == 200
    dead = died[0]
    api_post(api, f"/api/p/{tokens[dead]}/last-words", {"text": "后会有期"})
    reload(judge)
    expect(judge.locator("#needs")).to_contain_text(dead)
    seat = IDS.index(dead) + 1
    before = len(pages.dialogs)
    assert submit(judge, f"#approve-words-{seat}").status == 200
    assert any("核准后" in d or "核准後" in d for d in pages.dialogs[before:])

    # -- the edit stood: the announcement has the judge's line and the approved words; nothing is listed as lost
    now = judge.input_value("#edit-announcement-text")
    assert edited_line in now.split("\n") and "后会有期" in now
    expect(judge.locator("#lost-edits")).to_have_count(0)

    # -- publishing asks once, naming what is still on the list; a refused post changes nothing
    question = judge.get_attribute("#publish", "data-confirm") or ""
    assert question.startswith("公布后不能撤回") or question.startswith("公布後不能撤回")
    before = len(pages.dialogs)
    assert submit(judge, "#publish").status == 200
    assert pages.dialogs[before:] == [question]
    assert judge_state(api, judge_token)["stage"] == "open"
    published = judge_state(api, judge_token)["published"][0]["announcement"]
    assert edited_line in published.split("\n") and "后会有期" in published
    assert pages.errors == []


def test_publish_is_refused_without_the_dialog_s_answer(
        pages: Pages, server_url: str, api: httpx.Client, create_game: Any) -> None:
    judge, _ = create_game("judge", "拒绝判夜", "\n".join(IDS) + "\n", rules="sg24")
    judge_token = judge.input_value("#link-judge").rsplit("/", 1)[1]
    tokens = {pid: url.rsplit("/", 1)[1] for pid, url in player_links(judge).items()}
    assert submit(judge, "#start").status == 200
    for pid in IDS:
        api_post(api, f"/api/p/{tokens[pid]}/actions", {"actions": []})
    reload(judge)
    pages.dismiss.add(id(judge))  # the judge says no: nothing is posted
    judge.click("#publish")
    judge.wait_for_timeout(300)
    assert judge_state(api, judge_token)["stage"] == "draft"
    # a page whose script did not run posts without the answer: the server refuses it
    judge.evaluate("""() => { const b = document.querySelector('#publish');
                              const c = b.cloneNode(true); c.removeAttribute('data-confirm'); b.replaceWith(c); }""")
    response = submit(judge, "#publish")
    assert response.status == 409 and judge_state(api, judge_token)["stage"] == "draft"
    assert pages.errors == []
