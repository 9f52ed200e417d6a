"""刘备【五虎封将】 (全局技能): made only when its two conditions hold, else it fails and is spent; when made, 蜀's
strategists learn 蜀's killers and guards, and tonight every action of another country aimed at a 蜀 id goes off with
half chance (a state of :mod:`tianting.rules.sg24.declared.odds`). The post says 「汉中王五虎封将」 (R-shu-3)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core import effects
from tianting.core.errors import IllegalAction
from tianting.core.records import Action, Feedback
from tianting.rules.sg24 import texts
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.odds import Halving
from tianting.rules.sg24.outcomes import DONE, FAILED

if TYPE_CHECKING:
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

HAN_EMPERORS = ("汉少帝", "汉献帝")
LINE = "汉中王五虎封将"


def _check(game: Any, action: Action) -> None:
    """No target: the conditions are judged when it resolves; a use that failed spent it (「否则该技能发动失败且不能再用」)."""
    if game.state.player(action.actor).used.get(action.skill):
        raise IllegalAction(f"【{action.skill}】发动失败后已经消耗，不能再用", "spent")


def zhisuan_spent(state: Any) -> bool:
    """法正's 【智算汉中】 has gone off on an earlier night (「已经消耗过」)."""
    return any(e.get("skill") == "智算汉中" and e.get("state") == DONE
               for h in state.history for e in h.get("actions", []))


def emperor_gone(state: Any) -> bool:
    """汉少帝 or 汉献帝 came into play and has left the game since (「已经退出过游戏」)."""
    came = any(c in lives for lives in state.extra.get("lives", {}).values() for c in HAN_EMPERORS)
    return came and not any(p.character in HAN_EMPERORS for p in state.living())


def shu_fighters(state: Any) -> list[str]:
    """The living 蜀 杀手 and 护卫, by id."""
    return sorted(p.id for p in state.living() if p.country == "蜀" and p.identity in ("杀手", "护卫"))


def _resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    night, state = r.night, r.night.state
    generic = texts.skill_used(skill.name)
    events = getattr(night, "global_events", [])
    if generic in events:
        events.remove(generic)  # its own line below, or none when it fails
    fighters = shu_fighters(state)
    if not (zhisuan_spent(state) or emperor_gone(state)) or len(fighters) < 2:
        # spent already as it resolved (R53): he is told why
        night.phase.tell(a.actor, Feedback(skill.name, f"你的【{skill.name}】条件不满足，发动失败且不能再用", None, {}))
        night.phase.note(f"{a.actor}【{skill.name}】发动失败（条件不满足），不能再用")
        night.phase.outcomes.settle(a, FAILED, "条件不满足")
        return
    for p in sorted(state.living(), key=lambda p: p.id):
        if p.country == "蜀" and p.identity == "军师":
            effects.tell(night.phase, p.id, f"蜀国杀手与护卫的ID：{'、'.join(fighters)}", skill.name)
    shu = frozenset(p.id for p in state.living() if p.country == "蜀")
    others = frozenset(p.id for p in state.living() if p.country != "蜀")
    r.halvings.append(Halving(others, shu, (), (), f"{a.actor}【{skill.name}】"))
    r.events.append(LINE)
    night.phase.note(f"{a.actor}【{skill.name}】：当夜别国针对蜀国ID的行动成功率减半")
    night.phase.outcomes.settle(a, DONE)


register("五虎封将", Code(
    "early", _check, _resolve,
    "主动技能（全局）。须法正已用过【智算汉中】或汉少帝/汉献帝已退出过游戏，且蜀国杀手与护卫至少2人存活，否则发动失败且不能再用。"
    "发动后蜀国军师得知蜀国杀手与护卫的ID，当夜别国针对蜀国ID的一切行动成功率减半。当夜公告“汉中王五虎封将”。"))


# ---- 【承道受业】 (R-learning-8) -----------------------------------------------------------------------------------
def _taught(r: Any, owner: str, skill: Any) -> None:
    from tianting.rules.sg24.declared.learned import from_known

    from_known(r, owner, skill, "卢植", inherited=False)


register("承道受业", Code(
    "settle", lambda game, action: None, lambda r, a, s: None,
    "被动技能。与卢植互相认识时触发：随机学会卢植的一项主动技能。", once=True, before_harms=_taught))
