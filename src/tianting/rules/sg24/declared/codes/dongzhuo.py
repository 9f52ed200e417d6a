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


def went_off(state: Any, skill: str) -> bool:
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
    if not (_went_on(state, "孙坚") or went_off(state, "传国玉玺")):
        unmet.append("孙坚转世或消耗【传国玉玺】")
    if not (_sworn(state) or _went_on(state, "徐庶")):
        unmet.append("刘备触发【桃园结义】或徐庶转世")
    if not (_went_on(state, "郭嘉") or went_off(state, "洞若观火")):
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
    from tianting.rules.sg24.declared.schema import Declared

    night = r.night
    for p in sorted(night.state.living(), key=lambda p: p.id):
        if p.identity == "杀手" and p.country in COUNTRIES:
            stabbing = [d.name for d in night.game.pack.holdable(p.character)  # 夏侯渊【三日五百】: a killer's stab
                        if isinstance(d.effect, Declared) and any(v.name == "stab" for v in d.effect.does)]
            r._void(p.id, a.actor, skill.name, (*STAB_ACTIONS, *stabbing))
    harms = _stab(r, a, early=True)
    from tianting.rules.sg24.declared.codes.yuanshao import chase

    chase(r)  # 袁绍【讨董联盟】's coin on this stab, set earlier, whether or not 袁绍 still plays (R-review2b-2)
    harms = [h for h in harms if h in r.pending_harms]
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


DEPOSED = "feidi_shared"
"""``state.extra[DEPOSED]``: {"owner": 董卓's id, "emperor": the deposed emperor's id, "spent": whether the shared
【先祖庇护】 has stopped something (or was spent before)} — set when 【废帝另立】 goes off."""
SHIELD = "先祖庇护"
EMPERORS = ("汉少帝", "汉献帝")


def _found_emperor(r: Resolver, owner: str) -> str | None:
    """The id of 汉少帝 that a 指认 of ``owner`` tonight reached and was answered (his 统帅 评价指认, which 汉少帝's every
    评价 makes right, or a 同国指认 naming 汉少帝)."""
    state, phase = r.night.state, r.night.phase
    hits = {whom for who, whom, _ in phase.asked if who == owner}
    hits |= {whom for who, whom, named in phase.recognitions if who == owner and named == "汉少帝"}
    return next((pid for pid in sorted(hits) if state.player(pid).alive and state.player(pid).character == "汉少帝"),
                None)


def _feidi(r: Resolver, owner: str, skill: SkillData) -> None:
    """Each night, for 董卓: a 指认 of his reaching 汉少帝 deposes him (after the night's harms 汉少帝 leaves and 汉献帝
    plays on in the id, not counted with the dead, no last words); from then on, while he plays 董卓, the emperor's
    【先祖庇护】 is one defence against a 武将杀伤 harm for the emperor or 董卓, the emperor first (R-zaiyeb-6)."""
    from tianting.engine.harm import Defence

    night, state = r.night, r.night.state
    shared = state.extra.get(DEPOSED)
    if shared is not None and shared["owner"] == owner and not shared["spent"]:
        emperor = shared["emperor"]
        aimed = {h.target for h in night.harms if h.attribute == "武将杀伤技能" and not h.forced}
        guarded = next((pid for pid in (emperor, owner) if pid in aimed and state.player(pid).alive
                        and (pid == owner or state.player(pid).character in EMPERORS)), None)
        if guarded is not None:
            defence = Defence(guarded, emperor, False, SHIELD, ("武将杀伤技能",), None)
            r.defences.append(defence)

            def spent() -> None:
                if any(d is defence for d in night.phase.used_defences):
                    shared["spent"] = True
                    night.phase.note(f"共享的【{SHIELD}】已消耗（{guarded}）")

            r.followups.append(spent)
    found = _found_emperor(r, owner)
    if found is None:
        return

    def depose() -> None:
        p = state.player(found)
        if not p.alive or p.character != "汉少帝":
            return
        was_spent = bool(p.used.get(SHIELD))
        night.phase.note(f"{owner}【{skill.name}】：{found}（汉少帝）脱离游戏，汉献帝登场")
        night.game.kill(night.phase, found, f"【{skill.name}】脱离游戏", night.book, natural=True)
        if state.player(found).alive:
            state.extra[DEPOSED] = {"owner": owner, "emperor": found, "spent": was_spent}

    r.followups.append(depose)


register("废帝另立", Code(
    "settle", lambda game, action: None, lambda r, a, skill: None,
    "被动技能。董卓的指认指到汉少帝时触发：汉少帝脱离游戏，汉献帝登场；此后董卓与汉献帝共享一次【先祖庇护】（抵御一次武将杀伤"
    "技能，两人都受到时优先保护汉献帝），董卓死亡后不再共享，董卓不被告知。", before_harms=_feidi))
