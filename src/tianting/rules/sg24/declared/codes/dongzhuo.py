"""董卓 (鼎立 在野): 【雄霸天下】 (a stab once three turns of the game have come, the killers' stabs failing that night)
and 【嗜血蛮族】 (a stab won by 拼点, earned by each kill of his stabs) (docs/rulings/packs-zaiyeb.md)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from tianting.core import effects
from tianting.core.errors import IllegalAction
from tianting.engine.harm import Harm, Level
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.codes.lvbu import STAB_ACTIONS
from tianting.rules.sg24.declared.schema import STAB
from tianting.rules.sg24.outcomes import DONE, FAILED

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

CHARGES = "shixue_charges"
"""``state.extra[CHARGES][id]``: [the night index from which it may be used, …], one per kill (【嗜血蛮族】)."""
COUNTRIES = ("魏", "蜀", "吴")


def _went_on(state: Any, character: str) -> bool:
    """「X转世」: some id played ``character`` and a successor after it (``lives``: each id's characters in order)."""
    return any(character in lives and lives.index(character) < len(lives) - 1
               for lives in state.extra.get("lives", {}).values())


def _went_off(state: Any, skill: str) -> bool:
    """A use of ``skill`` went off on a night before (the history's ``done``), or the skill is spent by someone."""
    return (any(e.get("skill") == skill and e.get("state") == DONE for h in state.history for e in h.get("actions", []))
            or any(p.used.get(skill) for p in state.players.values()))


def _sworn(state: Any) -> bool:
    """「刘备触发【桃园结义】」: a player who played 刘备 knows 关羽's or 张飞's player, which only a right 指认 of them
    (the trigger of 【桃园结义】) gives him (R-zaiyeb-3)."""
    lives = state.extra.get("lives", {})
    return any("刘备" in lives.get(p.id, [p.character]) and any(c in ("关羽", "张飞") for c in p.known.values())
               for p in state.players.values())


def conditions_met(state: Any) -> list[str]:
    """The conditions of 【雄霸天下】 not met yet (empty: it is in force)."""
    unmet = []
    if not (_went_on(state, "孙坚") or _went_off(state, "传国玉玺")):
        unmet.append("孙坚转世或消耗【传国玉玺】")
    if not (_sworn(state) or _went_on(state, "徐庶")):
        unmet.append("刘备触发【桃园结义】或徐庶转世")
    if not (_went_on(state, "郭嘉") or _went_off(state, "洞若观火")):
        unmet.append("郭嘉转世或消耗【洞若观火】")
    return unmet


def _one_target(game: Any, action: Action) -> None:
    if len(action.targets) != 1:
        raise IllegalAction(f"【{action.skill}】需要指定1个ID", "targets")
    game._target(action)
    if action.targets[0] == action.actor:
        raise IllegalAction(f"【{action.skill}】不能刺杀自己", "self")


def _xiongba_check(game: Any, action: Action) -> None:
    _one_target(game, action)
    unmet = conditions_met(game.state)
    if unmet:
        raise IllegalAction(f"【{action.skill}】尚未生效（{'；'.join(unmet)}）", "not-yet")


def _earn_on_kill(r: Resolver, a: Action, skill: SkillData, harms: list[Harm]) -> None:
    """After the night's harms: a stab of his that landed and the one stabbed died of the night gives him one stab of
    【嗜血蛮族】 from the next night on; he is told (「由天庭通知董卓可进行一次刺杀」)."""
    night = r.night

    def followup() -> None:
        target = a.targets[0]
        if not harms or target not in night.phase.died or all(id(h) in night.phase.stopped for h in harms):
            return
        charges = night.state.extra.setdefault(CHARGES, {}).setdefault(a.actor, [])
        charges.append(night.state.index + 2)
        night.phase.note(f"{a.actor}【{skill.name}】杀死 {target}：【嗜血蛮族】可于下一夜起进行一次刺杀")
        effects.tell(night.phase, a.actor, "你的【嗜血蛮族】生效：可进行一次刺杀（须与刺杀对象拼点）", "嗜血蛮族")

    r.followups.append(followup)


def _stab(r: Resolver, a: Action, early: bool = False) -> list[Harm]:
    """A stab that is no killer's on the use's id (its harms, joined to the night's; ``early``: made before the general
    actions, kept for them in ``pending_harms``)."""
    harms = [replace(h, attribute=STAB) for h in r.night.game.stab(r.night.phase, a.actor, a.targets[0], by_killer=False)]
    if early:
        r.pending_harms += harms
    else:
        r.night.harms += harms
    return harms


def _xiongba_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """Every stab of a killer of the three countries tonight fails, and the skills that stab with it; then 董卓's
    stab on the id (R-zaiyeb-3)."""
    night = r.night
    for p in sorted(night.state.living(), key=lambda p: p.id):
        if p.identity == "杀手" and p.country in COUNTRIES:
            r._void(p.id, a.actor, skill.name, STAB_ACTIONS)
    harms = _stab(r, a, early=True)
    night.phase.outcomes.settle(a, DONE)
    _earn_on_kill(r, a, skill, harms)


register("雄霸天下", Code(
    "settle_first", _xiongba_check, _xiongba_resolve,
    "主动技能，只能使用一次。孙坚转世或消耗【传国玉玺】、刘备触发【桃园结义】或徐庶转世、郭嘉转世或消耗【洞若观火】三项都达成后"
    "生效：对1个ID进行一次刺杀，当夜三国杀手的刺杀及依赖刺杀的技能全部失败。", once=True))


def _charges(game: Any, pid: str) -> list[int]:
    return [n for n in game.state.extra.get(CHARGES, {}).get(pid, []) if n <= game.state.index]


def _shixue_check(game: Any, action: Action) -> None:
    _one_target(game, action)
    if not _charges(game, action.actor):
        raise IllegalAction(f"【{action.skill}】尚未生效（须先以【雄霸天下】或【嗜血蛮族】杀死一名角色）", "not-yet")


def _shixue_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """One stab earned is used; 董卓 and the id 拼点 (seed 003's digits): a win, the stab goes on (another kill earns
    another); a loss, 董卓 is wounded (a harm of the skill's attribute) and the stab fails (R-zaiyeb-4)."""
    from tianting.rules.dingli2 import contest

    night = r.night
    charges = night.state.extra[CHARGES][a.actor]
    charges.remove(min(_charges(night.game, a.actor)))
    target = a.targets[0]
    winner, record = contest.two(night.state.rng, a.actor, target, getattr(night, "digits", {}))
    night.phase.note(f"{a.actor}【{skill.name}】与 {target} 拼点：{winner} 胜")
    if winner != a.actor:
        night.harms.append(Harm(a.actor, Level.WOUND, skill.name, [a.actor], by=a.actor, attribute=skill.attribute or ""))
        night.phase.outcomes.settle(a, FAILED, "拼点失败，刺杀失败")
        return
    harms = _stab(r, a)
    night.phase.outcomes.settle(a, DONE)
    _earn_on_kill(r, a, skill, harms)


register("嗜血蛮族", Code(
    "settle", _shixue_check, _shixue_resolve,
    "主动技能。以【雄霸天下】或【嗜血蛮族】杀死一名角色后，可于之后某夜进行一次刺杀（每杀死一名角色得一次）：须先与刺杀对象拼点，"
    "胜则刺杀，负则自己受伤、刺杀失败。"))
