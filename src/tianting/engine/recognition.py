"""Recognition between players: 互相认识 (「若A单方认识B且B单方认识A，则两者互相认识。」) and the country group it
opens, seed 003's 「玩家退出游戏时，若其角色没有与任何本国角色互相认识，则不能进入国家群。」 (ruling D-X2).

A player has learned another's character when the other's id is in his ``known`` (every rule set records 互識
there). The country group is a kingdom's: a player outside the kingdoms (KK 3.3's 群, an 在野 not joined) has no
本国 and so no group. The server's rooms (``server/chat``) ask this module, for every rule set.
"""

from __future__ import annotations

from collections.abc import Collection

from tianting.core.state import GameState


def knows(state: GameState, a: str, b: str) -> bool:
    """``a`` has learned ``b``'s character (单方认识)."""
    return b in state.player(a).known


def mutual(state: GameState, a: str, b: str) -> bool:
    """「若A单方认识B且B单方认识A，则两者互相认识。」"""
    return knows(state, a, b) and knows(state, b, a)


def country_group(state: GameState, pid: str, countries: Collection[str]) -> str | None:
    """The country whose group ``pid`` may enter, or None: a mutual recognition with an id of his (current)
    country, one of ``countries`` (the rule set's kingdoms)."""
    player = state.players.get(pid)
    if player is None or player.country not in countries:
        return None
    for other in sorted(player.known):
        them = state.players.get(other)
        if other != pid and them is not None and them.country == player.country and pid in them.known:
            return player.country
    return None
