"""The phase being resolved, as the effects read it (issue 30, item 4): a typed surface in place of ``Any``.

A phase is a KK 3.3 ``Night`` or ``Day``, a 24人 or 鼎立 phase, or a test's small double; each effect asks only
for the part it reads, so a protocol here is a set of attributes, not a base class (rule sets' phases satisfy them
structurally):

- :class:`Phase` (``tianting.core.effects.Phase``): the game state, a trace line (``note``), private feedback
  (``tell``); what the primitives of ``core`` need;
- :class:`Timed`: the state and the phase's index (the delayed form: 次夜, 次日, 第n夜);
- :class:`Drawing`: a phase with the game's one seeded generator (``rng``): a chance drawn and recorded;
- :class:`Deciding`: and the players' scripted answers (``book``): a choice asked;
- :class:`Acting`: a night's uses (``uses``, ``uses_by``, ``void``) and its rules on targets (``target_rules``),
  read by the effects that copy, spy on and retarget actions;
- :class:`Settling`: a night's ``settle_rules``, run once its cancels are known;
- :class:`Fatal`: a phase that can say whether a harm would kill (致命一擊).

The windows where skills take part (``stab_rules``, ``harm_preventions``, ``harm_modifiers``, ``block_rules``,
``vote_rules`` …) are declared by the effect families that fill them (``effects.stab.StabPhase``,
``effects.harm.HarmPhase``, ``effects.cancel.CancelPhase``, ``effects.votes.VotePhase``): each family's window is
its own. The rules in those lists are called with the phase typed ``Any``: a rule set's list holds rules on its own
phase class (``Callable[[Night, Use], …]``), and a list is invariant in its items, so a protocol's
``list[Callable[[Phase, Use], …]]`` would refuse every rule set's list; ``Any`` there is the one place the
phase stays untyped. Two things no protocol can say are read with ``getattr``/``vars`` and say so where they are:
``skills_before`` (only the phases with a stage walk keep it) and the per-phase stashes of ``effects.targets``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from tianting.core.decisions import DecisionBook
from tianting.core.effects import Phase
from tianting.core.rng import GameRandom
from tianting.core.skills import Use
from tianting.core.state import GameState

__all__ = ["Acting", "Deciding", "Drawing", "Fatal", "Phase", "Settling", "Timed"]


class Timed(Protocol):
    """A phase being resolved, as the delayed form reads it: its state and its index."""

    @property
    def state(self) -> GameState: ...

    @property
    def index(self) -> int: ...


class Drawing(Phase, Protocol):
    """A phase with the game's one seeded generator: every chance is drawn and recorded there."""

    @property
    def rng(self) -> GameRandom: ...


class Deciding(Drawing, Protocol):
    """A phase that asks its players: their scripted answers, else a default or a recorded draw."""

    @property
    def book(self) -> DecisionBook: ...


class Acting(Deciding, Protocol):
    """A night's uses, as the effects on actions read them (echo, spy and retarget)."""

    @property
    def uses(self) -> list[Use]: ...

    @property
    def target_rules(self) -> list[Callable[[Any, Use], str | None]]: ...

    def uses_by(self, pid: str, implicit: bool = False) -> list[Use]: ...

    def void(self, use: Use, reason: str) -> None: ...


class Settling(Phase, Protocol):
    """A night whose ``settle_rules`` run once its cancels are known (each called with the night)."""

    @property
    def settle_rules(self) -> list[Callable[[Any], None]]: ...


class Fatal(Protocol):
    """A phase that says whether a harm would kill its target now (a kill, or a wound on one wounded)."""

    def is_fatal(self, harm: Any) -> bool: ...
