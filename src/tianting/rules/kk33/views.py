"""What one player may see: the per-player view of a KK 3.3 game.

Built for the player from what the rules grant, never the judge's state with
parts hidden: their own seat (id, country, identity, character, skills and
what is left of them, status), the characters they have learned (互識), their
own feedback, and the public announcements. The server's player page and the
bots read this and nothing else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.rules.kk33.identity import IDENTITY_SKILLS

if TYPE_CHECKING:
    from tianting.rules.kk33.game import KK33Game

HIDDEN_MARKERS = ("黃巾軍",)
"""Markers their bearer does not know of (起義：其無法獲悉)."""


def _skill_rows(game: KK33Game, pid: str) -> list[dict[str, Any]]:
    player = game.state.player(pid)
    rows = []
    identity_texts = {s.name: s for s in game.roster.identity_skills.get(player.identity, [])}
    for name in game.identity_skills(player):
        info = identity_texts.get(name)
        rows.append({
            "skill": name, "source": "identity", "text": info.text if info else "",
            "kind": info.kind if info else IDENTITY_SKILLS[name].kind.value,
            "limited": game.skills[name].limited, "uses_left": game.uses_left(player, name), "built": True,
        })
    character = game.roster.characters[player.character]
    for name in player.skills:
        info = character.skill(name)
        rows.append({
            "skill": name, "source": "character", "text": info.text if info else "",
            "kind": info.kind if info else "active", "limited": info.limited if info else len(name) != 2,
            "uses_left": game.uses_left(player, name), "built": name in game.skills,
        })
    return rows


def player_view(game: KK33Game, pid: str) -> dict[str, Any]:
    """Everything ``pid`` may know now, JSON-ready."""
    state = game.state
    me = state.player(pid)
    view: dict[str, Any] = {
        "id": me.id,
        "country": me.country,
        "identity": me.identity,
        "character": me.character,
        "status": me.status.value,
        "skills": _skill_rows(game, pid),
        "known": dict(me.known),
        "markers": {k: v for k, v in me.markers.items() if k not in HIDDEN_MARKERS},
        "phase": game.phase.value,
        "number": game.number,
        "players": [{"id": p.id, "out": not p.alive} for p in state.players.values()],
        "feedback": [
            {"phase": r.phase, "number": r.number, **f.as_json()}
            for r in game.results for f in r.feedback.get(pid, [])
        ],
        "announcements": [{"phase": r.phase, "number": r.number, **r.announcement} for r in game.results],
        "over": state.over,
    }
    if me.identity == "黃巾頭領":
        view["hp"] = me.hp
    if me.identity == "殺手" and game.can_act(me):
        view["stabs_tonight"] = game.stab_allowance(me.country)
    if state.over:
        view["winners"] = list(state.winners)
        view["peace"] = state.peace
    return view
