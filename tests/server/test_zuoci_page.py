"""左慈 on the server (issue 14): his page shows the forms 化身 drew for the phase and only his does; using an
offered skill through the night form is his choice, recorded in the draft's decisions."""

from __future__ import annotations

import pytest

from tests.server.test_pages import (
    jpage,
    judge_state,
    player_state,
    post,
    ppage,
    started_fixed_game,
)


@pytest.mark.skill("化身")
def test_zuoci_page_offers_the_forms_drawn_and_an_offered_skill_is_his_choice(client):
    game = started_fixed_game(client, seed=7)  # 玩家05 is the 方士
    pid = "玩家05"
    view = player_state(client, game, pid)
    assert view["character"] == "左慈"
    forms = view["offered"]["化身"]
    assert len(forms) == 2
    page = client.get(ppage(game, pid)).text
    assert 'id="offered"' in page and f"本階段抽取的角色：{'、'.join(forms)}" in page
    for other in game["players"]:
        if other != pid:
            assert "offered" not in player_state(client, game, other)
    offered = [r for r in view["skills"] if r["source"] == "offered" and r["kind"] != "passive"
               and r["targets"]["count"] == 0 and r["uses_left"] != 0 and r.get("by_night", True)]
    if not offered:
        pytest.skip("seed 7's forms offer no active skill without a target")
    skill = offered[0]["skill"]
    response = post(client, ppage(game, pid), ppage(game, pid) + "/actions", {"skill-0": skill})
    assert response.status_code == 303, response.text
    assert post(client, jpage(game), jpage(game) + "/resolve").status_code == 303
    decisions = judge_state(client, game)["current"]["draft"]["decisions"]
    mine = [d for d in decisions if d["actor"] == pid and d["skill"] == "化身"]
    assert [(d["answer"], d["options"]) for d in mine] == [(skill, [skill])]


@pytest.mark.skill("化身")
def test_zuoci_answers_his_choice_on_his_page_while_the_phase_is_open(client):
    """你選擇其中一名角色的一個技能: he answers on his page before the phase resolves (ZC3); the draft takes it, not
    the default. A skill he then uses instead replaces it; an answer against the skill he submitted is refused;
    nobody else may answer it."""
    game = started_fixed_game(client, seed=7)
    pid = "玩家05"
    rows = [r for r in player_state(client, game, pid)["skills"] if r["source"] == "offered"]
    last = rows[-1]["skill"]
    assert 'id="offered-choice"' in client.get(ppage(game, pid)).text
    response = post(client, ppage(game, pid), ppage(game, pid) + "/decide", {"skill": "化身", "answer": last})
    assert response.status_code == 303, response.text
    assert player_state(client, game, pid)["open"]["chosen"] == {"化身": last}
    assert "你已選擇：【" + last + "】" in client.get(ppage(game, pid)).text
    wrong = post(client, ppage(game, pid), ppage(game, pid) + "/decide", {"skill": "化身", "answer": "刺殺"})
    assert wrong.status_code == 422 and "只能選擇本階段可選的技能之一" in wrong.text
    other = next(p for p in game["players"] if p != pid)
    refused = post(client, ppage(game, other), ppage(game, other) + "/decide", {"skill": "化身", "answer": last})
    assert refused.status_code == 409
    active = [r for r in rows if r["kind"] != "passive" and r["targets"]["count"] == 0 and r["skill"] != last
              and r["uses_left"] != 0 and r.get("by_night", True)]
    if active:  # using another offered skill is choosing it: the earlier answer goes
        skill = active[0]["skill"]
        assert post(client, ppage(game, pid), ppage(game, pid) + "/actions", {"skill-0": skill}).status_code == 303
        assert "chosen" not in player_state(client, game, pid)["open"]
        against = post(client, ppage(game, pid), ppage(game, pid) + "/decide", {"skill": "化身", "answer": last})
        assert against.status_code == 409 and f"已提交使用【{skill}】" in against.text
        expected = skill
    else:
        expected = last
    assert post(client, jpage(game), jpage(game) + "/resolve").status_code == 303
    (decision,) = [d for d in judge_state(client, game)["current"]["draft"]["decisions"]
                   if d["actor"] == pid and d["skill"] == "化身"]
    assert decision["answer"] == expected and decision["defaulted"] is False


def test_zuoci_answers_his_choice_by_number_as_any_answer_is_read(client):
    """Issue 27: the player pages read an answer as scripts and the console do (``tianting.core.answers``): his
    choice typed as 「1」 is one of the skills offered; a number past them is refused in Chinese."""
    game = started_fixed_game(client, seed=7)
    pid = "玩家05"
    offered = [r["skill"] for r in player_state(client, game, pid)["skills"] if r["source"] == "offered"]
    response = post(client, ppage(game, pid), ppage(game, pid) + "/decide", {"skill": "化身", "answer": "1"})
    assert response.status_code == 303, response.text
    assert player_state(client, game, pid)["open"]["chosen"]["化身"] in offered
    past = post(client, ppage(game, pid), ppage(game, pid) + "/decide",
                {"skill": "化身", "answer": str(len(offered) + 5)})
    assert past.status_code == 422 and "個選項" in past.text
