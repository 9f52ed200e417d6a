"""鼎立三分2.0's 吴 and 在野 skills the engine resolves (issue 31): the 24人 table's effects (R-SG31-7) on 鼎立's night
and day, each test citing the 8.1 fact in our words. Rulings: R-wu-* in docs/rulings/packs-wu.md."""

from __future__ import annotations

import pytest

from tests.declared_steps import injured, without
from tianting.core.state import Status
from tianting.rules.dingli2 import wounds

from .table import Table, act, force_deal, rule


@pytest.mark.skill("兵圣后裔", "火船冲阵")
def test_bingshenghouyi_stops_a_strategist_harm_in_dingli() -> None:
    """孙坚【兵圣后裔】: one 军师负面 effect on him (黄盖【火船冲阵】) is stopped, and the skill is spent."""
    t = Table()
    t.night(act("黄盖", "火船冲阵", "孙坚"))
    assert not injured(t, "孙坚")
    assert t.state.player("孙坚").used.get("兵圣后裔") == 1


@pytest.mark.skill("针灸奇术")
def test_zhenjiuqishu_voids_a_stab_in_dingli() -> None:
    """华佗【针灸奇术】: every stab on the id he names fails that night (夏侯惇's on 庞统)."""
    t = Table()
    t.night(act("华佗", "针灸奇术", "庞统"), act("夏侯惇", "刺杀", "庞统"))
    assert t.character("庞统") == "庞统" and not injured(t, "庞统")


@pytest.mark.skill("九死一生")
def test_jiusiyisheng_tables_in_dingli_are_committed_and_audited() -> None:
    """周泰【九死一生】 (黄盖's successor in 鼎立): his first 伤判 is half 痊愈, half 继续受伤, dealt and committed like
    any table. The digit that is a death in the rules' table (3) heals him, and the audit proves the check (R-wu-7)."""
    t = Table()
    t.night(rulings=(rule("kill", "黄盖"),))
    t.day()
    assert t.character("黄盖") == "周泰"
    force_deal(t, "黄盖", 1)  # dealt at the night's end: digit d picks the table's d-th outcome
    t.night(act("徐庶", "击剑长歌", "黄盖"))
    assert injured(t, "黄盖")
    t.day(digits={"黄盖": 3})
    assert t.state.player("黄盖").status is Status.ALIVE
    assert wounds.audit(t.results) == []
    t.check_unused()


@pytest.mark.skill("结纳豪俊")
def test_jienahaojun_hidden_vote_in_dingli() -> None:
    """孙策【结纳豪俊】 in 鼎立: the next day one 暗票 more, counted but not on the posted ballot (R-wu-14). Four votes
    on 刘备 and four on 庞统, each with his own late vote (「过时不投视为自投一票」), tie at five; 孙策's 暗票 on 庞统
    makes him the most voted."""
    t = Table()
    t.night(rulings=(rule("kill", "孙坚"),))
    t.day()
    assert t.character("孙坚") == "孙策"
    t.night(act("孙坚", "结纳豪俊"))
    nine = ("曹操", "郭嘉", "程昱", "荀攸", "张辽", "夏侯惇", "夏侯渊", "典韦")
    votes = {**{v: "刘备" for v in nine[:4]}, **{v: "庞统" for v in nine[4:]}}
    r = t.day(votes, answers=[{"actor": "孙坚", "skill": "结纳豪俊", "answer": "庞统"}])
    assert r.announcement["voted"] == "庞统"
    assert sum(1 for v in r.announcement["ballot"].values() if v == "庞统") == 5


@pytest.mark.skill("箭无虚发")
def test_jianwuxufa_in_dingli_takes_zhangliao_out_after_a_continued_wound() -> None:
    """丁奉【箭无虚发】 (甘宁's successor in 鼎立): 张辽 named rightly is wounded; his committed table is half death, half
    继续受伤; 继续受伤 (digit 9) takes the id out as the next night begins, and the audit proves the check (R-wu-15)."""
    t = Table()
    without(t, "曹魏谋主")
    t.night(rulings=(rule("kill", "甘宁"),), answers=[{"actor": "甘宁", "skill": "继任", "answer": "丁奉"}])
    t.day()
    assert t.character("甘宁") == "丁奉"
    force_deal(t, "张辽", 1)
    t.night(act("甘宁", "指认", "张辽", character="张辽"))
    assert injured(t, "张辽")
    t.day(digits={"张辽": 9})
    assert injured(t, "张辽")
    t.night(answers=[{"actor": "徐庶", "skill": "继任", "answer": "马良"}])  # 徐庶's natural death, night 3
    assert not t.state.player("张辽").alive
    assert wounds.audit(t.results) == []
    t.check_unused()
