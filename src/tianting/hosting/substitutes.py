"""Substitutes (替補): the 北斗 hands a seat to a new forum id (issue 29, 5).

Forum games replace a player who drops out as a matter of course. The ``substitute`` event (payload ``player``:
the seat's id in the game, ``by``: the new forum id, ``reason``) keeps the seat as it is: its id in the game, its
history, character and knowledge stay, so the engine, the script, replay and ``verify`` see the same game (the event
is in the export's event log; the fold checks it again). What changes is who holds the seat: the seat's link is made
anew (the generation of :func:`link_generation`; the old link stops working, server/store.py) and the pages and the
post say 「X 由 Y 替補」.
"""

from __future__ import annotations

from typing import Any

from tianting.hosting.events import Event

MAX_REASON = 500


def check(game: Any, event: Event) -> dict[str, Any]:
    """The substitution ``event`` asks for, checked (raises ``Refused``, changing nothing): a seat of the game, a
    new forum id that is no one's in it (nor another substitute's), and a reason; once the game has started and
    before it is over. Returns the record kept in ``game.substitutes``."""
    from tianting.hosting.game import Refused, _has_control, _text

    if event.actor != "judge":
        raise Refused("只有天庭可以安排替補", 403)
    if not game.started:
        raise Refused("遊戲尚未開始：開始前換人，請重新建立遊戲", 409)
    p = event.payload
    pid = p.get("player")
    if not isinstance(pid, str) or pid not in game.ids:
        raise Refused(f"沒有這個座位「{str(pid)[:64]}」", 422)
    by = p.get("by")
    if not isinstance(by, str) or not by.strip() or len(by) > 64 or by in ("judge", "system") or _has_control(by):
        raise Refused("替補者的論壇ID無效（1至64字，不能是 judge 或 system，不能含控制字元）", 422)
    by = by.strip()
    taken = set(game.ids) | {s["by"] for s in game.substitutes}
    if by in taken:
        raise Refused(f"「{by}」已經在這局遊戲中", 409)
    reason = _text(p, "reason", "替補的理由", MAX_REASON)
    index = len(game.phases) - 1
    return {"player": pid, "by": by, "reason": reason, "phase": index, "label": game.phases[index].label,
            "seq": event.seq, "at": event.at}


def link_generation(game: Any, pid: str) -> int:
    """How many times the seat ``pid`` was handed on: its link's generation (0: the link the game was made with)."""
    return sum(1 for s in game.substitutes if s["player"] == pid)


def holder(game: Any, pid: str) -> str:
    """Who holds the seat ``pid`` now: the last substitute's forum id, else the seat's own."""
    held = [s["by"] for s in game.substitutes if s["player"] == pid]
    return held[-1] if held else pid


def every_id(game: Any) -> list[str]:
    """Every forum id the game seated, as typed: the ids it was made with and each substitute's (pages and posts
    show them so, never converted to the other script: issue 29, 7)."""
    return [*game.ids, *(s["by"] for s in game.substitutes)]


def public(game: Any) -> list[dict[str, Any]]:
    """The substitutions as the public page and the post say them: 「X 由 Y 替補」 (the reason stays the judges')."""
    out = []
    for s in game.substitutes:
        out.append({"player": s["player"], "by": s["by"], "label": s["label"], "phase": s["phase"],
                    "text": f"{s['player']} 由 {s['by']} 替補"})
    return out
