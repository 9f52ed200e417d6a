"""The second fidelity review of the 鼎立 pack's engine-resolved skills (issue 31, branch review2b;
docs/rulings/fidelity-review-review2b.md): each test pins a fix the review made and states the 8.1 fact in our words."""

from __future__ import annotations

import pytest

from tests.declared_steps import injured
from tianting.core.decisions import DecisionBook
from tianting.core.errors import IllegalAction

from .table import Table, act, force_deal, rule
from .test_declared_revival import table


@pytest.mark.skill("三国终焉", "饮马长城")
def test_sanguozhongyan_is_barred_on_the_day_of_yinmachangcheng() -> None:
    """陈寿【三国终焉】 (8.1): on the day 陈琳 used 【饮马长城】, 陈寿 may not use it; 【饮马长城】 (8.1) lets the
    successor use his other skills that day. 袁绍 (no successor) has left the game: after the suicide, the id's
    【魂兮归来】 naming 袁绍 is accepted, its 【三国终焉】 naming him is refused; the next day it is accepted."""
    t = Table(size=32)
    t.night(rulings=(rule("kill", "袁绍"),))
    wall = act("陈琳", "饮马长城")
    t.game.check_action(wall, [])
    t.game.check_action(act("陈琳", "魂兮归来", character="袁绍"), [wall])
    with pytest.raises(IllegalAction, match="饮马长城"):
        t.game.check_action(act("陈琳", "三国终焉", "袁绍"), [wall])
    book = DecisionBook(strict=True)
    t.results.append(t.game.resolve_day({}, book, (), actions=[wall]))
    assert t.character("陈琳") == "陈寿"
    t.night(last_words={"陈琳": "饮马长城窟"})
    t.game.check_action(act("陈琳", "三国终焉", "袁绍"), [])  # another day: 陈寿 may use it


@pytest.mark.skill("狂悖之徒")
def test_kuangbeizhitu_draws_among_the_skills_guanlu_inherited_too() -> None:
    """祢衡【狂悖之徒】 (8.1): naming a 异人 rightly, he learns one of its active skills at random, 「包括该角色能够继承的
    上一角色的技能」. 管辂 (异人) plays on after 水镜先生 and keeps 水镜先生's heritable active skills (R-inherit-2), so
    the draw is among 算定天下 and those: forced to 动如雷震, 祢衡 learns it and is told (R-review2b-1)."""
    t = Table(size=32)
    t.night(rulings=(rule("kill", "孔融"), rule("kill", "水镜先生")))
    t.day()
    assert t.character("孔融") == "祢衡" and t.character("水镜先生") == "管辂"
    assert "动如雷震" in t.state.player("水镜先生").skills
    t.force("【狂悖之徒】孔融→水镜先生", "动如雷震")
    t.night(act("孔融", "狂悖之徒", "水镜先生"))
    assert t.said("孔融") == ["【狂悖之徒】你学到了技能【动如雷震】"]
    t.day()
    t.night(act("孔融", "动如雷震", character="郭嘉"), answers=[{"actor": "徐庶", "skill": "继任", "answer": "诸葛亮"}])
    assert [e["state"] for e in t.state.history[-1]["actions"] if e["actor"] == "孔融"] == ["done"]


@pytest.mark.skill("君子让梨")
def test_junzirangli_needs_kongrong_able_to_name_an_id() -> None:
    """孔融【君子让梨】 (8.1): it acts on the id his nightly 指认 names; seed 003: 「角色处于受伤状态中无法行动」, so a
    孔融 wounded as the night begins names no id and takes nobody's harm (being harmed that same night does not stop
    it: 「孔融该夜受到伤害仍可触发」). 孔融 is wounded on night 1 and still wounded after his check; on night 2 庞统 is
    wounded and 孔融's answers (naming 庞统, 承担) are never asked (R-review2b-3)."""
    t = Table(size=29)
    force_deal(t, "孔融", 1)
    t.night(rulings=(rule("injure", "孔融"),))
    assert injured(t, "孔融")
    t.day(digits={"孔融": 7})
    assert injured(t, "孔融")
    book = DecisionBook(strict=True)
    answers = [{"actor": "孔融", "skill": "君子让梨", "answer": "庞统"},
               {"actor": "孔融", "skill": "君子让梨", "answer": "承担"}]
    book.answers += answers
    action = act("吕蒙", "勇贯三军", "庞统")
    t.game.check_action(action, [])
    t.results.append(t.game.resolve_night([action], book, None, ()))
    assert injured(t, "庞统")
    assert book.unused() == answers


@pytest.mark.skill("皇恩浩荡", "尚方宝剑")
def test_huangenhaodang_goes_off_on_shangfangbaojian_too() -> None:
    """汉少帝【皇恩浩荡】 (8.1, heritable): twice, it goes off when 【天子之命】 *or* 【尚方宝剑】 works, and the character
    acted on shares 【先祖庇护】 with the emperor. 汉少帝 dies on night 1 and 汉献帝 plays on, holding both; his
    【尚方宝剑】 on 郭嘉 works: 郭嘉 is told he shares the guard, and the next night 刘备【乱世枭雄】 on 郭嘉 is stopped
    by it, spending it (R-review2b-4)."""
    t = table("王允", "董卓", "于吉", ex=True)
    t.night(rulings=(rule("kill", "汉少帝"),))
    t.day()
    assert t.character("汉少帝") == "汉献帝"
    assert {"皇恩浩荡", "先祖庇护"} <= set(t.state.player("汉少帝").skills)
    t.night(act("汉少帝", "尚方宝剑", character="郭嘉"))
    assert t.state.player("汉少帝").used.get("皇恩浩荡") == 1
    assert any("共享【先祖庇护】" in str(s) for s in t.said("郭嘉"))
    t.day()
    t.night(act("刘备", "乱世枭雄", "郭嘉"), answers=[{"actor": "徐庶", "skill": "继任", "answer": "诸葛亮"},
                                                  {"actor": "郭嘉", "skill": "尚方宝剑", "answer": "不刺杀"}])
    assert not injured(t, "郭嘉")
    assert t.state.player("汉少帝").used.get("先祖庇护") == 1


@pytest.mark.skill("料敌机先", "其徐如林")
def test_liaodijixian_cannot_spy_the_id_qixurulin_hides() -> None:
    """水镜先生【其徐如林】 (8.1): the id named by day has his actions of that night out of reach of 【料敌机先】 (and
    巧设反间, 直笔修史). 贾诩【料敌机先】 (8.1) relays the other countries' actions naming 魏, to him and to each 魏 player
    aimed at. With 关羽 hidden, his 水淹七军 on 曹操 is told neither to 贾诩 nor to 曹操 (R-review2b-5)."""
    t = Table(size=32)
    t.night(rulings=(rule("kill", "程昱"),))
    assert t.character("程昱") == "贾诩"
    uses = [act("程昱", "料敌机先"), act("水镜先生", "其徐如林", "关羽")]
    for a in uses:
        t.game.check_action(a, [])
    t.results.append(t.game.resolve_day({}, DecisionBook(strict=True), (), uses))
    t.night(act("关羽", "水淹七军", "曹操"))
    assert [s for s in t.said("程昱") if "料敌机先" in str(s)] == ["【料敌机先】别国涉及魏国的行动：无"]
    assert not any("水淹七军" in str(s) for s in t.said("曹操"))


@pytest.mark.skill("直笔修史", "其徐如林")
def test_zhibixiushi_cannot_read_the_night_qixurulin_hid() -> None:
    """水镜先生【其徐如林】 (8.1): the id's actions of the night after its use cannot be spied by 【直笔修史】; 陈寿【直笔修史】
    (8.1) reads a character's record of the nights before. 关羽's 指认 of night 1 is in it, his 水淹七军 of night 2
    (hidden by 其徐如林 the day before) is not (R-review2b-5)."""
    t = Table(size=32)
    t.night(act("关羽", "指认", "刘备", character="刘备"), rulings=(rule("kill", "陈琳"),))
    assert t.character("陈琳") == "陈寿"
    forest = act("水镜先生", "其徐如林", "关羽")
    t.game.check_action(forest, [])
    t.results.append(t.game.resolve_day({}, DecisionBook(strict=True), (), [forest]))
    t.night(act("关羽", "水淹七军", "曹操"))
    t.day()
    t.night(act("陈琳", "直笔修史", character="关羽"), answers=[{"actor": "徐庶", "skill": "继任", "answer": "诸葛亮"}])
    (told,) = [str(s) for s in t.said("陈琳") if "直笔修史" in str(s)]
    assert "指认" in told and "水淹七军" not in told, told


@pytest.mark.skill("巧施连环", "祸水红颜")
def test_qiaoshilianhuan_without_lvbu_lets_wangyun_pick_the_winner() -> None:
    """王允【巧施连环】 (8.1, third case): with no 吕布 in the game, once 王允 has found 貂蝉 he may use it one night; at
    貂蝉's first 【祸水红颜】 that night or after, he learns the two ids and may name the winner. 王允 sits in 吕布's
    place; on night 2 貂蝉 sets 张辽 against 关羽: 王允 is told them and names 张辽, so 关羽 is wounded with no 拼点
    (R-review2b-6)."""
    from tianting.rules.dingli2 import DingliGame, SeatSpec

    from .table import seats

    t = Table(size=32)
    chairs = [SeatSpec("王允", "在野", "平民", "王允") if s.character == "吕布" else s for s in seats(32)]
    t.game = DingliGame.create(chairs, 1)
    t.state.player("王允").known["貂蝉"] = "貂蝉"
    t.night(act("王允", "巧施连环", "郭嘉"))
    assert t.state.player("王允").used.get("巧施连环") == 1 and not injured(t, "郭嘉")
    t.day()
    t.night(act("貂蝉", "祸水红颜", "张辽", "关羽"), answers=[{"actor": "王允", "skill": "巧施连环", "answer": "张辽"}])
    assert injured(t, "关羽") and not injured(t, "张辽")
    assert any("张辽、关羽" in str(s) for s in t.said("王允"))


@pytest.mark.skill("讨董联盟", "雄霸天下")
def test_taodonglianmeng_coin_stands_after_yuanshao_dies() -> None:
    """袁绍【讨董联盟】 (8.1): once set off with 董卓 in play, 董卓's *next* 【雄霸天下】 stab fails with half chance; the
    coin is on 董卓's use and does not need 袁绍 alive. 袁绍 finds 曹操 on night 1 and dies that night, leaving the
    game (this table's 袁绍 has no successor); on night 2 董卓's 【雄霸天下】 on 赵云 loses the coin: 赵云 is unharmed (R-review2b-2)."""
    from .test_declared_zaiyea import HEIRS, dong_table

    t = dong_table()
    t.night(act("袁绍", "指认", "曹操", character="曹操"),
            rulings=(rule("kill", "孙坚"), rule("kill", "徐庶"), rule("kill", "郭嘉"), rule("kill", "袁绍")),
            answers=HEIRS)
    t.day()
    assert t.status("袁绍") == "out"
    t.force("【讨董联盟】董卓【雄霸天下】的刺杀", False)
    t.night(act("董卓", "雄霸天下", "赵云"))
    assert t.character("赵云") == "赵云" and not injured(t, "赵云")
    t.check_unused()
