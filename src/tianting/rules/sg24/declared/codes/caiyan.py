"""蔡琰【名门闺秀】 (鼎立, 8.1): once she and 蔡邕 know each other, she learns one of the active skills he holds (his
inherited ones included), drawn (R-learning-8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.learned import from_known

if TYPE_CHECKING:
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData


def _taught(r: Resolver, owner: str, skill: SkillData) -> None:
    from_known(r, owner, skill, "蔡邕", inherited=True)


register("名门闺秀", Code(
    "settle", lambda game, action: None, lambda r, a, s: None,
    "被动技能。与蔡邕互相认识时触发：随机学会蔡邕所持有的一项主动技能（包括其继承得来的技能）。", once=True,
    before_harms=_taught))
