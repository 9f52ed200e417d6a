"""周泰【九死一生】: his 伤判 are his own: the first heals or keeps him wounded, half and half; after a 继续受伤 the next
heals him (R-wu-7)."""

from __future__ import annotations

from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.codes._wu import no_target
from tianting.rules.sg24.declared.codes.sunce import _unused
from tianting.rules.sg24.wounds import HEALED, INJURED

FIRST = (HEALED,) * 5 + (INJURED,) * 5
"""「伤判一半概率痊愈，一半概率继续受伤」."""
SECOND = (HEALED,) * 10
"""「若伤判结果为继续受伤，则下一次伤判为自动痊愈」."""

register("九死一生", Code(
    "passive", no_target, _unused,
    "被动技能，触发次数不限。受伤后的伤判改为：一半概率痊愈，一半概率继续受伤；继续受伤时，下一次伤判自动痊愈。"
    "（武将保护技能）", wound_tables=(FIRST, SECOND)))
