"""Who has won a KK 3.3 game.

每個國家的勝利條件均為其餘所有國家（包括黃巾軍）滅亡。
黃巾頭領：當場上存活的角色除你以外均是「黃巾軍」時，你單獨獲得勝利。
  *當黃巾頭領同時觸發死亡與勝利的條件時，死亡優先於勝利。
方士／神醫：遊戲結束時，若獲勝國為你積累「迷幻」／「行醫」標記最少的國家
  （必須為最少，若為最少之一則不算），你一同獲勝。
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tianting.core.state import Status
from tianting.rules.kk33.roster import COUNTRIES

if TYPE_CHECKING:
    from tianting.core.state import Player
    from tianting.rules.kk33.game import KK33Game

REBELS = "黃巾軍"
JOINT_MARKERS = {"方士": "迷幻", "神醫": "行醫"}
_OUT = Status.OUT
_LEADER = "victory.leader"
"""Where a game keeps :func:`_leader`'s memo (``game.memos``)."""


def standing(game: KK33Game) -> list[str]:
    """The sides not yet eliminated: kingdoms, and 黃巾軍 while its leader lives."""
    return _standing(game, _leader(game))


def _leader(game: KK33Game) -> Player | None:
    """``game.rebel_leader()``, read through a per-game memo of the leader's id (None: no leader).

    Exact: who holds the identity 黃巾頭領 is fixed at the seating (no rule of KK 3.3 changes a
    player's identity, nor adds or removes a player), so only the ``Player`` object may differ, when
    the state is put back from a snapshot (a night resolved again): the memo keeps the players' dict
    it was read from, is read again when ``state.players`` is another one, and the id is looked up
    in the current one. Saves ``check``'s walk over every seat after every phase."""
    players = game.state.players
    memos = game.memos
    kept = memos.get(_LEADER)
    if kept is None or kept[0] is not players:
        leader = game.rebel_leader()
        kept = memos[_LEADER] = (players, None if leader is None else leader.id)
    lid = kept[1]
    return None if lid is None else players[lid]


def _standing(game: KK33Game, leader: Player | None) -> list[str]:
    sides = [c for c in game.kingdoms if c not in game.state.eliminated]
    if leader is not None and leader.alive:
        sides.append(REBELS)
    return sides


def check(game: KK33Game) -> tuple[bool, list[str]]:
    """(over, winners). Winners are countries and player ids."""
    state = game.state
    leader = _leader(game)
    if leader is not None and leader.alive:
        # Every other living player marked (state.living(), read lazily: the first unmarked one ends it).
        out, lid = _OUT, leader.id
        if all(p.markers.get(REBELS, 0) for p in state.players.values() if p.status is not out and p.id != lid):
            return True, [lid]
    sides = _standing(game, leader)
    if len(sides) > 1 or sides == [REBELS]:
        # With only 黃巾軍 left the leader's own condition decides (checked above).
        return False, []
    if not sides:
        return True, []
    winner = sides[0]
    winners = [winner]
    if winner in COUNTRIES:
        for player in state.players.values():
            marker = JOINT_MARKERS.get(player.identity)
            if marker and fewest(player.markers, marker) == winner:
                winners.append(player.id)
    for player in state.players.values():  # 招納蠻夷: a held skill may name joint winners
        for name in player.skills:
            hook = getattr(game.skills.get(name), "joint_winners", None)
            if hook is not None:
                winners += [pid for pid in hook(game, winner, player.id) if pid not in winners]
    return True, winners


def fewest(markers: dict[str, int], marker: str) -> str | None:
    """The country with strictly the fewest of ``marker`` (None on a tie)."""
    counts = {c: markers.get(f"{marker}·{c}", 0) for c in COUNTRIES}
    low = min(counts.values())
    lows = [c for c, n in counts.items() if n == low]
    return lows[0] if len(lows) == 1 else None
