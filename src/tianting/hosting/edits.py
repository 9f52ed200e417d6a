"""The judge's edits of a draft's wording, anchored to the part of the text they replaced.

An edit records the whole text the judge saw (``before``) and the whole text they saved (``text``). When the
phase is re-drafted (an answered choice, a ruling, approved last words) the engine's text may change; the edit is
then carried over as a line-by-line three-way merge of ``before`` → ``text`` onto the new text (:func:`merge_lines`),
so that an added line of last words does not undo the judge's change of another line. An edit whose lines the new
draft changed too cannot be kept: :func:`keep_edits` returns it, for the judge to see with the old and new text.

A feedback edit is anchored to the player's entry it reworded: the entry at the same place if its text is still
what the judge reworded, else the one other entry of that player whose text is.
See docs/rulings/edits.md.
"""

from __future__ import annotations

from typing import Any

from merge3 import Merge3

Spot = tuple[Any, ...]
"""Where an edit's text goes: ``("announcement",)`` or ``("feedback", player, index)``."""


def _settle(base: list[str], mine: list[str], theirs: list[str]) -> list[str] | None:
    """A region both sides changed: kept when one side only added lines before or after the base's (the other's
    change then stands, with those lines), else None."""
    n = len(base)
    for one, other in ((theirs, mine), (mine, theirs)):
        if one[:n] == base:
            return other + one[n:]
        if n and one[len(one) - n:] == base:
            return one[:len(one) - n] + other
    return None


def merge_lines(base: str, mine: str, theirs: str) -> str | None:
    """``theirs`` with the change from ``base`` to ``mine`` carried over line by line, or None where both changed
    the same lines (other than one of them only adding lines next to them)."""
    if theirs == base:
        return mine
    if mine == base or mine == theirs:
        return theirs
    z, a, b = base.split("\n"), mine.split("\n"), theirs.split("\n")
    out: list[str] = []
    for region in Merge3(z, a, b).merge_regions():
        what = region[0]
        if what == "unchanged":
            out.extend(z[region[1]:region[2]])
        elif what in ("same", "a"):
            out.extend(a[region[1]:region[2]])
        elif what == "b":
            out.extend(b[region[1]:region[2]])
        else:
            _, z1, z2, a1, a2, b1, b2 = region  # type: ignore[misc]  # merge3's conflict regions have 7 fields
            settled = _settle(z[z1:z2], a[a1:a2], b[b1:b2])
            if settled is None:
                return None
            out.extend(settled)
    return "\n".join(out)


def spot_of(edit: dict[str, Any]) -> Spot:
    if edit["target"] == "announcement":
        return ("announcement",)
    return ("feedback", edit["player"], edit["index"])


def _feedback_anchor(edit: dict[str, Any], items: list[dict[str, Any]], texts: dict[Spot, str]) -> int | None:
    """Which of the player's entries (now) the feedback edit rewords: the same place if its text is still the text
    the judge reworded, else the one other entry whose text is, else the same place (to merge onto) if there is
    one. Entries are single lines mostly: a changed one does not merge, and the edit is lost rather than misplaced."""
    pid, i = edit["player"], edit["index"]

    def now(j: int) -> str:
        return texts.get(("feedback", pid, j), items[j]["text"])

    if i < len(items) and now(i) == edit["before"]:
        return i
    same = [j for j in range(len(items)) if now(j) == edit["before"]]
    if len(same) == 1:
        return same[0]
    return i if i < len(items) else None


def keep_edits(edits: list[dict[str, Any]], announcement: str,
               feedback: dict[str, list[dict[str, Any]]]) -> tuple[dict[Spot, str], list[dict[str, Any]]]:
    """The re-drafted phase's edited texts by spot, and the current edits that could not be kept (marked
    ``current: False, dropped: True`` here, as the audit log shows them). ``announcement`` and ``feedback`` are the
    new draft's texts; the edits are applied in the order made, each onto the text the ones before it left."""
    texts: dict[Spot, str] = {}
    lost = []
    for edit in edits:
        if not edit["current"]:
            continue
        merged = None
        if edit["target"] == "announcement":
            spot: Spot = ("announcement",)
            merged = merge_lines(edit["before"], edit["text"], texts.get(spot, announcement))
        else:
            items = feedback.get(edit["player"], [])
            j = _feedback_anchor(edit, items, texts)
            if j is not None:
                spot = ("feedback", edit["player"], j)
                merged = merge_lines(edit["before"], edit["text"], texts.get(spot, items[j]["text"]))
        if merged is None:
            edit["current"] = False
            edit["dropped"] = True
            lost.append(edit)
        else:
            texts[spot] = merged
    return texts, lost
