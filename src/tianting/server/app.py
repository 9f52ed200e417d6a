"""The ASGI application: ``create_app(database_url)``.

Routes live in :mod:`tianting.server.api` (JSON) and
:mod:`tianting.server.pages` (HTML); this module wires them with the store,
the security middleware, the error handlers and the deadline scheduler.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from tianting.hosting.game import Refused
from tianting.server import api, live, pages
from tianting.server.notify import GameNotifications, Notifier
from tianting.server.security import BodyLimit, SecurityHeaders
from tianting.server.store import Store, now_iso
from tianting.server.urls import check_base_url

log = logging.getLogger("tianting.server")


async def _scheduler(store: Store, interval: float, notifications: GameNotifications | None = None) -> None:
    """Resolve open phases whose deadline has passed (at most once each: the store is idempotent),
    and warn the webhooks of deadlines drawing near."""
    while True:
        await asyncio.sleep(interval)
        await _resolve_due(store)
        if notifications is not None:
            try:
                await asyncio.to_thread(notifications.tick, datetime.now(UTC))
            except Exception:  # pragma: no cover - logged, retried next tick
                log.exception("deadline warnings")


async def _resolve_due(store: Store) -> None:
    """One tick of the scheduler. A game that fails is logged and retried next tick; it never
    holds up the other due games."""
    try:
        due = await asyncio.to_thread(store.due_games, now_iso())
    except Exception:  # pragma: no cover - logged, retried next tick
        log.exception("deadline scheduler")
        return
    for game_id in due:
        try:
            await asyncio.to_thread(store.append, game_id, None, "system", {})
        except Exception:
            log.exception("deadline scheduler: game %s", game_id)


def _wants_json(request: Request) -> bool:
    return request.url.path.startswith("/api/") or "application/json" in request.headers.get("accept", "")


def create_app(database_url: str, scheduler_interval: float | None = 5.0, base_url: str | None = None,
               live_seconds: float = live.POLL_SECONDS, webhook: str | None = None,
               allow_private_webhooks: bool = False, warn_minutes: float = 30.0) -> FastAPI:
    """The server on ``database_url``; ``scheduler_interval`` None turns the deadline scheduler off;
    ``base_url`` is the public address every link is shown with (behind a proxy); pages ask
    whether their reader's view changed every ``live_seconds``; ``webhook`` is notified of every
    game's drafts and deadlines (``warn_minutes`` before), as is each game's own webhook (which
    must be public https unless ``allow_private_webhooks``)."""
    base_url = check_base_url(base_url)
    store = Store(database_url)
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
    app.state.base_url = base_url
    app.state.live_seconds = live_seconds
    app.state.notifier = notifier
    app.state.notifications = notifications
    # BodyLimit inside SecurityHeaders: its 413 gets the security headers too.
    app.add_middleware(BodyLimit)
    app.add_middleware(SecurityHeaders)

    @app.exception_handler(Refused)
    async def refused(request: Request, exc: Refused) -> Response:
        if _wants_json(request):
            return JSONResponse({"error": exc.message}, status_code=exc.status)
        return pages.error_page(request, exc.message, exc.status)

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

    app.include_router(api.router)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=pages.STATIC), name="static")
    return app


SECRET_PATH = re.compile(r"/(api/)?([pj])/[A-Za-z0-9_-]+")


class RedactLinks(logging.Filter):
    """Keep secret links out of the access log: ``/p/<token>`` is logged as ``/p/…``."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(SECRET_PATH.sub(r"/\1\2/…", a) if isinstance(a, str) else a for a in record.args)
        return True


class QuietLive(logging.Filter):
    """Leave the pages' live polls (``GET …/live`` answered 200, every few seconds from every open
    page) out of the access log; their failures are kept."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and len(args) >= 5 and args[1] == "GET" and args[4] == 200:
            return not str(args[2]).split("?", 1)[0].endswith("/live")
        return True


def run(database_url: str, host: str = "127.0.0.1", port: int = 8000, base_url: str | None = None,
        forwarded_allow_ips: str | None = None, webhook: str | None = None, warn_minutes: float = 30.0) -> None:
    """Serve until interrupted (``tianting serve``).

    ``forwarded_allow_ips``: the proxies whose ``X-Forwarded-For`` / ``X-Forwarded-Proto`` are
    believed (uvicorn's proxy headers; default ``127.0.0.1``, a proxy on the same machine)."""
    import uvicorn

    logging.getLogger("uvicorn.access").addFilter(QuietLive())
    logging.getLogger("uvicorn.access").addFilter(RedactLinks())
    uvicorn.run(create_app(database_url, base_url=base_url, webhook=webhook, warn_minutes=warn_minutes), host=host, port=port, log_level="info",
                proxy_headers=True, forwarded_allow_ips=forwarded_allow_ips or "127.0.0.1")

