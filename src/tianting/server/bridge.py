"""The server's side of the QQ bridge (issue 32): bindings, private messages in, group posts out.

The bridge (``tianting qq``, :mod:`tianting.qq`) is a separate process that talks to this server only
through the routes below, with its own key (``tianting serve --bridge-key KEY`` or the environment
variable :data:`BRIDGE_ENV`; sent as ``Authorization: Bearer KEY``). Without a key set the routes do not
exist (404).

- **Binding.** Each player has a one-time code (``qq_code`` in ``GET /api/p/<token>`` and on their page);
  the private message 「綁定 CODE」 makes the bridge ``POST /api/bridge/bind`` and links that QQ number to the
  seat for this game. A QQ number is bound to one seat at a time (until its game ends or the judge unbinds
  it), a seat to one QQ number. Bindings and QQ numbers are the judges' alone: kept as server settings (like
  a game's webhook), never in the event log, the 復盤 or anyone else's view.
- **Private messages in** (``POST /api/bridge/message``): kept in the event log as received (a ``message``
  event of the player: the text, ``via`` qq, the OneBot message id, which makes a message sent twice one),
  then read as the paste box reads (:func:`tianting.hosting.inbox.read_for`). By the game's setting
  (``POST /api/j/<token>/qq``: ``{"group": …, "auto_submit": true|false}``) a reading that is read in full and
  accepted by the engine is submitted at once as the player's own (the answer says what was read:
  「已收到：明察 子義」), or left for the judges to confirm on the console (:mod:`tianting.server.inbox`'s
  flow). What was not read is said, with the names it sounds like (:mod:`tianting.hosting.pinyin`).
- **Out** (``GET /api/bridge/outbox``, then ``POST /api/bridge/outbox/ack``): each published announcement
  for the game's QQ group with the public page's link, a reminder when the open phase's deadline is near,
  and, where the judge named a group for a country, that country room's posts. A post is offered until
  acknowledged and never after, so nothing is lost when the bridge or QQ is away, and nothing doubled.
  Private feedback is never posted: a player who asks is pointed to their own page.
"""

from __future__ import annotations

import hmac
import json
import os
import re
import secrets
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlalchemy import select
from starlette.concurrency import run_in_threadpool

from tianting.core import times
from tianting.hosting import events as ev
from tianting.hosting import judges, substitutes
from tianting.hosting.decision_message import question
from tianting.hosting.game import MAX_TEXT, HostedGame, Refused
from tianting.hosting.inbox import PlayerReading, read_for
from tianting.rules import load as load_rules
from tianting.server import chinese_script, confirm
from tianting.server.api import access, json_body
from tianting.server.db import posts, reading
from tianting.server.inbox import CHANGED, confirm_events, fingerprint
from tianting.server.settings import SettingsTransaction
from tianting.server.store import Store
from tianting.server.urls import public_base

router = APIRouter()

BRIDGE_ENV = "TIANTING_BRIDGE_KEY"
"""The environment variable that gives ``tianting serve`` the bridge's key."""
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""A binding code's letters: none that read alike (0/O, 1/I)."""
CODE_LENGTH = 8
REMIND_MINUTES = 30
"""How long before the open phase's deadline the group is reminded."""
_GROUP = re.compile(r"[1-9]\d{4,11}")

UNBOUND = "你的QQ號還沒有綁定座位：請在你的玩家頁面找到綁定碼，私訊我「綁定 綁定碼」。"
BAD_CODE = "綁定碼無效或已經用過：請在你的玩家頁面查看（綁定碼只能用一次）。"
BOUND_ELSEWHERE = "這個QQ號已經綁定了「{title}」的{player}：如要改綁，請天庭先解除綁定。"
SEAT_TAKEN = "這個座位已經綁定了另一個QQ號：如要改綁，請天庭先解除綁定。"
TOO_LONG = f"私訊過長（最多{MAX_TEXT}字）：這則沒有記錄，請精簡或分開再發。"
LAST_WORDS_KEPT = "已收到你的遺言：天庭審核後隨公告發布（可再發一則改寫）。"
OWN_ALWAYS = ("choose", "last_words")
"""Readings submitted as the player's own whatever ``auto_submit`` says: choosing one's character (which the engine
checks and the player may change until the start) and last words (which the judges approve or refuse anyway)."""
BUSY = "綁定的人太多，這次沒有完成：請稍後再發一次「綁定 綁定碼」。"
DUPLICATE = "已經收到"
"""In the game's refusal of a message already kept (same message id)."""
FEEDBACK = "私下的結果不會在QQ發送：請打開你的玩家頁面查看（綁定時天庭給你的連結）。"


# ---- settings: a game's QQ setting, the codes, who is bound ------------------------------------------------
Settings = Store | SettingsTransaction
"""Where settings are read (and written): the store, or, for a change read from what is there, one
:meth:`Store.settings_update` transaction, atomic across the processes serving the database."""


def _get(store: Settings, key: str) -> Any:
    raw = store.get_setting(key)
    return None if raw is None else json.loads(raw)


def _put(store: Settings, key: str, value: Any) -> None:
    store.put_setting(key, None if value is None else json.dumps(value, ensure_ascii=False, sort_keys=True))


def game_key(game_id: str) -> str:
    return f"qq:game:{game_id}"


def _code_key(code: str) -> str:
    return f"qq:code:{code}"


def _user_key(qq: str) -> str:
    return f"qq:user:{qq}"


GAMES_KEY = "qq:games"
"""The games with a group or a mirrored room set (the outbox looks at these only)."""


def settings_of(store: Settings, game_id: str) -> dict[str, Any]:
    found = _get(store, game_key(game_id)) or {}
    return {"group": None, "auto_submit": False, "rooms": {}, "codes": {}, "bound": {}, "posted": [], **found}


def _save(store: Settings, game_id: str, data: dict[str, Any]) -> None:
    _put(store, game_key(game_id), data)
    games = _get(store, GAMES_KEY) or []
    posting = bool(data.get("group") or data.get("rooms"))
    if posting != (game_id in games):
        _put(store, GAMES_KEY, [*games, game_id] if posting else [g for g in games if g != game_id])


def player_code(store: Store, game_id: str, pid: str) -> str | None:
    """``pid``'s one-time binding code (made the first time it is asked for), or None once bound."""
    seen = settings_of(store, game_id)  # a page's every view asks: a write only the first time
    if pid in seen["bound"] or pid in seen["codes"]:
        return None if pid in seen["bound"] else str(seen["codes"][pid])
    with store.settings_update() as tx:
        data = settings_of(tx, game_id)
        if pid in data["bound"]:
            return None
        code = data["codes"].get(pid)
        if code is None:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))  # a credential, not a draw
            data["codes"][pid] = code
            _put(tx, _code_key(code), {"game": game_id, "player": pid})
            _save(tx, game_id, data)
        return str(code)


def player_qq(store: Store, game_id: str, pid: str) -> dict[str, Any]:
    """What a player's own view says of QQ: their code, or that they are bound (not the number)."""
    code = player_code(store, game_id, pid)
    return {"qq_code": code, "qq_bound": code is None}


def unbind(store: Store, game_id: str, pid: str) -> bool:
    """Unbind ``pid``'s QQ number (their next code is a new one); False if none was bound."""
    with store.settings_update() as tx:
        data = settings_of(tx, game_id)
        qq = data["bound"].pop(pid, None)
        if qq is None:
            return False
        found = _get(tx, _user_key(qq))
        if found and found.get("game") == game_id and found.get("player") == pid:
            _put(tx, _user_key(qq), None)
        _save(tx, game_id, data)
        return True


# ---- the bridge's key ----------------------------------------------------------------------------------
def bridge_key(request: Request) -> str | None:
    key = getattr(request.app.state, "bridge_key", None)
    return key if key is not None else (os.environ.get(BRIDGE_ENV) or None)


def _bridge(request: Request) -> Store:
    key = bridge_key(request)
    if not key:
        raise Refused("找不到這個頁面", 404)
    given = request.headers.get("authorization", "")
    if not hmac.compare_digest(given.encode("utf-8", "replace"), f"Bearer {key}".encode()):
        raise Refused("橋接金鑰不符", 401)
    return request.app.state.store  # type: ignore[no-any-return]


def _qq(value: Any) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str) or not re.fullmatch(r"[1-9]\d{4,11}", value):
        raise Refused("qq 必須是QQ號", 422)
    return value


def _script(game: HostedGame, text: str) -> str:
    """``text`` in the rule set's own script."""
    if load_rules(game.rules).script == chinese_script.SIMPLIFIED:
        return chinese_script.text_to_simplified(text, substitutes.every_id(game))
    return text


# ---- binding --------------------------------------------------------------------------------------------
def bind(store: Store, qq: str, code: str) -> dict[str, Any]:
    """``qq`` bound to the seat whose one-time ``code`` it sends. The games are read first, then the settings are
    read again and changed in one transaction (:meth:`Store.settings_update`; no game is read under it, so no game
    is held while the database's write lock is), read afresh if they changed in between."""
    code = re.sub(r"\s+", "", code).upper()
    for _attempt in range(5):
        found = _get(store, _code_key(code)) if re.fullmatch(r"[A-Z0-9]{4,16}", code) else None
        if not found:
            raise Refused(BAD_CODE, 404)
        game_id, pid = found["game"], found["player"]
        with store.game(game_id) as game:
            title, simplified = game.meta["title"], load_rules(game.rules).script == chinese_script.SIMPLIFIED
        script = chinese_script.to_simplified if simplified else (lambda text: text)
        mine = _get(store, _user_key(qq))
        elsewhere = None
        if mine and (mine["game"], mine["player"]) != (game_id, pid) and not _over(store, mine["game"]):
            with store.game(mine["game"]) as other:
                elsewhere = BOUND_ELSEWHERE.format(title=other.meta["title"], player=mine["player"])
        with store.settings_update() as tx:
            if _get(tx, _code_key(code)) != found or _get(tx, _user_key(qq)) != mine:
                continue  # another binding came in between: read again
            if elsewhere:
                raise Refused(script(elsewhere), 409)
            data = settings_of(tx, game_id)
            if data["bound"].get(pid) not in (None, qq):
                raise Refused(script(SEAT_TAKEN), 409)
            data["bound"][pid] = qq
            data["codes"].pop(pid, None)
            _put(tx, _code_key(code), None)
            _put(tx, _user_key(qq), {"game": game_id, "player": pid})
            _save(tx, game_id, data)
        answer = f"已綁定：「{title}」的{pid}。之後私訊我你的行動（夜晚）或投票（白天）即可；私下的結果請看你的玩家頁面。"
        return {"ok": True, "game": game_id, "player": pid, "answer": script(answer)}
    raise Refused(BUSY, 503)


def _over(store: Store, game_id: str) -> bool:
    try:
        with store.game(game_id) as game:
            return game.over
    except Refused:
        return True


@router.post("/api/bridge/bind")
async def api_bind(request: Request) -> dict[str, Any]:
    body = await json_body(request)

    def run() -> dict[str, Any]:
        store = _bridge(request)
        code = body.get("code")
        if not isinstance(code, str):
            raise Refused(BAD_CODE, 422)
        return bind(store, _qq(body.get("qq")), code)

    return await run_in_threadpool(run)


# ---- private messages in ------------------------------------------------------------------------------
def _asked_back(found: PlayerReading) -> list[str]:
    out = []
    if found.reading is not None and found.reading.suggestions:
        pairs = "、".join(f"「{s.typed}」是「{s.word}」嗎" for s in found.reading.suggestions)
        out.append(f"{pairs}？如果是，請重發：{found.reading.corrected()}")
    return out


def _unread(found: PlayerReading) -> list[str]:
    unread = found.unread_text()
    return [f"沒有讀懂：{'、'.join(f'「{u}」' for u in unread)}"] if unread else []


def _own_events(found: PlayerReading) -> list[tuple[str, dict[str, Any]]]:
    """The player's own events for a reading ready to submit."""
    if found.asked is not None and found.input is not None:  # a draft input's values, by their number
        inp = found.input
        return [(ev.DIGIT, {inp.key: d, **({inp.number_key: n} if inp.number_key else {})})
                for n, d in sorted(found.digits.items())]
    if found.kind == "choose":
        return [(ev.CHOOSE, {"character": found.choice})]
    if found.kind == "last_words":
        return [(ev.LAST_WORDS, {"text": found.text})]
    if found.kind == "decision" and found.decision is not None:
        return [(ev.DECIDE, {"skill": found.decision.skill, "answer": found.decision.answer})]
    if found.kind == "night":
        return [(ev.SUBMIT, {"actions": found.actions})]
    items: list[tuple[str, dict[str, Any]]] = []
    if found.vote is not None:
        items.append((ev.VOTE, {"target": found.vote}))
    if found.digit is not None:
        items.append((ev.DIGIT, {found.input.key if found.input is not None else "digit": found.digit}))
    return items


def _still_asked(found: PlayerReading, taken: bool) -> list[str]:
    """The choices the judge asked of the player, told with every answer until each is answered (the bridge
    answers, it does not start a chat): all of them when the message tried to answer one and did not, else those
    with no answer yet, less the one the message answered (``taken``: submitted, or left for the judge)."""
    if found.kind == "decision" and not taken:
        return [question(found.questions)] if found.questions else []
    answered = found.decision.skill if taken and found.decision is not None else None
    open_ = [d for d in found.questions if d.get("answer") is None and d["skill"] != answered]
    return [question(open_)] if open_ else []


def receive(store: Store, qq: str, message_id: str, text: str) -> dict[str, Any]:
    """A private message from ``qq``: kept, read, submitted or left to confirm; the answer to send back."""
    bound = _get(store, _user_key(qq))
    if not bound or _over(store, bound["game"]):
        return {"status": "unbound", "answer": UNBOUND}
    game_id, pid = bound["game"], bound["player"]
    with store.game(game_id) as game:
        script, ids = game.rules, substitutes.every_id(game)
    simplified = load_rules(script).script == chinese_script.SIMPLIFIED
    say = lambda s: chinese_script.text_to_simplified(s, ids) if simplified else s  # noqa: E731  (ids as typed)
    if len(text) > MAX_TEXT:
        return {"status": "too-long", "answer": say(TOO_LONG)}
    if re.fullmatch(r"\s*(結果|结果|回饋|回馈|反饋|反馈|私訊結果|feedback)\s*[?？]?\s*", text):
        with store.game(game_id) as game:
            asked = [d for d in game.player_view(pid).get("decisions") or [] if d.get("answer") is None]
        return {"status": "feedback", "answer": say("\n".join([FEEDBACK, *([question(asked)] if asked else [])]))}
    auto = bool(settings_of(store, game_id)["auto_submit"])
    message = (ev.MESSAGE, {"text": text, "via": "qq", "message_id": message_id})
    with store.game(game_id) as game:
        if any(m["message_id"] == message_id and m["player"] == pid for m in game.messages):
            return {"status": "duplicate", "answer": None}
        sure, said = confirm.confirmed_message(text)  # 「確定 …」: the player confirms an act that cannot be undone
        found = read_for(game, pid, said)
        asking = (confirm.actions_question(game.player_view(pid), found.actions)
                  if found.kind == "night" and found.ready and not sure else None)
    if asking is not None:  # 自殺 and the like (「即時生效，不可修改」): asked back, kept, not submitted
        try:
            store.append(game_id, message[0], pid, message[1])
        except Refused as exc:
            return {"status": "duplicate" if DUPLICATE in exc.message else "refused",
                    "answer": None if DUPLICATE in exc.message else say(exc.message)}
        return {"status": "confirm", "answer": say(confirm.QQ_ASK.format(question=asking, summary=found.summary(),
                                                                         message=text.strip())),
                "summary": found.summary()}
    submitted = False
    own = found.kind in OWN_ALWAYS  # the player's own right, checked by the engine (遺言 then await the judges)
    try:
        if (auto or own) and found.ready:
            try:
                store.append_all(game_id, pid, [message, *_own_events(found)])
                submitted = True
            except Refused as exc:
                if DUPLICATE in exc.message:
                    raise
                store.append(game_id, message[0], pid, message[1])  # kept, though not submitted
                found.check = exc.message
        else:
            store.append(game_id, message[0], pid, message[1])
    except Refused as exc:
        if DUPLICATE in exc.message:
            return {"status": "duplicate", "answer": None}
        return {"status": "refused", "answer": say(exc.message)}
    if submitted:
        told = LAST_WORDS_KEPT if found.kind == "last_words" else f"已收到：{found.summary()}"
        if found.kind == "decision":
            told += "（公布前可以更改：再回覆即可）"
        return {"status": "submitted", "answer": say("\n".join([told, *_still_asked(found, True)]))}
    lines: list[str]
    if found.kind is None:
        lines = ["已收到你的私訊，天庭會看到。", *found.problems]
        status = "kept"
    elif found.ready:
        lines = [f"已收到，天庭核對後代為提交。讀作：{found.summary()}"]
        status = "draft"
    else:
        lines = ["已收到，但沒有提交：", *(f"・{p}" for p in found.all_problems), *_unread(found), *_asked_back(found)]
        if found.summary():
            lines.insert(1, f"讀作：{found.summary()}")
        if not auto:
            lines.append("天庭會看到這則私訊並核對。")
        status = "unread"
    lines += _still_asked(found, found.ready)
    return {"status": status, "answer": say("\n".join(lines)), "summary": found.summary()}


@router.post("/api/bridge/message")
async def api_message(request: Request) -> dict[str, Any]:
    body = await json_body(request)

    def run() -> dict[str, Any]:
        store = _bridge(request)
        mid, text = body.get("message_id"), body.get("text")
        if isinstance(mid, int) and not isinstance(mid, bool):
            mid = str(mid)
        if not isinstance(mid, str) or not 0 < len(mid) <= 64:
            raise Refused("message_id 必須是文字或整數", 422)
        if not isinstance(text, str):
            raise Refused("text 必須是文字", 422)
        return receive(store, _qq(body.get("qq")), mid, text)

    return await run_in_threadpool(run)


# ---- group posts out ----------------------------------------------------------------------------------
def _when(iso: str) -> str:
    """A time in a group post: in the server's display zone, named (core/times.py; a post has no script)."""
    return times.shown(iso)


def outbox(store: Store, base: str, now: datetime) -> list[dict[str, Any]]:
    """The posts every game's QQ groups are owed now, oldest first (see the module's doc)."""
    out: list[dict[str, Any]] = []
    for game_id in _get(store, GAMES_KEY) or []:
        data = settings_of(store, game_id)
        posted = set(data["posted"])
        try:
            with store.game(game_id) as game:
                out += [p for p in _game_posts(store, game_id, game, data, base, now) if p["id"] not in posted]
        except Refused:
            continue
    return out


def _game_posts(store: Store, game_id: str, game: HostedGame, data: dict[str, Any], base: str,
                now: datetime) -> list[dict[str, Any]]:
    title = game.meta["title"]
    out = []
    group = data.get("group")
    if group:
        link = f"{base}/g/{store.public_id(game_id)}"
        for index, phase in game.published():
            text = f"【{title}】{phase.label}公告\n{game.announcement_text(index)}\n\n公開頁面：{link}"
            out.append({"id": f"{game_id}|publish|{index}", "group": group, "text": _script(game, text)})
        phase = game.current
        if game.stage == "open" and phase is not None and phase.deadline:
            deadline = datetime.fromisoformat(phase.deadline)
            if deadline - timedelta(minutes=REMIND_MINUTES) <= now < deadline:
                what = "行動" if phase.kind == "night" else "投票"
                text = (f"【{title}】{phase.label}的時限快到了（{_when(phase.deadline)}）：還沒有交{what}的，"
                        f"請盡快私訊天庭（或在自己的玩家頁面提交）。")
                out.append({"id": f"{game_id}|deadline|{phase.deadline}", "group": group, "text": _script(game, text)})
    rooms = data.get("rooms") or {}
    if rooms:
        with reading(store.engine) as conn:
            rows = conn.execute(select(posts.c.id, posts.c.room, posts.c.author, posts.c.body).where(
                posts.c.game_id == game_id, posts.c.room.in_([f"country:{c}" for c in rooms]),
                posts.c.id > int(data.get("rooms_from", 0))).order_by(posts.c.id)).all()
            conn.rollback()
        for row in rows:
            country = row.room.split(":", 1)[1]
            text = f"【{title}·{country}國家群】{row.author}：{row.body}"
            out.append({"id": f"{game_id}|room|{row.id}", "group": rooms[country], "text": _script(game, text)})
    return out


@router.get("/api/bridge/outbox")
def api_outbox(request: Request) -> dict[str, Any]:
    store = _bridge(request)
    return {"posts": outbox(store, public_base(request), store.clock())}


@router.post("/api/bridge/outbox/ack")
async def api_ack(request: Request) -> dict[str, Any]:
    body = await json_body(request)

    def run() -> dict[str, Any]:
        store = _bridge(request)
        ids = body.get("ids")
        if not isinstance(ids, list) or not all(isinstance(i, str) and len(i) < 200 for i in ids):
            raise Refused("ids 必須是文字列表", 422)
        by_game: dict[str, list[str]] = {}
        for post in ids:
            by_game.setdefault(post.split("|", 1)[0], []).append(post)
        with store.settings_update() as tx:
            games = _get(tx, GAMES_KEY) or []
            for game_id, acked in by_game.items():
                if game_id not in games:
                    continue
                data = settings_of(tx, game_id)
                rooms = [int(i.rsplit("|", 1)[1]) for i in acked if "|room|" in i and i.rsplit("|", 1)[1].isdigit()]
                if rooms:  # a room's posts are sent in order: the highest acknowledged is where the next start
                    data["rooms_from"] = max([int(data.get("rooms_from", 0)), *rooms])
                data["posted"] = sorted(set(data["posted"]) | {i for i in acked if "|room|" not in i})
                _save(tx, game_id, data)
        return {"ok": True}

    return await run_in_threadpool(run)


# ---- the judge's setting ----------------------------------------------------------------------------------
def _group(value: Any) -> str | None:
    if value in (None, ""):
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str) or not _GROUP.fullmatch(value.strip()):
        raise Refused("QQ群號須為5至12位數字", 422)
    return value.strip()


def set_qq(store: Store, game_id: str, body: dict[str, Any]) -> dict[str, Any]:
    """The judge's setting: the game's group, whether bound players' readings are submitted at once, and the
    country rooms mirrored to a group of their own. A group set later is owed only what is published after."""
    auto = body.get("auto_submit", False)
    if not isinstance(auto, bool):
        raise Refused("auto_submit 必須是 true 或 false", 422)
    rooms = body.get("rooms", None)
    if rooms is not None and not isinstance(rooms, dict):
        raise Refused("rooms 必須是物件（國家 → QQ群號）", 422)
    with store.game(game_id) as game:  # read before the settings' transaction (no game is read under it)
        countries = set(load_rules(game.rules).countries)
        published = {f"{game_id}|publish|{i}" for i, _ in game.published()}
    if rooms is not None:
        bad = [c for c in rooms if c not in countries]
        if bad:
            raise Refused(f"沒有這個國家：{'、'.join(map(str, bad))}", 422)
    group_given = _group(body.get("group")) if "group" in body else None
    rooms_given = {c: g for c, g in ((c, _group(g)) for c, g in rooms.items()) if g} if rooms is not None else None
    last_post = _last_post(store, game_id)
    with store.settings_update() as tx:
        data = settings_of(tx, game_id)
        group = group_given if "group" in body else data["group"]
        if rooms_given is not None:
            data["rooms"] = rooms_given
            if data["rooms"] and "rooms_from" not in data:
                data["rooms_from"] = last_post
        if group and group != data["group"]:  # only what is published from now on
            data["posted"] = sorted(set(data["posted"]) | published)
        data["group"], data["auto_submit"] = group, auto
        _save(tx, game_id, data)
    return judge_qq(store, game_id)


def _last_post(store: Store, game_id: str) -> int:
    with reading(store.engine) as conn:
        row = conn.execute(select(posts.c.id).where(posts.c.game_id == game_id).order_by(posts.c.id.desc())).first()
        conn.rollback()
    return int(row[0]) if row else 0


def judge_qq(store: Store, game_id: str) -> dict[str, Any]:
    """The judges' view of the game's QQ: the setting, each seat's binding or code, the messages received (each of
    the phase in play not yet handled with its reading now, ``seen`` being what confirming it confirms)."""
    data = settings_of(store, game_id)
    with store.game(game_id) as game:
        ids = game.ids
        messages = []
        for m in game.messages:
            handled = _handled(game, m)
            row = {**m, "handled": handled}
            if not handled and m["phase"] == len(game.phases) - 1:
                found = read_for(game, m["player"], m["text"])
                row["reading"] = {**found.as_json(), "seen": fingerprint(found)}
            messages.append(row)
    return {"group": data["group"], "auto_submit": data["auto_submit"], "rooms": data["rooms"],
            "players": {pid: {"qq": data["bound"].get(pid), "code": data["codes"].get(pid)} for pid in ids},
            "messages": messages}


def confirm_message(store: Store, who: Any, pid: str, message_id: str, seen: str | None = None) -> PlayerReading:
    """A judge confirms the reading of ``pid``'s QQ message ``message_id`` (as the inbox confirms one: the judges'
    own act, ``via`` message where it says so); ``seen``: the reading as the judge saw it, refused if it reads
    otherwise now."""
    clock = store.clock()
    with store.game(who.game_id) as game:
        message = next((m for m in game.messages if m["player"] == pid and m["message_id"] == message_id), None)
        if message is None:
            raise Refused("沒有這則私訊", 404)
        found = read_for(game, pid, message["text"])
        if seen is not None and seen != fingerprint(found):
            raise Refused(CHANGED.format(player=pid), 409)
        items = confirm_events(game, found, clock)
    store.append_all(who.game_id, judges.actor(who.player_id), items)
    return found


ANSWERS = (ev.SUBMIT, ev.VOTE, ev.DIGIT, ev.CHOOSE, ev.LAST_WORDS, ev.DECIDE)


def _handled(game: HostedGame, message: dict[str, Any]) -> bool:
    """Whether something was recorded for the message's player after it (by them or for them)."""
    pid = message["player"]
    return any(e.seq > message["seq"] and e.kind in ANSWERS
               and pid in (e.actor, e.payload.get("player"), e.payload.get("actor"))
               for e in game.events[message["seq"]:])


@router.get("/api/j/{token}/qq")
def api_judge_qq(request: Request, token: str) -> dict[str, Any]:
    who = access(request, token, "judge")
    return judge_qq(request.app.state.store, who.game_id)


@router.post("/api/j/{token}/qq")
async def api_set_qq(request: Request, token: str) -> dict[str, Any]:
    body = await json_body(request)

    def run() -> dict[str, Any]:
        who = access(request, token, "judge")
        judges.may_set_webhook(who.player_id)
        return set_qq(request.app.state.store, who.game_id, body)

    return await run_in_threadpool(run)


@router.post("/api/j/{token}/qq/confirm")
async def api_confirm(request: Request, token: str) -> dict[str, Any]:
    """``{"player": …, "message_id": …, "seen": …}`` (``seen``, optional: the reading's as ``GET …/qq`` gave it)."""
    body = await json_body(request)

    def run() -> dict[str, Any]:
        who = access(request, token, "judge")
        pid, mid, seen = body.get("player"), body.get("message_id"), body.get("seen")
        if not isinstance(pid, str) or not isinstance(mid, str) or not isinstance(seen, (str, type(None))):
            raise Refused("player、message_id（與 seen）必須是文字", 422)
        found = confirm_message(request.app.state.store, who, pid, mid, seen)
        return {"ok": True, "summary": found.summary()}

    return await run_in_threadpool(run)


@router.post("/api/j/{token}/qq/unbind")
async def api_unbind(request: Request, token: str) -> dict[str, Any]:
    body = await json_body(request)

    def run() -> dict[str, Any]:
        who = access(request, token, "judge")
        judges.may_set_webhook(who.player_id)
        pid = body.get("player")
        with request.app.state.store.game(who.game_id) as game:
            if pid not in game.ids:
                raise Refused("沒有這名玩家", 422)
        if not unbind(request.app.state.store, who.game_id, pid):
            raise Refused(f"{pid}沒有綁定QQ號", 409)
        return {"ok": True}

    return await run_in_threadpool(run)


# ---- the console's page -------------------------------------------------------------------------------
def _page(request: Request, token: str, who: Any, error: str | None = None, status: int = 200) -> HTMLResponse:
    from tianting.server.pages import _csrf, _render, shown_ids

    store = request.app.state.store
    view = judge_qq(store, who.game_id)
    with store.game(who.game_id) as game:
        title, rules, phase, ids = game.meta["title"], game.rules, len(game.phases) - 1, shown_ids(game)
        countries = list(load_rules(rules).countries)
    context = {"token": token, "csrf": _csrf(request, token), "error": error, "title": title, "qq": view,
               "countries": countries, "phase": phase, "bridge": bool(bridge_key(request)),
               "ok": request.query_params.get("ok")}
    return _render(request, "qq.html", context, status, rules=rules, ids=ids)


@router.get("/j/{token}/qq", response_class=HTMLResponse)
def qq_page(request: Request, token: str) -> HTMLResponse:
    from tianting.server.pages import _access

    return _page(request, token, _access(request, token, "judge"))


async def _console_post(request: Request, token: str, ok: str, act: Callable[[Any, Any], None],
                        webhook: bool = True) -> Response:
    """A post of the QQ page's forms: the judge's link and the form's CSRF field checked, ``act(who, form)`` run
    (``webhook``: the 北斗's or the one judge's power, as the game's webhook), then back to the page (``ok``
    said), or the page again with the refusal."""
    from tianting.server.pages import _access, _form

    who = await run_in_threadpool(_access, request, token, "judge")
    form = await _form(request, token)

    def run() -> Response:
        try:
            if webhook:
                judges.may_set_webhook(who.player_id)
            act(who, form)
        except Refused as exc:
            return _page(request, token, who, exc.message, exc.status)
        return RedirectResponse(f"/j/{token}/qq?ok={ok}", status_code=303)

    return await run_in_threadpool(run)


@router.post("/j/{token}/qq-settings")
async def qq_settings_page(request: Request, token: str) -> Response:
    def act(who: Any, form: Any) -> None:
        rooms = {c: form.get(f"room-{c}") for c in load_rules(_rules(request, who)).countries}
        set_qq(request.app.state.store, who.game_id, {"group": form.get("group"),
                                                    "auto_submit": form.get("auto_submit") == "1", "rooms": rooms})

    return await _console_post(request, token, "settings", act)


@router.post("/j/{token}/qq-unbind")
async def qq_unbind_page(request: Request, token: str) -> Response:
    def act(who: Any, form: Any) -> None:
        if not unbind(request.app.state.store, who.game_id, form.get("player")):
            raise Refused(f"{form.get('player')[:40]}沒有綁定QQ號", 409)

    return await _console_post(request, token, "unbind", act)


@router.post("/j/{token}/qq-confirm")
async def qq_confirm_page(request: Request, token: str) -> Response:
    """The judge confirms a QQ message's reading as shown on the page (``seen``), as the inbox confirms one: the
    judges' own act, refused if the game moved on since (the reading is read again)."""
    def act(who: Any, form: Any) -> None:
        confirm_message(request.app.state.store, who, form.get("player"), form.get("message_id"), form.get("seen"))

    return await _console_post(request, token, "confirm", act, webhook=False)


def _rules(request: Request, who: Any) -> str:
    with request.app.state.store.game(who.game_id) as game:
        return game.rules
