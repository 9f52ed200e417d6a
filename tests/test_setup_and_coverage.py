"""``tianting setup`` (drawing countries and identities) and ``tianting skills`` (coverage)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tianting import coverage as cov
from tianting.core.errors import TiantingError
from tianting.core.names import name_key
from tianting.rules.kk33 import roster
from tianting.rules.kk33.identity import IDENTITY_SKILLS
from tianting.setup import draw_setup, read_ids

IDS = [f"玩家{i:02d}" for i in range(1, 23)]


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the installed ``tianting`` command (or the module when no script is installed)."""
    script = Path(sys.executable).with_name("tianting")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "tianting.cli"]
    return subprocess.run(
        command + list(args), capture_output=True, text=True, encoding="utf-8", timeout=120
    )


def _fill_characters(script: dict[str, Any]) -> dict[str, Any]:
    """Each player takes the first of their choices whose base character is still free."""
    r = roster()
    taken: set[str] = set()
    for player in script["players"]:
        choice = next(c for c in player["choices"] if r.characters[c].base not in taken)
        taken.add(r.characters[choice].base)
        player["character"] = choice
    return script


# ---- read_ids --------------------------------------------------------------------


def test_read_ids_skips_blank_lines_and_comments_and_strips_whitespace() -> None:
    text = "\ufeff# 報名名單\n\n  張三 \n\tLi_Si\n#不是ID\n　王五　\n\n🐉龍\nさくら\n"
    assert read_ids(text) == ["張三", "Li_Si", "王五", "🐉龍", "さくら"]


def test_read_ids_keeps_inner_spaces_and_hash_after_the_start() -> None:
    assert read_ids("a b\nc#1\n") == ["a b", "c#1"]


def test_read_ids_rejects_a_repeated_id_naming_it() -> None:
    with pytest.raises(TiantingError, match="「張三」重複"):
        read_ids("張三\n李四\n 張三\n")


# ---- draw_setup ------------------------------------------------------------------


def test_setup_deals_the_rule_counts_of_countries_and_identities() -> None:
    script = draw_setup("kk33", IDS, 5)
    assert script["format"] == "tianting-script/1"
    assert script["rules"] == "kk33" and script["seed"] == 5 and script["phases"] == []
    players = script["players"]
    assert [p["id"] for p in players] == IDS
    assert Counter(p["country"] for p in players) == {"魏": 7, "蜀": 7, "吳": 7, "群": 1}
    for country in ("魏", "蜀", "吳"):
        identities = Counter(p["identity"] for p in players if p["country"] == country)
        assert identities == {"君主": 1, "正軍師": 1, "副軍師": 1, "殺手": 2, "護衛": 1, "女眷": 1}
    [other] = [p for p in players if p["country"] == "群"]
    assert other["identity"] in ("黃巾頭領", "方士", "神醫")
    assert all(p["character"] is None for p in players)


def test_setup_lists_each_players_choices() -> None:
    r = roster()
    lords = {"魏": ["曹操"], "蜀": ["劉備"], "吳": ["孫堅"]}
    others = {"黃巾頭領": ["張角"], "方士": ["左慈"], "神醫": ["華佗"]}
    for p in draw_setup("kk33", IDS, 11)["players"]:
        if p["identity"] == "君主":
            assert p["choices"] == lords[p["country"]]
        elif p["country"] == "群":
            assert p["choices"] == others[p["identity"]]
        else:
            assert p["choices"] == r.choices(p["country"], p["identity"])
            assert p["choices"]


def test_setup_records_its_draws() -> None:
    script = draw_setup("kk33", IDS, 5)
    draws = script["setup_draws"]
    assert draws[0]["purpose"] == "群雄身份"
    assert draws[0]["options"] == ["黃巾頭領", "方士", "神醫"]
    seat_draws = draws[1:]
    assert [d["purpose"] for d in seat_draws] == [f"分配國籍身份#{i}" for i in range(1, 23)]
    assert len(seat_draws[0]["options"]) == 22 and len(seat_draws[-1]["options"]) == 1
    # the n-th seat draw is the n-th id's country and identity
    for draw, player in zip(seat_draws, script["players"], strict=True):
        assert draw["outcome"] == f"{player['country']}·{player['identity']}"


def test_setup_is_deterministic_for_a_seed_and_differs_for_another() -> None:
    assert draw_setup("kk33", IDS, 5) == draw_setup("kk33", IDS, 5)

    def seats(seed: int) -> list[tuple[str, str]]:
        return [(p["country"], p["identity"]) for p in draw_setup("kk33", IDS, seed)["players"]]

    assert seats(5) != seats(6)


def test_setup_needs_exactly_22_distinct_ids() -> None:
    with pytest.raises(TiantingError, match="22名玩家.*21個ID"):
        draw_setup("kk33", IDS[:21], 5)
    with pytest.raises(TiantingError, match="22名玩家.*23個ID"):
        draw_setup("kk33", IDS + ["多出來的"], 5)
    with pytest.raises(TiantingError, match="「玩家01」重複"):
        draw_setup("kk33", IDS[:21] + ["玩家01"], 5)


def test_setup_rejects_an_unknown_rule_set() -> None:
    with pytest.raises(TiantingError, match="未知的規則集"):
        draw_setup("kk99", IDS, 5)


# ---- the command line ----------------------------------------------------------


@pytest.fixture
def ids_file(tmp_path: Path) -> Path:
    path = tmp_path / "ids.txt"
    path.write_text("# 第一局\n\n" + "\n".join(IDS) + "\n\n", encoding="utf-8")
    return path


def test_cli_setup_writes_valid_json(ids_file: Path) -> None:
    done = _cli("setup", "--rules", "kk33", "--ids", str(ids_file), "--seed", "5")
    assert done.returncode == 0, done.stderr
    script = json.loads(done.stdout)
    assert script == draw_setup("kk33", IDS, 5)
    assert "玩家01" in done.stdout  # ensure_ascii=False: Chinese as is, not \\u escapes


def test_cli_setup_fails_cleanly_on_too_few_ids(tmp_path: Path) -> None:
    path = tmp_path / "ids.txt"
    path.write_text("\n".join(IDS[:21]) + "\n", encoding="utf-8")
    done = _cli("setup", "--ids", str(path), "--seed", "5")
    assert done.returncode == 2
    assert "22名玩家" in done.stderr and "21個ID" in done.stderr
    assert done.stdout == ""


def test_a_setup_script_cannot_run_before_characters_are_chosen(
    ids_file: Path, tmp_path: Path
) -> None:
    script = tmp_path / "setup.json"
    done = _cli("setup", "--ids", str(ids_file), "--seed", "5", "--out", str(script))
    assert done.returncode == 0, done.stderr
    run = _cli("run", str(script))
    assert run.returncode == 2
    assert "players[0]" in run.stderr and "尚未選擇角色" in run.stderr
    assert run.stdout == ""


def test_a_setup_script_with_chosen_characters_runs(tmp_path: Path) -> None:
    script = _fill_characters(draw_setup("kk33", IDS, 5))
    r = roster()
    for country in ("魏", "蜀", "吳"):
        for pair in (("正軍師", "副軍師"), ("殺手",)):
            bases = [
                r.characters[p["character"]].base
                for p in script["players"]
                if p["country"] == country and p["identity"] in pair
            ]
            assert len(bases) == 2 and len(set(bases)) == 2
    script["phases"] = [{"phase": "night", "actions": []}]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(script, ensure_ascii=False), encoding="utf-8")
    run = _cli("run", str(path))
    assert run.returncode == 0, run.stderr
    transcript = json.loads(run.stdout)
    assert [p["phase"] for p in transcript["phases"]] == ["night"]
    assert set(transcript["phases"][0]["truth"]["players"]) == set(IDS)


# ---- coverage ------------------------------------------------------------------------


def test_coverage_lists_every_skill_of_the_roster_in_order() -> None:
    r = roster()
    expected = [
        (s.name, identity) for identity, skills in r.identity_skills.items() for s in skills
    ]
    expected += [(s.name, c.name) for c in r.characters.values() for s in c.skills]
    rows = cov.coverage("kk33")
    assert [(row["skill"], row["character"]) for row in rows] == expected
    assert len(rows) == 13 + 197


def test_built_means_registered_in_the_engine() -> None:
    from tianting.rules.kk33.characters import CHARACTER_SKILLS

    rows = cov.coverage("kk33")
    assert cov.built_skills("kk33") == frozenset(IDENTITY_SKILLS) | frozenset(CHARACTER_SKILLS)
    identity = [row for row in rows if row["source"] == "identity"]
    assert {row["skill"] for row in identity} == set(IDENTITY_SKILLS)
    assert all(row["built"] for row in identity)
    for row in rows:
        if row["source"] == "character":
            assert row["built"] == (row["skill"] in CHARACTER_SKILLS)
    assert any(row["built"] for row in rows if row["country"] == "蜀")  # 蜀 is being built (劉備 …)
    assert any(row["built"] for row in rows if row["country"] == "吳")  # 吳 is being built (issue 13)
    stab = next(row for row in rows if row["skill"] == "刺殺")
    assert stab["character"] == "殺手" and stab["country"] is None and stab["kind"] == "active"
    rebel = next(row for row in rows if row["skill"] == "起義")
    assert rebel["character"] == "黃巾頭領" and rebel["country"] == "群"


def test_coverage_rows_carry_kind_flags() -> None:
    rows = cov.coverage("kk33")
    caocao = [row for row in rows if row["character"] == "曹操"]
    assert [(row["skill"], row["kind"], row["limited"]) for row in caocao] == [
        ("奸雄", "passive", False),
        ("我負天下", "passive", True),
        ("青梅煮酒", "active", True),
    ]
    assert any(row["awaken"] for row in rows) and any(row["hidden"] for row in rows)


def test_skills_json_output_parses() -> None:
    done = _cli("skills", "--rules", "kk33", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["rules"] == "kk33"
    assert data["summary"]["skills"] == len(data["skills"]) == 210
    assert data["summary"]["built"] == sum(1 for row in cov.coverage("kk33") if row["built"])
    assert "刺殺" in done.stdout


def test_skills_text_output_ends_with_a_summary() -> None:
    done = _cli("skills")
    assert done.returncode == 0, done.stderr
    last = done.stdout.strip().splitlines()[-1]
    assert (
        last.startswith("kk33: 197+13 skills")
        and f"{sum(1 for row in cov.coverage('kk33') if row['built'])} built" in last
        and "pinned by tests" in last
    )


PINNING_TESTS = """
import pytest
from pytest import mark

pytestmark = pytest.mark.skill("亂花")


@pytest.mark.skill("刺殺", "援護")
def test_guard_cancels_stab():
    pass


@pytest.mark.parametrize("n", [1, 2])
@pytest.mark.skill("刺杀")
def test_simplified_name(n):
    pass


@mark.skill("曹氏宗親", "不存在的技能")
async def test_async_and_short_form():
    pass


@pytest.mark.skill("明察")
def helper_not_a_test():
    pass


@pytest.mark.skill("急救")
class TestFirstAid:
    pytestmark = [pytest.mark.skill("援護"), pytest.mark.slow]

    def test_one(self):
        pass

    @pytest.mark.skill("急救")
    def test_two(self):
        pass

    def not_a_test(self):
        pass
"""


@pytest.fixture
def pinned_tests(tmp_path: Path) -> Path:
    tests = tmp_path / "tests"
    (tests / "sub").mkdir(parents=True)
    (tests / "test_pins.py").write_text(PINNING_TESTS, encoding="utf-8")
    (tests / "sub" / "test_more.py").write_text(
        'import pytest\n\n@pytest.mark.skill("刺殺")\ndef test_again():\n    pass\n',
        encoding="utf-8",
    )
    (tests / "helpers.py").write_text(  # not a test file
        'import pytest\n\n@pytest.mark.skill("刺殺")\ndef test_not_collected():\n    pass\n',
        encoding="utf-8",
    )
    return tests


def test_skill_markers_are_counted_from_the_source(pinned_tests: Path) -> None:
    counts = cov.count_skill_tests(pinned_tests)
    assert counts["刺殺"] == 2  # test_guard_cancels_stab, sub/test_more.py
    assert counts["刺杀"] == 1
    assert counts["援護"] == 3  # test_guard_cancels_stab, TestFirstAid x2
    assert counts["急救"] == 2  # one count per test, even when marked twice
    assert counts["亂花"] == 5  # the module's pytestmark: every test of test_pins.py
    assert counts["曹氏宗親"] == 1 and counts["不存在的技能"] == 1
    assert "明察" not in counts


def test_skill_names_are_normalised_across_scripts(pinned_tests: Path) -> None:
    canonical = {name_key(n): n for n in ("刺殺", "援護", "急救", "亂花", "曹氏宗親")}
    counts = cov.count_skill_tests(pinned_tests, lambda n: canonical.get(name_key(n), n))
    assert counts["刺殺"] == 3 and "刺杀" not in counts


def test_a_pin_counts_for_every_character_with_that_skill(
    pinned_tests: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cov, "find_tests_dir", lambda: pinned_tests)
    rows = cov.coverage("kk33")
    clan = [row for row in rows if row["skill"] == "曹氏宗親"]
    assert len(clan) == 3 and all(row["tests"] == 1 for row in clan)
    assert next(row for row in rows if row["skill"] == "刺殺")["tests"] == 3
    assert rows.unknown_pins == {"不存在的技能": 1}
    data = json.loads(cov.render_coverage(rows, as_json=True))
    assert data["summary"]["tested"] == 4 + 3  # 刺殺 援護 急救 亂花 + 3 × 曹氏宗親
    text = cov.render_coverage(rows, as_json=False)
    assert "不存在的技能" in text and "7 pinned by tests" in text


def test_a_syntax_error_in_a_test_file_is_reported(tmp_path: Path) -> None:
    (tmp_path / "test_broken.py").write_text("def test_(:\n", encoding="utf-8")
    problems: list[str] = []
    assert cov.count_skill_tests(tmp_path, problems=problems) == Counter()
    assert len(problems) == 1 and "test_broken.py" in problems[0]


def test_without_a_tests_directory_counts_are_zero_and_said(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(cov, "find_tests_dir", lambda: None)
    rows = cov.coverage("kk33")
    assert all(row["tests"] == 0 for row in rows)
    assert "找不到 tests 目錄" in cov.render_coverage(rows, as_json=False)
    assert json.loads(cov.render_coverage(rows, as_json=True))["tests_dir"] is None


def test_the_repository_tests_directory_is_found() -> None:
    found = cov.find_tests_dir()
    assert found is not None and (found / "test_setup_and_coverage.py").is_file()
