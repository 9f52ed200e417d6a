"""A KK 3.3 game: setup checks, the action rules and the phase loop.

This is the rule set's one entry point for the script runner, the tests,
the server and the bots: create a game from its players, check actions as
they come, resolve nights and days, read the results.
"""

from __future__ import annotations

import copy
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager
from functools import cache
from typing import Any

from tianting.core import ballot, canonical, effects
from tianting.core.canonical import listed
from tianting.core.decisions import DecisionBook
from tianting.core.errors import IllegalAction, SetupError
from tianting.core.records import Action, Feedback, PhaseResult, Ruling, SeatSpec, make_action
from tianting.core.rng import GameRandom
from tianting.core.skills import Kind, Skill, SkillIndex, Source, TargetRule, Use, first_reason
from tianting.core.state import (
    Clocked,
    GameState,
    PhaseKind,
    Player,
    Status,
    phase_kind,
    phase_number,
)
from tianting.core.usertext import shown
from tianting.rules.kk33 import deaths, texts, victory
from tianting.rules.kk33.characters import CHARACTER_SKILLS
from tianting.rules.kk33.day import Day
from tianting.rules.kk33.holders import HolderTables
from tianting.rules.kk33.identity import IDENTITY_SKILLS, SKILLS_OF_IDENTITY
from tianting.rules.kk33.night import Night
from tianting.rules.kk33.roster import (
    CHIBI,
    COUNTRIES,
    COUNTRY_SEATS,
    IDENTITIES,
    OTHER_IDENTITIES,
    OTHERS,
    SETS_KEY,
    Roster,
    load_roster,
)

# Enum members read once: reading one off its class is slow in Python 3.11 (EnumType.__getattr__),
# and these are read in the innermost loops (every check of an action or a vote, every player).
_OUT = Status.OUT
_PASSIVE = Kind.PASSIVE
_CHARACTER = Source.CHARACTER
_NOT_OFF = frozenset(("failed", "void"))
"""The states (values) of a use that did not go off (發動失敗, 失效/無效): those with a reason."""
_NIGHT, _DAY = PhaseKind.NIGHT, PhaseKind.DAY


PHASE_DRAWS = "phase_draws_from"
"""``state.extra[PHASE_DRAWS]``: where the draws of the phase now open begin, when some were made as it
began (:meth:`KK33Game.open_phase`); the phase's record lists them with its resolution's."""

NO_COUNTRY = ("方士", "神醫")
"""群雄 identities that are no side of the game (they win only jointly with a kingdom)."""


@cache
def roster() -> Roster:
    """The packaged roster (read-only data, loaded once)."""
    return load_roster()


def _history_entries(uses: Iterable[Use]) -> list[dict[str, Any]]:
    """Each use as the history keeps it: the action as submitted (``Action.as_json``) with its final
    targets, then its state, then ``implicit`` for a passive skill at work.

    One loop for a phase's uses (a night has dozens), reading the fields directly: a use without
    redirects has the action's own targets (``Use.targets``), ``[*targets]`` is ``list(targets)`` without
    the call, and ``_value_`` is the state's ``.value`` without the enum property's cost."""
    out = []
    append = out.append
    for use in uses:
        action = use.action  # Action.as_json, with the final targets in the key's place
        entry: dict[str, Any] = {"actor": action.actor, "skill": action.skill,
                                 "targets": [*(use.targets if use.redirects else action.targets)]}
        if action.args:
            entry["args"] = dict(action.args)
        entry["state"] = state = use.state._value_
        if use.why and state in _NOT_OFF:
            entry["why"] = use.why  # recorded when decided (Use.decide): the judges' table's reason
        if use.implicit:
            entry["implicit"] = True
        append(entry)
    return out


def _release(phase: Any) -> None:
    """Empty a phase that is over (a night, a day and its day-action pass): nothing reads it again.

    Skills register their rules for a phase as closures over the phase (``night.stab_rules`` …), and a
    day and its day-action pass name each other: reference cycles, each holding the game. Left as they
    are, every phase of a game stays alive until the cyclic garbage collector finds it, and the whole
    game with it; emptied as they end, the phases, and the game once its last reference goes, are freed
    by their reference counts (a study's collection after each game then finds almost nothing to do).
    The phase's result is made before this (``_finish``) and holds copies, never the phase.
    """
    inner = phase.__dict__.get("actions")  # a day's actions pass (``Day.actions``: a DayActions or None)
    if inner is not None and hasattr(inner, "__dict__"):
        inner.__dict__.clear()
    phase.__dict__.clear()


def _skill_classes(extra: tuple[type[Skill], ...]) -> dict[str, type[Skill]]:
    """Every skill of a game by name: identity skills, character skills, then ``extra`` (tests)."""
    classes: dict[str, type[Skill]] = dict(IDENTITY_SKILLS)
    classes.update(CHARACTER_SKILLS)
    for impl in extra:
        classes[impl.name] = impl
    return classes


@cache
def _instances_of(classes: tuple[tuple[str, type[Skill]], ...]) -> dict[str, Skill]:
    """One instance of each skill class, shared by the games with these skills: a skill holds no
    state of its own (everything a game changes is in its state, its phases and their uses), so one
    instance serves every game; each game gets its own dict of them."""
    return {name: impl() for name, impl in classes}


@cache
def _index_of(classes: tuple[tuple[str, type[Skill]], ...]) -> SkillIndex:
    return SkillIndex.of(_instances_of(classes))


def _phase_roles(skills: Mapping[str, Skill]) -> tuple[frozenset[str], ...]:
    """The names of the skills that take part in the phase loop's own steps, read off the skills
    themselves (see ``KK33Game.__init__``): openers (``begin_phase``), starters (``open_resolution``),
    offerers (``offers``), restricters (``restrict_action``), posthumous voters (``votes_after_death``)."""
    return (
        frozenset(n for n, s in skills.items() if hasattr(s, "begin_phase")),
        frozenset(n for n, s in skills.items() if hasattr(s, "open_resolution")),
        frozenset(n for n, s in skills.items() if hasattr(s, "offers")),
        frozenset(n for n, s in skills.items() if hasattr(s, "restrict_action")),
        frozenset(n for n, s in skills.items() if getattr(s, "votes_after_death", False)),
    )


@cache
def _roles_of(classes: tuple[tuple[str, type[Skill]], ...]) -> tuple[frozenset[str], ...]:
    """:func:`_phase_roles` of the shared instances :func:`_instances_of` gives for ``classes``: worked out
    once per set of skill classes (a game's skills are those very instances, and a skill holds no state,
    so what it has never changes)."""
    return _phase_roles(_instances_of(classes))


def _outside_limit(impl: Skill) -> bool:
    """（本技能不計入每夜角色技能使用次數限制）: a skill class may say so (``outside_limit``)."""
    return bool(getattr(impl, "outside_limit", False))


class CheckTables:
    """What the checks of an action (:meth:`KK33Game.check_skill`, :meth:`KK33Game.use_refusal`) read of a
    game's skills, read once from their classes: each yes-or-no fact as the set of the names it holds for,
    each target rule by name. A check then asks a set or a dict instead of reading a skill's class
    attributes (a slow lookup through the class in Python 3.11). Exact: a game's skills never change, and
    a skill holds no state (one table serves every game with the same skill classes: ``_tables_of``)."""

    __slots__ = ("passive", "limited", "never", "tallied", "counted", "rules", "with_args", "check_roles")

    def __init__(self, skills: Mapping[str, Skill], hooks: SkillIndex, roles: tuple[frozenset[str], ...]) -> None:
        self.passive = frozenset(n for n, s in skills.items() if s.kind is _PASSIVE)
        """Passive skills (no one uses them)."""
        self.limited = frozenset(n for n, s in skills.items() if s.limited)
        """Limited skills (once a game)."""
        self.never = frozenset(n for n, s in skills.items() if s.per_night < 1)
        """Skills not usable even once a night without extras (``per_night`` 0: none in the rules)."""
        self.tallied = self.limited | self.never | {"刺殺"}
        """Skills whose first use of a phase may still be refused by :meth:`KK33Game._count_refusal` (a limited
        skill used before, a 刺殺 over the country's count, a skill not usable without extras): for any other,
        with nothing of the actor's listed before it, it answers None without reading anything."""
        self.counted = frozenset(n for n, s in skills.items() if s.source is _CHARACTER and s.kind is not _PASSIVE
                                 and not _outside_limit(s))
        """Skills that count toward 每夜至多使用一個主動的角色技能: active and *全* character skills, not
        those whose text puts them outside the limit (``outside_limit``)."""
        self.rules: dict[str, TargetRule | None] = {
            n: None if n in hooks.target_pickers else s.targets for n, s in skills.items()}
        """Each skill's target rule; None for a skill whose rule depends on the action's args (``targets_for``:
        練兵)."""
        self.with_args = frozenset(n for n, s in skills.items() if s.args)
        """Skills whose actions need args (``Skill.args``)."""
        self.check_roles = roles[2] | hooks.day_rules
        """Skills that change what their holder may use or when (offerers, ``day_rules``): a player who holds
        none of them is checked without asking them (one set test instead of one per role)."""


@cache
def _tables_of(classes: tuple[tuple[str, type[Skill]], ...]) -> CheckTables:
    """:class:`CheckTables` of the shared instances of ``classes`` (fixed data: made once per set of classes)."""
    return CheckTables(_instances_of(classes), _index_of(classes), _roles_of(classes))


def _fixed_of(extra: tuple[type[Skill], ...]) -> tuple[dict[str, Skill], SkillIndex, tuple[frozenset[str], ...],
                                                       CheckTables]:
    """:func:`_fixed_for` of ``extra`` and the registries as they stand: their classes, in order, are part of the
    key (a tuple of the classes made in C and hashed by identity: a few thousand instructions a game), so that a
    registry changed while the process runs (the tests take the 群雄's passives out, tests/unbuilt.py) is read
    anew rather than served from a lookup made before."""
    return _fixed_for(extra, tuple(IDENTITY_SKILLS.values()), tuple(CHARACTER_SKILLS.values()))


@cache
def _fixed_for(extra: tuple[type[Skill], ...], identity: tuple[type[Skill], ...],
               character: tuple[type[Skill], ...]) -> tuple[dict[str, Skill], SkillIndex, tuple[frozenset[str], ...],
                                                              CheckTables]:
    """What :meth:`KK33Game.create` reads of a game's skills given its ``extra`` skill classes (tests; none in
    play): the shared instances, their :class:`SkillIndex`, :func:`_phase_roles` and :class:`CheckTables`, as
    :func:`_instances_of` … give them for the classes :func:`_skill_classes` lists. Looked up by ``extra``
    (an empty tuple but in tests) rather than by the whole list of classes: that key, a tuple of some 250
    pairs, was made and hashed anew for each of the four lookups of every game (≈ 0.4 M instructions a
    game). The same objects either way: every one of them is fixed data, made once per set of classes.
    (``identity`` and ``character``: the registries' classes, the key's part that says they are unchanged.)"""
    key = tuple(_skill_classes(extra).items())
    return _instances_of(key), _index_of(key), _roles_of(key), _tables_of(key)


_UNREAD: Any = object()
"""``SkillCheck.later`` not read yet."""


class SkillCheck:
    """What :meth:`KK33Game.check_skill` found about an action's actor and skill (never its targets or
    args): the first refusal, as (message, code), or what :meth:`KK33Game.check_use` goes on from."""

    __slots__ = ("refusal", "player", "name", "impl", "mine", "granting", "granted_only", "later", "grants")

    def __init__(self, refusal: tuple[str, str] | None, player: Player | None = None, name: str = "",
                 impl: Skill | None = None, mine: Sequence[str | None] = (),
                 granting: Sequence[tuple[Action, str]] = (), granted_only: bool = False) -> None:
        self.refusal = refusal
        self.player: Player = player  # type: ignore[assignment]  # set whenever ``refusal`` is None
        self.name = name
        self.impl: Skill = impl  # type: ignore[assignment]
        self.mine: Sequence[Any] = mine
        """The rules' names of the actor's accepted actions, in order (a list; empty: ``()``)."""
        self.granting: Sequence[tuple[Action, str]] = granting
        """The actor's accepted actions that lend skills (``Skill.grants``/``refuse_with``), with their names."""
        self.granted_only = granted_only
        """Used by a one-time right or a right lent tonight, not held."""
        self.later: Any = _UNREAD
        """:meth:`KK33Game._count_refusal`'s answer once read (it reads only the actor, the skill and the
        accepted actions too)."""
        self.grants: list[tuple[Action, str]] | None = None
        """For a 刺殺: the accepted actions that may let it name more ids (``extra_targets``: 落鴻哀歌), with
        their names, once :meth:`KK33Game._count_refusal` has read them (its pass over the accepted actions
        visits them all); None until then."""


class KK33Game(Clocked):
    """A game of KK規則3.3版 in progress."""

    rules = "kk33"

    def __init__(self, state: GameState, skills: dict[str, Skill], roster: Roster,
                 hooks: SkillIndex | None = None, roles: tuple[frozenset[str], ...] | None = None,
                 tables: CheckTables | None = None) -> None:
        """``hooks``, ``roles`` and ``tables``: :class:`SkillIndex`, :func:`_phase_roles` and :class:`CheckTables`
        of ``skills``, when the caller has them (``create``: worked out once per set of skill classes); else
        worked out here."""
        self.state = state
        self.results: list[PhaseResult] = []
        """Every resolved phase, in order (announcements, feedback, trace)."""
        self.skills = skills
        self.hooks = SkillIndex.of(skills) if hooks is None else hooks
        """Which skills take part in which step (the skills never change during a game)."""
        self.roster = roster
        self._roster_names: dict[Any, str | None] = {}
        """Skill spellings already named, with ``_skill_name``'s answer: see there."""
        self._forms: dict[str, frozenset[str]] = {}
        """``in_play``'s memo: the roster's forms of each character asked for (itself and those based on it)."""
        self.kingdoms = [c for c in COUNTRIES if any(p.country == c for p in state.players.values())]
        self._target_grants = self.hooks.target_grants
        """Skills that may let a later action name more ids (``extra_targets``)."""
        self._openers, self._starters, self._offerers, self._restricters, self._posthumous = \
            _phase_roles(skills) if roles is None else roles
        """``_openers``: skills that act as each night and day begins, before any input (化身's draw:
        ``begin_phase``); ``_starters``: skills whose holder chooses at the start of the phase's
        resolution (化身's choice: ``open_resolution``, scripted as a decision of that phase);
        ``_offerers``: skills that offer their holder other skills to take up this phase (化身:
        ``offers``); ``_restricters``: skills that restrict other uses their holder makes (遠見:
        ``restrict_action``); ``_posthumous``: skills whose holder may vote after death (涅槃:
        ``votes_after_death``)."""
        self.tables = CheckTables(skills, self.hooks, (self._openers, self._starters, self._offerers,
                                                       self._restricters, self._posthumous)) \
            if tables is None else tables
        """What the checks of an action read of the skills (:class:`CheckTables`)."""
        self.implicit_actions: dict[tuple[str, str], Action] = {}
        """The action of each (id, passive skill) at work, made once a game (``Night.add_passives``):
        an action is immutable, and a passive skill's never has targets or args."""
        self._holder_tables = HolderTables()
        """Who holds which skills the phase loop asks about (:meth:`holders`)."""
        self.memos: dict[str, Any] = {}
        """Skills' per-game memos, by a key of the skill's module (五常's fold of the history), each exact on
        its own terms. Kept here rather than set on the game with ``vars(game)[key]``: reading an object's
        ``__dict__`` in CPython 3.11 turns its attributes' inline values into a dict, and every later read
        of ``game.state``, ``game.skills`` … is slower (about 2 % of a bot game when done once at its start)."""

    def fork(self) -> KK33Game:
        """A copy to play on while this game stays as it is (a hosted game's next draft, from the game after its
        published phases: hosting/fold.py). Its own state (:meth:`GameState.snapshot`: the history's entries and
        the past effects shared, as no rule changes them) and list of results (the results shared: written once
        a phase, only read afterwards); fresh ``memos`` and holder tables (each exact, rebuilt from the state as
        it is read); its own copies of the memos of immutable things (``_forms``, ``_roster_names``,
        ``implicit_actions``); the skills, the roster and the tables worked out of them shared (they never
        change during a game)."""
        new = copy.copy(self)
        new.state = self.state.snapshot(past_effects=False)
        new.results = list(self.results)
        new.memos = {}
        new._holder_tables = HolderTables()
        new._forms = dict(self._forms)
        new._roster_names = dict(self._roster_names)
        new.implicit_actions = dict(self.implicit_actions)
        new.kingdoms = list(self.kingdoms)
        return new

    # ---- creation ---------------------------------------------------------
    @classmethod
    def create(
        cls,
        seats: Sequence[SeatSpec],
        seed: int,
        extra_skills: Iterable[type[Skill]] = (),
        forced: Mapping[str, Sequence[Any]] | None = None,
        chibi: bool = False,
    ) -> KK33Game:
        """A new game at night 1. Raises SetupError naming the bad player entry.

        ``forced``: draws forced from the very start, by purpose (tests: the draws made as night 1
        begins, 化身's). ``chibi``: the table plays with 『角色技能·赤壁之戰』 (the script's ``chibi``, R29),
        recorded for what reads the table's sets (化身's forms not in play)."""
        r = roster()
        players: dict[str, Player] = {}
        taken: dict[str, int] = {}
        seat_counts: dict[tuple[str, str], int] = {}
        for i, seat in enumerate(seats):
            if not isinstance(seat.id, str) or not seat.id.strip():
                raise SetupError(i, "玩家ID不能為空")
            if seat.id in players:
                raise SetupError(i, f"玩家ID「{shown(seat.id)}」重複")
            if seat.country not in COUNTRIES + (OTHERS,):
                raise SetupError(i, f"{shown(seat.id)}：未知的國籍「{shown(seat.country)}」")
            if seat.identity not in IDENTITIES:
                raise SetupError(i, f"{shown(seat.id)}：未知的身份「{shown(seat.identity)}」")
            allowed_identities = OTHER_IDENTITIES if seat.country == OTHERS else COUNTRY_SEATS
            if seat.identity not in allowed_identities:
                raise SetupError(i, f"{seat.id}：{seat.country}國沒有身份「{seat.identity}」")
            key = (seat.country, seat.identity)
            seat_counts[key] = seat_counts.get(key, 0) + 1
            limit = COUNTRY_SEATS.count(seat.identity) if seat.country != OTHERS else 1
            if seat.country == OTHERS and sum(n for (c, _), n in seat_counts.items() if c == OTHERS) > 1:
                raise SetupError(i, f"{seat.id}：群雄只有一人")
            if seat_counts[key] > limit:
                raise SetupError(i, f"{seat.id}：{seat.country}國{seat.identity}最多{limit}人")
            character = r.resolve_character(seat.character, seat.identity)
            if character is None:
                raise SetupError(i, f"{seat.id}：未知的角色「{shown(seat.character)}」")
            allowed = r.choices(seat.country, seat.identity, include_extras=True)
            if character not in allowed:
                raise SetupError(
                    i, f"{seat.id}：{seat.country}國{seat.identity}不能選擇角色「{character}」（可選：{'、'.join(allowed)}）"
                )
            base = r.characters[character].base
            if base in taken:
                raise SetupError(i, f"{seat.id}：角色「{base}」已被其他玩家選擇")
            taken[base] = i
            player = Player(
                id=seat.id, seat=i, country=seat.country, identity=seat.identity, character=character,
                skills=[s.name for s in r.characters[character].skills],
            )
            if seat.identity == "黃巾頭領":
                player.hp = 2  # 太平要術
            players[seat.id] = player
        state = GameState(rules=cls.rules, seed=seed, rng=GameRandom(seed), players=players)
        if chibi:
            state.extra[SETS_KEY] = ["標準", CHIBI]
        for purpose, outcomes in (forced or {}).items():
            for outcome in outcomes:
                state.rng.force(purpose, outcome)
        instances, hooks, roles, tables = _fixed_of(tuple(extra_skills))
        game = cls(state, dict(instances), r, hooks, roles, tables)
        game.open_phase()  # 遊戲開始於黑夜: night 1 begins
        game._holder_tables.seen_now(state)
        return game

    # ---- queries ------------------------------------------------------------
    def country_of(self, pid: str) -> str:
        """The country a player counts as now (skills may change it later)."""
        state = self.state
        extra = state.extra
        if "country_as" in extra:  # (not ``extra.get``: a method call, for a key most games never set)
            seen = extra["country_as"]
            seen_as = seen.get(pid) if seen else None
            if seen_as:
                return seen_as  # 「你的國籍視為晉」(三分歸晉): state.extra["country_as"][pid]
        return state.players[pid].country

    def rebel_leader(self) -> Player | None:
        return next((p for p in self.state.players.values() if p.identity == "黃巾頭領"), None)

    def can_act(self, player: Player) -> bool:
        """Alive, and not of an eliminated country (該國的所有角色不能有任何行動)."""
        return player.status is not _OUT and player.country not in self.state.eliminated

    def voters(self) -> list[Player]:
        out, eliminated = _OUT, self.state.eliminated
        return [p for p in self.state.players.values() if p.status is not out and p.country not in eliminated]

    def posthumous_voters(self) -> list[Player]:
        """Players out of the game who may still vote (涅槃：你死亡後仍可投票): they hold a skill whose
        class says ``votes_after_death``; their country is not eliminated. They owe no vote."""
        out, eliminated, skills = _OUT, self.state.eliminated, self._posthumous
        if not skills:
            return []
        return [p for p in self.state.players.values() if p.status is out and p.country not in eliminated
                and not skills.isdisjoint(p.skills)]

    def vote_skipped(self) -> str | None:
        """「跳過次日投票階段」 (落鴻哀歌): why today has no vote, from an effect ``no-vote`` due now; else None."""
        for effect in self.state.effects_at("no-vote"):
            return str(effect.data.get("by", "跳過投票階段"))
        return None

    def identity_skills(self, player: Player) -> tuple[str, ...]:
        return SKILLS_OF_IDENTITY.get(player.identity, ())

    def in_play(self, character: str) -> Player | None:
        """The living player now playing ``character`` (any form of it): 「若X在場」."""
        forms = self._forms.get(character)
        if forms is None:  # the roster's forms of it (fixed data: read once a game per character asked)
            forms = self._forms[character] = frozenset(
                {character} | {name for name, c in self.roster.characters.items() if c.base == character})
        out = _OUT
        for p in self.state.players.values():
            if p.status is not out and p.character in forms:
                return p
        return None

    def _stab_base_of(self, country: str, bases: dict[str, int | None] | None) -> int | None:
        """:meth:`_stab_base`, through a caller's memo by country (``bases``, kept only while the state does
        not change: one night's actions being offered) when there is one."""
        if bases is None:
            return self._stab_base(country)
        count = bases.get(country, _UNREAD)  # not try/except: misses are as common as hits
        if count is _UNREAD:
            count = bases[country] = self._stab_base(country)
        return count

    def stab_allowance(self, country: str, accepted: Sequence[Action] = (),
                       bases: dict[str, int | None] | None = None) -> int:
        """殺手於每夜開始時得知當夜可以發動【刺殺】的次數: one a night by default.

        Skills add to it (``Skill.stab_bonus`` of actions submitted tonight, effects
        ``stab-bonus`` set up on an earlier night) or block it (effect ``no-stab``).
        ``bases``: a caller's memo of :meth:`_stab_base` by country, kept only while the
        state does not change (one night's actions being offered).
        """
        count = self._stab_base_of(country, bases)
        if count is None:
            return 0
        if accepted:
            bonus, names = self.hooks.stab_bonus, self._roster_names  # the base adds nothing
            for action in accepted:
                name = names.get(action.skill, _UNREAD)  # _skill_name's memo, read without its call
                if name is _UNREAD:
                    name = self._skill_name(action)
                if name in bonus and self.bonus_country(name, action) == country:
                    count += self.skills[name].stab_bonus(self, action)
        return max(0, count)

    def bonus_country(self, name: str, action: Action) -> str:
        """The country whose 刺殺 count a ``stab_bonus`` of ``action`` adds to: the actor's, unless the
        skill's class says another (``stab_bonus_country``: 厲兵秣馬 lends an extra action to a killer
        of any country)."""
        other = getattr(self.skills[name], "stab_bonus_country", None)
        return other(self, action) if other is not None else self.state.players[action.actor].country

    def _stab_base(self, country: str) -> int | None:
        """The part of :meth:`stab_allowance` read from the state alone: None when the country
        may not stab tonight, else one plus the ``stab-bonus`` effects."""
        state = self.state
        if country in state.eliminated:
            return None
        out = _OUT
        for p in state.players.values():
            if p.identity == "殺手" and p.country == country and p.status is not out:
                break  # a killer of the country who can act
        else:
            return None
        if not state.effects:
            return 1
        count, index = 1, state.index  # one pass over the effects due now (``effects_at``, both kinds)
        for e in state.effects:
            if e.at == index:
                kind = e.kind
                if kind == "no-stab":
                    if e.data.get("country") == country:
                        return None
                elif kind == "stab-bonus" and e.data.get("country") == country:
                    count += e.data.get("n", 1)
        return count

    def allowed_uses(self, pid: str, skill: str, accepted: Sequence[Action]) -> int:
        """How many times ``pid`` may use ``skill`` tonight: once (``per_night``), plus extras granted
        by earlier actions (``Skill.extra_uses``: extras only ever add)."""
        impl = self.skills[skill]
        count = impl.per_night
        grants = self.hooks.extra_uses  # the base grants none
        for action in accepted:
            name = self._skill_name(action)
            if name in grants:
                count += sum(n for who, what, n in self.skills[name].extra_uses(self, action)
                             if who == pid and what == skill)
        return count

    def _extra_action_left(self, pid: str, mine: Sequence[str | None], accepted: Sequence[Action]) -> bool:
        """May ``pid`` list one more active character skill tonight, having listed ``mine``: only with
        an extra action granted (厲兵秣馬) not yet taken up."""
        skills = self.skills
        listed = sum(1 for s in mine if s in skills and skills[s].source is _CHARACTER and skills[s].kind is not _PASSIVE)
        return listed < 1 + self.extra_actions(pid, accepted)

    def extra_actions(self, pid: str, accepted: Sequence[Action]) -> int:
        """Whole extra actions ``pid`` may take tonight (厲兵秣馬：令其當夜可額外行動一次), granted by
        accepted actions whose class has ``extra_actions(game, action)`` (the ids granted one each)."""
        count, skills, names = 0, self.skills, self._roster_names
        for action in accepted:
            name = names.get(action.skill, _UNREAD)  # _skill_name's memo, read without its call
            if name is _UNREAD:
                name = self._skill_name(action)
            grant = getattr(skills.get(name or ""), "extra_actions", None)
            if grant is not None:
                count += grant(self, action).count(pid)
        return count

    def holds(self, player: Player, skill: str) -> bool:
        """The player may use ``skill``: an identity skill, a held character skill, a one-time right, or
        a skill offered to take up this phase (化身)."""
        return skill in self.identity_skills(player) or skill in player.skills or player.granted.get(skill, 0) > 0 \
            or skill in self.offered(player)

    def offered(self, player: Player) -> tuple[str, ...]:
        """Skills ``player`` does not hold but may take up this phase, one of them, by using it: offered by
        a held skill's ``offers(game, owner)``, (character, skill) pairs (化身：你選擇其中一名角色的一個技能，
        於該階段中獲得該技能)."""
        offerers = self._offerers
        if not offerers or offerers.isdisjoint(player.skills):
            return ()
        out: tuple[str, ...] = ()
        for name in player.skills:
            if name in offerers:
                out += tuple(dict.fromkeys(
                    s for _, s in self.skills[name].offers(self, player.id)  # type: ignore[attr-defined]
                    if s not in player.skills and s not in out))
        return out

    def open_phase(self) -> None:
        """A night or a day begins (before anyone submits anything): every held skill with a
        ``begin_phase(game, owner)`` acts (化身：每個夜晚與白天開始時，從所有不在場的角色中隨機抽取兩名),
        the dead's too (a skill held for one phase ends). Its draws belong to the phase beginning."""
        openers = self._openers
        if not openers or self.state.over:
            return
        rng = self.state.rng
        mark = len(rng.draws)
        for p in self.holders(openers):
            for name in list(p.skills):
                if name in openers:
                    self.skills[name].begin_phase(self, p.id)  # type: ignore[attr-defined]
        if len(rng.draws) > mark:
            self.state.extra[PHASE_DRAWS] = mark

    def open_resolution(self, phase: Any) -> None:
        """The resolution of a night or a day begins: every living holder of a skill with an
        ``open_resolution(phase, owner)`` makes the choice it asks for at the phase's start (化身's
        skill), as a decision of this phase, before any other skill is at work."""
        starters = self._starters
        if not starters:
            return
        for p in self.holders(starters):
            if not self.can_act(p):
                continue
            for name in list(p.skills):
                if name in starters:
                    self.skills[name].open_resolution(phase, p.id)  # type: ignore[attr-defined]

    def on_death(self, phase: Any, dead: str, cause: str, sources: list[str],
                 arrived: Collection[str] = ()) -> None:
        """Tell every held skill of every player (the dead one included) that ``dead`` died.

        Called once the deaths of the moment have all taken effect (``deaths.settle``): a player
        who died at the same moment hears only his own death, and ``arrived`` (lords whose new
        character came in through 轉生 at that moment) hear only their own: the new character was
        not in play when the others died.
        """
        skills, listeners, out = self.skills, self.hooks.on_death, _OUT
        if not listeners:
            return
        for p in self.holders(listeners):  # (those who hold no skill that listens: passed by unread)
            if (p.status is out or p.id in arrived) and p.id != dead:
                continue
            for name in list(p.skills):
                if name in listeners:
                    skills[name].on_death(phase, p.id, dead, cause, sources)

    def on_enter(self, phase: Any, entered: str, character: str) -> None:
        """「X登場時」: ``entered`` now plays ``character``, a character that was not in play (the one
        way in KK 3.3 is a lord's 轉生, ``deaths.settle``). Every held skill of every player in the
        game hears it, the newcomer's own included, once the deaths of that moment have settled:
        a player who died at that moment is out and hears nothing."""
        skills, listeners, out = self.skills, self.hooks.on_enter, _OUT
        if not listeners:
            return
        for p in list(self.state.players.values()):
            if p.status is out or listeners.isdisjoint(p.skills):
                continue
            for name in list(p.skills):
                if name in listeners:
                    skills[name].on_enter(phase, p.id, entered, character)

    def limit_lifted(self, player: Player, skill: str) -> bool:
        """Does a skill ``player`` holds lift ``skill``'s once-a-game limit (``Skill.lifts_limit``: 仁德)?"""
        skills = self.skills
        for s in player.skills:  # a loop, not any(): no generator closed early
            if s in skills and skill in skills[s].lifts_limit:
                return True
        return False

    def uses_left(self, player: Player, skill: str) -> int | None:
        """None for unlimited skills; else how many uses remain (0 or 1, or one-time rights)."""
        if skill not in player.skills and skill not in self.identity_skills(player) \
                and skill not in self.offered(player):
            return player.granted.get(skill, 0)
        impl = self.skills.get(skill)
        if impl is None or not impl.limited or self.limit_lifted(player, skill):
            return None
        return max(0, 1 - player.used.get(skill, 0))

    # ---- checking an action -------------------------------------------------
    def check_action(self, action: Action, accepted: Sequence[Action],
                     stab_bases: dict[str, int | None] | None = None) -> Skill:
        """Raise IllegalAction if ``action`` may not be taken now, given ``accepted``.

        ``stab_bases``: a memo for :meth:`stab_allowance`, shared by checks made while the
        state does not change (the bot loop's checks of one night's offers).

        The checks run in one order and the first refusal is raised: those of :meth:`check_skill`
        (the actor and the skill alone), then :meth:`check_use`'s (the action itself).
        """
        return self.check_use(self.check_skill(action, accepted), action, accepted, stab_bases)

    def check_skill(self, action: Action, accepted: Sequence[Action],
                    mine_actions: list[Action] | None = None) -> SkillCheck:
        """The part of :meth:`check_action` that reads only the action's actor and skill, never its
        targets or args: the same for every use of the skill by that actor after the same ``accepted``
        while the state does not change (a bot drawing targets again keeps it: ``bots.play._Checker``).
        Never raises: a refusal is kept in the answer, raised by :meth:`check_use`.

        ``accepted`` is read only for the actor's own actions among it, in order: ``mine_actions``,
        when the caller has them (the bot loop's checker keeps them); else read here."""
        state = self.state
        if state.over:
            return SkillCheck(("遊戲已經結束", "over"))
        player = state.players.get(action.actor)
        if player is None:
            return SkillCheck((f"未知的玩家「{shown(action.actor)}」", "unknown-player"))
        if player.status is _OUT:
            return SkillCheck((f"{player.id} 已出局，不能行動", "actor-out"))
        if player.country in state.eliminated:
            return SkillCheck((f"{player.id} 所屬的{player.country}國已滅國，不能行動", "eliminated"))
        name = self._roster_names.get(action.skill, _UNREAD)  # _skill_name's memo, read without its call
        if name is _UNREAD:
            name = self._skill_name(action)
        if name is None:
            return SkillCheck((f"未知的技能「{shown(action.skill)}」", "unknown-skill"))
        if mine_actions is None:
            pid = player.id
            mine_actions = [a for a in accepted if a.actor == pid]
        skills = self.skills
        if mine_actions:
            mine = self._names_of(mine_actions)  # names as the rules spell them
            lenders = self.hooks.grants  # (one set test first: most actors listed no skill that lends)
            granting = [(a, n) for a, n in zip(mine_actions, mine, strict=True) if n in lenders] \
                if lenders and not lenders.isdisjoint(mine) else ()
            granted_now = sum(skills[n].grants(self, a).count(name) for a, n in granting) if granting else 0
        else:  # nothing of the actor's accepted: nothing named, nothing lent (empty tuples: no lists made)
            mine, granting, granted_now = (), (), 0
        held = player.skills
        # One set test for the skills that change what their holder may use or when (``CheckTables.check_roles``):
        # a player who holds none is offered nothing and has no day rules (the usual case).
        tables = self.tables
        plain = tables.check_roles.isdisjoint(held)
        if name in held:
            offered, granted_only = (), False
        else:
            offered = () if plain or self._offerers.isdisjoint(held) else self.offered(player)
            if name in SKILLS_OF_IDENTITY.get(player.identity, ()) or name in offered:  # self.identity_skills(player)
                granted_only = False
            elif player.granted.get(name, 0) > 0 or granted_now:  # self.holds(player, name): a right alone
                granted_only = True
            elif mine and (carried := self._carried(name, mine_actions, mine)):  # 將門虎女's listed 刺殺
                granted_only, granted_now = True, carried
            else:
                return SkillCheck((f"{player.id}（{player.character}，{player.identity}）沒有技能【{name}】", "no-skill"))
        impl = skills.get(name)
        if impl is None:
            return SkillCheck((f"角色技能【{name}】（{player.character}）尚未實作，暫不能使用", "not-built"))
        if name in tables.passive:
            return SkillCheck((f"【{name}】是被動技能，無需主動使用", "passive"))
        if state.index % 2 == 0:  # by night: phase_kind(state.index) is _NIGHT
            refusal = None if plain or self.hooks.day_rules.isdisjoint(held) else self.night_refusal(player, name)
            if refusal:
                return SkillCheck((refusal, "day-only"))
        elif not (impl.by_day if plain else self.usable_by_day(player, name)):  # (no day rules: its class alone)
            return SkillCheck((f"【{name}】只能於夜間使用（白天只能使用技能說明寫明可以於白天使用的技能）",
                               "wrong-phase"))
        if offered and name in offered:
            for taken in mine:  # a loop, not any()/next(): no generator closed early
                if taken in offered and taken != name:
                    return SkillCheck((f"{player.id} 本階段已選用【{taken}】，只能從可選的技能中選擇一個", "one-offered"))
        if granted_only and mine.count(name) >= player.granted.get(name, 0) + granted_now:
            return SkillCheck((f"{player.id} 的【{name}】一次性使用權已用完", "used-up"))
        if granting:  # ``refuse_with`` of the actor's accepted actions that lend skills: it reads only the
            try:  # action's actor and skill (``Skill.refuse_with``), so it is asked here, once for every draw
                for a, n in granting:
                    why = skills[n].refuse_with(self, a, action, mine)  # type: ignore[arg-type]
                    if why:
                        return SkillCheck((why, "refused-with"))
            except IllegalAction as exc:
                return SkillCheck((exc.message, exc.code))
        check = SkillCheck(None, player, name, impl, mine, granting, granted_only)
        if not mine and name not in tables.tallied:
            check.later = None  # _count_refusal's answer, known: nothing listed before it, no limit, no 刺殺 tally
        return check

    def _carried(self, name: str, mine_actions: Sequence[Action], mine: Sequence[str]) -> int:
        """How many uses of ``name`` the actor's listed actions carry (``Skill.carries``: a 將門虎女 listed
        without a target carries one 【刺殺】 listed after it)."""
        skills = self.skills
        return sum(1 for a, n in zip(mine_actions, mine, strict=True)
                   if not a.targets and n in skills and skills[n].carries == name)

    def check_use(self, check: SkillCheck, action: Action, accepted: Sequence[Action],
                  stab_bases: dict[str, int | None] | None = None) -> Skill:
        """The rest of :meth:`check_action`, given ``check``, its :meth:`check_skill` for ``action``
        after ``accepted``: raise the first refusal (:meth:`use_refusal`'s), else return the skill's
        implementation."""
        refusal = self.use_refusal(check, action, accepted, stab_bases)
        if refusal is not None:
            raise IllegalAction(*refusal)
        return check.impl

    def use_refusal(self, check: SkillCheck, action: Action, accepted: Sequence[Action],
                    stab_bases: dict[str, int | None] | None = None) -> tuple[str, str] | None:
        """The first refusal of :meth:`check_use` as (message, code), or None: the checks in their one
        order, answered without an exception (a skill's own check raises one, caught here: a bot's
        refused draws cost no exception). In one body, not one method per step: a bot checks every draw.

        1. ``check``'s refusal (:meth:`check_skill`: the actor and the skill);
        2. ``refuse_with`` of the actor's accepted actions that lend skills (亂世英雄, 天義): it reads only the
           action's actor and skill, so :meth:`check_skill` asks it, last, and keeps its refusal as its own;
        3. how often the skill is used (:meth:`_count_refusal`, read once per ``check``);
        4. the targets and args by the skill's target rule (:meth:`_target_refusal`);
        5. the skills' own checks: the skill's ``validate``, then the ``restrict_action`` of the actor's
           held skills that restrict others (遠見：你的【明察】的目標不可重複), which raise IllegalAction."""
        refusal = check.refusal
        if refusal is not None:
            return refusal
        try:  # (free in Python 3.11 unless something raises)
            name = check.name
            later = check.later
            if later is _UNREAD:
                later = check.later = self._count_refusal(check, accepted, stab_bases)
            if later is not None:
                return later  # type: ignore[no-any-return]
            player, impl = check.player, check.impl
            if name == "刺殺":  # (the grants among ``accepted`` as ``_count_refusal`` found them, when it did)
                grants = check.grants
                more = self._extra_targets(action, name, accepted) if grants is None else \
                    sum(self.skills[n].extra_targets(self, g, action) for g, n in grants) if grants else 0  # type: ignore[attr-defined]
            else:
                more = 0
            refusal = self._target_refusal(impl, player, action, more, name)
            if refusal is not None:
                return refusal
            if name in self.hooks.validators:  # the base's validate checks nothing
                impl.validate(self.state, action)
            restricters = self._restricters
            if restricters and not restricters.isdisjoint(player.skills):
                for held in player.skills:
                    if held in restricters:
                        self.skills[held].restrict_action(self, player, action, name)  # type: ignore[attr-defined]
        except IllegalAction as exc:
            return exc.message, exc.code
        return None

    def _count_refusal(self, check: SkillCheck, accepted: Sequence[Action],
                       stab_bases: dict[str, int | None] | None) -> tuple[str, str] | None:
        """The checks of :meth:`check_use` on how often the skill is used (limited skills, the
        country's 刺殺, once a night, one character skill), which read the actor, the skill and
        ``accepted`` alone: the first refusal's (message, code), or None."""
        player, name, mine, granted_only = check.player, check.name, check.mine, check.granted_only
        by_night = self.state.index % 2 == 0
        tables = self.tables
        if not granted_only and name in tables.limited and player.used.get(name, 0) + mine.count(name) >= 1 \
                and not self.limit_lifted(player, name):
            return f"【{name}】是限定技能，{player.id} 已經使用過", "used-up"
        if name == "刺殺" and not granted_only and by_night:
            allowance, stabs, check.grants = self._stab_tally(player.country, accepted, stab_bases)
            if stabs >= allowance:
                return f"{player.country}國今夜只能發動{allowance}次【刺殺】", "stab-count"
        elif mine or name in tables.never:  # none of the actor's accepted: used none, below ``per_night`` if ≥ 1
            used = mine.count(name)  # extras only add to per_night: below it, no need to count them
            impl = check.impl
            if used >= impl.per_night and used >= self.allowed_uses(player.id, name, accepted):
                # (a game created before issue 27 checks in the order listed: there the grant must come first)
                extra = "" if impl.source is not Source.IDENTITY else \
                    "（額外的次數須列在給予它的技能之後）" if listed(self.state) else "（額外的次數須由本階段給予它的技能提供）"
                return f"{player.id} {'今夜' if by_night else '本日'}已經發動過【{name}】{extra}", "twice"
        else:
            return None  # (nothing listed before it: no second use, no second character skill)
        if mine and name in tables.counted:
            counted = tables.counted
            for skill in mine:  # a loop, not any(): no generator closed early
                if skill in counted:
                    if not self._extra_action_left(player.id, mine, accepted):
                        # *全* skills are used too: 至多一個主動使用的角色技能 (五常: 本技能不計入…限制)
                        return f"{player.id} 每夜至多使用一個主動的角色技能", "one-character-skill"
                    break
        return None

    def _stab_tally(self, country: str, accepted: Sequence[Action], bases: dict[str, int | None] | None
                    ) -> tuple[int, int, list[tuple[Action, str]]]:
        """What a 刺殺 of ``country`` after ``accepted`` is checked against, read in one pass over ``accepted``
        (three loops over it before): :meth:`stab_allowance` (``bases``: its memo), the 刺殺 already listed by
        the country's killers, and the accepted actions that may let it name more ids (:meth:`_extra_targets`'
        grants, with their names, in order). The same calls of the skills, in the same order, as
        :meth:`stab_allowance` and :meth:`_extra_targets` make (no bonus is asked when the country may not
        stab: the allowance is then 0)."""
        count = self._stab_base_of(country, bases)
        stabs, grants = 0, []
        bonus, more, names, players = self.hooks.stab_bonus, self._target_grants, self._roster_names, self.state.players
        for a in accepted:
            named = names.get(a.skill, _UNREAD)  # _skill_name's memo, read without its call
            if named is _UNREAD:
                named = self._skill_name(a)
            if named == "刺殺":
                by = players[a.actor]
                if by.country == country and by.identity == "殺手":
                    stabs += 1
            if named in bonus and count is not None and self.bonus_country(named, a) == country:
                count += self.skills[named].stab_bonus(self, a)
            if named in more:
                grants.append((a, named))
        return (0 if count is None else max(0, count)), stabs, grants

    def _extra_targets(self, action: Action, name: str, accepted: Sequence[Action]) -> int:
        """Extra ids this action may name, granted by actions accepted before it: a skill's optional
        ``extra_targets(game, grant, action)`` (落鴻哀歌：本國殺手發動的【刺殺】可以額外指定一個目標)."""
        more, grants = 0, self._target_grants
        if not grants:
            return 0
        names = self._roster_names
        for grant in accepted:
            granted = names.get(grant.skill, _UNREAD)  # _skill_name's memo, read without its call
            if granted is _UNREAD:
                granted = self._skill_name(grant)
            if granted in grants:
                more += self.skills[granted].extra_targets(self, grant, action)  # type: ignore[attr-defined]
        return more

    def usable_by_day(self, player: Player, skill: str) -> bool:
        """``player`` may use ``skill`` by day: its text says 「可以於白天使用」 (``Skill.by_day``), or a
        held skill moves it to the day (奇襲: ``Skill.day_skills``)."""
        impl = self.skills.get(skill)
        if impl is not None and impl.by_day:
            return True
        rules = self.hooks.day_rules
        if rules.isdisjoint(player.skills):
            return False
        return any(skill in self.skills[name].day_skills(self.state, player.id)
                   for name in player.skills if name in rules)

    def night_refusal(self, player: Player, skill: str) -> str | None:
        """Why a held skill forbids ``player`` to use ``skill`` at night (奇襲), or None."""
        rules = self.hooks.day_rules
        if rules.isdisjoint(player.skills):
            return None
        for name in player.skills:
            if name in rules:
                reason = self.skills[name].night_refusal(self.state, player.id, skill)
                if reason:
                    return reason
        return None

    def _target_refusal(self, impl: Skill, player: Player, action: Action, more: int = 0,
                        name: str | None = None) -> tuple[str, str] | None:
        """The first refusal of ``action``'s targets and args by ``impl``'s target rule, as (message,
        code), or None (``more``: extra ids granted, 落鴻哀歌; ``name``: ``impl.name``, when the caller has it)."""
        if name is None:
            name = impl.name
        tables = self.tables
        rule = tables.rules[name]  # (``CheckTables.rules``: ``impl.targets``, read once)
        if rule is None:  # a skill whose targets depend on its args (練兵: ``targets_for``)
            rule = impl.targets_for(action)  # type: ignore[attr-defined]
        targets = action.targets
        n, count = len(targets), rule.count
        if n != count and n not in rule.counts and not count < n <= count + more \
                and n not in self.more_targets(player, name):
            return f"【{name}】需要指定{count}個目標，給出了{n}個", "target-count"
        players, out, dead = self.state.players, _OUT, True if rule.dead else False  # (a bool: compared by ``is``)
        me = None if rule.self_allowed else player.id  # (no id is None: a target equal to it is the actor)
        for target in targets:
            if target not in players:
                return f"【{name}】的目標「{shown(target)}」不在遊戲中", "unknown-target"
            if (players[target].status is out) is not dead:  # out when it must be in, or the other way round
                if dead:
                    return f"【{name}】須指定死者ID，{target} 未出局", "target-alive"
                return f"【{name}】的目標 {target} 已出局", "target-out"
            if target == me:
                return f"【{name}】須指定除你以外的ID", "target-self"
        if n > 1 and rule.distinct and len(set(targets)) != n:
            return f"【{name}】的目標不能重複", "target-repeat"
        if name in tables.with_args:  # (``impl.args`` is empty for the others)
            for key in impl.args:
                if key not in action.args:
                    return f"【{name}】需要參數「{key}」", "missing-arg"
        return None

    def more_targets(self, player: Player, skill: str) -> tuple[int, ...]:
        """Other numbers of targets ``skill`` may take now for ``player``, allowed by a character skill
        they hold (烈弓：從第四夜開始，每晚你的【刺殺】可以指定兩個目標): its class's ``more_targets``."""
        out: tuple[int, ...] = ()
        for name in player.skills:
            impl = self.skills.get(name)
            more = getattr(impl, "more_targets", None)
            if more is not None:
                out += more(self.state, player.id, skill)
        return out

    def check_vote(self, voter: str, target: str, skipped: str | None | bool = True) -> None:
        """Raise IllegalAction if ``voter`` may not vote for ``target`` now. ``skipped``: what
        :meth:`vote_skipped` answers now, when the caller has read it (many votes of one day, the
        state not changing between them); by default it is read here."""
        state = self.state
        if state.over:
            raise IllegalAction("遊戲已經結束", "over")
        if state.index % 2 == 0:  # phase_kind(state.index) is not _DAY
            raise IllegalAction("只能於白天投票", "wrong-phase")
        if state.effects and (self.vote_skipped() if skipped is True else skipped):
            raise IllegalAction("本日跳過投票階段，不能投票", "no-vote")
        players, out = state.players, _OUT
        by = players.get(voter)
        if by is None:
            raise IllegalAction(f"未知的玩家「{shown(voter)}」", "unknown-player")
        if by.status is out and all(p.id != voter for p in self.posthumous_voters()):
            raise IllegalAction(f"{voter} 已出局，不能投票", "actor-out")
        if by.country in state.eliminated:
            raise IllegalAction(f"{voter} 所屬的{by.country}國已滅國，不能投票", "eliminated")
        voted = players.get(target)
        if voted is None:
            raise IllegalAction(f"投票對象「{shown(target)}」不在遊戲中", "unknown-target")
        if voted.status is out:
            raise IllegalAction(f"投票對象 {target} 已出局", "target-out")

    # ---- night start --------------------------------------------------------
    def night_start_feedback(self) -> dict[str, list[Feedback]]:
        """殺手於每夜開始時得知當夜可以發動【刺殺】的次數."""
        out: dict[str, list[Feedback]] = {}
        bases: dict[str, int | None] = {}  # the same for a country's killers (the state does not change here)
        for p in self.state.players.values():
            if p.identity == "殺手" and self.can_act(p):
                n = self.stab_allowance(p.country, (), bases)  # before tonight's actions add to it
                out[p.id] = [Feedback("刺殺", texts.stabs_tonight(n), None, {"stabs": n})]
        return out

    # ---- resolving ------------------------------------------------------------
    def resolve_night(
        self,
        actions: Sequence[Action],
        book: DecisionBook | None = None,
        last_words: dict[str, str] | None = None,
        judged: Sequence[Ruling] = (),
    ) -> PhaseResult:
        """Resolve a night whose actions have been checked with check_action; ``judged``: the
        judge's rulings (an action's index counts among ``actions``), see :mod:`.rulings`."""
        if self.phase is not PhaseKind.NIGHT:
            raise IllegalAction("現在不是夜晚", "wrong-phase")
        self._holder_tables.check(self.state)  # a player's skills changed from outside since the last phase?
        book = book or DecisionBook()
        first_draw = self.state.extra.pop(PHASE_DRAWS, len(self.state.rng.draws))
        # The second pass draws on from the first pass's generator (below): the copy need not copy it;
        # nor the effects whose phase is over, which no rule changes.
        snapshot = self.state.snapshot(rng=False, past_effects=False) if self._may_rerun() else None
        mark = book.mark()
        judged = tuple(judged)
        night = self._night_pass(actions, book, None, judged)
        if night.rerun_request is not None and snapshot is not None:
            first = night
            drawn = self.state.rng
            self.state = snapshot
            # The pass thrown away did make its draws (the death that asked for the rerun hung on them):
            # they stay in the record, and the second pass draws on from there.
            self.state.rng = drawn
            book.restore(mark)
            if first.rerun_request.record is not None:
                book.replay(first.rerun_request.record)
            night = self._night_pass(actions, book, first.rerun_request, judged)
            night.trace[:0] = [f"（第一次結算，因【{first.rerun_request.skill}】作廢）{line}" for line in first.trace]
            _release(first)
        self.state.history.append({
            "phase": "night", "index": self.state.index,
            "actions": _history_entries(night.uses),
        })
        # 遺言：在夜晚死亡出局的人可以留下遺言 — and a lord whose character died (轉生) leaves his too (R11).
        words = {pid: text for pid, text in (last_words or {}).items() if pid in night.died}
        warnings = [f"{pid} 未於當夜死亡，其遺言不予公布" for pid in (last_words or {}) if pid not in night.died]
        for pid in list(words):
            silenced = first_reason(night.last_words_rules, night, pid)
            if silenced:
                del words[pid]
                night.trace.append(f"{pid} 無法留下遺言：{silenced}")
                warnings.append(f"{pid} 無法留下遺言，其遺言不予公布")
        announcement = self._night_announcement(night, words)
        return self._finish(PhaseKind.NIGHT, night, book, first_draw, announcement, warnings)

    def _may_rerun(self) -> bool:
        reruns, out = self.hooks.may_rerun, _OUT
        return bool(reruns) and any(p.status is not out for p in self.holding(reruns))

    def holders(self, names: frozenset[str]) -> Iterator[Player]:
        """The players holding one of ``names`` (a phase-loop role's skills: ``_openers``, the death listeners,
        the passive skills at work …), in seat order, each one read as its turn comes (what a caller did to
        the players before is seen, as in a loop over them all): :class:`HolderTables`, kept from phase to
        phase and read again when a player's list of skills has changed."""
        return self._holder_tables.holders(self.state, names)

    def holding(self, names: frozenset[str]) -> tuple[Player, ...]:
        """:meth:`holders` as they are now, for a caller that changes no player's skills while it goes
        through them (``Night.add_passives``, :meth:`_may_rerun`)."""
        return self._holder_tables.holding(self.state, names)

    def _night_pass(self, actions: Sequence[Action], book: DecisionBook, rerun: Any,
                    judged: tuple[Ruling, ...] = ()) -> Night:
        """Resolve the night once (twice when a skill asks for it: see ``Night.rerun_request``)."""
        start = self.night_start_feedback()
        night = Night(self, self._uses_of(actions, "resolve_night"), book, rerun, judged)
        night.feedback.update(start)
        night.run()
        return night

    def _uses_of(self, actions: Sequence[Action], caller: str) -> list[Use]:
        """The phase's checked actions as uses, in submission order: each action under its skill's rules'
        name (:meth:`_skill_name`, remembered per game), its targets a tuple, its args a dict.

        An action already so (a bot's, a script's once read: most) is used as it is, not made again: an
        action is immutable and nothing changes its args (every skill that makes one from another copies
        them), so a copy of it would be equal in every field and used alike; the phase's uses are released
        with the phase. Any other is made again so (another spelling, targets in a list …)."""
        skills, players, names, action_type = self.skills, self.state.players, self._roster_names, Action
        uses = []
        append = uses.append
        for i, a in enumerate(actions):
            name = names.get(a.skill, _UNREAD)  # _skill_name's memo, read without its call
            if name is _UNREAD:
                name = self._skill_name(a)
            assert name is not None, f"{caller} takes checked actions"
            if type(a) is not action_type or a.skill != name or type(a.targets) is not tuple \
                    or type(a.args) is not dict:
                a = make_action(a.actor, name, tuple(a.targets), dict(a.args))
            append(Use(a, skills[name], i, players[a.actor].seat))
        return uses

    def _skill_name(self, action: Action) -> str | None:
        """The rules' name of the skill an action names (any script), or None.

        The answer is remembered per game by spelling: it reads the roster (fixed data) and, for a
        name the roster does not know, the game's skills (which never change during a game)."""
        skill = action.skill
        name = self._roster_names.get(skill, _UNREAD)  # not try/except: a miss raises no KeyError
        if name is _UNREAD:
            name = self.roster.all_skill_names.get(skill)
            if name is None and skill in self.skills:
                name = skill  # a skill registered outside the roster (tests)
            self._roster_names[skill] = name
        return name  # type: ignore[no-any-return]

    def _names_of(self, actions: Iterable[Action]) -> list[str | None]:
        """:meth:`_skill_name` of each action, in order (read from its memo, asked only for a spelling not
        yet named)."""
        names, out = self._roster_names, []
        for action in actions:
            name = names.get(action.skill, _UNREAD)
            out.append(name if name is not _UNREAD else self._skill_name(action))
        return out

    def resolve_day(self, votes: dict[str, str], book: DecisionBook | None = None,
                    judged: Sequence[Ruling] = (), actions: Sequence[Action] = ()) -> PhaseResult:
        """Resolve a day: its actions (checked with check_action, 「可以於白天使用」) and its vote.

        The day's actions resolve first, all at once, in the night's one order (``daytime``); then the
        ballot is counted; the harms of the actions and the vote's take effect at one moment."""
        if self.phase is not PhaseKind.DAY:
            raise IllegalAction("現在不是白天", "wrong-phase")
        self._holder_tables.check(self.state)  # a player's skills changed from outside since the last phase?
        book = book or DecisionBook()
        first_draw = self.state.extra.pop(PHASE_DRAWS, len(self.state.rng.draws))
        day = Day(self, votes, book, tuple(judged), self._uses_of(actions, "resolve_day"))
        day.run()
        entry: dict[str, Any] = {"phase": "day", "index": self.state.index, "ballot": dict(day.ballot),
                                 "counted": dict(day.counted)}
        if day.actions is not None:
            entry["actions"] = _history_entries(day.actions.uses)
        self.state.history.append(entry)
        announcement = self._day_announcement(day)
        return self._finish(PhaseKind.DAY, day, book, first_draw, announcement, [])

    def kill(self, phase: Any, pid: str, cause: str, sources: list[str], removal: bool = False,
             forced: bool = False) -> None:
        """``pid`` dies in ``phase``, unless protected from every harm of it (the judge's ``spare``;
        ``forced``: the judge's own harm, which nothing stops): at once, or with the other deaths of
        the moment inside ``simultaneous``."""
        spared = None if forced else effects.protected_from(phase, pid)
        if spared:
            if self.state.player(pid).alive:
                phase.note(f"{pid} 的死亡（{cause}）被防止：{spared}")
            return
        deaths.kill(self, phase, pid, cause, sources, removal)

    def simultaneous(self, phase: Any) -> AbstractContextManager[None]:
        """``with game.simultaneous(phase): …``: every death inside happens at one moment; the death
        skills, 滅國 and 託孤 run on leaving, each seeing the whole moment (``deaths.settle``)."""
        return deaths.simultaneous(self, phase)

    def dying(self, phase: Any, pid: str) -> bool:
        """``pid`` dies at the moment now being settled (recorded, not yet in effect)."""
        return deaths.dying(phase, pid)

    def declare_peace(self, reason: str) -> None:
        """議和: the game ends with no winner."""
        self.state.over = True
        self.state.peace = True
        self.state.winners = []
        self.state.history.append({"phase": "peace", "index": self.state.index, "reason": reason})

    def peace_agreed(self, proposer: str, agreed: Iterable[str]) -> str | None:
        """None if a 議和 proposal is valid and unanimous, else the reason it is not.

        君主於除反饋階段外的任意階段向剩餘所有國家發起議和，且所有國家的全體成員均同意.
        """
        if proposer not in self.state.players:
            return f"未知的玩家「{shown(proposer)}」"
        lord = self.state.player(proposer)
        if lord.identity != "君主" or not self.can_act(lord):
            return f"{proposer} 不是在場的君主，不能發起議和"
        yes = set(agreed)
        # R26: the members of every remaining side — the kingdoms, and 黃巾軍 while its leader lives (「其餘所有
        # 國家（包括黃巾軍）」); the 方士 and the 神醫 belong to no country and are not asked.
        missing = [p.id for p in self.voters() if p.id not in yes and p.id != proposer
                   and p.identity not in NO_COUNTRY]
        if missing:
            return f"以下玩家未同意議和：{'、'.join(missing)}"
        return None

    # ---- results ----------------------------------------------------------------
    def _finish(self, kind: PhaseKind, phase: Any, book: DecisionBook, first_draw: int,
                announcement: dict[str, Any], warnings: list[str]) -> PhaseResult:
        state = self.state
        number = phase_number(state.index)  # self.number, without the property
        over, winners = victory.check(self)
        if over and not state.over:
            state.over = True
            state.winners = winners
            phase.note("遊戲結束：" + ("、".join(winners) + " 獲勝" if winners else "無人獲勝"))
        state.index += 1
        draws = [d.as_json() for d in state.rng.draws[first_draw:]]
        players = state.players  # state.player(pid), without the method call for every entry
        result = PhaseResult(
            phase=kind._value_, number=number, announcement=announcement,  # .value, without the enum property
            feedback=dict(sorted(phase.feedback.items(), key=lambda kv: players[kv[0]].seat)),
            decisions=list(book.asked), deaths=list(phase.deaths), trace=list(phase.trace), draws=draws,
            warnings=warnings + [d.warning() for d in book.asked if d.defaulted],
        )
        self.results.append(result)
        _release(phase)
        self.open_phase()  # the next night or day begins
        self._holder_tables.seen_now(self.state)
        return result

    def _alliance_lines(self) -> list[dict[str, Any]]:
        after = self.state.index + 1
        return [
            {"countries": list(a.countries), "until": {"phase": phase_kind(a.end).value, "number": phase_number(a.end)}}
            for a in self.state.alliances if a.active(after) or a.start >= after
        ]

    def _night_announcement(self, night: Night, words: dict[str, str]) -> dict[str, Any]:
        alliances = self._alliance_lines()
        players = self.state.players
        night.injured = canonical.posted(self.state, (pid for pid in night.injured if players[pid].injured))
        exited = canonical.posted(self.state, night.exited)
        died = canonical.posted(self.state, night.died)
        stayed = [pid for pid in died if pid not in exited]
        lines = [texts.night_title(self.number), texts.night_overview(len(died), len(night.injured))]
        lines.append(f"昨夜死亡出局：{texts.ids(exited)}")
        if stayed:  # 角色死亡時公布ID但不公布其角色: a lord who plays on (轉生) is named and counted
            lines.append(f"昨夜死亡（仍在場）：{texts.ids(stayed)}")
        lines.append(f"昨夜受傷：{texts.ids(night.injured)}")
        if night.eliminated:
            lines.append(f"滅國：{texts.ids(c + '國' for c in night.eliminated)}")
        lines.append("聯盟：" + ("；".join(texts.alliance_line(tuple(a["countries"]), a["until"]) for a in alliances)
                                 if alliances else "無"))
        if words:
            lines.append("遺言：")
            lines += [f"{pid}：「{text}」" for pid, text in words.items()]
        return {
            "text": "\n".join(lines),
            "exited": exited,
            "died": died,
            "injured": list(night.injured),
            "eliminated": list(night.eliminated),
            "alliances": alliances,
            "last_words": words,
        }

    def _day_announcement(self, day: Day) -> dict[str, Any]:
        lines = [texts.day_title(self.number), "票面："]
        if day.skipped:  # (``Day.vote`` asked ``vote_skipped``: the effects due today are the same now)
            lines[1:] = ["本日跳過投票階段。"]
        void = {v: r for v, r in ballot.voided(day.rulings).items() if v in day.ballot}  # marked as voided (R-JUI1)
        lines += [ballot.ballot_line(voter, target, void, ballot.TRADITIONAL) for voter, target in day.ballot.items()]
        by_vote = canonical.posted(self.state, (d.id for d in day.deaths if d.out and d.cause == "投票"))
        lines.append(f"因投票死亡出局：{texts.ids(by_vote)}")
        died = canonical.posted(self.state, day.died)
        stayed_by_vote = [d.id for d in day.deaths if not d.out and d.cause == "投票" and d.id in died]
        if stayed_by_vote:  # a lord voted out who plays on (轉生) is posted too
            lines.append(f"因投票死亡（仍在場）：{texts.ids(stayed_by_vote)}")
        others = [pid for pid in canonical.posted(self.state, day.exited) if pid not in by_vote]
        if others:
            lines.append(f"另有出局：{texts.ids(others)}")
        stayed = [pid for pid in died if pid not in day.exited and pid not in stayed_by_vote]
        if stayed:
            lines.append(f"另有死亡（仍在場）：{texts.ids(stayed)}")
        players = self.state.players
        injured = canonical.posted(self.state, (pid for pid in day.injured if players[pid].injured))
        if injured:
            lines.append(f"受傷：{texts.ids(injured)}")
        if day.eliminated:
            lines.append(f"滅國：{texts.ids(c + '國' for c in day.eliminated)}")
        return {
            "text": "\n".join(lines),
            "votes": dict(day.ballot),
            "tally": dict(day.tally),
            "exited": canonical.posted(self.state, day.exited),
            "died": died,
            "injured": injured,  # (the list above: the same reads, nothing changed between them)
            "eliminated": list(day.eliminated),
            **({"void_votes": void} if void else {}),
        }

    # ---- truth ---------------------------------------------------------------------
    def truth_players(self) -> dict[str, dict[str, Any]]:
        out = {}
        for p in self.state.players.values():
            entry: dict[str, Any] = {"status": p.status.value, "character": p.character,
                                     "country": p.country, "identity": p.identity}
            if p.markers:
                entry["markers"] = dict(p.markers)
            if p.hp != 1:
                entry["hp"] = p.hp
            out[p.id] = entry
        return out

    def unbuilt_passives(self) -> list[tuple[str, str, str]]:
        """(id, character, skill) of every passive or awakening character skill held that is not built."""
        from tianting.rules.kk33.views import skill_text

        out = []
        for p in self.state.players.values():
            for name in p.skills:
                if name in self.skills:  # built (most are): no text to read
                    continue
                info = skill_text(self, p.character, name)
                if info and (info.kind == "passive" or info.awaken):
                    out.append((p.id, p.character, name))
        return out

    def rule_text(self, pid: str, skill: str) -> str:
        """The rule text of ``skill`` as ``pid`` would read it (any spelling of the skill); "" if unknown."""
        from tianting.rules.kk33.views import skill_text

        name = self.roster.all_skill_names.get(skill) or skill
        player = self.state.players.get(pid)
        info = skill_text(self, player.character, name) if player else self.roster.skill_texts.get(name)
        return info.text if info else ""

    def passive_warnings(self) -> list[str]:
        """Passive and awakening character skills in play that are not built yet."""
        return [f"{pid}（{character}）的被動技能【{name}】尚未實作，本局結算中不生效"
                for pid, character, name in self.unbuilt_passives()]
