"""Bots over tables that seat each 吳 君主 form and each 吳 女眷: no crash, no refusal, every built skill used.

Issue 13: 「Random legal play (bots included) over games that seat every 吳 form stays crash-free, and
the bots use every new skill.」 The same measure as ``test_shu_bots.py`` (whose helpers are reused):
for each form a seeded set of bot games on a random table with the form seated (孫策 and 孫權 come by
孫堅's 轉生: the bots take the form when it is offered), with the partners its skills name seated too.
A skill counts as used when a bot submitted it and the rules accepted it, or it left its mark on a
night or a day (feedback under its name, or a trace line naming it and its holder).

Skills out of random play's reach are listed in ``OUT_OF_REACH`` with the reason; the scenario tests
in ``tests/kk33/characters/test_wu_lords.py`` and ``test_wu_ladies.py`` pin them.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from tests.bots.test_shu_bots import ChoosingBot, holders, in_play, seat, used_by
from tianting.bots.play import _built, play_game_kept, random_table
from tianting.rules.kk33 import KK33Game, SeatSpec, roster

FORMS = ["孫堅", "孫策", "孫權", "小喬", "孫尚香", "大喬", "步練師"]
GAMES_EACH = 16
MAX_PHASES = 40
PARTNERS: dict[str, tuple[str, ...]] = {
    "孫堅": ("張遼",),  # 英魂 answers 張遼's 威震逍遙津
    "孫策": ("周瑜", "太史慈", "大喬"),  # 莫逆之交
    "孫權": ("曹操", "劉備"),  # 仲謀稱臣 needs 曹丕 (曹操's 轉生); 三分制衡 takes 漢裔
    "小喬": ("周瑜",),  # 天作之合
    "孫尚香": ("劉備",),  # 夢醉良緣
}
OUT_OF_REACH: dict[str, str] = {}
"""Built skills random play need not reach, with the reason."""


def by_reincarnation(form: str) -> bool:
    return form in roster().reincarnations("吳")


class WuBot(ChoosingBot):
    """Takes ``wanted`` at 轉生, and 孫尚香's 兄長之風 names the wanted brother when one is wanted."""

    def decide(self, view: dict[str, Any], skill: str, options: list[Any], rng: random.Random) -> Any:
        if skill == "兄長之風" and self.wanted in options:
            return self.wanted
        return super().decide(view, skill, options, rng)


def seats_for(form: str, seed: int) -> list[SeatSpec]:
    seats, _ = random_table(random.Random(seed), set(_built()))
    for character in (("孫堅",) if by_reincarnation(form) else (form,)) + PARTNERS.get(form, ()):
        seats = seat(seats, character)
    return seats


def _wanted(form: str, seed: int) -> str:
    """The 轉生 form the lord takes: the form itself, or for the others 孫策 and 孫權 in turn."""
    return form if by_reincarnation(form) else ("孫策", "孫權")[seed % 2]


@cache
def games_of(form: str) -> tuple[tuple[KK33Game, Any], ...]:
    return tuple(play_game_kept(seed, WuBot(_wanted(form, seed)), seats_for(form, seed), MAX_PHASES)
                 for seed in range(GAMES_EACH))


def _built_skills(form: str) -> list[str]:
    skills = KK33Game.create([SeatSpec("_", "吳", "君主", "孫堅")], 0).skills
    return [s.name for s in roster().characters[form].skills if s.name in skills and s.name not in OUT_OF_REACH]


@pytest.mark.parametrize("form", FORMS)
def test_bots_play_every_wu_lord_and_lady_form_without_refusal(form: str) -> None:
    """Crash-free, and the bots offer nothing the rules refuse; the form is in play in some games."""
    played = games_of(form)
    assert sum(record.refused for _, record in played) == 0
    assert any(in_play(game, form) for game, _ in played)


@pytest.mark.parametrize("form", FORMS)
def test_bots_use_every_built_skill_of_each_wu_lord_and_lady_form(form: str) -> None:
    """Every built skill of the form is used in at least one game of its set."""
    built = _built_skills(form)
    used: set[str] = set()
    for game, _ in games_of(form):
        if in_play(game, form):
            used |= used_by(game, holders(game, form), built)
    assert sorted(set(built) - used) == [], f"{form}: unused {sorted(set(built) - used)}"
