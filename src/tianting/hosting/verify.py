"""``tianting verify EXPORT.json``: replay an exported game and check it.

Anyone holding a finished game's export (the 復盤 JSON the server offers on
its public page) can check, without trusting the server:

1. the revealed seed and salt hash to the commitment published when the game
   was created (so the seed was fixed before anyone played);
2. the stored inputs (events) fold into a valid game: every character choice,
   submission, vote, decision and ruling was allowed when it was made;
3. replaying those inputs with that seed gives exactly the export: every
   field of it (title, rules and their title, setup draws, seats, the
   published announcements and feedback with the judge's rewordings, the
   audit log of edits, the notes, the script, the transcript, the result, the
   events themselves), compared whole, so a field added to the export later
   is checked too. A failure names the first differing place
   (``published[0].announcement.text``).

An export made before a field was added to it (``LATER_FIELDS``: the transcript's ``uses``, what came of each action
in a 24人 or 鼎立三分2.0 game) is verified on what it has: where the export lacks that field everywhere the replay
has it, the field is left out of the comparison and the verdict says so (``Verdict.notes``: which field, that the
export predates it, that it was not compared). A field the export has is compared as every other: present but
different, or present in some places and taken out of others, fails.

What it cannot attest: the inputs themselves are the record. A doctored
input is found only through what it changes (an input that was never legal,
or outcomes that differ from the published ones): an input superseded by a
later one (a revised submission or vote, a ruling taken back) changes
nothing, and when each input was made (an event's ``at``) is the server's
word: verify checks that it is a time, and that every submission and vote
was made before its phase's deadline.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from tianting.core.errors import TiantingError
from tianting.core.jsoninput import key_path
from tianting.core.usertext import shown
from tianting.hosting import events as ev
from tianting.hosting.events import Event
from tianting.hosting.fairness import commitment
from tianting.hosting.game import HostedGame
from tianting.rules import load as load_rules

EXPORT_FORMAT = "tianting-export/1"


@dataclass
class Verdict:
    """The checks made and what failed (empty ``failures``: the export is verified)."""

    checks: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    """What was not compared and why (an export made before a field was added: ``LATER_FIELDS``); no failure."""

    @property
    def ok(self) -> bool:
        return not self.failures

    def check(self, passed: bool, what: str, why: str = "") -> None:
        if passed:
            self.checks.append(what)
        else:
            self.failures.append(f"{what}：{why}" if why else what)

    def render(self) -> str:
        lines = [f"✓ {c}" for c in self.checks] + [f"※ {n}" for n in self.notes] + [f"✗ {f}" for f in self.failures]
        lines.append("驗證通過" if self.ok else f"驗證失敗（{len(self.failures)}項）")
        return "\n".join(lines) + "\n"


FIELDS = {
    "format": "格式標記",
    "title": "遊戲名稱",
    "rules": "規則集",
    "rules_title": "規則集名稱",
    "commitment": "種子承諾",
    "seed": "種子",
    "salt": "鹽值",
    "over": "遊戲是否結束",
    "result": "遊戲結果",
    "setup_draws": "國籍與身份的抽籤",
    "players": "座位：國籍、身份與角色（由種子隨機分配）",
    "events": "事件紀錄",
    "script": "遊戲腳本",
    "published": "每一則已公布的公告與每位玩家的反饋",
    "edits": "天庭修改措辭的紀錄",
    "night_minutes": "每夜的時限",
    "day_minutes": "每日的時限",
    "schedule": "各階段的時限與結算者",
    "notes": "天庭的備註",
    "last_words": "死者的遺言與天庭的裁定（含未獲准的）",
    "transcript": "逐階段的結算紀錄（判定、抽籤、死亡）",
}
"""Every field of an export, with what it is (a field not listed here is compared all the same)."""


@dataclass(frozen=True)
class LaterField:
    """A field added to the export after exports were already being made: an older export lacks it."""

    path: tuple[str, ...]
    """Where it is: keys, ``[]`` for every item of a list (``transcript.phases[].uses``)."""
    what: str
    """What it is, in Chinese."""

    @property
    def shown(self) -> str:
        return ".".join(self.path).replace(".[]", "[]")


LATER_FIELDS = (
    LaterField(("transcript", "phases", "[]", "uses"), "各行動的結果"),
    LaterField(("script", "draw_order"), "抽取的次序：建立於此欄位之前的遊戲按名單的次序結算"),
    LaterField(("script", "pack_edition"), "內建角色包的版次：建立於此欄位之前的遊戲按當時的角色包（第1版）結算，角色技能均由天庭裁定"),
)
"""The fields an export may lack because it was made before they existed, each compared only where the export has
it (:func:`_predating`). Add one here when a field is added to the export (docs/spec/game-script.md says when)."""


def _places(value: Any, path: tuple[str, ...], where: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every concrete place of ``path`` in ``value`` (its keys and list indices), the last key included, where
    the dict holding it exists (whether or not the key is in it)."""
    if not path:
        return [where]
    head, rest = path[0], path[1:]
    if head == "[]":
        if not isinstance(value, list):
            return []
        return [p for i, item in enumerate(value) for p in _places(item, rest, (*where, i))]
    if not isinstance(value, dict):
        return []
    if not rest:
        return [(*where, head)]
    return _places(value.get(head), rest, (*where, head)) if head in value else []


def _at(value: Any, place: tuple[Any, ...]) -> tuple[bool, Any]:
    """(found, the value at ``place``) in ``value``."""
    for step in place:
        if isinstance(step, int) and isinstance(value, list) and 0 <= step < len(value):
            value = value[step]
        elif isinstance(step, str) and isinstance(value, dict) and step in value:
            value = value[step]
        else:
            return False, None
    return True, value


def _predating(export: dict[str, Any], replayed: dict[str, Any]) -> tuple[dict[str, Any], list[LaterField]]:
    """The replay to compare the export with: less each later field (``LATER_FIELDS``) the export lacks at every
    place the replay has it (the export predates it), and those fields. A later field the export has at any of
    those places is kept whole, so it is compared as every other field (a place it was taken out of fails)."""
    left_out = []
    for later in LATER_FIELDS:
        places = [p for p in _places(replayed, later.path) if _at(replayed, p)[0]]
        if not places or any(_at(export, p)[0] for p in places):
            continue
        if not left_out:
            replayed = copy.deepcopy(replayed)
        for place in places:
            _found, holder = _at(replayed, place[:-1])
            del holder[place[-1]]
        left_out.append(later)
    return replayed, left_out


def _json(value: Any) -> str:
    """``value`` as canonical JSON text: two values are the same JSON exactly when these are equal
    (``1`` is not ``true``, nor ``1.0``, as Python's ``==`` would have it)."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _same(a: Any, b: Any) -> bool:
    return _json(a) == _json(b)


def _first_difference(a: Any, b: Any, where: str) -> str:
    """Where two JSON values first differ, ``a`` the export's and ``b`` the replay's (the path of
    the first differing leaf, e.g. ``published[0].announcement.text``, and both values, shortened)."""
    while True:
        if type(a) is not type(b):
            break
        if isinstance(a, dict):
            for key in sorted(set(a) | set(b), key=str):
                if key not in b:
                    return f"{key_path(where, key)}：復盤檔中有，重播中沒有"
                if key not in a:
                    return f"{key_path(where, key)}：重播中有，復盤檔中沒有"
                if not _same(a[key], b[key]):
                    a, b, where = a[key], b[key], key_path(where, key)
                    break
            else:
                return f"{where}：相同"
            continue
        if isinstance(a, list):
            if len(a) != len(b):
                return f"{where}：復盤檔中有{len(a)}項，重播得出{len(b)}項"
            for i, (x, y) in enumerate(zip(a, b, strict=True)):
                if not _same(x, y):
                    a, b, where = x, y, f"{where}[{i}]"
                    break
            else:
                return f"{where}：相同"
            continue
        break
    return f"{where}：復盤檔為「{shown(a, 80)}」，重播得出「{shown(b, 80)}」"


def _event(raw: Any, i: int) -> Event:
    """Event ``i`` of the export, its fields of the right types; else :class:`_Unreadable` naming the field."""
    where = f"events[{i}]"
    if not isinstance(raw, dict):
        raise _Unreadable(where, "不是JSON物件")
    for key, kind, what in (("seq", int, "整數"), ("kind", str, "文字"), ("actor", str, "文字"),
                            ("payload", dict, "JSON物件"), ("at", str, "文字")):
        value = raw.get(key)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise _Unreadable(f"{where}.{key}", f"應為{what}，而不是「{shown(value)}」")
    allowed = ev.PAYLOAD_KEYS.get(raw["kind"])
    if allowed is not None:
        for key in raw["payload"]:
            if key not in allowed:
                raise _Unreadable(key_path(f"{where}.payload", key), f"「{shown(raw['kind'])}」事件沒有這個欄位")
    extra = [key for key in raw if key not in ("seq", "kind", "actor", "payload", "at")]
    if extra:
        raise _Unreadable(key_path(where, extra[0]), "事件沒有這個欄位")
    try:
        datetime.fromisoformat(raw["at"])
    except ValueError:
        raise _Unreadable(f"{where}.at", f"應為ISO 8601時間，而不是「{shown(raw['at'])}」") from None
    return Event(raw["seq"], raw["kind"], raw["actor"], raw["payload"], raw["at"])


class _Unreadable(Exception):
    def __init__(self, where: str, why: str) -> None:
        super().__init__(f"{where}：{why}")
        self.text = f"{where}：{why}"


def verify_export(export: Any) -> Verdict:
    """Check an export (parsed JSON): every field of it against the replay of its events.

    Raises :class:`TiantingError` (the command's exit 2) only if it is not an export at all, or
    the seed is not revealed yet (a game still running cannot be verified); anything else wrong
    is a failure of the verdict naming the field (exit 1)."""
    if not isinstance(export, dict) or ("events" not in export and export.get("format") != EXPORT_FORMAT):
        raise TiantingError(f"不是天庭的復盤檔（應為含 events 的JSON物件，format 為「{EXPORT_FORMAT}」）")
    verdict = Verdict()
    if export.get("format") != EXPORT_FORMAT:
        verdict.check(False, "復盤檔格式", f"format 應為「{EXPORT_FORMAT}」，而不是「{shown(export.get('format'))}」")
        return verdict
    seed, salt, promised = export.get("seed"), export.get("salt"), export.get("commitment")
    if seed is None and salt is None:
        raise TiantingError("復盤檔沒有公開種子：遊戲結束後種子才會公開，屆時才能驗證")
    if not isinstance(seed, int) or isinstance(seed, bool) or not isinstance(salt, str):
        verdict.check(False, "公開的種子", f"seed 應為整數、salt 應為文字，而不是「{shown(seed)}」與「{shown(salt)}」")
        return verdict
    verdict.check(commitment(seed, salt) == promised, "種子與建立遊戲時公布的承諾相符",
                  f"seed 與 salt 的 sha256 得出 {commitment(seed, salt)}，commitment 為「{shown(promised, 80)}」")
    raw_events = export.get("events")
    if not isinstance(raw_events, list) or not raw_events:
        verdict.check(False, "事件紀錄", "events 應為非空的列表")
        return verdict
    try:
        events = [_event(e, i) for i, e in enumerate(raw_events)]
    except _Unreadable as exc:
        verdict.check(False, "事件紀錄格式", exc.text)
        return verdict
    created = events[0].payload
    for key, public in (("seed", seed), ("salt", salt), ("commitment", promised)):
        verdict.check(events[0].kind != ev.CREATED or _same(created.get(key), public),
                      f"建立遊戲的事件使用公開的{key}",
                      f"events[0].payload.{key} 為「{shown(created.get(key), 80)}」，{key} 為「{shown(public, 80)}」")
    game = HostedGame()
    for i, event in enumerate(events):
        try:
            game.apply(event)
        except TiantingError as exc:
            verdict.check(False, "每個輸入在當時都合乎規則",
                          f"events[{i}]（#{shown(event.seq)}，{shown(event.kind)}，{shown(event.actor)}）："
                          f"{shown(getattr(exc, 'message', str(exc)), 200)}")
            return verdict
    verdict.check(True, f"全部{len(events)}個輸入在當時都合乎規則（角色選擇、行動、投票、裁定）")
    replayed, predated = _predating(export, game.export(reveal=True))
    for later in predated:
        verdict.notes.append(f"復盤檔製作於「{later.shown}」欄位（{later.what}）加入匯出之前：此欄位未比對，"
                             "其餘欄位照常比對")
    for key in list(replayed) + [k for k in export if k not in replayed]:
        what = FIELDS.get(key, shown(key))
        if key not in export:
            verdict.check(False, f"{what}與重播一致", f"{key}：復盤檔中沒有")
        elif key not in replayed:
            verdict.check(False, f"{what}與重播一致", f"{key_path('', key)}：重播中沒有這一項")
        else:
            same = _same(replayed[key], export[key])
            verdict.check(same, f"{what}（{key}）與重播一致",
                          "" if same else _first_difference(export[key], replayed[key], key))
    _audit(verdict, export, game.rules)
    verdict.check(export.get("over") is True and game.over, "遊戲已經結束", "匯出時遊戲尚未結束")
    return verdict


def _audit(verdict: Verdict, export: dict[str, Any], rules_name: str) -> None:
    """A rule set's own commitments (``RULESET.audit``: 鼎立三分2.0's 伤判 tables, each committed by SHA-256 before
    the player's digit, ruling D-W1), proven on the export as it stands: the transcript (the record) and what the
    players were told (``published``). A rule set without commitments adds no check."""
    audit = getattr(load_rules(rules_name), "audit", None)
    if audit is None:
        return
    proved = getattr(load_rules(rules_name), "audit_what", lambda: "承諾")()
    for key, what in (("transcript", "逐階段的結算紀錄"), ("published", "已公布的反饋")):
        value = export.get(key)
        phases = value.get("phases") if key == "transcript" and isinstance(value, dict) else value
        if not isinstance(phases, list):
            continue  # a missing or malformed field is already a failure of the comparison above
        revealed, failures = audit(phases)
        verdict.check(not failures, f"{what}中的{revealed}次{proved}都與事先封存的SHA-256相符（{key}）",
                      "；".join(failures[:5]) + (f"；另有{len(failures) - 5}項" if len(failures) > 5 else ""))


def verify_running_export(export: Any, seed: Any, salt: Any) -> tuple[Verdict, list[Event]]:
    """Check the export of a game still running, given its seed and salt (which only its judges' file holds,
    ``tianting import``): the same checks as :func:`verify_export` on what such an export has — the seed and
    salt hash to the commitment, every input was allowed when made, and the inputs' replay gives exactly the
    export (every field, compared whole, seed and salt still hidden). Returns the verdict and the events with
    the seed restored (the game as a server stores it)."""
    if not isinstance(export, dict) or export.get("format") != EXPORT_FORMAT:
        raise TiantingError(f"不是天庭的復盤檔（應為 format 為「{EXPORT_FORMAT}」的JSON物件）")
    verdict = Verdict()
    if not isinstance(seed, int) or isinstance(seed, bool) or not isinstance(salt, str):
        verdict.check(False, "裁判檔中的種子", f"seed 應為整數、salt 應為文字，而不是「{shown(seed)}」與「{shown(salt)}」")
        return verdict, []
    verdict.check(commitment(seed, salt) == export.get("commitment"), "種子與建立遊戲時公布的承諾相符",
                  f"seed 與 salt 的 sha256 得出 {commitment(seed, salt)}，commitment 為「{shown(export.get('commitment'), 80)}」")
    raw_events = export.get("events")
    if not isinstance(raw_events, list) or not raw_events:
        verdict.check(False, "事件紀錄", "events 應為非空的列表")
        return verdict, []
    try:
        events = [_event(copy.deepcopy(e), i) for i, e in enumerate(raw_events)]
    except _Unreadable as exc:
        verdict.check(False, "事件紀錄格式", exc.text)
        return verdict, []
    if events[0].kind == ev.CREATED:
        events[0].payload["seed"], events[0].payload["salt"] = seed, salt
    game = HostedGame()
    for i, event in enumerate(events):
        try:
            game.apply(copy.deepcopy(event))
        except TiantingError as exc:
            verdict.check(False, "每個輸入在當時都合乎規則",
                          f"events[{i}]（#{shown(event.seq)}，{shown(event.kind)}，{shown(event.actor)}）："
                          f"{shown(getattr(exc, 'message', str(exc)), 200)}")
            return verdict, []
    verdict.check(True, f"全部{len(events)}個輸入在當時都合乎規則（角色選擇、行動、投票、裁定）")
    replayed = game.export()
    for key in list(replayed) + [k for k in export if k not in replayed]:
        what = FIELDS.get(key, shown(key))
        if key not in export or key not in replayed:
            verdict.check(False, f"{what}與重播一致", f"{key_path('', key)}：{'復盤檔' if key not in export else '重播'}中沒有")
        else:
            same = _same(replayed[key], export[key])
            verdict.check(same, f"{what}（{key}）與重播一致", "" if same else _first_difference(export[key], replayed[key], key))
    return verdict, events
