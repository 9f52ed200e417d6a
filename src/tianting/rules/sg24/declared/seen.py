"""「视为」: an id seen, for one night, as of another country or identity where skills read it (马良【五溪归蜀】, 黄盖
【苦肉诈降】: 「修改的国籍仅对指认、使用主动技能、触发被动技能有效果，而在结算灭国人数、判定是否有君主、军师存在时，仍按
照原国籍结算」; docs/rulings/packs-weimisc.md, R-weimisc-9).

The skills' conditions and selectors (:meth:`.resolve.Resolver._condition`, :func:`.odds.selects`) and the answer to a
评价指认 of an identity read :func:`country` / :func:`identity`; the rules' own counts (灭国, 君主, 军师, the stab's
same-country rule, the votes) read the player's real ones. Kept in ``state.extra["seen_as"]`` under the night's
phase index, gone once the night is settled.
"""

from __future__ import annotations

from typing import Any

KEY = "seen_as"


def _tonight(state: Any) -> dict[str, dict[str, Any]]:
    return state.extra.get(KEY, {}).get(str(state.index), {})


def country(state: Any, p: Any) -> str:
    """The country ``p`` is seen as tonight where a skill reads it (his own, unless a skill changed it)."""
    return str(_tonight(state).get(p.id, {}).get("country", p.country))


def identity(state: Any, p: Any) -> str:
    """The identity ``p`` is seen as tonight where a skill reads it."""
    return str(_tonight(state).get(p.id, {}).get("identity", p.identity))


def seen_by(state: Any, pid: str, fact: str) -> tuple[str, str] | None:
    """(value, the use that set it: 'id【skill】') of ``fact`` set on ``pid`` tonight, or None."""
    entry = _tonight(state).get(pid, {})
    return (entry[fact], entry[f"{fact}_by"]) if fact in entry else None


def see(state: Any, pid: str, fact: str, value: str, by: str) -> None:
    """``pid`` is seen as ``value`` (``fact``: country or identity) tonight, set by ``by``."""
    entry = state.extra.setdefault(KEY, {}).setdefault(str(state.index), {}).setdefault(pid, {})
    entry[fact] = value
    entry[f"{fact}_by"] = by


def clear(state: Any) -> None:
    """Tonight's changes end once the night is settled."""
    seen = state.extra.get(KEY)
    if seen is not None:
        seen.pop(str(state.index), None)
        if not seen:
            state.extra.pop(KEY)


def _unspend(state: Any, pid: str, skill: str) -> None:
    """「无效的一方可以下次重新发动」: the use that lost the 拼点 is not spent (R53's count given back, R-once-c2)."""
    used = state.player(pid).used
    if used.get(skill):
        used[skill] -= 1
        if not used[skill]:
            del used[skill]


def claim(r: Any, a: Any, skill: str, pid: str, fact: str, value: str) -> bool:
    """``a`` (a use of ``skill``) sets ``pid``'s ``fact`` tonight to ``value``; when another use set the same fact on
    the same id tonight, a 拼点 decides which holds (「拼点决定谁有效」: drawn between the two, purpose 「拼点 <id>
    的国籍（…）」), the other's use failed. Returns whether ``a`` holds."""
    from tianting.rules.sg24.outcomes import FAILED

    night, state = r.night, r.night.state
    by = f"{a.actor}【{skill}】"
    prior = seen_by(state, pid, fact)
    if prior is not None and prior[1] != by:
        tied = sorted([prior[1], by])
        word = "国籍" if fact == "country" else "身份"
        winner = state.rng.pick(f"拼点 {pid} 的{word}（{'、'.join(tied)}）", tied)
        loser = tied[0] if winner == tied[1] else tied[1]
        night.phase.note(f"{'、'.join(tied)} 同时修改 {pid} 的{word}：拼点 {winner} 有效")
        if winner != by:
            night.phase.outcomes.settle(a, FAILED, f"拼点失败（{winner}）")
            _unspend(state, a.actor, skill)
            return False
        for other, data, _ in r.bespoke:
            if f"{other.actor}【{data.name}】" == loser:
                night.phase.outcomes.settle(other, FAILED, f"拼点失败（{winner}）")
                _unspend(state, other.actor, data.name)
    see(state, pid, fact, value, by)
    if not any(getattr(f, "_clears_seen", False) for f in r.followups):
        def clear_tonight() -> None:
            clear(state)

        clear_tonight._clears_seen = True  # type: ignore[attr-defined]
        r.followups.append(clear_tonight)
    return True
