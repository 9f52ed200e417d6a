"""黄盖 (吴 护卫): 【苦肉诈降】, an id of his country seen tonight as of another country where skills read it
(:mod:`..seen`, docs/rulings/packs-weimisc.md, R-weimisc-9)."""

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

ZHOUYU = "周瑜"


def _check(game: Any, action: Action) -> None:
    """「当黄盖认识周瑜后生效，且周瑜死亡后不可使用」 (a pack with no 周瑜 asks nothing, R-weimisc-9); one id of his own
    country; ``country`` the one it is seen as (another of 魏 蜀 吴)."""
    from tianting.rules.sg24.game import _norm_country
    from tianting.rules.sg24.pack import COUNTRIES

    state, me = game.state, game.state.player(action.actor)
    if ZHOUYU in game.pack.characters:
        knows = any(c == ZHOUYU for c in me.known.values())
        alive = any(p.character == ZHOUYU for p in state.living())
        if not knows:
            raise IllegalAction(f"【{action.skill}】须认识周瑜后才能使用", "not-yet")
        if not alive:
            raise IllegalAction(f"【{action.skill}】周瑜死亡后不可使用", "spent")
    (target,) = game._target(action)
    if target.country != me.country:
        raise IllegalAction(f"【{action.skill}】须指定本国的ID", "targets")
    country = _norm_country(action.args.get("country", ""))
    if country not in COUNTRIES or country == target.country:
        others = "、".join(c for c in COUNTRIES if c != target.country)
        raise IllegalAction(f"【{action.skill}】须指明改为的国籍（country：{others}）", "country")


def _resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """Before the night's other uses: the id is seen as of the country named by every skill and 指认 tonight; the
    rules' counts (灭国, 君主, 军师) keep his own."""
    from tianting.rules.sg24.game import _norm_country

    target, country = a.targets[0], _norm_country(a.args["country"])
    if not r.night.state.player(target).alive:
        return
    if seen.claim(r, a, skill.name, target, "country", country):
        r.night.phase.note(f"{a.actor}【{skill.name}】：{target} 当夜视为{country}国籍")
        r.night.phase.outcomes.settle(a, DONE)


register("苦肉诈降", Code(
    "early", _check, _resolve,
    "主动技能，只能使用一次。认识周瑜后、周瑜死亡前可以使用：指定本国1个ID并指明一个国籍，当夜该ID在指认、主动技能"
    "与被动技能的判定中视为该国角色（灭国人数、君主与军师是否存在仍按原国籍）。与马良【五溪归蜀】拼点失败时不算使用。"
    "不可被继承。（军师增益技能 结算前生效）"))
