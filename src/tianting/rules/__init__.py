"""Rule sets, found by name. Each is a package with a ``RULESET`` object."""

from __future__ import annotations

import importlib
import sys
from typing import Any

from tianting.core.errors import TiantingError

RULESETS = {"kk33": "tianting.rules.kk33", "sg24": "tianting.rules.sg24", "dingli2": "tianting.rules.dingli2"}
"""Every rule set by name: the module (importable, inside ``src/`` or not) whose ``RULESET`` it is."""
BUNDLED = tuple(RULESETS)
"""The rule sets that come with tianting (never unregistered)."""


def register(name: str, module: str) -> None:
    """Register the rule set ``name`` as the module ``module`` (a package with a ``RULESET``, importable from
    anywhere: a judge's own rule set, or a test's). Every layer that asks the registry sees it from now on."""
    if not isinstance(name, str) or not name or not isinstance(module, str) or not module:
        raise TiantingError("規則集的名稱與模組都必須是非空字串")
    if RULESETS.get(name, module) != module:
        raise TiantingError(f"規則集「{name}」已經登記為 {RULESETS[name]}")
    RULESETS[name] = module


def unregister(name: str) -> None:
    """Take the registered rule set ``name`` out of the registry (a bundled one cannot be)."""
    if name in BUNDLED:
        raise TiantingError(f"規則集「{name}」隨 tianting 提供，不能取消登記")
    RULESETS.pop(name, None)


def load(name: str) -> Any:
    """The rule set called ``name`` (``kk33`` …)."""
    module = RULESETS.get(name)
    if module is None:
        raise TiantingError(f"未知的規則集「{name}」（可用：{'、'.join(RULESETS)}）")
    # imported already (every call but the first): straight from sys.modules, as import_module would give it
    # (a hosted game asks for its rule set at almost every event)
    found = sys.modules.get(module)
    return (found if found is not None else importlib.import_module(module)).RULESET
