"""The judge's own lines in a phase's public post: the ruling effect ``announce`` (every rule set).

``{"effect": "announce", "text": …}`` (game-script.md ``rulings``) names no one: its ``text`` goes into the phase's
public announcement as the judge wrote it, after what the engine wrote (the 24人 rules: 「公告的内容应至少包括……当夜
需要公告的技能（如全局技能）、当夜需要公告的联盟情况等」, whose 「等」 is the judge's to fill; KK 3.3 and 鼎立三分2.0
alike). The announcement keeps the lines in ``judge`` (public: every player reads them) and ends its ``text`` with
them, one a line, in the order the rulings give them (the judge's composition, not an outcome). ``tell`` is the
private counterpart. Pure: it changes the announcement dict it is given and nothing else.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

ANNOUNCE = "announce"
KEY = "judge"
"""The announcement's field of the judge's lines."""
LABEL = "天庭公告"
"""The lines' lead, the same in either script."""


def judge_lines(rulings: Iterable[Mapping[str, Any]]) -> list[str]:
    """The texts of the ``announce`` rulings among ``rulings`` (the transcript's records), in their order."""
    return [str(r["text"]) for r in rulings if r.get("effect") == ANNOUNCE and r.get("text")]


def add_judge_lines(announcement: dict[str, Any], rulings: Iterable[Mapping[str, Any]]) -> None:
    """Put the ``announce`` rulings' lines into ``announcement`` (its ``judge`` field and the end of its ``text``);
    nothing changes when there is none (a phase without them keeps its bytes)."""
    lines = judge_lines(rulings)
    if not lines:
        return
    announcement[KEY] = lines
    said = "\n".join(f"{LABEL}：{line}" for line in lines)
    text = announcement.get("text")
    announcement["text"] = f"{text}\n{said}" if text else said
