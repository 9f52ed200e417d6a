"""孙尚香【政治联姻】 (鼎立): when she and 刘备 have each named the other rightly, the 吴蜀 alliance is made (extended by
two days if it stands), and from then on the stabs of 蜀's killers on her fail (R-lianhuan-8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tianting.core import effects
from tianting.rules.sg24.declared.bespoke import SETTLE_STATES, Code, register
from tianting.rules.sg24.declared.codes._wu import no_target

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

NAME = "政治联姻"
KEY = "zhengzhi_lianyin"
"""``state.extra[KEY]``: the ids whose 【政治联姻】 has gone off."""


def _unused(r: Resolver, a: Action, skill: SkillData) -> None:
    """A passive is never used (its ``before_harms`` step does its work)."""


def _mutual_named(r: Resolver, owner: str) -> str | None:
    """The id of 刘备 that she knows as 刘备 and that knows her as 孙尚香 (each learned by a right 指认), or None."""
    state = r.night.state
    me = state.player(owner)
    for other, character in sorted(me.known.items()):
        them = state.players.get(other)
        if character == "刘备" and them is not None and them.alive and them.character == "刘备" \
                and them.known.get(owner) == "孙尚香":
            return str(other)
    return None


def _settle(r: Resolver) -> None:
    """Each living holder of the skill (its code), by id, once the 指认 are answered."""
    from tianting.rules.sg24.declared.codes.ganning import holders

    for p, data in holders(r, NAME):
        _lianyin(r, p.id, data)


def _lianyin(r: Resolver, owner: str, skill: SkillData) -> None:
    """Once the two know each other so: set off (the alliance); then, tonight and every night after, a stab of a 蜀
    killer on her is taken out before the harms are summed."""
    from tianting.rules.sg24.game import STAB

    night, state = r.night, r.night.state
    fired: list[str] = state.extra.setdefault(KEY, [])
    if owner not in fired:
        liubei = _mutual_named(r, owner)
        if liubei is None:
            return
        fired.append(owner)
        r._ally({"countries": ["吴", "蜀"], "days": 2, "extend": 2}, owner, skill.name)
        effects.tell(night.phase, owner, f"你的【{skill.name}】已触发：吴蜀联盟达成，蜀国杀手对你的刺杀此后失效", skill.name)
        night.phase.note(f"{owner}【{skill.name}】触发：与 {liubei}（刘备）相互指认")
    for h in [h for h in night.harms if h.target == owner and (h.attribute == STAB or h.cause == STAB)]:
        stabber = state.players.get(h.by or "")
        if stabber is not None and stabber.country == "蜀" and stabber.identity == "杀手":
            night.harms.remove(h)
            night.phase.stopped[id(h)] = f"{owner}【{skill.name}】令蜀国杀手的刺杀失效"
            night.phase.note(f"{h.by} 对 {owner} 的刺杀失效：{owner}【{skill.name}】")


SETTLE_STATES.append(_settle)

register(NAME, Code(
    "passive", no_target, _unused,
    "被动技能。与刘备相互成功指认后触发：吴蜀联盟达成（已达成则延长两天）；此后蜀国杀手对自己的刺杀失效。（指认技能 公告联盟）",
    ))
