"""Seed 001 (001_a450bbe2dee8877c.txt), 【游戏介绍】 概述 and 身份: each test cites its sentence."""

from __future__ import annotations

import pytest

from tianting.core.errors import IllegalAction
from tianting.core.records import Ruling
from tianting.rules.sg24 import RULESET, SeatSpec, SetupError, SG24Game, seats
from tianting.rules.sg24.game import Phase

from .table24 import Table24, act


def test_24_players_7_7_7_and_3_unaligned() -> None:
    """「玩家共24人，其中魏国初始7人，蜀国初始7人，吴国初始7人，在野3人。」 and the four starting lists."""
    s = seats()
    assert len(s) == RULESET.players == 24
    by = {c: [ch for cc, _, ch in s if cc == c] for c in ("魏", "蜀", "吴", "在野")}
    assert by["魏"] == ["曹操", "荀彧", "郭嘉", "夏侯惇", "张辽", "典韦", "甄姬"]
    assert by["蜀"] == ["刘备", "徐庶", "庞统", "关羽", "张飞", "赵云", "糜氏"]
    assert by["吴"] == ["孙坚", "张昭", "吕蒙", "太史慈", "凌操", "黄盖", "孙淑"]
    assert by["在野"] == ["司马朗", "华佗", "陈登"]


def test_identities_of_the_starting_seats() -> None:
    """Each country's list is 君主、军师×2、杀手×2、护卫、女眷 (the 火凤 roster of the reference); 在野 are 平民
    (「平民：每国初始没有平民。在野角色可以……加入三个国家」)."""
    s = seats()
    for country in ("魏", "蜀", "吴"):
        assert [i for c, i, _ in s if c == country] == ["君主", "军师", "军师", "杀手", "杀手", "护卫", "女眷"]
    assert {i for c, i, _ in s if c == "在野"} == {"平民"}


def test_traditional_spellings_accepted_and_bad_seats_refused() -> None:
    """Names in either script (game-script.md: 「Names are accepted in Traditional and Simplified alike」)."""
    specs = [SeatSpec(ch, c, i, ch) for c, i, ch in seats()]
    specs[3] = SeatSpec("元讓", "魏", "殺手", "夏侯惇")
    specs[14] = SeatSpec("文台", "吳", "君主", "孫堅")
    g = SG24Game.create(specs, 1)
    assert g.state.player("文台").country == "吴" and g.state.player("元讓").identity == "杀手"
    with pytest.raises(SetupError, match="属于魏"):
        SG24Game.create([SeatSpec("x", "蜀", "君主", "曹操")], 1)
    with pytest.raises(SetupError, match="已被其他玩家选择"):
        SG24Game.create([SeatSpec("x", "魏", "君主", "曹操"), SeatSpec("y", "魏", "君主", "曹操")], 1)


def test_game_starts_at_night() -> None:
    """「游戏开始于黑夜，第一天没有白天。」"""
    t = Table24()
    assert t.game.phase.value == "night" and t.game.number == 1
    with pytest.raises(IllegalAction, match="不是白天"):
        t.game.resolve_day({})


def test_killers_know_each_other_from_the_start() -> None:
    """杀手：「每国初始拥有两个杀手，登场互相认识」."""
    t = Table24()
    assert t.game.mutual("夏侯惇", "张辽") and t.game.mutual("关羽", "张飞") and t.game.mutual("太史慈", "凌操")
    assert not t.game.knows("夏侯惇", "关羽")


def test_each_killer_stabs_once_a_night() -> None:
    """「每夜可以提交一个ID，对其进行一次刺杀」: each of a country's two killers stabs (R-SG1); not twice."""
    t = Table24()
    t.night(act("夏侯惇", "刺杀", "刘备"), act("张辽", "刺杀", "孙坚"))
    assert t.status("刘备") == "alive" and t.character("刘备") == "刘禅"  # died, successor plays on
    assert t.character("孙坚") == "孙策"
    t.day()
    with pytest.raises(IllegalAction, match="每名杀手每夜一次"):
        t.game.check_action(act("夏侯惇", "刺杀", "赵云"), [act("夏侯惇", "刺杀", "关羽")])
    with pytest.raises(IllegalAction, match="不是杀手"):
        t.game.check_action(act("典韦", "刺杀", "赵云"), [])


def test_stab_on_own_lord_fails() -> None:
    """「刺杀到本国君主时，刺杀无效。」"""
    t = Table24()
    r = t.night(act("夏侯惇", "刺杀", "曹操"))
    assert t.character("曹操") == "曹操" and t.status("曹操") == "alive" and r.deaths == []
    assert any("刺杀到本国君主" in line for line in r.trace)


@pytest.mark.parametrize("lessened", [True, False])
def test_stab_on_own_country_half_the_time_only_wounds(lessened: bool) -> None:
    """「刺杀到本国时，刺杀致死一半概率减轻为致伤。」 (the draw is the game's, named and recorded)."""
    t = Table24().force("本国刺杀减轻 夏侯惇→典韦", lessened)
    r = t.night(act("夏侯惇", "刺杀", "典韦"))
    if lessened:
        assert t.status("典韦") == "injured" and t.character("典韦") == "典韦"
    else:
        assert t.character("典韦") == "许褚" and r.deaths[0].cause == "刺杀"
    assert any(d["purpose"] == "本国刺杀减轻 夏侯惇→典韦" for d in r.draws)
    t.check_unused()


def test_non_killer_stab_has_no_same_country_check() -> None:
    """「非杀手因技能发动的刺杀不会有同国判定。」: a skill-made stab of one's own country kills, no draw."""
    t = Table24()
    phase = Phase(t.state)
    harms = t.game.stab(phase, "典韦", "郭嘉", by_killer=False)
    assert [h.level for h in harms] == [2] and t.state.rng.draws == []
    assert t.game.stab(phase, "典韦", "曹操", by_killer=False)[0].level == 2  # no own-lord immunity either


def test_lordless_country_falls_at_three() -> None:
    """君主：「若某一方君主不存在，则该国灭国最小人数加一」; 「某一方存在场上的人数小于等于2人，则判定其灭国，
    若没有君主，则灭国人数变更为小于等于3人。」"""
    t = Table24()
    for pid in ("荀彧", "郭嘉", "张辽"):
        t.state.player(pid).status = t.state.player(pid).status.OUT
    assert t.game.eliminated_now() == []  # 4 left, with a lord
    t.state.player("曹操").status = t.state.player("曹操").status.OUT
    assert t.game.eliminated_now() == ["魏"]  # 3 left, no lord


@pytest.mark.parametrize("lord_alive", [True, False])
def test_vote_wound_becomes_death_without_a_lord(lord_alive: bool) -> None:
    """君主：「投票致伤加深为死亡」; 投票：「君主死亡后，投票致伤变为投票致死。」"""
    t = Table24()
    if not lord_alive:
        t.state.player("曹操").status = t.state.player("曹操").status.OUT
    t.night()
    t.day({"刘备": "夏侯惇", "关羽": "夏侯惇", "孙坚": "典韦"})
    if lord_alive:
        assert t.status("夏侯惇") == "injured"
    else:
        assert t.character("夏侯惇") == "曹仁" and t.results[-1].deaths[0].cause == "投票致死"


def test_no_strategist_no_recognition_nor_skills_but_stabs_go_on() -> None:
    """军师：「军师存在时，该国角色才能进行指认行动和发动技能。」 A stab is not a 指认 nor a 技能 (R-SG2)."""
    t = Table24()
    for pid in ("荀彧", "郭嘉"):
        t.state.player(pid).status = t.state.player(pid).status.OUT
    with pytest.raises(IllegalAction, match="没有军师"):
        t.game.check_action(act("典韦", "指认", "刘备", evaluation="猛将"), [])
    with pytest.raises(IllegalAction, match="没有军师"):
        t.game.check_action(act("曹操", "亲冒矢石", "刘备"), [])
    t.game.check_action(act("夏侯惇", "刺杀", "刘备"), [])
    t.game.check_action(act("关羽", "指认", "刘备", character="刘备"), [])  # 蜀 still has both


def test_consort_is_immune_to_vote_injury() -> None:
    """女眷：「投票致伤对其无效。」 — also when the wound is deepened to death (R-SG3)."""
    t = Table24()
    t.night()
    t.day({"曹操": "甄姬", "刘备": "甄姬"})
    assert t.status("甄姬") == "alive"
    t.state.player("曹操").status = t.state.player("曹操").status.OUT
    t.night()
    t.day({"刘备": "甄姬"})
    assert t.status("甄姬") == "alive" and t.character("甄姬") == "甄姬"


def test_unaligned_votes_are_void() -> None:
    """平民：「在没有加入国家前，在野投票无效。」"""
    t = Table24()
    t.night()
    r = t.day({"司马朗": "刘备", "华佗": "刘备", "陈登": "刘备", "曹操": "孙坚"})
    assert r.announcement["voted"] == "孙坚" and "司马朗" not in r.announcement["votes"]


def test_judge_rulings_use_core_effects() -> None:
    """The judge's last word (game-script.md ``rulings``): spare stops a stab, kill kills, tell tells."""
    t = Table24()
    r = t.night(act("夏侯惇", "刺杀", "刘备"), rulings=(Ruling("spare", "刘备", why="天庭裁定"),
                                                     Ruling("kill", "孙淑"), Ruling("tell", "孙淑", text="……")))
    assert t.character("刘备") == "刘备" and t.status("孙淑") == "out" and "……" in t.said("孙淑")
    assert r.announcement["died"] == ["孙淑"]


def test_vote_wounds_an_unaligned_player() -> None:
    """「票数最多的角色会受到致伤伤害」: an 在野 has no 君主 whose absence deepens it (R-SG3)."""
    t = Table24()
    t.night()
    t.day({"曹操": "华佗", "刘备": "华佗"})
    assert t.status("华佗") == "injured"


def test_the_judges_own_harm_is_not_spared() -> None:
    """The judge's last word: a ruled 致死 reaches a player the judge also spared from the night's harm."""
    t = Table24()
    t.night(act("夏侯惇", "刺杀", "孙淑"), rulings=(Ruling("spare", "孙淑"), Ruling("kill", "孙淑", why="裁定")))
    assert t.status("孙淑") == "out"
