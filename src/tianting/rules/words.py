"""A rule set's own player-facing words, kept as data (``data/words.json`` in its package) beside its pack: the texts
of its general actions on a seat's form and of the inputs its phases take. Read once per package."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any


@cache
def _words(package: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(resources.files(package).joinpath("data/words.json").read_text("utf-8"))
    return loaded


def words(package: str, *path: str) -> dict[str, Any]:
    """The words of ``package`` under ``path`` (``words("tianting.rules.sg24", "inputs", "wound")``): a copy."""
    found: Any = _words(package)
    for key in path:
        found = found[key]
    return dict(found)


__all__ = ["words"]
