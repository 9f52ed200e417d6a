"""Games stored as their events: create, look up by secret link, append, read.

Every write is one transaction that locks the game, brings the in-memory
fold up to the stored sequence number, lets :meth:`HostedGame.apply` accept
or refuse the new event, inserts it (and whatever the game now owes, such as
resolving once everyone is in), and commits. Only then does the caller get
its answer, so an acknowledged submission is on disk. A refused event writes
nothing. The fold is cached per process and caught up from the database on
every access, so several server processes may share one database.

Group commit: writes that arrive while another is being committed wait in a
queue, and the next of their threads commits all of them (across games) in
one transaction, so one disk flush serves many submissions. Each is still
checked on its own (a refused one writes nothing and does not disturb the
others), and each caller still gets its answer only after that commit.
Secret links never change, so who a token belongs to is looked up once.

The folds are kept in a bounded cache (:class:`GameCache`, least recently used
out first): an evicted game is folded again from its events on its next use.
"""

from __future__ import annotations

import copy
import hashlib
import json
import logging
import re
import secrets
import threading
import time
import zlib
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Generic, TypeVar

from sqlalchemy import Connection, bindparam, delete, insert, select, text, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import SQLAlchemyError

from tianting.core import pack_edition
from tianting.core.forum_ids import creation_problem
from tianting.hosting import events as ev
from tianting.hosting import judges as judge_seats
from tianting.hosting.draw_order import NEW_GAMES
from tianting.hosting.events import Event
from tianting.hosting.fairness import commitment, new_seed
from tianting.hosting.game import HostedGame, Refused
from tianting.rules import RULESETS
from tianting.rules import load as load_rules
from tianting.server import checkpoints as fold_checkpoints
from tianting.server import db, idempotency, links
from tianting.server.db import (
    DatabaseUnusable,
    checkpoints,
    events,
    first_line,
    games,
    open_database,
    reading,
    retryable,
    retrying,
    settings,
    tokens,
    writes,
    writing,
)
from tianting.server.idempotency import marker, reused, reused_refusal, write_key, write_request
from tianting.server.security import judge_seat_token, player_token
from tianting.server.settings import SettingsTransaction

log = logging.getLogger("tianting.server")
CHECKPOINT_AFTER = frozenset({ev.PUBLISH, ev.PEACE})
"""A write holding one of these events stores the game's checkpoint after its commit (server/checkpoints.py)."""

LINK_CHARS = re.compile(r"[A-Za-z0-9_-]{1,40}")
"""What a public id may look like (``secrets.token_urlsafe``): anything else is no game, before the
database is asked (a NUL in it made PostgreSQL fail the query: a 500 instead of a 404)."""
TOKEN_BYTES = 32
"""Secret links carry 256 random bits (the issue asks for at least 128)."""
CACHE_GAMES = 200
"""Folded games kept in memory per process (least recently used out first). Measured with
tracemalloc (``benchmarks/bench_game_memory.py``): a created game's fold keeps 38 KB, a started
one (night 1 open) 75 KB, a whole game played to its end ≈ 1 MB (0.8–1.3 MB, 18–41 phases); so at
most ≈ 250 MB, and ≈ 15 MB for 200 games in their first night. A game not in the cache is folded
again from its events on its next use: milliseconds for a new game, 1–2 s for a finished one."""


CACHE_LINKS = 100_000
PRUNE_EVERY = 3600.0
"""Seconds between two prunings of the ``writes`` table by one process (server/idempotency.py)."""
"""Secret links and public ids remembered per process (a few hundred bytes each), least recently
used out first; one not remembered is looked up again."""

LOCK_STRIPES = 256
"""How many locks guard the games of one process (a game's is chosen by a hash of its id)."""


def _stripe(game_id: str) -> int:
    return zlib.crc32(game_id.encode("utf-8")) % LOCK_STRIPES


K = TypeVar("K")
V = TypeVar("V")


class Recent(Generic[K, V]):
    """At most ``limit`` entries: the least recently used is dropped first. Thread-safe."""

    def __init__(self, limit: int) -> None:
        if limit < 1:
            raise ValueError("a cache must hold at least one entry")
        self.limit = limit
        self._items: OrderedDict[K, V] = OrderedDict()
        self._guard = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._guard:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> None:
        with self._guard:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.limit:
                self._items.popitem(last=False)

    def pop(self, key: K) -> None:
        with self._guard:
            self._items.pop(key, None)

    def __contains__(self, key: object) -> bool:
        with self._guard:
            return key in self._items

    def __len__(self) -> int:
        with self._guard:
            return len(self._items)


class GameCache(Recent[str, HostedGame]):
    """Folded games by id, at most ``limit`` of them: the least recently used is dropped first.

    A game's fold itself is guarded by the store's per-game lock. Dropping a fold that a caller
    still holds is harmless: that caller keeps its reference and the next caller folds the game
    again from the database."""

    def __init__(self, limit: int = CACHE_GAMES) -> None:
        super().__init__(limit)


def now_iso() -> str:
    """This host's clock (the store itself uses the database's: :meth:`Store.clock`)."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class Access:
    """Who a secret link belongs to."""

    game_id: str
    role: str
    """``judge`` or ``player``."""
    player_id: str | None = None
    generation: int = 0
    """A player's link: how many substitutions (替補) of the seat it was made after (server/links.py)."""
    """The player's id; for a judge of three (hosting/judges.py), their seat (北斗, 南斗 or 裁判)."""


@dataclass(eq=False)
class _Write:
    """One caller's :meth:`Store.append`, waiting in the group-commit queue."""

    game_id: str
    kind: str | None
    actor: str
    payload: dict[str, Any]
    at: str | None
    """When the write happened; None: the database's clock at its commit."""
    more: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    """Further events (kind, payload) of the same actor, applied after the first in the same transaction: all
    are stored or none (:meth:`Store.append_all`)."""
    guard: Callable[[HostedGame], None] | None = None
    """Checked against the game as stored, under its lock, before anything is applied: raises :class:`Refused`
    when what the caller saw no longer holds (a stale page)."""
    key: str | None = None
    """The write's idempotency key (server/idempotency.py): one already stored is answered with its events."""
    request: str | None = None
    """The fingerprint of the keyed request the write is part of: a key stored for another is refused."""
    refusal: str = idempotency.REUSED
    """The message then (the API's or a form's wording)."""
    done: bool = False
    written: list[Event] | None = None
    error: BaseException | None = None
    wake: threading.Event = field(default_factory=threading.Event)
    """Set when the write is done, or when its thread is to commit the queue."""


@dataclass(frozen=True)
class NewGame:
    game_id: str
    public_id: str
    judge_token: str
    player_tokens: dict[str, str]
    commitment: str
    judge_tokens: dict[str, str] = field(default_factory=dict)
    """A game of three judges: each seat's own link (``judge_token`` is the 北斗's); else empty."""


class Store:
    """The server's one way to the database."""

    def __init__(self, url: str, cache_games: int = CACHE_GAMES, busy_timeout: float = db.BUSY_TIMEOUT,
                 keep_writes_days: float = idempotency.KEEP_DAYS) -> None:
        """Open (check, migrate) the database at ``url``; raises :class:`DatabaseUnusable` if it cannot
        be served from. ``busy_timeout``: how long a write waits for a lock another process holds;
        ``keep_writes_days``: how long a keyed write's rows are kept (server/idempotency.py)."""
        self.url = url
        self.keep_writes_days = keep_writes_days
        self._pruned_at: float | None = None
        """When (``time.monotonic``) this process last pruned the ``writes`` table (None: not yet)."""
        self._prune_lock = threading.Lock()
        self.engine = open_database(url, busy_timeout=busy_timeout)
        self.postgres = self.engine.dialect.name == "postgresql"
        self._cache = GameCache(cache_games)
        self._locks = [threading.Lock() for _ in range(LOCK_STRIPES)]
        """Striped: a game's lock is ``_locks[_stripe(game_id)]``; bounded however many games are served."""
        self._access: Recent[str, Access] = Recent(CACHE_LINKS)
        self._public: Recent[str, str] = Recent(CACHE_LINKS)
        """public id → game id (and back, in ``_public_of``); both never change."""
        self._public_of: Recent[str, str] = Recent(CACHE_LINKS)
        self._unsaved: set[str] = set()
        """Games whose last cold fold applied many events past their checkpoint (server/checkpoints.py)."""
        self._queue: list[_Write] = []
        self._queue_lock = threading.Lock()
        self._committing = False
        """Whether some thread is committing (it takes the queue when it is done)."""
        try:
            self.secret = self._setting("csrf-secret", lambda: secrets.token_hex(32))
        except SQLAlchemyError as exc:
            self.engine.dispose()
            raise DatabaseUnusable(f"無法讀取資料庫的設定：{first_line(exc)}") from None
        self.listeners: list[Callable[[str, list[Event]], None]] = []
        """Called with every write's events after its commit, in the writer's thread: must not block
        (the webhook notifier only queues)."""

    def close(self) -> None:
        self.engine.dispose()

    def _setting(self, key: str, make: Any) -> str:
        """The stored setting ``key``, made and stored first if missing. Idempotent: processes starting
        together each insert-if-absent and then all read the one value that won."""
        make_insert = pg_insert if self.postgres else sqlite_insert

        def run() -> str:
            with writing(self.engine) as conn:
                conn.execute(make_insert(settings).values(key=key, value=make())
                             .on_conflict_do_nothing(index_elements=["key"]))
                return str(conn.execute(select(settings.c.value).where(settings.c.key == key)).scalar_one())

        return retrying(run)

    def clock(self) -> datetime:
        """Now, by the database's clock: every process on one database agrees on deadlines."""
        with reading(self.engine) as conn:
            moment = self._now(conn)
            conn.rollback()
        return moment

    def _now(self, conn: Connection) -> datetime:
        return db.now(conn)

    def resolve_due(self) -> list[tuple[str, Exception]]:
        """One tick of the deadline scheduler: resolve every open phase whose deadline has passed by the
        database's clock; the games that failed, with why (retried next tick; they never hold up the
        others). On PostgreSQL only one process's scheduler acts at a time (an advisory try-lock held
        for the tick; the others skip it); each resolve is idempotent anyway (the game's row lock)."""
        with ExitStack() as held:
            if self.postgres:
                conn = held.enter_context(self.engine.connect())
                if not conn.execute(text("SELECT pg_try_advisory_lock(:key)"), {"key": db.SCHEDULER_LOCK}).scalar():
                    conn.rollback()
                    return []
                conn.commit()
                held.callback(lambda: (conn.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": db.SCHEDULER_LOCK}),
                                       conn.commit()))
            failed: list[tuple[str, Exception]] = []
            for game_id in self.due_games():
                try:
                    self.append(game_id, None, ev.SYSTEM, {})
                except Exception as exc:
                    failed.append((game_id, exc))
            return failed

    def _lock(self, game_id: str) -> threading.Lock:
        return self._locks[_stripe(game_id)]

    # ---- creating and finding games -------------------------------------------
    def create_game(self, title: str, rules: str, ids: list[str], night_minutes: int | None = None,
                    day_minutes: int | None = None, seed: int | None = None, salt: str | None = None,
                    chibi: object = False, judges: object = None, pack: object = None) -> NewGame:
        """Create a game (raises :class:`Refused` on bad input) and its secret links. ``chibi``: the
        table includes 『角色技能·赤壁之戰』 (stored only when not false, as older games have it). ``pack``: the
        judge's own character pack (a JSON object, tianting/judge_pack.py; stored only when given: absent, the
        bundled pack), checked by HostedGame with the rule set's loader before anything is written."""
        problem = creation_problem(ids) if isinstance(ids, list) and all(isinstance(i, str) for i in ids) else None
        if problem is not None:  # a new table only (tianting.core.forum_ids): stored games are never checked again
            raise Refused(problem[1], 422)
        if seed is None or salt is None:
            seed, salt = new_seed()
        payload = {"rules": rules, "ids": ids, "title": title, "seed": seed, "salt": salt,
                   "commitment": commitment(seed, salt), "night_minutes": night_minutes,
                   "day_minutes": day_minutes, "draw_order": NEW_GAMES}
        if isinstance(rules, str) and rules in RULESETS and hasattr(load_rules(rules), "bundled_pack"):
            payload[pack_edition.STATE_KEY] = pack_edition.CURRENT  # its bundled pack's edition (core/pack_edition.py)
        if chibi is not False:
            payload["chibi"] = chibi  # checked by HostedGame (a bool)
        if pack is not None:
            payload["pack"] = pack  # checked by HostedGame (the rule set's own loader, as ``pack check``)
        if judges not in (None, 1):
            payload["judges"] = judges  # checked by HostedGame: 3 (北斗, 南斗, 裁判), stored only then
        at = self.clock().isoformat()
        created = Event(1, ev.CREATED, ev.JUDGE, payload, at)
        hosted = HostedGame.fold([created])  # raises Refused before anything is written
        game_id, public_id = secrets.token_hex(8), secrets.token_urlsafe(9)
        judge_token = secrets.token_urlsafe(TOKEN_BYTES)
        player_tokens = {pid: player_token(judge_token, pid) for pid in hosted.ids}
        seats = {s: (judge_token if s == judge_seats.BEIDOU else judge_seat_token(judge_token, s))
                 for s in judge_seats.SEATS} if judge_seats.team(hosted.meta) else {}  # derived: shown again

        def insert_all() -> None:
            with writing(self.engine) as conn:
                conn.execute(insert(games).values(id=game_id, public_id=public_id, title=hosted.meta["title"], seq=1,
                                                  stage=hosted.stage, deadline=None, created_at=at))
                self._insert(conn, game_id, created)
                conn.execute(insert(tokens), [
                    *({"token_hash": hash_token(t), "game_id": game_id, "role": "judge", "player_id": seat}
                      for seat, t in (seats or {None: judge_token}).items()),
                    *({"token_hash": hash_token(t), "game_id": game_id, "role": "player", "player_id": pid}
                      for pid, t in player_tokens.items()),
                ])

        retrying(insert_all)
        return NewGame(game_id, public_id, judge_token, player_tokens, payload["commitment"], seats)

    def access(self, token: str) -> Access | None:
        """Whose link ``token`` is, or None for a wrong or forged one."""
        if not token or len(token) > 100:
            return None
        key = hash_token(token)
        found = self._access.get(key)
        if found is None:
            with reading(self.engine) as conn:
                row = conn.execute(select(tokens.c.game_id, tokens.c.role, tokens.c.player_id)
                                   .where(tokens.c.token_hash == key)).first()
                conn.rollback()
            if row is None:
                return None  # not remembered: forged tokens must not fill the memory
            found = links.access_of(row[0], row[1], row[2])
            self._access.put(key, found)
        if found.role == "player":  # a seat handed on (替補): only its newest link works
            with self.game(found.game_id) as game:
                current = links.generation(game, found.player_id)
            return found if found.generation == current else None
        return found

    def add_player_link(self, game_id: str, pid: str, generation: int, token: str) -> None:
        """The link of the seat ``pid`` made after its ``generation``-th substitution (server/links.py)."""
        def insert_one() -> None:
            with writing(self.engine) as conn:
                conn.execute(insert(tokens).values(token_hash=hash_token(token), game_id=game_id,
                                                   role=links.role(generation), player_id=pid))

        retrying(insert_one)

    def by_public_id(self, public_id: str) -> str | None:
        if not LINK_CHARS.fullmatch(public_id or ""):
            return None
        game_id = self._public.get(public_id)
        if game_id is not None:
            return game_id
        with reading(self.engine) as conn:
            row = conn.execute(select(games.c.id).where(games.c.public_id == public_id)).first()
            conn.rollback()
        if row is None:
            return None
        self._public.put(public_id, row[0])
        self._public_of.put(row[0], public_id)
        return str(row[0])

    def public_id(self, game_id: str) -> str:
        public_id = self._public_of.get(game_id)
        if public_id is not None:
            return public_id
        with reading(self.engine) as conn:
            row = conn.execute(select(games.c.public_id).where(games.c.id == game_id)).one()
            conn.rollback()
        self._public.put(row[0], game_id)
        self._public_of.put(game_id, row[0])
        return str(row[0])

    def due_games(self, now: str | None = None) -> list[str]:
        """Open games whose deadline has passed by ``now`` (default: the database's clock)."""
        with reading(self.engine) as conn:
            if now is None:
                now = self._now(conn).isoformat()
            rows = conn.execute(select(games.c.id).where(games.c.stage == "open", games.c.deadline.is_not(None),
                                                         games.c.deadline <= now)).all()
            conn.rollback()
        return [r[0] for r in rows]

    def deadlines_before(self, until: str) -> list[tuple[str, str]]:
        """Open games whose deadline is before ``until``: (game id, deadline)."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(games.c.id, games.c.deadline).where(
                games.c.stage == "open", games.c.deadline.is_not(None), games.c.deadline <= until)).all()
            conn.rollback()
        return [(r[0], r[1]) for r in rows]

    @contextmanager
    def settings_update(self) -> Iterator[SettingsTransaction]:
        """Settings read and changed in one transaction, atomic across processes (:mod:`tianting.server.settings`)."""
        with db.writing(self.engine) as conn:
            if self.postgres:
                conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": db.SETTINGS_LOCK})
            yield SettingsTransaction(conn)

    def get_setting(self, key: str) -> str | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(settings.c.value).where(settings.c.key == key)).first()
            conn.rollback()
        return None if row is None else str(row[0])

    def put_setting(self, key: str, value: str | None) -> None:
        """Set (or, with None, remove) one server setting (a game's webhook …)."""
        with self.engine.begin() as conn:
            conn.execute(delete(settings).where(settings.c.key == key))
            if value is not None:
                conn.execute(insert(settings).values(key=key, value=value))

    # ---- reading ----------------------------------------------------------------
    def _insert(self, conn: Connection, game_id: str, event: Event) -> None:
        conn.execute(insert(events), [self._row(game_id, event)])

    def _catch_up(self, conn: Connection, game_id: str, upto: int | None = None) -> HostedGame:
        hosted = self._cache.get(game_id)
        if hosted is not None and upto is not None and hosted.seq > upto:  # pragma: no cover - a rollback?
            hosted = None
        if hosted is None:
            hosted = self._cold_fold(conn, game_id)
        else:
            query = select(events.c.seq, events.c.kind, events.c.actor, events.c.payload, events.c.at) \
                .where(events.c.game_id == game_id, events.c.seq > hosted.seq).order_by(events.c.seq)
            loads = json.loads
            for seq, kind, actor, payload, at in conn.execute(query).tuples():  # positional: cheaper than by name
                hosted.apply(Event(seq, kind, actor, loads(payload), at))
        self._cache.put(game_id, hosted)
        return hosted

    def _cold_fold(self, conn: Connection, game_id: str) -> HostedGame:
        """The game folded from its stored checkpoint, if that is one of this code's and its events are the stored
        ones, and the events after it; else from its first event (server/checkpoints.py). A fold that applied
        many events marks the game for a new checkpoint (:meth:`_save_checkpoints`)."""
        row = conn.execute(select(checkpoints.c.seq, checkpoints.c.version, checkpoints.c.digest, checkpoints.c.blob)
                           .where(checkpoints.c.game_id == game_id)).first()
        query = select(events.c.seq, events.c.kind, events.c.actor, events.c.payload, events.c.at) \
            .where(events.c.game_id == game_id).order_by(events.c.seq)
        rows = [tuple(r) for r in conn.execute(query)]
        hosted: HostedGame | None = None
        if row is not None and row[1] == fold_checkpoints.code_version() and 0 < row[0] <= len(rows) \
                and rows[row[0] - 1][0] == row[0]:
            digest = fold_checkpoints.EventsDigest()
            for seq, kind, actor, payload, at in rows[: row[0]]:
                digest.add(seq, kind, actor, payload, at)
            if digest.hexdigest() == row[2]:
                try:
                    hosted = fold_checkpoints.load(row[3])
                    if hosted.seq != row[0]:
                        hosted = None
                except Exception as exc:  # a cache: a row that does not load is folded from the events
                    log.warning("game %s: checkpoint not used (%s)", game_id, type(exc).__name__)
                    hosted = None
        start = hosted.seq if hosted is not None else 0
        if hosted is None:
            hosted = HostedGame()
        loads = json.loads
        for seq, kind, actor, payload, at in rows[start:]:
            hosted.apply(Event(seq, kind, actor, loads(payload), at))
        if len(rows) - start >= fold_checkpoints.WORTH:
            self._unsaved.add(game_id)
        return hosted

    def _save_checkpoints(self, game_ids: set[str]) -> None:
        """Store each game's fold as it is in this process's cache as its checkpoint (its game's lock held by the
        caller); a cache: a failure is logged and nothing else happens."""
        for game_id in sorted(game_ids):
            self._unsaved.discard(game_id)
            hosted = self._cache.get(game_id)
            if hosted is None or not hosted.events:
                continue
            try:
                digest = fold_checkpoints.EventsDigest()
                for e in hosted.events:
                    row = self._row(game_id, e)
                    digest.add(e.seq, e.kind, e.actor, row["payload"], e.at)
                values = {"game_id": game_id, "seq": hosted.seq, "version": fold_checkpoints.code_version(),
                          "digest": digest.hexdigest(), "blob": fold_checkpoints.dump(hosted)}
                with writing(self.engine) as conn:
                    conn.execute(delete(checkpoints).where(checkpoints.c.game_id == game_id))
                    conn.execute(insert(checkpoints).values(**values))
            except Exception:  # pragma: no cover - logged; the next publish or cold fold tries again
                log.exception("game %s: checkpoint not stored", game_id)

    @contextmanager
    def game(self, game_id: str) -> Iterator[HostedGame]:
        """The game as stored now, held for reading (do not keep it past the block)."""
        with self._lock(game_id):
            with reading(self.engine) as conn:
                hosted = self._catch_up(conn, game_id)
                conn.rollback()
            if game_id in self._unsaved:
                self._save_checkpoints({game_id})
            yield hosted

    def events(self, game_id: str) -> list[Event]:
        with reading(self.engine) as conn:
            rows = conn.execute(select(events).where(events.c.game_id == game_id).order_by(events.c.seq)).all()
            conn.rollback()
        return [Event(r.seq, r.kind, r.actor, json.loads(r.payload), r.at) for r in rows]

    # ---- writing ----------------------------------------------------------------
    def append(self, game_id: str, kind: str | None, actor: str, payload: dict[str, Any],
               at: str | None = None, guard: Callable[[HostedGame], None] | None = None) -> list[Event]:
        """Apply and store one event (``kind`` None: only what the game owes now).

        Returns the events written, after the commit. Raises :class:`Refused`
        (nothing written) if the game does not allow the event, or ``guard`` (as in
        :meth:`append_all`) refuses it.
        """
        return self._write(_Write(game_id, kind, actor, payload, at, guard=guard))

    def append_all(self, game_id: str, actor: str, items: list[tuple[str, dict[str, Any]]],
                   guard: Callable[[HostedGame], None] | None = None) -> list[Event]:
        """Apply and store several events of one actor at once: all of them, in order, in one transaction, or
        none. ``guard`` is called with the game as stored, under its lock, before any is applied; it raises
        :class:`Refused` when the caller's premise no longer holds. Raises :class:`Refused` (nothing written)
        if the guard or the game refuses any of them."""
        if not items:
            raise Refused("沒有要記錄的內容", 422)
        (kind, payload), *more = items
        return self._write(_Write(game_id, kind, actor, payload, None, more, guard))

    def _write(self, write: _Write) -> list[Event]:
        """Queue ``write`` for the group commit and wait for it; its events, or its error raised."""
        game_id = write.game_id
        write.key = write_key()  # the request's idempotency key, if it has one
        write.request, write.refusal = write_request(), reused_refusal()
        with self._queue_lock:
            self._queue.append(write)
            lead, self._committing = not self._committing, True
        if not lead:
            write.wake.wait()  # done, or handed the queue
        while not write.done:
            with self._queue_lock:
                batch, self._queue = self._queue, []
            try:
                self._commit(batch)
            finally:
                with self._queue_lock:
                    if self._queue:
                        self._queue[0].wake.set()  # the next thread in line commits what came meanwhile
                    else:
                        self._committing = False
        self._prune_due()
        if write.error is not None:
            raise write.error
        assert write.written is not None
        for listener in self.listeners:
            try:
                listener(game_id, write.written)
            except Exception:  # pragma: no cover - a listener's bug never fails a committed write
                log.exception("store listener")
        return write.written

    def _prune_due(self) -> None:
        """Prune the ``writes`` table past its retention, at most once every :data:`PRUNE_EVERY` seconds in this
        process (the first write after a start prunes). A failure is logged, never the write's."""
        with self._prune_lock:
            now = time.monotonic()
            if self._pruned_at is not None and now - self._pruned_at < PRUNE_EVERY:
                return
            self._pruned_at = now
        try:
            idempotency.prune(self.engine, self.keep_writes_days, self.clock())
        except Exception:  # pragma: no cover - logged; tried again within the hour
            log.exception("pruning the writes table")

    def _commit(self, batch: list[_Write]) -> None:
        """Apply and store ``batch`` in one transaction; every write ends done, with its events or error."""
        game_ids = sorted({w.game_id for w in batch})
        try:
            with ExitStack() as held:
                # each stripe once (two games may share one), always in the same order: no deadlock
                for stripe in sorted({_stripe(game_id) for game_id in game_ids}):
                    held.enter_context(self._locks[stripe])
                for attempt in range(db.ATTEMPTS):
                    try:
                        self._commit_locked(batch, game_ids)
                        published = {w.game_id for w in batch if w.written
                                     and any(e.kind in CHECKPOINT_AFTER for e in w.written)}
                        if published or self._unsaved & set(game_ids):
                            self._save_checkpoints(published | (self._unsaved & set(game_ids)))
                        break
                    except BaseException as exc:
                        for game_id in game_ids:
                            self._cache.pop(game_id)  # the folds ran ahead of a transaction that failed
                        if retryable(exc) and attempt < db.ATTEMPTS - 1:
                            for w in batch:  # from the start: the game may have moved meanwhile
                                w.written, w.error = None, None
                            db.backoff(attempt)
                            continue
                        for w in batch:
                            if w.error is None and (w.written is None or w.written):
                                w.written, w.error = None, exc
                        break
        finally:
            for w in batch:
                w.done = True
                w.wake.set()

    def _commit_locked(self, batch: list[_Write], game_ids: list[str]) -> None:
        with writing(self.engine) as conn:
            query = select(games.c.id, games.c.seq).where(games.c.id.in_(game_ids)).order_by(games.c.id)
            if self.postgres:
                query = query.with_for_update()
            stored = {row[0]: row[1] for row in conn.execute(query)}
            moment = self._now(conn).isoformat()  # the database's clock: one for every process
            folds: dict[str, HostedGame] = {}
            for game_id, seq in stored.items():
                hosted = self._cache.get(game_id)
                if hosted is None or hosted.seq != seq:  # the events are immutable: same seq, same game
                    hosted = self._catch_up(conn, game_id, seq)
                folds[game_id] = hosted
            rows: list[dict[str, Any]] = []
            keyed = {marker(w.key) for w in batch if w.key is not None}
            # marker → game, first and last seq, the request's fingerprint
            done: dict[str, tuple[str | None, int | None, int | None, str | None]] = {}
            if keyed:
                query = select(writes.c.key_hash, writes.c.game_id, writes.c.first_seq, writes.c.last_seq,
                               writes.c.request)
                done = {r[0]: (r[1], r[2], r[3], r[4])
                        for r in conn.execute(query.where(writes.c.key_hash.in_(keyed)))}
            markers: list[dict[str, Any]] = []
            for w in batch:
                hosted = folds.get(w.game_id)
                if hosted is None:
                    w.error = Refused("沒有這局遊戲", 404)
                    continue
                if w.key is not None and marker(w.key) in done:  # a retry of a stored write: what it stored
                    stored_in, first, last, request = done[marker(w.key)]
                    if reused(request, w.request):  # the key of another request: refused, nothing applied
                        w.error = Refused(w.refusal, 422)
                        continue
                    w.written = [] if first is None or stored_in != w.game_id else \
                        [copy.deepcopy(e) for e in hosted.events[first - 1:last]]
                    continue
                before = hosted.seq
                at = w.at or moment
                written: list[Event] = []
                try:
                    if w.guard is not None:
                        w.guard(hosted)
                    for kind, payload in [(w.kind, w.payload), *w.more]:  # all in one transaction, or none
                        if kind is not None:
                            written.append(self._apply(hosted, Event(hosted.seq + 1, kind, w.actor, payload, at)))
                        for follow_kind, follow_actor, follow_payload in hosted.follow_ups(at):
                            written.append(self._apply(hosted, Event(hosted.seq + 1, follow_kind, follow_actor,
                                                                     follow_payload, at)))
                    mine = [self._row(w.game_id, e) for e in written]
                except Exception as exc:
                    if hosted.seq != before or not isinstance(exc, Refused):
                        # undo what this write applied (rare: a follow-up refused, or a bug)
                        hosted = HostedGame.fold([copy.deepcopy(e) for e in hosted.events[:before]])
                        folds[w.game_id] = hosted
                        self._cache.put(w.game_id, hosted)
                    w.error = exc
                    continue
                w.written = written
                rows += mine
                if w.key is not None:
                    entry = (w.game_id, written[0].seq if written else None, written[-1].seq if written else None,
                             w.request)
                    done[marker(w.key)] = entry
                    markers.append({"key_hash": marker(w.key), "game_id": entry[0], "first_seq": entry[1],
                                    "last_seq": entry[2], "answer": None, "at": moment, "request": w.request})
            if markers:
                conn.execute(insert(writes), markers)
            if not rows:
                return
            conn.execute(insert(events), rows)
            changed = {row["game_id"] for row in rows}
            updates = []
            for game_id in sorted(changed):
                hosted = folds[game_id]
                phase = hosted.current
                deadline = hosted.due() if phase is not None else None  # an extension's end (巧设反间) first
                updates.append({"key": game_id, "seq": hosted.seq, "stage": hosted.stage, "deadline": deadline})
            conn.execute(update(games).where(games.c.id == bindparam("key"))
                         .values(seq=bindparam("seq"), stage=bindparam("stage"), deadline=bindparam("deadline")),
                         updates)

    @staticmethod
    def _row(game_id: str, event: Event) -> dict[str, Any]:
        return {"game_id": game_id, "seq": event.seq, "kind": event.kind, "actor": event.actor,
                "payload": json.dumps(event.payload, ensure_ascii=False), "at": event.at}

    @staticmethod
    def _apply(hosted: HostedGame, event: Event) -> Event:
        hosted.apply(copy.deepcopy(event))
        return event
