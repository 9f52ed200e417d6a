"""KK 3.3's ``RULESET``: everything the layers above ``rules/`` use of KK 3.3 (the rule-set interface,
:mod:`tianting.rules.interface`, docs/dev/ruleset-interface.md). Thin wrappers around what the rule set's
own modules hold; no module outside ``rules/`` imports ``tianting.rules.kk33`` by name."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from types import SimpleNamespace
from typing import Any

from tianting.core.names import NameTable
from tianting.core.records import Ruling
from tianting.core.rng import GameRandom
from tianting.rules.kk33 import outcomes as kk33_outcomes
from tianting.rules.kk33 import rulings as kk33_rulings
from tianting.rules.kk33 import views
from tianting.rules.kk33.game import KK33Game, SeatSpec, SetupError, roster
from tianting.rules.kk33.roster import (
    CHIBI,
    COUNTRIES,
    COUNTRY_SEATS,
    IDENTITIES,
    OTHER_IDENTITIES,
    OTHERS,
)
from tianting.rules.kk33.skillbook import FROM_KEY
from tianting.rules.kk33.victory import JOINT_MARKERS, REBELS

DRAW_OTHERS = "群雄身份"
"""Purpose of the draw of the 群 seat's identity (黃巾頭領, 方士 or 神醫)."""
DRAW_SEATS = "分配國籍身份"
"""Purpose of the shuffle of the seats; draw ``分配國籍身份#n`` is the n-th id's seat."""

COUNTRY_NAMES = NameTable(COUNTRIES + (OTHERS,), {"群雄": OTHERS, "在野": OTHERS})
IDENTITY_NAMES = NameTable(IDENTITIES, {"殺手甲": "殺手", "殺手乙": "殺手", "主軍師": "正軍師", "黃巾首領": "黃巾頭領"})


def _seat_label(seat: tuple[str, str]) -> str:
    return f"{seat[0]}·{seat[1]}"


def draw_setup(ids: Sequence[str], seed: int, chibi: bool = False) -> dict[str, Any]:
    """KK 3.3's deal for checked ``ids`` (tianting.setup checks them): the 群 seat's identity is drawn
    first (purpose ``群雄身份``), then the seats are shuffled (``分配國籍身份#1`` …) and dealt to the ids
    in their given order; ``character`` is null until the player chooses one of ``choices``.

    ``chibi``: 『角色技能·赤壁之戰』's forms are offered in their slots beside the list (R29; the draws are
    the same); the script says ``"chibi": true``."""
    r = roster()
    sets = (CHIBI,) if chibi else ()
    rng = GameRandom(seed)
    other_identity = rng.pick(DRAW_OTHERS, list(OTHER_IDENTITIES))
    seats = [(country, identity) for country in COUNTRIES for identity in COUNTRY_SEATS]
    seats.append((OTHERS, other_identity))
    dealt = rng.shuffled(DRAW_SEATS, seats, label=_seat_label)
    players = [{"id": pid, "country": country, "identity": identity, "character": None,
                "choices": r.choices(country, identity, sets=sets) if sets else r.choices(country, identity)}
               for pid, (country, identity) in zip(ids, dealt, strict=True)]
    script: dict[str, Any] = {"format": "tianting-script/1", "rules": "kk33", "seed": seed, "players": players,
                              "phases": [], "setup_draws": [d.as_json() for d in rng.draws]}
    if chibi:
        script["chibi"] = True
    return script


@cache
def built_skills() -> frozenset[str]:
    """The skills the engine implements: every identity skill and character skill registered."""
    from tianting.rules.kk33.characters import CHARACTER_SKILLS
    from tianting.rules.kk33.identity import IDENTITY_SKILLS

    return frozenset(IDENTITY_SKILLS) | frozenset(CHARACTER_SKILLS)


def skill_rows() -> list[dict[str, Any]]:
    """``tianting skills``' rows (without the test counts): identity skills, then every form's skills."""
    r = roster()
    built = built_skills()
    others = r.slots.get("群", {})

    def row(skill: Any, character: str, country: str | None, source: str) -> dict[str, Any]:
        return {"skill": skill.name, "character": character, "country": country, "source": source,
                "kind": skill.kind, "awaken": skill.awaken, "hidden": skill.hidden, "limited": skill.limited,
                "built": skill.name in built}

    rows = []
    for identity, skills in r.identity_skills.items():
        country = "群" if identity in others else None
        rows += [row(s, identity, country, "identity") for s in skills]
    for character in r.characters.values():
        rows += [row(s, character.name, character.country, "character") for s in character.skills]
    return rows


def random_seats(rng: random.Random, built: set[str] | None = None, prefer: Sequence[str] = (),
                 chibi: bool = False) -> tuple[list[SeatSpec], list[str]]:
    """A random table of the 22 seats (ids ``P01`` … ``P22``) and the characters seated though not
    fully built. With ``built``, characters are drawn among the built ones where the slot has any
    (the bots' tables, tianting.bots.play); without, among all, ``prefer`` seated first where their slot
    allows (random legal play, tianting.randomplay; a preferred 群雄 makes the 群 seat its identity). The
    draws are those each caller always made.
    ``chibi``: the bots' table offers 『角色技能·赤壁之戰』's forms too (``simulate --chibi``)."""
    r = roster()
    sets = (CHIBI,) if chibi else ()
    slots = [(country, identity) for country in COUNTRIES for identity in COUNTRY_SEATS]
    drawn = rng.choice(OTHER_IDENTITIES)
    # A preferred 群雄 character takes the 群 seat's identity (the draw is still made: other games
    # draw the same as before).
    wanted_others = [i for c in prefer for i in OTHER_IDENTITIES if c in r.choices(OTHERS, i, include_extras=True)]
    slots.append((OTHERS, wanted_others[0] if wanted_others else drawn))
    rng.shuffle(slots)
    seats: list[SeatSpec] = []
    if built is not None:
        taken_set: set[str] = set()
        unbuilt: list[str] = []
        for number, (country, identity) in enumerate(slots, start=1):
            free = [c for c in r.choices(country, identity, sets=sets) if r.characters[c].base not in taken_set]
            good = [c for c in free if c in built]
            character = rng.choice(good or free)
            if character not in built:
                unbuilt.append(character)
            taken_set.add(r.characters[character].base)
            seats.append(SeatSpec(f"P{number:02d}", country, identity, character))
        return seats, unbuilt
    taken: list[str] = []
    chosen: dict[int, str] = {}
    for wanted in prefer:
        for i, (country, identity) in enumerate(slots):
            if i not in chosen and wanted in r.choices(country, identity, include_extras=True) \
                    and r.characters[wanted].base not in taken:
                chosen[i] = wanted
                taken.append(r.characters[wanted].base)
                break
    for number, (country, identity) in enumerate(slots, start=1):
        character = chosen.get(number - 1)
        if character is None:
            options = [c for c in r.choices(country, identity) if r.characters[c].base not in taken]
            character = rng.choice(options)
            taken.append(r.characters[character].base)
        seats.append(SeatSpec(f"P{number:02d}", country, identity, character))
    return seats, []


@cache
def built_characters() -> frozenset[str]:
    """Characters every one of whose skills the engine implements (the skills a game registers)."""
    probe = KK33Game.create([SeatSpec("_", "魏", "君主", "曹操")], 0)
    skills = set(probe.skills)
    return frozenset(c.name for c in roster().characters.values() if all(s.name in skills for s in c.skills))


def character_skill(name: str) -> Any:
    """The class that builds the character skill ``name`` (None if not built): its public declarations
    (targets, extra uses) for the bots."""
    from tianting.rules.kk33.characters import CHARACTER_SKILLS

    return CHARACTER_SKILLS.get(name)


def offered_characters() -> set[str]:
    """Every character a setup may offer (any kingdom seat, any 群 identity)."""
    r = roster()
    offered: set[str] = set()
    for country in COUNTRIES:
        for identity in set(COUNTRY_SEATS):
            offered.update(r.choices(country, identity))
    for identity in OTHER_IDENTITIES:
        offered.update(r.choices(OTHERS, identity))
    return offered


def interactions(tests_dir: Any, built: frozenset[str], as_json: bool) -> str:
    """``tianting skills --interactions``: the pairs of skills whose texts name another character."""
    from tianting.rules.kk33.interactions import interaction_matrix, render_matrix

    return render_matrix(interaction_matrix(roster(), tests_dir, built), as_json=as_json)


def _bot_game(seed: int, policy: Any, seats: Sequence[Any] | None, max_phases: int, chibi: bool = False) -> Any:
    from tianting.bots.play import play_game  # KK 3.3's bots live above rules/

    return play_game(seed, policy, seats, max_phases, chibi=chibi)


@dataclass(frozen=True, eq=False)
class RuleSet:
    """KK 3.3 behind the rule-set interface (:class:`tianting.rules.interface.RuleSet`)."""

    name: str = "kk33"
    title: str = "KK規則3.3版"
    script: str = "traditional"
    """The rule set's own Chinese script: 'traditional' or 'simplified'."""
    players: int = 22
    partial_tables: bool = True
    targetless_effects: tuple[str, ...] = kk33_rulings.TABLE.targetless_effects()
    """Ruling effects that name no ``target`` (``announce``: the judge's line in the public post)."""
    text_effects: tuple[str, ...] = kk33_rulings.TABLE.text_effects()
    """Ruling effects whose ``text`` the engine reads."""
    """``run`` seats fewer than 22 (R23: tests, small examples; the missing countries are no sides)."""
    game: type[KK33Game] = KK33Game
    seat: type[SeatSpec] = SeatSpec
    """A seat of a script (id, country, identity, character), as ``game.create`` takes them."""
    setup_error: type[SetupError] = SetupError
    """What ``game.create`` raises on a bad table (``index``, ``message``)."""
    judge_only: tuple[str, ...] = views.JUDGE_ONLY
    """Announcement fields the transcript keeps for the judge but players never see."""
    countries: tuple[str, ...] = COUNTRIES
    """The kingdoms, in the rules' order."""
    others: str = OTHERS
    """The side outside the kingdoms (群)."""
    identities: tuple[str, ...] = IDENTITIES
    country_seats: tuple[str, ...] = COUNTRY_SEATS
    other_identities: tuple[str, ...] = OTHER_IDENTITIES
    rebels: str = REBELS
    """The 黃巾頭領's side, a winner of its own."""
    joint_markers: dict[str, str] = field(default_factory=lambda: dict(JOINT_MARKERS))
    """群 identities that win beside a kingdom, and the marker they win with."""
    victory_markers: tuple[str, ...] = (*COUNTRIES, *JOINT_MARKERS.values(), REBELS)
    day_inputs: tuple[str, ...] = ()
    options: tuple[str, ...] = ("chibi",)
    """Table options a setup may take (``chibi``: 『角色技能·赤壁之戰』, R29)."""
    judge_rules_skills: bool = False
    """Character skills are the judge's to rule (the 24人 rules' pack), not unbuilt engine skills."""
    character_choice: bool = True
    """Players choose their character among ``choices`` at setup (the 24人 rules deal them)."""
    views: Any = field(default_factory=lambda: SimpleNamespace(
        player_view=views.player_view, public_announcement=views.public_announcement,
        assemble_view=views.assemble_view, skill_rows=views._skill_rows, row=views._row,
        offered_parts=views.offered_parts, shown_skills=views.shown_skills, taken_from_key=FROM_KEY))
    """The per-player view's parts (tianting.bots.viewcache builds views incrementally from them)."""
    random_seats: Callable[..., tuple[list[SeatSpec], list[str]]] = random_seats
    offered_characters: Callable[[], set[str]] = offered_characters
    built_skills: Callable[[], frozenset[str]] = built_skills
    built_characters: Callable[[], frozenset[str]] = built_characters
    character_skill: Callable[[str], Any] = character_skill
    bot_game: Callable[..., Any] = _bot_game
    interactions: Callable[..., str] | None = interactions
    """``skills --interactions``: the interaction matrix (KK 3.3's; None where a rule set has none)."""
    """One whole game played by bots (tianting.simulate): ``bot_game(seed, policy, seats, max_phases)``."""

    def roster(self) -> Any:
        return roster()

    def player_view(self, game: Any, pid: str) -> dict[str, Any]:
        """What one player may see of a game in progress (the rules' own per-player view)."""
        return views.player_view(game, pid)

    def seats(self) -> list[tuple[str, str, tuple[str, ...]]]:
        """The 21 kingdom seats and one 群 seat per 群 identity (a game seats one of the three)."""
        r = roster()
        out = [(c, i, tuple(r.choices(c, i))) for c in COUNTRIES for i in COUNTRY_SEATS]
        return out + [(OTHERS, i, tuple(r.choices(OTHERS, i))) for i in OTHER_IDENTITIES]

    def draw_setup(self, ids: Sequence[str], seed: int, chibi: bool = False) -> dict[str, Any]:
        return draw_setup(ids, seed, chibi)

    def country_names(self) -> NameTable:
        return COUNTRY_NAMES

    def identity_names(self) -> NameTable:
        return IDENTITY_NAMES

    def skill_names(self) -> NameTable:
        return roster().all_skill_names

    def skill_rows(self) -> list[dict[str, Any]]:
        return skill_rows()

    def ruling_effects(self) -> tuple[str, ...]:
        return kk33_rulings.EFFECTS

    def phase_inputs(self, game: Any, spot: Any) -> list[Any]:
        """None: KK 3.3 takes no digit from players (its draws are the judge's, recorded)."""
        return []

    def check_rulings(self, game: Any, rulings: Sequence[Ruling]) -> list[tuple[int, str]]:
        return kk33_rulings.check(game, rulings)

    def names(self, game: Any) -> NameTable:
        """The names a script's ``skill`` may use in ``game`` (as the runner always read them)."""
        return game.roster.all_skill_names

    def judge_uses(self, game: Any, index: int, accepted_at: Sequence[int], trace: Sequence[str]) -> list[dict[str, Any]]:
        """What came of each action of phase ``index`` of ``game`` (played through it), for the judges' pages only:
        read from the game's history, where each reason was recorded as it was decided
        (:func:`tianting.rules.kk33.outcomes.phase_uses`; ``trace`` is not read). Not ``phase_uses``: KK 3.3's
        transcript has no ``uses`` and keeps its bytes (tests/test_kk33_golden.py). ``accepted_at``: the script
        indices in the order their actions resolved (``script.resolution_order``); the rows come in the script's order
        (a use the night made of one, ``action`` None, after them)."""
        rows = kk33_outcomes.phase_uses(game.state.history, index, accepted_at)
        return sorted(rows, key=lambda u: (u["action"] is None, u["action"] or 0))


RULESET = RuleSet()
