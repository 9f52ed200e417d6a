"""What one player may see of a 鼎立三分2.0 game: own seat, whom they know, own feedback, the public posts.

The night post gives counts, not names (「当夜死亡及受伤的角色人数」), so the announcement's ``died`` (the ids
whose character died: the judge's record) is not shown, nor the counted ``votes``, the 拼点 (「拼点的结果不会
直接告诉玩家」), the 伤判 outcomes or anything else in :data:`JUDGE_ONLY`; the original ballot is public."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tianting.core.records import Action
from tianting.core.state import PhaseKind
from tianting.rules.dingli2.game import SUICIDE, DingliGame, _norm
from tianting.rules.sg24.views import GeneralTexts, skill_rows

JUDGE_ONLY = ("votes", "died", "silent", "contests", "wound_checks")
"""Kept for the judge: the counted votes, whose character died, the 拼点, and the 伤判 outcomes (the posts name
no wounded player: each learns their own check in their feedback)."""


def public_announcement(announcement: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in announcement.items() if k not in JUDGE_ONLY}


TEXTS = GeneralTexts(
    stab="每名角色每夜只能使用一个主动技能或进行一次刺杀。",
    recognise="指认一个ID为某角色或某评价，以角色的指认次数为限。",
    recruit="君主招揽：指认中包含在野角色时，由法官询问其是否加入此国。",
    apply="申请入国：由该国正军师决定是否同意；军师全部死亡的国家无法加入。",
    suicide="角色自杀在行动提交阶段提交，即时生效，不可修改。",
    suicide_timing="即时生效",
    unaligned_killers_stab=True)
"""Seed 003's words for its general actions on a seat's form (:func:`tianting.rules.sg24.views.general_rows`)."""


def _skill_rows(game: DingliGame, pid: str) -> list[dict[str, Any]]:
    """The rules' own actions the seat may use, then its character's skills (each the judge's to rule)."""
    return skill_rows(game, pid, TEXTS)


def successor_rows(game: DingliGame, pid: str, submitted: Sequence[Action]) -> list[dict[str, Any]]:
    """「角色自杀在行动提交阶段提交，即时生效」「前者死亡后，继承者立即登场继续游戏」 (D-A2): once ``pid``'s night list as
    sent so far (``submitted``) holds 自杀, the characters the id may now be playing, one row each, with the identity
    and skills (rows as ``player_view``'s) the successor acts with for the rest of the night. Where the line branches
    every branch is a row (``branch``): the player chooses at the death (the 【继任】 decision the judge may ask of
    him; unanswered, the game's generator draws it), and an action any branch could send is taken. A spent line is
    one row with no character (the id leaves the game). Empty before any 自杀 (and by day). The player's own: never
    put in another player's view or a public post."""
    names = game.successors_tonight(pid, submitted)
    if not names:
        if any(a.actor == pid and _norm(a.skill) == SUICIDE for a in submitted) and game.phase is PhaseKind.NIGHT:
            return [{"character": None, "identity": None, "branch": False, "skills": [],
                     "label": "没有继任者", "notice": "自杀即时生效：你已没有继任者，该ID退出游戏，本夜不能再提交行动。"}]
        return []
    branch = len(names) > 1
    notice = ("自杀即时生效：你的角色已死亡，继任者立即登场继续游戏，本夜此后的行动属于继任者。"
              + ("继任者由你在【继任】中选择（天庭结算时询问你；未作答则随机抽取）：本夜可提交任一继任者能使用的行动，"
                 "只有你选择的继任者能使用的才会结算。" if branch else ""))
    rows = []
    for name in names:
        with game.playing(pid, name):
            rows.append({"character": name, "identity": game.state.player(pid).identity, "branch": branch,
                         "skills": _skill_rows(game, pid), "notice": notice,
                         "label": f"继任者：{name}" + ("（若你在【继任】中选择此角色）" if branch else "")})
    return rows


def player_view(game: DingliGame, pid: str) -> dict[str, Any]:
    p = game.state.player(pid)
    char = game.character(pid)
    skills = _skill_rows(game, pid)
    return {
        "id": pid, "country": p.country, "identity": p.identity, "character": p.character,
        "status": p.status.value, "evaluations": list(char.evaluations), "skills": skills,
        "known": dict(p.known), "phase": game.phase.value, "number": game.number,
        "feedback": [[f.as_json() for f in r.feedback.get(pid, [])] for r in game.results],
        "announcements": [public_announcement(r.announcement) for r in game.results],
        "players": [{"id": q.id, "alive": q.alive, "out": not q.alive} for q in game.state.players.values()],
    }
