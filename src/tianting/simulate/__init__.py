"""Balance studies: many bot games played in parallel, their figures and a report.

``runner`` plays the games (locally on all cores or on a Ray cluster) with
per-game seeds derived from the study's seed and the game's index, so the
figures never depend on how many processes played them; ``stats`` turns the
game records, in game order, into JSON-ready figures; ``report`` writes
those figures as PNG plots, one HTML page and (optionally) ``figures.json``;
``workers`` starts the local worker processes with the engine imported once.

The names below are imported on first use (PEP 562), so that ``workers`` can be
imported, and the workers started, before the engine is.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tianting.simulate.runner import Study, StudyRun, game_seed, run_study, simulate
    from tianting.simulate.stats import aggregate, wilson

__all__ = ["Study", "StudyRun", "aggregate", "game_seed", "run_study", "simulate", "wilson"]
_HOME = {"Study": "runner", "StudyRun": "runner", "game_seed": "runner", "run_study": "runner",
         "simulate": "runner", "aggregate": "stats", "wilson": "stats"}


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{home}"), name)
