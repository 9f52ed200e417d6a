"""The shared resolution engine (issue 30, ``src/tianting/engine/``): harm and the judge's rulings table, each
checked against the rule sentence it implements."""

from __future__ import annotations

import pytest

from tianting.core.records import Ruling
from tianting.engine import harm
from tianting.engine.harm import Defence, Harm, Level
from tianting.engine.rulings import BEGIN, HARM, LAST, SETTLE, Entry, RulingTable
from tianting.rules import load


# ---- harm -----------------------------------------------------------------------------------------------
def test_two_wounds_or_a_wound_on_the_wounded_kill() -> None:
    """Seed 003: 「受到两次及以上致伤伤害则致死」; seed 001: a wound on one already wounded kills."""
    wound = Harm("x", Level.WOUND, "刺杀")
    assert harm.summed([wound], injured=False) is Level.WOUND
    assert harm.summed([wound, Harm("x", Level.WOUND, "投票致伤")], injured=False) is Level.KILL
    assert harm.summed([wound], injured=True) is Level.KILL
    assert harm.summed([], injured=True) is Level.NONE


def test_lessen_and_deepen_shift_the_sum_and_cancel() -> None:
    """「伤害减轻：即受伤改为状态正常，死亡改为受伤。伤害加深：即受伤直接死亡。」 (one cancels the other: D-H2)."""
    assert harm.shifted(Level.KILL, 1, 0) is Level.WOUND
    assert harm.shifted(Level.WOUND, 1, 0) is Level.NONE
    assert harm.shifted(Level.KILL, 3, 0) is Level.NONE
    assert harm.shifted(Level.WOUND, 0, 1) is Level.KILL
    assert harm.shifted(Level.KILL, 0, 1) is Level.KILL
    assert harm.shifted(Level.WOUND, 1, 1) is Level.WOUND


def test_a_protection_spares_all_but_the_judges_harm_and_a_defence_stops_one() -> None:
    """Seed 001's 「(1)优先抵御造成最大伤害的技能」: one defence stops the 致死, the 致伤 lands; a protection spares
    every harm but the judge's own (as KK 3.3's R44)."""
    from tianting.core.rng import GameRandom

    stab, vote = Harm("x", Level.KILL, "刺杀", ["k"], by="k"), Harm("x", Level.WOUND, "投票致伤", by="投票")
    out = harm.defend(GameRandom(1), "x", [stab, vote], [Defence("x", "x", True, "盾")], None)
    assert out.left == [vote] and [h for h, _ in out.stopped] == [stab]
    judged = Harm("x", Level.KILL, "天庭裁定", forced=True, by="天庭")
    spared = harm.defend(GameRandom(1), "x", [stab, judged], [], "天庭豁免")
    assert spared.left == [judged] and [h for h, _ in spared.stopped] == [stab]


# ---- the rulings table ------------------------------------------------------------------------------------
def _table(log: list[str]) -> RulingTable[list[str]]:
    return RulingTable((
        Entry("void", "失效"),
        Entry("spare", "豁免", BEGIN, lambda c, r: c.append(f"spare {r.target}")),
        Entry("tell", "告知", LAST, lambda c, r: c.append(f"tell {r.target}"), reads_text=True),
    ))


def test_a_table_applies_each_moment_in_the_judges_order() -> None:
    """game-script.md: rulings are applied inside the phase, each at its moment, in the order given."""
    log: list[str] = []
    table = _table(log)
    rulings = [Ruling("tell", "a", text="…"), Ruling("spare", "b"), Ruling("spare", "c"), Ruling("void", action=0)]
    table.apply(BEGIN, log, rulings)
    assert log == ["spare b", "spare c"]
    table.apply(LAST, log, rulings)
    assert log[-1] == "tell a"
    assert [r.action for r in table.of("void", rulings)] == [0]


def test_one_more_effect_is_one_entry() -> None:
    """Issue 30: 「design the rulings table so that one more effect is one entry」 (an ``announce``, say)."""
    log: list[str] = []
    table = _table(log).extend(Entry("announce", "公告", SETTLE, lambda c, r: c.append(f"post {r.text}"),
                                     reads_text=True, targetless=True))
    assert table.effects() == ("void", "spare", "tell", "announce")
    assert table.text_effects() == ("tell", "announce") and table.targetless_effects() == ("announce",)
    table.apply(SETTLE, log, [Ruling("announce", text="三足鼎立")])
    assert log == ["post 三足鼎立"]
    replaced = table.extend(Entry("spare", "豁免", HARM, lambda c, r: None))
    assert replaced.effects() == table.effects() and replaced.entry("spare").moment == HARM


def test_an_entry_needs_a_known_moment_and_a_handler_with_it() -> None:
    with pytest.raises(ValueError):
        Entry("x", "x", "later", lambda c, r: None)
    with pytest.raises(ValueError):
        Entry("x", "x", BEGIN)
    with pytest.raises(ValueError):
        RulingTable((Entry("x", "x"), Entry("x", "y")))


def test_dingli_extends_the_24_rules_table_by_its_own_effects() -> None:
    """鼎立 declares only what differs: the 24人 effects first, then seed 003's (game-script.md ``dingli2``)."""
    sg24, dingli = load("sg24").ruling_effects(), load("dingli2").ruling_effects()
    assert sg24 == ("void", "spare", "injure", "kill", "heal", "tell", "defend", "announce")
    assert dingli[:len(sg24)] == sg24
    assert dingli[len(sg24):] == ("lessen", "deepen", "join", "formation", "hidden_vote", "contest", "remove",
                                  "restore")
    assert load("kk33").ruling_effects() == ("void", "spare", "injure", "kill", "heal", "tell", "announce")


# ---- the stab between two of one side -----------------------------------------------------------------------
def test_the_same_side_stab_is_one_half_chance_whose_effect_the_rule_set_names() -> None:
    """KK 3.3: 「刺殺同國或同盟角色，一半概率失效」; seed 001: 「刺杀到本国君主时，刺杀无效。刺杀到本国时，刺杀致死一半
    概率减轻为致伤。」 One recorded draw each, by purpose; none for a stab on another side or on one's own 君主."""
    from tianting.core.rng import GameRandom
    from tianting.engine.stab import Verdict
    from tianting.rules.kk33.night import SAME_SIDE
    from tianting.rules.sg24.game import SAME_COUNTRY

    rng = GameRandom(1)
    assert SAME_SIDE.judge(rng, "a", "b", None) is Verdict.OTHER and rng.draws == []
    rng.force("刺殺同盟失效判定 a→b", True)
    assert SAME_SIDE.judge(rng, "a", "b", "同盟") is Verdict.VOID
    rng.force("本国刺杀减轻 a→b", True)
    assert SAME_COUNTRY.judge(rng, "a", "b", "本国") is Verdict.LESSENED
    rng.force("本国刺杀减轻 a→c", False)
    assert SAME_COUNTRY.judge(rng, "a", "c", "本国") is Verdict.HOLDS
    assert [d.purpose for d in rng.draws] == ["刺殺同盟失效判定 a→b", "本国刺杀减轻 a→b", "本国刺杀减轻 a→c"]
    assert SAME_COUNTRY.judge(rng, "a", "lord", "本国", target_is_lord=True) is Verdict.VOID and len(rng.draws) == 3


# ---- succession ---------------------------------------------------------------------------------------------
def test_a_successor_in_play_or_already_played_may_not_enter_and_one_left_needs_no_choice() -> None:
    """Seed 001: 「死亡时以继任者角色进行游戏，全部继任者都死亡则退出游戏」; a character is one id's at a time."""
    from tianting.core.decisions import DecisionBook
    from tianting.core.rng import GameRandom
    from tianting.engine import succession

    assert succession.options(["曹丕", "曹植"], in_play={"曹植"}, lived=()) == ["曹丕"]
    assert succession.options(["曹丕"], in_play=(), lived={"曹丕"}) == []
    rng = GameRandom(1)
    same = lambda a, o: a == o  # noqa: E731
    assert succession.choose(rng, DecisionBook(), "P1", "继任", [], same) is None
    assert succession.choose(rng, DecisionBook(), "P1", "继任", ["曹丕"], same) == "曹丕" and rng.draws == []
    asked = DecisionBook(answers=[{"actor": "P1", "skill": "继任", "answer": "曹植"}])
    assert succession.choose(rng, asked, "P1", "继任", ["曹丕", "曹植"], same) == "曹植"
