"""鼎立三分2.0's 在野 skills made engine-resolved (issue 31, group dlqun1: 袁绍 袁术 陈琳 水镜先生 孔融 吕布 貂蝉):
each test states the 8.1 fact in our words and pins the reading of docs/rulings/packs-dlqun1.md."""

from __future__ import annotations

import pytest

from tests.declared_steps import injured, without
from tianting.core.errors import IllegalAction
from tianting.core.records import Action
from tianting.rules.dingli2 import DingliGame, SeatSpec

from .table import Table, act, seats


def states(t: Table) -> dict[tuple[str, str], str]:
    """What came of each action of the last phase: (actor, skill) → state."""
    return {(e["actor"], e["skill"]): e["state"] for e in t.state.history[-1]["actions"]}


HEIRS = [{"actor": "徐庶", "skill": "继任", "answer": "诸葛亮"}]
"""徐庶 dies his natural death on night 3 (his line branches: 诸葛亮 plays on)."""


class YuanShuTable(Table):
    """The 32-seat table with 袁术 in the 袁绍/袁术 seat (seed 003: 「袁绍/袁术」)."""

    def __init__(self, seed: int = 1) -> None:
        specs = [SeatSpec("袁术", "在野", "平民", "袁术") if s.character == "袁绍" else s for s in seats(32)]
        self.game = DingliGame.create(specs, seed)
        self.results = []


# ---- 袁绍 ----------------------------------------------------------------------------------------------------
@pytest.mark.skill("空墙苟活")
def test_kongqianggouhuo_stops_the_greatest_harm_each_night() -> None:
    """袁绍【空墙苟活】: when harms reach him in a night, the one of greatest effect is stopped (seed 001's order:
    「优先抵御造成最大伤害的技能」): 张辽's stab (a death) is stopped and 孙坚's wound lands; the next night it stands
    again (no count is given: R-dlqun1-1)."""
    t = Table(size=32)
    t.night(act("张辽", "刺杀", "袁绍"), act("孙坚", "横扫江东", "袁绍"))
    assert t.state.player("袁绍").alive and injured(t, "袁绍")
    assert any("袁绍【空墙苟活】" in n for n in t.results[-1].trace)
    t = Table(size=32)
    for _ in range(2):
        t.night(act("张辽", "刺杀", "袁绍"))
        assert t.state.player("袁绍").alive and not injured(t, "袁绍")
        t.day()


@pytest.mark.skill("强弩射阵")
def test_qiangnusheizhen_wounds_three_ids_himself_among_them() -> None:
    """袁绍【强弩射阵】: three ids, his own among them, are wounded at once (a 武将杀伤 harm each). His own wound meets
    his 【空墙苟活】 like any harm (R-dlqun1-2), so 郭嘉 and 孙坚 are wounded and 袁绍 is not; a use without his own id,
    or with two ids, is refused."""
    t = Table(size=32)
    without(t, "曹魏谋主")
    with pytest.raises(IllegalAction):
        t.game.check_action(act("袁绍", "强弩射阵", "郭嘉", "孙坚", "刘备"), [])
    with pytest.raises(IllegalAction):
        t.game.check_action(act("袁绍", "强弩射阵", "袁绍", "郭嘉"), [])
    t.night(act("袁绍", "强弩射阵", "袁绍", "郭嘉", "孙坚"))
    assert injured(t, "郭嘉") and injured(t, "孙坚") and not injured(t, "袁绍")
    assert states(t)[("袁绍", "强弩射阵")] == "done"


@pytest.mark.skill("河朔称雄")
def test_heshuochengxiong_makes_one_asked_id_of_another_country_fail() -> None:
    """袁绍【河朔称雄】 (usable once he has joined a country): of the ids he has asked an evaluation of, one not of his
    country, drawn, has every action of the night fail (R-dlqun1-4). 袁绍 asked 郭嘉 and 周瑜 on night 1 and has
    joined 蜀; the draw takes 郭嘉: his 洞若观火 fails, 周瑜's 指认 stands. Before joining the use is refused."""
    t = Table(size=32)
    with pytest.raises(IllegalAction, match="入国后"):
        t.game.check_action(act("袁绍", "河朔称雄"), [])
    t.night(act("袁绍", "指认", "郭嘉", evaluation="智者"))
    t.day()
    t.night(act("袁绍", "指认", "周瑜", evaluation="智者"))
    t.day()
    t.state.player("袁绍").country = "蜀"  # joined 蜀 (how he joined is not this skill's matter)
    t.force("【河朔称雄】袁绍 随机一个ID", "郭嘉")
    t.night(act("袁绍", "河朔称雄"), act("郭嘉", "洞若观火", "刘备"), answers=HEIRS)
    assert states(t)[("郭嘉", "洞若观火")] == "void"
    assert not any("刘备" in s and "身份" in s for s in t.said("郭嘉"))
    t.check_unused()


# ---- 袁术 ----------------------------------------------------------------------------------------------------
@pytest.mark.skill("袁氏嫡子")
def test_yuanshidizi_stabs_from_the_third_night() -> None:
    """袁术【袁氏嫡子】: two nights after he comes into play he may stab one id, a stab that is no killer's. He plays
    from night 1, so night 3 is the first he may use it (R-dlqun1-3); 郭嘉 dies of it and 荀彧 plays on."""
    t = YuanShuTable()
    with pytest.raises(IllegalAction, match="第3夜"):
        t.game.check_action(act("袁术", "袁氏嫡子", "郭嘉"), [])
    t.night()
    t.day()
    with pytest.raises(IllegalAction, match="第3夜"):
        t.game.check_action(act("袁术", "袁氏嫡子", "郭嘉"), [])
    t.night()
    t.day()
    t.night(act("袁术", "袁氏嫡子", "郭嘉"), answers=HEIRS)
    assert t.character("郭嘉") == "荀彧"


# ---- 水镜先生 ------------------------------------------------------------------------------------------------
@pytest.mark.skill("不动如山")
def test_budongrushan_spares_an_id_that_did_nothing() -> None:
    """水镜先生【不动如山】: if the id sends no action tonight, every harm of the night on him is void: 甘宁's stab
    on the idle 郭嘉 does nothing; on another table 郭嘉 sends 洞若观火 and the same stab kills him (R-dlqun1-5)."""
    t = Table(size=32)
    without(t, "曹魏谋主")
    t.night(act("水镜先生", "不动如山", "郭嘉"), act("甘宁", "刺杀", "郭嘉"))
    assert t.character("郭嘉") == "郭嘉" and not injured(t, "郭嘉")
    t2 = Table(size=32)  # 不动如山 is used once a game (R53): the busy 郭嘉 on a table of its own
    without(t2, "曹魏谋主")
    t2.night(act("水镜先生", "不动如山", "郭嘉"), act("甘宁", "刺杀", "郭嘉"), act("郭嘉", "洞若观火", "刘备"))
    assert t2.character("郭嘉") == "荀彧"
    assert states(t2)[("水镜先生", "不动如山")] == "failed"


# ---- 孔融 ----------------------------------------------------------------------------------------------------
@pytest.mark.skill("仲尼复生")
def test_zhongnifusheng_learns_the_character_of_a_wenhao() -> None:
    """孔融【仲尼复生】: he names an id as 文豪; if the id has that evaluation he learns its character, else nothing;
    he may not name himself. 陈琳 (文豪) is learned; 张辽 (no 文豪) is not."""
    t = Table(size=32)
    with pytest.raises(IllegalAction, match="不可指定自己"):
        t.game.check_action(act("孔融", "仲尼复生", "孔融"), [])
    t.night(act("孔融", "仲尼复生", "陈琳"))
    assert any("陈琳" in s and "角色" in s for s in t.said("孔融"))
    t2 = Table(size=32)  # 仲尼复生 is used once a game (R53): the id with no 文豪 on a table of its own
    t2.night(act("孔融", "仲尼复生", "张辽"))
    assert states(t2)[("孔融", "仲尼复生")] == "failed"
    assert not any("张辽的角色" in s for s in t2.said("孔融"))


# ---- 吕布 ----------------------------------------------------------------------------------------------------
@pytest.mark.skill("天下无双")
def test_tianxiawushuang_voids_every_wounding_effect_and_stab() -> None:
    """吕布【天下无双】 (any number of times): a 武将杀伤 effect on him is void — 孙坚's 横扫江东 and 甘宁's stab alike
    (the stab is among them: 长驱直入 and 侵略如火 break every protection but this one, R-dlqun1-8)."""
    t = Table(size=32)
    t.night(act("孙坚", "横扫江东", "吕布"), act("甘宁", "刺杀", "吕布"))
    assert t.state.player("吕布").alive and not injured(t, "吕布")
    assert sum("吕布【天下无双】" in n for n in t.results[-1].trace) == 2


@pytest.mark.skill("威震虎牢")
def test_weizhenhulao_voids_each_wu_vote_with_half_chance() -> None:
    """吕布【威震虎牢】 (when he is not of 吴): each 吴 player's vote the next day is void with half chance, drawn
    for each (R-dlqun1-6). 魏's nine vote 关羽, 蜀's seven and 吴's seven vote 郭嘉; every 吴 draw but 周瑜's voids the
    vote, so 郭嘉 has 8 to 关羽's 9 and 关羽 is wounded (uncounted, 吴's votes would have made 郭嘉 the most voted)."""
    t = Table(size=32)
    living = {p.id: p.country for p in t.state.living()}
    for pid in sorted(p for p, c in living.items() if c == "吴"):
        t.force(f"【威震虎牢】own_vote_void 吕布→{pid}", pid != "周瑜")
    t.night(act("吕布", "威震虎牢"))
    votes = {pid: {"魏": "关羽", "蜀": "郭嘉", "吴": "郭嘉"}.get(c, pid) for pid, c in living.items()}
    t.day(votes=votes)
    assert injured(t, "关羽") and not injured(t, "郭嘉")
    t.check_unused()


@pytest.mark.skill("威震虎牢")
def test_weizhenhulao_is_void_when_lvbu_is_of_wu() -> None:
    """吕布【威震虎牢】 works only while he is not of 吴: of 吴, nothing is drawn and no vote is voided."""
    t = Table(size=32)
    t.state.player("吕布").country = "吴"
    t.night(act("吕布", "威震虎牢"))
    assert states(t)[("吕布", "威震虎牢")] == "failed"
    assert not t.state.extra.get("own_votes_void")


@pytest.mark.skill("偷袭徐州")
def test_touxixuzhou_spends_linqiaohuhou_then_stops_zhangfei_stabs() -> None:
    """吕布【偷袭徐州】 (when he is not of 蜀): 张飞's 【临桥虎吼】 is spent (张飞 told); once it is spent, 张飞's
    stabs that night fail (R-dlqun1-7): with it spent already, his stab on 郭嘉 does nothing."""
    t = Table(size=32)
    t.night(act("吕布", "偷袭徐州"))
    assert t.state.player("张飞").used.get("临桥虎吼") == 1
    assert any("临桥虎吼" in s and "消耗" in s for s in t.said("张飞"))
    t2 = Table(size=32)  # 偷袭徐州 is used once a game (R53): 临桥虎吼 spent already, on a table of its own
    t2.state.player("张飞").used["临桥虎吼"] = 1
    t2.night(act("吕布", "偷袭徐州"), act("张飞", "刺杀", "郭嘉"))
    assert t2.character("郭嘉") == "郭嘉"
    assert states(t2)[("张飞", "刺杀")] == "void"


# ---- 貂蝉 ----------------------------------------------------------------------------------------------------
@pytest.mark.skill("闭月羞花")
def test_biyuexiuhua_meets_each_wounding_effect_with_half_chance() -> None:
    """貂蝉【闭月羞花】 (any number of times): each 武将杀伤 effect on her, stabs among them, is stopped with half
    chance, drawn for each (R-dlqun1-10): 甘宁's stab is stopped, 孙坚's 横扫江东 is not, and she is wounded."""
    t = Table(size=32)
    t.force("貂蝉【闭月羞花】 甘宁的刺杀→貂蝉", True)
    t.force("貂蝉【闭月羞花】 孙坚的横扫江东→貂蝉", False)
    t.night(act("甘宁", "刺杀", "貂蝉"), act("孙坚", "横扫江东", "貂蝉"))
    assert t.state.player("貂蝉").alive and injured(t, "貂蝉")
    t.check_unused()


@pytest.mark.skill("闭月羞花")
def test_biyuexiuhua_does_not_meet_guanyu_stab() -> None:
    """貂蝉【闭月羞花】 does not go off when the stabber is 关羽: nothing is drawn and his stab kills her (灵雎 plays
    on)."""
    t = Table(size=32)
    t.night(act("关羽", "刺杀", "貂蝉"))
    assert t.character("貂蝉") == "灵雎"
    assert not [d for d in t.state.rng.draws if "闭月羞花" in str(d)]


# ---- 陈琳 ----------------------------------------------------------------------------------------------------
def day_with(t: Table, votes: dict[str, str], *uses: Action) -> None:
    """A day with skills used by day (checked as sent), on the strict book."""
    from tianting.core.decisions import DecisionBook

    for a in uses:
        t.game.check_action(a, [])
    book = DecisionBook(strict=True)
    t.results.append(t.game.resolve_day(votes, book, (), actions=list(uses)))
    assert not book.unused()


@pytest.mark.skill("建安风骨")
def test_jiananfenggu_deepens_the_most_voted_harm_to_death() -> None:
    """陈琳【建安风骨】 (by day, once he has joined a country): the day's most voted takes a deeper harm — he dies
    where the vote would only wound him (seed 003's 「伤害加深：即受伤直接死亡」, R-dlqun1-11). 郭嘉 (魏 has its 君主)
    dies of the vote and 荀彧 plays on; before 陈琳 has joined, the use is refused."""
    t = Table(size=32)
    t.night()
    with pytest.raises(IllegalAction, match="加入阵营后"):
        t.game.check_action(act("陈琳", "建安风骨"), [])
    t.state.player("陈琳").country = "蜀"  # joined 蜀 (how he joined is not this skill's matter)
    votes = {p.id: "郭嘉" if p.country in ("蜀", "吴") else p.id for p in t.state.living()}
    day_with(t, votes, act("陈琳", "建安风骨"))
    assert t.character("郭嘉") == "荀彧"
    assert not any("建安风骨" in w for w in t.results[-1].warnings if w.startswith("请天庭裁定"))
    assert t.state.player("陈琳").used.get("建安风骨") == 1


@pytest.mark.skill("建安风骨")
def test_jiananfenggu_is_used_once_a_game() -> None:
    """陈琳【建安风骨】 (8.1 gives no count) is used once a game (R53, R-once-1): used on the first day, it is refused
    on the next."""
    t = Table(size=32)
    t.night()
    t.state.player("陈琳").country = "蜀"
    votes = {p.id: {"蜀": "郭嘉", "吴": "曹操"}.get(p.country, p.id) for p in t.state.living()}
    day_with(t, votes, act("陈琳", "建安风骨"))
    t.night()
    with pytest.raises(IllegalAction, match="【建安风骨】只能使用一次，已经消耗"):
        t.game.check_action(act("陈琳", "建安风骨"), [])


@pytest.mark.skill("建安风骨")
def test_jiananfenggu_harms_nobody_on_a_tie() -> None:
    """陈琳【建安风骨】: when two ids share the most votes nobody is harmed (the tie rule stands)."""
    t = Table(size=32)
    t.night()
    t.state.player("陈琳").country = "蜀"
    votes = {p.id: {"蜀": "郭嘉", "吴": "曹操"}.get(p.country, p.id) for p in t.state.living()}
    votes["陈琳"] = "张辽"
    day_with(t, votes, act("陈琳", "建安风骨"))
    assert t.character("郭嘉") == "郭嘉" and not injured(t, "郭嘉") and not injured(t, "曹操")


@pytest.mark.skill("英雄气短", "天下无双")
def test_yingxiongqiduan_ends_tianxiawushuang_when_diaochan_dies() -> None:
    """貂蝉【英雄气短】: when 貂蝉 dies, 吕布's 【天下无双】 stops working and 吕布 is told (R-dlqun1-12). 关羽's stab
    kills her (灵雎 plays on); the next night 甘宁's stab kills 吕布 (庞德 plays on)."""
    t = Table(size=32)
    t.night(act("关羽", "刺杀", "貂蝉"))
    assert t.character("貂蝉") == "灵雎"
    assert "天下无双" not in t.state.player("吕布").skills
    assert any("天下无双" in s for s in t.said("吕布"))
    t.day()
    t.night(act("甘宁", "刺杀", "吕布"))
    assert t.character("吕布") == "庞德"


@pytest.mark.skill("英雄气短")
def test_yingxiongqiduan_not_on_her_own_suicide() -> None:
    """貂蝉【英雄气短】 does not go off when she kills herself: 吕布 keeps 【天下无双】 and is told nothing."""
    t = Table(size=32)
    t.night(act("貂蝉", "自杀"))
    assert t.character("貂蝉") == "灵雎"
    assert "天下无双" in t.state.player("吕布").skills and not t.said("吕布")


@pytest.mark.skill("逆天改命", "仲尼复生")
def test_nitiangaiming_sets_the_evaluations_others_then_read() -> None:
    """孔融【逆天改命】 (three uses): the id's 评价 become those he names, never none, never his own (R-dlqun1-13).
    张辽 (猛将) is made a 文豪: the next night 袁绍's 评价指认 of 张辽 as 猛将 is answered no, and 孔融's
    【仲尼复生】 on him (文豪 only) learns his character. A fourth use is refused."""
    t = Table(size=32)
    for bad in (act("孔融", "逆天改命", "孔融", evaluations=["文豪"]), act("孔融", "逆天改命", "张辽", evaluations=[]),
                act("孔融", "逆天改命", "张辽", evaluations=["君子"])):
        with pytest.raises(IllegalAction):
            t.game.check_action(bad, [])
    t.night(act("孔融", "逆天改命", "张辽", evaluations=["文豪"]))
    assert not any("猛将" in s for s in t.said("孔融"))
    t.day()
    t.night(act("孔融", "仲尼复生", "张辽"), act("袁绍", "指认", "张辽", evaluation="猛将"))
    assert any("张辽" in s and "角色" in s for s in t.said("孔融"))
    assert states(t)[("孔融", "仲尼复生")] == "done"
    assert "张辽不是猛将" in t.said("袁绍")
    t.state.player("孔融").used["逆天改命"] = 3
    with pytest.raises(IllegalAction, match="3次"):
        t.game.check_action(act("孔融", "逆天改命", "郭嘉", evaluations=["猛将"]), [])


@pytest.mark.skill("偷袭徐州")
def test_touxixuzhou_without_zhangfei_or_by_a_shu_lvbu() -> None:
    """吕布【偷袭徐州】: with 张飞 out of play (马超 plays the seat) it goes off to no effect; while 吕布 is of 蜀 it
    fails, and 张飞's 【临桥虎吼】 stays unspent (R-dlqun1-7)."""
    t = Table(size=32)
    t.state.player("吕布").country = "蜀"
    t.night(act("吕布", "偷袭徐州"))
    assert states(t)[("吕布", "偷袭徐州")] == "failed" and not t.state.player("张飞").used.get("临桥虎吼")
    t2 = Table(size=32)  # 偷袭徐州 is used once a game (R53), failed or not: 张飞 gone, on a table of its own
    t2.state.player("张飞").character = "马超"  # 张飞 died earlier; his successor plays the seat
    t2.night(act("吕布", "偷袭徐州"))
    assert states(t2)[("吕布", "偷袭徐州")] == "done" and not t2.state.player("张飞").used.get("临桥虎吼")
