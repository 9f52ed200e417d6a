"""Playing a study's games: in this process, on all local cores, or on a Ray cluster.

Every game's seed is derived from the study's seed and the game's index
(:func:`game_seed`), and games are played in chunks of consecutive indices.
Each chunk's records are folded into counts (:class:`~tianting.simulate.stats.Tally`)
where the chunk is played, and only the counts come back: a study's memory does
not grow with its number of games. The figures are sums, the same whatever the
order the chunks finish in: the same study gives the same figures whatever
``jobs`` or backend played it.
"""

from __future__ import annotations

import gc
import hashlib
import logging
import math
import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from tianting.bots.record import GameRecord
from tianting.core.errors import TiantingError
from tianting.rules import RULESETS
from tianting.rules import load as load_rules
from tianting.simulate.stats import Tally
from tianting.simulate.workers import context as _workers_context
from tianting.simulate.workers import default_jobs

SeatSpec = Any
"""A seat of the rule set's (``RULESET.seat``: id, country, identity, character)."""
RULES = tuple(RULESETS)
BACKENDS = ("local", "ray")
DEFAULT_MAX_PHASES = 80


@dataclass(frozen=True)
class Study:
    """What to play: the figures depend on these fields only."""

    games: int
    seed: int = 0
    policy: str = "random"
    rules: str = "kk33"
    max_phases: int = DEFAULT_MAX_PHASES
    seats: tuple[SeatSpec, ...] | None = None
    """A fixed table for every game (from a script's ``players``), or None for random tables."""
    setup_name: str | None = None
    """Where the fixed table came from (shown in the report)."""
    chibi: bool = False
    """Random tables include 『角色技能·赤壁之戰』 (蔣干, 赤壁·諸葛亮, 赤壁·魯肅 in their slots; ruling R29)."""

    def parameters(self) -> dict[str, Any]:
        """The study's parameters, JSON-ready."""
        return {
            "rules": self.rules,
            "games": self.games,
            "seed": self.seed,
            "policy": self.policy,
            "max_phases": self.max_phases,
            "setup": self.setup_name if self.seats is not None else "random",
            **({"chibi": True} if self.chibi else {}),
        }


@dataclass
class StudyRun:
    """The counts of a study's games (and, if asked, their records in game order), and how they
    were played."""

    study: Study
    tally: Tally
    backend: str
    jobs: int
    seconds: float
    chunks: int = field(default=0)
    records: list[GameRecord] | None = None
    """Every game's record, in game order: only with ``run_study(..., keep_records=True)``."""


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a study seeded ``seed`` (a hash: independent of the other games)."""
    digest = hashlib.blake2b(f"tianting-simulate:{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") & (2**63 - 1)


def tally_chunk(policy: str, seeds: Sequence[int], seats: Sequence[SeatSpec] | None,
                max_phases: int, unbuilt: Sequence[str] = (), keep: bool = False,
                chibi: bool = False, rules: str = "kk33") -> tuple[Tally, list[GameRecord]]:
    """Play a chunk and fold its records into counts as each game ends (the unit of work of every
    backend); the records themselves are returned only if ``keep``. ``chibi``: random tables
    include 『角色技能·赤壁之戰』. The games are the rule set's bots' (``RULESET.bot_game``)."""
    tally, kept = Tally(rules), []
    play = load_rules(rules).bot_game
    extra = {"chibi": True} if chibi else {}
    with _collected_per_game() as game_over:
        for s in seeds:
            record = play(s, policy, seats, max_phases, **extra)
            game_over()
            if seats is not None:
                record.unbuilt_characters = list(unbuilt)
            tally.add(record)
            if keep:
                kept.append(record)
    return tally, kept


class _collected_per_game:  # noqa: N801 (a context manager read as a phrase)
    """The cyclic garbage collector runs once per game, on what that game left, not during it.

    A game allocates hundreds of thousands of objects, most freed at once by their reference counts;
    the collector's passes over the survivors while a game is played cost about a tenth of a study's
    time (README, "With every 魏 蜀 吳 form built"). Inside: what is alive as the chunk starts (modules,
    the roster, the skills) is frozen out of the collector's sight (``gc.freeze``); each game runs
    with automatic collection off, and ``game_over()`` collects the youngest generation, which then
    holds everything the game made and left (its reference cycles included); automatic collection is
    back on once the chunk is played. A caller that turned the collector off keeps it off and nothing
    is collected. The games and their records are the same either way.

    A KK 3.3 bot game leaves no reference cycle (its phases are emptied as they end: ``kk33.game._release``;
    tests/test_simulate_gc.py), so it is freed by reference counts as it ends and this collection finds
    only the few objects that outlive it (the tally's, the caches'): it costs next to nothing, and
    remains the net for a game that does leave cycles (another rule set's, a new skill's).
    """

    def __init__(self) -> None:
        self.enabled = gc.isenabled()
        self.froze = False

    def __enter__(self) -> Callable[[], None]:
        if not self.enabled:
            return lambda: None
        if not gc.get_freeze_count():  # (a caller's own freeze is left as it is)
            gc.freeze()
            self.froze = True
        gc.disable()
        return self._game_over

    @staticmethod
    def _game_over() -> None:
        gc.collect(0)

    def __exit__(self, *exc: Any) -> bool:
        if self.enabled:
            gc.enable()
        if self.froze:
            gc.unfreeze()
        return False


def _chunks(seeds: Sequence[int], workers: int) -> list[Any]:
    """Consecutive runs of seeds, 1 to 64 games each: about 16 chunks per worker at first (progress
    and balance), then ever smaller ones (an eighth of what is left per worker), so that the
    workers run out of games together instead of one idling while another plays a long last chunk."""
    out: list[list[int]] = []
    start, total = 0, len(seeds)
    first = math.ceil(total / (workers * 16))
    while start < total:
        size = max(1, min(64, first, math.ceil((total - start) / (workers * 8))))
        out.append(seeds[start:start + size])
        start += size
    return out


def _check(study: Study, backend: str) -> None:
    if study.rules not in RULESETS:
        raise TiantingError(f"未知的規則「{study.rules}」（可用：{'、'.join(RULESETS)}）")
    if backend not in BACKENDS:
        raise TiantingError(f"未知的後端「{backend}」（可用：{'、'.join(BACKENDS)}）")
    if study.games < 1:
        raise TiantingError("--games 至少為 1")
    if study.max_phases < 1:
        raise TiantingError("--max-phases 至少為 1")
    if study.chibi and "chibi" not in load_rules(study.rules).options:
        raise TiantingError(f"赤壁之戰的角色屬於KK規則3.3版，規則「{study.rules}」沒有")
    if study.chibi and study.seats is not None:
        raise TiantingError("--chibi 只用於隨機牌桌；--setup 的牌桌已經固定（腳本可直接選赤壁之戰的角色）")
    from tianting.bots.policy import get_policy

    offered = getattr(load_rules(study.rules), "policies", None)
    if offered is not None and study.policy not in offered:
        raise TiantingError(f"規則「{study.rules}」的機器人只有：{'、'.join(offered)}（沒有「{study.policy}」）")
    get_policy(study.policy)  # an unknown policy is refused before any process starts


def _progress(total: int, enabled: bool) -> Any:
    from tqdm import tqdm

    return tqdm(total=total, unit="game", file=sys.stderr, disable=not enabled, dynamic_ncols=True,
                desc="simulate")


def run_study(study: Study, jobs: int | None = None, backend: str = "local",
              progress: bool = False, keep_records: bool = False) -> StudyRun:
    """Play every game of ``study`` and return their counts (and, with ``keep_records``, the
    records in game order: memory then grows with the games).

    ``jobs``: worker processes for the local backend (default: all cores; 1 plays in this
    process). ``backend="ray"``: chunks run as Ray tasks on the cluster ``ray.init()`` finds
    (``RAY_ADDRESS``) or a local instance started with ``jobs`` CPUs.
    """
    _check(study, backend)
    jobs = default_jobs() if jobs is None else max(1, jobs)
    games = range(study.games)  # game indices: each chunk a range, each game's seed derived where it is played
    seats = list(study.seats) if study.seats is not None else None
    unbuilt = _unbuilt_seated(seats, study.rules) if seats is not None else []
    work = Work(study.seed, study.policy, seats, study.max_phases, unbuilt, keep_records, study.chibi, study.rules)
    tally = Tally(study.rules)
    start = time.perf_counter()
    with _progress(study.games, progress) as bar:
        if backend == "ray":
            chunks, done = _run_ray(work, games, jobs, bar.update, tally)
        elif jobs == 1:
            chunks = _chunks(games, 1)
            done = []
            for chunk in chunks:
                counts, kept = work(chunk)
                tally.merge(counts)
                done.append(kept)
                bar.update(len(chunk))
        else:
            chunks, done = _run_local(work, games, jobs, bar.update, tally)
    records = [record for part in done for record in part] if keep_records else None
    return StudyRun(study, tally, backend, jobs, time.perf_counter() - start, len(chunks), records)


@dataclass(frozen=True)
class Work:
    """What every chunk of a study plays (sent with each chunk, a range of game indices, to wherever
    it is played)."""

    seed: int
    """The study's seed (each game's own is :func:`game_seed` of it and the game's index)."""
    policy: str
    seats: list[SeatSpec] | None
    max_phases: int
    unbuilt: list[str]
    keep: bool
    chibi: bool = False
    rules: str = "kk33"

    def __call__(self, games: Sequence[int]) -> tuple[Tally, list[GameRecord]]:
        seeds = [game_seed(self.seed, i) for i in games]
        return tally_chunk(self.policy, seeds, self.seats, self.max_phases, self.unbuilt, self.keep, self.chibi,
                           self.rules)


def _context() -> multiprocessing.context.BaseContext:
    """Fresh workers from a fork server where there is one (never a fork of a process that may run
    threads: the progress bar's, Ray's), else spawned ones; the fork server has imported the engine
    (``workers.PRELOAD``), so a worker starts with it imported."""
    return _workers_context()


Done = list[list[GameRecord]]
"""Each chunk's records (if kept; else empty lists), in chunk order. The counts are merged into the
study's tally as each chunk comes back, and not kept: a sum of sums, in any order."""


IN_FLIGHT = 4
"""Chunks handed to each worker ahead (the others wait here as ranges: nothing per game is queued)."""


def _run_local(work: Work, games: range, jobs: int, advance: Callable[[int], Any],
               tally: Tally) -> tuple[list[Any], Done]:
    chunks = _chunks(games, jobs)
    done: list[list[GameRecord] | None] = [None] * len(chunks)
    with ProcessPoolExecutor(max_workers=jobs, mp_context=_context()) as pool:
        waiting = iter(enumerate(chunks))
        pending = {pool.submit(work, chunk): i for i, chunk in islice(waiting, jobs * IN_FLIGHT)}
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                i = pending.pop(future)
                counts, done[i] = future.result()
                tally.merge(counts)
                advance(len(chunks[i]))
                for j, chunk in islice(waiting, 1):
                    pending[pool.submit(work, chunk)] = j
    return chunks, [part for part in done if part is not None]


def _run_ray(work: Work, games: range, jobs: int, advance: Callable[[int], Any],
             tally: Tally) -> tuple[list[Any], Done]:
    try:
        import ray
    except ImportError:
        raise TiantingError("--backend ray 需要 Ray：pip install -e '.[ray]'") from None
    started = False
    if not ray.is_initialized():
        address = os.environ.get("RAY_ADDRESS")
        if address:
            ray.init(address=address, log_to_driver=False, logging_level=logging.WARNING)
        else:
            ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False,
                     logging_level=logging.WARNING)
        started = True
    try:
        workers = max(1, int(ray.cluster_resources().get("CPU", jobs)))
        chunks = _chunks(games, workers)
        remote = ray.remote(_ray_chunk)
        refs = [remote.remote(work, chunk) for chunk in chunks]
        index = {ref: i for i, ref in enumerate(refs)}
        done: list[list[GameRecord] | None] = [None] * len(refs)
        waiting = list(refs)
        while waiting:
            ready, waiting = ray.wait(waiting, num_returns=1)
            for ref in ready:
                i = index[ref]
                counts, done[i] = ray.get(ref)
                tally.merge(counts)
                advance(len(chunks[i]))
    finally:
        if started:
            ray.shutdown()
    return chunks, [part for part in done if part is not None]


def _ray_chunk(work: Work, seeds: Sequence[int]) -> tuple[Tally, list[GameRecord]]:
    return work(seeds)


def _unbuilt_seated(seats: Sequence[SeatSpec], rules: str = "kk33") -> list[str]:
    """The fixed table's characters that are not fully built."""
    from tianting.simulate.stats import built_and_unbuilt

    built, _ = built_and_unbuilt(rules)
    roster = load_rules(rules).roster()
    resolve = getattr(roster, "resolve_character", None)
    names = [(resolve(s.character, s.identity) if resolve else None) or s.character for s in seats]
    return [name for name in names if name not in built]


def simulate(study: Study, jobs: int | None = None, backend: str = "local",
             progress: bool = False) -> dict[str, Any]:
    """Play ``study`` and return its figures, with how the run went under ``"run"``."""
    run = run_study(study, jobs, backend, progress)
    figures = run.tally.figures(study)
    figures["run"] = {
        "backend": run.backend,
        "jobs": run.jobs,
        "chunks": run.chunks,
        "seconds": round(run.seconds, 3),
        "games_per_second": round(study.games / run.seconds, 1) if run.seconds > 0 else None,
    }
    return figures
