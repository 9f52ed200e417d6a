"""Rule sets, found by name. Each is a package with a ``RULESET`` object."""

from __future__ import annotations

import importlib
import sys
from typing import Any

from tianting.core.errors import TiantingError

RULESETS = {"kk33": "tianting.rules.kk33", "sg24": "tianting.rules.sg24", "dingli2": "tianting.rules.dingli2"}


def load(name: str) -> Any:
    """The rule set called ``name`` (``kk33`` …)."""
    module = RULESETS.get(name)
    if module is None:
        raise TiantingError(f"未知的規則集「{name}」（可用：{'、'.join(RULESETS)}）")
    # imported already (every call but the first): straight from sys.modules, as import_module would give it
    # (a hosted game asks for its rule set at almost every event)
    found = sys.modules.get(module)
    return (found if found is not None else importlib.import_module(module)).RULESET
