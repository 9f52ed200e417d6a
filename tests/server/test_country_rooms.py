"""Country groups (國家群, seed 003; issue 16): a player enters their country's room once they and a countryman
recognise each other (互識, as the rule set's player view records it); a player who exits without such a
recognition cannot enter; the judges read every room; posts are escaped and rate-limited; a player not
entitled gets nothing. On SQLite and PostgreSQL."""

from __future__ import annotations

import html
from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import IDS, choose_all, new_game
from tests.server.test_pages import ESCAPED, SCRIPT, post
from tianting.rules import load as load_rules
from tianting.server import chat

ROSTER = load_rules("kk33").roster()


def passive_free(character: str) -> bool:
    return all(skill.kind != "passive" for skill in ROSTER.characters[character].skills)


def views(client: TestClient, game: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {pid: client.get(f"/api/p/{link['token']}").json() for pid, link in game["players"].items()}


def seat(seen: dict[str, dict[str, Any]], country: str, identity: str) -> str:
    return next(pid for pid, v in seen.items() if v["country"] == country and v["identity"] == identity)


def recognised_pair(client: TestClient, **extra: Any) -> tuple[dict[str, Any], str, str]:
    """A game where 小喬 (吳女眷) used 天作之合 on night 1 with 周瑜 (吳正軍師) seated: 「你與周瑜互識」,
    published; returns the game, 小喬's and 周瑜's ids. Their countryman the 吳副軍師 plays a character
    without passive skills (nothing of theirs changes a ruling's death, whatever the seats)."""
    game = new_game(client, **extra)
    seen = views(client, game)
    xiao, zhou, third = seat(seen, "吳", "女眷"), seat(seen, "吳", "正軍師"), seat(seen, "吳", "副軍師")
    plain = next(c for c in seen[third]["choices"] if passive_free(c))
    choose_all(client, game, prefer={xiao: "小喬", zhou: "周瑜", third: plain})
    judge = game["judge_token"]
    assert client.post(f"/api/j/{judge}/start", json={}).status_code == 200
    # before any 互識 neither may enter
    assert client.get(f"/api/p/{game['players'][xiao]['token']}/talk").json()["room"] is None
    answer = client.post(f"/api/p/{game['players'][xiao]['token']}/talk/country", json={"text": "有人嗎"})
    assert answer.status_code == 403 and answer.json()["error"] == chat.NOT_ENTITLED
    acted = client.post(f"/api/p/{game['players'][xiao]['token']}/actions", json={"actions": [{"skill": "天作之合"}]})
    assert acted.status_code == 200, acted.text
    assert client.post(f"/api/j/{judge}/resolve", json={}).status_code == 200
    assert client.post(f"/api/j/{judge}/publish", json={"confirm": True}).status_code == 200
    mine = client.get(f"/api/p/{game['players'][xiao]['token']}").json()
    assert zhou in mine["known"] and xiao in client.get(f"/api/p/{game['players'][zhou]['token']}").json()["known"]
    return game, xiao, zhou


def test_a_country_room_opens_to_two_countrymen_who_recognise_each_other_and_only_to_them(client):
    game, xiao, zhou = recognised_pair(client)
    links = {pid: game["players"][pid]["token"] for pid in IDS}
    for pid in (xiao, zhou):
        assert client.get(f"/api/p/{links[pid]}/talk").json()["room"] == "吳"
    page = f"/p/{links[xiao]}"
    assert post(client, page, f"{page}/talk/country", {"text": f"周郎 {SCRIPT}"}).status_code == 303
    assert client.post(f"/api/p/{links[zhou]}/talk/country", json={"text": "小喬，我在"}).status_code == 200
    said = client.get(f"/api/p/{links[zhou]}/talk").json()["posts"]
    assert [(p["author"], p["text"]) for p in said] == [(xiao, f"周郎 {SCRIPT}"), (zhou, "小喬，我在")]
    zhou_page = client.get(f"/p/{links[zhou]}").text
    assert "國家群：吳" in zhou_page and ESCAPED in zhou_page and SCRIPT not in zhou_page
    # the judges read every room (escaped)
    console = client.get(f"/j/{game['judge_token']}").text
    assert ESCAPED in console and SCRIPT not in console and "小喬，我在" in console
    rooms = client.get(f"/api/j/{game['judge_token']}/talk").json()["rooms"]
    assert {r["country"]: len(r["posts"]) for r in rooms} == {"魏": 0, "蜀": 0, "吳": 2, "群": 0}
    # anyone else gets nothing: not the room, not a message, not the members
    for pid in IDS:
        if pid in (xiao, zhou):
            continue
        answer = client.get(f"/api/p/{links[pid]}/talk").json()
        assert answer["room"] is None and answer["posts"] == []
        text = html.unescape(client.get(f"/p/{links[pid]}").text)
        assert "國家群" not in text and "小喬，我在" not in text and "周郎" not in text
        refused = client.post(f"/api/p/{links[pid]}/talk/country", json={"text": "讓我進去"})
        assert refused.status_code == 403 and refused.json()["error"] == chat.NOT_ENTITLED
    assert "讓我進去" not in client.get(f"/j/{game['judge_token']}").text  # refused posts are not stored
    public = html.unescape(client.get(f"/g/{game['public_id']}").text)
    assert "小喬，我在" not in public and "國家群" not in public
    assert client.get(f"/api/g/{game['public_id']}").text.count("小喬，我在") == 0


def test_a_player_who_exits_without_a_recognition_cannot_enter_and_one_who_had_one_still_can(client):
    game, xiao, zhou = recognised_pair(client, judges=3)
    beidou, nandou, caipan = (game["judges"][s]["token"] for s in ("北斗", "南斗", "裁判"))
    lonely = next(pid for pid in IDS if client.get(f"/api/p/{game['players'][pid]['token']}").json()[
        "identity"] == "副軍師" and client.get(f"/api/p/{game['players'][pid]['token']}").json()["country"] == "吳")
    assert client.post(f"/api/j/{beidou}/resolve", json={}).status_code == 403  # the day's vote count is the 南斗's
    assert client.post(f"/api/j/{nandou}/resolve", json={}).status_code == 200  # day 1's vote: nobody voted
    for pid in (lonely, zhou):  # the 裁判 disqualifies two 吳 players
        ruled = client.post(f"/api/j/{caipan}/rule", json={"ruling": {"effect": "kill", "target": pid, "text": "違紀"},
                                                                "confirm": True})
        assert ruled.status_code == 200, ruled.text
    assert client.post(f"/api/j/{beidou}/publish", json={"confirm": True}).status_code == 200
    for pid in (lonely, zhou):
        assert client.get(f"/api/p/{game['players'][pid]['token']}").json()["status"] == "out"
    answer = client.post(f"/api/p/{game['players'][lonely]['token']}/talk/country", json={"text": "我出局了"})
    assert answer.status_code == 403 and answer.json()["error"] == chat.NOT_ENTITLED
    assert client.post(f"/api/p/{game['players'][zhou]['token']}/talk/country", json={"text": "遺憾"}).status_code == 200


def test_country_posts_are_rate_limited_and_bounded(client):
    game, xiao, _zhou = recognised_pair(client)
    link = game["players"][xiao]["token"]
    for i in range(chat.BURST):
        assert client.post(f"/api/p/{link}/talk/country", json={"text": f"第{i}句"}).status_code == 200
    answer = client.post(f"/api/p/{link}/talk/country", json={"text": "太快了"})
    assert answer.status_code == 429 and "發言太快" in answer.json()["error"]
    assert client.post(f"/api/p/{link}/talk/country", json={"text": "長" * (chat.MAX_TEXT + 1)}).status_code == 413
    assert client.post(f"/api/p/{link}/talk/country", json={"text": "a\x00b"}).status_code == 422
    assert client.post(f"/api/p/{link}/talk/elsewhere", json={"text": "x"}).status_code == 404
    assert len(client.get(f"/api/p/{link}/talk").json()["posts"]) == chat.BURST


def test_a_database_of_the_first_schema_is_upgraded_to_the_posts_table_keeping_its_games(db_url):
    """Migration 0002 adds ``posts`` to a database made by 0001 (with a game in it), on SQLite and PostgreSQL."""
    from alembic import command
    from sqlalchemy import inspect

    from tianting.server import db
    from tianting.server.store import Store

    engine = db.make_engine(db_url)
    with engine.connect() as conn:
        config = db._alembic_config()
        config.attributes["connection"] = conn
        command.upgrade(config, "0001")
        conn.commit()
        assert "posts" not in inspect(conn).get_table_names()
        conn.exec_driver_sql("INSERT INTO games VALUES ('g1', 'pub1', '舊局', 0, 'choosing', NULL, '2026-01-01')")
        conn.commit()
    engine.dispose()
    store = Store(db_url)
    try:
        with store.engine.connect() as conn:
            assert "posts" in inspect(conn).get_table_names()
            assert conn.exec_driver_sql("SELECT title FROM games").scalar() == "舊局"
            assert conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar() == db.head_revision()
            conn.rollback()
        chat.save(store, "g1", chat.country_room("吳"), "P01", "升級後")
        assert chat.read(store, "g1", [chat.country_room("吳")])["country:吳"][0]["text"] == "升級後"
    finally:
        store.close()
