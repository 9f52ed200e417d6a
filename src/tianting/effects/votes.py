"""Votes: a vote made void (投票無效), a vote's weight (視為N票), and the tally's changes (得票數+N, 得票數-N).

A day counts each living player's vote for its target (after 亂花's binds); the rule set asks its rules as it
counts (KK 3.3's day: ``vote_rules`` for each vote, ``weight_rules`` for each voter, then ``tally_rules`` and
``tally_reductions`` on the tally). An effect here registers one such rule and says its sentence:

- :func:`void`: 「{what}的投票無效」, the votes a test names count for nobody (the tests: :func:`cast_by`,
  :func:`against`, :data:`EVERY`, composed with :func:`all_of`);
- :func:`weight`: 「{pid}的投票視為N票」;
- :func:`add`: 「得票數+N」, the gains a rule reads off the day, each with its trace line;
- :func:`subtract`: 「得票數-N」 (「最少為0」), after every addition.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from tianting.engine.phase import Phase

VoteTest = Callable[[Any, str, str], bool]
"""Does the effect apply to this vote (the day, the voter, the id it counts for)?"""
Reason = str | Callable[[Any, str, str], str]
"""The trace's reason a vote is void: fixed, or worded from the vote."""
_NUMERALS = {2: "兩", 3: "三", 4: "四", 5: "五"}
"""The counts the rules write in words (「視為三票」)."""
Gains = Callable[[Any], Iterable[tuple[str, int, str]]]
"""What a tally rule adds, read off the day: (id, votes, the trace's line) for each."""


class VotePhase(Protocol):
    """A day whose votes and tally skills change."""

    @property
    def vote_rules(self) -> list[Callable[[Any, str, str], str | None]]: ...

    @property
    def weight_rules(self) -> list[Callable[[Any, str], int | None]]: ...

    @property
    def tally_rules(self) -> list[Callable[[Any, dict[str, int]], None]]: ...

    @property
    def tally_reductions(self) -> list[Callable[[Any, dict[str, int]], None]]: ...


def cast_by(*pids: str) -> VoteTest:
    """X的投票: the vote is one of ``pids``'."""
    voters = frozenset(pids)
    return lambda day, voter, target: voter in voters


def against(*pids: str) -> VoteTest:
    """針對X的投票: the vote counts for one of ``pids``."""
    named = frozenset(pids)
    return lambda day, voter, target: target in named


def _every(day: object, voter: str, target: str) -> bool:
    return True


EVERY: VoteTest = _every
"""所有投票: every vote of the day."""


def all_of(*tests: VoteTest) -> VoteTest:
    """Every one of ``tests`` holds (read in order, the first that fails ends it)."""
    if len(tests) == 1:
        return tests[0]
    return lambda day, voter, target: all(test(day, voter, target) for test in tests)


@dataclass(frozen=True)
class VoidVotes:
    """「{what}的投票無效」: the votes the test names count for nobody, for ``reason``."""

    test: VoteTest
    reason: Reason
    what: str = ""

    def __call__(self, day: Phase, voter: str, target: str) -> str | None:
        if not self.test(day, voter, target):
            return None
        reason = self.reason
        return reason if isinstance(reason, str) else reason(day, voter, target)

    def text(self) -> str:
        return f"{self.what}的投票無效"


def void(day: VotePhase, test: VoteTest, reason: Reason, what: str = "") -> VoidVotes:
    """Make the votes ``test`` names void in ``day``, for ``reason``; the rule, registered."""
    rule = VoidVotes(test, reason, what)
    day.vote_rules.append(rule)
    return rule


@dataclass(frozen=True)
class Weight:
    """「{voter}的投票視為{n}票」."""

    voter: str
    n: int

    def __call__(self, day: object, voter: str) -> int | None:
        return self.n if voter == self.voter else None

    def text(self) -> str:
        return f"{self.voter}的投票視為{_NUMERALS.get(self.n, str(self.n))}票"


def weight(day: VotePhase, voter: str, n: int) -> Weight:
    """``voter``'s vote counts ``n`` times in ``day``; the rule, registered."""
    rule = Weight(voter, n)
    day.weight_rules.append(rule)
    return rule


@dataclass(frozen=True)
class Add:
    """「得票數+N」: each gain the rule reads off the day is added to the tally, its line in the trace."""

    gains: Gains
    what: str = ""

    def __call__(self, day: Phase, tally: dict[str, int]) -> None:
        for pid, n, line in self.gains(day):
            tally[pid] = tally.get(pid, 0) + n
            day.note(line)

    def text(self) -> str:
        return f"{self.what}得票數增加"


def add(day: VotePhase, gains: Gains, what: str = "") -> Add:
    """Add the votes ``gains`` reads off ``day`` to its tally; the rule, registered (``tally_rules``)."""
    rule = Add(gains, what)
    day.tally_rules.append(rule)
    return rule


Losses = Callable[[Any, dict[str, int]], Iterable[tuple[str, int]]]
"""What a tally reduction takes, read off the day and the tally: (id, votes) for each."""
Line = Callable[[str, int, int], str]
"""The trace's line of a reduction: from the id, its tally before and after."""


@dataclass(frozen=True)
class Subtract:
    """「得票數-N（最少為0）」: each loss is taken from the tally, never below 0, its line in the trace."""

    losses: Losses
    line: Line
    what: str = ""

    def __call__(self, day: Phase, tally: dict[str, int]) -> None:
        for pid, n in list(self.losses(day, tally)):
            before = tally[pid]
            tally[pid] = max(0, before - n)
            day.note(self.line(pid, before, tally[pid]))

    def text(self) -> str:
        return f"{self.what}得票數減少（最少為0）"


def subtract(day: VotePhase, losses: Losses, line: Line, what: str = "") -> Subtract:
    """Take the votes ``losses`` names (ids in the tally) from ``day``'s tally once every addition is in; the
    rule, registered (``tally_reductions``)."""
    rule = Subtract(losses, line, what)
    day.tally_reductions.append(rule)
    return rule
