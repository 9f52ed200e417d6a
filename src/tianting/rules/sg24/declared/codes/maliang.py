"""马良 (蜀 军师): 【五溪归蜀】, one id seen tonight as of 蜀 or as a 平民 where skills read it (:mod:`..seen`,
docs/rulings/packs-weimisc.md, R-weimisc-9)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.rules.sg24.declared import seen
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.outcomes import DONE

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

SHU, COMMONER = "蜀", "平民"


def _check(game: Any, action: Action) -> None:
    """One id, and the choice: ``country`` 蜀 or ``identity`` 平民 (one of the two)."""
    game._target(action)
    chosen = {k: v for k, v in action.args.items() if k in ("country", "identity")}
    if chosen not in ({"country": SHU}, {"identity": COMMONER}):
        raise IllegalAction(f"【{action.skill}】须选择将该ID视为蜀国国籍（country：蜀）或平民身份（identity：平民）之一",
                            "choice")


def _resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """Before the night's other uses: the id is seen as of 蜀 (or as a 平民) by every skill tonight; the rules' counts
    keep his own (「不影响计算灭国人数、军师状态」)."""
    target = a.targets[0]
    fact, value = ("country", SHU) if "country" in a.args else ("identity", COMMONER)
    if not r.night.state.player(target).alive:
        return
    if seen.claim(r, a, skill.name, target, fact, value):
        r.night.phase.note(f"{a.actor}【{skill.name}】：{target} 当夜视为{value}{'国籍' if fact == 'country' else '身份'}")
        r.night.phase.outcomes.settle(a, DONE)


register("五溪归蜀", Code(
    "early", _check, _resolve,
    "主动技能，只能使用一次。指定1个ID，并选择当夜将其视为蜀国国籍或平民身份：当夜一切依国籍或身份生效的技能都按此对待"
    "他（灭国人数、君主与军师是否存在仍按原国籍）。与黄盖【苦肉诈降】同时修改同一人的国籍时，拼点决定谁有效，失败的一方"
    "不算使用。可以被继承。（军师增益技能 结算前生效）"))
