"""A phase's actions checked as a set, never in the order they were typed (issue 27).

「同一階段的一切同時發生」: a night's (or a day's) actions are one submission, not a sequence. Where one
action lets another be taken the same phase — a skill that grants a skill (天義's 刺殺, 亂世英雄's identity
skill, 雙花's second 亂花), 將門虎女 and the 刺殺 she carries, a grant of an extra 刺殺 to the country (三日五百,
神速), another's skill that lets a 刺殺 name a second id (落鴻哀歌) — the grant counts wherever it is listed. So
the checker reads the actions in the canonical order (:func:`tianting.core.canonical.action_order`: by actor,
skill, targets, args) and, while any was refused, reads the refused ones again after those accepted, until a pass
accepts nothing more: an action is accepted when it is legal beside the actions accepted (docs/rulings.md,
"Actions are checked as a set"). Two actions that exclude each other (two 刺殺 where the country has one, two
offered skills) keep the one first in the canonical order, whatever the typing; a refusal is the answer to the
final set, so its message is the same however the list was typed.

One order within an actor's list means something and is kept: a ``break`` action (鼎立三分2.0's 自杀: what the id
sends after it is its successor's, D-A2) splits its actor's list where it stands. An action then sees its actor's
actions of its own part (the break excepted) and of the parts before it, never those after it, as the runner
always resolved them (:func:`tianting.core.canonical.action_order`).

Pure: the rule set's check is passed in; no state is kept.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tianting.core.canonical import LISTED, action_order
from tianting.core.errors import IllegalAction
from tianting.core.names import name_key
from tianting.core.records import Action

Check = Callable[[Action, list[Action]], Any]
"""A rule set's ``check_action(action, accepted)``: raises :class:`IllegalAction`, else returns what it returns."""


@dataclass
class Checked:
    """What :func:`check_set` found: ``accepted`` maps each accepted action's index (in the list given) to what the
    check returned for it; ``refused`` maps each refused index to its refusal, read against the final set; ``order``
    is the canonical order of all the indices (the first refusal in it is the one a strict reader reports)."""

    accepted: dict[int, Any] = field(default_factory=dict)
    refused: dict[int, IllegalAction] = field(default_factory=dict)
    order: list[int] = field(default_factory=list)

    def first_refusal(self) -> tuple[int, IllegalAction] | None:
        """The refused index first in the canonical order, with its refusal, or None."""
        for i in self.order:
            if i in self.refused:
                return i, self.refused[i]
        return None


def _parts(actions: Sequence[Action], breaks: Sequence[str]) -> list[tuple[int, bool]]:
    """Each action's part of its actor's list (0 before the actor's first break …) and whether it is a break."""
    ends = {name_key(b) for b in breaks}
    seen: dict[str, int] = {}
    out = []
    for a in actions:
        k = seen.get(a.actor, 0)
        last = bool(ends) and name_key(a.skill) in ends
        out.append((k, last))
        if last:
            seen[a.actor] = k + 1
    return out


def check_set(actions: Sequence[Action], check: Check, breaks: Sequence[str] = (),
              context: Sequence[Action] = ()) -> Checked:
    """Check ``actions`` (one phase's, as listed) as a set by ``check``; ``context``: actions accepted already and
    not checked again (the other players' submissions, on the server), seen by every check first.

    Each pass reads the actions not yet accepted in the canonical order, each against ``context`` and the accepted
    actions it may see (the canonical order; an actor's later parts hidden, ``breaks``); the passes stop when one
    accepts nothing. An action accepted stays accepted: a later action it excludes is the one refused."""
    order = action_order(actions, breaks)
    parts = _parts(actions, breaks)
    out = Checked(order=order)
    pending = list(order)
    while pending:
        refused: dict[int, IllegalAction] = {}
        progress = False
        for i in pending:
            actor, (part, _) = actions[i].actor, parts[i]
            seen = [actions[j] for j in order if j in out.accepted
                    and (actions[j].actor != actor or parts[j][0] < part or (parts[j][0] == part and not parts[j][1]))]
            try:
                out.accepted[i] = check(actions[i], [*context, *seen])
            except IllegalAction as exc:
                refused[i] = exc
                continue
            progress = True
        pending = [i for i in pending if i in refused]
        out.refused = refused
        if not progress:
            break
    return out


def check_listed(actions: Sequence[Action], check: Check, context: Sequence[Action] = ()) -> Checked:
    """Check ``actions`` in the order listed, each against ``context`` and those accepted before it: how every game
    was checked before issue 27, kept for a game created then (draw order ``listed``), so that its past replays as
    it was played. ``order`` is the list's own; the first refusal is the first listed."""
    out = Checked(order=list(range(len(actions))))
    accepted: list[Action] = []
    for i, action in enumerate(actions):
        try:
            out.accepted[i] = check(action, [*context, *accepted])
        except IllegalAction as exc:
            out.refused[i] = exc
            continue
        accepted.append(action)
    return out


def check_phase(actions: Sequence[Action], check: Check, draw_order: str, breaks: Sequence[str] = (),
                context: Sequence[Action] = ()) -> Checked:
    """A phase's actions checked as the game's draw order says: :func:`check_listed` for a game created before
    issue 27 (``listed``), else :func:`check_set`."""
    if draw_order == LISTED:
        return check_listed(actions, check, context)
    return check_set(actions, check, breaks, context)
