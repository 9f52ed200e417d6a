"""鼎立三分2.0: the 在野 skills of 吕布, 貂蝉, 董卓 and 左慈 the engine resolves (issue 31, group zaiyeb), each test
stating the 8.1 fact in our words (docs/rulings/packs-zaiyeb.md)."""

from __future__ import annotations

import pytest

from tests.declared_steps import entry, injured, without
from tianting.core.errors import IllegalAction
from tianting.core.records import Action

from .table import Table, act, force_deal, rule
from .test_declared_dlqun1 import day_with
from .test_declared_dlqun2 import XUSHU, succeed, table

XUSHU_GONE: list[dict[str, str]] = []
"""Night 3 once 徐庶 has passed on: nobody dies of himself."""


def borrow(skill: str) -> Action:
    """左慈 (in the 于吉 seat) uses 【移花接木】 with another character's skill."""
    return Action("于吉", "移花接木", (), {"skill": skill})


def told(t: Table, pid: str, words: str) -> bool:
    return any(words in s for s in t.said(pid))


# ---- 董卓 ----------------------------------------------------------------------------------------------------
@pytest.mark.skill("唯我独尊")
def test_weiwoduzun_fails_the_lords_and_voids_their_votes_with_a_hidden_vote() -> None:
    """董卓【唯我独尊】 (无属性, 结算前): the three countries' lords' active skills fail that night (曹操's 亲冒矢石 on
    鲁肃), the lords' votes the next day are void, and 董卓's vote counts once more, unseen on the ballot, for the id
    he names that day, even while he is 在野 (R-zaiyeb-1). The lords vote 郭嘉 (with 荀攸 and 程昱 he would have 5);
    张辽 and 夏侯惇 vote 关羽, and 董卓's 暗票 goes to 关羽 (his own ballot vote, an 在野's, is void), so 关羽 has 3 to
    郭嘉's 2 and is wounded."""
    t = table("董卓", "王允", "孔融")
    t.night(act("董卓", "唯我独尊"), act("曹操", "亲冒矢石", "鲁肃"), act("郭嘉", "洞若观火", "关羽"))
    assert entry(t, "曹操", "亲冒矢石")["state"] == "failed" and not injured(t, "鲁肃")
    assert entry(t, "郭嘉", "洞若观火")["state"] != "failed" and not t.said("曹操")  # a lord's only; nobody told
    force_deal(t, "关羽", 1)
    votes = {p.id: p.id for p in t.state.living()}
    votes |= dict.fromkeys(("曹操", "刘备", "孙坚", "荀攸", "程昱"), "郭嘉")
    votes |= dict.fromkeys(("张辽", "夏侯惇", "董卓"), "关羽")
    r = t.day(votes=votes, answers=[{"actor": "董卓", "skill": "唯我独尊", "answer": "关羽"}])
    assert injured(t, "关羽") and not injured(t, "郭嘉")
    notes = "\n".join(r.trace)
    assert "曹操 的投票无效" in notes and "董卓【唯我独尊】的暗票投给 关羽" in notes


# ---- 左慈 ----------------------------------------------------------------------------------------------------
@pytest.mark.skill("借物代形")
def test_jiewudaixing_keeps_every_skill_off_zuoci_but_not_the_stab() -> None:
    """左慈【借物代形】 (a standing passive): no skill has any effect on him, whatever its attribute — 孙坚's 横扫江东
    wounds nothing and 郭嘉's 洞若观火 tells 郭嘉 nothing — but a stab still reaches him (「不影响刺杀」, R-zaiyeb-2):
    关羽's stab the next night kills him."""
    t = table("于吉", "王允", "孔融")
    succeed(t, "于吉")
    assert t.character("于吉") == "左慈"
    t.night(act("孙坚", "横扫江东", "于吉"), act("郭嘉", "洞若观火", "于吉"))
    assert not injured(t, "于吉") and t.state.player("于吉").alive
    assert entry(t, "孙坚", "横扫江东")["state"] == "void" and entry(t, "郭嘉", "洞若观火")["state"] == "void"
    assert not any("于吉" in s for s in t.said("郭嘉"))
    t.day()
    t.night(act("关羽", "刺杀", "于吉"), answers=XUSHU)
    assert not t.state.player("于吉").alive


def three_turns(t: Table) -> None:
    """Night 1: 孙坚, 徐庶 and 郭嘉 die by the judge's ruling and play on as 孙策, 诸葛亮 and 荀彧 (「孙坚转世」,
    「徐庶转世」, 「郭嘉转世」); a quiet day."""
    t.night(rulings=(rule("kill", "孙坚"), rule("kill", "徐庶"), rule("kill", "郭嘉")), answers=XUSHU)
    t.day()


@pytest.mark.skill("雄霸天下", "嗜血蛮族")
def test_xiongbatianxia_stabs_once_the_three_turns_came_and_stops_the_killers() -> None:
    """董卓【雄霸天下】 comes into force once 孙坚 has passed on (or 【传国玉玺】 is spent), 刘备's 【桃园结义】 went off
    (or 徐庶 passed on), and 郭嘉 passed on (or 【洞若观火】 was spent): before, a use is refused. Then, once, 董卓
    stabs one id and every stab of the three countries' killers that night fails (张辽's on 刘备). His kill gives him
    【嗜血蛮族】 (he is told): the next night he 拼点s 张飞 and, winning, stabs him (R-zaiyeb-3, R-zaiyeb-4)."""
    t = table("董卓", "王允", "孔融")
    with pytest.raises(IllegalAction, match="尚未生效"):
        t.game.check_action(act("董卓", "雄霸天下", "赵云"), [])
    with pytest.raises(IllegalAction, match="尚未生效"):
        t.game.check_action(act("董卓", "嗜血蛮族", "赵云"), [])
    three_turns(t)
    t.night(act("董卓", "雄霸天下", "赵云"), act("张辽", "刺杀", "刘备"))
    assert t.character("赵云") == "陈到" and t.character("刘备") == "刘备"
    assert entry(t, "张辽", "刺杀")["state"] == "void"
    assert not t.results[-1].warnings
    assert told(t, "董卓", "【嗜血蛮族】生效")
    t.day()
    with pytest.raises(IllegalAction, match="只能使用一次|已经消耗"):
        t.game.check_action(act("董卓", "雄霸天下", "张飞"), [])
    t.force("拼点奇偶 张飞/董卓", "董卓")
    t.night(act("董卓", "嗜血蛮族", "张飞"), digits={"董卓": 3, "张飞": 4}, answers=XUSHU_GONE)
    assert t.character("张飞") == "马超"
    t.check_unused()


@pytest.mark.skill("嗜血蛮族")
def test_shixuemanzu_lost_contest_wounds_dongzhuo() -> None:
    """董卓【嗜血蛮族】: losing the 拼点, 董卓 is wounded and the stab fails (R-zaiyeb-4); the stab earned is used."""
    t = table("董卓", "王允", "孔融")
    three_turns(t)
    t.night(act("董卓", "雄霸天下", "赵云"))
    t.day()
    t.force("拼点奇偶 张飞/董卓", "张飞")
    t.night(act("董卓", "嗜血蛮族", "张飞"), digits={"董卓": 3, "张飞": 4}, answers=XUSHU_GONE)
    assert injured(t, "董卓") and t.character("张飞") == "张飞"
    assert entry(t, "董卓", "嗜血蛮族")["state"] == "failed"
    t.check_unused()


@pytest.mark.skill("兽之觉醒")
def test_shouzhijuexing_stab_on_diaochan_is_void_and_they_know_each_other() -> None:
    """董卓【兽之觉醒】: when 董卓's stab reaches 吕布 or 貂蝉, it has no effect and the two know each other (R-zaiyeb-5):
    his 【雄霸天下】 on 貂蝉 does nothing (no draw of her 【闭月羞花】 is made) and each is told the other."""
    t = table("董卓", "貂蝉", "孔融")
    three_turns(t)
    t.night(act("董卓", "雄霸天下", "貂蝉"))
    assert t.state.player("貂蝉").alive and t.character("貂蝉") == "貂蝉" and not injured(t, "貂蝉")
    assert t.game.mutual("董卓", "貂蝉")
    assert told(t, "董卓", "貂蝉") and told(t, "貂蝉", "董卓")
    t.check_unused()


@pytest.mark.skill("废帝另立")
def test_feidiling_deposes_the_emperor_and_shares_his_shield_once() -> None:
    """董卓【废帝另立】: when his 指认 reaches 汉少帝 (his 统帅 评价指认: the emperor has every 评价), 汉少帝 leaves the
    game and 汉献帝 plays on in the id, not counted with the dead; from then on the emperor's 【先祖庇护】 (one defence
    against a 武将杀伤 harm) is shared with 董卓, unknown to him (R-zaiyeb-6): 孙坚's 横扫江东 on 董卓 is stopped the
    next night, and the one after, the defence spent, 吕蒙's 勇贯三军 (its half chance on a 猛将 won) wounds him."""
    t = table("董卓", "王允", "孔融", ex=True)
    t.night(act("董卓", "指认", "汉少帝", evaluation="统帅"))
    assert t.character("汉少帝") == "汉献帝" and t.state.player("汉少帝").alive
    assert not any("先祖庇护" in s for s in t.said("董卓"))
    t.day()
    t.night(act("孙坚", "横扫江东", "董卓"))
    assert not injured(t, "董卓")
    assert not any("先祖庇护" in s for s in t.said("董卓"))
    t.day()
    t.force("【勇贯三军】wound 吕蒙→董卓", True)
    t.night(act("吕蒙", "勇贯三军", "董卓"), answers=XUSHU)
    assert injured(t, "董卓")
    t.check_unused()


@pytest.mark.skill("废帝另立")
def test_feidiling_shared_shield_guards_the_emperor_first() -> None:
    """董卓【废帝另立】's shared 【先祖庇护】: when the emperor and 董卓 are both harmed, it protects the emperor (「优先
    保护汉少帝/汉献帝」): 孙坚's 横扫江东 on 汉献帝 is stopped, 吕蒙's 勇贯三军 wounds 董卓 (R-zaiyeb-6)."""
    t = table("董卓", "王允", "孔融", ex=True)
    t.night(act("董卓", "指认", "汉少帝", evaluation="统帅"))
    t.day()
    t.force("【勇贯三军】wound 吕蒙→董卓", True)
    t.night(act("孙坚", "横扫江东", "汉少帝"), act("吕蒙", "勇贯三军", "董卓"))
    assert not injured(t, "汉少帝") and injured(t, "董卓")
    t.check_unused()


# ---- 吕布 ----------------------------------------------------------------------------------------------------
@pytest.mark.skill("濮阳设伏")
def test_puyangshefu_wounds_dianwei_in_a_normal_state() -> None:
    """吕布【濮阳设伏】 (when he is not of 魏): 典韦, in a normal state, is wounded; 曹操 is untouched (R-zaiyeb-7).
    Of 魏, the use fails."""
    t = without(Table(size=32), "曹魏谋主")  # 荀攸 guards 魏 (R-weimisc-10): not this test's subject
    t.night(act("吕布", "濮阳设伏"))
    assert injured(t, "典韦") and not injured(t, "曹操")
    assert entry(t, "吕布", "濮阳设伏")["state"] == "done"
    t = without(Table(size=32), "曹魏谋主")  # 荀攸 guards 魏 (R-weimisc-10): not this test's subject
    t.state.player("吕布").country = "魏"
    t.night(act("吕布", "濮阳设伏"))
    assert entry(t, "吕布", "濮阳设伏")["state"] == "failed" and not injured(t, "典韦")


@pytest.mark.skill("濮阳设伏")
def test_puyangshefu_falls_on_caocao_once_dianwei_is_gone() -> None:
    """吕布【濮阳设伏】: once 典韦 is dead (许褚 plays on), it falls on 曹操: he is wounded and his actions the next night
    fail (R-zaiyeb-7). A defence of his that stops the skill stops both: his 【割须弃袍】 (spent) meets it, and the next
    night he acts. 8.1 gives it no count: it is used once a game (R53), so a second use is refused. On a second table,
    his 【割须弃袍】 already spent, he is wounded, and, healed at the day's check, his 亲冒矢石 (unused till then: it
    too is once a game) of the night after fails."""
    def dianwei_gone() -> Table:
        t = Table(size=32)
        without(t, "曹魏谋主")  # 荀攸 guards 魏 in 鼎立 (R-weimisc-10): not this test's subject
        t.night(rulings=(rule("kill", "典韦"),))
        assert t.character("典韦") == "许褚"
        without(t, "挺身护驾")  # 许褚 keeps 典韦's 【挺身护驾】 (R-inherit): not this test's subject
        t.day()
        return t

    t = dianwei_gone()
    t.night(act("吕布", "濮阳设伏"))
    assert not injured(t, "曹操") and t.state.player("曹操").used.get("割须弃袍")
    t.day()
    t.night(act("曹操", "亲冒矢石", "鲁肃"), answers=XUSHU)
    assert entry(t, "曹操", "亲冒矢石")["state"] == "done" and injured(t, "鲁肃")
    with pytest.raises(IllegalAction, match="只能使用一次"):
        t.game.check_action(act("吕布", "濮阳设伏"), [])
    t = dianwei_gone()
    t.state.player("曹操").used["割须弃袍"] = 1  # spent, as on the first table
    force_deal(t, "曹操", 1)  # the table dealt to the wounded at the night's end
    t.night(act("吕布", "濮阳设伏"))
    assert injured(t, "曹操")
    t.day(digits={"曹操": 0})  # 0–2: healed
    assert not injured(t, "曹操")
    t.night(act("曹操", "亲冒矢石", "刘备"), answers=XUSHU)
    assert entry(t, "曹操", "亲冒矢石")["state"] == "failed" and not injured(t, "刘备")


# ---- 貂蝉 ----------------------------------------------------------------------------------------------------
@pytest.mark.skill("媚眼如丝")
def test_meiyanrusi_casts_a_mans_next_vote_shown_on_the_ballot() -> None:
    """貂蝉【媚眼如丝】 (three uses): a man's vote the next day goes where she says, whatever he sends, and the ballot
    shows the changed vote (R-zaiyeb-8): 曹操 sends 郭嘉 and his vote is 关羽's, so 关羽 (2) is the most voted. On a
    woman (卞氏) the use fails; a fourth use is refused."""
    t = Table(size=32)
    t.night(act("貂蝉", "媚眼如丝", "曹操", "关羽"))
    force_deal(t, "关羽", 1)
    votes = {p.id: p.id for p in t.state.living()} | {"曹操": "郭嘉"}
    r = t.day(votes=votes)
    assert r.announcement["ballot"]["曹操"] == "关羽" and injured(t, "关羽")
    t.night(act("貂蝉", "媚眼如丝", "卞氏", "关羽"))
    assert entry(t, "貂蝉", "媚眼如丝")["state"] == "failed"
    t.day()
    t.night(act("貂蝉", "媚眼如丝", "刘备", "关羽"), answers=XUSHU)
    t.day()
    with pytest.raises(IllegalAction, match="三次|3次"):
        t.game.check_action(act("貂蝉", "媚眼如丝", "孙坚", "关羽"), [])


@pytest.mark.skill("天遁")
def test_tiandun_lifts_the_limit_on_his_actions_that_night() -> None:
    """左慈【天遁】: the night he uses it, his actions are not limited in number (R-zaiyeb-9): with it he sends 地遁 on
    曹操 and his 异人 评价指认 too, in either order, and both resolve; without it a second skill is refused."""
    t = table("于吉", "王允", "孔融")
    succeed(t, "于吉")
    with pytest.raises(IllegalAction):
        t.game.check_action(act("于吉", "地遁", "曹操"), [act("于吉", "移花接木")])
    t.night(act("于吉", "地遁", "曹操"), act("于吉", "天遁"), act("曹操", "亲冒矢石", "鲁肃"),
            act("于吉", "指认", "孔融", evaluation="异人"))
    assert entry(t, "于吉", "天遁")["state"] == "done" and entry(t, "于吉", "地遁")["state"] == "done"
    assert entry(t, "曹操", "亲冒矢石")["state"] == "void" and not injured(t, "鲁肃")


@pytest.mark.skill("移花接木")
def test_yihuajiemu_uses_another_characters_untargeted_skill_once() -> None:
    """左慈【移花接木】 (once): he uses one active skill of any character that names no id, as his own (R-zaiyeb-10):
    王允's 恰逢大赦 voids every vote of the next day, so the most voted 关羽 is not wounded. A skill that names an id
    (孙坚's 横扫江东), or one of the three barred (武侯八阵), is refused; a second use is refused."""
    t = table("于吉", "王允", "孔融")
    succeed(t, "于吉")
    with pytest.raises(IllegalAction, match="非针对"):
        t.game.check_action(borrow("横扫江东"), [])
    with pytest.raises(IllegalAction, match="不能使用"):
        t.game.check_action(borrow("武侯八阵"), [])
    t.night(borrow("恰逢大赦"))
    assert entry(t, "于吉", "移花接木")["state"] == "done"
    votes = {p.id: "关羽" for p in t.state.living()}
    t.day(votes=votes)
    assert not injured(t, "关羽")
    with pytest.raises(IllegalAction, match="只能使用一次"):
        t.game.check_action(borrow("恰逢大赦"), [])


@pytest.mark.skill("朝秦暮楚")
def test_zhaoqinmuchu_points_by_day_and_stabs_at_the_strategists_order() -> None:
    """吕布【朝秦暮楚】: by day he points at one id; that side's strategist learns it and, that night, may order 吕布 to
    stab an id; 吕布 may refuse (saying nothing, he does it). The one stabbed has every 武将保护 protection that would
    meet it void and spent (R-zaiyeb-11): pointed at 曹操, 魏's 郭嘉 orders a stab on 关羽, and 关羽 dies. He stabs once
    for each side, never points at the same id twice, and sends nothing by night."""
    t = Table(size=32)
    with pytest.raises(IllegalAction, match="无需提交"):
        t.game.check_action(act("吕布", "朝秦暮楚", "曹操"), [])
    t.night()
    day_with(t, {}, act("吕布", "朝秦暮楚", "曹操"))
    assert told(t, "郭嘉", "吕布【朝秦暮楚】指认了魏国")
    t.night(answers=[{"actor": "郭嘉", "skill": "朝秦暮楚", "answer": "关羽"},
                     {"actor": "吕布", "skill": "朝秦暮楚", "answer": "执行"},
                     {"actor": "关羽", "skill": "继任", "answer": "黄忠"}])
    assert t.character("关羽") == "黄忠"
    with pytest.raises(IllegalAction, match="不可重复"):
        t.game.check_action(act("吕布", "朝秦暮楚", "曹操"), [])
    day_with(t, {}, act("吕布", "朝秦暮楚", "夏侯惇"))
    assert not told(t, "郭嘉", "指认了魏国")  # 魏 has had its stab
    t.night(answers=XUSHU)


@pytest.mark.skill("朝秦暮楚")
def test_zhaoqinmuchu_refused_order_is_told_to_the_strategist() -> None:
    """吕布【朝秦暮楚】: 吕布 refuses 吴's order; 吴's strategist 周瑜 is told, nobody is stabbed, and 吴 may order again
    the next time 吕布 points at 吴 (R-zaiyeb-11)."""
    t = Table(size=32)
    t.night()
    day_with(t, {}, act("吕布", "朝秦暮楚", "鲁肃"))
    t.night(answers=[{"actor": "周瑜", "skill": "朝秦暮楚", "answer": "郭嘉"},
                     {"actor": "吕布", "skill": "朝秦暮楚", "answer": "拒绝"}])
    assert t.character("郭嘉") == "郭嘉" and told(t, "周瑜", "吕布拒绝了刺杀 郭嘉 的命令")
    day_with(t, {}, act("吕布", "朝秦暮楚", "甘宁"))
    assert told(t, "周瑜", "指认了吴国")


@pytest.mark.skill("白门遗恨")
def test_baimenyihen_keeps_the_last_side_when_he_points_at_liubei() -> None:
    """吕布【白门遗恨】: pointing at 刘备 keeps the side of his last pointing (吴: 周瑜 learns it, not 蜀's strategist);
    from then on pointing at any 蜀 player keeps the last side too (R-zaiyeb-12)."""
    t = Table(size=32)
    t.night()
    day_with(t, {}, act("吕布", "朝秦暮楚", "鲁肃"))
    t.night(answers=[{"actor": "周瑜", "skill": "朝秦暮楚", "answer": "不令"}])
    day_with(t, {}, act("吕布", "朝秦暮楚", "刘备"))
    assert told(t, "吕布", "【白门遗恨】已触发") and told(t, "周瑜", "指认了吴国")
    assert not told(t, "徐庶", "指认了")
    t.night(answers=[{"actor": "周瑜", "skill": "朝秦暮楚", "answer": "不令"}, *XUSHU])
    day_with(t, {}, act("吕布", "朝秦暮楚", "张飞"))
    assert told(t, "周瑜", "指认了吴国") and not told(t, "诸葛亮", "指认了")


@pytest.mark.skill("祸水红颜")
def test_huoshuihongyan_two_men_contest_the_loser_wounded_the_winner_votes_twice() -> None:
    """貂蝉【祸水红颜】: two men 拼点 (digits, seed 003) and the loser is wounded; the next day 貂蝉's vote is void and
    the winner's counts as two (R-zaiyeb-13): 关羽 wins, 张辽 is wounded, and 关羽's vote makes 郭嘉 (3) the most
    voted over 荀攸 (2). The next night she may name one id to 拼点 the winner: 关羽 wins again over 张飞."""
    t = Table(size=32)
    without(t, "曹魏谋主")  # 荀攸 guards 魏 in 鼎立 (R-weimisc-10): not this test's subject
    t.force("拼点奇偶 关羽/张辽", "关羽")
    t.night(act("貂蝉", "祸水红颜", "张辽", "关羽"), digits={"张辽": 3, "关羽": 4})
    assert injured(t, "张辽") and not injured(t, "关羽")
    force_deal(t, "郭嘉", 1)
    votes = {p.id: p.id for p in t.state.living()} | {"关羽": "郭嘉", "张飞": "荀攸"}
    t.day(votes=votes, digits={"张辽": 9})
    assert injured(t, "郭嘉") and not injured(t, "荀攸")
    t.force("拼点奇偶 关羽/张飞", "关羽")
    t.night(act("貂蝉", "祸水红颜", "张飞"), digits={"张飞": 3, "关羽": 4})
    assert injured(t, "张飞") and not injured(t, "关羽")
    t.check_unused()


@pytest.mark.skill("祸水红颜")
def test_huoshuihongyan_on_a_woman_fails_for_good() -> None:
    """貂蝉【祸水红颜】: a woman among the two (小乔): the use fails and the skill cannot be used again (R-zaiyeb-13)."""
    t = Table(size=32)
    t.night(act("貂蝉", "祸水红颜", "张辽", "小乔"))
    assert entry(t, "貂蝉", "祸水红颜")["state"] == "failed" and not injured(t, "张辽")
    t.day()
    with pytest.raises(IllegalAction, match="不可再用"):
        t.game.check_action(act("貂蝉", "祸水红颜", "张辽", "关羽"), [])


@pytest.mark.skill("儿女情长")
def test_ernvqingchang_lvbu_wins_without_contest_and_ends_huoshuihongyan() -> None:
    """貂蝉【儿女情长】: when 【祸水红颜】 names 吕布, she and 吕布 know each other, 吕布 wins with no 拼点 (张辽 is
    wounded), and she cannot use 【祸水红颜】 again (R-zaiyeb-13)."""
    t = Table(size=32)
    without(t, "曹魏谋主")  # 荀攸 guards 魏 in 鼎立 (R-weimisc-10): not this test's subject
    t.night(act("貂蝉", "祸水红颜", "张辽", "吕布"))
    assert injured(t, "张辽") and not injured(t, "吕布") and t.game.mutual("貂蝉", "吕布")
    assert told(t, "貂蝉", "【儿女情长】已触发")
    assert not [d for d in t.state.rng.draws if "拼点" in d.purpose]
    t.day(digits={"张辽": 9})
    with pytest.raises(IllegalAction, match="不可再用"):
        t.game.check_action(act("貂蝉", "祸水红颜", "张飞", "关羽"), [])


@pytest.mark.skill("祸水红颜", "闭月羞花")
def test_huoshuihongyan_after_biyuexiuhua_the_winner_stabs_the_loser() -> None:
    """貂蝉【祸水红颜】: the night after her 【闭月羞花】 went off (甘宁's stab stopped), the winner is deemed to stab the
    loser too (a stab that is no killer's): 夏侯惇 wins, and 吕蒙, wounded and stabbed, dies (朱然 plays on) (R-zaiyeb-13)."""
    t = Table(size=32)
    t.force("貂蝉【闭月羞花】 甘宁的刺杀→貂蝉", True)
    t.night(act("甘宁", "刺杀", "貂蝉"))
    assert t.character("貂蝉") == "貂蝉"
    t.day()
    t.force("拼点奇偶 吕蒙/夏侯惇", "夏侯惇")
    t.night(act("貂蝉", "祸水红颜", "吕蒙", "夏侯惇"), digits={"吕蒙": 3, "夏侯惇": 4})
    assert t.character("吕蒙") == "朱然" and not injured(t, "夏侯惇")
    t.check_unused()


@pytest.mark.skill("雄霸天下")
def test_xiongbatianxia_also_fails_a_killers_own_stabbing_skill() -> None:
    """董卓【雄霸天下】: 「三国杀手当夜刺杀及依赖于刺杀发动的技能全部发动失败」 covers a killer's skill that stabs as a
    killer: 夏侯渊's 三日五百 on 刘备 that night fails (R-zaiyeb-3)."""
    t = table("董卓", "王允", "孔融")
    three_turns(t)
    t.night()
    t.day()
    t.night(act("董卓", "雄霸天下", "赵云"), act("夏侯渊", "三日五百", "刘备"))
    assert entry(t, "夏侯渊", "三日五百")["state"] == "void" and t.character("刘备") == "刘备"


def test_own_vote_void_on_takes_a_selector_of_players() -> None:
    """``own_vote_void``'s ``on`` (唯我独尊's lords) is a selector of players, not a party (``of``): a bad one is refused
    with a message naming the field (docs/dev/packs.md)."""
    from tianting.rules.sg24.declared.schema import EffectError, parse_effect

    with pytest.raises(EffectError, match="on"):
        parse_effect({"do": [{"verb": "own_vote_void", "who": "self", "on": {"of": "target"}}]}, "「某」【某】", "active")
    parse_effect({"do": [{"verb": "own_vote_void", "who": "self", "on": {"identity": ["君主"]}}]}, "「某」【某】", "active")
