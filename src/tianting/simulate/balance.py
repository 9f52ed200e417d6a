"""Which characters stand out: the balance part of a study's figures.

For every character seated in at least :data:`MIN_SEATED` games, two rates are tested, its win
rate and its survival rate, each against the pooled rate of its **peers**: every other character
seated in the same seat (the same country and identity: the characters a table could have seated
there instead). A character alone in its seat (each country's lord) is compared with the other
characters of its identity (the other countries' lords); with no peer seated in
:data:`MIN_SEATED` games at all (a 群 identity has one character) it is not tested. The test is a two-sided two-proportion z-test (pooled standard error), and all the
tests of one study are corrected together (Bonferroni): with m tests, a rate is flagged when
|z| exceeds the normal quantile of 1 − 0.05 / (2m), so that the chance of flagging anything at all
in a perfectly balanced game stays at most 5 %. Each flag says higher or lower, and gives the
character's interval at the corrected level (Wilson) beside its peers' rate.

The bots' play is not the players': a flag says the character stands out under this policy, where
rule authors may look first, not that the character is too strong among people.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist
from typing import Any

ALPHA = 0.05
"""The family-wise error rate of a study's flags."""
MIN_SEATED = 30
"""Fewer seatings than this and a character is not tested (its rates are listed, not judged)."""
MEASURES = (("win", "wins"), ("survival", "survived"))
"""The rates tested: the figure's key and the count it is made of."""


def two_proportion_z(k1: int, n1: int, k2: int, n2: int) -> float:
    """The z statistic of k1/n1 against k2/n2 (pooled standard error; 0 when it is undefined)."""
    if n1 <= 0 or n2 <= 0:
        return 0.0
    pooled = (k1 + k2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    return 0.0 if se == 0 else (k1 / n1 - k2 / n2) / se


def method(tests: int, z: float) -> str:
    """How the flags were decided, in plain words (shown with them)."""
    rule = ("its win rate and its survival rate are each compared with the pooled rate of its peers "
            "(the other characters seated in the same country and identity; for a character alone in "
            "its seat, such as a lord, the same identity in the other countries; with too few peers, "
            "no test) by a two-sided two-proportion z-test")
    if not tests:
        return (f"No character had {MIN_SEATED} seatings and enough peers, so none was tested "
                f"(for one that has, {rule}, corrected for the number of tests at 5 % family-wise).")
    return (f"For each character seated in at least {MIN_SEATED} games, {rule}. The {tests} tests are "
            f"corrected together (Bonferroni, 5 % family-wise): a rate is flagged when |z| > {z:.2f}. "
            f"The interval shown is the character's Wilson interval at that level. A flag says where "
            f"to look under this bot policy, not that human players would find the same.")


def balance(characters: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The balance figures of a study's character rows (``Tally.figures()["characters"]``); adds a
    ``flags`` list to every row (empty when it does not stand out or was not tested)."""
    from tianting.simulate.stats import wilson  # (stats imports this module)

    seats: dict[tuple[str, str], list[int]] = {}
    identities: dict[str, list[int]] = {}
    for row in characters:
        for key, group in (((row["country"], row["identity"]), seats), (row["identity"], identities)):
            total = group.setdefault(key, [0, 0, 0])  # type: ignore[arg-type]
            total[0] += row["seated"]
            total[1] += row["wins"]
            total[2] += row["survived"]

    def peers(row: dict[str, Any]) -> tuple[str, list[int]] | None:
        """The peers' group name and pooled counts (the row's own included), or None: too few."""
        seat = seats[(row["country"], row["identity"])]
        others = seat[0] - row["seated"]
        if others >= MIN_SEATED:
            return f"{row['country']}{row['identity']}", seat
        if others:
            return None
        same = identities[row["identity"]]  # alone in its seat (a lord): the other countries' lords
        return (row["identity"], same) if same[0] - row["seated"] >= MIN_SEATED else None

    tested = [(row, found) for row in characters if row["seated"] >= MIN_SEATED
              and (found := peers(row)) is not None]
    m = 2 * len(tested)
    z_star = NormalDist().inv_cdf(1 - ALPHA / (2 * m)) if m else 0.0
    flags: list[dict[str, Any]] = []
    for row in characters:
        row["flags"] = []
    for row, (group, pool) in tested:
        for index, (measure, count) in enumerate(MEASURES, start=1):
            k = row[count]
            n = row["seated"]
            peer_k, peer_n = pool[index] - k, pool[0] - n
            z = two_proportion_z(k, n, peer_k, peer_n)
            if abs(z) <= z_star:
                continue
            direction = "higher" if z > 0 else "lower"
            row["flags"].append(f"{measure}:{direction}")
            low, high = wilson(k, n, z_star)
            flags.append({
                "character": row["character"], "country": row["country"], "identity": row["identity"],
                "measure": measure, "direction": direction, "count": k, "n": n,
                "rate": round(k / n, 6), "interval": [low, high],
                "peers": {"group": group, "count": peer_k, "n": peer_n, "rate": round(peer_k / peer_n, 6)},
                "z": round(z, 3),
            })
    flags.sort(key=lambda f: (-abs(f["z"]), f["character"], f["measure"]))
    return {
        "method": method(m, z_star),
        "alpha": ALPHA,
        "min_seated": MIN_SEATED,
        "tests": m,
        "z_critical": round(z_star, 4),
        "untested": [row["character"] for row in characters if all(row is not t for t, _ in tested)],
        "flags": flags,
    }
