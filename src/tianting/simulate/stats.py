"""The figures of a study, from its game records taken in game order.

Everything here is a count or a ratio of counts computed the same way
every time, so the same records give byte-identical figures. Rates come
with 95% Wilson score intervals (sound for small n and rates near 0 or 1).
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from tianting.bots.record import GameRecord
from tianting.rules.kk33.roster import (
    COUNTRIES,
    COUNTRY_SEATS,
    IDENTITIES,
    OTHER_IDENTITIES,
    OTHERS,
)
from tianting.rules.kk33.victory import JOINT_MARKERS, REBELS

if TYPE_CHECKING:
    from tianting.simulate.runner import Study

FORMAT = "tianting-simulate/1"
Z95 = 1.959963984540054
REBEL_LEADER = "黃巾頭領"
PEACE = "peace"
NO_WINNER = "no_winner"
CAPPED = "capped"
OUTCOMES: tuple[str, ...] = (*COUNTRIES, REBELS, PEACE, NO_WINNER, CAPPED)
"""Every game ends in exactly one of these: a kingdom won, the 黃巾頭領 won alone, peace was
declared, everyone is out (no winner), or the game was stopped at ``max_phases`` (capped)."""
OUTCOME_NAMES = {
    "魏": ("魏", "Wei"), "蜀": ("蜀", "Shu"), "吳": ("吳", "Wu"), REBELS: ("黃巾軍", "Yellow Turbans"),
    PEACE: ("議和", "peace"), NO_WINNER: ("無人獲勝", "no winner"), CAPPED: ("未完（步數上限）", "capped"),
}
"""Each outcome's Chinese and ASCII label."""


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``k`` successes in ``n`` trials ((0, 0) when n is 0)."""
    if n <= 0:
        return (0.0, 0.0)
    p = k / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator
    return (round(max(0.0, centre - half), 6), round(min(1.0, centre + half), 6))


def rate(k: int, n: int) -> dict[str, Any]:
    """``k`` of ``n`` as a JSON-ready figure: count, n, rate and its 95% interval."""
    low, high = wilson(k, n)
    return {"count": k, "n": n, "rate": round(k / n, 6) if n else None, "ci95": [low, high]}


@cache
def built_and_unbuilt() -> tuple[frozenset[str], tuple[str, ...]]:
    """The characters every skill of which is built, and the characters a setup may offer that
    are not (in roster order)."""
    from tianting.bots.play import built_characters
    from tianting.rules.kk33 import KK33Game, SeatSpec, roster

    probe = KK33Game.create([SeatSpec("_", "魏", "君主", "曹操")], 0)
    built = frozenset(built_characters(set(probe.skills)))
    r = roster()
    offered: set[str] = set()
    for country in COUNTRIES:
        for identity in set(COUNTRY_SEATS):
            offered.update(r.choices(country, identity))
    for identity in OTHER_IDENTITIES:
        offered.update(r.choices(OTHERS, identity))
    unbuilt = tuple(name for name in r.characters if name in offered and name not in built)
    return built, unbuilt


def outcome(record: GameRecord) -> str:
    """The one outcome (of :data:`OUTCOMES`) of a game."""
    if not record.over:
        return CAPPED
    if record.peace:
        return PEACE
    for country in COUNTRIES:
        if country in record.winners:
            return country
    leaders = {s.id for s in record.seats if s.identity == REBEL_LEADER}
    if any(w in leaders for w in record.winners):
        return REBELS
    return NO_WINNER


def _distribution(values: list[int]) -> dict[str, Any]:
    if not values:
        return {"n": 0, "histogram": []}
    ordered = sorted(values)
    q = statistics.quantiles(ordered, n=10, method="inclusive") if len(ordered) > 1 else [ordered[0]] * 9
    return {
        "n": len(ordered),
        "mean": round(sum(ordered) / len(ordered), 4),
        "median": statistics.median(ordered),
        "p10": round(q[0], 4),
        "p90": round(q[8], 4),
        "min": ordered[0],
        "max": ordered[-1],
        "histogram": [[value, count] for value, count in sorted(Counter(ordered).items())],
    }


def _slot_order(country: str, identity: str) -> tuple[int, int]:
    countries = (*COUNTRIES, OTHERS)
    return (countries.index(country) if country in countries else 99,
            IDENTITIES.index(identity) if identity in IDENTITIES else 99)


def aggregate(records: Sequence[GameRecord], study: Study | None = None) -> dict[str, Any]:
    """The figures of a study from its records (in game order): JSON-ready, deterministic."""
    n = len(records)
    built, not_built = built_and_unbuilt()
    outcomes = Counter(outcome(r) for r in records)

    joint: dict[str, dict[str, Any]] = {}
    for identity in JOINT_MARKERS:
        seated = wins = country_wins = 0
        for r in records:
            ids = {s.id for s in r.seats if s.identity == identity}
            if not ids:
                continue
            seated += 1
            country_won = any(c in r.winners for c in COUNTRIES)
            country_wins += country_won
            wins += any(w in ids for w in r.winners)
        joint[identity] = {
            "games_seated": seated,
            "games_a_country_won": country_wins,
            "joint_wins": wins,
            "of_seated": rate(wins, seated),
            "of_country_wins": rate(wins, country_wins),
        }
    leader_games = sum(1 for r in records if any(s.identity == REBEL_LEADER for s in r.seats))

    phases = [r.phases for r in records]
    finished = [r.phases for r in records if r.over]
    nights = [(p + 1) // 2 for p in phases]

    chars: dict[str, dict[str, Any]] = {}
    for r in records:
        for s in r.seats:
            row = chars.get(s.character)
            if row is None:
                row = chars[s.character] = {"character": s.character, "country": s.country,
                                            "identity": s.identity, "seated": 0, "wins": 0,
                                            "survived": 0, "slots": Counter()}
            row["seated"] += 1
            row["wins"] += s.won
            row["survived"] += s.survived
            row["slots"][(s.country, s.identity)] += 1
    characters = []
    for row in chars.values():
        (country, identity), _ = sorted(row["slots"].items(), key=lambda kv: (-kv[1], kv[0]))[0]
        characters.append({
            "character": row["character"],
            "country": country,
            "identity": identity,
            "built": row["character"] in built,
            "seated": row["seated"],
            "wins": row["wins"],
            "win": rate(row["wins"], row["seated"]),
            "survived": row["survived"],
            "survival": rate(row["survived"], row["seated"]),
        })
    characters.sort(key=lambda c: (*_slot_order(c["country"], c["identity"]), c["character"]))

    uses: dict[str, list[int]] = {}
    for r in records:
        for skill, (used, went_off) in r.skill_uses.items():
            row = uses.setdefault(skill, [0, 0, 0])
            row[0] += used
            row[1] += went_off
            row[2] += 1
    skills = [
        {"skill": skill, "uses": u, "successes": ok, "success": rate(ok, u), "games": g,
         "uses_per_game": round(u / n, 4) if n else None}
        for skill, (u, ok, g) in uses.items()
    ]
    skills.sort(key=lambda s: (-s["uses"], s["skill"]))

    seated_unbuilt = Counter(name for r in records for name in r.unbuilt_characters)
    games_with_unbuilt = sum(1 for r in records if r.unbuilt_characters)
    figures: dict[str, Any] = {
        "format": FORMAT,
        "parameters": study.parameters() if study is not None else {"games": n},
        "games": n,
        "outcomes": {key: rate(outcomes.get(key, 0), n) for key in OUTCOMES},
        "joint": joint,
        "rebel_leader": {"games_seated": leader_games,
                         "of_seated": rate(outcomes.get(REBELS, 0), leader_games)},
        "length": {"phases": _distribution(phases), "phases_finished": _distribution(finished),
                   "nights": _distribution(nights)},
        "characters": characters,
        "skills": skills,
        "unbuilt": {
            "not_built": list(not_built),
            "seated": [[name, seated_unbuilt[name]] for name in sorted(seated_unbuilt,
                                                                      key=lambda x: (-seated_unbuilt[x], x))],
            "games_with_unbuilt": games_with_unbuilt,
            "statement": unbuilt_statement(not_built, seated_unbuilt, games_with_unbuilt, n,
                                           fixed=study is not None and study.seats is not None),
        },
        "refused": sum(r.refused for r in records),
    }
    return figures


def unbuilt_statement(not_built: Sequence[str], seated: Counter[str], games_with: int, n: int,
                      fixed: bool = False) -> str:
    """The plain sentence on characters not yet built (``fixed``: every game used the same table)."""
    if not not_built and not seated:
        return "Every character a setup may offer is built."
    text = (f"{len(not_built)} characters are not yet built (some skill missing); random setups leave "
            f"them out wherever the seat has a built choice. ")
    if seated:
        why = "the fixed table seats them" if fixed else "no built choice for the seat"
        text += (f"{len(seated)} of them had to be seated anyway ({why}) in "
                 f"{games_with} of {n} games; their unbuilt skills never act, so the figures for those "
                 f"seats, their countries and the whole game are not yet the real game's.")
    else:
        text += "None of them was seated in this study."
    return text
