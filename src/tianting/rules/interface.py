"""The rule-set interface: what every layer above ``rules/`` may use of a rule set, and nothing more.

A rule set is a package of :mod:`tianting.rules` whose ``RULESET`` satisfies :class:`RuleSet`; its
games satisfy :class:`Game`. docs/dev/ruleset-interface.md says which parts KK 3.3 (``kk33``) and the
24人 rules (``sg24``) satisfy today, and the migration plan for the layers that still import ``kk33``
by name (script, setup, testing, bots, simulate, randomplay, coverage, hosting, server).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol, runtime_checkable

from tianting.core.decisions import DecisionBook
from tianting.core.names import NameTable
from tianting.core.records import Action, Feedback, PhaseResult, Ruling
from tianting.core.state import GameState, PhaseKind, Player


@dataclass(frozen=True)
class PhaseSpot:
    """Where a hosted game stands, as a rule set's :meth:`RuleSet.phase_inputs` reads it: the current phase's
    ``kind`` (``night``/``day``), the ``stage`` (``open``: players are sending; ``draft``: the judge is ruling on the
    engine's draft) and the judge's ``rulings`` on it so far (game-script.md ``rulings``, as made)."""

    kind: str
    stage: str
    rulings: Sequence[Mapping[str, Any]] = ()


@dataclass(frozen=True)
class Owed:
    """One value a player owes the phase: the ``number``-th of the player's (from 1, the order their page shows),
    stored at ``field[player]`` (``slot`` None) or ``field[player][slot]`` (e.g. the opponent's id);
    ``ruling``: the index of the judge's ruling that asked for it (withdrawing that ruling is refused once a
    value is given), or None."""

    player: str
    number: int = 1
    slot: str | None = None
    ruling: int | None = None


@dataclass(frozen=True)
class MessageReader:
    """How a player's private message gives the input (hosting's one digit reader, parameterised): ``word`` the
    rule's word a message says (「拼點」, 「傷判」); ``clause`` True: the value is read only from a clause that
    says ``word`` and the rest of the message is read as the phase's other business (a day's vote), False: the
    whole message is the input's; ``ordinals``: 「第二次……」 names which of several the player owes."""

    word: str
    clause: bool = False
    ordinals: bool = True


@dataclass(frozen=True)
class InputTexts:
    """What the input's refusals and reminders say, in Traditional as hosting's messages are (the pages put them
    in the rule set's script). Placeholders: ``{label}``, ``{count}``, ``{player}``, ``{slot}``."""

    not_owed: str
    """A value from a player who owes none now (409)."""
    out_of_range: str = "{label}須為0至9的整數"
    which: str = "請指明第幾次{word}（1至{count}）"
    """A player who owes several did not say which (422)."""
    withdrawn: str = ""
    """Refusal to withdraw the ruling an already given value answers (409)."""
    missing: str = "{player} 尚未給出{label}"
    """The judge's reminder of a value not given (the console's 「what needs you now」)."""
    not_today: str = "{player}現在沒有{word}：私訊裡的{label}不會記錄"
    """Said of a private message giving a value its sender does not owe."""
    recorded: str = "{label}"
    """How a reading's summary names one value: ``{number}`` and the value follow."""
    twice: str = "同一項{word}只能記錄一個數字"
    """A judge's confirmation giving one slot two values (422)."""
    not_yet: str = "現在沒有等待數字的{word}（這則私訊的{label}不會記錄）"
    """Said of a message that says the input's word while the phase does not yet take it (a draft input while the
    phase is open)."""
    stale: str = "讀取這則私訊之後，{player}的{word}已有變動：這次確認沒有記錄任何數字，請重新讀取私訊再確認"
    """A judge's confirmation from a page that no longer shows what the player owes as it is (409)."""


@dataclass(frozen=True)
class PhaseInput:
    """An input a phase takes from players beyond actions and votes (the 24人 rules' 傷判 digit, 鼎立三分2.0's
    拼點 digits), declared by the rule set and rendered, checked, stored and read by hosting and the server from
    this declaration alone (they name no rule set's input).

    The stored event is ``digit`` (``{key: value, number_key: n}`` from the player, ``slot_key`` naming the slot
    from a judge); the value goes to the phase's ``field`` (game-script.md ``digits``: ``{player: value}`` or
    ``{player: {slot: value}}``), so the stored events and the game script are what they were."""

    name: str
    """What the input is (``wound``, ``contest``): a private message's reading has this ``kind`` (draft inputs)."""
    stage: Literal["open", "draft"]
    """When players give it: while the phase is ``open`` (in time), or while its ``draft`` awaits it (each value
    re-drafts the phase)."""
    owed: tuple[Owed, ...]
    """Who owes what now (empty: the phase takes the input, nobody owes it)."""
    label: str
    """The value's name on a page and in refusals (「傷判數字」, 「拼點數字」)."""
    heading: str
    """The page's heading for the input (「傷判」, 「拼點」)."""
    help: str
    """The player page's line, ``{count}`` the values owed (``{which}``: 「這次」/「每一次」)."""
    item: str
    """One of several on a page: 「第{number}次拼點的數字」."""
    reader: MessageReader
    texts: InputTexts
    values: range = range(0, 10)
    field: str = "digits"
    key: str = "digit"
    number_key: str | None = None
    """The player's event key naming which of theirs (1, 2 …): ``contest``; None: one each."""
    slot_key: str | None = None
    """The judge's event key naming the slot itself (the opponent): ``against``."""
    view_key: str = ""
    """The player view's key (``open[view_key]``): a list of ``{"number", key}`` when values have slots, else
    True beside ``open[key]``."""
    section: bool = False
    """The player page shows it in a card of its own (True) or under the phase's form."""
    ruling: str | None = None
    """The judge's ruling effect that asks for the values (鼎立三分2.0's ``contest``): set with the ``console``'s own
    form, so the general ruling form leaves it out."""
    console: str = ""
    """The judges' console section for the input, a template of the rule set's own (``<rules>/templates/``, named
    ``"<rules>/<file>"``), or "" for none."""
    message_page: str = ""
    """The judges' paste-a-private-message page while a draft awaits the input (a rule set's template, as
    ``console``)."""


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

    def phase_inputs(self, game: Game, spot: PhaseSpot) -> list[PhaseInput]:
        """The inputs the phase at ``spot`` takes from players beyond actions and votes, ``game`` the game before
        it (the published phases played): each with who owes it now. KK 3.3: none."""

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
