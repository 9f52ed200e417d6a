"""Stale pages: a form posted from a page older than the state it changes is refused, never applied.

One mechanism for every form that changes what another tab, device or person may have changed
meanwhile. The page puts in its form a fingerprint (``seen``) of exactly that state, as it showed
it: a player's night actions (:func:`inputs_seen` ``"actions"``), their vote (``"vote"``), a player's
拼點 (:func:`tianting.hosting.views.contests_seen`). The write is made with :func:`unchanged` as its
guard (:meth:`Store.append <tianting.server.store.Store.append>` / ``append_all``), which the store
checks under the game's lock, against the game as stored, before anything is applied: a fingerprint
that no longer holds raises :class:`Stale` (409), nothing is written, and the page shows the current
state with one button that applies the form anyway (the same fields, the current fingerprint and a new
idempotency key: ``stale_offer`` in the page's context, rendered by ``base.html``).

A form without the field (an older page, a script) is not checked.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from tianting.hosting.game import HostedGame, Refused

FIELD = "seen"
"""The form field that carries the fingerprint."""
NOT_REPOSTED = {"csrf", "idem", FIELD}
"""Fields the 「仍然送出」 form gives afresh rather than repeat."""


class Stale(Refused):
    """A write from a page older than the state it changes: ``seen`` is the state's fingerprint now."""

    def __init__(self, message: str, seen: str) -> None:
        super().__init__(message, 409)
        self.seen = seen


def fingerprint(shown: Any) -> str:
    return hashlib.sha256(json.dumps(shown, ensure_ascii=False, sort_keys=True).encode()).hexdigest()[:32]


def inputs_seen(game: HostedGame, pid: str, what: str) -> str:
    """A fingerprint of ``pid``'s own input of the open phase, as a page shows it: ``what`` is ``actions``
    (their current list, None before any) or ``vote`` (their current vote)."""
    phase = game.current
    value = None
    if phase is not None:
        value = phase.votes.get(pid) if what == "vote" else phase.submissions.get(pid)
    return fingerprint([len(game.phases), game.stage, what, value])


def unchanged(now: Callable[[HostedGame], str], seen: Any, message: Callable[[HostedGame], str],
              required: bool = False) -> Callable[[HostedGame], None] | None:
    """The store guard for a form that showed the state ``seen``: raises :class:`Stale` with ``message(game)``
    when ``now(game)`` differs. A form that carried no fingerprint: no guard (None), or, ``required``, always
    stale (a confirmation that must say what it confirms, as the 拼點 digits)."""
    if not required and (seen is None or seen == ""):
        return None

    def check(game: HostedGame) -> None:
        current = now(game)
        if not isinstance(seen, str) or current != seen:
            raise Stale(message(game), current)

    return check


def describe_inputs(game: HostedGame, pid: str, what: str, own: bool, wording: Callable[[dict[str, Any]], str]) -> str:
    """The current input in words, for the refusal (``own``: said to the player themselves)."""
    phase = game.current
    who = "你" if own else pid
    if phase is None:
        return "目前沒有進行中的階段"
    if what == "vote":
        vote = phase.votes.get(pid)
        return f"{who}目前投給：{vote}" if vote else f"{who}目前尚未投票"
    actions = phase.submissions.get(pid)
    if actions is None:
        return f"{who}目前尚未提交行動"
    if not actions:
        return f"{who}目前提交的是：不行動"
    return f"{who}目前提交的行動：" + "；".join(wording(a) for a in actions)


def stale_inputs(pid: str, what: str, seen: Any, own: bool,
                 wording: Callable[[dict[str, Any]], str]) -> Callable[[HostedGame], None] | None:
    """The guard of a form that changes ``pid``'s ``what`` (see :func:`inputs_seen`); ``own``: the player's own
    page (else the judge's); ``wording``: how the page words an action."""
    doing = "投票" if what == "vote" else "行動"

    def message(game: HostedGame) -> str:
        return (f"這個{doing}表單來自較舊的頁面：之後已另有提交（{describe_inputs(game, pid, what, own, wording)}）。"
                "這次沒有記錄任何內容；若要以這個表單的內容取代目前的，請按下方「仍然送出」。")

    return unchanged(lambda game: inputs_seen(game, pid, what), seen, message)


def offer(form_values: dict[str, list[str]], action: str, exc: Stale) -> dict[str, Any]:
    """What the page needs to offer 「仍然送出」: the form's own fields again, with the current fingerprint."""
    fields = [(k, v) for k, values in form_values.items() if k not in NOT_REPOSTED for v in values]
    return {"action": action, "fields": fields, "seen": exc.seen}
