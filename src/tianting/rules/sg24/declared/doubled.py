"""A vote that counts as two the next day (「投票均视为两票」, 「投票均算作2票」): 陈登【雄杰相敬】's pair, 袁绍【讨董联盟】's
pair, 貂蝉【祸水红颜】's winner. One record and one reading for every skill that doubles a vote, in 24人 and 鼎立:
the second vote goes to the target the voter's counted vote names, and only if that vote counts."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

KEY = "doubled_votes"
"""``state.extra[KEY][day index]``: the ids whose vote that day counts as two."""


def double_next_day(state: Any, pids: Iterable[str]) -> None:
    """Each of ``pids`` votes with two votes the day after this phase."""
    day = state.extra.setdefault(KEY, {}).setdefault(str(state.index + 1), [])
    day += [pid for pid in sorted(set(pids)) if pid not in day]


def doubled_votes(state: Any, counted: Mapping[str, str], phase: Any = None) -> list[str]:
    """Today's second vote of each id whose vote counts as two (its counted target again), in voter order; noted
    on ``phase``'s trace where given."""
    out = []
    for pid in sorted(state.extra.get(KEY, {}).get(str(state.index), [])):
        if pid in counted:
            out.append(counted[pid])
            if phase is not None:
                phase.note(f"{pid} 的投票算作两票（技能作用）")
    return out
