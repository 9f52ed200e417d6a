"""Player views for the bot loop, built incrementally: the same content as
:func:`player_view` of KK 3.3's views (``RULESET.views``), at a fraction of the cost.

``player_view`` rebuilds a player's whole view from the game every time: every
announcement and every feedback so far, every skill row with its rule text,
the table. The bot loop asks for about three hundred views a game, so a
:class:`ViewCache` keeps, for one game, what does not change:

* the announcements and each player's feedback, folded in once per resolved
  phase (``game.results`` only ever grows);
* each player's skill rows (the rules' own ``_skill_rows``), built again only
  when something they are read from changed: identity, character, skills,
  limited skills used, one-time rights, the forms skills were taken from (化身);
* the table (who is out), the phase and each country's stabs tonight once per
  phase, while no phase is being resolved (``settled``; during a resolution, a
  decision's view reads them live).

A view it returns equals ``player_view(game, pid)`` at that moment, key for key
(``tests/test_bot_speed.py`` compares them on every view of many games).
Views share their read-only parts with each other: the lists of announcements,
feedback, players and skill rows are handed out as they are, never copied, and
never changed afterwards (a new phase's entries make new lists), so a view kept
from an earlier phase still reads as it did. Like every view, they are
read-only for the policy.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tianting.core.state import Status
from tianting.rules import load as load_rules

if TYPE_CHECKING:
    from tianting.core.state import Player

_VIEWS = load_rules("kk33").views
"""KK 3.3's view parts (``RULESET.views``): the cache builds exactly its ``player_view`` from them."""
_row, _skill_rows = _VIEWS.row, _VIEWS.skill_rows
FROM_KEY = _VIEWS.taken_from_key
"""Where a game records the form each skill 化身 took came from (the rows' texts depend on it)."""
assemble_view, public_announcement = _VIEWS.assemble_view, _VIEWS.public_announcement
shown_skills = _VIEWS.shown_skills
offered_parts = _VIEWS.offered_parts


RowMemo = dict[tuple[Any, ...], dict[str, Any]]
ListMemo = dict[tuple[Any, ...], list[dict[str, Any]]]

_SHARED_ROWS: dict[int, tuple[Any, RowMemo, ListMemo]] = {}
"""Skill rows remembered by this process, per set of skills (``KK33Game.hooks``, the same object for
every game created with the same skills; kept here beside its rows so that its id stays its own):
single rows (:meth:`ViewCache._row`) and whole lists of a player's rows (:meth:`ViewCache._skill_rows`).
Bounded by the roster: one row per identity, character, skills held, skill and source (and player id
for the few skills that read it); one list per those and the limited skills used, rights held and
forms skills were taken from."""


SHARED_ROWS_LIMIT = 40_000
"""Rows and lists of rows a process keeps at most: past it, they are forgotten as the next
game starts (a forgotten row is built again, the same). The combinations a long study meets grow
ever more slowly but without an end (3,435 lists after 800 games); so a study's memory stays flat."""


def _shared_rows(game: Any) -> tuple[RowMemo, ListMemo]:
    """The process's memos for ``game``'s set of skills, emptied first if they have grown past
    :data:`SHARED_ROWS_LIMIT` (called as a game's view cache is made, never while a game plays)."""
    kept = _SHARED_ROWS.get(id(game.hooks))
    if kept is None or kept[0] is not game.hooks:
        kept = _SHARED_ROWS[id(game.hooks)] = (game.hooks, {}, {})
    elif len(kept[1]) + len(kept[2]) > SHARED_ROWS_LIMIT:
        kept[1].clear()
        kept[2].clear()
    return kept[1], kept[2]


_NONE: list[Any] = []
"""The feedback of a player told nothing yet (shared, never changed)."""


class ViewCache:
    """Per-game cache of the parts of player views that outlive a phase."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.settled = True
        """No phase is being resolved: the table may be read once per phase (the bot loop clears
        it around each resolution, when a decision's view must read the state live)."""
        self._seen = 0
        """How many of ``game.results`` are folded into the lists below."""
        self._announcements: list[dict[str, Any]] = []
        self._feedback: dict[str, list[dict[str, Any]]] = {}
        self._rows: dict[str, list[Any]] = {}
        """Each player's rows: [the phase whose settled state they were last checked against (-1: none, or
        read live; not checked again in that phase, when nothing changes), copies of all they are read
        from (see :meth:`_skill_rows`), the rows]."""
        self._prefix: tuple[Player, tuple[Any, ...]] | None = None
        """The player whose rows are being rebuilt and :meth:`_row_prefix` of him, read once for all of them."""
        self._row_memo, self._list_memo = _shared_rows(game)
        """One skill row by (identity, character, skills held, skill, source, and the player's id where
        a held skill reads it): all it is read
        from but ``uses_left``, which is read again each time the rows are rebuilt. Shared by the
        games of this process with the same skills (rows are read-only; a new ``uses_left`` makes a
        new row). ``_list_memo``: a player's whole list of rows, by all it is read from (see
        :meth:`_shared_list`), shared the same way."""
        self._table_at = -1
        self._table: list[dict[str, Any]] = []
        self._outs: list[bool] = []
        """Who was out when ``_table`` was read, in seat order (the players never change seats)."""
        self._stabs: dict[str, int] = {}
        self._by_day: dict[str, tuple[list[dict[str, Any]], bool]] = {}
        """Whether each player's rows (the list kept with it) have one usable by day."""
        self._offered: dict[str, tuple[int, list[dict[str, Any]],
                                       tuple[list[dict[str, Any]], dict[str, list[str]]] | None]] = {}
        """What 化身 offers each player, by phase while settled (``views.offered_parts``), with the rows
        it was read beside."""
        self._offerers = frozenset(n for n, s in game.skills.items() if hasattr(s, "offers"))
        """The game's skills that offer others (化身; the game's skills do not change during a game)."""
        self._by_day_skills = frozenset(n for n, s in game.skills.items() if s.by_day)
        """The game's skills usable by day by their text (``Skill.by_day``: 緩釋 …)."""
        self._day_movers = game.hooks.day_rules | game.hooks.grants
        """Held skills that move others to the day (奇襲: ``day_rules``) or lend rows (``grants``)."""
        self._day_held = self._day_movers | self._by_day_skills | self._offerers
        """Held skills without which a player has nothing to do by day unless his identity or a right gives
        it (:meth:`day_candidates`)."""
        self._identity_by_day: dict[str, bool] = {}
        """Whether each identity asked about has a skill usable by day by its text (``game.identity_skills``
        reads the identity alone; none in KK 3.3: its identity skills are used by night)."""

    def _catch_up(self) -> None:
        results = self.game.results
        if self._seen == len(results):
            return
        # New lists, never appended to: views handed out earlier keep theirs (see the module).
        fresh = results[self._seen:]
        self._announcements = self._announcements + [public_announcement(r) for r in fresh]
        feedback = self._feedback
        for r in fresh:
            for pid, items in r.feedback.items():
                if items:
                    feedback[pid] = feedback.get(pid, []) + [
                        {"phase": r.phase, "number": r.number, **f.as_json()} for f in items]
        self._seen = len(results)

    def _settle(self) -> None:
        """A new phase (or a resolution under way): forget what was read once per phase."""
        game = self.game
        out = Status.OUT
        outs = [p.status is out for p in game.state.players.values()]
        if outs != self._outs:  # else the table read last is still the table (shared: it never changes)
            self._table = [{"id": p.id, "out": p.status is out} for p in game.state.players.values()]
            self._outs = outs
        self._stabs = {}
        self._table_at = game.state.index if self.settled else -1

    def _stabs_tonight(self, country: str) -> int:
        if not self.settled:
            return self.game.stab_allowance(country)
        n = self._stabs.get(country)
        if n is None:
            n = self._stabs[country] = self.game.stab_allowance(country)
        return n

    def _skill_rows(self, player: Player) -> list[dict[str, Any]]:
        # Everything the rows are read from (KK33Game.uses_left included, and the forms taken skills came
        # from, ``FROM_KEY``); the game's skills and the roster do not change during a game.
        # Compared field by field, copies kept: ``used`` is only looked up (its order does not
        # matter), the order of ``granted`` orders the rows.
        kept = self._rows.get(player.id)
        index = self.game.state.index if self.settled else -1
        if kept is not None and index >= 0 and kept[0] == index:
            return kept[2]  # checked in this phase already: the state has not changed since
        granted = tuple(player.granted.items()) if player.granted else ()
        taken = self.game.state.extra.get(FROM_KEY)
        taken = (taken.get(player.id) or None) if taken else None  # none taken: None, however stored
        # One comparison of tuples: field by field, as ``==`` of each (lists and dicts by content).
        if kept is None or kept[1] != (player.identity, player.character, player.skills, player.used,
                                       granted, taken):
            rows = self._shared_list(player, granted, taken)
            self._rows[player.id] = [index, (player.identity, player.character, list(player.skills),
                                             dict(player.used), granted, dict(taken) if taken else None), rows]
            return rows
        kept[0] = index
        return kept[2]

    def _shared_list(self, player: Player, granted: tuple[Any, ...], taken: dict[str, str] | None
                     ) -> list[dict[str, Any]]:
        """The rules' ``_skill_rows`` of ``player`` now (built with :meth:`_row`), remembered for the games
        of this process by all it is read from: :meth:`_row_prefix` (id where read, identity, character,
        skills held), the limited skills used (``used``, in its order: another order is another key, never
        a wrong one), the rights held (``granted``) and the forms skills were taken from (``taken``).
        Nothing else is read: ``uses_left`` reads those and ``offered``, which is empty for a player who
        holds no skill that offers (``_offerers``; the rows of one who does are built each time, as
        before); the lent rows read the same (``grants``: the identity's skills); usable by day reads
        the held skills' fixed ``day_skills`` and ``night_refusal``. Lists handed out are never changed."""
        prefix = self._row_prefix(player)
        key = None
        if self._offerers.isdisjoint(player.skills):
            key = (prefix, tuple(player.used.items()) if player.used else (), granted,
                   tuple(taken.items()) if taken else ())
            rows = self._list_memo.get(key)
            if rows is not None:
                return rows
        self._prefix = (player, prefix)
        try:
            rows = _skill_rows(self.game, player.id, self._row)
        finally:
            self._prefix = None
        if key is not None:
            self._list_memo[key] = rows
        return rows

    def _row_prefix(self, player: Player) -> tuple[Any, ...]:
        """What every remembered row of ``player`` is keyed by first (see :meth:`_row`): the id where a held
        skill reads it, identity, character and skills held."""
        skills = tuple(player.skills)
        # The player's id is read only by skills that move others to the day (奇襲: ``day_skills``,
        # ``night_refusal``); without one the row is the same for every id.
        who = None if self.game.hooks.day_rules.isdisjoint(skills) else player.id
        return (who, player.identity, player.character, skills)

    def _row(self, game: Any, player: Player, name: str, source: str, character: str | None = None) -> dict[str, Any]:
        """``views._row``, remembered: most rebuilds of a player's rows follow a limited skill used
        (``used``), which changes only the rows' ``uses_left``. A row handed out is never changed: a
        new ``uses_left`` makes a new row."""
        prefix = self._prefix
        # Read once per rebuild of the rows (:meth:`_skill_rows`, during which the player does not change).
        prefix = prefix[1] if prefix is not None and prefix[0] is player else self._row_prefix(player)
        # The form whose text is shown: ``character`` (a form 化身 offers), else the one a skill was taken
        # from (``FROM_KEY``, set by 化身: 舌戰群儒 reads differently in two forms), else the player's own.
        shown = character
        if shown is None:
            taken = game.state.extra.get(FROM_KEY)
            if taken:
                shown = taken.get(player.id, {}).get(name)
        if source == "granted":  # how many rights are left (or, offered too, the limit) read each time
            key: tuple[Any, ...] = (*prefix, name, source, shown)
        else:
            # An identity skill or a held one: ``uses_left`` reads nothing else than the key's skills
            # and how often it was used (KK33Game.uses_left), so the row of this key is the row.
            # So does that of a skill offered to take up (化身's, in the form ``character``): offered, it
            # is counted as held.
            key = (*prefix, name, source, player.used.get(name, 0), shown)
        row = self._row_memo.get(key)
        if row is None:
            row = self._row_memo[key] = _row(game, player, name, source, character)
        elif source == "granted":
            left = game.uses_left(player, name)
            if row["uses_left"] != left:
                row = self._row_memo[key] = {**row, "uses_left": left}  # the same keys, in order
        return row

    def _offered_parts(self, player: Player, skills: list[dict[str, Any]]
                       ) -> tuple[list[dict[str, Any]], dict[str, list[str]]] | None:
        """``views.offered_parts``, read once per settled phase (化身's forms are drawn as it begins; nothing
        else it reads changes while no phase is resolved). A player holding no skill that offers (``offers``)
        is offered nothing (``game.offered``'s own first test), unread."""
        if self._offerers.isdisjoint(player.skills):
            return None
        index = self.game.state.index
        kept = self._offered.get(player.id)
        if kept is not None and self.settled and kept[0] == index and kept[1] is skills:
            return kept[2]
        parts = offered_parts(self.game, player, skills, self._row)
        self._offered[player.id] = (index if self.settled else -1, skills, parts)
        return parts

    def skill_rows(self, player: Player) -> list[dict[str, Any]]:
        """``player_view(game, player.id)["skills"]``, now, without the rest of the view."""
        return self._skill_rows(player)

    def acts_by_day(self, player: Player) -> bool:
        """Has ``player`` a row usable by day (``by_day``) among his own :meth:`skill_rows`? (Read once
        per list of rows: rows handed out never change.)

        Unread when no row of his can be: a row is usable by day only if the game's ``usable_by_day`` says
        so of its skill (``views._row``), that is if the skill's text says so (:attr:`_by_day_skills`) or a
        held skill of ``day_rules`` moves it; his rows are his identity's skills, those he holds, his rights
        (``granted``) and those a held skill of ``grants`` lends. So with no mover held and none of those
        names usable by day, none of his rows is (most players, most days: their rows go unvalidated)."""
        skills = player.skills
        day = self._by_day_skills
        if self._day_movers.isdisjoint(skills) and day.isdisjoint(skills) \
                and (not player.granted or day.isdisjoint(player.granted)) \
                and day.isdisjoint(self.game.identity_skills(player)):
            return False
        rows = self._skill_rows(player)
        kept = self._by_day.get(player.id)
        if kept is None or kept[0] is not rows:
            kept = self._by_day[player.id] = (rows, any(r.get("by_day") for r in rows))
        return kept[1]

    def day_candidates(self, living: list[Player]) -> list[Player]:
        """Those of ``living`` (in their order) who may have something to do by day: a row usable by day
        (:meth:`acts_by_day`) or skills offered to take up (``game.offered``). The others are left out unasked,
        with a set test or two each instead of those two calls: for a player who holds none of :attr:`_day_held`,
        has no right (``granted``) and whose identity has no skill usable by day (:meth:`_identity_acts`),
        :meth:`acts_by_day` answers False by its first test (no mover held, no name usable by day among his
        held skills, rights and identity skills) and ``game.offered`` answers nothing by its first (no offerer
        held). A superset: the caller asks those two of each player returned."""
        held, by_identity = self._day_held, self._identity_by_day
        return [p for p in living if not held.isdisjoint(p.skills) or p.granted
                or (by_identity.get(p.identity) is not False and self._identity_acts(p))]

    def _identity_acts(self, player: Player) -> bool:
        """Has ``player``'s identity a skill usable by day by its text? Read once per identity."""
        acts = self._identity_by_day[player.identity] = \
            not self._by_day_skills.isdisjoint(self.game.identity_skills(player))
        return acts

    PARTS = frozenset({"id", "players", "skills"})
    """The parts of a view :meth:`partial_view` can build alone."""

    def partial_view(self, pid: str, reads: frozenset[str]) -> dict[str, Any]:
        """The parts ``reads`` of ``player_view(game, pid)`` alone, now, for a policy's method
        that reads nothing else (``policy.reads_only``; ``reads`` within :data:`PARTS`): the very values
        :meth:`view` holds (the phase's ``players`` list, the same rows, with what 化身 offers after them:
        ``views.shown_skills``), without folding in feedback or announcements, nor reading the rest."""
        view: dict[str, Any] = {"id": pid} if "id" in reads else {}  # without it, the same for every player
        if "players" in reads:
            if not self.settled or self._table_at != self.game.state.index:
                self._settle()
            view["players"] = self._table
        if "skills" in reads:
            me = self.game.state.players[pid]
            skills = self._skill_rows(me)
            if not self._offerers.isdisjoint(me.skills):  # else offered nothing (``_offered_parts``' first test)
                skills = shown_skills(skills, self._offered_parts(me, skills))[0]
            view["skills"] = skills
        return view

    def viewer(self, reads: frozenset[str]) -> Callable[[str], dict[str, Any]]:
        """``lambda pid: self.partial_view(pid, reads)`` (``reads`` within :data:`PARTS`); for all of
        :data:`PARTS` (the random bot's night and day), that view built by one function without the tests
        of ``reads``: the same keys in the same order, the same values."""
        if reads != self.PARTS:
            return lambda pid: self.partial_view(pid, reads)

        def parts(pid: str) -> dict[str, Any]:
            game = self.game
            state = game.state
            if not self.settled or self._table_at != state.index:
                self._settle()
            me = state.players[pid]
            skills = self._skill_rows(me)
            if not self._offerers.isdisjoint(me.skills):  # else offered nothing (``_offered_parts``' first test)
                skills = shown_skills(skills, self._offered_parts(me, skills))[0]
            return {"id": pid, "players": self._table, "skills": skills}
        return parts

    def view(self, pid: str) -> dict[str, Any]:
        """``player_view(game, pid)``, now."""
        if self._seen != len(self.game.results):
            self._catch_up()
        game = self.game
        state = game.state
        if not self.settled or self._table_at != state.index:
            self._settle()
        me = state.players[pid]
        return assemble_view(
            game, pid,
            skills=self._skill_rows(me),
            players=self._table,
            feedback=self._feedback.get(pid, _NONE),
            announcements=self._announcements,
            stabs_tonight=self._stabs_tonight,
            offered=False if self._offerers.isdisjoint(me.skills) else self._offered_parts,
        )
