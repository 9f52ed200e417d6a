"""The players' links when a seat is handed on (替補, hosting/substitutes.py; issue 29, 5).

A seat's first link is ``security.player_token(judge, id)``; after its n-th substitution its link is derived the
same way from the seat's id and n (:func:`player_link`), so the 北斗's console can show it again. The tokens table
keeps its hash with the role ``player`` for the first link and ``p<n>`` for the n-th after (the column holds 8
characters); :meth:`Store.access` lets a player's link in only while it is the seat's current generation, so the
old link stops working the moment the substitution is stored, in every server process.
"""

from __future__ import annotations

from typing import Any

from tianting.hosting.substitutes import link_generation
from tianting.server.security import player_token


def player_link(judge_token: str, pid: str, generation: int) -> str:
    """The seat ``pid``'s link token after ``generation`` substitutions (0: the link the game was made with)."""
    return player_token(judge_token, pid if generation == 0 else f"{pid}\n替補{generation}")


def role(generation: int) -> str:
    return "player" if generation == 0 else f"p{generation}"


def access_of(game_id: str, stored_role: str, player_id: str | None) -> Any:
    """The :class:`~tianting.server.store.Access` of a tokens row (``p<n>``: a player's link of generation n)."""
    from tianting.server.store import Access

    if stored_role.startswith("p") and stored_role[1:].isdigit():
        return Access(game_id, "player", player_id, int(stored_role[1:]))
    return Access(game_id, stored_role, player_id)


def generation(game: Any, pid: str | None) -> int:
    return link_generation(game, pid) if pid is not None else 0


def after_append(store: Any, game_id: str, judge_token: str, kind: str, payload: dict[str, Any]) -> None:
    """Once a ``substitute`` event is stored: the seat's new link (derived from the 北斗's, ``judge_token``)."""
    from tianting.hosting import events as ev

    if kind != ev.SUBSTITUTE:
        return
    pid = payload["player"]
    with store.game(game_id) as game:
        n = generation(game, pid)
    store.add_player_link(game_id, pid, n, player_link(judge_token, pid, n))


def current_links(game: Any, judge_token: str) -> dict[str, str]:
    """Every seat's current link token, derived again from the 北斗's (or the one judge's) link."""
    return {pid: player_link(judge_token, pid, generation(game, pid)) for pid in game.ids}
