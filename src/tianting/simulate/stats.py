"""The figures of a study, from its game records taken in game order.

Everything here is a count or a ratio of counts computed the same way
every time, so the same records give byte-identical figures. Rates come
with 95% Wilson score intervals (sound for small n and rates near 0 or 1).
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from tianting.bots.record import GameRecord
from tianting.rules import load as load_rules
from tianting.simulate.balance import balance

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
"""Every game ends in exactly one of these: a kingdom won, the 黃巾頭領 won alone, peace was
declared, everyone is out (no winner), or the game was stopped at ``max_phases`` (capped)."""
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


def _median(value_at: Any, n: int) -> Any:
    """``statistics.median`` of n sorted values read by index (the same value and type)."""
    i = n // 2
    if n % 2 == 1:
        return value_at(i)
    return (value_at(i - 1) + value_at(i)) / 2


def _quantiles10(value_at: Any, n: int) -> list[float]:
    """``statistics.quantiles(data, n=10, method="inclusive")`` of n > 1 sorted values read by index."""
    m = n - 1
    out = []
    for i in range(1, 10):
        j, delta = divmod(i * m, 10)
        out.append((value_at(j) * (10 - delta) + value_at(j + 1) * delta) / 10)
    return out


def _distribution(histogram: Counter[int]) -> dict[str, Any]:
    """The distribution of values counted in ``histogram`` (value → how many): as if computed from
    the sorted list of the values, which is never built (memory is that of the distinct values)."""
    n = sum(histogram.values())
    if not n:
        return {"n": 0, "histogram": []}
    pairs = sorted(histogram.items())
    ends: list[int] = []  # ends[k]: how many values are <= pairs[k][0]
    total = 0
    for _, count in pairs:
        total += count
        ends.append(total)

    def value_at(index: int) -> int:
        return pairs[bisect_right(ends, index)][0]

    q = _quantiles10(value_at, n) if n > 1 else [pairs[0][0]] * 9
    return {
        "n": n,
        "mean": round(sum(v * c for v, c in pairs) / n, 4),
        "median": _median(value_at, n),
        "p10": round(q[0], 4),
        "p90": round(q[8], 4),
        "min": pairs[0][0],
        "max": pairs[-1][0],
        "histogram": [[value, count] for value, count in pairs],
    }


def _slot_order(country: str, identity: str, rules: Any = KK33) -> tuple[int, int]:
    countries = (*rules.countries, rules.others)
    return (countries.index(country) if country in countries else 99,
            rules.identities.index(identity) if identity in rules.identities else 99)


class Tally:
    """The counts a study's figures are made of, folded in one game record at a time.

    Everything here is a sum (or a count of values), so the figures do not depend on the
    order the records are added in nor on how they are split among tallies that are then
    merged: a worker folds its chunk's records as it plays them and hands back this, never
    the records, and the study keeps only these counts (memory flat in the number of games).
    """

    def __init__(self, rules: str = "kk33") -> None:
        self.rules = rules
        """The rule set's name (its countries, joint wins and outcomes: ``RULESET``)."""
        ruleset = load_rules(rules)
        self.games = 0
        self.outcomes: Counter[str] = Counter()
        self.joint: dict[str, list[int]] = {identity: [0, 0, 0] for identity in getattr(ruleset, "joint_markers", {})}
        """identity → [games seated, games a country won, joint wins]."""
        self.leader_games = 0
        self.phases: Counter[int] = Counter()
        self.finished: Counter[int] = Counter()
        self.characters: dict[str, list[Any]] = {}
        """character → [seated, wins, survived, Counter of (country, identity) slots]."""
        self.uses: dict[str, list[int]] = {}
        """skill → [uses, successes, games]."""
        self.outcomes_of_uses: dict[str, list[int]] = {}
        """skill → [failed, void], where the records say (the 24人 rules' and 鼎立's; none for KK 3.3)."""
        self.unbuilt: Counter[str] = Counter()
        self.games_with_unbuilt = 0
        self.refused = 0

    @classmethod
    def of(cls, records: Iterable[GameRecord], rules: str = "kk33") -> Tally:
        tally = cls(rules)
        for record in records:
            tally.add(record)
        return tally

    def add(self, r: GameRecord) -> None:
        """Fold one game's record in."""
        ruleset = load_rules(self.rules)
        self.games += 1
        self.outcomes[outcome(r, ruleset)] += 1
        country_won = any(c in r.winners for c in ruleset.countries)
        for identity, row in self.joint.items():
            ids = {s.id for s in r.seats if s.identity == identity}
            if not ids:
                continue
            row[0] += 1
            row[1] += country_won
            row[2] += any(w in ids for w in r.winners)
        self.leader_games += any(s.identity == REBEL_LEADER for s in r.seats)
        self.phases[r.phases] += 1
        if r.over:
            self.finished[r.phases] += 1
        chars = self.characters
        for s in r.seats:
            row = chars.get(s.character)
            if row is None:
                row = chars[s.character] = [0, 0, 0, Counter()]
            row[0] += 1
            row[1] += s.won
            row[2] += s.survived
            row[3][(s.country, s.identity)] += 1
        for skill, (used, went_off) in r.skill_uses.items():
            u = self.uses.get(skill)
            if u is None:
                u = self.uses[skill] = [0, 0, 0]
            u[0] += used
            u[1] += went_off
            u[2] += 1
        for skill, (failed, void) in r.skill_outcomes.items():
            o = self.outcomes_of_uses.setdefault(skill, [0, 0])
            o[0] += failed
            o[1] += void
        self.unbuilt.update(r.unbuilt_characters)
        self.games_with_unbuilt += bool(r.unbuilt_characters)
        self.refused += r.refused

    def merge(self, other: Tally) -> Tally:
        """Add ``other``'s counts to these (another chunk's games); returns self."""
        self.games += other.games
        self.outcomes.update(other.outcomes)
        for identity, row in other.joint.items():
            mine = self.joint.setdefault(identity, [0, 0, 0])
            for k in range(3):
                mine[k] += row[k]
        self.leader_games += other.leader_games
        self.phases.update(other.phases)
        self.finished.update(other.finished)
        for name, row in other.characters.items():
            mine = self.characters.get(name)
            if mine is None:
                mine = self.characters[name] = [0, 0, 0, Counter()]
            mine[0] += row[0]
            mine[1] += row[1]
            mine[2] += row[2]
            mine[3].update(row[3])
        for skill, row in other.uses.items():
            mine = self.uses.setdefault(skill, [0, 0, 0])
            for k in range(3):
                mine[k] += row[k]
        for skill, row in other.outcomes_of_uses.items():
            mine = self.outcomes_of_uses.setdefault(skill, [0, 0])
            mine[0] += row[0]
            mine[1] += row[1]
        self.unbuilt.update(other.unbuilt)
        self.games_with_unbuilt += other.games_with_unbuilt
        self.refused += other.refused
        return self

    def _split(self, skill: str, uses: int) -> dict[str, Any]:
        """A skill row's uses that failed and were void, where the records say (none: KK 3.3's rows as before)."""
        if not self.outcomes_of_uses:
            return {}
        failed, void = self.outcomes_of_uses.get(skill, [0, 0])
        return {"failed": rate(failed, uses), "void": rate(void, uses)}

    def figures(self, study: Study | None = None) -> dict[str, Any]:
        """The study's figures: JSON-ready, deterministic."""
        n = self.games
        rules = load_rules(self.rules)
        built, not_built = built_and_unbuilt(rules.name)
        outcomes = self.outcomes
        joint = {
            identity: {
                "games_seated": seated,
                "games_a_country_won": country_wins,
                "joint_wins": wins,
                "of_seated": rate(wins, seated),
                "of_country_wins": rate(wins, country_wins),
            }
            for identity, (seated, country_wins, wins) in self.joint.items()
        }
        nights: Counter[int] = Counter()
        for p, count in self.phases.items():
            nights[(p + 1) // 2] += count
        characters = []
        for name, (seated, wins, survived, slots) in self.characters.items():
            (country, identity), _ = sorted(slots.items(), key=lambda kv: (-kv[1], kv[0]))[0]
            characters.append({
                "character": name,
                "country": country,
                "identity": identity,
                "built": name in built,
                "seated": seated,
                "wins": wins,
                "win": rate(wins, seated),
                "survived": survived,
                "survival": rate(survived, seated),
            })
        characters.sort(key=lambda c: (*_slot_order(c["country"], c["identity"], rules), c["character"]))
        skills = [
            {"skill": skill, "uses": u, "successes": ok, "success": rate(ok, u), "games": g,
             "uses_per_game": round(u / n, 4) if n else None, **self._split(skill, u)}
            for skill, (u, ok, g) in self.uses.items()
        ]
        skills.sort(key=lambda s: (-s["uses"], s["skill"]))
        seated_unbuilt = self.unbuilt
        balanced = balance(characters)  # also marks each row's ``flags``
        return {
            "format": FORMAT,
            "parameters": study.parameters() if study is not None else {"games": n},
            "games": n,
            "outcomes": {key: rate(outcomes.get(key, 0), n) for key in outcomes_of(rules)},
            "joint": joint,
            "rebel_leader": {"games_seated": self.leader_games,
                             "of_seated": rate(outcomes.get(getattr(rules, "rebels", None), 0), self.leader_games)},
            "length": {"phases": _distribution(self.phases), "phases_finished": _distribution(self.finished),
                       "nights": _distribution(nights)},
            "characters": characters,
            "balance": balanced,
            "skills": skills,
            "unbuilt": {
                "not_built": list(not_built),
                "seated": [[name, seated_unbuilt[name]]
                           for name in sorted(seated_unbuilt, key=lambda x: (-seated_unbuilt[x], x))],
                "games_with_unbuilt": self.games_with_unbuilt,
                "statement": unbuilt_statement(not_built, seated_unbuilt, self.games_with_unbuilt, n,
                                               fixed=study is not None and study.seats is not None,
                                               judge_ruled=getattr(rules, "judge_rules_skills", False)),
            },
            "refused": self.refused,
        }


def aggregate(records: Iterable[GameRecord], study: Study | None = None) -> dict[str, Any]:
    """The figures of a study from its records (in any order): JSON-ready, deterministic."""
    return Tally.of(records, study.rules if study is not None else "kk33").figures(study)


def unbuilt_statement(not_built: Sequence[str], seated: Counter[str], games_with: int, n: int,
                      fixed: bool = False, judge_ruled: bool = False) -> str:
    """The plain sentence on characters not yet built (``fixed``: every game used the same table;
    ``judge_ruled``: the rule set's character skills are the judge's to rule, never the engine's)."""
    if not not_built and not seated:
        return "Every character a setup may offer is built."
    if judge_ruled:
        return (f"{len(not_built)} characters have skills that the judge rules (the character pack gives the "
                f"engine no effect for them); a bot game has no judge, so the bots' uses of those skills resolve "
                f"nothing ({games_with} of {n} games seated such characters). The skill rows count every use whose "
                f"outcome the engine decides (the general actions, the character skills the pack declares, skills "
                f"the rules make go off, as a 全局), each done, failed or void; a use left to the judge is in no row.")
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
