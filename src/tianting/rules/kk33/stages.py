"""The walk through a resolution's stages, shared by the night and the day's action pass.

A night (``night.Night``) and the day's actions (``daytime.DayActions``, a Night run inside the day)
resolve their uses stage by stage (``night.NIGHT_STAGES``): each stage begins with no skill change
seen yet (``skills_before``), applies its uses in the night's one order, then runs the step that ends
it (``after_<stage>``, where the class has one). The night walks every stage after the checks at once;
the day walks them in two parts (before the ballot, and at the moment of the vote). Both walk with
:func:`run_stages`, over the stages they are given (:func:`stage_steps`).
"""

from __future__ import annotations

from typing import Any

from tianting.core.skills import Skill, Use, UseState

_BASE_APPLY = Skill.apply
"""The base skill's ``apply`` (it does nothing): a skill that keeps it is not called."""
_PENDING, _DONE = UseState.PENDING, UseState.DONE  # read once: reading an enum member off its class is slow

StageSteps = tuple[tuple[str, str | None], ...]
"""Stages in order, each with the name of the method that ends it, or None (:func:`stage_steps`)."""


def stage_steps(phase_class: type, stages: tuple[str, ...]) -> StageSteps:
    """``stages``, each with the name of the method of ``phase_class`` that ends it (``after_<stage>``), or
    None where the class has none: read once by the caller rather than looked up (and missed) at every
    stage. (A subclass that overrides a step is still heard: :func:`run_stages` calls it by name.)"""
    return tuple((stage, name if hasattr(phase_class, name) else None)
                 for stage in stages for name in (f"after_{stage}",))


def run_stages(phase: Any, ordered: list[Use], steps: StageSteps) -> None:
    """The stages of ``steps``, each its uses (in the night's order) then its ``after_<stage>`` step; a
    use added once they began (a 視為刺殺) is not applied by them.

    ``ordered`` is sorted by stage first (``night.night_order``), so each stage's uses are one run of it:
    they are applied as the walk reaches them, with the stages before them (their steps, and those of
    the stages with no use) closed first, rather than sorted into a list per stage beforehand. A use of
    no stage, or of ``check`` (no stage step applies it), is passed by; every other use's stage must be
    one of ``steps`` (a caller walking part of the stages gives only the uses of that part)."""
    pending, done, base_apply = _PENDING, _DONE, _BASE_APPLY
    last = len(steps)

    def next_stage(at: int) -> int:
        """Close the stage at ``at`` (its step; -1: none under way yet) and begin the next: its index."""
        if at >= 0:
            step = steps[at][1]
            if step is not None:
                getattr(phase, step)()
        at += 1
        if at < last:
            phase.skills_before = {}
        return at

    at = -1  # the index in ``steps`` of the stage under way
    current = ""
    for use in ordered:
        skill = use.skill
        stage = skill.stage
        if stage != current:
            if not stage or stage == "check":
                continue
            current = stage
            at = next_stage(at)  # close the stages before this one; begin this one
            while steps[at][0] != stage:
                at = next_stage(at)
        state = use.state
        if state is pending or state is done:  # use.live
            if type(skill).apply is not base_apply:
                skill.apply(phase, use)
            if use.state is pending:
                use.state = done
    while at < last:  # the stage under way, then those with no use
        at = next_stage(at)
