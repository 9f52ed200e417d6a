"""鼎立三分2.0's skills of group weimisc the engine resolves (issue 31): 曹操【血战官渡】 (on 袁绍's 【河朔称雄】),
司马懿【五丈屯兵】, 张郃【善阵识变】【江陵破吴】, 贾诩【料敌机先】. Each test states the 8.1 fact in our words and pins the
reading of docs/rulings/packs-weimisc.md."""

from __future__ import annotations

import pytest

from tests.declared_steps import entry, injured
from tianting.core.errors import IllegalAction
from tianting.core.state import Status
from tianting.rules.dingli2 import wounds

from .table import Table, act, force_deal, rule


def states(t: Table) -> dict[tuple[str, str], str]:
    """What came of each action of the last phase: (actor, skill) → state."""
    return {(e["actor"], e["skill"]): e["state"] for e in t.state.history[-1]["actions"]}


HEIRS = [{"actor": "徐庶", "skill": "继任", "answer": "诸葛亮"}]
"""徐庶 dies his natural death on night 3 (his line branches: 诸葛亮 plays on)."""


def asked_two(t: Table) -> None:
    """袁绍 asks an evaluation of 郭嘉 (魏) on night 1 and of 周瑜 (吴) on night 2, then has joined 蜀."""
    t.night(act("袁绍", "指认", "郭嘉", evaluation="智者"))
    t.day()
    t.night(act("袁绍", "指认", "周瑜", evaluation="智者"))
    t.day()
    t.state.player("袁绍").country = "蜀"  # joined 蜀 (how he joined is not this skill's matter)


# ---- 曹操 ---------------------------------------------------------------------------------------------------------
@pytest.mark.skill("血战官渡", "河朔称雄")
def test_xuezhanguandu_spares_wei_from_heshuochengxiong_from_that_night() -> None:
    """曹操【血战官渡】: when his 指认 names 袁绍 rightly while 袁绍 has joined a country other than 魏, 袁绍's
    【河朔称雄】 has no effect on 魏 characters that night and after (R-weimisc-2). Night 3: 曹操 names 袁绍 and 袁绍
    uses 【河朔称雄】 the same night; the draw takes 郭嘉 (魏): his 洞若观火 stands. 曹操 is told his passive went off.
    【河朔称雄】 is used once a game (R53), so "after" is on a second table: 曹操 names 袁绍 on night 3, 袁绍 uses it
    first on night 4 and the draw takes 郭嘉 (荀彧 now, 郭嘉 died his natural death): his 指认 still stands."""
    t = Table(size=32)
    asked_two(t)
    t.force("【河朔称雄】袁绍 随机一个ID", "郭嘉")
    t.night(act("曹操", "指认", "袁绍", character="袁绍"), act("袁绍", "河朔称雄"), act("郭嘉", "洞若观火", "刘备"),
            answers=HEIRS)
    assert states(t)[("郭嘉", "洞若观火")] == "done"
    assert entry(t, "袁绍", "河朔称雄")["state"] == "done"
    assert "你的【血战官渡】已触发" in t.said("曹操")
    t.check_unused()
    t2 = Table(size=32)
    asked_two(t2)
    t2.night(act("曹操", "指认", "袁绍", character="袁绍"), answers=HEIRS)
    assert "你的【血战官渡】已触发" in t2.said("曹操")
    t2.day()
    t2.force("【河朔称雄】袁绍 随机一个ID", "郭嘉")
    t2.night(act("袁绍", "河朔称雄"), act("郭嘉", "指认", "张飞", character="张飞"),
             answers=[{"actor": "周瑜", "skill": "继任", "answer": "陆逊"}])
    assert t2.character("郭嘉") == "荀彧"
    assert entry(t2, "袁绍", "河朔称雄")["state"] == "done"
    assert states(t2)[("郭嘉", "指认")] == "done"
    t2.check_unused()


@pytest.mark.skill("血战官渡")
def test_xuezhanguandu_needs_yuanshao_joined_elsewhere() -> None:
    """【血战官渡】 goes off only while 袁绍 belongs to a country other than 魏: named rightly while still 在野, it does
    not, and a later 【河朔称雄】 drawn on 郭嘉 makes his action fail (R-dlqun1-4 as before)."""
    t = Table(size=32)
    t.night(act("袁绍", "指认", "郭嘉", evaluation="智者"), act("曹操", "指认", "袁绍", character="袁绍"))
    assert "你的【血战官渡】已触发" not in t.said("曹操")
    t.day()
    t.state.player("袁绍").country = "蜀"
    t.force("【河朔称雄】袁绍 随机一个ID", "郭嘉")
    t.night(act("袁绍", "河朔称雄"), act("郭嘉", "洞若观火", "刘备"))
    assert states(t)[("郭嘉", "洞若观火")] == "void"
    t.check_unused()


# ---- 曹仁 ---------------------------------------------------------------------------------------------------------
def caoren_and_zhugeliang(t: Table) -> None:
    """Night 1: 夏侯惇 dies by the judge's ruling, 曹仁 plays on; night 2: 徐庶 dies, 诸葛亮 (鼎立's 卧龙, who holds
    【舌战群儒】) plays on."""
    t.night(rulings=(rule("kill", "夏侯惇"),), answers=[{"actor": "夏侯惇", "skill": "继任", "answer": "曹仁"}])
    t.day()
    t.night(rulings=(rule("kill", "徐庶"),), answers=[{"actor": "徐庶", "skill": "继任", "answer": "诸葛亮"}])
    t.day()
    assert t.character("夏侯惇") == "曹仁" and t.character("徐庶") == "诸葛亮"


@pytest.mark.skill("南郡破敌")
def test_nanjunpodi_wounds_lusu_named_rightly() -> None:
    """曹仁【南郡破敌】: his 指认 naming 鲁肃 rightly wounds him (a plain wound, the rules' 伤判); 曹仁 is told his passive
    went off. A wrong 指认 does nothing."""
    t = Table()
    caoren_and_zhugeliang(t)
    r = t.night(act("夏侯惇", "指认", "鲁肃", character="鲁肃"))
    assert injured(t, "鲁肃")
    assert "你的【南郡破敌】已触发" in t.said("夏侯惇")
    assert "鲁肃" not in t.state.extra.get("marked_checks", {})
    assert not any("南郡破敌" in w for w in r.warnings)
    t2 = Table()
    caoren_and_zhugeliang(t2)
    t2.night(act("夏侯惇", "指认", "孙坚", character="周瑜"))
    assert not injured(t2, "孙坚") and "你的【南郡破敌】已触发" not in t2.said("夏侯惇")


@pytest.mark.skill("南郡破敌", "舌战群儒")
def test_nanjunpodi_on_a_zhouyu_found_by_the_debate_takes_him_out() -> None:
    """【南郡破敌】 on a 周瑜 whom 卧龙's 【舌战群儒】 has found (鼎立's 诸葛亮, the same night: R-weimisc-3): the wound no
    skill heals, its 伤判 half death, half 继续受伤, and a 继续受伤 (digit 9) takes his id out in the next night's
    结算, with no successor."""
    t = Table()
    caoren_and_zhugeliang(t)
    force_deal(t, "周瑜", 1)
    r = t.night(act("徐庶", "指认", "周瑜", character="周瑜"), act("夏侯惇", "指认", "周瑜", character="周瑜"))
    assert injured(t, "周瑜")
    assert t.state.extra["marked_checks"] == {"周瑜": "南郡破敌"}
    assert any("已被【舌战群儒】指认" in n for n in r.trace)
    t.day(digits={"周瑜": 9})
    assert injured(t, "周瑜")
    r = t.night()
    assert not t.state.player("周瑜").alive
    assert any("周瑜" in n and "【南郡破敌】" in n for n in r.trace)
    assert wounds.audit(t.results) == []
    t.check_unused()


# ---- 司马懿 -------------------------------------------------------------------------------------------------------
@pytest.mark.skill("五丈屯兵")
def test_wuzhangtunbing_makes_zhugeliangs_next_night_fail() -> None:
    """司马懿【五丈屯兵】: naming 诸葛亮 rightly sets it off; 鼎立's 诸葛亮 has no 【七星续命】, which counts as already
    gone, so his actions of the next night fail (R-weimisc-4): his 指认 on night 4 fails, that of the
    night after stand. 司马懿 is told his passive went off (his 指认 of 诸葛亮 has no answer)."""
    t = Table()
    t.night(rulings=(rule("kill", "郭嘉"), rule("kill", "徐庶")),
            answers=[{"actor": "徐庶", "skill": "继任", "answer": "诸葛亮"}])
    t.day()
    t.night(rulings=(rule("kill", "郭嘉"),))
    t.day()
    assert t.character("郭嘉") == "司马懿" and t.character("徐庶") == "诸葛亮"
    t.night(act("郭嘉", "指认", "徐庶", character="诸葛亮"))
    assert t.said("郭嘉") == ["你的【五丈屯兵】已触发"]
    t.day()
    t.night(act("徐庶", "指认", "刘备", character="刘备"), answers=[{"actor": "周瑜", "skill": "继任", "answer": "陆逊"}])
    assert states(t)[("徐庶", "指认")] == "failed"
    t.day()
    t.night(act("徐庶", "指认", "刘备", character="刘备"))
    assert states(t)[("徐庶", "指认")] == "done"


# ---- 邓艾 ---------------------------------------------------------------------------------------------------------
def play_as(t: Table, pid: str, character: str) -> None:
    """``pid`` plays ``character`` from now on, with its skills (how he came to it is not this skill's matter)."""
    p = t.state.player(pid)
    p.character = character
    p.skills = [s.name for s in t.game.pack.characters[character].skills]
    t.state.extra["lives"][pid].append(character)


def dengai_table() -> Table:
    """邓艾 (张辽's id), 刘禅 (刘备's), 钟会 (程昱's) and 马良 (徐庶's: 马良's line) in play."""
    t = Table()
    for pid, character in (("张辽", "邓艾"), ("刘备", "刘禅"), ("程昱", "钟会"), ("徐庶", "马良")):
        play_as(t, pid, character)
    return t


@pytest.mark.skill("汉祚终焉")
def test_hanzuozhongyan_asks_zhonghui_well_and_draws_with_zhugeliang_in_play() -> None:
    """邓艾【汉祚终焉】 in 鼎立: 钟会 must be in play and unwounded (「状态正常」); with 诸葛亮 in play it goes off with
    half chance, drawn (R-weimisc-5). 钟会 wounded: naming 刘禅 does nothing. 诸葛亮 in play (庞统's id) and the draw
    won: the post says 「邓钟二士灭汉祚」."""
    t = dengai_table()
    t.state.player("程昱").status = Status.INJURED
    r = t.night(act("张辽", "指认", "刘备", character="刘禅"))
    assert "你的【汉祚终焉】已触发" not in t.said("张辽")
    assert any("钟会状态不正常" in n for n in r.trace)
    t2 = dengai_table()
    play_as(t2, "庞统", "诸葛亮")
    t2.force("【汉祚终焉】张辽", True)
    r2 = t2.night(act("张辽", "指认", "刘备", character="刘禅"))
    assert "你的【汉祚终焉】已触发" in t2.said("张辽")
    assert "邓钟二士灭汉祚" in str(r2.announcement)
    t2.check_unused()


# ---- 张郃 ---------------------------------------------------------------------------------------------------------
def zhanghe_table() -> Table:
    """Night 1: 夏侯渊 dies by the judge's ruling and 张郃 plays on."""
    t = Table()
    t.night(rulings=(rule("kill", "夏侯渊"),))
    t.day()
    assert t.character("夏侯渊") == "张郃"
    return t


@pytest.mark.skill("善阵识变")
def test_shanzhenshibian_halves_every_action_of_the_one_stabbed() -> None:
    """张郃【善阵识变】: sent with his stab (the two one action, beside 鼎立's 「一个主动技能或一次刺杀」), every action of
    the id stabbed that night is at half chance (R-weimisc-6): 庞统's 指认 draws and fails, 刘备's (not stabbed) is
    not drawn for. A second skill beside them is refused; without a stab the use fails."""
    t = zhanghe_table()
    with pytest.raises(IllegalAction, match="一个主动技能"):
        t.game.check_action(act("夏侯渊", "强袭街亭"), [act("夏侯渊", "刺杀", "庞统"), act("夏侯渊", "善阵识变")])
    t.force("成功率减半 庞统【指认】", False)
    r = t.night(act("夏侯渊", "善阵识变"), act("夏侯渊", "刺杀", "庞统"), act("庞统", "指认", "关羽", character="关羽"),
                act("刘备", "指认", "关羽", character="关羽"))
    assert states(t)[("夏侯渊", "善阵识变")] == "done"
    assert states(t)[("庞统", "指认")] == "failed"
    assert states(t)[("刘备", "指认")] == "done"
    assert not any("善阵识变" in w for w in r.warnings)
    t.check_unused()
    t2 = zhanghe_table()
    t2.night(act("夏侯渊", "善阵识变"), act("庞统", "指认", "关羽", character="关羽"))
    assert states(t2)[("夏侯渊", "善阵识变")] == "failed"
    assert states(t2)[("庞统", "指认")] == "done"


@pytest.mark.skill("江陵破吴")
def test_jianglingpowu_turns_every_aim_of_a_wu_id_away_from_wei() -> None:
    """张郃【江陵破吴】: a 吴 id's actions of the night aim at ids drawn among those not of 魏, neither himself nor the id
    first aimed at (R-weimisc-12): 甘宁's stab on 郭嘉 is turned on 刘备, drawn (he dies, 刘禅 plays on), 黄盖's 火船冲阵 on 荀攸 wounds 关羽, drawn; 郭嘉 and 荀攸 are unharmed. The record keeps what was sent.
    On a non-吴 id the use fails."""
    t = zhanghe_table()
    t.force("【江陵破吴】甘宁【刺杀】第1个ID", "刘备")
    r = t.night(act("夏侯渊", "江陵破吴", "甘宁"), act("甘宁", "刺杀", "郭嘉"))
    assert t.character("刘备") == "刘禅" and t.character("郭嘉") == "郭嘉"
    assert entry(t, "甘宁", "刺杀")["targets"] == ["郭嘉"]
    assert not any("江陵破吴" in w for w in r.warnings)
    t.check_unused()
    t2 = zhanghe_table()
    t2.force("【江陵破吴】黄盖【火船冲阵】第1个ID", "关羽")
    t2.night(act("夏侯渊", "江陵破吴", "黄盖"), act("黄盖", "火船冲阵", "荀攸"))
    assert injured(t2, "关羽") and not injured(t2, "荀攸")
    assert entry(t2, "黄盖", "火船冲阵")["targets"] == ["荀攸"]
    t2.check_unused()
    t3 = zhanghe_table()
    t3.night(act("夏侯渊", "江陵破吴", "刘备"), act("刘备", "指认", "关羽", character="关羽"))
    assert states(t3)[("夏侯渊", "江陵破吴")] == "failed"
    assert states(t3)[("刘备", "指认")] == "done"


# ---- 贾诩 ---------------------------------------------------------------------------------------------------------
@pytest.mark.skill("料敌机先")
def test_liaodijixian_keeps_him_idle_and_relays_what_names_wei() -> None:
    """贾诩【料敌机先】 (used by day, in effect that night): he may do nothing else that night; the actions of other
    countries that name 魏 are his to learn as they are sent — the judge relays them during submission, the engine lists
    them in the night's warnings and tells them again as the night resolves: 贾诩 hears of 关羽's 水淹七军 on 曹操 (not of
    刘备's 指认 of 关羽), 曹操 of the one aimed at him (R-weimisc-13)."""
    from tianting.core.decisions import DecisionBook

    t = Table()
    t.night(rulings=(rule("kill", "程昱"),))
    assert t.character("程昱") == "贾诩"
    t.game.check_action(act("程昱", "料敌机先"), [])
    day = t.game.resolve_day({}, DecisionBook(strict=True), (), [act("程昱", "料敌机先")])
    t.results.append(day)
    assert states(t)[("程昱", "料敌机先")] == "done"
    assert any("料敌机先" in f.text for f in day.feedback["程昱"])
    with pytest.raises(IllegalAction, match="料敌机先"):
        t.game.check_action(act("程昱", "指认", "曹操", character="曹操"), [])
    r = t.night(act("关羽", "水淹七军", "曹操"), act("刘备", "指认", "关羽", character="关羽"))
    told = [s for s in t.said("程昱") if "料敌机先" in s]
    assert told == ["【料敌机先】别国涉及魏国的行动：关羽 发动【水淹七军】 曹操"], told
    assert any("关羽 发动【水淹七军】 曹操" in s for s in t.said("曹操"))
    assert any("料敌机先" in w and "即时转告" in w for w in r.warnings)


@pytest.mark.skill("长驱直入")
def test_changquzhiru_goes_with_the_stab_as_one_action_in_dingli() -> None:
    """邓艾【长驱直入】 in 鼎立: sent with his stab, the two are one action (「一个主动技能或一次刺杀」, R-weimisc-6/7), in
    either order; the stab lands on the character named (庞统, though it carries 刘备's id)."""
    t = Table()
    play_as(t, "张辽", "邓艾")
    stab, named = act("张辽", "刺杀", "刘备"), act("张辽", "长驱直入", character="庞统")
    t.game.check_action(named, [stab])
    t.game.check_action(stab, [named])
    t.night(named, stab)
    assert t.character("庞统") == "法正" and t.character("刘备") == "刘备"
    assert states(t)[("张辽", "长驱直入")] == "done"
