"""The 24人 pack's skills of coming back, leaving for a while, or a state beyond wound and death, resolved by the
engine (issue 31): 华佗【起死回生】【麻沸散】, 夏侯惇【拔矢啖睛】, 黄月英【诸葛连弩】. Each test names the skill and
states the 8.1 fact it rests on in our words. Rulings: R-revival-* in docs/rulings/packs-revival.md.

The table is strict (tests/sg24/table24.py): every draw a test does not force and every answer it does not give
fails it; each id is the seat's starting character."""

from __future__ import annotations

import pytest

from tests.declared_steps import entry, injured, keep_wounded, successor
from tianting.core.errors import IllegalAction

from .table24 import Table24, act

XUSHU_NIGHT3 = [{"actor": "徐庶", "skill": "继任", "answer": "卧龙"}]


# ---- 华佗【起死回生】 --------------------------------------------------------------------------------------------
@pytest.mark.skill("起死回生")
def test_qisihuisheng_brings_back_the_character_that_died_tonight() -> None:
    """华佗【起死回生】: after the night's 结算 the id's present character gives way to its previous one. 庞统 is
    stabbed to death tonight (his successor 法正 takes the seat); the revival then brings 庞统 back in a normal
    state, and 庞统's player is told. The death itself stays in the night's post (R-revival-1)."""
    t = Table24()
    r = t.night(act("华佗", "起死回生", "庞统"), act("张辽", "刺杀", "庞统"))
    assert t.character("庞统") == "庞统" and t.status("庞统") == "alive"
    assert t.state.player("庞统").identity == "军师"
    assert t.state.extra["lives"]["庞统"] == ["庞统"]  # 法正 may succeed him again (R-revival-2)
    assert entry(t, "华佗", "起死回生")["state"] == "done"
    assert "你的角色复活为庞统（技能使用情况与其死亡时相同）" in t.said("庞统")
    assert "庞统" in r.announcement["died"]
    assert not t.said("华佗")  # the skill tells its user nothing
    assert not any("起死回生" in w for w in r.warnings)


@pytest.mark.skill("起死回生")
def test_qisihuisheng_fails_without_a_previous_character() -> None:
    """华佗【起死回生】: an id still on its first character has no previous one: the use fails."""
    t = Table24()
    t.night(act("华佗", "起死回生", "曹操"))
    assert t.character("曹操") == "曹操"
    assert entry(t, "华佗", "起死回生")["state"] == "failed"


@pytest.mark.skill("起死回生")
def test_qisihuisheng_fails_on_a_natural_death() -> None:
    """华佗【起死回生】: 「前一角色自然死亡则复活无效」: 徐庶 dies naturally at night 3 (卧龙 succeeds him); on
    night 4 华佗 names that id and nothing changes."""
    t = Table24()
    t.quiet(2)
    t.night(answers=XUSHU_NIGHT3)
    t.day()
    t.night(act("华佗", "起死回生", "徐庶"))
    assert t.character("徐庶") == "卧龙"
    assert entry(t, "华佗", "起死回生")["state"] == "failed"
    assert "自然死亡" in entry(t, "华佗", "起死回生")["why"]


@pytest.mark.skill("起死回生")
def test_qisihuisheng_and_the_life_span_of_a_natural_death() -> None:
    """华佗【起死回生】: a character of a set life span (徐庶: 「第三夜结算时自然死亡」) killed before it can be
    brought back while its span lasts (night 2), not once it is over (night 3 and after, R-revival-3)."""
    t = Table24()
    t.night(act("张辽", "刺杀", "徐庶"), answers=XUSHU_NIGHT3)
    t.day()
    t.night(act("华佗", "起死回生", "徐庶"))
    assert t.character("徐庶") == "徐庶"
    late = Table24()
    late.night(act("张辽", "刺杀", "徐庶"), answers=XUSHU_NIGHT3)
    late.day()
    late.quiet(1)  # night 2 and its day
    late.night(act("华佗", "起死回生", "徐庶"))
    assert late.character("徐庶") == "卧龙"
    assert "寿命" in entry(late, "华佗", "起死回生")["why"]


# ---- 华佗【麻沸散】 ----------------------------------------------------------------------------------------------
@pytest.mark.skill("麻沸散")
def test_mafeisan_one_day_and_night_away() -> None:
    """华佗【麻沸散】: the id's actions tonight fail; as the night ends he leaves the game (counted with the night's
    dead, posted as leaving, no last words); after one day and one night he is back, the post saying so, and he
    acts and votes again."""
    t = Table24()
    r = t.night(act("华佗", "麻沸散", "庞统", duration="一日一夜"), act("庞统", "连环妙计", "曹操", "孙坚"), last_words={"庞统": "有话说"})
    assert t.status("庞统") == "out"
    assert entry(t, "庞统", "连环妙计")["state"] == "void"
    assert r.announcement["died"] == ["庞统"] and "庞统 退出游戏" in r.announcement["events"]
    assert "庞统" not in r.announcement["last_words"]
    assert any("遗言为无遗言" in w for w in r.warnings)
    t.day()
    with pytest.raises(IllegalAction):
        t.night(act("庞统", "连环妙计", "曹操", "孙坚"))
    r2 = t.night()
    assert t.status("庞统") == "alive"
    assert "庞统 回到游戏" in r2.announcement["events"]
    assert "你回到游戏" in t.said("庞统")
    t.day(votes={"庞统": "曹操"})


@pytest.mark.skill("麻沸散")
def test_mafeisan_voids_the_ids_actions_tonight() -> None:
    """华佗【麻沸散】: 「当夜该ID一切行动失败」: 张辽's stab the night he is put under fails."""
    t = Table24()
    t.night(act("华佗", "麻沸散", "张辽", duration="一日一夜"), act("张辽", "刺杀", "庞统"))
    assert t.character("庞统") == "庞统" and not injured(t, "庞统")
    assert entry(t, "张辽", "刺杀")["state"] == "void"


@pytest.mark.skill("麻沸散", "浑身是胆")
def test_mafeisan_two_days_voids_other_skills_on_him() -> None:
    """华佗【麻沸散】 set to two days and two nights: every other skill used on the id tonight fails (赵云【浑身是胆】
    on him), a killer's stab not (it is no skill, R-revival-4); he is back at the end of the second night after."""
    t = Table24()
    t.night(act("华佗", "麻沸散", "庞统", duration="两日两夜"), act("赵云", "浑身是胆", "庞统"))
    assert entry(t, "赵云", "浑身是胆")["state"] == "void"
    t.day()
    t.night()
    assert t.status("庞统") == "out"
    t.day()
    r = t.night(answers=XUSHU_NIGHT3)
    assert t.status("庞统") == "alive" and "庞统 回到游戏" in r.announcement["events"]


@pytest.mark.skill("麻沸散", "兵圣后裔")
def test_mafeisan_is_a_negative_skill() -> None:
    """华佗【麻沸散】 is 军师负面: 孙坚【兵圣后裔】 stops it once, and he stays in the game."""
    t = Table24()
    t.night(act("华佗", "麻沸散", "孙坚", duration="一日一夜"))
    assert t.status("孙坚") == "alive"
    assert entry(t, "华佗", "麻沸散")["state"] == "void"
    assert "你的【兵圣后裔】已触发并消耗" in t.said("孙坚")


@pytest.mark.skill("麻沸散")
def test_mafeisan_needs_a_length() -> None:
    """华佗【麻沸散】: the user sets the length, at most two days and two nights."""
    t = Table24()
    with pytest.raises(IllegalAction):
        t.night(act("华佗", "麻沸散", "庞统"))
    with pytest.raises(IllegalAction):
        t.night(act("华佗", "麻沸散", "庞统", duration="三日三夜"))
    t.night(act("华佗", "麻沸散", "庞统", choice="一日一夜"))  # the forms' ``choice`` says it too
    assert t.status("庞统") == "out"


# ---- 黄月英【诸葛连弩】 ------------------------------------------------------------------------------------------
def _huangyueying_marks(t: Table24, whom: str | None) -> None:
    """糜氏 dies by the judge's ruling (her successor 黄月英 plays on); the next night 黄月英 names ``whom``."""
    successor(t, "糜氏")
    assert t.character("糜氏") == "黄月英"
    t.night(*([act("糜氏", "诸葛连弩", whom)] if whom else []))
    t.day()


@pytest.mark.skill("诸葛连弩", "勇贯三军", "浑身是胆")
def test_zhugeliannu_triples_the_next_nights_killing_skills() -> None:
    """黄月英【诸葛连弩】: the id named has, the next night, three times the effect of his 武将杀伤 skills: 吕蒙
    【勇贯三军】 on 庞统 (no 猛将: a sure wound) gets past 赵云【浑身是胆】 (one defence stops one of the three) and
    wounds him once; without the crossbow the defence stops it (R-revival-6)."""
    t = Table24()
    _huangyueying_marks(t, "吕蒙")
    t.night(act("吕蒙", "勇贯三军", "庞统"), act("赵云", "浑身是胆", "庞统"), answers=XUSHU_NIGHT3)
    assert injured(t, "庞统") and t.character("庞统") == "庞统"
    plain = Table24()
    _huangyueying_marks(plain, None)
    plain.night(act("吕蒙", "勇贯三军", "庞统"), act("赵云", "浑身是胆", "庞统"), answers=XUSHU_NIGHT3)
    assert not injured(plain, "庞统")


@pytest.mark.skill("诸葛连弩", "勇贯三军")
def test_zhugeliannu_lands_once_and_not_the_same_night() -> None:
    """黄月英【诸葛连弩】: three times the effect is three harms to defend, one to land: undefended, 吕蒙's wound is
    one wound, not a death. The night it is used nothing is tripled (「次夜」: 赵云's one defence stops it), and nobody
    is told. Each of 【诸葛连弩】 and 【勇贯三军】 is used once a game (R53), so the two nights are two tables."""
    t = Table24()
    successor(t, "糜氏")
    t.night(act("糜氏", "诸葛连弩", "吕蒙"), act("吕蒙", "勇贯三军", "庞统"), act("赵云", "浑身是胆", "庞统"))
    assert not injured(t, "庞统")
    assert entry(t, "糜氏", "诸葛连弩")["state"] == "done"
    assert not t.said("吕蒙")  # nobody is told
    t.day()
    with pytest.raises(IllegalAction, match="【诸葛连弩】只能使用一次，已经消耗"):
        t.game.check_action(act("糜氏", "诸葛连弩", "吕蒙"), [])
    later = Table24()
    _huangyueying_marks(later, "吕蒙")
    later.night(act("吕蒙", "勇贯三军", "庞统"), answers=XUSHU_NIGHT3)
    assert injured(later, "庞统") and later.character("庞统") == "庞统"


# ---- 夏侯惇【拔矢啖睛】 ------------------------------------------------------------------------------------------
def _first_check(t: Table24, pid: str, digit: int) -> dict[str, int]:
    """``pid``'s first 伤判 dealt in table order: digit 0–2 healed, 3–5 died, 6–9 still wounded."""
    digits = keep_wounded(t, pid)
    digits[pid] = digit
    return digits


@pytest.mark.skill("拔矢啖睛")
def test_bashidanjing_first_stab_only_wounds_and_takes_his_recognition() -> None:
    """夏侯惇【拔矢啖睛】: the first stab on him (关羽's, deadly) only wounds him; he is told, and from then on he has
    no 指认 (healed at his 伤判, his 指认 the night after is refused). The stab went off (R-revival-7)."""
    t = Table24()
    t.night(act("关羽", "刺杀", "夏侯惇"))
    assert t.character("夏侯惇") == "夏侯惇" and injured(t, "夏侯惇")
    assert entry(t, "关羽", "刺杀")["state"] == "done"
    assert "你的【拔矢啖睛】已触发：你不会死亡只会受伤，从此失去指认能力" in t.said("夏侯惇")
    t.day(digits=_first_check(t, "夏侯惇", 0))
    assert t.status("夏侯惇") == "alive"
    with pytest.raises(IllegalAction):
        t.night(act("夏侯惇", "指认", "荀彧", character="郭嘉"))


@pytest.mark.skill("拔矢啖睛")
def test_bashidanjing_only_the_first_stab() -> None:
    """夏侯惇【拔矢啖睛】 goes off at the first stab only: healed, a second deadly stab kills him (曹仁 succeeds)."""
    t = Table24()
    t.night(act("关羽", "刺杀", "夏侯惇"))
    t.day(digits=_first_check(t, "夏侯惇", 0))
    t.night(act("关羽", "刺杀", "夏侯惇"))
    assert t.character("夏侯惇") == "曹仁"


@pytest.mark.skill("拔矢啖睛", "浑身是胆")
def test_bashidanjing_not_on_a_stab_stopped() -> None:
    """夏侯惇【拔矢啖睛】: a stab a defence stops (赵云【浑身是胆】) does not reach him: the skill is not spent, he keeps
    his 指认 (R-revival-7)."""
    t = Table24()
    t.night(act("关羽", "刺杀", "夏侯惇"), act("赵云", "浑身是胆", "夏侯惇"))
    assert t.status("夏侯惇") == "alive"
    assert not t.state.player("夏侯惇").used.get("拔矢啖睛")


@pytest.mark.skill("拔矢啖睛")
def test_bashidanjing_a_death_at_the_check_counts_the_next_night() -> None:
    """夏侯惇【拔矢啖睛】: if the wound's 伤判 says he dies, the death is counted with the next night's dead, and he
    may leave a last word that night; the day's post does not list him as dead (R-revival-8)."""
    t = Table24()
    t.night(act("关羽", "刺杀", "夏侯惇"))
    r = t.day(digits=_first_check(t, "夏侯惇", 4))
    assert r.announcement["died"] == [] and t.character("夏侯惇") == "夏侯惇"
    assert "第1次伤判：死亡" in t.said("夏侯惇")
    r2 = t.night(last_words={"夏侯惇": "魏王保重"})
    assert t.character("夏侯惇") == "曹仁" and t.status("夏侯惇") == "alive"
    assert r2.announcement["died"] == ["夏侯惇"]
    assert r2.announcement["last_words"] == {"夏侯惇": "魏王保重"}
