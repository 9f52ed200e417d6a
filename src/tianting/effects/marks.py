"""Marks (標記): a player gains markers (黃巾軍, 行醫, 智, 詩 …), counted by name.

The implementation is the core primitive :func:`tianting.core.effects.mark`; the sentence is the rules' own.
"""

from __future__ import annotations

from tianting.core.effects import mark as mark

_COUNTS = {1: "一", 2: "兩", 3: "三", 4: "四", 5: "五"}


def mark_text(name: str, n: int = 1, whom: str = "你") -> str:
    """「你獲得一個「X」標記」: the sentence of :func:`mark`."""
    return f"{whom}獲得{_COUNTS.get(n, str(n))}個「{name}」標記"
