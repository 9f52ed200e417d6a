"""Players on a forum: the judge pastes a player's private message, reads it as actions, and
submits them for the player (recorded as the judge's act); links for private messages."""

from __future__ import annotations

import html
import re

from tests.server.conftest import IDS, started_game
from tests.server.test_pages import jpage, judge_state, player_state, post, ppage


def seat_of(client, game, country, identity):
    for pid in IDS:
        view = player_state(client, game, pid)
        if view["country"] == country and view["identity"] == identity:
            return pid, view
    raise AssertionError((country, identity))


def test_a_pasted_message_is_read_checked_and_submitted_for_the_player_by_the_judge(client):
    game = started_game(client)
    strategist, _ = seat_of(client, game, "魏", "正軍師")
    target, _ = seat_of(client, game, "蜀", "殺手")
    console = client.get(jpage(game)).text
    assert 'id="paste-message"' in console
    page = client.get(jpage(game) + "/message").text
    assert 'id="message-text"' in page and strategist in page
    # Simplified text, an unknown word: read, checked, unread part marked
    read = post(client, jpage(game) + "/message", jpage(game) + "/read-message",
                {"player": strategist, "text": f"今晚明察 {target}，顺便问好"})
    assert read.status_code == 200, read.text
    assert "【明察】 → " + html.escape(target) in read.text
    assert 'id="engine-check"' in read.text and "可以提交" in read.text
    assert '<mark class="unread" title="無法辨認">顺便问</mark>' in read.text
    assert re.search(rf'<option value="{re.escape(target)}"[^>]*selected', read.text)  # the form is prefilled
    # confirm: the form as read
    response = post(client, jpage(game) + "/message", jpage(game) + "/submit-for",
                    {"player": strategist, "skill-0": "明察", "target-0-0": target})
    assert response.status_code == 303, response.text
    assert response.headers["location"].endswith("?ok=submit-for#phase")
    state = judge_state(client, game)
    assert state["current"]["submissions"][strategist] == [{"actor": strategist, "skill": "明察", "targets": [target]}]
    assert state["current"]["submitted_by"] == {strategist: "judge"}
    events = client.get(f"/api/j/{game['judge_token']}/export").json()["events"]
    assert events[-1]["kind"] == "submit" and events[-1]["actor"] == "judge"
    assert events[-1]["payload"] == {"player": strategist, "actions": [{"skill": "明察", "targets": [target]}],
                                     "via": "message"}
    assert "天庭代交" in client.get(jpage(game)).text
    assert "由天庭依你的私訊代為提交" in client.get(ppage(game, strategist)).text


def test_a_message_for_the_wrong_skill_shows_the_engines_refusal_and_submitting_it_changes_nothing(client):
    game = started_game(client)
    guard, _ = seat_of(client, game, "吳", "護衛")
    read = post(client, jpage(game) + "/message", jpage(game) + "/read-message",
                {"player": guard, "text": f"明察 {IDS[0]}"})
    assert "你的技能中沒有【明察】" in read.text and 'class="error-text" id="engine-check"' in read.text
    response = post(client, jpage(game) + "/message", jpage(game) + "/submit-for",
                    {"player": guard, "skill-0": "明察", "target-0-0": IDS[0]})
    assert response.status_code == 422 and 'id="error"' in response.text
    assert guard not in judge_state(client, game)["current"]["submissions"]


def test_no_action_tonight_by_message(client):
    game = started_game(client)
    lady, _ = seat_of(client, game, "魏", "女眷")
    read = post(client, jpage(game) + "/message", jpage(game) + "/read-message",
                {"player": lady, "text": "本夜不行动"})
    assert 'id="reading-none"' in read.text
    response = post(client, jpage(game) + "/message", jpage(game) + "/submit-for", {"player": lady, "none": "1"})
    assert response.status_code == 303
    assert judge_state(client, game)["current"]["submissions"][lady] == []


def test_the_api_takes_a_submission_for_a_player_and_a_player_link_cannot_submit_for_another(client):
    game = started_game(client)
    guard, _ = seat_of(client, game, "魏", "護衛")
    other, _ = seat_of(client, game, "蜀", "護衛")
    response = client.post(f"/api/j/{game['judge_token']}/submit-for", json={"player": guard, "actions": []})
    assert response.status_code == 200, response.text
    assert judge_state(client, game)["current"]["submitted_by"] == {guard: "judge"}
    # a player's body naming another player is the player's own submission: "player" is not read
    token = game["players"][other]["token"]
    response = client.post(f"/api/p/{token}/actions", json={"player": guard, "actions": []})
    assert response.status_code == 200
    state = judge_state(client, game)
    assert state["current"]["submitted_by"] == {guard: "judge"} and other in state["current"]["submissions"]


def test_reading_a_message_needs_the_judges_link_and_csrf_field(client):
    game = started_game(client)
    pid = IDS[0]
    assert client.get(ppage(game, pid) + "/message").status_code in (404, 405)
    forged = client.post(jpage(game) + "/read-message", data={"player": pid, "text": "刺殺"},
                         follow_redirects=False)
    assert forged.status_code == 403
    forged = client.post(jpage(game) + "/submit-for", data={"player": pid, "none": "1"}, follow_redirects=False)
    assert forged.status_code == 403
    assert judge_state(client, game)["current"]["submissions"] == {}
