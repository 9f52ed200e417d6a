"""The ASGI application: ``create_app(database_url)``.

Routes live in :mod:`tianting.server.api` (JSON) and
:mod:`tianting.server.pages` (HTML); this module wires them with the store,
the security middleware, the error handlers and the deadline scheduler.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
from collections.abc import AsyncIterator
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from tianting.core.times import DEFAULT_OFFSET
from tianting.hosting.game import Refused
from tianting.server import api, bridge, chat, inbox, live, pages
from tianting.server.db import BUSY_TIMEOUT
from tianting.server.failures import CatchAll
from tianting.server.idempotency import KEEP_DAYS, Idempotency
from tianting.server.logs import LOG_CONFIG, SECRET_PATH, QuietLive, RedactLinks, guard
from tianting.server.notify import GameNotifications, Notifier
from tianting.server.ratelimit import NoLimit, RateLimit, RateLimited
from tianting.server.security import BodyLimit, SecurityHeaders
from tianting.server.store import CACHE_GAMES, Store
from tianting.server.urls import check_base_url

__all__ = ["SECRET_PATH", "QuietLive", "RedactLinks", "create_app", "run"]

log = logging.getLogger("tianting.server")
guard(log)


async def _scheduler(store: Store, interval: float, notifications: GameNotifications | None = None) -> None:
    """Resolve open phases whose deadline has passed (at most once each: the store is idempotent),
    and warn the webhooks of deadlines drawing near."""
    while True:
        await asyncio.sleep(interval)
        await _resolve_due(store)
        if notifications is not None:
            try:
                await asyncio.to_thread(lambda: notifications.tick(store.clock()))  # the database's clock
            except Exception:  # pragma: no cover - logged, retried next tick
                log.exception("deadline warnings")


async def _resolve_due(store: Store) -> None:
    """One tick of the scheduler (:meth:`Store.resolve_due`). A game that fails is logged and retried
    next tick; it never holds up the other due games."""
    try:
        failed = await asyncio.to_thread(store.resolve_due)
    except Exception:  # pragma: no cover - logged, retried next tick
        log.exception("deadline scheduler")
        return
    for game_id, exc in failed:
        log.error("deadline scheduler: game %s", game_id, exc_info=exc)


def _wants_json(request: Request) -> bool:
    return request.url.path.startswith("/api/") or "application/json" in request.headers.get("accept", "")


def create_app(database_url: str, scheduler_interval: float | None = 5.0, cache_games: int = CACHE_GAMES,
               create_limit: RateLimit | NoLimit | None = None, base_url: str | None = None,
               live_seconds: float = live.POLL_SECONDS, webhook: str | None = None,
               allow_private_webhooks: bool = False, warn_minutes: float = 30.0,
               bridge_key: str | None = None, busy_timeout: float = BUSY_TIMEOUT,
               time_offset: int = DEFAULT_OFFSET,
               keep_writes_days: float = KEEP_DAYS) -> FastAPI:
    """The server on ``database_url``; ``scheduler_interval`` None turns the deadline scheduler off.

    ``create_limit``: how fast one address may create games (default :class:`RateLimit`'s);
    ``base_url`` is the public address every link is shown with (behind a proxy); pages ask
    whether their reader's view changed every ``live_seconds``; ``webhook`` is notified of every
    game's drafts and deadlines (``warn_minutes`` before), as is each game's own webhook (which
    must be public https unless ``allow_private_webhooks``); ``bridge_key``: the QQ bridge's key (else the
    environment's ``TIANTING_BRIDGE_KEY``; none: no bridge, :mod:`tianting.server.bridge`). A write waits
    ``busy_timeout`` seconds for a lock another process holds (server/db.py), then is answered 503. Pages write
    times in the zone ``time_offset`` minutes east of UTC (UTC+8 by default; the reader's own with script:
    core/times.py); a keyed
    write's rows are kept ``keep_writes_days`` days (server/idempotency.py)."""
    base_url = check_base_url(base_url)
    store = Store(database_url, cache_games=cache_games, busy_timeout=busy_timeout, keep_writes_days=keep_writes_days)
    notifier = Notifier(allow_private=allow_private_webhooks)
    notifications = GameNotifications(store, notifier, webhook, base_url, warn_minutes)
    store.listeners.append(notifications.on_written)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        task = (asyncio.create_task(_scheduler(store, scheduler_interval, notifications))
                if scheduler_interval else None)
        yield
        if task is not None:
            task.cancel()
        notifier.close()
        store.close()

    app = FastAPI(title="天庭 tianting", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.store = store
    app.state.create_limit = create_limit or RateLimit()
    app.state.base_url = base_url
    app.state.live_seconds = live_seconds
    app.state.notifier = notifier
    app.state.notifications = notifications
    app.state.bridge_key = bridge_key
    if not -16 * 60 <= time_offset <= 16 * 60:
        raise ValueError("time_offset: minutes east of UTC, -960 to 960")
    app.state.time_offset = time_offset
    # BodyLimit and CatchAll inside SecurityHeaders: their 413 and 500 get the security headers too;
    # Idempotency inside BodyLimit (it reads a form's body, already limited).
    app.add_middleware(Idempotency, page=pages.error_page)
    app.add_middleware(BodyLimit)
    app.add_middleware(CatchAll, page=pages.error_page)
    app.add_middleware(SecurityHeaders)

    @app.exception_handler(Refused)
    async def refused(request: Request, exc: Refused) -> Response:
        if _wants_json(request):
            response: Response = JSONResponse({"error": exc.message}, status_code=exc.status)
        else:
            response = pages.error_page(request, exc.message, exc.status)
        if isinstance(exc, RateLimited):
            response.headers["Retry-After"] = str(exc.retry_after)
        return response

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        if _wants_json(request):
            return JSONResponse({"error": "請求格式錯誤"}, status_code=422)
        return pages.error_page(request, "請求格式錯誤", 422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        message = {404: "找不到這個頁面", 405: "不支援這種請求"}.get(exc.status_code, "請求有誤")
        if _wants_json(request):
            return JSONResponse({"error": message}, status_code=exc.status_code)
        return pages.error_page(request, message, exc.status_code)

    @app.get("/healthz")
    def healthz() -> dict[str, Any]:
        return {"ok": True}

    app.include_router(chat.router)  # country groups, complaints (before the API's /{command} routes)
    app.include_router(inbox.router)  # a whole inbox at once (likewise)
    app.include_router(bridge.router)  # the QQ bridge's routes and the judge's QQ setting (likewise)
    app.include_router(api.router)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=pages.STATIC), name="static")
    return app


SERVE_ENV = "TIANTING_SERVE"
"""How ``tianting serve --workers N`` hands its options to each worker process (JSON)."""


def app_from_environment() -> FastAPI:
    """The app for one worker of ``tianting serve --workers N`` (a uvicorn factory): each worker
    builds its own store, cache and deadline scheduler; logging (with the redaction filters) is
    set up by uvicorn in every worker from :data:`~tianting.server.logs.LOG_CONFIG`."""
    options = json.loads(os.environ[SERVE_ENV])
    return create_app(options["database_url"], cache_games=options["cache_games"],
                      create_limit=None if options["create_limit"] else NoLimit(),
                      base_url=options.get("base_url"), webhook=options.get("webhook"),
                      warn_minutes=options.get("warn_minutes", 30.0),
                      busy_timeout=options.get("busy_timeout", BUSY_TIMEOUT),
                      time_offset=options.get("time_offset", DEFAULT_OFFSET),
                      keep_writes_days=options.get("keep_writes_days", KEEP_DAYS))


def run(database_url: str, host: str = "127.0.0.1", port: int = 8000, workers: int = 1,
        cache_games: int = CACHE_GAMES, create_limit: bool = True, base_url: str | None = None,
        forwarded_allow_ips: str | None = None, webhook: str | None = None, warn_minutes: float = 30.0,
        busy_timeout: float = BUSY_TIMEOUT, time_offset: int = DEFAULT_OFFSET, keep_writes_days: float = KEEP_DAYS) -> None:
    """Serve until interrupted (``tianting serve``); ``workers`` > 1: that many processes on one port.

    ``forwarded_allow_ips``: the proxies whose ``X-Forwarded-For`` / ``X-Forwarded-Proto`` are
    believed (uvicorn's proxy headers; default ``127.0.0.1``, a proxy on the same machine)."""
    import uvicorn

    options = {"database_url": database_url, "cache_games": cache_games, "create_limit": create_limit,
               "base_url": base_url, "webhook": webhook, "warn_minutes": warn_minutes, "busy_timeout": busy_timeout,
               "time_offset": time_offset, "keep_writes_days": keep_writes_days}
    os.environ[SERVE_ENV] = json.dumps(options)
    proxy = {"proxy_headers": True, "forwarded_allow_ips": forwarded_allow_ips or "127.0.0.1"}
    if workers > 1:
        uvicorn.run("tianting.server.app:app_from_environment", factory=True, workers=workers, host=host, port=port,
                    log_level="info", log_config=LOG_CONFIG, **proxy)
        return
    uvicorn.run(app_from_environment(), host=host, port=port, log_level="info", log_config=LOG_CONFIG, **proxy)
