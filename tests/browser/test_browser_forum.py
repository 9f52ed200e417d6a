"""Forum play in a real browser (headless Chromium through Playwright): the judge pastes a
player's private message and it becomes the right actions; pages update live without reloading;
the times a script writes are in the page's own script (简体).

The game is made and played through the JSON API of the same server; only what a person does in
the browser is driven through it.
"""

from __future__ import annotations

import re
from typing import Any

import httpx

from tests.browser.conftest import LIVE_MS, Pages, submit, sync_api
from tests.browser.test_browser_flow import api_post, judge_state, player_view

expect = sync_api().expect

IDS = ["子義", "孟起", "文遠", "孟德", "公瑾", "奉孝", "仲達", "子龍", "雲長", "翼德", "漢升",
       "孔明", "士元", "伯言", "子敬", "興霸", "公覆", "文台", "伯符", "仲謀", "元直", "玄德"]


def started(api: httpx.Client, title: str) -> dict[str, Any]:
    made = api.post("/api/games", json={"title": title, "rules": "kk33", "ids": IDS, "night_minutes": 600})
    assert made.status_code == 201, made.text
    game = made.json()
    for link in game["players"].values():
        for character in player_view(api, link["token"])["choices"]:
            if api.post(f"/api/p/{link['token']}/choose", json={"character": character}).status_code == 200:
                break
    api_post(api, f"/api/j/{game['judge_token']}/start", {})
    return game


def seat(api: httpx.Client, game: dict[str, Any], country: str, identity: str) -> tuple[str, dict[str, Any]]:
    for pid, link in game["players"].items():
        view = player_view(api, link["token"])
        if view["country"] == country and view["identity"] == identity:
            return pid, view
    raise AssertionError((country, identity))


def test_a_pasted_private_message_becomes_the_right_actions(pages: Pages, server_url: str,
                                                             api: httpx.Client) -> None:
    game = started(api, "私訊局")
    strategist, _ = seat(api, game, "魏", "正軍師")
    target, _ = seat(api, game, "蜀", "殺手")
    character = player_view(api, game["players"][target]["token"])["character"]
    judge = pages.new("judge")
    judge.goto(game["judge_url"])
    submit(judge, "#paste-message")
    judge.select_option("#message-player", strategist)
    # Simplified, a character name for the target, and a word that means nothing
    judge.fill("#message-text", f"天庭好！今晚明察{character}，顺便问好")
    submit(judge, "#read-message")
    expect(judge.locator("#reading-actions")).to_contain_text(f"【明察】 → {target}")
    expect(judge.locator("#reading-actions")).to_contain_text(f"「{character}」是{target}的角色")
    expect(judge.locator("#message-read mark.unread")).to_have_text("顺便问")
    expect(judge.locator("#engine-check")).to_contain_text("可以提交")
    # the night form is filled in from the reading: the target field of the 明察 row is shown
    expect(judge.locator("#skill-0")).to_have_value("明察")
    expect(judge.locator("#target-0-0")).to_have_value(target)
    expect(judge.locator("#target-0-0")).to_be_visible()
    response = submit(judge, "#submit-for")
    assert response.status == 200 and "/message" not in judge.url
    expect(judge.locator("#ok")).to_contain_text("代為提交")
    current = judge_state(api, game["judge_token"])["current"]
    assert current["submissions"][strategist] == [{"actor": strategist, "skill": "明察", "targets": [target]}]
    assert current["submitted_by"] == {strategist: "judge"}
    expect(judge.locator("#phase .badge.proxy")).to_have_count(1)
    # a player's "本夜不行動" in their own words
    guard, _ = seat(api, game, "吳", "護衛")
    judge.goto(f"{game['judge_url']}/message?player={guard}")
    judge.fill("#message-text", "本夜不行动，谢谢")
    submit(judge, "#read-message")
    expect(judge.locator("#reading-none")).to_be_visible()
    submit(judge, "#submit-for-none")
    assert judge_state(api, game["judge_token"])["current"]["submissions"][guard] == []
    assert pages.errors == []


def test_pages_update_live_without_reloading(pages: Pages, server_url: str, api: httpx.Client) -> None:
    game = started(api, "即時局")
    killer, _ = seat(api, game, "魏", "殺手")
    victim, _ = seat(api, game, "吳", "女眷")
    context = pages.browser.new_context(timezone_id="Asia/Taipei", locale="zh-TW")  # UTC+8
    pages.contexts.append(context)
    judge = context.new_page()
    judge.on("pageerror", lambda exc: pages.errors.append(f"judge: {exc}"))
    judge.goto(game["judge_url"])
    player = pages.new("player")
    player.goto(game["players"][victim]["url"])
    public = pages.new("public")
    public.goto(game["public_url"])
    for page in (judge, player, public):
        page.evaluate("window.__notReloaded = true")
    expect(judge.locator("#deadline time.countdown")).to_contain_text("還有")
    count = judge.locator("#submission-count").inner_text()
    # a submission appears on the console by itself
    api_post(api, f"/api/p/{game['players'][killer]['token']}/actions",
              {"actions": [{"skill": "刺殺", "targets": [victim]}]})
    expect(judge.locator("#submission-count")).not_to_have_text(count, timeout=LIVE_MS)
    expect(judge.locator("#phase")).to_contain_text(f"【刺殺】 → {victim}", timeout=LIVE_MS)
    expect(judge.locator("#live-status")).to_contain_text("頁面已更新")
    # the swapped-in deadline form still sends the judge's own offset, and says it is local time
    expect(judge.locator("#deadline-tz")).to_have_value("480")
    expect(judge.locator("#deadline-zone")).to_have_text("本機時間 UTC+8")  # the reader's zone, named (issue 29)
    expect(judge.locator("#deadline time.local-time")).to_contain_text("（UTC+8）")
    # the judge publishes: the player's page and the public page show the announcement by themselves
    api_post(api, f"/api/j/{game['judge_token']}/resolve", {})
    api_post(api, f"/api/j/{game['judge_token']}/publish", {"confirm": True})
    expect(player.locator("#announcements .post")).to_have_count(1, timeout=LIVE_MS)
    expect(public.locator("#announcements .post")).to_have_count(1, timeout=LIVE_MS)
    expect(player.locator("#stage")).to_contain_text("第2日", timeout=LIVE_MS)
    for page in (judge, player, public):
        assert page.evaluate("window.__notReloaded === true")
    # a form being typed in is never replaced: the player types a vote, the judge moves the deadline
    other, _ = seat(api, game, "蜀", "護衛")
    voter = pages.new("voter")
    voter.goto(game["players"][other]["url"])
    voter.select_option("#vote-target", other)
    api_post(api, f"/api/j/{game['judge_token']}/note", {"text": "不影響玩家頁面"})
    api_post(api, f"/api/j/{game['judge_token']}/deadline", {"deadline": "2099-01-01T00:00"})
    expect(voter.locator("#deadline")).to_contain_text("2099", timeout=LIVE_MS)
    expect(voter.locator("#vote-target")).to_have_value(other)
    assert pages.errors == []


def test_times_written_by_the_script_are_in_simplified_on_simplified_pages(pages: Pages, server_url: str,
                                                                           api: httpx.Client) -> None:
    game = started(api, "簡體局")
    page = pages.new("player")
    page.goto(game["players"][IDS[0]]["url"] + "?script=simplified")
    expect(page.locator("#deadline time.local-time")).to_contain_text(re.compile(r"（UTC[-+:0-9]*）"))  # the browser's zone
    assert (page.get_attribute("#deadline time.local-time", "title") or "").startswith("本机时间")
    expect(page.locator("#deadline time.countdown")).to_contain_text("还有")
    assert "本機時間" not in page.inner_text("body")
    assert pages.errors == []


def contest_draft(api: httpx.Client, title: str, pairs: int) -> tuple[list[str], dict[str, str], dict[str, Any]]:
    """A 鼎立三分2.0 game of 26 ids and three judges whose night 1 every player passed, with the 南斗's 拼點
    between the first id and each of the next ``pairs`` ids (the other one owning it): the ids, the judges'
    tokens by seat, the players as the API made them."""
    ids = [f"鼎立{i:02d}" for i in range(1, 27)]
    made = api.post("/api/games", json={"title": title, "rules": "dingli2", "ids": ids, "judges": 3})
    assert made.status_code == 201, made.text
    judges = {seat: v["token"] for seat, v in made.json()["judges"].items()}
    players = made.json()["players"]
    api_post(api, f"/api/j/{judges['北斗']}/start", {})
    for pid in judge_state(api, judges["北斗"])["current"]["expected"]:
        api_post(api, f"/api/p/{players[pid]['token']}/actions", {"actions": []})
    for other in ids[1:1 + pairs]:
        api_post(api, f"/api/j/{judges['南斗']}/rule",
                 {"ruling": {"effect": "contest", "text": f"{ids[0]}、{other}", "owner": other, "why": "結算先後"}})
    return ids, judges, players


def test_a_pasted_private_message_gives_a_contest_digit_the_nandou_confirms(pages: Pages, server_url: str,
                                                                           api: httpx.Client) -> None:
    """鼎立三分2.0 (seed 003): 「南斗……再向玩家收取数字。拼点的结果不会直接告诉玩家。」 The 南斗 opens the paste page
    from the contest row, pastes 「拼點出七」, sees 7 read, confirms; the row shows it; the player's page shows
    their digit and nothing of the opponent."""
    ids, judges, players = contest_draft(api, "拼點私訊局", 1)
    a, b = ids[0], ids[1]
    nandou = pages.new("nandou")
    nandou.goto(f"{server_url}/j/{judges['南斗']}")
    submit(nandou, "#contest-1-message-1")
    expect(nandou.locator("#message-player")).to_have_value(a)
    nandou.fill("#message-text", "南斗好，拼點出七")
    submit(nandou, "#read-message")
    expect(nandou.locator("#reading-digit-1")).to_contain_text("7")
    expect(nandou.locator("#reading-digit-1")).to_contain_text(b)
    nandou.fill("#message-text", "拼点出10")  # out of range: refused, nothing to confirm
    assert submit(nandou, "#read-message").status == 422
    expect(nandou.locator("#reading-problems")).to_contain_text("0至9")
    expect(nandou.locator("#contest-digits-for")).to_have_count(0)
    nandou.fill("#message-text", "南斗好，拼點出七")
    submit(nandou, "#read-message")
    assert submit(nandou, "#contest-digits-for").status == 200
    expect(nandou.locator("#ok")).to_contain_text("记为天庭代填")
    expect(nandou.locator("#contest-1")).to_contain_text("7")
    player = pages.new("player")
    player.goto(players[a]["url"])
    expect(player.locator("#contest-given-1")).to_contain_text("7")
    assert b not in player.locator("#contest").inner_text()
    assert pages.errors == []


def test_a_message_with_two_contest_digits_is_confirmed_by_one_button_all_or_none(pages: Pages, server_url: str,
                                                                                   api: httpx.Client) -> None:
    """鼎立三分2.0: 「一名角色需要与多名角色拼点时，需要分别提交拼点的数字」. The 南斗 pastes a message giving each 拼點
    its digit as the player's page numbers them (「第一次拼點出3，第二次出5」, RJ4), sees both digits read and confirms them with one button: both are
    recorded. A page read before the player gave a digit himself is refused whole (nothing recorded), and the
    page read again confirms."""
    ids, judges, players = contest_draft(api, "拼點兩次局", 2)
    a = ids[0]
    nandou = pages.new("nandou")
    nandou.goto(f"{server_url}/j/{judges['南斗']}/message?player={a}")
    nandou.fill("#message-text", "第一次拼點出3，第二次出5")
    submit(nandou, "#read-message")
    expect(nandou.locator("#reading-digit-1")).to_contain_text("3")
    expect(nandou.locator("#reading-digit-2")).to_contain_text("5")
    expect(nandou.locator("#contest-digits-for")).to_have_count(1)
    expect(nandou.locator("#contest-digits-for")).to_contain_text("第1次拼点记为 3、第2次拼点记为 5")
    # meanwhile the player gives his first digit on his own page: the confirmation is refused, whole
    api_post(api, f"/api/p/{players[a]['token']}/digit", {"digit": 8, "contest": 1})
    assert submit(nandou, "#contest-digits-for").status == 409
    expect(nandou.locator("#error")).to_contain_text("拼点已有变动")
    contests = player_view(api, players[a]["token"])["open"]["contests"]
    assert contests == [{"number": 1, "digit": 8}, {"number": 2, "digit": None}]
    # the refusal shows the page read again, as things are now: one button confirms both
    assert submit(nandou, "#contest-digits-for").status == 200
    expect(nandou.locator("#ok")).to_contain_text("一次记录")
    contests = player_view(api, players[a]["token"])["open"]["contests"]
    assert contests == [{"number": 1, "digit": 3}, {"number": 2, "digit": 5}]
    assert pages.errors == []
