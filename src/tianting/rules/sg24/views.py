"""What one player may see: own seat, the characters they know, own feedback, the public posts."""

from __future__ import annotations

from typing import Any

from tianting.rules.sg24.game import SG24Game

JUDGE_ONLY = ("votes",)
"""Announcement fields kept for the judge (who voted whom is not posted by seed 001)."""


def public_announcement(announcement: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in announcement.items() if k not in JUDGE_ONLY}


def player_view(game: SG24Game, pid: str) -> dict[str, Any]:
    p = game.state.player(pid)
    char = game.character(pid)
    return {
        "id": pid, "country": p.country, "identity": p.identity, "character": p.character,
        "status": p.status.value, "evaluations": list(char.evaluations),
        "skills": [{"name": s.name, "kind": s.kind, "timing": s.timing, "attribute": s.attribute, "text": s.text}
                   for s in char.skills],
        "known": dict(p.known),
        "phase": game.phase.value, "number": game.number,
        "feedback": [[f.as_json() for f in r.feedback.get(pid, [])] for r in game.results],
        "announcements": [public_announcement(r.announcement) for r in game.results],
        "players": [{"id": q.id, "alive": q.alive} for q in game.state.players.values()],
    }
