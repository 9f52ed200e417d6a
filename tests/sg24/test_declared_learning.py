"""The 24人 skills a player uses though they are not his character's own — learned (吕蒙【士别三日】, 陈登【雄杰相敬】,
荀彧【奇计百出】), borrowed (蒋钦【忘私举贤】【横锁九江】), passed on (孙坚【传国玉玺】) — through one mechanism
(src/tianting/rules/sg24/declared/learned.py): the learned skill's use is accepted, resolved by that skill's own effect
and counted in its uses. Each test states the 8.1 fact in our words; rulings R-learning-* in
docs/rulings/packs-learning.md. The table is strict: every draw is forced, every choice answered."""

from __future__ import annotations

import pytest

from tests.declared_steps import entry, injured
from tianting.core.errors import IllegalAction
from tianting.core.records import Ruling

from .table24 import Table24, act


def asked(r: object, skill: str) -> bool:
    """Whether the night's draft asks the judge to rule a use of ``skill``."""
    return any(skill in w and "天庭" in w for w in getattr(r, "warnings", []))


# ---- 吕蒙 ---------------------------------------------------------------------------------------------------------
@pytest.mark.skill("士别三日")
def test_shibiesanri_learns_a_skill_of_the_line_and_uses_it() -> None:
    """吕蒙【士别三日】: naming the first character of a 军师 line (郭嘉, whose line goes on to 荀彧 or 荀攸), he learns
    one of the line's unspent active skills that name no character, drawn at random; the next night he uses it as
    his own (郭嘉【洞若观火】: he learns 曹操's identity), the engine resolving it, and it is counted in his uses."""
    t = Table24().force("【士别三日】学习 吕蒙", "郭嘉【洞若观火】")
    r = t.night(act("吕蒙", "士别三日", character="郭嘉"))
    assert entry(t, "吕蒙", "士别三日")["state"] == "done"
    assert "洞若观火" in t.state.player("吕蒙").skills
    assert any("你獲得技能【洞若观火】" in s for s in t.said("吕蒙"))
    assert not asked(r, "士别三日")
    t.day()
    r = t.night(act("吕蒙", "洞若观火", "曹操"))
    assert entry(t, "吕蒙", "洞若观火")["state"] == "done"
    assert any("君主" in s for s in t.said("吕蒙"))
    assert not asked(r, "洞若观火")
    t.check_unused()


@pytest.mark.skill("士别三日")
def test_shibiesanri_names_only_a_first_strategist() -> None:
    """吕蒙【士别三日】: 「军师第一命角色」 — 荀攸 (郭嘉's successor) and 曹操 (a 君主) cannot be named; the learned
    skill is kept by 陆逊 when 吕蒙 dies at the third night (「均可以被陆逊/陆抗继承」)."""
    t = Table24()
    for name in ("荀攸", "曹操"):
        with pytest.raises(IllegalAction):
            t.game.check_action(act("吕蒙", "士别三日", character=name), [])
    t = Table24().force("【士别三日】学习 吕蒙", "徐庶【击剑长歌】")
    t.night(act("吕蒙", "士别三日", character="徐庶"))
    t.day()
    t.night()
    t.day()
    t.night(answers=[{"actor": "徐庶", "skill": "继任", "answer": "卧龙"}])  # both die of themselves at night 3
    assert t.character("吕蒙") == "陆逊"
    assert "击剑长歌" in t.state.player("吕蒙").skills
    t.check_unused()


# ---- 陈登 ---------------------------------------------------------------------------------------------------------
@pytest.mark.skill("雄杰相敬")
def test_xiongjiexiangjing_three_shared_learns_and_uses() -> None:
    """陈登【雄杰相敬】: with three or more 评价 shared (曹操: 智者、统帅、能吏), he learns one of 曹操's active skills
    that names no character (【亲冒矢石】, the only one); the next night his use of it wounds 郭嘉 (no 猛将), resolved
    by that skill's own effect."""
    t = Table24()
    t.night(act("陈登", "雄杰相敬", "曹操"))
    assert "亲冒矢石" in t.state.player("陈登").skills
    assert any("你獲得技能【亲冒矢石】" in s for s in t.said("陈登"))
    t.day()
    r = t.night(act("陈登", "亲冒矢石", "郭嘉"))
    assert injured(t, "郭嘉")
    assert entry(t, "陈登", "亲冒矢石")["state"] == "done"
    assert not asked(r, "亲冒矢石")


@pytest.mark.skill("雄杰相敬")
def test_xiongjiexiangjing_two_shared_defends_both() -> None:
    """陈登【雄杰相敬】: two 评价 shared (甄姬: 智者、仁者): tonight the heaviest 武将杀伤 harm on each of them is
    stopped — 吕蒙【勇贯三军】 on 甄姬 (no 猛将: a sure wound) does nothing; with none shared (典韦) the use fails."""
    t = Table24()
    t.night(act("陈登", "雄杰相敬", "甄姬"), act("吕蒙", "勇贯三军", "甄姬"))
    assert not injured(t, "甄姬")
    t2 = Table24()
    t2.night(act("陈登", "雄杰相敬", "典韦"))
    assert entry(t2, "陈登", "雄杰相敬")["state"] == "failed"


@pytest.mark.skill("雄杰相敬")
def test_xiongjiexiangjing_one_shared_doubles_the_votes() -> None:
    """陈登【雄杰相敬】: one 评价 shared (郭嘉: 智者): the next day both votes count as two — 郭嘉's vote for 孙坚 outweighs
    刘备's for 曹操 and 孙坚 (a 君主) is wounded; 陈登's own vote is still void (在野时投票无效). Without the skill the two
    votes tie and nobody is harmed."""
    votes = {"郭嘉": "孙坚", "陈登": "孙坚", "刘备": "曹操"}
    t = Table24()
    t.night(act("陈登", "雄杰相敬", "郭嘉"))
    t.day(votes=votes)
    assert injured(t, "孙坚") and not injured(t, "曹操")
    t2 = Table24()
    t2.night()
    t2.day(votes=votes)
    assert not injured(t2, "孙坚")


# ---- 蒋钦 ---------------------------------------------------------------------------------------------------------
def jiangqin_with(other: str) -> Table24:
    """A table where 太史慈's successor 蒋钦 and 黄盖's successor ``other`` (周泰 or 徐盛) play."""
    t = Table24()
    t.night(rulings=(Ruling("kill", "太史慈"), Ruling("kill", "黄盖")),
            answers=[{"actor": "太史慈", "skill": "继任", "answer": "蒋钦"},
                     {"actor": "黄盖", "skill": "继任", "answer": other}])
    t.day()
    return t


@pytest.mark.skill("忘私举贤")
def test_wangsijuxian_uses_a_skill_of_xusheng() -> None:
    """蒋钦【忘私举贤】: with 徐盛 in play he uses one of 徐盛's skills tonight, of its own attribute: 徐盛【江东铁壁】
    on 甄姬 stops 吕蒙【勇贯三军】 (a sure wound on one without 猛将); the engine resolves it. Without 徐盛 in play (黄盖
    went on as 周泰) the use is refused; a skill that is not 徐盛's is refused."""
    t = jiangqin_with("徐盛")
    r = t.night(act("太史慈", "忘私举贤", "甄姬", borrow="江东铁壁"), act("吕蒙", "勇贯三军", "甄姬"))
    assert not injured(t, "甄姬")
    assert entry(t, "太史慈", "忘私举贤")["state"] == "done"
    assert not asked(r, "忘私举贤")
    with pytest.raises(IllegalAction):
        t.game.check_action(act("太史慈", "忘私举贤", "甄姬", borrow="亲冒矢石"), [])
    t2 = jiangqin_with("周泰")
    with pytest.raises(IllegalAction):
        t2.game.check_action(act("太史慈", "忘私举贤", "甄姬", borrow="江东铁壁"), [])


@pytest.mark.skill("横锁九江")
def test_hengsuojiujiang_uses_zhoutais_skill_on_its_own_target() -> None:
    """蒋钦【横锁九江】: the skill 周泰 uses tonight (【浪里擒将】: the id's actions fail), 蒋钦 uses once too on the id he
    names: 吕蒙's 【勇贯三军】 on 甄姬 fails and 甄姬 is unhurt. 周泰 using no skill, the use fails."""
    t = jiangqin_with("周泰")
    r = t.night(act("黄盖", "浪里擒将", "郭嘉"), act("太史慈", "横锁九江", "吕蒙"), act("吕蒙", "勇贯三军", "甄姬"))
    assert not injured(t, "甄姬")
    assert entry(t, "吕蒙", "勇贯三军")["state"] == "void"
    assert entry(t, "太史慈", "横锁九江")["state"] == "done"
    assert not asked(r, "横锁九江")
    t.day()
    t.night(act("太史慈", "横锁九江", "郭嘉"), answers=[{"actor": "徐庶", "skill": "继任", "answer": "卧龙"}])
    assert entry(t, "太史慈", "横锁九江")["state"] == "failed"


# ---- 孙坚 ---------------------------------------------------------------------------------------------------------
@pytest.mark.skill("传国玉玺")
def test_chuanguoyuxi_on_a_countryman_then_to_weis_lord() -> None:
    """孙坚【传国玉玺】: on a countryman (张昭) he comes to know 孙坚; 孙坚 is told nothing. Once 孙坚 has used it, the
    seal goes to 魏's 君主 (曹操), who may use it once: on 郭嘉 (his countryman) 郭嘉 knows him; a second use is refused."""
    t = Table24()
    r = t.night(act("孙坚", "传国玉玺", "张昭"))
    assert t.state.player("张昭").known.get("孙坚") == "孙坚"
    assert any("孙坚" in s for s in t.said("张昭"))
    assert not any("传国玉玺" in s for s in t.said("孙坚"))
    assert "传国玉玺" not in t.state.player("孙坚").skills
    assert "传国玉玺" in t.state.player("曹操").skills
    assert not asked(r, "传国玉玺")
    t.day()
    with pytest.raises(IllegalAction):
        t.game.check_action(act("孙坚", "传国玉玺", "张昭"), [])
    t.night(act("曹操", "传国玉玺", "郭嘉"))
    assert t.state.player("郭嘉").known.get("曹操") == "曹操"
    assert entry(t, "曹操", "传国玉玺")["state"] == "done"
    t.day()
    with pytest.raises(IllegalAction):
        t.game.check_action(act("曹操", "传国玉玺", "郭嘉"), [])


@pytest.mark.skill("传国玉玺")
def test_chuanguoyuxi_goes_to_another_lord_and_to_sunce() -> None:
    """孙坚【传国玉玺】: used on another country's 君主 (刘备), the seal goes to him, and 刘备 is told nothing else. Unused
    when 孙坚 dies (of himself, the second night), 孙策 holds it; used by 孙策 on one of another country who is no lord
    (郭嘉), nobody learns anything and it goes to 魏's 君主."""
    t = Table24()
    t.night(act("孙坚", "传国玉玺", "刘备"))
    assert "传国玉玺" in t.state.player("刘备").skills and "传国玉玺" not in t.state.player("孙坚").skills
    assert "孙坚" not in t.state.player("刘备").known
    t2 = Table24()
    t2.night()
    t2.day()
    t2.night()
    assert t2.character("孙坚") == "孙策"
    assert "传国玉玺" in t2.state.player("孙坚").skills
    t2.day()
    t2.night(act("孙坚", "传国玉玺", "郭嘉"), answers=[{"actor": "徐庶", "skill": "继任", "answer": "卧龙"}])
    assert "孙坚" not in t2.state.player("郭嘉").known
    assert "传国玉玺" in t2.state.player("曹操").skills


# ---- 荀彧 ---------------------------------------------------------------------------------------------------------
@pytest.mark.skill("留侯再世")
def test_liuhouzaishi_guards_the_lord_once() -> None:
    """荀彧【留侯再世】（1）: while 荀彧 lives, one 军师负面 effect on his country's 君主 is stopped (黄盖【火船冲阵】 on
    曹操), once: the second night's (徐庶【击剑长歌】, 火船冲阵 being used once a game, R53) wounds him."""
    t = Table24()
    t.night(act("黄盖", "火船冲阵", "曹操"))
    assert not injured(t, "曹操")
    assert t.state.player("荀彧").used.get("留侯再世") == 1
    t.day()
    t.night(act("徐庶", "击剑长歌", "曹操"))
    assert injured(t, "曹操")


@pytest.mark.skill("留侯再世")
def test_liuhouzaishi_passes_to_weis_lord_at_xunyus_death() -> None:
    """荀彧【留侯再世】（2）: 荀彧 dies with （1） never set off, and 魏's 君主 (曹操) gains an active of the vote: the id he
    names, if most voted the next day, is not harmed by the vote. A first use that sets nothing off may be used once
    more; once it has set it off it cannot be used again."""
    t = Table24()
    t.night(rulings=(Ruling("kill", "荀彧"),))
    assert not t.state.player("荀彧").alive
    assert "留侯再世" in t.state.player("曹操").skills
    assert any("你獲得技能【留侯再世】" in s for s in t.said("曹操"))
    t.day()
    t.night(act("曹操", "留侯再世", "刘备"))  # 刘备 is not the most voted: nothing set off
    t.day(votes={"郭嘉": "孙坚", "刘备": "孙坚"})
    assert injured(t, "孙坚")
    r = t.night(act("曹操", "留侯再世", "张昭"), answers=[{"actor": "徐庶", "skill": "继任", "answer": "卧龙"},
                                                       {"actor": "郭嘉", "skill": "继任", "answer": "荀攸"}])
    assert not asked(r, "留侯再世")
    t.day(votes={"郭嘉": "张昭", "刘备": "张昭"})
    assert not injured(t, "张昭") and t.state.player("张昭").alive
    with pytest.raises(IllegalAction):
        t.game.check_action(act("曹操", "留侯再世", "张昭"), [])


@pytest.mark.skill("奇计百出")
def test_qijibaichu_learns_from_two_found_wise() -> None:
    """荀彧【奇计百出】: once his 评价指认 have found two 智者 (郭嘉, then 徐庶), he learns one active skill of theirs that
    names no character, drawn (徐庶【击剑长歌】), and the passive is spent; he uses the skill the next night."""
    t = Table24()
    allow = t.state.extra.setdefault("allowances", {})
    for night in ("1", "2"):
        allow.setdefault(night, {})["荀彧"] = [["智者"]]  # a 评价指认 of 智者 (as 陈登【河海豪气】 gives one)
    t.night(act("荀彧", "指认", "郭嘉", evaluation="智者"))
    assert "奇计百出" not in t.state.player("荀彧").used
    t.day()
    t.force("【奇计百出】学习 荀彧", "徐庶【击剑长歌】")
    t.night(act("荀彧", "指认", "徐庶", evaluation="智者"))
    assert "击剑长歌" in t.state.player("荀彧").skills
    assert t.state.player("荀彧").used.get("奇计百出") == 1
    t.check_unused()


# ---- 刘备 ---------------------------------------------------------------------------------------------------------
@pytest.mark.skill("承道受业")
def test_chengdaoshouye_never_goes_off_without_luzhi() -> None:
    """刘备【承道受业】: it goes off once he and 卢植 know each other. 卢植 is in neither pack (R-learning-8): the passive
    stands, the engine's, and never goes off — nothing learned, nothing asked of the judge."""
    t = Table24()
    r = t.night()
    assert not any("承道受业" in w for w in r.warnings)
    assert not t.state.player("刘备").used.get("承道受业")
    assert t.state.player("刘备").skills == [s.name for s in t.game.character("刘备").skills]


# ---- 孙策 ---------------------------------------------------------------------------------------------------------
@pytest.mark.skill("群英荟萃")
def test_qunyinghuicui_needs_the_oath_with_zhouyu() -> None:
    """孙策: entering, he chooses to swear brotherhood with 周瑜 or 太史慈 (the core's decisions; none given in time: 周瑜).
    【群英荟萃】 by day, only if he swore with 周瑜: he learns the branch characters each country chose before (黄盖 went on
    as 徐盛); sworn with 太史慈, the use is void of effect."""
    for answer, works in (("周瑜", True), ("太史慈", False)):
        t = Table24()
        t.night(rulings=(Ruling("kill", "黄盖"),), answers=[{"actor": "黄盖", "skill": "继任", "answer": "徐盛"}])
        t.day()
        t.night(answers=[{"actor": "孙坚", "skill": "结义", "answer": answer}])  # 孙坚 dies of himself: 孙策 enters
        assert t.character("孙坚") == "孙策"
        assert f"你与{answer}结义" in t.said("孙坚")
        use = act("孙坚", "群英荟萃")
        t.game.check_action(use, [])  # by day
        r = t.game.resolve_day({}, t._book(None), (), actions=[use])
        told = [f.text for f in r.feedback.get("孙坚", []) if "群英荟萃" in f.text]
        assert not any("群英荟萃" in w and "天庭" in w for w in r.warnings)
        assert bool(told) is works
        if works:
            assert "吴：徐盛" in told[0]
    t = Table24()
    t.night()
    t.day()
    t.night()  # no answer in time: 周瑜
    assert any("你与周瑜结义" in s for s in t.said("孙坚"))


@pytest.mark.skill("群英荟萃")
def test_qunyinghuicui_is_used_by_day_only() -> None:
    """孙策【群英荟萃】: 「白天使用」 — sent at night it is refused, and it names no id."""
    t = Table24()
    t.night()
    t.day()
    t.night()  # 孙坚 dies of himself: 孙策 enters
    t.day()
    with pytest.raises(IllegalAction):
        t.game.check_action(act("孙坚", "群英荟萃"), [])  # night 3
    t.night(answers=[{"actor": "徐庶", "skill": "继任", "answer": "卧龙"}])
    t.game.check_action(act("孙坚", "群英荟萃"), [])  # by day
    with pytest.raises(IllegalAction):
        t.game.check_action(act("孙坚", "群英荟萃", "曹操"), [])


# ---- the mechanism ----------------------------------------------------------------------------------------------
def test_a_passive_held_of_another_character_stands_for_its_holder() -> None:
    """R-learning-1: a skill held of another character is the holder's own, a passive too — 陈登 holding 刘备's
    【马跃檀溪】 (a standing defence against one 武将杀伤 effect, once) is unhurt by 吕蒙【勇贯三军】 (sure on one without
    猛将), and it is spent on him, not on 刘备."""
    from tianting.effects import skills as skill_changes

    t = Table24()
    t.night()
    t.day()
    t.state.player("陈登").skills.append("马跃檀溪")  # held as skills.gain leaves it, taken from 刘备
    t.state.extra.setdefault(skill_changes.FROM_KEY, {}).setdefault("陈登", {})["马跃檀溪"] = "刘备"
    t.night(act("吕蒙", "勇贯三军", "陈登"))
    assert not injured(t, "陈登")
    assert t.state.player("陈登").used.get("马跃檀溪") == 1
    assert not t.state.player("刘备").used.get("马跃檀溪")
