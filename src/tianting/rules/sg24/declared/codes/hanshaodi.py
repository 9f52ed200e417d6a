"""汉少帝【天子之命】 (8.1): a character named has his next day's vote changed, unseen on the ballot."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.core.records import Feedback
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.outcomes import DONE

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

CHANGES = "vote_changes"
"""``state.extra[CHANGES][day index][character]``: the id that character's vote goes to that day."""


def _check(game: Any, action: Action) -> None:
    """A ``character`` of the pack whose vote is changed, and one id of the table it goes to."""
    named = game.pack.get(action.args.get("character", "")) if isinstance(action.args.get("character"), str) else None
    if named is None:
        raise IllegalAction(f"【{action.skill}】须指明一个角色名字（character）", "character")
    if len(action.targets) != 1 or action.targets[0] not in game.state.players:
        raise IllegalAction(f"【{action.skill}】须指定1个ID：其次日投票改投该ID", "targets")


def _resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """The next day, the vote of whoever plays the character then goes to the id named (R-dlqun2-17)."""
    state, phase = r.night.state, r.night.phase
    named = r.night.game.pack.get(a.args["character"])  # checked when sent: a character of the pack
    character = named.name if named is not None else str(a.args["character"])
    state.extra.setdefault(CHANGES, {}).setdefault(str(state.index + 1), {})[character] = a.targets[0]
    phase.note(f"{a.actor}【{skill.name}】：{character}次日的投票改投 {a.targets[0]}（不显示在票面中）")
    phase.outcomes.settle(a, DONE)
    bless(r, a.actor, character)  # 【皇恩浩荡】


def changed_votes(state: Any) -> dict[str, str]:
    """Today's changes (character → the id its vote goes to), used up."""
    return dict(state.extra.get(CHANGES, {}).pop(str(state.index), {}))


register("天子之命", Code(
    "settle", _check, _resolve,
    "主动技能。指定一个角色名字与1个ID：次日该角色的投票改投该ID，票面仍显示其原本的投票。"))


# ---- the emperor's skills others use (鼎立, R-learning-9) ----------------------------------------------------------
EMPERORS = ("汉少帝", "汉献帝")
GRANTED = {"赞拜不名": ("魏", ("曹操", "曹丕")), "汉室宗亲": ("蜀", ("刘备", "刘禅")),
           "忠心为国": ("吴", ("孙坚", "孙策", "孙权"))}
"""「当皇帝属于X国时，A/B获得此技能」: skill → (the emperor's country, the characters who gain it)."""
VALID_VOTE = "emperor_vote_valid"
"""``state.extra[VALID_VOTE]``: the day indices on which the emperor's vote counts (【汉室宗亲】)."""
SHARED = "shared_guard"
"""``state.extra[SHARED][emperor id]``: the characters 【皇恩浩荡】 made share his 【先祖庇护】, in order."""
GUARD, BLESSING = "先祖庇护", "皇恩浩荡"


def emperor(state: Any) -> Any:
    """The living player of 汉少帝 or 汉献帝 (none: None)."""
    return next((p for p in sorted(state.living(), key=lambda p: p.id) if p.character in EMPERORS), None)


def _granted(name: str) -> Any:
    def holds(game: Any, player: Any) -> bool:
        country, characters = GRANTED[name]
        e = emperor(game.state)
        return player.character in characters and e is not None and e.country == country
    return holds


def _check_granted(game: Any, action: Action) -> None:
    """Only one a grant gave it to (the emperor himself does not use it), with its ids."""
    from tianting.rules.sg24.declared import learned

    player = game.state.player(action.actor)
    name = learned.held(game, player, action.skill)[1]
    skill = name.name if name is not None else action.skill
    if player.character in EMPERORS:
        country, characters = GRANTED[skill]
        raise IllegalAction(f"【{skill}】由{'/'.join(characters)}在皇帝属于{country}国时获得，皇帝本人不能使用", "not-yet")
    if skill != "汉室宗亲":
        game._target(action)
    elif action.targets:
        raise IllegalAction(f"【{skill}】不指定ID", "targets")


def _salute(r: Resolver, a: Action, skill: SkillData) -> None:
    """【赞拜不名】: one defence on the id against a harm of any skill, not a stab."""
    from tianting.engine.harm import Defence
    from tianting.rules.sg24.pack import ATTRIBUTES

    r.defences.append(Defence(a.targets[0], a.actor, True, skill.name, tuple(ATTRIBUTES)))
    r.night.phase.note(f"{a.actor}【{skill.name}】：当夜为 {a.targets[0]} 抵御一次非刺杀的技能伤害")
    r.night.phase.outcomes.settle(a, DONE)


def _kin(r: Resolver, a: Action, skill: SkillData) -> None:
    """【汉室宗亲】: the next day the emperor's vote counts."""
    state = r.night.state
    days = state.extra.setdefault(VALID_VOTE, [])
    if state.index + 1 not in days:
        days.append(state.index + 1)
    r.night.phase.note(f"次日皇帝的投票有效（{a.actor}【{skill.name}】）")
    r.night.phase.outcomes.settle(a, DONE)


def _loyal(r: Resolver, a: Action, skill: SkillData) -> None:
    """【忠心为国】: tonight every 指认 (and 招揽) aimed at the id fails; skills are not touched."""
    from tianting.rules.sg24.declared.schema import RECOGNITION

    r.immunities.append((a.targets[0], (RECOGNITION,), f"{a.actor}【{skill.name}】", "all"))
    r.night.phase.note(f"当夜对 {a.targets[0]} 的指认无效（{a.actor}【{skill.name}】）")
    r.night.phase.outcomes.settle(a, DONE)


def emperor_votes(state: Any, pid: str) -> bool:
    """Whether ``pid``'s vote counts today: no emperor's does (「任何时候投票均无效」), but on a day 【汉室宗亲】 names."""
    p = state.player(pid)
    return p.character not in EMPERORS or state.index in state.extra.get(VALID_VOTE, [])


def bless(r: Resolver, owner: str, character: str) -> None:
    """【皇恩浩荡】 (twice): a use of 【天子之命】 that went off makes ``character`` share the owner's 【先祖庇护】."""
    state, phase = r.night.state, r.night.phase
    me = state.player(owner)
    if BLESSING not in me.skills or me.used.get(BLESSING, 0) >= 2:
        return
    from tianting.effects import limits

    limits.consume(phase, owner, BLESSING)
    shared = state.extra.setdefault(SHARED, {}).setdefault(owner, [])
    if character not in shared:
        shared.append(character)
    phase.note(f"{owner}【{BLESSING}】触发：{character}与其共享【{GUARD}】")
    sharer = next((p for p in state.living() if p.character == character), None)
    if sharer is not None and sharer.id != owner:
        phase.tell(sharer.id, Feedback(BLESSING, f"你与皇帝共享【{GUARD}】", None, {"shared": GUARD}))


def _shared_guard(r: Resolver, owner: str, skill: SkillData) -> None:
    """Before the defences: the one 【先祖庇护】, unspent, goes to the emperor if a 武将杀伤 harm reaches him (his own
    standing defence), else to the sharer hit hardest by one (a tie drawn), once for all (「优先保护汉少帝/汉献帝」)."""
    from tianting.engine.harm import Defence

    night, state = r.night, r.night.state
    me = state.player(owner)
    shared = state.extra.get(SHARED, {}).get(owner, [])
    if not shared or GUARD not in me.skills or me.used.get(GUARD):
        return
    harms = [h for h in night.harms if h.attribute == "武将杀伤技能" and not h.forced]
    if any(h.target == owner for h in harms):
        return
    sharers = {p.id for p in state.living() if p.character in shared and p.id != owner}
    hit = [h for h in harms if h.target in sharers]
    if not hit:
        return
    worst = max(h.level for h in hit)
    ids = sorted({h.target for h in hit if h.level == worst})
    pid = ids[0] if len(ids) == 1 else state.rng.pick(f"【{GUARD}】共享保护 {owner}", ids)
    defence = Defence(pid, owner, False, GUARD, ("武将杀伤技能",))
    r.defences.append(defence)
    r.passive_defences[id(defence)] = (owner, GUARD)
    night.phase.note(f"{owner}【{GUARD}】（共享）为 {pid} 抵御")


def _register_grants() -> None:
    from tianting.rules.sg24.declared import learned

    for name in GRANTED:
        learned.GRANTS[name] = _granted(name)


_register_grants()
register("赞拜不名", Code(
    "settle", _check_granted, _salute,
    "主动技能（皇帝属于魏国时由曹操/曹丕获得）。指定1个ID，当夜为其抵御一次刺杀以外的技能伤害。"))
register("汉室宗亲", Code(
    "settle", _check_granted, _kin,
    "主动技能（皇帝属于蜀国时由刘备/刘禅获得）。使用后，次日皇帝的投票有效。"))
register("忠心为国", Code(
    "settle_first", _check_granted, _loyal,
    "主动技能（皇帝属于吴国时由孙坚/孙策/孙权获得）。指定1个ID，当夜所有对其的指认无效（技能不受影响）。"))
register(BLESSING, Code(
    "settle", lambda game, action: None, lambda r, a, s: None,
    "被动技能，可触发两次。【天子之命】或【尚方宝剑】作用成功时触发：被作用的角色与皇帝共享【先祖庇护】（两人同夜受到攻击时"
    "优先保护皇帝）。", before_harms=_shared_guard))
