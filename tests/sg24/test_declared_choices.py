"""The 24人 skills that turn on a choice its holder makes mid-night (core/decisions.py), and the skills that hang on
those choices (issue 31): each test names the skill, states the 8.1 fact it rests on in our words, and, where two
skills meet, the seed 001 sentence that orders them. Rulings: R-choices-* in docs/rulings/packs-choices.md.

The table is strict (tests/sg24/table24.py): every draw a test does not force and every answer it does not give
fails it; each id is the seat's starting character."""

from __future__ import annotations

import pytest

from tests.declared_steps import injured

from .table24 import Table24, act


def _texts(t: Table24, pid: str) -> list[str]:
    return [str(x) for x in t.said(pid)]


# ---- 典韦 ---------------------------------------------------------------------------------------------------------
def lord_bare() -> Table24:
    """曹操's 【割须弃袍】 spent beforehand, so that it does not stop the first 武将杀伤 attack on him."""
    t = Table24()
    t.state.player("曹操").used["割须弃袍"] = 1
    return t


@pytest.mark.skill("挺身护驾")
def test_tingshenhujia_guards_the_lord_if_he_chooses() -> None:
    """典韦【挺身护驾】: an attack of a 武将杀伤 skill (吕蒙【勇贯三军】; 曹操 is no 猛将, so it surely wounds) would
    still land on 魏's lord: 典韦 is told 「君主受到攻击」 and asked; guarding, the lord is unharmed and 典韦 is wounded;
    declining, the lord is wounded (R-choices-1)."""
    t = lord_bare()
    t.night(act("吕蒙", "勇贯三军", "曹操"), answers=[{"actor": "典韦", "skill": "挺身护驾", "answer": "护驾"}])
    assert not injured(t, "曹操") and injured(t, "典韦")
    assert any("君主受到攻击" in s for s in _texts(t, "典韦"))
    assert not any("挺身护驾" in s for s in _texts(t, "曹操"))
    t2 = lord_bare()
    t2.night(act("吕蒙", "勇贯三军", "曹操"), answers=[{"actor": "典韦", "skill": "挺身护驾", "answer": "不护驾"}])
    assert injured(t2, "曹操") and not injured(t2, "典韦")
    assert any("君主受到攻击" in s for s in _texts(t2, "典韦"))


@pytest.mark.skill("挺身护驾")
def test_tingshenhujia_is_not_asked_when_nothing_lands() -> None:
    """典韦【挺身护驾】 answers an attack that 「经过结算和判定之后仍然要承受伤害」: 曹操's own 【割须弃袍】 stops the
    first 武将杀伤 attack on him, so 典韦 is not asked (the strict table would fail on an unanswered question), nor is
    he asked for a stab (no 武将杀伤 skill)."""
    t = Table24()
    t.night(act("吕蒙", "勇贯三军", "曹操"))
    assert not injured(t, "曹操") and not injured(t, "典韦")
    assert not any("君主受到攻击" in s for s in _texts(t, "典韦"))
