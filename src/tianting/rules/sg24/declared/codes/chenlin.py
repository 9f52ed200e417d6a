"""陈琳 (鼎立 在野): 【建安风骨】, a day's use whose effect falls on that day's vote (docs/rulings/packs-dlqun1.md);
【生花妙笔】 and 【檄文讨逆】, passives with a 指认 of their own, and 【饮马长城】 (docs/rulings/packs-zaiyea.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tianting.rules.sg24.declared.bespoke import Code, check_untargeted_joined, register
from tianting.rules.sg24.outcomes import DONE

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData



def _jianan_check(game: Any, action: Action) -> None:
    """「加入阵营后才可使用」; the use names no id (it acts on whoever the day's vote puts on top)."""
    check_untargeted_joined(game, action, "加入阵营后")


def _jianan_resolve(day: Any, a: Action, skill: SkillData) -> None:
    """The day's most voted (one alone: a tie harms nobody) has his harm deepened: a wound becomes death (R-dlqun1-11).
    ``day``: the :class:`~tianting.rules.dingli2.day.DingliDay` being resolved."""
    day.deepen_voted.append(f"{a.actor}【{skill.name}】")
    day.phase.note(f"{a.actor}【{skill.name}】：当日得票最高者受到的伤害加深")
    day.phase.outcomes.settle(a, DONE)


register("建安风骨", Code(
    "day", _jianan_check, _jianan_resolve,
    "主动技能，白天使用，加入阵营后才可使用：当日投票得票最高的角色受到的伤害加深，直接死亡；若有多个角色得票最高，"
    "则均不受伤害。（投票技能 结算时生效）"))


# ---- 【生花妙笔】 【檄文讨逆】: passives set off by a 指认 of their own -----------------------------------------------
BRUSH = "生花妙笔"
SUMMONS = "檄文讨逆"
NAMED_BY = (BRUSH, SUMMONS)
"""The passives 陈琳 sends a nightly 指认 for (「每夜指认1个ID用以触发【生花妙笔】」「每夜1个ID指认用以触发【檄文讨逆】，
不可重复指认」): sent as an action of the skill's name naming one id; a 指认, not the night's one skill."""
BRUSHED = "brushed"
"""``state.extra[BRUSHED][night index]``: the ids with one more last word that night and one more death in its post:
each 【生花妙笔】 holder whose id named died that night, and each 陈琳 who killed himself by 【饮马长城】 the day before."""


def named_passive(game: Any, player: Any, action: Action) -> bool:
    """Whether ``action`` is the 指认 of a passive of ``NAMED_BY`` its player holds."""
    from tianting.core import pack_edition
    from tianting.core.names import name_key

    data = game.pack.skill(player.character, action.skill)
    return (data is not None and data.name in NAMED_BY and data.name in player.skills
            and name_key(action.skill) == data.name and not pack_edition.first(game.state))


def check_named(game: Any, player: Any, action: Action, accepted: Sequence[Action]) -> None:
    """One id a night for each; never himself; 【檄文讨逆】 never an id it named before (R-zaiyea-11)."""
    from tianting.core.errors import IllegalAction
    from tianting.core.names import name_key

    data = game.pack.skill(player.character, action.skill)
    assert data is not None
    (target,) = game._target(action)
    if target.id == player.id:
        raise IllegalAction(f"【{data.name}】的指认不可指认自己", "self")
    if any(a.actor == player.id and name_key(a.skill) == data.name for a in accepted):
        raise IllegalAction(f"【{data.name}】每夜指认1个ID", "once")
    if data.name == SUMMONS and target.id in _named_before(game.state, player.id, SUMMONS):
        raise IllegalAction(f"【{SUMMONS}】不可重复指认（{target.id} 已被指认过）", "again")


def _named_before(state: Any, pid: str, skill: str) -> set[str]:
    from tianting.core.names import name_key

    return {t for h in state.history if h.get("phase") == "night" for e in h.get("actions", [])
            if e.get("actor") == pid and name_key(e.get("skill", "")) == skill for t in e.get("targets", [])[:1]}


def _brush_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """Once the night's deaths are known: the id named died tonight (his character, by any cause but his own hand or
    nature) — 陈琳 is told, may write one more last word, and the night's posted death count is one more
    (R-zaiyea-11)."""
    from tianting.core.records import Feedback

    night, target = r.night, a.targets[0]
    night.phase.outcomes.settle(a, DONE)

    def died() -> None:
        if target not in night.phase.died:
            return
        night.phase.note(f"{a.actor}【{skill.name}】触发：{target} 当夜死亡，公告死亡人数加一")
        night.phase.tell(a.actor, Feedback(skill.name, f"你的【{skill.name}】触发：{target} 当夜死亡，你可以额外写一条遗言",
                                           target))
        night.state.extra.setdefault(BRUSHED, {}).setdefault(str(night.state.index), []).append(a.actor)

    r.followups.append(died)


def brushed(state: Any, index: int) -> list[str]:
    """The 【生花妙笔】 holders set off on the night of ``index`` (one each, in order)."""
    return list(state.extra.get(BRUSHED, {}).get(str(index), []))


def _summons_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """The lord of the named id's country (a living 君主 of it): if he is wounded tonight, his harm is deepened — he
    dies (「伤害加深：即受伤直接死亡」); not if a player of that country used 蔡琰's 【悲愤诗】 tonight (R-zaiyea-11)."""
    from tianting.rules.sg24.game import _norm

    night, state = r.night, r.night.state
    country = state.player(a.targets[0]).country
    night.phase.outcomes.settle(a, DONE)
    if any(_norm(x.skill) == "悲愤诗" and state.player(x.actor).country == country
           and night.phase.outcomes.state(x) not in ("void", "failed") for x in night.live):
        night.phase.note(f"{a.actor}【{skill.name}】无效：{country}当夜使用了【悲愤诗】")
        return
    for lord in sorted(p.id for p in state.living() if p.country == country and p.identity == "君主"):
        r.deepened[lord] = r.deepened.get(lord, 0) + 1
        night.phase.note(f"{a.actor}【{skill.name}】：{lord}（{country}君主）当夜受伤则直接死亡")


def _named_check(game: Any, action: Action) -> None:
    """The check of the 指认 alone (the night's others: :func:`check_named`, from the game's check)."""
    check_named(game, game.state.player(action.actor), action, ())


register(BRUSH, Code(
    "settle", _named_check, _brush_resolve,
    "被动技能。每夜指认1个ID：若其当夜死亡则触发，自己得知，可以额外写一条遗言，当夜公告的死亡人数加一。（指认技能）"))
register(SUMMONS, Code(
    "settle", _named_check, _summons_resolve,
    "被动技能。每夜指认1个ID（不可重复）：其所在国的君主当夜受伤时，直接死亡；该国当夜使用了【悲愤诗】则无效。（指认技能）"))


# ---- 【饮马长城】 -------------------------------------------------------------------------------------------------
WALL = "饮马长城"


def _wall_check(game: Any, action: Action) -> None:
    from tianting.core.errors import IllegalAction

    if action.targets:
        raise IllegalAction(f"【{action.skill}】不指定ID", "targets")


def wounds_report(game: Any) -> list[str]:
    """Each night before now: the ids wounded that night (those dealt a 伤判 table at its end) and each 伤判 outcome
    of the days between (the phases' own 伤判 feedback), in the game's order."""
    from tianting.rules.dingli2 import texts

    out = []
    for result in game.results:
        items = [(pid, fb.data) for pid, fbs in sorted(result.feedback.items()) for fb in fbs if fb.skill == "伤判"]
        if result.phase == "night":
            hurt = sorted(pid for pid, data in items if "commitment" in data and "table" not in data)
            out.append(f"第{result.number}夜受伤：{'、'.join(hurt) if hurt else '无'}")
        else:
            checks = [f"{pid}第{data['nth']}次伤判{texts.CHECK_WORDS[data['outcome']]}" for pid, data in items
                      if "outcome" in data]
            if checks:
                out.append(f"第{result.number}日伤判：{'、'.join(checks)}")
    return out


def _wall_resolve(day: Any, a: Action, skill: SkillData) -> None:
    """By day, at once: 陈琳 kills himself (his successor plays on that day); he learns every earlier night's wounded
    and the 伤判 outcomes; the death is counted in the next night's post, with a last word that night (R-zaiyea-14).
    ``day``: the :class:`~tianting.rules.dingli2.day.DingliDay` being resolved."""
    from tianting.core import effects

    game, state = day.game, day.state
    report = wounds_report(game)
    effects.tell(day.phase, a.actor, f"【{skill.name}】：" + ("；".join(report) if report else "此前无人受伤"), skill.name,
                 None, {"report": report})
    state.extra.setdefault(BRUSHED, {}).setdefault(str(state.index + 1), []).append(a.actor)
    day.phase.outcomes.settle(a, DONE)
    game.kill(day.phase, a.actor, "自杀", day.book)
    day.phase.note(f"{a.actor}【{skill.name}】：白天自杀，计入次夜死亡人数，次夜可写遗言")


register(WALL, Code(
    "day", _wall_check, _wall_resolve,
    "主动技能，白天使用。白天自杀，并得知此前每夜受伤的角色与伤判结果；此次自杀计入次夜死亡人数，次夜可写一条遗言；当日继承者"
    "仍可使用其它技能。（无属性技能 即时生效）"))


def day_successor(game: Any, player: Any, accepted: Sequence[Action]) -> list[str]:
    """By day, once ``player`` has sent 【饮马长城】: the characters his id plays on as (his successor may use his own
    skills that day, 「不影响当日自己的继承者使用其他技能」); empty otherwise."""
    from tianting.core.names import name_key
    from tianting.core.state import PhaseKind

    if game.phase is not PhaseKind.DAY or not any(a.actor == player.id and name_key(a.skill) == WALL for a in accepted):
        return []
    return list(game.successor_options(player.id))


BARRED_AFTER_WALL = ("三国终焉",)
"""「陈琳使用【饮马长城】当日陈寿不可使用」 (陈寿【三国终焉】): the successor's skill barred on the day of the suicide."""


def check_heir(action: Action) -> None:
    """On the day 陈琳 used 【饮马长城】, his successor may use his other skills but not 【三国终焉】 (8.1, 陈寿)."""
    from tianting.core.errors import IllegalAction
    from tianting.core.names import name_key

    if name_key(action.skill) in BARRED_AFTER_WALL:
        raise IllegalAction(f"陈琳使用【{WALL}】当日，陈寿不可使用【{action.skill}】", "wall-day")
