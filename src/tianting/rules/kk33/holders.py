"""Who holds which skills the phase loop asks about, kept from phase to phase (``KK33Game.holders``).

The phase loop asks, several times a phase, which players hold one of a set of skills (化身 as a phase
begins and as its resolution begins, the death listeners at every death, the passive skills at work
each night, the day's hooks …). Read off every player's list each time, that is a pass over the table
for each question (≈ 20 k instructions); the lists change rarely (a skill learned, lost, or held for a
phase: 化身), and then one player's at a time, so the answers are kept, and only the players whose
lists have changed are read again.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator
from typing import Any

from tianting.core.state import GameState, Player


class _Table:
    """The players holding one of a set of skills, as of ``read`` entries of the state's log of changes
    (``GameState.skills_changed``): their places in seat order, and they themselves."""

    __slots__ = ("players", "listed", "places", "held", "read")

    def __init__(self, players: dict[str, Player], names: frozenset[str], read: int) -> None:
        self.players = players
        """The state's players dict it was read from (a restored snapshot has another)."""
        self.listed = list(players.values())
        """Its players in seat order (a game's players never change)."""
        isdisjoint = names.isdisjoint
        self.places = tuple(i for i, p in enumerate(self.listed) if not isdisjoint(p.skills))
        """The places in ``listed`` of those who hold one of the names, in order."""
        self.held = tuple(self.listed[i] for i in self.places)
        """Those players, in order."""
        self.read = read

    def catch_up(self, names: frozenset[str], changed: list[str], places: dict[str, int]) -> None:
        """Read again the players whose lists changed since (``changed[self.read:]``), and no other: the
        table is made again only when one of them now holds one of the names and did not, or the other
        way round (化身's change of form keeps 化身)."""
        listed, member = self.listed, None  # (the places as a set, once one has moved)
        for pid in changed[self.read:]:
            i = places[pid]
            holds = not names.isdisjoint(listed[i].skills)
            if holds is not (i in self.places if member is None else i in member):
                if member is None:
                    member = set(self.places)
                if holds:
                    member.add(i)
                else:
                    member.discard(i)
        if member is not None:
            self.places = tuple(sorted(member))
            self.held = tuple(listed[i] for i in self.places)
        self.read = len(changed)


class HolderTables:
    """For each set of skills asked about, the players who hold one of them, in seat order.

    Exact: a table is kept with the players it was read from (``state.players``: a restored snapshot has
    others) and how many entries of the state's log of changes (``GameState.skills_changed``: the id of the
    player whose list changed, added wherever the engine changes one: ``skillbook.gain``/``lose``/``expire``,
    轉生) it has seen; before it is used, the players named since are read again (a player's list decides
    his place in it alone). A list changed from outside the engine between phases (a test setting a
    player up as if he had learned a skill) is found as the next resolution begins (:meth:`check`: every
    list compared with those seen as the last phase ended) and logged as a change."""

    __slots__ = ("tables", "places", "seen")

    def __init__(self) -> None:
        self.tables: dict[frozenset[str], _Table] = {}
        self.places: dict[str, int] = {}
        """Each player's place in seat order (ids: fixed for a game)."""
        self.seen: tuple[Any, int, list[list[str]]] | None = None
        """(players dict, entries of the log seen, a copy of every list) as the last phase ended (:meth:`seen_now`)."""

    def _table(self, state: GameState, names: frozenset[str]) -> _Table:
        """The table of ``names``, up to date."""
        changed = state.skills_changed
        table = self.tables.get(names)
        if table is None or table.players is not state.players:
            table = self.tables[names] = _Table(state.players, names, len(changed))
            if not self.places:
                self.places = {p.id: i for i, p in enumerate(table.listed)}
        elif table.read != len(changed):
            table.catch_up(names, changed, self.places)
        return table

    def holders(self, state: GameState, names: frozenset[str]) -> Iterator[Player]:
        """The players holding one of ``names``, in seat order, each one read as its turn comes: what the
        caller did meanwhile is seen, as in a loop over them all. That is the table as it stands until a
        list changes (the caller's doing: 化身's form expires); then the table is brought up to date, and
        goes on from the place after the last player given."""
        table = self._table(state, names)
        changed = state.skills_changed
        held, read, k = table.held, table.read, 0
        while k < len(held):
            p = held[k]
            yield p
            if len(changed) != read:  # a list changed meanwhile: those after him, as they are now
                table.catch_up(names, changed, self.places)
                held, read = table.held, table.read
                k = bisect_left(table.places, self.places[p.id] + 1)
            else:
                k += 1

    def holding(self, state: GameState, names: frozenset[str]) -> tuple[Player, ...]:
        """The players holding one of ``names`` now, in seat order: for a caller that changes no player's
        list while it goes through them (else :meth:`holders`)."""
        return self._table(state, names).held

    def check(self, state: GameState) -> None:
        """As a resolution begins: log a change for each player whose list is not what it was as the last
        phase ended (changed from outside the engine), so that no table read before is used unread."""
        seen, players = self.seen, state.players
        if seen is None or seen[0] is not players:
            self.tables.clear()
        elif [p.skills for p in players.values()] != seen[2]:  # (one list compared with another in C)
            state.skills_changed.extend(p.id for p, was in zip(players.values(), seen[2], strict=True)
                                        if p.skills != was)

    def seen_now(self, state: GameState) -> None:
        """As a phase ends (or a game begins): remember every list, for :meth:`check` (copied again only
        for the players whose lists have changed since they were last copied)."""
        seen, players, changed = self.seen, state.players, state.skills_changed
        if seen is None or seen[0] is not players:
            self.seen = (players, len(changed), [list(p.skills) for p in players.values()])
        elif seen[1] != len(changed):
            copies, places = seen[2], self.places or {pid: i for i, pid in enumerate(players)}
            for pid in set(changed[seen[1]:]):
                copies[places[pid]] = list(players[pid].skills)
            self.seen = (players, len(changed), copies)
