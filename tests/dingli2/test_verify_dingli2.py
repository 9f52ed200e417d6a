"""``tianting verify`` on a 鼎立三分2.0 export proves every 伤判 against the SHA-256 its player was told before the digit
(issue 16: "commit to the shuffled table with a hash before the digit arrives, so `tianting verify` can prove no one
chose the outcome"; ruling D-W1). A tampered table, digit or commitment fails with a message naming the phase and
the player; a malformed one fails the same way, never with an internal error."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli_harness import call
from tests.dingli2.test_cli_dingli2 import play_hosted
from tianting.rules import load as load_rules
from tianting.rules.dingli2 import RULESET, wounds


@pytest.fixture(scope="module")
def export() -> dict[str, Any]:
    game = play_hosted(2)
    assert game.over
    return game.export(reveal=True)


def verify(tmp_path: Path, export: dict[str, Any]) -> Any:
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export, ensure_ascii=False), encoding="utf-8")
    return call("verify", str(path))


def revealed(export: dict[str, Any], key: str = "transcript") -> list[tuple[int, str, dict[str, Any]]]:
    """(phase index, id, data) of every revealed 伤判 in the export's transcript or its published feedback."""
    phases = export["transcript"]["phases"] if key == "transcript" else export["published"]
    return [(i, pid, f["data"]) for i, ph in enumerate(phases) for pid, items in ph["feedback"].items()
            for f in items if f["skill"] == "伤判" and "table" in f["data"]]


def test_verify_proves_every_wound_check(tmp_path, export):
    """The verdict names the check and how many 伤判 it proved, in the transcript and in what players were told."""
    count = len(revealed(export))
    assert count > 0 and len(revealed(export, "published")) == count
    done = verify(tmp_path, export)
    assert done.code == 0, done.out + done.err
    assert f"✓ 逐階段的結算紀錄中的{count}次伤判都與事先封存的SHA-256相符（transcript）" in done.out
    assert f"✓ 已公布的反饋中的{count}次伤判都與事先封存的SHA-256相符（published）" in done.out


def test_verify_calls_the_rule_sets_audit(tmp_path, export, monkeypatch):
    """The check is the rule set's ``audit`` (rules/dingli2/wounds.py), called on the export as it stands."""
    seen: list[int] = []

    def spy(self: Any, phases: list[Any]) -> tuple[int, list[str]]:
        seen.append(len(phases))
        return wounds.proven(phases), wounds.audit(phases)

    monkeypatch.setattr(type(RULESET), "audit", spy)
    assert verify(tmp_path, export).code == 0
    assert seen == [len(export["transcript"]["phases"]), len(export["published"])]


def _first(export: dict[str, Any], key: str = "transcript") -> tuple[int, str, dict[str, Any]]:
    return revealed(export, key)[0]


def test_a_tampered_table_fails(tmp_path, export):
    """Two outcomes of a revealed table swapped: it no longer hashes to the commitment told a phase before."""
    bad = copy.deepcopy(export)
    index, pid, data = _first(bad)
    table = data["table"]
    k = next(k for k in range(1, 10) if table[k] != table[0])
    table[0], table[k] = table[k], table[0]
    done = verify(tmp_path, bad)
    assert done.code == 1
    assert f"第{index + 1}阶段 {pid}：公开的伤判表与封存的SHA-256不符" in done.out


def test_a_tampered_digit_fails(tmp_path, export):
    """The digit changed to one whose outcome differs: the outcome is not the one the digit picks."""
    bad = copy.deepcopy(export)
    index, pid, data = _first(bad, "published")
    data["digit"] = next(d for d in range(10) if data["table"][d] != data["outcome"])
    done = verify(tmp_path, bad)
    assert done.code == 1
    assert "✗ 已公布的反饋中的" in done.out
    assert f"第{index + 1}阶段 {pid}：结果不是数字{data['digit']}所对应的一项" in done.out


def test_a_commitment_not_told_before_fails(tmp_path, export):
    """A revealed table whose commitment the player was not told in an earlier phase (the earlier one altered)."""
    bad = copy.deepcopy(export)
    index, pid, data = _first(bad)
    for ph in bad["transcript"]["phases"][:index]:
        for f in ph["feedback"].get(pid, []):
            if f["skill"] == "伤判" and "table" not in f["data"]:
                f["data"]["commitment"] = "0" * 64
    done = verify(tmp_path, bad)
    assert done.code == 1 and f"第{index + 1}阶段 {pid}：伤判表未在数字提交前封存" in done.out


@pytest.mark.parametrize("damage", ["table", "digit", "salt"])
def test_a_malformed_check_fails_clearly(tmp_path, export, damage):
    """A field of the wrong kind is a failure named like the others (exit 1), not an internal error."""
    bad = copy.deepcopy(export)
    index, pid, data = _first(bad)
    data[damage] = {"table": "x", "digit": "三", "salt": None}[damage]
    done = verify(tmp_path, bad)
    assert done.code == 1 and f"第{index + 1}阶段 {pid}：" in done.out, done.out + done.err


def test_a_game_of_other_rules_has_no_wound_check():
    """Only a rule set with commitments adds the check (KK 3.3's and the 24人 rules' verdicts keep their lines)."""
    assert getattr(load_rules("kk33"), "audit", None) is None
    assert getattr(load_rules("sg24"), "audit", None) is None
