"""The incremental fold: a hosted game resolves each phase once (issue 28).

A hosted game reaches the engine only through the game script its events add up to
(:meth:`tianting.hosting.game.HostedGame.script`). Played from night 1 at every re-draft, a game of n phases
cost n²/2 phases to fold. Instead the game keeps a few :class:`Played` — a script played, with the game and the
transcript it gave — and :func:`play` goes on from the longest of them whose script is the start of the one to
play, playing only the phases after it, on a copy of its game (:func:`fork`). The answer is the same as playing
the whole script (:func:`tianting.script.play_script` with ``resume``), so the fold stays a pure function of the
events: what is kept is a cache inside the fold, in memory, never stored, and never trusted over the events —
a kept play is used only when the script it played (its players, seed, table options and every phase's entry)
equals the start of the script asked for, compared in full each time; anything else is played from night 1.

What is kept here lives in memory; across restarts, deploys and workers the server stores a checkpoint of the
whole folded game after each published phase (server/checkpoints.py), a cache of the same standing: derived from
the events, used only by the code that wrote it and only when the stored events are the ones it was folded from.

What a new event kind must respect (nothing else is asked of it): it changes the game only through the
hosted game's phases, and whatever it changes that the engine reads must be in the script (``script()``);
then a kept play that no longer matches is simply not used. An event that changes a published phase's entry
(a peace ruled on the last published phase) costs a replay from the play kept before that phase (the game
keeps it: :attr:`HostedGame._before`), else from night 1, never a wrong answer.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from tianting.script import play_script


@dataclass(frozen=True)
class Played:
    """A script played (lenient, as a hosted game's drafts are): the script without its phases, the phases'
    entries (copies, so that nothing done to the hosted game's phases later can change them, but for the entries
    the caller says no one changes: ``play``'s ``shared``), and the game and transcript it gave. Neither is changed afterwards: a play going on from it forks the game."""

    header: dict[str, Any]
    entries: list[dict[str, Any]]
    game: Any
    transcript: dict[str, Any]

    def starts(self, header: dict[str, Any], entries: list[dict[str, Any]]) -> bool:
        """Is this play's script the start of the script of ``header`` and ``entries``?"""
        n = len(self.entries)
        return n <= len(entries) and header == self.header and entries[:n] == self.entries


def fork(game: Any) -> Any:
    """A copy of an engine game to play on while ``game`` stays as it is: the rule set's own ``fork`` (which
    shares what never changes), else a deep copy."""
    own = getattr(game, "fork", None)
    return own() if own is not None else copy.deepcopy(game)


def _header(script: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in script.items() if k != "phases"}


def play(script: dict[str, Any], *kept: Played | None, shared: int = 0) -> Played:
    """``play_script(script, lenient=True)``, going on from the longest of ``kept`` that starts it (one that
    is all of it is the answer itself). Raises what ``play_script`` raises.

    ``shared``: the script's first so many entries are never changed by anyone (a hosted game's published
    phases: :meth:`tianting.hosting.game.HostedGame._script`), so the play keeps them as they are rather than
    copies; a later script holding the same entries then starts a kept play by identity (``==`` on lists
    compares identical items without looking inside), so matching costs no more as the game grows."""
    header, entries = _header(script), script["phases"]
    best = max((p for p in kept if p is not None and p.starts(header, entries)), key=lambda p: len(p.entries),
               default=None)
    if best is not None and len(best.entries) == len(entries):
        return best
    resume = None if best is None else (fork(best.game), best.transcript)
    game, transcript = play_script(script, lenient=True, resume=resume)
    done = len(best.entries) if best is not None else 0
    new = [e if i < shared else copy.deepcopy(e) for i, e in enumerate(entries[done:], done)]
    return Played(copy.deepcopy(header) if best is None else best.header,
                  [*(best.entries if best is not None else ()), *new], game, transcript)
