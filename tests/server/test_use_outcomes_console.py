"""What came of each use, on the judges' console (the transcript's ``uses``: rulings R-SG18, D-A8), on SQLite and
PostgreSQL: after a night of a 24人 or 鼎立三分2.0 game resolves, the draft lists every action with its outcome (生效,
失败, 无效, 待裁: the rule set's Simplified script) and the engine's reason, and so does each published phase; every
judge of three sees it, and the judge's 復盤 keeps it. No player's page or API answer, nor the public page, shows another player's outcome (a leak
of hidden information is a security bug): a player reads only what their feedback says."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from tests.declared_steps import judge_pack_data
from tests.server.conftest import IDS as IDS_KK
from tests.server.conftest import choose_all
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
    made = store.create_game("二十四人局", "sg24", IDS, night_minutes=60, day_minutes=30, seed=2, salt="鹽",
                             pack=judge_pack_data("sg24", ("庞统", "运筹帷幄")))  # his own pack leaves it to him
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
            who["庞统"]: {"skill": "运筹帷幄", "targets": [who["刘备"]]}}
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
        (who["曹操"], "failed", "指认错误，招揽未成", False), (who["庞统"], "pending", "待天庭裁定", True)]
    assert [u["action"] for u in uses] == [a["index"] for a in api.console()["current"]["ruling_help"]["actions"]]

    console = f"/j/{api.judge_token}"
    page = client.get(console + "?script=simplified").text  # the 24人 rules' own script (the cookie set below aside)
    assert "各行动的结果" in page
    assert rows(page, "draft-uses") == [
        f"1 {who['张辽']} 【刺杀】 → {who['黄盖']} 生效",
        f"2 {who['夏侯惇']} 【刺杀】 → {who['曹操']} 无效 刺杀到本国君主",
        f"3 {who['曹操']} 【招揽】 → {who['华佗']}（角色：陈登） 失败 指认错误，招揽未成",
        f"4 {who['庞统']} 【运筹帷幄】 → {who['刘备']} 待裁 天庭裁定 待天庭裁定"]
    # a judge who reads Traditional: the labels are the console's, the reasons the engine's (Simplified) words
    assert rows(client.get(console + "?script=traditional").text, "draft-uses")[1:] == [
        f"2 {who['夏侯惇']} 【刺杀】 → {who['曹操']} 無效 刺杀到本国君主",
        f"3 {who['曹操']} 【招揽】 → {who['华佗']}（角色：陈登） 失敗 指认错误，招揽未成",
        f"4 {who['庞统']} 【运筹帷幄】 → {who['刘备']} 待裁 天庭裁定 待天庭裁定"]

    # the judge rules 庞统's skill void (the console's ruling form): the draft is resolved again, and says so
    ruled = post(client, console, console + "/rule", {"effect": "void", "action": "3", "why": SECRET_WHY})
    assert ruled.status_code == 303, ruled.text
    assert rows(client.get(console + "?script=simplified").text, "draft-uses")[3] == \
        f"4 {who['庞统']} 【运筹帷幄】 → {who['刘备']} 无效 天庭裁定 天庭裁定失效：{SECRET_WHY}"
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
    """test_dingli2_hosted's table of 26 with three judges, dealt with a fixed seed (张辽 and 典韦 seated)."""

    def __init__(self, client: TestClient, seed: int = 1) -> None:
        self.client = client
        store: Store = client.app.state.store
        made = store.create_game("鼎立測試", "dingli2", DINGLI_IDS, seed=seed, salt="鹽", judges=3,
                                 pack=judge_pack_data("dingli2", ("庞统", "运筹帷幄")))  # his own pack leaves it to him
        self.judge, self.token, self.public_id = dict(made.judge_tokens), dict(made.player_tokens), made.public_id
        assert self.post_j("北斗", "start").status_code == 200
        self.views = {pid: self.view(pid) for pid in DINGLI_IDS}


def test_every_judge_of_a_dingli_game_sees_the_outcomes_and_no_player_does(client: TestClient) -> None:
    """D-A8: a global goes off whatever is ruled (「全局发生」: 张辽's 威震逍遥津, 全局技能), any other pack skill is the
    judge's (庞统's 运筹帷幄); the 北斗 resolves, and the 南斗 and the 裁判 read the same outcomes on their consoles."""
    t = SeededDingli(client)
    who = {v["character"]: pid for pid, v in t.views.items()}
    sent = {who["张辽"]: {"skill": "威震逍遥津"}, who["庞统"]: {"skill": "运筹帷幄", "targets": [who["刘备"]]}}
    for pid, action in sent.items():
        response = t.post_p(pid, "actions", {"actions": [action]})
        assert response.status_code == 200, response.text
    t.rest(set(sent))
    draft = t.state()["current"]["draft"]
    assert sorted((u["actor"], u["state"], u["why"]) for u in draft["uses"]) == sorted([
        (who["张辽"], "done", "全局发生"), (who["庞统"], "pending", "待天庭裁定")])
    number = {u["actor"]: u["action"] + 1 for u in draft["uses"]}
    for seat in ("北斗", "南斗", "裁判"):
        found = rows(t.client.get(f"/j/{t.judge[seat]}?script=simplified").text, "draft-uses")
        assert sorted(found) == sorted([
            f"{number[who['张辽']]} {who['张辽']} 【威震逍遥津】 生效 全局发生",
            f"{number[who['庞统']]} {who['庞统']} 【运筹帷幄】 → {who['刘备']} 待裁 天庭裁定 待天庭裁定"]), seat
    for url in [f"/p/{t.token[pid]}" for pid in DINGLI_IDS] + [f"/g/{t.public_id}"]:
        text = t.client.get(url).text
        assert "use-outcomes" not in text and "全局发生" not in text and "待天庭裁定" not in text, url
    for view in [t.view(pid) for pid in DINGLI_IDS] + [t.client.get(f"/api/g/{t.public_id}").json()]:
        assert not [p for p, key, _ in walk(view, skip=("feedback",)) if key == "uses"]
        assert "全局发生" not in str(view) and "待天庭裁定" not in str(view)


KK_SECRET_WHY = "天庭私下查明另有隱情"
"""The reason the KK 3.3 judge gives for a void ruling: the judges' record, no player's."""


def test_a_kk33_night_shows_each_outcome_to_the_judge_and_to_no_player(client: TestClient) -> None:
    """KK 3.3 (its transcript has no ``uses``: the console reads them from the drafted game's history and trace,
    rules/kk33/outcomes.py): a 刺殺 stopped by 援護 (無效, 「…援護」), 五虎封將 with fewer than two 五虎將 in play and
    no 法正 (失敗: 「必須滿足以下兩條件至少一個方可使用成功，否則使用失敗」, the engine's reason), a 明察 that went off
    (生效), and the judge's void ruling (無效, his reason), each numbered as the ruling form numbers it. No player's
    page or API view, nor the public page, shows the table or any reason, before or after publishing; the judge's
    復盤 keeps it, the public's only once the game is over. The transcript and the export stay without ``uses``."""

    api = Api.seeded(client, seed=1)
    [shu_lord] = api.who("蜀", "君主")
    shu = [p["id"] for p in api.console()["players"] if p["country"] == "蜀"]
    # 劉備 for 蜀's lord, no 法正 and at most one 五虎將 at the table (they are 蜀's): 五虎封將 fails
    api.player(shu_lord, "choose", {"character": "劉備"})
    tigers = ("關羽", "張飛", "趙雲", "馬超", "黃忠")
    for pid in [p for p in shu if p != shu_lord]:
        choices = api.view(pid)["choices"]
        for character in sorted(choices, key=lambda c: c in tigers):
            if character != "法正" and client.post(f"/api/p/{api.tokens[pid]}/choose",
                                                     json={"character": character}).status_code == 200:
                break
    seated = sum(p["character"] in tigers for p in api.console()["players"])
    assert seated < 2
    fails = f"五虎將在場{seated}人（少於兩人）且法正不在場"
    choose_all(client, {"players": {pid: {"token": tok} for pid, tok in api.tokens.items() if pid not in shu}})
    api.judge("start")
    [wei_lord], wei_guard = api.who("魏", "君主"), api.who("魏", "護衛")[0]
    wu_killer = api.who("吳", "殺手")[0]
    [shu_strategist], [wu_strategist] = api.who("蜀", "正軍師"), api.who("吳", "正軍師")
    sent = {wu_killer: [{"skill": "刺殺", "targets": [wei_lord]}], wei_guard: [{"skill": "援護", "targets": [wei_lord]}],
            shu_lord: [{"skill": "五虎封將"}], shu_strategist: [{"skill": "明察", "targets": [wu_killer]}],
            wu_strategist: [{"skill": "明察", "targets": [shu_lord]}]}
    for pid, actions in sent.items():
        api.player(pid, "actions", {"actions": actions})
    for pid in IDS_KK:
        if pid not in sent:
            api.player(pid, "actions", {"actions": []})
    assert api.console()["stage"] == "draft"
    uses = api.draft()["uses"]
    script_actions = api.console()["current"]["ruling_help"]["actions"]
    assert [u["action"] for u in uses] == [a["index"] for a in script_actions]
    assert sorted(u["action"] for u in uses) == [0, 1, 2, 3, 4]
    found = {(u["actor"], u["skill"]): (u["state"], u.get("why")) for u in uses}
    assert found == {
        (wu_killer, "刺殺"): ("void", f"{wei_guard} 援護"),
        (wei_guard, "援護"): ("done", None),
        (shu_lord, "五虎封將"): ("failed", fails),
        (shu_strategist, "明察"): ("done", None),
        (wu_strategist, "明察"): ("done", None)}, found
    # the trace says the same, in the engine's words (the table reads it, it does not make it up)
    trace = api.draft()["trace"]
    assert f"{wu_killer} 的刺殺對 {wei_lord} 無效：{wei_guard} 援護" in trace
    assert f"{shu_lord} 的【五虎封將】發動失敗：{fails}" in trace

    console = f"/j/{api.judge_token}"
    number = {(u["actor"], u["skill"]): u["action"] + 1 for u in uses}
    table = rows(client.get(console).text, "draft-uses")
    assert f"{number[wu_killer, '刺殺']} {wu_killer} 【刺殺】 → {wei_lord} 無效 {wei_guard} 援護" in table
    assert f"{number[shu_lord, '五虎封將']} {shu_lord} 【五虎封將】 失敗 {fails}" in table
    assert f"{number[shu_strategist, '明察']} {shu_strategist} 【明察】 → {wu_killer} 生效" in table
    _no_kk_outcome_shown(client, api, [u["why"] for u in uses if u.get("why")])

    # the judge rules 吳's 明察 void (the console's ruling form): the draft is resolved again, and says so
    ruled = post(client, console, console + "/rule",
                 {"effect": "void", "action": str(number[wu_strategist, "明察"] - 1), "why": KK_SECRET_WHY})
    assert ruled.status_code == 303, ruled.text
    [voided] = [u for u in api.draft()["uses"] if u["actor"] == wu_strategist]
    assert (voided["state"], voided["why"]) == ("void", f"天庭裁定（{KK_SECRET_WHY}）")
    assert f"{number[wu_strategist, '明察']} {wu_strategist} 【明察】 → {shu_lord} 無效 天庭裁定（{KK_SECRET_WHY}）" \
        in rows(client.get(console).text, "draft-uses")
    final = api.draft()["uses"]
    reasons = [u["why"] for u in final if u.get("why")]
    _no_kk_outcome_shown(client, api, reasons)

    # published: the console keeps the table under the phase; the players still read only their feedback
    api.judge("publish")
    page = client.get(console).text
    assert 'id="draft-uses"' not in page
    published = rows(page, "published-uses-0")
    assert len(published) == len(uses) and any(KK_SECRET_WHY in row for row in published)
    assert api.console()["published"][0]["uses"] == final
    _no_kk_outcome_shown(client, api, reasons)
    replay = client.get(console + "/replay").text
    assert rows(replay, "replay-uses-0") == published
    assert client.get(f"/g/{api.public_id}/replay").status_code == 404
    # KK 3.3's transcript and export keep their shape: no ``uses`` anywhere
    export = api.export()
    assert not [path for path, key, _ in walk(export) if key == "uses"]

    # the day after, no action: the draft says so in words
    api.judge("resolve")
    assert api.draft()["uses"] == [] and "（本階段沒有行動）" in client.get(console).text


def _no_kk_outcome_shown(client: TestClient, api: Api, reasons: list[str]) -> None:
    """No player's page or API view, nor the public page or API, shows an outcome table, a key ``uses`` outside a
    player's own feedback, or any of ``reasons``."""
    assert reasons
    for url in [f"/p/{api.tokens[pid]}" for pid in IDS_KK] + [f"/g/{api.public_id}"]:
        text = client.get(url).text
        assert "use-outcomes" not in text and "各行動的結果" not in text, url
        assert not [r for r in reasons if r in text], url
    for view in [api.view(pid) for pid in IDS_KK] + [api.public()]:
        assert not [path for path, key, _ in walk(view, skip=("feedback",)) if key == "uses"]
        assert not [r for r in reasons if r in str(view)]
