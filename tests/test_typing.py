"""The code's types, checked by mypy as part of the test command (issue 30, item 4).

``src/tianting/core``, ``src/tianting/effects`` and ``src/tianting/engine`` (whichever exist) pass
``mypy --strict``: pyproject.toml's ``[tool.mypy]`` section turns on, for those packages only, the
per-module flags ``--strict`` stands for. The rest of ``src/`` is checked with mypy's defaults, and
its error count may only go down: lower :data:`REST_CEILING` when a module is cleaned, never raise it.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STRICT_PACKAGES = ("core", "effects", "engine")
"""The packages under ``src/tianting`` that pass ``mypy --strict``."""
REST_CEILING = 183
"""mypy's error count (default flags) over the rest of ``src/tianting`` on 7 December 2026 (187 with core/
strict-clean, less the two errors of the moved effects; 183 once 鼎立 stopped copying the 24人 methods and the
effects took the typed phase of ``engine/phase.py``): the ceiling only goes down."""
STRICT_FLAGS = {
    "disallow_any_generics", "disallow_subclassing_any", "disallow_untyped_calls", "disallow_untyped_defs",
    "disallow_incomplete_defs", "check_untyped_defs", "disallow_untyped_decorators", "warn_return_any",
    "warn_unused_ignores", "no_implicit_reexport", "strict_equality", "extra_checks",
}
"""The per-module flags ``mypy --strict`` turns on (``warn_unused_configs`` and ``warn_redundant_casts``,
the rest of it, are global only)."""
_ERROR = re.compile(r"^(?P<path>[^:\n]+\.py):\d+(?::\d+)?: error: ", re.M)


@cache
def _mypy_errors() -> tuple[str, ...]:
    """The paths (one per error, relative to the repository) of mypy's errors over src/tianting,
    with the project's configuration (one run for both tests)."""
    pytest.importorskip("mypy", reason="mypy is not installed (it comes with the test extra)")
    result = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary", "--show-error-codes"],
                            cwd=ROOT, capture_output=True, text=True, check=False)
    if result.returncode not in (0, 1):  # 2: mypy itself failed (a bad configuration …)
        pytest.fail(f"mypy did not run:\n{result.stdout}{result.stderr}")
    return tuple(m["path"].replace("\\", "/") for m in _ERROR.finditer(result.stdout))


def _strict(path: str) -> bool:
    return any(path.startswith(f"src/tianting/{package}/") for package in STRICT_PACKAGES)


def test_pyproject_makes_the_strict_packages_strict() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    overrides = [o for o in config["overrides"] if f"tianting.{STRICT_PACKAGES[0]}.*" in o["module"]]
    assert len(overrides) == 1
    (strict,) = overrides
    for package in STRICT_PACKAGES:
        assert {f"tianting.{package}", f"tianting.{package}.*"} <= set(strict["module"])
    assert {flag for flag in STRICT_FLAGS if strict.get(flag) is True} == STRICT_FLAGS
    assert config.get("warn_redundant_casts") is True


def test_core_effects_and_engine_pass_mypy_strict() -> None:
    strict = [path for path in _mypy_errors() if _strict(path)]
    assert not strict, f"mypy --strict errors in {sorted(set(strict))}: run `mypy` at the repository root"


def test_the_rest_of_src_has_no_more_mypy_errors_than_before() -> None:
    rest = [path for path in _mypy_errors() if not _strict(path)]
    assert len(rest) <= REST_CEILING, (
        f"{len(rest)} mypy errors outside the strict packages (ceiling {REST_CEILING}): run `mypy`")
