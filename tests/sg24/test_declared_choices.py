"""The 24人 skills that turn on a choice its holder makes mid-night (core/decisions.py), and the skills that hang on
those choices (issue 31): each test names the skill, states the 8.1 fact it rests on in our words, and, where two
skills meet, the seed 001 sentence that orders them. Rulings: R-choices-* in docs/rulings/packs-choices.md.

The table is strict (tests/sg24/table24.py): every draw a test does not force and every answer it does not give
fails it; each id is the seat's starting character."""

from __future__ import annotations

import pytest

from tests.declared_steps import entry, injured, keep_wounded, successor
from tianting.core.errors import IllegalAction
from tianting.core.records import Ruling
from tianting.core.state import Status

from .table24 import Table24, act


def _texts(t: Table24, pid: str) -> list[str]:
    return [str(x) for x in t.said(pid)]


# ---- 典韦 ---------------------------------------------------------------------------------------------------------
def lord_bare() -> Table24:
    """曹操's 【割须弃袍】 spent beforehand, so that it does not stop the first 武将杀伤 attack on him."""
    t = Table24()
    t.state.player("曹操").used["割须弃袍"] = 1
    return t


@pytest.mark.skill("挺身护驾")
def test_tingshenhujia_guards_the_lord_if_he_chooses() -> None:
    """典韦【挺身护驾】: an attack of a 武将杀伤 skill (吕蒙【勇贯三军】; 曹操 is no 猛将, so it surely wounds) would
    still land on 魏's lord: 典韦 is told 「君主受到攻击」 and asked; guarding, the lord is unharmed and 典韦 is wounded;
    declining, the lord is wounded (R-choices-1)."""
    t = lord_bare()
    t.night(act("吕蒙", "勇贯三军", "曹操"), answers=[{"actor": "典韦", "skill": "挺身护驾", "answer": "护驾"}])
    assert not injured(t, "曹操") and injured(t, "典韦")
    assert any("君主受到攻击" in s for s in _texts(t, "典韦"))
    assert not any("挺身护驾" in s for s in _texts(t, "曹操"))
    t2 = lord_bare()
    t2.night(act("吕蒙", "勇贯三军", "曹操"), answers=[{"actor": "典韦", "skill": "挺身护驾", "answer": "不护驾"}])
    assert injured(t2, "曹操") and not injured(t2, "典韦")
    assert any("君主受到攻击" in s for s in _texts(t2, "典韦"))


@pytest.mark.skill("挺身护驾")
def test_tingshenhujia_is_not_asked_when_nothing_lands() -> None:
    """典韦【挺身护驾】 answers an attack that 「经过结算和判定之后仍然要承受伤害」: 曹操's own 【割须弃袍】 stops the
    first 武将杀伤 attack on him, so 典韦 is not asked (the strict table would fail on an unanswered question), nor is
    he asked for a stab (no 武将杀伤 skill)."""
    t = Table24()
    t.night(act("吕蒙", "勇贯三军", "曹操"))
    assert not injured(t, "曹操") and not injured(t, "典韦")
    assert not any("君主受到攻击" in s for s in _texts(t, "典韦"))


# ---- 关羽 / 吕蒙 ----------------------------------------------------------------------------------------------------
@pytest.mark.skill("白衣渡江", "春秋大义")
def test_baiyidujiang_takes_guanyu_out_and_allies_wei_and_wu_unless_he_chooses_chunqiudayi() -> None:
    """吕蒙【白衣渡江】: naming 关羽 rightly takes 关羽 out of the game (脱离游戏: no successor, 黄忠 does not play on)
    and, 关羽 not triggering 【春秋大义】, makes the 魏吴 alliance (the post says so). 关羽 asked and triggering it:
    he still leaves, but no 魏吴 alliance is made, now or later (R-choices-2)."""
    t = Table24()
    r = t.night(act("吕蒙", "指认", "关羽", character="关羽"),
                answers=[{"actor": "关羽", "skill": "春秋大义", "answer": "不触发"}])
    assert t.status("关羽") == "out" and t.character("关羽") == "关羽"
    assert t.state.extra["alliances"] == {"魏吴": 3}
    assert "魏吴联盟达成" in r.announcement["text"]
    assert "你的【白衣渡江】已触发" in " ".join(_texts(t, "吕蒙"))
    t2 = Table24()
    r2 = t2.night(act("吕蒙", "指认", "关羽", character="关羽"),
                  answers=[{"actor": "关羽", "skill": "春秋大义", "answer": "触发"}])
    assert t2.status("关羽") == "out"
    assert "魏吴" not in t2.state.extra.get("alliances", {})
    assert t2.state.extra["alliances_barred"] == {"魏吴": 1}  # 「魏吴联盟无法建立」: from tonight on
    assert "魏吴联盟" not in r2.announcement["text"]
    assert any("春秋大义" in s for s in _texts(t2, "关羽"))
    assert not any("春秋大义" in s for s in _texts(t2, "吕蒙"))  # 吕蒙 is not told 关羽's choice


@pytest.mark.skill("白衣渡江")
def test_baiyidujiang_breaks_the_wu_shu_alliance_and_asks_nothing_on_a_wrong_naming() -> None:
    """吕蒙【白衣渡江】: a standing 吴蜀 alliance breaks (it stands through tonight: 「吴蜀联盟破裂」 in the post); a
    wrong 指认 (naming 张飞 as 关羽) sets nothing off and asks 关羽 nothing (the strict table fails on an unanswered
    question)."""
    t = Table24()
    t.state.extra["alliances"] = {"蜀吴": 4}
    r = t.night(act("吕蒙", "指认", "关羽", character="关羽"),
                answers=[{"actor": "关羽", "skill": "春秋大义", "answer": "不触发"}])
    assert "吴蜀联盟破裂" in r.announcement["text"]
    assert t.state.extra["alliances"]["蜀吴"] == 1
    t2 = Table24()
    t2.night(act("吕蒙", "指认", "张飞", character="关羽"))
    assert t2.status("关羽") == "alive" and t2.status("张飞") == "alive"
    assert "魏吴" not in t2.state.extra.get("alliances", {})


XUSHU_NIGHT3 = {"actor": "徐庶", "skill": "继任", "answer": "卧龙"}
"""徐庶 dies naturally at night 3 (「徐庶是游戏第三夜结算时自然死亡」): his successor is chosen."""


def crossing_on_night3(chunqiu: str = "不触发", zhangfei_dies: bool = True) -> Table24:
    """Nights 1–2 quiet; night 3: 吕蒙【白衣渡江】 names 关羽 (关羽 answers ``chunqiu``), 张飞 dies by the judge's
    ruling (马超 plays on), and 吕蒙 dies naturally at the night's end (「第三夜结算时自然死亡」): 陆逊 is in play that
    night. Then a quiet day."""
    t = Table24()
    t.quiet(2)
    rulings = (Ruling("kill", "张飞"),) if zhangfei_dies else ()
    t.night(act("吕蒙", "指认", "关羽", character="关羽"), rulings=rulings,
            answers=[{"actor": "关羽", "skill": "春秋大义", "answer": chunqiu}, XUSHU_NIGHT3])
    t.day()
    assert t.character("吕蒙") == "陆逊" and t.status("关羽") == "out"
    return t


@pytest.mark.skill("火烧连营", "白衣渡江")
def test_huoshaolianying_goes_off_the_night_after_the_wei_wu_alliance() -> None:
    """陆逊【火烧连营】: the 魏吴 alliance was made on night 3 (【白衣渡江】) and 陆逊 was in play that night (吕蒙 died
    naturally into him); as night 4 begins the alliance stands and 关羽 and 张飞 are both gone: the post says
    「陆伯言火烧连营」, 刘备 is wounded that night, and 蜀's actions have half chance (赵云【浑身是胆】 draws, and fails
    on a losing draw), that night and after (R-choices-3)."""
    t = crossing_on_night3()
    t.force("成功率减半 赵云【浑身是胆】", False)
    r = t.night(act("赵云", "浑身是胆", "刘备"))
    assert POST_LINE in r.announcement["text"]
    assert injured(t, "刘备")
    assert entry(t, "赵云", "浑身是胆")["state"] == "failed"
    t.day()
    t.force("成功率减半 赵云【浑身是胆】", True)
    r5 = t.night(act("赵云", "浑身是胆", "徐庶"))
    assert entry(t, "赵云", "浑身是胆")["state"] == "done"
    assert POST_LINE not in r5.announcement["text"]  # 「触发当夜公告」: once


@pytest.mark.skill("火烧连营", "春秋大义")
def test_huoshaolianying_does_not_go_off_after_chunqiudayi_or_with_zhangfei_alive() -> None:
    """陆逊【火烧连营】 is void once 关羽【春秋大义】 went off (no 魏吴 alliance either); and it needs 关羽 and 张飞 both
    gone: with 张飞 alive nothing happens as night 4 begins (no draw for 赵云, the strict table would fail on it)."""
    t = crossing_on_night3(chunqiu="触发")
    r = t.night(act("赵云", "浑身是胆", "刘备"))
    assert POST_LINE not in r.announcement["text"] and not injured(t, "刘备")
    assert entry(t, "赵云", "浑身是胆")["state"] == "done"
    t2 = crossing_on_night3(zhangfei_dies=False)
    r2 = t2.night(act("赵云", "浑身是胆", "刘备"))
    assert POST_LINE not in r2.announcement["text"] and not injured(t2, "刘备")


POST_LINE = "陆伯言火烧连营"


# ---- 王平 ---------------------------------------------------------------------------------------------------------
def wangping() -> Table24:
    """Night 1: 赵云 dies by the judge's ruling and 王平 plays on (「死亡后选择以魏延或王平的角色继续游戏」)."""
    t = Table24()
    successor(t, "赵云", "王平")
    assert t.character("赵云") == "王平"
    return t


@pytest.mark.skill("忠勇严整", "水淹七军")
def test_zhongyongyanzheng_stops_a_harmless_strategist_use_and_voids_his_vote() -> None:
    """王平【忠勇严整】: the id he names is shielded from one 军师负面 use that harms nobody — 关羽【水淹七军】 (结算前:
    the shield stands before it, R-choices-4) does not make 刘备's actions fail; the shield held, 王平's vote the next
    day is void (his lone vote for 张昭 harms nobody; without the shield the same vote wounds 张昭)."""
    t = wangping()
    t.night(act("赵云", "忠勇严整", "刘备"), act("关羽", "水淹七军", "刘备"), act("刘备", "指认", "张飞", character="张飞"))
    assert entry(t, "关羽", "水淹七军")["state"] == "void"
    assert entry(t, "赵云", "忠勇严整")["state"] == "done"
    assert entry(t, "刘备", "指认")["state"] != "failed"
    assert any("抵挡成功" in s for s in _texts(t, "赵云"))
    t.day(votes={"赵云": "张昭"})
    assert t.status("张昭") == "alive" and not injured(t, "张昭")
    t2 = wangping()
    t2.night()
    t2.day(votes={"赵云": "张昭"})  # the same vote, no shield the night before: it counts
    assert injured(t2, "张昭") or t2.status("张昭") != "alive"


@pytest.mark.skill("忠勇严整")
def test_zhongyongyanzheng_two_failures_wound_him_and_it_is_used_twice() -> None:
    """王平【忠勇严整】: a shield that meets nothing fails (「该ID当夜未受到不造成伤害的军师负面技能作用则抵挡失败」);
    the second failure wounds 王平; a 武将杀伤 use (吕蒙【勇贯三军】, not 军师负面) does not meet it. 「可使用两次」: a
    third use is refused."""
    t = wangping()
    t.night(act("赵云", "忠勇严整", "刘备"))
    assert entry(t, "赵云", "忠勇严整")["state"] == "failed" and not injured(t, "赵云")
    t.day()
    t.force("【勇贯三军】wound 吕蒙→庞统", True)
    t.night(act("赵云", "忠勇严整", "庞统"), act("吕蒙", "勇贯三军", "庞统"), answers=[XUSHU_NIGHT3])
    assert entry(t, "赵云", "忠勇严整")["state"] == "failed"
    assert injured(t, "赵云") and injured(t, "庞统")
    t.day()
    with pytest.raises(IllegalAction):
        t.night(act("赵云", "忠勇严整", "刘备"))


# ---- 糜氏 ---------------------------------------------------------------------------------------------------------
def mishi_knows_zhaoyun(t: Table24) -> Table24:
    """糜氏 and 赵云 know each other (as a right 指认 between them would leave it)."""
    t.state.player("糜氏").known["赵云"] = "赵云"
    t.state.player("赵云").known["糜氏"] = "糜氏"
    return t


@pytest.mark.skill("深明大义")
def test_shenmingdayi_a_suicide_naming_an_id_wounds_it_and_stops_zhaoyun() -> None:
    """糜氏【深明大义】: known to 赵云, she kills herself naming 张昭 (黄月英 plays on): 赵云 alive and well, 张昭 takes
    a wound of the 武将杀伤 attribute, and 赵云's active skill that night (【浑身是胆】) fails (R-choices-5)."""
    t = mishi_knows_zhaoyun(Table24())
    t.night(act("糜氏", "自杀", "张昭"), act("赵云", "浑身是胆", "刘备"))
    assert t.character("糜氏") == "黄月英"
    assert injured(t, "张昭")
    assert entry(t, "赵云", "浑身是胆")["state"] == "void"
    assert "你的【深明大义】已触发" in " ".join(_texts(t, "糜氏"))


@pytest.mark.skill("深明大义")
def test_shenmingdayi_needs_zhaoyun_known_and_well() -> None:
    """糜氏【深明大义】: before she and 赵云 know each other a 自杀 names no one (refused); 赵云 wounded that night, the
    suicide is only a suicide (「如果赵云当夜存活且状态正常」): 张昭 is not harmed."""
    t = Table24()
    with pytest.raises(IllegalAction):
        t.night(act("糜氏", "自杀", "张昭"))
    t2 = mishi_knows_zhaoyun(Table24())
    t2.state.player("赵云").status = Status.INJURED
    t2.night(act("糜氏", "自杀", "张昭"))
    assert t2.character("糜氏") == "黄月英" and not injured(t2, "张昭")


# ---- 马超 ---------------------------------------------------------------------------------------------------------
def machao(*more: str) -> Table24:
    """Night 1: 张飞 (and ``more``) die by the judge's rulings; 马超 plays on (「张飞的继承者」), 王平 for 赵云."""
    t = Table24()
    answers = [{"actor": "赵云", "skill": "继任", "answer": "王平"}] if "赵云" in more else None
    t.night(rulings=tuple(Ruling("kill", pid) for pid in ("张飞", *more)), answers=answers)
    t.day()
    assert t.character("张飞") == "马超"
    return t


@pytest.mark.skill("威震西凉")
def test_weizhenxiliang_fails_the_commoners_actions_on_shu() -> None:
    """马超【威震西凉】: every 平民 not of 蜀 (华佗, 在野) has his actions aimed at a 蜀 player fail tonight (华佗【针灸奇术】
    on 刘备), not those aimed at others (on 曹操, another night's table); nobody resisted it, 马超 is asked nothing."""
    t = machao()
    t.night(act("张飞", "威震西凉"), act("华佗", "针灸奇术", "刘备"))
    assert entry(t, "华佗", "针灸奇术")["state"] == "failed"
    assert entry(t, "张飞", "威震西凉")["state"] == "done"
    assert not t.state.player("华佗").used.get("针灸奇术")
    t2 = machao()
    t2.night(act("张飞", "威震西凉"), act("华佗", "针灸奇术", "曹操"))
    assert entry(t2, "华佗", "针灸奇术")["state"] == "done"


@pytest.mark.skill("威震西凉", "忠勇严整")
def test_weizhenxiliang_resisted_lets_machao_wound_one_of_the_resisters_country() -> None:
    """马超【威震西凉】 resisted (王平【忠勇严整】 shields 华佗 from it: it harms nobody) while the resister's skill on a 蜀
    player went off (华佗【针灸奇术】 on 刘备): 马超 is told and chooses one id to wound — 司马朗, of 华佗's country (在野),
    is wounded; 张昭 (吴) would not be (R-choices-6)."""
    t = machao("赵云")
    t.night(act("张飞", "威震西凉"), act("赵云", "忠勇严整", "华佗"), act("华佗", "针灸奇术", "刘备"),
            answers=[{"actor": "张飞", "skill": "威震西凉", "answer": "司马朗"}])
    assert entry(t, "华佗", "针灸奇术")["state"] == "done"
    assert injured(t, "司马朗")
    assert "你的【威震西凉】被抵御" in " ".join(_texts(t, "张飞"))
    t2 = machao("赵云")
    t2.night(act("张飞", "威震西凉"), act("赵云", "忠勇严整", "华佗"), act("华佗", "针灸奇术", "刘备"),
             answers=[{"actor": "张飞", "skill": "威震西凉", "answer": "张昭"}])
    assert not injured(t2, "张昭")


def bare_liubei(t: Table24) -> Table24:
    """刘备's own 【马跃檀溪】 spent beforehand, so that it does not stop the 武将杀伤 attack on him."""
    t.state.player("刘备").used["马跃檀溪"] = 1
    return t


@pytest.mark.skill("相夫教子", "勇贯三军")
def test_xiangfujiaozi_a_chance_harm_on_liubei_does_not_happen() -> None:
    """糜氏【相夫教子】: 刘备 favoured tonight, a harm on him that needs a chance (吕蒙【勇贯三军】 on a 猛将: half
    chance) does not happen, no draw made (the strict table forces none); unfavoured, the same draw wounds him
    (R-choices-7)."""
    t = Table24()
    bare_liubei(t).state.extra.setdefault("evaluations", {})["刘备"] = {"character": "刘备", "evaluations": ["猛将"]}
    t.night(act("糜氏", "相夫教子"), act("吕蒙", "勇贯三军", "刘备"))
    assert not injured(t, "刘备")
    assert entry(t, "糜氏", "相夫教子")["state"] == "done"
    t2 = Table24().force("【勇贯三军】wound 吕蒙→刘备", True)
    bare_liubei(t2).state.extra.setdefault("evaluations", {})["刘备"] = {"character": "刘备", "evaluations": ["猛将"]}
    t2.night(act("吕蒙", "勇贯三军", "刘备"))
    assert injured(t2, "刘备")


@pytest.mark.skill("相夫教子")
def test_xiangfujiaozi_liubeis_next_days_wound_check_heals_and_a_sure_harm_still_lands() -> None:
    """糜氏【相夫教子】: a harm that needs no chance (【勇贯三军】 on one who is no 猛将) still wounds 刘备; his 伤判 the
    next day (「当夜和次日」) heals whatever digit he sends, where the same deal keeps him wounded unfavoured; the day
    after, the favour is over."""
    t = bare_liubei(Table24())
    t.night(act("糜氏", "相夫教子"), act("吕蒙", "勇贯三军", "刘备"))
    assert injured(t, "刘备")
    t.day(digits=keep_wounded(t, "刘备"))
    assert not injured(t, "刘备") and t.status("刘备") == "alive"
    t2 = bare_liubei(Table24())
    t2.night(act("吕蒙", "勇贯三军", "刘备"))
    t2.day(digits=keep_wounded(t2, "刘备"))
    assert injured(t2, "刘备")
    assert not t.state.extra["相夫教子"].get(str(t.state.index + 1))


@pytest.mark.skill("忠勇严整", "水淹七军")
def test_zhongyongyanzheng_made_to_fail_counts_neither_way() -> None:
    """王平【忠勇严整】 made to fail by 关羽【水淹七军】 on 王平 himself (「令其当夜所有行动失败」): the use is void, not
    counted a failure (no wound later) nor a success (his vote stands) — the shield raised as the night began still
    stood for 刘备 (R-choices-4)."""
    t = wangping()
    t.night(act("赵云", "忠勇严整", "刘备"), act("关羽", "水淹七军", "赵云"))
    assert entry(t, "赵云", "忠勇严整")["state"] == "void"
    assert not t.state.extra.get("忠勇严整_失败")
    assert not t.state.extra.get("own_votes_void", {}).get(str(t.state.index))


@pytest.mark.skill("深明大义", "木牛流马")
def test_shenmingdayi_huangyueying_acts_the_same_night() -> None:
    """糜氏【深明大义】: 「当夜黄月英仍可发动自己的技能」 — after her 自杀 naming 张昭, one action of her successor 黄月英
    is accepted that night and resolves as hers (【木牛流马】 heals the wounded 郭嘉); after a plain 自杀 the rules'
    「自杀须单独提交」 still refuses it (R-SG19, R-choices-5)."""
    t = mishi_knows_zhaoyun(Table24())
    t.state.player("郭嘉").status = Status.INJURED
    t.night(act("糜氏", "自杀", "张昭"), act("糜氏", "木牛流马", "郭嘉"))
    assert t.character("糜氏") == "黄月英" and injured(t, "张昭")
    assert not injured(t, "郭嘉")
    t2 = Table24()
    with pytest.raises(IllegalAction):
        t2.night(act("糜氏", "自杀"), act("糜氏", "木牛流马", "郭嘉"))
