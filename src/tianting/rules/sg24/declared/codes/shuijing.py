"""水镜先生 (鼎立 在野): 【不动如山】, whose protection hangs on what its target did not do tonight
(docs/rulings/packs-dlqun1.md); 【其疾如风】 (a second action), 【侵略如火】 (the protections of the one stabbed
stripped), 【动如雷震】 (a character named kept from 军师 skills), 【镜花水月】 (docs/rulings/packs-zaiyea.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.schema import ATTRIBUTES, STAB
from tianting.rules.sg24.outcomes import DONE, FAILED, VOID

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData


def one_target(game: Any, action: Action) -> None:
    game._target(action)


def _budong_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """If the id sent no action tonight (none at all: no 指认, skill, stab, 入国), no harm of the night reaches him
    (R-dlqun1-5); otherwise the use goes off to no effect."""
    night, target = r.night, a.targets[0]
    kept_off = thundered(r, target, skill.attribute or "")
    if kept_off is not None:
        night.phase.note(f"{a.actor} 的【{skill.name}】对 {target} 无效：{kept_off}")
        night.phase.outcomes.settle(a, VOID, f"{target} 不受其作用（{kept_off}）")
        return
    if any(x.actor == target for x in night.actions):
        night.phase.note(f"{a.actor} 的【{skill.name}】对 {target} 未生效：{target} 当夜进行了行动")
        night.phase.outcomes.settle(a, FAILED, f"{target} 当夜进行了行动")
        return
    r.immunities.append((target, (*ATTRIBUTES, STAB), f"{a.actor}【{skill.name}】", "harms"))
    night.phase.outcomes.settle(a, DONE)


register("不动如山", Code(
    "settle", one_target, _budong_resolve,
    "主动技能。指定1个ID：若其当夜没有进行任何行动，则其当夜受到的任何伤害都无效。只能使用一次。（军师增益技能 结算后生效）"))


# ---- 【其疾如风】 -------------------------------------------------------------------------------------------------
HASTEN = "其疾如风"


def hastened(game: Any, pid: str, accepted: Sequence[Action]) -> bool:
    """Whether a 【其疾如风】 sent tonight (among ``accepted``) by another id names ``pid``: he may send two actions."""
    from tianting.core.names import name_key
    from tianting.core.state import PhaseKind

    if game.phase is not PhaseKind.NIGHT:
        return False
    return any(name_key(a.skill) == HASTEN and a.targets[:1] == (pid,) and a.actor != pid
               and HASTEN in game.state.player(a.actor).skills for a in accepted)


def _hasten_check(game: Any, action: Action) -> None:
    """「指定1个ID……不可指定自己」."""
    game._target(action)
    if action.targets[0] == action.actor:
        raise IllegalAction(f"【{action.skill}】不可指定自己", "self")


def _second(r: Resolver, pid: str) -> Action | None:
    """The second of ``pid``'s skills and stabs tonight, in the order he sent them (the one the skill allowed)."""
    from tianting.rules.dingli2.game import GENERAL_ACTIONS
    from tianting.rules.sg24.game import STAB as STAB_ACTION
    from tianting.rules.sg24.game import _norm

    his = [a for a in r.night.actions if a.actor == pid
           and (_norm(a.skill) == STAB_ACTION or _norm(a.skill) not in GENERAL_ACTIONS)]
    return his[1] if len(his) > 1 else None


def _hasten_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """The id's two actions stand; his vote the next day is void (R-zaiyea-1)."""
    night, target = r.night, a.targets[0]
    night.state.extra.setdefault("own_votes_void", {}).setdefault(str(night.state.index + 1), []).append(target)
    night.phase.note(f"{a.actor}【{skill.name}】：{target} 当夜可以行动两次，次日投票无效")
    night.phase.outcomes.settle(a, DONE)


def _hasten_lapsed(r: Resolver, a: Action, skill: SkillData) -> None:
    """The use failed before it stood: the second action it allowed fails with it (R-zaiyea-1)."""
    night = r.night
    second = _second(r, a.targets[0]) if a.targets else None
    if second is None or second not in night.live:
        return
    night.live.remove(second)
    night.phase.outcomes.settle(second, FAILED, f"{a.actor}【{skill.name}】未生效，当夜只能行动一次")
    night.phase.note(f"{second.actor} 的第二个行动【{second.skill}】失败：{a.actor}【{skill.name}】未生效")


register(HASTEN, Code(
    "before", _hasten_check, _hasten_resolve,
    "主动技能。指定1个其他ID：其当夜可以行动两次（杀手不可刺杀两次），次日投票无效。只能使用一次。（军师增益技能 结算前生效）",
    lapsed=_hasten_lapsed))


# ---- 【侵略如火】 -------------------------------------------------------------------------------------------------
def _invade_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """Each id the named one stabs tonight (his stab landed: a harm of 刺杀 he deals) has his 武将保护 defences that
    could stop a stab void and spent, as ``strip_guards`` (R-zaiyea-2); 【天下无双】 is an immunity, never stripped.
    He stabs nobody: the use goes off to no effect."""
    night, stabber = r.night, a.targets[0]
    stabbed = sorted({h.target for h in night.harms if h.cause == STAB and h.by == stabber})
    for pid in stabbed:
        r.stripped.append((pid, f"{a.actor}【{skill.name}】"))
    if not stabbed:
        night.phase.note(f"{a.actor}【{skill.name}】：{stabber} 当夜没有刺杀，未起作用")
    night.phase.outcomes.settle(a, DONE, "" if stabbed else f"{stabber} 当夜没有刺杀")


register("侵略如火", Code(
    "settle", one_target, _invade_resolve,
    "主动技能。指定1个ID：若其当夜进行刺杀，被刺杀者除【天下无双】以外的武将保护技能作用无效，且视为被消耗。只能使用一次。"
    "（军师增益技能 结算时生效）"))


# ---- 【动如雷震】 -------------------------------------------------------------------------------------------------
THUNDER_AGAINST = ("军师负面技能", "军师增益技能")


def _thunder_check(game: Any, action: Action) -> None:
    """「指定一个角色名字」: a ``character`` of the pack, no id."""
    named = game.pack.get(action.args.get("character", "")) if isinstance(action.args.get("character"), str) else None
    if named is None:
        raise IllegalAction(f"【{action.skill}】须指明一个角色名字（character）", "character")
    if action.targets:
        raise IllegalAction(f"【{action.skill}】指定角色名字，不指定ID", "targets")


def _thunder_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """The living player of the character named is, tonight, no target of 军师负面 or 军师增益 skills: each declared
    use of them aimed at him is void, their harms kept off (an immunity of ``effects: all``); another 【动如雷震】 is
    the same protection again (R-zaiyea-3). The character not in play: no effect."""
    night = r.night
    named = night.game.pack.get(a.args["character"])
    character = named.name if named is not None else str(a.args["character"])
    pid = next((p.id for p in sorted(night.state.living(), key=lambda p: p.id) if p.character == character), None)
    if pid is None:
        night.phase.note(f"{a.actor}【{skill.name}】：{character}不在场，未起作用")
        night.phase.outcomes.settle(a, DONE, f"{character}不在场")
        return
    r.immunities.append((pid, THUNDER_AGAINST, f"{a.actor}【{skill.name}】", "all"))
    night.phase.note(f"{a.actor}【{skill.name}】：{pid}（{character}）当夜不成为军师负面、军师增益技能的作用目标")
    night.phase.outcomes.settle(a, DONE)


def thundered(r: Resolver, pid: str, attribute: str) -> str | None:
    """Why a bespoke use of ``attribute`` aimed at ``pid`` does not reach him tonight (【动如雷震】), or None."""
    return next((why for who, against, why, kept in r.immunities
                 if who == pid and kept == "all" and attribute in against), None)


register("动如雷震", Code(
    "early", _thunder_check, _thunder_resolve,
    "主动技能。指定一个角色名字：该角色当夜不成为军师负面技能及除【动如雷震】以外的军师增益技能的作用目标。"
    "只能使用一次。（军师增益技能 结算前生效）"))


# ---- 【镜花水月】 -------------------------------------------------------------------------------------------------
MIRROR = "mirror_seen"
"""``state.extra[MIRROR][owner]``: [id, character] of each player whose 指认 named the owner (any night), in order."""


def _pairable(game: Any, a: str, b: str) -> bool:
    """「两个可以互相认识的角色」: one's 指认 allowances name the other's character (the rules let them come to know each
    other)."""
    ca, cb = game.state.player(a).character, game.state.player(b).character
    return any(al.kind == "character" and cb in al.of for al in game.character(a).recognition) or any(
        al.kind == "character" and ca in al.of for al in game.character(b).recognition)


def _mirror(r: Resolver, owner: str, skill: SkillData) -> None:
    """Every player whose 指认 (of a character or an evaluation) named the owner tonight and went through has one of
    his own 评价, drawn, learned by the owner; once two who can come to know each other have both named him (any
    nights), each learns the other's identity, once (R-zaiyea-6)."""
    from tianting.core.records import Feedback
    from tianting.rules.sg24.game import RECOGNISE, _norm

    night, game, state = r.night, r.night.game, r.night.state
    named = sorted({a.actor for a in night.live if _norm(a.skill) == RECOGNISE and a.targets[:1] == (owner,)
                    and a.actor != owner and night.phase.outcomes.state(a) not in (VOID, FAILED)})
    if not named and owner not in state.extra.get(MIRROR, {}):
        return  # nobody has named him yet: nothing to learn, nothing kept
    seen: list[list[str]] = state.extra.setdefault(MIRROR, {}).setdefault(owner, [])
    for pid in named:
        evaluations = sorted(game.evaluations(pid, night.phase))
        if evaluations:
            value = state.rng.pick(f"【{skill.name}】{owner} 得知 {pid} 的一项评价", evaluations)
            night.phase.tell(owner, Feedback(skill.name, f"【{skill.name}】：{pid} 具有评价「{value}」", pid,
                                             {"evaluation": value}))
            night.phase.note(f"{owner}【{skill.name}】得知 {pid} 的一项评价：{value}")
        if [pid, state.player(pid).character] not in seen:
            seen.append([pid, state.player(pid).character])
    told: list[list[str]] = state.extra.get("mirror_told", [])
    now = [pid for pid, ch in seen if state.player(pid).alive and state.player(pid).character == ch]
    for i, a in enumerate(now):
        for b in now[i + 1:]:
            pair = sorted((a, b))
            if a == b or pair in told or not _pairable(game, a, b):
                continue
            told.append(pair)
            state.extra["mirror_told"] = told
            for x, y in ((a, b), (b, a)):
                identity = state.player(y).identity
                night.phase.tell(x, Feedback(skill.name, f"【{skill.name}】：{y} 的身份是{identity}", y,
                                             {"fact": "identity", "value": identity}))
            night.phase.note(f"{owner}【{skill.name}】：{a} 与 {b} 得知彼此身份")


register("镜花水月", Code(
    "settle", one_target, lambda r, a, s: None,
    "被动技能，触发次数不限。被指认时触发：每个指认到自己的角色，自己随机得知其一项评价；两个可以互相认识的角色都指认过"
    "自己后（不限同一夜），两人得知彼此身份。（指认技能）",
    before_harms=_mirror))


# ---- 【其徐如林】 -------------------------------------------------------------------------------------------------
FOREST = "其徐如林"
HIDDEN = "forest_hidden"
"""``state.extra[HIDDEN][night index]``: [target, user] of each 【其徐如林】 used the day before that night."""
SPIES = ("料敌机先", "巧设反间", "直笔修史")


def _forest_check(game: Any, action: Action) -> None:
    game._target(action)


def _forest_resolve(day: Any, a: Action, skill: SkillData) -> None:
    """By day: the id's actions of the next night are hidden — from the three spying skills (the judge's, who is told)
    and from the night's post (his announced uses are not posted); the user sends no other active skill that night
    (R-zaiyea-12). ``day``: the :class:`~tianting.rules.dingli2.day.DingliDay` being resolved."""
    state = day.state
    state.extra.setdefault(HIDDEN, {}).setdefault(str(state.index + 1), []).append([a.targets[0], a.actor])
    day.phase.note(f"{a.actor}【{skill.name}】：{a.targets[0]} 入夜后的行动不被侦查、不被公告")
    day.phase.outcomes.settle(a, DONE)


def hidden_tonight(state: Any) -> list[list[str]]:
    """The [target, user] pairs of the 【其徐如林】 that cover tonight."""
    return list(state.extra.get(HIDDEN, {}).get(str(state.index), []))


def check_quiet(game: Any, player: Any, action: Action) -> None:
    """「入夜后【其徐如林】的使用者不可再使用其它主动技能」: refused when sent."""
    from tianting.core.state import PhaseKind

    if game.phase is PhaseKind.NIGHT and any(user == player.id for _, user in hidden_tonight(game.state)):
        raise IllegalAction(f"{player.id} 昨日使用了【{FOREST}】，当夜不可再使用其它主动技能", "forest")


def unposted(game: Any, live: Sequence[Action], events: list[str]) -> list[str]:
    """The night's post lines without those of the hidden ids' uses (one line of each of their announced uses)."""
    from tianting.rules.dingli2 import texts
    from tianting.rules.sg24.declared.resolve import announced

    hidden = {t for t, _ in hidden_tonight(game.state)}
    if not hidden:
        return events
    out = list(events)
    for a in live:
        player = game.state.player(a.actor)
        data = game.pack.skill(player.character, a.skill) if a.actor in hidden else None
        if data is None:
            continue
        if game.pack.is_global(player.character, data) or game.pack.extra(player.character, data.name).announce:
            for line in announced(data, game.state) or [texts.skill_used(data.name)]:
                if line in out:
                    out.remove(line)
    return out


def _forest_night(r: Resolver, owner: str, skill: SkillData) -> None:
    """The judge, who rules the spying skills, is told whose actions they cannot see tonight."""
    from tianting.rules.sg24.game import _norm

    night = r.night
    hidden = sorted({t for t, _ in hidden_tonight(night.state)})
    spying = sorted({a.skill for a in night.live if _norm(a.skill) in SPIES})
    if hidden and spying:
        night.warnings.append(f"{'、'.join(hidden)} 当夜的行动不能被{'、'.join(f'【{s}】' for s in spying)}侦查"
                              f"（【{FOREST}】）")


register(FOREST, Code(
    "day", _forest_check, _forest_resolve,
    "主动技能，白天使用。指定1个ID：其入夜后的行动不能被【料敌机先】【巧设反间】【直笔修史】侦查，其需要公告的技能当夜不公告；"
    "入夜后自己不可再使用其它主动技能。只能使用一次。（军师增益技能 结算时生效）",
    before_harms=_forest_night))


# ---- 【难知如阴】 -------------------------------------------------------------------------------------------------
SHADOW = "难知如阴"
DISGUISED = "shadow_marks"
"""``state.extra[DISGUISED][night index]``: [id, stand-in, user] of each 【难知如阴】 resolved that night."""
SHOWN = "shadow_shown"
"""``state.extra[SHOWN][day index]``: [id, stand-in] whose exit the night post gave to the stand-in: the day post
corrects it."""


def _shadow_check(game: Any, action: Action) -> None:
    """「指定1个ID……修改公告为另一个ID退出游戏」: the id, then the one the post names instead (two different ids)."""
    game._target(action, 2)
    if action.targets[0] == action.targets[1]:
        raise IllegalAction(f"【{action.skill}】须指定2个不同的ID：目标与公告中代替其退出游戏的ID", "targets")


def _shadow_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """Kept for the night's post (R-zaiyea-13)."""
    state = r.night.state
    state.extra.setdefault(DISGUISED, {}).setdefault(str(state.index), []).append([*a.targets[:2], a.actor])
    r.night.phase.outcomes.settle(a, DONE)


def disguise(game: Any, phase: Any, exited: list[str], words: dict[str, str]) -> tuple[list[str], dict[str, str]]:
    """The night post's exits and last words: an id of a 【难知如阴】 that left the game tonight is posted as its
    stand-in (if still in play and not leaving too), his last words held back; the stand-in's vote the next day is
    void, and the day's post gives the truth (R-zaiyea-13)."""
    state = game.state
    marks = state.extra.get(DISGUISED, {}).pop(str(state.index), [])
    if not state.extra.get(DISGUISED):
        state.extra.pop(DISGUISED, None)
    exited, words = list(exited), dict(words)
    for pid, stand_in, user in sorted(marks):
        if pid not in exited or stand_in in exited or not state.player(stand_in).alive:
            continue
        exited[exited.index(pid)] = stand_in
        words.pop(pid, None)
        state.extra.setdefault(SHOWN, {}).setdefault(str(state.index + 1), []).append([pid, stand_in])
        state.extra.setdefault("own_votes_void", {}).setdefault(str(state.index + 1), []).append(stand_in)
        phase.note(f"{user}【{SHADOW}】：公告 {stand_in} 退出游戏（实为 {pid}），{stand_in} 次日投票无效")
    return exited, words


def undisguise(game: Any, phase: Any) -> list[str]:
    """The day post: the ids who really left (「投票结束后，公告真退出的玩家ID退出游戏」); their stand-ins are listed
    as back in the game (``phase.returned``)."""
    shown = game.state.extra.get(SHOWN, {}).pop(str(game.state.index), [])
    if not game.state.extra.get(SHOWN):
        game.state.extra.pop(SHOWN, None)
    for _, stand_in in shown:
        phase.returned.append(stand_in)
    return [pid for pid, _ in shown]


register(SHADOW, Code(
    "settle", _shadow_check, _shadow_resolve,
    "主动技能。指定2个ID：若前者当夜退出游戏，当夜公告改为后者退出游戏；后者次日投票无效，投票结束后公告前者退出游戏、"
    "后者回到游戏。只影响公告，不影响灭国与君主、军师存在的结算。只能使用一次。（无属性技能 结算时生效）"))
