"""The worker processes of a local study: forked from a server that has imported the engine once.

A study's chunks are played in fresh processes from a fork server (``runner._context``: never a
fork of a process that may run threads). A fresh process imports the engine before its first game,
which costs about as much as a few games (all of it again where bytecode is not cached, e.g. with
``PYTHONDONTWRITEBYTECODE``), once per worker and after the study's own process has imported it:
the first games wait for both. Here the fork server imports the engine itself (``PRELOAD``), and
``start_early`` starts it as the command begins, so that its import runs alongside the command's
own; each worker is then forked from it with everything imported. Only imports are preloaded:
the games and their figures are the same (their per-process caches start empty either way).

This module imports nothing of the engine (``tianting.simulate`` imports its parts on first use).
"""

from __future__ import annotations

import multiprocessing
import os
from multiprocessing.context import BaseContext

PRELOAD = (
    "__main__",  # what the fork server preloads by default
    "tianting.simulate.runner",  # the engine, the rules, the figures' counts
    "tianting.bots.play",  # imported by the first game (RULESET.bot_game) …
    "tianting.bots.random_policy",
    "tianting.bots.heuristic",
    "tianting.rules.kk33.daytime",
)
"""Modules the fork server imports before forking a worker (one it cannot import is skipped)."""


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def context() -> BaseContext:
    """The fork server's context, preloading :data:`PRELOAD` (where there is a fork server; else
    spawned processes, which import everything themselves)."""
    if "forkserver" not in multiprocessing.get_all_start_methods():  # pragma: no cover - not POSIX
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(list(PRELOAD))  # (no effect once the server runs: it keeps its own)
    return context


def start_early(jobs: int | None) -> None:
    """Start the fork server now (with :data:`PRELOAD`), for a study about to run on ``jobs`` local
    workers (None: :func:`default_jobs`): it imports the engine while this process goes on with its
    own imports and checks. Nothing is started for a study played in this process (one job)."""
    from multiprocessing import forkserver

    if (default_jobs() if jobs is None else jobs) > 1 and "forkserver" in multiprocessing.get_all_start_methods():
        context()
        forkserver.ensure_running()
