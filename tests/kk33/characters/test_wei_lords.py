"""Scenario tests for the 魏 君主 『曹操-曹丕/曹植』 (⊙魏國篇 of KK規則3.3版).

Each test quotes the sentence of 000_b521fc75d9962f03.txt it checks. The other
players' character skills are cleared unless a test needs them, so that what
other groups build does not change what these tests pin.
"""

from __future__ import annotations

from typing import Any

import pytest

from tianting.core.errors import IllegalAction
from tianting.core.records import Feedback
from tianting.core.skills import Kind, Skill, Source, TargetRule, Use
from tianting.rules.kk33 import roster
from tianting.testing import Table


# ---- helpers ----------------------------------------------------------------------
class Probe(Skill):
    """A character skill aimed at one id (for 七步's 「角色技能」): its owner learns the target's country."""

    name = "探查"
    source = Source.CHARACTER
    stage = "inform"

    def apply(self, night: Any, use: Use) -> None:
        target = use.targets[0]
        night.tell(use.actor, Feedback(self.name, "探查", target, {"country": night.game.country_of(target)}))


class Strike(Skill):
    """視為你對其發動了一次【刺殺】 (a character skill that stabs as if)."""

    name = "突擊"
    source = Source.CHARACTER
    stage = "attack"

    def apply(self, night: Any, use: Use) -> None:
        night.stab_as(use.actor, use.targets[0], by=self.name)


class VoidRecruit(Skill):
    """Makes every 招賢納才 tonight 失效 (to show a void 招賢納才 still sets off 我負天下)."""

    name = "封印"
    source = Source.CHARACTER
    stage = "cancel"
    targets = TargetRule(count=0)

    def apply(self, night: Any, use: Use) -> None:
        night.target_rules.append(lambda n, u: "封印" if u.name == "招賢納才" else None)


class Wound(Skill):
    """令其受傷 (a character skill that wounds its target at the attack stage, before the stabs)."""

    name = "刺傷"
    source = Source.CHARACTER
    stage = "attack"

    def apply(self, night: Any, use: Use) -> None:
        from tianting.rules.kk33.harm import Harm, Level

        night.harms.append(Harm(use.targets[0], Level.WOUND, self.name, [use.actor]))


class ZeroTally(Skill):
    """*被* every tally is 0 (to make a top of 0)."""

    name = "歸零"
    source = Source.CHARACTER
    kind = Kind.PASSIVE

    def on_day(self, day: Any, owner: str) -> None:
        def zero(d: Any, tally: dict[str, int]) -> None:
            for pid in tally:
                tally[pid] = 0
        day.tally_rules.append(zero)


def table(lord: str = "曹操", keep: tuple[str, ...] = (), grant: tuple[tuple[str, type[Skill]], ...] = (),
          **kw: Any) -> Table:
    """A table whose 魏 lord plays ``lord`` (曹丕/曹植 as after 轉生); every other
    player's character skills are cleared except those of ``keep``."""
    t = Table(extra_skills=[cls for _, cls in grant], **kw)
    for p in t.state.players.values():
        if p.id != "魏君主" and p.id not in keep:
            p.skills = []
    if lord != "曹操":
        p = t.player("魏君主")
        p.character = lord
        p.life = 1
        p.skills = [s.name for s in roster().characters[lord].skills]
    for pid, cls in grant:
        t.player(pid).skills.append(cls.name)
    return t


def all_vote(t: Table, target: str) -> dict[str, str]:
    """Every voter votes ``target`` (a day with one clear top; with 曹丕 in play a day of
    self-votes is a tie of everyone at 1, and 行殤 would kill them all)."""
    return {p.id: target for p in t.game.voters()}


class VoidOnMe(Skill):
    """A stand-in passive: every vote for its holder is void (as 蜀's 漢裔 does)."""

    name = "測試免票"
    source = Source.CHARACTER
    kind = Kind.PASSIVE

    def on_day(self, day: Any, owner: str) -> None:
        day.vote_rules.append(lambda d, voter, target: "測試免票" if target == owner else None)


def halves(t: Table, first: str, second: str, n_first: int = 11) -> dict[str, str]:
    """Every voter votes: the first ``n_first`` (by seat) for ``first``, the rest for ``second``."""
    voters = [p.id for p in t.game.voters()]
    return {pid: first if i < n_first else second for i, pid in enumerate(voters)}


# ---- 曹操：奸雄 ---------------------------------------------------------------------
@pytest.mark.skill("奸雄")
def test_jianxiong_learns_every_action_aimed_at_him_and_the_issuing_character():
    """奸雄：*被*你獲悉所有於夜間針對你的行動與發出該行動的角色。"""
    t = table()
    t.night(t.act("蜀殺手甲", "刺殺", "魏君主"), t.act("魏護衛", "援護", "魏君主"),
            t.act("吳正軍師", "明察", "魏君主"), t.act("蜀女眷", "亂花", "魏君主", "蜀君主"),
            t.act("吳殺手乙", "刺殺", "蜀護衛"))
    fb = t.only_feedback("魏君主", "奸雄")
    assert fb.data == {"actions": [
        {"skill": "刺殺", "character": "關羽", "targets": ["魏君主"]},
        {"skill": "援護", "character": "許褚", "targets": ["魏君主"]},
        {"skill": "明察", "character": "周瑜", "targets": ["魏君主"]},
        {"skill": "亂花", "character": "糜夫人", "targets": ["魏君主", "蜀君主"]},
    ]}
    assert "關羽" in fb.text and "許褚" in fb.text
    # the character, not the id: the text grants no one's id
    for pid in ("蜀殺手甲", "魏護衛", "吳正軍師", "蜀女眷", "吳殺手乙"):
        assert pid not in fb.text and pid not in str(fb.data)
    assert t.status("魏君主") == "alive"  # 許褚's 援護 made the stab 無效
    assert t.feedback("蜀殺手甲", "奸雄") == []


@pytest.mark.skill("奸雄")
def test_jianxiong_a_failed_action_is_not_reported():
    """技能發動或使用失敗…視為擁有該技能的角色未發動或使用該技能 — 奸雄 learns nothing of it."""
    t = table().wound("吳正軍師")
    t.fail("吳正軍師", "明察")
    t.night(t.act("吳正軍師", "明察", "魏君主"))
    assert t.feedback("魏君主", "奸雄") == []  # nothing aimed at him: no report


@pytest.mark.skill("奸雄")
def test_jianxiong_does_not_reveal_a_rebellion_mark():
    """起義：…令其獲得一個「黃巾軍」標記（其無法獲悉） — the more specific sentence wins over 奸雄."""
    t = table(others="黃巾頭領")
    t.night(t.act("群雄", "起義", "魏君主"), t.act("吳正軍師", "明察", "魏君主"))
    assert t.player("魏君主").marker("黃巾軍") == 1
    fb = t.only_feedback("魏君主", "奸雄")
    assert fb.data == {"actions": [{"skill": "明察", "character": "周瑜", "targets": ["魏君主"]}]}
    assert "起義" not in fb.text and "張角" not in fb.text


@pytest.mark.skill("奸雄")
def test_jianxiong_reports_a_stab_made_as_if_by_a_skill():
    """所有於夜間針對你的行動 — a 刺殺 「視為」 made by a skill is aimed at him too."""
    t = table(grant=(("吳女眷", Strike),))
    t.decide("魏君主", "轉生", "曹丕")
    t.night(t.act("吳女眷", "突擊", "魏君主"))
    assert t.only_feedback("魏君主", "奸雄").data == {"actions": [
        {"skill": "突擊", "character": "小喬", "targets": ["魏君主"]},
        {"skill": "刺殺", "character": "小喬", "targets": ["魏君主"]},
    ]}


@pytest.mark.skill("奸雄")
def test_jianxiong_still_reports_the_night_cao_cao_dies_then_ends():
    """奸雄 covers the night 曹操 held it; after 轉生 the player plays 曹丕, who has no 奸雄."""
    t = table()
    t.decide("魏君主", "轉生", "曹丕")
    t.night(t.act("蜀殺手甲", "刺殺", "魏君主"))
    assert t.player("魏君主").character == "曹丕"
    assert t.only_feedback("魏君主", "奸雄").data == {"actions": [
        {"skill": "刺殺", "character": "關羽", "targets": ["魏君主"]}]}
    t.day(all_vote(t, "吳女眷"))
    t.night(t.act("吳正軍師", "明察", "魏君主"))
    assert t.feedback("魏君主", "奸雄") == []


@pytest.mark.skill("奸雄")
def test_jianxiong_a_holder_who_is_out_learns_nothing():
    """奸雄：*被*你獲悉所有於夜間針對你的行動 — a holder who died that night (and is out) is told nothing."""
    t = table()
    t.player("吳女眷").skills.append("奸雄")  # a learned 奸雄 (擇主而事): its holder has no 轉生
    t.night(t.act("蜀殺手甲", "刺殺", "吳女眷"), t.act("魏正軍師", "明察", "吳女眷"))
    assert t.status("吳女眷") == "out"
    assert t.feedback("吳女眷", "奸雄") == []
    assert not t.traced("吳女眷 奸雄")


# ---- 曹操：我負天下 -----------------------------------------------------------------
@pytest.mark.skill("我負天下")
def test_wofutianxia_recruiting_another_country_stabs_them():
    """我負天下：*被*若你發動的【招賢納才】的目標不為本國角色…視為你對其發動了一次【刺殺】。"""
    t = table()
    t.night(t.act("魏君主", "招賢納才", "蜀護衛"))
    assert t.player("魏君主").known == {"蜀護衛": "趙雲"}  # 招賢納才 itself still works
    assert t.status("蜀護衛") == "out" and t.announced("exited") == ["蜀護衛"]
    assert t.traced("我負天下：視為 魏君主 對 蜀護衛 發動了一次刺殺")
    fb = t.only_feedback("魏君主", "我負天下")
    assert fb.target == "蜀護衛" and fb.data == {"stab": "蜀護衛", "consumed": True}
    assert t.player("魏君主").used.get("我負天下") == 1
    assert t.feedback("蜀護衛", "我負天下") == []


@pytest.mark.skill("我負天下")
def test_wofutianxia_another_country_recruiting_him_is_stabbed():
    """…或者其他國角色對你發動【招賢納才】，視為你對其發動了一次【刺殺】。 (the stab can be guarded like any)"""
    t = table()
    t.night(t.act("吳君主", "招賢納才", "魏君主"), t.act("吳護衛", "援護", "吳君主"))
    assert t.player("魏君主").known == {"吳君主": "孫堅"}
    assert t.traced("魏君主 的刺殺對 吳君主 無效：吳護衛 援護")
    assert t.status("吳君主") == "alive"
    assert t.only_feedback("魏君主", "我負天下").data == {"stab": "吳君主", "consumed": True}


@pytest.mark.skill("我負天下")
def test_wofutianxia_recruiting_his_own_country_does_nothing_and_keeps_it():
    """若你發動的【招賢納才】的目標「不為本國角色」 — a 魏 target sets off nothing; the skill stays."""
    t = table()
    t.night(t.act("魏君主", "招賢納才", "魏正軍師"))
    assert t.feedback("魏君主", "我負天下") == [] and t.player("魏君主").used.get("我負天下") is None
    assert t.announced("exited") == []
    t.day()
    t.decide("吳君主", "轉生", "孫策")
    t.night(t.act("吳君主", "招賢納才", "魏君主"))
    assert t.only_feedback("魏君主", "我負天下").data == {"stab": "吳君主", "consumed": True}
    assert t.player("吳君主").character == "孫策"  # the stab killed 孫堅


@pytest.mark.skill("我負天下")
def test_wofutianxia_is_limited_once_a_game():
    """所有的非二字技能稱為限定技能，只能使用一次。 被動的限定技能消耗時…會收到相關反饋。"""
    t = table()
    t.night(t.act("魏君主", "招賢納才", "蜀護衛"))
    t.day()
    t.night(t.act("吳君主", "招賢納才", "魏君主"))
    assert t.feedback("魏君主", "我負天下") == []
    assert not t.traced("我負天下")
    assert t.status("吳君主") == "alive"


@pytest.mark.skill("我負天下")
def test_wofutianxia_a_failed_recruit_sets_off_nothing():
    """技能發動或使用失敗…視為擁有該技能的角色未發動或使用該技能。"""
    t = table().wound("魏君主")
    t.fail("魏君主", "招賢納才")
    t.night(t.act("魏君主", "招賢納才", "蜀護衛"))
    assert t.status("蜀護衛") == "alive" and t.feedback("魏君主", "我負天下") == []
    assert t.player("魏君主").used == {}


@pytest.mark.skill("我負天下")
def test_wofutianxia_a_void_recruit_still_sets_it_off():
    """技能發動或使用失效不影響由於此技能而觸發的其他技能。"""
    t = table(grant=(("吳女眷", VoidRecruit),))
    t.night(t.act("吳女眷", "封印"), t.act("魏君主", "招賢納才", "蜀護衛"))
    assert t.player("魏君主").known == {}  # the 招賢納才 was void: no 互識
    assert t.status("蜀護衛") == "out"
    assert t.only_feedback("魏君主", "我負天下").data == {"stab": "蜀護衛", "consumed": True}


# ---- 曹操：青梅煮酒 -----------------------------------------------------------------
@pytest.mark.skill("青梅煮酒")
@pytest.mark.interaction("青梅煮酒", "劉備")
def test_qingmeizhujiu_voids_stabs_on_him_and_liu_bei_and_makes_the_alliance():
    """青梅煮酒：使用後當夜，所有針對你和劉備的【刺殺】失效。魏蜀聯盟達成（或延期）兩日兩夜。"""
    t = table()
    t.night(t.act("魏君主", "青梅煮酒"), t.act("吳殺手甲", "刺殺", "魏君主"),
            t.act("魏殺手甲", "刺殺", "蜀君主"), t.act("蜀殺手甲", "刺殺", "吳護衛"))
    assert t.status("魏君主") == "alive" and t.status("蜀君主") == "alive"
    assert t.status("吳護衛") == "out"
    assert t.traced("吳殺手甲 的刺殺對 魏君主 無效：魏君主 青梅煮酒")
    assert t.traced("魏殺手甲 的刺殺對 蜀君主 無效：魏君主 青梅煮酒")
    assert t.announced("alliances") == [{"countries": ["魏", "蜀"], "until": {"phase": "night", "number": 3}}]
    assert t.feedback("魏君主", "青梅煮酒") == [] and t.feedback("蜀君主") == []
    assert t.player("魏君主").used == {"青梅煮酒": 1}
    assert not t.state.allied("魏", "蜀", 0) and t.state.allied("魏", "蜀", 1)  # from the next day


@pytest.mark.skill("青梅煮酒")
def test_qingmeizhujiu_is_void_without_liu_bei():
    """青梅煮酒：若劉備不在場則失效。 (失效: used up, no effect, the owner is not told)"""
    t = table(omit=("蜀君主",))
    t.decide("魏君主", "轉生", "曹植")
    t.night(t.act("魏君主", "青梅煮酒"), t.act("吳殺手甲", "刺殺", "魏君主"))
    assert t.player("魏君主").character == "曹植"  # the stab was not void
    assert t.announced("alliances") == []
    assert t.feedback("魏君主", "青梅煮酒") == []
    assert t.traced("魏君主 的【青梅煮酒】失效：劉備不在場")


@pytest.mark.skill("青梅煮酒")
def test_qingmeizhujiu_void_once_liu_bei_has_reincarnated():
    """若劉備不在場 — after 轉生 the 蜀 lord plays 劉封/劉禪, and 劉備 is no longer in play."""
    t = table()
    t.decide("蜀君主", "轉生", "劉禪")
    t.night(t.act("吳殺手甲", "刺殺", "蜀君主"))
    t.day()
    t.night(t.act("魏君主", "青梅煮酒"), t.act("吳殺手甲", "刺殺", "蜀女眷"))
    assert t.announced("alliances") == [] and t.status("蜀女眷") == "out"
    assert t.player("魏君主").used == {"青梅煮酒": 1}


@pytest.mark.skill("青梅煮酒")
def test_qingmeizhujiu_failed_when_wounded_is_not_used_up():
    """技能發動或使用失敗…「技能發動/使用失敗，可再次發動/使用」。"""
    t = table().wound("魏君主")
    t.fail("魏君主", "青梅煮酒")
    t.decide("魏君主", "轉生", "曹丕")
    t.night(t.act("魏君主", "青梅煮酒"), t.act("吳殺手甲", "刺殺", "魏君主"))
    assert t.only_feedback("魏君主", "青梅煮酒").data == {"failed": True}
    assert t.player("魏君主").character == "曹丕"
    assert t.announced("alliances") == [] and "青梅煮酒" not in t.player("魏君主").used


@pytest.mark.skill("青梅煮酒")
def test_qingmeizhujiu_is_limited():
    """所有的非二字技能稱為限定技能，只能使用一次。"""
    t = table()
    t.night(t.act("魏君主", "青梅煮酒"))
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("魏君主", "青梅煮酒"))


# ---- 曹丕：行殤 ---------------------------------------------------------------------
@pytest.mark.skill("行殤")
def test_xingshang_a_tie_at_the_top_kills_every_leader():
    """行殤：*被*若投票時最高票為平票且不為0，則所有最高票的角色均死亡。"""
    t = table("曹丕")
    t.quiet_night()
    t.day(halves(t, "蜀護衛", "吳護衛"))
    assert t.announced("tally") == {"蜀護衛": 11, "吳護衛": 11}
    assert t.announced("exited") == ["吳護衛", "蜀護衛"]  # by id (R52)
    assert t.traced("魏君主 行殤：最高票為平票")


@pytest.mark.skill("行殤")
def test_xingshang_without_cao_pi_a_tie_kills_no_one():
    """若最高票為平票或為0，則無事發生 — the rule 行殤 overrides, checked with 曹操 as lord."""
    t = table()
    t.quiet_night()
    t.day(halves(t, "蜀護衛", "吳護衛"))
    assert t.announced("exited") == []


@pytest.mark.skill("行殤")
def test_xingshang_not_when_the_top_is_zero():
    """行殤：若投票時最高票為平票「且不為0」。"""
    t = table("曹丕", grant=(("吳女眷", ZeroTally),))
    t.quiet_night()
    t.day(halves(t, "蜀護衛", "吳護衛"))
    assert t.announced("tally") == {"蜀護衛": 0, "吳護衛": 0}
    assert t.announced("exited") == []


@pytest.mark.skill("行殤")
def test_xingshang_a_clear_top_dies_alone():
    """若最高票不為平票且不為0則其死亡 — 行殤 changes only the tie."""
    t = table("曹丕")
    t.quiet_night()
    t.day(halves(t, "蜀護衛", "吳護衛", n_first=12))
    assert t.announced("exited") == ["蜀護衛"]


@pytest.mark.skill("行殤")
def test_xingshang_when_every_player_has_the_same_count_no_one_has_the_most():
    """行殤：若投票時最高票為平票且不為0 and 棄權或超時視為自投 — a day on which everyone abstains leaves every
    player at his own one vote: no one has 「最高票」, so no one dies (WL6, issue 10), rather than the table."""
    t = table("曹丕")
    t.quiet_night()
    t.day({})
    assert set(t.announced("tally").values()) == {1} and len(t.announced("tally")) == 22
    assert t.announced("exited") == [] and t.traced("無人得票最高")
    voters = [p.id for p in t.game.voters()]
    t.quiet_night()
    t.day({pid: voters[(i + 1) % len(voters)] for i, pid in enumerate(voters)})  # a ring: one vote each
    assert t.announced("exited") == []


@pytest.mark.skill("行殤")
def test_xingshang_a_top_made_of_self_votes_alone_is_no_contest():
    """行殤 with a player whose votes are all void (漢裔-like: 「所有針對其的投票無效」): a quiet day leaves him at 0 and
    everyone else at his own 自投 — the 「最高票」 is no vote of anyone for anyone, so no one dies (WL6)."""
    t = table("曹丕", grant=(("蜀君主", VoidOnMe),))
    t.quiet_night()
    t.day({})
    assert t.announced("tally").get("蜀君主", 0) == 0 and t.announced("exited") == []
    assert t.traced("均只是各自的自投")
    t.quiet_night()
    t.day({"蜀護衛": "吳護衛", "吳女眷": "蜀女眷"})  # two real votes: 吳護衛 and 蜀女眷 tie at 2 (each with his own)
    assert set(t.announced("exited")) == {"吳護衛", "蜀女眷"}


@pytest.mark.skill("行殤")
def test_xingshang_the_lord_among_the_leaders_dies_too():
    """所有最高票的角色均死亡 — 曹丕 himself included (his death is the 轉生角色's: 託孤)."""
    t = table("曹丕")
    t.quiet_night()
    t.decide("魏君主", "託孤", "魏護衛")
    t.day(halves(t, "魏君主", "吳護衛"))
    assert t.announced("exited") == ["吳護衛", "魏君主"]  # by id (R52)
    assert t.player("魏護衛").identity == "君主"


# ---- 曹丕：代漢自立 ------------------------------------------------------------------
@pytest.mark.skill("代漢自立")
@pytest.mark.interaction("代漢自立", "劉備")
def test_daihanzili_voids_stabs_on_wei_and_silences_other_dead_and_liu_bei_loses_hanyi():
    """代漢自立：使用後當夜，所有針對本國角色的【刺殺】失效，所有其他國的死者無法留下遺言。劉備（若在場）失去技能【漢裔】。"""
    t = table("曹丕", keep=("蜀君主",))
    assert "漢裔" in t.player("蜀君主").skills
    t.night(t.act("魏君主", "代漢自立"), t.act("蜀殺手甲", "刺殺", "魏女眷"),
            t.act("魏殺手甲", "刺殺", "魏護衛"), t.act("吳殺手甲", "刺殺", "蜀護衛"),
            last_words={"蜀護衛": "我是趙雲"})
    assert t.status("魏女眷") == "alive" and t.status("魏護衛") == "alive"
    assert t.traced("蜀殺手甲 的刺殺對 魏女眷 無效：魏君主 代漢自立")
    assert t.traced("魏殺手甲 的刺殺對 魏護衛 無效：魏君主 代漢自立")
    assert t.announced("exited") == ["蜀護衛"]
    assert t.announced("last_words") == {} and "我是趙雲" not in t.announced("text")
    assert "漢裔" not in t.player("蜀君主").skills
    lost = t.only_feedback("蜀君主", "漢裔")
    assert lost.data == {"lost": "漢裔"}
    assert "代漢自立" not in lost.text and "曹丕" not in lost.text  # who did it is not granted
    assert t.feedback("魏君主") == []
    assert t.player("魏君主").used == {"代漢自立": 1}


@pytest.mark.skill("代漢自立")
def test_daihanzili_own_country_dead_keep_their_last_words():
    """所有「其他國」的死者無法留下遺言 — a 魏 player dying that night (a second wound) still speaks."""
    t = table("曹丕").wound("魏女眷")
    t.night(t.act("魏君主", "代漢自立"), t.act("魏護衛", "援護", "魏女眷"),
            t.act("蜀殺手甲", "刺殺", "群雄"),
            last_words={"魏女眷": "洛神賦", "群雄": "青囊書"})
    assert t.announced("exited") == ["群雄", "魏女眷"]  # by id (R52)
    assert t.announced("last_words") == {"魏女眷": "洛神賦"}  # 群雄 is not of 本國 either


@pytest.mark.skill("代漢自立")
def test_daihanzili_without_liu_bei_still_works():
    """劉備（若在場）失去技能【漢裔】 — with 劉備 out of play the rest still holds."""
    t = table("曹丕", omit=("蜀君主",))
    t.night(t.act("魏君主", "代漢自立"), t.act("蜀殺手甲", "刺殺", "魏女眷"))
    assert t.status("魏女眷") == "alive"
    assert t.feedback("魏君主") == []


@pytest.mark.skill("代漢自立")
def test_daihanzili_failed_when_wounded_and_limited():
    """技能發動或使用失敗…可再次發動/使用; 非二字技能…只能使用一次。"""
    t = table("曹丕", keep=("蜀君主",)).wound("魏君主")
    t.fail("魏君主", "代漢自立")
    t.night(t.act("魏君主", "代漢自立"), t.act("蜀殺手甲", "刺殺", "魏女眷"))
    assert t.only_feedback("魏君主", "代漢自立").data == {"failed": True}
    assert t.status("魏女眷") == "out" and "漢裔" in t.player("蜀君主").skills
    t.day(all_vote(t, "吳女眷"))
    t.night(t.act("魏君主", "代漢自立"))
    assert "漢裔" not in t.player("蜀君主").skills
    t.day(all_vote(t, "吳護衛"))
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("魏君主", "代漢自立"))


@pytest.mark.skill("代漢自立")
def test_daihanzili_after_a_real_reincarnation():
    """轉生 to 曹丕 gives 行殤 and 代漢自立 (the lord's skills become the new character's)."""
    t = table()
    t.decide("魏君主", "轉生", "曹丕")
    t.night(t.act("蜀殺手甲", "刺殺", "魏君主"))
    assert t.player("魏君主").skills == ["行殤", "代漢自立"]
    t.day(all_vote(t, "吳女眷"))
    t.night(t.act("魏君主", "代漢自立"), t.act("蜀殺手甲", "刺殺", "魏君主"))
    assert t.status("魏君主") == "alive"


# ---- 曹植：七步 ---------------------------------------------------------------------
@pytest.mark.skill("七步")
def test_qibu_a_marker_for_each_wei_wound_or_death():
    """七步：*被*每當一名本國角色受傷或死亡後，你將得知獲得一個「步」標記。"""
    t = table("曹植")
    t.night(t.act("魏護衛", "援護", "魏女眷"), t.act("蜀殺手甲", "刺殺", "魏正軍師"),
            t.act("吳殺手甲", "刺殺", "蜀護衛"))
    assert t.player("魏女眷").injured and t.status("魏正軍師") == "out" and t.status("蜀護衛") == "out"
    assert t.player("魏君主").markers == {"步": 2}
    steps = t.feedback("魏君主", "七步")
    assert [f.data for f in steps] == [{"marker": "步", "gained": 1, "count": 1},
                                       {"marker": "步", "gained": 1, "count": 2}]
    for f in steps:  # who was hurt is not granted
        assert "魏女眷" not in f.text and "魏正軍師" not in f.text and f.target is None


@pytest.mark.skill("七步")
def test_qibu_wounded_then_killed_in_one_night_gives_two():
    """每當一名本國角色受傷或死亡後，你將得知獲得一個「步」標記 — a wound and then a death, in one
    night, are two events (WL8)."""
    t = table("曹植", grant=(("吳女眷", Wound),))
    t.night(t.act("吳女眷", "刺傷", "魏女眷"), t.act("蜀殺手甲", "刺殺", "魏女眷"))
    assert t.status("魏女眷") == "out"
    assert t.traced("魏女眷 受傷（刺傷）")
    assert t.player("魏君主").markers == {"步": 2}
    assert [f.data["count"] for f in t.feedback("魏君主", "七步")] == [1, 2]


@pytest.mark.skill("七步")
def test_qibu_counts_his_own_wound_and_a_vote_death():
    """每當一名本國角色受傷或死亡後 — 曹植 himself is 本國; a death by vote is a death."""
    t = table("曹植")
    t.night(t.act("蜀護衛", "援護", "魏君主"))
    assert t.player("魏君主").marker("步") == 1
    t.day(halves(t, "魏女眷", "吳護衛", n_first=12))
    assert t.announced("exited") == ["魏女眷"]
    assert t.player("魏君主").marker("步") == 2
    assert t.only_feedback("魏君主", "七步").data["count"] == 2


@pytest.mark.skill("七步")
def test_qibu_the_death_that_brings_cao_zhi_in_does_not_count():
    """七步：每當一名本國角色受傷或死亡後 — 曹操's death (轉生 to 曹植) and a 魏 death of the same moment came
    before 曹植 was in play: neither counts, whichever sits lower (deaths of one moment are simultaneous: G4,
    issue 10 fix 1). A 魏 death on a later night counts."""
    for first, second in (("魏君主", "魏女眷"), ("魏女眷", "魏君主")):
        t = table()
        t.decide("魏君主", "轉生", "曹植")
        killers = {"魏君主": "蜀殺手甲", "魏女眷": "吳殺手甲"}
        t.night(t.act(killers[first], "刺殺", first), t.act(killers[second], "刺殺", second))
        assert t.player("魏君主").character == "曹植" and t.status("魏女眷") == "out"
        assert t.player("魏君主").markers == {} and t.feedback("魏君主", "七步") == []
    t.day()
    t.night(t.act("吳殺手甲", "刺殺", "魏護衛"))
    assert t.status("魏護衛") == "out" and t.player("魏君主").markers == {"步": 1}


@pytest.mark.skill("七步")
def test_qibu_one_step_his_votes_minus_one():
    """①若你的「步」不少於1個：你的得票數-1。"""
    t = table("曹植")
    t.player("魏君主").markers["步"] = 1
    t.quiet_night()
    t.day(halves(t, "魏君主", "蜀護衛"))
    assert t.announced("tally") == {"蜀護衛": 11, "魏君主": 10}
    assert t.announced("exited") == ["蜀護衛"]


@pytest.mark.skill("七步")
def test_qibu_minus_one_comes_after_every_addition():
    """①你的得票數-1 — taken once every addition is in: 曹植 votes 夏侯惇, whose 剛烈
    (投票對象為你的角色的得票數+1) gives him one vote, and 七步 takes it away."""
    t = table("曹植", keep=("魏殺手甲",))
    t.player("魏君主").markers["步"] = 1
    t.quiet_night()
    t.day({"魏君主": "魏殺手甲"})
    assert t.traced("魏君主 的投票對象為 魏殺手甲：得票數+1（剛烈）")
    assert t.announced("tally")["魏君主"] == 0


@pytest.mark.skill("七步")
def test_qibu_no_step_no_effect_and_others_need_four():
    """①…你的得票數-1 needs one 「步」; ④若你的「步」不少於4個：其他本國角色獲得①中的效果。"""
    t = table("曹植")
    t.quiet_night()
    t.day(halves(t, "魏君主", "蜀護衛"))
    assert t.announced("exited") == []  # 11–11
    t.player("魏君主").markers["步"] = 3
    t.quiet_night()
    t.day(halves(t, "魏女眷", "蜀護衛"))
    assert t.announced("tally") == {"魏女眷": 11, "蜀護衛": 11} and t.announced("exited") == []


@pytest.mark.skill("七步")
def test_qibu_four_steps_other_wei_votes_minus_one():
    """④若你的「步」不少於4個：其他本國角色獲得①中的效果。"""
    t = table("曹植")
    t.player("魏君主").markers["步"] = 4
    t.quiet_night()
    t.day(halves(t, "魏女眷", "蜀護衛"))
    assert t.announced("tally") == {"蜀護衛": 11, "魏女眷": 10}
    assert t.announced("exited") == ["蜀護衛"]


@pytest.mark.skill("七步")
def test_qibu_two_steps_character_skills_half_void_on_him():
    """②若你的「步」不少於2個：其他角色的角色技能有一半概率對你失效。"""
    t = table("曹植", grant=(("吳女眷", Probe), ("蜀女眷", Probe)))
    t.player("魏君主").markers["步"] = 2
    t.force("七步 吳女眷【探查】對魏君主失效判定", True)
    t.force("七步 蜀女眷【探查】對魏君主失效判定", False)
    t.night(t.act("吳女眷", "探查", "魏君主"), t.act("蜀女眷", "探查", "魏君主"),
            t.act("吳正軍師", "明察", "魏君主"))  # an identity skill needs 3
    assert t.feedback("吳女眷", "探查") == []  # void: no effect, not told
    assert t.only_feedback("蜀女眷", "探查").data == {"country": "魏"}
    assert t.only_feedback("吳正軍師", "明察").data == {"is_killer": False}
    assert t.traced("吳女眷 的【探查】失效：魏君主 七步")


@pytest.mark.skill("七步")
def test_qibu_one_step_no_half_chance():
    """②…不少於2個 — with one 「步」 no draw is made."""
    t = table("曹植", grant=(("吳女眷", Probe),))
    t.player("魏君主").markers["步"] = 1
    t.night(t.act("吳女眷", "探查", "魏君主"))
    assert t.only_feedback("吳女眷", "探查").data == {"country": "魏"}
    assert t.drew("七步") == []


@pytest.mark.skill("七步")
def test_qibu_three_steps_identity_skills_half_void_on_him_stabs_included():
    """③若你的「步」不少於3個：其他角色的身份技能有一半概率對你失效。"""
    t = table("曹植")
    t.player("魏君主").markers["步"] = 3
    t.force("七步 吳正軍師【明察】對魏君主失效判定", True)
    t.force("七步 蜀殺手甲【刺殺】對魏君主失效判定", True)
    t.night(t.act("吳正軍師", "明察", "魏君主"), t.act("蜀殺手甲", "刺殺", "魏君主"))
    assert t.feedback("吳正軍師", "明察") == []
    assert t.status("魏君主") == "alive"
    assert t.traced("蜀殺手甲 的刺殺對 魏君主 無效：魏君主 七步")


@pytest.mark.skill("七步")
def test_qibu_three_steps_a_stab_that_holds_kills():
    """有一半概率對你失效 — the other half, the 刺殺 holds (and 曹植, the 轉生角色, dies: 託孤)."""
    t = table("曹植")
    t.player("魏君主").markers["步"] = 3
    t.force("七步 蜀殺手甲【刺殺】對魏君主失效判定", False)
    t.decide("魏君主", "託孤", "魏護衛")
    t.night(t.act("蜀殺手甲", "刺殺", "魏君主"))
    assert t.status("魏君主") == "out"


@pytest.mark.skill("七步")
def test_qibu_five_and_six_steps_shield_other_wei():
    """⑤若你的「步」不少於5個：其他本國角色獲得②中的效果；⑥若你的「步」不少於6個：其他本國角色獲得③中的效果。"""
    t = table("曹植", grant=(("吳女眷", Probe),))
    t.player("魏君主").markers["步"] = 5
    t.force("七步 吳女眷【探查】對魏女眷失效判定", True)
    t.night(t.act("吳女眷", "探查", "魏女眷"), t.act("吳正軍師", "明察", "魏女眷"))
    assert t.feedback("吳女眷", "探查") == []
    assert t.only_feedback("吳正軍師", "明察").data == {"is_killer": False}  # ⑥ needs 6
    t.day()
    t.player("魏君主").markers["步"] = 6
    t.force("七步 吳正軍師【明察】對魏女眷失效判定", True)
    t.night(t.act("吳正軍師", "明察", "魏女眷"))
    assert t.feedback("吳正軍師", "明察") == []


@pytest.mark.skill("七步")
def test_qibu_below_seven_steps_own_country_is_subject_too():
    """②③「其他角色」 — before ⑦ a 魏 character's skills on him take the half chance too."""
    t = table("曹植")
    t.player("魏君主").markers["步"] = 6
    t.force("七步 魏護衛【援護】對魏君主失效判定", True)
    t.night(t.act("魏護衛", "援護", "魏君主"))
    assert not t.player("魏君主").injured  # the 援護 was void: no wound


@pytest.mark.skill("七步")
def test_qibu_seven_steps_only_other_countries():
    """⑦若你的「步」不少於7個：將②和③中的「其他角色」改為「其他國的角色」。"""
    t = table("曹植")
    t.player("魏君主").markers["步"] = 7
    t.force("七步 吳正軍師【明察】對魏女眷失效判定", False)
    t.night(t.act("魏護衛", "援護", "魏君主"), t.act("吳正軍師", "明察", "魏女眷"))
    assert t.player("魏君主").injured  # a 魏 援護 takes no half chance any more
    assert [d["purpose"] for d in t.drew("七步")] == ["七步 吳正軍師【明察】對魏女眷失效判定"]
    assert t.player("魏君主").marker("步") == 8  # his own wound


@pytest.mark.skill("七步")
def test_qibu_bind_vote_naming_him_as_b():
    """③ 其他角色的身份技能…對你失效 — a 亂花 naming him (as A or B) is aimed at him."""
    t = table("曹植")
    t.player("魏君主").markers["步"] = 3
    t.force("七步 吳女眷【亂花】對魏君主失效判定", True)
    t.night(t.act("吳女眷", "亂花", "蜀護衛", "魏君主"))
    assert t.state.vote_binds == {}


# ---- 曹植：琳琅妙筆 -----------------------------------------------------------------
@pytest.mark.skill("琳琅妙筆")
def test_linlangmiaobi_next_day_votes_on_wei_are_void():
    """琳琅妙筆：使用後次日，所有針對本國角色的投票無效。"""
    t = table("曹植")
    t.night(t.act("魏君主", "琳琅妙筆"))
    assert t.feedback("魏君主") == []
    t.day(halves(t, "魏女眷", "蜀護衛", n_first=12))
    assert t.announced("tally") == {"蜀護衛": 10}
    assert t.announced("exited") == ["蜀護衛"]
    assert t.traced("的投票無效：魏君主 琳琅妙筆")


@pytest.mark.skill("琳琅妙筆")
def test_linlangmiaobi_only_the_next_day():
    """使用後「次日」 — the day after that, votes on 魏 count again."""
    t = table("曹植")
    t.night(t.act("魏君主", "琳琅妙筆"))
    t.day({"蜀護衛": "吳護衛"})
    t.quiet_night()
    t.day(halves(t, "魏女眷", "蜀護衛", n_first=12))
    assert t.announced("exited") == ["魏女眷"]


@pytest.mark.skill("琳琅妙筆")
def test_linlangmiaobi_failed_when_wounded_and_limited():
    """技能發動或使用失敗…可再次發動/使用; 非二字技能…只能使用一次。"""
    t = table("曹植").wound("魏君主")
    t.fail("魏君主", "琳琅妙筆")
    t.night(t.act("魏君主", "琳琅妙筆"))
    assert t.only_feedback("魏君主", "琳琅妙筆").data == {"failed": True}
    t.day(halves(t, "魏女眷", "蜀護衛", n_first=12))
    assert t.announced("exited") == ["魏女眷"]
    t.night(t.act("魏君主", "琳琅妙筆"))
    t.day()
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act("魏君主", "琳琅妙筆"))


@pytest.mark.skill("琳琅妙筆")
def test_linlangmiaobi_holds_even_if_cao_zhi_dies_that_night():
    """使用後次日，所有針對本國角色的投票無效 — the effect is the skill's, not 曹植's life's."""
    t = table("曹植")
    t.decide("魏君主", "託孤", "魏護衛")
    t.night(t.act("魏君主", "琳琅妙筆"), t.act("蜀殺手甲", "刺殺", "魏君主"))
    assert t.status("魏君主") == "out"
    t.day(halves(t, "魏女眷", "蜀護衛", n_first=12))
    assert t.announced("exited") == ["蜀護衛"]
