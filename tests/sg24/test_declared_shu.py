"""The 24人 pack's 蜀 skills the engine resolves (issue 31): each test names the skill, states the 8.1 fact in our
words and, where two skills meet, the seed 001 sentence that orders them. Rulings: docs/rulings/packs-shu.md.

The table is strict (tests/sg24/table24.py): every draw a test does not force fails it; each id is the seat's
starting character."""

from __future__ import annotations

from typing import Any

import pytest

from tests.declared_steps import entry, injured, keep_wounded
from tianting.core.errors import IllegalAction
from tianting.core.records import Ruling
from tianting.core.state import Status

from .table24 import Table24, act


def successors(t: Table24, *chosen: tuple[str, str | None]) -> None:
    """Night 1: each id's first character dies by the judge's ruling, its successor (the answer, or the only one)
    plays on; then the day."""
    t.night(rulings=tuple(Ruling("kill", pid) for pid, _ in chosen),
            answers=[{"actor": pid, "skill": "继任", "answer": a} for pid, a in chosen if a] or None)
    t.day()


# ---- passives set off by a stab ------------------------------------------------------------------------------------
@pytest.mark.skill("披发涂炭")
def test_pifatutan_wounds_a_foreign_stabber_and_may_void_his_stab() -> None:
    """徐庶【披发涂炭】: when a 蜀 杀手 or 护卫 is stabbed by someone not of 蜀, the stabber is wounded and the stab has
    no effect with half chance. 夏侯惇 stabs 关羽: won, the stab is void and 关羽 unharmed; lost, 关羽 dies (黄忠 plays on)
    — 夏侯惇 is wounded either way, and 徐庶 is told his passive went off."""
    t = Table24().force("【披发涂炭】stab_void 徐庶→夏侯惇", True)
    t.night(act("夏侯惇", "刺杀", "关羽"))
    assert t.character("关羽") == "关羽" and not injured(t, "关羽")
    assert injured(t, "夏侯惇")
    assert entry(t, "夏侯惇", "刺杀")["state"] == "void"
    assert "你的【披发涂炭】已触发" in t.said("徐庶")
    t2 = Table24().force("【披发涂炭】stab_void 徐庶→夏侯惇", False)
    t2.night(act("夏侯惇", "刺杀", "关羽"))
    assert t2.character("关羽") == "黄忠" and injured(t2, "夏侯惇")
    t2.check_unused()


@pytest.mark.skill("披发涂炭")
def test_pifatutan_is_not_set_off_by_shu_or_on_others() -> None:
    """徐庶【披发涂炭】 names 蜀's 杀手 and 护卫 stabbed by a foreigner only: a stab on 刘备 (君主) or 关羽's own stab
    on 张飞 sets nothing off (no draw: the table is strict)."""
    t = Table24()
    t.night(act("夏侯惇", "刺杀", "刘备"), act("关羽", "刺杀", "孙坚"))
    assert not injured(t, "夏侯惇") and not injured(t, "关羽")
    assert t.character("刘备") == "刘禅"


@pytest.mark.skill("英雄相惜")
def test_yingxiongxiangxi_guanyu_spares_zhangliao_and_shu_stabs_on_him_are_halved() -> None:
    """关羽【英雄相惜】: when 关羽's stab reaches 张辽 (or 徐晃), it has no effect and 关羽 learns who he is; from then on,
    while 关羽 lives, a 蜀 killer's stab on him goes off with half chance (张飞's, the next night, loses its draw)."""
    t = Table24()
    t.night(act("关羽", "刺杀", "张辽"))
    assert t.character("张辽") == "张辽" and not injured(t, "张辽")
    assert entry(t, "关羽", "刺杀")["state"] == "void"
    assert "张辽的角色是张辽" in t.said("关羽")
    t.day()
    t.force("成功率减半 张飞【刺杀】", False)
    t.night(act("张飞", "刺杀", "张辽"), act("夏侯惇", "刺杀", "孙坚"))  # 魏's stab: no draw
    assert entry(t, "张飞", "刺杀")["state"] == "failed" and t.character("张辽") == "张辽"
    assert t.character("孙坚") == "孙策"
    t.check_unused()


@pytest.mark.skill("过关斩将")
def test_guoguanzhanjiang_defends_the_shu_lady_once_and_may_wound_the_stabber() -> None:
    """关羽【过关斩将】: when 蜀's 女眷 (糜氏) is stabbed, 关羽 stops the stab once (a passive 「可抵御一次」: spent when
    it stops one, R-SG31-2) and the stabber is wounded with half chance. The next stab on her kills her."""
    t = Table24().force("【过关斩将】wound 关羽→夏侯惇", True)
    t.night(act("夏侯惇", "刺杀", "糜氏"))
    assert t.character("糜氏") == "糜氏" and entry(t, "夏侯惇", "刺杀")["state"] == "void"
    assert injured(t, "夏侯惇")
    assert t.state.player("关羽").used.get("过关斩将") == 1
    t.day()
    t.night(act("张辽", "刺杀", "糜氏"))
    assert t.character("糜氏") == "黄月英"


@pytest.mark.skill("过关斩将")
def test_guoguanzhanjiang_is_one_defence_however_many_stabs() -> None:
    """关羽【过关斩将】 「可为其抵御一次」: two stabs on 糜氏 the same night meet one defence (R-shu-6): the 拼点 picks
    which it stops, the other kills her; its half-chance wound is drawn once, on the first stabber in the night's order."""
    t = Table24().force("【过关斩将】wound 关羽→夏侯惇", False).force("拼点 抵御 糜氏", "张辽:刺杀")
    t.night(act("夏侯惇", "刺杀", "糜氏"), act("张辽", "刺杀", "糜氏"))
    assert t.character("糜氏") == "黄月英"
    assert entry(t, "张辽", "刺杀")["state"] == "void" and entry(t, "夏侯惇", "刺杀")["state"] == "done"
    assert not injured(t, "夏侯惇") and not injured(t, "张辽")
    t.check_unused()


@pytest.mark.skill("睚眦必报")
def test_yazibibao_voids_the_stab_on_fazheng_and_bars_the_stabber_next_night() -> None:
    """法正【睚眦必报】 (蜀 having chosen 马良 to succeed 徐庶): a stab on 法正 has no effect, and the stabber cannot stab
    the next night — he is not told: he may send it, and it fails."""
    t = Table24()
    successors(t, ("庞统", None), ("徐庶", "马良"))
    assert t.character("庞统") == "法正" and t.character("徐庶") == "马良"
    t.night(act("夏侯惇", "刺杀", "庞统"))
    assert t.character("庞统") == "法正" and entry(t, "夏侯惇", "刺杀")["state"] == "void"
    assert not any("出刀" in s for s in t.said("夏侯惇"))
    t.day()
    assert "夏侯惇" in t.game.night_start_feedback()  # still told he may stab
    t.night(act("夏侯惇", "刺杀", "张昭"))
    assert t.character("张昭") == "张昭" and t.state.player("张昭").alive
    assert entry(t, "夏侯惇", "刺杀")["state"] == "failed"


@pytest.mark.skill("睚眦必报")
def test_yazibibao_needs_maliang_chosen() -> None:
    """法正【睚眦必报】 works only once 蜀 chose 马良 for 徐庶: with 卧龙 chosen, a stab on 法正 kills as any."""
    t = Table24()
    successors(t, ("庞统", None), ("徐庶", "卧龙"))
    t.night(act("夏侯惇", "刺杀", "庞统"))
    assert not t.state.player("庞统").alive


# ---- 张飞 ------------------------------------------------------------------------------------------------------
@pytest.mark.skill("探阵斩将")
def test_tanzhenzhanjiang_stabs_a_second_id_with_the_stab_once() -> None:
    """张飞【探阵斩将】: used with his stab, he stabs one more id that night (a killer's stab); once a game (「某夜」)."""
    t = Table24()
    t.night(act("张飞", "刺杀", "孙坚"), act("张飞", "探阵斩将", "甄姬"))
    assert t.character("孙坚") == "孙策" and not t.state.player("甄姬").alive
    assert entry(t, "张飞", "探阵斩将")["state"] == "done"
    t.day()
    with pytest.raises(IllegalAction, match="只能使用一次"):
        t.game.check_action(act("张飞", "探阵斩将", "曹操"), [])


@pytest.mark.skill("探阵斩将")
def test_tanzhenzhanjiang_without_a_stab_fails() -> None:
    """张飞【探阵斩将】 rests on his stab: sent alone, it fails (and is spent, as a failed once-a-game use)."""
    t = Table24()
    t.night(act("张飞", "探阵斩将", "甄姬"))
    assert t.state.player("甄姬").alive and entry(t, "张飞", "探阵斩将")["state"] == "failed"


@pytest.mark.skill("临桥虎吼", "严阵以待")
def test_linqiaohuhou_fails_foreign_recognitions_of_shu_ids() -> None:
    """张飞【临桥虎吼】 (结算前): tonight a non-蜀 character's 指认 of a 蜀 id fails, so the passive it would set off does
    not (荀彧's 严阵以待 on 张飞); 蜀's own 指认 stand (刘备's of 关羽 sets off 桃园结义)."""
    t = Table24()
    t.night(act("张飞", "临桥虎吼"), act("荀彧", "指认", "张飞", character="张飞"),
            act("刘备", "指认", "关羽", character="关羽"))
    assert not injured(t, "张飞")
    assert entry(t, "荀彧", "指认")["state"] == "failed"
    assert t.game.mutual("刘备", "关羽")


# ---- 赵云 ------------------------------------------------------------------------------------------------------
@pytest.mark.skill("绝处逢生")
def test_juechufengsheng_heals_zhaoyun_and_defends_the_id() -> None:
    """赵云【绝处逢生】: used only while wounded, it uses up 【浑身是胆】, heals 赵云 and stops one harm to the id
    (the greatest; else one 军师负面 effect: one defence for both, the greatest harm first)."""
    t = Table24()
    with pytest.raises(IllegalAction, match="受伤状态下"):
        t.game.check_action(act("赵云", "绝处逢生", "庞统"), [])
    t.night(act("孙坚", "横扫江东", "赵云"))
    t.day(digits=keep_wounded(t, "赵云"))
    assert injured(t, "赵云")
    t.night(act("赵云", "绝处逢生", "庞统"), act("夏侯惇", "刺杀", "庞统"))
    assert t.state.player("赵云").status is Status.ALIVE
    assert t.state.player("庞统").alive and t.character("庞统") == "庞统"
    assert entry(t, "夏侯惇", "刺杀")["state"] == "void"
    t.day()
    with pytest.raises(IllegalAction, match="已经消耗"):
        t.game.check_action(act("赵云", "浑身是胆", "刘备"), [])


# ---- 糜氏 ------------------------------------------------------------------------------------------------------
@pytest.mark.skill("视死如归")
def test_shisirugui_makes_every_action_of_the_id_fail() -> None:
    """糜氏【视死如归】 (结算前, 军师负面): every action of the id tonight fails (曹操's 亲冒矢石 on 郭嘉)."""
    t = Table24()
    t.state.player("荀彧").used["留侯再世"] = 1  # spent: it would stop this 军师负面 effect on 魏's 君主 (R-learning-6)
    t.night(act("糜氏", "视死如归", "曹操"), act("曹操", "亲冒矢石", "郭嘉"))
    assert not injured(t, "郭嘉")
    assert entry(t, "曹操", "亲冒矢石")["state"] == "void"


# ---- 卧龙 ------------------------------------------------------------------------------------------------------
@pytest.mark.skill("火烧新野")
def test_huoshaoxinye_wounds_caoren_and_ends_huoshaobowang() -> None:
    """卧龙【火烧新野】: naming 曹仁 rightly wounds him, and 卧龙 loses 【火烧博望】."""
    t = Table24()
    successors(t, ("徐庶", "卧龙"), ("夏侯惇", None))
    assert t.character("夏侯惇") == "曹仁"
    t.night(act("徐庶", "指认", "夏侯惇", character="曹仁"))
    assert injured(t, "夏侯惇")
    assert "火烧博望" not in t.state.player("徐庶").skills


# ---- 刘备 ------------------------------------------------------------------------------------------------------
@pytest.mark.skill("五虎封将")
def test_wuhufengjiang_without_zhisuanhanzhong_fails_and_is_spent() -> None:
    """刘备【五虎封将】 (全局): before 法正 has used 【智算汉中】 (and no 汉 emperor has left) it fails and cannot be
    used again; the post names nothing."""
    t = Table24()
    r = t.night(act("刘备", "五虎封将"))
    assert entry(t, "刘备", "五虎封将")["state"] == "failed"
    assert "五虎封将" not in r.announcement["text"]
    t.day()
    with pytest.raises(IllegalAction, match="只能使用一次|已经消耗"):
        t.game.check_action(act("刘备", "五虎封将"), [])


@pytest.mark.skill("五虎封将", "智算汉中")
def test_wuhufengjiang_tells_the_strategists_and_halves_foreign_actions_on_shu() -> None:
    """刘备【五虎封将】: once 法正's 【智算汉中】 has gone off, with two or more 蜀 杀手/护卫 alive, 蜀's strategists learn
    the ids of 蜀's killers and guards, and tonight every action of another country aimed at a 蜀 id goes off with half
    chance (曹操's 亲冒矢石 on 糜氏 loses its draw; 夏侯惇's stab on 张昭 is not aimed at 蜀: no draw). The post says
    「汉中王五虎封将」."""
    t = Table24()
    successors(t, ("庞统", None))
    t.night(act("庞统", "智算汉中"))
    t.day()
    t.force("成功率减半 曹操【亲冒矢石】", False)
    r = t.night(act("刘备", "五虎封将"), act("曹操", "亲冒矢石", "糜氏"), act("夏侯惇", "刺杀", "张昭"),
                answers=[{"actor": "徐庶", "skill": "继任", "answer": "马良"}])
    assert not injured(t, "糜氏") and entry(t, "曹操", "亲冒矢石")["state"] == "failed"
    assert not t.state.player("张昭").alive or t.character("张昭") != "张昭"
    assert "蜀国杀手与护卫的ID：关羽、张飞、赵云" in t.said("庞统")
    assert "汉中王五虎封将" in r.announcement["text"] and "【五虎封将】发动" not in r.announcement["text"]
    t.check_unused()


# ---- 魏延: his globals need characters the bundled 24人 pack does not seat (司马懿; 诸葛亮 after 马良) ---------------
def table_with(edit: Any) -> Table24:
    """A table played with the bundled pack as ``edit(data)`` changes it (a judge's own pack)."""
    from tianting.rules.sg24 import SeatSpec, SG24Game, seats
    from tianting.rules.sg24.pack import bundled_data, parse_pack

    data = bundled_data("tianting.rules.sg24")
    edit(data)
    t = Table24()
    t.game = SG24Game.create([SeatSpec(ch, c, i, ch) for c, i, ch in seats()], 1, parse_pack(data))
    return t


def add_successor(data: dict[str, Any], of: str, name: str, country: str, identity: str) -> None:
    """A character ``name`` with no skills of its own, made ``of``'s successor."""
    data["characters"].append({"name": name, "country": country, "identity": identity, "evaluations": [],
                               "successors": [], "recognition": [], "skills": []})
    next(c for c in data["characters"] if c["name"] == of)["successors"].append(name)


@pytest.mark.skill("兵出子午谷", "亲冒矢石")
def test_bingchuziwugu_halves_wei_when_weiyan_names_simayi_first_of_all() -> None:
    """魏延【兵出子午谷】 (全局, 蜀 having chosen 卧龙 for 徐庶, so 徐庶 dead): naming 司马懿 rightly, tonight every 魏
    action goes off with half chance, stabs excepted; the post says 「魏文长兵出子午谷」. The 8.1 释疑 「凡是涉及全局的指认，
    优先判定是否触发」: it is judged before anything else resolves, so it covers 曹操's 亲冒矢石 (which loses its draw)
    and not 夏侯惇's stab (no draw)."""
    t = table_with(lambda d: add_successor(d, "郭嘉", "司马懿", "魏", "军师"))
    successors(t, ("徐庶", "卧龙"), ("赵云", "魏延"), ("郭嘉", "司马懿"))
    t.force("成功率减半 曹操【亲冒矢石】", False)
    r = t.night(act("赵云", "指认", "郭嘉", character="司马懿"), act("曹操", "亲冒矢石", "糜氏"),
                act("夏侯惇", "刺杀", "孙淑"))
    assert not injured(t, "糜氏") and entry(t, "曹操", "亲冒矢石")["state"] == "failed"
    assert entry(t, "夏侯惇", "刺杀")["state"] == "done"
    assert "魏文长兵出子午谷" in r.announcement["text"]
    t.check_unused()


@pytest.mark.skill("兵出子午谷")
def test_bingchuziwugu_needs_wolong_chosen() -> None:
    """魏延【兵出子午谷】 works only once 蜀 chose 卧龙 for 徐庶: with 马良 chosen, naming 司马懿 sets nothing off."""
    t = table_with(lambda d: add_successor(d, "郭嘉", "司马懿", "魏", "军师"))
    successors(t, ("徐庶", "马良"), ("赵云", "魏延"), ("郭嘉", "司马懿"))
    r = t.night(act("赵云", "指认", "郭嘉", character="司马懿"), act("曹操", "亲冒矢石", "糜氏"))
    assert injured(t, "糜氏") and "兵出子午谷" not in r.announcement["text"]


@pytest.mark.skill("火烧上方谷")
def test_huoshaoshangfanggu_fails_wei_strategists_and_halves_wei_stabs() -> None:
    """魏延【火烧上方谷】 (全局; 蜀 having chosen 马良, and 诸葛亮 come into play): tonight every action of 魏's strategists
    fails (郭嘉's 洞若观火) and 魏's killers' stabs go off with half chance (夏侯惇's loses its draw); the post says
    「诸葛亮火烧上方谷」. Before 诸葛亮 has come into play it cannot be used."""
    t = table_with(lambda d: add_successor(d, "马良", "诸葛亮", "蜀", "军师"))
    successors(t, ("徐庶", "马良"), ("赵云", "魏延"))
    with pytest.raises(IllegalAction, match="诸葛亮已登场"):
        t.game.check_action(act("赵云", "火烧上方谷"), [])
    t.night(rulings=(Ruling("kill", "徐庶"),))
    t.day()
    assert t.character("徐庶") == "诸葛亮"
    t.force("成功率减半 夏侯惇【刺杀】", False)
    r = t.night(act("赵云", "火烧上方谷"), act("郭嘉", "洞若观火", "张昭"), act("夏侯惇", "刺杀", "孙淑"))
    assert entry(t, "郭嘉", "洞若观火")["state"] == "failed"
    assert not any("张昭的身份" in s for s in t.said("郭嘉"))
    assert entry(t, "夏侯惇", "刺杀")["state"] == "failed" and t.character("孙淑") == "孙淑"
    assert "诸葛亮火烧上方谷" in r.announcement["text"]
    t.check_unused()


# ---- 王平 ------------------------------------------------------------------------------------------------------
@pytest.mark.skill("无当飞军")
def test_wudangfeijun_defends_and_wounds_the_source_while_hunshenshidan_stands() -> None:
    """王平【无当飞军】: while 赵云's 【浑身是胆】 is not used up, the id is spared the greatest harm and its source is
    wounded (夏侯惇's stab on 庞统: 夏侯惇 wounded), and 浑身是胆 counts as used up. After that, a stab on the id is
    stopped with a quarter chance (drawn because the stab is there)."""
    t = Table24()
    successors(t, ("赵云", "王平"))
    t.night(act("赵云", "无当飞军", "庞统"), act("夏侯惇", "刺杀", "庞统"))
    assert t.state.player("庞统").alive and t.character("庞统") == "庞统"
    assert injured(t, "夏侯惇") and t.state.player("赵云").used.get("浑身是胆") == 1
    t2 = Table24()  # 无当飞军 is used once a game (R53): 浑身是胆 gone, on a table of its own
    successors(t2, ("赵云", "王平"))
    t2.state.player("赵云").used["浑身是胆"] = 1  # counted as used up (as the first night above leaves it)
    t2.force("【无当飞军】抵御刺杀 赵云→庞统", True)
    t2.night(act("赵云", "无当飞军", "庞统"), act("张辽", "刺杀", "庞统"))
    assert t2.character("庞统") == "庞统" and entry(t2, "张辽", "刺杀")["state"] == "void"
    assert not injured(t2, "张辽")  # no counter-wound once 浑身是胆 is gone
    t2.check_unused()
