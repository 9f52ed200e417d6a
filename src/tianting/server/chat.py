"""Country groups (國家群) and complaints to the 裁判: what is said beside the game (issue 16).

Seed 003 gives each country a chat group: a player may enter their country's room once they and a
countryman recognise each other (互識: each has learned the other's character), and a player who
exits without such a recognition cannot enter. The rule is the engine's, one for every rule set
(:func:`tianting.engine.recognition.country_group`, ruling D-X2): the ids a player has learned are his
``known``, his country his current one (a joined 在野 talks in the country they joined), and only the
rule set's kingdoms have rooms to enter. The judges (every seat) read every room; a complaint (a game
of three judges) is read by the 裁判 alone, and by its author.

Posts are not inputs of the game (no event, no 復盤): they live in the ``posts`` table (migration
0002), are escaped by the templates like every other text, are at most :data:`MAX_TEXT` characters
and are rate-limited per link (:data:`BURST` at once, then one every :data:`PER_SECONDS` seconds).
A player who is not entitled gets nothing: no room, no message, no member, the same 403 whatever the
room holds; the public page shows nothing of it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response
from sqlalchemy import and_, func, insert, or_, select
from starlette.concurrency import run_in_threadpool

from tianting.core import times
from tianting.engine import recognition
from tianting.hosting import judges, log_words
from tianting.hosting.game import HostedGame, Refused
from tianting.rules import load as load_rules
from tianting.server import db
from tianting.server.db import posts, reading, retrying, writing
from tianting.server.ratelimit import RateLimit
from tianting.server.store import Access, Store

router = APIRouter()

COMPLAINT = "complaint"
COUNTRY = "country:"
REPLY = "reply:"
"""The 裁判's answers to one player's complaints: room ``reply:<id>``, read by the 裁判 and that player."""
MAX_TEXT = 1000
SHOWN = 200
"""The newest posts shown per room."""
BURST = 10
PER_SECONDS = 6.0

NOT_ENTITLED = "你尚未與同國玩家互識，不能進入國家群"
NO_CAIPAN = "這局只有一位天庭，沒有裁判受理投訴"
CAIPAN_ONLY = "答覆投訴屬於裁判（受理玩家對北斗、南斗的投訴）"


def country_room(country: str) -> str:
    return COUNTRY + country


# ---- who may read what -------------------------------------------------------------------
def room_of(game: HostedGame, pid: str) -> str | None:
    """The country room ``pid`` may enter, or None: they and a countryman have recognised each other
    (:func:`tianting.engine.recognition.country_group`, ruling D-X2)."""
    if game.base is None or pid not in game.ids:
        return None
    country = recognition.country_group(game.base.state, pid, load_rules(game.rules).countries)
    return None if country is None else country_room(country)


def countries(game: HostedGame) -> list[str]:
    """Every country of the game's seats, in seat order (the judges' rooms)."""
    out: list[str] = []
    for seat in game.setup.get("players", []):
        if seat["country"] not in out:
            out.append(seat["country"])
    if game.base is not None:
        for pid in game.ids:
            country = game.base.state.players[pid].country
            if country not in out:
                out.append(country)
    return out


# ---- storage -----------------------------------------------------------------------------
def _text(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise Refused("請輸入內容", 422)
    text = value.strip()
    if len(text) > MAX_TEXT:
        raise Refused(f"內容過長（最多{MAX_TEXT}字）", 413)
    if any(ord(c) < 32 and c not in "\n\t" for c in text) or any(0xD800 <= ord(c) <= 0xDFFF for c in text):
        raise Refused("內容不能含控制字元", 422)
    return text


def save(store: Store, game_id: str, room: str, author: str, text: str) -> None:
    def run() -> None:
        with writing(store.engine) as conn:
            conn.execute(insert(posts).values(game_id=game_id, room=room, author=author, body=text,
                                              at=db.now(conn).isoformat()))

    retrying(run)


def read(store: Store, game_id: str, rooms: list[str], author: str | None = None) -> dict[str, list[dict[str, str]]]:
    """The newest posts of each room (oldest first); ``author``: only theirs."""
    out: dict[str, list[dict[str, str]]] = {room: [] for room in rooms}
    if not rooms:
        return out
    with reading(store.engine) as conn:
        query = select(posts.c.room, posts.c.author, posts.c.body, posts.c.at).where(
            posts.c.game_id == game_id, posts.c.room.in_(rooms))
        if author is not None:
            query = query.where(posts.c.author == author)
        rows = conn.execute(query.order_by(posts.c.id)).all()
        conn.rollback()
    for row in rows:
        out[row.room].append({"author": row.author, "text": row.body, "at": row.at})
    return {room: items[-SHOWN:] for room, items in out.items()}


def stamp(store: Store, game_id: str, rooms: list[str], authored: tuple[str, str] | None = None) -> str:
    """How many posts the reader may see and the newest one's number (``rooms``, and ``authored``: one room's
    posts by one author): a live page's version moves when a post it would show arrives, and only then."""
    where = [posts.c.room.in_(rooms)] if rooms else []
    if authored is not None:
        where.append(and_(posts.c.room == authored[0], posts.c.author == authored[1]))
    if not where:
        return "0"
    with reading(store.engine) as conn:
        count, last = conn.execute(select(func.count(posts.c.id), func.max(posts.c.id)).where(
            posts.c.game_id == game_id, or_(*where))).one()
        conn.rollback()
    return f"{count}-{last or 0}"


def player_stamp(store: Store, game: HostedGame, game_id: str, pid: str) -> str:
    room = room_of(game, pid)
    team = judges.team(game.meta)
    return stamp(store, game_id, ([room] if room else []) + ([REPLY + pid] if team else []),
                 (COMPLAINT, pid) if team else None)


def judge_stamp(store: Store, game: HostedGame, game_id: str, seat: str | None) -> str:
    rooms = [country_room(c) for c in countries(game)]
    if seat == judges.CAIPAN:
        rooms += [COMPLAINT] + [REPLY + pid for pid in game.ids]
    return stamp(store, game_id, rooms)


def _thread(complaints: list[dict[str, str]], replies: list[dict[str, str]]) -> list[dict[str, Any]]:
    """A player's complaints and the 裁判's answers, oldest first."""
    items = [{**m, "reply": False} for m in complaints] + [{**m, "reply": True} for m in replies]
    return sorted(items, key=lambda m: m["at"])


def _limit(request: Request, who: Access) -> None:
    limit = getattr(request.app.state, "talk_limit", None)
    if limit is None:
        limit = request.app.state.talk_limit = RateLimit(BURST, PER_SECONDS)
    wait = limit.take(f"{who.game_id}/{who.role}/{who.player_id}")
    if wait > 0:
        raise Refused(f"發言太快，請 {max(1, int(wait + 0.999))} 秒後再試", 429)


# ---- what each reader sees ---------------------------------------------------------------
def player_talk(store: Store, game: HostedGame, game_id: str, pid: str) -> dict[str, Any]:
    """A player's country room (only when entitled) and their own complaints."""
    room = room_of(game, pid)
    out: dict[str, Any] = {"room": None, "posts": [], "complaints": None}
    if room is not None:
        out["room"] = room[len(COUNTRY):]
        out["posts"] = read(store, game_id, [room])[room]
    if judges.team(game.meta):
        out["complaints"] = _thread(read(store, game_id, [COMPLAINT], author=pid)[COMPLAINT],
                                    read(store, game_id, [REPLY + pid])[REPLY + pid])
    return out


def _audit(game: HostedGame, when: Callable[[str | None], str]) -> list[dict[str, Any]]:
    """The judges' audit trail (every judge's and the system's act) in sentences (hosting/log_words.py)."""
    acts = {a["seq"] for a in judges.audit(list(game.events))}
    return [line for line in log_words.lines(game.events, [p.label for p in game.phases], when) if line["seq"] in acts]


def judge_talk(store: Store, game: HostedGame, game_id: str, seat: str | None,
               when: Callable[[str | None], str] = times.shown) -> dict[str, Any]:
    """Every country room, the complaints (the 裁判 only) and the judges' audit trail (``when``: how a time in it
    reads)."""
    names = countries(game)
    rooms = [country_room(c) for c in names]
    replies = [REPLY + pid for pid in game.ids] if seat == judges.CAIPAN else []
    got = read(store, game_id, rooms + ([COMPLAINT] if seat == judges.CAIPAN else []) + replies)
    threads: dict[str, list[dict[str, Any]]] = {}
    if seat == judges.CAIPAN:  # each complaining player's thread: their complaints and the answers
        for m in got[COMPLAINT]:
            threads.setdefault(m["author"], [])
        for pid in threads:
            threads[pid] = _thread([m for m in got[COMPLAINT] if m["author"] == pid], got[REPLY + pid])
    return {
        "threads": threads,
        "seat": seat, "team": judges.team(game.meta), "duties": judges.DUTIES,
        "rooms": [{"country": c, "posts": got[country_room(c)]} for c in names],
        "complaints": got.get(COMPLAINT) if seat == judges.CAIPAN else None,
        "audit": _audit(game, when) if judges.team(game.meta) else [],
    }


def _player(request: Request, token: str) -> Access:
    from tianting.server.pages import _access

    return _access(request, token, "player")


def _judge(request: Request, token: str) -> Access:
    from tianting.server.pages import _access

    return _access(request, token, "judge")


def store_of(request: Request) -> Store:
    return request.app.state.store  # type: ignore[no-any-return]


def say(request: Request, who: Access, where: str, text: Any) -> None:
    """Post ``text`` to the player's country room (``country``) or to the 裁判 (``complaint``)."""
    store = store_of(request)
    pid = who.player_id or ""
    with store.game(who.game_id) as game:
        if where == "country":
            room = room_of(game, pid)
            if room is None:
                raise Refused(NOT_ENTITLED, 403)
        elif where == "complaint":
            if not judges.team(game.meta):
                raise Refused(NO_CAIPAN, 404)
            room = COMPLAINT
        else:
            raise Refused(f"未知的操作「{where[:40]}」", 404)
    body = _text(text)
    _limit(request, who)
    save(store, who.game_id, room, pid, body)


def answer(request: Request, who: Access, player: Any, text: Any) -> None:
    """The 裁判 answers a player's complaint (「同時負責裁定玩家對北斗、南斗的投訴」): only that player reads it."""
    store = store_of(request)
    with store.game(who.game_id) as game:
        if not judges.team(game.meta):
            raise Refused(NO_CAIPAN, 404)
        if who.player_id != judges.CAIPAN:
            raise Refused(CAIPAN_ONLY, 403)
        if not isinstance(player, str) or player not in game.ids:
            raise Refused("請指明答覆哪位玩家的投訴", 422)
    body = _text(text)
    _limit(request, who)
    save(store, who.game_id, REPLY + player, judges.CAIPAN, body)


# ---- the JSON API ------------------------------------------------------------------------
@router.get("/api/p/{token}/talk")
def api_player_talk(request: Request, token: str) -> dict[str, Any]:
    who = _player(request, token)
    store = store_of(request)
    with store.game(who.game_id) as game:
        return player_talk(store, game, who.game_id, who.player_id or "")


@router.post("/api/p/{token}/talk/{where}")
async def api_player_say(request: Request, token: str, where: str) -> dict[str, Any]:
    from tianting.server.api import json_body

    body = await json_body(request)

    def run() -> dict[str, Any]:
        say(request, _player(request, token), where, body.get("text"))
        return {"ok": True}

    return await run_in_threadpool(run)


@router.get("/api/j/{token}/talk")
def api_judge_talk(request: Request, token: str) -> dict[str, Any]:
    who = _judge(request, token)
    store = store_of(request)
    with store.game(who.game_id) as game:
        return judge_talk(store, game, who.game_id, who.player_id)


@router.post("/api/j/{token}/talk/reply")
async def api_judge_answer(request: Request, token: str) -> dict[str, Any]:
    from tianting.server.api import json_body

    body = await json_body(request)

    def run() -> dict[str, Any]:
        answer(request, _judge(request, token), body.get("player"), body.get("text"))
        return {"ok": True}

    return await run_in_threadpool(run)


# ---- the pages' forms ----------------------------------------------------------------------
@router.post("/p/{token}/talk/{where}")
async def page_player_say(request: Request, token: str, where: str) -> Response:
    from tianting.server.pages import _form, _player_page

    who = await run_in_threadpool(_player, request, token)
    form = await _form(request, token)

    def run() -> Response:
        try:
            say(request, who, where, form.get("text"))
        except Refused as exc:
            return _player_page(request, token, who, exc.message, exc.status)
        return RedirectResponse(f"/p/{token}?ok=talk-{where}#talk", status_code=303)

    return await run_in_threadpool(run)


@router.post("/j/{token}/talk/reply")
async def page_judge_answer(request: Request, token: str) -> Response:
    from tianting.server.pages import _form, _judge_page

    who = await run_in_threadpool(_judge, request, token)
    form = await _form(request, token)

    def run() -> Response:
        try:
            answer(request, who, form.get("player"), form.get("text"))
        except Refused as exc:
            return _judge_page(request, token, who, exc.message, exc.status)
        return RedirectResponse(f"/j/{token}?ok=talk-reply#complaints", status_code=303)

    return await run_in_threadpool(run)
