"""The 24人 and 鼎立 bots use their characters' skills at a player's rate (issue 31, item 6): the engine resolves
the declared ones, a study counts each such use and what came of it, and the heuristic bots play whole games."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from tianting.core.errors import TiantingError
from tianting.rules import load as load_rules
from tianting.rules.dingli2 import bots as dingli_bots
from tianting.rules.sg24 import bots as sg24_bots
from tianting.rules.sg24.outcomes import skill_outcomes, skill_uses
from tianting.rules.sg24.skill_bots import SKILL_RATE, skill_use
from tianting.simulate.runner import Study, run_study

BOTS = {"sg24": sg24_bots, "dingli2": dingli_bots}
GENERAL = {"刺杀", "指认", "招揽", "投奔", "自杀"}


def _character_uses(game: Any) -> Counter[tuple[bool, str]]:
    """(left to the judge, state) of every character-skill use in the game's history."""
    return Counter((bool(a.get("judged")), a["state"]) for entry in game.state.history
                   for a in entry.get("actions", ()) if a["skill"] not in GENERAL)


def _resolves(game: Any, pid: str, skill: str) -> bool:
    return game.engine_resolves(game.pack.skill(game.state.player(pid).character, skill))


@pytest.mark.parametrize("rules", ["sg24", "dingli2"])
def test_over_a_few_games_character_skills_are_used_and_the_engine_resolves_the_declared(rules: str) -> None:
    uses: Counter[tuple[bool, str]] = Counter()
    for seed in range(3):
        game, script = BOTS[rules].play(seed)
        uses += _character_uses(game)
        for phase in script["phases"]:  # every use a bot kept is one the game's check took (the replay checks it too)
            assert all(a["skill"] in GENERAL or a["actor"] in game.state.players for a in phase.get("actions", ()))
    engine = sum(n for (judged, _), n in uses.items() if not judged)
    assert engine >= 30 and uses[(False, "done")] > 0, uses  # declared skills used and resolved: done, failed, void
    assert uses[(False, "pending")] == 0  # the engine settles every use it resolves
    # the judge's: only where the pack leaves an active skill to him (鼎立's 左慈【人遁】; none in 24人's pack now)
    assert all(not judged or rules == "dingli2" for (judged, _), n in uses.items() if n)


@pytest.mark.parametrize("rules", ["sg24", "dingli2"])
def test_a_bot_that_may_use_a_skill_uses_one_most_nights(rules: str) -> None:
    """Night 1, every living bot with an active skill: at rate 1.0 each uses one unless all its skills are refused;
    at the default rate about SKILL_RATE of those do; each use is one ``check_action`` takes."""
    game, _ = BOTS[rules].play(5, max_phases=0)
    holders = [p.id for p in game.state.living() if any(s.kind == "active" for s in game.character(p.id).skills)]
    bot = random.Random(1)
    every = [skill_use(game, pid, bot, [], 1.0) for pid in holders]
    # (a skill whose use needs a setting the random bot does not make — 麻沸散's length, 武侯八阵's digits, 运筹帷幄's
    # order — is left out by the bot)
    assert sum(u is not None for u in every) >= 0.85 * len(holders)
    for use in every:
        if use is not None:
            game.check_action(use, [])  # accepted alone
    seen = [skill_use(game, pid, random.Random(k), []) is not None for k in range(40) for pid in holders[:5]]
    assert abs(sum(seen) / len(seen) - SKILL_RATE) < 0.15


def test_a_skill_that_asks_a_country_is_sent_one() -> None:
    """荀彧【驱虎吞狼】's check asks a country: the bot names one of the open countries (and one id)."""
    game, _ = sg24_bots.play(0, max_phases=0)
    [xunyu] = [p.id for p in game.state.living() if p.character == "荀彧"]
    for k in range(30):
        use = skill_use(game, xunyu, random.Random(k), [], 1.0)
        if use is not None and use.skill == "驱虎吞狼":
            assert use.args["country"] in game.open_countries() and len(use.targets) == 1
            game.check_action(use, [])
            return
    pytest.fail("荀彧 never used 驱虎吞狼 in 30 tries at rate 1.0")


def test_the_bots_are_deterministic_from_the_seed() -> None:
    assert sg24_bots.play(7)[1] == sg24_bots.play(7)[1]
    assert dingli_bots.play(7)[1] == dingli_bots.play(7)[1]


@pytest.mark.parametrize("rules", ["sg24", "dingli2"])
def test_a_game_record_counts_each_engine_use_and_its_outcome(rules: str) -> None:
    record = load_rules(rules).bot_game(2, "random", None, 40)
    game, _ = BOTS[rules].play(2)
    history = game.state.history
    assert record.skill_uses == skill_uses(history) and record.skill_outcomes == skill_outcomes(history)
    resolved = {a["skill"] for e in history for a in e.get("actions", ())
                if a["skill"] not in GENERAL and not a.get("judged")}
    judged_only = {a["skill"] for e in history for a in e.get("actions", ()) if a.get("judged")} - resolved
    assert resolved and resolved <= set(record.skill_uses)  # every engine-resolved character skill has a row
    assert not judged_only & set(record.skill_uses)  # a judge-ruled skill has none (R-SG18)
    for skill, (used, done) in record.skill_uses.items():
        failed, void = record.skill_outcomes[skill]
        states = Counter(a["state"] for e in history for a in e.get("actions", ())
                         if a["skill"] == skill and not a.get("judged"))
        assert (used, done, failed, void) == (sum(states.values()), states["done"], states["failed"], states["void"])


@pytest.mark.parametrize("rules", ["sg24", "dingli2"])
def test_a_study_reports_character_skill_rows_with_outcomes_and_each_characters_rates(rules: str) -> None:
    figures = run_study(Study(games=4, seed=3, rules=rules), jobs=1).tally.figures()
    rows = {r["skill"]: r for r in figures["skills"]}
    character_rows = [r for s, r in rows.items() if s not in GENERAL]
    assert character_rows, "no engine-resolved character skill counted"
    for row in character_rows:
        assert row["failed"]["count"] + row["void"]["count"] + row["successes"] <= row["uses"]
        assert row["failed"]["n"] == row["uses"]
    chars = figures["characters"]
    assert chars and all({"win", "survival", "built", "seated"} <= set(c) for c in chars)
    assert any(c["built"] for c in chars)  # (every character of 24人's pack now, but 鼎立's 左慈: 人遁 the judge's)


def test_a_kk33_record_carries_no_outcome_split() -> None:
    """KK 3.3's rows stay as they were: uses and successes, no failed/void split in records or figures."""
    figures = run_study(Study(games=2, seed=1), jobs=1).tally.figures()
    assert all("failed" not in r for r in figures["skills"])


@pytest.mark.parametrize("rules", ["sg24", "dingli2"])
def test_the_heuristic_bots_play_whole_games_to_the_end(rules: str) -> None:
    ended = 0
    for seed in range(4):
        record = load_rules(rules).bot_game(seed, "heuristic", None, 80)
        ended += record.over
        assert record.phases > 2
    assert ended >= 3


def test_the_heuristic_bots_never_stab_or_vote_a_countryman_they_know() -> None:
    from tianting.rules.sg24 import heuristic

    bots = heuristic.heuristic(sg24_bots.BOTS)
    seen: list[tuple[str, str, str]] = []

    def watch(game: Any, actions: Any) -> None:
        for a in actions:
            if a.skill == "刺杀":
                seen.append((a.actor, a.targets[0], game.state.player(a.actor).country))
                assert a.targets[0] not in heuristic.allies(game, a.actor)

    for seed in range(3):
        bots.play(seed, watch=watch)
    assert seen
    game, _ = bots.play(0, max_phases=0)
    ballot = heuristic.votes(game, random.Random(0))
    assert ballot and all(target not in heuristic.allies(game, voter) for voter, target in ballot.items())


def test_an_unknown_policy_is_refused_in_chinese() -> None:
    with pytest.raises(TiantingError, match="heuristic"):
        load_rules("sg24").bot_game(0, "smart", None, 10)
