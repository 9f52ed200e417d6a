"""鼎立三分2.0's skills of group weimisc the engine resolves (issue 31): 曹操【血战官渡】 (on 袁绍's 【河朔称雄】),
司马懿【五丈屯兵】, 张郃【善阵识变】【江陵破吴】, 贾诩【料敌机先】. Each test states the 8.1 fact in our words and pins the
reading of docs/rulings/packs-weimisc.md."""

from __future__ import annotations

import pytest

from tests.declared_steps import entry, injured
from tianting.core.errors import IllegalAction

from .table import Table, act


def states(t: Table) -> dict[tuple[str, str], str]:
    """What came of each action of the last phase: (actor, skill) → state."""
    return {(e["actor"], e["skill"]): e["state"] for e in t.state.history[-1]["actions"]}


HEIRS = [{"actor": "徐庶", "skill": "继任", "answer": "诸葛亮"}]
"""徐庶 dies his natural death on night 3 (his line branches: 诸葛亮 plays on)."""


def asked_two(t: Table) -> None:
    """袁绍 asks an evaluation of 郭嘉 (魏) on night 1 and of 周瑜 (吴) on night 2, then has joined 蜀."""
    t.night(act("袁绍", "指认", "郭嘉", evaluation="智者"))
    t.day()
    t.night(act("袁绍", "指认", "周瑜", evaluation="智者"))
    t.day()
    t.state.player("袁绍").country = "蜀"  # joined 蜀 (how he joined is not this skill's matter)


# ---- 曹操 ---------------------------------------------------------------------------------------------------------
@pytest.mark.skill("血战官渡", "河朔称雄")
def test_xuezhanguandu_spares_wei_from_heshuochengxiong_from_that_night() -> None:
    """曹操【血战官渡】: when his 指认 names 袁绍 rightly while 袁绍 has joined a country other than 魏, 袁绍's
    【河朔称雄】 has no effect on 魏 characters that night and after (R-weimisc-2). Night 3: 曹操 names 袁绍 and 袁绍
    uses 【河朔称雄】 the same night; the draw takes 郭嘉 (魏): his 洞若观火 stands. Night 4 the draw takes 郭嘉 again (荀彧
    now, 郭嘉 died his natural death): his 指认 still stands. 曹操 is told his passive went off."""
    t = Table(size=32)
    asked_two(t)
    t.force("【河朔称雄】袁绍 随机一个ID", "郭嘉")
    t.night(act("曹操", "指认", "袁绍", character="袁绍"), act("袁绍", "河朔称雄"), act("郭嘉", "洞若观火", "刘备"),
            answers=HEIRS)
    assert states(t)[("郭嘉", "洞若观火")] == "done"
    assert entry(t, "袁绍", "河朔称雄")["state"] == "done"
    assert "你的【血战官渡】已触发" in t.said("曹操")
    t.day()
    t.force("【河朔称雄】袁绍 随机一个ID", "郭嘉")
    t.night(act("袁绍", "河朔称雄"), act("郭嘉", "指认", "张飞", character="张飞"),
            answers=[{"actor": "周瑜", "skill": "继任", "answer": "陆逊"}])
    assert t.character("郭嘉") == "荀彧"
    assert states(t)[("郭嘉", "指认")] == "done"
    t.check_unused()


@pytest.mark.skill("血战官渡")
def test_xuezhanguandu_needs_yuanshao_joined_elsewhere() -> None:
    """【血战官渡】 goes off only while 袁绍 belongs to a country other than 魏: named rightly while still 在野, it does
    not, and a later 【河朔称雄】 drawn on 郭嘉 makes his action fail (R-dlqun1-4 as before)."""
    t = Table(size=32)
    t.night(act("袁绍", "指认", "郭嘉", evaluation="智者"), act("曹操", "指认", "袁绍", character="袁绍"))
    assert "你的【血战官渡】已触发" not in t.said("曹操")
    t.day()
    t.state.player("袁绍").country = "蜀"
    t.force("【河朔称雄】袁绍 随机一个ID", "郭嘉")
    t.night(act("袁绍", "河朔称雄"), act("郭嘉", "洞若观火", "刘备"))
    assert states(t)[("郭嘉", "洞若观火")] == "void"
    t.check_unused()
