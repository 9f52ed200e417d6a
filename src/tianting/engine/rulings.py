"""The judge's rulings (game-script.md ``rulings``) as one dispatch table: effect → entry.

遺言的合法性由天庭裁定; the judge holds the last word on every rule. A ruling is an input of the phase,
applied while it resolves, so that everything that follows from it (deaths, successors, 滅國, the end of
the game) follows as usual. Each effect is one :class:`Entry`: its Chinese name, the :data:`MOMENTS` of the
phase at which it is applied (or none: the rule set reads it where its rule needs it, e.g. a ``void``'s
action index before the night is ordered), its handler, and what the script reader takes for it (a
``text``, no ``target``). A rule set's table extends another's (:meth:`RulingTable.extend`): 24人 extends the
common effects with ``defend``, 鼎立 with its own; one more effect (a line in the public post) is one entry.

The moments, in a phase's order:

- :data:`BEGIN`: before anything of the phase happens (``void`` in KK 3.3, ``spare``);
- :data:`HARM`: with the phase's harms (``injure``, ``kill``: the judge's harm stands, nothing prevents it);
- :data:`SETTLE`: once the phase's harms are done (``heal``; 24人's ``tell``; 鼎立's ``remove`` …);
- :data:`LAST`: the very end (KK 3.3's ``tell``, after every ``heal``).

Within a moment, rulings apply in the judge's order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Generic, TypeVar

from tianting.core.records import Ruling

BEGIN, HARM, SETTLE, LAST = "begin", "harm", "settle", "last"
MOMENTS = (BEGIN, HARM, SETTLE, LAST)
"""The moments of a phase at which a table applies its entries, in order."""

C = TypeVar("C")
"""What a rule set's handlers act on (its phase being resolved, or a small context around it)."""

Handler = Callable[[C, Ruling], None]


@dataclass(frozen=True)
class Entry(Generic[C]):
    """One effect of the judge's rulings."""

    effect: str
    """The script's ``effect``."""
    name: str
    """Its Chinese name (the rule set's script)."""
    moment: str | None = None
    """When the table applies it (:data:`MOMENTS`), or None: the rule set reads it itself (:meth:`RulingTable.of`)."""
    apply: Handler[C] | None = None
    """The handler, called with the phase's context and the ruling."""
    reads_text: bool = False
    """The engine reads its ``text`` (a ``tell``'s words, a 聯盟's country …): game-script.md."""
    targetless: bool = False
    """It names no ``target`` (三足鼎立; a 拼點 names its ids in ``text``)."""

    def __post_init__(self) -> None:
        if self.moment is not None and self.moment not in MOMENTS:
            raise ValueError(f"unknown moment {self.moment!r} of ruling effect {self.effect!r}")
        if (self.moment is None) != (self.apply is None):
            raise ValueError(f"ruling effect {self.effect!r}: a moment needs a handler, and a handler a moment")


@dataclass(frozen=True)
class RulingTable(Generic[C]):
    """A rule set's ruling effects, in the order the script's reader lists them."""

    entries: tuple[Entry[C], ...] = ()
    _by_effect: dict[str, Entry[C]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_effect", {e.effect: e for e in self.entries})
        if len(self._by_effect) != len(self.entries):
            raise ValueError("a ruling effect is listed twice")

    def extend(self, *entries: Entry[C]) -> RulingTable[C]:
        """This table with ``entries`` added (at the end) or put in place of those of the same effect."""
        new = {e.effect: e for e in entries}
        kept = tuple(new.pop(e.effect, e) for e in self.entries)
        return RulingTable(kept + tuple(new.values()))

    def rebind(self, **handlers: Handler[C]) -> RulingTable[C]:
        """This table with the handlers of the named effects replaced (same moments, names and fields)."""
        unknown = set(handlers) - set(self._by_effect)
        if unknown:
            raise ValueError(f"no ruling effect {sorted(unknown)}")
        return RulingTable(tuple(replace(e, apply=handlers[e.effect]) if e.effect in handlers else e
                                 for e in self.entries))

    def effects(self) -> tuple[str, ...]:
        return tuple(e.effect for e in self.entries)

    def names(self) -> dict[str, str]:
        """effect → Chinese name."""
        return {e.effect: e.name for e in self.entries}

    def text_effects(self) -> tuple[str, ...]:
        return tuple(e.effect for e in self.entries if e.reads_text)

    def targetless_effects(self) -> tuple[str, ...]:
        return tuple(e.effect for e in self.entries if e.targetless)

    def __contains__(self, effect: object) -> bool:
        return effect in self._by_effect

    def entry(self, effect: str) -> Entry[C]:
        return self._by_effect[effect]

    def of(self, effect: str, rulings: Iterable[Ruling]) -> Iterator[Ruling]:
        """The rulings of one effect, in the judge's order (for an effect the rule set reads itself)."""
        return (r for r in rulings if r.effect == effect)

    def apply(self, moment: str, context: C, rulings: Sequence[Ruling]) -> None:
        """Apply, in the judge's order, each ruling whose effect the table applies at ``moment``."""
        by_effect = self._by_effect
        for r in rulings:
            e = by_effect.get(r.effect)
            if e is not None and e.moment == moment and e.apply is not None:
                e.apply(context, r)
