"""Issue 27 item 5: an 在野 seat's identity may be written 「在野」 or 「平民」 in 24人 and 鼎立 scripts.

Seed 003 never names 平民 (its 在野 characters have no other identity): a judge copying the seed writes 「在野」.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tests.dingli2.table import seats as dingli_seats
from tianting.core.errors import ScriptError
from tianting.rules import load as load_rules
from tianting.script import run_script


def _players(rules_name: str) -> list[dict[str, str]]:
    if rules_name == "dingli2":  # one seat for 鲁肃/张昭, 3 在野 (tests/dingli2/table.py)
        return [{"id": f"玩家{k:02d}", "country": s.country, "identity": s.identity, "character": s.character}
                for k, s in enumerate(dingli_seats(26), 1)]
    rules = load_rules(rules_name)
    return [{"id": f"玩家{k:02d}", "country": country, "identity": identity, "character": names[0]}
            for k, (country, identity, names) in enumerate(rules.seats(), 1)]


def _script(rules_name: str) -> dict[str, Any]:
    return {"format": "tianting-script/1", "rules": rules_name, "seed": 7, "players": _players(rules_name),
            "phases": [{"phase": "night"}, {"phase": "day"}]}


@pytest.mark.parametrize("rules_name", ["sg24", "dingli2"])
@pytest.mark.parametrize("written", ["在野", "平民"])
def test_an_unaligned_seats_identity_may_be_written_zaiye_or_pingmin(rules_name, written):
    """「在野」 and 「平民」 name the same identity of an 在野 seat: the game is the one the canonical 平民 plays."""
    script = _script(rules_name)
    plain = run_script(copy.deepcopy(script))
    unaligned = [p for p in script["players"] if p["identity"] == "平民"]
    assert unaligned and all(p["country"] == "在野" for p in unaligned)
    for p in unaligned:
        p["identity"] = written
    assert run_script(script) == plain


@pytest.mark.parametrize("rules_name", ["sg24", "dingli2"])
def test_zaiye_is_no_identity_for_a_seat_of_a_country(rules_name):
    """「在野」 is the 在野's identity only: written for a 魏 seat it is refused as that seat's identity is."""
    script = _script(rules_name)
    seat = next(p for p in script["players"] if p["country"] == "魏" and p["identity"] != "君主")
    seat["identity"] = "在野"
    with pytest.raises(ScriptError):
        run_script(script)
