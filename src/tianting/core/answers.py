"""The one reading of an answer to a choice, for every rule set and every skill (issue 27).

A choice offers options, each shown by its label. Whoever answers — a script's ``decisions``, the judge's console,
a player's page, a private message read for the judge — may give (docs/spec/game-script.md, ``decisions``):

- the option's **label**, in either script (「不使用」, 「黃蓋【刺殺】」, a player id, a name);
- its **number**, counting from 1 (a JSON integer: ``2`` is the second option);
- ``true``/``false`` for a yes/no or "may" choice: ``false`` is the option that declines (its label one of
  :data:`DECLINING`), ``true`` the other one where there are two;
- the **actor id** of the action meant, where the options are actions (the skill says whose each is): refused
  as ambiguous, asking for the label, when that actor has two actions among them.

Typed as text (the judge's console, a player's page, a private message), 「2」 or 「２」 is the number and
「true」/「false」 (or 「是」/「否」, 「yes」/「no」: :data:`TYPED_YES_NO`) the yes or no, where no option is labelled so; a
closing full stop or exclamation mark is no part of the answer.

A skill may also read a richer form of its own options (化身's ``[角色, 技能]``); that reading comes first, so an
answer it took before is taken the same. No skill reads the forms above itself: an action's ``args.choice`` (「which
of the options a text lists, counting from 1」) is read the same way, among the skill's declared ``choices``
(:func:`read_choice`, through ``Skill.chosen``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from tianting.core.names import name_key
from tianting.core.usertext import shown

T = TypeVar("T")

DECLINING = frozenset(name_key(label) for label in (
    "否", "不使用", "不改", "不更改", "不修改", "不再使用", "拒絕", "停止", "不轉移", "保留", "失敗"))
"""The labels of the option that declines (the answer ``false``): 否, not using or not changing, 拒絕, 停止 …"""


TYPED_YES_NO = {"true": True, "false": False, "是": True, "否": False, "yes": True, "no": False}
"""The yes and no a typed answer may be (folded to lower case), read as ``true``/``false``."""


class AnswerProblem(Exception):
    """An answer in one of the forms, that does not pick one option; ``message`` says why, in Chinese."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _declines(label: Any) -> bool:
    return isinstance(label, str) and name_key(label) in DECLINING


def read_answer(answer: Any, options: Sequence[T], labels: Sequence[Any], match: Callable[[Any, T], bool],
                actors: Sequence[str | None] | None = None) -> int | None:
    """The index of the option ``answer`` picks, None if it is in none of the forms (the caller lists the
    options); :class:`AnswerProblem` when it is in a form but picks no single option. ``match``: the skill's own
    reading of an option, if any (tried first); ``actors``: whose action each option is, where they are actions."""
    for i, option in enumerate(options):
        if match(answer, option):
            return i
    if isinstance(answer, str) and answer.strip():
        key = name_key(answer)
        for i, label in enumerate(labels):
            if isinstance(label, str) and name_key(label) == key:
                return i
        if actors is not None:
            mine = [i for i, actor in enumerate(actors) if actor is not None and actor == answer]
            if len(mine) == 1:
                return mine[0]
            if mine:
                named = "、".join(str(labels[i]) for i in mine)
                raise AnswerProblem(f"{answer} 在此有{len(mine)}個行動（{named}）：請以選項名稱指明是哪一個")
        typed = unicodedata.normalize("NFKC", answer).strip().rstrip("。.!！").strip()  # 「２」, 「true」, 「是。」
        if typed.lower() in TYPED_YES_NO:
            answer = TYPED_YES_NO[typed.lower()]
        elif typed.isdecimal() and len(typed) < 5:
            answer = int(typed)
        else:
            return None
    if isinstance(answer, bool):
        no = [i for i, label in enumerate(labels) if _declines(label)]
        if len(no) != 1:
            raise AnswerProblem("這個選擇不是「是／否」或「可以」的選擇，不能以 true/false 回答：請以選項名稱或編號回答")
        if not answer:
            return no[0]
        if len(options) != 2:
            raise AnswerProblem(f"true 不能指明選哪一個（可選{len(options)}項）：請以選項名稱或編號回答")
        return 1 - no[0]
    if isinstance(answer, int):
        if 1 <= answer <= len(options):
            return answer - 1
        raise AnswerProblem(f"沒有第{shown(answer)}個選項（共{len(options)}個，從1數起）")
    return None


def read_choice(value: Any, labels: Sequence[str]) -> int:
    """The index of the option an action's ``args.choice`` names among ``labels`` (a skill's ``choices``, in its
    text's order: 練兵's 暗訪、援護、亂花): read as every answer is (:func:`read_answer`: the label in either script,
    the number from 1 as a JSON integer or as text 「2」/「２」/「②」, ``true``/``false`` where one option declines).
    :class:`AnswerProblem`, naming the options with their numbers, for a value that picks none."""
    listing = "、".join(f"{n}.{label}" for n, label in enumerate(labels, 1))
    try:
        picked = read_answer(value, labels, labels, lambda a, o: False)
    except AnswerProblem as problem:
        raise AnswerProblem(f"參數 choice：{problem.message}（可選：{listing}）") from None
    if picked is None:
        raise AnswerProblem(f"參數 choice 須為選項之一（{listing}：名稱或從1數起的編號），而不是「{shown(value)}」")
    return picked


GUESS_KEYS = ("identity", "country", "character")
"""What ``args.guess`` may hold (the contract: 「an object of the same keys, for skills that guess」)."""


def read_args(args: dict[str, Any], countries: Any, identities: Any, skills: Any) -> dict[str, Any]:
    """An action's ``args`` in the one shape the skills read: ``guess`` (``{"identity", "country",
    "character"}``) taken into the flat keys (``args.identity`` …, the form skills have always read; both forms
    may be given if they agree), each name in the rule set's own spelling (``countries``, ``identities``,
    ``skills``: its name tables; a name not found is left as typed, for the skill's check to refuse).
    :class:`AnswerProblem` for a ``guess`` that is not an object of those keys, or that contradicts a flat key."""
    out = dict(args)
    if "guess" in out:
        guess = out.pop("guess")
        if guess is not None:
            if not isinstance(guess, dict) or not guess or any(k not in GUESS_KEYS for k in guess):
                raise AnswerProblem(f"args.guess 須為含 {'、'.join(GUESS_KEYS)} 的JSON物件，而不是「{shown(guess)}」")
            for key, value in guess.items():
                if key in out and out[key] != value:
                    raise AnswerProblem(f"args.guess.{key}「{shown(value)}」與 args.{key}「{shown(out[key])}」不一致")
                out[key] = value
    for key, table in (("country", countries), ("identity", identities), ("skill", skills)):
        if key in out:
            out[key] = table.get(out[key]) or out[key]
    return out
