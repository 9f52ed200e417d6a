"""Seed 001: 在野入国, 结算流程 (timing classes, defence order), 胜利条件 and 议和, determinism."""

from __future__ import annotations

import json

import pytest

from tests.declared_steps import judged_table24
from tianting.core.errors import IllegalAction
from tianting.core.records import Ruling
from tianting.core.rng import GameRandom
from tianting.core.state import Status
from tianting.rules.sg24.game import quota
from tianting.rules.sg24.pack import TIMINGS, PackError, load_pack
from tianting.rules.sg24.timing import (
    DEATH,
    WOUND,
    Defence,
    Harm,
    defence_to_use,
    harm_to_defend,
    timing_rank,
)

from .table24 import Table24, act


# ---- 在野入国 --------------------------------------------------------------------------
def test_lord_recruits_with_consent_joins_next_night_mutual() -> None:
    """「君主招揽，被君主指认到的在野角色会得到通知，是否加入该国，同意后次夜开始时加入，与君主互相认识。」"""
    t = Table24()
    t.night(act("刘备", "招揽", "华佗", character="华佗"), answers=[{"actor": "华佗", "skill": "入国", "answer": "蜀"}])
    assert t.state.player("华佗").country == "在野"  # not yet
    assert "你将于次夜开始时加入蜀" in t.said("华佗")
    r = t.day({"华佗": "曹操", "刘备": "孙坚"})
    assert "华佗" not in r.announcement["votes"]  # still 在野 while the day's vote is cast
    assert t.state.player("华佗").country == "蜀" and t.game.mutual("华佗", "刘备")


def test_lord_recruits_and_dies_the_same_night_the_invitation_stands() -> None:
    """「被君主指认到的在野角色会得到通知，是否加入该国，同意后次夜开始时加入，与君主互相认识。」 The 招揽 and the
    君主's death happen in one night, at once: the 在野 is still asked, joins next night, and recognises nobody
    (the 君主 is gone; R-SG17). Once this crashed: no living 君主 was left to name as the inviter."""
    t = Table24()
    t.night(rulings=(Ruling("kill", "刘备"),))  # 刘备 → 刘禅, the line's last 君主
    t.day()
    t.night(act("刘备", "招揽", "华佗", character="华佗"), rulings=(Ruling("kill", "刘备"),),
            answers=[{"actor": "华佗", "skill": "入国", "answer": "蜀"}])
    assert not t.state.player("刘备").alive
    assert "你将于次夜开始时加入蜀" in t.said("华佗")
    t.day()
    assert t.state.player("华佗").country == "蜀" and not t.game.mutual("华佗", "刘备")


def test_recruit_refused_or_wrong_character() -> None:
    """「是否加入该国」: the 在野 may refuse; a 指认 of the wrong character reaches nobody."""
    t = Table24()
    t.night(act("刘备", "招揽", "华佗", character="华佗"), act("曹操", "招揽", "陈登", character="司马朗"),
            answers=[{"actor": "华佗", "skill": "入国", "answer": "拒绝"}])
    t.day()
    assert t.state.player("华佗").country == "在野" and t.state.player("陈登").country == "在野"
    with pytest.raises(IllegalAction, match="不是君主"):
        t.game.check_action(act("关羽", "招揽", "华佗", character="华佗"), [])


def test_applying_opens_on_night_2_with_chief_strategist_consent() -> None:
    """「主动投奔，游戏第二夜开始，在野每夜可以申请加入一个国家，主军师同意后则次夜开始时加入，与主军师互相认识。」"""
    t = Table24()
    with pytest.raises(IllegalAction, match="第二夜开始"):
        t.game.check_action(act("陈登", "投奔", country="魏"), [])
    t.night()
    t.day()
    t.force("在野随机投奔 司马朗", "吴").force("在野随机投奔 华佗", "吴")
    t.night(act("陈登", "投奔", country="魏"), answers=[
        {"actor": "荀彧", "skill": "投奔", "answer": "同意"},
        {"actor": "张昭", "skill": "投奔", "answer": "拒绝"}, {"actor": "张昭", "skill": "投奔", "answer": "拒绝"}])
    t.day()
    assert t.state.player("陈登").country == "魏" and t.game.mutual("陈登", "荀彧")
    assert t.state.player("司马朗").country == "在野"
    t.check_unused()


def test_unrecruited_unaligned_get_a_random_country() -> None:
    """「若在野没有被君主招揽，则天庭会给在野随机一个投奔国家。」 (a named draw, R-SG6)."""
    t = Table24()
    t.quiet(1)
    for pid in ("司马朗", "华佗", "陈登"):
        t.force(f"在野随机投奔 {pid}", "魏")
    r = t.night(answers=[{"actor": "荀彧", "skill": "投奔", "answer": "拒绝"}] * 3)
    purposes = [d["purpose"] for d in r.draws]
    assert purposes == ["在野随机投奔 司马朗", "在野随机投奔 华佗", "在野随机投奔 陈登"]


def test_recruiting_beats_applying_and_quota_is_one() -> None:
    """「在野入国的优先级为君主招揽>主动投奔。」 and 「27人时，每国有两个在野名额。30人时，每国增加一个」: 24 → one."""
    assert (quota(24), quota(27), quota(30)) == (1, 2, 3)
    t = Table24()
    t.quiet(1)
    t.force("在野随机投奔 司马朗", "蜀")
    t.night(act("刘备", "招揽", "华佗", character="华佗"), act("陈登", "投奔", country="蜀"),
            answers=[{"actor": "华佗", "skill": "入国", "answer": "蜀"},
                     {"actor": "徐庶", "skill": "投奔", "answer": "同意"},
                     {"actor": "徐庶", "skill": "投奔", "answer": "同意"}])
    assert "蜀的在野名额已满，未能加入" in t.said("陈登")
    t.day()
    assert t.state.player("华佗").country == "蜀"
    assert t.state.player("陈登").country == t.state.player("司马朗").country == "在野"


# ---- 结算流程 --------------------------------------------------------------------------
def test_six_timing_classes_in_order() -> None:
    """「立刻生效、预结算前生效、全局技能、结算前生效、结算时生效、结算后生效。发动及生效的优先度由前往后递减。」"""
    assert TIMINGS == ("立刻生效", "预结算前生效", "全局技能", "结算前生效", "结算时生效", "结算后生效")
    assert [timing_rank(x) for x in TIMINGS] == list(range(6))
    assert timing_rank(None) == TIMINGS.index("结算时生效")


def test_judge_notices_follow_timing_order() -> None:
    """The draft lists the skill uses for the judge in timing order (全局技能 before 结算时生效)."""
    from tests.declared_steps import left_to_judge
    from tianting.rules.sg24 import SeatSpec, SG24Game, seats

    t = Table24()  # a judge's own pack leaving 孙坚's 传国玉玺 (结算时) and 庞统's 连环妙计 (结算前) to him
    t.game = SG24Game.create([SeatSpec(ch, c, i, ch) for c, i, ch in seats()], 1,
                             left_to_judge("sg24", ("孙坚", "传国玉玺"), ("庞统", "连环妙计")))
    late, early = ("传国玉玺", "结算时生效"), ("庞统", "连环妙计")
    assert t.game.pack.skill("庞统", early[1]).timing in ("全局技能", "结算前生效")
    assert not t.game.engine_resolves(t.game.pack.skill("庞统", early[1]))
    assert late[1] == t.game.pack.skill("孙坚", late[0]).timing
    r = t.night(act("孙坚", late[0], "关羽"), act(early[0], early[1], "曹操"))
    asked = [w for w in r.warnings if w.startswith("请天庭裁定")]
    assert len(asked) == 2 and early[1] in asked[0] and late[0] in asked[1]


def test_defence_order_greatest_harm_first() -> None:
    """「(1)优先抵御造成最大伤害的技能。」"""
    rng = GameRandom(1)
    harms = [Harm("x", WOUND, "甲", by="a"), Harm("x", DEATH, "乙", by="b")]
    assert harm_to_defend(rng, harms).level == DEATH and rng.draws == []


def test_defence_order_own_active_first() -> None:
    """「(2)……本人主动>他人主动>本人被动>他人被动。」"""
    rng = GameRandom(1)
    ds = [Defence("x", "y", False, "他被"), Defence("x", "x", False, "本被"), Defence("x", "y", True, "他主"),
          Defence("x", "x", True, "本主")]
    order = []
    pool = list(ds)
    while pool:
        d = defence_to_use(rng, pool)
        order.append(d.name)
        pool.remove(d)
    assert order == ["本主", "他主", "本被", "他被"] and rng.draws == []


def test_defence_order_contest_on_ties() -> None:
    """「(3)拼点决定。」: a recorded draw of the game's generator."""
    rng = GameRandom(1)
    rng.force("拼点 抵御 x", "b:乙")
    h = harm_to_defend(rng, [Harm("x", DEATH, "甲", by="a"), Harm("x", DEATH, "乙", by="b")])
    assert h.by == "b" and rng.draws[0].purpose == "拼点 抵御 x"


def test_a_defence_stops_the_greatest_harm_in_a_night() -> None:
    """A judge-found defence in play stops one harm: the 致死 before the 致伤 (徐庶's 【披发涂炭】 lets 夏侯惇's
    foreign stab on 蜀's 护卫 stand: its half chance is lost)."""
    t = Table24().force("本国刺杀减轻 关羽→赵云", True).force("【披发涂炭】stab_void 徐庶→夏侯惇", False)
    t.night(act("关羽", "刺杀", "赵云"), act("夏侯惇", "刺杀", "赵云"),
            defences=(Defence("赵云", "赵云", False, "某护身技"),))
    assert t.character("赵云") == "赵云" and t.status("赵云") == "injured"


# ---- 胜利条件, 议和 --------------------------------------------------------------------
def out(t: Table24, *pids: str) -> None:
    for pid in pids:
        t.state.player(pid).status = Status.OUT


def test_one_side_eliminating_the_other_two_wins() -> None:
    """「某一方将另外两方灭国时，该方获得胜利。」"""
    t = Table24()
    out(t, "刘备", "徐庶", "庞统", "关羽")       # 蜀: 3 left without a lord → 灭国
    out(t, "张昭", "吕蒙", "太史慈", "凌操")     # 吴: 3 left with a lord
    assert t.game.eliminated_now() == ["蜀"]
    r = t.night(act("夏侯惇", "刺杀", "孙淑"))
    assert sorted(t.state.eliminated) == ["吴", "蜀"]
    assert t.state.over and t.state.winners == ["魏"] and r.announcement["winners"] == ["魏"]


def test_peace_ends_without_winner() -> None:
    """「以此循环直到一方获胜或三方议和。」"""
    t = Table24()
    t.game.declare_peace("三方议和")
    assert t.state.over and t.state.peace and t.state.winners == []
    with pytest.raises(IllegalAction, match="游戏已经结束"):
        t.game.check_action(act("夏侯惇", "刺杀", "刘备"), [])


# ---- determinism, simultaneity, packs ---------------------------------------------------
def _play(seed: int, order: list[int]) -> str:
    t = Table24(seed)
    actions = [act("夏侯惇", "刺杀", "典韦"), act("关羽", "刺杀", "糜氏"), act("太史慈", "刺杀", "关羽"),
               act("典韦", "指认", "张飞", evaluation="猛将"), act("刘备", "招揽", "陈登", character="陈登")]
    r = t.night(*[actions[i] for i in order], answers=[{"actor": "陈登", "skill": "入国", "answer": "蜀"}])
    d = t.day({"曹操": "刘备", "孙坚": "刘备"})
    return json.dumps([r.announcement, r.draws, {k: [f.text for f in v] for k, v in r.feedback.items()},
                       d.announcement, d.draws, t.game.truth_players()], ensure_ascii=False, sort_keys=True)


def test_same_seed_same_game_and_submission_order_does_not_matter() -> None:
    """Deterministic (one seeded generator) and simultaneous: permuting the night's actions changes nothing."""
    a = _play(3, [0, 1, 2, 3, 4])
    assert a == _play(3, [0, 1, 2, 3, 4])
    assert a == _play(3, [4, 3, 2, 1, 0])
    assert a == _play(3, [2, 4, 0, 3, 1])


def test_a_judge_can_load_a_pack_and_bad_packs_are_refused() -> None:
    """Characters as data: a judge's own pack, with the reasons a bad one is refused."""
    with pytest.raises(PackError, match="format"):
        load_pack('{"format": "x"}')
    with pytest.raises(PackError, match="未知的值「勇者」"):
        load_pack(json.dumps({"format": "tianting-sg24-pack/1", "characters": [
            {"name": "甲", "country": "魏", "identity": "君主", "evaluations": ["勇者"]}]}))
    with pytest.raises(PackError, match="继任者「乙」不在角色包中"):
        load_pack(json.dumps({"format": "tianting-sg24-pack/1", "characters": [
            {"name": "甲", "country": "魏", "identity": "君主", "successors": ["乙"]}]}))
    own = load_pack(json.dumps({"format": "tianting-sg24-pack/1", "characters": [
        {"name": "甲", "country": "魏", "identity": "君主", "evaluations": ["统帅"],
         "skills": [{"name": "号令", "kind": "active", "timing": "全局技能", "text": "……"}]}]}))
    assert own.skill("甲", "號令") is not None and own.get("甲").evaluations == ("统帅",)


def test_peace_needs_every_standing_side() -> None:
    """「三方议和」: each side agrees through its 君主 (R-SG10)."""
    t = Table24()
    assert t.game.peace_agreed("曹操", ["刘备"]) == "以下各方未同意议和：吴"
    assert t.game.peace_agreed("曹操", ["刘备", "孙坚"]) is None
    assert "不属于任何尚存的一方" in (t.game.peace_agreed("华佗", ["刘备", "孙坚", "曹操"]) or "")


def test_killers_told_at_nightfall_and_passives_left_to_the_judge() -> None:
    """Each killer may stab once tonight (R-SG1); passive skills in play with no declared effect are the judge's to
    rule (刘备's 承道受业, left to him by his own pack), those declared the engine's (割发代首, 割须弃袍)."""
    t = judged_table24(("刘备", "承道受业"))  # a judge's own pack leaving it to him
    told = t.game.night_start_feedback()
    assert set(told) == {"夏侯惇", "张辽", "关羽", "张飞", "太史慈", "凌操"}
    assert any("承道受业" in w for w in t.game.passive_warnings())
    assert not any("割发代首" in w or "割须弃袍" in w for w in t.game.passive_warnings())


def test_a_fallen_side_no_longer_acts_nor_votes() -> None:
    """「某一方存在场上的人数小于等于2人，则判定其灭国」: its ids take no further part (R-SG15)."""
    t = Table24()
    out(t, "刘备", "徐庶", "庞统", "关羽")
    t.night()
    assert t.state.eliminated == ["蜀"] and not t.state.over
    r = t.day({"张飞": "曹操", "赵云": "曹操", "孙坚": "夏侯惇"})
    assert r.announcement["voted"] == "夏侯惇"
    with pytest.raises(IllegalAction, match="蜀已灭国"):
        t.game.check_action(act("张飞", "刺杀", "曹操"), [])


def test_all_three_falling_at_once_is_no_win() -> None:
    """「某一方将另外两方灭国时，该方获得胜利。」 — no side is left to win (R-SG15)."""
    t = Table24()
    out(t, "刘备", "徐庶", "庞统", "关羽", "张昭", "吕蒙", "太史慈", "凌操", "荀彧", "郭嘉", "张辽", "甄姬",
        "典韦")
    t.night(act("夏侯惇", "刺杀", "孙淑"))
    assert t.state.over and t.state.winners == [] and sorted(t.state.eliminated) == ["吴", "蜀", "魏"]


@pytest.mark.parametrize("refusal", ["拒绝", "拒絕"])
def test_the_chief_strategist_refuses_an_application_in_either_script(refusal: str) -> None:
    """「主动投奔……主军师同意后则次夜开始时加入」: 荀彧 answers 陈登's 投奔 with 「拒绝」 or, typed in Traditional, 「拒絕」
    (as 入国's answer already is read): either is the refusal, and 陈登 stays 在野."""
    t = Table24()
    t.night()
    t.day()
    t.force("在野随机投奔 司马朗", "吴").force("在野随机投奔 华佗", "吴")
    t.night(act("陈登", "投奔", country="魏"), answers=[
        {"actor": "荀彧", "skill": "投奔", "answer": refusal},
        {"actor": "张昭", "skill": "投奔", "answer": "拒绝"}, {"actor": "张昭", "skill": "投奔", "answer": "拒绝"}])
    t.day()
    assert t.state.player("陈登").country == "在野" and not t.game.mutual("陈登", "荀彧")
    t.check_unused()
