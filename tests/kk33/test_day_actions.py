"""Actions by day (issue 13 part A; docs/rulings.md RD1–RD4): checked like the night's, resolved
before the ballot is counted, harms at the vote's moment; the script, the transcript and --lenient.

緩釋 (諸葛瑾, 吳副軍師 here) 「可以於白天使用」; 奇襲 (甘寧, 吳殺手甲 here) moves his 刺殺 to the vote.
"""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from typing import Any

import pytest

from tianting.core.errors import IllegalAction, ScriptError
from tianting.core.skills import Kind, Skill, Source, Use
from tianting.core.state import Effect, PhaseKind, next_day, next_night, next_of
from tianting.script import run_script
from tianting.testing import Table, standard_seats

WU = {"吳殺手甲": "甘寧", "吳副軍師": "諸葛瑾", "魏副軍師": "荀彧", "魏殺手甲": "張遼"}
"""甘寧 and 諸葛瑾 seated; no vote modifiers on 魏's side (兵法, 剛烈)."""


def day_table(caozhi: bool = False) -> Table:
    """Day 2 of a table with 甘寧 and 諸葛瑾; ``caozhi``: the 魏 lord plays 曹植 (as after 轉生)."""
    t = Table(characters=WU)
    if caozhi:
        from tianting.rules.kk33 import roster

        lord = t.player("魏君主")
        lord.character, lord.life = "曹植", 1
        lord.skills = [s.name for s in roster().characters["曹植"].skills]
    t.quiet_night()
    return t


# ---- checking ------------------------------------------------------------------------------
def test_a_night_skill_is_refused_by_day_with_a_clear_message():
    """技能的使用時機如無特殊說明均為夜間: by day only a skill whose text says so."""
    t = day_table()
    with pytest.raises(IllegalAction, match="只能於夜間使用") as info:
        t.check(t.act("魏正軍師", "明察", "吳君主"))
    assert info.value.code == "wrong-phase"
    with pytest.raises(IllegalAction, match="只能於夜間使用"):
        t.check(t.act("吳殺手乙", "刺殺", "魏君主"))  # an ordinary killer's 刺殺: a night action
    with pytest.raises(IllegalAction, match="被動技能"):
        t.check(t.act("吳殺手甲", "義釋"))


def test_day_actions_take_the_nights_checks():
    """The same Chinese errors as at night: unknown skill, missing skill, target out, twice a day."""
    t = day_table()
    with pytest.raises(IllegalAction, match="沒有技能【緩釋】"):
        t.check(t.act("魏君主", "緩釋", "魏君主"))
    with pytest.raises(IllegalAction, match="需要指定1個目標"):
        t.check(t.act("吳副軍師", "緩釋"))
    with pytest.raises(IllegalAction, match="本日已經發動過【緩釋】"):
        t.check(t.act("吳副軍師", "緩釋", "吳君主"), t.act("吳副軍師", "緩釋", "吳護衛"))
    with pytest.raises(IllegalAction, match="本日已經發動過【刺殺】"):
        t.check(t.act("吳殺手甲", "刺殺", "魏君主"), t.act("吳殺手甲", "刺殺", "蜀君主"))


def test_day_actions_in_a_script_and_lenient_rejects():
    """A day phase takes `actions` beside `votes` (game-script.md); an invalid one is an error naming
    where, or with --lenient is listed under `rejected`."""
    players = [{"id": s.id, "country": s.country, "identity": s.identity, "character": s.character}
               for s in standard_seats(characters=WU)]
    bad = {"format": "tianting-script/1", "rules": "kk33", "seed": 3, "players": players, "phases": [
        {"phase": "night", "actions": []},
        {"phase": "day", "votes": {}, "actions": [{"actor": "魏正軍師", "skill": "明察", "targets": ["吳君主"]}]},
    ]}
    with pytest.raises(ScriptError) as info:
        run_script(bad)
    assert info.value.where == "phases[1].actions[0]" and "只能於夜間使用" in info.value.message
    transcript = run_script(bad, lenient=True)
    rejected = transcript["phases"][1]["rejected"]
    assert [r["where"] for r in rejected] == ["phases[1].actions[0]"] and "只能於夜間使用" in rejected[0]["message"]


# ---- resolving -----------------------------------------------------------------------------
@pytest.mark.skill("奇襲")
def test_a_stab_at_the_vote_and_the_vote_happen_at_one_moment():
    """RD1: the victim of 奇襲's 刺殺 still cast his vote; the vote's own death happens with it."""
    t = day_table()
    votes = {"魏君主": "蜀護衛", "魏正軍師": "蜀護衛", "蜀君主": "魏君主"}
    t.day(votes, t.act("吳殺手甲", "刺殺", "魏正軍師"))
    assert t.status("魏正軍師") == "out"
    assert t.announced("tally")["蜀護衛"] == 3  # with his own; 魏正軍師's counted though he died at the vote
    assert t.announced("exited") == ["蜀護衛", "魏正軍師"]  # by id (R52)
    assert [(d.id, d.cause) for d in t.last.deaths] == [("魏正軍師", "刺殺"), ("蜀護衛", "投票")]


@pytest.mark.skill("奇襲")
def test_a_player_stabbed_and_voted_out_dies_once():
    """RD1: both harms at one moment: the stab's first, then the vote's finds him dead."""
    t = day_table()
    t.day({"魏君主": "蜀護衛", "魏正軍師": "蜀護衛"}, t.act("吳殺手甲", "刺殺", "蜀護衛"))
    assert t.status("蜀護衛") == "out"
    assert [d.id for d in t.last.deaths] == ["蜀護衛"]


@pytest.mark.skill("緩釋")
def test_day_results_do_not_depend_on_the_order_of_submission():
    """Everything in one phase happens at once: permuting day actions and votes changes nothing."""
    outcomes = set()
    actions = [("吳殺手甲", "刺殺", "魏護衛"), ("吳副軍師", "緩釋", "蜀護衛")]
    votes = [("魏君主", "蜀護衛"), ("魏正軍師", "蜀護衛"), ("蜀君主", "魏護衛")]
    for acts, vs in itertools.product(itertools.permutations(actions), itertools.permutations(votes)):
        t = day_table()
        t.day(dict(vs), *(t.act(*a) for a in acts))
        outcomes.add((t.status("魏護衛"), t.status("蜀護衛"), tuple(t.announced("injured")), tuple(t.announced("exited"))))
    assert outcomes == {("out", "injured", ("蜀護衛",), ("魏護衛",))}


@pytest.mark.skill("七步")
def test_qibu_shields_against_a_day_stab():
    """WL10 (② ③): 七步's half chance holds against day actions aimed at 曹植 (奇襲's 刺殺)."""
    t = day_table(caozhi=True)
    t.player("魏君主").markers["步"] = 3
    t.force("七步 吳殺手甲【刺殺】對魏君主失效判定", True)
    t.day({}, t.act("吳殺手甲", "刺殺", "魏君主"))
    assert t.status("魏君主") == "alive"
    assert t.traced("七步")
    t.quiet_night()
    t.force("七步 吳殺手甲【刺殺】對魏君主失效判定", False)
    t.decide("魏君主", "託孤", "魏正軍師")
    t.day({}, t.act("吳殺手甲", "刺殺", "魏君主"))
    assert t.status("魏君主") == "out"  # the draw held: the stab at the vote kills him


@pytest.mark.skill("七步")
def test_qibu_hears_a_wound_by_vote():
    """七步：每當一名本國角色受傷…後 — also a vote's death lessened to a wound (緩釋)."""
    t = day_table(caozhi=True)
    t.day({"吳君主": "魏正軍師", "蜀君主": "魏正軍師"}, t.act("吳副軍師", "緩釋", "魏正軍師"))
    assert t.status("魏正軍師") == "injured"
    assert t.player("魏君主").marker("步") == 1
    assert t.only_feedback("魏君主", "七步").data["count"] == 1


@pytest.mark.skill("奇襲")
def test_a_wounded_ganning_fails_his_day_stab_half_the_time_and_is_told():
    """受傷：…主動技能有一半概率失敗 — a day action too (RD2); the failure is his feedback of the day."""
    t = day_table()
    t.wound("吳殺手甲")
    t.fail("吳殺手甲", "刺殺")
    t.day({}, t.act("吳殺手甲", "刺殺", "魏君主"))
    assert t.status("魏君主") == "alive"
    assert t.only_feedback("吳殺手甲", "刺殺").data == {"failed": True}


def test_tianting_run_plays_a_day_action(tmp_path):
    """`tianting run` with a day action: 甘寧's 刺殺 at the vote kills, the transcript says so."""
    players = [{"id": s.id, "country": s.country, "identity": s.identity, "character": s.character}
               for s in standard_seats(characters=WU)]
    script = {"format": "tianting-script/1", "rules": "kk33", "seed": 5, "players": players, "phases": [
        {"phase": "night", "actions": []},
        {"phase": "day", "votes": {"魏君主": "蜀女眷"},
         "actions": [{"actor": "吳殺手甲", "skill": "刺杀", "targets": ["魏護衛"]},
                     {"actor": "吳副軍師", "skill": "缓释", "targets": ["蜀女眷"]}]},
    ]}
    path = tmp_path / "day.json"
    path.write_text(json.dumps(script, ensure_ascii=False), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "tianting", "run", str(path)], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    d2 = json.loads(done.stdout)["phases"][1]
    assert d2["announcement"]["exited"] == ["魏護衛"]
    assert d2["announcement"]["injured"] == ["蜀女眷"]  # voted top, 緩釋 lessened death to a wound
    assert d2["truth"]["deaths"] == [{"id": "魏護衛", "character": "許褚", "cause": "刺殺"}]
    assert any("緩釋" in line for line in d2["trace"])


def test_the_judges_rulings_reach_day_actions():
    """R44 with RD1: a day's `void` may name one of its actions; `spare` keeps a day stab off its target."""
    players = [{"id": s.id, "country": s.country, "identity": s.identity, "character": s.character}
               for s in standard_seats(characters=WU)]

    def day_with(rulings: list[dict]) -> dict:
        script = {"format": "tianting-script/1", "rules": "kk33", "seed": 5, "players": players, "phases": [
            {"phase": "night", "actions": []},
            {"phase": "day", "votes": {}, "rulings": rulings,
             "actions": [{"actor": "吳殺手甲", "skill": "刺殺", "targets": ["魏護衛"]}]}]}
        return run_script(script)["phases"][1]

    assert day_with([])["announcement"]["exited"] == ["魏護衛"]
    voided = day_with([{"effect": "void", "action": 0}])
    assert voided["announcement"]["exited"] == [] and voided["truth"]["players"]["魏護衛"]["status"] == "alive"
    spared = day_with([{"effect": "spare", "target": "魏護衛"}])
    assert spared["announcement"]["exited"] == [] and spared["truth"]["players"]["魏護衛"]["status"] == "alive"


class Marked(Skill):
    """A test passive: when stabbed, 「次日其投票無效」, dated ``next_day(index)`` (the next day, from a night or
    from a day alike)."""

    name = "測試次日"
    source = Source.CHARACTER
    kind = Kind.PASSIVE
    stage = "attack"

    def prepare(self, night: Any, use: Use) -> None:
        owner = use.actor

        def rule(n: Any, stab: Use) -> str | None:
            if stab.targets[0] == owner:
                n.state.effects.append(Effect(self.name, next_day(n.index), owner, {}))
                return "測試次日"
            return None

        night.stab_rules.append(rule)

    def on_effect(self, phase: Any, effect: Effect) -> None:
        phase.vote_rules.append(lambda day, voter, target: "測試次日" if voter == effect.owner else None)


def test_a_nights_skill_set_off_by_day_schedules_its_next_day_on_the_next_day():
    """A passive set off by a 刺殺 at the vote dates 「次日」 by the kind of phase (``next_day``): the next day,
    not the coming night; set off at night, the day after it (docs/dev/character-skills.md). Nothing is
    retimed behind the skill's back."""
    t = Table(characters=WU, extra_skills=[Marked])
    t.player("蜀護衛").skills.append(Marked.name)
    t.night(t.act("魏殺手甲", "刺殺", "蜀護衛"))  # at night: 次日 is day 2
    t.day({"蜀護衛": "魏君主"})
    assert t.traced("蜀護衛 的投票無效：測試次日")
    t.quiet_night()
    t.day({}, t.act("吳殺手甲", "刺殺", "蜀護衛"))  # by day (奇襲, day 3): 次日 is day 4
    assert t.status("蜀護衛") == "alive"
    t.quiet_night()  # no vote rule lands on a night
    t.day({"蜀護衛": "魏君主"})
    assert t.traced("蜀護衛 的投票無效：測試次日")


def test_next_day_and_next_night_mean_what_they_say_from_either_phase():
    """「次日」/「次夜」 from a night (index 0: night 1) and from a day (index 1: day 2)."""
    assert (next_day(0), next_night(0)) == (1, 2)
    assert (next_day(1), next_night(1)) == (3, 2)
    assert (next_of(4, PhaseKind.DAY), next_of(5, PhaseKind.NIGHT)) == (5, 6)
