"""End of a KK規則3.3版 game: 滅國, victory, joint wins, peace.

每個國家的勝利條件均為其餘所有國家（包括黃巾軍）滅亡。滅國的條件見君主技能【託孤】。
"""

from __future__ import annotations

import pytest

from tianting.core.state import Status
from tianting.testing import Table

WU = [f"吳{s}" for s in ("君主", "正軍師", "副軍師", "殺手甲", "殺手乙", "護衛", "女眷")]
SHU = [f"蜀{s}" for s in ("君主", "正軍師", "副軍師", "殺手甲", "殺手乙", "護衛", "女眷")]


def two_kingdoms(others: str = "神醫") -> Table:
    """魏 and 蜀 only, with 蜀 down to its reincarnated lord."""
    t = Table(bare=True, others=others, omit=WU)
    for pid in SHU[1:]:
        t.player(pid).status = Status.OUT
    t.player("蜀君主").life = 1
    t.player("蜀君主").character = "劉禪"
    return t


def test_last_lord_dies_with_no_one_left_and_the_country_falls():
    """託孤：…你獲悉本國尚存活的角色 — none: the country is eliminated; the other wins."""
    t = two_kingdoms()
    t.night(t.act("魏殺手甲", "刺殺", "蜀君主"))
    assert t.announced("eliminated") == ["蜀"]
    assert t.only_feedback("蜀君主", "託孤").data == {"alive": {}}
    assert t.state.over and t.state.winners == ["魏"]


@pytest.mark.skill("急救")
def test_healer_wins_with_the_country_he_healed_strictly_least():
    """遊戲結束時，若獲勝國為你積累「行醫」標記最少的國家（必須為最少，若為最少之一則不算），你一同獲勝。"""
    t = two_kingdoms()
    t.player("群雄").markers.update({"行醫·蜀": 1, "行醫·吳": 1})
    t.night(t.act("魏殺手甲", "刺殺", "蜀君主"))
    assert t.state.winners == ["魏", "群雄"]


@pytest.mark.skill("急救")
def test_healer_does_not_win_on_a_tie_for_least():
    """若為最少之一則不算。"""
    t = two_kingdoms()
    t.player("群雄").markers.update({"行醫·蜀": 1})
    t.night(t.act("魏殺手甲", "刺殺", "蜀君主"))
    assert t.state.winners == ["魏"]


@pytest.mark.skill("方術")
def test_sorcerer_joint_win_by_illusion_markers():
    """方士：若獲勝國為你積累「迷幻」標記最少的國家…你一同獲勝。"""
    t = two_kingdoms(others="方士")
    t.player("群雄").markers.update({"迷幻·蜀": 2, "迷幻·吳": 1})
    t.night(t.act("魏殺手甲", "刺殺", "蜀君主"))
    assert t.state.winners == ["魏", "群雄"]


@pytest.mark.skill("起義")
def test_yellow_turbans_must_fall_too():
    """每個國家的勝利條件均為其餘所有國家（包括黃巾軍）滅亡。"""
    t = two_kingdoms(others="黃巾頭領")
    t.night(t.act("魏殺手甲", "刺殺", "蜀君主"))
    assert not t.state.over
    t.day()
    t.player("群雄").hp = 1
    t.night(t.act("魏殺手甲", "刺殺", "群雄"))
    assert t.state.over and t.state.winners == ["魏"]


def test_no_side_left_means_no_winner():
    """Both last sides fall in the same night (新任君主死亡後，該國滅國): over, and no one wins."""
    t = Table(bare=True, omit=WU)
    for pid in ("魏正軍師", "魏副軍師", "魏殺手乙", "魏護衛", "魏女眷", "群雄") + tuple(SHU[1:3]) + tuple(SHU[4:]):
        t.player(pid).status = Status.OUT
    for lord in ("魏君主", "蜀君主"):
        t.player(lord).successor = True
    t.night(t.act("魏殺手甲", "刺殺", "蜀君主"), t.act("蜀殺手甲", "刺殺", "魏君主"))
    assert sorted(t.announced("eliminated")) == sorted(["魏", "蜀"])
    assert t.state.over and t.state.winners == []


def test_further_phases_after_the_end_are_refused():
    """The game is over: no more actions."""
    from tianting.core.errors import IllegalAction

    t = two_kingdoms()
    t.night(t.act("魏殺手甲", "刺殺", "蜀君主"))
    with pytest.raises(IllegalAction, match="遊戲已經結束"):
        t.game.check_vote("魏君主", "魏君主")


def test_peace_needs_every_remaining_member():
    """議和：君主…向剩餘所有國家發起議和，且所有國家的全體成員均同意。"""
    t = Table(bare=True)
    everyone = [p.id for p in t.state.players.values()]
    assert "未同意議和：魏護衛" in (t.game.peace_agreed("魏君主", [p for p in everyone if p != "魏護衛"]) or "")
    assert "不是在場的君主" in (t.game.peace_agreed("魏護衛", everyone) or "")
    assert t.game.peace_agreed("魏君主", everyone) is None
    t.game.declare_peace("全體同意")
    assert t.state.over and t.state.peace and t.state.winners == []


def test_peace_does_not_wait_on_the_healer_or_the_sorcerer_but_on_the_rebel_leader():
    """議和：…向剩餘所有國家發起議和，且所有國家的全體成員均同意 — the 神醫 and the 方士 belong to no country (they
    only win jointly, which a peace with no winner denies them), so their consent is not asked; 黃巾軍 is one of
    「其餘所有國家（包括黃巾軍）」, so its leader's is (R26, issue 10)."""
    for others, needed in (("神醫", False), ("方士", False), ("黃巾頭領", True)):
        t = Table(bare=True, others=others)
        without = [p.id for p in t.state.players.values() if p.id != "群雄"]
        problem = t.game.peace_agreed("魏君主", without)
        assert (problem is not None and "群雄" in problem) is needed, (others, problem)


@pytest.mark.skill("急救")
def test_healer_wins_jointly_even_when_out():
    """你一同獲勝 — the text sets no condition of being alive (ruling)."""
    t = two_kingdoms()
    t.player("群雄").markers.update({"行醫·蜀": 1, "行醫·吳": 1})
    t.player("群雄").status = Status.OUT
    t.night(t.act("魏殺手甲", "刺殺", "蜀君主"))
    assert t.state.winners == ["魏", "群雄"]


@pytest.mark.skill("起義")
def test_with_only_the_yellow_turbans_left_the_leader_must_still_mark_everyone():
    """黃巾頭領 wins 「當場上存活的角色除你以外均是「黃巾軍」時」, not by the others' 滅國 alone (ruling R15)."""
    t = Table(bare=True, others="黃巾頭領", omit=WU)
    for pid in SHU + ["魏正軍師", "魏副軍師", "魏殺手乙", "魏護衛"]:
        t.player(pid).status = Status.OUT
    t.player("魏君主").successor = True
    t.night(t.act("群雄", "起義", "魏殺手甲"))
    assert not t.state.over
    t.day()
    t.same_side_stab("魏殺手甲", "魏君主", False)
    t.night(t.act("魏殺手甲", "刺殺", "魏君主"))
    assert t.announced("eliminated") == ["魏"]
    assert not t.state.over  # 魏女眷 survives, unmarked
    t.day()
    t.night(t.act("群雄", "起義", "魏女眷"))
    assert t.state.over and t.state.winners == ["群雄"]
