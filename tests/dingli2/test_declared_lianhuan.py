"""鼎立三分2.0's skills of lasting states and chained skills the engine resolves (issue 31): 小乔, 周瑜, 孙尚香 and
their kind, each test citing the 8.1 fact in our words. Rulings: R-lianhuan-* in docs/rulings/packs-lianhuan.md."""

from __future__ import annotations

import pytest

from tests.declared_steps import entry, injured, without
from tianting.core.errors import IllegalAction

from .table import Table, act, rule

SIX = ("曹操", "郭嘉", "程昱", "荀攸", "张辽", "夏侯惇")
FOUR = ("夏侯渊", "典韦", "卞氏", "关羽")


@pytest.mark.skill("南国佳人")
def test_nanguojiaren_takes_two_votes_off_her_own_count() -> None:
    """小乔【南国佳人】: at every vote her own count is two lower. Six votes name her and five name 刘备 (four, and his
    own late vote: 「过时不投视为自投一票」); with two taken off she has four, and 刘备 is the most voted."""
    t = Table()
    t.night()
    votes = {**dict.fromkeys(SIX, "小乔"), **dict.fromkeys(FOUR, "刘备"), "小乔": "刘备"}
    r = t.day(votes)
    assert r.announcement["voted"] == "刘备"
    assert sum(1 for v in r.announcement["ballot"].values() if v == "小乔") == 6  # the ballot shows the votes cast


@pytest.mark.skill("南国佳人")
def test_nanguojiaren_at_every_vote_not_once() -> None:
    """小乔【南国佳人】 「触发次数不限」: the second day too her count is two lower (four votes on her count two, three
    on 刘备 with his own make four: 刘备 is the most voted)."""
    t = Table()
    t.night()
    t.day()
    t.night()
    votes = {**dict.fromkeys(SIX[:4], "小乔"), **dict.fromkeys(FOUR[:2], "刘备"), "小乔": "刘备"}
    r = t.day(votes)
    assert r.announcement["voted"] == "刘备"


@pytest.mark.skill("倾国倾城")
def test_qingguoqingcheng_a_hidden_vote_the_next_day() -> None:
    """小乔【倾国倾城】: used one night, the next day she casts one 暗票 more, whose target she gives that day; it
    counts and is not on the posted ballot (D-D2, R-lianhuan-1). Five on 刘备 (his own included) and five on 庞统
    (his own included) tie; her 暗票 on 庞统 makes him the most voted, while the ballot still shows five for him."""
    t = Table()
    t.night(act("小乔", "倾国倾城"))
    votes = {**dict.fromkeys(("曹操", "郭嘉", "程昱"), "刘备"), "小乔": "刘备",
             **dict.fromkeys(("张辽", "夏侯惇", "夏侯渊", "典韦"), "庞统")}
    r = t.day(votes, answers=[{"actor": "小乔", "skill": "倾国倾城", "answer": "庞统"}])
    assert r.announcement["voted"] == "庞统"
    assert sum(1 for v in r.announcement["ballot"].values() if v == "庞统") == 5


@pytest.mark.skill("倾国倾城", "南国佳人")
def test_qingguoqingcheng_hidden_vote_on_herself_is_lessened_too() -> None:
    """Her 暗票 is a vote for whom she names; cast for herself it is one of her own count, which 【南国佳人】 lowers by
    two as every vote's (R-lianhuan-1): three open votes and her 暗票 on her make two; 刘备 with three is voted."""
    t = Table()
    t.night(act("小乔", "倾国倾城"))
    votes = {**dict.fromkeys(("曹操", "郭嘉"), "小乔"), **dict.fromkeys(("张辽", "夏侯惇"), "刘备")}
    r = t.day(votes, answers=[{"actor": "小乔", "skill": "倾国倾城", "answer": "小乔"}])
    assert r.announcement["voted"] == "刘备"


@pytest.mark.skill("武侯八阵")
def test_wuhoubazhen_in_dingli_voids_the_day_vote() -> None:
    """诸葛亮【武侯八阵】 (8.1's 卧龙, 徐庶's successor in 鼎立): 张辽 trapped has his stab fail; by day he names 5, a C
    (继续被困, 无法提交行动), so that day's vote is void (「判定结果为BCD，则次日投票无效」): ten votes on 刘备 harm
    nobody; 诸葛亮 is told the result (R-lianhuan-2)."""
    t = Table()
    t.night(rulings=(rule("kill", "徐庶"),), answers=[{"actor": "徐庶", "skill": "继任", "answer": "诸葛亮"}])
    t.day()
    assert t.character("徐庶") == "诸葛亮"
    t.night(act("徐庶", "武侯八阵", "张辽", meanings="AABBCCDE"), act("张辽", "刺杀", "庞统"))
    assert entry(t, "张辽", "刺杀")["state"] == "void"
    r = t.day(dict.fromkeys(SIX + FOUR, "刘备"), answers=[{"actor": "张辽", "skill": "武侯八阵", "answer": 5}])
    assert not injured(t, "刘备")
    assert r.announcement["voted"] is None
    assert "【武侯八阵】八阵判定：张辽 指定数字5：继续被困，且无法提交行动" in t.said("徐庶")


@pytest.mark.skill("巧设反间")
def test_qiaoshefanjian_reports_the_named_character_s_actions() -> None:
    """周瑜【巧设反间】: naming a character (「指定一个角色名称」), he learns what its id sent tonight (「某角色刺杀某ID、
    某角色指认某ID为某角色」); the hosted game shows it at the deadline (D-A7), the engine puts it in his feedback when
    the use goes off (R-lianhuan-3). 8.1 gives no count: once a game (R53), a second use is refused. On another
    table, named by id, one who sent nothing: he is told so."""
    t = Table()
    t.night(act("周瑜", "巧设反间", character="张辽"), act("张辽", "刺杀", "庞统"),
            act("张辽", "指认", "荀攸", character="贾诩"))
    assert entry(t, "周瑜", "巧设反间")["state"] == "done"
    assert "【巧设反间】：张辽 当夜对 庞统 使用了【刺杀】；对 荀攸 使用了【指认】（贾诩）" in t.said("周瑜")
    t.day()
    with pytest.raises(IllegalAction, match="【巧设反间】只能使用一次，已经消耗"):
        t.game.check_action(act("周瑜", "巧设反间", "庞统"), [])
    t2 = Table()
    t2.night(act("周瑜", "巧设反间", "庞统"))
    assert "【巧设反间】：庞统 当夜没有提交行动" in t2.said("周瑜")


@pytest.mark.skill("巧设反间", "武侯八阵")
def test_qiaoshefanjian_fails_when_its_user_is_trapped() -> None:
    """Whether the use goes off is the engine's (D-A7): 周瑜 trapped by 诸葛亮【武侯八阵】 (「使其当夜行动全部发动失败」)
    has his 【巧设反间】 fail, and his feedback holds no report (R-lianhuan-3)."""
    t = Table()
    t.night(rulings=(rule("kill", "徐庶"),), answers=[{"actor": "徐庶", "skill": "继任", "answer": "诸葛亮"}])
    t.day()
    t.night(act("徐庶", "武侯八阵", "周瑜", meanings="AABBCCDE"), act("周瑜", "巧设反间", character="张辽"),
            act("张辽", "刺杀", "庞统"))
    assert entry(t, "周瑜", "巧设反间")["state"] == "void"
    assert not any("当夜对" in s for s in t.said("周瑜"))


def zhugeliang() -> Table:
    """徐庶 dies the first night; his id plays 诸葛亮 from the second."""
    t = Table()
    without(t, "曹魏谋主")  # 荀攸 guards 魏 in 鼎立 (R-weimisc-10): not these tests' subject
    t.night(rulings=(rule("kill", "徐庶"),), answers=[{"actor": "徐庶", "skill": "继任", "answer": "诸葛亮"}])
    t.day()
    return t


@pytest.mark.skill("连环妙计", "武侯八阵")
def test_lianhuan_move_met_by_a_trap_fails() -> None:
    """【连环妙计】's 释疑: 「当连环更改受到【武侯八阵】等技能的作用时，连环视作更改失败」 and 庞统 is told. The chain 曹操–刘备
    stands; 庞统 moves it onto 孙坚 the night 诸葛亮 traps 孙坚: the move is void, 庞统 told, and the chain as it stood
    still acts (黄盖【火船冲阵】 on 曹操 wounds 刘备 too; seed 003 ranks 「原有的连环状态」 first, R-lianhuan-4)."""
    t = zhugeliang()
    t.night(act("庞统", "连环妙计", "曹操", "刘备"))
    t.day()
    t.night(act("徐庶", "武侯八阵", "孙坚", meanings="AABBCCDE"), act("庞统", "连环妙计", "孙坚", "刘备"),
            act("黄盖", "火船冲阵", "曹操"))
    assert entry(t, "庞统", "连环妙计")["state"] == "void"
    assert "【连环妙计】连环更改失败：孙坚 受到【武侯八阵】作用" in t.said("庞统")
    assert injured(t, "曹操") and injured(t, "刘备")


@pytest.mark.skill("连环妙计")
def test_lianhuan_user_away_sets_the_chain_aside() -> None:
    """释疑 4: 庞统's id leaves the game without a death (the judge's 暂时离开游戏): the chain is set aside and acts on
    neither end (黄盖's wound on 曹操 stays his); back in the game with both ends as they were, the skill is new again: a
    fresh chain may be made."""
    t = Table()
    without(t, "曹魏谋主")  # 荀攸 guards 魏 in 鼎立 (R-weimisc-10): not these tests' subject
    t.night(act("庞统", "连环妙计", "曹操", "刘备"), rulings=(rule("remove", "庞统"),))
    t.day()
    t.night(act("黄盖", "火船冲阵", "曹操"))
    assert injured(t, "曹操") and not injured(t, "刘备")
    t.day(rulings=(rule("restore", "庞统"),))
    t.night(act("庞统", "连环妙计", "孙坚", "周瑜"), answers=[{"actor": "徐庶", "skill": "继任", "answer": "马良"}])
    assert "【连环妙计】：连环 孙坚 与 周瑜" in t.said("庞统")


def chibi_table() -> Table:
    """周瑜 and 黄盖 know each other, 甘宁 knows 周瑜; the first night 周瑜's right 指认 of 庞统 makes the 吴蜀 alliance
    (【雄才大略】) and 庞统 chains 糜氏 and 卞氏."""
    t = Table()
    without(t, "曹魏谋主")  # 荀攸 guards 魏 in 鼎立 (R-weimisc-10): not these tests' subject
    for a, b in (("周瑜", "黄盖"), ("黄盖", "周瑜"), ("甘宁", "周瑜")):
        t.state.player(a).known[b] = t.character(b)
    t.night(act("周瑜", "指认", "庞统", character="庞统"), act("庞统", "连环妙计", "糜氏", "卞氏"))
    t.day()
    return t


@pytest.mark.skill("火烧赤壁", "乌林阻敌", "奉孝安在")
def test_huoshaochibi_burns_the_next_night() -> None:
    """周瑜【火烧赤壁】: the 吴蜀 alliance made the night 周瑜 is in play, and at the next night's start it stands, 周瑜
    and 黄盖 know each other and 庞统's chain holds with no false end: it goes off. One 魏 id but the lord dies, drawn
    (「魏国君主指定数字」, the generator in its place): 张辽. That night 魏's actions have half chance; the post says
    「周公瑾火烧赤壁」. 甘宁【乌林阻敌】 (he knows 周瑜): one 魏 id more is wounded (典韦). 郭嘉【奉孝安在】 (郭嘉 alive):
    that night non-魏 武将杀伤 uses on 魏 fail — 孙坚【横扫江东】 on 程昱 (R-lianhuan-5)."""
    t = chibi_table()
    t.force("【火烧赤壁】魏国随机死亡", "张辽").force("【乌林阻敌】魏国随机受伤", "典韦")
    r = t.night(act("孙坚", "横扫江东", "程昱"), answers=[{"actor": "张辽", "skill": "继任", "answer": "徐晃"}])
    assert t.character("张辽") == "徐晃"
    assert injured(t, "典韦")
    assert not injured(t, "程昱")
    assert entry(t, "孙坚", "横扫江东")["state"] == "failed"
    assert "周公瑾火烧赤壁" in r.announcement["text"]
    t.check_unused()


@pytest.mark.skill("火烧赤壁")
def test_huoshaochibi_needs_the_chain_and_the_mutual_knowledge() -> None:
    """Without 庞统's chain standing, or with 周瑜 and 黄盖 not knowing each other, the alliance alone does not set it
    off: nobody dies at the next night's start."""
    t = Table()
    t.state.player("周瑜").known["黄盖"] = "黄盖"
    t.state.player("黄盖").known["周瑜"] = "周瑜"
    t.night(act("周瑜", "指认", "庞统", character="庞统"))
    t.day()
    r = t.night()
    assert "周公瑾火烧赤壁" not in r.announcement["text"]
    t2 = Table()
    t2.night(act("周瑜", "指认", "庞统", character="庞统"), act("庞统", "连环妙计", "糜氏", "卞氏"))
    t2.day()
    r2 = t2.night()
    assert "周公瑾火烧赤壁" not in r2.announcement["text"]


def wangyun_table() -> Table:
    """32 players, 王允 in the last 在野 seat (in place of 于吉), 吕布 and 貂蝉 among them."""
    from tianting.rules.dingli2 import DingliGame, SeatSpec

    from .table import seats

    t = Table(size=32)
    chairs = seats(32)
    chairs[-1] = SeatSpec("王允", "在野", "平民", "王允")
    t.game = DingliGame.create(chairs, 1)
    return t


@pytest.mark.skill("巧施连环")
def test_qiaoshilianhuan_makes_lvbu_stab() -> None:
    """王允【巧施连环】: only once he has named 貂蝉 rightly (「成功指认出貂蝉时……此技能生效」) — before, the use is
    refused. Then one night 吕布, alive and unwounded, stabs the id 王允 names, whatever his side: 张辽 dies (his id
    goes on as 徐晃). It is spent (R-lianhuan-6)."""
    t = wangyun_table()
    with pytest.raises(IllegalAction):
        t.game.check_action(act("王允", "巧施连环", "张辽"), [])
    t.state.player("王允").known["貂蝉"] = "貂蝉"
    t.night(act("王允", "巧施连环", "张辽"), answers=[{"actor": "张辽", "skill": "继任", "answer": "徐晃"}])
    assert t.character("张辽") == "徐晃"
    assert t.state.player("王允").used.get("巧施连环") == 1


@pytest.mark.skill("巧施连环")
def test_qiaoshilianhuan_on_lvbu_or_diaochan_is_spent_for_nothing() -> None:
    """「若指定的刺杀对象为吕布或貂蝉，则此次命令失效，【巧施连环】视作已经消耗」: naming 貂蝉, nobody is stabbed and
    the skill is gone."""
    t = wangyun_table()
    t.state.player("王允").known["貂蝉"] = "貂蝉"
    t.night(act("王允", "巧施连环", "貂蝉"))
    assert entry(t, "王允", "巧施连环")["state"] == "failed"
    assert t.status("貂蝉") == "alive"
    with pytest.raises(IllegalAction):
        t.game.check_action(act("王允", "巧施连环", "张辽"), [])


@pytest.mark.skill("政治联姻")
def test_zhengzhilianyin_mutual_recognition_with_liubei() -> None:
    """孙尚香【政治联姻】 (小乔's successor): she names 刘备 rightly and 刘备 names her rightly (his allowance 「每夜2个ID
    指认孙尚香」, R-lianhuan-8): the 吴蜀 alliance is made (the post says so), and from then on a 蜀 killer's stab on
    her fails (关羽's that night, 张飞's the next); a 魏 killer's still lands (张辽's)."""
    t = Table()
    t.night(rulings=(rule("kill", "小乔"),))
    t.day()
    assert t.character("小乔") == "孙尚香"
    r = t.night(act("小乔", "指认", "刘备", character="刘备"), act("刘备", "指认", "小乔", character="孙尚香"),
                act("关羽", "刺杀", "小乔"))
    assert "吴蜀联盟达成" in r.announcement["text"]
    assert "你的【政治联姻】已触发：吴蜀联盟达成，蜀国杀手对你的刺杀此后失效" in t.said("小乔")
    assert t.status("小乔") == "alive"
    t.day()
    t.night(act("张飞", "刺杀", "小乔"), answers=[{"actor": "徐庶", "skill": "继任", "answer": "马良"}])
    assert t.status("小乔") == "alive"
    t.day()
    t.night(act("张辽", "刺杀", "小乔"), answers=[{"actor": "周瑜", "skill": "继任", "answer": "陆逊"}])
    assert t.status("小乔") != "alive"


@pytest.mark.skill("政治联姻")
def test_zhengzhilianyin_one_sided_does_nothing() -> None:
    """Only her 指认 of 刘备 (he does not name her): no alliance, and 关羽's stab on her lands."""
    t = Table()
    t.night(rulings=(rule("kill", "小乔"),))
    t.day()
    r = t.night(act("小乔", "指认", "刘备", character="刘备"), act("关羽", "刺杀", "小乔"))
    assert "吴蜀联盟达成" not in r.announcement["text"]
    assert t.status("小乔") != "alive"


@pytest.mark.skill("国色天香")
def test_guosetianxiang_right_guess_uses_the_skill() -> None:
    """小乔【国色天香】: she guesses 孙坚's character has 【横扫江东】, and sends its target (张辽). Right, she uses it once
    that night as hers: 张辽 is wounded; she is told (R-lianhuan-9)."""
    t = Table()
    without(t, "曹魏谋主")  # 荀攸 guards 魏 in 鼎立 (R-weimisc-10): not these tests' subject
    t.night(act("小乔", "国色天香", "孙坚", guess="横扫江东", use_targets=["张辽"]))
    assert entry(t, "小乔", "国色天香")["state"] == "done"
    assert injured(t, "张辽")
    assert "【国色天香】猜测正确：当夜使用【横扫江东】一次" in t.said("小乔")


@pytest.mark.skill("国色天香")
def test_guosetianxiang_wrong_guess_loses_it() -> None:
    """Wrong (刘备's character has no 【横扫江东】): the use fails and she cannot use 【国色天香】 again (「如果猜测错误，
    则【国色天香】发动失败，不可再用」). The three skills excepted cannot be guessed (「不包括【料敌机先】、【武侯八阵】、
    【连环妙计】」), nor one the pack does not have."""
    t = Table()
    with pytest.raises(IllegalAction):
        t.game.check_action(act("小乔", "国色天香", "庞统", guess="连环妙计", use_targets=["曹操", "刘备"]), [])
    with pytest.raises(IllegalAction):
        t.game.check_action(act("小乔", "国色天香", "庞统", guess="并无此技"), [])
    t.night(act("小乔", "国色天香", "刘备", guess="横扫江东", use_targets=["曹操"]))
    assert entry(t, "小乔", "国色天香")["state"] == "failed"
    assert not injured(t, "曹操")
    assert "国色天香" not in t.state.player("小乔").skills
    assert "【国色天香】猜测错误：刘备 的角色没有【横扫江东】" in t.said("小乔")


@pytest.mark.skill("武侯八阵")
def test_wuhoubazhen_luxun_reads_e_as_d() -> None:
    """「若被困者为陆逊，则DE的效果统一为D，BC的效果统一为C」: 陆逊 (周瑜's successor) trapped names 8, an E (破阵) for
    anyone else: for him it is D, and he dies after the vote (his id goes on as 陆抗); 诸葛亮 keeps the skill
    (R-lianhuan-2)."""
    t = Table()
    t.night(rulings=(rule("kill", "徐庶"), rule("kill", "周瑜")),
            answers=[{"actor": "徐庶", "skill": "继任", "answer": "诸葛亮"},
                     {"actor": "周瑜", "skill": "继任", "answer": "陆逊"}])
    t.day()
    assert t.character("周瑜") == "陆逊"
    t.night(act("徐庶", "武侯八阵", "周瑜", meanings="AABBCCDE"))
    r = t.day(answers=[{"actor": "周瑜", "skill": "武侯八阵", "answer": 8}])
    assert "【武侯八阵】八阵判定：周瑜 指定数字8：死亡" in t.said("徐庶")
    assert "周瑜" in r.announcement["died"] and t.character("周瑜") == "陆抗"  # his id goes on as 陆抗
    assert "武侯八阵" in t.state.player("徐庶").skills
