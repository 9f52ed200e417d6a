"""The canonical order a phase's inputs resolve in: players by id, actions by actor, skill and targets.

「同一階段的一切同時發生」: nothing that happens may hang on the order in which a script lists its
players, a phase's actions, votes or rulings, or on the order in which players submitted. The game's
one generator draws in the order the engine walks its players and uses, so that order must be the
same however the lists were typed: the script runner (:mod:`tianting.script`) hands every rule set its
seats and each phase's inputs in the order below, and a draw among players, actions or skills, or a
run of half-chance draws, then comes out the same for any reordering of the script (docs/rulings.md,
"Chance over a canonical order").

Two draw orders exist, named by a script's ``draw_order`` (game-script.md) and a hosted game's
creation event:

- :data:`CANONICAL` (the default): the order of this module.
- :data:`LISTED`: the lists as written (every game before draw orders had a name). A hosted game
  created before keeps it, so that its past replays byte for byte and its export still verifies.

Pure functions, no state.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from tianting.core.names import name_key
from tianting.core.records import Action, Ruling

T = TypeVar("T")

CANONICAL = "canonical"
"""Players by id, actions by actor, skill and targets (then args), votes by voter, rulings by content."""
LISTED = "listed"
"""The order the lists were written in (games created before draw orders had a name)."""
DRAW_ORDERS = (CANONICAL, LISTED)
STATE_KEY = "draw_order"
"""``GameState.extra``'s key of a game run under :data:`LISTED` (set by the script runner; absent: canonical). A listed
game was created before issue 27, and keeps what its posts said then too (the 24人 rules' night post names its
全局技能 only in a canonical game, R-SG20), so that its past replays as published."""


def listed(state: Any) -> bool:
    """Whether the game of ``state`` runs under :data:`LISTED` (one created before issue 27)."""
    return bool(state.extra.get(STATE_KEY) == LISTED)


def posted(state: Any, ids: Iterable[str]) -> list[str]:
    """The ids a public post lists (the dead, the wounded, the ids out), once each and by id, in code-point order
    (R52): never in the order the night resolved them, which is the judges' to know (which stage harmed whom). A game
    of before (:func:`listed`) keeps its posts as they were."""
    unique = list(dict.fromkeys(ids))
    return unique if listed(state) else sorted(unique)


def _json_key(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)


def action_key(action: Action) -> tuple[str, str, tuple[str, ...], str]:
    """An action's place in the canonical order: actor, skill (either script: 刺杀 is 刺殺), targets, args."""
    targets = tuple(t if isinstance(t, str) else _json_key(t) for t in action.targets)
    return action.actor, name_key(action.skill), targets, _json_key(action.args)


def ruling_key(ruling: Ruling) -> str:
    """A ruling's place in the canonical order: its fields, as text (two equal rulings are alike)."""
    return _json_key([ruling.effect, ruling.target, ruling.action, ruling.voter, ruling.owner, ruling.active,
                      ruling.text, ruling.why])


def permutation(items: Sequence[T], key: Callable[[T], Any]) -> list[int]:
    """The indices of ``items`` in canonical order (a stable sort: equal keys keep their order)."""
    return sorted(range(len(items)), key=lambda i: key(items[i]))


def by_id(seats: Sequence[T], ident: Callable[[T], str]) -> list[int]:
    """The indices of ``seats`` with their ids in code-point order (ids are exact strings, unique)."""
    return permutation(seats, ident)


def action_order(actions: Sequence[Action], breaks: Sequence[str] = ()) -> list[int]:
    """The indices of ``actions`` (in the order checked) in canonical order: by actor, then skill, targets and args,
    except that an action named in ``breaks`` splits its actor's list where it stands (鼎立三分2.0's 自杀: what the id
    sends after it is its successor's, D-A2): the actor's actions before it come first (in canonical order), then it,
    then those after it. Without ``breaks`` this is :func:`action_key`'s order."""
    ends = {name_key(b) for b in breaks}
    segment: dict[str, int] = {}
    keys = []
    for a in actions:
        k = segment.get(a.actor, 0)
        key = action_key(a)
        last = name_key(a.skill) in ends
        keys.append((key[0], k, last, *key[1:]))
        if last:
            segment[a.actor] = k + 1
    return sorted(range(len(actions)), key=keys.__getitem__)


def actions_in_order(actions: Sequence[Action], resolving: Mapping[int, int], breaks: Sequence[str] = ()
                     ) -> tuple[list[Action], dict[int, int]]:
    """``actions`` (the accepted ones, in the order checked) in canonical order (:func:`action_order`), and
    ``resolving`` (each script entry's index → its place among ``actions``) mapped to their new places."""
    order = action_order(actions, breaks)
    place = {old: new for new, old in enumerate(order)}
    return [actions[i] for i in order], {entry: place[at] for entry, at in resolving.items()}


def votes_in_order(votes: Mapping[str, str]) -> dict[str, str]:
    """The day's ballot with its voters in id order."""
    return {voter: votes[voter] for voter in sorted(votes)}


def rulings_in_order(rulings: Sequence[Ruling]) -> list[Ruling]:
    """The phase's rulings in canonical order (their ``action`` indices count among the actions in
    canonical order already: :func:`actions_in_order`'s map)."""
    return sorted(rulings, key=ruling_key)

