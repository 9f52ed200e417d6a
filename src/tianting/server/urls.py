"""The server's public address: every link it shows (judge, player, public page) starts with it.

Behind a reverse proxy (Caddy, nginx) the request the app sees is not the one the browser
sent, so ``tianting serve --base-url https://game.example.org`` names the public address
once; without it links are built from the request (``Host`` and, from trusted proxies,
``X-Forwarded-Proto``: uvicorn's proxy headers, see ``--forwarded-allow-ips``).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.requests import Request


def check_base_url(url: str | None) -> str | None:
    """``url`` without its trailing slash, or a ValueError saying what is wrong with it."""
    if url is None or not url.strip():
        return None
    url = url.strip().rstrip("/")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.path or parts.query or parts.fragment:
        raise ValueError(f"--base-url must be http(s)://host[:port] (the site's root), not {url!r}")
    return url


def public_base(request: Request) -> str:
    """The base of every link shown to ``request``'s reader (no trailing slash)."""
    configured: str | None = getattr(request.app.state, "base_url", None)
    return configured or str(request.base_url).rstrip("/")


def public_origin(request: Request) -> str | None:
    """``scheme://host[:port]`` of ``--base-url``, the Origin the browser sends from it (None if unset)."""
    configured: str | None = getattr(request.app.state, "base_url", None)
    if not configured:
        return None
    parts = urlsplit(configured)
    return f"{parts.scheme}://{parts.netloc}"
