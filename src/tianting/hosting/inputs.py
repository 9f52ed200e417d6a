"""A phase's inputs beyond actions and votes, as the rule set declares them
(:class:`tianting.rules.interface.PhaseInput`): hosting and the server render, check, store and read them from
the declaration alone and name no rule set's input.

Pure helpers over a declaration and the phase's stored field (game-script.md ``digits``: ``{player: value}``, or
``{player: {slot: value}}`` for an input whose values have slots).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tianting.rules.interface import Owed, PhaseInput


def owed_by(inp: PhaseInput, pid: str) -> list[Owed]:
    """What ``pid`` owes of ``inp``, in the order their page numbers it."""
    return [o for o in inp.owed if o.player == pid]


def given(stored: Mapping[str, Any], owed: Owed) -> Any:
    """The value given so far for ``owed`` (None if none)."""
    value = stored.get(owed.player)
    if owed.slot is None:
        return None if isinstance(value, Mapping) else value
    return (value or {}).get(owed.slot) if isinstance(value, Mapping) or value is None else None


def give(stored: dict[str, Any], owed: Owed, value: int) -> None:
    """Record ``value`` for ``owed`` in ``stored``, the player's entry moved last (the order of their latest)."""
    if owed.slot is None:
        stored.pop(owed.player, None)
        stored[owed.player] = value
        return
    mine = dict(stored.pop(owed.player, None) or {})
    mine[owed.slot] = value
    stored[owed.player] = mine


def which(inp: PhaseInput, mine: Sequence[Owed], payload: Mapping[str, Any], spell: Any,
          by_judge: bool) -> Owed | None:
    """The one of ``mine`` a ``digit`` event's ``payload`` means: by its number (``number_key``; the only one if
    it says none), or, from a judge, by its slot (``slot_key``, spelled as the game spells ids)."""
    if inp.slot_key is not None and by_judge and payload.get(inp.slot_key) is not None:
        slot = spell(payload.get(inp.slot_key))
        return next((o for o in mine if o.slot == slot), None)
    number = payload.get(inp.number_key, 1 if len(mine) == 1 else None) if inp.number_key else 1
    if isinstance(number, bool):
        return None
    return next((o for o in mine if o.number == number), None)


def in_range(inp: PhaseInput, value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value in inp.values


def text(inp: PhaseInput, template: str, **more: Any) -> str:
    """One of the declaration's texts, its placeholders filled."""
    return template.format(label=inp.label, word=inp.reader.word, **more)


def view_part(inp: PhaseInput, stored: Mapping[str, Any], pid: str) -> dict[str, Any]:
    """What ``pid``'s view says of ``inp`` (its ``open`` keys): the values owed and given so far, never a slot
    (an opponent is the judges' to know)."""
    mine = owed_by(inp, pid)
    if not mine:
        return {}
    if any(o.slot is not None for o in mine):
        return {inp.view_key: [{"number": o.number, inp.key: given(stored, o)} for o in mine]}
    return {inp.view_key: True, inp.key: given(stored, mine[0])}


def page_rows(inp: PhaseInput, stored: Mapping[str, Any], pid: str) -> dict[str, Any] | None:
    """The player page's form for ``inp`` (None if ``pid`` owes nothing): heading, help line, one row per value
    owed (its label, number and value so far), the element ids' prefix and the form's field names."""
    mine = owed_by(inp, pid)
    if not mine:
        return None
    many = any(o.slot is not None for o in mine)
    return {"name": inp.name, "heading": inp.heading, "section": inp.section, "many": many, "key": inp.key,
            "number_key": inp.number_key, "stage": inp.stage,
            "help": inp.help.format(count=len(mine), which="這次" if len(mine) == 1 else "每一次"),
            "rows": [{"number": o.number, "label": inp.item.format(number=o.number), "value": given(stored, o)}
                     for o in mine]}


def judge_rows(inp: PhaseInput, stored: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The judges' table of ``inp``: every value owed, who owes it, its slot, its ruling and the value so far."""
    return [{"player": o.player, "number": o.number, "slot": o.slot, "ruling": o.ruling,
             "value": given(stored, o)} for o in inp.owed]


def missing(inp: PhaseInput, stored: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(player, the judge's reminder) of each value owed and not given."""
    return [(o.player, text(inp, inp.texts.missing, player=o.player, slot=o.slot or ""))
            for o in inp.owed if given(stored, o) is None]


def answered_ruling(inp: PhaseInput, stored: Mapping[str, Any], index: int) -> bool:
    """A value answering the judge's ruling ``index`` has been given (the ruling can no longer be withdrawn)."""
    return any(o.ruling == index and given(stored, o) is not None for o in inp.owed)
