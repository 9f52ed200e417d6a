"""The day vote of KK規則3.3版 (二、術語解釋：投票、公告).

投票：於白天投票階段進行。每人可投一票，票面公開，若最高票不為平票且不為0則其死亡；
若最高票為平票或為0，則無事發生。投票不能棄權，棄權或超時視為自投。
"""

from __future__ import annotations

import pytest

from tianting.core.errors import IllegalAction
from tianting.testing import Table


def test_strict_top_dies_without_last_words():
    """若最高票不為平票且不為0則其死亡 … 因投票而死亡出局的ID（不能留下遺言）。"""
    t = Table(bare=True)
    t.quiet_night()
    t.day({"魏君主": "吳女眷", "蜀君主": "吳女眷"})
    assert t.status("吳女眷") == "out"
    assert t.announced("exited") == ["吳女眷"]
    assert t.announced("tally")["吳女眷"] == 3
    assert "last_words" not in t.last.announcement
    assert "因投票死亡出局：吳女眷" in t.announced("text")
    assert t.last.deaths[0].cause == "投票"


def test_abstention_is_a_vote_for_oneself():
    """投票不能棄權，棄權或超時視為自投。"""
    t = Table(bare=True)
    t.quiet_night()
    t.day({})
    assert t.announced("votes") == {pid: pid for pid in t.state.players}
    assert set(t.announced("tally").values()) == {1}
    assert t.announced("exited") == []  # 22-way tie: 無事發生


def test_tie_at_the_top_does_nothing():
    """若最高票為平票…則無事發生。"""
    t = Table(bare=True)
    t.quiet_night()
    t.day({"魏君主": "吳女眷", "魏正軍師": "蜀女眷"})
    assert t.announced("tally")["吳女眷"] == t.announced("tally")["蜀女眷"] == 2
    assert t.announced("exited") == []


def test_zero_at_the_top_does_nothing():
    """若最高票…為0，則無事發生 — every vote is void: 「黃巾軍」的投票無效."""
    t = Table(bare=True, others="黃巾頭領")
    t.player("群雄").hp = 1
    for p in t.state.players.values():
        if p.id != "群雄":
            p.markers["黃巾軍"] = 1
    t.night(t.act("魏殺手甲", "刺殺", "群雄"))
    assert t.status("群雄") == "out" and not t.state.over
    t.day({"魏君主": "吳女眷", "蜀君主": "吳女眷"})
    assert t.announced("tally") == {}
    assert t.announced("exited") == []
    assert t.status("吳女眷") == "alive"


def test_the_ballot_is_public_and_shows_what_was_voted():
    """票面公開 — the ballot lists every voter with the id they voted."""
    t = Table(bare=True)
    t.quiet_night()
    t.day({"魏君主": "吳女眷"})
    assert "魏君主 → 吳女眷" in t.announced("text")
    assert "蜀君主 → 蜀君主" in t.announced("text")


def test_vote_for_a_dead_player_or_by_one_is_illegal():
    """角色死亡後出局，不能再進行任何行動。"""
    t = Table(bare=True)
    t.night(t.act("魏殺手甲", "刺殺", "吳女眷"))
    with pytest.raises(IllegalAction, match="已出局"):
        t.game.check_vote("魏君主", "吳女眷")
    with pytest.raises(IllegalAction, match="已出局，不能投票"):
        t.game.check_vote("吳女眷", "魏君主")
    with pytest.raises(IllegalAction, match="不在遊戲中"):
        t.game.check_vote("魏君主", "nobody")


def test_voting_only_by_day_and_acting_only_by_night():
    """技能的使用時機如無特殊說明均為夜間；投票於白天投票階段進行。"""
    t = Table(bare=True)
    with pytest.raises(IllegalAction, match="只能於白天投票"):
        t.game.check_vote("魏君主", "吳女眷")
    t.quiet_night()
    with pytest.raises(IllegalAction, match="只能於夜間使用"):
        t.check(t.act("魏正軍師", "明察", "吳殺手甲"))


def test_bound_vote_and_rebel_vote_together():
    """亂花 and 起義 both apply: a 黃巾軍 voter's bound vote is still void."""
    t = Table(bare=True, others="黃巾頭領")
    t.night(t.act("群雄", "起義", "魏正軍師"), t.act("蜀女眷", "亂花", "魏正軍師", "吳護衛"))
    t.day({"魏正軍師": "吳女眷"})
    assert t.announced("tally")["吳護衛"] == 1
    assert t.announced("tally")["吳女眷"] == 1
