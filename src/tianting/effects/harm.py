"""Harm (傷害): what stops it (「不會受傷」, 「不會死亡」, 「防止…的致傷或致死效果」) and what lessens it (減輕).

A harm is dealt to a target by sources, for a cause (the skill that deals it: 刺殺, 援護, 投票 …), as a wound
(致傷) or a kill (致死); the rule set settles it (KK 3.3: ``rules/kk33/harm.Harm``, the night's
``harm_modifiers`` then ``harm_preventions``). An effect here is a test of the harm (the tests compose:
:func:`~tianting.effects.conditions.all_of`) and the trace's reason when it holds:

- :func:`no_wound`: 「X不會受傷」, a harm dealt as a wound does not reach X (免疫傷害類效果優先: it beats 加深);
- :func:`no_death`: 「X不會死亡」, a 致命一擊 does not kill X;
- :func:`prevent`: 「防止…對X造成的致傷或致死效果」, the harm does not reach X at all;
- :func:`lessen`: 「X受到的傷害減輕」, the harm goes one level down (致死 → 致傷 → none).

The tests: :func:`to` (whom it harms), :func:`only_from` (every source one of these), :func:`sourced_by` (one source
this), :func:`cause` (the skill that deals it), :data:`WOUNDING` (dealt as a wound), :data:`FATAL` (致命一擊 now).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from tianting.effects.conditions import all_of as all_of
from tianting.effects.conditions import holder as holder
from tianting.effects.conditions import while_live as while_live
from tianting.engine.phase import Fatal, Phase


class HarmLike(Protocol):
    """A harm as the effects read it."""

    @property
    def target(self) -> str: ...

    @property
    def cause(self) -> str: ...

    @property
    def sources(self) -> list[str]: ...

    @property
    def wounding(self) -> bool: ...

    def reduce(self, reason: str) -> None: ...


HarmTest = Callable[[Any, HarmLike], bool]
"""Does the effect apply to this harm (the phase, the harm)?"""
Reason = str | Callable[[Any, HarmLike], str]
"""The trace's reason: fixed, or worded from the harm (read only when the test holds)."""


def to(*pids: str) -> HarmTest:
    """對X造成的傷害: the harm's target is one of ``pids``."""
    harmed = frozenset(pids)
    return lambda phase, harm: harm.target in harmed


def only_from(*pids: str) -> HarmTest:
    """X對其造成的傷害: the harm has sources and every one is one of ``pids`` (a merged 刺殺 of several 兇手 is
    theirs only if all are)."""
    named = frozenset(pids)
    return lambda phase, harm: bool(harm.sources) and all(s in named for s in harm.sources)


def sourced_by(pid: str) -> HarmTest:
    """A harm ``pid`` is one of the sources of."""
    return lambda phase, harm: pid in harm.sources


def cause(name: str) -> HarmTest:
    """因【X】受到的傷害: the harm is dealt by the skill ``name``."""
    return lambda phase, harm: harm.cause == name


def _wounding(phase: object, harm: HarmLike) -> bool:
    return bool(harm.wounding)


def _fatal(phase: Fatal, harm: HarmLike) -> bool:
    return phase.is_fatal(harm)


WOUNDING: HarmTest = _wounding
"""致傷: a wound, or dealt as one (what 「不會受傷」 stops, even after 加深)."""
FATAL: HarmTest = _fatal
"""致命一擊: the harm would kill its target now (a kill, or a wound on one already wounded: ``phase.is_fatal``)."""


class HarmPhase(Protocol):
    """A phase whose harms can be stopped and lessened."""

    @property
    def harm_preventions(self) -> list[Callable[[Any, Any], str | None]]: ...

    @property
    def harm_modifiers(self) -> list[Callable[[Any, Any], None]]: ...


def _reason(reason: Reason, phase: Phase, harm: HarmLike) -> str:
    return reason if isinstance(reason, str) else reason(phase, harm)


@dataclass(frozen=True)
class Prevention:
    """A harm the test names does not reach its target (or does not wound, or does not kill), for ``reason``."""

    test: HarmTest
    reason: Reason
    template: str
    """Its sentence, ``{what}`` the words of the rules for who and what it names (:meth:`text`)."""
    what: str = ""

    def __call__(self, phase: Phase, harm: HarmLike) -> str | None:
        return _reason(self.reason, phase, harm) if self.test(phase, harm) else None

    def text(self) -> str:
        return self.template.format(what=self.what)


NO_WOUND, NO_DEATH, PREVENT = "{what}不會受傷", "{what}不會死亡", "防止{what}的致傷或致死效果"
"""The sentences of :func:`no_wound`, :func:`no_death` and :func:`prevent`."""


def _register(phase: HarmPhase, rule: Prevention) -> Prevention:
    phase.harm_preventions.append(rule)
    return rule


def no_wound(phase: HarmPhase, test: HarmTest, reason: Reason, what: str = "") -> Prevention:
    """「{what}不會受傷」: a harm ``test`` names that is dealt as a wound does not reach its target."""
    return _register(phase, Prevention(all_of(test, WOUNDING), reason, NO_WOUND, what))


def no_death(phase: HarmPhase, test: HarmTest, reason: Reason, what: str = "") -> Prevention:
    """「{what}不會死亡」: a 致命一擊 ``test`` names does not reach its target."""
    return _register(phase, Prevention(all_of(test, FATAL), reason, NO_DEATH, what))


def prevent(phase: HarmPhase, test: HarmTest, reason: Reason, what: str = "") -> Prevention:
    """「防止{what}的致傷或致死效果」: a harm ``test`` names does not reach its target."""
    return _register(phase, Prevention(test, reason, PREVENT, what))


@dataclass(frozen=True)
class Lessening:
    """減輕: a harm the test names goes one level down, for ``reason``."""

    test: HarmTest
    reason: Reason
    what: str = ""

    def __call__(self, phase: Phase, harm: HarmLike) -> None:
        if self.test(phase, harm):
            harm.reduce(_reason(self.reason, phase, harm))

    def text(self) -> str:
        return f"{self.what}受到的傷害減輕"


def lessen(phase: HarmPhase, test: HarmTest, reason: Reason, what: str = "") -> Lessening:
    """「{what}受到的傷害減輕」: every harm ``test`` names is lessened one level (in ``phase.harm_modifiers``)."""
    rule = Lessening(test, reason, what)
    phase.harm_modifiers.append(rule)
    return rule
