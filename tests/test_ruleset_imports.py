"""Issue 15: "no module outside `rules/` imports a rule set by name". Every layer above rules/ reaches a
rule set through ``tianting.rules.load(name)`` and its ``RULESET`` (docs/dev/ruleset-interface.md).

The package's modules are read with :mod:`ast` (never imported): any ``import tianting.rules.X…`` or
``from tianting.rules.X… import …`` of a rule-set package X, or ``from tianting.rules import X``, outside
``src/tianting/rules/`` fails, wherever it stands (a function's lazy import too)."""

from __future__ import annotations

import ast
from pathlib import Path

import tianting
from tianting.rules import RULESETS

PACKAGE = Path(tianting.__file__).resolve().parent
RULES_DIR = PACKAGE / "rules"
RULE_SET_PACKAGES = set(RULESETS) | {p.name for p in RULES_DIR.iterdir() if (p / "__init__.py").is_file()}
"""Every rule-set package under rules/, registered or not yet (a package on its way in counts too)."""


def _rule_set_imports(tree: ast.AST) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module] + ([f"{node.module}.{a.name}" for a in node.names]
                                     if node.module == "tianting.rules" else [])
        else:
            continue
        for name in names:
            parts = name.split(".")
            if parts[:2] == ["tianting", "rules"] and len(parts) > 2 and parts[2] in RULE_SET_PACKAGES:
                found.append((node.lineno, name))
    return found


def test_rule_set_packages_exist_for_the_scan():
    assert (RULES_DIR / "kk33").is_dir() and (RULES_DIR / "sg24").is_dir()
    sample = ast.parse("from tianting.rules.kk33.roster import COUNTRIES\nfrom tianting.rules import sg24\n"
                       "def f():\n    import tianting.rules.kk33.game\n")
    assert [n for _, n in _rule_set_imports(sample)] == ["tianting.rules.kk33.roster", "tianting.rules.sg24",
                                                          "tianting.rules.kk33.game"]


def test_no_module_outside_rules_imports_a_rule_set_by_name():
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if RULES_DIR in path.parents:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        offenders += [f"{path.relative_to(PACKAGE)}:{line}: {name}" for line, name in _rule_set_imports(tree)]
    assert offenders == [], "modules above rules/ must use tianting.rules.load(name):\n" + "\n".join(offenders)
