"""``tianting verify EXPORT.json``: replay an exported game and check it.

Anyone holding a finished game's export (the 復盤 JSON the server offers on
its public page) can check, without trusting the server:

1. the revealed seed and salt hash to the commitment published when the game
   was created (so the seed was fixed before anyone played);
2. the stored inputs (events) fold into a valid game: every character choice,
   submission, vote, decision and ruling was allowed when it was made;
3. replaying those inputs with that seed gives exactly the seats, the
   published announcements and feedback (the judge's rewordings included, as
   the audit log records them), the transcript and the result in the export.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tianting.core.errors import TiantingError
from tianting.hosting import events as ev
from tianting.hosting.events import Event
from tianting.hosting.fairness import commitment
from tianting.hosting.game import HostedGame, Refused

EXPORT_FORMAT = "tianting-export/1"


@dataclass
class Verdict:
    """The checks made and what failed (empty ``failures``: the export is verified)."""

    checks: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures

    def check(self, passed: bool, what: str, why: str = "") -> None:
        if passed:
            self.checks.append(what)
        else:
            self.failures.append(f"{what}：{why}" if why else what)

    def render(self) -> str:
        lines = [f"✓ {c}" for c in self.checks] + [f"✗ {f}" for f in self.failures]
        lines.append("驗證通過" if self.ok else f"驗證失敗（{len(self.failures)}項）")
        return "\n".join(lines) + "\n"


def _first_difference(a: Any, b: Any, where: str = "") -> str:
    """Where two JSON values first differ (for a readable failure)."""
    if type(a) is not type(b):
        return f"{where or '頂層'}：{a!r} ≠ {b!r}"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{where}.{key}：只在一方出現"
            if a[key] != b[key]:
                return _first_difference(a[key], b[key], f"{where}.{key}")
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{where}：長度 {len(a)} ≠ {len(b)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{where}[{i}]")
    return f"{where}：{str(a)[:80]!r} ≠ {str(b)[:80]!r}"


def verify_export(export: Any) -> Verdict:
    """Check an export (parsed JSON); raises :class:`TiantingError` if it is not one at all."""
    if not isinstance(export, dict) or export.get("format") != EXPORT_FORMAT:
        raise TiantingError(f"不是天庭的復盤檔（format 應為「{EXPORT_FORMAT}」）")
    verdict = Verdict()
    seed, salt, promised = export.get("seed"), export.get("salt"), export.get("commitment")
    if not isinstance(seed, int) or not isinstance(salt, str):
        raise TiantingError("復盤檔沒有公開種子：遊戲結束後種子才會公開，屆時才能驗證")
    verdict.check(commitment(seed, salt) == promised, "種子與建立遊戲時公布的承諾相符",
                  f"sha256 得出 {commitment(seed, salt)}，承諾為 {promised}")
    raw_events = export.get("events")
    if not isinstance(raw_events, list) or not raw_events:
        raise TiantingError("復盤檔沒有事件紀錄")
    try:
        events = [Event.from_json(e) for e in raw_events]
    except (KeyError, TypeError, ValueError) as exc:
        raise TiantingError(f"事件紀錄格式錯誤：{exc}") from None
    created = events[0].payload
    verdict.check(events[0].kind == ev.CREATED and created.get("seed") == seed and created.get("salt") == salt
                  and created.get("commitment") == promised,
                  "建立遊戲的事件使用公開的種子與承諾", "建立事件中的種子或承諾與公開的不同")
    game = HostedGame()
    for event in events:
        try:
            game.apply(event)
        except Refused as exc:
            verdict.check(False, "每個輸入在當時都合乎規則", f"事件#{event.seq}（{event.kind}，{event.actor}）：{exc.message}")
            return verdict
    verdict.check(True, f"全部{len(events)}個輸入在當時都合乎規則（角色選擇、行動、投票、裁定）")
    replayed = game.export(reveal=True)
    for key, what in (("players", "座位：國籍、身份與角色（由種子隨機分配）"),
                      ("published", "每一則已公布的公告與每位玩家的反饋"),
                      ("edits", "天庭修改措辭的紀錄"),
                      ("script", "遊戲腳本"),
                      ("transcript", "逐階段的結算紀錄（判定、抽籤、死亡）"),
                      ("result", "遊戲結果")):
        same = replayed.get(key) == export.get(key)
        verdict.check(same, f"{what}與重播一致",
                      "" if same else _first_difference(export.get(key), replayed.get(key), key))
    verdict.check(bool(export.get("over")) and game.over, "遊戲已經結束", "匯出時遊戲尚未結束")
    return verdict
