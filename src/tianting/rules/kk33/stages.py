"""The walk through a resolution's stages (:mod:`tianting.engine.stages`, shared with the 24人 rules' night):
KK 3.3's night (``night.Night``) and the day's action pass (``daytime.DayActions``) walk ``night.NIGHT_STAGES``."""

from __future__ import annotations

from tianting.engine.stages import StageSteps, run_stages, stage_steps

__all__ = ["StageSteps", "run_stages", "stage_steps"]
