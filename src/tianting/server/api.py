"""The JSON API: the same operations as the pages, for scripts, tests and benchmarks.

Bodies must be ``application/json`` (a cross-site form cannot send that), so
the API needs no CSRF field. Every error is ``{"error": "<中文訊息>"}`` with a
4xx status, and changes nothing.
"""

from __future__ import annotations

import copy
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from tianting.core.jsoninput import InputError, parse_json
from tianting.hosting import judges
from tianting.hosting.game import Refused
from tianting.hosting.views import judge_view, owed_seen, public_view
from tianting.server import confirm, links
from tianting.server.commands import (
    check_power,
    digits_for,
    judge_event,
    owed_unchanged,
    player_event,
)
from tianting.server.store import Access, Store
from tianting.server.urls import public_base

router = APIRouter(prefix="/api")


def store_of(request: Request) -> Store:
    return request.app.state.store  # type: ignore[no-any-return]


async def json_body(request: Request) -> dict[str, Any]:
    """The request's JSON object; anything else is refused with a message (and nothing is stored).

    The same JSON rules as the command line (:func:`tianting.core.jsoninput.parse_json`): NaN/Infinity,
    deep nesting, huge numbers and unpaired surrogates (which no database column can hold) are refused
    here, with the place named, rather than failing later."""
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise Refused("請以 application/json 傳送", 415)
    raw = await request.body()
    try:
        body = parse_json(raw.decode("utf-8"), "請求內容")
    except UnicodeDecodeError:
        raise Refused("請求內容不是有效的JSON：不是UTF-8文字", 400) from None
    except InputError as exc:
        raise Refused(f"請求內容的 {exc}" if exc.where else exc.message, 400) from None
    if not isinstance(body, dict):
        raise Refused("請求內容必須是JSON物件", 400)
    return body


def access(request: Request, token: str, role: str) -> Access:
    found = store_of(request).access(token)
    if found is None or found.role != role:
        raise Refused("連結無效", 404)
    return found


def snapshot(view: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``view`` taken while the game is held: views share lists and dicts with the cached
    game (a phase's submissions, the notes…), and the response is serialised after the lock is
    released, while another request may be appending to them (a torn read, or a 500 for a dict
    that changed size during iteration)."""
    return copy.deepcopy(view)


@router.post("/games", status_code=201)
async def create_game(request: Request) -> JSONResponse:
    body = await json_body(request)
    request.app.state.create_limit.check(request.client.host if request.client else "")  # 429 if too fast
    ids = body.get("ids")
    if isinstance(ids, str):
        from tianting.setup import read_ids

        try:
            ids = read_ids(ids)
        except ValueError as exc:
            raise Refused(str(exc), 422) from None
    made = await run_in_threadpool(
        store_of(request).create_game, title=body.get("title", ""), rules=body.get("rules", "kk33"), ids=ids,
        night_minutes=body.get("night_minutes"), day_minutes=body.get("day_minutes"),
        chibi=body.get("chibi", False), judges=body.get("judges"), pack=body.get("pack"),
    )
    base = public_base(request)
    return JSONResponse({
        "game_id": made.game_id, "commitment": made.commitment,
        "public_url": f"{base}/g/{made.public_id}", "public_id": made.public_id,
        "judge_token": made.judge_token, "judge_url": f"{base}/j/{made.judge_token}",
        "players": {pid: {"token": t, "url": f"{base}/p/{t}"} for pid, t in made.player_tokens.items()},
        **({"judges": {seat: {"token": t, "url": f"{base}/j/{t}"} for seat, t in made.judge_tokens.items()}}
           if made.judge_tokens else {}),
    }, status_code=201)


@router.get("/p/{token}")
def player_state(request: Request, token: str) -> dict[str, Any]:
    who = access(request, token, "player")
    with store_of(request).game(who.game_id) as game:
        view = snapshot(game.player_view(who.player_id or ""))
    from tianting.server import bridge

    if bridge.bridge_key(request):  # the QQ binding code (issue 32): the player's own, once
        view.update(bridge.player_qq(store_of(request), who.game_id, who.player_id or ""))
    return view


@router.post("/p/{token}/{command}")
async def player_command(request: Request, token: str, command: str) -> dict[str, Any]:
    body = await json_body(request)

    def run() -> dict[str, Any]:
        who = access(request, token, "player")
        kind, payload = player_event(command, body)
        if command == "actions":  # 自殺 and the like: 「即時生效，不可修改」 (server/confirm.py)
            with store_of(request).game(who.game_id) as game:
                question = confirm.actions_question(game.player_view(who.player_id or ""), body.get("actions"))
            confirm.check_api(body, request.headers, question)
        written = store_of(request).append(who.game_id, kind, who.player_id or "", payload)
        return {"ok": True, "seq": written[0].seq, "events": [e.kind for e in written]}

    return await run_in_threadpool(run)  # the store blocks (locks, disk): not on the event loop


@router.get("/j/{token}")
def judge_state(request: Request, token: str) -> dict[str, Any]:
    who = access(request, token, "judge")
    with store_of(request).game(who.game_id) as game:
        view = snapshot(judge_view(game))
    view["public_id"] = store_of(request).public_id(who.game_id)
    if who.player_id is not None:
        view["judge_seat"] = who.player_id  # 北斗, 南斗 or 裁判 (hosting/judges.py)
    return view


@router.get("/j/{token}/export")
def judge_export(request: Request, token: str) -> dict[str, Any]:
    who = access(request, token, "judge")
    with store_of(request).game(who.game_id) as game:
        return snapshot(game.export())


@router.get("/j/{token}/export/judge")
def judge_moving_file(request: Request, token: str) -> dict[str, Any]:
    """The judges-only file beside the export (server/moving.py): what ``tianting import`` needs besides it."""
    from tianting.server.moving import judges_file, may_download

    who = access(request, token, "judge")
    may_download(who.player_id)
    with store_of(request).game(who.game_id) as game:
        return snapshot(judges_file(store_of(request).engine, who.game_id, game, game.export()))


@router.post("/j/{token}/webhook")
async def judge_webhook(request: Request, token: str) -> dict[str, Any]:
    """Set (``{"url": "https://…"}``) or remove (``{"url": ""}``) the game's own webhook."""
    body = await json_body(request)
    url = body.get("url", "")
    if not isinstance(url, str):
        raise Refused("通知網址須為文字", 422)

    def run() -> dict[str, Any]:
        from tianting.server.pages import set_webhook

        who = access(request, token, "judge")
        judges.may_set_webhook(who.player_id)
        set_webhook(request, who.game_id, url)
        return {"ok": True}

    return await run_in_threadpool(run)


@router.post("/j/{token}/digits-for")
async def judge_digits_for(request: Request, token: str) -> dict[str, Any]:
    """Every value of one private message at once for the input the draft awaits (the rule set's declaration):
    ``{"player", "digits": [{slot_key, "digit"}, …], "seen"}`` (``seen``, optional: the console's ``owed_seen`` of
    the player when the message was read; what they owe changed since refuses all, 409). All stored in one
    transaction, or none."""
    body = await json_body(request)

    def run() -> dict[str, Any]:
        who = access(request, token, "judge")
        store = store_of(request)
        clock = store.clock()
        with store.game(who.game_id) as game:
            items = digits_for(game, body, clock)
            seen = body.get("seen", owed_seen(game, body.get("player")) if isinstance(body.get("player"), str) else None)
        written = store.append_all(who.game_id, judges.actor(who.player_id), items,
                                   owed_unchanged(body.get("player"), seen))
        return {"ok": True, "seq": written[0].seq, "events": [e.kind for e in written]}

    return await run_in_threadpool(run)


@router.post("/j/{token}/{command}")
async def judge_command(request: Request, token: str, command: str) -> dict[str, Any]:
    body = await json_body(request)

    def run() -> dict[str, Any]:
        who = access(request, token, "judge")
        store = store_of(request)
        clock = store.clock()  # the database's: deadlines agree across processes
        with store.game(who.game_id) as game:
            kind, payload = judge_event(game, command, body, clock)
            check_power(game, who.player_id, kind, payload)
        # 公布, an approved last word, a disqualification: confirmed by the caller (server/confirm.py)
        confirm.check_api(body, request.headers, confirm.judge_question(command, body, who.player_id))
        written = store.append(who.game_id, kind, judges.actor(who.player_id), payload)
        links.after_append(store, who.game_id, token, kind, payload)  # 替補: the seat's new link
        return {"ok": True, "seq": written[0].seq if written else None, "events": [e.kind for e in written]}

    return await run_in_threadpool(run)  # the store blocks (locks, disk): not on the event loop


@router.get("/g/{public_id}")
def public_state(request: Request, public_id: str) -> dict[str, Any]:
    game_id = store_of(request).by_public_id(public_id)  # checks the id's shape before the database
    if game_id is None:
        raise Refused("沒有這局遊戲", 404)
    with store_of(request).game(game_id) as game:
        return snapshot(public_view(game))
