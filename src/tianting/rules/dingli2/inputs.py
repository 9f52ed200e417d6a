"""鼎立三分2.0's phase inputs: the 拼點 digits a night's draft awaits (seed 003: 「两名玩家需各自向法官提交一个0-9的
数字。南斗先设定两个数字之和若为奇数，为哪名角色胜利；若为偶数，为哪名角色胜利，再向玩家收取数字。」「一名角色需要
与多名角色拼点时，需要分别提交拼点的数字。」), and, by day, the 24人 rules' 傷判 digit
(:mod:`tianting.rules.sg24.inputs`). Declared for hosting and the server
(:class:`tianting.rules.interface.PhaseInput`).

A night's digits go to its ``digits`` (game-script.md), one per opponent: ``{player: {opponent: digit}}``. Only a
拼點 of two takes digits; three or more are ordered by a draw (「随机判定」).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tianting.core.errors import IllegalAction
from tianting.rules.interface import InputTexts, MessageReader, Owed, PhaseInput, PhaseSpot
from tianting.rules.sg24.inputs import wound_input
from tianting.rules.words import words

CONTEST_TEXTS = InputTexts(**words("tianting.rules.dingli2", "inputs", "contest"))


def contest_pairs(rulings: Sequence[Mapping[str, Any]]) -> list[tuple[int, list[str]]]:
    """The phase's 拼點 of two (``contest`` rulings naming two ids in ``text``), by ruling index: the ones
    decided by the players' digits (more than two are ordered by a draw, 「随机判定」)."""
    out = []
    for i, r in enumerate(rulings):
        if r.get("effect") == "contest":
            named = [x for x in str(r.get("text") or "").split("、") if x]
            if len(named) == 2:
                out.append((i, named))
    return out


def contest_owed(rulings: Sequence[Mapping[str, Any]]) -> tuple[Owed, ...]:
    """Each player's digits, one per 拼點 of two, numbered from 1 in ruling order (as the player's page numbers
    them), the slot the opponent: in the order of the rulings, each ruling's two ids as named."""
    count: dict[str, int] = {}
    out = []
    for i, named in contest_pairs(rulings):
        for pid in named:
            count[pid] = count.get(pid, 0) + 1
            out.append(Owed(pid, count[pid], next(x for x in named if x != pid), i))
    return tuple(out)


def phase_inputs(game: Any, spot: PhaseSpot) -> list[PhaseInput]:
    """A night's 拼點 digits while its draft awaits them; a day's 傷判 digit (the 24人 rules')."""
    if spot.kind != "night":
        return wound_input(game, spot)
    owed = contest_owed(spot.rulings) if spot.stage == "draft" else ()
    return [PhaseInput(
        name="contest", stage="draft", owed=owed, label="拼點數字", heading="拼點",
        help="天庭請你為{which}拼點提交一個0至9的數字（拼點的結果不會直接告訴你；不提交則由系統隨機抽取）。公布前可以修改。",
        item="第{number}次拼點的數字", reader=MessageReader(word="拼點", clause=False, ordinals=True),
        texts=CONTEST_TEXTS, number_key="contest", slot_key="against", view_key="contests", section=True,
        ruling="contest", console="dingli2/contest_console.html", message_page="dingli2/contest_message.html")]


def prepare_ruling(ruling: dict[str, Any], spell: Callable[[str], str]) -> None:
    """A 拼點 ruling as a hosted game stores it: its ids in ``text`` in the game's spelling (``spell``), joined by
    「、」; of two, one must be named in ``owner`` as the winner on an odd sum, 「南斗先设定……再向玩家收取数字」,
    before any digit; of more, none (a draw orders them). Raises :class:`IllegalAction` (Chinese) otherwise."""
    if ruling.get("effect") != "contest":
        return
    text = ruling.get("text")
    if not isinstance(text, str):
        raise IllegalAction("拼點須列出拼點的玩家（text：ID以「、」分隔）")
    named = [spell(t.strip()) for t in text.replace(",", "、").replace("，", "、").split("、") if t.strip()]
    ruling["text"] = "、".join(str(x) for x in named)
    if len(named) == 2 and ruling.get("owner") not in named:
        raise IllegalAction("南斗須先設定兩數之和為奇數時哪名玩家勝利（owner：兩名拼點玩家之一），再收取數字")
    if len(named) != 2 and "owner" in ruling:
        raise IllegalAction("三名或以上玩家的拼點以隨機判定先後，不設奇偶（不填 owner）")


def ruling_from_form(effect: str, field: Callable[[str], str]) -> dict[str, Any] | None:
    """The console's 拼點 form (templates/contest_console.html) as a ruling's fields: the two ids in ``text`` and whom
    an odd sum makes the winner in ``owner`` (the 南斗's rule); None for another effect. Raises
    :class:`IllegalAction` (Chinese) for a form that names not two players, or no parity."""
    if effect != "contest":
        return None
    pair = [field("contest_a"), field("contest_b")]
    if not all(pair) or pair[0] == pair[1]:
        raise IllegalAction("請選擇兩名拼點的玩家")
    odd = field("odd")
    if odd not in ("a", "b"):
        raise IllegalAction("請先設定兩數之和為奇數時哪名玩家勝利")
    return {"text": "、".join(pair), "owner": pair[0] if odd == "a" else pair[1]}
