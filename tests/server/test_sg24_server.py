"""A 24人 game (sg24) hosted through the JSON API and the pages, on SQLite and PostgreSQL (issue 15, 5:
"`serve` (在野 joining, 伤判 by day, last words with a called id, judge rulings)").

Rule text quoted from seed 001 (001_a450bbe2dee8877c.txt). The game is created with a fixed seed so the
dealt seats are known; each fact the test relies on is asserted where it is used.
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.test_api_flow import Api
from tests.server.test_pages import post
from tianting.hosting.verify import verify_export
from tianting.server.store import Store

IDS = [f"玩家{i:02d}" for i in range(1, 25)]


def _seeded(client: TestClient, seed: int = 2) -> Api:
    store: Store = client.app.state.store
    made = store.create_game("二十四人局", "sg24", IDS, night_minutes=60, day_minutes=30, seed=seed, salt="鹽")
    return Api(client, made.judge_token, made.player_tokens, made.public_id, made.game_id)


def _by_character(api: Api) -> dict[str, str]:
    return {p["character"]: p["id"] for p in api.console()["players"]}


def _submit_rest(api: Api, done: set[str]) -> dict[str, Any]:
    answer: dict[str, Any] = {}
    for pid in IDS:
        if pid not in done:
            answer = api.player(pid, "actions", {"actions": []})
    return answer


def test_a_24_player_game_through_the_api(client):
    api = _seeded(client)
    who = _by_character(api)
    assert len(who) == 24 and api.console()["stage"] == "choosing"
    # 「玩家共24人」: the seats are dealt with their characters; nobody chooses
    assert api.view(who["曹操"])["character"] == "曹操"
    assert "不能選擇" in api.refused(who["曹操"], "choose", {"character": "刘备"}, 409)
    api.judge("start")

    # ---- night 1 -------------------------------------------------------------------------------
    # a 魏 killer stabs 吴's 黄盖 (「每国杀手每夜可以进行一次刺杀」: another country's target dies);
    # 曹操 招揽s the 在野 华佗, naming him rightly (「君主可以通过指认在野为某角色来招揽」)
    killer = who["张辽"]
    view = api.view(killer)
    assert [r["skill"] for r in view["skills"] if r["source"] == "general"][0] == "刺杀"
    api.player(killer, "actions", {"actions": [{"skill": "刺殺", "targets": [who["黄盖"]]}]})
    assert "招揽" in [r["skill"] for r in api.view(who["曹操"])["skills"]]
    api.player(who["曹操"], "actions", {"actions": [{"skill": "招攬", "targets": [who["华佗"]],
                                                      "args": {"character": "華佗"}}]})
    error = api.refused(who["刘备"], "actions", {"actions": [{"skill": "刺杀", "targets": [who["曹操"]]}]}, 422)
    assert "不是杀手" in error
    answer = _submit_rest(api, {killer, who["曹操"]})
    assert answer["events"] == ["submit", "resolve"]
    draft = api.draft()
    assert who["黄盖"] in draft["announcement"]["died"]
    # the pack's passive skills in play are the judge's to rule (R-SG11), said so, not "not built"
    unbuilt = [n for n in draft["notices"] if n["kind"] == "unbuilt"]
    assert unbuilt and all("由天庭裁定" in n["message"] and "尚未實作" not in n["message"] for n in unbuilt)
    [join] = [d for d in draft["decisions"] if d["skill"] == "入国"]
    assert (join["actor"], join["defaulted"]) == (who["华佗"], True)

    # the 在野 is asked and answers himself (「在野同意后次夜开始时加入」)
    api.judge("ask-decision", {"actor": who["华佗"], "skill": "入国"})
    assert [d["skill"] for d in api.view(who["华佗"])["decisions"]] == ["入国"]
    api.player(who["华佗"], "decide", {"skill": "入国", "answer": "魏"})
    assert [d for d in api.draft()["decisions"] if d["skill"] == "入国"][0]["defaulted"] is False

    # the judge rules: 天庭裁定 wounds 刘备 (a skill the pack leaves to the judge)
    api.judge("rule", {"ruling": {"effect": "injure", "target": who["刘备"], "why": "技能由天庭裁定"}})
    assert who["刘备"] in api.draft()["announcement"]["injured"]

    # last words with one called id (「一条遗言内不能出现多个ID」)
    api.judge("ask-last-words")
    api.player(who["黄盖"], "last-words", {"text": f"{who['张辽']}是凶手"})
    api.judge("rule-last-words", {"player": who["黄盖"], "approved": True})
    assert api.draft()["announcement"]["last_words"] == {who["黄盖"]: f"{who['张辽']}是凶手"}
    api.judge("publish")
    night = api.public()["announcements"][0]
    assert f"{who['张辽']}是凶手" in night["text"]

    # ---- day 2: 伤判 of the wounded, then the vote ---------------------------------------------------
    assert api.view(who["华佗"])["country"] == "在野"  # 「次夜开始时加入」: not yet by day
    assert "在野投票无效" in client.get(f"/p/{api.tokens[who['华佗']]}").text  # and told his vote is void
    # R-SG12: the wounded player gives the digit that picks his 伤判 from the dealt table; nobody else may
    assert api.view(who["刘备"])["open"]["wound_check"] is True
    assert 'id="submit-digit"' in client.get(f"/p/{api.tokens[who['刘备']]}").text
    assert 'id="submit-digit"' not in client.get(f"/p/{api.tokens[who['曹操']]}").text
    api.judge("digit-for", {"player": who["刘备"], "digit": 7, "via": "message"})  # from his private message
    assert api.view(who["刘备"])["open"]["digit"] == 7
    message = client.get(f"/j/{api.judge_token}/message?player={who['刘备']}").text
    assert 'id="digit-for-form"' in message
    # RJ6: his private message 「投…，伤判出五」 gives the vote and the digit, put in the judge's form to confirm
    read = post(client, f"/j/{api.judge_token}/message", f"/j/{api.judge_token}/read-message",
                {"player": who["刘备"], "text": f"投{who['孙坚']}，伤判出五"})
    assert 'id="reading-wound-digit"' in read.text and 'pattern="[0-9]" value="5"' in read.text
    assert api.view(who["刘备"])["open"]["digit"] == 7  # read, not recorded
    api.player(who["刘备"], "digit", {"digit": 4})  # the latest counts
    assert api.view(who["刘备"])["open"]["digit"] == 4
    assert "沒有傷判" in api.refused(who["曹操"], "digit", {"digit": 3}, 409)
    assert "0至9" in api.refused(who["刘备"], "digit", {"digit": 12}, 422)
    for voter in IDS[:10]:
        if voter != who["孙坚"]:
            api.player(voter, "vote", {"target": who["孙坚"]})
    api.judge("resolve")
    day = api.draft()["announcement"]
    assert who["刘备"] in day["wound_checks"]  # 「白天受伤伤判阶段」
    check = [f for f in api.draft()["feedback"][who["刘备"]] if f["skill"] == "伤判"]
    assert check[0]["data"]["digit"] == 4
    assert day["voted"] == who["孙坚"] and "votes" not in api.public()  # the ballot is the judge's
    api.judge("publish")
    public_day = api.public()["announcements"][1]
    assert "votes" not in public_day and public_day["wound_checks"] == day["wound_checks"]
    assert api.view(who["华佗"])["country"] == "魏"  # night 2 has begun: he is 魏's now
    assert who["曹操"] in api.view(who["华佗"])["known"]  # 「与君主互相认识」

    # ---- the judge ends it: the export verifies -------------------------------------------------------
    api.judge("peace", {"judge": True})
    verdict = verify_export(api.export())
    assert verdict.ok, verdict.failures


def test_the_pages_of_a_24_player_game_render(client):
    api = _seeded(client, seed=3)
    pages = [f"/j/{api.judge_token}", f"/p/{api.tokens[IDS[0]]}", f"/g/{api.public_id}"]
    for page in pages:
        assert client.get(page).status_code == 200, page
    api.judge("start")
    for page in pages:
        response = client.get(page)
        assert response.status_code == 200, page
    assert "三国版杀24人规则" in client.get(f"/g/{api.public_id}").text
    # the pages are in the rule set's own script (Simplified for the 24人 rules) unless the reader chose one
    page = client.get(f"/p/{api.tokens[IDS[0]]}").text
    assert '<html lang="zh-Hans">' in page and "提交行动" in page
    chosen = client.get(f"/p/{api.tokens[IDS[0]]}?script=traditional").text
    assert '<html lang="zh-Hant">' in chosen and "提交行動" in chosen


def test_the_console_rules_a_defence_for_the_24_player_rules(client):
    """R-SG16: the judge finds a defence in play (a pack skill's protection) and the seed's 结算时 order applies it:
    the stab is stopped. The console offers 抵禦 only for a rule set that has it."""
    from tests.server.test_pages import post

    api = _seeded(client)
    who = _by_character(api)
    api.judge("start")
    api.player(who["张辽"], "actions", {"actions": [{"skill": "刺杀", "targets": [who["黄盖"]]}]})
    _submit_rest(api, {who["张辽"]})
    page = f"/j/{api.judge_token}"
    console = client.get(page).text
    assert 'value="defend"' in console and 'id="ruling-owner"' in console
    assert who["黄盖"] in api.draft()["announcement"]["died"]
    ruled = post(client, page, page + "/rule", {"effect": "defend", "target": who["黄盖"], "owner": who["太史慈"],
                                                "active": "1", "skill": "护卫的保护", "why": "天庭认定"})
    assert ruled.status_code == 303, ruled.text
    draft = api.draft()
    assert draft["announcement"]["died"] == [] and draft["rulings"][0]["owner"] == who["太史慈"]
    assert any("被抵御" in line for line in draft["trace"])
    assert "抵御：" in client.get(page).text  # the console in the rule set's script (Simplified)


def test_the_kk33_console_offers_no_defence(client):
    from tests.server.conftest import choose_all
    from tests.server.test_api_flow import Api as KKApi

    api = KKApi.seeded(client, seed=1)
    choose_all(client, {"players": {pid: {"token": t} for pid, t in api.tokens.items()}})
    api.judge("start")
    api.judge("resolve")
    assert 'value="defend"' not in client.get(f"/j/{api.judge_token}").text
