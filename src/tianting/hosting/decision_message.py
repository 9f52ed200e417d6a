"""A private message read as the answer to a choice the judge asked of the player (轉生, 託孤, 继任, 入国, 投奔 …).

While a phase's draft awaits them, the choices the judge asked a player to make (the player's view,
``decisions``: the skill, its options in order, the answer so far) are answered by private message as on the
player's page: the option's **number** (from 1, in the order shown), its **label** (either script), or
「是」/「否」 for a yes/no or "may" choice, read by the one answer reader
(:func:`tianting.core.answers.read_answer`); an option that is a player id may also be named by the character
the chooser is shown beside it (託孤's 「本國尚存活的角色」). Where the judge asked more than one choice, the
message names the skill first (「託孤 2」, 「【託孤】2」) unless its answer fits one choice only.

:func:`question` is what the bridge tells a player who is asked: each choice and its options, numbered.

Pure: reads the player's view, changes nothing.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from tianting.core.answers import AnswerProblem, read_answer
from tianting.core.names import name_key

LAST_WORDS_MARK = re.compile(r"^\s*[遺遗]\s*言")
"""A message that starts so is last words, not an answer (a player asked both)."""
NOT_AN_OPTION = "【{skill}】沒有讀到你選哪一項：請回覆選項的編號或名稱"
WHICH_CHOICE = "天庭請你作出{count}個選擇：請在答案前寫明是哪一個（如「{example} 1」）"


def option_text(option: Any) -> str:
    """An option as the page shows it and posts it: text as is, anything else as JSON."""
    return option if isinstance(option, str) else json.dumps(option, ensure_ascii=False)


@dataclass
class DecisionAnswer:
    """What a message answers: the choice (``skill``) and the option picked (``answer``, as the page posts it),
    or why it picks none (``problems``)."""

    skill: str | None = None
    answer: str | None = None
    number: int | None = None
    """The option's number (from 1), as the player was shown it."""
    problems: list[str] = field(default_factory=list)
    formed: bool = False
    """In one of the answer's forms (a number, 是/否) though it picks no option (「3」 of two)."""

    @property
    def picked(self) -> bool:
        return self.answer is not None and not self.problems


def _aliases(decision: dict[str, Any]) -> dict[int, str]:
    """Each option that a character the chooser is shown names (only where that character names one option)."""
    shown = [h.get("character") if isinstance(h, dict) else None for h in decision.get("help") or []]
    keys = [name_key(c) if isinstance(c, str) and c else None for c in shown]
    return {i: k for i, k in enumerate(keys) if k is not None and keys.count(k) == 1}


def _read_one(decision: dict[str, Any], text: str) -> DecisionAnswer:
    options = list(decision.get("options") or [])
    labels = [option_text(o) for o in options]
    aliases = _aliases(decision)
    by_character = {k: i for i, k in aliases.items()}

    def match(answer: Any, option: Any) -> bool:
        if not isinstance(answer, str):
            return False
        i = by_character.get(name_key(answer))
        return i is not None and options[i] is option

    skill = str(decision["skill"])
    try:
        picked = read_answer(text.strip(), options, labels, match)
    except AnswerProblem as problem:
        return DecisionAnswer(skill, problems=[f"【{skill}】{problem.message}"], formed=True)
    if picked is None:
        return DecisionAnswer(skill, problems=[NOT_AN_OPTION.format(skill=skill)])
    return DecisionAnswer(skill, labels[picked], picked + 1)


def _named(decisions: list[dict[str, Any]], text: str) -> tuple[dict[str, Any], str] | None:
    """The choice a message names first (「【託孤】2」, 「託孤：2」, 「托孤 2」), and the rest of it."""
    stripped = text.strip()
    for d in sorted(decisions, key=lambda d: -len(str(d["skill"]))):
        skill = str(d["skill"])
        for form in (f"【{skill}】", skill):
            head = stripped[:len(form)]
            if name_key(head) == name_key(form):
                rest = stripped[len(form):]
                return d, re.sub(r"^\s*[:：,，、]?\s*", "", rest)
    return None


def read_decision(decisions: list[dict[str, Any]], text: str, named_only: bool = False) -> DecisionAnswer | None:
    """``text`` read as the answer to one of ``decisions`` (the player's view's); None when it answers none of
    them and names none (it may be something else: last words, 拼點 digits). ``named_only``: only a message that
    names the choice answers it (the player owes digits too, which a bare number would be)."""
    if not decisions or LAST_WORDS_MARK.match(text):
        return None
    named = _named(decisions, text)
    if named is not None:
        return _read_one(*named)
    if named_only:
        return None
    readings = [_read_one(d, text) for d in decisions]
    fits = [r for r in readings if r.picked]
    if len(fits) == 1:
        return fits[0]
    if len(fits) > 1:
        return DecisionAnswer(problems=[WHICH_CHOICE.format(count=len(decisions), example=decisions[0]["skill"])])
    formed = [r for r in readings if r.formed]
    return formed[0] if len(formed) == 1 else None


def question(decisions: list[dict[str, Any]]) -> str:
    """The choices asked of a player, for a private message: each with its options numbered and the answer so
    far, and how to answer."""
    lines = ["天庭請你作出選擇（公布前可以更改）："]
    for d in decisions:
        lines.append(f"【{d['skill']}】" + (d.get("context") or ""))
        if d.get("rule"):
            lines.append(f"（{d['skill']}：{d['rule']}）")
        helps = list(d.get("help") or [])
        for n, option in enumerate(d.get("options") or [], start=1):
            shown = helps[n - 1] if n <= len(helps) and isinstance(helps[n - 1], dict) else {}
            notes = [str(shown["character"])] if shown.get("character") else []
            if shown.get("skills"):
                notes.append("技能：" + "、".join(f"【{s['name']}】" for s in shown["skills"]))
            lines.append(f"{n}. {option_text(option)}" + (f"（{'；'.join(notes)}）" if notes else ""))
        if d.get("answer") is not None:
            lines.append(f"你已選擇：{option_text(d['answer'])}")
    several = len(decisions) > 1
    lines.append("請回覆選項的編號或名稱" + ("，前面寫明是哪個選擇（如「" + str(decisions[0]["skill"]) + " 1」）" if several else "")
                 + "；「是／否」的選擇可回覆「是」或「否」。")
    return "\n".join(lines)
