"""Every answer form on every choice a skill asks (issue 27 item 1), generated from the skill table.

The contract (docs/spec/game-script.md, ``decisions``): 「An `answer` is a player id, a name (character, skill,
country), a number for "choose one of" (counting from 1), `true`/`false` for "may", the actor id of the action
meant where a choice is among actions, or a list of these.」 One reader (``tianting.core.answers``) reads them for
every skill. The skills that ask a choice are found in the skill table (each KK 3.3 skill class whose code asks
the book, directly or through a shared helper; the deaths' 轉生 and 託孤; the 24人 and 鼎立 decisions): each must
have a game where its choice arises — from seeded random legal play, or a scenario below — so a new skill cannot
opt out. In that game the choice is answered with its last option by label, then by the label in the other
script, by number, and (a yes/no or may choice) by true/false, (a choice among actions) by the actor's id: each
gives the same transcript as the label. A form that does not fit the choice is refused with a Chinese message.
"""

from __future__ import annotations

import copy
import functools
import importlib
import inspect
import pkgutil
import re
from typing import Any

import opencc
import pytest

from tests.dingli2.test_script_dingli2 import ID as DINGLI_ID
from tests.dingli2.test_script_dingli2 import full_game
from tests.dingli2.test_script_dingli2 import players as dingli_players
from tianting.core.answers import DECLINING
from tianting.core.errors import ScriptError
from tianting.core.names import name_key
from tianting.randomplay import random_script
from tianting.rules.kk33 import characters
from tianting.rules.kk33.characters import common
from tianting.script import run_script
from tianting.testing import standard_seats

T2S, S2T = opencc.OpenCC("t2s"), opencc.OpenCC("s2t")
RANDOM_SEEDS = (*range(60), 132)
"""Random legal KK 3.3 games searched for the choices (seed 132: 神算's 「是否繼續使用」)."""


def _kk33_choosers() -> set[str]:
    """The KK 3.3 skills that ask a choice: a class whose code calls ``book.choose`` or a helper of
    ``characters.common`` that does (盜書 and 草船借箭's ``spy_and_retarget``), and the deaths' 轉生 and 託孤."""
    from tianting.effects import (
        targets,  # spy_and_retarget moved there (the effects library, issue 30)
    )

    helpers = [name for module in (common, targets) for name, f in inspect.getmembers(module, inspect.isfunction)
               if f.__module__ == module.__name__ and ".choose(" in inspect.getsource(f)]
    found = {"轉生", "託孤"}
    for info in pkgutil.iter_modules(characters.__path__):
        module = importlib.import_module(f"{characters.__name__}.{info.name}")
        for cls in getattr(module, "SKILLS", []):
            source = inspect.getsource(cls)
            if ".choose(" in source or any(f"{h}(" in source for h in helpers):
                found.add(cls.name)
    return found


KK33_CHOOSERS = sorted(_kk33_choosers())
OTHER_CHOOSERS = [("dingli2", "入國"), ("dingli2", "投奔")]
"""The 鼎立 decisions (the 24人 rules' 入國 and 投奔 are the same choices, read by the same reader)."""


def _chibi_script() -> dict[str, Any]:
    """盜書 and 草船借箭 sit only at a 赤壁 table (R29): 蔣干 at 魏副軍師, 赤壁·諸葛亮 at 蜀正軍師; seed 5 (the canonical
    draw order, R50) lists for both an action each asks a choice of."""
    chibi = {"魏副軍師": "蔣干", "蜀正軍師": "赤壁·諸葛亮", "吳副軍師": "赤壁·魯肅", "魏正軍師": "賈詡"}
    players = [{"id": s.id, "country": s.country, "identity": s.identity, "character": s.character}
               for s in standard_seats(characters=chibi)]
    return {"format": "tianting-script/1", "rules": "kk33", "seed": 5, "chibi": True, "players": players,
            "phases": [{"phase": "night", "actions": [
                {"actor": "魏副軍師", "skill": "盜書"}, {"actor": "蜀正軍師", "skill": "草船借箭"},
                {"actor": "吳殺手甲", "skill": "刺殺", "targets": ["蜀正軍師"]},
                {"actor": "蜀殺手甲", "skill": "刺殺", "targets": ["魏君主"]},
                {"actor": "魏殺手甲", "skill": "刺殺", "targets": ["吳君主"]}]}]}


def _dingli_toupen() -> dict[str, Any]:
    """鼎立: 华佗 (在野) 投奔 蜀 on night 2 (「在野……第2夜起」); 蜀's 主军师 徐庶 answers."""
    return {"format": "tianting-script/1", "rules": "dingli2", "seed": 3, "players": dingli_players(),
            "phases": [{"phase": "night"}, {"phase": "day"}, {"phase": "night", "actions": [
                {"actor": DINGLI_ID["华佗"], "skill": "投奔", "args": {"country": "蜀"}}]}]}


@functools.cache
def _scenarios() -> dict[tuple[str, str], tuple[dict[str, Any], int, dict[str, Any]]]:
    """(rule set, skill) → a script, the phase where the choice arises, and the first choice recorded there."""
    found: dict[tuple[str, str], tuple[dict[str, Any], int, dict[str, Any]]] = {}

    def search(rules_name: str, script: dict[str, Any]) -> None:
        for i, phase in enumerate(run_script(copy.deepcopy(script), lenient=True)["phases"]):
            for d in phase["decisions"]:
                found.setdefault((rules_name, d["skill"]), (script, i, d))

    search("kk33", _chibi_script())
    for seed in RANDOM_SEEDS:
        search("kk33", random_script(seed, max_phases=12))
    search("dingli2", full_game())
    search("dingli2", _dingli_toupen())
    return found


def _scenario(rules_name: str, skill: str) -> tuple[dict[str, Any], int, dict[str, Any]]:
    key = (rules_name, name_key(skill))
    for (r, s), value in _scenarios().items():
        if r == rules_name and name_key(s) == key[1]:
            return value
    raise AssertionError(f"no game found where 【{skill}】 ({rules_name}) asks its choice: add a scenario")


def _answered(script: dict[str, Any], i: int, d: dict[str, Any], answer: Any) -> dict[str, Any]:
    out = copy.deepcopy(script)
    out["phases"] = out["phases"][: i + 1]  # the game up to the choice's phase (later phases were played to another)
    phase = out["phases"][i]
    phase["decisions"] = [{"actor": d["actor"], "skill": d["skill"], "answer": answer}] + [
        x for x in phase.get("decisions", []) if not (x["actor"] == d["actor"] and x["skill"] == d["skill"])]
    return out


def _other_script(label: str) -> str:
    simplified = T2S.convert(label)
    return S2T.convert(label) if simplified == label else simplified


def _actor_of(script: dict[str, Any], label: Any) -> str | None:
    """The actor of an option that is an action (「黃蓋【刺殺】」: the id seated as 黃蓋), else None."""
    m = re.fullmatch(r"(.+?)【(.+?)】(#\d+)?", label) if isinstance(label, str) else None
    if m is None:
        return None
    seated = [p["id"] for p in script["players"] if p.get("character") == m.group(1)]
    return seated[0] if len(seated) == 1 else None


def _check_forms(rules_name: str, skill: str) -> None:
    script, i, d = _scenario(rules_name, skill)
    options = d["options"]
    k = len(options) - 1
    label = options[k]
    want = run_script(_answered(script, i, d, label), lenient=True)
    taken = next(x for x in want["phases"][i]["decisions"] if (x["actor"], x["skill"]) == (d["actor"], d["skill"]))
    assert taken["answer"] == label and taken["defaulted"] is False
    for form, answer in (("other script", _other_script(str(label))), ("number", k + 1)):
        if form == "other script" and not isinstance(label, str):
            continue
        assert run_script(_answered(script, i, d, answer), lenient=True) == want, (skill, form, answer)
    declining = [j for j, o in enumerate(options) if isinstance(o, str) and name_key(o) in DECLINING]
    if len(declining) == 1:  # a yes/no or may choice: false declines; true is the other one of two
        no = declining[0]
        refused_no = run_script(_answered(script, i, d, options[no]), lenient=True)
        assert run_script(_answered(script, i, d, False), lenient=True) == refused_no, (skill, "false")
        if len(options) == 2:
            yes = run_script(_answered(script, i, d, options[1 - no]), lenient=True)
            assert run_script(_answered(script, i, d, True), lenient=True) == yes, (skill, "true")
    else:
        with pytest.raises(ScriptError, match="true/false"):
            run_script(_answered(script, i, d, True), lenient=True)
    with pytest.raises(ScriptError, match=f"沒有第{len(options) + 1}個選項"):
        run_script(_answered(script, i, d, len(options) + 1), lenient=True)
    actor = _actor_of(script, label)
    if actor is not None:  # a choice among actions: the actor's id names it, unless he has two there
        theirs = [o for o in options if _actor_of(script, o) == actor]
        if len(theirs) == 1:
            assert run_script(_answered(script, i, d, actor), lenient=True) == want, (skill, "actor")
        else:
            with pytest.raises(ScriptError, match="請以選項名稱指明"):
                run_script(_answered(script, i, d, actor), lenient=True)


def test_the_skill_table_has_choices_to_check():
    """The table gives the choosers (a guard against an inspection that finds nothing)."""
    assert {"遊說", "出將入相", "捨身護主", "神算", "化身", "轉生", "託孤", "盜書", "草船借箭"} <= set(KK33_CHOOSERS)


@pytest.mark.parametrize("skill", KK33_CHOOSERS)
def test_every_answer_form_on_a_kk33_choice(skill):
    _check_forms("kk33", skill)


@pytest.mark.parametrize(("rules_name", "skill"), OTHER_CHOOSERS)
def test_every_answer_form_on_a_dingli_choice(rules_name, skill):
    _check_forms(rules_name, skill)


# ---- args.choice: the options an action picks among (練兵, 醇醪之交), read by the same reader -------------------------
def _kk33_choice_args() -> list[str]:
    """Every KK 3.3 skill whose ``args`` hold ``"choice"`` (found in the skill table: none can opt out)."""
    found = []
    for info in pkgutil.iter_modules(characters.__path__):
        module = importlib.import_module(f"{characters.__name__}.{info.name}")
        found += [cls.name for cls in getattr(module, "SKILLS", []) if "choice" in getattr(cls, "args", ())]
    return sorted(set(found))


def _choice_table(skill: str) -> Any:
    """A table where ``skill`` may be used, and the action to use it with ``choice`` (a function of the answer)."""
    from tianting.testing import Table

    if skill == "練兵":  # 呂蒙's 大智若愚 awakens after two 明察 on killers (as tests/kk33/characters/test_wu_lords.py)
        t = Table(characters={"吳正軍師": "魯肅", "吳副軍師": "陸遜"})
        t.night(t.act("吳正軍師", "明察", "魏殺手甲"))
        t.day()
        t.night(t.act("吳正軍師", "明察", "蜀殺手乙"))
        t.day()
        return t, lambda c: t.act("吳正軍師", "練兵", "魏君主", choice=c)
    if skill == "醇醪之交":  # 程普 at 吳殺手乙
        t = Table(characters={"魏副軍師": "荀彧", "魏殺手甲": "張遼"})
        t.decide("吳殺手乙", "醇醪之交", False)
        return t, lambda c: t.act("吳殺手乙", "醇醪之交", "蜀護衛", choice=c)
    raise AssertionError(f"【{skill}】 takes args.choice but has no scenario here: add one")


@pytest.mark.parametrize("skill", _kk33_choice_args())
def test_every_form_of_args_choice(skill):
    """The label, the label in the other script, the number (JSON or text, full-width too) all pick the same option;
    a number out of range or an unknown name is refused with a Chinese message naming the options."""
    from tianting.core.errors import IllegalAction

    t, action = _choice_table(skill)
    impl = t.game.skills[skill]
    assert impl.choices, f"【{skill}】 declares no choices"
    for k, label in enumerate(impl.choices):
        t, action = _choice_table(skill)
        for answer in (label, _other_script(label), k + 1, str(k + 1), chr(0xFF11 + k)):
            assert t.game.skills[skill].chosen(action(answer)) == k, (skill, answer)
    t, action = _choice_table(skill)
    for bad in (len(impl.choices) + 1, "不存在的選項"):
        with pytest.raises(IllegalAction, match="choice"):
            t.game.skills[skill].chosen(action(bad))
