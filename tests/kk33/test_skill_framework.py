"""The hooks character skills are built on, checked with small skills defined here.

Each hook is one shared implementation of a term of the rules (致命一擊, 傷害減輕,
視為發動刺殺, 一次性使用權, 額外發動, 次日/次夜 effects, vote modifiers).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from tianting.core.errors import IllegalAction
from tianting.core.records import Action
from tianting.core.skills import Kind, Skill, Source, TargetRule, Use
from tianting.core.state import Effect
from tianting.rules.kk33 import skillbook
from tianting.testing import Table


class Watch(Skill):
    """*被* learns every action aimed at its owner (like 奸雄)."""

    name = "觀測"
    source = Source.CHARACTER
    kind = Kind.PASSIVE
    stage = "report"

    def apply(self, night: Any, use: Use) -> None:
        seen = [(u.actor, u.name) for u in night.aimed_at(use.actor)]
        night.note(f"{use.actor} 觀測到 {seen}")


class Strike(Skill):
    """視為你對其發動了一次【刺殺】."""

    name = "突擊"
    source = Source.CHARACTER
    stage = "attack"

    def apply(self, night: Any, use: Use) -> None:
        night.stab_as(use.actor, use.targets[0], by="突擊")


class Haste(Skill):
    """當夜你可以額外發動一次【刺殺】 (like 三日五百), and 次夜本國殺手均無法發動【刺殺】."""

    name = "疾行"
    source = Source.CHARACTER
    stage = "after"
    targets = TargetRule(count=0)

    def stab_bonus(self, game: Any, action: Action) -> int:
        return 1

    def apply(self, night: Any, use: Use) -> None:
        night.state.effects.append(Effect("no-stab", night.index + 2, use.actor,
                                          {"country": night.state.player(use.actor).country}))


class Twice(Skill):
    """使用後當夜，你可以額外發動一次【亂花】 (like 洛神)."""

    name = "雙花"
    source = Source.CHARACTER
    stage = "after"
    targets = TargetRule(count=0)

    def extra_uses(self, game: Any, action: Action) -> list[tuple[str, str, int]]:
        return [(action.actor, "亂花", 1)]

    def apply(self, night: Any, use: Use) -> None:
        pass


class Gloom(Skill):
    """*全* 使用後當夜，所有吳國角色的行動成功率減半 (like 威震逍遙津)."""

    name = "陰霾"
    source = Source.CHARACTER
    kind = Kind.GLOBAL
    stage = "after"
    targets = TargetRule(count=0)

    def prepare(self, night: Any, use: Use) -> None:
        night.rate_modifiers.append(
            lambda n, u: Fraction(1, 2) if n.state.player(u.actor).country == "吳" else None)

    def apply(self, night: Any, use: Use) -> None:
        pass


class Mute(Skill):
    """次日其投票無效 (an effect for the next day)."""

    name = "禁言"
    source = Source.CHARACTER
    stage = "after"

    def apply(self, night: Any, use: Use) -> None:
        night.state.effects.append(Effect(self.name, night.index + 1, use.actor, {"voter": use.targets[0]}))

    def on_effect(self, phase: Any, effect: Effect) -> None:
        phase.vote_rules.append(lambda day, voter, target: "禁言" if voter == effect.data["voter"] else None)


class Loud(Skill):
    """*被* 你投票的目標得票數+1 (like 兵法)."""

    name = "助威"
    source = Source.CHARACTER
    kind = Kind.PASSIVE

    def on_day(self, day: Any, owner: str) -> None:
        def add(d: Any, tally: dict[str, int]) -> None:
            target = d.counted.get(owner)
            if target is not None:
                tally[target] = tally.get(target, 0) + 1
        day.tally_rules.append(add)


class Avenge(Skill):
    """*被* 當你死亡時，你獲悉所有兇手的ID (like 古之惡來)."""

    name = "記仇"
    source = Source.CHARACTER
    kind = Kind.PASSIVE

    def on_death(self, phase: Any, owner: str, dead: str, cause: str, sources: list[str]) -> None:
        if dead == owner:
            phase.note(f"{owner} 的兇手：{'、'.join(sources)}")


def table(*grants: tuple[str, type[Skill]], **kw: Any) -> Table:
    t = Table(bare=True, extra_skills=list(dict.fromkeys(cls for _, cls in grants)), **kw)
    for pid, cls in grants:
        t.player(pid).skills.append(cls.name)
    return t


def test_passive_skills_work_every_night_without_being_submitted():
    t = table(("吳君主", Watch))
    t.night(t.act("魏殺手甲", "刺殺", "吳護衛"), t.act("魏正軍師", "明察", "吳君主"))
    assert t.traced("吳君主 觀測到 [('魏正軍師', '明察')]")
    assert t.last.draws == []


def test_passive_of_a_dead_player_does_not_work():
    t = table(("吳護衛", Watch))
    t.night(t.act("魏殺手甲", "刺殺", "吳護衛"))
    t.day()
    t.quiet_night()
    assert not t.traced("吳護衛 觀測到")


@pytest.mark.skill("刺殺")
def test_a_stab_as_if_made_is_a_stab_outside_the_count():
    """「視為你對其發動了一次【刺殺】」: guarded like any stab, and the country keeps its own."""
    t = table(("吳女眷", Strike))
    t.night(t.act("吳女眷", "突擊", "魏正軍師"), t.act("吳殺手甲", "刺殺", "蜀正軍師"),
            t.act("魏護衛", "援護", "魏正軍師"))
    assert t.status("魏正軍師") == "alive" and t.status("蜀正軍師") == "out"
    assert t.traced("吳女眷 的刺殺對 魏正軍師 無效：魏護衛 援護")


@pytest.mark.skill("刺殺")
def test_extra_stab_tonight_and_none_the_next_night():
    t = table(("魏殺手乙", Haste))
    actions = [t.act("魏殺手乙", "疾行"), t.act("魏殺手甲", "刺殺", "吳護衛"), t.act("魏殺手乙", "刺殺", "蜀護衛")]
    t.night(*actions)
    assert t.status("吳護衛") == "out" and t.status("蜀護衛") == "out"
    t.day()
    with pytest.raises(IllegalAction, match="只能發動0次"):
        t.check(t.act("魏殺手甲", "刺殺", "吳君主"))
    t.quiet_night()
    assert t.only_feedback("魏殺手甲", "刺殺").data == {"stabs": 0}


@pytest.mark.skill("亂花")
def test_an_extra_use_of_an_identity_skill_counts_wherever_its_grant_is_listed():
    """R27: 「使用後當夜，你可以額外發動一次【亂花】」 grants the extra use for the night: the night's actions are a set,
    so the grant counts listed before or after the extra use; without it the second 亂花 is refused, saying so."""
    t = table(("魏女眷", Twice))
    with pytest.raises(IllegalAction, match="已經發動過【亂花】（額外的次數須由本階段給予它的技能提供）"):
        t.check(t.act("魏女眷", "亂花", "吳君主", "蜀君主"), t.act("魏女眷", "亂花", "吳護衛", "蜀君主"))
    t.check(t.act("魏女眷", "亂花", "吳君主", "蜀護衛"), t.act("魏女眷", "亂花", "吳護衛", "蜀護衛"), t.act("魏女眷", "雙花"))
    t.night(t.act("魏女眷", "雙花"), t.act("魏女眷", "亂花", "吳君主", "蜀護衛"),
            t.act("魏女眷", "亂花", "吳護衛", "蜀護衛"))
    assert t.state.vote_binds == {"吳君主": "蜀護衛", "吳護衛": "蜀護衛"}


def test_success_rate_modifiers_multiply():
    """成功率減半 on top of 受傷: a wounded 吳 player goes off a quarter of the time."""
    t = table(("魏殺手甲", Gloom)).wound("吳正軍師")
    t.force("成功判定 吳正軍師【明察】", True)
    t.night(t.act("魏殺手甲", "陰霾"), t.act("吳正軍師", "明察", "魏殺手甲"), t.act("蜀正軍師", "明察", "吳殺手甲"))
    assert [(d["purpose"], d["options"][0]) for d in t.last.draws] == [("成功判定 吳正軍師【明察】", "是:1/4")]


def test_one_time_right_is_spent_when_used_and_kept_when_it_fails():
    """獲得…一次性使用權 (察言觀色): a failed use keeps it (發動失敗，可再次發動)."""
    t = Table(bare=True)
    from tianting.rules.kk33.night import Night

    skillbook.lend(Night(t.game, [], None), "魏女眷", "明察", via="測試")  # type: ignore[arg-type]
    t.wound("魏女眷")
    t.fail("魏女眷", "明察")
    t.night(t.act("魏女眷", "明察", "吳殺手甲"))
    assert t.player("魏女眷").granted == {"明察": 1}
    t.day()
    t.night(t.act("魏女眷", "明察", "吳殺手甲"))
    assert t.only_feedback("魏女眷", "明察").data == {"is_killer": True}
    assert t.player("魏女眷").granted == {"明察": 0}
    t.day()
    with pytest.raises(IllegalAction):
        t.check(t.act("魏女眷", "明察", "吳殺手甲"))


def test_gain_and_lose_skills_are_told():
    """失去某技能時會收到相關反饋。"""
    t = Table(bare=True)
    from tianting.rules.kk33.night import Night

    n = Night(t.game, [], None)  # type: ignore[arg-type]
    t.player("魏女眷").skills = ["洛神"]
    skillbook.gain(n, "魏女眷", "明察", via="測試")
    assert "明察" in t.player("魏女眷").skills
    assert skillbook.lose(n, "魏女眷", "洛神", via="測試")
    assert "洛神" not in t.player("魏女眷").skills
    assert [f.data for f in n.feedback["魏女眷"]] == [{"gained": "明察"}, {"lost": "洛神"}]


def test_next_day_effect_and_passive_vote_modifier():
    t = table(("吳女眷", Mute), ("蜀君主", Loud))
    t.night(t.act("吳女眷", "禁言", "魏君主"))
    t.day({"魏君主": "群雄", "蜀君主": "吳護衛"})
    assert t.traced("魏君主 的投票無效：禁言")
    assert t.announced("tally")["吳護衛"] == 3  # own vote, 蜀君主's, +1 助威
    assert t.announced("exited") == ["吳護衛"]


def test_death_listeners_hear_every_death():
    t = table(("吳護衛", Avenge))
    t.night(t.act("魏殺手甲", "刺殺", "吳護衛"), t.act("蜀殺手甲", "刺殺", "吳護衛"))
    assert t.traced("吳護衛 的兇手：魏殺手甲、蜀殺手甲")


@pytest.mark.skill("亂花")
def test_an_extra_use_goes_with_a_grant_that_failed():
    """技能發動失敗…視為未發動: the extra 亂花 it allowed fails too (the first 亂花 stands)."""
    t = table(("魏女眷", Twice)).wound("魏女眷")
    t.fail("魏女眷", "雙花").succeed("魏女眷", "亂花").succeed("魏女眷", "亂花")
    t.night(t.act("魏女眷", "雙花"), t.act("魏女眷", "亂花", "吳君主", "蜀護衛"),
            t.act("魏女眷", "亂花", "吳護衛", "蜀護衛"))
    assert t.state.vote_binds == {"吳君主": "蜀護衛"}
    assert [f.data for f in t.feedback("魏女眷")] == [{"failed": True}, {"failed": True}]


@pytest.mark.skill("刺殺")
def test_an_extra_stab_goes_with_a_grant_that_failed():
    """The country keeps its own 刺殺; the one the failed grant allowed fails."""
    t = table(("魏殺手乙", Haste)).wound("魏殺手乙")
    t.fail("魏殺手乙", "疾行").succeed("魏殺手乙", "刺殺")
    t.night(t.act("魏殺手乙", "疾行"), t.act("魏殺手甲", "刺殺", "吳護衛"), t.act("魏殺手乙", "刺殺", "蜀護衛"))
    assert t.status("吳護衛") == "out" and t.status("蜀護衛") == "alive"


def test_a_global_skill_is_the_nights_one_character_skill():
    """一次行動包括…使用至多一個主動使用的角色技能 — a *全* skill is used too."""
    t = table(("吳女眷", Gloom), ("吳女眷", Strike))
    with pytest.raises(IllegalAction, match="至多使用一個"):
        t.check(t.act("吳女眷", "陰霾"), t.act("吳女眷", "突擊", "魏正軍師"))


class Herald(Skill):
    """*被* hears every 「X登場時」 (like 危情長坂, 莫逆之交, 兄長之風, 無冕之後, 不出)."""

    name = "聞登場"
    source = Source.CHARACTER
    kind = Kind.PASSIVE

    def on_enter(self, phase: Any, owner: str, entered: str, character: str) -> None:
        phase.note(f"{owner} 聞 {entered} 以{character}登場")


@pytest.mark.skill("轉生")
def test_a_character_entering_play_is_heard_by_every_player_in_the_game():
    """「X登場時」 is one hook (``Skill.on_enter``): when a lord plays on as his 轉生 form (轉生：當你死亡時，選擇一個
    轉生角色繼續進行遊戲), every held skill of every player still in the game hears it once the deaths of that
    moment have settled, but not a player who died at that moment. (The newcomer's own skills hear it too:
    莫逆之交's and 不出's tests.)"""
    t = table(("吳女眷", Herald), ("吳護衛", Herald))
    t.decide("魏君主", "轉生", "曹丕").decide("蜀君主", "轉生", "劉禪")
    t.night(t.act("蜀殺手甲", "刺殺", "魏君主"), t.act("吳殺手甲", "刺殺", "蜀君主"), t.act("魏殺手甲", "刺殺", "吳護衛"))
    heard = [line for line in t.last.trace if " 聞 " in line]
    assert sorted(heard) == sorted(["吳女眷 聞 魏君主 以曹丕登場", "吳女眷 聞 蜀君主 以劉禪登場"])
    assert t.state.player("吳護衛").status.value == "out"  # died at that moment: heard nothing
    t.day()
    t.decide("魏君主", "託孤", "魏護衛")
    t.night(t.act("蜀殺手甲", "刺殺", "魏君主"))
    assert not t.traced(" 聞 ")  # a 轉生 form's death (託孤) brings no character in
