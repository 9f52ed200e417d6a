"""The choices a draft asks of a player, answered by QQ private message (issue 32: a whole game by QQ alone).

轉生 (KK 3.3: 「當你死亡時，選擇一個轉生角色繼續進行遊戲」) and 入国 (24人: 「在野同意后次夜开始时加入」) are the
player's own choice, asked by the judge on the console; the bridge answers rather than starts a chat, so the
choice is told, its options numbered, in the answer to the player's next message; the player answers with the
number, the option's name or 是/否, read by the one answer reader; ``auto_submit`` decides whether it is
submitted at once or confirmed by the judge (ruling RQ5)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tests.server.test_pages import (
    jpage,
    judge_state,
    lord_of,
    player_state,
    post,
    stabbed_and_resolved,
    started_fixed_game,
)
from tests.server.test_qq_bridge_api import AUTH, KEY, bind, pm
from tianting.server.app import create_app


@pytest.fixture
def bridged(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(sqlite_url, scheduler_interval=None, bridge_key=KEY)) as c:
        yield c


def reincarnation_asked(client: TestClient, auto: bool) -> tuple[dict, str, list[str]]:
    """Night 1 of a fixed deal: the lord stabbed to death, his 轉生 asked of him; the game, the lord, his forms."""
    game = started_fixed_game(client, seed=1)
    lord = lord_of(client, game)
    bind(client, game, lord, "123456")
    assert client.post(f"/api/j/{game['judge_token']}/qq", json={"auto_submit": auto}).status_code == 200
    stabbed_and_resolved(client, game, lord)
    [choice] = judge_state(client, game)["current"]["draft"]["decisions"]
    assert (choice["actor"], choice["skill"], choice["defaulted"]) == (lord, "轉生", True)
    assert client.post(f"/api/j/{game['judge_token']}/ask-decision",
                       json={"actor": lord, "skill": "轉生"}).status_code == 200
    return game, lord, list(choice["options"])


def decision(client: TestClient, game: dict) -> dict:
    [choice] = judge_state(client, game)["current"]["draft"]["decisions"]
    return choice


def test_the_choice_is_told_numbered_in_the_answer_to_the_players_next_message(bridged):
    game, lord, forms = reincarnation_asked(bridged, auto=True)
    told = pm(bridged, "123456", 1, "結果？")
    assert told["status"] == "feedback"
    assert "【轉生】" in told["answer"] and f"1. {forms[0]}" in told["answer"] and f"2. {forms[1]}" in told["answer"]
    other = pm(bridged, "123456", 2, "今晚怎麼了")  # not an answer: nothing chosen, the choice told again
    assert other["status"] == "unread" and f"2. {forms[1]}" in other["answer"]
    assert decision(bridged, game)["defaulted"] is True


def test_with_auto_submit_the_number_answers_the_choice_as_the_players_own(bridged):
    game, lord, forms = reincarnation_asked(bridged, auto=True)
    wanted = 2 if decision(bridged, game)["answer"] == forms[0] else 1  # the form the default did not take
    answer = pm(bridged, "123456", 1, str(wanted))
    assert answer["status"] == "submitted"
    assert answer["answer"].startswith(f"已收到：【轉生】選擇 {wanted}. {forms[wanted - 1]}")
    assert (decision(bridged, game)["answer"], decision(bridged, game)["defaulted"]) == (forms[wanted - 1], False)
    last = bridged.get(f"/api/j/{game['judge_token']}/export").json()["events"][-1]
    assert (last["kind"], last["actor"], last["payload"]) == ("decide", lord, {"skill": "轉生", "answer": forms[wanted - 1]})
    again = pm(bridged, "123456", 2, f"轉生 {forms[0]}")  # 「公布前可以更改」: the name, the choice named
    assert again["status"] == "submitted" and decision(bridged, game)["answer"] == forms[0]
    bad = pm(bridged, "123456", 3, "3")
    assert bad["status"] == "unread" and "沒有第3個選項" in bad["answer"] and decision(bridged, game)["answer"] == forms[0]


def test_without_auto_submit_the_answer_waits_on_the_console_and_the_judge_confirms_it(bridged):
    game, lord, forms = reincarnation_asked(bridged, auto=False)
    token = game["judge_token"]
    answer = pm(bridged, "123456", 1, forms[1])
    assert answer["status"] == "draft" and f"【轉生】選擇 2. {forms[1]}" in answer["answer"]
    assert decision(bridged, game)["defaulted"] is True  # nothing decided yet
    [message] = bridged.get(f"/api/j/{token}/qq").json()["messages"]
    reading = message["reading"]
    assert (reading["kind"], reading["ready"], reading["decision"]) == ("decision", True,
                                                                         {"skill": "轉生", "answer": forms[1]})
    page = bridged.get(f"{jpage(game)}/qq").text
    assert 'class="small primary confirm-qq"' in page and f"【轉生】選擇 2. {forms[1]}" in page
    confirmed = post(bridged, f"{jpage(game)}/qq", f"{jpage(game)}/qq-confirm",
                     {"player": lord, "message_id": "1", "seen": reading["seen"]})
    assert confirmed.status_code == 303, confirmed.text
    assert (decision(bridged, game)["answer"], decision(bridged, game)["defaulted"]) == (forms[1], False)
    last = bridged.get(f"/api/j/{token}/export").json()["events"][-1]
    assert (last["kind"], last["actor"]) == ("decide", "judge")
    assert bridged.get(f"/api/j/{token}/qq").json()["messages"][0]["handled"] is True


def test_a_confirmation_of_a_reading_that_changed_is_refused(bridged):
    game, lord, forms = reincarnation_asked(bridged, auto=False)
    token = game["judge_token"]
    pm(bridged, "123456", 1, "1")
    stale = bridged.post(f"/api/j/{token}/qq/confirm", json={"player": lord, "message_id": "1", "seen": "[]"})
    assert stale.status_code == 409 and "重新讀取" in stale.json()["error"]
    missing = bridged.post(f"/api/j/{token}/qq/confirm", json={"player": lord, "message_id": "9"})
    assert missing.status_code == 404
    assert decision(bridged, game)["defaulted"] is True
    ok = bridged.post(f"/api/j/{token}/qq/confirm", json={"player": lord, "message_id": "1"})
    assert ok.status_code == 200 and decision(bridged, game)["answer"] == forms[0]


def test_asked_a_choice_and_last_words_a_number_answers_the_choice_and_words_are_last_words(bridged):
    """Ruling RQ5: a message that answers the choice is the answer; any other is the last words; 「遺言」 first
    makes it last words whatever follows."""
    game, lord, forms = reincarnation_asked(bridged, auto=True)
    assert bridged.post(f"/api/j/{game['judge_token']}/ask-last-words", json={}).status_code == 200
    answer = pm(bridged, "123456", 1, "1")
    assert answer["status"] == "submitted" and decision(bridged, game)["answer"] == forms[0]
    words = pm(bridged, "123456", 2, "遺言：1")
    assert words["status"] == "submitted" and "遺言" in words["answer"]
    assert player_state(bridged, game, lord)["last_words"]["text"] == "遺言：1"
    more = pm(bridged, "123456", 3, "殺我的一定是吳國人")
    assert more["status"] == "submitted" and player_state(bridged, game, lord)["last_words"]["text"] == "殺我的一定是吳國人"
    assert decision(bridged, game)["answer"] == forms[0]


def test_24_a_zaiye_answers_joining_a_country_by_qq_with_fou_in_the_rules_script(bridged):
    """24人: 「在野同意后次夜开始时加入」: 入国's options are the countries and 拒绝; 「否」 is 拒绝 (the option that
    declines), the answer in the rule set's script (Simplified)."""
    from tests.server.test_sg24_server import _by_character, _seeded, _submit_rest

    client = bridged
    api = _seeded(client)
    who = _by_character(api)
    huatuo = who["华佗"]
    code = api.view(huatuo)["qq_code"]
    assert client.post("/api/bridge/bind", json={"qq": "223456", "code": code}, headers=AUTH).status_code == 200
    assert client.post(f"/api/j/{api.judge_token}/qq", json={"auto_submit": True}).status_code == 200
    api.judge("start")
    api.player(who["曹操"], "actions", {"actions": [{"skill": "招攬", "targets": [huatuo],
                                                      "args": {"character": "華佗"}}]})
    _submit_rest(api, {who["曹操"]})
    api.judge("ask-decision", {"actor": huatuo, "skill": "入国"})
    told = pm(client, "223456", 1, "？")
    assert "【入国】" in told["answer"] and "拒绝" in told["answer"] and "选择" in told["answer"] and "選" not in told["answer"]
    answer = pm(client, "223456", 2, "否")
    assert answer["status"] == "submitted" and "拒绝" in answer["answer"]
    [join] = [d for d in api.draft()["decisions"] if d["skill"] == "入国"]
    assert (join["answer"], join["defaulted"]) == ("拒绝", False)


@pytest.mark.skill("化身")
def test_zuoci_answers_his_huashen_choice_by_qq_while_the_night_is_open(bridged):
    """化身 「你選擇其中一名角色的一個技能」 is answered while the phase is open (ZC3); by QQ as on his page (issue 32:
    a whole game by QQ alone): a message naming the choice picks the skill by name or number, a bad number is told
    and changes nothing, and a message of another player naming it is read as his night, not as an answer."""
    game = started_fixed_game(bridged, seed=7)  # 玩家05 is the 方士 (tests/server/test_zuoci_page.py)
    pid = "玩家05"
    assert player_state(bridged, game, pid)["character"] == "左慈"
    offered = [r["skill"] for r in player_state(bridged, game, pid)["skills"] if r["source"] == "offered"]
    bind(bridged, game, pid, "555555")
    assert bridged.post(f"/api/j/{game['judge_token']}/qq", json={"auto_submit": True}).status_code == 200
    answer = pm(bridged, "555555", 1, f"化身 {offered[-1]}")
    assert answer["status"] == "submitted", answer
    assert player_state(bridged, game, pid)["open"]["chosen"] == {"化身": offered[-1]}
    bad = pm(bridged, "555555", 2, f"化身 {len(offered) + 5}")
    assert bad["status"] == "unread" and f"沒有第{len(offered) + 5}個選項" in bad["answer"]
    assert "【化身】" in bad["answer"] and player_state(bridged, game, pid)["open"]["chosen"] == {"化身": offered[-1]}
    other = next(p for p in game["players"] if p != pid)
    bind(bridged, game, other, "666666")
    theirs = pm(bridged, "666666", 1, "化身 1")
    assert theirs["status"] != "submitted" and "天庭請你作出選擇" not in theirs["answer"]
    assert "chosen" not in player_state(bridged, game, other)["open"]
