"""Scenario tests for 鼎立三分2.0: a fixed table, each id its seat's starting character (Simplified)."""

from __future__ import annotations

from typing import Any

from tianting.core.records import Action, PhaseResult, Ruling
from tianting.rules.dingli2 import DingliGame, SeatSpec
from tianting.rules.dingli2.pack import default_pack
from tianting.rules.sg24.testing import Table24, act

UNALIGNED_ALL = ("袁绍", "华佗", "吕布", "陈琳", "水镜先生", "孔融", "貂蝉", "何进", "于吉", "十常侍", "董卓", "王允")
"""The 在野 seated, in this order: three at 26 players, six at 29, nine at 32."""

__all__ = ["Table", "act", "force_deal", "rule", "seats"]


def rule(effect: str, target: str | None = None, **fields: Any) -> Ruling:
    return Ruling(effect, target, **fields)


def seats(size: int = 26, ex: bool = False, ids: dict[str, str] | None = None) -> list[SeatSpec]:
    """魏 9, 蜀 7, 吴 7 (鲁肃 in the 鲁肃/张昭 seat), then 3/6/9 在野 of the seed's list, and 汉少帝 with ``ex``."""
    pack = default_pack()
    ids = ids or {}
    names = [c.name for country in ("魏", "蜀", "吴") for c in pack.starting(country) if c.name != "张昭"]
    names += list(UNALIGNED_ALL[: size - 23])
    if ex:
        names.append("汉少帝")
    return [SeatSpec(ids.get(n, n), pack.characters[n].country, pack.characters[n].identity, n) for n in names]


def force_deal(t: Table, pid: str, nth: int) -> None:
    """Deal the check's outcomes in table order: digit d picks the table's d-th outcome
    (first check: 0–2 healed, 3–5 died, 6–9 still wounded; second: 0–4 healed, 5–9 died)."""
    for k in range(10):
        t.force(f"伤判表 {pid} 第{nth}次#{k + 1}", str(k))


class Table(Table24):
    """A strict table: unscripted choices and unused forced draws fail the test. The 24人 rules' table
    (:class:`tianting.rules.sg24.testing.Table24`) on a 鼎立 game, its night taking the 拼点 digits."""

    def __init__(self, seed: int = 1, size: int = 26, ex: bool = False, ids: dict[str, str] | None = None) -> None:
        self.game = DingliGame.create(seats(size, ex, ids), seed)
        self.results: list[PhaseResult] = []

    def night(self, *actions: Action, last_words: dict[str, str] | None = None, rulings: tuple[Ruling, ...] = (),
              answers: list[dict[str, Any]] | None = None, digits: dict[str, Any] | None = None) -> PhaseResult:
        accepted: list[Action] = []
        for a in actions:
            self.game.check_action(a, accepted)
            accepted.append(a)
        book = self._book(answers)
        auto: list[dict[str, Any]] = []
        if not any(a.get("skill") == "君子让梨" for a in answers or []):
            # 孔融【君子让梨】 asks him, once a harm lands on another, for the id he named tonight (R-choices-8):
            # unless the test scripts it, he named nobody
            auto = [{"actor": p.id, "skill": "君子让梨", "answer": "不指认"} for p in self.state.living()
                    if p.character == "孔融"]
        book.answers += auto
        result = self.game.resolve_night(accepted, book, last_words, rulings, digits=digits)
        assert not [a for a in book.unused() if a not in auto], book.unused()
        self.results.append(result)
        return result


def judged_table(*skills: tuple[str, str], size: int = 26) -> Table:
    """A table whose pack leaves each (character, skill) of ``skills`` to the judge (a judge's own pack), for tests of
    the judge's part of a night whatever the bundled pack's engine resolves by now."""
    from tests.declared_steps import left_to_judge

    t = Table(size=size)
    t.game = DingliGame.create(seats(size), 1, left_to_judge("dingli2", *skills))
    return t
