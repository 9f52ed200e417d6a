"""Three judges (seed 003: 北斗 主死, 南斗 主生, 裁判 主制裁), each with their own link and only their own powers,
every act audited; a one-judge game stays one link with all powers (issue 16). On SQLite and PostgreSQL."""

from __future__ import annotations

import html
import re
from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import IDS, choose_all, new_game
from tests.server.test_country_rooms import passive_free
from tests.server.test_pages import ESCAPED, SCRIPT, post

CJK = re.compile(r"[\u4e00-\u9fff]")
SEATS = ("北斗", "南斗", "裁判")


def team_game(client: TestClient) -> dict[str, Any]:
    """A 22-player KK 3.3 game with three judges, started by the 北斗."""
    game = new_game(client, judges=3)
    choose_all(client, game)
    assert client.post(f"/api/j/{game['judges']['北斗']['token']}/start", json={}).status_code == 200
    return game


def token(game: dict[str, Any], seat: str) -> str:
    return str(game["judges"][seat]["token"])


def seq(client: TestClient, game: dict[str, Any]) -> int:
    return int(client.get(f"/api/j/{token(game, '北斗')}").json()["seq"])


def refused_api(client: TestClient, game: dict[str, Any], seat: str, command: str, body: dict[str, Any]) -> str:
    """``seat`` is refused ``command`` (403, a Chinese message) and nothing is written."""
    before = seq(client, game)
    answer = client.post(f"/api/j/{token(game, seat)}/{command}", json=body)
    assert answer.status_code == 403, (seat, command, answer.text)
    message = str(answer.json()["error"])
    assert CJK.search(message), message
    assert seq(client, game) == before
    return message


def test_creation_gives_three_links_and_a_one_judge_game_keeps_one(client):
    game = team_game(client)
    links = {seat: game["judges"][seat]["token"] for seat in SEATS}
    assert len(set(links.values())) == 3 and game["judge_token"] == links["北斗"]
    assert {client.get(f"/api/j/{t}").json()["judge_seat"] for t in links.values()} == set(SEATS)
    for seat in SEATS:  # each link opens its own console, naming its seat
        page = client.get(f"/j/{links[seat]}")
        assert page.status_code == 200 and f"你是{seat}" in page.text
    # the players' links derive from the 北斗's: only the 北斗's console shows them
    first = game["players"][IDS[0]]["url"].rsplit("/", 1)[1]
    assert first in client.get(f"/j/{links['北斗']}").text
    assert first not in client.get(f"/j/{links['南斗']}").text and first not in client.get(f"/j/{links['裁判']}").text
    # a one-judge game: one link, no team, and its created event exactly as before (no judges field)
    single = new_game(client)
    assert "judges" not in single
    created = client.get(f"/api/j/{single['judge_token']}/export").json()["events"][0]
    assert "judges" not in created["payload"] and created["actor"] == "judge"
    assert "天庭分工" not in client.get(f"/j/{single['judge_token']}").text
    for bad in (2, "3", True, 0):
        answer = client.post("/api/games", json={"title": "x", "rules": "kk33", "ids": IDS, "judges": bad})
        if bad is True:  # true is 1: one judge
            assert answer.status_code == 201
            continue
        assert answer.status_code == 422 and "天庭人數" in answer.json()["error"], bad


def test_each_judge_is_refused_every_power_not_theirs_through_the_api(client):
    waiting = new_game(client, judges=3)  # before the start: choosing characters
    for seat in ("南斗", "裁判"):
        refused_api(client, waiting, seat, "start", {})
        refused_api(client, waiting, seat, "assign", {"player": IDS[0], "character": "曹操"})
    game = team_game(client)
    someone = IDS[0]
    # the open night: its running is the 北斗's (the 南斗's resolve is the day's vote count)
    for seat in ("南斗", "裁判"):
        assert "結算夜晚屬於北斗" in refused_api(client, game, seat, "resolve", {})
        refused_api(client, game, seat, "deadline", {"deadline": "2030-01-01T20:00"})
        refused_api(client, game, seat, "submit-for", {"player": someone, "actions": [], "via": "message"})
    for seat in ("北斗", "裁判"):
        assert "南斗" in refused_api(client, game, seat, "vote-for", {"player": someone, "target": IDS[1]})
    for seat in ("南斗", "裁判"):
        answer = client.post(f"/api/j/{token(game, seat)}/webhook", json={"url": "https://example.com/hook"})
        assert answer.status_code == 403 and "北斗" in answer.json()["error"]
    assert client.post(f"/api/j/{token(game, '北斗')}/resolve", json={}).status_code == 200
    # the draft: announcements, deaths, wounds, last words and rulings are the 北斗's
    for seat in ("南斗", "裁判"):
        for command, body in (("publish", {}), ("ask-last-words", {}), ("edit", {"target": "announcement", "text": "x"}),
                              ("rule-last-words", {"player": someone, "approved": True}),
                              ("peace", {"judge": True}), ("assign", {"player": someone, "character": "x"}),
                              ("decide", {"actor": someone, "skill": "x", "answer": "x"}),
                              ("ask-decision", {"actor": someone, "skill": "x"})):
            refused_api(client, game, seat, command, body)
    assert "南斗不能作出裁定" in refused_api(client, game, "南斗", "rule",
                                          {"ruling": {"effect": "kill", "target": someone, "text": "x"}})
    assert client.post(f"/api/j/{token(game, '裁判')}/rule", json={"ruling": {"effect": "injure", "target": someone}, "confirm": True}
                       ).status_code == 200
    assert "南斗不能作出裁定" in refused_api(client, game, "南斗", "rule", {"remove": 5})  # no such ruling: still not theirs
    assert "裁判作出的" in refused_api(client, game, "南斗", "rule", {"remove": 0})
    # the 裁判 may only disqualify (kill) or take a life (injure), never void, spare, heal or tell
    for effect in ("void", "spare", "heal", "tell"):
        assert "裁判只能" in refused_api(client, game, "裁判", "rule",
                                        {"ruling": {"effect": effect, "target": someone, "text": "x"}})
    # every judge may leave a note in the record (signed by the event's actor)
    for seat in SEATS:
        assert client.post(f"/api/j/{token(game, seat)}/note", json={"text": f"{seat}的備註"}).status_code == 200


def test_the_caipan_disqualifies_a_player_through_the_engines_ruling_and_only_they_take_it_back(client):
    game = team_game(client)
    # a player no lord and without passive skills: nothing of theirs changes the ruling's death, whatever the seats
    seen = {pid: client.get(f"/api/p/{game['players'][pid]['token']}").json() for pid in IDS}
    cheat = next(pid for pid, v in seen.items() if v["identity"] != "君主" and passive_free(v["character"]))
    beidou, caipan = token(game, "北斗"), token(game, "裁判")
    assert client.post(f"/api/j/{beidou}/resolve", json={}).status_code == 200
    ruled = client.post(f"/api/j/{caipan}/rule", json={"ruling": {
        "effect": "kill", "target": cheat, "text": f"{cheat} 違紀，取消比賽資格", "why": "公開私訊內容"}, "confirm": True})
    assert ruled.status_code == 200, ruled.text
    assert "這條裁定是裁判作出的" in refused_api(client, game, "北斗", "rule", {"remove": 0})
    assert client.post(f"/api/j/{beidou}/rule", json={"ruling": {"effect": "tell", "target": IDS[0], "text": "提醒"}}
                       ).status_code == 200
    assert "這條裁定是北斗作出的" in refused_api(client, game, "裁判", "rule", {"remove": 1})
    assert client.post(f"/api/j/{beidou}/rule", json={"remove": 1}).status_code == 200
    assert client.post(f"/api/j/{beidou}/publish", json={"confirm": True}).status_code == 200
    assert client.get(f"/api/p/{game['players'][cheat]['token']}").json()["status"] == "out"
    # the audit trail: who did what, when, on every judge's console and API
    export = client.get(f"/api/j/{beidou}/export").json()
    actors = [(e["kind"], e["actor"]) for e in export["events"] if e["kind"] in ("resolve", "rule", "publish")]
    assert actors == [("resolve", "judge:北斗"), ("rule", "judge:裁判"), ("rule", "judge:北斗"), ("rule", "judge:北斗"),
                      ("publish", "judge:北斗")]
    for seat in SEATS:
        audit = client.get(f"/api/j/{token(game, seat)}/talk").json()["audit"]
        assert [(a["who"], a["kind"]) for a in audit if a["kind"] == "rule"] == [("裁判", "rule"), ("北斗", "rule"),
                                                                                 ("北斗", "rule")]
        assert all(a["at"] for a in audit)
        console = html.unescape(client.get(f"/j/{token(game, seat)}").text)
        assert "天庭操作紀錄" in console and "取消比賽資格" in console
    # players never see the audit trail
    page = html.unescape(client.get(f"/p/{game['players'][IDS[0]]['token']}").text)
    assert "天庭操作紀錄" not in page and "公開私訊內容" not in page


def test_each_judge_is_refused_powers_not_theirs_through_the_pages_and_nothing_changes(client):
    game = team_game(client)
    for seat in ("南斗", "裁判"):
        page = f"/j/{token(game, seat)}"
        for command, data in (("resolve", {}), ("deadline", {"deadline": "2030-01-01T20:00"}),
                              ("submit-for", {"player": IDS[0], "none": "1"}),
                              ("webhook", {"url": "https://example.com/hook"})):
            before = seq(client, game)
            answer = post(client, page, f"{page}/{command}", data)
            assert answer.status_code == 403, (seat, command, answer.status_code)
            assert "北斗" in html.unescape(answer.text) and seq(client, game) == before
    page = f"/j/{token(game, '北斗')}"
    answer = post(client, page, f"{page}/vote-for", {"player": IDS[0], "target": IDS[1]})
    assert answer.status_code == 403 and "南斗" in html.unescape(answer.text)
    assert post(client, page, f"{page}/resolve").status_code == 303
    for seat in ("南斗", "裁判"):
        page = f"/j/{token(game, seat)}"
        for command, data in (("publish", {}), ("ask-last-words", {}), ("rule", {"effect": "void", "action": "0"})):
            before = seq(client, game)
            answer = post(client, page, f"{page}/{command}", data)
            assert answer.status_code == 403 and CJK.search(html.unescape(answer.text)), (seat, command)
            assert seq(client, game) == before
    page = f"/j/{token(game, '裁判')}"
    assert post(client, page, f"{page}/rule", {"effect": "injure", "target": IDS[3], "text": "犯規"}).status_code == 303


def test_players_complain_to_the_caipan_alone_and_the_complaint_is_escaped(client):
    game = team_game(client)
    author, other = IDS[2], IDS[3]
    page = f"/p/{game['players'][author]['token']}"
    text = f"北斗偏袒 {SCRIPT}"
    assert post(client, page, f"{page}/talk/complaint", {"text": text}).status_code == 303
    assert client.post(f"/api/p/{game['players'][author]['token']}/talk/complaint",
                       json={"text": "南斗算錯票"}).status_code == 200
    caipan = client.get(f"/j/{token(game, '裁判')}").text
    assert ESCAPED in caipan and SCRIPT not in caipan and "南斗算錯票" in caipan
    complaints = client.get(f"/api/j/{token(game, '裁判')}/talk").json()["complaints"]
    assert [(c["author"], c["text"]) for c in complaints] == [(author, text), (author, "南斗算錯票")]
    for seat in ("北斗", "南斗"):  # the complained-about judges never read them
        assert "北斗偏袒" not in client.get(f"/j/{token(game, seat)}").text
        assert client.get(f"/api/j/{token(game, seat)}/talk").json()["complaints"] is None
    assert "南斗算錯票" in client.get(page).text  # the author sees their own
    assert "北斗偏袒" not in client.get(f"/p/{game['players'][other]['token']}").text
    assert client.get(f"/api/p/{game['players'][other]['token']}/talk").json()["complaints"] == []
    assert "北斗偏袒" not in client.get(f"/g/{game['public_id']}").text
    # a one-judge game has no 裁判: no form, and the API says so
    single = new_game(client)
    link = single["players"][IDS[0]]["token"]
    assert "向裁判投訴" not in client.get(f"/p/{link}").text
    answer = client.post(f"/api/p/{link}/talk/complaint", json={"text": "x"})
    assert answer.status_code == 404 and "沒有裁判" in answer.json()["error"]
    # empty or oversized: refused, nothing stored
    assert client.post(f"/api/p/{game['players'][author]['token']}/talk/complaint", json={"text": " "}).status_code == 422
    assert client.post(f"/api/p/{game['players'][author]['token']}/talk/complaint",
                       json={"text": "長" * 1001}).status_code == 413
    assert len(client.get(f"/api/j/{token(game, '裁判')}/talk").json()["complaints"]) == 2
