"""A player sees only what the rules let them see (a leak of hidden information is a security bug)."""

from __future__ import annotations

import json

import pytest

from tianting.rules.kk33.views import player_view
from tianting.testing import Table


def played() -> Table:
    t = Table(bare=True, others="黃巾頭領")
    t.player("魏正軍師").skills = ["先知", "英才", "遺計定遼東"]
    t.night(t.act("魏殺手甲", "刺殺", "吳護衛"), t.act("魏正軍師", "明察", "蜀殺手甲"),
            t.act("群雄", "起義", "蜀君主"), t.act("魏君主", "招賢納才", "吳正軍師"))
    t.day({"魏君主": "蜀女眷"})
    return t


def test_view_holds_own_seat_and_skills():
    t = played()
    view = player_view(t.game, "魏正軍師")
    assert (view["id"], view["country"], view["identity"], view["character"]) == ("魏正軍師", "魏", "正軍師", "郭嘉")
    skills = {row["skill"]: row for row in view["skills"]}
    assert skills["明察"]["built"] and skills["明察"]["uses_left"] is None
    assert skills["去偽存真"]["uses_left"] == 1 and skills["去偽存真"]["limited"]
    assert skills["英才"]["text"].startswith("*被*") and skills["英才"]["source"] == "character"
    assert skills["英才"]["built"] == ("英才" in t.game.skills)


def test_view_has_own_feedback_and_nobody_elses():
    t = played()
    view = player_view(t.game, "魏正軍師")
    assert [f["skill"] for f in view["feedback"]] == ["明察"]
    assert view["feedback"][0]["data"] == {"is_killer": True}
    killer = player_view(t.game, "魏殺手甲")
    assert [f["skill"] for f in killer["feedback"]] == ["刺殺"]


@pytest.mark.skill("招賢納才")
def test_view_knows_characters_learned_by_recognition():
    """互識：兩名玩家分別獲悉對方的角色。"""
    t = played()
    assert player_view(t.game, "吳正軍師")["known"] == {"魏君主": "曹操"}
    assert player_view(t.game, "魏君主")["known"] == {"吳正軍師": "周瑜"}


@pytest.mark.skill("起義")
def test_rebel_mark_is_hidden_from_its_bearer():
    """令其獲得一個「黃巾軍」標記（其無法獲悉）。"""
    t = played()
    assert t.player("蜀君主").marker("黃巾軍") == 1
    assert "黃巾軍" not in json.dumps(player_view(t.game, "蜀君主"), ensure_ascii=False)


@pytest.mark.parametrize("pid", ["魏君主", "蜀女眷", "吳護衛", "群雄"])
def test_view_never_holds_another_players_hidden_seat(pid):
    """Other players appear only by id and whether they are out."""
    t = played()
    view = player_view(t.game, pid)
    text = json.dumps({k: v for k, v in view.items() if k not in ("known", "skills")}, ensure_ascii=False)
    me = t.player(pid)
    for other in t.state.players.values():
        if other.id == pid or other.id in view["known"]:
            continue
        assert other.character not in text or other.character == me.character
    assert all(set(p) == {"id", "out"} for p in view["players"])


def test_view_lists_learned_skills_with_their_text_and_one_time_rights():
    """Learned skills (擇主而事 …) read with their own text; 一次性使用權 are listed with what is left."""
    from tianting.rules.kk33 import skillbook
    from tianting.rules.kk33.night import Night

    t = Table(bare=True)
    night = Night(t.game, [], None)  # type: ignore[arg-type]
    skillbook.gain(night, "魏副軍師", "奸雄", via="測試")
    skillbook.lend(night, "魏副軍師", "刺殺", via="測試")
    rows = {row["skill"]: row for row in player_view(t.game, "魏副軍師")["skills"]}
    assert rows["奸雄"]["kind"] == "passive" and rows["奸雄"]["text"].startswith("*被*你獲悉")
    assert rows["刺殺"]["source"] == "granted" and rows["刺殺"]["uses_left"] == 1


def test_day_announcement_shows_the_ballot_and_the_dead_but_not_the_counted_tally():
    """白天公告為白天投票情況公告。其內容包括：當天投票的票面、因投票而死亡出局的ID. The tally after
    every skill stays the judge's (ruling R41); 亂花's forced vote is part of the 票面 (R19: 亂花 moves 魏君主's
    vote to 吳君主, and the ballot shows it)."""
    t = Table(bare=True)
    t.night(t.act("蜀女眷", "亂花", "魏君主", "吳君主"))
    t.decide("吳君主", "轉生", "孫權")  # the top of the count dies: the lord is reborn
    day = t.day({"魏君主": "蜀殺手甲"})
    assert day.announcement["votes"]["魏君主"] == "吳君主"  # the forced vote (亂花：A次日的投票對象強制修改為B)
    # counted where 亂花 sent it, besides his own abstention (棄權或超時視為自投): the judge's record
    assert day.announcement["tally"]["吳君主"] == 2
    assert "票面：" in day.announcement["text"] and "得票" not in day.announcement["text"]
    view = player_view(t.game, "蜀君主")
    assert all("tally" not in a for a in view["announcements"])
    assert view["announcements"][-1]["votes"] == day.announcement["votes"]


@pytest.mark.skill("化身")
def test_view_offers_the_forms_drawn_by_huashen_to_zuoci_alone():
    """化身：…從所有不在場的角色中隨機抽取兩名，你選擇其中一名角色的一個技能 — 左慈's view holds the two forms and
    their skills (rule text, limits, how each is used); no other view holds anything of the draw, and once the
    phase has resolved only his feedback names it (ruling ZC8)."""
    t = Table(others="方士", draws={"化身 群雄 角色一": "張遼", "化身 群雄 角色二": "甘寧"})
    mine = player_view(t.game, "群雄")
    assert mine["offered"] == {"化身": ["張遼", "甘寧"]}
    offered = [(r["character"], r["skill"], r["kind"]) for r in mine["skills"] if r["source"] == "offered"]
    assert offered == [("張遼", "英雄相惜", "passive"), ("張遼", "固守合肥", "active"),
                       ("張遼", "威震逍遙津", "global"), ("甘寧", "奇襲", "passive"), ("甘寧", "義釋", "passive")]
    for pid in t.state.players:
        if pid != "群雄":
            view = player_view(t.game, pid)
            assert "offered" not in view and all(r["source"] != "offered" for r in view["skills"])
            assert "甘寧" not in json.dumps(view, ensure_ascii=False)
    t.decide("群雄", "化身", "固守合肥")
    t.night(t.act("群雄", "固守合肥"))
    for pid in t.state.players:
        feedback = [f["skill"] for f in player_view(t.game, pid)["feedback"]]
        assert ("化身" in feedback) == (pid == "群雄")
