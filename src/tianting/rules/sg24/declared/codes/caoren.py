"""曹仁【八门金锁】: 卧龙【武侯八阵】's trap once a game (「效果等同于一次性的【武侯八阵】」; its 释疑: every handling as
武侯八阵's, but usable once): the same code (:mod:`.wolong`), spent when it traps; the trap stands until 脱出, 死亡 or
破阵, and cannot be given new digits (R-lianhuan-2)."""

from __future__ import annotations

from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.codes.wolong import _check, _resolve

register("八门金锁", Code(
    "early", _check, _resolve,
    "主动技能，只能使用一次。同【武侯八阵】：指定1个ID并给出1-8八个数字的含义（A、B、C各两个，D、E各一个）将其困住，被困期间其每夜"
    "行动全部发动失败、针对其的行动全部无效；被困者每个白天指定一个数字：A脱出，B、C继续被困，D死亡（投票后生效），E破阵；B、C、D时"
    "当日投票无效。被困者脱出、死亡或破阵后本技能失效。（无属性技能 结算前生效）", once=True))
