"""Notifications to a webhook: a draft is ready for the judge, a deadline is near.

Two kinds of address: the server's (``tianting serve --webhook URL``: every game, chosen by
whoever runs the server) and a game's own (set by its judge on the console, kept out of the
event log and the 復盤 since a webhook address is usually a secret). A notification is one JSON
``POST``: ``event`` (``draft-ready`` or ``deadline-soon``), ``game``, ``phase``, ``deadline``,
``public_url`` when the server knows its public address, and the sentence itself as ``text``
(Slack) and ``content`` (Discord). It never names a secret link.

Nothing waits for a webhook: :meth:`Notifier.send` only queues, and one background thread
posts (5 s timeout, failures logged, a full queue drops the newest). A game's own address
must be ``https`` and resolve to public addresses only (a judge is anyone who can create a
game: the server must not be made to post into its own network); ``allow_private`` lifts that
for tests and for a server whose every judge is trusted. The address checked is the address
posted to: the host is resolved once, every address it gives must be public, and the post
connects to the first of them (the host name kept in ``Host`` and in TLS's server name, so the
certificate is still checked against it). A name that answers a public address to the check
and an internal one to the post (DNS rebinding) cannot steer the post inside.
"""

from __future__ import annotations

import ipaddress
import logging
import queue
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import SplitResult, urlsplit

from tianting.core import times

log = logging.getLogger("tianting.notify")

DRAFT_READY = "draft-ready"
DEADLINE_SOON = "deadline-soon"
TIMEOUT = 5.0
QUEUE_SIZE = 1000


class BadWebhook(ValueError):
    """A webhook address the server will not post to (the message is for the judge, in Chinese)."""


def check_url(url: str, allow_private: bool = False) -> str:
    """``url`` if a game may notify it, else :class:`BadWebhook` (checked again before each post)."""
    url, parts = _shaped(url, allow_private)
    if not allow_private:
        _public_host(parts.hostname or "", parts.port or 443)
    return url


def _shaped(url: str, allow_private: bool) -> tuple[str, SplitResult]:
    url = url.strip()
    parts = urlsplit(url)
    schemes = ("https", "http") if allow_private else ("https",)
    if parts.scheme not in schemes or not parts.hostname or len(url) > 2000:
        raise BadWebhook("通知網址須為 https:// 開頭的完整網址")
    return url, parts


def _public_host(host: str, port: int) -> str:
    """The first address ``host`` resolves to, once every one of them is public."""
    try:
        infos = socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)
    except OSError:
        raise BadWebhook(f"無法解析通知網址的主機「{host[:100]}」") from None
    if not infos:
        raise BadWebhook(f"無法解析通知網址的主機「{host[:100]}」")
    for info in infos:
        address = ipaddress.ip_address(str(info[4][0]).split("%", 1)[0])
        if not address.is_global:
            raise BadWebhook("通知網址不能指向內部網路或本機")
    return str(infos[0][4][0]).split("%", 1)[0]


@dataclass(frozen=True)
class Pinned:
    """A post to a checked address: the URL naming the address, the ``Host`` header, TLS's server name."""

    url: str
    headers: dict[str, str]
    extensions: dict[str, Any]


def pin(url: str) -> Pinned:
    """``url`` checked (:func:`check_url`) and bound to the one address the check saw."""
    url, parts = _shaped(url, False)
    host = parts.hostname or ""
    port = parts.port or 443
    address = _public_host(host, port)
    shown = f"[{address}]" if ":" in address else address
    netloc = shown if parts.port is None else f"{shown}:{parts.port}"
    userinfo, _, host_header = parts.netloc.rpartition("@")
    if userinfo:
        netloc = f"{userinfo}@{netloc}"
    return Pinned(parts._replace(netloc=netloc).geturl(), {"Host": host_header}, {"sni_hostname": host})


Job = Callable[[], list["Note"]]
"""Work for the notifier's thread: finds out what to send (reads the game, off the request)."""


@dataclass(frozen=True)
class Note:
    url: str
    payload: dict[str, Any]
    checked: bool
    """True for the server's own address (trusted); False for a game's (checked before posting)."""


class Notifier:
    """Posts notifications from one background thread; :meth:`send` never blocks."""

    def __init__(self, allow_private: bool = False) -> None:
        self.allow_private = allow_private
        self._queue: queue.Queue[Note | Callable[[], list[Note]] | None] = queue.Queue(QUEUE_SIZE)
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self.sent = 0
        self.failed = 0

    def send(self, url: str, payload: dict[str, Any], trusted: bool = False) -> None:
        """Queue one notification (dropped, and logged, when the queue is full)."""
        self._put(Note(url, payload, trusted))

    def submit(self, job: Job) -> None:
        """Queue ``job``: the thread runs it and sends the notifications it returns."""
        self._put(job)

    def _put(self, item: Note | Job) -> None:
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="tianting-notify", daemon=True)
                self._thread.start()
        try:
            self._queue.put_nowait(item)
        except queue.Full:
            log.warning("webhook queue full: a notification was dropped")

    def close(self) -> None:
        with self._lock:
            thread, self._thread = self._thread, None
        if thread is not None:
            self._queue.put(None)
            thread.join(timeout=TIMEOUT + 1)

    def _run(self) -> None:
        import httpx

        with httpx.Client(timeout=TIMEOUT, follow_redirects=False) as client:
            while True:
                item = self._queue.get()
                if item is None:
                    return
                try:
                    notes = [item] if isinstance(item, Note) else item()
                except Exception:
                    log.exception("webhook: preparing a notification")
                    continue
                for note in notes:
                    self._post(client, note)

    def _post(self, client: Any, note: Note) -> None:
        try:
            if note.checked or self.allow_private:
                client.post(note.url, json=note.payload).raise_for_status()
            else:
                target = pin(note.url)
                client.post(target.url, json=note.payload, headers=target.headers,
                            extensions=target.extensions).raise_for_status()
            self.sent += 1
        except Exception as exc:  # a webhook that fails is logged, never retried, never raised
            self.failed += 1
            log.warning("webhook %s: %s", urlsplit(note.url).hostname, exc)


def message(event: str, title: str, label: str, deadline: str | None = None,
            public_url: str | None = None) -> dict[str, Any]:
    """One notification's JSON body."""
    if event == DRAFT_READY:
        text = f"天庭：「{title}」{label}已結算，草稿待天庭審閱、公布。"
    else:
        text = f"天庭：「{title}」{label}的時限快到了（{times.shown(deadline)}）。"
    body: dict[str, Any] = {"event": event, "game": title, "phase": label, "deadline": deadline,
                            "text": text, "content": text}
    if public_url:
        body["public_url"] = public_url
    return body


def game_key(game_id: str) -> str:
    """The settings key of a game's own webhook."""
    return f"webhook:{game_id}"


class GameNotifications:
    """When to notify whom: a store listener (a phase resolved: its draft is ready) and a tick of
    the deadline scheduler (a deadline within ``warn_minutes``, once per deadline)."""

    def __init__(self, store: Any, notifier: Notifier, server_url: str | None, base_url: str | None,
                 warn_minutes: float = 30.0) -> None:
        self.store = store
        self.notifier = notifier
        self.server_url = server_url
        self.base_url = base_url
        self.warn_minutes = warn_minutes
        self.warned: set[tuple[str, str]] = set()
        """(game id, deadline) already warned of (kept in memory: after a restart a warning may repeat)."""

    def _targets(self, game_id: str) -> list[tuple[str, bool]]:
        out = [(self.server_url, True)] if self.server_url else []
        own = self.store.get_setting(game_key(game_id))
        if own:
            out.append((own, False))
        return out

    def _body(self, game_id: str, event: str) -> dict[str, Any]:
        with self.store.game(game_id) as game:
            phase = game.current
            title, label = game.meta["title"], phase.label if phase is not None else ""
            deadline = phase.deadline if phase is not None else None
        public = f"{self.base_url}/g/{self.store.public_id(game_id)}" if self.base_url else None
        return message(event, title, label, deadline, public)

    def _job(self, game_id: str, event: str) -> Job:
        def job() -> list[Note]:
            targets = self._targets(game_id)
            if not targets:
                return []
            body = self._body(game_id, event)
            return [Note(url, body, trusted) for url, trusted in targets]
        return job

    def on_written(self, game_id: str, written: list[Any]) -> None:
        if any(e.kind == "resolve" for e in written):
            self.notifier.submit(self._job(game_id, DRAFT_READY))

    def tick(self, now: datetime) -> None:
        """Warn of the deadlines within ``warn_minutes`` of ``now`` (each once)."""
        until = (now + timedelta(minutes=self.warn_minutes)).isoformat(timespec="seconds")
        for game_id, deadline in self.store.deadlines_before(until):
            if (game_id, deadline) in self.warned:
                continue
            self.warned.add((game_id, deadline))
            self.notifier.submit(self._job(game_id, DEADLINE_SOON))
