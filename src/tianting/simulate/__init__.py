"""Balance studies: many bot games played in parallel, their figures and a report.

``runner`` plays the games (locally on all cores or on a Ray cluster) with
per-game seeds derived from the study's seed and the game's index, so the
figures never depend on how many processes played them; ``stats`` turns the
game records, in game order, into JSON-ready figures; ``report`` writes
those figures as PNG plots, one HTML page and (optionally) ``figures.json``.
"""

from tianting.simulate.runner import Study, StudyRun, game_seed, run_study, simulate
from tianting.simulate.stats import aggregate, wilson

__all__ = ["Study", "StudyRun", "aggregate", "game_seed", "run_study", "simulate", "wilson"]
