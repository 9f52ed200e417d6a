"""The walk through a resolution's named stages, shared by every rule set's night.

KK 3.3: a night (``rules/kk33/night.Night``) and the day's actions (``daytime.DayActions``, a Night run inside the day)
resolve their uses stage by stage (``night.NIGHT_STAGES``): each stage begins with no skill change
seen yet (``skills_before``), applies its uses in the night's one order, then runs the step that ends
it (``after_<stage>``, where the class has one). The night walks every stage after the checks at once;
the day walks them in two parts (before the ballot, and at the moment of the vote). Both walk with
:func:`run_stages`, over the stages they are given (:func:`stage_steps`).

The 24人 rules (and 鼎立, built on them): a night (``rules/sg24/night.Night``) walks seed 001's timing classes
(立刻生效 → 預結算前 → 全局 → 結算前 → 結算時 in three stages → 結算後) the same way; its character skills are the
judge's (no use is applied by a stage yet: issue 31 gives them effects), so each stage is its step.
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
    one of ``steps`` (a caller walking part of the stages gives only the uses of that part).

    Each stage begins with ``phase.skills_before`` emptied (the first one at once: the uses passed by
    before the first applied do nothing), and ends with its step; closing one stage and beginning the
    next is written out in the two places it happens rather than called, as most stages of a day's
    pass, and several of a night's, have no use."""
    pending, done, base_apply = _PENDING, _DONE, _BASE_APPLY
    last = len(steps) - 1
    at = 0  # the index in ``steps`` of the stage under way
    current, step = steps[0]
    phase.skills_before = {}
    for use in ordered:
        skill = use.skill
        stage = skill.stage
        if stage != current:
            if not stage or stage == "check":
                continue
            while current != stage:  # close the stage under way (and any with no use); begin the next
                if step is not None:
                    getattr(phase, step)()
                at += 1
                current, step = steps[at]
                phase.skills_before = {}
        state = use.state
        if state is pending or state is done:  # use.live
            if type(skill).apply is not base_apply:
                skill.apply(phase, use)
            if use.state is pending:
                use.state = done
    while True:  # close the stage under way, then begin and close those with no use
        if step is not None:
            getattr(phase, step)()
        if at == last:
            return
        at += 1
        current, step = steps[at]
        phase.skills_before = {}
