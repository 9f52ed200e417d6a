"""Issue 14's interaction matrix: every pair of skills whose texts name another character has a
scenario test seating both (``@pytest.mark.interaction``; its seats are checked at run time by
``tests/conftest.py``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tianting.coverage import built_skills
from tianting.rules.kk33 import roster
from tianting.rules.kk33.interactions import (
    EXCLUDED,
    NOT_PAIRS,
    NamedPair,
    interaction_matrix,
    left_out,
    marker_pairs,
    named_pairs,
    names_in,
    pending,
    seats_pair,
)

TESTS = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def matrix():
    return interaction_matrix(roster(), TESTS, built_skills("kk33"))


def _line(row) -> str:
    p = row.pair
    return f"【{p.skill}】（{'／'.join(p.owners)}）→ {p.named}：{' '.join(p.sentences)}"


def test_every_named_pair_has_a_scenario_test(matrix):
    """A named pair whose skills are built and that no test claims fails the suite, listed."""
    missing = matrix.missing()
    assert not missing, "named pairs without an interaction test:\n" + "\n".join(map(_line, missing))


def test_pairs_waiting_for_unbuilt_skills(matrix):
    """Pairs whose skill or named character is not built yet (the 群雄 while issue 14 is done) are
    listed here; once built, a missing test fails ``test_every_named_pair_has_a_scenario_test``."""
    waiting = matrix.waiting()
    if waiting:
        pytest.xfail("waiting for unbuilt skills:\n" + "\n".join(map(_line, waiting)))


def test_every_interaction_marker_names_a_pair(matrix):
    """A marker naming no skill, no character, or a pair the text does not name is an error."""
    assert matrix.problems == []


def test_the_generator_finds_what_the_text_names():
    """Pairs by name (先知 「若周瑜使用…」), through a skill in 【】 (代漢自立 「失去技能【漢裔】」), every
    tiger of 五虎封將, and a base name for every form (子午奇兵 「若諸葛亮在場」)."""
    pairs = {p.key: p for p in named_pairs(roster())}
    assert pairs[("先知", "周瑜")].words == ("周瑜", "【火燒赤壁】")
    assert pairs[("代漢自立", "劉備")].words == ("劉備", "【漢裔】")
    assert pairs[("代漢自立", "劉備")].sentences == ("劉備（若在場）失去技能【漢裔】。",)
    assert {n for s, n in pairs if s == "五虎封將"} == {"關羽", "張飛", "趙雲", "馬超", "黃忠", "法正"}
    assert pairs[("曹氏宗親", "曹操")].owners == ("夏侯惇", "夏侯淵", "曹仁")
    assert ("招納蠻夷", "張角") in pairs
    assert len(pairs) == 59


def test_the_generator_leaves_out_self_identity_and_inner_words():
    """No pair with one's own character (連環 「龐統死亡出局時」, 拔矢啖睛's own 【曹氏宗親】, 火燒博望's
    【火燒新野】), none for identity skills (【刺殺】), and a short name inside a longer one counts once."""
    r = roster()
    keys = {p.key for p in named_pairs(r)}
    assert not any(s == "連環" for s, _ in keys)
    assert not any(s == "拔矢啖睛" for s, _ in keys)
    assert ("火燒博望", "諸葛亮") not in keys
    assert all(named != "刺殺" for _, named in keys)
    assert names_in("若赤壁·諸葛亮在場", r) == [("諸葛亮", "赤壁·諸葛亮")]
    assert names_in("SP蔡文姬與蔡文姬", r) == [("蔡文姬", "SP蔡文姬"), ("蔡文姬", "蔡文姬")]
    assert names_in("英才早逝、先知先覺、起義", r) == []  # skills count only inside 【】
    assert names_in("若周瑜使用【火烧赤壁】", r) == [("周瑜", "周瑜"), ("周瑜", "【火烧赤壁】")]
    assert EXCLUDED == {} or all(k not in keys for k in EXCLUDED)
    listed = {(x.skill, x.word): x.why for x in left_out(r)}
    assert listed[("連環", "龐統")] == listed[("拔矢啖睛", "【曹氏宗親】")] == NOT_PAIRS["self"]
    assert ("火燒博望", "【火燒新野】") in listed and ("英才早逝", "【巧設反間】") in listed


def test_markers_accept_either_script_and_a_named_skill():
    """``interaction("先知", "周瑜")`` = ``interaction("先知", "火烧赤壁")`` (Simplified, the skill)."""
    r = roster()
    assert marker_pairs(["先知", "周瑜"], r) == ({("先知", "周瑜")}, [])
    assert marker_pairs(["先知", "火烧赤壁"], r) == ({("先知", "周瑜")}, [])
    claimed, problems = marker_pairs(["先知", "劉備"], r)
    assert claimed == set() and problems == ["interaction：【先知】的描述沒有提到「劉備」"]
    assert marker_pairs(["無此技", "劉備"], r)[1] == ["interaction：「無此技」不是角色技能"]


def test_seating_and_pending():
    """A table seats a pair when it has an owner of the skill and any form of the named character;
    a pair waits while the skill or a skill of the named character is not built."""
    r = roster()
    pair = NamedPair("子午奇兵", "諸葛亮", ("魏延",), ("諸葛亮",), ())
    assert seats_pair({"魏延", "赤壁·諸葛亮"}, pair, r)
    assert not seats_pair({"魏延", "龐統"}, pair, r)
    zhaona = next(p for p in named_pairs(r) if p.key == ("招納蠻夷", "張角"))
    built = built_skills("kk33")
    assert pending(zhaona, built - {"黃天"}, r)
    assert not pending(zhaona, built | {"黃天", "電閃雷鳴", "飛沙走石"}, r)


def test_skills_interactions_lists_the_pairs(capsys):
    """``tianting skills --interactions`` lists every pair with its status."""
    from tianting.cli import main

    assert main(["skills", "--interactions"]) == 0
    out = capsys.readouterr().out
    assert "【先知】（郭嘉）→ 周瑜（周瑜、【火燒赤壁】）：有測試" in out
    assert out.rstrip().splitlines()[-1].startswith("59 named pairs: ")
    assert "不成對：【連環】（龐統）提到「龐統」" in out
    assert main(["skills", "--interactions", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["pairs"]) == 59 and data["problems"] == []
    assert {"skill": "連環", "owner": "龐統", "word": "龐統", "why": NOT_PAIRS["self"]} in data["left_out"]


def test_a_marker_on_a_table_without_both_fails(tmp_path):
    """The run-time check of ``tests/conftest.py``: a test claiming 子午奇兵 × 諸葛亮 on a table
    without 魏延 fails, naming the pair; with both seated it passes."""
    import shutil
    import subprocess
    import sys

    shutil.copy(TESTS / "conftest.py", tmp_path / "conftest.py")
    (tmp_path / "test_claims.py").write_text(
        "import pytest\n"
        "from tianting.testing import Table\n\n"
        "@pytest.mark.interaction('子午奇兵', '諸葛亮')\n"
        "def test_lies():\n    Table()\n\n"
        "@pytest.mark.interaction('子午奇兵', '诸葛亮')\n"
        "def test_seats_both():\n    Table(characters={'蜀護衛': '魏延'})\n",
        encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:nonebug", "-o",
                          "addopts=", str(tmp_path)], capture_output=True, text=True, cwd=tmp_path)
    assert "1 failed, 1 passed" in run.stdout, run.stdout + run.stderr
    assert "test_lies" in run.stdout and "（魏延）和諸葛亮" in run.stdout


def test_without_a_tests_directory_every_pair_shows_no_test():
    """An installed package has no tests beside it: the listing says so instead of pretending."""
    from tianting.rules.kk33.interactions import render_matrix

    bare = interaction_matrix(roster(), None, built_skills("kk33"))
    assert not bare.tests_found and all(not r.tests for r in bare.rows)
    assert "找不到 tests 目錄" in render_matrix(bare)
