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
from tianting.rules.sg24.views import player_view as sg24_player_view
from tianting.rules.words import words

JUDGE_ONLY = ("votes", "died", "silent", "contests", "wound_checks")
"""Kept for the judge: the counted votes, whose character died, the 拼点, and the 伤判 outcomes (the posts name
no wounded player: each learns their own check in their feedback)."""


def public_announcement(announcement: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in announcement.items() if k not in JUDGE_ONLY}


TEXTS = GeneralTexts(**words("tianting.rules.dingli2", "general"))
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
    """What ``pid`` sees: the 24人 rules' view in seed 003's words, its announcements as 鼎立 posts them."""
    return sg24_player_view(game, pid, TEXTS, public_announcement)
