"""鼎立三分2.0: the 魏 skills of the 24人 pack (the 鼎立 pack shares them, R-SG31-7) whose other party plays only in
鼎立 (小乔, 周瑜, 姜维, 汉少帝), run on 鼎立's night (seed 003's order), each test citing the 8.1 fact in our words. A
successor enters when the judge's ``kill`` ruling ends the character before it (鼎立 seats starting characters only)."""

from __future__ import annotations

import pytest

from tests.declared_steps import entry, injured, without
from tianting.core.state import Status
from tianting.engine import succession

from .table import Table, act, rule


def successors(t: Table, *firsts: tuple[str, str | None]) -> None:
    """A night where each ``first`` dies by the judge's ruling and its successor plays on (the answer given, or the
    only one), then a quiet day."""
    answers = [{"actor": pid, "skill": "继任", "answer": answer} for pid, answer in firsts if answer]
    t.night(rulings=tuple(rule("kill", pid) for pid, _ in firsts), answers=answers or None)
    t.day()


def enter(t: Table, pid: str, character: str) -> None:
    """``character`` plays on in ``pid``'s seat as a successor enters (the engine's own step); for a character no
    26-seat 鼎立 table reaches by deaths (邓艾 follows 文鸯, who is seated in none)."""
    c = t.game.pack.characters[character]
    succession.enter(t.state.player(pid), character, (s.name for s in c.skills), c.identity)
    t.state.extra["lives"][pid].append(character)


@pytest.mark.skill("铜雀春深")
def test_tongquechunshen_removes_xiaoqiao_and_tells_zhouyu() -> None:
    """曹操【铜雀春深】: naming 小乔 rightly takes her out of the game; 周瑜, in play, is told that 小乔 has left (not
    her id: he never knew her)."""
    t = Table(ids={"小乔": "玩家乙"})
    t.night(act("曹操", "指认", "玩家乙", character="小乔"))
    assert not t.state.player("玩家乙").alive
    told = [line for line in t.said("周瑜") if "小乔已经脱离游戏" in line]
    assert told and all("玩家乙" not in line for line in told)


@pytest.mark.skill("祁山斗阵", "乱世枭雄")
def test_qishandouzhen_halves_every_shu_action_but_stabs() -> None:
    """邓艾【祁山斗阵】 (全局, set off by 指认): naming 姜维 rightly gives every 蜀 character tonight half chance in all
    actions but stabs (「不影响杀手刺杀及依赖于刺杀发动的技能」), judged before the rest (the 8.1 list's 释疑:
    「凡是涉及全局的指认，优先判定是否触发」): 刘备's 乱世枭雄 loses its draw; 关羽's stab draws nothing. The post says
    「邓士载祁山斗阵」."""
    t = Table()
    successors(t, ("徐庶", "诸葛亮"))
    successors(t, ("徐庶", None))
    enter(t, "张辽", "邓艾")
    assert t.character("张辽") == "邓艾" and t.character("徐庶") == "姜维"
    t.force("成功率减半 刘备【乱世枭雄】", False)
    r = t.night(act("张辽", "指认", "徐庶", character="姜维"), act("刘备", "乱世枭雄", "郭嘉"),
                act("关羽", "刺杀", "小乔"))
    assert not injured(t, "郭嘉") and entry(t, "刘备", "乱世枭雄")["state"] == "failed"
    assert entry(t, "关羽", "刺杀")["state"] == "done"
    assert "邓士载祁山斗阵" in r.announcement["text"]
    t.check_unused()


@pytest.mark.skill("代汉自立")
def test_daihanzili_makes_the_han_emperor_fail_tonight() -> None:
    """曹丕【代汉自立】 (全局): tonight every action of 汉少帝 fails."""
    t = Table(ex=True)
    successors(t, ("曹操", "曹丕"))
    t.night(act("曹操", "代汉自立"), act("汉少帝", "指认", "曹操", character="王允"))
    assert entry(t, "汉少帝", "指认")["state"] == "void"


@pytest.mark.skill("宛城血战")
def test_wanchengxuezhan_in_dingli() -> None:
    """典韦【宛城血战】 on 鼎立's night: the stab on the id he names (关羽's on 卞氏) is stopped; 关羽 and 典韦 are wounded."""
    t = Table()
    without(t, "曹魏谋主")
    t.night(act("典韦", "宛城血战", "卞氏"), act("关羽", "刺杀", "卞氏"))
    assert t.state.player("卞氏").status is Status.ALIVE
    assert injured(t, "关羽") and injured(t, "典韦")


@pytest.mark.skill("割须弃袍")
def test_gexuqipao_in_dingli() -> None:
    """曹操【割须弃袍】 on 鼎立's night: a stab on him is stopped with half chance (the draw won), and the skill is spent."""
    t = Table().force("抵御 曹操【割须弃袍】对刺杀", True)
    t.night(act("关羽", "刺杀", "曹操"))
    assert t.state.player("曹操").status is Status.ALIVE and t.character("曹操") == "曹操"
    assert t.state.player("曹操").used.get("割须弃袍") == 1
    t.check_unused()
