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
from tianting.rules import load as load_rules

if TYPE_CHECKING:
    from tianting.simulate.runner import Study

FORMAT = "tianting-simulate/1"
Z95 = 1.959963984540054
REBEL_LEADER = "黃巾頭領"
PEACE = "peace"
NO_WINNER = "no_winner"
CAPPED = "capped"
KK33 = load_rules("kk33")
REBELS = KK33.rebels


def outcomes_of(rules: Any) -> tuple[str, ...]:
    """Every game of ``rules`` ends in exactly one of these: a kingdom won, the 黃巾頭領 won alone (KK 3.3),
    peace was declared, everyone is out (no winner), or the game was stopped at ``max_phases`` (capped)."""
    rebels = getattr(rules, "rebels", None)
    return (*rules.countries, *((rebels,) if rebels else ()), PEACE, NO_WINNER, CAPPED)


OUTCOMES: tuple[str, ...] = outcomes_of(KK33)
"""KK 3.3's outcomes (:func:`outcomes_of`); a study's figures list their own rule set's."""
OUTCOME_NAMES = {
    "魏": ("魏", "Wei"), "蜀": ("蜀", "Shu"), "吳": ("吳", "Wu"), "吴": ("吴", "Wu"),
    REBELS: ("黃巾軍", "Yellow Turbans"),
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
def built_and_unbuilt(rules_name: str = "kk33") -> tuple[frozenset[str], tuple[str, ...]]:
    """The characters every skill of which is built, and the characters a setup may offer that
    are not (in roster order)."""
    rules = load_rules(rules_name)
    built = frozenset(rules.built_characters())
    r = rules.roster()
    offered = rules.offered_characters()
    unbuilt = tuple(name for name in r.characters if name in offered and name not in built)
    return built, unbuilt


def outcome(record: GameRecord, rules: Any = KK33) -> str:
    """The one outcome (of :func:`outcomes_of`) of a game."""
    if not record.over:
        return CAPPED
    if record.peace:
        return PEACE
    for country in rules.countries:
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


def _slot_order(country: str, identity: str, rules: Any = KK33) -> tuple[int, int]:
    countries = (*rules.countries, rules.others)
    return (countries.index(country) if country in countries else 99,
            rules.identities.index(identity) if identity in rules.identities else 99)


def aggregate(records: Sequence[GameRecord], study: Study | None = None) -> dict[str, Any]:
    """The figures of a study from its records (in game order): JSON-ready, deterministic."""
    n = len(records)
    rules = load_rules(study.rules if study is not None else "kk33")
    built, not_built = built_and_unbuilt(rules.name)
    outcomes = Counter(outcome(r, rules) for r in records)

    joint: dict[str, dict[str, Any]] = {}
    for identity in getattr(rules, "joint_markers", {}):
        seated = wins = country_wins = 0
        for r in records:
            ids = {s.id for s in r.seats if s.identity == identity}
            if not ids:
                continue
            seated += 1
            country_won = any(c in r.winners for c in rules.countries)
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
    characters.sort(key=lambda c: (*_slot_order(c["country"], c["identity"], rules), c["character"]))

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
        "outcomes": {key: rate(outcomes.get(key, 0), n) for key in outcomes_of(rules)},
        "joint": joint,
        "rebel_leader": {"games_seated": leader_games,
                         "of_seated": rate(outcomes.get(getattr(rules, "rebels", None), 0), leader_games)},
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
                                           fixed=study is not None and study.seats is not None,
                                           judge_ruled=getattr(rules, "judge_rules_skills", False)),
        },
        "refused": sum(r.refused for r in records),
    }
    return figures


def unbuilt_statement(not_built: Sequence[str], seated: Counter[str], games_with: int, n: int,
                      fixed: bool = False, judge_ruled: bool = False) -> str:
    """The plain sentence on characters not yet built (``fixed``: every game used the same table;
    ``judge_ruled``: the rule set's character skills are the judge's to rule, never the engine's)."""
    if not not_built and not seated:
        return "Every character a setup may offer is built."
    if judge_ruled:
        return (f"{len(not_built)} characters have skills that the judge rules (the character pack gives the "
                f"engine no effects); a bot game has no judge, so the uses the bots make resolve nothing "
                f"and the figures are the general rules' alone ({games_with} of {n} games seated such characters).")
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
