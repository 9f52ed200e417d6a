"""Bespoke skill code, one module per character (or per mechanic shared by a few): each module registers its skills
with :func:`tianting.rules.sg24.declared.bespoke.register`. Every module here is loaded, in name order, when the
registry is first read, so adding a character's code is adding its file."""

from __future__ import annotations

import importlib
import pkgutil


def load_all() -> None:
    """Import every module of this package (each registers its codes)."""
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        importlib.import_module(f"{__name__}.{info.name}")
