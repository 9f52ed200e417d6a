"""Scenario tests for 左慈 (KK規則3.3版 ⊙群雄篇, the 方士), seated at 群雄: 化身, 神隱, 借物代形.

Each test quotes the sentence it checks; rulings ZC1 … are in docs/rulings/kk33-qun_zuoci.md.
The forms 化身 draws are forced by purpose: 「化身 群雄 角色一」 and 「化身 群雄 角色二」, at the start
(``Table(draws=…)``) for night 1, and with ``t.force`` before the phase whose end begins the next.
"""

from __future__ import annotations

import json

import pytest

from tianting.core.errors import IllegalAction
from tianting.core.names import name_key
from tianting.core.state import Status
from tianting.rules.kk33 import skillbook
from tianting.rules.kk33.characters.qun_zuoci import forms_not_in_play
from tianting.rules.kk33.views import player_view
from tianting.script import run_script
from tianting.testing import Table, standard_seats

ONE, TWO = "化身 群雄 角色一", "化身 群雄 角色二"
ZUOCI = "群雄"


def table(first: str = "黃忠", second: str = "孫尚香", **kw) -> Table:
    """左慈 at 群雄, with the two forms drawn as night 1 begins."""
    return Table(others="方士", draws={ONE: first, TWO: second}, **kw)


def next_forms(t: Table, first: str, second: str) -> Table:
    """The two forms drawn as the next phase begins (at the end of the one about to be played)."""
    return t.force(ONE, first).force(TWO, second)


# ==== 化身: the draw ============================================================================
@pytest.mark.skill("化身")
def test_huashen_draws_two_forms_not_in_play_as_every_night_and_day_begins():
    """化身：*被*每個夜晚與白天開始時，從所有不在場的角色中隨機抽取兩名 — among the forms whose character no
    living player plays (ZC1); the second among the rest; again as the day begins, with the dead's forms."""
    t = Table(others="方士")
    pool = forms_not_in_play(t.game)
    assert "曹操" not in pool and "左慈" not in pool and "甄姬" not in pool  # in play
    assert "幕後的主使·賈詡" in pool and "華佗" in pool and "張角" in pool  # not in play (群 too)
    t.decide(ZUOCI, "化身", t.game.offered(t.player(ZUOCI))[0])
    night = t.night(t.act("魏殺手甲", "刺殺", "魏女眷"))
    first, second = t.drew(ONE, night) + t.drew(TWO, night)
    assert first["options"] == pool
    assert second["options"] == [f for f in pool if f != first["outcome"]]
    assert t.status("魏女眷") == "out"
    t.decide(ZUOCI, "化身", t.game.offered(t.player(ZUOCI))[0])
    day = t.day()
    (again,) = t.drew(ONE, day)
    assert "甄姬" in again["options"]  # 不在場: the dead's character is no longer in play


@pytest.mark.skill("化身")
def test_huashen_a_character_in_play_keeps_all_its_forms_and_the_chibi_forms_join_only_their_table():
    """「所有不在場的角色」: 賈詡 in play as 台上的主宰 keeps 幕後的主使 out of the draw too (ZC1); the
    『角色技能·赤壁之戰』 forms are drawn only at a table that plays them (ZC2)."""
    t = Table(others="方士", characters={"魏正軍師": "賈詡"})
    pool = forms_not_in_play(t.game)
    assert "台上的主宰·賈詡" not in pool and "幕後的主使·賈詡" not in pool
    assert not {"蔣干", "赤壁·諸葛亮", "赤壁·魯肅"} & set(pool)
    chibi = Table(others="方士", characters={"魏副軍師": "蔣干", "蜀正軍師": "徐庶", "蜀副軍師": "龐統",
                                            "吳副軍師": "陸遜"})
    assert {"赤壁·諸葛亮", "赤壁·魯肅"} <= set(forms_not_in_play(chibi.game))
    assert "蔣干" not in forms_not_in_play(chibi.game)


@pytest.mark.skill("化身")
def test_huashen_only_zuoci_sees_the_forms_drawn():
    """The draw is his: his view offers the two forms and their skills; nobody else's view holds any of it,
    and the feedback of the choice is his alone."""
    t = table("黃忠", "孫尚香")
    view = player_view(t.game, ZUOCI)
    assert view["offered"] == {"化身": ["黃忠", "孫尚香"]}
    rows = {r["skill"]: r for r in view["skills"] if r["source"] == "offered"}
    assert list(rows) == ["烈弓", "老當益壯", "梟姬", "兄長之風", "夢醉良緣"]
    assert rows["老當益壯"]["character"] == "黃忠" and rows["老當益壯"]["uses_left"] == 1
    assert rows["老當益壯"]["text"] == "指定一個ID，令其受傷。" and rows["老當益壯"]["via"] == "化身"
    for pid in t.state.players:
        if pid != ZUOCI:
            other = player_view(t.game, pid)
            assert "offered" not in other
            assert not any(r["source"] == "offered" for r in other["skills"])
            assert "孫尚香" not in json.dumps(other, ensure_ascii=False)
    t.decide(ZUOCI, "化身", "梟姬")
    result = t.night()
    assert [pid for pid, items in result.feedback.items() if any(f.skill == "化身" for f in items)] == [ZUOCI]
    assert "offered" not in player_view(t.game, "魏君主")


# ==== 化身: the choice ==========================================================================
@pytest.mark.skill("化身")
def test_huashen_borrows_a_night_action():
    """你選擇其中一名角色的一個技能，於該階段中獲得該技能 — 黃忠's 老當益壯 (指定一個ID，令其受傷), used the
    night it is taken: using an offered skill is choosing it, the only option of the decision (ZC3)."""
    t = table("黃忠", "孫尚香")
    t.night(t.act(ZUOCI, "老當益壯", "吳女眷"))  # no decision needed: his action is his answer
    assert t.status("吳女眷") == "injured"
    (decision,) = t.last.decisions
    assert (decision.answer, decision.options, decision.defaulted) == ("老當益壯", ["老當益壯"], False)
    fb = t.only_feedback(ZUOCI, "化身")
    assert fb.data == {"forms": ["黃忠", "孫尚香"], "character": "黃忠", "skill": "老當益壯"}
    assert "你選擇黃忠的技能【老當益壯】" in fb.text


@pytest.mark.skill("化身")
def test_huashen_another_answer_than_the_skill_used_is_refused():
    """His action chose the skill: a decision naming another is not one of the options."""
    from tianting.core.decisions import InvalidAnswer

    t = table("黃忠", "孫尚香")
    t.decide(ZUOCI, "化身", "梟姬")
    with pytest.raises(InvalidAnswer, match="可選：老當益壯"):
        t.night(t.act(ZUOCI, "老當益壯", "吳女眷"))


@pytest.mark.skill("化身")
def test_huashen_borrows_a_passive_skill():
    """孫尚香's 梟姬 (*被*你不會受傷), taken as the night begins, works that night: a 援護 with no 刺殺 on him
    would wound him."""
    t = table("黃忠", "孫尚香")
    t.decide(ZUOCI, "化身", "梟姬")
    t.night(t.act("魏護衛", "援護", ZUOCI))
    assert t.status(ZUOCI) == "alive"
    assert t.traced("群雄 梟姬（你不會受傷）")
    assert t.traced("群雄 獲得技能【梟姬】（化身）")


@pytest.mark.skill("化身")
def test_huashen_the_skill_lasts_the_phase_only():
    """於該階段中獲得該技能: as the next phase begins it is gone (not 失去: nothing for 蕙質蘭心 to restore,
    no feedback of a loss; ZC4); by then he is offered the next two forms."""
    t = table("黃忠", "孫尚香")
    t.decide(ZUOCI, "化身", "梟姬")
    next_forms(t, "諸葛瑾", "張遼")
    t.night()
    assert "梟姬" not in t.player(ZUOCI).skills
    assert skillbook.lost(t.state, ZUOCI) == []
    assert not any("失去" in f.text for f in t.feedback(ZUOCI))
    assert player_view(t.game, ZUOCI)["offered"] == {"化身": ["諸葛瑾", "張遼"]}
    with pytest.raises(IllegalAction, match="沒有技能【老當益壯】"):
        t.check(t.act(ZUOCI, "老當益壯", "吳女眷"))
    t.decide(ZUOCI, "化身", "和睦")
    t.day({"魏君主": ZUOCI})
    assert t.only_feedback(ZUOCI, "化身").data["skill"] == "和睦"
    assert "和睦" not in t.player(ZUOCI).skills  # the day is over too


@pytest.mark.skill("化身")
def test_huashen_borrows_a_day_action():
    """諸葛瑾's 緩釋 (可以於白天使用。指定一個ID，減輕他因為下一次投票受到的傷害), drawn as the day begins
    and used by day: the voted player is wounded instead of dying."""
    t = table("黃忠", "孫尚香")
    t.decide(ZUOCI, "化身", "梟姬")
    next_forms(t, "諸葛瑾", "張遼")
    t.night()
    t.decide(ZUOCI, "化身", "緩釋")
    t.day({"魏君主": "蜀女眷", "魏正軍師": "蜀女眷"}, t.act(ZUOCI, "緩釋", "蜀女眷"))
    assert t.status("蜀女眷") == "injured"
    assert t.only_feedback(ZUOCI, "化身").data["skill"] == "緩釋"


@pytest.mark.skill("化身")
def test_huashen_borrows_a_day_passive():
    """曹丕's 行殤 (*被*若投票時最高票為平票且不為0，則所有最高票的角色均死亡), his for the day: a real tie of two
    players at two votes each kills both."""
    votes = {"魏君主": "蜀女眷", "魏正軍師": "蜀女眷", "吳君主": "吳女眷", "吳正軍師": "吳女眷"}
    plain = table("黃忠", "孫尚香")
    plain.decide(ZUOCI, "化身", "梟姬")
    next_forms(plain, "曹丕", "張遼")
    plain.night()
    plain.decide(ZUOCI, "化身", "固守合肥")
    plain.day(votes)
    assert plain.status("蜀女眷") == plain.status("吳女眷") == "alive"
    t = table("黃忠", "孫尚香")
    t.decide(ZUOCI, "化身", "梟姬")
    next_forms(t, "曹丕", "張遼")
    t.night()
    t.decide(ZUOCI, "化身", "行殤")
    t.day(votes)
    assert t.status("蜀女眷") == t.status("吳女眷") == "out"


@pytest.mark.skill("化身")
def test_huashen_a_limited_skill_borrowed_is_used_once_a_game():
    """所有的非二字技能稱為限定技能，只能使用一次: 老當益壯 used on night 1 is used up when 黃忠 is drawn
    again (ZC4); he may still take it, with no use left."""
    t = table("黃忠", "孫尚香")
    t.decide(ZUOCI, "化身", "老當益壯")
    next_forms(t, "黃忠", "孫尚香")
    t.night(t.act(ZUOCI, "老當益壯", "吳女眷"))
    t.decide(ZUOCI, "化身", "梟姬")
    next_forms(t, "黃忠", "孫尚香")
    t.day()
    rows = {r["skill"]: r for r in player_view(t.game, ZUOCI)["skills"]}
    assert rows["老當益壯"]["uses_left"] == 0
    with pytest.raises(IllegalAction, match="限定技能"):
        t.check(t.act(ZUOCI, "老當益壯", "蜀女眷"))


@pytest.mark.skill("化身")
def test_huashen_only_one_offered_skill_a_phase():
    """你選擇其中一名角色的一個技能: one skill; a second offered skill the same night is refused, whatever
    lets him act twice (厲兵秣馬's extra action)."""
    t = table("黃忠", "張遼", characters={"吳副軍師": "魯肅"})
    with pytest.raises(IllegalAction, match="只能從可選的技能中選擇一個"):
        t.check(t.act("吳副軍師", "厲兵秣馬", ZUOCI), t.act(ZUOCI, "老當益壯", "吳女眷"),
                t.act(ZUOCI, "固守合肥"))


@pytest.mark.skill("化身")
def test_huashen_without_a_decision_takes_the_documented_default():
    """A missing decision takes the first skill of the first form drawn (ZC3), and the transcript says
    ``defaulted``; the script's decision names the skill."""
    players = [{"id": s.id, "country": s.country, "identity": s.identity, "character": s.character}
               for s in standard_seats("方士")]
    script = {"format": "tianting-script/1", "rules": "kk33", "seed": 3, "players": players,
              "phases": [{"phase": "night", "actions": []}]}
    transcript = run_script(script)
    (decision,) = transcript["phases"][0]["decisions"]
    first = transcript["phases"][0]["draws"][0]
    assert first["purpose"] == ONE
    assert decision["defaulted"] is True and decision["skill"] == "化身"
    assert decision["answer"] == decision["options"][0]
    assert any("化身" in w and "預設" in w for w in transcript["warnings"])
    assert transcript["phases"][0]["feedback"][ZUOCI][0]["data"]["character"] == first["outcome"]


@pytest.mark.skill("化身")
def test_huashen_illusion_markers_for_the_chosen_characters_country():
    """方士：每當你觸發【化身】時，若選擇的角色屬於魏國、蜀國或吳國角色，在對應國積累一個「迷幻」標記 — none for
    a 群雄 form; he knows his own markers."""
    t = table("黃忠", "張角")
    t.decide(ZUOCI, "化身", "老當益壯")
    next_forms(t, "張角", "黃忠")
    t.night(t.act(ZUOCI, "老當益壯", "吳女眷"))
    assert t.player(ZUOCI).markers == {"迷幻·蜀": 1}
    assert "在蜀國積累一個「迷幻」標記（共1個）" in t.only_feedback(ZUOCI, "化身").text
    t.decide(ZUOCI, "化身", "黃天")
    t.day()
    assert t.player(ZUOCI).markers == {"迷幻·蜀": 1}
    assert player_view(t.game, ZUOCI)["markers"] == {"迷幻·蜀": 1}


@pytest.mark.skill("化身")
def test_huashen_two_texts_of_one_skill_are_two_options():
    """舌戰群儒 has two texts (遲暮的丞相·諸葛亮: 令次日投票無事發生; 赤壁·諸葛亮: 令次日投票無效): taken from 赤壁·諸葛亮,
    the votes of the next day are void."""
    seats = {"魏副軍師": "蔣干", "蜀正軍師": "徐庶", "蜀副軍師": "龐統"}
    t = table("遲暮的丞相·諸葛亮", "赤壁·諸葛亮", characters=seats)
    rows = {r["skill"]: r for r in player_view(t.game, ZUOCI)["skills"] if r["source"] == "offered"}
    assert rows["舌戰群儒"]["character"] == "遲暮的丞相·諸葛亮"
    t.decide(ZUOCI, "化身", ["赤壁·諸葛亮", "舌戰群儒"])
    night = t.night(t.act(ZUOCI, "舌戰群儒"))
    assert night.decisions[0].options == ["舌戰群儒（遲暮的丞相·諸葛亮）", "舌戰群儒（赤壁·諸葛亮）"]
    t.decide(ZUOCI, "化身", t.game.offered(t.player(ZUOCI))[0])
    t.day({"魏君主": "蜀女眷", "魏正軍師": "蜀女眷"})
    assert t.status("蜀女眷") == "alive" and t.traced("舌戰群儒（次日投票無效）")


@pytest.mark.skill("化身")
def test_huashen_nothing_drawn_once_he_is_out_and_the_skill_still_ends():
    """Only while he is in the game: dead, he draws nothing, and what he held ends all the same."""
    t = table("黃忠", "孫尚香")
    t.player(ZUOCI).used["借物代形"] = 1
    t.decide(ZUOCI, "化身", "老當益壯")
    t.night(t.act(ZUOCI, "老當益壯", "吳女眷"), t.act("魏殺手甲", "刺殺", ZUOCI))
    assert t.status(ZUOCI) == "out"
    assert "老當益壯" not in t.player(ZUOCI).skills
    assert t.game.offered(t.player(ZUOCI)) == ()
    day = t.day()
    assert t.drew("化身", day) == []


# ==== 神隱 =======================================================================================
@pytest.mark.skill("神隱")
def test_shenyin_votes_on_him_are_void():
    """神隱：*被*所有針對你的投票無效 — however many; his own 自投 too; the day goes on as if they were not cast."""
    t = table()
    t.decide(ZUOCI, "化身", "梟姬")
    t.night()
    t.decide(ZUOCI, "化身", t.game.offered(t.player(ZUOCI))[0])
    t.day({"魏君主": ZUOCI, "魏正軍師": ZUOCI, "蜀君主": ZUOCI, "吳君主": "吳女眷"})
    assert t.status(ZUOCI) == "alive" and t.status("吳女眷") == "out"
    assert ZUOCI not in t.announced("tally")
    assert t.announced("votes")["魏君主"] == ZUOCI  # the ballot is public as cast
    assert t.traced("群雄 神隱（所有針對其的投票無效）")


@pytest.mark.skill("神隱")
def test_shenyin_a_vote_forced_onto_him_by_luanhua_is_void():
    """亂花：A次日的投票對象強制修改為B — B being 左慈, A's vote counts for nothing."""
    t = table()
    t.decide(ZUOCI, "化身", "梟姬")
    t.night(t.act("魏女眷", "亂花", "蜀君主", ZUOCI))
    t.decide(ZUOCI, "化身", t.game.offered(t.player(ZUOCI))[0])
    t.day({"蜀君主": "吳女眷", "魏君主": ZUOCI})
    assert t.announced("votes")["蜀君主"] == ZUOCI
    assert t.status(ZUOCI) == "alive" and ZUOCI not in t.announced("tally")


# ==== 借物代形 ====================================================================================
@pytest.mark.skill("借物代形")
def test_jiewu_prevents_the_fatal_blow_once():
    """借物代形：*被*當你受到致命一擊時，防止之 — a four-character skill: limited, used up the first time,
    and he is told (被動的限定技能消耗時…會收到相關反饋); the next 致命一擊 kills him (ZC6)."""
    t = table()
    t.decide(ZUOCI, "化身", "烈弓")
    t.night(t.act("吳殺手甲", "刺殺", ZUOCI))
    assert t.status(ZUOCI) == "alive"
    fb = t.only_feedback(ZUOCI, "借物代形")
    assert fb.data == {"consumed": True, "cause": "刺殺"} and "此技能已消耗" in fb.text
    assert t.player(ZUOCI).used["借物代形"] == 1
    t.decide(ZUOCI, "化身", t.game.offered(t.player(ZUOCI))[0])
    t.day()
    t.decide(ZUOCI, "化身", t.game.offered(t.player(ZUOCI))[0])
    t.night(t.act("吳殺手甲", "刺殺", ZUOCI))
    assert t.status(ZUOCI) == "out"


@pytest.mark.skill("借物代形")
def test_jiewu_a_wound_on_the_wounded_is_a_fatal_blow_but_a_first_wound_is_not():
    """致命一擊 (R30): a 致傷 on a player already wounded; a first wound is none, and leaves the skill."""
    t = table()
    t.decide(ZUOCI, "化身", "烈弓")
    t.night(t.act("魏護衛", "援護", ZUOCI))
    assert t.status(ZUOCI) == "injured" and not t.player(ZUOCI).used.get("借物代形")
    t.decide(ZUOCI, "化身", t.game.offered(t.player(ZUOCI))[0])
    t.day()
    t.decide(ZUOCI, "化身", t.game.offered(t.player(ZUOCI))[0])
    t.night(t.act("魏護衛", "援護", ZUOCI))
    assert t.status(ZUOCI) == "injured" and t.player(ZUOCI).used["借物代形"] == 1


@pytest.mark.skill("借物代形")
def test_jiewu_works_by_day():
    """當你受到致命一擊時 — not only at night: 甘寧's 刺殺 at the vote (奇襲) is prevented."""
    t = table(characters={"吳殺手甲": "甘寧"})
    t.decide(ZUOCI, "化身", "烈弓")
    t.night()
    t.decide(ZUOCI, "化身", t.game.offered(t.player(ZUOCI))[0])
    t.day({}, t.act("吳殺手甲", "刺殺", ZUOCI))
    assert t.status(ZUOCI) == "alive" and t.player(ZUOCI).used["借物代形"] == 1


@pytest.mark.skill("借物代形")
def test_jiewu_cannot_stop_leaving_history():
    """退出歷史舞台：…不能被減輕和防止死亡的效果減免 — 巧設反間's 刺殺 that removes him is not prevented."""
    t = table()
    t.decide(ZUOCI, "化身", "烈弓")
    t.force(f"巧設反間 吳正軍師→{ZUOCI} 受傷", False)
    t.night(t.act("吳正軍師", "巧設反間", ZUOCI))
    assert t.status(ZUOCI) == "out" and not t.player(ZUOCI).used.get("借物代形")
    assert t.player(ZUOCI).status is Status.OUT


@pytest.mark.skill("神隱")
def test_shenyin_counts_added_by_skills_are_not_votes():
    """所有針對你的投票無效 — votes only: 苦肉詐降's 「次日其得票數+3」 on him still counts (ZC5), and with no vote
    above it he is the top; the vote's death is then a 致命一擊 借物代形 prevents."""
    t = table()
    t.decide(ZUOCI, "化身", "梟姬")
    t.night(t.act("吳殺手甲", "苦肉詐降", ZUOCI))
    t.decide(ZUOCI, "化身", t.game.offered(t.player(ZUOCI))[0])
    t.day({"魏君主": ZUOCI})
    assert t.announced("tally")[ZUOCI] == 3
    assert t.status(ZUOCI) == "alive" and t.player(ZUOCI).used["借物代形"] == 1


@pytest.mark.skill("化身")
def test_huashen_learned_by_another_draws_for_him_without_illusion_markers():
    """「迷幻」 are the 方士's (方士：每當你觸發【化身】時…): 呂蒙, who learned 化身 by 士別三日, draws two forms as
    each phase begins and takes a skill, with no marker (ZC8)."""
    t = table("黃忠", "孫尚香", characters={"吳正軍師": "呂蒙"})
    t.force("士別三日 吳正軍師 角色", "左慈").force("士別三日 吳正軍師 技能", "化身")
    t.decide("吳正軍師", "士別三日", "保留")
    t.decide(ZUOCI, "化身", "梟姬")
    next_forms(t, "張遼", "黃忠")
    t.force("化身 吳正軍師 角色一", "曹仁").force("化身 吳正軍師 角色二", "甘寧")
    t.night(t.act("吳正軍師", "士別三日"))
    assert "化身" in t.player("吳正軍師").skills
    assert player_view(t.game, "吳正軍師")["offered"] == {"化身": ["曹仁", "甘寧"]}
    t.decide("吳正軍師", "化身", "義釋")
    t.decide(ZUOCI, "化身", "固守合肥")
    t.day()
    assert t.only_feedback("吳正軍師", "化身").data["skill"] == "義釋"
    assert t.player("吳正軍師").markers == {}
    assert t.player(ZUOCI).markers == {"迷幻·吳": 1, "迷幻·魏": 1}


@pytest.mark.skill("化身", "三顧茅廬")
def test_huashen_a_borrowed_skill_does_not_make_him_its_character():
    """三顧茅廬：*被*當你成為諸葛亮的技能目標時… — 隆中的卧龍·諸葛亮's 先知先覺 in 左慈's hands is not 「諸葛亮的技能」:
    劉備's 三顧茅廬 stays unused (ZC9); and 「你」 in a skill he took is 左慈: 三顧茅廬 borrowed from 劉備 works
    for him when 諸葛亮 aims a skill at him."""
    seats = {"蜀正軍師": "徐庶", "蜀副軍師": "龐統"}
    t = table("隆中的卧龍·諸葛亮", "張遼", characters=seats)
    t.decide(ZUOCI, "化身", "先知先覺")
    t.night(t.act(ZUOCI, "先知先覺", "蜀君主"))
    assert t.feedback("蜀君主", "三顧茅廬") == [] and t.player("蜀君主").known == {}
    assert t.only_feedback("蜀君主", "先知先覺")

    t3 = table("劉備", "張遼", omit=["蜀君主"])
    t3.decide(ZUOCI, "化身", "三顧茅廬")
    t3.night(t3.act("蜀正軍師", "兵行詭道", ZUOCI, identity="方士"))  # guessed right: 視為對其發動了一次【刺殺】
    assert t3.only_feedback(ZUOCI, "三顧茅廬").data["with"] == ["蜀正軍師"]
    assert t3.player(ZUOCI).known == {"蜀正軍師": "遲暮的丞相·諸葛亮"}
    assert t3.status(ZUOCI) == "alive" and not t3.player(ZUOCI).used.get("借物代形")


@pytest.mark.skill("化身")
def test_huashen_in_a_script_simplified_names_and_the_phase_draws():
    """A script names the skill taken in either script, and an offered skill its actions use (spelt in
    Simplified too) is checked as his and is his choice; the draws made as a phase begins are listed with
    that phase. (Seed 12 draws 孫策 and 劉禪 for night 1, then 大喬 and 呂蒙 for day 2.)"""
    players = [{"id": s.id, "country": s.country, "identity": s.identity, "character": s.character}
               for s in standard_seats("方士")]
    script = {"format": "tianting-script/1", "rules": "kk33", "seed": 12, "players": players, "phases": [
        {"phase": "night", "actions": [{"actor": ZUOCI, "skill": name_key("群英薈萃")}]},
        {"phase": "day", "votes": {}, "decisions": [{"actor": ZUOCI, "skill": "化身", "answer": name_key("流離江南")}]},
    ]}
    night, day = run_script(script)["phases"]
    assert [(d["purpose"], d["outcome"]) for d in night["draws"][:2]] == [(ONE, "孫策"), (TWO, "劉禪")]
    assert [(d["purpose"], d["outcome"]) for d in day["draws"][:2]] == [(ONE, "大喬"), (TWO, "呂蒙")]
    assert night["decisions"][0] | {"options": None} == {"actor": ZUOCI, "skill": "化身", "answer": "群英薈萃",
                                                          "defaulted": False, "options": None}  # his action
    assert not any("化身" in w for w in run_script(script)["warnings"][:1])
    assert night["decisions"][0]["options"] == ["群英薈萃"]
    assert night["feedback"][ZUOCI][0]["data"]["skill"] == "群英薈萃"
    assert any(f["skill"] == "群英薈萃" for f in night["feedback"][ZUOCI])
    assert day["decisions"][0]["answer"] == "流離江南" and day["decisions"][0]["defaulted"] is False


@pytest.mark.skill("化身", "蕙質蘭心")
def test_huashen_huizhi_restores_what_he_used_up_not_what_ended():
    """蕙質蘭心：令其已經正常消耗或失去的所有限定技能全部復原 — a borrowed limited skill he used up (老當益壯) and
    借物代形 are restored; a skill that ended with its phase was not 「失去」 and does not come back (ZC4)."""
    t = table("黃忠", "孫尚香")
    t.player(ZUOCI).used["借物代形"] = 1
    t.decide(ZUOCI, "化身", "老當益壯")
    next_forms(t, "孫尚香", "張遼")
    t.night(t.act(ZUOCI, "老當益壯", "吳女眷"))
    t.decide(ZUOCI, "化身", "梟姬")
    next_forms(t, "張遼", "甘寧")
    t.day()
    t.decide(ZUOCI, "化身", "固守合肥")
    next_forms(t, "黃忠", "甘寧")
    t.night(t.act("蜀女眷", "蕙質蘭心", ZUOCI))
    assert t.only_feedback(ZUOCI, "蕙質蘭心").data == {"restored": ["借物代形", "老當益壯"]}
    assert t.player(ZUOCI).skills == ["化身", "神隱", "借物代形"]  # 梟姬 and 固守合肥 ended, not restored
    rows = {r["skill"]: r for r in player_view(t.game, ZUOCI)["skills"]}
    assert rows["老當益壯"]["source"] == "offered" and rows["老當益壯"]["uses_left"] == 1  # 黃忠 drawn again
    assert rows["借物代形"]["uses_left"] == 1


@pytest.mark.skill("化身")
def test_huashen_a_chibi_table_draws_the_chibi_forms_though_none_is_seated():
    """A table that plays with 『角色技能·赤壁之戰』 (the script's ``"chibi": true``, R29) draws their forms for 化身
    even when nobody chose one (ZC2); without the flag, and none seated, it does not."""
    players = [{"id": s.id, "country": s.country, "identity": s.identity, "character": s.character}
               for s in standard_seats("方士", {"蜀正軍師": "徐庶", "蜀副軍師": "龐統", "吳副軍師": "陸遜"})]
    script = {"format": "tianting-script/1", "rules": "kk33", "seed": 5, "players": players,
              "phases": [{"phase": "night", "actions": []}]}
    plain = run_script(script)["phases"][0]["draws"][0]["options"]
    chibi = run_script({**script, "chibi": True})["phases"][0]["draws"][0]["options"]
    assert not {"蔣干", "赤壁·諸葛亮", "赤壁·魯肅"} & set(plain)
    assert set(chibi) - set(plain) == {"蔣干", "赤壁·諸葛亮", "赤壁·魯肅"}
