"""贾诩 (鼎立 魏 军师; 司马懿 inherits it): 【料敌机先】, a day's use that takes effect at night: the user does nothing
else that night, and the actions of other countries that name 魏 are relayed — by the judge as they come in, the
engine recording at the night's resolution what was due (docs/rulings/packs-weimisc.md, R-weimisc-13)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.core.records import Feedback
from tianting.core.state import PhaseKind
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.outcomes import DONE

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

SKILL = "料敌机先"
KEY = "liaodi"
WEI = "魏"


def locked(game: Any, pid: str) -> bool:
    """Whether ``pid`` used 【料敌机先】 the day before this night (「当晚……不能做任何其他行动」)."""
    return pid in game.state.extra.get(KEY, {}).get(str(game.state.index), [])


def _check(game: Any, action: Action) -> None:
    """「白天使用，入夜生效」; it names no id."""
    if game.phase is not PhaseKind.DAY:
        raise IllegalAction(f"【{action.skill}】白天使用", "not-now")
    if action.targets:
        raise IllegalAction(f"【{action.skill}】不指定ID", "targets")


def _day(day: Any, a: Action, skill: SkillData) -> None:
    """By day: the night that follows is marked for the user; he is told what it brings."""
    state = day.state
    night = str(state.index + 1)
    marked = state.extra.setdefault(KEY, {}).setdefault(night, [])
    if a.actor not in marked:
        marked.append(a.actor)
    day.phase.tell(a.actor, Feedback(skill.name, f"【{skill.name}】将于今夜生效：今夜你不能做其他行动；别国提交的涉及魏国的"
                                                 "行动，天庭会即时转告你"))
    day.phase.note(f"{a.actor}【{skill.name}】：今夜生效（魏国提交时间延长一小时，由天庭即时转告）")
    day.phase.outcomes.settle(a, DONE)


def _names_wei(game: Any, x: Action) -> bool:
    """「包含魏国ID、角色、身份、国籍」: an id of 魏, a 魏 character or 「魏国…」 named, the country 魏; or a use of a skill
    that names no id whose effect reads 魏 (「针对魏国的全局技能」)."""
    state = game.state
    if any(isinstance(t, str) and t in state.players and state.player(t).country == WEI for t in x.targets):
        return True
    for value in x.args.values():
        named = game.pack.get(value) if isinstance(value, str) else None
        if (named is not None and named.country == WEI) or (isinstance(value, str) and value.startswith(WEI)):
            return True
    data = game.pack.skill(state.player(x.actor).character, x.skill)
    return not x.targets and data is not None and WEI in repr(data.effect)


def _relay(r: Resolver, owner: str, skill: SkillData) -> None:
    """The night the use marked: the user learns (again, as the night resolves) every action of the other countries
    that names 魏, each 魏 player those aimed at him; the judge is reminded that these were his to relay as sent."""
    from tianting.rules.sg24.game import RECOGNISE, STAB, _norm

    night, state, game = r.night, r.night.state, r.night.game
    if not locked(game, owner):
        return
    from tianting.rules.sg24.declared.codes.shuijing import hidden_tonight

    hidden = {t for t, _ in hidden_tonight(state)}  # 水镜先生【其徐如林】: his actions cannot be spied (R-review2b-5)
    seen = sorted((x for x in night.live if state.player(x.actor).country != WEI and _names_wei(game, x)
                   and x.actor not in hidden),
                  key=lambda x: (x.actor, _norm(x.skill), tuple(str(t) for t in x.targets)))

    def line(x: Action) -> str:
        what = "刺杀" if _norm(x.skill) == STAB else ("指认" if _norm(x.skill) == RECOGNISE else f"发动【{x.skill}】")
        on = "、".join(str(t) for t in x.targets)
        extra = "、".join(f"{v}" for k, v in sorted(x.args.items()) if isinstance(v, str))
        return f"{x.actor} {what}{(' ' + on) if on else ''}{('（' + extra + '）') if extra else ''}"

    lines = [line(x) for x in seen]
    night.phase.tell(owner, Feedback(skill.name, f"【{skill.name}】别国涉及魏国的行动：{'；'.join(lines) or '无'}", None,
                                     {"actions": lines}))
    for p in sorted(state.living(), key=lambda p: p.id):
        mine = [line(x) for x in seen if p.country == WEI and p.id in x.targets and p.id != owner]
        if mine:
            night.phase.tell(p.id, Feedback(skill.name, f"【{skill.name}】你受到的行动：{'；'.join(mine)}", None,
                                            {"actions": mine}))
    night.warnings.append(f"{owner}【{skill.name}】：以下别国行动应于提交时即时转告（魏国提交时间延长一小时）："
                          f"{'；'.join(lines) or '无'}")
    night.phase.note(f"{owner}【{skill.name}】转告：{'；'.join(lines) or '无'}")


register(SKILL, Code(
    "day", _check, _day,
    "主动技能，白天使用，入夜生效：当夜不能做其他行动；别国提交的涉及魏国ID、角色、身份或国籍的行动（及针对魏国的全局技能），"
    "天庭在提交时即时转告，并把各人受到的行动分别转告本人（不含别国军师改刀）；当夜魏国延长一小时提交行动。只可以被司马懿继承。"
    "（无属性技能）", early=_relay))
