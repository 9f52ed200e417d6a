"""『角色技能·赤壁之戰』's three forms against each other and the rest, seated at one table (issue 14):
蔣干（魏國副軍師）, 赤壁·諸葛亮（蜀國軍師）, 赤壁·魯肅（吳國副軍師）. Rulings CB1–CB3 in
``docs/rulings/kk33-chibi.md``.

Every table here seats the three together (蔣干 at 魏副軍師, 赤壁·諸葛亮 at 蜀正軍師, 赤壁·魯肅 at
吳副軍師) with 賈詡 at 魏正軍師 (郭嘉's 先知 would stop 火燒赤壁); only the character skills a test
names are kept.
"""

from __future__ import annotations

import pytest

from tianting.rules.kk33 import KK33Game
from tianting.testing import Table, standard_seats

JIANG, LIANG, LU = "魏副軍師", "蜀正軍師", "吳副軍師"
CHIBI = {JIANG: "蔣干", LIANG: "赤壁·諸葛亮", LU: "赤壁·魯肅", "魏正軍師": "賈詡"}
ORDERS = {"魏蜀吳": ("魏", "蜀", "吳", "群"), "吳蜀魏": ("吳", "蜀", "魏", "群"), "蜀吳魏": ("蜀", "吳", "魏", "群")}
"""Seat orders: an outcome must not depend on who sits first (everything in one phase happens at once)."""


def chibi_table(keep: tuple[str, ...] = (JIANG, LIANG, LU), order: str = "魏蜀吳",
                characters: dict[str, str] | None = None) -> Table:
    """The three forms seated together, in the seat ``order`` of countries; character skills kept
    only for ``keep``."""
    t = Table(characters={**CHIBI, **(characters or {})})
    seats = standard_seats(characters={**CHIBI, **(characters or {})})
    countries = ORDERS[order]
    seats.sort(key=lambda s: countries.index(s.country))
    t.game = KK33Game.create(seats, 1)
    for p in t.state.players.values():
        if p.id not in keep:
            p.skills = []
    assert [t.player(p).character for p in (JIANG, LIANG, LU)] == ["蔣干", "赤壁·諸葛亮", "赤壁·魯肅"]
    return t


# ---- 盜書 × 草船借箭 ------------------------------------------------------------------
@pytest.mark.skill("盜書", "草船借箭")
@pytest.mark.parametrize("order", list(ORDERS))
def test_daoshu_and_caochuan_both_see_the_stab_as_submitted_and_the_conflict_rule_settles_it(order: str):
    """盜書：…你獲悉其當夜所有行動並可強制修改其中任意行動的目標。 草船借箭：…可獲悉所有針對你的行動，並
    可以更改其中任意行動的目標。 衝突規則：若一個行動的目標被至少兩個技能修改，且修改後的目標不同，則該行動的
    目標改為行動發出者。 — both act at one moment, each seeing the 刺殺 on 諸葛亮 as submitted (CB1), in
    any seat order: the stab turns on its own issuer (同國: the half chance decides)."""
    t = chibi_table(order=order)
    t.force("盜書 魏副軍師", "吳殺手甲")
    t.decide(JIANG, "盜書", "蜀君主")
    t.decide(LIANG, "草船借箭", "魏護衛")
    t.same_side_stab("吳殺手甲", "吳殺手甲", void=False)
    t.night(t.act(JIANG, "盜書"), t.act(LIANG, "草船借箭"), t.act("吳殺手甲", "刺殺", LIANG))
    assert t.status("吳殺手甲") == "out"
    assert t.status(LIANG) == "alive" and t.status("蜀君主") == "alive" and t.status("魏護衛") == "alive"
    seen = [{"skill": "刺殺", "targets": [LIANG]}]
    assert t.only_feedback(JIANG, "盜書").data == {
        "listed": "吳殺手甲", "actions": seen,
        "changed": [{"skill": "刺殺", "slot": 0, "from": LIANG, "to": "蜀君主"}]}
    assert t.only_feedback(LIANG, "草船借箭").data == {
        "actions": seen, "changed": [{"skill": "刺殺", "slot": 0, "from": LIANG, "to": "魏護衛"}]}


@pytest.mark.skill("盜書", "草船借箭")
@pytest.mark.parametrize("order", list(ORDERS))
def test_daoshu_and_caochuan_agreeing_send_the_stab_there(order: str):
    """衝突規則 applies only 「且修改後的目標不同」: both turn the 刺殺 onto 魏護衛, and it lands there;
    an action 盜書 turns onto 諸葛亮 is not one 「針對你」 that 草船借箭 sees (CB1)."""
    t = chibi_table(order=order)
    t.force("盜書 魏副軍師", "吳殺手甲")
    t.decide(JIANG, "盜書", "魏護衛")
    t.decide(LIANG, "草船借箭", "魏護衛")
    t.night(t.act(JIANG, "盜書"), t.act(LIANG, "草船借箭"), t.act("吳殺手甲", "刺殺", LIANG))
    assert t.status("魏護衛") == "out" and t.status(LIANG) == "alive"


@pytest.mark.skill("盜書", "草船借箭")
@pytest.mark.parametrize("order", list(ORDERS))
def test_caochuan_does_not_see_a_stab_daoshu_turns_onto_him(order: str):
    """草船借箭 sees 「所有針對你的行動」 as submitted: a 刺殺 on 劉備 that 盜書 turns onto 諸葛亮 the same
    moment is not among them, whoever sits first (CB1); he is told none, and it kills him."""
    t = chibi_table(order=order)
    t.force("盜書 魏副軍師", "吳殺手甲")
    t.decide(JIANG, "盜書", LIANG)
    t.night(t.act(JIANG, "盜書"), t.act(LIANG, "草船借箭"), t.act("吳殺手甲", "刺殺", "蜀君主"))
    assert t.status(LIANG) == "out" and t.status("蜀君主") == "alive"
    assert t.only_feedback(LIANG, "草船借箭").data == {"actions": [], "changed": []}


# ---- 只欠東風 × 蔣干 -------------------------------------------------------------------
@pytest.mark.skill("只欠東風", "盜書")
def test_zhiqiandongfeng_and_daoshu_on_one_wei_stab_the_conflict_rule():
    """只欠東風：*全*使用後當夜，所有魏國角色的行動目標變為隨機。 — 蔣干 is 魏, but 盜書 names no one and
    still gives its list; when 盜書 changes a 魏 刺殺 that 只欠東風 also draws anew, two skills changed
    it to different ids: 衝突規則 turns it on its issuer (CB2)."""
    t = chibi_table(keep=(JIANG, LIANG))
    t.force("盜書 魏副軍師", "魏殺手甲")
    t.decide(JIANG, "盜書", "吳女眷")
    t.force("只欠東風 魏殺手甲【刺殺】目標1", "吳護衛")
    t.same_side_stab("魏殺手甲", "魏殺手甲", void=True)
    t.night(t.act(LIANG, "只欠東風"), t.act(JIANG, "盜書"), t.act("魏殺手甲", "刺殺", "蜀君主"))
    assert t.only_feedback(JIANG, "盜書").data["listed"] == "魏殺手甲"
    assert all(t.status(p) == "alive" for p in ("蜀君主", "吳女眷", "吳護衛", "魏殺手甲"))
    assert t.traced("魏殺手甲 的刺殺對 魏殺手甲 失效")


@pytest.mark.skill("只欠東風", "盜書")
def test_zhiqiandongfeng_and_daoshu_agreeing():
    """「且修改後的目標不同」: 只欠東風's draw lands where 盜書 sent the 刺殺 — it goes there."""
    t = chibi_table(keep=(JIANG, LIANG))
    t.force("盜書 魏副軍師", "魏殺手甲")
    t.decide(JIANG, "盜書", "吳女眷")
    t.force("只欠東風 魏殺手甲【刺殺】目標1", "吳女眷")
    t.night(t.act(LIANG, "只欠東風"), t.act(JIANG, "盜書"), t.act("魏殺手甲", "刺殺", "蜀君主"))
    assert t.status("吳女眷") == "out" and t.status("蜀君主") == "alive"


@pytest.mark.skill("國色天香", "飄忽若神")
@pytest.mark.parametrize("order", list(ORDERS))
def test_guose_tianxiang_draws_piaohu_ruoshens_own_targets_before_it_reads_them(order: str):
    """國色天香：指定一個ID，令其當夜所有行動的目標更為隨機。 — as 只欠東風 (CB2): 小喬's draw of 甄姬's three
    strategists comes before 飄忽若神 reads them, whoever sits first."""
    t = chibi_table(keep=("吳女眷", "魏女眷"), order=order)
    for slot, drawn in enumerate(("魏正軍師", "蜀副軍師", "吳正軍師"), start=1):
        t.force(f"國色天香 魏女眷【飄忽若神】第{slot}個目標", drawn)
    t.decide("魏女眷", "飄忽若神", "不修改")
    t.night(t.act("吳女眷", "國色天香", "魏女眷"), t.act("魏女眷", "飄忽若神", "蜀正軍師", "吳副軍師", "魏副軍師"),
            t.act("魏正軍師", "明察", "蜀殺手甲"))
    reads = {f.target: f.data["actions"] for f in t.feedback("魏女眷", "飄忽若神")}
    assert reads == {"魏正軍師": [{"skill": "明察", "target": "蜀殺手甲", "changed_to": None}],
                     "蜀副軍師": [], "吳正軍師": []}


# ---- 赤壁·魯肅 × 赤壁·諸葛亮 ------------------------------------------------------------
@pytest.mark.skill("聯劉抗曹", "舌戰群儒")
def test_lianliu_and_shezhan_the_same_night_make_one_wu_shu_alliance():
    """聯劉抗曹：使用後當夜，魏國君主當夜的所有行動均失敗。吳蜀聯盟達成（或延期）兩日兩夜。 舌戰群儒（赤壁）：
    令次日投票無效。吳蜀聯盟達成（或延期）兩日兩夜。 — 「若某一夜達成了多個不同的聯盟，則視為沒有達成任何
    聯盟」: two uses making the same 吳蜀 alliance are not different ones; it is made once (CB3)."""
    t = chibi_table()
    t.night(t.act(LU, "聯劉抗曹"), t.act(LIANG, "舌戰群儒"), t.act("魏君主", "招賢納才", "魏護衛"))
    assert t.announced("alliances") == [{"countries": ["蜀", "吳"], "until": {"phase": "night", "number": 3}}]
    assert t.only_feedback("魏君主", "招賢納才").data == {"failed": True}
    t.day({"魏殺手甲": "蜀君主", "魏殺手乙": "蜀君主", "魏護衛": "蜀君主"})
    assert t.announced("exited") == [] and t.announced("tally") == {}


@pytest.mark.skill("厲兵秣馬", "草船借箭", "只欠東風")
def test_libing_lets_chibi_zhuge_liang_use_both_of_his_skills_and_east_wind_comes_first():
    """厲兵秣馬：指定一個ID，令其當夜可額外行動一次。 — 赤壁·諸葛亮 uses 草船借箭 and 只欠東風 the same
    night. 只欠東風 draws the 魏 刺殺 anew first (CB2): drawn onto him, it is one 「針對你」 that 草船借箭
    sees and turns; two skills changed it to different ids, so 衝突規則 turns it on its issuer."""
    t = chibi_table(keep=(LIANG, LU))
    t.force("只欠東風 魏殺手甲【刺殺】目標1", LIANG)
    t.decide(LIANG, "草船借箭", "不更改")  # 厲兵秣馬 is aimed at him too: he leaves it
    t.decide(LIANG, "草船借箭", "群雄")
    t.same_side_stab("魏殺手甲", "魏殺手甲", void=False)
    t.night(t.act(LU, "厲兵秣馬", LIANG), t.act(LIANG, "草船借箭"), t.act(LIANG, "只欠東風"),
            t.act("魏殺手甲", "刺殺", "吳女眷"))
    assert t.status("魏殺手甲") == "out"
    assert all(t.status(p) == "alive" for p in (LIANG, "吳女眷", "群雄"))
    assert t.player(LIANG).used == {"草船借箭": 1, "只欠東風": 1}
    assert t.only_feedback(LIANG, "草船借箭").data["actions"] == [
        {"skill": "厲兵秣馬", "targets": [LIANG]}, {"skill": "刺殺", "targets": [LIANG]}]


@pytest.mark.skill("只欠東風", "飄忽若神")
@pytest.mark.parametrize("order", list(ORDERS))
def test_zhiqiandongfeng_draws_piaohu_ruoshens_own_targets_before_it_reads_them(order: str):
    """只欠東風：所有魏國角色的行動目標變為隨機。 — 甄姬's 飄忽若神 is a 魏 action: its three strategists are
    drawn anew before it reads their 【明察】 (CB2), whoever sits first."""
    t = chibi_table(keep=(LIANG, "魏女眷"), order=order)
    for slot, drawn in enumerate(("魏正軍師", "蜀副軍師", "吳正軍師"), start=1):
        t.force(f"只欠東風 魏女眷【飄忽若神】目標{slot}", drawn)
    t.force("只欠東風 魏正軍師【明察】目標1", "吳殺手甲")
    t.decide("魏女眷", "飄忽若神", "不修改")
    t.night(t.act(LIANG, "只欠東風"), t.act("魏女眷", "飄忽若神", "蜀正軍師", "吳副軍師", "魏副軍師"),
            t.act("魏正軍師", "明察", "蜀殺手甲"))
    reads = {f.target: f.data["actions"] for f in t.feedback("魏女眷", "飄忽若神")}
    assert reads == {"魏正軍師": [{"skill": "明察", "target": "吳殺手甲", "changed_to": None}],
                     "蜀副軍師": [], "吳正軍師": []}
    assert t.only_feedback("魏正軍師", "明察").target == "吳殺手甲"


@pytest.mark.skill("榻上對策", "盜書")
def test_tashang_halves_a_stab_daoshu_turned_onto_wu():
    """榻上對策：使用後當夜，所有針對本國角色的【刺殺】…有一半概率失效 — a 刺殺 蔣干's 盜書 turned onto a
    吳 player is one of them (its target as it resolves)."""
    t = chibi_table(keep=(JIANG, LU))
    t.force("盜書 魏副軍師", "蜀殺手甲")
    t.decide(JIANG, "盜書", "吳女眷")
    t.force("榻上對策 吳副軍師 刺殺失效判定 蜀殺手甲→吳女眷", True)
    t.night(t.act(LU, "榻上對策"), t.act(JIANG, "盜書"), t.act("蜀殺手甲", "刺殺", "魏女眷"))
    assert t.status("吳女眷") == "alive" and t.status("魏女眷") == "alive"
    assert t.traced("榻上對策（一半概率失效）")


# ---- the rest naming 諸葛亮: every form counts ------------------------------------------------
@pytest.mark.skill("火燒赤壁", "舌戰群儒")
@pytest.mark.interaction("火燒赤壁", "諸葛亮")
def test_huoshao_with_chibi_zhuge_liang_recognises_and_his_shezhan_fails_the_wei_lord():
    """火燒赤壁：…若諸葛亮在場，你與其互識。…若諸葛亮使用過【舌戰群儒】…，魏國君主的行動失敗。 — 赤壁·諸葛亮
    is 諸葛亮, and his own 舌戰群儒 (赤壁之戰's text) counts; 赤壁·魯肅's 聯劉抗曹 made the 吳蜀 alliance
    火燒赤壁 needs."""
    t = chibi_table(keep=(LIANG, LU, "吳正軍師"))
    t.night(t.act(LU, "聯劉抗曹"), t.act(LIANG, "舌戰群儒"))
    t.day()
    t.night(t.act("吳正軍師", "火燒赤壁"), t.act("魏君主", "招賢納才", "魏護衛"))
    assert t.player("吳正軍師").known[LIANG] == "赤壁·諸葛亮"
    assert t.player(LIANG).known["吳正軍師"] == "周瑜"
    assert t.only_feedback("魏君主", "招賢納才").data == {"failed": True}


@pytest.mark.skill("子午奇兵")
@pytest.mark.interaction("子午奇兵", "諸葛亮")
def test_ziwu_qibing_fails_while_chibi_zhuge_liang_is_in_play():
    """子午奇兵：指定一名君主，視為對其發動了一次【刺殺】。若諸葛亮在場，則該技能使用失敗。 — 赤壁·諸葛亮 is
    諸葛亮 in play (SG: any of his forms)."""
    t = chibi_table(keep=("蜀護衛",), characters={"蜀護衛": "魏延"})
    t.night(t.act("蜀護衛", "子午奇兵", "吳君主"))
    assert t.only_feedback("蜀護衛", "子午奇兵").data == {"failed": True}
    assert t.status("吳君主") == "alive" and t.player("吳君主").character == "孫堅"


@pytest.mark.skill("三顧茅廬")
@pytest.mark.interaction("三顧茅廬", "諸葛亮")
def test_sangumaolu_chibi_zhuge_liangs_investigation_recognises():
    """三顧茅廬：*被*當你成為諸葛亮的技能目標時，防止其對你造成的致死或致傷效果，且你與其互識。 — 赤壁·諸葛亮's
    【明察】 on 劉備."""
    t = chibi_table(keep=("蜀君主",))
    t.night(t.act(LIANG, "明察", "蜀君主"))
    assert t.player("蜀君主").known[LIANG] == "赤壁·諸葛亮"
    assert t.player(LIANG).known["蜀君主"] == "劉備"


# ---- 盜書 cancelled after it acted ------------------------------------------------------
@pytest.mark.skill("盜書")
def test_daoshu_voided_or_failed_by_another_skill_tells_him_nothing():
    """盜書：…你獲悉其當夜所有行動並可強制修改其中任意行動的目標。 技能失效是指該技能成功發動或使用，但沒有任何效果，
    擁有該技能的角色不能收到反饋 (火船沖陣：令其當夜的所有行動均失效); 技能發動或使用失敗…視為擁有該技能的角色未發動或
    使用該技能 (旋風：你的【刺殺】的目標當夜的所有行動均失敗). Voided or failed after it acted, 蔣干 learns neither the
    list nor its actions, and his change of a target is undone (as 飛沙走石, Q3: he was told everything before)."""
    t = chibi_table(keep=(JIANG, "吳殺手甲"))
    t.force("盜書 魏副軍師", "蜀殺手甲")
    t.decide(JIANG, "盜書", "魏護衛")
    t.night(t.act(JIANG, "盜書"), t.act("吳殺手甲", "火船沖陣", JIANG), t.act("蜀殺手甲", "刺殺", "吳護衛"))
    assert t.feedback(JIANG) == []  # 失效: no feedback at all
    assert t.status("吳護衛") == "out" and t.status("魏護衛") == "alive"  # the change went with it
    t2 = chibi_table(keep=(JIANG, "吳殺手乙"), characters={"吳殺手乙": "凌統"})
    t2.force("盜書 魏副軍師", "蜀君主")
    t2.night(t2.act(JIANG, "盜書"), t2.act("吳殺手乙", "刺殺", JIANG), t2.act("吳護衛", "援護", JIANG))
    assert t2.only_feedback(JIANG, "盜書").data == {"failed": True}  # only the failure: no list
