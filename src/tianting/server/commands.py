"""What a judge's or a player's request turns into: one event, with the clock read here.

Shared by the JSON API and the HTML forms so both accept exactly the same
things. Deadlines are computed when the event is made and written into it.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

from tianting.hosting import events as ev
from tianting.hosting import inputs as phase_input
from tianting.hosting.game import HostedGame, Refused
from tianting.hosting.views import owed_seen
from tianting.rules.interface import InputTexts, PhaseInput
from tianting.server.stale import unchanged

JUDGE_COMMANDS = {
    "start": ev.START, "resolve": ev.RESOLVE, "decide": ev.DECIDE, "ask-last-words": ev.ASK_LAST_WORDS,
    "rule-last-words": ev.RULE_LAST_WORDS, "edit": ev.EDIT, "publish": ev.PUBLISH, "peace": ev.PEACE,
    "note": ev.NOTE, "deadline": ev.DEADLINE, "assign": ev.CHOOSE, "ask-decision": ev.ASK_DECISION,
    "submit-for": ev.SUBMIT, "vote-for": ev.VOTE, "rule": ev.RULE, "digit-for": ev.DIGIT,
    "substitute": ev.SUBSTITUTE,
}
PLAYER_COMMANDS = {"choose": ev.CHOOSE, "actions": ev.SUBMIT, "vote": ev.VOTE, "last-words": ev.LAST_WORDS,
                   "decide": ev.DECIDE, "digit": ev.DIGIT}
FIELDS = {
    ev.CHOOSE: ("player", "character"), ev.DECIDE: ("actor", "skill", "answer"), ev.ASK_DECISION: ("actor", "skill"),
    ev.RULE_LAST_WORDS: ("player", "approved", "reason"), ev.EDIT: ("target", "text", "player", "index"),
    ev.PEACE: ("judge", "proposer", "agreed"), ev.NOTE: ("text",), ev.ASK_LAST_WORDS: (),
    ev.SUBMIT: ("player", "actions", "via"), ev.VOTE: ("player", "target", "via"), ev.LAST_WORDS: ("text",),
    ev.RULE: ("ruling", "remove"), ev.DIGIT: ("player", "digit", "via", "contest", "against"),
    ev.SUBSTITUTE: ("player", "by", "reason"),
}
"""The fields each event takes from a request body; anything else (a form's csrf field, stray
keys) is not stored, so the event log holds only what the game reads."""


def _fields(kind: str, body: dict[str, Any], player: bool = False) -> dict[str, Any]:
    keys = FIELDS[kind]
    if player and kind == ev.CHOOSE:
        keys = ("character",)  # a player chooses for themself only: the actor comes from the link
    if player and kind == ev.DECIDE:
        keys = ("skill", "answer")  # likewise a player answers only their own choice
    if player and kind == ev.SUBMIT:
        keys = ("actions",)  # and submits only their own actions
    if player and kind == ev.VOTE:
        keys = ("target",)  # and casts only their own vote
    if player and kind == ev.DIGIT:
        keys = ("digit", "contest")  # and gives only their own values (the stored event's keys: ``key``, ``number_key``)
    return {key: body[key] for key in keys if key in body}


def _deadline_after(minutes: Any, now: datetime) -> str | None:
    if not isinstance(minutes, int) or minutes <= 0:
        return None
    return (now + timedelta(minutes=minutes)).isoformat(timespec="seconds")


def parse_deadline(text: Any, offset: Any = None) -> str | None:
    """A deadline the judge typed (ISO 8601), stored in UTC.

    A time without an offset is the judge's local time when the browser told us its offset
    (``offset``: minutes east of UTC, sent by the console's script), else UTC."""
    if text in (None, ""):
        return None
    if not isinstance(text, str) or len(text) > 40:
        raise Refused("時限格式錯誤（例：2026-12-01T20:00）", 422)
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise Refused("時限格式錯誤（例：2026-12-01T20:00）", 422) from None
    if moment.tzinfo is None:
        try:
            minutes = int(offset) if offset not in (None, "") else 0
        except (TypeError, ValueError):
            raise Refused("時區格式錯誤", 422) from None
        if not -16 * 60 <= minutes <= 16 * 60:
            raise Refused("時區格式錯誤", 422)
        moment = moment.replace(tzinfo=timezone(timedelta(minutes=minutes)))
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def judge_event(game: HostedGame, command: str, body: dict[str, Any], now: datetime) -> tuple[str, dict[str, Any]]:
    """The event kind and payload for a judge's ``command``."""
    kind = JUDGE_COMMANDS.get(command)
    if kind is None:
        raise Refused(f"未知的操作「{command[:40]}」", 404)
    if kind == ev.START:
        payload = {"deadline": _deadline_after(game.meta.get("night_minutes"), now)}
    elif kind == ev.PUBLISH:
        phase = game.current
        next_kind = "day" if phase is not None and phase.kind == "night" else "night"
        payload = {"deadline": _deadline_after(game.meta.get(f"{next_kind}_minutes"), now)}
    elif kind == ev.RESOLVE:
        payload = {"phase": len(game.phases) - 1, "why": "judge"}
    elif kind == ev.DEADLINE:
        payload = {"deadline": parse_deadline(body.get("deadline"), body.get("tz"))}
    else:
        payload = _fields(kind, body)
    return kind, payload


def check_power(game: HostedGame, seat: str | None, kind: str, payload: dict[str, Any]) -> None:
    """Refuse (403) an event that is not the judge's power (hosting/judges.py), as storing it would: before the
    act's confirmation is asked for, so that a judge is not asked to confirm what is not his to do."""
    from tianting.hosting import judges

    judges.acting(game, ev.Event(game.seq + 1, kind, judges.actor(seat), payload))


def player_event(command: str, body: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    kind = PLAYER_COMMANDS.get(command)
    if kind is None:
        raise Refused(f"未知的操作「{command[:40]}」", 404)
    return kind, _fields(kind, body, player=True)


MOST_DIGITS = 60
"""Most values one confirmation may carry (as many as a phase may have rulings)."""


def _drafted(game: HostedGame) -> PhaseInput | None:
    """The input the game's draft awaits values for (declared by the rule set), if any."""
    return next((i for i in game.inputs(now=True) if i.stage == "draft"), None)


def digits_for(game: HostedGame, body: dict[str, Any], now: datetime) -> list[tuple[str, dict[str, Any]]]:
    """The events of a judge's ``digits-for``: every value of one private message at once for the input the draft
    awaits (``{"player", "digits": [{slot_key: slot, "digit": 0–9}, …]}``, the slot key the declaration's:
    ``against``), one ``digit`` event each, as ``digit-for`` makes it (``via`` message). Checked again by the game
    as each is applied; to be stored all together or not at all (:meth:`tianting.server.store.Store.append_all`)."""
    inp = _drafted(game)
    label = inp.label if inp is not None else "數字"
    given = body.get("digits")
    if not isinstance(given, list) or not given or len(given) > MOST_DIGITS or not all(isinstance(d, dict) for d in given):
        raise Refused(f"確認的{label}不完整：請重新讀取私訊", 422)
    if inp is None or inp.slot_key is None:
        raise Refused("現在沒有等待玩家數字的結算草稿", 409)
    slots = [d.get(inp.slot_key) for d in given]
    if len(set(map(str, slots))) != len(slots):
        raise Refused(phase_input.text(inp, inp.texts.twice), 422)
    return [judge_event(game, "digit-for", {"player": body.get("player"), inp.key: d.get(inp.key), "via": "message",
                                            inp.slot_key: d.get(inp.slot_key)}, now) for d in given]


def owed_unchanged(player: Any, seen: Any) -> Callable[[HostedGame], None]:
    """A guard for :meth:`Store.append_all`: what ``player`` owes the draft is still as the confirming page showed
    it (``seen``: :func:`tianting.hosting.views.owed_seen`), else :class:`~tianting.server.stale.Stale` (409), one
    mechanism with every stale form (server/stale.py)."""
    def stale(game: HostedGame) -> str:
        inp = _drafted(game)
        template = inp.texts.stale if inp is not None else InputTexts("").stale
        return template.format(player=player, word=inp.reader.word if inp is not None else "數字", label="")

    guard = unchanged(lambda game: owed_seen(game, player) if isinstance(player, str) else "", seen, stale,
                      required=True)
    assert guard is not None
    return guard


contests_unchanged = owed_unchanged
"""The name tests/server/test_contest_message_page.py imports (kept so that test stays unchanged)."""
