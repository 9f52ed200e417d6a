"""Who resolves a pack's declared skills in a game: the engine, or the judge (games of before).

A game created since packs carry effects (issue 31) has its declared skills resolved by the engine
(:data:`ENGINE`, a script's default). A hosted game created before says nothing in its creation event: every
pack skill of it was the judge's, and stays so (:data:`JUDGE`), so that an upgrade never changes its past and its
export still verifies — as :mod:`tianting.core.canonical`'s draw orders do. A script may name it
(``"skill_effects": "judge"``) to replay such a game. Pure, no state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

ENGINE = "engine"
JUDGE = "judge"
MODES = (ENGINE, JUDGE)
STATE_KEY = "skill_effects"
"""``GameState.extra``'s key of a game whose pack skills are all the judge's (absent: the engine resolves them)."""


def judged(state: Any) -> bool:
    """Whether every pack skill of the game of ``state`` is the judge's (a game of before)."""
    return bool(state.extra.get(STATE_KEY) == JUDGE)


def refusal(value: Any) -> str | None:
    """Why a script's or a creation payload's ``skill_effects`` is refused, or None."""
    if value in MODES:
        return None
    return f"skill_effects（技能由誰結算）必須是{'或'.join(f'「{m}」' for m in MODES)}"


def of_meta(meta: Mapping[str, Any]) -> str:
    """A hosted game's mode from its creation payload (absent: :data:`JUDGE`, games created before)."""
    value = meta.get(STATE_KEY, JUDGE)
    return value if value in MODES else JUDGE


def script_field(meta: Mapping[str, Any]) -> dict[str, str]:
    """The script's ``skill_effects`` for a hosted game (the default, the engine, left unsaid)."""
    return {} if of_meta(meta) == ENGINE else {STATE_KEY: JUDGE}
