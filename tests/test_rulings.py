"""The judge's rulings in game scripts (game-script.md ``rulings``): void, spare, injure, kill,
heal, tell, applied inside the phase's resolution, recorded in the transcript and the trace."""

from __future__ import annotations

import json

import pytest

from tests.test_script import act, base_script, day, error_of, night, run_cli
from tianting.core.errors import ScriptError
from tianting.script import run_script


def phase(transcript: dict, i: int = 0) -> dict:
    return transcript["phases"][i]


def players(transcript: dict, i: int = 0) -> dict:
    return phase(transcript, i)["truth"]["players"]


def test_a_ruling_that_kills_a_lord_leads_to_reincarnation_as_a_stab_would():
    """轉生：當你死亡時，選擇一個轉生角色繼續進行遊戲 — the judge's kill is a death like any other."""
    script = base_script(night(rulings=[{"effect": "kill", "target": "魏君主", "why": "華佗青囊之爭"}],
                               decisions=[{"actor": "魏君主", "skill": "轉生", "answer": "曹丕"}]))
    t = run_script(script)
    p = phase(t)
    assert players(t)["魏君主"] == {"status": "alive", "character": "曹丕", "country": "魏", "identity": "君主"}
    assert p["truth"]["deaths"] == [{"id": "魏君主", "character": "曹操", "cause": "天庭裁定", "out": False}]
    assert p["decisions"][0]["skill"] == "轉生" and p["decisions"][0]["answer"] == "曹丕"
    assert p["rulings"] == [{"effect": "kill", "target": "魏君主", "why": "華佗青囊之爭"}]
    assert any("天庭裁定（華佗青囊之爭）" in line for line in p["trace"])
    assert p["announcement"]["exited"] == []  # 轉生: the lord stays in the game


def test_a_ruled_kill_of_the_reincarnated_lord_leads_to_entrusting():
    """託孤：當你的轉生角色死亡時 … 指定其中一名角色成為新任君主 — after a ruled death too."""
    script = base_script(
        night(act("魏殺手甲", "刺殺", "蜀君主"), decisions=[{"actor": "蜀君主", "skill": "轉生", "answer": "劉禪"}]),
        day(),
        night(rulings=[{"effect": "kill", "target": "蜀君主"}],
              decisions=[{"actor": "蜀君主", "skill": "託孤", "answer": "蜀護衛"}]),
    )
    t = run_script(script)
    assert players(t, 2)["蜀君主"]["status"] == "out"
    assert players(t, 2)["蜀護衛"]["identity"] == "君主"
    assert phase(t, 2)["announcement"]["exited"] == ["蜀君主"]


def test_spare_stops_a_stab_and_kill_is_not_stopped_by_a_guard():
    """援護 makes a stab void; the judge's kill stands regardless; spare stops the stab alone."""
    script = base_script(night(
        act("魏殺手甲", "刺殺", "吳女眷"),
        act("蜀殺手甲", "刺殺", "吳正軍師"),
        act("吳護衛", "援護", "吳副軍師"),
        rulings=[{"effect": "spare", "target": "吳女眷", "why": "不在場證明"},
                 {"effect": "kill", "target": "吳副軍師"}],
    ))
    t = run_script(script)
    ps = players(t)
    assert ps["吳女眷"]["status"] == "alive"
    assert ps["吳正軍師"]["status"] == "out"
    assert ps["吳副軍師"]["status"] == "out"  # the guard's 援護 would have wounded; the judge's kill stands
    assert any("吳女眷 受到的刺殺被防止：天庭裁定（不在場證明）" in line for line in phase(t)["trace"])


def test_void_makes_an_action_fail_silently_and_counts_the_scripts_own_index():
    """失效：該技能成功發動或使用，但沒有任何效果，擁有該技能的角色不能收到反饋."""
    script = base_script(night(
        act("魏殺手甲", "刺殺", "吳女眷"),  # left out (lenient): the country has one stab, and 乙 sorts first (R27)
        act("魏殺手乙", "刺殺", "吳君主"),
        act("蜀正軍師", "明察", "魏殺手甲"),
        rulings=[{"effect": "void", "action": 2, "why": "誤填"}],
    ))
    t = run_script(script, lenient=True)
    p = phase(t)
    assert "蜀正軍師" not in p["feedback"]  # no answer: 失效 tells nothing
    assert any("蜀正軍師 的【明察】失效：天庭裁定（誤填）" in line for line in p["trace"])
    bad = base_script(night(act("魏殺手甲", "刺殺", "吳女眷"), act("魏殺手乙", "刺殺", "吳君主"),
                            rulings=[{"effect": "void", "action": 0}]))  # 甲's, the one left out
    with pytest.raises(ScriptError) as info:
        run_script(bad, lenient=True)
    assert info.value.where == "phases[0].rulings[0]" and "已被退回" in info.value.message


def test_injure_wounds_and_a_second_wound_kills():
    """受傷狀態下的角色再次受傷時會死亡 — the judge's wound too."""
    t = run_script(base_script(night(rulings=[{"effect": "injure", "target": "吳女眷"}])))
    assert players(t)["吳女眷"]["status"] == "injured"
    assert phase(t)["announcement"]["injured"] == ["吳女眷"]
    t = run_script(base_script(night(act("吳護衛", "援護", "吳女眷"),
                                     rulings=[{"effect": "injure", "target": "吳女眷"}])))
    assert players(t)["吳女眷"]["status"] == "out"


def test_heal_after_the_nights_harms_and_tell_is_private_feedback():
    script = base_script(night(act("吳護衛", "援護", "吳女眷"),
                               rulings=[{"effect": "heal", "target": "吳女眷"},
                                        {"effect": "tell", "target": "吳女眷", "text": "你被華佗救治"}]))
    t = run_script(script)
    assert players(t)["吳女眷"]["status"] == "alive"
    assert phase(t)["announcement"]["injured"] == []
    assert phase(t)["feedback"]["吳女眷"][-1] == {"skill": "天庭", "data": {"ruling": True}, "text": "你被華佗救治"}


def test_day_rulings_spare_the_voted_and_void_a_vote():
    votes = {"魏君主": "吳女眷", "魏正軍師": "吳女眷", "蜀君主": "吳君主"}
    t = run_script(base_script(night(), day(votes, rulings=[{"effect": "spare", "target": "吳女眷"}])))
    assert players(t, 1)["吳女眷"]["status"] == "alive"
    assert any("吳女眷 的死亡（投票）被防止" in line for line in phase(t, 1)["trace"])
    t = run_script(base_script(night(), day(votes, rulings=[{"effect": "void", "voter": "魏正軍師"}])))
    assert players(t, 1)["吳女眷"]["status"] == "alive"  # 1 : 1, a tie
    assert phase(t, 1)["announcement"]["votes"]["魏正軍師"] == "吳女眷"  # the ballot still shows it
    t = run_script(base_script(night(), day(votes, rulings=[{"effect": "kill", "target": "吳君主"}],
                                            decisions=[{"actor": "吳君主", "skill": "轉生", "answer": "孫權"}])))
    assert players(t, 1)["吳女眷"]["status"] == "out"  # the vote's death and the judge's are simultaneous
    assert players(t, 1)["吳君主"] == {"status": "alive", "character": "孫權", "country": "吳", "identity": "君主"}
    assert {"id": "吳君主", "character": "孫堅", "cause": "天庭裁定", "out": False} in phase(t, 1)["truth"]["deaths"]


@pytest.mark.parametrize(("ruling", "message"), [
    ({"effect": "smite", "target": "吳女眷"}, "未知的裁定「smite」"),
    ({"effect": "kill", "target": "nobody"}, "未知的玩家「nobody」"),
    ({"effect": "void", "action": 5}, "本階段沒有第5個行動"),
    ({"effect": "void", "action": "1"}, "void 須以 action 指明"),
    ({"effect": "tell", "target": "吳女眷"}, "text必須是非空字串"),
    ({"effect": "void", "voter": "吳女眷"}, "夜晚沒有投票可以作廢"),
])
def test_bad_rulings_are_script_errors(ruling, message):
    err = error_of(base_script(night(act("吳護衛", "援護", "吳女眷"), rulings=[ruling])))
    assert err.where == "phases[0].rulings[0]"
    assert message in err.message


def test_spare_and_kill_of_one_player_contradict():
    err = error_of(base_script(night(rulings=[{"effect": "spare", "target": "吳女眷"},
                                              {"effect": "kill", "target": "吳女眷"}])))
    assert err.where == "phases[0].rulings[1]" and "不能同時豁免" in err.message


def test_rulings_on_a_player_already_out_are_errors():
    err = error_of(base_script(night(act("魏殺手甲", "刺殺", "吳女眷")), day(),
                               night(rulings=[{"effect": "heal", "target": "吳女眷"}])))
    assert err.where == "phases[2].rulings[0]" and "已出局" in err.message


def test_player_ids_typed_in_simplified_are_matched():
    """Names are accepted in Traditional or Simplified Chinese: ids too (吴女眷 is 吳女眷)."""
    script = base_script(night(act("魏杀手甲", "刺杀", "吴女眷"), rulings=[{"effect": "tell", "target": "吴女眷", "text": "…"}]),
                         day({"吴君主": "魏君主"}))
    t = run_script(script)
    assert players(t)["吳女眷"]["status"] == "out"
    assert phase(t)["rulings"][0]["target"] == "吳女眷"
    assert phase(t, 1)["announcement"]["votes"]["吳君主"] == "魏君主"


def test_ids_that_differ_only_by_script_are_refused():
    script = base_script(night())
    script["players"][1]["id"] = "子義"
    script["players"][2]["id"] = "子义"
    err = error_of(script)
    assert err.where == "players[2]" and "繁簡" in err.message


# ---- the command line ------------------------------------------------------------------------
def test_cli_run_with_out_prints_the_warnings_to_stderr(tmp_path):
    """`tianting run --out` said nothing: a judge reading only the terminal missed every warning."""
    script = tmp_path / "s.json"
    script.write_text(json.dumps(base_script(night(act("魏殺手甲", "刺殺", "吳女眷"), act("魏殺手乙", "刺殺", "吳君主"),
                                                   rulings=[{"effect": "kill", "target": "魏君主"}])),
                                 ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "t.json"
    result = run_cli("run", str(script), "--out", str(out), "--lenient")
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""
    assert "已略過 phases[0].actions[0]：魏國今夜只能發動1次【刺殺】" in result.stderr  # the canonically later (R27)
    assert "注意：phases[0]: 魏君主 的【轉生】未給出選擇" in result.stderr  # the defaulted choice
    assert f"已寫入 {out}" in result.stderr
    assert json.loads(out.read_text("utf-8"))["phases"][0]["rulings"] == [{"effect": "kill", "target": "魏君主"}]


def test_cli_bad_ruling_exits_2_naming_it(tmp_path):
    script = tmp_path / "s.json"
    script.write_text(json.dumps(base_script(night(rulings=[{"effect": "kill", "target": "曹操"}])),
                                 ensure_ascii=False), encoding="utf-8")
    result = run_cli("run", str(script))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("phases[0].rulings[0]: 未知的玩家「曹操」")


def test_a_ruled_wound_is_heard_by_skills_that_listen_to_wounds():
    """七步：*被*每當一名本國角色受傷或死亡後，你將得知獲得一個「步」標記 — the judge's wound is a wound."""
    script = base_script(night(rulings=[{"effect": "kill", "target": "魏君主"}],
                               decisions=[{"actor": "魏君主", "skill": "轉生", "answer": "曹植"}]),
                         day(),
                         night(rulings=[{"effect": "injure", "target": "魏女眷"}]))
    t = run_script(script)
    assert players(t, 2)["魏女眷"]["status"] == "injured"
    [step] = phase(t, 2)["feedback"]["魏君主"]  # (day 2 was quiet: 兵法 adds nothing to 司馬懿's self-vote, WS4)
    assert step["skill"] == "七步" and step["data"]["count"] == 1
    assert "魏君主 七步：本國角色 魏女眷 受傷，獲得一個「步」標記（共1個）" in phase(t, 2)["trace"]
