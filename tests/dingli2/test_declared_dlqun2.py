"""鼎立三分2.0: the 在野 characters' skills the engine resolves (second half: 于吉, 董卓, 王允, 汉少帝, 管辂, 祢衡, 庞德,
蔡邕 …), each test stating the 8.1 fact in our words (docs/rulings/packs-dlqun2.md)."""

from __future__ import annotations

import pytest

from tests.declared_steps import injured, without
from tianting.core.errors import IllegalAction
from tianting.core.records import PhaseResult
from tianting.rules.dingli2 import DingliGame, SeatSpec

from .table import Table, act, force_deal, rule, seats


def table(*unaligned: str, ex: bool = False) -> Table:
    """A 26-player table whose three 在野 are ``unaligned`` (the seed's starting 在野 characters), 汉少帝 with ``ex``."""
    t = Table(ex=ex)
    specs = seats(ex=ex)
    countries = [s for s in specs if s.country != "在野"]
    emperor = [s for s in specs if s.character == "汉少帝"]
    t.game = DingliGame.create(countries + [SeatSpec(n, "在野", "平民", n) for n in unaligned] + emperor, 1)
    return t


def succeed(t: Table, pid: str) -> None:
    """``pid``'s character dies on a quiet night (the judge's ruling) and his one successor plays on."""
    t.night(rulings=(rule("kill", pid),))
    t.day()


XUSHU = [{"actor": "徐庶", "skill": "继任", "answer": "诸葛亮"}]
"""徐庶 dies of himself at the third night's resolution (8.1): who plays on."""


def state_of(t: Table, actor: str, skill: str) -> str:
    (entry,) = [e for e in t.state.history[-1]["actions"] if e["actor"] == actor and e["skill"] == skill]
    return str(entry["state"])


def not_asked(r: PhaseResult, skill: str) -> bool:
    return not any(skill in w for w in r.warnings if w.startswith("请天庭裁定"))


# ---- 于吉 --------------------------------------------------------------------------------------------------------
@pytest.mark.skill("广施符水")
def test_guangshifushui_heals_a_wound_first() -> None:
    """于吉【广施符水】: healing comes first — an id already wounded is healed (after the night's harms)."""
    t = table("于吉", "董卓", "王允")
    without(t, "曹魏谋主")
    force_deal(t, "郭嘉", 1)  # the table dealt to the wounded at the night's end
    t.night(act("曹操", "亲冒矢石", "郭嘉"))
    assert injured(t, "郭嘉")
    t.day(digits={"郭嘉": 7})  # 6–9: still wounded
    assert injured(t, "郭嘉")
    r = t.night(act("于吉", "广施符水", "郭嘉"))
    assert not injured(t, "郭嘉") and t.state.player("郭嘉").alive
    assert not_asked(r, "广施符水")


@pytest.mark.skill("广施符水")
def test_guangshifushui_defends_one_effect_but_not_a_stab() -> None:
    """于吉【广施符水】: on an id not wounded, one 武将杀伤 (or 军师负面) effect on him that night is stopped; a stab is
    not (「不能抵御刺杀」)."""
    t = table("于吉", "董卓", "王允")
    t.night(act("曹操", "亲冒矢石", "郭嘉"), act("于吉", "广施符水", "郭嘉"))
    assert not injured(t, "郭嘉")
    t2 = table("于吉", "董卓", "王允")  # 广施符水 is used once a game (R53): the stab on a table of its own
    t2.night(act("张辽", "刺杀", "鲁肃"), act("于吉", "广施符水", "鲁肃"))
    assert not t2.state.player("鲁肃").alive or t2.character("鲁肃") != "鲁肃"


@pytest.mark.skill("妖术惑众")
def test_yaoshuhuozhong_wounds_one_who_is_no_sage() -> None:
    """于吉【妖术惑众】: the id is wounded unless he has the 智者 evaluation (典韦 has none; 郭嘉 is a 智者)."""
    t = table("于吉", "董卓", "王允")
    without(t, "曹魏谋主")
    r = t.night(act("于吉", "妖术惑众", "典韦"))
    assert injured(t, "典韦") and not_asked(r, "妖术惑众")
    t2 = table("于吉", "董卓", "王允")  # 妖术惑众 is used once a game (R53): the 智者 on a table of its own
    t2.night(act("于吉", "妖术惑众", "郭嘉"))
    assert not injured(t2, "郭嘉") and state_of(t2, "于吉", "妖术惑众") == "failed"


@pytest.mark.skill("深得民心")
def test_shendeminxin_takes_two_votes_off_yuji_at_every_vote() -> None:
    """于吉【深得民心】: at every vote 于吉's count is two less: three votes on him (1 left) lose to two on 典韦, who is
    wounded (魏 has its 君主); without the skill 于吉, an 在野 with no 君主, would have died."""
    t = table("于吉", "董卓", "王允")
    t.night()
    t.day({"曹操": "于吉", "郭嘉": "于吉", "张辽": "于吉", "刘备": "典韦", "关羽": "典韦"})
    assert t.state.player("于吉").alive and not injured(t, "于吉")
    assert injured(t, "典韦")


# ---- 董卓 --------------------------------------------------------------------------------------------------------
@pytest.mark.skill("奉先安在")
def test_fengxiananzai_keeps_general_harm_off_dongzhuo_while_lvbu_is_unaligned() -> None:
    """董卓【奉先安在】: while 吕布 is 在野 that night, no 武将杀伤 skill acts on 董卓 (孙坚's 横扫江东 does nothing);
    with no 吕布 in play, the use does nothing and 董卓 is wounded."""
    t = table("吕布", "董卓", "王允")
    r = t.night(act("董卓", "奉先安在"), act("孙坚", "横扫江东", "董卓"))
    assert not injured(t, "董卓") and not_asked(r, "奉先安在")
    assert state_of(t, "孙坚", "横扫江东") == "void"
    t2 = table("于吉", "董卓", "王允")
    t2.night(act("董卓", "奉先安在"), act("孙坚", "横扫江东", "董卓"))
    assert injured(t2, "董卓") and state_of(t2, "董卓", "奉先安在") == "failed"


# ---- 王允 --------------------------------------------------------------------------------------------------------
@pytest.mark.skill("孟德献刀")
def test_mengdexiandao_wounds_dongzhuo_when_caocao_is_found() -> None:
    """王允【孟德献刀】: when his 指认 finds 曹操, 董卓 is wounded that night (王允 is told his passive went off, not who
    曹操 is: that allowance gives no feedback)."""
    t = table("于吉", "董卓", "王允")
    t.night(act("王允", "指认", "曹操", character="曹操"))
    assert injured(t, "董卓") and not injured(t, "曹操")
    assert "你的【孟德献刀】已触发" in t.said("王允")
    t2 = table("于吉", "董卓", "王允")
    t2.night(act("王允", "指认", "郭嘉", character="曹操"))
    assert not injured(t2, "董卓")


@pytest.mark.skill("恰逢大赦")
def test_qiafengdashe_voids_the_next_days_votes_once() -> None:
    """王允【恰逢大赦】: used one night, every vote of the next day is void (three on 典韦 harm nobody); 「某夜发动」 is
    once a game (R-SG31-3)."""
    t = table("于吉", "董卓", "王允")
    t.night(act("王允", "恰逢大赦"))
    r = t.day({"曹操": "典韦", "郭嘉": "典韦", "张辽": "典韦"})
    assert not injured(t, "典韦") and "本日全部投票无效" in r.trace
    with pytest.raises(IllegalAction, match="只能使用一次"):
        t.game.check_action(act("王允", "恰逢大赦"), [])


@pytest.mark.skill("末代老臣")
def test_modailaochen_makes_every_action_of_the_id_fail() -> None:
    """王允【末代老臣】 (结算前, 军师负面): every action of the id that night fails — 曹操's 亲冒矢石 never lands."""
    t = table("于吉", "董卓", "王允")
    r = t.night(act("王允", "末代老臣", "曹操"), act("曹操", "亲冒矢石", "郭嘉"))
    assert not injured(t, "郭嘉") and state_of(t, "曹操", "亲冒矢石") == "void"
    assert not_asked(r, "末代老臣")


# ---- 汉少帝 ------------------------------------------------------------------------------------------------------
@pytest.mark.skill("先祖庇护")
def test_xianzubihu_stops_one_general_harm_then_is_spent() -> None:
    """汉少帝【先祖庇护】: the first 武将杀伤 effect on him is stopped (「可以抵御一次」, R-SG31-2); the next one (吕蒙's
    勇贯三军 on him, a 猛将, its half chance won) lands."""
    t = table("于吉", "董卓", "王允", ex=True)
    t.night(act("孙坚", "横扫江东", "汉少帝"))
    assert not injured(t, "汉少帝") and t.state.player("汉少帝").used.get("先祖庇护")
    t.day()
    t.force("【勇贯三军】wound 吕蒙→汉少帝", True)
    t.night(act("吕蒙", "勇贯三军", "汉少帝"))
    assert injured(t, "汉少帝")
    t.check_unused()


# ---- 管辂 (水镜先生's successor) ---------------------------------------------------------------------------------
@pytest.mark.skill("算定天下")
def test_suandingtianxia_tells_the_character() -> None:
    """管辂【算定天下】: he learns the character of the id he names."""
    t = table("水镜先生", "董卓", "王允")
    succeed(t, "水镜先生")
    assert t.character("水镜先生") == "管辂"
    r = t.night(act("水镜先生", "算定天下", "典韦"))
    assert "典韦的角色是典韦" in t.said("水镜先生") and not_asked(r, "算定天下")


# ---- 祢衡 (孔融's successor) -------------------------------------------------------------------------------------
@pytest.mark.skill("裸衣击鼓")
def test_luoyijigu_takes_gefadaishou_from_caocao() -> None:
    """祢衡【裸衣击鼓】: finding 曹操 while his 【割发代首】 is unspent, 曹操 loses it; a second find, with the skill
    neither held nor spent, does nothing."""
    t = table("孔融", "董卓", "王允")
    succeed(t, "孔融")
    assert t.character("孔融") == "祢衡"
    t.night(act("孔融", "指认", "曹操", character="曹操"))
    assert "割发代首" not in t.state.player("曹操").skills
    t.day({"刘备": "曹操"})
    assert injured(t, "曹操")  # no 割发代首 to void the vote


@pytest.mark.skill("裸衣击鼓")
def test_luoyijigu_adds_three_votes_once_gefadaishou_is_spent() -> None:
    """祢衡【裸衣击鼓】: once 曹操's 【割发代首】 is spent, finding him gives 曹操 three more votes the next day: one vote
    on him (4) beats two on 典韦."""
    t = table("孔融", "董卓", "王允")
    succeed(t, "孔融")
    t.state.player("曹操").used["割发代首"] = 1  # spent at an earlier vote
    t.night(act("孔融", "指认", "曹操", character="曹操"))
    assert "割发代首" in t.state.player("曹操").skills
    t.day({"刘备": "曹操", "关羽": "典韦", "张飞": "典韦"})
    assert injured(t, "曹操") and not injured(t, "典韦")


# ---- 庞德 (吕布's successor in seed 003) --------------------------------------------------------------------------
@pytest.mark.skill("人马一体")
def test_renmayiti_wounds_a_champion_and_stabs_a_commander() -> None:
    """庞德【人马一体】: an id with 猛将 is wounded (with both 猛将 and 统帅: taken as 猛将); one with 统帅 only is stabbed
    (a non-killer's stab: 刘备, a 君主, dies and 刘禅 plays on)."""
    t = table("吕布", "董卓", "王允")
    without(t, "曹魏谋主")
    succeed(t, "吕布")
    assert t.character("吕布") == "庞德"
    r = t.night(act("吕布", "人马一体", "张辽"))
    assert injured(t, "张辽") and t.state.player("张辽").alive and not_asked(r, "人马一体")
    for target in ("刘备", "鲁肃"):  # 人马一体 is used once a game (R53): each on a table of its own
        t2 = table("吕布", "董卓", "王允")
        succeed(t2, "吕布")
        t2.night(act("吕布", "人马一体", target))
        if target == "刘备":
            assert t2.character("刘备") == "刘禅"
        else:  # neither
            assert not injured(t2, "鲁肃") and state_of(t2, "吕布", "人马一体") == "done"


@pytest.mark.skill("西凉铁骑")
def test_xiliangtieqi_makes_them_known_and_keeps_harm_off_both() -> None:
    """庞德【西凉铁骑】: finding 马超, the two know each other and that night no 军师负面 or 武将杀伤 skill acts on either
    (曹操's 亲冒矢石 on 马超 is void); a stab still reaches them (「不影响被刺杀」)."""
    t = table("吕布", "董卓", "王允")
    t.night(rulings=(rule("kill", "吕布"), rule("kill", "张飞")))
    t.day()
    assert t.character("吕布") == "庞德" and t.character("张飞") == "马超"
    t.night(act("吕布", "指认", "张飞", character="马超"), act("曹操", "亲冒矢石", "张飞"),
            act("孙坚", "横扫江东", "吕布"))
    assert not injured(t, "张飞") and not injured(t, "吕布")
    assert t.state.player("吕布").known.get("张飞") == "马超" and t.state.player("张飞").known.get("吕布") == "庞德"
    t.day()
    t.night(act("吕布", "指认", "张飞", character="马超"), act("张辽", "刺杀", "吕布"), answers=XUSHU)
    assert not t.state.player("吕布").alive


# ---- 蔡邕 (王允's successor) -------------------------------------------------------------------------------------
@pytest.mark.skill("世传大儒")
def test_shichuandaru_keeps_non_harming_negatives_off_a_sage() -> None:
    """蔡邕【世传大儒】 (结算前): on a 智者 (曹操), that night every 军师负面 use that harms nobody fails on him: 关羽's
    水淹七军 is void, so 曹操's 亲冒矢石 on 鲁肃 lands; a 军师负面 use that wounds (黄盖's 火船冲阵) still wounds him. On
    one who is no 智者 (典韦), nothing. 关羽 sits before 蔡邕: the defence stands first all the same (R-dlqun2-10)."""
    t = table("于吉", "董卓", "王允")
    without(t, "曹魏谋主")
    succeed(t, "王允")
    assert t.character("王允") == "蔡邕"
    r = t.night(act("王允", "世传大儒", "曹操"), act("关羽", "水淹七军", "曹操"), act("曹操", "亲冒矢石", "鲁肃"),
                act("黄盖", "火船冲阵", "曹操"))
    assert state_of(t, "关羽", "水淹七军") == "void" and injured(t, "鲁肃")
    assert injured(t, "曹操") and not_asked(r, "世传大儒")
    t2 = table("于吉", "董卓", "王允")
    without(t2, "曹魏谋主")
    succeed(t2, "王允")
    t2.night(act("王允", "世传大儒", "典韦"), act("关羽", "水淹七军", "典韦"))  # 典韦 is no 智者
    assert state_of(t2, "关羽", "水淹七军") == "done"


@pytest.mark.skill("笔走龙蛇")
def test_bizoulongshe_fails_every_recognition_of_a_man_of_letters() -> None:
    """蔡邕【笔走龙蛇】: on a 文豪, every 指认 of his that night fails (曹操 learns nothing of 刘备); on one who is no 文豪,
    nothing."""
    t = table("于吉", "董卓", "王允")
    succeed(t, "王允")
    t.night(act("王允", "笔走龙蛇", "曹操"), act("曹操", "指认", "刘备", character="刘备"))
    assert state_of(t, "曹操", "指认") == "void" and "刘备" not in t.state.player("曹操").known
    t2 = table("于吉", "董卓", "王允")  # 笔走龙蛇 is used once a game (R53): no 文豪 on a table of its own
    succeed(t2, "王允")
    t2.night(act("王允", "笔走龙蛇", "周瑜"), act("周瑜", "指认", "庞统", character="庞统"))
    assert state_of(t2, "周瑜", "指认") == "done"


@pytest.mark.skill("悲天悯人")
def test_beitianminren_keeps_every_harming_skill_off_a_benevolent_one() -> None:
    """蔡邕【悲天悯人】: on a 仁者, every harm a skill does him that night is stopped (曹操's 亲冒矢石 and 黄盖's 火船冲阵 on
    刘备); a killer's stab is no skill and still lands."""
    t = table("于吉", "董卓", "王允")
    succeed(t, "王允")
    t.night(act("王允", "悲天悯人", "刘备"), act("曹操", "亲冒矢石", "刘备"), act("黄盖", "火船冲阵", "刘备"))
    assert not injured(t, "刘备")
    t2 = table("于吉", "董卓", "王允")  # 悲天悯人 is used once a game (R53): the stab on a table of its own
    succeed(t2, "王允")
    t2.force("【披发涂炭】stab_void 徐庶→夏侯惇", False)  # 徐庶's passive on a 蜀 guard stabbed: the stab stands
    t2.night(act("王允", "悲天悯人", "关羽"), act("夏侯惇", "刺杀", "关羽"),
             answers=[{"actor": "关羽", "skill": "继任", "answer": "黄忠"}])
    assert t2.character("关羽") != "关羽" or not t2.state.player("关羽").alive


@pytest.mark.skill("年高德劭")
def test_niangaodeshao_asks_one_of_his_own_evaluations() -> None:
    """王允【年高德劭】: he asks of one id one 评价 he has himself (智者, 义士, 雅士) and is told the answer (郭嘉 is a 智者,
    典韦 is no 雅士); asking one he lacks (猛将), the use fails and he learns nothing."""
    t = table("于吉", "董卓", "王允")
    r = t.night(act("王允", "年高德劭", "郭嘉", evaluation="智者"))
    assert "郭嘉是智者" in t.said("王允") and not_asked(r, "年高德劭")
    t2 = table("于吉", "董卓", "王允")  # 年高德劭 is used once a game (R53): each other use on a table of its own
    t2.night(act("王允", "年高德劭", "典韦", evaluation="雅士"))
    assert "典韦不是雅士" in t2.said("王允")
    t3 = table("于吉", "董卓", "王允")
    t3.night(act("王允", "年高德劭", "典韦", evaluation="猛将"))
    assert not any("典韦" in s for s in t3.said("王允")) and state_of(t3, "王允", "年高德劭") == "failed"


@pytest.mark.skill("魑魅魍魉")
def test_chimeiwangliang_takes_the_stabber_along() -> None:
    """于吉【魑魅魍魉】: when 于吉 is stabbed to death, the stabber dies with him that night (张辽 dies, 徐晃 plays on;
    左慈 plays on for 于吉); killed by two skills' wounds instead (伤上加伤), nobody goes with him."""
    t = table("于吉", "董卓", "王允")
    r = t.night(act("张辽", "刺杀", "于吉"), answers=[{"actor": "张辽", "skill": "继任", "answer": "徐晃"}])
    assert t.character("于吉") == "左慈" and t.character("张辽") == "徐晃"
    assert "张辽（张辽）死亡，由继任者徐晃继续游戏：【魑魅魍魉】" in r.trace
    t2 = table("于吉", "董卓", "王允")
    t2.night(act("孙坚", "横扫江东", "于吉"), act("黄盖", "火船冲阵", "于吉"))
    assert t2.character("于吉") == "左慈" and t2.character("孙坚") == "孙坚" and t2.character("黄盖") == "黄盖"


# ---- 左慈 (于吉's successor) -------------------------------------------------------------------------------------
@pytest.mark.skill("地遁")
def test_didun_fails_his_actions_and_everything_aimed_at_him() -> None:
    """左慈【地遁】 (结算前, seed 003's interference rank 4): every action of the id fails that night (曹操's 亲冒矢石 on
    鲁肃), and every action aimed at him has no effect: 关羽's stab, 孙坚's 横扫江东, 王允's 指认 of him (so 【孟德献刀】
    is not set off)."""
    t = table("于吉", "董卓", "王允")
    succeed(t, "于吉")
    assert t.character("于吉") == "左慈"
    r = t.night(act("于吉", "地遁", "曹操"), act("曹操", "亲冒矢石", "鲁肃"), act("关羽", "刺杀", "曹操"),
                act("孙坚", "横扫江东", "曹操"), act("王允", "指认", "曹操", character="曹操"))
    assert not injured(t, "鲁肃") and state_of(t, "曹操", "亲冒矢石") == "void"
    assert t.state.player("曹操").alive and t.character("曹操") == "曹操" and not injured(t, "曹操")
    assert state_of(t, "关羽", "刺杀") == "void" and state_of(t, "孙坚", "横扫江东") == "void"
    assert state_of(t, "王允", "指认") == "void" and not injured(t, "董卓")
    assert not_asked(r, "地遁")


@pytest.mark.skill("颜回不死")
def test_yanhuibusi_heals_a_refined_one_at_his_next_check() -> None:
    """祢衡【颜回不死】: on a 雅士 (not himself), the id's next 伤判 heals him, even for a wound taken nights later: 周瑜,
    marked on night 2 and wounded on night 3, heals at day 3's check whatever his table (no digit read); one who is
    no 雅士 (典韦) is not marked. 祢衡 cannot name himself."""
    t = table("孔融", "董卓", "王允")
    succeed(t, "孔融")
    with pytest.raises(IllegalAction, match="不可指定自己"):
        t.game.check_action(act("孔融", "颜回不死", "孔融"), [])
    r = t.night(act("孔融", "颜回不死", "周瑜"))
    assert not_asked(r, "颜回不死") and "周瑜" in t.state.extra["heal_at_check"]
    t.day()
    force_deal(t, "周瑜", 1)  # the table dealt; its pick is never read
    t.night(act("曹操", "亲冒矢石", "周瑜"), answers=XUSHU)
    assert injured(t, "周瑜")
    t.day(digits={"周瑜": 4})  # 3–5 would have been death
    assert t.state.player("周瑜").alive and t.character("周瑜") == "周瑜" and not injured(t, "周瑜")
    t2 = table("孔融", "董卓", "王允")
    succeed(t2, "孔融")
    t2.night(act("孔融", "颜回不死", "典韦"))
    assert "典韦" not in t2.state.extra.get("heal_at_check", [])


@pytest.mark.skill("焦尾怜音")
def test_jiaoweilianyin_heals_an_old_wound_unless_harmed_again() -> None:
    """蔡邕【焦尾怜音】: on an 异人 wounded before tonight, the wound is healed (董卓, wounded the night before, is well;
    左慈 keeps every skill off him, 【借物代形】: R-zaiyeb-2); if that night the id takes another harm, the use fails and
    the skill is spent for good."""
    t = table("于吉", "董卓", "王允")
    t.night(rulings=(rule("kill", "王允"),))
    t.day()
    assert t.character("王允") == "蔡邕"
    force_deal(t, "董卓", 1)
    t.night(act("孙坚", "横扫江东", "董卓"))
    t.day(digits={"董卓": 8})  # still wounded
    assert injured(t, "董卓")
    r = t.night(act("王允", "焦尾怜音", "董卓"), answers=XUSHU)
    assert not injured(t, "董卓") and t.state.player("董卓").alive and not_asked(r, "焦尾怜音")
    t2 = table("于吉", "董卓", "王允")
    t2.night(rulings=(rule("kill", "王允"),))
    t2.day()
    force_deal(t2, "董卓", 1)
    t2.night(act("孙坚", "横扫江东", "董卓"))
    t2.day(digits={"董卓": 8})
    t2.night(act("王允", "焦尾怜音", "董卓"), act("关羽", "刺杀", "董卓"),
             answers=XUSHU)
    assert state_of(t2, "王允", "焦尾怜音") == "failed" and t2.character("董卓") == "李傕郭汜"
    t2.day()
    with pytest.raises(IllegalAction, match="已经消耗"):
        t2.game.check_action(act("王允", "焦尾怜音", "典韦"), [])


@pytest.mark.skill("天子之命")
def test_tianzizhiming_changes_a_characters_next_vote_unseen() -> None:
    """汉少帝【天子之命】: he names a character and an id; the next day that character's vote goes to the id instead,
    and the ballot still shows the vote as cast: 郭嘉's vote on 刘备 goes to 典韦, who has the most (2) and is wounded."""
    t = table("于吉", "董卓", "王允", ex=True)
    with pytest.raises(IllegalAction, match="角色名字"):
        t.game.check_action(act("汉少帝", "天子之命", "典韦"), [])
    r = t.night(act("汉少帝", "天子之命", "典韦", character="郭嘉"))
    assert not_asked(r, "天子之命")
    r = t.day({"郭嘉": "刘备", "关羽": "刘备", "张辽": "典韦"})
    assert injured(t, "典韦") and not injured(t, "刘备")
    assert r.announcement["ballot"]["郭嘉"] == "刘备"
    with pytest.raises(IllegalAction, match="只能使用一次，已经消耗"):  # once a game (R53)
        t.game.check_action(act("汉少帝", "天子之命", "典韦", character="郭嘉"), [])


@pytest.mark.skill("死战不屈")
def test_sizhanbuqu_stabs_through_protection_then_pangde_leaves() -> None:
    """庞德【死战不屈】: a stab on the id, and every 武将保护 skill his stab sets off has no effect and is spent (赵云's
    浑身是胆 on 刘备: 刘备 dies, 刘禅 plays on, 浑身是胆 can never be used again); at the next night's resolution 庞德
    leaves the game (he still acts that night: his 人马一体 lands)."""
    t = table("吕布", "董卓", "王允")
    without(t, "曹魏谋主")
    succeed(t, "吕布")
    r = t.night(act("赵云", "浑身是胆", "刘备"), act("吕布", "死战不屈", "刘备"))
    assert t.character("刘备") == "刘禅" and not_asked(r, "死战不屈")
    assert t.state.player("赵云").used.get("浑身是胆")
    t.day()
    with pytest.raises(IllegalAction, match="已经消耗"):
        t.game.check_action(act("赵云", "浑身是胆", "刘备"), [])
    assert t.state.player("吕布").alive
    t.night(act("吕布", "人马一体", "张辽"), answers=XUSHU)
    assert injured(t, "张辽") and not t.state.player("吕布").alive
    assert "吕布" in t.results[-1].announcement["exited"]
