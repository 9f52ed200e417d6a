"""Scenario tests for the 24人 rules: the 24 seats, each id the seat's starting character (Simplified).

The counterpart of :mod:`tianting.testing` (KK 3.3's Table) for ``sg24``; tests import it from here."""

from __future__ import annotations

from typing import Any

from tianting.core.action_set import check_set
from tianting.core.decisions import DecisionBook
from tianting.core.records import Action, PhaseResult, Ruling
from tianting.rules.sg24 import SeatSpec, SG24Game, seats


def act(actor: str, skill: str, *targets: str, **args: Any) -> Action:
    return Action(actor, skill, tuple(targets), dict(args))


class Table24:
    """A strict table: unscripted choices and unused forced draws fail the test."""

    def __init__(self, seed: int = 1, ids: dict[str, str] | None = None) -> None:
        ids = ids or {}
        self.game = SG24Game.create([SeatSpec(ids.get(ch, ch), c, i, ch) for c, i, ch in seats()], seed)
        self.results: list[PhaseResult] = []

    @property
    def state(self) -> Any:
        return self.game.state

    def force(self, purpose: str, outcome: Any) -> Table24:
        self.state.rng.force(purpose, outcome)
        return self

    def _book(self, answers: list[dict[str, Any]] | None) -> DecisionBook:
        return DecisionBook(answers=list(answers or []), strict=True)

    def night(self, *actions: Action, last_words: dict[str, str] | None = None, rulings: tuple[Ruling, ...] = (),
              answers: list[dict[str, Any]] | None = None, defences: tuple[Any, ...] = ()) -> PhaseResult:
        first = check_set(actions, self.game.check_action).first_refusal()  # as the script runner checks them
        if first is not None:
            raise first[1]
        book = self._book(answers)
        auto: list[dict[str, Any]] = []
        if not any(a.get("skill") == "投奔" for a in answers or []):
            # 「天庭会给在野随机一个投奔国家」 asks a 主军师 each night from night 2: unless the test
            # scripts those answers, every 主军师 refuses.
            for country in ("魏", "蜀", "吴"):
                chief = self.game.chief_strategist(country)
                if chief is not None:
                    auto += [{"actor": chief.id, "skill": "投奔", "answer": "拒绝"}] * 3
        book.answers += auto
        result = self.game.resolve_night(list(actions), book, last_words, rulings, defences)
        assert not [a for a in book.unused() if a not in auto], book.unused()
        self.results.append(result)
        return result

    def day(self, votes: dict[str, str] | None = None, digits: dict[str, int] | None = None,
            answers: list[dict[str, Any]] | None = None, rulings: tuple[Ruling, ...] = ()) -> PhaseResult:
        book = self._book(answers)
        result = self.game.resolve_day(dict(votes or {}), book, rulings, digits=digits)
        assert not book.unused(), book.unused()
        self.results.append(result)
        return result

    def quiet(self, nights: int = 1) -> None:
        """Nights and days where nobody acts nor votes."""
        for _ in range(nights):
            if self.game.phase.value == "night":
                self.night()
            self.day()

    def status(self, pid: str) -> str:
        return str(self.state.player(pid).status.value)

    def character(self, pid: str) -> str:
        return str(self.state.player(pid).character)

    def said(self, pid: str) -> list[str]:
        """What ``pid`` was told in the last phase."""
        return [f.text for f in self.results[-1].feedback.get(pid, [])]

    def check_unused(self) -> None:
        assert not self.state.rng.unused_forced(), self.state.rng.unused_forced()
