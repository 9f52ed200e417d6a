"""Chinese names in either script.

Players and judges type Traditional or Simplified Chinese; the rule set keeps
its own script. Names are compared through one key: their Simplified form
(OpenCC ``t2s``), so ``刺杀`` and ``刺殺`` are the same skill.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import opencc

_T2S = opencc.OpenCC("t2s")


@lru_cache(maxsize=4096)
def name_key(name: str) -> str:
    """The script-independent key of a name (its Simplified form, stripped)."""
    key: str = _T2S.convert(name.strip())
    return key


class NameTable:
    """Looks up canonical names by any spelling (Traditional, Simplified, alias)."""

    def __init__(self, names: Iterable[str] = (), aliases: dict[str, str] | None = None) -> None:
        self._by_key: dict[str, str] = {}
        self._seen: dict[str, str | None] = {}
        """Answers already given, by spelling (the table only grows by ``add``, which clears it)."""
        for name in names:
            self.add(name)
        for alias, canonical in (aliases or {}).items():
            self.add(canonical, alias)

    def add(self, canonical: str, spelling: str | None = None) -> None:
        self._by_key[name_key(spelling or canonical)] = canonical
        self._seen.clear()

    def get(self, spelling: object) -> str | None:
        """The canonical name for ``spelling``, or None if it is unknown."""
        if not isinstance(spelling, str):
            return None
        try:
            return self._seen[spelling]
        except KeyError:
            pass
        found = self._by_key.get(name_key(spelling)) if spelling.strip() else None
        if len(self._seen) < 4096:
            self._seen[spelling] = found
        return found

    def __contains__(self, spelling: object) -> bool:
        return self.get(spelling) is not None
