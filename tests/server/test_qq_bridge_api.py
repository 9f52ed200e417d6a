"""The server's side of the QQ bridge (tianting.server.bridge, issue 32): binding by a one-time code, a bound
player's private messages kept as received and submitted or left to confirm, the group posts owed, and no
binding or QQ number shown to anyone but the judges."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import started_game
from tests.server.test_forum import seat_of
from tests.server.test_pages import judge_state, player_state
from tianting.server.app import create_app

KEY = "bridge-key-for-tests"
AUTH = {"Authorization": f"Bearer {KEY}"}


@pytest.fixture
def bridged(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, scheduler_interval=None, bridge_key=KEY)) as c:
        yield c


def bind(client, game, pid, qq):
    code = player_state(client, game, pid)["qq_code"]
    return client.post("/api/bridge/bind", json={"qq": qq, "code": code}, headers=AUTH)


def pm(client, qq, mid, text):
    response = client.post("/api/bridge/message", json={"qq": qq, "message_id": mid, "text": text}, headers=AUTH)
    assert response.status_code == 200, response.text
    return response.json()


def test_a_one_time_code_binds_a_qq_number_to_the_seat_and_is_used_up(bridged):
    game = started_game(bridged)
    strategist, _ = seat_of(bridged, game, "魏", "正軍師")
    code = player_state(bridged, game, strategist)["qq_code"]
    assert isinstance(code, str) and len(code) == 8
    assert player_state(bridged, game, strategist)["qq_code"] == code  # the same until used
    answer = bind(bridged, game, strategist, "123456")
    assert answer.status_code == 200 and strategist in answer.json()["answer"]
    view = player_state(bridged, game, strategist)
    assert view["qq_code"] is None and view["qq_bound"] is True
    again = bridged.post("/api/bridge/bind", json={"qq": "123456", "code": code}, headers=AUTH)
    assert again.status_code == 404 and "已經用過" in again.json()["error"]


def test_a_qq_number_bound_twice_is_refused_with_a_clear_answer(bridged):
    game = started_game(bridged)
    a, _ = seat_of(bridged, game, "魏", "正軍師")
    b, _ = seat_of(bridged, game, "吳", "女眷")
    assert bind(bridged, game, a, "123456").status_code == 200
    second = bind(bridged, game, b, "123456")
    assert second.status_code == 409 and a in second.json()["error"] and "解除綁定" in second.json()["error"]
    assert player_state(bridged, game, b)["qq_bound"] is False


def test_an_unbound_qq_number_gets_a_short_answer_and_nothing_is_kept(bridged):
    game = started_game(bridged)
    before = len(bridged.get(f"/api/j/{game['judge_token']}/export").json()["events"])
    answer = pm(bridged, "99999", 1, "今晚明察 玩家01")
    assert answer["status"] == "unbound" and "綁定" in answer["answer"]
    assert len(bridged.get(f"/api/j/{game['judge_token']}/export").json()["events"]) == before


def test_auto_submit_submits_a_reading_read_in_full_and_tells_it_back(bridged):
    game = started_game(bridged)
    strategist, _ = seat_of(bridged, game, "魏", "正軍師")
    lady, _ = seat_of(bridged, game, "吳", "女眷")
    bind(bridged, game, strategist, "123456")
    assert bridged.post(f"/api/j/{game['judge_token']}/qq", json={"group": "7654321", "auto_submit": True}).status_code == 200
    answer = pm(bridged, "123456", 42, f"今晚明察 {lady}")
    assert answer == {"status": "submitted", "answer": f"已收到：明察 {lady}"}
    current = judge_state(bridged, game)["current"]
    assert current["submissions"][strategist] == [{"actor": strategist, "skill": "明察", "targets": [lady]}]
    events = bridged.get(f"/api/j/{game['judge_token']}/export").json()["events"]
    assert [e["kind"] for e in events[-2:]] == ["message", "submit"]
    assert events[-2]["actor"] == strategist and events[-2]["payload"] == {
        "text": f"今晚明察 {lady}", "via": "qq", "message_id": "42"}
    assert "123456" not in json.dumps(events, ensure_ascii=False)  # no QQ number in the log


def test_a_message_sent_twice_is_kept_and_submitted_once(bridged):
    game = started_game(bridged)
    strategist, _ = seat_of(bridged, game, "魏", "正軍師")
    lady, _ = seat_of(bridged, game, "吳", "女眷")
    bind(bridged, game, strategist, "123456")
    bridged.post(f"/api/j/{game['judge_token']}/qq", json={"auto_submit": True})
    pm(bridged, "123456", 7, f"明察 {lady}")
    assert pm(bridged, "123456", 7, f"明察 {lady}") == {"status": "duplicate", "answer": None}
    kinds = [e["kind"] for e in bridged.get(f"/api/j/{game['judge_token']}/export").json()["events"]]
    assert kinds.count("message") == 1 and kinds.count("submit") == 1


def test_without_auto_submit_the_reading_waits_for_the_judge(bridged):
    game = started_game(bridged)
    strategist, _ = seat_of(bridged, game, "魏", "正軍師")
    lady, _ = seat_of(bridged, game, "吳", "女眷")
    bind(bridged, game, strategist, "123456")
    answer = pm(bridged, "123456", 1, f"今晚明察 {lady}")
    assert answer["status"] == "draft" and f"明察 {lady}" in answer["answer"]
    assert strategist not in judge_state(bridged, game)["current"]["submissions"]
    messages = bridged.get(f"/api/j/{game['judge_token']}/qq").json()["messages"]
    assert [(m["player"], m["text"], m["handled"]) for m in messages] == [(strategist, f"今晚明察 {lady}", False)]
    page = bridged.get(f"/j/{game['judge_token']}/qq").text
    assert 'class="small read-qq"' in page and "今晚明察" in page
    assert bridged.post(f"/api/j/{game['judge_token']}/submit-for", json={
        "player": strategist, "actions": [{"skill": "明察", "targets": [lady]}], "via": "message"}).status_code == 200
    assert bridged.get(f"/api/j/{game['judge_token']}/qq").json()["messages"][0]["handled"] is True


NAMED = ["子義", "孟起", "文遠", "孟德", "公瑾", "奉孝", "仲達", "伯言", "子敬", "元直", "士元", "孔明",
         "雲長", "翼德", "子龍", "漢升", "文長", "興霸", "公績", "幼平", "德謀", "義公"]


def test_a_typo_is_asked_back_with_the_name_it_sounds_like_and_nothing_submitted(bridged):
    game = started_game(bridged, ids=NAMED)
    strategist = next(p for p in NAMED if player_state(bridged, game, p)["identity"] == "正軍師"
                      and player_state(bridged, game, p)["country"] == "魏")
    target = next(p for p in ("子義", "孟起") if p != strategist)
    typo = {"子義": "子議", "孟起": "孟启"}[target]
    bind(bridged, game, strategist, "123456")
    bridged.post(f"/api/j/{game['judge_token']}/qq", json={"auto_submit": True})
    answer = pm(bridged, "123456", 1, f"今晚明察 {typo}")
    assert answer["status"] == "unread"
    assert f"「{typo}」是「{target}」嗎？如果是，請重發：今晚明察 {target}" in answer["answer"]
    assert strategist not in judge_state(bridged, game)["current"]["submissions"]
    assert pm(bridged, "123456", 2, f"今晚明察 {target}")["status"] == "submitted"


def test_a_message_too_long_is_refused_and_said_so(bridged):
    game = started_game(bridged)
    strategist, _ = seat_of(bridged, game, "魏", "正軍師")
    bind(bridged, game, strategist, "123456")
    answer = pm(bridged, "123456", 1, "明察" * 1500)
    assert answer["status"] == "too-long" and "過長" in answer["answer"]


def test_the_bridge_routes_need_the_key_and_exist_only_with_one(bridged, client):
    assert bridged.post("/api/bridge/message", json={"qq": "12345", "message_id": 1, "text": "x"},
                        headers={"Authorization": "Bearer wrong"}).status_code == 401
    assert bridged.get("/api/bridge/outbox").status_code == 401
    assert client.get("/api/bridge/outbox", headers=AUTH).status_code == 404  # a server with no bridge
    game = started_game(client)
    assert "qq_code" not in player_state(client, game, next(iter(game["players"])))


def test_a_binding_is_shown_to_the_judges_only(bridged):
    game = started_game(bridged)
    strategist, _ = seat_of(bridged, game, "魏", "正軍師")
    bind(bridged, game, strategist, "123456")
    assert bridged.get(f"/api/j/{game['judge_token']}/qq").json()["players"][strategist]["qq"] == "123456"
    for pid, link in game["players"].items():
        view = bridged.get(f"/api/p/{link['token']}").text
        assert "123456" not in view
        assert bridged.get(f"/api/j/{link['token']}/qq").status_code == 404
        if pid != strategist:
            codes = bridged.get(f"/api/j/{game['judge_token']}/qq").json()["players"]
            assert codes[strategist]["code"] is None and codes[pid]["code"] not in bridged.get(
                f"/api/p/{game['players'][strategist]['token']}").text
    public = bridged.get(f"/api/g/{game['public_id']}").text
    assert "123456" not in public and "qq" not in public.lower()
    assert "123456" not in bridged.get(f"/p/{game['players'][strategist]['token']}").text


def test_the_judge_unbinds_and_the_seat_gets_a_new_code(bridged):
    game = started_game(bridged)
    strategist, _ = seat_of(bridged, game, "魏", "正軍師")
    old = player_state(bridged, game, strategist)["qq_code"]
    bind(bridged, game, strategist, "123456")
    assert bridged.post(f"/api/j/{game['judge_token']}/qq/unbind", json={"player": strategist}).status_code == 200
    assert pm(bridged, "123456", 9, "明察 玩家01")["status"] == "unbound"
    new = player_state(bridged, game, strategist)["qq_code"]
    assert new and new != old
    assert bridged.post(f"/api/j/{game['judge_token']}/qq/unbind", json={"player": strategist}).status_code == 409


def test_published_announcements_are_owed_to_the_group_until_acknowledged(bridged):
    game = started_game(bridged)
    token = game["judge_token"]
    assert bridged.post(f"/api/j/{token}/qq", json={"group": "12345x"}).status_code == 422
    bridged.post(f"/api/j/{token}/qq", json={"group": 7654321, "auto_submit": False})
    assert bridged.get("/api/bridge/outbox", headers=AUTH).json() == {"posts": []}
    assert bridged.post(f"/api/j/{token}/resolve", json={}).status_code == 200
    assert bridged.get("/api/bridge/outbox", headers=AUTH).json() == {"posts": []}  # a draft is not published
    assert bridged.post(f"/api/j/{token}/publish", json={"confirm": True}).status_code == 200
    posts = bridged.get("/api/bridge/outbox", headers=AUTH).json()["posts"]
    assert len(posts) == 1 and posts[0]["group"] == "7654321"
    assert "第1夜" in posts[0]["text"] and f"/g/{game['public_id']}" in posts[0]["text"]
    assert bridged.get("/api/bridge/outbox", headers=AUTH).json()["posts"] == posts  # offered again until acked
    assert bridged.post("/api/bridge/outbox/ack", json={"ids": [posts[0]["id"]]}, headers=AUTH).status_code == 200
    assert bridged.get("/api/bridge/outbox", headers=AUTH).json() == {"posts": []}


def test_the_deadline_reminder_is_owed_to_the_group_once_near(bridged):
    from datetime import timedelta

    game = started_game(bridged)
    token = game["judge_token"]
    bridged.post(f"/api/j/{token}/qq", json={"group": "7654321"})
    soon = (bridged.app.state.store.clock() + timedelta(minutes=10)).isoformat(timespec="seconds")
    assert bridged.post(f"/api/j/{token}/deadline", json={"deadline": soon}).status_code == 200
    posts = bridged.get("/api/bridge/outbox", headers=AUTH).json()["posts"]
    assert len(posts) == 1 and "時限快到了" in posts[0]["text"] and posts[0]["group"] == "7654321"
    bridged.post("/api/bridge/outbox/ack", json={"ids": [posts[0]["id"]]}, headers=AUTH)
    assert bridged.get("/api/bridge/outbox", headers=AUTH).json() == {"posts": []}
    later = (bridged.app.state.store.clock() + timedelta(hours=5)).isoformat(timespec="seconds")
    bridged.post(f"/api/j/{token}/deadline", json={"deadline": later})
    assert bridged.get("/api/bridge/outbox", headers=AUTH).json() == {"posts": []}  # not near yet


def test_a_country_room_is_mirrored_to_the_group_the_judge_names_and_no_other(bridged):
    from tianting.server import chat

    game = started_game(bridged)
    token, store = game["judge_token"], bridged.app.state.store
    chat.save(store, game["game_id"], chat.country_room("魏"), "玩家01", "早於轉發的話")
    assert bridged.post(f"/api/j/{token}/qq", json={"rooms": {"蠻": "1234567"}}).status_code == 422
    assert bridged.post(f"/api/j/{token}/qq", json={"rooms": {"魏": "1234567"}}).status_code == 200
    chat.save(store, game["game_id"], chat.country_room("魏"), "玩家01", "今晚刺誰")
    chat.save(store, game["game_id"], chat.country_room("蜀"), "玩家02", "蜀國的話")
    posts = bridged.get("/api/bridge/outbox", headers=AUTH).json()["posts"]
    assert [(p["group"], p["text"].split("】", 1)[1]) for p in posts] == [("1234567", "玩家01：今晚刺誰")]
    bridged.post("/api/bridge/outbox/ack", json={"ids": [posts[0]["id"]]}, headers=AUTH)
    chat.save(store, game["game_id"], chat.country_room("魏"), "玩家03", "我也在")
    later = bridged.get("/api/bridge/outbox", headers=AUTH).json()["posts"]
    assert [p["text"].split("】", 1)[1] for p in later] == ["玩家03：我也在"]


def test_by_day_a_bound_players_message_is_read_as_the_vote_and_cast(bridged):
    game = started_game(bridged)
    token = game["judge_token"]
    strategist, _ = seat_of(bridged, game, "魏", "正軍師")
    lady, _ = seat_of(bridged, game, "吳", "女眷")
    bind(bridged, game, strategist, "123456")
    bridged.post(f"/api/j/{token}/qq", json={"auto_submit": True})
    assert bridged.post(f"/api/j/{token}/resolve", json={}).status_code == 200
    assert bridged.post(f"/api/j/{token}/publish", json={"confirm": True}).status_code == 200
    assert judge_state(bridged, game)["current"]["kind"] == "day"
    answer = pm(bridged, "123456", 50, f"投{lady}")
    assert answer == {"status": "submitted", "answer": f"已收到：投票 {lady}"}
    assert judge_state(bridged, game)["current"]["votes"][strategist] == lady
    refused = pm(bridged, "123456", 51, "棄權")
    assert refused["status"] == "unread" and "不能棄權" in refused["answer"]
    assert judge_state(bridged, game)["current"]["votes"][strategist] == lady


def test_a_contest_digit_by_qq_is_the_players_own_and_tells_no_opponent(bridged):
    """鼎立三分2.0: 「南斗先设定……再向玩家收取数字」「拼点的结果不会直接告诉玩家」: while the night's draft awaits the
    digits, a bound contestant's 「拼點出3」 is read for his 拼點 and, with auto_submit, recorded as his own digit."""
    from tests.server.test_contest_message_page import contest_table

    a, b = "鼎立01", "鼎立02"
    t = contest_table(bridged, (a, b))
    code = t.view(a)["qq_code"]
    assert bridged.post("/api/bridge/bind", json={"qq": "123456", "code": code}, headers=AUTH).status_code == 200
    assert bridged.post(f"/api/j/{t.judge['北斗']}/qq", json={"auto_submit": True}).status_code == 200
    answer = pm(bridged, "123456", 60, "拼點出3")
    assert answer["status"] == "submitted" and "3" in answer["answer"] and b not in answer["answer"]
    assert t.view(a)["open"]["contests"] == [{"number": 1, "digit": 3}]
    last = bridged.get(f"/api/j/{t.judge['北斗']}/export").json()["events"][-1]
    assert last["kind"] == "digit" and last["actor"] == a and last["payload"] == {"digit": 3, "contest": 1}
    none = pm(bridged, "123456", 61, "拼點出十")
    assert none["status"] == "unread" and b not in none["answer"]


def test_before_the_start_a_message_naming_one_of_the_players_choices_chooses_it(bridged):
    from tests.server.conftest import new_game

    game = new_game(bridged)
    # a seat with a choice to make (a seat of one character, such as the 群雄's, has none)
    pid = next(p for p in game["players"] if len(player_state(bridged, game, p)["choices"]) > 1)
    choices = player_state(bridged, game, pid)["choices"]
    bind(bridged, game, pid, "123456")
    answer = pm(bridged, "123456", 70, f"我選{choices[1]}")
    assert answer == {"status": "submitted", "answer": f"已收到：選擇 {choices[1]}"}  # without auto_submit too
    assert player_state(bridged, game, pid)["character"] == choices[1]
    unread = pm(bridged, "123456", 71, "我選一個好角色")
    assert unread["status"] == "unread" and choices[0] in unread["answer"]


def test_last_words_asked_of_the_nights_dead_are_sent_by_qq_for_the_judges_to_approve(bridged):
    game = started_game(bridged)
    token = game["judge_token"]
    killer, _ = seat_of(bridged, game, "魏", "殺手")
    victim, _ = seat_of(bridged, game, "吳", "女眷")
    bind(bridged, game, victim, "123456")
    assert bridged.post(f"/api/p/{game['players'][killer]['token']}/actions",
                        json={"actions": [{"skill": "刺殺", "targets": [victim]}]}).status_code == 200
    assert bridged.post(f"/api/j/{token}/resolve", json={}).status_code == 200
    if victim not in json.dumps(judge_state(bridged, game)["current"]["draft"]["announcement"], ensure_ascii=False):
        pytest.skip("the stab did not kill in this deal")
    assert bridged.post(f"/api/j/{token}/ask-last-words", json={}).status_code == 200
    answer = pm(bridged, "123456", 80, "殺我的一定是魏國人")
    assert answer["status"] == "submitted" and "遺言" in answer["answer"]
    assert player_state(bridged, game, victim)["last_words"]["text"] == "殺我的一定是魏國人"
