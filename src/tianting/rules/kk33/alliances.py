"""聯盟 in KK 3.3: one shared implementation for every skill that makes or breaks one.

聯盟可以通過一些角色技能達成。聯盟會影響到身份技能【刺殺】。聯盟是一些角色技能的必要條件。
若某一夜達成了多個不同的聯盟，則視為沒有達成任何聯盟。新的聯盟會使舊的聯盟破裂。
聯盟從使用達成聯盟的角色技能的後一天白天開始生效。
Skills say: 「某某聯盟達成（或延期）兩日兩夜」.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tianting.core.state import Alliance, GameState
from tianting.rules.kk33.roster import COUNTRIES

TWO_DAYS_TWO_NIGHTS = 4
"""Phases in 兩日兩夜: the next day, night, day and night."""


def pair(a: str, b: str) -> tuple[str, str]:
    """The two countries in the rules' order (魏 蜀 吳)."""
    ordered = sorted((a, b), key=lambda c: COUNTRIES.index(c) if c in COUNTRIES else len(COUNTRIES))
    return ordered[0], ordered[1]


@dataclass(frozen=True)
class Proposal:
    countries: tuple[str, str]
    by: str
    """The id whose skill makes it."""
    phases: int = TWO_DAYS_TWO_NIGHTS


def settle(state: GameState, proposals: list[Proposal], index: int,
           longer: Callable[[tuple[str, str]], int] | None = None) -> tuple[Alliance | None, list[str]]:
    """Apply one night's proposals; return the alliance made or extended, and the reasons.

    ``longer``: phases skills add to the alliance made or extended (和睦：聯盟時限增加一日一夜)."""
    notes: list[str] = []
    pairs = list(dict.fromkeys(p.countries for p in proposals))
    if not pairs:
        return None, notes
    if len(pairs) > 1:
        notes.append(f"當夜達成了多個不同的聯盟（{'、'.join(a + b for a, b in pairs)}）：視為沒有達成任何聯盟")
        return None, notes
    countries = pairs[0]
    length = max(p.phases for p in proposals)
    if longer is not None:
        length += longer(countries)
    current = next((a for a in state.alliances if a.countries == countries and a.end >= index), None)
    if current is not None:
        current.end += length
        notes.append(f"{countries[0]}{countries[1]}聯盟延期至第{current.end}階段")
        return current, notes
    broken = [a for a in state.alliances if a.end >= index]
    for old in broken:
        old.end = index
        notes.append(f"新的聯盟使舊的{old.countries[0]}{old.countries[1]}聯盟破裂")
    made = Alliance(countries, start=index + 1, end=index + length)
    state.alliances.append(made)
    notes.append(f"{countries[0]}{countries[1]}聯盟達成，自次日白天起生效")
    return made, notes


def break_alliance(state: GameState, countries: tuple[str, str], index: int) -> list[str]:
    """「某某聯盟（若有）破裂」: it ends now."""
    notes = []
    for a in state.alliances:
        if a.countries == pair(*countries) and a.end >= index:
            a.end = index - 1 if a.start >= index else index
            notes.append(f"{a.countries[0]}{a.countries[1]}聯盟破裂")
    return notes
