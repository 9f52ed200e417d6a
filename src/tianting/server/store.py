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
"""

from __future__ import annotations

import copy
import hashlib
import json
import logging
import re
import secrets
import threading
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, bindparam, delete, insert, select, update

from tianting.hosting import events as ev
from tianting.hosting.events import Event
from tianting.hosting.fairness import commitment, new_seed
from tianting.hosting.game import HostedGame, Refused
from tianting.server.db import events, games, make_engine, migrate, settings, tokens
from tianting.server.security import player_token

log = logging.getLogger("tianting.server")

LINK_CHARS = re.compile(r"[A-Za-z0-9_-]{1,40}")
"""What a public id may look like (``secrets.token_urlsafe``): anything else is no game, before the
database is asked (a NUL in it made PostgreSQL fail the query: a 500 instead of a 404)."""
TOKEN_BYTES = 32
"""Secret links carry 256 random bits (the issue asks for at least 128)."""


def now_iso() -> str:
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


@dataclass(eq=False)
class _Write:
    """One caller's :meth:`Store.append`, waiting in the group-commit queue."""

    game_id: str
    kind: str | None
    actor: str
    payload: dict[str, Any]
    at: str
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


class Store:
    """The server's one way to the database."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.postgres = self.engine.dialect.name == "postgresql"
        migrate(self.engine)
        self._cache: dict[str, HostedGame] = {}
        self._locks: dict[str, threading.Lock] = {}
        self._locks_guard = threading.Lock()
        self._access: dict[str, Access] = {}
        self._public: dict[str, str] = {}
        """public id → game id (and back, in ``_public_of``); both never change."""
        self._public_of: dict[str, str] = {}
        self._queue: list[_Write] = []
        self._queue_lock = threading.Lock()
        self._committing = False
        """Whether some thread is committing (it takes the queue when it is done)."""
        self.secret = self._setting("csrf-secret", lambda: secrets.token_hex(32))
        self.listeners: list[Callable[[str, list[Event]], None]] = []
        """Called with every write's events after its commit, in the writer's thread: must not block
        (the webhook notifier only queues)."""

    def close(self) -> None:
        self.engine.dispose()

    def _setting(self, key: str, make: Any) -> str:
        with self.engine.begin() as conn:
            row = conn.execute(select(settings.c.value).where(settings.c.key == key)).first()
            if row is not None:
                return str(row[0])
            value = make()
            conn.execute(insert(settings).values(key=key, value=value))
            return str(value)

    def _lock(self, game_id: str) -> threading.Lock:
        with self._locks_guard:
            return self._locks.setdefault(game_id, threading.Lock())

    # ---- creating and finding games -------------------------------------------
    def create_game(self, title: str, rules: str, ids: list[str], night_minutes: int | None = None,
                    day_minutes: int | None = None, seed: int | None = None, salt: str | None = None) -> NewGame:
        """Create a game (raises :class:`Refused` on bad input) and its secret links."""
        if seed is None or salt is None:
            seed, salt = new_seed()
        payload = {"rules": rules, "ids": ids, "title": title, "seed": seed, "salt": salt,
                   "commitment": commitment(seed, salt), "night_minutes": night_minutes,
                   "day_minutes": day_minutes}
        at = now_iso()
        created = Event(1, ev.CREATED, ev.JUDGE, payload, at)
        hosted = HostedGame.fold([created])  # raises Refused before anything is written
        game_id, public_id = secrets.token_hex(8), secrets.token_urlsafe(9)
        judge_token = secrets.token_urlsafe(TOKEN_BYTES)
        player_tokens = {pid: player_token(judge_token, pid) for pid in hosted.ids}
        with self.engine.begin() as conn:
            conn.execute(insert(games).values(id=game_id, public_id=public_id, title=hosted.meta["title"], seq=1,
                                              stage=hosted.stage, deadline=None, created_at=at))
            self._insert(conn, game_id, created)
            conn.execute(insert(tokens), [
                {"token_hash": hash_token(judge_token), "game_id": game_id, "role": "judge", "player_id": None},
                *({"token_hash": hash_token(t), "game_id": game_id, "role": "player", "player_id": pid}
                  for pid, t in player_tokens.items()),
            ])
        return NewGame(game_id, public_id, judge_token, player_tokens, payload["commitment"])

    def access(self, token: str) -> Access | None:
        """Whose link ``token`` is, or None for a wrong or forged one."""
        if not token or len(token) > 100:
            return None
        key = hash_token(token)
        found = self._access.get(key)
        if found is not None:
            return found
        with self.engine.connect() as conn:
            row = conn.execute(select(tokens.c.game_id, tokens.c.role, tokens.c.player_id)
                               .where(tokens.c.token_hash == key)).first()
            conn.rollback()
        if row is None:
            return None  # not remembered: forged tokens must not fill the memory
        found = self._access[key] = Access(row[0], row[1], row[2])
        return found

    def by_public_id(self, public_id: str) -> str | None:
        if not LINK_CHARS.fullmatch(public_id or ""):
            return None
        game_id = self._public.get(public_id)
        if game_id is not None:
            return game_id
        with self.engine.connect() as conn:
            row = conn.execute(select(games.c.id).where(games.c.public_id == public_id)).first()
            conn.rollback()
        if row is None:
            return None
        self._public[public_id], self._public_of[row[0]] = row[0], public_id
        return str(row[0])

    def public_id(self, game_id: str) -> str:
        public_id = self._public_of.get(game_id)
        if public_id is not None:
            return public_id
        with self.engine.connect() as conn:
            row = conn.execute(select(games.c.public_id).where(games.c.id == game_id)).one()
            conn.rollback()
        self._public[row[0]], self._public_of[game_id] = game_id, row[0]
        return str(row[0])

    def due_games(self, now: str) -> list[str]:
        """Open games whose deadline has passed (the scheduler resolves them)."""
        with self.engine.connect() as conn:
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
        if hosted is None:
            hosted = HostedGame()
        if upto is not None and hosted.seq > upto:  # pragma: no cover - another process rolled back?
            hosted = HostedGame()
        query = select(events).where(events.c.game_id == game_id, events.c.seq > hosted.seq).order_by(events.c.seq)
        for row in conn.execute(query):
            hosted.apply(Event(row.seq, row.kind, row.actor, json.loads(row.payload), row.at))
        self._cache[game_id] = hosted
        return hosted

    @contextmanager
    def game(self, game_id: str) -> Iterator[HostedGame]:
        """The game as stored now, held for reading (do not keep it past the block)."""
        with self._lock(game_id):
            with self.engine.connect() as conn:
                hosted = self._catch_up(conn, game_id)
                conn.rollback()
            yield hosted

    def events(self, game_id: str) -> list[Event]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(events).where(events.c.game_id == game_id).order_by(events.c.seq)).all()
            conn.rollback()
        return [Event(r.seq, r.kind, r.actor, json.loads(r.payload), r.at) for r in rows]

    # ---- writing ----------------------------------------------------------------
    def append(self, game_id: str, kind: str | None, actor: str, payload: dict[str, Any],
               at: str | None = None) -> list[Event]:
        """Apply and store one event (``kind`` None: only what the game owes now).

        Returns the events written, after the commit. Raises :class:`Refused`
        (nothing written) if the game does not allow the event.
        """
        write = _Write(game_id, kind, actor, payload, at or now_iso())
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
        if write.error is not None:
            raise write.error
        assert write.written is not None
        for listener in self.listeners:
            try:
                listener(game_id, write.written)
            except Exception:  # pragma: no cover - a listener's bug never fails a committed write
                log.exception("store listener")
        return write.written

    def _commit(self, batch: list[_Write]) -> None:
        """Apply and store ``batch`` in one transaction; every write ends done, with its events or error."""
        game_ids = sorted({w.game_id for w in batch})
        try:
            with ExitStack() as held:
                for game_id in game_ids:  # always in the same order: no deadlock between committers
                    held.enter_context(self._lock(game_id))
                try:
                    self._commit_locked(batch, game_ids)
                except BaseException as exc:
                    for game_id in game_ids:
                        self._cache.pop(game_id, None)  # the folds ran ahead of a transaction that failed
                    for w in batch:
                        if w.error is None and (w.written is None or w.written):
                            w.written, w.error = None, exc
        finally:
            for w in batch:
                w.done = True
                w.wake.set()

    def _commit_locked(self, batch: list[_Write], game_ids: list[str]) -> None:
        with self.engine.begin() as conn:
            query = select(games.c.id, games.c.seq).where(games.c.id.in_(game_ids)).order_by(games.c.id)
            if self.postgres:
                query = query.with_for_update()
            stored = {row[0]: row[1] for row in conn.execute(query)}
            folds: dict[str, HostedGame] = {}
            for game_id, seq in stored.items():
                hosted = self._cache.get(game_id)
                if hosted is None or hosted.seq != seq:  # the events are immutable: same seq, same game
                    hosted = self._catch_up(conn, game_id, seq)
                folds[game_id] = hosted
            rows: list[dict[str, Any]] = []
            for w in batch:
                hosted = folds.get(w.game_id)
                if hosted is None:
                    w.error = Refused("沒有這局遊戲", 404)
                    continue
                before = hosted.seq
                written: list[Event] = []
                try:
                    if w.kind is not None:
                        written.append(self._apply(hosted, Event(hosted.seq + 1, w.kind, w.actor, w.payload, w.at)))
                    for follow_kind, follow_actor, follow_payload in hosted.follow_ups(w.at):
                        written.append(self._apply(hosted, Event(hosted.seq + 1, follow_kind, follow_actor,
                                                                 follow_payload, w.at)))
                    mine = [self._row(w.game_id, e) for e in written]
                except Exception as exc:
                    if hosted.seq != before or not isinstance(exc, Refused):
                        # undo what this write applied (rare: a follow-up refused, or a bug)
                        hosted = HostedGame.fold([copy.deepcopy(e) for e in hosted.events[:before]])
                        folds[w.game_id] = self._cache[w.game_id] = hosted
                    w.error = exc
                    continue
                w.written = written
                rows += mine
            if not rows:
                return
            conn.execute(insert(events), rows)
            changed = {row["game_id"] for row in rows}
            updates = []
            for game_id in sorted(changed):
                hosted = folds[game_id]
                phase = hosted.current
                deadline = phase.deadline if phase is not None and hosted.stage == "open" else None
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
