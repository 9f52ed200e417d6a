"""A whole inbox at once (issue 32): the judge pastes many private messages with their senders and gets one
reading per player (:func:`tianting.hosting.inbox.read_inbox`), each confirmed with one button, as the paste
box confirms one message (recorded as the judge's act, ``via`` message).

``POST /api/j/<token>/inbox`` (``{"text": …}``) answers the readings as JSON (to confirm with the API's
``submit-for`` / ``vote-for`` / ``digit-for``); ``/j/<token>/inbox`` is the console's page.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from starlette.concurrency import run_in_threadpool

from tianting.hosting import judges
from tianting.hosting.game import HostedGame, Refused
from tianting.hosting.inbox import LAST_WORDS_ONLY_THEIRS, PlayerReading, read_for, read_inbox
from tianting.server.api import access, json_body
from tianting.server.commands import digits_for, judge_event

router = APIRouter()

MAX_INBOX = 20000
"""Most characters one pasted inbox may have."""
TOO_LONG = f"貼上的內容過長（最多{MAX_INBOX}字）：請分幾次貼上"
CHANGED = "讀取之後{player}的情況已有變動（遊戲有了新的進展）：這次確認沒有提交，請重新讀取"
NOT_READY = "{player}的私訊沒有完全讀懂或引擎不接受：請在逐條讀取的頁面核對後再提交"


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise Refused("text 必須是文字", 422)
    if len(value) > MAX_INBOX:
        raise Refused(TOO_LONG, 413)
    return value


def fingerprint(found: PlayerReading) -> str:
    """What a confirmation confirms: the reading as the judge saw it."""
    decision = [found.decision.skill, found.decision.answer] if found.decision is not None else None
    return json.dumps([found.kind, found.actions, found.none, found.vote, found.digit, found.digits, found.seen,
                       found.choice, *([decision] if decision else [])],
                      ensure_ascii=False, sort_keys=True)


def confirm_events(game: HostedGame, found: PlayerReading, now: Any) -> list[tuple[str, dict[str, Any]]]:
    """The judge's events that submit ``found`` for its player (``via`` message), as the paste box makes them."""
    if not found.ready:
        raise Refused(NOT_READY.format(player=found.player), 422)
    if found.kind == "last_words":
        raise Refused(LAST_WORDS_ONLY_THEIRS, 409)
    if found.kind == "choose":  # the judge assigns it, as for an absent player
        return [judge_event(game, "assign", {"player": found.player, "character": found.choice}, now)]
    if found.kind == "decision" and found.decision is not None:  # the judge answers the choice for them
        body = {"actor": found.player, "skill": found.decision.skill, "answer": found.decision.answer}
        return [judge_event(game, "decide", body, now)]
    if found.asked is not None and found.input is not None:  # as the paste page's confirmation records them
        inp = found.input
        given = [{inp.slot_key or "slot": found.owed[n - 1]["slot"], inp.key: d} for n, d in sorted(found.digits.items())]
        return digits_for(game, {"player": found.player, "digits": given}, now)
    if found.kind == "night":
        return [judge_event(game, "submit-for", {"player": found.player, "actions": found.actions, "via": "message"},
                            now)]
    items = []
    if found.vote is not None:
        items.append(judge_event(game, "vote-for", {"player": found.player, "target": found.vote, "via": "message"},
                                 now))
    if found.digit is not None:
        items.append(judge_event(game, "digit-for", {"player": found.player, "digit": found.digit, "via": "message"},
                                 now))
    return items


@router.post("/api/j/{token}/inbox")
async def api_inbox(request: Request, token: str) -> dict[str, Any]:
    body = await json_body(request)

    def run() -> dict[str, Any]:
        who = access(request, token, "judge")
        text = _text(body.get("text"))
        with request.app.state.store.game(who.game_id) as game:
            found, inbox = read_inbox(game, text)
            return {"readings": [f.as_json() for f in found], "unassigned": inbox.unassigned}

    return await run_in_threadpool(run)


# ---- the console's page ----------------------------------------------------------------------------------
def _page(request: Request, token: str, who: Any, text: str = "", read: bool = False, error: str | None = None,
          status: int = 200, done: str | None = None) -> HTMLResponse:
    from tianting.server.pages import _csrf, _game, _render, shown_ids

    with _game(request, who.game_id) as game:
        phase = game.current
        readings, unassigned = ([], [])
        if read and text:
            found, inbox = read_inbox(game, text)
            readings, unassigned = found, inbox.unassigned
        context = {
            "token": token, "csrf": _csrf(request, token), "error": error, "title": game.meta["title"],
            "label": phase.label if phase is not None else "", "open": game.stage == "open", "text": text,
            "read": read, "readings": readings, "unassigned": unassigned, "done": done, "max_inbox": MAX_INBOX,
            "fingerprint": fingerprint, "may": judges.powers(who.player_id, game),
            "submitted": dict(phase.submissions) if phase is not None else {},
            "voted": dict(getattr(phase, "votes", {}) or {}) if phase is not None else {},
        }
        rules, ids = game.rules, shown_ids(game)
    return _render(request, "inbox.html", context, status, rules=rules, ids=ids)


@router.get("/j/{token}/inbox", response_class=HTMLResponse)
def inbox_page(request: Request, token: str) -> HTMLResponse:
    from tianting.server.pages import _access

    return _page(request, token, _access(request, token, "judge"))


@router.post("/j/{token}/read-inbox", response_class=HTMLResponse)
async def read_inbox_page(request: Request, token: str) -> HTMLResponse:
    from tianting.server.pages import _access, _form

    who = await run_in_threadpool(_access, request, token, "judge")
    form = await _form(request, token)
    text = form.get("text")
    if len(text) > MAX_INBOX:
        return await run_in_threadpool(_page, request, token, who, "", False, TOO_LONG, 413)
    return await run_in_threadpool(_page, request, token, who, text, True)


@router.post("/j/{token}/inbox-confirm", response_class=HTMLResponse)
async def confirm_page(request: Request, token: str) -> Response:
    from tianting.server.pages import _access, _form

    who = await run_in_threadpool(_access, request, token, "judge")
    form = await _form(request, token)
    return await run_in_threadpool(_confirm, request, token, who, form)


def _confirm(request: Request, token: str, who: Any, form: Any) -> Response:
    """One player's reading of the pasted inbox submitted for them, if it still reads as the page showed it."""
    store = request.app.state.store
    inbox, player, text = form.get("inbox"), form.get("player"), form.get("text")
    try:
        if len(inbox) > MAX_INBOX or len(text) > MAX_INBOX:
            raise Refused(TOO_LONG, 413)
        clock = store.clock()
        with store.game(who.game_id) as game:
            if player not in game.ids:
                raise Refused("沒有這名玩家", 422)
            found = read_for(game, player, text)
            if fingerprint(found) != form.get("seen"):
                raise Refused(CHANGED.format(player=player), 409)
            items = confirm_events(game, found, clock)
        store.append_all(who.game_id, judges.actor(who.player_id), items)
    except Refused as exc:
        return _page(request, token, who, inbox, True, exc.message, exc.status)
    return _page(request, token, who, inbox, True, done=f"已代{player}提交：{found.summary()}")
