"""What one player may see: own seat, the characters they know, own feedback, the public posts.

The skill rows carry the keys every rule set's rows carry (``skill``, ``source``, ``kind``, ``text``,
``built``, ``targets``, ``args``: what a form asks, tianting.server's pages) beside the 24人 rules' own
(``timing``, ``attribute``). The general actions are listed where the seat may use them: 刺杀 (a killer of a
country), 指认 (an allowance of the character), 招揽 (a 君主), 投奔 (an 在野)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tianting.rules.sg24.declared.text import shown_text
from tianting.rules.sg24.game import (
    APPLY,
    RECOGNISE,
    RECRUIT,
    STAB,
    SUICIDE,
    SG24Game,
    recognition_choices,
)
from tianting.rules.sg24.pack import COUNTRIES, UNALIGNED
from tianting.rules.words import words

JUDGE_ONLY = ("votes",)
"""Announcement fields kept for the judge (who voted whom is not posted by seed 001)."""


def public_announcement(announcement: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in announcement.items() if k not in JUDGE_ONLY}


def _targets(count: int, counts: tuple[int, ...] = ()) -> dict[str, Any]:
    return {"count": count, "counts": list(counts), "self": False, "dead": False, "distinct": True}


@dataclass(frozen=True)
class GeneralTexts:
    """A rule set's texts of its general actions on a seat's form (the rule set's own words), and who may stab."""

    stab: str
    recognise: str
    recruit: str
    apply: str
    suicide: str
    suicide_timing: str
    unaligned_killers_stab: bool = False
    """An 在野 杀手 may stab too (鼎立三分2.0); the 24人 rules' stab is a country's killers'."""
    unaligned_vote_note: str = ""
    """Told to an 在野 who has joined no country, on his own view (the 24人 rules: his vote is not counted)."""


TEXTS = GeneralTexts(**words("tianting.rules.sg24", "general"))


def general_rows(game: SG24Game, pid: str, texts: GeneralTexts = TEXTS) -> list[dict[str, Any]]:
    """The rules' own actions where the seat may use them: 刺杀 (a killer), 指认 (an allowance of the character),
    招揽 (a 君主 of a country), 投奔 / 申请入国 (an 在野 not joined), 自杀 (everyone)."""
    p = game.state.player(pid)
    char = game.character(pid)
    rows = []

    def row(name: str, text: str, count: int, args: list[str], timing: str = "结算时生效") -> dict[str, Any]:
        return {"skill": name, "name": name, "source": "general", "kind": "active", "timing": timing,
                "attribute": None, "text": text, "limited": False, "uses_left": None, "built": True,
                "targets": _targets(count), "args": args}

    if p.identity == "杀手" and (texts.unaligned_killers_stab or p.country in COUNTRIES):
        rows.append(row(STAB, texts.stab, 1, []))
    kinds = {a.kind for a in char.recognition}
    if kinds:
        rows.append({**row(RECOGNISE, texts.recognise, 1, [k for k in ("character", "evaluation") if k in kinds]),
                     "choices": recognition_choices(game, pid)})
    if p.identity == "君主" and p.country in COUNTRIES:
        rows.append(row(RECRUIT, texts.recruit, 1, ["character"]))
    if p.country == UNALIGNED:
        rows.append(row(APPLY, texts.apply, 0, ["country"]))
    rows.append(row(SUICIDE, texts.suicide, 0, [], texts.suicide_timing))
    return rows


def skill_rows(game: SG24Game, pid: str, texts: GeneralTexts = TEXTS) -> list[dict[str, Any]]:
    """The rules' own actions the seat may use, then its character's skills (each the judge's to rule), with the
    timing the pack gives the character's skill and one text: the pack's own, else the one generated from its effect
    (a judge's pack may give none: :func:`tianting.rules.sg24.declared.text.shown_text`)."""
    p = game.state.player(pid)
    char = game.character(pid)
    return general_rows(game, pid, texts) + [
        {"skill": s.name, "name": s.name, "source": "character", "kind": s.kind,
         "timing": game.pack.timing(p.character, s), "attribute": s.attribute,
         "text": shown_text(game.pack, p.character, s),
         "limited": False, "uses_left": None, "built": True, "judge_ruled": True,
         **({"targets": _targets(1, (0, 1, 2)), "args": []} if s.kind == "active" else {}),
         **({"inherited_from": game.pack.origin(p.character, s.name)} if s not in char.skills else {})}
        for s in game.held(pid)]


def player_view(game: SG24Game, pid: str, texts: GeneralTexts = TEXTS,
                posted: Callable[[dict[str, Any]], dict[str, Any]] | None = None) -> dict[str, Any]:
    """What ``pid`` sees of the game (``texts``: the rule set's words, :func:`skill_rows`; ``posted``: what of a
    night's announcement the rule set posts, :func:`public_announcement` unless given)."""
    posted = posted or public_announcement
    p = game.state.player(pid)
    char = game.character(pid)
    skills = skill_rows(game, pid, texts)
    return {
        "id": pid, "country": p.country, "identity": p.identity, "character": p.character,
        "status": p.status.value, "evaluations": list(char.evaluations),
        "skills": skills,
        "known": dict(p.known),
        "phase": game.phase.value, "number": game.number,
        "feedback": [[f.as_json() for f in r.feedback.get(pid, [])] for r in game.results],
        "announcements": [posted(r.announcement) for r in game.results],
        "players": [{"id": q.id, "alive": q.alive, "out": not q.alive} for q in game.state.players.values()],
        **({"vote_note": texts.unaligned_vote_note} if p.country == UNALIGNED and texts.unaligned_vote_note else {}),
    }
