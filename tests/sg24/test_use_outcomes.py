"""What came of each use (the history's ``state``, rules/sg24/outcomes.py): seed 001 「结算时分三个阶段，第一阶段先
结算每个技能是否发动成功，是否被改变目标，是否有效……第三个阶段重新结算每个技能是否被抵御」, kept per action as KK 3.3
keeps it, and counted by ``tianting simulate`` (ruling R-SG18)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.declared_steps import judged_table24
from tianting.core.records import Ruling
from tianting.core.state import Status
from tianting.rules.sg24.outcomes import skill_uses
from tianting.rules.sg24.timing import Defence

from .table24 import Table24, act


def entries(t: Table24) -> list[dict[str, Any]]:
    """The last phase's history entry's actions."""
    return t.state.history[-1]["actions"]


def outcome(t: Table24, actor: str, skill: str) -> tuple[str, str]:
    (found,) = [e for e in entries(t) if e["actor"] == actor and e["skill"] == skill]
    return found["state"], found.get("why", "")


def to_night_2(t: Table24) -> None:
    t.night()
    t.day()


@pytest.mark.skill("刺杀")
def test_a_stab_goes_off_and_one_on_the_own_lord_is_void() -> None:
    """「每国杀手每夜可以进行一次刺杀，刺杀到本国君主时，刺杀无效。」 The stab on another country goes off (its target
    dies); the stab on the killer's own 君主 was made and had no effect."""
    t = Table24()
    t.night(act("夏侯惇", "刺杀", "司马朗"), act("张辽", "刺杀", "曹操"))
    assert t.status("司马朗") == "out" and t.status("曹操") == "alive"
    assert outcome(t, "夏侯惇", "刺杀") == ("done", "")
    assert outcome(t, "张辽", "刺杀") == ("void", "刺杀到本国君主")
    assert t.state.history[-1]["phase"] == "night" and t.state.history[-1]["index"] == 0
    assert skill_uses(t.state.history) == {"刺杀": [2, 1]}


@pytest.mark.skill("刺杀")
def test_a_stab_lessened_on_the_own_country_still_goes_off() -> None:
    """「刺杀到本国时，刺杀致死一半概率减轻为致伤。」 Lessened, it still reached its target: it went off."""
    t = Table24().force("本国刺杀减轻 关羽→赵云", True)
    t.night(act("关羽", "刺杀", "赵云"))
    assert t.status("赵云") == "injured"
    assert outcome(t, "关羽", "刺杀") == ("done", "")
    t.check_unused()


@pytest.mark.skill("刺杀")
def test_a_stab_a_defence_stops_is_void_and_the_other_goes_off() -> None:
    """「第三个阶段重新结算每个技能是否被抵御」, 「(1)优先抵御造成最大伤害的技能」: the defence stops 夏侯惇's 致死, so
    his stab had no effect; 关羽's lessened stab wounds 赵云 and went off (徐庶's 【披发涂炭】, set off by 夏侯惇's
    foreign stab on 蜀's 护卫, does not void it here: its half chance is lost)."""
    t = Table24().force("本国刺杀减轻 关羽→赵云", True).force("【披发涂炭】stab_void 徐庶→夏侯惇", False)
    t.night(act("关羽", "刺杀", "赵云"), act("夏侯惇", "刺杀", "赵云"),
            defences=(Defence("赵云", "赵云", False, "某护身技"),))
    assert t.status("赵云") == "injured"
    assert outcome(t, "夏侯惇", "刺杀") == ("void", "被抵御：赵云【某护身技】")
    assert outcome(t, "关羽", "刺杀") == ("done", "")


@pytest.mark.skill("刺杀")
def test_a_stab_on_an_id_spared_and_a_stab_ruled_void_are_void() -> None:
    """The judge's rulings (game-script.md ``rulings``): ``spare`` (no harm reaches the id) leaves the stab on him
    without effect; ``void`` (the action has no effect) makes the stab void with the judge's reason."""
    t = Table24()
    t.night(act("夏侯惇", "刺杀", "刘备"), act("关羽", "刺杀", "孙坚"),
            rulings=(Ruling("spare", "刘备", why="天意"), Ruling("void", action=1, why="违规")))
    assert t.character("刘备") == "刘备" and t.character("孙坚") == "孙坚"
    assert outcome(t, "夏侯惇", "刺杀") == ("void", "刘备 免受伤害（天意）")
    assert outcome(t, "关羽", "刺杀") == ("void", "天庭裁定失效：违规")
    assert skill_uses(t.state.history) == {"刺杀": [2, 0]}


@pytest.mark.skill("指认")
def test_a_recognition_goes_off_right_or_wrong() -> None:
    """「评价指认：指认某个角色是否拥有某一个评价或身份……如有，则反馈A是猛将，反之，则反馈A不是猛将。」 Answered either
    way: it went off."""
    t = Table24()
    t.night(act("典韦", "指认", "张飞", evaluation="猛将"), act("刘备", "指认", "曹操", character="关羽"))
    assert outcome(t, "典韦", "指认") == ("done", "")
    assert outcome(t, "刘备", "指认") == ("done", "")


@pytest.mark.skill("招揽")
def test_a_recruitment_reaching_the_unaligned_goes_off_a_wrong_one_fails() -> None:
    """「君主招揽，被君主指认到的在野角色会得到通知」: 刘备's right 指认 reaches 华佗 (who may refuse: it went off all the
    same); 曹操 names 陈登 as 司马朗, reaches nobody and fails; 孙坚's reaches 司马朗, but 司马朗 leaves the game
    that night and is never asked: it fails too."""
    t = Table24()
    t.night(act("刘备", "招揽", "华佗", character="华佗"), act("曹操", "招揽", "陈登", character="司马朗"),
            act("孙坚", "招揽", "司马朗", character="司马朗"), rulings=(Ruling("kill", "司马朗"),),
            answers=[{"actor": "华佗", "skill": "入国", "answer": "拒绝"}])
    assert t.status("司马朗") == "out"
    assert outcome(t, "刘备", "招揽") == ("done", "")
    assert outcome(t, "曹操", "招揽") == ("failed", "指认错误，招揽未成")
    assert outcome(t, "孙坚", "招揽") == ("failed", "司马朗 已退出游戏，未得到招揽通知")
    assert skill_uses(t.state.history) == {"招揽": [3, 1]}


@pytest.mark.skill("投奔")
def test_an_application_put_to_the_chief_strategist_goes_off() -> None:
    """「主动投奔……在野每夜可以申请加入一个国家，主军师同意后则次夜开始时加入」: put to the 主军师, the application went
    off, whatever he answers (his 拒绝 is his choice, not a failure of the application)."""
    t = Table24()
    to_night_2(t)
    t.force("在野随机投奔 华佗", "蜀")  # 「若在野没有被君主招揽，则天庭会给在野随机一个投奔国家」
    t.night(act("陈登", "投奔", country="魏"), act("司马朗", "投奔", country="吴"),
            answers=[{"actor": "荀彧", "skill": "投奔", "answer": "同意"},
                     {"actor": "张昭", "skill": "投奔", "answer": "拒绝"},
                     {"actor": "徐庶", "skill": "投奔", "answer": "拒绝"}])
    assert outcome(t, "陈登", "投奔") == ("done", "")
    assert outcome(t, "司马朗", "投奔") == ("done", "")
    t.day()
    assert t.state.player("陈登").country == "魏" and t.state.player("司马朗").country == "在野"
    t.check_unused()


@pytest.mark.skill("投奔")
def test_an_application_with_no_strategist_or_after_a_recruitment_fails() -> None:
    """「在野入国的优先级为君主招揽>主动投奔」: 华佗, who agrees to 刘备's 招揽, is not put to 魏's 主军师; 「主军师同意后
    则次夜开始时加入」: 陈登's application to 吴, whose 军师 are all gone, has nobody to answer it."""
    t = Table24()
    to_night_2(t)
    for pid in ("张昭", "吕蒙"):
        t.state.player(pid).status = Status.OUT
    assert t.game.chief_strategist("吴") is None
    t.night(act("刘备", "招揽", "华佗", character="华佗"), act("华佗", "投奔", country="魏"),
            act("陈登", "投奔", country="吴"),
            answers=[{"actor": "华佗", "skill": "入国", "answer": "蜀"},
                     {"actor": "荀彧", "skill": "投奔", "answer": "拒绝"}])
    assert outcome(t, "华佗", "投奔") == ("failed", "已同意君主招揽（君主招揽>主动投奔）")
    assert outcome(t, "陈登", "投奔") == ("failed", "吴没有军师，投奔未获回应")
    assert outcome(t, "刘备", "招揽") == ("done", "")


def test_a_character_skill_is_left_to_the_judge_and_not_counted() -> None:
    """R-SG11: where the pack declares no effect for a character's skill, its use is the judge's to rule:
    ``pending`` and ``judged``; a void ruling makes it ``void`` (still the judge's). ``tianting simulate`` counts
    neither (R-SG18): a bot game has no judge."""
    t = judged_table24(("华佗", "起死回生"))  # a judge's own pack leaving it to him
    t.night(act("华佗", "起死回生", "刘备"), act("典韦", "宛城血战", "刘备"), act("夏侯惇", "刺杀", "孙坚"),
            rulings=(Ruling("void", action=1),))
    assert outcome(t, "华佗", "起死回生") == ("pending", "待天庭裁定")
    assert outcome(t, "典韦", "宛城血战") == ("void", "天庭裁定失效：天庭裁定")
    assert [e.get("judged", False) for e in entries(t)] == [True, True, False]
    assert skill_uses(t.state.history) == {"刺杀": [1, 1]}


def test_every_action_is_recorded_in_the_order_sent_and_a_day_has_its_entry() -> None:
    """Everything at once (R-SG14): the entry lists the actions as submitted, whatever order they resolve in; a day
    phase has its entry too (its actions: skills used by day, the judge's)."""
    t = Table24()
    sent = [act("张飞", "刺杀", "司马朗"), act("夏侯惇", "刺杀", "孙坚")]
    t.night(*sent)
    assert [(e["actor"], e["skill"], e["targets"]) for e in entries(t)] == [(a.actor, a.skill, list(a.targets))
                                                                            for a in sent]
    by_day = act("郭嘉", "洞若观火", "刘备")
    t.game.check_action(by_day, [])
    t.game.resolve_day({}, actions=[by_day])
    day = t.state.history[-1]
    assert day["phase"] == "day" and day["index"] == 1
    assert day["actions"] == [{"actor": "郭嘉", "skill": "洞若观火", "targets": ["刘备"], "state": "pending",
                               "why": "待天庭裁定", "judged": True}]


def test_the_outcomes_do_not_depend_on_the_order_sent() -> None:
    """Everything at once (R-SG14): the same actions sent in another order come to the same outcomes."""
    def night(order: list[int]) -> dict[tuple[str, str], tuple[str, str]]:
        t = Table24()
        to_night_2(t)
        sent = [act("夏侯惇", "刺杀", "刘备"), act("张辽", "刺杀", "曹操"), act("刘备", "招揽", "华佗", character="华佗"),
                act("华佗", "投奔", country="魏"), act("曹操", "招揽", "陈登", character="司马朗"),
                act("郭嘉", "洞若观火", "刘备"), act("典韦", "指认", "张飞", evaluation="猛将")]
        t.force("在野随机投奔 司马朗", "吴").force("在野随机投奔 陈登", "吴")
        t.night(*(sent[i] for i in order), answers=[{"actor": "华佗", "skill": "入国", "answer": "蜀"},
                                                   {"actor": "张昭", "skill": "投奔", "answer": "拒绝"},
                                                   {"actor": "张昭", "skill": "投奔", "answer": "拒绝"}])
        t.check_unused()
        return {(e["actor"], e["skill"]): (e["state"], e.get("why", "")) for e in entries(t)}

    first = night(list(range(7)))
    assert first == night([6, 5, 4, 3, 2, 1, 0]) == night([3, 0, 6, 2, 5, 1, 4])
    assert first[("华佗", "投奔")][0] == "failed" and first[("刘备", "招揽")] == ("done", "")
