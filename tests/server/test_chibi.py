"""The game creation form's option 『角色技能·赤壁之戰』 (ruling R29): off, the slots offer the list of
附：身份與角色對應清單 only; on, 蔣干, 赤壁·諸葛亮 and 赤壁·魯肅 are offered beside it in their slots."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import IDS, choose_all
from tests.server.test_pages import csrf_of, jpage, player_state

CHIBI_SLOTS = {("魏", "副軍師"): "蔣干", ("蜀", "正軍師"): "赤壁·諸葛亮", ("蜀", "副軍師"): "赤壁·諸葛亮",
               ("吳", "副軍師"): "赤壁·魯肅"}


def _form_game(client: TestClient, **extra: str) -> dict[str, Any]:
    """A game made through the home form; returns the judge's API state and the player links."""
    home = client.get("/").text
    assert 'name="chibi"' in home and "赤壁之戰" in home
    response = client.post("/games", data={"csrf": csrf_of(home), "title": "赤壁局", "rules": "kk33",
                                           "ids": "\n".join(IDS), **extra}, follow_redirects=False)
    assert response.status_code == 303, response.text
    token = response.headers["location"].split("?")[0].removeprefix("/j/")
    state = client.get(f"/api/j/{token}").json()
    links = {pid: {"token": _player_token(token, pid)} for pid in IDS}
    return {"judge_token": token, "state": state, "players": links}


def _player_token(judge_token: str, pid: str) -> str:
    from tianting.server.security import player_token

    return player_token(judge_token, pid)


def _seat_of(game: dict[str, Any], country: str, identity: str) -> str:
    return next(p["id"] for p in game["state"]["players"] if p["country"] == country and p["identity"] == identity)


def test_the_form_with_chibi_offers_the_three_forms_and_a_player_takes_jiang_gan(client):
    game = _form_game(client, chibi="on")
    for (country, identity), character in CHIBI_SLOTS.items():
        pid = _seat_of(game, country, identity)
        assert character in player_state(client, game, pid)["choices"], (pid, character)
    assert "本局加入『角色技能·赤壁之戰』" in client.get(jpage(game)).text
    wei = _seat_of(game, "魏", "副軍師")
    chosen = choose_all(client, game, prefer={wei: "蔣干", _seat_of(game, "吳", "副軍師"): "赤壁·魯肅",
                                               _seat_of(game, "蜀", "正軍師"): "赤壁·諸葛亮",
                                               _seat_of(game, "蜀", "副軍師"): "龐統"})
    assert chosen[wei] == "蔣干"
    response = client.post(f"/api/j/{game['judge_token']}/start", json={})
    assert response.status_code == 200, response.text
    me = player_state(client, game, wei)
    assert "盜書" in [s["skill"] for s in me["skills"]]


def test_the_form_without_chibi_offers_the_list_only_and_refuses_jiang_gan(client):
    game = _form_game(client)
    for (country, identity), character in CHIBI_SLOTS.items():
        assert character not in player_state(client, game, _seat_of(game, country, identity))["choices"]
    assert "赤壁之戰" not in client.get(jpage(game)).text
    wei = _seat_of(game, "魏", "副軍師")
    token = game["players"][wei]["token"]
    refused = client.post(f"/api/p/{token}/choose", json={"character": "蔣干"})
    assert refused.status_code == 422 and "不能選擇「蔣干」" in refused.json()["error"]


def test_the_api_takes_chibi_as_a_boolean(client):
    made = client.post("/api/games", json={"title": "赤壁", "rules": "kk33", "ids": IDS, "chibi": True})
    assert made.status_code == 201, made.text
    state = client.get(f"/api/j/{made.json()['judge_token']}").json()
    assert state["chibi"] is True
    assert any("蔣干" in p["choices"] for p in state["players"])
    bad = client.post("/api/games", json={"title": "赤壁", "rules": "kk33", "ids": IDS, "chibi": "yes"})
    assert bad.status_code == 422 and "chibi" in bad.text
