"""The transcript's ``uses`` (docs/spec/game-script.md, "The other two rule sets"): each phase of a 24人 or 鼎立三分2.0
game lists its actions with what came of them, as the engine recorded them in the phase's history (rulings R-SG18,
D-A8): seed 001 「第一阶段先结算每个技能是否发动成功，是否被改变目标，是否有效」. KK 3.3's transcript has no such field
(its bytes are pinned by tests/test_kk33_golden.py and tests/test_byte_identical.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli_harness import call
from tests.declared_steps import judge_pack_data
from tests.dingli2.test_script_dingli2 import ID, full_game
from tests.dingli2.test_script_dingli2 import players as dingli_players
from tianting.rules.sg24 import seats
from tianting.script import run_script

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def sg24_script(*phases: dict[str, Any], seed: int = 1) -> dict[str, Any]:
    """A 24人 script whose ids are the seats' starting characters (as tianting.rules.sg24.testing.Table24's)."""
    return {"format": "tianting-script/1", "rules": "sg24", "seed": seed,
            "players": [{"id": ch, "country": c, "identity": i, "character": ch} for c, i, ch in seats()],
            "phases": list(phases)}


def act(actor: str, skill: str, *targets: str, **args: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"actor": actor, "skill": skill, "targets": list(targets)}
    if args:
        out["args"] = args
    return out


NIGHT_1 = [
    act("夏侯惇", "刺杀", "曹操"),            # 「刺杀到本国君主时，刺杀无效」: void
    act("刘备", "刺杀", "孙坚"),              # not a killer: refused (lenient: left out, in ``rejected``)
    act("张辽", "刺杀", "黄盖"),              # goes off
    act("曹操", "招揽", "华佗", character="陈登"),  # names the wrong character: failed
    act("华佗", "起死回生", "刘备"),           # left to the judge by his own pack (pending, judged)
    act("关羽", "刺杀", "孙淑"),              # ruled void by the judge
]


def by_actor(uses: list[dict[str, Any]]) -> dict[tuple[str, str], dict[str, Any]]:
    return {(u["actor"], u["skill"]): u for u in uses}


def test_a_24_player_night_lists_each_action_with_what_came_of_it() -> None:
    """Every action the night resolved, in the script's order and numbered by its ``actions`` (the refused one is
    not among them, so the numbers skip it), with its ``state`` and ``why`` and, for a pack skill, ``judged``."""
    script = sg24_script({"phase": "night", "actions": NIGHT_1, "rulings": [{"effect": "void", "action": 5, "why": "违规"}]})
    script["pack"] = judge_pack_data("sg24", ("华佗", "起死回生"))  # a judge's own pack leaving it to him
    transcript = run_script(script, lenient=True)
    night = transcript["phases"][0]
    assert [r["where"] for r in night["rejected"]] == ["phases[0].actions[1]"]
    assert night["uses"] == [
        {"action": 0, "actor": "夏侯惇", "skill": "刺杀", "targets": ["曹操"], "state": "void", "why": "刺杀到本国君主"},
        {"action": 2, "actor": "张辽", "skill": "刺杀", "targets": ["黄盖"], "state": "done"},
        {"action": 3, "actor": "曹操", "skill": "招揽", "targets": ["华佗"], "args": {"character": "陈登"},
         "state": "failed", "why": "指认错误，招揽未成"},
        {"action": 4, "actor": "华佗", "skill": "起死回生", "targets": ["刘备"], "state": "pending", "why": "待天庭裁定",
         "judged": True},
        {"action": 5, "actor": "关羽", "skill": "刺杀", "targets": ["孙淑"], "state": "void", "why": "天庭裁定失效：违规"},
    ]
    # what the outcomes say agrees with the rest of the record: 黄盖 died, 曹操 and 孙淑 did not
    died = {d["id"] for d in night["truth"]["deaths"]}
    assert "黄盖" in died and not died & {"曹操", "孙淑"}
    # the record is the judge's: the public announcement does not carry it
    assert "uses" not in night["announcement"]


def test_every_phase_carries_uses_a_day_without_actions_an_empty_list() -> None:
    transcript = run_script(sg24_script({"phase": "night", "actions": [act("张辽", "刺杀", "黄盖")]},
                                        {"phase": "day", "votes": {}},
                                        {"phase": "night", "actions": []}))
    assert [p["uses"] for p in transcript["phases"]][1:] == [[], []]
    assert transcript["phases"][0]["uses"][0]["state"] == "done"
    # placed after the fields game-script.md lists (additive: every earlier field keeps its place)
    assert list(transcript["phases"][0])[-1] == "uses"


def test_a_day_lists_its_actions_by_day() -> None:
    """A pack skill used by day (game-script.md: 「A day phase may carry such `actions` too」) is the judge's."""
    transcript = run_script(sg24_script({"phase": "night", "actions": []},
                                        {"phase": "day", "votes": {}, "actions": [act("郭嘉", "洞若观火", "刘备")]}),
                            lenient=True)
    day = transcript["phases"][1]
    assert day["rejected"] == []
    assert day["uses"] == [{"action": 0, "actor": "郭嘉", "skill": "洞若观火", "targets": ["刘备"], "state": "pending",
                            "why": "待天庭裁定", "judged": True}]


def test_the_outcomes_do_not_depend_on_the_order_the_actions_were_sent_in() -> None:
    """Everything in one phase happens at once: the same actions in reverse order come out the same, each numbered
    by where it stands in its own script."""
    actions = [a for a in NIGHT_1 if a["actor"] != "刘备"]
    ruled = {"effect": "void", "why": "违规"}
    forward = run_script(sg24_script({"phase": "night", "actions": actions,
                                      "rulings": [{**ruled, "action": len(actions) - 1}]}))["phases"][0]["uses"]
    backward = run_script(sg24_script({"phase": "night", "actions": actions[::-1],
                                       "rulings": [{**ruled, "action": 0}]}))["phases"][0]["uses"]
    assert [u["action"] for u in forward] == [u["action"] for u in backward] == list(range(len(actions)))
    assert [u["actor"] for u in backward] == [a["actor"] for a in actions[::-1]]
    strip = {k: {f: v for f, v in u.items() if f != "action"} for k, u in by_actor(forward).items()}
    assert strip == {k: {f: v for f, v in u.items() if f != "action"} for k, u in by_actor(backward).items()}


def test_tianting_run_writes_the_uses(tmp_path: Path) -> None:
    script = tmp_path / "sg24.json"
    script.write_text(json.dumps(sg24_script({"phase": "night", "actions": [act("夏侯惇", "刺杀", "曹操")]}),
                                 ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "out.json"
    done = call("run", str(script), "--out", str(out))
    assert done.code == 0, done.err
    [use] = json.loads(out.read_text(encoding="utf-8"))["phases"][0]["uses"]
    assert (use["state"], use["why"]) == ("void", "刺杀到本国君主")


# ---- 鼎立三分2.0 --------------------------------------------------------------------------------------------------
def test_a_dingli_game_lists_its_uses_phase_by_phase() -> None:
    """The example's whole game: every phase carries ``uses``; night 1's stab, suicide (「即时生效」) and 招揽 went off."""
    transcript = run_script(full_game())
    assert all("uses" in p for p in transcript["phases"])
    assert [(u["action"], u["skill"], u["state"]) for u in transcript["phases"][0]["uses"]] == [
        (0, "刺殺", "done"), (1, "自殺", "done"), (2, "招攬", "done")]
    example = json.loads((EXAMPLES / "dingli2-full-game.json").read_text(encoding="utf-8"))
    assert all(isinstance(p["uses"], list) for p in run_script(example)["phases"])


@pytest.mark.skill("威震逍遥津", "自杀")
def test_a_dingli_night_records_globals_suicides_and_the_judges_skills() -> None:
    """D-A8: 「全局发生」 whatever is ruled (a void ruling on a global is not applied); an action whose target left the
    game by suicide 「按照没有提交判定」 (failed); any other pack skill is the judge's (pending, judged)."""
    night = {"phase": "night", "actions": [
        {"actor": ID["张辽"], "skill": "威震逍遥津"},
        {"actor": ID["庞统"], "skill": "连环妙计", "targets": [ID["刘备"]]},
        {"actor": ID["关羽"], "skill": "刺杀", "targets": [ID["袁绍"]]},
        {"actor": ID["袁绍"], "skill": "自杀"},
    ], "rulings": [{"effect": "void", "action": 0}]}
    script = {"format": "tianting-script/1", "rules": "dingli2", "seed": 3, "players": dingli_players(),
              "phases": [night], "pack": judge_pack_data("dingli2", ("庞统", "连环妙计"))}  # his own pack leaves it to him
    transcript = run_script(script, lenient=True)
    uses = by_actor(transcript["phases"][0]["uses"])
    assert transcript["phases"][0]["rejected"] == []
    assert {k: (u["state"], u.get("why"), u.get("judged", False)) for k, u in uses.items()} == {
        (ID["张辽"], "威震逍遥津"): ("done", "全局发生", False),
        (ID["庞统"], "连环妙计"): ("pending", "待天庭裁定", True),
        (ID["关羽"], "刺杀"): ("failed", f"{ID['袁绍']} 已退出游戏，按没有提交判定", False),
        (ID["袁绍"], "自杀"): ("done", None, False),
    }


def test_a_kk33_transcript_has_no_uses() -> None:
    """KK 3.3's transcript keeps its bytes: no ``uses`` (its history stays the engine's and simulate's)."""
    example = json.loads((EXAMPLES / "kk33-first-night.json").read_text(encoding="utf-8"))
    assert all("uses" not in p for p in run_script(example)["phases"])
