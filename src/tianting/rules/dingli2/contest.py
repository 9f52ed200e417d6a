"""拼点 (seed 003): who resolves first when the order of two (or more) uses changes the outcome.

「两名玩家需各自向法官提交一个0-9的数字。南斗先设定两个数字之和若为奇数，为哪名角色胜利；若为偶数，为哪名角色
胜利，再向玩家收取数字。拼点的结果不会直接告诉玩家。」
「当多名玩家提交的行动，可因结算顺序的不同而产生不同的后果时，每名玩家需各自向法官提交一个0-9的数字……然后由两位
天庭在裁判监督下进行随机判定，确定结算先后顺序。」
「一名角色需要与多名角色拼点时，需要分别提交拼点的数字。」

The 南斗's parity rule is a draw made before any digit is read (``拼点奇偶 A/B``: who wins on an odd sum);
a missing digit is drawn (``拼点数字 A对B``). Both draws are recorded. A player's digits for a phase are one
number, or one number per opponent (``{"B": 3, "C": 7}``): the rule's 「分别提交」.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tianting.core.rng import GameRandom

DIGITS = tuple(str(d) for d in range(10))


def digit_for(digits: Mapping[str, Any], pid: str, opponent: str) -> int | None:
    """``pid``'s digit against ``opponent``: a per-opponent entry, else the one number, else None."""
    given = digits.get(pid)
    if isinstance(given, Mapping):
        given = given.get(opponent)
    if isinstance(given, int) and not isinstance(given, bool) and 0 <= given <= 9:
        return given
    return None


def two(rng: GameRandom, a: str, b: str, digits: Mapping[str, Any],
        odd: str | None = None) -> tuple[str, dict[str, Any]]:
    """The winner of a 拼点 between ``a`` and ``b`` and its record (parity rule, digits, drawn or given).
    ``odd``: whom the 南斗 set to win on an odd sum (the ruling's ``owner``); else that rule is drawn."""
    first, second = sorted((a, b))
    if odd in (first, second):
        odd_wins = odd  # 「南斗先设定两个数字之和若为奇数，为哪名角色胜利」: set by the 南斗, no draw
    else:
        odd_wins = rng.pick(f"拼点奇偶 {first}/{second}", [first, second])  # 南斗 sets the rule first
    even_wins = second if odd_wins == first else first
    got: dict[str, int] = {}
    drawn: list[str] = []
    for pid, other in ((first, second), (second, first)):
        d = digit_for(digits, pid, other)
        if d is None:
            d = int(rng.pick(f"拼点数字 {pid}对{other}", DIGITS))
            drawn.append(pid)
        got[pid] = d
    total = got[first] + got[second]
    winner = odd_wins if total % 2 else even_wins
    return winner, {"players": [first, second], "odd_wins": odd_wins, "even_wins": even_wins,
                    "digits": got, "drawn": drawn, "winner": winner}


def order(rng: GameRandom, players: Sequence[str], digits: Mapping[str, Any],
          odd: str | None = None) -> tuple[list[str], dict[str, Any]]:
    """The resolution order of two or more players: two by their digits (``odd``: the 南斗's parity rule), more
    by a random draw."""
    ids = sorted(set(players))
    if len(ids) < 2:
        return ids, {"players": ids, "order": ids}
    if len(ids) == 2:
        winner, record = two(rng, ids[0], ids[1], digits, odd)
        ranked = [winner, ids[1] if winner == ids[0] else ids[0]]
        return ranked, {**record, "order": ranked}
    ranked = rng.shuffled(f"拼点顺序 {'、'.join(ids)}", ids)
    return ranked, {"players": ids, "order": ranked, "digits": {p: digits.get(p) for p in ids}}
