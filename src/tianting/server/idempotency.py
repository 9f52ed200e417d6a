"""Idempotent writes: a write sent twice is stored once and answered as the first time.

Every write (a POST) may carry a key chosen by its sender: the JSON API's ``Idempotency-Key``
header, or the hidden ``idem`` field every HTML form has (:func:`new_key`, one per rendered
form, put there by the ``csrf_field`` macro, so a new form takes part without further care).
:class:`Idempotency`, a middleware of the whole app, keeps the answer to a keyed write and sends
it again, byte for byte (status, body, ``Content-Type`` and ``Location``), to a retry with the
same key on the same path (the answer's ``Idempotent-Replayed: true`` says so). Only answers of
2xx and 3xx are kept: a refused write stored nothing, and a retry of it is checked afresh; nor is a page a post
only showed (200 HTML from a request that made no store write: the console's reading of a pasted message).

The answer is recorded before it is sent, but after the write committed; a server killed between
the two must not store the retry again. So the key also travels with the write itself
(:func:`write_key`, read by :meth:`Store._write <tianting.server.store.Store>`): the store
records it in the same transaction as the events, in the ``writes`` table beside them (which game,
which events), and a write whose key is already there is not applied again: the store answers
it with the events the first one stored, so the route answers as it did. Two tabs or a double
click posting the same form at once meet the same way, under the game's lock.

A key is for one request: sent again with another body (an edited form resent from the same page, a client
reusing its keys) it is refused (422, :data:`REUSED`), never answered with the first answer nor applied. Each row
keeps a fingerprint of the request's body for this (:func:`fingerprint`: a hash under the key and the path). Rows
are kept :data:`KEEP_DAYS` days (``tianting serve --keep-writes-days``), then pruned (:func:`prune`: by the store at
most once an hour as it writes, and by ``tianting db upgrade``); a retry later than that is a new write.

The database never holds a key nor a link: a row is found by a hash of the path and the key, and
the answer it keeps (a redirect to a secret link; a new game's links) is encrypted (Fernet) under
a key derived from the server's secret, the path and the sender's key, which only a retry knows.
"""

from __future__ import annotations

import base64
import contextvars
import hashlib
import json
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import parse_qs

from cryptography.fernet import Fernet, InvalidToken
from sqlalchemy import Engine, delete, insert, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from starlette.concurrency import run_in_threadpool
from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tianting.server.db import reading, writes, writing

HEADER = "idempotency-key"
FIELD = "idem"
"""The hidden form field that carries a form's key."""
KEY_CHARS = re.compile(r"[A-Za-z0-9_.:-]{8,100}")
BAD_KEY = "Idempotency-Key 格式錯誤：須為8至100個英數字元（可含 _ . : -）"
WRITE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
KEPT_HEADERS = (b"content-type", b"location")
REPLAYED = "Idempotent-Replayed"
REUSED = "這個 Idempotency-Key 已用於內容不同的請求：重送時請送出完全相同的內容，新的請求請用新的鍵"
REUSED_FORM = "這個表單已經送出過，而這次送出的內容不同：請重新載入頁面，在新的表單上再送出"
KEEP_DAYS = 7
"""How many days a keyed write's rows are kept (a retry within them is answered as the first time)."""


def new_key() -> str:
    """A fresh key for one rendered form."""
    return secrets.token_urlsafe(16)


def lookup(path: str, key: str) -> str:
    """The row of ``key`` sent to ``path`` (neither is stored)."""
    return hashlib.sha256(f"tianting-write/1\0{path}\0{key}".encode()).hexdigest()


def fingerprint(path: str, key: str, body: bytes) -> str:
    """The request's body, as a row keeps it: a hash under ``path`` and ``key`` (only their sender knows the key)."""
    return hashlib.sha256(b"tianting-request/1\0" + f"{path}\0{key}\0".encode() + body).hexdigest()


def _cipher(secret: str, path: str, key: str) -> Fernet:
    digest = hashlib.sha256(f"tianting-answer/1\0{secret}\0{path}\0{key}".encode()).digest()
    return Fernet(base64.urlsafe_b64encode(digest))


@dataclass
class Attempt:
    """One keyed request in progress: each store write it makes gets its own key, in order."""

    base: str
    request: str | None = None
    """The request's :func:`fingerprint`."""
    refusal: str = REUSED
    """What a write the store finds stored under this key for another request answers (a form's own wording)."""
    made: int = 0
    used: list[str] = field(default_factory=list)

    def next(self) -> str:
        self.made += 1
        key = self.base if self.made == 1 else hashlib.sha256(f"{self.base}\0{self.made}".encode()).hexdigest()
        self.used.append(key)
        return key


_current: contextvars.ContextVar[Attempt | None] = contextvars.ContextVar("tianting_write", default=None)


def write_key() -> str | None:
    """The key of the store write being made now, in a keyed request (None otherwise)."""
    attempt = _current.get()
    return None if attempt is None else attempt.next()


def write_request() -> str | None:
    """The :func:`fingerprint` of the keyed request being served now (None outside one)."""
    attempt = _current.get()
    return None if attempt is None else attempt.request


def reused_refusal() -> str:
    """The message refusing the keyed request being served now, its key found stored for another request."""
    attempt = _current.get()
    return REUSED if attempt is None else attempt.refusal


def marker(key: str) -> str:
    """The ``writes`` row under which the store records the events of the write ``key`` (apart from the row
    that keeps the request's answer)."""
    return hashlib.sha256(f"tianting-events/1\0{key}".encode()).hexdigest()


def recorded_answer(engine: Engine, row: str) -> tuple[str, str | None] | None:
    """The answer kept for ``row`` and the fingerprint of the request it answered (None: a row kept before
    fingerprints were), or None if none is kept."""
    with reading(engine) as conn:
        found = conn.execute(select(writes.c.answer, writes.c.request).where(writes.c.key_hash == row)).first()
        conn.rollback()
    return None if found is None or found[0] is None else (found[0], found[1])


def reused(kept: str | None, request: str | None) -> bool:
    """Is a request of fingerprint ``request`` another than the one a row kept (``kept``)? Not when either is
    unknown (a row from before fingerprints)."""
    return kept is not None and request is not None and kept != request


def record_answer(engine: Engine, row: str, answer: str, at: str, request: str | None = None) -> None:
    """Keep ``answer`` for ``row`` unless one is kept already (the first answer wins)."""
    values = {"key_hash": row, "game_id": None, "first_seq": None, "last_seq": None, "answer": answer, "at": at,
              "request": request}
    with writing(engine) as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(pg_insert(writes).values(**values).on_conflict_do_nothing(index_elements=["key_hash"]))
        elif conn.dialect.name == "sqlite":
            conn.execute(sqlite_insert(writes).values(**values).on_conflict_do_nothing(index_elements=["key_hash"]))
        else:  # pragma: no cover - only SQLite and PostgreSQL are served
            conn.execute(insert(writes).values(**values))


def stamp(moment: datetime) -> str:
    """``moment`` as the rows' ``at`` (UTC, ISO 8601 to the second, as the database's clock gives it)."""
    return moment.astimezone(UTC).replace(microsecond=0).isoformat()


def prune(engine: Engine, days: float = KEEP_DAYS, now: datetime | None = None) -> int:
    """Delete the rows kept more than ``days`` days before ``now`` (default: the clock); how many were deleted.
    A retry of such a write is then a new write."""
    cutoff = stamp((now or datetime.now(UTC)) - timedelta(days=days))
    with writing(engine) as conn:
        return int(conn.execute(delete(writes).where(writes.c.at < cutoff)).rowcount or 0)


def _only_a_page(start: Message) -> bool:
    """A page that a post only showed (a private message read for confirming): 200 HTML, and no store write made.
    Not kept: a retry shows it again, and pages are large."""
    headers = dict(start.get("headers", []))
    return bool(start["status"] == 200 and headers.get(b"content-type", b"").startswith(b"text/html"))


async def _whole_body(receive: Receive) -> tuple[bytes, list[Message]]:
    chunks, messages = [], []
    while True:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request":
            break
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            break
    return b"".join(chunks), messages


def _replaying(messages: list[Message], receive: Receive) -> Receive:
    pending = list(messages)

    async def again() -> Message:
        if pending:
            return pending.pop(0)
        return await receive()

    return again


class Idempotency:
    """The middleware (see the module's docstring). ``page``: the HTML error page for a bad key."""

    def __init__(self, app: ASGIApp, page: Callable[[Any, str, int], Response] | None = None) -> None:
        self.app = app
        self.page = page

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in WRITE_METHODS:
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        key = headers.get(HEADER.encode())
        given = key.decode("latin-1") if key is not None else None
        form = headers.get(b"content-type", b"").split(b";")[0].strip() == b"application/x-www-form-urlencoded"
        body = b""
        if given is not None or form:  # a keyed request's body is fingerprinted; a form's may hold its key
            body, messages = await _whole_body(receive)
            receive = _replaying(messages, receive)
        if given is None and form:
            try:
                found = parse_qs(body.decode("utf-8"), keep_blank_values=True).get(FIELD)
            except UnicodeDecodeError:
                found = None
            given = found[0] if found else None
        if given is None:
            await self.app(scope, receive, send)
            return
        if not KEY_CHARS.fullmatch(given):
            await self._bad_key(scope)(scope, receive, send)
            return
        store = scope["app"].state.store
        path = scope.get("root_path", "") + scope["path"]
        row = lookup(path, given)
        request = fingerprint(path, given, body)
        kept = await run_in_threadpool(recorded_answer, store.engine, row)
        if kept is not None:
            if reused(kept[1], request):
                await self._refuse_reused(scope)(scope, receive, send)
                return
            try:
                answer = json.loads(_cipher(store.secret, path, given).decrypt(kept[0].encode()))
            except (InvalidToken, ValueError):
                answer = None
            if answer is not None:
                await self._send_kept(answer, send)
                return
        await self._run(scope, receive, send, store, path, given, row, request)

    async def _run(self, scope: Scope, receive: Receive, send: Send, store: Any, path: str, given: str,
                   row: str, request: str) -> None:
        start: Message | None = None
        chunks: list[bytes] = []

        async def capture(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                start = message
                return
            if message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))
                if message.get("more_body", False):
                    return
                assert start is not None
                status = start["status"]
                if 200 <= status < 400 and (attempt.made or not _only_a_page(start)):
                    kept_headers = [[k.decode("latin-1"), v.decode("latin-1")] for k, v in start.get("headers", [])
                                    if k.lower() in KEPT_HEADERS]
                    answer = {"status": status, "headers": kept_headers,
                              "body": base64.b64encode(b"".join(chunks)).decode()}
                    sealed = _cipher(store.secret, path, given).encrypt(json.dumps(answer).encode()).decode()
                    # kept before it is sent: a client that loses this answer gets the same one again
                    await run_in_threadpool(record_answer, store.engine, row, sealed, stamp(datetime.now(UTC)),
                                            request)
                await send(start)
                await send({"type": "http.response.body", "body": b"".join(chunks)})
                return
            await send(message)

        attempt = Attempt(row, request, REUSED if scope["path"].startswith("/api/") else REUSED_FORM)
        token = _current.set(attempt)
        try:
            await self.app(scope, receive, capture)
        finally:
            _current.reset(token)

    @staticmethod
    async def _send_kept(answer: dict[str, Any], send: Send) -> None:
        body = base64.b64decode(answer["body"])
        headers = [(k.encode("latin-1"), v.encode("latin-1")) for k, v in answer["headers"]]
        headers += [(b"content-length", str(len(body)).encode()), (REPLAYED.lower().encode(), b"true")]
        await send({"type": "http.response.start", "status": answer["status"], "headers": headers})
        await send({"type": "http.response.body", "body": body})

    def _bad_key(self, scope: Scope) -> Response:
        return self._error(scope, BAD_KEY, BAD_KEY, 400)

    def _refuse_reused(self, scope: Scope) -> Response:
        return self._error(scope, REUSED, REUSED_FORM, 422)

    def _error(self, scope: Scope, api: str, page: str, status: int) -> Response:
        if scope["path"].startswith("/api/") or self.page is None:
            return JSONResponse({"error": api}, status_code=status)
        from starlette.requests import Request

        return self.page(Request(scope), page, status)
