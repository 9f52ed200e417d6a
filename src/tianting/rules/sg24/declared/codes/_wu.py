"""Helpers the 吴 and 在野 bespoke codes share (a killer's stabs tonight, a use with one target)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.engine.harm import Harm

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver


def one_target(game: Any, action: Action) -> None:
    """The use names one id on the table (refused otherwise)."""
    game._target(action)


def no_target(game: Any, action: Action) -> None:
    """The use names no id (nothing to check)."""


def killer_stabs(r: Resolver) -> list[tuple[Harm, Action]]:
    """Tonight's killers' stabs that dealt a harm, each with its copies (「三倍的效果」): (harm, the stab)."""
    phase = r.night.phase
    out = []
    for dealt, a in phase.stabs:
        out.append((dealt, a))
        out += [(h, a) for h in r.night.harms if phase.echoes.get(id(h)) == id(dealt)]
    return out
