"""The 24人 pack's 魏 skills the engine resolves (issue 31, branch wei): each test names the skill, states the 8.1
fact in our words, and, where two skills meet, the seed 001 sentence that orders them. The table is strict: every
draw not forced fails. A seat may be given to a successor from the first night (``seated``): its id is then that
character's name."""

from __future__ import annotations

from typing import Any

import pytest

from tests.declared_steps import entry, injured
from tianting.core.state import Status
from tianting.rules.sg24 import SeatSpec, SG24Game, seats
from tianting.rules.sg24.declared.schema import parse_effect
from tianting.rules.sg24.declared.text import describe

from .table24 import Table24, act


class Seated(Table24):
    """The strict table with some seats played by other characters of the pack (id = the character's name)."""

    def __init__(self, **plays: str) -> None:
        specs = [SeatSpec(plays.get(ch, ch), c, i, plays.get(ch, ch)) for c, i, ch in seats()]
        self.game = SG24Game.create(specs, 1)
        self.results = []


def not_judged(result: Any, skill: str) -> bool:
    return not any(skill in w for w in result.warnings if w.startswith("请天庭裁定"))


# ---- 指认 passives ---------------------------------------------------------------------------------------------
@pytest.mark.skill("乱箭齐发")
def test_luanjianqifa_removes_taishici_recognised() -> None:
    """张辽【乱箭齐发】: when his 指认 names 太史慈 rightly, 太史慈 leaves the game (no successor); a wrong 指认 does
    nothing."""
    t = Table24()
    t.night(act("张辽", "指认", "凌操", character="太史慈"))
    assert t.state.player("凌操").alive and t.state.player("太史慈").alive
    t.day()
    r = t.night(act("张辽", "指认", "太史慈", character="太史慈"))
    assert not t.state.player("太史慈").alive
    assert "你的【乱箭齐发】已触发" in t.said("张辽")
    assert not_judged(r, "乱箭齐发")


@pytest.mark.skill("青梅煮酒")
def test_qingmeizhujiu_makes_them_know_each_other_and_allies_wei_and_shu() -> None:
    """曹操【青梅煮酒】: naming 刘备 rightly makes the two know each other and makes the 魏蜀 alliance for two days and
    two nights (to night 3, made on night 1); the night's post says so (seed 001: 公告……当夜需要公告的联盟情况)."""
    t = Table24()
    r = t.night(act("曹操", "指认", "刘备", character="刘备"))
    assert t.state.player("曹操").known.get("刘备") == "刘备"
    assert t.state.player("刘备").known.get("曹操") == "曹操"
    assert t.state.extra["alliances"] == {"魏蜀": 3}
    assert "魏蜀联盟达成" in r.announcement["text"]


# ---- 宛城血战 (counter-wound) ------------------------------------------------------------------------------------
@pytest.mark.skill("宛城血战")
def test_wanchengxuezhan_stops_the_stab_and_wounds_the_stabber_and_dianwei() -> None:
    """典韦【宛城血战】: the id he names is spared the stab on it tonight; the stabber and 典韦 are both wounded."""
    t = Table24()
    r = t.night(act("典韦", "宛城血战", "甄姬"), act("关羽", "刺杀", "甄姬"))
    assert t.state.player("甄姬").status is Status.ALIVE
    assert injured(t, "关羽") and injured(t, "典韦")
    assert entry(t, "关羽", "刺杀")["state"] == "void"
    assert entry(t, "典韦", "宛城血战")["state"] == "done"
    assert not_judged(r, "宛城血战")


@pytest.mark.skill("宛城血战")
def test_wanchengxuezhan_with_two_stabbers_stops_one_by_contest() -> None:
    """典韦【宛城血战】 with two stabbers on the id: the 8.1 list's 释疑 has a 拼点 decide whose stab is stopped (a
    draw, R-wei-2); 太史慈's is stopped (he and 典韦 wounded), 关羽's kills 甄姬."""
    t = Table24().force("【宛城血战】拼点 甄姬", "太史慈")
    t.night(act("典韦", "宛城血战", "甄姬"), act("关羽", "刺杀", "甄姬"), act("太史慈", "刺杀", "甄姬"))
    assert not t.state.player("甄姬").alive
    assert injured(t, "太史慈") and injured(t, "典韦") and not injured(t, "关羽")
    t.check_unused()


@pytest.mark.skill("宛城血战")
def test_wanchengxuezhan_without_a_stab_does_nothing() -> None:
    """典韦【宛城血战】: with no stab on the id tonight, nothing happens (典韦 is not wounded)."""
    t = Table24()
    t.night(act("典韦", "宛城血战", "甄姬"))
    assert not injured(t, "典韦") and entry(t, "典韦", "宛城血战")["state"] == "failed"


# ---- 英雄相惜 ------------------------------------------------------------------------------------------------------
@pytest.mark.skill("英雄相惜")
def test_yingxiongxiangxi_voids_zhangliaos_stab_on_guanyu_and_halves_wei_stabs_after() -> None:
    """张辽【英雄相惜】: his stab that reaches 关羽 has no effect and he learns that id is 关羽; from then on, while he
    lives, a 魏 杀手's stab on 关羽 goes off with half chance (夏侯惇's the next night, losing its draw)."""
    t = Table24()
    r = t.night(act("张辽", "刺杀", "关羽"))
    assert t.state.player("关羽").status is Status.ALIVE
    assert entry(t, "张辽", "刺杀")["state"] == "void"
    assert any("关羽" in line for line in t.said("张辽") if "角色" in line)
    assert not_judged(r, "英雄相惜")
    t.day()
    t.force("成功率减半 夏侯惇【刺杀】", False)
    t.night(act("夏侯惇", "刺杀", "关羽"))
    assert t.state.player("关羽").status is Status.ALIVE
    assert entry(t, "夏侯惇", "刺杀")["state"] == "failed"
    t.check_unused()


@pytest.mark.skill("英雄相惜")
def test_yingxiongxiangxi_halving_is_no_draw_for_a_stab_elsewhere() -> None:
    """张辽【英雄相惜】: the half chance covers only stabs on 关羽: 夏侯惇's stab on 糜氏 draws nothing and kills her
    (黄月英 plays on)."""
    t = Table24()
    t.night(act("张辽", "刺杀", "关羽"))
    t.day()
    t.state.player("关羽").used["过关斩将"] = 1  # spent: it would defend 蜀's 女眷 from the stab (the shu table)
    t.night(act("夏侯惇", "刺杀", "糜氏"))
    assert t.character("糜氏") == "黄月英"


# ---- 围城焚粮 ------------------------------------------------------------------------------------------------------
@pytest.mark.skill("围城焚粮")
def test_weichengfenliang_stabs_one_not_of_wei() -> None:
    """荀攸【围城焚粮】: a stab that is no killer's on an id not of 魏 (糜氏 dies: 黄月英 plays on); an id of 魏 (甄姬) is
    untouched."""
    t = Seated(郭嘉="荀攸")
    t.state.player("关羽").used["过关斩将"] = 1  # spent: it would defend 蜀's 女眷 from the stab (the shu table)
    r = t.night(act("荀攸", "围城焚粮", "糜氏"))
    assert t.character("糜氏") == "黄月英"
    assert not_judged(r, "围城焚粮")
    t2 = Seated(郭嘉="荀攸")  # 围城焚粮 is used once a game (R53): the 魏 id on a table of its own
    t2.night(act("荀攸", "围城焚粮", "甄姬"))
    assert t2.state.player("甄姬").alive and entry(t2, "荀攸", "围城焚粮")["state"] == "failed"


@pytest.mark.skill("围城焚粮", "乱世枭雄")
def test_weichengfenliang_fails_when_another_skill_names_the_id() -> None:
    """荀攸【围城焚粮】: if another active skill names the id tonight (刘备【乱世枭雄】 on 糜氏), the stab has no effect:
    糜氏 is only wounded (the 8.1 list's 释疑: a skill that named the id when sent). A killer's stab on another id and
    a 指认 of the id are no skills: they do not stop it."""
    t = Seated(郭嘉="荀攸")
    t.state.player("关羽").used["过关斩将"] = 1  # spent: it would defend 蜀's 女眷 from the stab (the shu table)
    t.night(act("荀攸", "围城焚粮", "糜氏"), act("刘备", "乱世枭雄", "糜氏"))
    assert t.character("糜氏") == "糜氏" and injured(t, "糜氏")
    assert entry(t, "荀攸", "围城焚粮")["state"] == "failed"
    t2 = Seated(郭嘉="荀攸")
    t2.state.player("关羽").used["过关斩将"] = 1
    t2.night(act("荀攸", "围城焚粮", "糜氏"), act("曹操", "指认", "糜氏", character="刘备"))
    assert t2.character("糜氏") == "黄月英"


# ---- 琳琅妙笔 ------------------------------------------------------------------------------------------------------
@pytest.mark.skill("琳琅妙笔", "横扫江东")
def test_linlangmiaobi_defends_the_id_once() -> None:
    """曹植【琳琅妙笔】: the id (郭嘉, not wounded) is spared one 武将杀伤 or 军师负面 effect tonight (孙坚's 横扫江东)."""
    t = Seated(曹操="曹植")
    r = t.night(act("曹植", "琳琅妙笔", "郭嘉"), act("孙坚", "横扫江东", "郭嘉"))
    assert not injured(t, "郭嘉")
    assert not_judged(r, "琳琅妙笔")


@pytest.mark.skill("琳琅妙笔")
def test_linlangmiaobi_heals_a_wounded_id_first() -> None:
    """曹植【琳琅妙笔】: an id already wounded is healed (「优先治愈受伤」, R-dlqun2-1's reading of the same words)."""
    t = Seated(曹操="曹植")
    t.night(act("孙坚", "横扫江东", "郭嘉"))
    assert injured(t, "郭嘉")
    digits = {}
    for k in range(10):
        t.force(f"伤判表 郭嘉 第1次#{k + 1}", str(k))
    digits["郭嘉"] = 9  # 继续受伤
    t.day(digits=digits)
    assert injured(t, "郭嘉")
    t.night(act("曹植", "琳琅妙笔", "郭嘉"))
    assert t.state.player("郭嘉").status is Status.ALIVE


@pytest.mark.skill("琳琅妙笔", "火船冲阵")
def test_linlangmiaobi_halves_harms_aimed_at_caozhi() -> None:
    """曹植【琳琅妙笔】 (结算前): tonight a 武将杀伤 or 军师负面 skill aimed at 曹植 goes off with half chance: 黄盖's
    火船冲阵 on him loses its draw and fails."""
    t = Seated(曹操="曹植").force("成功率减半 黄盖【火船冲阵】", False)
    t.night(act("曹植", "琳琅妙笔", "郭嘉"), act("黄盖", "火船冲阵", "曹植"))
    assert not injured(t, "曹植") and entry(t, "黄盖", "火船冲阵")["state"] == "failed"
    t.check_unused()


# ---- 代汉自立 ------------------------------------------------------------------------------------------------------
@pytest.mark.skill("代汉自立", "横扫江东")
def test_daihanzili_halves_harms_on_caopi_and_says_its_line() -> None:
    """曹丕【代汉自立】 (全局): tonight a 武将杀伤 or 军师负面 skill aimed at 曹丕 goes off with half chance (孙坚's 横扫江东
    loses its draw); the post says 「曹子桓代汉自立」."""
    t = Seated(曹操="曹丕").force("成功率减半 孙坚【横扫江东】", False)
    r = t.night(act("曹丕", "代汉自立"), act("孙坚", "横扫江东", "曹丕"))
    assert not injured(t, "曹丕")
    assert "曹子桓代汉自立" in r.announcement["text"]
    t.check_unused()


@pytest.mark.skill("代汉自立")
def test_daihanzili_breaks_the_wu_shu_alliance_after_tonight_for_good() -> None:
    """曹丕【代汉自立】: the 吴蜀 alliance in force stands through tonight and ends after it (the 8.1 list's 释疑: it is
    not broken that night, but once the night's feedback is given); the post says it broke; it can never be made
    again from the next night."""
    t = Seated(曹操="曹丕")
    t.state.extra["alliances"] = {"蜀吴": 4}
    r = t.night(act("曹丕", "代汉自立"))
    assert t.state.extra["alliances"]["蜀吴"] == 1
    assert "吴蜀联盟破裂" in r.announcement["text"]
    assert t.state.extra["alliances_barred"]["蜀吴"] == 2


@pytest.mark.skill("代汉自立")
def test_daihanzili_without_an_alliance_only_bars_it() -> None:
    """曹丕【代汉自立】: 「若此时吴蜀非联盟状态，之后亦不可联盟」 — no alliance to break, nothing about it in the post."""
    t = Seated(曹操="曹丕")
    r = t.night(act("曹丕", "代汉自立"))
    assert "联盟" not in r.announcement["text"]
    assert t.state.extra["alliances_barred"]["蜀吴"] == 2


# ---- the words -------------------------------------------------------------------------------------------------
def test_new_words_read_in_chinese() -> None:
    """The verbs and conditions this branch adds have their player-facing sentences."""
    d = parse_effect({"if": [{"aimed": False}], "do": [{"verb": "stab"},
                      {"verb": "break_alliance", "countries": ["吴", "蜀"], "for_good": True},
                      {"verb": "void", "who": "character", "character": "汉少帝"}]}, "「x」【y】", "active")
    text = describe(d, "active")
    assert "其当夜未受到他人以其为目标的主动技能作用" in text
    assert "当夜结算后吴蜀联盟解除，此后两国不能再联盟" in text
    assert "令汉少帝当夜所有行动失败" in text


# ---- 分道扬镳 (陈宫 is in no bundled roster: a judge's pack seats him) -------------------------------------------
def pack_with_chengong() -> Any:
    """The bundled 24人 pack with the 8.1 list's 陈宫 (在野 平民, 陈登 his successor) added as a starting character."""
    import copy

    from tianting.rules.sg24.pack import bundled_data, parse_pack

    raw = copy.deepcopy(bundled_data("tianting.rules.sg24"))
    raw["characters"].append({
        "name": "陈宫", "country": "在野", "identity": "平民", "evaluations": ["智者", "义士", "仁者"],
        "successors": ["陈登"], "natural_death": None, "recognition": [], "start": True,
        "skills": [{"name": "请出就戮", "kind": "passive", "timing": None, "attribute": "无属性技能", "text": None}]})
    return parse_pack(raw)


@pytest.mark.skill("分道扬镳")
def test_fendaoyangbiao_ends_qingchujiulu_once_chengong_joined_another_country() -> None:
    """曹操【分道扬镳】: naming 陈宫 rightly once he has joined a country other than 魏 takes 【请出就戮】 from him for
    tonight and after; while he is still 在野 (or joined 魏) nothing happens. (His joining is set on the state: the
    join itself is seed 001's 投奔, tested elsewhere.)"""
    specs = [SeatSpec("陈宫" if ch == "陈登" else ch, c, i, "陈宫" if ch == "陈登" else ch) for c, i, ch in seats()]
    t = Table24()
    t.game = SG24Game.create(specs, 1, pack_with_chengong())
    t.night(act("曹操", "指认", "陈宫", character="陈宫"))
    assert "请出就戮" in t.state.player("陈宫").skills
    t.day()
    t.state.player("陈宫").country = "魏"
    t.night(act("曹操", "指认", "陈宫", character="陈宫"))
    assert "请出就戮" in t.state.player("陈宫").skills
    t.day()
    t.state.player("陈宫").country = "蜀"
    r = t.night(act("曹操", "指认", "陈宫", character="陈宫"),
                answers=[{"actor": "徐庶", "skill": "继任", "answer": "马良"}])  # 徐庶's natural death, night 3
    assert "请出就戮" not in t.state.player("陈宫").skills
    assert not_judged(r, "分道扬镳")


# ---- 割须弃袍 ------------------------------------------------------------------------------------------------------
@pytest.mark.skill("割须弃袍", "横扫江东")
def test_gexuqipao_stops_the_first_general_harm_then_is_spent() -> None:
    """曹操【割须弃袍】: the first 武将杀伤 effect on him is stopped (孙坚's 横扫江东), once: the next one (刘备's 乱世枭雄,
    the next night) wounds him."""
    t = Table24()
    r = t.night(act("孙坚", "横扫江东", "曹操"))
    assert not injured(t, "曹操") and t.state.player("曹操").used.get("割须弃袍") == 1
    assert not_judged(r, "割须弃袍")
    t.day()
    t.night(act("刘备", "乱世枭雄", "曹操"), answers=[{"actor": "典韦", "skill": "挺身护驾", "answer": "不护驾"}])
    assert injured(t, "曹操")


@pytest.mark.skill("割须弃袍")
def test_gexuqipao_stops_a_stab_only_with_half_chance_and_is_spent_either_way() -> None:
    """曹操【割须弃袍】: if what reaches him first is a stab, the stab fails with half chance (the draw won: 关羽's stab
    on him has no effect); the skill is spent either way (the draw lost: he dies, 曹丕 plays on)."""
    t = Table24().force("抵御 曹操【割须弃袍】对刺杀", True)
    t.night(act("关羽", "刺杀", "曹操"))
    assert t.state.player("曹操").status is Status.ALIVE and t.character("曹操") == "曹操"
    assert t.state.player("曹操").used.get("割须弃袍") == 1
    t.check_unused()
    t2 = Table24().force("抵御 曹操【割须弃袍】对刺杀", False)
    t2.night(act("关羽", "刺杀", "曹操"), answers=[{"actor": "曹操", "skill": "继任", "answer": "曹丕"}])
    assert t2.character("曹操") == "曹丕"
    t2.check_unused()
