"""What the judge and the public see of a hosted game (a player's view is
:meth:`HostedGame.player_view`)."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from tianting.hosting.game import HostedGame


def judge_view(game: HostedGame) -> dict[str, Any]:
    """Everything the judge (天庭) needs on the console: all seats, the open phase's
    submissions, the draft with its trace, decisions, last words and the audit log."""
    phase = game.current
    players = []
    truth = game.base.truth_players() if game.base is not None else {}
    for seat in game.setup["players"]:
        pid = seat["id"]
        players.append({"id": pid, "country": seat["country"], "identity": seat["identity"],
                        "character": game.characters.get(pid), "choices": seat["choices"],
                        "status": truth.get(pid, {}).get("status", "alive")})
    view: dict[str, Any] = {
        "title": game.meta["title"], "rules": game.rules, "stage": game.stage, "seq": game.seq,
        "commitment": game.meta["commitment"], "players": players,
        "night_minutes": game.meta.get("night_minutes"), "day_minutes": game.meta.get("day_minutes"),
        "published": [{"index": i, "label": p.label, "kind": p.kind, "number": p.number,
                       "announcement": game.announcement_text(i)} for i, p in game.published()],
        "notes": game.notes, "over": game.over,
    }
    if game.over:
        view["result"] = {"winners": list(game.base.state.winners), "peace": game.base.state.peace}
    if phase is not None and not phase.published:
        index = len(game.phases) - 1
        current: dict[str, Any] = {
            "index": index, "kind": phase.kind, "number": phase.number, "label": phase.label,
            "deadline": phase.deadline, "participants": game.participants() if game.stage == "open" else [],
            "expected": game.expected(), "submissions": phase.submissions, "votes": phase.votes,
            "resolved_by": phase.resolved_by, "decisions_given": phase.decisions,
            "asked_last_words": phase.asked_last_words,
            "last_words": {pid: asdict(w) for pid, w in phase.last_words.items()},
            "edits": phase.edits,
        }
        if phase.draft is not None:
            draft = phase.draft
            current["draft"] = {
                **draft,
                "announcement": {**draft["announcement"], "text": game.announcement_text(index)},
                "feedback": {pid: game.feedback_items(index, pid) for pid in draft["feedback"]},
                "original_announcement": draft["announcement"]["text"],
                "warnings": phase.draft_warnings,
            }
        view["current"] = current
    return view


def public_view(game: HostedGame) -> dict[str, Any]:
    """The public thread: announcements as published; the 復盤 once the game is over."""
    view: dict[str, Any] = {"title": game.meta["title"], "rules": game.rules, "stage": game.stage,
                            "commitment": game.meta["commitment"], "ids": game.ids,
                            "announcements": game.public_announcements(), "over": game.over}
    if game.over:
        view["result"] = {"winners": list(game.base.state.winners), "peace": game.base.state.peace}
        view["export"] = game.export()
    return view
