"""The judge's console and a player's night form in a real browser (headless Chromium), issue 29: the 24人 指认 form
offers what the seat may name; a seat handed to a substitute mid-game (its old link stops, the new one opens the
seat); a Simplified page with no Traditional left in the attributes people read or the words its script writes."""

from __future__ import annotations

from typing import Any

import httpx
import opencc
import pytest

from tests.browser.conftest import Pages, player_links, submit, sync_api
from tests.browser.test_browser_flow import api_post, judge_state, player_view, reload
from tianting.server.chinese_script import READ_ATTRIBUTES

expect = sync_api().expect
T2S = opencc.OpenCC("t2s")
IDS = [f"台{i:02d}" for i in range(1, 25)]
PHONE = {"width": 390, "height": 844}


def _game(create_game: Any, title: str, api: httpx.Client) -> tuple[Any, str, dict[str, str], dict[str, Any]]:
    judge, response = create_game("judge", title, "\n".join(IDS) + "\n", rules="sg24")
    assert response.status == 200
    token = judge.input_value("#link-judge").rsplit("/", 1)[1]
    urls = player_links(judge)
    assert submit(judge, "#start").status == 200
    views = {pid: player_view(api, urls[pid].rsplit("/", 1)[1]) for pid in IDS}
    return judge, token, urls, views


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_24_player_recognition_form_offers_the_seat_s_allowances(
        pages: Pages, server_url: str, api: httpx.Client, create_game: Any, size: str) -> None:
    judge, token, urls, views = _game(create_game, f"指认{size}", api)
    pid = next(p for p in IDS if any(s["skill"] == "指认" and (s.get("choices") or {}).get("evaluation")
                                     for s in views[p]["skills"]))
    row = next(s for s in views[pid]["skills"] if s["skill"] == "指认")
    page = pages.new(pid)
    if size == "phone":
        page.set_viewport_size(PHONE)
    page.goto(urls[pid])
    page.select_option("#skill-0", "指认")
    choices = page.locator('select[name="arg-evaluation-0"][data-for="指认"]')
    expect(choices).to_be_visible()
    assert choices.locator("option").all_inner_texts()[1:] == row["choices"]["evaluation"]
    expect(page.locator('input[name="arg-evaluation-0"]')).to_be_hidden()  # the free field stands aside
    target = next(p for p in IDS if p != pid)
    page.select_option("#target-0-0", target)
    choices.select_option(row["choices"]["evaluation"][0])
    assert submit(page, "#submit-actions").status == 200
    sent = player_view(api, urls[pid].rsplit("/", 1)[1])["open"]["actions"]
    assert sent == [{"actor": pid, "skill": "指认", "targets": [target],
                     "args": {"evaluation": row["choices"]["evaluation"][0]}}]
    assert pages.errors == []


def test_a_seat_is_handed_to_a_substitute_mid_game(
        pages: Pages, server_url: str, api: httpx.Client, create_game: Any) -> None:
    judge, token, urls, views = _game(create_game, "替补局", api)
    for pid in IDS:
        api_post(api, f"/api/p/{urls[pid].rsplit('/', 1)[1]}/actions", {"actions": []})
    reload(judge)
    assert submit(judge, "#publish").status == 200  # night 1 published: day 1 open
    seat = IDS[2]
    old = pages.new("old")
    old.goto(urls[seat])
    expect(old.locator("#player-id")).to_have_text(seat)
    judge.locator("#substitute > summary").click()
    judge.select_option("#substitute-player", seat)
    judge.fill("#substitute-by", "替补者")
    judge.fill("#substitute-reason", "原玩家掉线")
    before = len(pages.dialogs)
    assert submit(judge, "#substitute-submit").status == 200
    assert len(pages.dialogs) == before + 1  # asked first
    expect(judge.locator("#seats")).to_contain_text("由 替补者 替补")
    new_url = player_links(judge)[seat]
    assert new_url != urls[seat]
    assert old.goto(urls[seat]).status == 404  # the old link stopped working
    new = pages.new("new")
    new.goto(new_url)
    expect(new.locator("#player-id")).to_have_text(seat)
    assert player_view(api, new_url.rsplit("/", 1)[1])["character"] == views[seat]["character"]
    public = pages.new("public")
    public.goto(judge.input_value("#link-public"))
    expect(public.locator("#substitutes")).to_contain_text(f"{seat} 由 替补者 替补")
    assert "原玩家掉线" not in public.inner_text("body")
    assert judge_state(api, token)["stage"] == "open"
    assert pages.errors == []


def test_a_simplified_console_keeps_no_traditional_in_what_people_read(
        pages: Pages, server_url: str, api: httpx.Client, create_game: Any) -> None:
    judge, token, urls, views = _game(create_game, "简体局", api)
    for pid in IDS:
        api_post(api, f"/api/p/{urls[pid].rsplit('/', 1)[1]}/actions", {"actions": []})
    reload(judge)
    expect(judge.locator("#publish")).to_be_visible()
    for page in (judge, pages.new("player")):
        if page is not judge:
            page.goto(urls[IDS[0]])
        texts = page.evaluate("""names => Array.from(document.querySelectorAll('*')).flatMap(
            el => names.map(n => el.getAttribute(n)).filter(v => v))""", list(READ_ATTRIBUTES))
        texts += page.locator("#script-words span").all_inner_texts()
        assert texts and [t for t in texts if T2S.convert(t) != t] == []
    assert pages.errors == []
