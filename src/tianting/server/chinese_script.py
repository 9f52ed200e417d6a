"""Pages in the reader's Chinese script.

Pages are written in the rule set's own script (KK 3.3: Traditional) and
shown in it by default. A reader may switch to Simplified with
``?script=simplified`` (kept in a cookie; ``?script=traditional`` switches
back): the rendered page's text is converted with OpenCC ``t2s``. Only text
between tags is converted, never attributes (form values, ids, links) nor the
contents of ``<textarea>`` (what a judge or player edits and posts back stays
exactly as stored). Input is accepted in either script anyway.
"""

from __future__ import annotations

import re

import opencc
from starlette.requests import Request
from starlette.responses import Response

COOKIE = "tianting-script"
SIMPLIFIED = "simplified"
TRADITIONAL = "traditional"
_T2S = opencc.OpenCC("t2s")
_TAG = re.compile(r"(<[^>]*>)")


def wanted(request: Request) -> str | None:
    """The script the reader asked for: by the query (which also sets the cookie), else the cookie."""
    asked = request.query_params.get("script")
    if asked in (SIMPLIFIED, TRADITIONAL):
        return asked
    kept = request.cookies.get(COOKIE)
    return kept if kept in (SIMPLIFIED, TRADITIONAL) else None


def to_simplified(html: str) -> str:
    """``html`` with its text (outside tags and textareas) converted to Simplified Chinese."""
    out: list[str] = []
    in_textarea = False
    for part in _TAG.split(html):
        if part.startswith("<"):
            lower = part[:10].lower()
            if lower.startswith("<textarea"):
                in_textarea = True
            elif lower.startswith("</textarea"):
                in_textarea = False
            out.append(part)
        else:
            out.append(part if in_textarea or not part.strip() else _T2S.convert(part))
    return "".join(out).replace('<html lang="zh-Hant">', '<html lang="zh-Hans">', 1)


def apply(request: Request, response: Response, default: str | None = None) -> Response:
    """Convert an HTML ``response`` if the reader wants Simplified (or asked for nothing and ``default``,
    the game's rule set's own script, is Simplified), and remember a choice made by query."""
    script = wanted(request) or default
    if script == SIMPLIFIED:
        body = to_simplified(bytes(response.body).decode())
        response.body = body.encode()
        response.headers["content-length"] = str(len(response.body))
    if request.query_params.get("script") in (SIMPLIFIED, TRADITIONAL):
        response.set_cookie(COOKIE, request.query_params["script"], max_age=365 * 24 * 3600,
                            httponly=True, samesite="lax")
    return response
