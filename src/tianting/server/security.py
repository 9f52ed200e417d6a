"""Who is asking, and protection against forged and oversized requests.

- Secret links: ``/j/<token>`` (judge) and ``/p/<token>`` (player); a token
  carries 256 random bits and only its SHA-256 is stored. Every page and
  endpoint resolves the token first and serves only what that role may see.
- Cross-site forms: every HTML form carries a CSRF field, an HMAC of the
  link's token under the server's secret; a POST without the right one, or
  with a foreign ``Origin`` (scheme, host and port all compared), is refused.
  The home page has no link: its field is bound to a random per-visitor
  cookie (:data:`VISITOR_COOKIE`), so no two visitors share one. The JSON API
  accepts only ``application/json`` bodies, which a cross-site form cannot send.
- Every response carries a strict Content-Security-Policy (no inline script),
  ``Referrer-Policy: same-origin`` (links are secrets: no other site sees them, and the pages' own posts carry their Origin) and no caching.
- Bodies over :data:`MAX_BODY` bytes are refused before they are read (a game's creation, which may carry a
  character pack: :data:`MAX_CREATE_BODY`).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY = 64 * 1024
MAX_CREATE_BODY = 4 * 1024 * 1024
"""A game's creation (the form's ``POST /games``, the API's ``POST /api/games``) may carry the judge's own character
pack (tianting/judge_pack.py: up to 512 KiB characters of JSON, a form percent-encodes each Chinese one in 9 bytes)."""
CREATE_PATHS = frozenset({"/games", "/api/games"})
TOO_LARGE = "請求內容過大"

HEADERS = {
    "Content-Security-Policy": ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                                "frame-ancestors 'none'; form-action 'self'; base-uri 'none'"),
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}


def player_token(judge_token: str, player_id: str) -> str:
    """A player's secret link token, derived from the judge's by HMAC-SHA256 (256 bits).

    The judge's console can show every player's link again from its own link, and the
    database keeps only hashes of all of them; a player's token reveals nothing about the
    judge's or another player's (HMAC is one-way).
    """
    digest = hmac.new(judge_token.encode(), f"tianting-player/1:{player_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def judge_seat_token(beidou_token: str, seat: str) -> str:
    """The link token of the 南斗 or the 裁判 in a game of three judges, derived from the 北斗's by HMAC-SHA256 as the
    players' are, so that the 北斗's console can show them again (issue 29, 7); neither reveals the 北斗's."""
    digest = hmac.new(beidou_token.encode(), f"tianting-judge/1:{seat}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def csrf_token(secret: str, link_token: str) -> str:
    """The CSRF field for forms posted under ``link_token`` (or ``"home"`` for the home page)."""
    return hmac.new(secret.encode(), f"csrf:{link_token}".encode(), hashlib.sha256).hexdigest()


def csrf_ok(secret: str, link_token: str, given: Any) -> bool:
    return isinstance(given, str) and hmac.compare_digest(csrf_token(secret, link_token), given)


VISITOR_COOKIE = "tianting-visitor"
"""The home page's per-visitor cookie: 256 random bits, HttpOnly, SameSite=Lax."""
_VISITOR = re.compile(r"[A-Za-z0-9_-]{43}")


def visitor(request: Request) -> str | None:
    """The visitor's cookie, if it has a well-formed one."""
    found = request.cookies.get(VISITOR_COOKIE)
    return found if found and _VISITOR.fullmatch(found) else None


def new_visitor() -> str:
    return secrets.token_urlsafe(32)


def home_link(visitor_id: str) -> str:
    """What the home form's CSRF field is bound to: the visitor's own cookie."""
    return f"home:{visitor_id}"


_DEFAULT_PORTS = {"http": "80", "https": "443"}


def _origin(scheme: str, netloc: str) -> str:
    scheme, netloc = scheme.lower(), netloc.lower()
    if netloc.endswith(":" + _DEFAULT_PORTS.get(scheme, "-")):
        netloc = netloc.rsplit(":", 1)[0]
    return f"{scheme}://{netloc}"


def same_origin(request: Request, public_origin: str | None = None) -> bool:
    """False when the browser says the request came from another site: its ``Origin`` must be this
    server's scheme, host and port (``https://host`` is another origin than ``http://host``), or
    ``public_origin``, the server's public address behind a proxy (``--base-url``)."""
    origin = request.headers.get("origin")
    if origin is None or origin == "null":
        return origin is None
    scheme, sep, netloc = origin.partition("://")
    if not sep or not netloc or "/" in netloc:
        return False
    if public_origin is not None:
        public_scheme, _, public_netloc = public_origin.partition("://")
        if _origin(scheme, netloc) == _origin(public_scheme, public_netloc):
            return True
    return _origin(scheme, netloc) == _origin(request.url.scheme, request.headers.get("host", ""))


class SecurityHeaders:
    """Add :data:`HEADERS` to every HTTP response (a plain ASGI middleware: no task group, no copy)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.raw = [(k.lower().encode(), v.encode()) for k, v in HEADERS.items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = list(message.get("headers", [])) + [
                    (k, v) for k, v in self.raw if k not in present]
            await send(message)

        await self.app(scope, receive, with_headers)


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with 413, whatever Content-Length claims."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY, create_limit: int = MAX_CREATE_BODY) -> None:
        self.app = app
        self.limit = limit
        self.create_limit = create_limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        creating = scope.get("method") == "POST" and scope.get("path") in CREATE_PATHS
        limit = self.create_limit if creating else self.limit
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None:
            try:
                too_big = int(length) > limit
            except ValueError:
                too_big = True
            if too_big:
                await too_large(scope)(scope, receive, send)
                return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise TooLarge
            return message

        try:
            await self.app(scope, limited, send)
        except TooLarge:
            await too_large(scope)(scope, receive, send)


class TooLarge(Exception):
    pass


def too_large(scope: Scope) -> Response:
    """The 413: ``{"error": …}`` for the API (its one error shape), a small HTML page otherwise."""
    from tianting.server.failures import plain_page, wants_json

    if wants_json(scope):
        return JSONResponse({"error": TOO_LARGE}, status_code=413)
    return plain_page(TOO_LARGE, 413)
