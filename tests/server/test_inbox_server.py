"""A whole inbox at once on the console and the API (issue 32): one reading per player, each confirmed with one
button and recorded as the judge's act, as the paste box records one message."""

from __future__ import annotations

import html
import re

from tests.server.conftest import started_game
from tests.server.test_forum import seat_of
from tests.server.test_pages import jpage, judge_state, post


def _inbox(client, game):
    strategist, _ = seat_of(client, game, "魏", "正軍師")
    lady, _ = seat_of(client, game, "吳", "女眷")
    guard, _ = seat_of(client, game, "吳", "護衛")
    text = f"{strategist}：今晚明察 {lady}\n{lady}\n2026-12-01 20:00\n本夜不行动\n{guard}：明察 {lady}\n"
    return strategist, lady, guard, text


def test_the_api_reads_one_reading_per_player_and_records_nothing(client):
    game = started_game(client)
    strategist, lady, guard, text = _inbox(client, game)
    response = client.post(f"/api/j/{game['judge_token']}/inbox", json={"text": "寒暄\n" + text})
    assert response.status_code == 200, response.text
    body = response.json()
    by = {r["player"]: r for r in body["readings"]}
    assert list(by) == [strategist, lady, guard] and body["unassigned"] == ["寒暄"]
    assert by[strategist]["ready"] and by[strategist]["actions"] == [{"skill": "明察", "targets": [lady]}]
    assert by[lady]["ready"] and by[lady]["none"] and by[lady]["summary"] == "本夜不行動"
    assert not by[guard]["ready"] and any("引擎檢查" in p for p in by[guard]["problems"])
    assert judge_state(client, game)["current"]["submissions"] == {}


def test_the_api_refuses_an_inbox_too_long_or_not_text_and_a_player_link(client):
    game = started_game(client)
    token = game["judge_token"]
    assert client.post(f"/api/j/{token}/inbox", json={"text": 5}).status_code == 422
    assert client.post(f"/api/j/{token}/inbox", json={"text": "玩家01：明察\n" * 3000}).status_code in (413,)
    player = next(iter(game["players"].values()))["token"]
    assert client.post(f"/api/j/{player}/inbox", json={"text": "x"}).status_code == 404


def test_the_console_page_confirms_each_reading_with_one_button(client):
    game = started_game(client)
    strategist, lady, guard, text = _inbox(client, game)
    assert 'id="paste-inbox"' in client.get(jpage(game)).text
    read = post(client, jpage(game) + "/inbox", jpage(game) + "/read-inbox", {"text": text})
    assert read.status_code == 200 and read.text.count('class="inbox-item"') == 3
    forms = re.findall(r'<form method="post" action="[^"]*/inbox-confirm".*?</form>', read.text, re.S)
    assert len(forms) == 2  # the guard's 明察 is refused by the engine: no button
    fields = dict(re.findall(r'name="(\w+)" value="([^"]*)"', forms[0]))
    fields = {k: html.unescape(v) for k, v in fields.items()}
    assert fields["player"] == strategist
    done = client.post(jpage(game) + "/inbox-confirm", data=fields)
    assert done.status_code == 200 and "已代" in done.text
    state = judge_state(client, game)["current"]
    assert state["submissions"][strategist] == [{"actor": strategist, "skill": "明察", "targets": [lady]}]
    assert state["submitted_by"] == {strategist: "judge"}
    events = client.get(f"/api/j/{game['judge_token']}/export").json()["events"]
    assert events[-1]["actor"] == "judge" and events[-1]["payload"]["via"] == "message"


def test_a_confirmation_from_a_stale_page_changes_nothing(client):
    game = started_game(client)
    strategist, lady, _, text = _inbox(client, game)
    read = post(client, jpage(game) + "/inbox", jpage(game) + "/read-inbox", {"text": text})
    form = re.findall(r'<form method="post" action="[^"]*/inbox-confirm".*?</form>', read.text, re.S)[0]
    fields = {k: html.unescape(v) for k, v in re.findall(r'name="(\w+)" value="([^"]*)"', form)}
    fields["seen"] = fields["seen"].replace("明察", "刺殺")
    refused = client.post(jpage(game) + "/inbox-confirm", data=fields)
    assert refused.status_code == 409 and "沒有提交" in refused.text
    assert strategist not in judge_state(client, game)["current"]["submissions"]


def test_a_drafts_contest_digits_are_read_from_the_inbox_and_confirmed_by_the_nandou(client):
    """鼎立三分2.0: while the night's draft awaits 拼點 digits, each contestant's message is read for his 拼點, and
    confirmed as the paste page confirms them (the 南斗's 代填, against the opponent)."""
    from tests.server.test_contest_message_page import contest_table

    a, b = "鼎立01", "鼎立02"
    t = contest_table(client, (a, b))
    body = client.post(f"/api/j/{t.judge['南斗']}/inbox", json={"text": f"{a}：拼點出3\n{b}：拼点 4"}).json()
    by = {r["player"]: r for r in body["readings"]}
    assert by[a]["kind"] == "contest" and by[a]["ready"] and by[a]["digits"] == {"1": 3}
    nandou = f"/j/{t.judge['南斗']}"
    read = post(client, nandou + "/inbox", nandou + "/read-inbox", {"text": f"{a}：拼點出3\n{b}：拼点 4"})
    form = re.findall(r'<form method="post" action="[^"]*/inbox-confirm".*?</form>', read.text, re.S)[0]
    fields = {k: html.unescape(v) for k, v in re.findall(r'name="(\w+)" value="([^"]*)"', form)}
    done = client.post(nandou + "/inbox-confirm", data=fields)
    assert done.status_code == 200, done.text
    last = client.get(f"/api/j/{t.judge['北斗']}/export").json()["events"][-1]
    assert last["actor"] == "judge:南斗" and last["payload"] == {"player": a, "digit": 3, "via": "message", "against": b}
