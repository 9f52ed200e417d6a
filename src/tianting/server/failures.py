"""Every failure answered in the shape its caller expects, with the traceback only in the log.

An unexpected exception (a bug, a damaged database page, a lost database
connection) becomes a 500 in the API's JSON shape ``{"error": "…"}`` under
``/api/`` (or when the client asks for JSON) and a plain HTML error page for
the pages, carrying the security headers like every other response. The
traceback goes to the ``tianting.server`` log, scrubbed of secrets
(:mod:`tianting.server.logs`); nothing internal reaches the client.
"""

from __future__ import annotations

import html
import logging
from collections.abc import Callable

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tianting.server.logs import guard, redact

log = logging.getLogger("tianting.server")
guard(log)

MESSAGE = "伺服器內部錯誤，已記錄在伺服器日誌；請稍後再試"
"""What a client is told of a 500 (never the exception)."""


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
        except Exception:
            log.exception("internal error: %s %s", scope.get("method", ""), redact(str(scope.get("path", ""))))
            if started:  # pragma: no cover - the answer is half sent: nothing better to do than stop
                return
            await self.answer(scope)(scope, receive, send)

    def answer(self, scope: Scope) -> Response:
        if wants_json(scope):
            return JSONResponse({"error": MESSAGE}, status_code=500)
        if self.page is not None:
            try:
                return self.page(Request(scope), MESSAGE, 500)
            except Exception:
                log.exception("the error page failed")
        return plain_page(MESSAGE, 500)
