"""A judging team of three (issue 16, seed 003): 北斗, 南斗 and 裁判, each with only their own powers.

Seed 003 (鼎立三分2.0) describes the judges:

- 北斗：法官，主死。負責每日反饋、發布公告，宣布死亡、受傷、遺言的情況。遊戲過程中一切關於規則的問題解釋權歸北斗所有。
- 南斗：法官，主生。負責每日投票統計、判定和最終復盤。
- 裁判：法官，主制裁。負責監督遊戲進程，有權利取消違紀玩家比賽資格。在極其惡劣的犯規行為發生時，有權制裁犯規玩家
  遊戲中的命數。同時負責裁定玩家對北斗、南斗的投訴。

A game created with ``judges: 3`` (the ``created`` event's payload; absent in a one-judge game, so
existing games and their 復盤 are unchanged) has one secret link per judge; their events carry the
actor ``judge:北斗`` … (:func:`actor`), so the event log itself is the audit trail (who, what, when),
and :func:`acting` (called by :meth:`HostedGame.apply` for every event) refuses a judge's event
that is not theirs, in the fold: the API, the pages and ``tianting verify`` all apply the same check.

Which event kinds are whose (docs/hosting.md, ruling RJ1 in docs/rulings.md):

- 北斗: everything a one-judge game's judge does (start, assign, submit-for, deadline, resolve,
  decide, ask-decision, ask/rule last words, edit, publish, peace, rule, note) except what the
  others own below;
- 南斗: entering votes (``vote`` for a player) and digits (``digit`` for a player, rule sets with digits),
  closing a day's vote (``resolve`` of a day phase), setting a 拼點 (a ``contest`` ruling with its parity rule,
  ruling RJ3), and notes (the 判定 and the 復盤's remarks);
- 裁判: ``rule`` with effect ``kill`` (取消比賽資格) or ``injure`` (制裁命數) only, and notes; a ruling is
  taken back (``remove``) only by the judge who made it, so neither the 北斗 nor the 裁判 undoes the
  other's.

Pure: no I/O.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tianting.hosting import events as ev
from tianting.hosting.events import Event

BEIDOU, NANDOU, CAIPAN = "北斗", "南斗", "裁判"
SEATS = (BEIDOU, NANDOU, CAIPAN)
PREFIX = "judge:"
TEAM = 3
"""The ``judges`` value of a created event with three judges (absent: one judge, all powers)."""

DUTIES = {
    BEIDOU: "反饋、公告，宣布死亡、受傷與遺言；規則的最終解釋",
    NANDOU: "投票統計、判定與復盤",
    CAIPAN: "監督遊戲：取消違紀玩家的資格（死亡）或制裁其命數（受傷），受理對北斗、南斗的投訴",
}
"""What each judge does, in the words of seed 003, for the console."""

DIGIT = getattr(ev, "DIGIT", "digit")
"""A player's digit for a draw (拼點, 伤判: 「南斗先設定……再向玩家收取數字」), where the rule set takes digits."""

CAIPAN_EFFECTS = ("kill", "injure", "remove", "restore")
"""The ruling effects the 裁判 may use (the engine's judge-ruling mechanism: replay and verify stay exact):
``remove`` where the rule set has it (鼎立三分2.0: 取消比賽資格 is an exit without a death, D-X1), and
``restore`` to take his own disqualification back (no other judge may: RJ1)."""


NANDOU_EFFECTS = ("contest",)
"""The ruling effects the 南斗 may use: 「南斗先设定两个数字之和若为奇数，为哪名角色胜利……再向玩家收取数字」 (拼點)."""


def i_is(authors: list[str], i: Any, seat: str) -> bool:
    """Whether ruling ``i`` of the phase was made by ``seat``."""
    return isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(authors) and authors[i] == PREFIX + seat


def actor(seat: str | None) -> str:
    """The event actor for a judge: ``judge`` in a one-judge game (``seat`` None), else ``judge:<seat>``."""
    return ev.JUDGE if seat is None else PREFIX + seat


def seat_of(who: str) -> str | None:
    """The judge seat of an event actor (``judge:北斗`` → 北斗), or None."""
    if who.startswith(PREFIX) and who[len(PREFIX):] in SEATS:
        return who[len(PREFIX):]
    return None


def is_judge(who: str) -> bool:
    """Whether an event actor is a judge (the one judge, or one of three)."""
    return who == ev.JUDGE or seat_of(who) is not None


def team(meta: dict[str, Any]) -> bool:
    """Whether the game (its ``created`` payload) has three judges."""
    return meta.get("judges") == TEAM


def check_created(payload: dict[str, Any]) -> None:
    """Refuse a bad ``judges`` field, or a player id that is a judge's actor."""
    from tianting.hosting.game import Refused

    if "judges" not in payload:
        return
    if payload["judges"] != TEAM or isinstance(payload["judges"], bool):
        raise Refused("judges（天庭人數）只能是 3（北斗、南斗、裁判），或不填（一位天庭）", 422)
    for pid in payload.get("ids") or []:
        if isinstance(pid, str) and pid.startswith(PREFIX):
            raise Refused(f"玩家ID「{pid[:64]}」無效（不能以 {PREFIX} 開頭）", 422)


def _phase_kind(game: Any) -> str | None:
    phase = game.current
    return None if phase is None else str(phase.kind)


def _rulings(game: Any) -> tuple[list[tuple[str, dict[str, Any]]], list[tuple[str, dict[str, Any]]]]:
    """Every published phase's rulings and the open phase's, each as (the actor of its ``rule`` event, the
    ruling, or {} when the payload holds none): a ``remove`` takes a ruling of the open phase back."""
    published: list[tuple[str, dict[str, Any]]] = []
    made: list[tuple[str, dict[str, Any]]] = []
    for event in game.events:
        if event.kind in (ev.START, ev.PUBLISH):
            if event.kind == ev.PUBLISH:
                published += made
            made = []  # a new phase opens: its rulings start empty
        elif event.kind == ev.RULE:
            if "remove" in event.payload:
                i = event.payload["remove"]
                if isinstance(i, int) and 0 <= i < len(made):
                    del made[i]
            else:
                ruling = event.payload.get("ruling")
                made.append((event.actor, ruling if isinstance(ruling, dict) else {}))
    return published, made


def ruling_authors(game: Any) -> list[str]:
    """Who made each of the current phase's rulings (the actors of its ``rule`` events, in order)."""
    return [author for author, _ in _rulings(game)[1]]


def disqualified_by_caipan(game: Any) -> set[str]:
    """The ids the 裁判 sent out of the game (``remove`` rulings of his that stood: published, or on the open
    phase's draft and not withdrawn), less those brought back since (``restore``)."""
    published, made = _rulings(game)
    out: set[str] = set()
    for author, ruling in published + made:
        if ruling.get("effect") == "remove" and seat_of(author) == CAIPAN:
            out.add(str(ruling.get("target")))
        elif ruling.get("effect") == "restore":
            out.discard(str(ruling.get("target")))
    return out


def refusal(game: Any, event: Event) -> str | None:
    """Why the judge ``event.actor`` may not do ``event`` (None: it is theirs)."""
    seat = seat_of(event.actor)
    assert seat is not None
    kind, p = event.kind, event.payload
    if kind == ev.NOTE:
        return None  # each judge may put a remark in the record, signed by the event's actor
    if kind == ev.RULE:
        if "remove" in p:
            authors = ruling_authors(game)
            i = p["remove"]
            if isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(authors) and authors[i] != event.actor:
                made = seat_of(authors[i]) or "天庭"
                return f"這條裁定是{made}作出的，只有{made}可以撤回"
            return None if seat in (BEIDOU, CAIPAN) or (seat == NANDOU and i_is(authors, i, NANDOU)) \
                else f"{seat}不能作出裁定（裁定屬於北斗；取消資格、制裁命數屬於裁判）"
        ruling = p.get("ruling") if isinstance(p.get("ruling"), dict) else {}
        if ruling.get("effect") == "restore" and seat != CAIPAN and ruling.get("target") in disqualified_by_caipan(game):
            return "這名玩家是裁判取消資格的，只有裁判可以讓其回到遊戲"
        if seat == BEIDOU:
            return None
        if seat == CAIPAN:
            effect = (p.get("ruling") or {}).get("effect") if isinstance(p.get("ruling"), dict) else None
            if effect in CAIPAN_EFFECTS:
                return None
            return "裁判只能取消違紀玩家的資格（kill、remove，或撤銷自己的取消：restore）或制裁其命數（injure）；其他裁定屬於北斗"
        effect = (p.get("ruling") or {}).get("effect") if isinstance(p.get("ruling"), dict) else None
        if effect in NANDOU_EFFECTS:
            return None  # 判定: the 南斗 sets a 拼點's parity rule, then takes the digits
        return "南斗不能作出裁定（南斗只設定拼點，即判定）；其他裁定屬於北斗，取消資格、制裁命數屬於裁判"
    if kind == ev.VOTE:
        return None if seat == NANDOU else "代玩家登記投票屬於南斗（投票統計）"
    if kind == DIGIT:
        return None if seat == NANDOU else "代玩家登記數字屬於南斗（判定：拼點、伤判的數字）"
    if kind == ev.RESOLVE:
        if _phase_kind(game) == "day":
            return None if seat == NANDOU else "結束白天的投票屬於南斗（投票統計）"
        return None if seat == BEIDOU else "結算夜晚屬於北斗"
    if seat == BEIDOU:
        return None
    return f"這是北斗的職權（{DUTIES[BEIDOU]}）；{seat}只負責{DUTIES[seat]}"


def acting(game: Any, event: Event) -> Event:
    """The event as the fold's handlers see it: a judge seat's event checked against that judge's
    powers and handed on with the actor ``judge``; any other event unchanged. Raises ``Refused``
    (403, changing nothing) for a power that is not the judge's, or a seat in a one-judge game."""
    from tianting.hosting.game import Refused

    seat = seat_of(event.actor)
    if seat is None:
        if event.actor == ev.JUDGE and event.kind != ev.CREATED and team(game.meta):
            # fail safe: a route that forgot to name the seat must not act with every power
            raise Refused("這局有三位天庭：操作須由北斗、南斗或裁判各自的連結發出", 403)
        return event

    if event.kind == ev.CREATED:
        raise Refused("只有天庭可以建立遊戲", 403)
    if not team(game.meta):
        raise Refused("這局只有一位天庭", 403)
    why = refusal(game, event)
    if why is not None:
        raise Refused(why, 403)
    return replace(event, actor=ev.JUDGE)


def audit(events: list[Event]) -> list[dict[str, Any]]:
    """Every judge's act, oldest first: seq, when, who (the seat, or 天庭 / 系統) and what (the event kind
    and its payload). Shown to the three judges only (the payloads hold the game's secrets)."""
    out = []
    for event in events:
        if event.kind == ev.CREATED or not (is_judge(event.actor) or event.actor == ev.SYSTEM):
            continue
        who = seat_of(event.actor) or ("系統" if event.actor == ev.SYSTEM else "天庭")
        out.append({"seq": event.seq, "at": event.at, "who": who, "kind": event.kind, "payload": event.payload})
    return out


def powers(seat: str | None, game: Any = None) -> dict[str, Any]:
    """What the console shows ``seat`` (None: the one judge, everything): the forms of their own powers only.

    ``run``: the 北斗's phase work (start, assign, deadline, a night's resolution, choices, last words,
    wording, publishing, 議和, actions by private message); ``night``: resolving the open phase when it is a
    night; ``count``: votes and digits by private message and closing a day; ``effects``: the ruling effects
    their ruling form offers (None: all); ``contest``: setting a 拼點; ``webhook``."""
    one = seat is None
    day = game is not None and _phase_kind(game) == "day"
    return {
        "seat": seat, "run": one or seat == BEIDOU, "count": one or seat == NANDOU,
        "resolve": one or seat == (NANDOU if day else BEIDOU),
        "message": one or seat == (NANDOU if day else BEIDOU),
        "rule": one or seat in (BEIDOU, CAIPAN),
        "effects": None if one or seat == BEIDOU else (CAIPAN_EFFECTS if seat == CAIPAN else ()),
        "contest": one or seat in (BEIDOU, NANDOU),
        "webhook": one or seat == BEIDOU,
        "authors": [seat_of(a) for a in ruling_authors(game)] if game is not None and not one else None,
    }


def may_set_webhook(seat: str | None) -> None:
    """The game's webhook (where announcements are sent) is the 北斗's, or the one judge's."""
    if seat not in (None, BEIDOU):
        from tianting.hosting.game import Refused

        raise Refused(f"設定通知網址屬於北斗（{DUTIES[BEIDOU]}）", 403)
