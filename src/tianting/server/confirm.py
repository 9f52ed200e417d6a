"""Confirmation before an irreversible act of a player or a judge (issue 29, 3).

The page's button asks (``data-confirm``, static/app.js) and, when the reader says yes, fills the form's hidden
``confirmed`` field; the server refuses the act without it (:func:`check`), so that neither a page without script
nor a stray post does it on one tap. The acts: 公布 (publish), approving last words, the 裁判's disqualification
(a ``kill`` or ``remove`` ruling of his), and a player's action list that newly holds a skill taking effect at
once (自殺: 「即時生效，不可修改」). The JSON API is for programs, which confirm by calling it.
"""

from __future__ import annotations

from typing import Any

from tianting.hosting import judges
from tianting.hosting.game import Refused

PUBLISH = "公布後不能撤回，確定公布？"
APPROVE_WORDS = "核准後這則遺言將隨公告公布，確定核准？"
DISQUALIFY = "取消資格（或制裁命數）會寫入結算並在公布後生效，確定？"
SUBSTITUTE = "替補後舊連結立即失效，確定把這個座位交給新的ID？"
IMMEDIATE = "【{skill}】即時生效，提交後不可修改，確定提交？"

DISQUALIFYING = ("kill", "remove", "injure")
"""The 裁判's effects (hosting/judges.py): 取消比賽資格 (``kill``; ``remove`` where the rule set has it) and 制裁命數."""


def judge_question(command: str, body: dict[str, Any], seat: str | None) -> str | None:
    """The question the console asks before ``command`` with ``body`` by the judge of ``seat``, or None when the
    act needs no confirmation."""
    if command == "publish":
        return PUBLISH
    if command == "substitute":
        return SUBSTITUTE
    if command == "rule-last-words" and body.get("approved") is True:
        return APPROVE_WORDS
    if command == "rule" and seat == judges.CAIPAN and isinstance(body.get("ruling"), dict) \
            and body["ruling"].get("effect") in DISQUALIFYING:
        return DISQUALIFY
    return None


def immediate(row: dict[str, Any]) -> bool:
    """A skill row of the player's view that takes effect at once (its timing 「即时生效」)."""
    timing = str(row.get("timing") or "")
    return "即时生效" in timing or "即時生效" in timing


def player_question(view: dict[str, Any], actions: list[dict[str, Any]]) -> str | None:
    """The question the player's page asks before sending ``actions``: when the list newly holds a skill that takes
    effect at once (not already in the list the player sent)."""
    sent = {a.get("skill") for a in (view.get("open") or {}).get("actions") or ()}
    now = {row["skill"] for row in view.get("skills", ()) if immediate(row)}
    for action in actions:
        skill = action.get("skill")
        if skill in now and skill not in sent:
            return IMMEDIATE.format(skill=skill)
    return None


def check(form: Any, question: str | None) -> None:
    """Refuse the act when it needs a confirmation (``question``) and the form does not carry one."""
    if question is not None and form.get("confirmed") != "1":
        raise Refused(f"這一步不能撤回，須先確認：{question}（請再按一次並在對話框中確定）", 409)
