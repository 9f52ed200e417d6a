"""A hosted game created with its judge's own character pack through the JSON API and the home form (issue 31,
items 2 and 5): a bad pack refused (422, the loader's Chinese message naming character, skill and field) with
nothing stored; the judges' console shows the pack's own text of a skill and the text generated from its effect
beside it (由效果生成); a player's page shows one text only, and no other character's; the 復盤 names the pack."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import func, select

from tests.hosting.test_hosted_pack import OWN_TEXT, own_pack
from tests.server.test_api_flow import Api
from tests.server.test_pages import csrf_of
from tianting.server.db import games

IDS = [f"玩家{i:02d}" for i in range(1, 25)]
GENERATED = "指定1个ID，得知其身份"
"""The sentence generated from the test pack's effect of 【宛城血战】 (``learn`` ``identity`` of the target)."""


def _created(client: TestClient, pack: Any) -> Api:
    answer = client.post("/api/games", json={"title": "自带包", "rules": "sg24", "ids": IDS, "pack": pack})
    assert answer.status_code == 201, answer.text
    return Api.created(client, answer.json())


def _stored_games(client: TestClient) -> int:
    with client.app.state.store.engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(games)).scalar_one())


def _by_character(api: Api) -> dict[str, str]:
    return {p["character"]: p["id"] for p in api.console()["players"]}


def test_the_api_creates_a_game_with_the_pack_and_plays_it(client: TestClient) -> None:
    api = _created(client, own_pack())
    who = _by_character(api)
    api.judge("start")
    api.player(who["典韦"], "actions", {"actions": [{"skill": "宛城血战", "targets": [who["关羽"]]}]})
    api.judge("resolve", {"phase": 0})
    draft = api.console()["current"]["draft"]
    identity = next(p["identity"] for p in api.console()["players"] if p["id"] == who["关羽"])
    assert [(f["skill"], f["data"]) for f in draft["feedback"][who["典韦"]]] == \
        [("宛城血战", {"fact": "identity", "value": identity})]
    export = client.get(f"/j/{api.judge_token}/export.json").json()
    assert export["script"]["pack"] == own_pack()


def test_a_bad_pack_is_refused_on_the_api_and_nothing_is_stored(client: TestClient) -> None:
    pack = own_pack()
    pack["characters"][0]["skills"][0]["effect"] = {"trigger": "voted_top", "do": [{"verb": "boom"}]}
    before = _stored_games(client)
    answer = client.post("/api/games", json={"title": "坏包", "rules": "sg24", "ids": IDS, "pack": pack})
    assert answer.status_code == 422
    assert "「曹操」【割发代首】.effect.do[0].verb" in answer.json()["error"]
    kk = client.post("/api/games", json={"title": "KK", "rules": "kk33", "ids": IDS[:22], "pack": own_pack()})
    assert kk.status_code == 422 and "沒有角色包" in kk.json()["error"]
    assert _stored_games(client) == before


def test_the_home_form_takes_a_pasted_pack(client: TestClient) -> None:
    home = client.get("/")
    assert 'name="pack"' in home.text
    response = client.post("/games", data={
        "csrf": csrf_of(home.text), "title": "表单包", "rules": "sg24", "ids": "\n".join(IDS),
        "pack": json.dumps(own_pack(), ensure_ascii=False)}, follow_redirects=False)
    assert response.status_code == 303, response.text
    console = client.get(response.headers["location"])
    assert "法官甲的角色包" in console.text and OWN_TEXT in console.text


def test_the_home_form_refuses_a_bad_pack_keeping_what_was_typed(client: TestClient) -> None:
    home = client.get("/").text
    before = _stored_games(client)
    broken = client.post("/games", data={"csrf": csrf_of(home), "title": "坏JSON", "rules": "sg24",
                                         "ids": "\n".join(IDS), "pack": "{\"format\": "}, follow_redirects=False)
    assert broken.status_code == 422 and "不是有效的JSON" in broken.text and "坏JSON" in broken.text
    pack = own_pack()
    pack["characters"][0]["skills"][0]["effect"] = {"trigger": "voted_top", "do": [{"verb": "boom"}]}
    bad = client.post("/games", data={"csrf": csrf_of(home), "title": "坏包", "rules": "sg24", "ids": "\n".join(IDS),
                                      "pack": json.dumps(pack, ensure_ascii=False)}, follow_redirects=False)
    assert bad.status_code == 422 and "【割发代首】.effect.do[0].verb" in bad.text
    assert _stored_games(client) == before


def test_the_console_shows_both_texts_and_a_player_only_one(client: TestClient) -> None:
    api = _created(client, own_pack())
    who = _by_character(api)
    console = client.get(f"/j/{api.judge_token}").text
    line = console.index("【宛城血战】")
    assert console.index(OWN_TEXT, line) < console.index("由效果生成：", line) < console.index(GENERATED, line)
    digest = hashlib.sha256(json.dumps(own_pack(), ensure_ascii=False, sort_keys=True,
                                       separators=(",", ":")).encode()).hexdigest()
    assert digest in console

    api.judge("start")  # a player's page lists the skills once the game is on
    mine = client.get(f"/p/{api.tokens[who['典韦']]}").text
    assert OWN_TEXT in mine and GENERATED not in mine and "由效果生成" not in mine
    assert 'id="pack"' not in mine and "曹操 魏 君主" not in mine  # no pack card: it names the characters in play
    # a skill the pack gives no text of: the player reads the one generated from its effect
    assert "自己受伤时也能行动" in mine  # 典韦's 【古之恶来】: act_wounded on himself
    other = client.get(f"/p/{api.tokens[who['关羽']]}").text
    assert OWN_TEXT not in other and "宛城血战" not in other


def test_the_replay_names_the_pack_and_lists_its_texts(client: TestClient) -> None:
    api = _created(client, own_pack())
    replay = client.get(f"/j/{api.judge_token}/replay").text
    assert 'id="pack-label"' in replay and "法官甲的角色包" in replay
    assert OWN_TEXT in replay and GENERATED in replay
    bundled = client.post("/api/games", json={"title": "内建", "rules": "sg24", "ids": IDS}).json()
    page = client.get(f"/j/{bundled['judge_token']}/replay").text
    assert "內建角色包" in page or "内建角色包" in page
    assert 'id="pack-digest"' not in page


def test_a_creation_may_carry_a_whole_pack_beyond_the_usual_body_limit(client: TestClient) -> None:
    """The bundled 鼎立 pack as a judge's own is larger than the 64 KiB any other request may send: a game's
    creation may be up to ``MAX_CREATE_BODY``; other requests keep the usual limit."""
    from tianting.rules.dingli2.pack import bundled_text
    from tianting.server.security import MAX_BODY, MAX_CREATE_BODY

    pack = json.loads(bundled_text("tianting.rules.dingli2"))
    body = json.dumps({"title": "鼎立自带包", "rules": "dingli2", "ids": [f"玩家{i:02d}" for i in range(1, 27)],
                       "pack": pack})
    assert MAX_BODY < len(body) < MAX_CREATE_BODY
    made = client.post("/api/games", content=body, headers={"content-type": "application/json"})
    assert made.status_code == 201, made.text
    too_big = client.post("/api/games", content=" " * (MAX_CREATE_BODY + 1), headers={"content-type": "application/json"})
    assert too_big.status_code == 413
    token = made.json()["judge_token"]
    other = client.post(f"/api/j/{token}/note", content=json.dumps({"text": "x" * (MAX_BODY + 1)}),
                        headers={"content-type": "application/json"})
    assert other.status_code == 413
