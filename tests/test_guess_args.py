"""Issue 27 item 1: 「`args.guess` (an object, "for skills that guess") is refused by 神算 and 兵行詭道, which read a
flat `args.identity`」. The contract (docs/spec/game-script.md, ``actions``): 「`args` … an object with these keys
where they apply: `country`, `identity`, `character`, `skill` (names), `choice` …, `guess` (an object of the same
keys, for skills that guess)」. One reader (``tianting.core.answers.read_args``) takes ``guess`` into the flat keys:
a script using either form, or both agreeing, plays the same game; both disagreeing is refused in Chinese."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tianting.core.errors import ScriptError
from tianting.randomplay import random_script
from tianting.script import run_script

GUESSES = {"神算": (6, 2, 19), "兵行詭道": (1, 10, 7)}
"""A random legal game using each skill: (seed of ``random_script``, phase, action)."""


def _game(skill: str) -> tuple[dict[str, Any], dict[str, Any]]:
    seed, i, j = GUESSES[skill]
    script = random_script(seed, max_phases=12)
    script["phases"] = script["phases"][: i + 1]
    action = script["phases"][i]["actions"][j]
    assert action["skill"] == skill and action["args"]
    return script, action


def _with_args(script: dict[str, Any], skill: str, args: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(script)
    seed, i, j = GUESSES[skill]
    out["phases"][i]["actions"][j]["args"] = args
    return out


@pytest.mark.parametrize("skill", list(GUESSES))
def test_a_guess_object_plays_as_the_flat_keys(skill):
    """「神算：指定一個ID，猜測其身份及國籍」; 「兵行詭道：指定一個……ID，猜測其身份」: the guess as
    ``args.guess``, or as both forms agreeing, gives the transcript of the flat form, in either script."""
    script, action = _game(skill)
    flat = run_script(copy.deepcopy(script))
    guess = dict(action["args"])
    assert run_script(_with_args(script, skill, {"guess": guess})) == flat
    assert run_script(_with_args(script, skill, {**guess, "guess": guess})) == flat
    simplified = {k: v.replace("殺", "杀").replace("軍", "军").replace("師", "师").replace("衛", "卫").replace("護", "护")
                  for k, v in guess.items()}
    assert run_script(_with_args(script, skill, {"guess": simplified})) == flat


@pytest.mark.parametrize("skill", list(GUESSES))
def test_a_guess_that_contradicts_the_flat_key_or_is_no_object_is_refused(skill):
    script, action = _game(skill)
    guess = dict(action["args"])
    other = "女眷" if guess["identity"] != "女眷" else "君主"
    with pytest.raises(ScriptError, match="不一致"):
        run_script(_with_args(script, skill, {**guess, "guess": {**guess, "identity": other}}))
    for bad in ("殺手", ["殺手"], {"身份": "殺手"}):
        with pytest.raises(ScriptError, match="args.guess 須為"):
            run_script(_with_args(script, skill, {"guess": bad}))
