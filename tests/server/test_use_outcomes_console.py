"""What came of each use, on the judges' console (the transcript's ``uses``: rulings R-SG18, D-A8), on SQLite and
PostgreSQL: after a night of a 24人 or 鼎立三分2.0 game resolves, the draft lists every action with its outcome (生效,
失败, 无效, 待裁: the rule set's Simplified script) and the engine's reason, and so does each published phase; every
judge of three sees it, and the judge's 復盤 keeps it. No player's page or API answer, nor the public page, shows another player's outcome (a leak
of hidden information is a security bug): a player reads only what their feedback says."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from tests.server.test_api_flow import Api
from tests.server.test_dingli2_hosted import IDS as DINGLI_IDS
from tests.server.test_dingli2_hosted import Table as DingliTable
from tests.server.test_pages import post
from tests.server.test_security_api import walk
from tianting.server.store import Store

IDS = [f"玩家{i:02d}" for i in range(1, 25)]
SECRET_WHY = "暗中违规不宜公开"
"""The reason the judge gives for a void ruling: the judges' record, no player's."""
REASONS = ("刺杀到本国君主", "指认错误，招揽未成", SECRET_WHY, "全局发生")
"""The engine's and the judge's reasons for outcomes: none may reach a player's page or the public page."""


def _seeded(client: TestClient) -> tuple[Api, dict[str, str]]:
    store: Store = client.app.state.store
    made = store.create_game("二十四人局", "sg24", IDS, night_minutes=60, day_minutes=30, seed=2, salt="鹽")
    api = Api(client, made.judge_token, made.player_tokens, made.public_id, made.game_id)
    return api, {p["character"]: p["id"] for p in api.console()["players"]}


def rows(page: str, table_id: str) -> list[str]:
    """The rows of the console's outcome table ``table_id``, each as its text (tags dropped)."""
    found = re.search(rf'<table class="use-outcomes" id="{table_id}">(.*?)</table>', page, re.S)
    assert found, f"no table {table_id}"
    body = found.group(1).split("<tbody>", 1)[1]
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", row)).strip() for row in body.split("</tr>") if "<tr" in row]


def _no_outcome_shown(client: TestClient, api: Api, ids: list[str]) -> None:
    """Every player's page (both scripts) and API view, and the public page and API, show no outcome table and no
    reason of an outcome; no key ``uses`` outside a player's own feedback."""
    pages = [f"/p/{api.tokens[pid]}" for pid in ids] + [f"/g/{api.public_id}"]
    for url in pages:
        for script in ("", "?script=traditional"):
            text = client.get(url + script).text
            assert "use-outcomes" not in text and "各行动的结果" not in text and "各行動的結果" not in text, url
            assert not [r for r in REASONS if r in text], url
    views = [api.view(pid) for pid in ids] + [api.public()]
    for view in views:
        assert not [path for path, key, _ in walk(view, skip=("feedback",)) if key == "uses"]
        assert not [r for r in REASONS if r in str(view)]


def test_a_24_player_night_shows_each_outcome_to_the_judge_and_to_no_player(client: TestClient) -> None:
    """R-SG18: 「刺杀到本国君主时，刺杀无效」 (无效), a 招揽 naming the wrong character (失败), a stab that reached its
    target (生效), a pack skill (待裁, 天庭裁定); the judge's void ruling turns an action 无效 with his reason."""
    api, who = _seeded(client)
    api.judge("start")
    sent = {who["张辽"]: {"skill": "刺杀", "targets": [who["黄盖"]]},
            who["夏侯惇"]: {"skill": "刺杀", "targets": [who["曹操"]]},
            who["曹操"]: {"skill": "招揽", "targets": [who["华佗"]], "args": {"character": "陈登"}},
            who["郭嘉"]: {"skill": "洞若观火", "targets": [who["刘备"]]}}
    for pid, action in sent.items():
        api.player(pid, "actions", {"actions": [action]})
    _no_outcome_shown(client, api, IDS)  # nothing is decided yet
    for pid in IDS:
        if pid not in sent:
            api.player(pid, "actions", {"actions": []})
    assert api.console()["stage"] == "draft"

    # the API's draft carries the transcript's uses: each action, numbered as the ruling form numbers it
    uses = api.draft()["uses"]
    assert [(u["actor"], u["state"], u.get("why"), u.get("judged", False)) for u in uses] == [
        (who["张辽"], "done", None, False), (who["夏侯惇"], "void", "刺杀到本国君主", False),
        (who["曹操"], "failed", "指认错误，招揽未成", False), (who["郭嘉"], "pending", "待天庭裁定", True)]
    assert [u["action"] for u in uses] == [a["index"] for a in api.console()["current"]["ruling_help"]["actions"]]

    console = f"/j/{api.judge_token}"
    page = client.get(console + "?script=simplified").text  # the 24人 rules' own script (the cookie set below aside)
    assert "各行动的结果" in page
    assert rows(page, "draft-uses") == [
        f"1 {who['张辽']} 【刺杀】 → {who['黄盖']} 生效",
        f"2 {who['夏侯惇']} 【刺杀】 → {who['曹操']} 无效 刺杀到本国君主",
        f"3 {who['曹操']} 【招揽】 → {who['华佗']}（角色：陈登） 失败 指认错误，招揽未成",
        f"4 {who['郭嘉']} 【洞若观火】 → {who['刘备']} 待裁 天庭裁定 待天庭裁定"]
    # a judge who reads Traditional: the labels are the console's, the reasons the engine's (Simplified) words
    assert rows(client.get(console + "?script=traditional").text, "draft-uses")[1:] == [
        f"2 {who['夏侯惇']} 【刺杀】 → {who['曹操']} 無效 刺杀到本国君主",
        f"3 {who['曹操']} 【招揽】 → {who['华佗']}（角色：陈登） 失敗 指认错误，招揽未成",
        f"4 {who['郭嘉']} 【洞若观火】 → {who['刘备']} 待裁 天庭裁定 待天庭裁定"]

    # the judge rules 郭嘉's skill void (the console's ruling form): the draft is resolved again, and says so
    ruled = post(client, console, console + "/rule", {"effect": "void", "action": "3", "why": SECRET_WHY})
    assert ruled.status_code == 303, ruled.text
    assert rows(client.get(console + "?script=simplified").text, "draft-uses")[3] == \
        f"4 {who['郭嘉']} 【洞若观火】 → {who['刘备']} 无效 天庭裁定 天庭裁定失效：{SECRET_WHY}"
    _no_outcome_shown(client, api, IDS)  # the draft is the judges'

    # published: the players read their feedback (曹操 his own 招揽's), never the table; the console keeps it
    api.judge("publish")
    page = client.get(console + "?script=simplified").text
    assert 'id="draft-uses"' not in page
    published = rows(page, "published-uses-0")
    assert len(published) == 4 and "天庭裁定失效：" + SECRET_WHY in published[3]
    assert api.console()["published"][0]["uses"][1]["why"] == "刺杀到本国君主"
    assert any("招揽未成" in f["text"] for f in api.view(who["曹操"])["feedback"])
    _no_outcome_shown(client, api, IDS)
    # the judge's 復盤 keeps the same table beside the trace (the public's only once the game is over)
    replay = client.get(console + "/replay?script=simplified").text
    assert rows(replay, "replay-uses-0") == published
    assert client.get(f"/g/{api.public_id}/replay").status_code == 404

    # day 2 has no action: its draft says so, in words
    api.judge("resolve")
    assert "（本阶段没有行动）" in client.get(console + "?script=simplified").text and api.draft()["uses"] == []


class SeededDingli(DingliTable):
    """test_dingli2_hosted's table of 26 with three judges, dealt with a fixed seed (张辽 and 郭嘉 seated)."""

    def __init__(self, client: TestClient, seed: int = 1) -> None:
        self.client = client
        store: Store = client.app.state.store
        made = store.create_game("鼎立測試", "dingli2", DINGLI_IDS, seed=seed, salt="鹽", judges=3)
        self.judge, self.token, self.public_id = dict(made.judge_tokens), dict(made.player_tokens), made.public_id
        assert self.post_j("北斗", "start").status_code == 200
        self.views = {pid: self.view(pid) for pid in DINGLI_IDS}


def test_every_judge_of_a_dingli_game_sees_the_outcomes_and_no_player_does(client: TestClient) -> None:
    """D-A8: a global goes off whatever is ruled (「全局发生」: 张辽's 威震逍遥津, 全局技能), any other pack skill is the
    judge's (郭嘉's 洞若观火); the 北斗 resolves, and the 南斗 and the 裁判 read the same outcomes on their consoles."""
    t = SeededDingli(client)
    who = {v["character"]: pid for pid, v in t.views.items()}
    sent = {who["张辽"]: {"skill": "威震逍遥津"}, who["郭嘉"]: {"skill": "洞若观火", "targets": [who["刘备"]]}}
    for pid, action in sent.items():
        response = t.post_p(pid, "actions", {"actions": [action]})
        assert response.status_code == 200, response.text
    t.rest(set(sent))
    draft = t.state()["current"]["draft"]
    assert sorted((u["actor"], u["state"], u["why"]) for u in draft["uses"]) == sorted([
        (who["张辽"], "done", "全局发生"), (who["郭嘉"], "pending", "待天庭裁定")])
    number = {u["actor"]: u["action"] + 1 for u in draft["uses"]}
    for seat in ("北斗", "南斗", "裁判"):
        found = rows(t.client.get(f"/j/{t.judge[seat]}?script=simplified").text, "draft-uses")
        assert sorted(found) == sorted([
            f"{number[who['张辽']]} {who['张辽']} 【威震逍遥津】 生效 全局发生",
            f"{number[who['郭嘉']]} {who['郭嘉']} 【洞若观火】 → {who['刘备']} 待裁 天庭裁定 待天庭裁定"]), seat
    for url in [f"/p/{t.token[pid]}" for pid in DINGLI_IDS] + [f"/g/{t.public_id}"]:
        text = t.client.get(url).text
        assert "use-outcomes" not in text and "全局发生" not in text and "待天庭裁定" not in text, url
    for view in [t.view(pid) for pid in DINGLI_IDS] + [t.client.get(f"/api/g/{t.public_id}").json()]:
        assert not [p for p, key, _ in walk(view, skip=("feedback",)) if key == "uses"]
        assert "全局发生" not in str(view) and "待天庭裁定" not in str(view)


def test_a_kk33_console_is_as_it_was(client: TestClient) -> None:
    """KK 3.3's transcript has no ``uses`` (its bytes are pinned): its console shows no outcome table and its API's
    draft and published phases carry no such key."""
    from tests.server.conftest import choose_all

    api = Api.seeded(client, seed=1)
    choose_all(client, {"players": {pid: {"token": tok} for pid, tok in api.tokens.items()}})
    api.judge("start")
    api.judge("resolve")
    assert "uses" not in api.draft() and "use-outcomes" not in client.get(f"/j/{api.judge_token}").text
    api.judge("publish")
    assert "uses" not in api.console()["published"][0]
    assert "use-outcomes" not in client.get(f"/j/{api.judge_token}").text
