"""Confirmation before an irreversible act of a player or a judge (issue 29, 3).

The page's button asks (``data-confirm``, static/app.js) and, when the reader says yes, fills the form's hidden
``confirmed`` field; the server refuses the act without it (:func:`check`), so that neither a page without script
nor a stray post does it on one tap. The acts: 公布 (publish), approving last words, the 裁判's disqualification
(a ``kill`` or ``remove`` ruling of his), and a player's action list that newly holds a skill taking effect at
once (自殺: 「即時生效，不可修改」). The JSON API asks the same of programs (:func:`check_api`): the body's
``"confirm": true`` or the header ``X-Tianting-Confirm: 1``, else 409 with the question; the QQ bridge asks the player
to send the message again after 「確定」 (:func:`confirmed_message`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
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


HEADER = "X-Tianting-Confirm"
"""The JSON API's confirmation header (``1``), beside the body's ``"confirm": true``."""
REFUSED = "這一步不能撤回，須先確認：{question}（{how}）"
FORM_HOW = "請再按一次並在對話框中確定"
API_HOW = f"請在請求內容加上 \"confirm\": true，或送出標頭 {HEADER}: 1"
QQ_WORD = re.compile(r"\s*(?:確定|确定)(?:[\s：:，,。]+|$)")
"""A QQ message that begins with 「確定」 confirms what it says (:func:`confirmed_message`)."""
QQ_ASK = "{question}\n讀作：{summary}\n如確定，請重發這則私訊並在開頭加上「確定」：確定 {message}"


def refused(question: str, how: str) -> Refused:
    return Refused(REFUSED.format(question=question, how=how), 409)


def check(form: Any, question: str | None) -> None:
    """Refuse the act when it needs a confirmation (``question``) and the form does not carry one."""
    if question is not None and form.get("confirmed") != "1":
        raise refused(question, FORM_HOW)


def check_api(body: Mapping[str, Any], headers: Mapping[str, str], question: str | None) -> None:
    """The JSON API's :func:`check`: the body's ``"confirm": true`` or the header ``X-Tianting-Confirm: 1``."""
    if question is not None and body.get("confirm") is not True and headers.get(HEADER, "").strip() != "1":
        raise refused(question, API_HOW)


def actions_question(view: dict[str, Any], actions: Any) -> str | None:
    """:func:`player_question` for a body's ``actions`` as sent (anything but a list of objects asks nothing: the
    game refuses it with its own message)."""
    if not isinstance(actions, list) or not all(isinstance(a, dict) for a in actions):
        return None
    return player_question(view, actions)


def confirmed_message(text: str) -> tuple[bool, str]:
    """(whether a QQ message begins with 「確定」, the message without it)."""
    found = QQ_WORD.match(text)
    return (True, text[found.end():]) if found else (False, text)
