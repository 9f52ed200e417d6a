"""What acts at one moment takes effect together, in no order of seats or submission (ruling R49).

Each scenario is played with the submissions in both orders (and, where rules are registered by
seat, with the owners on either side), and must come out the same.
"""

from __future__ import annotations

from typing import Any

import pytest

from tianting.core.skills import Kind, Skill, Source, TargetRule, Use, UseState
from tianting.testing import Table

from .test_identity_skills import wei_lord_reincarnated

BOTH = pytest.mark.parametrize("order", ["as-written", "reversed"])


def _ordered(actions: list[Any], order: str) -> list[Any]:
    return actions if order == "as-written" else actions[::-1]


# ---- the rules on one use once redirects and cancels are known ---------------------------------
class _Rule(Skill):
    """A test skill: tonight, a rule on every 刺殺 of its target (its owner is told when it answers)."""

    source = Source.CHARACTER
    stage = "protect"
    targets = TargetRule(count=1)
    hook = ""

    def prepare(self, night: Any, use: Use) -> None:
        def rule(n: Any, other: Use) -> str | None:
            if use.live and other.name == "刺殺" and other.actor == use.targets[0]:
                n.tell(use.actor, _told(self.name))
                return f"{use.actor} {self.name}"
            return None

        getattr(night, self.hook).append(rule)


def _told(name: str) -> Any:
    from tianting.core.records import Feedback

    return Feedback(name, f"【{name}】生效。", None, {"answered": True})


class _VoidA(_Rule):
    name = "測試失效甲"
    hook = "target_rules"


class _VoidB(_Rule):
    name = "測試失效乙"
    hook = "target_rules"


class _Block(_Rule):
    name = "測試失敗"
    hook = "block_rules"


@BOTH
def test_every_rule_on_a_use_is_asked_and_a_failure_beats_a_void(order: str) -> None:
    """發動失敗 (視為未發動) and 失效 (發動了但沒有任何效果) of one 刺殺 at one moment: it fails (it never went
    off, so the rules on 失效 are not asked about it), whichever rule was registered first."""
    t = Table(bare=True, extra_skills=[_VoidA, _VoidB, _Block])
    for pid, skill in (("魏女眷", "測試失效甲"), ("蜀女眷", "測試失敗"), ("吳女眷", "測試失效乙")):
        t.player(pid).skills = [skill]
    acts = [t.act("魏女眷", "測試失效甲", "吳殺手甲"), t.act("蜀女眷", "測試失敗", "吳殺手甲"),
            t.act("吳女眷", "測試失效乙", "吳殺手甲"), t.act("吳殺手甲", "刺殺", "魏君主")]
    t.night(*_ordered(acts, order))
    assert t.status("魏君主") == "alive"
    assert [f.data for f in t.feedback("吳殺手甲", "刺殺") if "stabs" not in f.data] == [{"failed": True}]
    assert [f.data for f in t.feedback("蜀女眷", "測試失敗")] == [{"answered": True}]
    assert t.feedback("魏女眷", "測試失效甲") == [] and t.feedback("吳女眷", "測試失效乙") == []  # never went off
    entry = [a for a in t.state.history[-1]["actions"] if a["actor"] == "吳殺手甲"]
    assert [a["state"] for a in entry] == [UseState.FAILED.value]


@BOTH
def test_two_void_rules_on_one_use_both_take_effect(order: str) -> None:
    """Two rules make one 刺殺 失效: both answer, the trace names both, whatever the order."""
    t = Table(bare=True, extra_skills=[_VoidA, _VoidB])
    t.player("魏女眷").skills = ["測試失效甲"]
    t.player("吳女眷").skills = ["測試失效乙"]
    acts = [t.act("吳女眷", "測試失效乙", "蜀殺手甲"), t.act("魏女眷", "測試失效甲", "蜀殺手甲"),
            t.act("蜀殺手甲", "刺殺", "魏君主")]
    t.night(*_ordered(acts, order))
    assert t.status("魏君主") == "alive"
    assert t.feedback("蜀殺手甲") == [f for f in t.feedback("蜀殺手甲") if f.skill == "刺殺" and "stabs" in f.data]
    line = next(line for line in t.last.trace if line.startswith("蜀殺手甲 的【刺殺】失效："))
    assert "測試失效甲" in line and "測試失效乙" in line


# ---- 我負天下 with two qualifying 招賢納才 --------------------------------------------------------
@pytest.mark.skill("我負天下")
@BOTH
@pytest.mark.parametrize("drawn", ["蜀正軍師", "吳君主"])
def test_wofutianxia_two_qualifying_recruits_one_is_drawn(order: str, drawn: str) -> None:
    """我負天下：*被*若你發動的【招賢納才】的目標不為本國角色，或者其他國角色對你發動【招賢納才】，視為你對其發動了
    一次【刺殺】 — both at once (曹操 recruits 蜀正軍師, 孫堅 recruits 曹操): a limited skill, it stabs one of them,
    drawn, never the first by seat or submission (WL4, R49)."""
    t = Table(bare=True)
    t.player("魏君主").skills = ["我負天下"]
    t.force("我負天下 魏君主 刺殺的對象", drawn)
    if drawn == "吳君主":
        t.decide("吳君主", "轉生", "孫策")
    acts = [t.act("魏君主", "招賢納才", "蜀正軍師"), t.act("吳君主", "招賢納才", "魏君主")]
    t.night(*_ordered(acts, order))
    assert t.only_feedback("魏君主", "我負天下").data == {"stab": drawn, "consumed": True}
    assert t.drew("我負天下")[0]["options"] == ["吳君主", "蜀正軍師"]
    other = "吳君主" if drawn == "蜀正軍師" else "蜀正軍師"
    assert t.player(other).character == t.game.roster.resolve_character(
        {"吳君主": "孫堅", "蜀正軍師": "諸葛亮"}[other], t.player(other).identity)
    assert t.status(other) == "alive"


# ---- 天縱鬼才 held twice ------------------------------------------------------------------------
@pytest.mark.skill("天縱鬼才")
@pytest.mark.parametrize("answers", [("成功", "失敗"), ("失敗", "成功")])
def test_tianzong_two_owners_who_disagree_leave_the_check_to_chance(answers: tuple[str, str]) -> None:
    """由你決定概率判定的結果 — two owners (one learned it) draw the same check and decide it at one moment:
    different answers cancel out and the check rolls as usual; neither owner is first (WS5, R49)."""
    t = Table(bare=True)
    t.player("魏正軍師").skills = ["天縱鬼才"]
    t.player("魏副軍師").skills = ["天縱鬼才"]
    t.wound("蜀正軍師")
    t.decide("魏正軍師", "天縱鬼才", answers[0]).decide("魏副軍師", "天縱鬼才", answers[1])
    t.succeed("蜀正軍師", "明察")  # the ordinary half chance, drawn
    t.night(t.act("魏正軍師", "天縱鬼才"), t.act("魏副軍師", "天縱鬼才"), t.act("蜀正軍師", "明察", "魏君主"))
    assert t.only_feedback("蜀正軍師", "明察").data == {"is_killer": False}
    assert t.traced("天縱鬼才：對 蜀正軍師【明察】魏君主 的決定不一致，照常進行概率判定")


@pytest.mark.skill("天縱鬼才")
def test_tianzong_two_owners_who_agree_decide_the_check() -> None:
    """Two owners who give the same answer: it stands (no draw)."""
    t = Table(bare=True)
    t.player("魏正軍師").skills = ["天縱鬼才"]
    t.player("魏副軍師").skills = ["天縱鬼才"]
    t.wound("蜀正軍師")
    t.decide("魏正軍師", "天縱鬼才", "失敗").decide("魏副軍師", "天縱鬼才", "失敗")
    t.night(t.act("魏副軍師", "天縱鬼才"), t.act("蜀正軍師", "明察", "魏君主"), t.act("魏正軍師", "天縱鬼才"))
    assert t.only_feedback("蜀正軍師", "明察").data == {"failed": True}
    assert t.drew("成功判定") == []


# ---- the extra 刺殺 of a grant that did not go off -----------------------------------------------
@pytest.mark.skill("三日五百")
@BOTH
def test_a_failed_grant_takes_back_its_own_holders_stab(order: str) -> None:
    """三日五百：當夜你可以額外發動一次【刺殺】 — it fails its check (受傷): the extra 刺殺 was his, so his own
    fails and his fellow killer's stands, whichever was submitted first (R49)."""
    t = Table(bare=True)
    t.player("魏殺手乙").skills = ["三日五百"]
    for _ in range(2):
        t.quiet_night()
        t.day()
    t.wound("魏殺手乙")
    t.fail("魏殺手乙", "三日五百").succeed("魏殺手乙", "刺殺")
    acts = [t.act("魏殺手乙", "三日五百"), t.act("魏殺手甲", "刺殺", "蜀護衛"), t.act("魏殺手乙", "刺殺", "吳護衛")]
    t.night(*([acts[0], *acts[1:][::-1]] if order == "reversed" else acts))
    assert t.status("蜀護衛") == "out" and t.status("吳護衛") == "alive"
    assert t.traced("魏殺手乙 的【刺殺】發動失敗：給予此次額外使用的魏殺手乙【三日五百】發動失敗")


# ---- at the vote ---------------------------------------------------------------------------------
@pytest.mark.skill("眩遠惑近", "託孤")
def test_xuanyuan_removals_are_one_moment_for_entrust() -> None:
    """眩遠惑近：次日的投票規則改為所有得票數次高的角色均退出歷史舞台 — 曹丕 and 魏正軍師 leave together: 託孤's
    list of 「尚存活」 players leaves 魏正軍師 out (R47, R49), whatever the order of the tally."""
    t = Table(bare=True)
    wei_lord_reincarnated(t)
    t.player("蜀正軍師").skills = ["眩遠惑近"]
    t.night(t.act("蜀正軍師", "眩遠惑近"))
    votes = {"吳君主": "吳護衛", "吳正軍師": "吳護衛", "吳副軍師": "吳護衛", "蜀君主": "魏正軍師", "蜀護衛": "魏君主"}
    t.decide("魏君主", "託孤", "魏護衛")
    t.day(votes)
    assert set(t.announced("exited")) == {"魏君主", "魏正軍師"} and t.status("吳護衛") == "alive"
    alive = t.feedback("魏君主", "託孤")[0].data["alive"]
    assert "魏正軍師" not in alive and "魏君主" not in alive


@pytest.mark.skill("安恤", "天佑")
def test_anxu_reads_the_tally_after_every_reduction() -> None:
    """安恤：若場上得票數最多者為除你外的本國角色 — read once 天佑's 得票數-3 is in, though 安恤's holder sits
    before 天佑's (WN5, R49): 吳女眷 falls from 5 to 2, 吳護衛 with 4 is the most voted (both vote for themselves)."""
    t = Table(bare=True)
    t.player("吳君主").skills = ["安恤"]
    t.player("吳女眷").skills = ["天佑"]
    t.quiet_night()
    votes = {v: "吳女眷" for v in ("魏君主", "魏正軍師", "魏副軍師", "魏殺手甲")}
    votes.update({v: "吳護衛" for v in ("蜀君主", "蜀正軍師", "蜀副軍師")})
    t.decide("吳君主", "安恤", "不轉移")
    t.day(votes)
    assert t.only_feedback("吳君主", "安恤").data == {"leader": "吳護衛", "x": 2}  # who, not the count (WN5)
    assert t.status("吳護衛") == "out"


# ---- 肝腸寸斷: the pass thrown away keeps its draws -------------------------------------------------
@pytest.mark.skill("肝腸寸斷")
def test_ganchang_the_first_pass_draws_stay_in_the_record() -> None:
    """肝腸寸斷 resolves the night again (W6): 吳殺手甲's wounded 明察 rolled its check in the first pass; the
    draw stays in the night's record (the second pass voids his actions, no check), so a replay that forces
    the night's draws by purpose meets it again."""
    t = Table(bare=True)
    t.player("魏女眷").skills = ["肝腸寸斷"]
    t.wound("吳正軍師")
    t.succeed("吳正軍師", "明察")
    t.decide("魏女眷", "肝腸寸斷", "吳正軍師")
    t.night(t.act("吳正軍師", "明察", "蜀君主"), t.act("蜀殺手甲", "刺殺", "魏女眷"))
    assert [d["outcome"] for d in t.drew("成功判定 吳正軍師【明察】")] == ["是"]
    assert t.feedback("吳正軍師", "明察") == [] and t.status("魏女眷") == "out"


# ---- 七星 reads the 刺殺 as it lands, after every 減輕 ----------------------------------------------
class _Lessen(Skill):
    """A test passive: every harm on 蜀正軍師 is lessened twice (致死 → nothing)."""

    name = "測試減輕"
    source = Source.CHARACTER
    kind = Kind.PASSIVE
    stage = "protect"
    targets = TargetRule(count=0)

    def prepare(self, night: Any, use: Use) -> None:
        def lessen(n: Any, harm: Any) -> None:
            if harm.target == "蜀正軍師":
                harm.reduce("測試減輕")
                harm.reduce("測試減輕")

        night.harm_modifiers.append(lessen)


@pytest.mark.skill("七星")
@pytest.mark.parametrize("holder", ["魏女眷", "吳女眷"])
def test_qixing_reads_the_stab_after_every_lessening(holder: str) -> None:
    """七星：*被*每當你受到有效的【刺殺】時，隨機執行以下七項中的一項 — a 刺殺 lessened to nothing deals him
    nothing: no roll, whether the lessening skill's holder sits before 諸葛亮 or after him (R49)."""
    t = Table(bare=True, extra_skills=[_Lessen])
    t.player("蜀正軍師").skills = ["七星"]
    t.player(holder).skills = ["測試減輕"]
    t.night(t.act("魏殺手甲", "刺殺", "蜀正軍師"))
    assert t.status("蜀正軍師") == "alive" and t.drew("七星") == []
