"""鼎立三分2.0's 在野 skills made engine-resolved (issue 31, helper zaiyea: 袁绍 袁术 陈琳 水镜先生): each test states
the 8.1 fact in our words and pins the reading of docs/rulings/packs-zaiyea.md."""

from __future__ import annotations

import pytest

from tests.declared_steps import entry, injured, left_to_judge, without
from tianting.core.decisions import DecisionBook
from tianting.core.errors import IllegalAction
from tianting.core.records import Action
from tianting.rules.dingli2 import DingliGame, SeatSpec

from .table import Table as _Table
from .table import act, force_deal, rule, seats


class Table(_Table):
    """The 鼎立 table with 荀攸【曹魏谋主】 set aside (R-weimisc-10): these tests aim harms at 魏 ids for the sake of
    the 在野 skills they pin, not of his guard."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        without(self, "曹魏谋主")


def states(t: Table) -> dict[tuple[str, str], list[str]]:
    """What came of each action of the last phase: (actor, skill) → its states, in the order sent."""
    out: dict[tuple[str, str], list[str]] = {}
    for e in t.state.history[-1]["actions"]:
        out.setdefault((e["actor"], e["skill"]), []).append(e["state"])
    return out


def trace(t: Table) -> list[str]:
    return list(t.results[-1].trace)


def day_with(t: Table, *uses: Action) -> None:
    """A day with skills used by day (checked as sent), on the strict book, nobody voting."""
    for a in uses:
        t.game.check_action(a, [])
    book = DecisionBook(strict=True)
    t.results.append(t.game.resolve_day({}, book, (), actions=list(uses)))
    assert not book.unused()


# ---- 水镜先生 ------------------------------------------------------------------------------------------------
@pytest.mark.skill("其疾如风")
def test_qijirufeng_lets_the_id_act_twice_tonight_and_voids_his_vote() -> None:
    """水镜先生【其疾如风】: the id named (never himself) may act twice that night, and his vote the next day is void
    (R-zaiyea-1): 孙坚's two 横扫江东 both wound; without the skill his second is refused; the next day his vote on
    郭嘉 does not count."""
    t = Table(size=32)
    with pytest.raises(IllegalAction, match="不可指定自己"):
        t.game.check_action(act("水镜先生", "其疾如风", "水镜先生"), [])
    with pytest.raises(IllegalAction):
        t.game.check_action(act("孙坚", "横扫江东", "刘备"), [act("孙坚", "横扫江东", "郭嘉")])
    t.night(act("水镜先生", "其疾如风", "孙坚"), act("孙坚", "横扫江东", "郭嘉"), act("孙坚", "横扫江东", "程昱"))
    assert injured(t, "郭嘉") and injured(t, "程昱")
    assert states(t)[("水镜先生", "其疾如风")] == ["done"]
    t.day(votes={"孙坚": "郭嘉"})
    assert any("孙坚 的投票无效：技能作用" in n for n in trace(t))


@pytest.mark.skill("其疾如风")
def test_qijirufeng_allows_no_second_stab() -> None:
    """【其疾如风】 on a killer: two actions, but never two stabs (「若被指定者为杀手，不可进行两次刺杀」)."""
    t = Table(size=32)
    haste = act("水镜先生", "其疾如风", "张辽")
    with pytest.raises(IllegalAction, match="两次刺杀"):
        t.game.check_action(act("张辽", "刺杀", "庞统"), [haste, act("张辽", "刺杀", "吕蒙")])


@pytest.mark.skill("其疾如风")
def test_qijirufeng_failing_takes_the_second_action_with_it() -> None:
    """A 【其疾如风】 that fails before it stands (周瑜's 诱以美色 on 水镜先生, 结算前) allows nothing: the second action
    it let 孙坚 send fails, his first lands, and his vote the next day counts (R-zaiyea-1)."""
    t = Table(size=32)
    t.night(act("周瑜", "诱以美色", "水镜先生"), act("水镜先生", "其疾如风", "孙坚"),
            act("孙坚", "横扫江东", "郭嘉"), act("孙坚", "横扫江东", "程昱"))
    assert injured(t, "郭嘉") and not injured(t, "程昱")
    assert states(t)[("孙坚", "横扫江东")] == ["done", "failed"]
    assert not t.state.extra.get("own_votes_void", {}).get(str(t.state.index + 1))


@pytest.mark.skill("侵略如火")
def test_qinlveruhuo_strips_the_protections_of_the_one_stabbed() -> None:
    """水镜先生【侵略如火】: if the id stabs tonight, the 武将保护 skills the one stabbed sets off have no effect and are
    spent (R-zaiyea-2): 赵云's 浑身是胆 on 刘备 does not stop 张辽's stab (刘禅 plays on) and is spent. Without the skill
    it stops the stab."""
    t = Table(size=32)
    t.night(act("赵云", "浑身是胆", "刘备"), act("张辽", "刺杀", "刘备"))
    assert t.character("刘备") == "刘备"
    t = Table(size=32)
    t.night(act("水镜先生", "侵略如火", "张辽"), act("赵云", "浑身是胆", "刘备"), act("张辽", "刺杀", "刘备"))
    assert t.character("刘备") == "刘禅"
    assert t.state.player("赵云").used.get("浑身是胆")


@pytest.mark.skill("侵略如火")
def test_qinlveruhuo_leaves_tianxiawushuang_and_an_idle_killer() -> None:
    """【侵略如火】 excepts 吕布's 【天下无双】: 张辽's stab still does not reach him. It is used once a game (8.1 gives
    no count: R53), so a second use is refused. An id who stabs nobody (a second table): nothing."""
    t = Table(size=32)
    t.night(act("水镜先生", "侵略如火", "张辽"), act("张辽", "刺杀", "吕布"))
    assert t.state.player("吕布").alive and not injured(t, "吕布")
    t.day()
    with pytest.raises(IllegalAction, match="只能使用一次"):
        t.game.check_action(act("水镜先生", "侵略如火", "甘宁"), [])
    t = Table(size=32)
    t.night(act("水镜先生", "侵略如火", "甘宁"), act("赵云", "浑身是胆", "刘备"))
    assert states(t)[("水镜先生", "侵略如火")] == ["done"]
    assert entry(t, "水镜先生", "侵略如火")["why"] == "甘宁 当夜没有刺杀"
    # 浑身是胆 stands: only its own use is spent (once a game, R53), nothing voided or spent by 侵略如火
    assert states(t)[("赵云", "浑身是胆")] == ["done"] and t.state.player("赵云").used == {"浑身是胆": 1}


@pytest.mark.skill("动如雷震")
def test_dongruleizhen_keeps_strategist_skills_off_the_character_named() -> None:
    """水镜先生【动如雷震】 names a character: that night he is no target of 军师负面 skills nor of 军师增益 skills but
    【动如雷震】 (R-zaiyea-3): 周瑜's 诱以美色 on 曹操 is void and 曹操's 亲冒矢石 lands; a use naming an id, or no
    character, is refused."""
    t = Table(size=32)
    with pytest.raises(IllegalAction, match="角色名字"):
        t.game.check_action(act("水镜先生", "动如雷震", "曹操"), [])
    t.night(act("水镜先生", "动如雷震", character="曹操"), act("周瑜", "诱以美色", "曹操"),
            act("曹操", "亲冒矢石", "郭嘉"))
    assert states(t)[("周瑜", "诱以美色")] == ["void"]
    assert injured(t, "郭嘉")


# ---- 袁术 ----------------------------------------------------------------------------------------------------
class YuanShuTable(Table):
    """The 32-seat table with 袁术 in the 袁绍/袁术 seat (seed 003: 「袁绍/袁术」)."""

    def __init__(self, seed: int = 1) -> None:
        specs = [SeatSpec("袁术", "在野", "平民", "袁术") if s.character == "袁绍" else s for s in seats(32)]
        self.game = DingliGame.create(specs, seed)
        self.results = []
        without(self, "曹魏谋主")  # as Table does (R-weimisc-10): its guard of 郭嘉 is not these tests' subject


HEIRS = [{"actor": "徐庶", "skill": "继任", "answer": "诸葛亮"}]
"""徐庶 dies his natural death on night 3 (his line branches: 诸葛亮 plays on)."""


@pytest.mark.skill("割据淮南")
def test_gejuhuainan_turns_every_skill_target_of_the_id_on_yuanshu() -> None:
    """袁术【割据淮南】: the active skills the id uses tonight have their target ids replaced by 袁术 (R-zaiyea-4):
    曹操's 亲冒矢石 on 郭嘉 wounds 袁术 instead (he is no 猛将); 张辽's stab (no skill) is not turned: 庞统 dies of it.
    A defence against 军师负面 skills stops it: 孙坚's 兵圣后裔 is spent on it and his 横扫江东 wounds 郭嘉."""
    t = YuanShuTable()
    t.night(act("袁术", "割据淮南", "曹操"), act("曹操", "亲冒矢石", "郭嘉"))
    assert injured(t, "袁术") and not injured(t, "郭嘉")
    assert states(t)[("曹操", "亲冒矢石")] == ["done"]
    assert any("曹操 的【亲冒矢石】目标改为 袁术" in n for n in trace(t))
    t = YuanShuTable()
    t.night(act("袁术", "割据淮南", "孙坚"), act("孙坚", "横扫江东", "郭嘉"))
    assert injured(t, "郭嘉") and not injured(t, "袁术")
    assert states(t)[("袁术", "割据淮南")] == ["void"]
    t = YuanShuTable()
    t.night(act("袁术", "割据淮南", "张辽"), act("张辽", "刺杀", "庞统"))
    assert t.character("庞统") != "庞统" and not injured(t, "袁术")


@pytest.mark.skill("割据淮南")
def test_gejuhuainan_turns_a_bespoke_use_and_tells_the_judge_of_his() -> None:
    """A bespoke skill is turned too: 水镜先生's 不动如山 on 郭嘉 lands on 袁术 (袁术 sends 割据淮南, so it fails on
    him and 郭嘉 is stabbed to death); a skill the judge rules is listed with the change for him."""
    t = YuanShuTable()
    t.night(act("袁术", "割据淮南", "水镜先生"), act("水镜先生", "不动如山", "郭嘉"), act("甘宁", "刺杀", "郭嘉"))
    assert t.character("郭嘉") != "郭嘉"
    assert states(t)[("水镜先生", "不动如山")] == ["failed"]
    assert any("目标改为 袁术" in n for n in trace(t))


@pytest.mark.skill("渴思蜜水")
def test_kesimishui_may_take_yuanshu_out_once_yuanshidizi_was_used() -> None:
    """袁术【渴思蜜水】: once 【袁氏嫡子】 has been used, each night a draw takes him out of the game with half chance,
    at that night's 结算, with no last words but counted with the dead (R-zaiyea-5). Nothing is drawn before; on the
    fourth night the draw goes against him: he leaves, the post counts one death, and his last words are not posted."""
    t = YuanShuTable()
    for _ in range(2):
        t.night()
        t.day()
    t.night(act("袁术", "袁氏嫡子", "郭嘉"), answers=HEIRS)
    t.day()
    t.force("【渴思蜜水】袁术 留在游戏", False)
    r = t.night(last_words={"袁术": "蜜水"}, answers=[{"actor": "周瑜", "skill": "继任", "answer": "陆逊"}])
    assert not t.state.player("袁术").alive
    assert "袁术" in r.announcement["exited"]
    assert r.announcement["deaths"] == 1
    assert "蜜水" not in str(r.announcement.get("last_words", ""))
    t.check_unused()


@pytest.mark.skill("镜花水月")
def test_jinghuashuiyue_learns_of_each_who_names_him_and_pairs_meet() -> None:
    """水镜先生【镜花水月】 (any number of times): each one whose 指认 names him has one of his own 评价, drawn, learned
    by 水镜先生; once two who can come to know each other (徐庶's 指认 names 庞统) have both named him, on any nights,
    each learns the other's identity (R-zaiyea-6). 徐庶 names him on night 1, 庞统 on night 2."""
    t = Table(size=32)
    t.force("【镜花水月】水镜先生 得知 徐庶 的一项评价", "智者")
    t.night(act("徐庶", "指认", "水镜先生", evaluation="智者"))
    assert "【镜花水月】：徐庶 具有评价「智者」" in t.said("水镜先生")
    assert not any("身份" in s for s in t.said("徐庶"))
    t.day()
    t.force("【镜花水月】水镜先生 得知 庞统 的一项评价", "能吏")
    t.night(act("庞统", "指认", "水镜先生", evaluation="能吏"))
    assert "【镜花水月】：庞统 具有评价「能吏」" in t.said("水镜先生")
    assert "【镜花水月】：庞统 的身份是军师" in t.said("徐庶")
    assert "【镜花水月】：徐庶 的身份是军师" in t.said("庞统")
    t.check_unused()


# ---- 袁绍 ----------------------------------------------------------------------------------------------------
def wounded_yuanshao(t: Table) -> None:
    """袁绍 wounded on night 1 (the judge's wound, which his 空墙苟活 does not meet), his table dealt in order (first
    check: 0–2 and 3–5 the rules' 痊愈 and 死亡, 6–9 继续受伤; 【刚愎自用】 changes each outcome)."""
    force_deal(t, "袁绍", 1)
    t.night(rulings=(rule("injure", "袁绍"),))
    assert injured(t, "袁绍")


@pytest.mark.skill("刚愎自用")
def test_gangbiziyong_turns_a_still_wounded_check_into_an_immediate_heal() -> None:
    """袁绍【刚愎自用】: his 伤判 outcomes change — 继续受伤 becomes 痊愈, and it takes effect at once, not after the
    day's post (R-zaiyea-8): digit 7 (the rules' 继续受伤) heals him during the day's check, and the day's record of
    checks still pending holds nothing of his."""
    t = Table(size=32)
    wounded_yuanshao(t)
    t.day(digits={"袁绍": 7})
    assert t.state.player("袁绍").alive and not injured(t, "袁绍")
    assert any("立即生效" in n for n in trace(t))
    assert "袁绍" not in t.results[-1].announcement["wound_checks"]


@pytest.mark.skill("刚愎自用")
def test_gangbiziyong_turns_a_heal_into_death_counted_the_next_night() -> None:
    """【刚愎自用】: 痊愈 becomes 死亡, and a 伤判 death of his is counted with the next night's dead, with a last word
    that night (R-zaiyea-8): digit 1 (the rules' 痊愈) kills him; he is still in the game after the day, and the next
    night's post counts his death and carries his last words."""
    t = Table(size=32)
    wounded_yuanshao(t)
    t.day(digits={"袁绍": 1}, answers=[{"actor": "袁绍", "skill": "四世三公", "answer": "不重新判定"}])
    assert t.state.player("袁绍").alive and injured(t, "袁绍")
    assert "袁绍" not in t.state.extra["tables"]  # no second table: his death is the next night's
    r = t.night(last_words={"袁绍": "竖子不足与谋"})
    assert not t.state.player("袁绍").alive
    assert r.announcement["deaths"] == 1
    assert "竖子不足与谋" in str(r.announcement)


@pytest.mark.skill("四世三公")
def test_sishisangong_draws_his_check_again_at_his_choice() -> None:
    """袁绍【四世三公】 (not locked, three times): told his 伤判's outcome he may have it drawn again, from the same
    committed table (R-zaiyea-7): his digit 0 gives 死亡 (【刚愎自用】's 痊愈→死亡); he asks again with his second digit 8,
    继续受伤→痊愈 at once. Declining keeps the outcome; a use is counted."""
    t = Table(size=32)
    wounded_yuanshao(t)
    t.day(digits={"袁绍": [0, 8]}, answers=[{"actor": "袁绍", "skill": "四世三公", "answer": "重新判定"}])
    assert not injured(t, "袁绍") and t.state.player("袁绍").alive
    assert t.state.player("袁绍").used.get("四世三公") == 1
    assert any("重新判定（数字8）" in s for s in t.said("袁绍"))
    t = Table(size=32)
    wounded_yuanshao(t)
    t.day(digits={"袁绍": 0}, answers=[{"actor": "袁绍", "skill": "四世三公", "answer": "不重新判定"}])
    assert injured(t, "袁绍") and not t.state.player("袁绍").used.get("四世三公")


@pytest.mark.skill("名门望族")
def test_mingmenwangzu_opens_sishisangong_to_a_known_countryman() -> None:
    """袁绍【名门望族】: once he has been wounded (or has two right 评价指认), his 【四世三公】 may redo the 伤判 of a
    countryman he knows mutually (R-zaiyea-7): 袁绍, joined 魏 and knowing 郭嘉 both ways, wounded on night 1, has
    郭嘉's check (digit 4: 死亡) drawn again (drawn digit 7: 继续受伤)."""
    t = Table(size=32)
    t.state.player("袁绍").country = "魏"
    t.state.player("袁绍").known["郭嘉"] = "郭嘉"
    t.state.player("郭嘉").known["袁绍"] = "袁绍"
    force_deal(t, "郭嘉", 1)
    force_deal(t, "袁绍", 1)
    t.night(act("曹操", "亲冒矢石", "郭嘉"), rulings=(rule("injure", "袁绍"),))
    assert "袁绍" in t.state.extra.get("house_open", [])
    t.force("【四世三公】郭嘉 重新判定的数字", "7")
    t.day(digits={"郭嘉": 4, "袁绍": 7},
          answers=[{"actor": "袁绍", "skill": "四世三公", "answer": "重新判定"}])
    assert t.state.player("郭嘉").alive and injured(t, "郭嘉") and t.character("郭嘉") == "郭嘉"
    t.check_unused()


@pytest.mark.skill("广结名士")
def test_guangjiemingshi_keeps_the_evaluation_after_a_wrong_ask() -> None:
    """袁绍【广结名士】: after a wrong 评价指认 he may not change the 评价 the next night; after a right one he may
    (R-zaiyea-9). He asks whether 郭嘉 is a 猛将 (no): the next night a 智者 ask is refused, a 猛将 one (典韦, yes) is
    taken; the night after he may ask 智者."""
    t = Table(size=32)
    t.night(act("袁绍", "指认", "郭嘉", evaluation="猛将"))
    t.day()
    with pytest.raises(IllegalAction, match="不能更换指认的评价"):
        t.game.check_action(act("袁绍", "指认", "郭嘉", evaluation="智者"), [])
    t.night(act("袁绍", "指认", "典韦", evaluation="猛将"))
    t.day()
    t.game.check_action(act("袁绍", "指认", "郭嘉", evaluation="智者"), [])


def votes_for(t: Table, by_country: dict[str, str], **by_id: str) -> dict[str, str]:
    """Each living id's vote: by ``by_id``, else his country's in ``by_country``, else himself."""
    return {p.id: by_id.get(p.id, by_country.get(p.country, p.id)) for p in t.state.living()}


@pytest.mark.skill("讨董联盟")
def test_taodonglianmeng_counts_the_lords_vote_twice() -> None:
    """袁绍【讨董联盟】: while 在野, his right 指认 of 曹操 sets it off — the next day his vote and 曹操's each count as
    two (his own is still void, an 在野's, seed 003). 魏's nine vote 关羽, 蜀's seven and 孙坚 周瑜 vote 郭嘉 (9 each):
    曹操's second vote makes 关羽 the most voted, and he is wounded; without the skill the tie harms nobody
    (R-zaiyea-10)."""
    votes = {"魏": "关羽", "蜀": "郭嘉", "吴": "黄盖"}
    t = Table(size=32)
    t.night(act("袁绍", "指认", "曹操", character="曹操"))
    assert any("讨董联盟" in s for s in t.said("袁绍"))
    t.day(votes=votes_for(t, votes, 孙坚="郭嘉", 周瑜="郭嘉"))
    assert injured(t, "关羽") and not injured(t, "郭嘉")
    t = Table(size=32)
    t.night()
    t.day(votes=votes_for(t, votes, 孙坚="郭嘉", 周瑜="郭嘉"))
    assert not injured(t, "关羽") and not injured(t, "郭嘉")


def dong_table(*judged: str) -> Table:
    """The 32-seat table with 董卓 in 何进's seat (荀攸【曹魏谋主】 set aside, R-weimisc-10); each skill of ``judged``
    left to the judge by a judge's own pack (tests/declared_steps.left_to_judge)."""
    t = Table(size=32)
    specs = [SeatSpec("董卓", "在野", "平民", "董卓") if s.character == "何进" else s for s in seats(32)]
    t.game = DingliGame.create(specs, 1, left_to_judge("dingli2", *(("董卓", k) for k in judged)) if judged else None)
    return without(t, "曹魏谋主")


@pytest.mark.skill("讨董联盟")
def test_taodonglianmeng_makes_dongzhuos_next_xiongbatianxia_stab_a_coin() -> None:
    """【讨董联盟】 with 董卓 in play and his 【雄霸天下】 not spent: its next use's stab fails with half chance, drawn
    by the engine (R-zaiyea-10). 【雄霸天下】 is in force once 孙坚, 徐庶 and 郭嘉 have passed on (R-zaiyeb-3): on
    the losing draw 赵云 is not stabbed, and 张辽's stab on 刘备 still fails (「阻止三国杀手刺杀的效果仍有效」); on
    the winning one 赵云 dies. A judge's own pack leaving 【雄霸天下】 to him: he is told the draw."""
    for stays in (False, True):
        t = dong_table()
        t.night(act("袁绍", "指认", "曹操", character="曹操"),
                rulings=(rule("kill", "孙坚"), rule("kill", "徐庶"), rule("kill", "郭嘉")), answers=HEIRS)
        t.day()
        t.force("【讨董联盟】董卓【雄霸天下】的刺杀", stays)
        r = t.night(act("董卓", "雄霸天下", "赵云"), act("张辽", "刺杀", "刘备"))
        assert (t.character("赵云") == "陈到") is stays and not injured(t, "赵云")
        assert t.character("刘备") == "刘备" and states(t)[("张辽", "刺杀")] == ["void"]
        assert any(f"【雄霸天下】的刺杀{'有效' if stays else '失效'}" in n for n in trace(t))
        assert not any("雄霸天下】的刺杀" in w for w in r.warnings)
        t.check_unused()
    t = dong_table("雄霸天下")
    t.night(act("袁绍", "指认", "曹操", character="曹操"))
    t.day()
    t.force("【讨董联盟】董卓【雄霸天下】的刺杀", False)
    r = t.night(act("董卓", "雄霸天下", "郭嘉"))
    assert any("雄霸天下】的刺杀失效" in w for w in r.warnings)
    t.check_unused()


# ---- 陈琳 ----------------------------------------------------------------------------------------------------
@pytest.mark.skill("生花妙笔")
def test_shenghuamiaobi_on_a_death_tells_chenlin_and_adds_a_death_and_a_word() -> None:
    """陈琳【生花妙笔】: his nightly 指认 for it names an id; if the id dies that night, 陈琳 is told, may write one more
    last word, and the night's post counts one death more (R-zaiyea-11). 甘宁 stabs 郭嘉 (荀彧 plays on): the post
    says two deaths and carries 陈琳's word. The 指认 is not the night's one skill, nor the judge's to rule."""
    t = Table(size=32)
    with pytest.raises(IllegalAction, match="不可指认自己"):
        t.game.check_action(act("陈琳", "生花妙笔", "陈琳"), [])
    r = t.night(act("陈琳", "生花妙笔", "郭嘉"), act("甘宁", "刺杀", "郭嘉"), last_words={"陈琳": "笔下生花"})
    assert t.character("郭嘉") == "荀彧"
    assert any("生花妙笔" in s and "郭嘉" in s for s in t.said("陈琳"))
    assert r.announcement["deaths"] == 2 and r.announcement["last_words"] == {"陈琳": "笔下生花"}
    assert states(t)[("陈琳", "生花妙笔")] == ["done"]
    t.day()
    r = t.night(act("陈琳", "生花妙笔", "刘备"), last_words={"陈琳": "……"})
    assert r.announcement["deaths"] == 0 and r.announcement["last_words"] == {}


@pytest.mark.skill("檄文讨逆")
def test_xiwentaoni_kills_the_wounded_lord_of_the_id_named() -> None:
    """陈琳【檄文讨逆】: his 指认 for it names an id; if the lord of that id's country is wounded that night, the lord
    dies instead (R-zaiyea-11): 关羽 named, 孙坚's 横扫江东 on 刘备 is stopped by his 马跃檀溪 and 曹操's 亲冒矢石 wounds
    him — a wound that kills (刘禅 plays on; without the skill he is only wounded). The same id may not be named
    again; an unwounded lord is untouched."""
    t = Table(size=32)
    t.night(act("曹操", "亲冒矢石", "刘备"), act("孙坚", "横扫江东", "刘备"))
    assert injured(t, "刘备") and t.character("刘备") == "刘备"
    t = Table(size=32)
    t.night(act("陈琳", "檄文讨逆", "关羽"), act("曹操", "亲冒矢石", "刘备"), act("孙坚", "横扫江东", "刘备"))
    assert t.character("刘备") == "刘禅"
    t.day()
    with pytest.raises(IllegalAction, match="不可重复指认"):
        t.game.check_action(act("陈琳", "檄文讨逆", "关羽"), [])
    t.night(act("陈琳", "檄文讨逆", "典韦"))
    assert t.character("曹操") == "曹操" and not injured(t, "曹操")


@pytest.mark.skill("其徐如林")
def test_qixurulin_hides_the_ids_night_from_the_post_and_the_spies() -> None:
    """水镜先生【其徐如林】 (by day): the id's actions that night are not posted when announced, and the spying skills
    (料敌机先, 巧设反间, 直笔修史: the judge's) cannot see them — the judge is told; 水镜先生 sends no other active skill
    that night (R-zaiyea-12). 张辽's 威震逍遥津 (a global, posted 「张文远威震逍遥津」) is not posted, and still halves."""
    t = Table(size=32)
    t.night()
    day_with(t, act("水镜先生", "其徐如林", "张辽"))
    with pytest.raises(IllegalAction, match="其徐如林"):
        t.game.check_action(act("水镜先生", "不动如山", "郭嘉"), [])
    r = t.night(act("张辽", "威震逍遥津"), act("周瑜", "巧设反间", "张辽"))
    assert "张文远威震逍遥津" not in r.announcement["events"]
    assert any("张辽 当夜的行动不能被【巧设反间】侦查" in w for w in r.warnings)
    assert any("威震逍遥津" in n and "减半" in n for n in trace(t))


@pytest.mark.skill("难知如阴")
def test_nanzhiruyin_posts_another_id_as_leaving_until_the_vote_is_over() -> None:
    """水镜先生【难知如阴】: if the id leaves the game tonight, the post names the other id instead; the stand-in's vote
    the next day is void, and the day's post names the one who left and says the stand-in is back (R-zaiyea-13).
    袁绍 (no successor) dies of the judge's kill and leaves the game, posted as 孔融's exit, his last words held back;
    孔融's vote does not count; the day post gives 袁绍's exit and 孔融's return."""
    t = Table(size=32)
    with pytest.raises(IllegalAction, match="2个不同的ID"):
        t.game.check_action(act("水镜先生", "难知如阴", "袁绍", "袁绍"), [])
    r = t.night(act("水镜先生", "难知如阴", "袁绍", "孔融"), rulings=(rule("kill", "袁绍"),), last_words={"袁绍": "悔"})
    assert not t.state.player("袁绍").alive and t.state.player("孔融").alive
    assert r.announcement["exited"] == ["孔融"] and "孔融退出游戏" in r.announcement["text"]
    assert "袁绍" not in r.announcement["text"] and r.announcement["last_words"] == {}
    r = t.day()
    assert any("孔融 的投票无效：技能作用" in n for n in trace(t))
    assert "袁绍" in r.announcement["exited"] and "孔融回到游戏" in r.announcement["text"]


@pytest.mark.skill("饮马长城")
def test_yinmachangcheng_a_day_suicide_with_the_record_of_wounds() -> None:
    """陈琳【饮马长城】 (by day, at once): he kills himself, learns each earlier night's wounded and the 伤判 outcomes,
    and his death is counted in the next night's post, with a last word that night; his successor 陈寿 plays on that
    day (R-zaiyea-14). 郭嘉 was wounded on night 1 and still wounded at his first check. 袁绍 (no successor) left
    the game on night 2, but 陈寿's 【三国终焉】 may not name him that day: 「陈琳使用【饮马长城】当日陈寿不可使用」
    (review2b)."""
    t = Table(size=32)
    force_deal(t, "郭嘉", 1)
    force_deal(t, "郭嘉", 2)
    t.night(act("孙坚", "横扫江东", "郭嘉"))
    t.day(digits={"郭嘉": 7})
    t.night(rulings=(rule("kill", "袁绍"),))
    wall = act("陈琳", "饮马长城")
    t.game.check_action(wall, [])
    with pytest.raises(IllegalAction, match="没有技能【三国终焉】"):
        t.game.check_action(act("陈琳", "三国终焉", "袁绍"), [])
    with pytest.raises(IllegalAction, match="饮马长城"):  # 陈寿's day skill, barred on the day of 饮马长城
        t.game.check_action(act("陈琳", "三国终焉", "袁绍"), [wall])
    book = DecisionBook(strict=True)
    t.results.append(t.game.resolve_day({}, book, (), digits={"郭嘉": 0}, actions=[wall]))
    assert t.character("陈琳") == "陈寿"
    assert "【饮马长城】：第1夜受伤：郭嘉；第2日伤判：郭嘉第1次伤判继续受伤；第2夜受伤：无" in t.said("陈琳")
    r = t.night(last_words={"陈琳": "饮马长城窟"}, answers=HEIRS)
    assert r.announcement["last_words"] == {"陈琳": "饮马长城窟"}
    assert r.announcement["deaths"] == 1


@pytest.mark.skill("讨董联盟")
def test_taodonglianmeng_fails_dongzhuos_night_once_xiongbatianxia_is_spent() -> None:
    """【讨董联盟】 with 董卓's 【雄霸天下】 spent: 董卓's actions that night fail — his 唯我独尊 is marked failed; with
    a judge's own pack leaving 唯我独尊 to him, the judge is told (R-zaiyea-10)."""
    for judged in ((), ("唯我独尊",)):
        t = dong_table(*judged)
        t.state.player("董卓").used["雄霸天下"] = 1
        r = t.night(act("袁绍", "指认", "刘备", character="刘备"), act("董卓", "唯我独尊", "郭嘉"))
        assert states(t)[("董卓", "唯我独尊")] == ["failed"]
        assert any("董卓（董卓）【雄霸天下】已消耗，当夜所有行动失败" in n for n in trace(t))
        assert any("董卓）当夜所有行动失败" in w for w in r.warnings) is bool(judged)
