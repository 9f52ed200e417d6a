"""What one player may see: own seat, the characters they know, own feedback, the public posts.

The skill rows carry the keys every rule set's rows carry (``skill``, ``source``, ``kind``, ``text``,
``built``, ``targets``, ``args``: what a form asks, tianting.server's pages) beside the 24人 rules' own
(``timing``, ``attribute``). The general actions are listed where the seat may use them: 刺杀 (a killer of a
country), 指认 (an allowance of the character), 招揽 (a 君主), 投奔 (an 在野)."""

from __future__ import annotations

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


TEXTS = GeneralTexts(
    stab="每国杀手每夜可以进行一次刺杀（一个ID）。",
    recognise="指认一个ID为某角色（同国指认）或某评价（评价指认），以角色的指认次数为限。",
    recruit="君主可以指认一个在野为某角色以招揽：指认正确且其同意，次夜开始时加入本国。",
    apply="游戏第二夜开始，在野可以申请投奔一个国家，由其主军师决定是否同意。",
    suicide="自杀立刻生效：当夜单独提交，角色即死亡，由继任者继续游戏，不书写遗言。",
    suicide_timing="立刻生效")


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
         **({"targets": _targets(1, (0, 1, 2)), "args": []} if s.kind == "active" else {})}
        for s in char.skills]


def player_view(game: SG24Game, pid: str) -> dict[str, Any]:
    p = game.state.player(pid)
    char = game.character(pid)
    skills = skill_rows(game, pid)
    return {
        "id": pid, "country": p.country, "identity": p.identity, "character": p.character,
        "status": p.status.value, "evaluations": list(char.evaluations),
        "skills": skills,
        "known": dict(p.known),
        "phase": game.phase.value, "number": game.number,
        "feedback": [[f.as_json() for f in r.feedback.get(pid, [])] for r in game.results],
        "announcements": [public_announcement(r.announcement) for r in game.results],
        "players": [{"id": q.id, "alive": q.alive, "out": not q.alive} for q in game.state.players.values()],
        **({"vote_note": "「在没有加入国家前，在野投票无效」：你的投票会记录，但不计票。"} if p.country == UNALIGNED else {}),
    }
