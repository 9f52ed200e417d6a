"""Answers to the choices that arise while a phase resolves.

A script (or a player in the server) gives answers up front, keyed by the
actor and the skill. A choice without an answer takes a default drawn with
the game's generator and is marked defaulted. In strict mode (tests) an
unanswered choice is an error, and so is an answer that was never asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from tianting.core.answers import AnswerProblem, read_answer
from tianting.core.errors import TiantingError
from tianting.core.records import DecisionRecord
from tianting.core.rng import GameRandom
from tianting.core.usertext import shown

T = TypeVar("T")


class InvalidAnswer(TiantingError):
    """A scripted answer that is not one of the options (``index`` into the answers)."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(message)
        self.index = index
        self.message = message


class UnscriptedChoice(AssertionError):
    """Strict mode: a choice arose that the test did not answer."""


@dataclass
class DecisionBook:
    answers: list[dict[str, Any]] = field(default_factory=list)
    strict: bool = False
    asked: list[DecisionRecord] = field(default_factory=list)
    decider: Callable[[str, str, list[Any]], Any] | None = None
    """Asked live when no answer was scripted (a bot, a player online): (actor, skill, option
    labels) → one of the labels, or None to leave it to the default."""
    _used: set[int] = field(default_factory=set)

    def _find(self, actor: str, skill: str) -> tuple[int, Any] | None:
        for i, entry in enumerate(self.answers):
            if i in self._used:
                continue
            if entry.get("actor") == actor and entry.get("skill") == skill:
                return i, entry.get("answer")
        return None

    def choose(
        self,
        rng: GameRandom,
        actor: str,
        skill: str,
        options: Sequence[T],
        match: Callable[[Any, T], bool],
        label: Callable[[T], Any] = str,
        default: T | None = None,
        context: str | None = None,
        actors: Sequence[str | None] | None = None,
    ) -> T:
        """Take the scripted answer among ``options``; else the skill's documented ``default``
        (the harmless choice of a 「可以」: not using it), else one drawn with the game's generator.
        ``context``: what the choice is about, kept with its record (``DecisionRecord.context``).
        The answer is read by :func:`tianting.core.answers.read_answer` (label, number, true/false, an
        action's actor: ``actors``, whose action each option is, where the options are actions), ``match``
        being the skill's own reading of its options, tried first."""
        labels = [label(o) for o in options]
        found = self._find(actor, skill)
        if found is not None:
            i, answer = found
            self._used.add(i)
            try:
                picked = read_answer(answer, options, labels, match, actors)
            except AnswerProblem as problem:
                raise InvalidAnswer(i, f"{actor} 的【{skill}】答案「{shown(answer)}」：{problem.message}"
                                       f"（可選：{'、'.join(str(x) for x in labels)}）") from None
            if picked is not None:
                self.asked.append(DecisionRecord(actor, skill, labels[picked], False, labels, context))
                return options[picked]
            raise InvalidAnswer(i, f"{actor} 的【{skill}】答案「{shown(answer)}」不是可選項之一（可選：{'、'.join(str(x) for x in labels)}）")
        if self.decider is not None:
            answer = self.decider(actor, skill, labels)
            if answer is not None and answer in labels:
                chosen = options[labels.index(answer)]
                self.asked.append(DecisionRecord(actor, skill, answer, False, labels, context))
                return chosen
        if self.strict:
            raise UnscriptedChoice(f"{actor} 的【{skill}】需要選擇，測試未給出答案（選項：{labels}）")
        if default is not None:
            self.asked.append(DecisionRecord(actor, skill, label(default), True, labels, context))
            return default
        choice = rng.pick(f"預設選擇 {actor}【{skill}】", list(options), label)
        self.asked.append(DecisionRecord(actor, skill, label(choice), True, labels, context, drawn=True))
        return choice

    def answered(self, actor: str, skill: str) -> bool:
        """Is an answer given (and not yet used) for ``actor``'s ``skill``?"""
        return self._find(actor, skill) is not None

    def record(self, actor: str, skill: str, answer: Any, options: Sequence[Any]) -> None:
        """A choice its player made by another input of the phase (化身: using an offered skill is choosing
        it), recorded as answered, not defaulted."""
        self.asked.append(DecisionRecord(actor, skill, answer, False, list(options)))

    def mark(self) -> tuple[int, frozenset[int]]:
        """Where the book stands, to go back to when a phase is resolved again."""
        return len(self.asked), frozenset(self._used)

    def restore(self, mark: tuple[int, frozenset[int]]) -> None:
        asked, used = mark
        del self.asked[asked:]
        self._used = set(used)

    def replay(self, record: DecisionRecord) -> None:
        """Record again a choice made in a pass that was thrown away (its scripted answer stays used)."""
        found = self._find(record.actor, record.skill)
        if found is not None and not record.defaulted:
            self._used.add(found[0])
        self.asked.append(record)

    def unused(self) -> list[dict[str, Any]]:
        return [a for i, a in enumerate(self.answers) if i not in self._used]
