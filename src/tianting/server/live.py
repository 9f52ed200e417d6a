"""Live pages: each reader polls a small version of what they may see.

The routes are in :mod:`tianting.server.pages` (``/j/<token>/live``, ``/p/<token>/live``,
``/g/<public_id>/live``); this module says what a version is. Every page carries the version it was rendered from (``data-live-version`` on ``<body>``) and
the address of its reader's version (``data-live``); ``static/app.js`` asks that address every
few seconds and, when the answer differs, fetches the page again and swaps in the sections that
changed (never one the reader is typing in). No inline script, so the Content-Security-Policy
stays as strict as it is.

A version says nothing but "what you may see changed": the judge's is the game's event number
(the judge sees everything); a player's is a digest of their own view
(:meth:`HostedGame.player_view`), so another player's submission, or anything else kept from
them, leaves it unchanged; the public's is a digest of the public thread. Each answer also
carries the open phase's deadline, which that reader's page shows anyway.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from tianting.hosting.game import HostedGame
from tianting.hosting.views import open_phase, out_ids

POLL_SECONDS = 5.0
"""How often a page asks by default (``create_app(live_seconds=…)``, the body's ``data-live-every``)."""


def _digest(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def judge_version(game: HostedGame, talk: str = "") -> str:
    """The event number, and ``talk``: the stamp of the rooms and complaints this judge reads (chat.judge_stamp)."""
    return f"{game.seq}.{talk}" if talk else str(game.seq)


def player_version(game: HostedGame, pid: str, talk: str = "") -> str:
    """A digest of the player's view and ``talk``: the stamp of their room, complaints and answers."""
    return _digest([game.player_view(pid), talk] if talk else game.player_view(pid))


def public_state(game: HostedGame) -> dict[str, Any]:
    """What the public page shows that can change (the thread, the stage, who is out, the deadline)."""
    return {"stage": game.stage, "announcements": game.public_announcements(), "over": game.over,
            "out": out_ids(game), "open": open_phase(game)}


def public_version(game: HostedGame) -> str:
    return _digest(public_state(game))


def open_deadline(game: HostedGame) -> str | None:
    phase = game.current
    return phase.deadline if phase is not None and game.stage == "open" else None


NO_STORE = {"Cache-Control": "no-store"}
