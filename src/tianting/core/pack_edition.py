"""The edition of a rule set's bundled character pack a game is played with.

Edition 2 (:data:`CURRENT`, a script's default) is the bundled pack as it is now: its facts checked against the 8.1
list and its skills' declared effects resolved by the engine (issue 31). A hosted game created before says nothing
in its creation event: it was dealt and played with edition 1 (:data:`FIRST`: the facts as they were then, every
pack skill the judge's), and goes on so, so that an upgrade never changes its past and its export still verifies —
as :mod:`tianting.core.canonical`'s draw orders do. A script may name it (``"pack_edition": 1``) to replay such a
game. Only rule sets with a bundled pack (24人, 鼎立) have editions. Pure, no state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

FIRST = 1
CURRENT = 2
EDITIONS = (FIRST, CURRENT)
STATE_KEY = "pack_edition"
"""``GameState.extra``'s key of a game played with :data:`FIRST` (absent: the current edition)."""


def first(state: Any) -> bool:
    """Whether the game of ``state`` is played with the first edition (every pack skill the judge's)."""
    return bool(state.extra.get(STATE_KEY) == FIRST)


def refusal(value: Any) -> str | None:
    """Why a script's or a creation payload's ``pack_edition`` is refused, or None."""
    if value in EDITIONS and not isinstance(value, bool):
        return None
    return f"pack_edition（內建角色包的版次）必須是{'或'.join(str(e) for e in EDITIONS)}"


def of_meta(meta: Mapping[str, Any]) -> int:
    """A hosted game's edition from its creation payload (absent: :data:`FIRST`, games created before)."""
    value = meta.get(STATE_KEY, FIRST)
    return value if value in EDITIONS and not isinstance(value, bool) else FIRST


def script_field(meta: Mapping[str, Any]) -> dict[str, int]:
    """The script's ``pack_edition`` for a hosted game (the default, the current one, left unsaid)."""
    return {} if of_meta(meta) == CURRENT else {STATE_KEY: FIRST}
