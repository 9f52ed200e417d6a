"""Determinism, order independence, what a player sees, and random legal play from start to end."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tianting.core import canonical
from tianting.core.decisions import DecisionBook
from tianting.core.errors import IllegalAction
from tianting.core.records import Action
from tianting.core.rng import GameRandom
from tianting.rules.dingli2 import RULESET, DingliGame, random_seats

from .table import Table, act, force_deal, rule, seats


def transcript(game: DingliGame) -> list[Any]:
    return [(r.announcement, {k: [f.as_json() for f in v] for k, v in r.feedback.items()}, r.trace, r.draws,
             [d.as_json() for d in r.deaths], r.warnings) for r in game.results]


def busy_night(order: list[int] | None = None) -> Table:
    t = Table(seed=11).force("【披发涂炭】stab_void 徐庶→甘宁", False)  # 徐庶's passive: 甘宁's stab on 关羽 stands
    actions = [act("张辽", "刺杀", "刘备"), act("关羽", "刺杀", "曹操"), act("甘宁", "刺杀", "关羽"),
               act("曹操", "招揽", "袁绍", character="袁绍"), act("刘备", "招揽", "袁绍", character="袁绍"),
               act("吕布", "自杀"), act("张飞", "刺杀", "吕布"), act("庞统", "连环妙计", "孙坚", "鲁肃")]
    if order is not None:
        actions = [actions[i] for i in order]
    t.night(*actions, answers=[{"actor": "袁绍", "skill": "入国", "answer": "蜀"},
                               {"actor": "曹操", "skill": "继任", "answer": "曹丕"},
                               {"actor": "关羽", "skill": "继任", "answer": "魏延"}],
            rulings=(rule("contest", text="张辽、关羽"),), digits={"张辽": 3, "关羽": 8})
    force_deal(t, "甘宁", 1)  # 甘宁, wounded by 徐庶's 披发涂炭, stays wounded at the day's check
    t.day({"曹操": "孙坚", "郭嘉": "孙坚", "孙坚": "曹操"}, digits={"甘宁": 9})
    return t


def test_same_seed_same_game() -> None:
    """Deterministic: the same inputs give the same transcript, draw for draw."""
    assert transcript(busy_night().game) == transcript(busy_night().game)


@pytest.mark.parametrize("seed", range(6))
def test_submission_order_does_not_matter(seed: int) -> None:
    """「Everything in one phase happens at once」: any order of the same actions, the same outcome."""
    order = list(range(8))
    random.Random(seed).shuffle(order)
    assert transcript(busy_night(order).game) == transcript(busy_night().game)


def test_seat_order_does_not_matter_for_the_vote() -> None:
    """Votes given in any order: the same ballot count and the same harm."""
    votes = {"曹操": "孙坚", "郭嘉": "孙坚", "程昱": "孙坚", "孙坚": "曹操"}
    results = []
    for items in (list(votes.items()), list(reversed(votes.items()))):
        t = Table()
        t.night()
        r = t.day(dict(items))
        results.append((r.announcement["voted"], sorted(r.announcement["votes"].items()), t.status("孙坚")))
    assert results[0] == results[1]


def test_a_player_sees_own_seat_and_no_one_elses() -> None:
    """Players see only what the rules let them see: own seat, whom they know, own feedback, public posts."""
    ids = {s.character: f"p{i:02d}" for i, s in enumerate(seats())}
    t = Table(ids=ids)
    t.night(act(ids["张辽"], "刺杀", ids["刘备"]), act(ids["曹操"], "招揽", ids["袁绍"], character="袁绍"),
            answers=[{"actor": ids["袁绍"], "skill": "入国", "answer": "魏"}])
    view = RULESET.player_view(t.game, ids["典韦"])
    assert view["character"] == "典韦" and view["known"] == {} and view["feedback"] == [[]]
    # the 指认 row offers what 典韦's allowances name (the pack's public rules, issue 29, 4): characters, never
    # who plays them; the rest of the view names no other character
    [row] = [r for r in view["skills"] if r["skill"] == "指认"]
    choices = row.pop("choices")
    assert not set(ids.values()) & {n for names in choices.values() for n in names}
    text = repr(view)
    for ch in set(ids) - {"典韦", "许褚"}:
        assert ch not in text, ch
    assert "died" not in view["announcements"][-1]
    killer = RULESET.player_view(t.game, ids["张辽"])
    assert [r["skill"] for r in killer["skills"] if r["source"] == "general"][0] == "刺杀"


def _random_actions(game: DingliGame, rnd: random.Random) -> list[Action]:
    accepted: list[Action] = []
    living = [p.id for p in game.state.living()]
    for p in sorted(game.state.living(), key=lambda p: p.seat):
        view = RULESET.player_view(game, p.id)
        rows = [r for r in view["skills"] if r["kind"] == "active"]
        if not rows or rnd.random() < 0.3:
            continue
        row = rnd.choice(rows)
        if row["skill"] == "自杀" and rnd.random() < 0.9:
            continue
        n = row["targets"]["count"] if row["source"] == "general" else rnd.choice((0, 1))
        targets = tuple(rnd.sample([x for x in living if x != p.id], n))
        args: dict[str, Any] = {}
        if "character" in row.get("args", []):
            args["character"] = rnd.choice(sorted(game.pack.characters))
        if "evaluation" in row.get("args", []):
            args["evaluation"] = rnd.choice(("智者", "猛将", "统帅"))
        if "country" in row.get("args", []):
            args["country"] = rnd.choice(("魏", "蜀", "吴"))
        a = Action(p.id, row["skill"], targets, args)
        try:
            game.check_action(a, accepted)
        except IllegalAction:
            continue
        accepted.append(a)
    return accepted


@pytest.mark.parametrize(("size", "ex", "seed"), [(26, False, 1), (29, False, 2), (32, False, 3), (26, True, 4),
                                                  (32, True, 5), (26, False, 6)])
def test_random_legal_play_runs_to_the_end(size: int, ex: bool, seed: int) -> None:
    """Random legal bots (actions, votes, digits, the judge's harms now and then) play a whole game: no crash,
    every player's view is built, and the game ends or reaches the limit."""
    rnd = random.Random(seed)
    game = DingliGame.create(random_seats(GameRandom(seed), size, ex), seed)
    for _ in range(60):
        if game.state.over:
            break
        living = [p.id for p in game.state.living()]
        rulings = (rule("kill", rnd.choice(living)),) if rnd.random() < 0.5 else ()
        if game.phase.value == "night":
            game.resolve_night(_random_actions(game, rnd), DecisionBook(), {}, rulings,
                               digits={p: rnd.randrange(10) for p in living if rnd.random() < 0.5})
        else:
            votes = {p: rnd.choice(living) for p in living if rnd.random() < 0.8}
            game.resolve_day(votes, DecisionBook(), rulings, digits={p: rnd.randrange(10) for p in living})
        for pid in game.state.players:
            RULESET.player_view(game, pid)
    assert game.state.over or len(game.results) == 60
    if game.state.over:
        assert set(game.state.winners) <= {"魏", "蜀", "吴"}


@pytest.mark.parametrize("seed", range(8))
def test_bot_games_replay_from_their_scripts(seed: int) -> None:
    """The random bots' game, written as a script, replays to the same end (determinism through the inputs)."""
    from tianting.rules.dingli2.bots import play
    from tianting.rules.dingli2.game import SeatSpec

    game, script = play(seed, 60)
    again = DingliGame.create([SeatSpec(p["id"], p["country"], p["identity"], p["character"])
                               for p in script["players"]], script["seed"])
    for phase in script["phases"]:
        if phase["phase"] == "night":
            actions = [Action(a["actor"], a["skill"], tuple(a["targets"]), a.get("args", {})) for a in phase["actions"]]
            # in the runner's canonical order (as the bots' game was resolved): a script's lists are in the bots' order
            again.resolve_night(canonical.actions_in_order(actions, {})[0], DecisionBook())
        else:
            again.resolve_day(phase["votes"], DecisionBook(), digits=phase.get("digits"))
    assert transcript(again) == transcript(game)
    assert again.state.winners == game.state.winners and again.state.over == game.state.over
