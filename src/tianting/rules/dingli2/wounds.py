"""伤判 with a commitment: the table is shuffled in advance and committed by hash before the digit arrives.

「受伤的角色在白天判定阶段进行伤判……玩家向法官提交一个0-9的数字。受伤第一日有30%的概率死亡，30%概率痊愈，
40%概率继续受伤；受伤第二日有50%概率死亡，50%概率痊愈。」 As the community's judge tool does
(reference: sanguobansha-start-rosters-and-injury-tables.txt: 「shuffles 10 outcomes over digits 0-9, then a
player-supplied digit picks the outcome」), the ten outcomes are dealt over the digits 0–9 with the game's
generator when the player is wounded (draw ``伤判表 ID 第n次#k``), and the wounded player is told the
SHA-256 of the dealt table before the day; the digit they send (or one drawn, ``伤判数字 ID``, recorded)
picks the outcome, and the table is revealed with its salt. The salt is derived from the game's seed, which
stays secret until the end (its own commitment), so nobody can test tables against the hash before then,
and ``tianting verify`` recomputes every commitment (ruling D-W1, docs/rulings/dingli2.md).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from tianting.core.rng import GameRandom
from tianting.rules.sg24.wounds import DIED, FIRST_TABLE, HEALED, INJURED, SECOND_TABLE

__all__ = ["DIED", "HEALED", "INJURED", "FIRST_TABLE", "SECOND_TABLE", "audit", "check_reveal", "commitment", "deal",
           "pick", "proven"]

DIGITS = tuple(str(d) for d in range(10))


def _salt(seed: int, pid: str, nth: int, index: int) -> str:
    return hashlib.sha256(f"伤判|{seed}|{pid}|{nth}|{index}".encode()).hexdigest()[:32]


def commitment(table: list[str], salt: str) -> str:
    """SHA-256 over the dealt table (outcome of digit 0 … 9) and the salt, as canonical JSON."""
    body = json.dumps({"table": table, "salt": salt}, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return hashlib.sha256(body.encode()).hexdigest()


def deal(rng: GameRandom, pid: str, nth: int, index: int, rule: tuple[str, ...] | None = None) -> dict[str, Any]:
    """The ``nth`` (1 or 2) check's table of ``pid``, dealt now (phase ``index``), with its commitment (``rule``: a
    skill's ten outcomes in place of the rules', 周泰【九死一生】)."""
    outcomes = list(rule or (FIRST_TABLE if nth == 1 else SECOND_TABLE))
    order = rng.shuffled(f"伤判表 {pid} 第{nth}次", list(range(10)))
    # the k-th drawn position receives the k-th outcome of the table: digit order[k] → outcomes[k]
    table = [""] * 10
    for k, digit in enumerate(order):
        table[digit] = outcomes[k]
    salt = _salt(rng.seed, pid, nth, index)
    return {"nth": nth, "table": table, "salt": salt, "hash": commitment(table, salt)}


def pick(rng: GameRandom, pid: str, dealt: dict[str, Any], digit: int | None) -> tuple[str, int, bool]:
    """(outcome, digit, drawn): the player's digit picks from the committed table; none sent: one drawn."""
    drawn = digit is None
    if digit is None:
        digit = int(rng.pick(f"伤判数字 {pid}", DIGITS))
    return dealt["table"][digit], digit, drawn


def check_reveal(revealed: dict[str, Any]) -> bool:
    """Whether a revealed table matches its commitment (what ``verify`` and a player can check)."""
    return commitment(list(revealed["table"]), str(revealed["salt"])) == revealed["hash"]


def _items(result: Any) -> list[tuple[str, Any, Any]]:
    """(id, skill, data) of every feedback item of a phase (the engine's result, or a phase as JSON)."""
    feedback = result.get("feedback") if isinstance(result, dict) else getattr(result, "feedback", None)
    if not isinstance(feedback, dict):
        return []
    out = []
    for pid, items in feedback.items():
        for fb in items if isinstance(items, list) else []:
            if isinstance(fb, dict):
                out.append((pid, fb.get("skill"), fb.get("data")))
            else:
                out.append((pid, getattr(fb, "skill", None), getattr(fb, "data", None)))
    return out


def _revealed(data: dict[str, Any]) -> str | None:
    """Why a revealed check cannot be read (a field missing or of the wrong kind), else None."""
    table = data.get("table")
    if not isinstance(table, list) or len(table) != 10 or not all(isinstance(t, str) for t in table):
        return "伤判表应为十项结果"
    if not isinstance(data.get("salt"), str) or not isinstance(data.get("commitment"), str):
        return "缺少盐值或封存的SHA-256"
    digit = data.get("digit")
    if not isinstance(digit, int) or isinstance(digit, bool) or not 0 <= digit <= 9:
        return f"数字「{digit}」不是0到9的整数"
    if data.get("nth") not in (1, 2):
        return f"伤判次数「{data.get('nth')}」不是1或2"
    return None


def audit(results: Sequence[Any]) -> list[str]:
    """Every 伤判 of a played game checked against its commitment (the phases' ``feedback``: the engine's results,
    or a transcript's or an export's phases as JSON): each revealed table
    must hash to the commitment the player was told *in an earlier phase*, hold the rule's outcomes, and the
    outcome must be the one the digit picks. Returns the failures (empty: every check proven). A field that is
    missing or of the wrong kind is a failure too, never an exception (an export may have been tampered with)."""
    told: dict[str, tuple[int, Any]] = {}
    failures: list[str] = []
    for index, result in enumerate(results):
        for pid, skill, data in _items(result):
            if skill != "伤判" or not isinstance(data, dict):
                continue
            where = f"第{index + 1}阶段 {pid}"
            if "table" not in data:
                if "commitment" in data:
                    told[pid] = (index, data["commitment"])
                continue
            earlier = told.pop(pid, None)
            broken = _revealed(data)
            if broken is not None:
                failures.append(f"{where}：{broken}")
            elif earlier is None or earlier[0] >= index or earlier[1] != data["commitment"]:
                failures.append(f"{where}：伤判表未在数字提交前封存")
            elif not check_reveal({"table": data["table"], "salt": data["salt"], "hash": data["commitment"]}):
                failures.append(f"{where}：公开的伤判表与封存的SHA-256不符")
            elif sorted(data["table"]) not in _proportions(data["nth"]):
                failures.append(f"{where}：伤判表的结果不符合规则的比例")
            elif data["table"][data["digit"]] != data.get("outcome"):
                failures.append(f"{where}：结果不是数字{data['digit']}所对应的一项")
    return failures


def _proportions(nth: Any) -> list[list[str]]:
    """The outcomes an ``nth`` table may hold: the rules', or a skill's in their place (:func:`.bespoke.wound_tables`)."""
    from tianting.rules.sg24.declared.bespoke import wound_tables

    if nth not in (1, 2):
        return []
    return [sorted(t) for t in [FIRST_TABLE if nth == 1 else SECOND_TABLE, *wound_tables(nth)]]


def proven(results: Sequence[Any]) -> int:
    """How many 伤判 of a played game were revealed (each one :func:`audit` checks)."""
    return sum(1 for result in results for _, skill, data in _items(result)
               if skill == "伤判" and isinstance(data, dict) and "table" in data)
