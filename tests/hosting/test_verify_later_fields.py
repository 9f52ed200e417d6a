"""`tianting verify` of an export made before a field was added to exports (``LATER_FIELDS``): the transcript's
``uses`` (what came of each action in a 24人 or 鼎立三分2.0 game) was added after such exports were being made, and an
export without it failed, as verify compares every field. Now the export is verified on what it has: the field it
lacks everywhere is left out of the comparison and the verdict says so, in Chinese; any other field changed, or
``uses`` present but different (or taken out of one phase only), still fails.

The fixture ``tests/data/sg24-export-before-uses.json`` is a real export made by main's code at 52c6ef1
(``tests.hosting.test_hosted_sg24.play_hosted(1)``: a whole hosted 24人 game, 13 phases, ``export(reveal=True)``),
with ``uses`` removed from every phase of its transcript, as an export made before that field existed has it. (A
change of the 24人 engine's outcomes would make it fail as it would any older export: remake it then, the same way.)
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli_harness import call
from tianting.hosting.verify import LATER_FIELDS, verify_export

FIXTURE = Path(__file__).resolve().parents[1] / "data" / "sg24-export-before-uses.json"
NOTE = "復盤檔製作於「transcript.phases[].uses」欄位（各行動的結果）加入匯出之前：此欄位未比對，其餘欄位照常比對"
ORDER_NOTE = ("復盤檔製作於「script.draw_order」欄位（抽取的次序：建立於此欄位之前的遊戲按名單的次序結算）加入匯出之前："
              "此欄位未比對，其餘欄位照常比對")
"""It predates the script's ``draw_order`` too (tests/hosting/test_draw_order_upgrade.py)."""
EFFECTS_NOTE = ("復盤檔製作於「script.pack_edition」欄位（內建角色包的版次：建立於此欄位之前的遊戲按當時的角色包（第1版）結算，角色技能均由天庭裁定）加入匯出之前："
                "此欄位未比對，其餘欄位照常比對")
"""And the script's ``pack_edition`` (a 24人 game of before: its pack as it was, every skill the judge's, tianting.core.pack_edition)."""


@pytest.fixture(scope="module")
def before() -> dict[str, Any]:
    export = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert export["rules"] == "sg24" and export["over"] is True
    assert not any("uses" in phase for phase in export["transcript"]["phases"])  # as made before the field
    return export  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def now(before: dict[str, Any]) -> dict[str, Any]:
    """The same game's export as the code makes it now: the replay's, ``uses`` in every phase."""
    from tianting.hosting.game import HostedGame
    from tianting.hosting.verify import _event

    game = HostedGame()
    for i, raw in enumerate(before["events"]):
        game.apply(_event(raw, i))
    export = json.loads(json.dumps(game.export(reveal=True), ensure_ascii=False))
    assert all("uses" in phase for phase in export["transcript"]["phases"])
    return export  # type: ignore[no-any-return]


def test_an_export_made_before_uses_verifies_and_says_uses_was_not_compared(before: dict[str, Any]) -> None:
    verdict = verify_export(copy.deepcopy(before))
    assert verdict.ok, verdict.failures
    assert verdict.notes == [NOTE, ORDER_NOTE, EFFECTS_NOTE]
    assert "逐階段的結算紀錄（判定、抽籤、死亡）（transcript）與重播一致" in verdict.checks
    assert verdict.render().splitlines()[-4:] == [f"※ {NOTE}", f"※ {ORDER_NOTE}", f"※ {EFFECTS_NOTE}", "驗證通過"]


def test_the_command_line_verifies_it_and_prints_the_note() -> None:
    done = call("verify", str(FIXTURE))
    assert done.code == 0, done.err
    assert f"※ {NOTE}\n※ {ORDER_NOTE}\n※ {EFFECTS_NOTE}\n驗證通過\n" in done.out


def test_an_export_with_uses_is_compared_whole_and_has_no_note(now: dict[str, Any]) -> None:
    verdict = verify_export(copy.deepcopy(now))
    assert verdict.ok and verdict.notes == []


def test_uses_present_but_different_fails(now: dict[str, Any]) -> None:
    """A field the export has is compared as every other: one outcome changed fails, naming its place."""
    export = copy.deepcopy(now)
    index, k = next((i, k) for i, phase in enumerate(export["transcript"]["phases"])
                    for k, use in enumerate(phase["uses"]) if use["state"] == "done")
    export["transcript"]["phases"][index]["uses"][k]["state"] = "void"
    verdict = verify_export(export)
    assert not verdict.ok and verdict.notes == []
    assert any(f"transcript.phases[{index}].uses[{k}].state：復盤檔為「void」，重播得出「done」" in f
               for f in verdict.failures), verdict.failures


def test_uses_taken_out_of_one_phase_only_fails(now: dict[str, Any]) -> None:
    """The export predates the field only if it lacks it everywhere: taken out of one phase of an export that has
    it elsewhere, it is missing there, and that fails."""
    export = copy.deepcopy(now)
    del export["transcript"]["phases"][2]["uses"]
    verdict = verify_export(export)
    assert not verdict.ok and verdict.notes == []
    assert any("transcript.phases[2].uses：重播中有，復盤檔中沒有" in f for f in verdict.failures), verdict.failures


def _first_leaf(value: Any, where: str = "") -> tuple[str, list[Any]]:
    """The first string or number in ``value`` (depth first), as (its path, [holder, key])."""
    items = value.items() if isinstance(value, dict) else enumerate(value)
    for key, item in items:
        here = f"{where}.{key}" if isinstance(key, str) else f"{where}[{key}]"
        if isinstance(item, (dict, list)):
            if item:
                found = _first_leaf(item, here)
                if found[0]:
                    return found
        elif isinstance(item, (str, int)) and not isinstance(item, bool):
            return here, [value, key]
    return "", []


FIELDS = ["title", "rules_title", "night_minutes", "setup_draws", "players", "script", "published", "edits", "notes",
          "schedule", "last_words", "result", "transcript"]


@pytest.mark.parametrize("key", FIELDS)
def test_any_other_field_changed_still_fails(before: dict[str, Any], key: str) -> None:
    """The export without ``uses``, one leaf of another field changed (its first string or number): verify fails,
    naming that field, whatever the note says of ``uses``."""
    export = copy.deepcopy(before)
    value = export[key]
    if not isinstance(value, (dict, list)) or not value:
        export[key] = "篡改" if value != "篡改" else "另一個"
        path = key
    else:
        path, (holder, leaf) = _first_leaf(value, key)
        assert path, key
        holder[leaf] = f"{holder[leaf]}篡改" if isinstance(holder[leaf], str) else holder[leaf] + 1
    verdict = verify_export(export)
    assert not verdict.ok, path
    assert any(key in f for f in verdict.failures), (path, verdict.failures)


def test_a_changed_event_or_seed_still_fails(before: dict[str, Any]) -> None:
    """The inputs and the seed are checked as before: a submission's target changed, or another seed."""
    export = copy.deepcopy(before)
    submit = next(e for e in export["events"] if e["kind"] == "submit" and e["payload"].get("actions"))
    submit["payload"]["actions"] = []
    assert not verify_export(export).ok
    export = copy.deepcopy(before)
    export["seed"] += 1
    assert not verify_export(export).ok


def test_later_fields_name_where_they_are() -> None:
    assert [f.shown for f in LATER_FIELDS] == ["transcript.phases[].uses", "script.draw_order", "script.pack_edition"]
