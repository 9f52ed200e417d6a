"""孙策【霸王再世】 (the first time a 武将杀伤 effect is aimed at him, half chance it is stopped, half chance he and
its dealer are both wounded, R-wu-6) and【结纳豪俊】 (one 暗票 more the next day, R-wu-14)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.effects import limits
from tianting.engine.harm import Harm, Level
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.codes._wu import no_target
from tianting.rules.sg24.outcomes import DONE

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

ATTACK = "武将杀伤技能"


def _unused(r: Resolver, a: Action, skill: SkillData) -> None:
    """A passive is never used (its ``before_harms`` step does its work)."""


def _answer(r: Resolver, owner: str, skill: SkillData) -> None:
    """The night's 武将杀伤 harms aimed at ``owner``: the greatest (seed 001's 「优先抵御造成最大伤害的技能」, 拼点
    among equals) sets it off, once a game; a draw of half chance stops it, or it wounds him (a death lessened to a
    wound) and its dealer is wounded too."""
    night, phase, rng = r.night, r.night.phase, r.night.state.rng
    aimed = [h for h in night.harms if h.target == owner and h.attribute == ATTACK and not h.forced]
    if not aimed:
        return
    limits.consume(phase, owner, skill.name, f"你的【{skill.name}】已触发并消耗", note=True)
    h = night.game.defence_order.harm_to_defend(rng, aimed)
    if rng.chance(f"【{skill.name}】{owner}"):
        night.harms.remove(h)
        phase.stopped[id(h)] = f"被抵御：{owner}【{skill.name}】"
        phase.note(f"{h.by} 的{h.cause}对 {owner} 被抵御：{owner}【{skill.name}】")
        return
    if h.level is Level.KILL:
        h.reduce(f"【{skill.name}】与对方同时受伤")
    phase.note(f"{owner}【{skill.name}】：与 {h.by} 同时受伤")
    if h.by in night.state.players and night.state.player(h.by).alive:
        night.harms.append(Harm(h.by, Level.WOUND, skill.name, [owner], by=owner, attribute=skill.attribute or ""))


register("霸王再世", Code(
    "passive", no_target, _unused,
    "被动技能。第一次受到武将杀伤技能攻击时触发：一半概率抵御该次攻击，一半概率与攻击者同时受伤（致死亦只受伤）。"
    "只能触发一次。（武将保护技能）", once=True, before_harms=_answer))


def _hidden_vote(r: Resolver, a: Action, skill: SkillData) -> None:
    """The next day the owner casts one vote more, a 暗票 whose target he gives that day (:func:`.resolve.hidden_votes`)."""
    state = r.night.state
    state.extra.setdefault("hidden_votes", {}).setdefault(str(state.index + 1), []).append([a.actor, skill.name])
    r.night.phase.note(f"{a.actor}【{skill.name}】：次日多投一张暗票")
    r.night.phase.outcomes.settle(a, DONE)


register("结纳豪俊", Code(
    "settle", no_target, _hidden_vote,
    "主动技能。次日投票时多投一张暗票（白天指定其目标），暗票计入票数但不显示在票面公告中。（投票技能 结算时生效）"))


# ---- 结义 at entry, and【群英荟萃】 (R-learning-10) --------------------------------------------------------------------
OATHS = "oaths"
"""``state.extra[OATHS][pid]``: whom 孙策 swore brotherhood with as he entered (周瑜 or 太史慈)."""
BROTHERS = ("周瑜", "太史慈")


def oath(game: Any, phase: Any, pid: str, book: Any) -> None:
    """「登场时可选择与周瑜或者与太史慈结义。若登场未及时做出选择，则默认与周瑜结义」: asked of the id entering as 孙策
    (the core's decisions); no answer given in time, 周瑜 — the rule's own default, not a draw."""
    from tianting.core.records import Feedback

    if book.answered(pid, "结义"):
        chosen = book.choose(game.state.rng, pid, "结义", list(BROTHERS), lambda ans, o: ans == o, default=BROTHERS[0],
                             context="登场时选择与谁结义")
        late = ""
    else:
        chosen, late = BROTHERS[0], "（登场时未及时选择，默认）"
    game.state.extra.setdefault(OATHS, {})[pid] = chosen
    phase.tell(pid, Feedback("结义", f"你与{chosen}结义{late}", None, {"oath": chosen}))
    phase.note(f"{pid}（孙策）与{chosen}结义{late}")


def _branches(game: Any) -> dict[str, list[str]]:
    """「各国分别选择的是哪位分线人物」: every successor so far chosen among two or more (by the country of the line),
    in order of the ids."""
    out: dict[str, list[str]] = {}
    for pid in sorted(game.state.players):
        lives = game.state.extra.get("lives", {}).get(pid, [])
        for before, after in zip(lives, lives[1:], strict=False):
            found = game.pack.characters.get(before)
            if found is not None and len(found.successors) > 1 and after in game.pack.characters:
                out.setdefault(game.pack.characters[after].country, []).append(after)
    return out


def _gathered(day: Any, a: Action, skill: SkillData) -> None:
    """By day: valid only if he swore with 周瑜; he learns each country's branch characters chosen before the use."""
    from tianting.core.records import Feedback
    from tianting.rules.sg24.outcomes import FAILED
    from tianting.rules.sg24.pack import COUNTRIES

    game, phase = day.game, day.phase
    if game.state.extra.get(OATHS, {}).get(a.actor) != BROTHERS[0]:
        phase.outcomes.settle(a, FAILED, "未与周瑜结义")
        phase.note(f"{a.actor}【{skill.name}】无效：未与周瑜结义")
        return
    found = _branches(game)
    lines = "；".join(f"{c}：{'、'.join(found.get(c, [])) or '无'}" for c in (*COUNTRIES, "在野") if c in found
                     or c in COUNTRIES)
    phase.tell(a.actor, Feedback(skill.name, f"【{skill.name}】各国选择的分线人物——{lines}", None,
                                 {"branches": found}))
    phase.note(f"{a.actor}【{skill.name}】得知各国分线人物：{lines}")
    phase.outcomes.settle(a, DONE)


def _by_day(game: Any, action: Action) -> None:
    """「白天使用」: sent by day only, naming no id."""
    from tianting.core.errors import IllegalAction
    from tianting.core.state import PhaseKind

    if game.phase is not PhaseKind.DAY:
        raise IllegalAction(f"【{action.skill}】白天使用", "by-day")
    if action.targets:
        raise IllegalAction(f"【{action.skill}】不指定ID", "targets")


register("群英荟萃", Code(
    "day", _by_day, _gathered,
    "主动技能，白天使用。孙策登场时与周瑜结义才有效：得知在此之前各国分别选择了哪位分线人物。"))
