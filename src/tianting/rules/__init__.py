"""Rule sets, found by name. Each is a package with a ``RULESET`` object."""

from __future__ import annotations

import importlib
from typing import Any

from tianting.core.errors import TiantingError

RULESETS = {"kk33": "tianting.rules.kk33", "sg24": "tianting.rules.sg24", "dingli2": "tianting.rules.dingli2"}


def load(name: str) -> Any:
    """The rule set called ``name`` (``kk33`` …)."""
    module = RULESETS.get(name)
    if module is None:
        raise TiantingError(f"未知的規則集「{name}」（可用：{'、'.join(RULESETS)}）")
    return importlib.import_module(module).RULESET
