"""Confirmation before every irreversible act (issue 29, 3): the page's dialog fills ``confirmed``; without it the
server refuses the act with a message that says what to confirm, and nothing changes (server/confirm.py)."""

from __future__ import annotations

from tests.server.test_pages import (
    jpage,
    judge_state,
    lord_of,
    post,
    ppage,
    stabbed_and_resolved,
    started_fixed_game,
)
from tianting.server import confirm


def test_publish_asks_on_the_console_and_is_refused_without_the_answer(client):
    game = started_fixed_game(client)
    stabbed_and_resolved(client, game, lord_of(client, game))
    console = client.get(jpage(game)).text
    form = console[console.index(f'action="{jpage(game)}/publish"'):]
    form = form[:form.index("</form>")]
    assert 'name="confirmed" value=""' in form and 'data-confirm="公布後不能撤回。' in form
    refused = post(client, jpage(game), jpage(game) + "/publish", {"confirmed": ""})
    assert refused.status_code == 409 and "須先確認" in refused.text
    assert judge_state(client, game)["stage"] == "draft"  # nothing changed
    assert post(client, jpage(game), jpage(game) + "/publish").status_code == 303
    assert judge_state(client, game)["stage"] == "open"


def test_the_question_before_publishing_names_what_is_still_on_the_list(client):
    game = started_fixed_game(client)
    stabbed_and_resolved(client, game, lord_of(client, game))  # the lord's 轉生 takes a default
    console = client.get(jpage(game)).text
    assert 'id="needs"' in console and 'id="needs-publish"' in console
    assert "尚有 1 件事未處理：採用預設的選擇 1。確定公布？" in console


def test_approving_last_words_asks_first(client):
    game = started_fixed_game(client)
    lord = lord_of(client, game)
    stabbed_and_resolved(client, game, lord)
    assert post(client, jpage(game), jpage(game) + "/ask-last-words").status_code == 303
    dead = judge_state(client, game)["current"]["draft"]["announcement"]["died"][0]
    assert post(client, ppage(game, dead), ppage(game, dead) + "/last-words", {"text": "再會"}).status_code == 303
    assert 'data-confirm="核准後這則遺言將隨公告公布' in client.get(jpage(game)).text
    refused = post(client, jpage(game), jpage(game) + "/rule-last-words",
                   {"player": dead, "approved": "1", "confirmed": ""})
    assert refused.status_code == 409 and "須先確認" in refused.text
    assert judge_state(client, game)["current"]["last_words"][dead]["status"] == "pending"
    # refusing them takes a reason, which the player reads (issue 29, 7)
    bare = post(client, jpage(game), jpage(game) + "/rule-last-words", {"player": dead, "approved": "0", "reason": " "})
    assert bare.status_code == 422 and "須寫明理由" in bare.text
    # refusing them is not irreversible in that way (the words are not published): no question
    assert post(client, jpage(game), jpage(game) + "/rule-last-words",
                {"player": dead, "approved": "0", "reason": "轉述反饋", "confirmed": ""}).status_code == 303
    assert post(client, jpage(game), jpage(game) + "/rule-last-words",
                {"player": dead, "approved": "1"}).status_code == 303
    assert judge_state(client, game)["current"]["last_words"][dead]["status"] == "approved"


def test_a_skill_that_takes_effect_at_once_asks_before_the_list_is_sent():
    """鼎立三分2.0: 「角色自杀在行动提交阶段提交，即时生效」「角色自杀和行动提交阶段即时生效的技能不可修改」."""
    view = {"skills": [{"skill": "自杀", "timing": "即时生效"}, {"skill": "刺杀", "timing": "结算时生效"}],
            "open": {"actions": []}}
    assert confirm.player_question(view, [{"skill": "刺杀", "targets": ["甲"]}]) is None
    assert confirm.player_question(view, [{"skill": "自杀"}]) == confirm.IMMEDIATE.format(skill="自杀")
    # already sent: the list that keeps it asks nothing more (it cannot be taken back anyway)
    view["open"]["actions"] = [{"skill": "自杀"}]
    assert confirm.player_question(view, [{"skill": "自杀"}, {"skill": "刺杀", "targets": ["甲"]}]) is None


def test_the_caipan_s_disqualification_asks_first():
    assert confirm.judge_question("rule", {"ruling": {"effect": "kill", "target": "甲"}}, "裁判") == confirm.DISQUALIFY
    assert confirm.judge_question("rule", {"ruling": {"effect": "kill", "target": "甲"}}, "北斗") is None
    assert confirm.judge_question("rule", {"ruling": {"effect": "remove", "target": "甲"}}, "裁判") == confirm.DISQUALIFY
    assert confirm.judge_question("publish", {}, None) == confirm.PUBLISH


def test_a_dingli2_player_is_asked_before_a_suicide_and_refused_without_the_answer(client):
    """鼎立三分2.0 (seed 003): 「角色自杀在行动提交阶段提交，即时生效」: the night form's 自杀 carries the question;
    the list holding it is refused without the answer and sent with it."""
    from tests.server.test_dingli2_hosted import Table

    t = Table(client, seed=3)
    pid = next(p for p in t.token if any(s["skill"] == "自杀" for s in t.views[p].get("skills", ())))
    page = f"/p/{t.token[pid]}"
    assert 'data-immediate="【自杀】' in client.get(page).text
    refused = post(client, page, page + "/actions", {"skill-0": "自杀", "confirmed": ""})
    assert refused.status_code == 409 and "须先确认" in refused.text  # the page's own script (Simplified)
    assert not t.view(pid)["open"].get("submitted")
    assert post(client, page, page + "/actions", {"skill-0": "自杀"}).status_code == 303
    assert [a["skill"] for a in t.view(pid)["open"]["actions"]] == ["自杀"]


# ---- the JSON API and the QQ bridge ask the same (issue 29, 3: 「a server-side check that a confirmation was given」)
def _api(client, token: str, command: str, body: dict, headers: dict | None = None):
    return client.post(f"/api/j/{token}/{command}", json=body, headers=headers or {})


def test_publish_through_the_api_needs_the_confirmation_and_changes_nothing_without_it(client):
    game = started_fixed_game(client)
    stabbed_and_resolved(client, game, lord_of(client, game))
    token = game["judge_token"]
    for body, headers in (({}, {}), ({"confirm": "yes"}, {}), ({"confirm": 1}, {}), ({}, {confirm.HEADER: "0"})):
        refused = _api(client, token, "publish", body, headers)
        assert refused.status_code == 409, (body, headers)
        assert "須先確認" in refused.json()["error"] and '"confirm": true' in refused.json()["error"]
        assert judge_state(client, game)["stage"] == "draft"  # nothing changed
    assert _api(client, token, "publish", {"confirm": True}).status_code == 200
    assert judge_state(client, game)["stage"] == "open"
    # the "confirm" field is not stored: the event holds what the game reads
    events = client.get(f"/api/j/{token}/export").json()["events"]
    assert events[-1]["kind"] == "publish" and "confirm" not in events[-1]["payload"]


def test_an_approved_last_word_through_the_api_needs_the_header_or_the_field(client):
    game = started_fixed_game(client)
    stabbed_and_resolved(client, game, lord_of(client, game))
    token = game["judge_token"]
    assert _api(client, token, "ask-last-words", {}).status_code == 200
    dead = judge_state(client, game)["current"]["draft"]["announcement"]["died"][0]
    player = game["players"][dead]["token"]
    assert client.post(f"/api/p/{player}/last-words", json={"text": "再會"}).status_code == 200
    refused = _api(client, token, "rule-last-words", {"player": dead, "approved": True})
    assert refused.status_code == 409 and confirm.APPROVE_WORDS in refused.json()["error"]
    assert judge_state(client, game)["current"]["last_words"][dead]["status"] == "pending"
    # refusing them publishes nothing: no question
    assert _api(client, token, "rule-last-words", {"player": dead, "approved": False, "reason": "轉述反饋"}).status_code == 200
    assert _api(client, token, "rule-last-words", {"player": dead, "approved": True},
                {confirm.HEADER: "1"}).status_code == 200
    assert judge_state(client, game)["current"]["last_words"][dead]["status"] == "approved"


def test_the_caipans_disqualification_through_the_api_asks_first(client):
    from tests.server.test_dingli2_hosted import Table

    t = Table(client, seed=3)
    for pid in t.token:
        t.post_p(pid, "actions", {"actions": []})
    state = t.state("北斗")
    if state["stage"] == "open":
        assert t.post_j("北斗", "resolve").status_code == 200
    victim = t.state("北斗")["current"]["ruling_help"]["players"][0]
    body = {"ruling": {"effect": "kill", "target": victim, "why": "違規"}}
    refused = client.post(f"/api/j/{t.judge['裁判']}/rule", json=body)
    assert refused.status_code == 409 and confirm.DISQUALIFY in refused.json()["error"]
    assert t.state("北斗")["current"]["rulings"] == []
    assert client.post(f"/api/j/{t.judge['裁判']}/rule", json={**body, "confirm": True}).status_code == 200
    assert [r["effect"] for r in t.state("北斗")["current"]["rulings"]] == ["kill"]


def test_a_suicide_through_the_player_api_needs_the_confirmation(client):
    """鼎立三分2.0: 「角色自杀在行动提交阶段提交，即时生效」「……不可修改」: a program asks too."""
    from tests.server.test_dingli2_hosted import Table

    t = Table(client, seed=3)
    pid = next(p for p in t.token if any(s["skill"] == "自杀" for s in t.views[p].get("skills", ())))
    refused = client.post(f"/api/p/{t.token[pid]}/actions", json={"actions": [{"skill": "自杀", "targets": []}]})
    assert refused.status_code == 409 and "【自杀】即時生效" in refused.json()["error"]
    assert not t.view(pid)["open"].get("actions")
    sent = client.post(f"/api/p/{t.token[pid]}/actions", json={"actions": [{"skill": "自杀", "targets": []}]},
                       headers={confirm.HEADER: "1"})
    assert sent.status_code == 200, sent.text
    assert [a["skill"] for a in t.view(pid)["open"]["actions"]] == ["自杀"]
    # a list without such a skill asks nothing
    other = next(p for p in t.token if p != pid)
    assert t.post_p(other, "actions", {"actions": []}).status_code == 200


def test_a_suicide_by_qq_is_asked_back_and_sent_only_after_the_player_confirms(db_url):
    """The QQ bridge submits a bound player's message at once (auto_submit, RQ3); an act that cannot be undone waits
    for the same message again after 「確定」."""
    from fastapi.testclient import TestClient

    from tests.server.test_dingli2_hosted import Table
    from tests.server.test_qq_bridge_api import AUTH, KEY, pm
    from tianting.server.app import create_app

    with TestClient(create_app(db_url, scheduler_interval=None, bridge_key=KEY)) as bridged:
        t = Table(bridged, seed=3)
        pid = next(p for p in t.token if any(s["skill"] == "自杀" for s in t.views[p].get("skills", ())))
        code = bridged.get(f"/api/p/{t.token[pid]}", headers=AUTH).json()["qq_code"]
        assert bridged.post("/api/bridge/bind", json={"qq": "10001", "code": code}, headers=AUTH).status_code == 200
        assert bridged.post(f"/api/j/{t.judge['北斗']}/qq", json={"auto_submit": True}).status_code == 200
        asked = pm(bridged, "10001", 1, "自杀")
        assert asked["status"] == "confirm" and "即时生效" in asked["answer"] and "确定 自杀" in asked["answer"]
        assert not t.view(pid)["open"].get("actions")
        sent = pm(bridged, "10001", 2, "确定 自杀")
        assert sent["status"] == "submitted", sent
        assert [a["skill"] for a in t.view(pid)["open"]["actions"]] == ["自杀"]
