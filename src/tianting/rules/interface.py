"""The rule-set interface: what every layer above ``rules/`` may use of a rule set, and nothing more.

A rule set is a package of :mod:`tianting.rules` whose ``RULESET`` satisfies :class:`RuleSet`; its
games satisfy :class:`Game`. docs/dev/ruleset-interface.md says which parts KK 3.3 (``kk33``) and the
24人 rules (``sg24``) satisfy today, and the migration plan for the layers that still import ``kk33``
by name (script, setup, testing, bots, simulate, randomplay, coverage, hosting, server).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from tianting.core.decisions import DecisionBook
from tianting.core.names import NameTable
from tianting.core.records import Action, Feedback, PhaseResult, Ruling
from tianting.core.state import GameState, PhaseKind, Player


@runtime_checkable
class Game(Protocol):
    """A game in progress: checks inputs, resolves phases, reports the truth. Pure: no I/O."""

    rules: str
    state: GameState
    results: list[PhaseResult]

    @property
    def phase(self) -> PhaseKind: ...

    @property
    def number(self) -> int: ...

    def can_act(self, player: Player) -> bool:
        """May the player act now (not wounded, not silenced …)."""

    def check_action(self, action: Action, accepted: Sequence[Action]) -> None:
        """Raise ``IllegalAction`` (a message in the rule set's Chinese) unless ``action`` may join ``accepted``."""

    def check_vote(self, voter: str, target: str) -> None:
        """Raise ``IllegalAction`` unless the vote may be cast (a void vote is legal: it is counted as void)."""

    def resolve_night(self, actions: Sequence[Action], book: DecisionBook | None = None,
                      last_words: dict[str, str] | None = None, judged: Sequence[Ruling] = ()) -> PhaseResult:
        """Resolve the night of checked ``actions``; ``judged``: the judge's rulings (core/effects.py)."""

    def resolve_day(self, votes: dict[str, str], book: DecisionBook | None = None,
                    judged: Sequence[Ruling] = ()) -> PhaseResult:
        """Resolve the day. A rule set may take more keyword inputs, named in :attr:`RuleSet.day_inputs`
        (sg24: ``digits``, game-script.md)."""

    def night_start_feedback(self) -> dict[str, list[Feedback]]:
        """What each player is told as the night opens (a killer's stabs tonight …)."""

    def truth_players(self) -> dict[str, dict[str, Any]]:
        """``truth.players`` of the transcript: id → country, identity, character, status (+ rule-set fields)."""

    def passive_warnings(self) -> list[str]:
        """Passive skills in play that the engine does not resolve (built later, or left to the judge)."""

    def rule_text(self, pid: str, skill: str) -> str:
        """The rule text of a skill as ``pid`` reads it ("" if none)."""

    def peace_agreed(self, proposer: str, agreed: Sequence[str]) -> str | None:
        """None if a 議和 proposal is agreed as the rules require, else why not."""

    def declare_peace(self, reason: str) -> None:
        """End the game in peace (no winner)."""


class GameFactory(Protocol):
    def create(self, seats: Sequence[Any], seed: int) -> Game:
        """A new game at night 1 from checked seats (``SeatSpec``: id, country, identity, character);
        raises a ``SetupError`` with ``index`` (the bad seat) and ``message``."""


@runtime_checkable
class RuleSet(Protocol):
    """The ``RULESET`` of a rule-set package: everything the upper layers need, by name of the rule set."""

    name: str
    title: str
    script: str
    """'traditional' or 'simplified': the rule set's own script (pages, feedback)."""
    players: int
    game: GameFactory
    judge_only: tuple[str, ...]
    """Announcement fields the transcript keeps for the judge and players never see."""
    victory_markers: tuple[str, ...]
    """The sides a game can end with (simulate's statistics): countries, joint wins, 議和."""
    day_inputs: tuple[str, ...]
    """Extra per-day script fields the rule set reads (sg24: ``digits``), passed to ``resolve_day``."""
    seat: Any
    """The seat record ``game.create`` takes: ``seat(id, country, identity, character)``."""
    setup_error: type[Exception]
    """What ``game.create`` raises on a bad table (``index``: the seat, ``message``)."""
    countries: tuple[str, ...]
    """The kingdoms, in the rules' order."""
    others: str
    """The side outside the kingdoms (KK 3.3's 群, the 24人 rules' 在野)."""
    identities: tuple[str, ...]
    character_choice: bool
    """Players choose their character at setup (KK 3.3), or the rules deal it (the 24人 rules)."""
    judge_rules_skills: bool
    """Character skills are data the judge rules (the 24人 rules' pack), not engine skills built or not."""
    views: Any
    """The view's parts: ``player_view``, ``public_announcement`` (and KK 3.3's incremental pieces)."""
    options: tuple[str, ...]
    """Table options a setup may take (KK 3.3: ``chibi``)."""

    def random_seats(self, rng: Any, built: Any = None, prefer: Sequence[str] = ()) -> tuple[list[Any], list[str]]:
        """A random table (ids ``P01`` …) and the characters seated though not fully built."""

    def built_skills(self) -> frozenset[str]:
        """The skills the engine resolves."""

    def built_characters(self) -> frozenset[str]:
        """Characters every one of whose skills the engine resolves."""

    def offered_characters(self) -> set[str]:
        """Every character a setup may seat."""

    def bot_game(self, seed: int, policy: Any, seats: Sequence[Any] | None, max_phases: int) -> Any:
        """One whole game played by the rule set's bots: a ``tianting.bots.record.GameRecord`` (simulate)."""

    def names(self, game: Game) -> NameTable:
        """The names a script's ``skill`` may use in ``game`` (its skills, general actions, decisions)."""

    def seats(self) -> list[tuple[str, str, tuple[str, ...]]]:
        """The seat template: (country, identity, characters one may choose) per seat, in the rules' order."""

    def draw_setup(self, ids: Sequence[str], seed: int) -> dict[str, Any]:
        """A game script's start for ``ids`` (countries, identities, choices drawn with ``seed``, recorded)."""

    def country_names(self) -> NameTable:
        """Countries a script's ``country`` may name (any script)."""

    def identity_names(self) -> NameTable:
        """Identities a script's ``identity`` may name."""

    def skill_names(self) -> NameTable:
        """Every name a script's ``skill`` or decision may use (general actions included)."""

    def skill_rows(self) -> list[dict[str, Any]]:
        """``tianting skills``: skill, character, country, kind, timing, built (engine-resolved or judge-ruled)."""

    def ruling_effects(self) -> tuple[str, ...]:
        """The judge's ruling effects the rule set applies (core.effects.RULING_EFFECTS or more)."""

    def check_rulings(self, game: Game, rulings: Sequence[Ruling]) -> list[tuple[int, str]]:
        """(index, message) of each ruling that cannot apply now."""

    def player_view(self, game: Game, pid: str) -> Mapping[str, Any]:
        """What ``pid`` may see (a leak is a security bug).

        Optional, not part of the protocol (read with ``getattr``; docs/dev/ruleset-interface.md lists the
        optional members): ``successor_rows(game, pid, submitted)`` — once ``pid``'s night list as sent so far
        (``submitted``, checked ``Action``s) holds a suicide that takes effect at once, the successor(s) ``pid``
        plays for the rest of the night, one row each (``character``, ``identity``, ``branch``, ``label``,
        ``notice``, ``skills`` as ``player_view``'s); ``[]`` before. ``pid``'s own information (dingli2 only).
        ``submission_extension(game, lists, day_lists, void)`` — as a hosted night's submission stage ends, None or
        the extra time some ids get (``players``, ``minutes``, ``reports``: what each user learns, theirs alone;
        dingli2's 巧设反间, ruling D-A7)."""
