"""鼎立三分2.0: the skills a player uses though they are not his character's own (蔡琰【名门闺秀】, 汉少帝's granted
skills …), through the one mechanism of src/tianting/rules/sg24/declared/learned.py; each test states the 8.1 fact in
our words (docs/rulings/packs-learning.md)."""

from __future__ import annotations

import pytest

from tests.declared_steps import injured, without
from tianting.core.errors import IllegalAction
from tianting.rules.dingli2 import DingliGame, SeatSpec

from .table import Table, act, rule, seats


def table(*unaligned: str, ex: bool = False) -> Table:
    """A 26-player table whose three 在野 are ``unaligned``, 汉少帝 with ``ex``."""
    t = Table(ex=ex)
    specs = seats(ex=ex)
    countries = [s for s in specs if s.country != "在野"]
    emperor = [s for s in specs if s.character == "汉少帝"]
    t.game = DingliGame.create(countries + [SeatSpec(n, "在野", "平民", n) for n in unaligned] + emperor, 1)
    return t


def state_of(t: Table, actor: str, skill: str) -> str:
    (entry,) = [e for e in t.state.history[-1]["actions"] if e["actor"] == actor and e["skill"] == skill]
    return str(entry["state"])


XUSHU = [{"actor": "徐庶", "skill": "继任", "answer": "诸葛亮"}]
"""徐庶 dies of himself at the third night's resolution (8.1): who plays on."""


# ---- 蔡琰 ---------------------------------------------------------------------------------------------------------
@pytest.mark.skill("名门闺秀")
def test_mingmenguixiu_learns_from_caiyong_once_they_know_each_other() -> None:
    """蔡琰【名门闺秀】: once she and 蔡邕 know each other (卞氏 played on as 蔡琰, 王允 as 蔡邕), she learns one active
    skill of those 蔡邕 holds, drawn at random over them in a canonical order; then it is spent."""
    t = table("王允", "董卓", "于吉")
    t.night(rulings=(rule("kill", "卞氏"), rule("kill", "王允")),
            answers=[{"actor": "卞氏", "skill": "继任", "answer": "蔡琰"}])
    t.day()
    assert t.character("卞氏") == "蔡琰" and t.character("王允") == "蔡邕"
    t.night()
    assert not t.state.player("卞氏").used.get("名门闺秀")  # they do not know each other yet
    t.day()
    t.state.player("卞氏").known["王允"] = "蔡邕"  # 互识, as after both found each other
    t.state.player("王允").known["卞氏"] = "蔡琰"
    t.force("【名门闺秀】学习 卞氏", "蔡邕【笔走龙蛇】")
    t.night(answers=XUSHU)
    assert "笔走龙蛇" in t.state.player("卞氏").skills
    assert t.state.player("卞氏").used.get("名门闺秀") == 1
    assert any("你獲得技能【笔走龙蛇】" in s for s in t.said("卞氏"))
    t.check_unused()


# ---- 汉少帝 -------------------------------------------------------------------------------------------------------
def emperor_in(country: str) -> Table:
    """A table with 汉少帝, who has joined ``country`` (as after its 君主 found him: 「被三国君主指认到后入国」)."""
    t = table("王允", "董卓", "于吉", ex=True)
    t.state.player("汉少帝").country = country
    t.state.extra["joined"]["汉少帝"] = country
    return t


@pytest.mark.skill("赞拜不名")
def test_zanbaibuming_is_weis_lords_while_the_emperor_is_wei() -> None:
    """汉少帝【赞拜不名】: while the emperor belongs to 魏, 曹操 holds it: the id he names is defended once from any skill's
    harm but a stab (刘备【乱世枭雄】 on 郭嘉, who has no 猛将, does nothing). The emperor does not use it himself, and
    刘备 does not hold it."""
    t = emperor_in("魏")
    with pytest.raises(IllegalAction):
        t.game.check_action(act("汉少帝", "赞拜不名", "郭嘉"), [])
    with pytest.raises(IllegalAction):
        t.game.check_action(act("刘备", "赞拜不名", "郭嘉"), [])
    r = t.night(act("曹操", "赞拜不名", "郭嘉"), act("刘备", "乱世枭雄", "郭嘉"))
    assert not injured(t, "郭嘉")
    assert "赞拜不名" in t.state.player("曹操").skills
    assert any("你獲得技能【赞拜不名】" in s for s in t.said("曹操"))
    assert not any("赞拜不名" in w and "天庭" in w for w in r.warnings)
    t2 = emperor_in("魏")
    without(t2, "曹魏谋主")  # 荀攸 guards 魏 in 鼎立 (R-weimisc-10): not this test's subject
    t2.night(act("刘备", "乱世枭雄", "郭嘉"))
    assert injured(t2, "郭嘉")


@pytest.mark.skill("汉室宗亲")
def test_hanshizongqin_makes_the_emperors_vote_count() -> None:
    """汉少帝: 「任何时候投票均无效」 — his vote for 郭嘉 is void and 郭嘉 and 周瑜 tie. 【汉室宗亲】 (刘备's while the
    emperor belongs to 蜀): the next day the emperor's vote counts, 郭嘉 is the most voted and, 魏 having a 君主, wounded."""
    votes = {"汉少帝": "郭嘉", "关羽": "郭嘉", "孙坚": "周瑜", "周瑜": "周瑜"}
    t = emperor_in("蜀")
    t.night()
    t.day(votes=votes)
    assert not injured(t, "郭嘉")
    t2 = emperor_in("蜀")
    t2.night(act("刘备", "汉室宗亲"))
    t2.day(votes=votes)
    assert injured(t2, "郭嘉")


@pytest.mark.skill("忠心为国")
def test_zhongxinweiguo_voids_the_recognitions_of_its_target() -> None:
    """汉少帝【忠心为国】 (孙坚's while the emperor belongs to 吴): tonight every 指认 of the id named fails — 孙坚's right
    指认 of 周瑜 is void; a skill on him is not touched."""
    t = emperor_in("吴")
    t.night(act("孙坚", "忠心为国", "周瑜"), act("孙坚", "指认", "周瑜", character="周瑜"))
    assert state_of(t, "孙坚", "指认") == "void"
    assert state_of(t, "孙坚", "忠心为国") == "done"


@pytest.mark.skill("皇恩浩荡")
def test_huangenhaodang_shares_the_guard_with_the_one_named() -> None:
    """汉少帝【皇恩浩荡】: his 【天子之命】 on 郭嘉 going off, 郭嘉 shares his 【先祖庇护】: the next night 刘备【乱世枭雄】 on
    郭嘉 is stopped by it, and the one guard is spent for both."""
    t = table("王允", "董卓", "于吉", ex=True)
    t.night(act("汉少帝", "天子之命", "曹操", character="郭嘉"))
    assert t.state.player("汉少帝").used.get("皇恩浩荡") == 1
    assert any("共享【先祖庇护】" in s for s in t.said("郭嘉"))
    t.day()
    t.night(act("刘备", "乱世枭雄", "郭嘉"))
    assert not injured(t, "郭嘉")
    assert t.state.player("汉少帝").used.get("先祖庇护") == 1


# ---- 荀彧 ---------------------------------------------------------------------------------------------------------
@pytest.mark.skill("留侯再世")
def test_liuhouzaishi_goes_to_the_lord_and_not_to_simayi() -> None:
    """荀彧【留侯再世】（2） in 鼎立, where 荀彧 is 郭嘉's successor and 司马懿 his: when 荀彧's character dies with （1）
    never set off, 魏's 君主 (曹操) gains the vote form, and 司马懿, playing on in the id, holds none of it."""
    t = table("王允", "董卓", "于吉")
    t.night(rulings=(rule("kill", "郭嘉"),))
    t.day()
    assert t.character("郭嘉") == "荀彧"
    t.night(rulings=(rule("kill", "郭嘉"),))
    assert t.character("郭嘉") == "司马懿"
    assert "留侯再世" in t.state.player("曹操").skills
    assert "留侯再世" not in t.state.player("郭嘉").skills
