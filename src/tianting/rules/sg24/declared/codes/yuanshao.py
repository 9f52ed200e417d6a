"""袁绍 (鼎立 在野): 【强弩射阵】 (three ids, himself among them) and 【河朔称雄】 (the ids he has asked an evaluation
of), whose targets the effect language cannot name (docs/rulings/packs-dlqun1.md); his 伤判 skills 【刚愎自用】
【四世三公】 【名门望族】 (docs/rulings/packs-zaiyea.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.core.names import name_key
from tianting.engine.harm import Harm, Level
from tianting.rules.sg24.declared.bespoke import Code, check_untargeted_joined, register
from tianting.rules.sg24.declared.doubled import double_next_day
from tianting.rules.sg24.outcomes import DONE, FAILED, VOID
from tianting.rules.sg24.wounds import FIRST_TABLE, SECOND_TABLE

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData



def _qiangnu_check(game: Any, action: Action) -> None:
    """「指定包括自己在内的3个ID」: three different ids in play, the owner one of them."""
    game._target(action, 3)
    if len(set(action.targets)) != 3:
        raise IllegalAction(f"【{action.skill}】须指定3个不同的ID", "targets")
    if action.actor not in action.targets:
        raise IllegalAction(f"【{action.skill}】指定的3个ID须包括自己", "targets")


def _qiangnu_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """Each of the three ids (the owner too) takes a wound of the skill's attribute, summed with the night's harms."""
    for pid in sorted(a.targets):
        r.night.harms.append(Harm(pid, Level.WOUND, skill.name, [a.actor], by=a.actor, attribute=skill.attribute or ""))
    r.night.phase.outcomes.settle(a, DONE)


register("强弩射阵", Code(
    "settle", _qiangnu_check, _qiangnu_resolve,
    "主动技能。指定包括自己在内的3个ID，令三人同时受伤。（武将杀伤技能 结算时生效）"))


def asked_evaluation_of(state: Any, pid: str) -> list[str]:
    """The ids ``pid`` asked an evaluation of on the nights before (评价指认 that resolved), by id."""
    out = {e["targets"][0] for h in state.history if h.get("phase") == "night" for e in h.get("actions", [])
           if e.get("actor") == pid and name_key(e.get("skill", "")) == "指认" and "evaluation" in e.get("args", {})
           and e.get("targets") and e.get("state") not in (VOID, FAILED)}
    return sorted(out)


def _hebei_check(game: Any, action: Action) -> None:
    """「入国后才可以使用」; the use names no id (it acts on every id he asked an evaluation of)."""
    check_untargeted_joined(game, action, "入国后")


def _hebei_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """Of the ids the owner asked an evaluation of, those in play and not of his country: one, drawn, has every action
    tonight fail (R-dlqun1-4); none such: the use goes off to no effect."""
    state = r.night.state
    mine = state.player(a.actor).country
    aimed = [pid for pid in asked_evaluation_of(state, a.actor)
             if state.player(pid).alive and state.player(pid).country != mine]
    if not aimed:
        r.night.phase.note(f"{a.actor} 的【{skill.name}】无可作用的非同国ID")
        r.night.phase.outcomes.settle(a, DONE, "没有被指认过评价的非同国ID")
        return
    drawn = state.rng.pick(f"【{skill.name}】{a.actor} 随机一个ID", aimed)
    from tianting.rules.sg24.declared.codes.caocao import spares_wei

    if state.player(drawn).country == "魏" and spares_wei(r):  # 曹操【血战官渡】 (R-weimisc-2)
        r.night.phase.note(f"{a.actor} 的【{skill.name}】随机到 {drawn}：对魏国角色无效（曹操【血战官渡】）")
        r.night.phase.outcomes.settle(a, DONE, "对魏国角色无效（【血战官渡】）")
        return
    r._void(drawn, a.actor, skill.name)
    r.night.phase.outcomes.settle(a, DONE)


register("河朔称雄", Code(
    "settle_first", _hebei_check, _hebei_resolve,
    "主动技能。入国后才可以使用：在所有被自己指认过评价的ID中，随机令其中一个非同国角色当夜所有行动失败。"
    "（军师增益技能 结算时生效）"))


# ---- 【刚愎自用】 -------------------------------------------------------------------------------------------------
STUBBORN = "刚愎自用"
STUBBORN_DEATHS = "stubborn_deaths"
"""``state.extra[STUBBORN_DEATHS][night index]``: the ids whose 【刚愎自用】 伤判 death falls in that night."""


def _stubborn_table(table: tuple[str, ...]) -> tuple[str, ...]:
    """「痊愈——死亡，继续受伤——痊愈……，死亡——死亡」: each outcome of the rules' table, changed."""
    from tianting.rules.sg24.wounds import DIED, HEALED, INJURED

    return tuple({HEALED: DIED, INJURED: HEALED, DIED: DIED}[o] for o in table)


def _holds(game: Any, pid: str, skill: str) -> bool:
    from tianting.core import pack_edition

    return not pack_edition.first(game.state) and skill in game.state.player(pid).skills


def heals_at_once(game: Any, pid: str) -> bool:
    """A 【刚愎自用】 holder's 伤判 heal takes effect at once (「痊愈且立即生效」), not after the day's post."""
    return _holds(game, pid, STUBBORN)


def dies_next_night(game: Any, phase: Any, pid: str) -> bool:
    """A 【刚愎自用】 holder's 伤判 death is the next night's, counted, with last words (「死亡并计入下夜死亡人数且下夜可以
    写一条遗言」): marked for that night, True; else False (the rules' 伤判 death)."""
    if not _holds(game, pid, STUBBORN):
        return False
    game.state.extra.setdefault(STUBBORN_DEATHS, {}).setdefault(str(game.state.index + 1), []).append(pid)
    phase.note(f"{pid} 伤判死亡（【{STUBBORN}】）：于下一夜死亡，计入下夜死亡人数，可写遗言")
    return True


def dying(state: Any, pid: str) -> bool:
    """Whether ``pid``'s 【刚愎自用】 伤判 death waits for the next night (no new 伤判 table is dealt him)."""
    return any(pid in ids for ids in state.extra.get(STUBBORN_DEATHS, {}).values())


def _stubborn_night(r: Resolver, owner: str, skill: SkillData) -> None:
    """The night after his 伤判 said death: he dies in its sum, a death nothing stops, counted, with last words."""
    deaths = r.night.state.extra.get(STUBBORN_DEATHS, {})
    marked = deaths.pop(str(r.night.state.index), [])
    if not deaths:
        r.night.state.extra.pop(STUBBORN_DEATHS, None)
    if owner in marked:
        r.night.harms.append(Harm(owner, Level.KILL, f"【{skill.name}】伤判死亡", [], forced=True, by="天庭"))


def _no_use(game: Any, action: Action) -> None:
    raise IllegalAction(f"【{action.skill}】是被动技能", "passive")


def _no_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """A passive has no use to resolve."""


register(STUBBORN, Code(
    "settle", _no_use, _no_resolve,
    "被动技能，触发次数不限。自己伤判时结果改变：痊愈改为死亡；继续受伤改为痊愈，立即生效；死亡仍为死亡，计入下一夜的死亡"
    "人数，下一夜可写遗言。（无属性技能）",
    before_harms=_stubborn_night,
    wound_tables=(_stubborn_table(FIRST_TABLE), _stubborn_table(SECOND_TABLE))))


# ---- 【四世三公】 【名门望族】 -----------------------------------------------------------------------------------------
NOBLE = "四世三公"
HOUSE = "名门望族"
REDO, KEEP = "重新判定", "不重新判定"
NOBLE_TIMES = 3


def house_open(game: Any, holder: str) -> bool:
    """Whether 【名门望族】 has gone off for ``holder``: his first wound, or two right 评价指认 (R-zaiyea-8)."""
    return holder in game.state.extra.get("house_open", [])


def _open_house(state: Any, holder: str, why: str, phase: Any) -> None:
    opened: list[str] = state.extra.setdefault("house_open", [])
    if holder not in opened:
        opened.append(holder)
        phase.note(f"{holder}【{HOUSE}】触发：{why}")


def _house_night(r: Resolver, owner: str, skill: SkillData) -> None:
    """Counts the owner's right 评价指认 tonight; after the night's harms, a wound on him opens it too."""
    night, game, state = r.night, r.night.game, r.night.state
    for actor, target, asked in night.phase.asked:
        if actor == owner and (asked in game.evaluations(target, night.phase) or asked == state.player(target).identity):
            right = state.extra.setdefault("right_asks", {})
            right[owner] = right.get(owner, 0) + 1
    if state.extra.get("right_asks", {}).get(owner, 0) >= 2:
        _open_house(state, owner, "正确的评价指认达到两个", night.phase)
    if state.player(owner).injured:
        _open_house(state, owner, "受伤", night.phase)

    def wounded() -> None:
        if state.player(owner).alive and state.player(owner).injured:
            _open_house(state, owner, "受伤", night.phase)

    r.followups.append(wounded)


register(HOUSE, Code(
    "settle", _no_use, _no_resolve,
    "被动技能。自己第一次受伤时，或正确的评价指认达到两个及以上时触发：此后【四世三公】也可以作用于与自己互识的同国角色的"
    "伤判。（军师增益技能）",
    before_harms=_house_night))
register(NOBLE, Code(
    "settle", _no_use, _no_resolve,
    "被动技能，非锁定技，可触发三次。自己伤判得知结果后，可以重新判定一次。（军师增益技能）"))


def _nobles(game: Any, pid: str) -> list[str]:
    """Who may redo ``pid``'s 伤判: himself holding 【四世三公】 with a use left, else each holder whose 【名门望族】 has
    gone off, of his country and knowing him mutually (by id)."""
    state = game.state
    out = []
    for p in sorted(state.living(), key=lambda p: p.id):
        if not _holds(game, p.id, NOBLE) or p.used.get(NOBLE, 0) >= NOBLE_TIMES:
            continue
        if p.id == pid or (HOUSE in p.skills and house_open(game, p.id) and p.country == state.player(pid).country
                           and game.mutual(p.id, pid)):
            out.append(p.id)
    return sorted(out, key=lambda h: h != pid)


def redone(game: Any, day: Any, pid: str, dealt: Mapping[str, Any], given: Any, digit: int, outcome: str,
           book: Any) -> tuple[str, int]:
    """【四世三公】: told the 伤判's outcome, its holder may have it drawn again (his choice, asked then: default not),
    once a check, three times a game; the second digit is the one he sent second, or drawn among the other nine, from
    the same committed table (R-zaiyea-7). Returns the outcome and digit that stand."""
    from tianting.core import effects
    from tianting.rules.dingli2 import texts
    from tianting.rules.sg24.game import same_word
    from tianting.rules.sg24.wounds import HEALED

    if book is None or outcome == HEALED:
        return outcome, digit
    if _holds(game, pid, HOUSE) and game.state.player(pid).injured:
        _open_house(game.state, pid, "受伤", day)
    for holder in _nobles(game, pid):
        choice = book.choose(game.state.rng, holder, NOBLE, [REDO, KEEP], same_word, default=KEEP,
                             context=f"{pid} 第{dealt['nth']}次伤判：{texts.CHECK_WORDS[outcome]}")
        if choice != REDO:
            continue
        player = game.state.player(holder)
        player.used[NOBLE] = player.used.get(NOBLE, 0) + 1
        second = given[1] if isinstance(given, list | tuple) and len(given) > 1 else None
        others = [d for d in range(10) if d != digit]
        if not (holder == pid and isinstance(second, int) and not isinstance(second, bool) and second in others):
            second = int(game.state.rng.pick(f"【{NOBLE}】{pid} 重新判定的数字", others))
        again = dealt["table"][second]
        day.note(f"{holder}【{NOBLE}】：{pid} 重新判定（数字{second}）：{texts.CHECK_WORDS[again]}")
        for who in sorted({holder, pid}):
            effects.tell(day, who, f"【{NOBLE}】{pid} 重新判定（数字{second}）：{texts.CHECK_WORDS[again]}", NOBLE, pid,
                         {"digit": second, "outcome": again, "nth": dealt["nth"]})
        return again, second
    return outcome, digit


# ---- 【广结名士】 -------------------------------------------------------------------------------------------------
CIRCLE = "广结名士"
LAST_ASK = "last_ask"
"""``state.extra[LAST_ASK][id]``: [evaluation, right] of the holder's last 评价指认 (the 【广结名士】 holders')."""


def _circle_night(r: Resolver, owner: str, skill: SkillData) -> None:
    """Keeps what the owner's 评价指认 tonight asked and whether it was right (the truth, not the answer told)."""
    night, game, state = r.night, r.night.game, r.night.state
    for actor, target, asked in night.phase.asked:
        if actor == owner:
            right = asked in game.evaluations(target, night.phase) or asked == state.player(target).identity
            state.extra.setdefault(LAST_ASK, {})[owner] = [asked, right]


def check_ask(game: Any, player: Any, action: Action) -> None:
    """「若指认为错误，下夜不能更换指认的评价」: after a wrong 评价指认, the next one asks the same 评价 (R-zaiyea-9)."""
    from tianting.core.state import PhaseKind

    if (game.phase is not PhaseKind.NIGHT or not _holds(game, player.id, CIRCLE)
            or not isinstance(action.args.get("evaluation"), str)):
        return
    last = game.state.extra.get(LAST_ASK, {}).get(player.id)
    if last is not None and not last[1] and name_key(action.args["evaluation"]) != last[0]:
        raise IllegalAction(f"【{CIRCLE}】：{player.id} 上一次评价指认错误，不能更换指认的评价（须为「{last[0]}」）",
                            "same-evaluation")


register(CIRCLE, Code(
    "settle", _no_use, _no_resolve,
    "被动技能，触发次数不限。评价指认正确时，下一夜可以换一个评价指认；错误时，下一夜不能更换指认的评价。（指认技能）",
    before_harms=_circle_night))


# ---- 【讨董联盟】 -------------------------------------------------------------------------------------------------
ALLIANCE = "讨董联盟"
FIRST_LORDS = ("曹操", "刘备", "孙坚")
CHASED = "taodong_chased"
"""``state.extra[CHASED]``: the ids of 董卓 whose next 【雄霸天下】 stab fails with half chance."""


def _alliance_night(r: Resolver, owner: str, skill: SkillData) -> None:
    """A right 指认 of his naming a lord sets it off — while 在野, 曹操 刘备 孙坚; once joined, a lord not of his
    country: he and that lord have their votes counted twice the next day; 董卓 in play: his next 【雄霸天下】's stab
    fails with half chance (the judge rules that skill, and is told), or, 【雄霸天下】 spent, 董卓's actions tonight
    fail — his harms are kept off (R-zaiyea-10)."""
    from tianting.core.records import Feedback
    from tianting.rules.sg24.pack import UNALIGNED

    night, state = r.night, r.night.state
    chase(r)
    me = state.player(owner)
    hits = []
    for actor, target, named in night.phase.recognitions:
        lord = state.player(target)
        if actor != owner or lord.identity != "君主":
            continue
        if (named in FIRST_LORDS) if me.country == UNALIGNED else (lord.country != me.country):
            hits.append(target)
    if not hits:
        return
    for target in sorted(set(hits)):
        night.phase.note(f"{owner}【{skill.name}】触发（{target}）：次日两人投票均算作2票")
        night.phase.tell(owner, Feedback(skill.name, f"你的【{skill.name}】触发：次日你与 {target} 的投票均算作2票",
                                         target))
        double_next_day(state, (owner, target))
    for dong in sorted(p.id for p in state.living() if p.character == "董卓"):
        if state.player(dong).used.get("雄霸天下") or "雄霸天下" not in state.player(dong).skills:
            kept = [h for h in night.harms if h.by == dong and not h.forced]
            night.harms[:] = [h for h in night.harms if h not in kept]
            for a in [a for a in night.live if a.actor == dong]:
                night.phase.outcomes.settle(a, FAILED, f"{owner}【{skill.name}】令其当夜行动失败")
            night.phase.note(f"{owner}【{skill.name}】：{dong}（董卓）【雄霸天下】已消耗，当夜所有行动失败")
            if any(not r.handles(a) for a in night.live if a.actor == dong):
                night.warnings.append(f"{dong}（董卓）当夜所有行动失败（{owner}【{skill.name}】），请按此裁定其技能")
        else:
            chased: list[str] = state.extra.setdefault(CHASED, [])
            if dong not in chased:
                chased.append(dong)
            night.phase.note(f"{owner}【{skill.name}】：{dong}（董卓）下一次【雄霸天下】的刺杀一半概率失效")


def chase(r: Resolver) -> None:
    """董卓's first 【雄霸天下】 after 【讨董联盟】 went off: its stab fails with half chance, drawn now and told to the
    judge who rules the skill (its stopping of killers' stabs stands)."""
    from tianting.rules.sg24.game import _norm

    night, state = r.night, r.night.state
    chased: list[str] = state.extra.get(CHASED, [])
    for dong in sorted(chased):
        use = next((a for a in night.live if a.actor == dong and _norm(a.skill) == "雄霸天下"), None)
        if use is None:
            continue
        chased.remove(dong)
        stays = r._chance(f"【{ALLIANCE}】{dong}【雄霸天下】的刺杀", dong)
        if not r.handles(use):  # a judge's own pack leaving 【雄霸天下】 to him: he is told
            night.warnings.append(f"{dong}（董卓）【雄霸天下】的刺杀{'有效' if stays else '失效'}（【{ALLIANCE}】一半概率），"
                                  "阻止三国杀手刺杀的效果仍然有效")
        elif not stays:  # the engine's 【雄霸天下】 (codes/dongzhuo.py): its stab is kept off, the killers' stay failed
            def kept(h: Harm, use: Action = use, dong: str = dong) -> bool:
                return not (h.by == dong and h.cause == "刺杀" and h.target in use.targets and not h.forced)

            night.harms[:] = [h for h in night.harms if kept(h)]
            r.pending_harms[:] = [h for h in r.pending_harms if kept(h)]  # made in 结算时's first stage (R-review2b-2)
        night.phase.note(f"{dong}（董卓）【雄霸天下】的刺杀{'有效' if stays else '失效'}（【{ALLIANCE}】一半概率）")
    if not chased:
        state.extra.pop(CHASED, None)


register(ALLIANCE, Code(
    "settle", _no_use, _no_resolve,
    "被动技能。在野时指认出曹操、刘备、孙坚，入国后指认出非本国的君主时触发：次日自己与该君主的投票均算作2票；董卓在场时，"
    "其下一次【雄霸天下】的刺杀一半概率失效（阻止三国杀手刺杀的效果仍有效），若【雄霸天下】已消耗，则董卓当夜所有行动失败。"
    "（指认技能）",
    before_harms=_alliance_night))
