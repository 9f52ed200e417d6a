"""The balance report: which characters' win or survival rates stand out, and how that is decided."""

from __future__ import annotations

from statistics import NormalDist

import pytest

from tianting.simulate.balance import ALPHA, MIN_SEATED, balance, two_proportion_z
from tianting.simulate.report import render_html, summary
from tianting.simulate.stats import Tally


def row(name: str, country: str, identity: str, seated: int, wins: int, survived: int) -> dict:
    return {"character": name, "country": country, "identity": identity, "seated": seated,
            "wins": wins, "survived": survived}


def test_a_character_far_above_its_seat_peers_is_flagged_and_the_others_are_not() -> None:
    rows = [row("甲", "魏", "殺手", 400, 200, 100)] + [row(c, "魏", "殺手", 400, 120, 100) for c in "乙丙丁戊"]
    found = balance(rows)
    assert [(f["character"], f["measure"], f["direction"]) for f in found["flags"]] == [("甲", "win", "higher")]
    flag = found["flags"][0]
    assert flag["peers"] == {"group": "魏殺手", "count": 480, "n": 1600, "rate": 0.3}
    assert flag["interval"][0] > flag["peers"]["rate"]  # the corrected interval clears the peers' rate
    assert rows[0]["flags"] == ["win:higher"] and all(r["flags"] == [] for r in rows[1:])


def test_bonferroni_two_tests_per_tested_character() -> None:
    rows = [row(c, "蜀", "護衛", 100, 30, 30) for c in "甲乙丙丁"]
    found = balance(rows)
    assert found["tests"] == 8 and found["flags"] == []
    assert found["z_critical"] == pytest.approx(NormalDist().inv_cdf(1 - ALPHA / 16), abs=1e-4)
    assert "Bonferroni" in found["method"] and "8 tests" in found["method"]


def test_a_difference_significant_alone_is_not_flagged_among_many_tests() -> None:
    """z ≈ 2.3 is past 1.96 but not past the corrected threshold of 40 tests."""
    rows = [row("甲", "吳", "軍師", 200, 80, 60), row("乙", "吳", "軍師", 200, 58, 60)]
    rows += [row(f"填{i}", "群", f"身份{i}", 100, 10, 10) for i in range(18)]  # alone, no peers: untested
    assert two_proportion_z(80, 200, 58, 200) > 1.96
    found = balance(rows)
    assert found["tests"] == 4 and not found["flags"]  # only 甲 and 乙 have peers
    assert set(found["untested"]) == {f"填{i}" for i in range(18)}


def test_a_lord_alone_in_his_seat_is_compared_with_the_other_lords() -> None:
    rows = [row("曹操", "魏", "君主", 300, 60, 50), row("劉備", "蜀", "君主", 300, 100, 100),
            row("孫堅", "吳", "君主", 300, 180, 150)]
    found = balance(rows)
    flagged = {(f["character"], f["measure"], f["direction"]) for f in found["flags"]}
    assert ("孫堅", "win", "higher") in flagged and ("曹操", "win", "lower") in flagged
    assert all(f["peers"]["group"] == "君主" for f in found["flags"])


def test_too_few_seatings_are_listed_not_judged() -> None:
    rows = [row("甲", "魏", "女眷", MIN_SEATED - 1, MIN_SEATED - 1, 0), row("乙", "魏", "女眷", 500, 10, 10)]
    found = balance(rows)
    assert found["untested"] == ["甲", "乙"]  # 乙's only peer has too few seatings
    assert found["tests"] == 0 and found["flags"] == [] and "none was tested" in found["method"]


def test_study_figures_carry_the_balance_and_the_report_shows_how_flags_are_decided(tmp_path) -> None:
    from tianting.bots.record import GameRecord, SeatRecord
    from tianting.simulate.report import Labels

    def game(winner: str) -> GameRecord:
        seats = [SeatRecord("P1", "魏", "殺手", "甲" if winner == "魏" else "乙", "x", True, winner == "魏"),
                 SeatRecord("P2", "蜀", "殺手", "丙", "x", True, winner == "蜀")]
        return GameRecord(1, 1, 10, True, [winner], False, seats)

    tally = Tally.of([game("魏") for _ in range(60)] + [game("蜀") for _ in range(60)])
    figures = tally.figures()
    rows = {r["character"]: r for r in figures["characters"]}
    assert rows["甲"]["flags"] == ["win:higher"] and rows["乙"]["flags"] == ["win:lower"]
    assert {f["character"] for f in figures["balance"]["flags"]} == {"甲", "乙"}
    html = render_html(figures, Labels(figures, chinese=True), [])
    assert "<h2>平衡：突出的角色</h2>" in html and "Bonferroni" in html and "勝率偏高" in html
    assert "balance: 2 rate(s) stand out" in summary(figures)
