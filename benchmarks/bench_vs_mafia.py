"""One night of a plain 22-player game: tianting against the ``mafia`` package.

Run with ``.venv/bin/python benchmarks/bench_vs_mafia.py [--reps N]`` after
``pip install -e '.[bench]'`` (which brings ``mafia``, calder/mafia 1.0.0 from
PyPI, a Python library for moderating games of Mafia). Not collected by pytest.

The same night in both libraries, resolved side by side in one run:

* **the table**: 22 players, three sides of seven (魏 蜀 吳) and one lone
  群雄. tianting: the standard table (``tianting.testing.standard_seats``)
  with no character skills held (only the identity rules, as a plain game
  has); mafia: three ``Mafia`` factions of seven (two ``Goon`` killers, a
  ``Doctor``, a ``Cop`` and three ``Villager``) and one ``Villager`` in
  ``Town``;
* **the night**: 3 kills, 3 protections, 3 investigations, a typical KK
  night's count of each. Each side's first killer attacks the next side's
  lord (tianting 刺殺 by 殺手甲; mafia ``FactionAction(side, Kill)``), each
  side's guard protects its own lord (援護; ``Protect`` by the doctor) except
  魏's, whose lord is not attacked, and 吳's killer attacks 魏's 女眷 instead:
  two kills stopped, one death. Each side's strategist investigates the next
  side's first killer (明察; ``Investigate`` by the cop).

What is timed is everything from the submitted actions to the resolved
night: tianting checks the 9 actions (``check_action``, the validation a
form or a script gets) and resolves the night (``resolve_night``: outcomes,
feedback, announcement, trace); mafia resolves its ``Night`` (which matches
each raw action against the legal options, then resolves them). Each
repetition starts from a fresh game built outside the timed region; the
figure is the median over the repetitions. tianting's resolution alone is
shown too.
"""

from __future__ import annotations

import argparse
import copy
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from tianting.core.decisions import DecisionBook
from tianting.core.records import Action
from tianting.rules.kk33 import KK33Game, roster
from tianting.testing import standard_seats

SIDES = ("魏", "蜀", "吳")


# ---- tianting --------------------------------------------------------------------------------
def tianting_game() -> KK33Game:
    """The standard 22 seats with no character skills held: a plain game (identity rules only)."""
    game = KK33Game.create(standard_seats(), seed=1)
    for player in game.state.players.values():
        player.skills = []
    return game


def tianting_actions() -> list[Action]:
    """3 stabs, 3 guards, 3 investigations (see the module's docstring)."""
    nxt = {side: SIDES[(i + 1) % 3] for i, side in enumerate(SIDES)}
    stabs = [Action("魏殺手甲", "刺殺", ("蜀君主",)), Action("蜀殺手甲", "刺殺", ("吳君主",)),
             Action("吳殺手甲", "刺殺", ("魏女眷",))]
    guards = [Action(f"{side}護衛", "援護", (f"{side}君主",)) for side in SIDES]
    looks = [Action(f"{side}正軍師", "明察", (f"{nxt[side]}殺手甲",)) for side in SIDES]
    return stabs + guards + looks


def fresh(game: KK33Game) -> KK33Game:
    """A deep copy that shares the read-only roster and skill objects."""
    return copy.deepcopy(game, {id(game.roster): game.roster, id(game.skills): game.skills})


def tianting_night(prepared: KK33Game, actions: list[Action], check: bool) -> tuple[float, Any]:
    game = fresh(prepared)
    start = time.perf_counter()
    if check:
        accepted: list[Action] = []
        for action in actions:
            game.check_action(action, accepted)
            accepted.append(action)
    result = game.resolve_night(actions, DecisionBook())
    return time.perf_counter() - start, result


# ---- mafia -------------------------------------------------------------------------------------
def mafia_night() -> tuple[float, Any]:
    """Build the table and the night (untimed), then time ``game.resolve(night)``."""
    import mafia

    game = mafia.Game(seed=1)
    sides = {side: game.add_faction(mafia.Mafia(side)) for side in SIDES}
    town = game.add_faction(mafia.Town())
    seats: dict[str, Any] = {}
    for side, faction in sides.items():
        for seat, role in (("君主", mafia.Villager), ("正軍師", mafia.Cop), ("副軍師", mafia.Villager),
                           ("殺手甲", mafia.Goon), ("殺手乙", mafia.Goon), ("護衛", mafia.Doctor),
                           ("女眷", mafia.Villager)):
            seats[f"{side}{seat}"] = game.add_player(f"{side}{seat}", role(faction))
    seats["群雄"] = game.add_player("群雄", mafia.Villager(town))
    game.begin()
    night = mafia.Night(0)
    for killer, target in (("魏殺手甲", "蜀君主"), ("蜀殺手甲", "吳君主"), ("吳殺手甲", "魏女眷")):
        night.add_action(mafia.FactionAction(sides[killer[0]], mafia.Kill(seats[killer], seats[target])))
    for side in SIDES:
        night.add_action(mafia.Protect(seats[f"{side}護衛"], seats[f"{side}君主"]))
    for i, side in enumerate(SIDES):
        night.add_action(mafia.Investigate(seats[f"{side}正軍師"], seats[f"{SIDES[(i + 1) % 3]}殺手甲"]))
    start = time.perf_counter()
    game.resolve(night)
    return time.perf_counter() - start, game


def median_of(run: Callable[[], tuple[float, Any]], reps: int) -> tuple[float, Any]:
    samples = []
    last: Any = None
    for _ in range(reps):
        seconds, last = run()
        samples.append(seconds)
    return statistics.median(samples), last


def fmt(seconds: float) -> str:
    return f"{seconds * 1e6:,.0f} µs"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=2000, help="repetitions of each night (default 2000)")
    args = parser.parse_args(argv)
    try:
        import mafia  # noqa: F401
    except ImportError:
        print("the `mafia` package is missing: pip install -e '.[bench]'", file=sys.stderr)
        return 2

    roster()
    prepared = tianting_game()
    actions = tianting_actions()
    for _ in range(50):  # warm up both
        tianting_night(prepared, actions, True)
        mafia_night()
    t_full, result = median_of(lambda: tianting_night(prepared, actions, True), args.reps)
    t_resolve, _ = median_of(lambda: tianting_night(prepared, actions, False), args.reps)
    m_full, mgame = median_of(mafia_night, args.reps)

    import mafia

    t_dead = [d.id for d in result.deaths]
    m_dead = [e.player.name for e in mgame.log if isinstance(e, mafia.events.Died)]
    m_results = sum(isinstance(e, mafia.events.InvestigationResult) for e in mgame.log)
    t_results = sum(1 for items in result.feedback.values() for f in items if f.skill == "明察")
    print(f"Python {sys.version.split()[0]}, mafia {getattr(mafia, '__version__', '1.0.0')}, "
          f"{args.reps} repetitions, median")
    print("one night, 22 players: 3 kills, 3 protections, 3 investigations")
    print(f"  outcome  tianting: dead {t_dead}, {t_results} investigation results; "
          f"mafia: dead {m_dead}, {m_results} investigation results")
    print(f"{'library':<36} {'night':>10}")
    print(f"{'tianting (check 9 actions + resolve)':<36} {fmt(t_full):>10}")
    print(f"{'tianting (resolve only)':<36} {fmt(t_resolve):>10}")
    print(f"{'mafia (resolve)':<36} {fmt(m_full):>10}")
    print(f"ratio mafia / tianting: {m_full / t_full:.1f}x (check + resolve), "
          f"{m_full / t_resolve:.1f}x (resolve only)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
