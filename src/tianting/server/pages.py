"""The HTML pages: home, judge console, player page, public thread, 復盤.

Every page resolves its secret link first and shows only what that role may
see: a player's page is built from :meth:`HostedGame.player_view` alone, the
console from :func:`~tianting.hosting.views.judge_view`, the public page from
:func:`~tianting.hosting.views.public_view`. Every form is posted
``application/x-www-form-urlencoded`` with a CSRF field bound to its link
(:func:`tianting.server.security.csrf_token`) and turned into the same
event as the JSON API (:mod:`tianting.server.commands`); a refused one
re-renders the page with the message and a 4xx status, changing nothing.
Successful posts redirect (303) back to the page (Post/Redirect/Get).

Templates are Jinja2 with autoescaping on for every file: no user text is
ever marked safe. The Content-Security-Policy allows only ``/static`` script
and style, so templates carry no inline script or style.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import jinja2
from fastapi import APIRouter, Request
from fastapi.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)
from fastapi.templating import Jinja2Templates
from markupsafe import Markup, escape
from starlette.concurrency import run_in_threadpool

import tianting.rules as rules_package
from tianting import judge_pack
from tianting.core import times
from tianting.core.errors import IllegalAction, TiantingError
from tianting.core.names import name_key
from tianting.hosting import bbcode, judges, log_words, substitutes
from tianting.hosting import events as ev
from tianting.hosting import inputs as phase_input
from tianting.hosting.contest_message import read_digits
from tianting.hosting.game import (
    MAX_ACTIONS,
    MAX_TEXT,
    HostedGame,
    Refused,
)
from tianting.hosting.inbox import clause_input, read_day_message
from tianting.hosting.message import Reading, Vocabulary, read_message
from tianting.hosting.views import (
    RULING_FIELDS,
    judge_asked,
    judge_view,
    message_vocabulary,
    outcome_tables,
    owed_seen,
    pack_view,
    player_owed,
    public_view,
    replay_view,
)
from tianting.rules import RULESETS
from tianting.rules import load as load_rules
from tianting.rules.interface import PhaseInput
from tianting.server import (
    chat,
    chinese_script,
    confirm,
    idempotency,
    links,
    live,
    moving,
    notify,
    security,
    stale,
)
from tianting.server.commands import (
    JUDGE_COMMANDS,
    check_power,
    digits_for,
    judge_event,
    owed_unchanged,
    player_event,
)
from tianting.server.ratelimit import RateLimited
from tianting.server.stale import Stale, inputs_seen, stale_inputs
from tianting.server.store import Access, Store
from tianting.server.urls import public_base, public_origin
from tianting.setup import read_ids

HERE = Path(__file__).parent
STATIC = HERE / "static"
router = APIRouter()

FORBIDDEN = "請求來源無法驗證"
"""The message of a form post without the right CSRF field or from another site."""

COUNTRIES = ("魏", "蜀", "吳", "群")
IDENTITIES = ("君主", "正軍師", "副軍師", "殺手", "護衛", "女眷", "黃巾頭領", "方士", "神醫")
ACTION_ROWS = 3
"""Rows of the night form (blank rows are ignored); more when the current list is longer."""
MAX_TARGETS = 8
"""Most target fields one row of the night form is read for."""

STAGE_ZH = {"choosing": "選擇角色", "open": "進行中", "draft": "草稿待審", "over": "已結束"}
STATUS_ZH = {"alive": "存活", "injured": "受傷", "out": "出局"}
KIND_ZH = {"active": "主動", "passive": "被動", "global": "全局"}
SOURCE_ZH = {"identity": "身份技能", "character": "角色技能", "granted": "使用權", "lent": "當夜可發動",
             "offered": "本階段可選", "general": "通用行動"}
PHASE_ZH = {"night": "夜晚", "day": "白天"}
class _ActorNames(dict[str, str]):
    """天庭, 系統, and a judge of three by their seat (``judge:南斗`` → 南斗)."""

    def get(self, key: Any, default: Any = None) -> Any:  # type: ignore[override]
        if key in self:
            return self[key]
        seat = judges.seat_of(key) if isinstance(key, str) else None
        return seat if seat is not None else default


ACTOR_ZH = _ActorNames({ev.JUDGE: "天庭", ev.SYSTEM: "系統"})
USE_ZH = {"done": "生效", "failed": "失敗", "void": "無效", "pending": "待裁"}
"""What came of a use (the transcript's ``uses``: ``state``), as the console shows it."""
WORDS_ZH = {"pending": "待天庭裁定", "approved": "已核准", "refused": "不予公布", "none": "尚未提交"}
EVENT_ZH = {
    ev.CREATED: "建立遊戲", ev.CHOOSE: "選擇角色", ev.START: "開始", ev.SUBMIT: "提交行動", ev.VOTE: "投票",
    ev.DEADLINE: "設定時限", ev.RESOLVE: "結算", ev.DECIDE: "選擇", ev.ASK_LAST_WORDS: "徵求遺言",
    ev.LAST_WORDS: "遺言", ev.RULE_LAST_WORDS: "裁定遺言", ev.EDIT: "修改文字", ev.PUBLISH: "公布",
    ev.PEACE: "議和", ev.NOTE: "備註", ev.RULE: "裁定", ev.DIGIT: "數字", ev.MESSAGE: "私訊（QQ）",
}
ARG_ZH = {"country": "國籍", "identity": "身份", "character": "角色", "skill": "技能", "choice": "選擇",
          "guesses": "猜測", "evaluation": "評價"}
DONE_ZH = {
    "substitute": "已安排替補：舊連結已失效，新的連結見「玩家的秘密連結」。",
    "start": "遊戲已開始：第1夜開放提交。", "resolve": "已結算，請審閱草稿。", "decide": "已記錄選擇並重新結算。",
    "ask-last-words": "已向昨夜出局者徵求遺言。", "rule-last-words": "已裁定遺言並重新結算。",
    "edit": "已修改文字（記入修改紀錄）。", "publish": "已公布，下一階段開始。", "publish-over": "已公布，遊戲結束。", "peace": "已裁定議和，遊戲結束。",
    "note": "已加入備註。", "deadline": "已更新時限。", "assign": "已指定角色。",
    "choose": "已選擇角色。", "actions": "已提交本夜行動，時限前可隨時修改。", "vote": "已投票，時限前可隨時修改。",
    "day-actions": "已提交本日行動（於投票階段結算），時限前可隨時修改。",
    "last-words": "已提交遺言，待天庭裁定。", "ask-decision": "已請玩家作出選擇。",
    "digit": "已記錄你的數字，公布前可以修改。",
    "digit-for": "已依私訊代為記錄數字（記為天庭代填），玩家仍可自行修改。",
    "digits-for": "已依私訊一次記錄這名玩家的數字（記為天庭代填），玩家仍可自行修改。",
    "webhook": "已更新通知網址。",
    "vote-for": "已依私訊代為投票（記為天庭代投），時限前玩家仍可自行改投。",
    "submit-for": "已依私訊代為提交（記為天庭代交），時限前玩家仍可自行修改。",
    "rule": "已記錄裁定並重新結算。",
    "talk-country": "已在國家群發言。", "talk-complaint": "投訴已送到裁判。", "talk-reply": "已答覆該玩家的投訴。",
}
ANCHOR = {"rule": "rulings", "decide": "draft", "ask-decision": "draft", "edit": "draft", "rule-last-words": "last-words", "ask-last-words": "last-words",
          "note": "notes", "deadline": "phase", "assign": "seats", "resolve": "draft", "peace": "result"}


# ---- templates ----------------------------------------------------------------------
def _pretty(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=1, sort_keys=False)


def _answer(value: Any) -> str:
    """A decision's answer as the judge types it: text as is, anything else as JSON."""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _action(action: dict[str, Any]) -> str:
    """One action for reading: 【skill】→ targets（args）."""
    text = f"【{action.get('skill', '')}】"
    targets = action.get("targets") or []
    if targets:
        text += " → " + "、".join(str(t) for t in targets)
    args = action.get("args") or {}
    if args:
        text += "（" + "，".join(f"{ARG_ZH.get(k, k)}：{_answer(v)}" for k, v in args.items()) + "）"
    return text


RULE_MARKS = {"被": "被動技", "全": "全局技", "隱藏技": "隱藏技", "覺醒技": "覺醒技", "限定技": "限定技"}
"""The rule text's own markers (``*被*`` …) and the labels they are shown as."""
RULE_MARK = re.compile(r"\*(" + "|".join(map(re.escape, RULE_MARKS)) + r")\*")


def _rule_text(text: str) -> Markup:
    """A skill's rule text with its ``*被*``-style markers shown as labels (the rest escaped)."""
    out = []
    at = 0
    for match in RULE_MARK.finditer(text or ""):
        out.append(escape(text[at:match.start()]))
        out.append(Markup('<span class="badge rule-mark">{}</span>').format(RULE_MARKS[match.group(1)]))
        at = match.end()
    out.append(escape((text or "")[at:]))
    return Markup("").join(out)


def _offset(context: Any) -> int:
    """The page's display zone, minutes east of UTC (core/times.py)."""
    value = context.get("time_offset")
    return value if isinstance(value, int) else times.DEFAULT_OFFSET


@jinja2.pass_context
def _input_time(context: Any, deadline: str | None) -> str:
    """A stored UTC deadline as a ``datetime-local`` value in the page's zone (the form sends the zone beside it)."""
    return times.input_value(deadline, _offset(context))


@jinja2.pass_context
def _local_time(context: Any, at: str | None) -> str:
    """A stored UTC time in the page's zone, the zone named (「2026-12-01 20:00（UTC+8）」)."""
    return times.shown(at, _offset(context))


@jinja2.pass_context
def _zone(context: Any) -> str:
    return times.zone_name(_offset(context))


RULES_DIR = Path(rules_package.__file__).parent
_rule_set_pages = {name: jinja2.FileSystemLoader(RULES_DIR / name / "templates") for name in RULESETS
                   if (RULES_DIR / name / "templates").is_dir()}
"""A rule set's own pages (``<rules>/templates/``, named ``"<rules>/<file>"``): what a declared input's ``console``
and ``message_page`` name."""
_env = jinja2.Environment(loader=jinja2.ChoiceLoader([jinja2.FileSystemLoader(HERE / "templates"),
                                                      jinja2.PrefixLoader(_rule_set_pages)]),
                          autoescape=True, trim_blocks=True, lstrip_blocks=True)
_env.filters.update(pretty=_pretty, answer=_answer, action=_action, input_time=_input_time, rule_text=_rule_text,
                    local_time=_local_time, utc_z=times.machine)
_env.globals.update(STAGE_ZH=STAGE_ZH, STATUS_ZH=STATUS_ZH, KIND_ZH=KIND_ZH, SOURCE_ZH=SOURCE_ZH,
                    PHASE_ZH=PHASE_ZH, ACTOR_ZH=ACTOR_ZH, WORDS_ZH=WORDS_ZH, USE_ZH=USE_ZH, EVENT_ZH=EVENT_ZH,
                    ARG_ZH=ARG_ZH, COUNTRIES=COUNTRIES, IDENTITIES=IDENTITIES, MAX_TEXT=MAX_TEXT,
                    new_write_key=idempotency.new_key,  # every form's idempotency key (csrf_field)
                    SCRIPT_WORDS=chinese_script.SCRIPT_WORDS, time_zone=_zone)
templates = Jinja2Templates(env=_env)


def shown_ids(game: HostedGame) -> list[str]:
    """The game's forum ids as their players typed them (issue 29, 7: 「ids shown as typed」): a page in the other
    script shows them unconverted (server/chinese_script.py)."""
    return substitutes.every_id(game)


def _render(request: Request, name: str, context: dict[str, Any], status: int = 200,
            rules: str | None = None, ids: list[str] | tuple[str, ...] = ()) -> HTMLResponse:
    """The page ``name``; ``rules``: the game's rule set, whose own script (Traditional for KK 3.3,
    Simplified for the 24人 rules) the page is shown in unless the reader chose one; ``ids``: the game's forum ids,
    never converted (:func:`shown_ids`)."""
    default = load_rules(rules).script if rules else chinese_script.TRADITIONAL
    context = {**context, "script": chinese_script.wanted(request) or default,
               "stale_offer": getattr(request.state, "stale_offer", None),  # 「仍然送出」 (server/stale.py)
               "live_every": int(1000 * getattr(request.app.state, "live_seconds", live.POLL_SECONDS)),
               "time_offset": getattr(request.app.state, "time_offset", times.DEFAULT_OFFSET)}
    response = templates.TemplateResponse(request, name, context, status_code=status)
    return chinese_script.apply(request, response, default, ids)  # type: ignore[return-value]


def error_page(request: Request, message: str, status: int) -> HTMLResponse:
    return _render(request, "error.html", {"message": message, "status": status}, status)


# ---- who is asking ----------------------------------------------------------------------
def store_of(request: Request) -> Store:
    return request.app.state.store  # type: ignore[no-any-return]


def _base(request: Request) -> str:
    """The address links are shown with: ``--base-url`` when set (behind a proxy), else the request's."""
    return public_base(request)


_LINK = re.compile(r"[A-Za-z0-9_-]{1,100}")
"""What a secret link or public id can look like (``secrets.token_urlsafe``): anything else is
refused before it reaches the database (a NUL byte, say, is an error in PostgreSQL)."""


def _access(request: Request, token: str, role: str) -> Access:
    found = store_of(request).access(token) if _LINK.fullmatch(token) else None
    if found is None or found.role != role:
        raise Refused("連結無效", 404)
    return found


def _public_game(request: Request, public_id: str) -> str:
    game_id = store_of(request).by_public_id(public_id)  # checks the id's shape before the database
    if game_id is None:
        raise Refused("沒有這局遊戲", 404)
    return game_id


@contextmanager
def _game(request: Request, game_id: str) -> Iterator[HostedGame]:
    with store_of(request).game(game_id) as game:
        yield game


def _csrf(request: Request, link_token: str) -> str:
    return security.csrf_token(store_of(request).secret, link_token)


class Form:
    """A posted form: every field a string (repeated fields kept in order)."""

    def __init__(self, values: dict[str, list[str]]) -> None:
        self.values = values

    def get(self, key: str, default: str = "") -> str:
        found = self.values.get(key)
        return found[0] if found else default

    def getlist(self, key: str) -> list[str]:
        return list(self.values.get(key, []))

    def keys(self) -> list[str]:
        return list(self.values)


async def _form(request: Request, link_token: str | None) -> Form:
    """The posted form, after checking its CSRF field and origin (403 otherwise; ``link_token`` None:
    nothing to check against, always refused)."""
    try:
        raw = await request.form()
    except Exception:  # malformed multipart or urlencoded body
        raise Refused("請求格式錯誤", 400) from None
    values: dict[str, list[str]] = {}
    try:
        for key, value in raw.multi_items():
            if not isinstance(value, str):
                raise Refused("不接受上傳檔案", 400)
            values.setdefault(key, []).append(value)
    finally:
        await raw.close()
    form = Form(values)
    request.state.form_values = values  # for 「仍然送出」 after a stale refusal (_offer)
    if link_token is None or not security.same_origin(request, public_origin(request)) or \
            not security.csrf_ok(store_of(request).secret, link_token, form.get("csrf") or None):
        raise Refused(FORBIDDEN, 403)
    return form


def _offer(request: Request, exc: Refused) -> None:
    """After a refusal: if the form was stale, the page offers to apply it anyway (server/stale.py)."""
    if isinstance(exc, Stale):
        request.state.stale_offer = stale.offer(getattr(request.state, "form_values", {}), request.url.path, exc)


def _done(request: Request) -> str | None:
    return DONE_ZH.get(request.query_params.get("ok", ""))


# ---- the judge's player links ---------------------------------------------------------------
def pm_text(title: str, pid: str, url: str) -> str:
    """The private message that gives ``pid`` their link, ready to paste on the forum."""
    return (f"{pid} 你好：這是「{title}」你的秘密玩家連結，只給你本人，請勿公開或轉給別人：\n{url}\n"
            "打開它可以看身份與技能、提交每夜行動與投票、讀你的反饋；也可以照常私訊天庭你的行動。")


def _player_links(store: Store, game_id: str, judge_token: str) -> dict[str, str]:
    """Every player's link token, derived again from the judge's link (see security.player_token)."""
    with store.game(game_id) as game:
        return links.current_links(game, judge_token)  # a seat handed on (替補): its newest link


# ---- home ----------------------------------------------------------------------------------
def _home(request: Request, error: str | None = None, status: int = 200,
          values: dict[str, str] | None = None) -> HTMLResponse:
    """The home page; its CSRF field is bound to the visitor's own cookie (set here if missing)."""
    rulesets = [(name, load_rules(name).title) for name in RULESETS]
    visitor = security.visitor(request)
    fresh = visitor is None
    if visitor is None:
        visitor = security.new_visitor()
    response = _render(request, "home.html", {"csrf": _csrf(request, security.home_link(visitor)),
                                              "rulesets": rulesets, "error": error, "values": values or {}}, status)
    if fresh:
        response.set_cookie(security.VISITOR_COOKIE, visitor, httponly=True, samesite="lax", path="/",
                            secure=request.url.scheme == "https")
    return response


@router.get("/", response_class=HTMLResponse)
def home(request: Request) -> HTMLResponse:
    return _home(request)


HOME_FIELDS = ("title", "rules", "ids", "night_minutes", "day_minutes", "chibi", "judges", "pack")


def _minutes(text: str, what: str) -> int | None:
    text = text.strip()
    if not text:
        return None
    if not text.isdigit() or not 0 < int(text) <= 7 * 24 * 60:
        raise Refused(f"{what}須為1至10080分鐘（或留空表示不設時限）", 422)
    return int(text)


@router.post("/games")
async def create_game(request: Request) -> Response:
    visitor = security.visitor(request)
    form = await _form(request, security.home_link(visitor) if visitor else None)
    try:
        request.app.state.create_limit.check(request.client.host if request.client else "")
    except RateLimited as exc:
        response = _home(request, exc.message, exc.status, {k: form.get(k) for k in HOME_FIELDS})
        response.headers["Retry-After"] = str(exc.retry_after)
        return response
    return await run_in_threadpool(_create_game, request, form)  # the store blocks: not on the event loop


def _create_game(request: Request, form: Form) -> Response:
    values = {k: form.get(k) for k in HOME_FIELDS}
    store = store_of(request)
    try:
        made = store.create_game(
            title=values["title"], rules=values["rules"] or "kk33", ids=read_ids(values["ids"]),
            night_minutes=_minutes(values["night_minutes"], "夜晚時限"),
            day_minutes=_minutes(values["day_minutes"], "白天時限"),
            chibi=values["chibi"] == "on", judges=3 if values["judges"] == "3" else None,
            pack=judge_pack.from_form(values["pack"]),
        )
    except TiantingError as exc:
        message = exc.message if isinstance(exc, Refused) else str(exc)
        return _home(request, message, exc.status if isinstance(exc, Refused) else 422, values)
    if made.judge_tokens:  # three judges: each link shown once, here, for the creator to hand out
        base = _base(request)
        urls = {seat: f"{base}/j/{t}" for seat, t in made.judge_tokens.items()}
        saved = "\n".join([f"「{values['title']}」三位天庭的連結（保密）", *(f"{s}：{u}" for s, u in urls.items())]) + "\n"
        return _render(request, "judges_created.html", {
            "title": values["title"], "links": urls, "duties": judges.DUTIES,
            "links_file": "data:text/plain;charset=utf-8," + quote(saved)}, 201)
    return RedirectResponse(f"/j/{made.judge_token}?ok=created", status_code=303)


# ---- judge ----------------------------------------------------------------------------------
def _webhook_host(store: Store, game_id: str) -> str | None:
    """Only the host of the game's webhook is shown (the whole address is usually a secret)."""
    url = store.get_setting(notify.game_key(game_id))
    return urlsplit(url).hostname if url else None


def _latest_bbcode(game: HostedGame, latest: list[dict[str, Any]]) -> str:
    """The post to paste next: the latest announcement, and at the end of the game the ending
    (result, every identity, the seed)."""
    parts = [bbcode.announcement(latest[0])] if latest else []
    handed = [s["text"] for s in substitutes.public(game) if not latest or s["phase"] >= latest[0]["index"]]
    if handed:  # 替補 since the last post: 「X 由 Y 替補」
        parts.append("\n".join(handed))
    if game.over:
        parts.append(bbcode.ending(public_view(game)))
    return "\n\n".join(parts)


def _judge_page(request: Request, token: str, who: Access, error: str | None = None,
                status: int = 200) -> HTMLResponse:
    store = store_of(request)
    base = _base(request)
    # the players' links derive from the 北斗's (or the one judge's) link: the others' consoles show none
    links = _player_links(store, who.game_id, token) if who.player_id in (None, judges.BEIDOU) else {}
    judge_urls = {}  # the 南斗's and the 裁判's, derived from the 北斗's (games made since they are derived)
    if who.player_id == judges.BEIDOU:
        for seat in (judges.NANDOU, judges.CAIPAN):
            other = security.judge_seat_token(token, seat)
            found = store.access(other)
            if found is not None and found.game_id == who.game_id and found.player_id == seat:
                judge_urls[seat] = f"{base}/j/{other}"
    public_id = store.public_id(who.game_id)
    ok = "遊戲已建立。請保存天庭連結，並把每位玩家的連結私下發給該玩家。" \
        if request.query_params.get("ok") == "created" else _done(request)
    with _game(request, who.game_id) as game:
        view = judge_view(game)
        latest = game.public_announcements()[-1:] if game.phases else []
        seats = {p["id"]: n for n, p in enumerate(view["players"], start=1)}
        context = {
            "token": token, "view": view, "csrf": _csrf(request, token), "error": error, "ok": ok,
            "judge_url": f"{base}/j/{token}", "public_url": f"{base}/g/{public_id}",
            "player_urls": {pid: f"{base}/p/{t}" for pid, t in links.items()},
            "pm_texts": {pid: pm_text(game.meta["title"], substitutes.holder(game, pid), f"{base}/p/{t}")
                         for pid, t in links.items()},
            "holders": {pid: substitutes.holder(game, pid) for pid in links},
            "judge_urls": judge_urls, "duties": judges.DUTIES,
            "seats": seats, "latest_bbcode": _latest_bbcode(game, latest),
            "latest_label": latest[0]["label"] if latest else "",
            "living": [p["id"] for p in view["players"] if p["status"] != "out"],
            "live_url": f"/j/{token}/live",
            "live_version": live.judge_version(game, chat.judge_stamp(store, game, who.game_id, who.player_id)),
            "webhook_host": _webhook_host(store, who.game_id),
            "server_webhook": bool(request.app.state.notifications.server_url),
            "talk": chat.judge_talk(store, game, who.game_id, who.player_id, _when_for(request)),
            "may": judges.powers(who.player_id, game),
            "asked_rows": judge_asked(game),
            "consoles": [i for i in game.inputs() if i.console], "own_forms": game.own_ruling_forms(),
            "pack": pack_view(game),
        }
        context["ruling_form"] = _ruling_form(view, judges.powers(who.player_id, game), game.own_ruling_forms())
        return _render(request, "judge.html", context, status, rules=game.rules, ids=shown_ids(game))


def _ruling_form(view: dict[str, Any], may: dict[str, Any], own: Any = ()) -> dict[str, Any]:
    """The console's ruling form: the effects this judge may rule (those with a form of the rule set's own, ``own``,
    are asked there: 鼎立's 拼點) and, for each field,
    the effects that take it and their labels (views.ruling_fields: the form shows only the chosen effect's)."""
    current = view.get("current") or {}
    allowed = may.get("effects")
    offered = [e for e in (current.get("ruling_help") or {}).get("effects", ())
               if e["effect"] not in own and (allowed is None or e["effect"] in allowed)]
    takes = {f: [e["effect"] for e in offered if f in e["fields"]] for f in RULING_FIELDS}
    return {"effects": offered, "takes": {f: " ".join(v) for f, v in takes.items()},
            "takers": {f: "、".join(e["label"] for e in offered if f in e["fields"]) for f in RULING_FIELDS}}


@router.get("/j/{token}", response_class=HTMLResponse)
def judge_console(request: Request, token: str) -> HTMLResponse:
    who = _access(request, token, "judge")
    return _judge_page(request, token, who)


@router.get("/j/{token}/export.json")
def judge_export(request: Request, token: str) -> JSONResponse:
    who = _access(request, token, "judge")
    with _game(request, who.game_id) as game:
        return JSONResponse(game.export())


@router.get("/j/{token}/export.judge.json")
def judge_moving_file(request: Request, token: str) -> JSONResponse:
    """The judges-only file written beside the export, to move the game to another server (server/moving.py)."""
    who = _access(request, token, "judge")
    moving.may_download(who.player_id)
    with _game(request, who.game_id) as game:
        made = moving.judges_file(store_of(request).engine, who.game_id, game, game.export())
    return JSONResponse(made, headers={"Content-Disposition": 'attachment; filename="export.judge.json"'})


@router.get("/j/{token}/bbcode.txt")
def judge_bbcode(request: Request, token: str) -> PlainTextResponse:
    who = _access(request, token, "judge")
    with _game(request, who.game_id) as game:
        return PlainTextResponse(bbcode.thread(public_view(game)), media_type="text/plain; charset=utf-8")


def _when_for(request: Request) -> Any:
    """How a time inside a sentence reads on this server's pages (core/times.py)."""
    offset = getattr(request.app.state, "time_offset", times.DEFAULT_OFFSET)
    return lambda at: times.shown(at, offset)


def _replay(request: Request, game: HostedGame, judge: bool, back: str) -> HTMLResponse:
    """The 復盤 page: the replay view, what came of each action, and the event log in sentences (hosting/log_words.py)."""
    view = replay_view(game)
    log = log_words.lines([ev.Event.from_json(e) for e in view["events"]], [p.label for p in game.phases],
                          _when_for(request))
    return _render(request, "replay.html", {"view": view, "judge": judge, "log": log, "pack": pack_view(game, whole=True),
                                            "outcomes": outcome_tables(game), "back": back}, rules=game.rules, ids=shown_ids(game))


@router.get("/j/{token}/replay", response_class=HTMLResponse)
def judge_replay(request: Request, token: str) -> HTMLResponse:
    who = _access(request, token, "judge")
    with _game(request, who.game_id) as game:
        return _replay(request, game, True, f"/j/{token}")


def _judge_body(command: str, form: Form, rules: str | None = None) -> dict[str, Any]:
    """The JSON body the API would take for ``command``, from the console's form fields."""
    if command == "assign":
        return {"player": form.get("player"), "character": form.get("character")}
    if command == "decide":
        text = form.get("answer").strip()
        answer: Any = text
        if text[:1] in ("{", "["):
            try:
                answer = json.loads(text)
            except ValueError:
                raise Refused("答案以 { 或 [ 開頭時須為有效的JSON", 422) from None
        if not text:
            raise Refused("請填寫答案", 422)
        return {"actor": form.get("actor"), "skill": form.get("skill"), "answer": answer}
    if command == "rule-last-words":
        approved = form.get("approved")
        if approved not in ("1", "0"):
            raise Refused("請選擇核准或不予公布", 422)
        if approved == "0" and not form.get("reason").strip():  # the player is told why (issue 29, 7)
            raise Refused("不予公布遺言須寫明理由（玩家會看到）", 422)
        return {"player": form.get("player"), "approved": approved == "1", "reason": form.get("reason")}
    if command == "edit":
        # a textarea posts its lines with CRLF (the HTML standard): the draft's are LF, and an edit is merged by line
        body: dict[str, Any] = {"target": form.get("target"), "text": form.get("text").replace("\r\n", "\n")}
        if body["target"] == "feedback":
            index = form.get("index")
            if not index.isdigit() or len(index) > 4:
                raise Refused("沒有這條反饋", 422)
            body.update(player=form.get("player"), index=int(index))
        return body
    if command == "peace":
        mode = form.get("mode")
        if mode == "judge":
            return {"judge": True}
        if mode == "lords":
            proposer = form.get("proposer")
            if not proposer:
                raise Refused("請選擇發起議和的君主", 422)
            return {"proposer": proposer, "agreed": form.getlist("agreed")}
        raise Refused("請選擇議和的方式", 422)
    if command == "note":
        return {"text": form.get("text")}
    if command == "substitute":
        return {"player": form.get("player"), "by": form.get("by"), "reason": form.get("reason")}
    if command == "ask-decision":
        return {"actor": form.get("actor"), "skill": form.get("skill")}
    if command == "rule":
        return _ruling_body(form, rules)
    if command == "deadline":
        return {"deadline": "" if form.get("clear") else form.get("deadline"), "tz": form.get("tz")}
    return {}


def _ruling_body(form: Form, rules: str | None = None) -> dict[str, Any]:
    """The console's ruling form: ``remove`` takes one back; else effect, target or action, text, why; a form of
    the rule set's own (``ruling_from_form``, optional: 鼎立三分2.0's 拼點 on its console section) as it reads it."""
    if form.get("remove"):
        index = form.get("remove")
        if not index.isdigit() or len(index) > 4:
            raise Refused("沒有這條裁定", 422)
        return {"remove": int(index)}
    effect = form.get("effect")
    if not effect:
        raise Refused("請選擇裁定的效果", 422)
    ruling: dict[str, Any] = {"effect": effect, "why": form.get("why").strip()}
    declared = load_rules(rules if rules in RULESETS else "kk33")  # the rule set's ruling table says what each reads
    if effect == "void-vote":
        if not form.get("target"):
            raise Refused("請選擇要作廢投票的玩家（對象）", 422)
        ruling.update(effect="void", voter=form.get("target"))
        if form.get("text").strip():  # its public reason, on the 票面 (R-JUI1)
            ruling["text"] = form.get("text").strip()
    elif effect == "void":
        action = form.get("action")
        if not action.isdigit() or len(action) > 4:
            raise Refused("請選擇要作廢的行動", 422)
        ruling["action"] = int(action)
    elif (own := _own_ruling_form(rules, effect, form)) is not None:
        ruling.update(own)
    elif effect not in declared.targetless_effects:  # names nobody (三足鼎立; the judge's line in the post, R51)
        if not form.get("target"):
            raise Refused("請選擇裁定的對象", 422)
        ruling["target"] = form.get("target")
    if effect in declared.text_effects:  # the engine reads its ``text`` (the form's 內容; a form of its own sets it)
        ruling.setdefault("text", form.get("text"))
    if effect == "defend":  # the 24人 rules: a defence in play (whose, active or passive, which skill)
        ruling.update(owner=form.get("owner") or form.get("target"), active=form.get("active") == "1",
                      skill=form.get("skill").strip() or None)
    return {"ruling": ruling}


def _own_ruling_form(rules: str | None, effect: str, form: Form) -> dict[str, Any] | None:
    """A ruling's fields from a console form of the rule set's own, or None (the general form)."""
    read = getattr(load_rules(rules), "ruling_from_form", None) if rules in RULESETS else None
    if read is None:
        return None
    try:
        return read(effect, form.get)  # type: ignore[no-any-return]
    except IllegalAction as exc:
        raise Refused(exc.message, 422) from None


# ---- the judge's own webhook for this game (a setting, not an event: it is often a secret) -----------
def set_webhook(request: Request, game_id: str, url: str) -> None:
    """Set (or, with an empty ``url``, remove) a game's webhook; :class:`Refused` if not allowed."""
    store = store_of(request)
    if not url.strip():
        store.put_setting(notify.game_key(game_id), None)
        return
    try:
        checked = notify.check_url(url, request.app.state.notifier.allow_private)
    except notify.BadWebhook as exc:
        raise Refused(str(exc), 422) from None
    store.put_setting(notify.game_key(game_id), checked)


@router.post("/j/{token}/webhook")
async def judge_webhook(request: Request, token: str) -> Response:
    who = await run_in_threadpool(_access, request, token, "judge")
    form = await _form(request, token)
    try:
        judges.may_set_webhook(who.player_id)
        await run_in_threadpool(set_webhook, request, who.game_id, form.get("url"))
    except Refused as exc:
        return await run_in_threadpool(_judge_page, request, token, who, exc.message, exc.status)
    return RedirectResponse(f"/j/{token}?ok=webhook#notify", status_code=303)


# ---- the judge reads a player's private message and submits it for them -----------------------------
def _message_page(request: Request, token: str, who: Access, player: str = "", text: str = "",
                  reading: bool = False, rows: list[dict[str, Any]] | None = None, error: str | None = None,
                  status: int = 200, vote: str | None = None) -> HTMLResponse:
    """The page that turns a pasted private message into what it means (read by
    :mod:`tianting.hosting.message`, checked by the engine) for the judge to confirm: the night's
    actions, or the day's vote; while a draft awaits a declared input's values (鼎立三分2.0's 拼點 digits), the
    player's values (:func:`_asked_message_page`)."""
    with _game(request, who.game_id) as game:
        phase = game.current
        drafted = [i for i in game.inputs(now=True) if i.stage == "draft"] if game.stage == "draft" else []
        if drafted and drafted[0].message_page:  # the input's own page
            return _asked_message_page(request, token, who, game, drafted[0], player, text, reading, error, status)
        later = [i for i in game.inputs() if i.stage == "draft" and game.stage == "open"]
        kind = phase.kind if game.stage == "open" and phase is not None else None
        participants = game.participants() if kind else []
        context: dict[str, Any] = {
            "token": token, "csrf": _csrf(request, token), "error": error, "title": game.meta["title"],
            "label": phase.label if phase is not None else "", "kind": kind,
            "participants": participants, "player": player, "text": text, "reading": None,
            "seats": {pid: n for n, pid in enumerate(game.ids, start=1)},
            "current": None, "by_judge": phase is not None and judges.is_judge(phase.submitted_by.get(player, "")),
            "seen_actions": inputs_seen(game, player, "actions"), "seen_vote": inputs_seen(game, player, "vote"),
        }
        if phase is not None and kind == "night" and player in phase.submissions:
            context["current"] = list(phase.submissions[player])
        if phase is not None and kind == "day" and player in phase.votes:
            context["current_vote"] = phase.votes[player]
        if kind and player in participants:
            view = game.player_view(player)
            vocab = message_vocabulary(game, player)
            found = None
            if reading and kind == "night":
                found = read_message(text, vocab)
                try:
                    game.check_actions(player, [a.as_json() for a in found.actions])
                    context["check"] = None
                except Refused as exc:
                    context["check"] = exc.message
            elif reading:
                found = _read_day_message(game, player, text, vocab, context)
                if found.vote is not None:
                    try:
                        game.base.check_vote(player, found.vote)
                        context["check"] = None
                    except IllegalAction as exc:
                        context["check"] = exc.message
                vote = found.vote if vote is None else vote
            for inp in later:  # a value the phase takes only once its draft asks for it (「再向玩家收取数字」)
                if found is not None and name_key(inp.reader.word) in name_key(text):
                    found.problems.append(phase_input.text(inp, inp.texts.not_yet))
            context["reading"] = found
            if kind == "night":
                if rows is None:
                    rows = _rows_from_actions([a.as_json() for a in found.actions]) if found else []
                context.update(_night_form(view, rows))
                context.update(_arg_values(game.rules))
            clause = clause_input(game) if kind == "day" else None
            context["takes_digit"] = clause is not None and bool(phase_input.owed_by(clause, player))
            context["clause_input"] = clause
            context.update({"players": view.get("players", []), "character": view.get("character"),
                            "identity": view.get("identity"), "country": view.get("country"),
                            "vote": vote, "living": [p["id"] for p in view.get("players", []) if not p.get("out")]})
    return _render(request, "message.html", context, status, rules=game.rules, ids=shown_ids(game))


def _read_day_message(game: HostedGame, player: str, text: str, vocab: Vocabulary, context: dict[str, Any]) -> Reading:
    """A day message read as the vote and a clause input's digit (:func:`tianting.hosting.inbox.read_day_message`):
    ``context["clause"]`` the digit's reading."""
    found, context["clause"] = read_day_message(game, player, text, vocab)
    return found


def _asked_message_page(request: Request, token: str, who: Access, game: HostedGame, inp: PhaseInput, player: str,
                        text: str, reading: bool, error: str | None, status: int) -> HTMLResponse:
    """The paste page while the draft awaits ``inp``'s values (鼎立三分2.0's 拼點: 「再向玩家收取数字」): the value
    ``player``'s message gives for each they owe, for the judge to confirm (each recorded as the console's row
    records it: a ``digit`` for the player, for its slot, via message). A message that gives no value in range, or
    not one per value owed, or a player who owes none, is refused (4xx) and nothing is offered to record. The page
    is the input's own (its ``message_page``, a template of the rule set's)."""
    phase = game.current
    assert phase is not None
    owed = player_owed(game, player) if player in game.ids else []
    context: dict[str, Any] = {
        "token": token, "csrf": _csrf(request, token), "error": error, "title": game.meta["title"],
        "label": phase.label, "kind": inp.name, "participants": list(game.ids), "player": player, "text": text,
        "seats": {pid: n for n, pid in enumerate(game.ids, start=1)}, "reading": None, "owed": owed,
        "owing": {o.player for o in inp.owed}, "input": inp,
        "may": judges.powers(who.player_id, game), "low": inp.values[0], "high": inp.values[-1],
    }
    if reading and player in game.ids:
        found = read_digits(text, len(owed), inp.values, names=game.ids, player=player, seats=game.ids,
                                    opponents=[c["slot"] for c in owed if c["slot"] is not None],
                                    word=inp.reader.word, ordinals=inp.reader.ordinals)
        context["reading"] = found
        context["seen"] = owed_seen(game, player)
        if found.refused and status < 400:
            status = 409 if not owed else 422
    return _render(request, inp.message_page, context, status, rules=game.rules, ids=shown_ids(game))


@router.get("/j/{token}/message", response_class=HTMLResponse)
def judge_message(request: Request, token: str, player: str = "") -> HTMLResponse:
    who = _access(request, token, "judge")
    return _message_page(request, token, who, player=player[:64])


@router.post("/j/{token}/read-message", response_class=HTMLResponse)
async def judge_read_message(request: Request, token: str) -> HTMLResponse:
    who = await run_in_threadpool(_access, request, token, "judge")
    form = await _form(request, token)
    text = form.get("text")
    if len(text) > MAX_TEXT:
        return await run_in_threadpool(_message_page, request, token, who, form.get("player"), "", False, None,
                                       f"私訊過長（最多{MAX_TEXT}字）", 413)
    if not form.get("player"):
        return await run_in_threadpool(_message_page, request, token, who, "", text, False, None,
                                       "請選擇這則私訊的玩家", 422)
    return await run_in_threadpool(_message_page, request, token, who, form.get("player"), text, True)


@router.post("/j/{token}/submit-for")
async def judge_submit_for(request: Request, token: str) -> Response:
    who = await run_in_threadpool(_access, request, token, "judge")
    form = await _form(request, token)
    return await run_in_threadpool(_judge_submit_for, request, token, who, form)


def _judge_submit_for(request: Request, token: str, who: Access, form: Form) -> Response:
    player = form.get("player")
    rows: list[dict[str, Any]] | None = None
    try:
        rows = [] if form.get("none") else _rows_from_form(form)
        body = {"player": player, "actions": _actions(rows), "via": "message"}
        with _game(request, who.game_id) as game:
            kind, payload = judge_event(game, "submit-for", body, store_of(request).clock())
        store_of(request).append(who.game_id, kind, judges.actor(who.player_id), payload,
                                 guard=stale_inputs(player, "actions", form.get(stale.FIELD), False, _action))
    except Refused as exc:
        _offer(request, exc)
        return _message_page(request, token, who, player=player, text=form.get("text"), rows=rows,
                             error=exc.message, status=exc.status)
    return RedirectResponse(f"/j/{token}?ok=submit-for#phase", status_code=303)


@router.post("/j/{token}/vote-for")
async def judge_vote_for(request: Request, token: str) -> Response:
    who = await run_in_threadpool(_access, request, token, "judge")
    form = await _form(request, token)
    return await run_in_threadpool(_judge_vote_for, request, token, who, form)


def _judge_vote_for(request: Request, token: str, who: Access, form: Form) -> Response:
    player, target = form.get("player"), form.get("target")
    try:
        if not target:
            raise Refused("請選擇投票對象", 422)
        body = {"player": player, "target": target, "via": "message"}
        with _game(request, who.game_id) as game:
            kind, payload = judge_event(game, "vote-for", body, store_of(request).clock())
        store_of(request).append(who.game_id, kind, judges.actor(who.player_id), payload,
                                 guard=stale_inputs(player, "vote", form.get(stale.FIELD), False, _action))
    except Refused as exc:
        _offer(request, exc)
        return _message_page(request, token, who, player=player, text=form.get("text"), error=exc.message,
                             status=exc.status, vote=target or None)
    return RedirectResponse(f"/j/{token}?ok=vote-for#phase", status_code=303)


@router.post("/j/{token}/digit-for")
async def judge_digit_for(request: Request, token: str) -> Response:
    who = await run_in_threadpool(_access, request, token, "judge")
    form = await _form(request, token)
    return await run_in_threadpool(_judge_digit_for, request, token, who, form)


def _judge_digit_for(request: Request, token: str, who: Access, form: Form) -> Response:
    """A player's value for a declared input from their private message (the 24人 rules' 傷判 digit, R-SG12; a
    鼎立三分2.0 拼點's, for its slot: the opponent, from the console's row)."""
    player = form.get("player")
    with _game(request, who.game_id) as game:
        inputs = game.inputs(now=True)
    slotted = next((i for i in inputs if i.slot_key and form.get(i.slot_key)), None)
    try:
        body = {"player": player, **_digit_body(form, inputs), "via": "message"}
        if slotted is not None and slotted.slot_key:  # for which slot (the judges know the opponent)
            body[slotted.slot_key] = form.get(slotted.slot_key)
        with _game(request, who.game_id) as game:
            kind, payload = judge_event(game, "digit-for", body, store_of(request).clock())
        store_of(request).append(who.game_id, kind, judges.actor(who.player_id), payload)
    except Refused as exc:
        return _message_page(request, token, who, player=player, text=form.get("text"), error=exc.message,
                             status=exc.status, reading=bool(slotted is not None and form.get("text")))
    anchor = slotted.view_key if slotted is not None else "phase"
    return RedirectResponse(f"/j/{token}?ok=digit-for#{anchor}", status_code=303)


@router.post("/j/{token}/digits-for")
async def judge_digits_for(request: Request, token: str) -> Response:
    who = await run_in_threadpool(_access, request, token, "judge")
    form = await _form(request, token)
    return await run_in_threadpool(_judge_digits_for, request, token, who, form)


def _judge_digits_for(request: Request, token: str, who: Access, form: Form) -> Response:
    """Every value one pasted message gives for the input the draft awaits, confirmed at once (鼎立三分2.0: 「一名角色
    需要与多名角色拼点时，需要分别提交拼点的数字」): one ``digit`` event per value, as the console's row records it, all
    stored in one transaction or none. The page's ``seen`` fingerprint must still be what the player owes as it is:
    a value recorded meanwhile, or a ruling that asks one made or withdrawn, refuses the whole confirmation."""
    player = form.get("player")
    store = store_of(request)
    with _game(request, who.game_id) as game:
        inp = next((i for i in game.inputs(now=True) if i.stage == "draft"), None)
    slot_key = inp.slot_key if inp is not None and inp.slot_key else "slot"
    anchor = inp.view_key if inp is not None else "phase"
    slots, digits = form.getlist(slot_key), form.getlist("digit")
    try:
        if len(slots) != len(digits):
            raise Refused(f"確認的{inp.label if inp is not None else '數字'}不完整：請重新讀取私訊", 422)
        given = [{slot_key: o, **_digit_body(Form({"digit": [d]}), ())} for o, d in zip(slots, digits, strict=True)]
        body = {"player": player, "digits": given}
        clock = store.clock()
        with _game(request, who.game_id) as game:
            items = digits_for(game, body, clock)
        store.append_all(who.game_id, judges.actor(who.player_id), items, owed_unchanged(player, form.get("seen")))
    except Refused as exc:
        _offer(request, exc)
        return _message_page(request, token, who, player=player, text=form.get("text"), error=exc.message,
                             status=exc.status, reading=bool(form.get("text")))
    return RedirectResponse(f"/j/{token}?ok=digits-for#{anchor}", status_code=303)


@router.post("/j/{token}/{command}")
async def judge_command(request: Request, token: str, command: str) -> Response:
    who = await run_in_threadpool(_access, request, token, "judge")
    form = await _form(request, token)
    return await run_in_threadpool(_judge_command, request, token, who, command, form)


def _judge_command(request: Request, token: str, who: Access, command: str, form: Form) -> Response:
    store = store_of(request)
    try:
        if command not in JUDGE_COMMANDS:
            raise Refused(f"未知的操作「{command[:40]}」", 404)
        rules = None
        if command == "rule":  # a ruling form may be the rule set's own (ruling_from_form)
            with _game(request, who.game_id) as game:
                rules = game.rules
        body = _judge_body(command, form, rules)
        clock = store.clock()  # the database's: deadlines agree across processes
        with _game(request, who.game_id) as game:
            kind, payload = judge_event(game, command, body, clock)
            check_power(game, who.player_id, kind, payload)
        confirm.check(form, confirm.judge_question(command, body, who.player_id))  # irreversible: asked first
        store.append(who.game_id, kind, judges.actor(who.player_id), payload)
        links.after_append(store, who.game_id, token, kind, payload)  # 替補: the seat's new link
    except Refused as exc:
        return _judge_page(request, token, who, exc.message, exc.status)
    anchor = ANCHOR.get(command, "top")
    done = command
    if command == "publish":  # the publish that ends the game says so, not 「下一階段開始」
        with _game(request, who.game_id) as game:
            done = "publish-over" if game.over else command
    return RedirectResponse(f"/j/{token}?ok={done}#{anchor}", status_code=303)


# ---- player ----------------------------------------------------------------------------------
def _skill_options(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The skills an action row may name: those the player may submit (not passive) in the open
    phase: by day only those usable by day (``by_day``: 緩釋, 奇襲's 刺殺), by night not those that
    are day-only."""
    out = []
    by_day = (view.get("open") or {}).get("kind") == "day"
    rows = view.get("skills", [])
    line = (view.get("open") or {}).get("successors") or []
    successors = [r for r in line if r.get("character")]
    if successors:  # 「自杀即时生效」: the rest of the night is the successor's (each branch's skills, once each)
        rows = list({row["skill"]: row for r in successors for row in r["skills"]}.values())
    elif line:  # 「全部继任者都死亡则退出游戏」: the line is spent; only the 自杀 already sent stays on the form
        rows = [row for row in rows if row.get("skill") == "自杀"]
    for row in rows:
        if row.get("kind") == "passive":
            continue
        if (by_day and not row.get("by_day")) or (not by_day and row.get("by_night") is False):
            continue
        targets = row.get("targets") or {"count": 0, "counts": [], "self": True, "dead": False}
        note = ""
        if not row.get("built", True):
            note = "尚未實作"
        elif row.get("uses_left") == 0:
            note = "已用完"
        elif row.get("via"):
            note = f"須同時使用【{row['via']}】"
        idle = _no_target(targets, view)
        note = idle or note
        out.append({"skill": row["skill"], "targets": targets, "args": row.get("args") or [],
                    "most": max([targets.get("count", 0), *targets.get("counts", [])]),
                    "disabled": not row.get("built", True) or bool(idle), "note": note,
                    "uses_left": row.get("uses_left"),
                    "immediate": confirm.immediate(row), "choices": row.get("choices") or {}})
    return out


def _no_target(targets: dict[str, Any], view: dict[str, Any]) -> str:
    """Why a skill has no legal target tonight (暗訪 before anyone is dead), or "": it needs at least one target
    and the table has none of the kind it takes (the dead, or the living, oneself only where allowed)."""
    least = min([targets.get("count", 0), *targets.get("counts", [])] or [0])
    if least == 0:
        return ""
    players = view.get("players") or []
    if targets.get("dead"):
        found = sum(1 for p in players if p.get("out"))
        return "" if found >= least else "目前沒有可指定的死者"
    found = sum(1 for p in players if not p.get("out") and (targets.get("self") or p.get("id") != view.get("id")))
    return "" if found >= least else "目前沒有可指定的目標"


def _rows_from_actions(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    rows = []
    for action in actions:
        args = {}
        for key, value in (action.get("args") or {}).items():
            if key == "guesses" and isinstance(value, list):  # back to the textarea's 「ID 技能」 lines
                pairs = [g if isinstance(g, list) else [g.get("id"), g.get("skill")] for g in value
                         if isinstance(g, (list, dict))]
                args[key] = "\n".join(" ".join(str(x) for x in pair) for pair in pairs)
            else:
                args[key] = _answer(value)
        rows.append({"skill": action.get("skill", ""), "targets": list(action.get("targets") or []), "args": args})
    return rows


def _night_form(view: dict[str, Any], rows: list[dict[str, Any]]) -> dict[str, Any]:
    """What the night form's rows need (``action_rows`` in _macros.html): the skills a row may
    name, the rows (``rows`` and blank ones), how many target fields and which argument fields."""
    options = _skill_options(view)
    count = min(MAX_ACTIONS, max(ACTION_ROWS, len(rows) + 1))
    rows = rows + [{"skill": "", "targets": [], "args": {}} for _ in range(count - len(rows))]
    arg_keys: list[str] = []
    for option in options:
        for key in option["args"]:
            if key not in arg_keys:
                arg_keys.append(key)
    return {"options": options, "rows": rows, "target_slots": max([0, *(o["most"] for o in options)]),
            "arg_keys": arg_keys}


def _arg_values(rules_name: str) -> dict[str, tuple[str, ...]]:
    """The countries and identities an action's arguments may name, in the game's rule set (KK 3.3's are
    the pages' defaults, :data:`COUNTRIES` and :data:`IDENTITIES`)."""
    rules = load_rules(rules_name)
    return {"arg_countries": (*rules.countries, rules.others), "arg_identities": tuple(rules.identities)}


def _player_page(request: Request, token: str, who: Access, error: str | None = None, status: int = 200,
                 rows: list[dict[str, Any]] | None = None, words: str | None = None) -> HTMLResponse:
    pid = who.player_id or ""
    with _game(request, who.game_id) as game:
        view = game.player_view(pid)
        context: dict[str, Any] = {"token": token, "view": view, "csrf": _csrf(request, token), "error": error,
                                   "ok": None if error else _done(request), "live_url": f"/p/{token}/live",
                                   "live_version": live.player_version(
                                       game, pid, chat.player_stamp(store_of(request), game, who.game_id, pid)),
                                   "talk": chat.player_talk(store_of(request), game, who.game_id, pid),
                                   "seen_actions": inputs_seen(game, pid, "actions"),
                                   "seen_vote": inputs_seen(game, pid, "vote")}
        if view["stage"] == "choosing":
            roster = game.roster()
            taken = set(view.get("taken", []))
            context["choices"] = [
                {"name": c, "base": roster.characters[c].base, "taken": roster.characters[c].base in taken,
                 "skills": [{"name": s.name, "kind": s.kind, "text": s.text} for s in roster.characters[c].skills]}
                for c in view["choices"]
            ]
        context.update(_arg_values(game.rules))
        stored = game.current.digits if game.current is not None and "open" in view else {}
        asked = [phase_input.page_rows(inp, stored, pid) for inp in game.inputs(now=True)] if "open" in view else []
        context["asked"] = [a for a in asked if a is not None]  # the rule set's inputs this id owes now
    current = view.get("open") or {}
    if rows is None:
        rows = _rows_from_actions(current.get("actions") or [])
    context.update(_night_form(view, rows))
    context.update({
        "players": view.get("players", []),
        "living": [p["id"] for p in view.get("players", []) if not p.get("out")],
        "words": words if words is not None else (view.get("last_words") or {}).get("text", ""),
        "feedback_groups": _group(view.get("feedback", [])),
        "qq": _player_qq(request, who.game_id, pid),
    })
    return _render(request, "player.html", context, status, rules=game.rules, ids=shown_ids(game))


def _player_qq(request: Request, game_id: str, pid: str) -> dict[str, Any] | None:
    """The player's QQ binding code, or that they are bound (issue 32; a server with a QQ bridge only)."""
    from tianting.server import bridge

    return bridge.player_qq(store_of(request), game_id, pid) if bridge.bridge_key(request) else None


def _group(items: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """Feedback by phase label, in order."""
    groups: list[tuple[str, list[dict[str, Any]]]] = []
    for item in items:
        label = item.get("label") or f"第{item.get('number')}{'夜' if item.get('phase') == 'night' else '天'}"
        if not groups or groups[-1][0] != label:
            groups.append((label, []))
        groups[-1][1].append(item)
    return groups


@router.get("/p/{token}", response_class=HTMLResponse)
def player_page(request: Request, token: str) -> HTMLResponse:
    who = _access(request, token, "player")
    return _player_page(request, token, who)


_ROW = re.compile(r"^skill-(\d{1,2})$")
_ARG = re.compile(r"^arg-([a-z_]{1,20})-(\d{1,2})$")
_TARGET = re.compile(r"^target-(\d{1,2})-(\d{1,2})$")


def _guesses(text: str, row: int) -> list[list[str]]:
    out = []
    for line in text.splitlines():
        line = line.strip().replace("：", " ").replace(":", " ")
        if not line:
            continue
        parts = line.rsplit(None, 1)
        if len(parts) != 2:
            raise Refused(f"第{row}行的猜測「{line[:40]}」格式錯誤：每行寫「ID 技能」", 422)
        out.append([parts[0].strip(), parts[1].strip()])
    return out


def _rows_from_form(form: Form) -> list[dict[str, Any]]:
    """The night form's rows as entered (blank rows dropped), for the payload and for re-display."""
    indexes: set[int] = set()
    for key in form.keys():
        for pattern in (_ROW, _ARG, _TARGET):
            match = pattern.match(key)
            if match:
                indexes.add(int(match.group(2) if pattern is _ARG else match.group(1)))
    rows = []
    for i in sorted(indexes):
        skill = form.get(f"skill-{i}").strip()
        targets = [form.get(f"target-{i}-{j}").strip() for j in range(MAX_TARGETS)]
        args = {}
        for key in form.keys():
            match = _ARG.match(key)
            given = [v.strip() for v in form.getlist(key) if v.strip()]  # a skill's own list, or the free field
            if match and int(match.group(2)) == i and given:
                args[match.group(1)] = given[0]
        targets = [t for t in targets if t]
        if not skill and not targets and not args:
            continue
        rows.append({"skill": skill, "targets": targets, "args": args})
    return rows


def _actions(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    actions = []
    for n, row in enumerate(rows, start=1):
        if not row["skill"]:
            raise Refused(f"第{n}個行動填了目標或參數，但沒有選擇技能", 422)
        action: dict[str, Any] = {"skill": row["skill"], "targets": row["targets"]}
        args: dict[str, Any] = {}
        for key, value in row["args"].items():
            args[key] = _guesses(value, n) if key == "guesses" else value
        if args:
            action["args"] = args
        actions.append(action)
    return actions


def _player_body(command: str, form: Form) -> dict[str, Any]:
    if command == "choose":
        if not form.get("character"):
            raise Refused("請選擇一個角色", 422)
        return {"character": form.get("character")}
    if command == "vote":
        if not form.get("target"):
            raise Refused("請選擇投票對象", 422)
        return {"target": form.get("target")}
    if command == "last-words":
        return {"text": form.get("text")}
    if command == "decide":
        return {"skill": form.get("skill"), "answer": form.get("answer")}
    return {}


def _digit_body(form: Form, inputs: Sequence[PhaseInput]) -> dict[str, Any]:
    """A ``digit`` form's value (the declared inputs' ``key``, ``digit``) and which of the player's it is (an input's
    ``number_key``, as the page numbers them)."""
    digit = form.get("digit").strip()
    if not (len(digit) == 1 and digit.isdigit()):
        raise Refused("數字須為0至9的整數", 422)
    for inp in inputs:
        number = form.get(inp.number_key).strip() if inp.number_key else ""
        if number and inp.number_key:
            if not number.isdigit() or len(number) > 3:
                raise Refused(phase_input.text(inp, "請指明第幾次{word}"), 422)
            return {inp.key: int(digit), inp.number_key: int(number)}
    return {"digit": int(digit)}


@router.post("/p/{token}/{command}")
async def player_command(request: Request, token: str, command: str) -> Response:
    who = await run_in_threadpool(_access, request, token, "player")
    form = await _form(request, token)
    return await run_in_threadpool(_player_command, request, token, who, command, form)


def _player_command(request: Request, token: str, who: Access, command: str, form: Form) -> Response:
    rows: list[dict[str, Any]] | None = None
    try:
        if command == "actions":
            rows = [] if form.get("none") else _rows_from_form(form)
            body: dict[str, Any] = {"actions": _actions(rows)}
            with _game(request, who.game_id) as game:  # 自殺 and the like: 「即時生效，不可修改」, asked first
                confirm.check(form, confirm.player_question(game.player_view(who.player_id or ""), body["actions"]))
        elif command == "digit":
            with _game(request, who.game_id) as game:
                body = _digit_body(form, game.inputs(now=True))
        else:
            body = _player_body(command, form)
        kind, payload = player_event(command, body)
        what = command if command in ("actions", "vote") else None  # the forms that carry a fingerprint
        guard = stale_inputs(who.player_id or "", what, form.get(stale.FIELD), True, _action) if what else None
        store_of(request).append(who.game_id, kind, who.player_id or "", payload, guard=guard)
    except Refused as exc:
        _offer(request, exc)
        words = form.get("text") if command == "last-words" else None
        return _player_page(request, token, who, exc.message, exc.status, rows=rows, words=words)
    done = command
    if command == "actions":  # by day (「可以於白天使用」, 奇襲) the actions are the day's, not the night's
        with _game(request, who.game_id) as game:
            if game.current is not None and game.current.kind == "day":
                done = "day-actions"
    return RedirectResponse(f"/p/{token}?ok={done}", status_code=303)


# ---- public ----------------------------------------------------------------------------------
@router.get("/g/{public_id}", response_class=HTMLResponse)
def public_page(request: Request, public_id: str) -> HTMLResponse:
    game_id = _public_game(request, public_id)
    with _game(request, game_id) as game:
        view = public_view(game)
        return _render(request, "public.html", {"view": view, "public_id": public_id,
                                                "live_url": f"/g/{public_id}/live",
                                                "live_version": live.public_version(game)}, rules=game.rules, ids=shown_ids(game))


def _over(game: HostedGame) -> None:
    if not game.over:
        raise Refused("復盤於遊戲結束後公開", 404)


@router.get("/g/{public_id}/replay", response_class=HTMLResponse)
def public_replay(request: Request, public_id: str) -> HTMLResponse:
    game_id = _public_game(request, public_id)
    with _game(request, game_id) as game:
        _over(game)
        return _replay(request, game, False, f"/g/{public_id}")


@router.get("/g/{public_id}/export.json")
def public_export(request: Request, public_id: str) -> JSONResponse:
    game_id = _public_game(request, public_id)
    with _game(request, game_id) as game:
        _over(game)
        return JSONResponse(game.export())


# ---- live: each reader's version of what they may see (see tianting.server.live) ---------------------
def _live(version: str, deadline: str | None) -> JSONResponse:
    return JSONResponse({"v": version, "deadline": deadline}, headers=live.NO_STORE)


@router.get("/j/{token}/live")
def judge_live(request: Request, token: str) -> JSONResponse:
    who = _access(request, token, "judge")
    with _game(request, who.game_id) as game:
        talk = chat.judge_stamp(store_of(request), game, who.game_id, who.player_id)
        return _live(live.judge_version(game, talk), live.open_deadline(game))


@router.get("/p/{token}/live")
def player_live(request: Request, token: str) -> JSONResponse:
    who = _access(request, token, "player")
    with _game(request, who.game_id) as game:
        talk = chat.player_stamp(store_of(request), game, who.game_id, who.player_id or "")
        return _live(live.player_version(game, who.player_id or "", talk), live.open_deadline(game))


@router.get("/g/{public_id}/live")
def public_live(request: Request, public_id: str) -> JSONResponse:
    game_id = _public_game(request, public_id)
    with _game(request, game_id) as game:
        return _live(live.public_version(game), live.open_deadline(game))
