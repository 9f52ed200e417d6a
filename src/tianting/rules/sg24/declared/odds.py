"""「成功率减半」: actions that go off with half chance (a skill's state on a set of players or on the actions aimed at
them). One draw per action whatever the number of states that halve it (R-SG31-9), in the night's order, named
「成功率减半 X【skill】」; an action that loses it fails (「发动失败」) before it resolves.

A state is made by the ``halve`` verb (docs/dev/packs.md): whose actions (``by``), aimed at whom (``on``), of which
attributes, with which skills exempt (「不影响杀手刺杀及依赖于刺杀发动的技能」: ``except``), tonight or the next night.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tianting.core.names import name_key
from tianting.core.records import Action
from tianting.core.state import phase_number
from tianting.rules.sg24.declared.schema import COUNTRY_NAMES

SELECTOR_KEYS = ("country", "not_country", "identity", "of", "country_of", "character", "allied_of")
"""A set of players: of these countries / not of them / of these identities / the player named (``target``, ``self``;
in a ``stabbed`` trigger also ``victim``) / the players of that player's country / playing these characters; several
keys: all must hold. ``allied_of``: the players of that player's country or of a country allied with it now
(「同国或盟国角色」)."""
PARTIES = ("target", "self", "victim")


@dataclass(frozen=True)
class Halving:
    """One state of half chance: the ids whose actions it halves (None: anyone's), the ids those actions must aim at
    (None: any), the attributes halved (empty: all), the skills exempt, and where it comes from."""

    by: frozenset[str] | None
    on: frozenset[str] | None
    attributes: tuple[str, ...]
    exempt: tuple[str, ...]
    source: str
    sure: bool = False
    """The ``fail`` verb's state: the actions covered fail, no draw (「发动失败」)."""
    harmless: bool = False
    """Only the uses that harm nobody (「不造成伤害的军师负面技能」): read where the use is known (:meth:`Resolver.roll`)."""

    def as_json(self) -> dict[str, Any]:
        return {"by": sorted(self.by) if self.by is not None else None,
                "on": sorted(self.on) if self.on is not None else None,
                "attributes": list(self.attributes), "exempt": list(self.exempt), "source": self.source,
                **({"sure": True} if self.sure else {}), **({"harmless": True} if self.harmless else {})}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Halving:
        return cls(frozenset(raw["by"]) if raw["by"] is not None else None,
                   frozenset(raw["on"]) if raw["on"] is not None else None,
                   tuple(raw["attributes"]), tuple(raw["exempt"]), raw["source"], bool(raw.get("sure", False)),
                   bool(raw.get("harmless")))

    def halves(self, action: Action, attribute: str) -> bool:
        if self.by is not None and action.actor not in self.by:
            return False
        if self.on is not None and not any(t in self.on for t in action.targets if isinstance(t, str)):
            return False
        if self.attributes and attribute not in self.attributes:
            return False
        return name_key(action.skill) not in {name_key(e) for e in self.exempt}


def players(state: Any, selector: Mapping[str, Any] | None, owner: str, target: str,
            victim: str | None = None) -> frozenset[str] | None:
    """The living ids a selector names (None: no selector, anyone)."""
    if selector is None:
        return None
    return frozenset(p.id for p in state.living() if selects(state, selector, p, owner, target, victim))


def selects(state: Any, selector: Mapping[str, Any], p: Any, owner: str, target: str,
            victim: str | None = None) -> bool:
    """Whether the player ``p`` is one the selector names (``of``/``country_of``: the owner, target or victim)."""
    from tianting.rules.sg24.declared import (
        seen,  # the country and identity a skill sees tonight (R-weimisc-9)
    )

    party = {"self": owner, "target": target, "victim": victim}
    country = seen.country(state, p)
    for key, value in selector.items():
        if key == "country" and country not in value:
            return False
        if key == "not_country" and country in value:
            return False
        if key == "identity" and seen.identity(state, p) not in value:
            return False
        if key == "character" and p.character not in value:
            return False
        if key == "of" and p.id != party[value]:
            return False
        if key == "country_of" and (party[value] is None
                                    or country != seen.country(state, state.player(party[value]))):
            return False
        if key == "allied_of" and (party[value] is None
                                   or not allied(state, country, seen.country(state, state.player(party[value])))):
            return False
    return True


def allied(state: Any, a: str, b: str) -> bool:
    """Whether countries ``a`` and ``b`` are one country or in an alliance that stands tonight (``ally``'s record:
    ``state.extra["alliances"]["蜀吴"]`` = the last night it stands)."""
    if a == b:
        return True
    if a not in COUNTRY_NAMES or b not in COUNTRY_NAMES:
        return False
    pair = "".join(sorted((a, b), key=COUNTRY_NAMES.index))
    return int(state.extra.get("alliances", {}).get(pair, 0)) >= phase_number(state.index)


def halved(rules: Iterable[Halving], action: Action, attribute: str) -> list[Halving]:
    return [r for r in rules if r.halves(action, attribute)]


def check_selector(raw: Any) -> bool:
    if not isinstance(raw, dict) or not raw or not all(k in SELECTOR_KEYS for k in raw):
        return False
    for key, value in raw.items():
        if key in ("of", "country_of", "allied_of"):
            if value not in PARTIES:
                return False
        elif not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
            return False
    return True


def stored(extra: Mapping[str, Any], index: int) -> Sequence[Halving]:
    """The states of half chance an earlier night left for the night of phase ``index`` (「次夜…」)."""
    return [Halving.from_json(r) for r in extra.get("halvings", {}).get(str(index), [])]
