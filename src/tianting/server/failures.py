"""Every failure answered in the shape its caller expects, with the traceback only in the log.

An unexpected exception (a bug, a damaged database page, a lost database
connection) becomes a 500 in the API's JSON shape ``{"error": "…"}`` under
``/api/`` (or when the client asks for JSON) and a plain HTML error page for
the pages, carrying the security headers like every other response. The
traceback goes to the ``tianting.server`` log, scrubbed of secrets
(:mod:`tianting.server.logs`); nothing internal reaches the client.

A write that gave up waiting for a lock another process holds (``db.busy``: SQLite's busy timeout, PostgreSQL's
``lock_timeout``) wrote nothing and is no bug: it is answered 503 with ``Retry-After`` and a message that says so
and what to do (:data:`BUSY_MESSAGE`), and logged as a warning without a traceback.
"""

from __future__ import annotations

import html
import logging
from collections.abc import Callable

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tianting.server.db import busy
from tianting.server.logs import guard, redact

log = logging.getLogger("tianting.server")
guard(log)

MESSAGE = "伺服器內部錯誤，已記錄在伺服器日誌；請稍後再試"
"""What a client is told of a 500 (never the exception)."""
BUSY_MESSAGE = ("資料庫正忙：另一個程序（例如資料庫工具或備份）佔用著資料庫，你的操作等候逾時，沒有記錄。"
                "請稍候幾秒再送出一次；若一直如此，請天庭（主持人）檢查是否有程序長時間鎖住資料庫")
"""What a client is told when a write gave up waiting for a lock (503)."""
RETRY_AFTER = 5
"""Seconds the 503's ``Retry-After`` asks a client to wait."""


def wants_json(scope: Scope) -> bool:
    headers = dict(scope.get("headers") or [])
    path = str(scope.get("path", ""))
    return path.startswith("/api/") or b"application/json" in headers.get(b"accept", b"")


def plain_page(message: str, status: int) -> HTMLResponse:
    """A minimal error page that needs no template (used when the template itself fails)."""
    text = html.escape(message)
    return HTMLResponse(f'<!doctype html><html lang="zh-Hant"><meta charset="utf-8"><title>錯誤 · 天庭</title>'
                        f'<h1>無法完成請求</h1><p>{text}</p><p>（狀態碼 {status}）<a href="/">回到首頁</a></p></html>',
                        status_code=status)


class CatchAll:
    """Turn any exception the app lets through into a clean 500 (JSON or HTML) and log it."""

    def __init__(self, app: ASGIApp, page: Callable[[Request, str, int], Response] | None = None) -> None:
        self.app = app
        self.page = page

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def watched(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, watched)
        except Exception as exc:
            where = (scope.get("method", ""), redact(str(scope.get("path", ""))))
            if busy(exc):
                log.warning("database busy (a lock held elsewhere outlasted the busy timeout): %s %s", *where)
            else:
                log.exception("internal error: %s %s", *where)
            if started:  # pragma: no cover - the answer is half sent: nothing better to do than stop
                return
            await (self.answer_busy(scope) if busy(exc) else self.answer(scope))(scope, receive, send)

    def answer_busy(self, scope: Scope) -> Response:
        """503: the database was busy past the timeout; nothing was written; try again shortly."""
        response: Response
        if wants_json(scope):
            response = JSONResponse({"error": BUSY_MESSAGE, "retry_after": RETRY_AFTER}, status_code=503)
        else:
            response = plain_page(BUSY_MESSAGE, 503)
            if self.page is not None:
                try:
                    response = self.page(Request(scope), BUSY_MESSAGE, 503)
                except Exception:
                    log.exception("the error page failed")
        response.headers["Retry-After"] = str(RETRY_AFTER)
        return response

    def answer(self, scope: Scope) -> Response:
        if wants_json(scope):
            return JSONResponse({"error": MESSAGE}, status_code=500)
        if self.page is not None:
            try:
                return self.page(Request(scope), MESSAGE, 500)
            except Exception:
                log.exception("the error page failed")
        return plain_page(MESSAGE, 500)
