"""A script reordered in any way gives the same transcript but for the order of its lists (issue 27, item 2).

「同一階段的一切同時發生」 (the project's rule: everything in one phase happens at once): no outcome, chance
included, may depend on the order of the script's ``players``, a phase's ``actions``, ``votes``, ``decisions``
or ``rulings``. Each random legal script of every rule set (the rule sets' random bots; KK 3.3's last phase
given random rulings too) is played, then played again with every one of those lists shuffled (seeded), and
the two transcripts must be equal once every list in them is sorted. A shuffle keeps the order of two
decisions of one actor for one skill (the second answers the second ask: an order the script means) and
renumbers the ``void`` rulings' ``action`` with the actions they name; in 鼎立 an actor who kills himself keeps the
order of his own actions (D-A2: those sent after the 自杀 are his successor's). The shuffle is full: a phase's actions are
checked as a set (R27, ``tianting.core.action_set``), so a grant listed after what it grants (三日五百's extra 刺殺,
落鴻哀歌's second target, 亂世英雄's skill) is accepted as well as before it.

The default suite plays a few short games of each rule set; ``-m slow`` plays many more, longer.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from tianting.core.errors import ScriptError
from tianting.randomplay import random_script
from tianting.rules.dingli2 import bots as dingli2_bots
from tianting.rules.sg24 import bots as sg24_bots
from tianting.script import run_script


def _script(rules: str, seed: int, phases: int) -> dict[str, Any]:
    if rules == "kk33":
        script = random_script(seed, phases)
    else:
        script = (sg24_bots if rules == "sg24" else dingli2_bots).play(seed, phases)[1]
    return _with_rulings(script, random.Random(seed))


def _with_rulings(script: dict[str, Any], bot: random.Random) -> dict[str, Any]:
    """The script with some of the judge's rulings in its last phase (a later phase could turn illegal):
    a ``void`` of two actions, private ``tell``s, a ``spare`` (KK 3.3, whose effects these are all)."""
    if script["rules"] != "kk33" or not script["phases"]:
        return script
    last = script["phases"][-1]
    ids = [p["id"] for p in script["players"]]
    if len(script["phases"]) > 1:  # the living as the last phase opens
        before = run_script({**script, "phases": script["phases"][:-1]})["phases"][-1]["truth"]["players"]
        ids = [pid for pid in ids if before[pid]["status"] == "alive"]
    rulings: list[dict[str, Any]] = []
    for n in bot.sample(range(len(last.get("actions", []))), min(2, len(last.get("actions", [])))):
        if last["phase"] == "night":
            rulings.append({"effect": "void", "action": n, "why": f"天庭裁定{n}"})
    for pid in bot.sample(ids, min(3, len(ids))):
        rulings.append({"effect": "tell", "target": pid, "text": f"天庭告知{pid}"})
    rulings.append({"effect": "spare", "target": bot.choice(ids), "why": "天庭豁免"})
    out = copy.deepcopy(script)
    out["phases"][-1]["rulings"] = rulings
    return out


def _shuffled_dict(value: dict[str, Any], bot: random.Random) -> dict[str, Any]:
    items = list(value.items())
    bot.shuffle(items)
    return dict(items)


def _keep_per_key(entries: list[Any], key: Any, bot: random.Random) -> list[Any]:
    """``entries`` shuffled, except that those of one ``key`` keep their order among themselves."""
    slots = [key(e) for e in entries]
    bot.shuffle(slots)
    queues: dict[Any, list[Any]] = {}
    for e in entries:
        queues.setdefault(key(e), []).append(e)
    return [queues[k].pop(0) for k in slots]


def reordered(script: dict[str, Any], seed: int) -> dict[str, Any]:
    """``script`` with its players and every phase's actions, votes, decisions, rulings, last words and digits
    shuffled."""
    bot = random.Random(seed)
    out = copy.deepcopy(script)
    bot.shuffle(out["players"])
    for phase in out["phases"]:
        actions = phase.get("actions")
        if actions:
            order = list(range(len(actions)))
            # 鼎立's D-A2 reads one order as meant: an actor's actions sent before his 自杀 are his (「按没有提交判定」),
            # those after it his successor's; so an actor who kills himself keeps the order of his own actions
            suicides = {a["actor"] for a in actions if a.get("skill") in ("自杀", "自殺")}
            if suicides and script.get("rules") == "dingli2":
                keys: list[Any] = [a["actor"] if a["actor"] in suicides else i for i, a in enumerate(actions)]
                order = _keep_per_key(order, keys.__getitem__, bot)
            else:
                bot.shuffle(order)
            phase["actions"] = [actions[i] for i in order]
            place = {old: new for new, old in enumerate(order)}
            for ruling in phase.get("rulings", []):
                if "action" in ruling:
                    ruling["action"] = place[ruling["action"]]
        for key in ("votes", "last_words", "digits"):
            if isinstance(phase.get(key), dict):
                phase[key] = _shuffled_dict(phase[key], bot)
        if phase.get("decisions"):
            phase["decisions"] = _keep_per_key(phase["decisions"], lambda d: (d["actor"], d["skill"]), bot)
        if phase.get("rulings"):
            bot.shuffle(phase["rulings"])
    return out


def _sorted_lists(value: Any) -> Any:
    """``value`` with every list sorted (by its items' JSON) and the script's numbering of its actions left out
    (a ruling's or a use's ``action``): two transcripts equal under this differ at most in the order of their
    lists."""
    if isinstance(value, dict):
        return {k: _sorted_lists(v) for k, v in value.items() if not (k == "action" and isinstance(v, int))}
    if isinstance(value, list):
        items = [_sorted_lists(v) for v in value]
        return sorted(items, key=lambda v: json.dumps(v, ensure_ascii=False, sort_keys=True))
    return value


def assert_order_free(rules: str, seed: int, phases: int) -> None:
    script = _script(rules, seed, phases)
    played = run_script(script)
    other = reordered(script, seed + 1)
    again = run_script(other)  # accepted in any order: the actions are checked as a set (R27)
    assert [p["id"] for p in other["players"]] != [p["id"] for p in script["players"]]
    assert _sorted_lists(again) == _sorted_lists(played), f"{rules} seed {seed}"


@pytest.mark.parametrize("rules", ["kk33", "sg24", "dingli2"])
@pytest.mark.parametrize("seed", range(3))
def test_a_reordered_script_gives_the_same_transcript_but_for_list_order(rules: str, seed: int) -> None:
    assert_order_free(rules, seed, 8)


@pytest.mark.slow
@pytest.mark.parametrize("rules", ["kk33", "sg24", "dingli2"])
@pytest.mark.parametrize("seed", range(3, 43))
def test_many_reordered_scripts_give_the_same_transcripts(rules: str, seed: int) -> None:
    assert_order_free(rules, seed, 40)


def test_a_script_may_name_the_listed_order_of_older_games() -> None:
    """``draw_order: "listed"`` (game-script.md): the lists resolve as written, as every game did before."""
    script = _script("sg24", 5, 8)
    script["players"].reverse()
    listed = run_script({**script, "draw_order": "listed"}, lenient=True)  # another game: later entries may not fit
    assert list(listed["phases"][0]["truth"]["players"]) == [p["id"] for p in script["players"]]  # as written
    ids = list(run_script(script)["phases"][0]["truth"]["players"])
    assert ids == sorted(ids)  # the canonical order: by id
    with pytest.raises(ScriptError, match="draw_order"):
        run_script({**script, "draw_order": "by-seat"})


@pytest.mark.parametrize("rules", ["kk33", "sg24", "dingli2"])
def test_the_posts_list_ids_by_id_not_in_the_order_the_night_resolved_them(rules: str) -> None:
    """R52: a post's lists of the dead, the wounded and the ids out name each id once, in code-point order; the
    order the harms were resolved in (which stage wounded whom) is the judges', not the table's."""
    seen = 0
    for seed in range(6):
        for phase in run_script(_script(rules, seed, 8))["phases"]:
            for key in ("died", "exited", "injured"):
                ids = phase["announcement"].get(key, [])
                assert ids == sorted(set(ids)), (seed, phase.get("phase"), key, ids)
                seen += len(ids) > 1
    assert seen  # lists of two or more ids were met


def test_a_game_of_before_keeps_its_posts_as_they_were() -> None:
    """R52: a game of before (``draw_order: "listed"``) lists the ids once each, in the order they were found."""
    from types import SimpleNamespace

    from tianting.core.canonical import LISTED, STATE_KEY, posted

    assert posted(SimpleNamespace(extra={}), ["P3", "P1", "P3"]) == ["P1", "P3"]
    assert posted(SimpleNamespace(extra={STATE_KEY: LISTED}), ["P3", "P1", "P3"]) == ["P3", "P1"]
