"""Engine speed: one busy night, and whole random games.

Run with ``.venv/bin/python benchmarks/bench_engine.py [--reps N] [--games N]``.
Not collected by pytest (the suite's testpaths is ``tests/``).

* **busy night**: the standard 22-seat table (``tianting.testing.standard_seats``)
  with every player who can act using every identity skill they may. At
  night 1 that is 16 players (暗訪 needs a dead target and each country has
  one 刺殺 a night); the bench therefore also plays night 1 quietly and a
  day-2 vote that puts out 魏殺手乙, so that at night 2 every one of the 21
  living players except the two other second killers acts: 19 players, 22
  actions (正軍師 use both 明察 and 去偽存真). The game is deep-copied
  before each repetition, outside the timed region; only ``resolve_night``
  (and separately the ``check_action`` pass) is timed.
* **蜀-busy night** (issue 12): four tables that between them seat every 蜀 form
  (``SHU_TABLES``; 劉封 and 劉禪 are put on the 蜀 lord's seat as if reincarnated), each at
  night 2 as above, where every player uses their identity skills and every 蜀 player
  first one of their built active character skills (the first one the rules accept,
  with the first legal target). Timed in the same run as the night 2 above (the
  魏-busy night of the README, 魏 passives in play), with the ratio of the slowest
  蜀 table to it.
* **吳-busy night** (issue 13): the same with ``WU_TABLES``, four tables that between them seat
  every 吳 form (孫策 and 孫權 on the lord's seat as if reincarnated), every 吳 player using a
  built active character skill first; timed in the same run, with the ratio of the slowest 吳
  table to the 魏-busy night. (甘寧's 刺殺 is a day action: at night he uses no skill.)
* **whole game**: random legal games from :mod:`tianting.randomplay`,
  generated beforehand; each is replayed through ``run_script`` (create plus
  every phase), which is what is timed.
"""

from __future__ import annotations

import argparse
import copy
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from tianting.core.decisions import DecisionBook
from tianting.core.errors import IllegalAction
from tianting.core.records import Action
from tianting.core.skills import Kind
from tianting.randomplay import random_script
from tianting.rules.kk33 import KK33Game, roster
from tianting.script import run_script
from tianting.testing import standard_seats


def busy_actions(game: KK33Game, before: Sequence[Action] = ()) -> list[Action]:
    """Every identity skill every player may use tonight, each with the first legal target.

    Candidates are the ids in seat order, rotated by seven seats past the
    actor, so that most targets are in another country.
    """
    state = game.state
    ids = list(state.players)
    accepted: list[Action] = list(before)
    for player in state.players.values():
        if not game.can_act(player):
            continue
        for skill in game.identity_skills(player):
            impl = game.skills[skill]
            if impl.kind is Kind.PASSIVE:
                continue
            rotated = ids[player.seat + 7:] + ids[:player.seat + 7]
            args = {"country": "蜀", "identity": "殺手"} if "country" in impl.args else {}
            for i in range(len(rotated)):
                targets = tuple(rotated[i:i + impl.targets.count])
                if len(targets) < impl.targets.count:
                    break
                action = Action(player.id, skill, targets if impl.targets.count else (), args)
                try:
                    game.check_action(action, accepted)
                except IllegalAction:
                    continue
                accepted.append(action)
                break
    return accepted[len(before):]


ARG_GUESSES = {"country": "魏", "identity": "殺手", "character": "曹操", "skill": "刺殺", "choice": 1,
               "guess": {"country": "魏", "identity": "殺手"}, "guesses": [["魏君主", "奸雄"]]}
"""A value for each argument a character skill may need (the first legal use is kept)."""

BUSY_SEATS = ("君主", "正軍師", "副軍師", "殺手甲", "殺手乙", "護衛", "女眷")
"""A country's seats, in the order the busy tables list their characters."""


def _tables(country: str, *rows: tuple[str, ...]) -> tuple[dict[str, str], ...]:
    """Seat → character for each row of ``country``'s characters (in :data:`BUSY_SEATS` order)."""
    return tuple({country + seat: character for seat, character in zip(BUSY_SEATS, row, strict=True)}
                 for row in rows)


SHU_TABLES = _tables(
    "蜀",
    ("劉備", "遲暮的丞相·諸葛亮", "龐統", "關羽", "馬超", "趙雲", "糜夫人"),
    ("劉封", "徐庶", "隆中的卧龍·諸葛亮", "張飛", "黃忠", "魏延", "黃月英"),
    ("劉禪", "法正", "赤壁·諸葛亮", "馬岱", "關羽", "關平", "甘夫人"),
    ("劉備", "馬良", "姜維", "馬超", "張飛", "趙雲", "關銀屏"),
)
"""Seats of 蜀 for the 蜀-busy nights: every 蜀 form at least once."""

WU_TABLES = _tables(
    "吳",
    ("孫堅", "周瑜", "聯盟的締造者·魯肅", "甘寧", "凌統", "太史慈", "小喬"),
    ("孫策", "獨斷的外交家·魯肅", "陸遜", "黃蓋", "程普", "周泰", "孫尚香"),
    ("孫權", "張昭", "赤壁·魯肅", "韓當", "甘寧", "朱然", "大喬"),
    ("孫堅", "呂蒙", "諸葛瑾", "凌統", "黃蓋", "太史慈", "步練師"),
)
"""Seats of 吳 for the 吳-busy nights: every 吳 form at least once (孫策, 孫權: the lord reincarnated)."""

REINCARNATED = {"劉封": "劉備", "劉禪": "劉備", "孫策": "孫堅", "孫權": "孫堅"}
"""Lord forms reached only by 轉生: the table seats the first form and the bench turns him into this one."""


def character_actions(game: KK33Game, country: str, accepted: list[Action]) -> list[Action]:
    """One built active character skill for each player of ``country`` who can act: the first the
    rules accept, with the first legal targets (ids rotated as in :func:`busy_actions`)."""
    state = game.state
    ids = list(state.players)
    out: list[Action] = []
    for player in state.players.values():
        if player.country != country or not game.can_act(player):
            continue
        rotated = ids[player.seat + 7:] + ids[:player.seat + 7]
        for name in player.skills:
            impl = game.skills.get(name)
            if impl is None or impl.kind is Kind.PASSIVE:
                continue
            args = {key: ARG_GUESSES[key] for key in impl.args if key in ARG_GUESSES}
            action = _first_legal(game, player.id, name, impl.targets.count, rotated, args, accepted + out)
            if action is not None:
                out.append(action)
                break
    return out


def _first_legal(game: KK33Game, actor: str, skill: str, count: int, ids: list[str], args: dict,
                 accepted: list[Action]) -> Action | None:
    for i in range(max(1, len(ids))):
        targets = tuple(ids[i:i + count]) if count else ()
        if len(targets) < count:
            return None
        action = Action(actor, skill, targets, args)
        try:
            game.check_action(action, accepted)
        except IllegalAction:
            if not count:
                return None
            continue
        return action
    return None


def shu_night_two(table: dict[str, str]) -> KK33Game:
    """Night 2 of :func:`night_two` with ``table``'s seats (劉封, 劉禪, 孫策, 孫權: the lord reincarnated)."""
    r = roster()
    seated = {pid: REINCARNATED.get(c, c) for pid, c in table.items()}
    game = KK33Game.create(standard_seats(characters=seated), seed=1)
    for pid, character in table.items():
        player = game.state.player(pid)
        if player.character != character:  # as if 轉生 had made him this form
            player.character = character
            player.skills = [s.name for s in r.characters[character].skills]
            player.life = 1
    game.resolve_night([], DecisionBook())
    game.resolve_day({p.id: "魏殺手乙" for p in game.voters()}, DecisionBook())
    assert not game.state.player("魏殺手乙").alive
    return game


def shu_busy(table: dict[str, str], country: str = "蜀") -> tuple[KK33Game, list[Action]]:
    game = shu_night_two(table)
    characters = character_actions(game, country, [])
    return game, characters + busy_actions(game, characters)


def country_busy_rows(country: str, tables: Sequence[dict[str, str]], reps: int) -> list[float]:
    """Time each of ``tables`` busy with ``country``'s character skills; print a row each; the medians."""
    medians: list[float] = []
    for number, table in enumerate(tables, start=1):
        game, actions = shu_busy(table, country)
        acting = sum(1 for a in actions if game.skills[game._skill_name(a)].source.value == "character")
        samples = time_night(game, actions, reps)
        medians.append(statistics.median(samples))
        players = len({a.actor for a in actions})
        print(row(f"{country}-busy night {number}: resolve ({players} players, {len(actions)} actions)", samples,
                  f"{acting} {country} character skills: {'、'.join(table.values())}"))
    return medians


def night_one() -> KK33Game:
    return KK33Game.create(standard_seats(), seed=1)


def night_two() -> KK33Game:
    """Night 2 after a quiet night 1 and a day 2 that puts out 魏殺手乙."""
    game = night_one()
    game.resolve_night([], DecisionBook())
    votes = {p.id: "魏殺手乙" for p in game.voters()}
    game.resolve_day(votes, DecisionBook())
    assert not game.state.player("魏殺手乙").alive
    return game


def fresh(game: KK33Game) -> KK33Game:
    """A deep copy that shares the read-only roster and skill objects."""
    memo = {id(game.roster): game.roster, id(game.skills): game.skills}
    return copy.deepcopy(game, memo)


def time_night(prepared: KK33Game, actions: Sequence[Action], reps: int) -> list[float]:
    times = []
    for _ in range(reps):
        game = fresh(prepared)
        start = time.perf_counter()
        game.resolve_night(actions, DecisionBook())
        times.append(time.perf_counter() - start)
    return times


def time_checks(prepared: KK33Game, actions: Sequence[Action], reps: int) -> list[float]:
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        accepted: list[Action] = []
        for action in actions:
            prepared.check_action(action, accepted)
            accepted.append(action)
        times.append(time.perf_counter() - start)
    return times


def time_games(scripts: Sequence[dict], reps: int) -> list[float]:
    times = []
    for _ in range(reps):
        for script in scripts:
            start = time.perf_counter()
            run_script(script)
            times.append(time.perf_counter() - start)
    return times


def fmt(seconds: float) -> str:
    return f"{seconds * 1e6:,.0f} µs" if seconds < 1e-2 else f"{seconds * 1e3:,.2f} ms"


def row(label: str, samples: list[float], extra: str = "") -> str:
    return f"{label:<44} {fmt(statistics.median(samples)):>12} {fmt(min(samples)):>12} {len(samples):>7}  {extra}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=500, help="repetitions of each night (default 500)")
    parser.add_argument("--games", type=int, default=100, help="random games to replay (default 100)")
    parser.add_argument("--game-reps", type=int, default=3, help="replays of each game (default 3)")
    args = parser.parse_args(argv)

    roster()  # load the data outside every timed region
    one = night_one()
    one_actions = busy_actions(one)
    two = night_two()
    two_actions = busy_actions(two)
    scripts = [random_script(seed) for seed in range(args.games)]
    phases = statistics.median(len(s["phases"]) for s in scripts)
    run_script(scripts[0])  # warm up

    def actors(actions: Sequence[Action]) -> int:
        return len({a.actor for a in actions})

    rows: list[tuple[str, Callable[[], list[float]], str]] = [
        (f"night 1: resolve ({actors(one_actions)} players, {len(one_actions)} actions)",
         lambda: time_night(one, one_actions, args.reps), ""),
        (f"night 2: resolve ({actors(two_actions)} players, {len(two_actions)} actions)",
         lambda: time_night(two, two_actions, args.reps), ""),
        (f"night 2: check_action x{len(two_actions)}",
         lambda: time_checks(two, two_actions, args.reps), ""),
    ]
    print(f"Python {sys.version.split()[0]}")
    print(f"{'measure':<44} {'median':>12} {'min':>12} {'samples':>7}")
    medians: dict[str, float] = {}
    for label, measure, extra in rows:
        samples = measure()
        medians[label] = statistics.median(samples)
        print(row(label, samples, extra))
    wei = medians[rows[1][0]]
    for country, tables in (("蜀", SHU_TABLES), ("吳", WU_TABLES)):
        busiest = max(country_busy_rows(country, tables, args.reps))
        print(f"slowest {country}-busy night / 魏-busy night (night 2): {busiest / wei:.2f}x (limit 2x)")
    games = time_games(scripts, args.game_reps)
    per_second = 1 / statistics.median(games)
    print(row(f"whole game via run_script (median {phases:g} phases)", games,
              f"{per_second:,.0f} games/s (median), {len(games) / sum(games):,.0f} games/s (mean)"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
