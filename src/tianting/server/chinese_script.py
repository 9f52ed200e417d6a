"""Pages in the reader's Chinese script.

Pages are written in the rule set's own script (KK 3.3: Traditional) and
shown in it by default. A reader may switch to Simplified with
``?script=simplified`` (kept in a cookie; ``?script=traditional`` switches
back): the rendered page's text is converted with OpenCC ``t2s``: the text
between tags and the attributes people read (:data:`READ_ATTRIBUTES`: a
dialog's question, a placeholder, a label for a screen reader), never the other
attributes (form values, ids, links) nor the contents of ``<textarea>`` (what a
judge or player edits and posts back stays exactly as stored). The words the
page's script writes (:data:`SCRIPT_WORDS`) are in the page as text too
(``#script-words``, base.html), so they are converted with it: one conversion.
Input is accepted in either script anyway.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import opencc
from starlette.requests import Request
from starlette.responses import Response

COOKIE = "tianting-script"
SIMPLIFIED = "simplified"
TRADITIONAL = "traditional"
_T2S = opencc.OpenCC("t2s")
_TAG = re.compile(r"(<[^>]*>)")
READ_ATTRIBUTES = ("data-confirm", "data-immediate", "placeholder", "aria-label", "title", "alt")
"""Attributes whose text a person reads: converted with the page's text."""
_READ = re.compile(r'(\s(?:' + "|".join(READ_ATTRIBUTES) + r')=")([^"]*)(")')
SCRIPT_WORDS = ("已複製", "本機時間", "還有", "已到時限", "天", "小時", "分", "秒", "頁面已更新",
                "有更新：你正在填寫的部分未更新，", "重新整理", "（有更新）")
"""What static/app.js writes into a page: listed in the page (base.html) in its script, for the script to read."""


def wanted(request: Request) -> str | None:
    """The script the reader asked for: by the query (which also sets the cookie), else the cookie."""
    asked = request.query_params.get("script")
    if asked in (SIMPLIFIED, TRADITIONAL):
        return asked
    kept = request.cookies.get(COOKIE)
    return kept if kept in (SIMPLIFIED, TRADITIONAL) else None


def _keeping(convert: Callable[[str], str], keep: Sequence[str]) -> Callable[[str], str]:
    """``convert`` that leaves every occurrence of the strings ``keep`` as they are (the game's forum ids, shown as
    their players typed them: issue 29, 7), the longest first."""
    kept = sorted({k for k in keep if k and k != _T2S.convert(k)}, key=len, reverse=True)
    if not kept:
        return convert
    found = re.compile("|".join(map(re.escape, kept)))

    def converted(text: str) -> str:
        at, out = 0, []
        for m in found.finditer(text):
            out += [convert(text[at:m.start()]), m.group(0)]
            at = m.end()
        return "".join(out) + convert(text[at:])

    return converted


def text_to_simplified(text: str, keep: Sequence[str] = ()) -> str:
    """Plain ``text`` (a post) in Simplified, the strings ``keep`` (the game's ids) as they are."""
    return _keeping(_T2S.convert, keep)(text)


def to_simplified(html: str, keep: Sequence[str] = ()) -> str:
    """``html`` with its text (outside tags and textareas) and its read attributes converted to Simplified; the
    strings ``keep`` (the game's forum ids) stay as typed: an id is matched by its normalised form, never shown so."""
    convert = _keeping(_T2S.convert, keep)
    out: list[str] = []
    in_textarea = False
    for part in _TAG.split(html):
        if part.startswith("<"):
            lower = part[:10].lower()
            if lower.startswith("<textarea"):
                in_textarea = True
            elif lower.startswith("</textarea"):
                in_textarea = False
            out.append(_READ.sub(lambda m: m.group(1) + convert(m.group(2)) + m.group(3), part)
                       if '="' in part and not part.startswith("</") else part)
        else:
            out.append(part if in_textarea or not part.strip() else convert(part))
    return "".join(out).replace('<html lang="zh-Hant">', '<html lang="zh-Hans">', 1)


def apply(request: Request, response: Response, default: str | None = None, keep: Sequence[str] = ()) -> Response:
    """Convert an HTML ``response`` if the reader wants Simplified (or asked for nothing and ``default``,
    the game's rule set's own script, is Simplified), the game's ids ``keep`` as typed, and remember a choice
    made by query."""
    script = wanted(request) or default
    if script == SIMPLIFIED:
        body = to_simplified(bytes(response.body).decode(), keep)
        response.body = body.encode()
        response.headers["content-length"] = str(len(response.body))
    if request.query_params.get("script") in (SIMPLIFIED, TRADITIONAL):
        response.set_cookie(COOKIE, request.query_params["script"], max_age=365 * 24 * 3600,
                            httponly=True, samesite="lax")
    return response
