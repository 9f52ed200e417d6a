"""A hosted game's draw order (:mod:`tianting.core.canonical`): named in its creation event.

A game created since draw orders had a name says ``"draw_order": "canonical"`` in its creation event
(:meth:`tianting.server.store.Store.create_game`). A game created before says nothing: it was dealt and
resolved in the order its lists were written, and goes on so (``listed``), so that an upgrade never
changes its past and its export still verifies.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tianting.core.canonical import CANONICAL, DRAW_ORDERS, LISTED

NEW_GAMES = CANONICAL
"""The draw order a game created now records."""


def draw_order_of(meta: Mapping[str, Any]) -> str:
    """The draw order of the game whose creation payload is ``meta`` (absent: :data:`LISTED`, older games)."""
    order = meta.get("draw_order", LISTED)
    return order if isinstance(order, str) and order in DRAW_ORDERS else LISTED


def draw_order_refusal(payload: Mapping[str, Any]) -> str | None:
    """Why a creation payload's ``draw_order`` is refused, or None."""
    if "draw_order" not in payload or payload["draw_order"] in DRAW_ORDERS:
        return None
    return f"draw_order（抽取的次序）必須是{'或'.join(f'「{o}」' for o in DRAW_ORDERS)}"


def draw_order_field(meta: Mapping[str, Any]) -> dict[str, str]:
    """The script's ``draw_order`` for the game (the script's default, canonical, is left unsaid)."""
    order = draw_order_of(meta)
    return {} if order == CANONICAL else {"draw_order": order}
