"""A small language for scenario tests that read like the rules.

    t = Table()                                   # the 22 seats of KK 3.3
    t.night(t.act("魏殺手甲", "刺殺", "吳護衛"))
    assert t.status("吳護衛") == "out"

Seats are named by country and identity (``魏君主``, ``蜀正軍師``,
``吳殺手乙``, ``群雄`` …). ``Table`` is strict, like XMage's strict mode: a
choice that arises without a scripted answer fails the test, and so does a
forced draw or a scripted answer that was never used.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from tianting.core.action_set import check_set
from tianting.core.decisions import DecisionBook
from tianting.core.records import Action, Feedback, PhaseResult
from tianting.core.skills import Skill
from tianting.core.state import Player
from tianting.rules import load as load_rules

RULES = load_rules("kk33")
"""The rule set of this test language: KK 3.3, its seats named by country and identity. The 24人 rules'
tables are ``tianting.rules.sg24.testing.Table24``."""
KK33Game = RULES.game
SeatSpec = RULES.seat
roster = RULES.roster
COUNTRIES = RULES.countries

SEAT_NAMES = ("君主", "正軍師", "副軍師", "殺手甲", "殺手乙", "護衛", "女眷")
OTHERS_SEAT = "群雄"


def _identity(seat: str) -> str:
    return "殺手" if seat.startswith("殺手") else seat


QUIET_DEFAULTS = {"吳殺手甲": "黃蓋", "吳殺手乙": "程普"}
"""Seats whose default is not the slot's first character: 甘寧 (奇襲: his 刺殺 only by day) and 凌統
(旋風) would change every scenario in which 吳's killers stab at night; 黃蓋 and 程普 have no passive
skill that acts on an ordinary night. A test seats 甘寧 or 凌統 by name."""


def standard_seats(others: str = "神醫", characters: dict[str, str] | None = None,
                   omit: Iterable[str] = ()) -> list[SeatSpec]:
    """The 22 seats, each with the first free character of its slot unless given (see
    :data:`QUIET_DEFAULTS`)."""
    chosen = dict(characters or {})
    for pid, character in QUIET_DEFAULTS.items():
        if pid not in chosen and character not in chosen.values():
            chosen[pid] = character
    r = roster()
    def base(name: str, identity: str) -> str:
        form = r.resolve_character(name, identity)
        return r.characters[form].base if form else name

    taken = {r.characters[c].base if c in r.characters else c for c in chosen.values()}
    seats: list[SeatSpec] = []
    skip = set(omit)
    for country in COUNTRIES:
        for seat in SEAT_NAMES:
            pid = f"{country}{seat}"
            identity = _identity(seat)
            if pid not in chosen:
                options = [c for c in r.choices(country, identity) if base(c, identity) not in taken]
                chosen[pid] = options[0]
                taken.add(base(options[0], identity))
            if pid not in skip:
                seats.append(SeatSpec(pid, country, identity, chosen[pid]))
    other_character = {"黃巾頭領": "張角", "方士": "左慈", "神醫": "華佗"}[others]
    if OTHERS_SEAT not in skip:
        seats.append(SeatSpec(OTHERS_SEAT, "群", others, chosen.get(OTHERS_SEAT, other_character)))
    return seats


class Table:
    """A KK 3.3 game under test, with strict choices and forced draws."""

    def __init__(self, seed: int = 1, others: str = "神醫", characters: dict[str, str] | None = None,
                 omit: Iterable[str] = (), extra_skills: Iterable[type[Skill]] = (), bare: bool = False,
                 draws: dict[str, Any] | None = None) -> None:
        """``bare``: nobody holds character skills (to test identity rules alone). ``draws``: draws forced
        from the start, by purpose (one outcome or a list), for those made as night 1 begins (化身)."""
        forced = {purpose: list(outcome) if isinstance(outcome, (list, tuple)) else [outcome]
                  for purpose, outcome in (draws or {}).items()}
        self.game = KK33Game.create(standard_seats(others, characters, omit), seed, extra_skills, forced)
        if bare:
            for player in self.game.state.players.values():
                player.skills = []
        self.answers: list[dict[str, Any]] = []
        self.results: list[PhaseResult] = []

    # ---- setting up -------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.game.state

    def player(self, pid: str) -> Player:
        return self.game.state.player(pid)

    def act(self, actor: str, skill: str, *targets: str, **args: Any) -> Action:
        return Action(actor, skill, tuple(targets), args)

    def force(self, purpose: str, outcome: Any) -> Table:
        """Force the next draw with this purpose (see the trace for purposes)."""
        self.game.state.rng.force(purpose, outcome)
        return self

    def fail(self, actor: str, skill: str) -> Table:
        """Force the wounded success check of ``actor``'s ``skill`` to fail."""
        return self.force(f"成功判定 {actor}【{skill}】", False)

    def succeed(self, actor: str, skill: str) -> Table:
        return self.force(f"成功判定 {actor}【{skill}】", True)

    def same_side_stab(self, killer: str, target: str, void: bool, relation: str = "同國") -> Table:
        """Force the half chance that a 刺殺 on one's own country or ally 失效."""
        return self.force(f"刺殺{relation}失效判定 {killer}→{target}", void)

    def decide(self, actor: str, skill: str, answer: Any) -> Table:
        self.answers.append({"actor": actor, "skill": skill, "answer": answer})
        return self

    def wound(self, pid: str, at: int | None = None) -> Table:
        """Put ``pid`` in the wounded state as if wounded in the phase before this one."""
        from tianting.core.state import Status

        p = self.player(pid)
        p.status = Status.INJURED
        p.wounded_at = self.game.state.index - 1 if at is None else at
        return self

    # ---- playing ---------------------------------------------------------------
    def check(self, *actions: Action) -> None:
        """Check actions as a set, as the server and the script runner do (raises the first refusal in the
        canonical order: ``tianting.core.action_set``)."""
        first = check_set(actions, self.game.check_action).first_refusal()
        if first is not None:
            raise first[1]

    def night(self, *actions: Action, last_words: dict[str, str] | None = None) -> PhaseResult:
        self.check(*actions)
        book = self._book()
        result = self.game.resolve_night(list(actions), book, last_words)
        return self._done(result, book)

    def lenient_night(self, *actions: Action) -> PhaseResult:
        """A night as the script runner plays it: a choice with no answer takes its default
        (documented, or drawn) instead of failing the test."""
        self.check(*actions)
        book = DecisionBook(answers=self.answers, strict=False)
        self.answers = []
        result = self.game.resolve_night(list(actions), book)
        self.results.append(result)
        return result

    def day(self, votes: dict[str, str] | None = None, *actions: Action) -> PhaseResult:
        """A day: its votes, and its actions (「可以於白天使用」, 奇襲), checked in order."""
        votes = votes or {}
        self.check(*actions)
        for voter, target in votes.items():
            self.game.check_vote(voter, target)
        book = self._book()
        result = self.game.resolve_day(votes, book, actions=list(actions))
        return self._done(result, book)

    def quiet_night(self) -> PhaseResult:
        return self.night()

    def _book(self) -> DecisionBook:
        book = DecisionBook(answers=self.answers, strict=True)
        self.answers = []
        return book

    def _done(self, result: PhaseResult, book: DecisionBook) -> PhaseResult:
        unused_draws = self.game.state.rng.unused_forced()
        if unused_draws:
            raise AssertionError(f"forced draws never used: {unused_draws}")
        if book.unused():
            raise AssertionError(f"scripted answers never asked for: {book.unused()}")
        self.results.append(result)
        return result

    # ---- reading -------------------------------------------------------------
    @property
    def last(self) -> PhaseResult:
        return self.results[-1]

    def status(self, pid: str) -> str:
        return self.player(pid).status.value

    def feedback(self, pid: str, skill: str | None = None, result: PhaseResult | None = None) -> list[Feedback]:
        items = (result or self.last).feedback.get(pid, [])
        return [f for f in items if skill is None or f.skill == skill]

    def only_feedback(self, pid: str, skill: str, result: PhaseResult | None = None) -> Feedback:
        items = self.feedback(pid, skill, result)
        assert len(items) == 1, f"{pid} 應收到一條【{skill}】反饋，實際：{items}"
        return items[0]

    def announced(self, key: str, result: PhaseResult | None = None) -> Any:
        return (result or self.last).announcement[key]

    def drew(self, purpose_part: str, result: PhaseResult | None = None) -> list[dict[str, Any]]:
        return [d for d in (result or self.last).draws if purpose_part in d["purpose"]]

    def traced(self, part: str, result: PhaseResult | None = None) -> bool:
        return any(part in line for line in (result or self.last).trace)


def ids(*names: str) -> Sequence[str]:
    return list(names)
