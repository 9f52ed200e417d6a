"""The game model shared by every rule set: players, alliances, the game state.

State is plain data. Rule sets change it only inside their resolution
stages; everything a player may see is derived from it by views.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from tianting.core.rng import GameRandom


class Status(StrEnum):
    """A player's status, spelled as in the transcript."""

    ALIVE = "alive"
    INJURED = "injured"  # 受傷
    OUT = "out"  # 出局


class PhaseKind(StrEnum):
    NIGHT = "night"
    DAY = "day"


_PHASE_KINDS = (PhaseKind.NIGHT, PhaseKind.DAY)
"""Enum members read once, here and below: reading one off its class is slow in Python 3.11
(``EnumType.__getattr__``), and these are read in the innermost loops."""


def phase_kind(index: int) -> PhaseKind:
    """The game starts at night 1: even indices are nights, odd ones days."""
    return _PHASE_KINDS[index % 2]


def next_of(index: int, kind: PhaseKind) -> int:
    """The index of the first phase of ``kind`` after phase ``index``: 「次日」 (``PhaseKind.DAY``) and
    「次夜」 (``PhaseKind.NIGHT``) mean the next day and the next night whether the skill that says so
    acts at night or by day (a night's skill set off at the vote, 奇襲, 緩釋)."""
    return index + 1 if _PHASE_KINDS[(index + 1) % 2] is kind else index + 2


def next_day(index: int) -> int:
    """「次日」: the first day after phase ``index``."""
    return next_of(index, _PHASE_KINDS[1])


def next_night(index: int) -> int:
    """「次夜」: the first night after phase ``index``."""
    return next_of(index, _PHASE_KINDS[0])


def phase_number(index: int) -> int:
    """Night 1 is index 0, day 2 index 1, night 2 index 2, day 3 index 3 …"""
    return index // 2 + 1 if index % 2 == 0 else (index + 1) // 2 + 1


class Clocked:
    """A game's phase and its number, read from its state's index (every rule set's game: the interface's
    ``Game.phase`` and ``Game.number``)."""

    state: GameState

    @property
    def phase(self) -> PhaseKind:
        return phase_kind(self.state.index)

    @property
    def number(self) -> int:
        return phase_number(self.state.index)


_OUT, _INJURED = Status.OUT, Status.INJURED  # read once (see _PHASE_KINDS)
_ATOMS = frozenset({str, int, bool, float, type(None), Status})
"""Types ``copy.deepcopy`` returns as they are."""


def _deepcopy_plain(value: Any, memo: dict[int, Any]) -> Any:
    """``copy.deepcopy(value, memo)``, with plain dicts and lists of plain data copied directly.

    The same result as ``copy.deepcopy`` (shared containers stay shared through ``memo``), at
    a fraction of its cost for the JSON-like data a state mostly holds; anything else is left
    to ``copy.deepcopy``. A dict or list holding atoms only (most do: a player's skills, markers …)
    is copied whole (``value.copy()``: the same entries in the same order, as the entry-by-entry copy
    would make them, there being nothing inside to copy or to share)."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is dict or kind is list:
        done = memo.get(id(value))
        if done is not None:
            return done
        atoms = _ATOMS  # atoms are taken as they are here, without a call (most entries are)
        if kind is dict:
            for k, v in value.items():
                if type(k) not in atoms or type(v) not in atoms:
                    break
            else:
                done = memo[id(value)] = value.copy()
                return done
            new_dict: dict[Any, Any] = {}
            memo[id(value)] = new_dict
            for k, v in value.items():
                new_dict[k if type(k) in atoms else _deepcopy_plain(k, memo)] = \
                    v if type(v) in atoms else _deepcopy_plain(v, memo)
            return new_dict
        for v in value:
            if type(v) not in atoms:
                break
        else:
            done = memo[id(value)] = value.copy()
            return done
        new_list: list[Any] = []
        memo[id(value)] = new_list
        new_list.extend(v if type(v) in atoms else _deepcopy_plain(v, memo) for v in value)
        return new_list
    copier = _FIELDWISE.get(kind)
    if copier is not None:  # what copy.deepcopy does to them, without its dispatch
        done = memo.get(id(value))
        return done if done is not None else copier(value, memo)
    return copy.deepcopy(value, memo)


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(kind: type) -> tuple[str, ...]:
    """The fields of a dataclass of the state, in order (read once per class: fixed data)."""
    found = _FIELD_NAMES.get(kind)
    if found is None:
        found = _FIELD_NAMES[kind] = tuple(f.name for f in dataclasses.fields(kind))
    return found


def _set_fields(new: Any, fields: dict[str, Any]) -> None:
    """Set a new object's attributes one by one, in the fields' order, as its ``__init__`` would."""
    for k, v in fields.items():
        setattr(new, k, v)


_COPIER_FIELD = """\
    v = obj.{name}
    t = type(v)
    if t not in atoms:
        done = memo.get(id(v))
        if done is None:
            if t is list:
                for x in v:
                    if type(x) not in atoms:
                        done = plain(v, memo)
                        break
                else:
                    done = memo[id(v)] = v.copy()
            elif t is dict:
                for k, x in v.items():
                    if type(k) not in atoms or type(x) not in atoms:
                        done = plain(v, memo)
                        break
                else:
                    done = memo[id(v)] = v.copy()
            else:
                done = plain(v, memo)
        v = done
    new.{name} = v
"""


_Copier = Callable[[Any, dict[int, Any]], Any]
_COPIERS: dict[type, _Copier] = {}
"""The copier of each class, written once (fixed data: what ``functools.cache`` kept before; a dict
because mypy takes a dataclass's class for unhashable)."""


def _copier(kind: type) -> _Copier:
    """:func:`_write_copier` of ``kind``, written on first use."""
    found = _COPIERS.get(kind)
    if found is None:
        found = _COPIERS[kind] = _write_copier(kind)
    return found


def _write_copier(kind: type) -> _Copier:
    """The function :func:`_deepcopy_fields` runs for a plain dataclass ``kind``: its fields read and set
    in order, written out once per class (as ``dataclasses`` writes ``__init__``) instead of a loop of
    ``getattr``/``setattr`` calls by name. It gives exactly what that loop gave: an atom is taken as it is,
    a container already copied is its copy (``memo``), a dict or list of atoms only (most: a player's
    skills, markers …) is copied whole as :func:`_deepcopy_plain` would copy it, anything else goes
    through :func:`_deepcopy_plain`; the copy's attributes are set in the fields' order, as ``__init__``
    sets them."""
    names = _field_names(kind)
    assert all(name.isidentifier() for name in names)  # (dataclass fields are)
    body = "".join(_COPIER_FIELD.format(name=name) for name in names)
    source = f"def copy(obj, memo):\n    new = new_object(cls)\n    memo[id(obj)] = new\n{body}    return new\n"
    scope: dict[str, Any] = {"new_object": object.__new__, "cls": kind, "atoms": _ATOMS, "plain": _deepcopy_plain}
    exec(compile(source, f"<copier of {kind.__qualname__}>", "exec"), scope)  # noqa: S102 (fixed text, field names)
    written: _Copier = scope["copy"]
    return written


def _deepcopy_fields(obj: Any, memo: dict[int, Any]) -> Any:
    """What ``copy.deepcopy`` does to a plain (dict-based) dataclass, through :func:`_deepcopy_plain`
    (by the class's :func:`_copier`).

    Reads the fields by name, never ``obj.__dict__``: in CPython 3.11 reading an object's ``__dict__``
    turns its inline attribute values into a dict, and every later read of its attributes costs more
    (a snapshot before every night of a game with 肝腸寸斷 did so to the live state and every player:
    about 3.5 % of the random bots' instructions). The copy is filled the same way, field by field.
    So an attribute set on such an object beside its fields would not be copied: none is (the skills
    keep their memos in ``state.extra`` and ``KK33Game.memos``)."""
    return _copier(type(obj))(obj, memo)


@dataclass
class Player:
    """One seat at the table."""

    id: str
    """The forum id: the public handle."""
    seat: int
    """Position in the script's player list; the tie-break of every ordering."""
    country: str
    identity: str
    character: str
    """The current character form (a lord changes it on 轉生)."""
    status: Status = Status.ALIVE
    wounded_at: int | None = None
    """Phase index at which the current wound was taken."""
    hp: int = 1
    """Deaths the player can take before leaving (太平要術 makes it 2)."""
    life: int = 0
    """For lords: 0 first character, 1 after 轉生; successors are marked in ``successor``."""
    successor: bool = False
    """A 新任君主 named by 託孤: their death eliminates the country."""
    markers: dict[str, int] = field(default_factory=dict)
    used: dict[str, int] = field(default_factory=dict)
    """Limited skills consumed, by name."""
    skills: list[str] = field(default_factory=list)
    """Character skills currently held (learned and lost ones included)."""
    known: dict[str, str] = field(default_factory=dict)
    """Characters this player has learned through 互識 and similar, by id."""
    granted: dict[str, int] = field(default_factory=dict)
    """One-time use rights (一次性使用權) of skills the player does not hold, by name."""

    @property
    def alive(self) -> bool:
        return self.status is not _OUT

    def __deepcopy__(self, memo: dict[int, Any]) -> Player:
        copied: Player = _deepcopy_fields(self, memo)  # the same copy, faster (a night's snapshot)
        return copied

    @property
    def injured(self) -> bool:
        return self.status is _INJURED

    def marker(self, name: str) -> int:
        return self.markers.get(name, 0)


@dataclass
class Alliance:
    """Two countries allied from phase ``start`` through phase ``end`` (indices)."""

    countries: tuple[str, str]
    start: int
    end: int

    def active(self, index: int) -> bool:
        return self.start <= index <= self.end

    def joins(self, a: str, b: str) -> bool:
        return {a, b} == set(self.countries)


@dataclass
class Effect:
    """Something a skill set up for a later phase (次日, 次夜 …)."""

    kind: str
    """What it does, in the rule set's vocabulary (e.g. ``votes-void-against``)."""
    at: int
    """The phase index it applies to."""
    owner: str
    """The id whose skill made it."""
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class GameState:
    """Everything the judge knows about a game in progress."""

    rules: str
    seed: int
    rng: GameRandom
    players: dict[str, Player]
    index: int = 0
    """Index of the next phase to resolve."""
    alliances: list[Alliance] = field(default_factory=list)
    eliminated: list[str] = field(default_factory=list)
    """Countries eliminated (滅國), in order."""
    vote_binds: dict[str, str] = field(default_factory=dict)
    """亂花 and the like: voter id → id their next vote counts for."""
    vote_bind_conflicts: list[str] = field(default_factory=list)
    over: bool = False
    winners: list[str] = field(default_factory=list)
    peace: bool = False
    effects: list[Effect] = field(default_factory=list)
    """Effects scheduled for later phases."""
    history: list[dict[str, Any]] = field(default_factory=list)
    """Per resolved phase: the actions that resolved and what came of them."""
    extra: dict[str, Any] = field(default_factory=dict)
    """Rule-set specific state, keyed by the rule set's own names."""
    skills_changed: list[str] = field(default_factory=list)
    """A log of the changes to players' ``skills`` lists: the id of the player whose list changed, added
    wherever a rule set changes one (KK 3.3: ``skillbook.gain``/``lose``/``expire``, 轉生). What is read off
    the lists and kept (KK 3.3's tables of who holds which skills, ``KK33Game.holders``) is read again for
    the players logged since. No rule reads it."""

    def __deepcopy__(self, memo: dict[int, Any]) -> GameState:
        copied: GameState = _deepcopy_fields(self, memo)  # the same copy, faster (a night's snapshot)
        return copied

    def snapshot(self, rng: bool = True, past_effects: bool = True) -> GameState:
        """A copy to go back to (a night resolved again): ``copy.deepcopy(self)``, except that the
        entries of ``history`` are shared. They are written once per resolved phase and only read
        afterwards, so the copy behaves the same, at a cost that does not grow with the game.
        ``rng=False``: the copy holds this state's generator itself, not a copy (for a caller that
        puts the generator it goes on drawing from back into the copy before using it).
        ``past_effects=False``: the effects whose phase is over (``at`` before ``index``) are shared
        too, like the history's entries (the list holding them is copied): no rule changes an effect
        once its phase has passed, and they pile up over a game (every 次日, 次夜 …)."""
        memo: dict[int, Any] = {}
        new = object.__new__(type(self))
        memo[id(self)] = new
        fields: dict[str, Any] = {}
        for k in _field_names(type(self)):  # not self.__dict__: see _deepcopy_fields
            v = getattr(self, k)
            if k == "history" and type(v) is list:
                fields[k] = memo[id(v)] = list(v)
            elif k == "rng" and not rng:
                fields[k] = memo[id(v)] = v
            elif k == "effects" and not past_effects and type(v) is list:
                index, effect_type = self.index, Effect
                kept: list[Any] = []
                fields[k] = memo[id(v)] = kept
                for e in v:
                    if type(e) is effect_type and e.at < index:
                        kept.append(memo.setdefault(id(e), e))
                    else:
                        kept.append(_deepcopy_plain(e, memo))
            else:
                fields[k] = _deepcopy_plain(v, memo)
        _set_fields(new, fields)
        return new

    def player(self, pid: str) -> Player:
        return self.players[pid]

    def living(self) -> list[Player]:
        return [p for p in self.players.values() if p.status is not _OUT]

    def effects_at(self, kind: str, index: int | None = None) -> list[Effect]:
        at = self.index if index is None else index
        return [e for e in self.effects if e.at == at and e.kind == kind]

    def allied(self, a: str, b: str, index: int | None = None) -> bool:
        at = self.index if index is None else index
        return any(al.joins(a, b) and al.active(at) for al in self.alliances)


_FIELDWISE = {kind: _copier(kind) for kind in (Player, Alliance, Effect, GameState)}
"""The plain (dict-based) dataclasses of a state, which :func:`_deepcopy_plain` copies field by
field itself (each by its :func:`_copier`): what ``copy.deepcopy`` does to them, at a fraction of its cost."""
