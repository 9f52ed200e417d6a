"""Two ids cut off from the others for one night (荀攸【经达权变】, docs/rulings/packs-weimisc.md, R-weimisc-11): the
指认 and skills between them and anyone else fail or do not reach across, and no state of half chance crosses.

Kept in ``state.extra["isolated"]`` under the night's phase index (the pairs of the night), gone once it is settled.
"""

from __future__ import annotations

from typing import Any

KEY = "isolated"


def pairs(state: Any) -> list[frozenset[str]]:
    """Tonight's isolated pairs."""
    return [frozenset(p) for p in state.extra.get(KEY, {}).get(str(state.index), [])]


def isolate(state: Any, a: str, b: str) -> None:
    state.extra.setdefault(KEY, {}).setdefault(str(state.index), []).append(sorted((a, b)))


def clear(state: Any) -> None:
    marked = state.extra.get(KEY)
    if marked is not None:
        marked.pop(str(state.index), None)
        if not marked:
            state.extra.pop(KEY)


def across(state: Any, one: str, other: str) -> bool:
    """Whether ``one`` acting on ``other`` crosses an isolation tonight (one inside a pair, the other not in it)."""
    return one != other and any((one in p) != (other in p) for p in pairs(state))


def screened(r: Any, action: Any, rules: Any) -> bool:
    """Whether every state of half chance in ``rules`` that covers ``action`` comes across an isolation (「其他角色释放
    的状态技能对这2个ID无效，这2个ID释放的状态技能对其他角色无效」): then none reaches it."""
    state = r.night.state
    if not pairs(state) or not rules:
        return False
    return all(across(state, h.source.split("【")[0], action.actor) for h in rules)
