"""Drawing a game's setup: a country and an identity for every forum id.

KK 3.3, 一、遊戲流程: 參加遊戲的玩家共22人，分為魏、蜀、吳、群四方，其中三國各7人，
群雄1人。遊戲開始前隨機分配給每個玩家一個國籍&身份，然後玩家可以在該國籍&身份對應的
若干角色中選擇一個作為自己在該局遊戲中的角色。

:func:`draw_setup` makes the first half of that sentence: a game script
(../shared/spec/game-script.md) whose players have a country and an identity
but no character yet, each with the characters they may choose. The judge
collects the players' choices, fills in ``character`` and feeds the script to
``tianting run``. Every draw goes through :class:`GameRandom` and is listed in
the script's ``setup_draws`` so the judge can show how the seats were drawn.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from tianting.core import canonical
from tianting.core.errors import TiantingError
from tianting.core.forum_ids import creation_problem
from tianting.core.names import name_key
from tianting.core.usertext import shown
from tianting.rules import load as load_rules

SCRIPT_FORMAT = "tianting-script/1"

MAX_ID = 64
"""Longest player id, in characters (as the server and ``tianting run`` accept)."""



def player_counts(rules: Any) -> tuple[int, ...]:
    """The table sizes a rule set seats: ``RULESET.player_counts`` where it names several (鼎立三分2.0:
    26, 29 or 32, one more with the EX character), else just ``RULESET.players``."""
    counts = getattr(rules, "player_counts", None)
    return tuple(counts) if counts else (rules.players,)


def counts_text(counts: tuple[int, ...]) -> str:
    """``26、27、29、30、32或33``: the sizes, for a message."""
    names = [str(n) for n in counts]
    return names[0] if len(names) == 1 else "、".join(names[:-1]) + "或" + names[-1]


def table_refusal(rules: Any, count: int) -> str | None:
    """Why ``rules`` cannot seat ``count`` players, or None: the message of ``setup`` and ``run`` alike. A rule set
    with ``partial_tables`` (KK 3.3, R23) seats fewer in ``run``; ``setup`` always deals a whole table."""
    counts = player_counts(rules)
    if count in counts:
        return None
    if len(counts) == 1:
        return f"{rules.title}需要恰好{rules.players}名玩家，ID名單中有{count}個ID"
    return f"{rules.title}需要{counts_text(counts)}名玩家，ID名單中有{count}個ID"


def read_ids(text: str) -> list[str]:
    """The forum ids of a text with one id a line.

    Surrounding whitespace (including the full-width space) and a leading
    byte-order mark are stripped; blank lines and lines starting with ``#``
    are skipped. Raises :class:`TiantingError` on a repeated id, and on ids a new
    table refuses (:func:`tianting.core.forum_ids.creation_problem`: an invisible
    format character, two ids alike), naming the line. The number of ids is checked
    against the rule set by :func:`draw_setup`.
    """
    ids: list[str] = []
    lines: dict[str, int] = {}
    for number, line in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        pid = line.strip()
        if not pid or pid.startswith("#"):
            continue
        if pid in lines:
            raise TiantingError(
                f"ID名單第{number}行：玩家ID「{shown(pid)}」重複（已見於第{lines[pid]}行）"
            )
        lines[pid] = number
        ids.append(pid)
    problem = creation_problem(ids)  # a new table's ids: none invisible, no two alike (tianting.core.forum_ids)
    if problem is not None:
        index, message = problem
        line = next(n for pid, n in lines.items() if pid == ids[index])
        raise TiantingError(f"ID名單第{line}行：{message}")
    return ids


def draw_setup(rules_name: str, ids: list[str], seed: int, chibi: bool = False,
               order: str = canonical.CANONICAL, pack: Any = None) -> dict[str, Any]:
    """A game script start for ``ids``: country, identity and character choices drawn with ``seed``.

    The ids are checked here (count, length, Traditional/Simplified clashes); the deal is the rule
    set's own (``RULESET.draw_setup``: KK 3.3 draws the 群 seat's identity, ``群雄身份``, then shuffles
    the seats, ``分配國籍身份#1`` …; the 24人 rules shuffle their 24 seats, ``分配座位#1`` …, each with
    its starting character). Players keep the input order.

    ``order``: the draw order (:mod:`tianting.core.canonical`). Canonical: the seats are dealt to the ids
    in id order, so that the same ids and seed deal the same seats however the list was typed; listed:
    to the ids in the list's order (games created before). Either way the script lists them as given.

    ``chibi``: the table includes 『角色技能·赤壁之戰』: 蔣干 is offered to 魏's 副軍師, 赤壁·諸葛亮
    to 蜀's 軍師 seats and 赤壁·魯肅 to 吳's 副軍師, beside the list (ruling R29; the draws are the
    same). The script then says ``"chibi": true``. Only a rule set whose ``options`` name it takes it.

    ``pack``: a judge's own pack, read (:mod:`tianting.judge_pack`): the seats are dealt from its characters
    (24人, 鼎立); None, the bundled pack's.
    """
    rules = load_rules(rules_name)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TiantingError("seed 必須是整數")
    if not isinstance(chibi, bool):
        raise TiantingError("chibi（是否加入赤壁之戰角色）必須是 true 或 false")
    if chibi and "chibi" not in rules.options:
        raise TiantingError(f"赤壁之戰的角色屬於KK規則3.3版，{rules.title}沒有")
    if len(ids) != len(set(ids)):
        repeated = next(pid for pid in ids if ids.count(pid) > 1)
        raise TiantingError(f"玩家ID「{shown(repeated)}」重複")
    refused = table_refusal(rules, len(ids))
    if refused:
        raise TiantingError(refused)
    keys: dict[str, str] = {}
    for pid in ids:
        if not isinstance(pid, str) or not pid.strip():
            raise TiantingError("玩家ID不能為空")
        if len(pid) > MAX_ID or any(unicodedata.category(c) in ("Cc", "Zl", "Zp", "Cs") for c in pid):
            raise TiantingError(f"玩家ID「{shown(pid)}」無效（1至{MAX_ID}字，不能含換行等控制字元）")
        other = keys.setdefault(name_key(pid), pid)
        if other != pid:  # R46: 子义 is 子義 wherever an id is typed
            raise TiantingError(f"玩家ID「{pid}」與「{other}」只有繁簡之別，無法區分")
    if order not in canonical.DRAW_ORDERS:
        raise TiantingError(f"draw_order 必須是{'或'.join(f'「{o}」' for o in canonical.DRAW_ORDERS)}")
    dealt_to = list(ids) if order == canonical.LISTED else sorted(ids)
    script = rules.draw_setup(dealt_to, seed, **({"chibi": True} if chibi else {}),
                              **({"pack": pack} if pack is not None else {}))
    if order == canonical.LISTED:
        script["draw_order"] = canonical.LISTED
    else:
        seat_of = {seat["id"]: seat for seat in script["players"]}
        script["players"] = [seat_of[pid] for pid in ids]
    return script
