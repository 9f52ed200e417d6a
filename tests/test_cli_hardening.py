"""Issue 9, the command line: each reproducer the fuzzing found, answered in one line and losing nothing.

"A judge who runs the CLI on a script a player sent, or verifies an export someone posted, must get
a one-line answer and lose nothing." Exit codes and the message format are the contract's
(../shared/spec/game-script.md): exit 2, ``phases[i].actions[j]: …``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli_harness import SENTINEL, assert_one_line_error, call, write_json
from tests.test_script import EXAMPLE, act, base_script, day, night, with_character
from tianting.core.jsoninput import MAX_DEPTH, MAX_INT_DIGITS, InputError, parse_json
from tianting.core.usertext import LINE, SHOWN, one_line, shown
from tianting.script import MAX_ENTRIES, MAX_ID, MAX_PHASES, MAX_TEXT, dump_transcript, run_script


def run_file(tmp_path: Path, script: object, *extra: str, raw: bytes | None = None):
    """``tianting run`` on ``script`` with an existing ``--out`` file; returns (outcome, out file)."""
    source, out = tmp_path / "script.json", tmp_path / "transcript.json"
    if raw is not None:
        source.write_bytes(raw)
    else:
        write_json(source, script)
    out.write_text(SENTINEL, encoding="utf-8")
    return call("run", str(source), "--out", str(out), *extra), out


def refused(tmp_path: Path, script: object, *extra: str, raw: bytes | None = None) -> str:
    """The one-line message of a refused script; the existing ``--out`` is untouched."""
    outcome, out = run_file(tmp_path, script, *extra, raw=raw)
    assert outcome.code == 2, (outcome.code, outcome.err)
    assert_one_line_error(outcome)
    assert out.read_text(encoding="utf-8") == SENTINEL
    assert outcome.out == ""
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")], "a temporary file was left"
    return outcome.err.strip()


# ---- lone surrogates: refused at load, naming the place --------------------------------------
@pytest.mark.parametrize(("place", "where"), [
    (lambda s: s["players"][3].update(id="P\ud800"), "players[3].id"),
    (lambda s: s["players"][6].update(character="甄\udfff"), "players[6].character"),
    (lambda s: s["phases"][0]["actions"][0].update(skill="刺\ud800"), "phases[0].actions[0].skill"),
    (lambda s: s["phases"][0].update(last_words={"吳護衛": "再會\ud800"}), "phases[0].last_words.吳護衛"),
])
def test_a_lone_surrogate_is_refused_at_load_naming_its_place(tmp_path, place, where):
    """「"\\ud800" escaped in JSON in an id, a name or last words: crash … and the existing --out file
    is left empty. Refuse them at load, like the API.」"""
    script = base_script(night(act("魏殺手甲", "刺殺", "吳護衛")))
    place(script)
    message = refused(tmp_path, script)
    assert message.startswith(f"{where}: ") and "代理字元" in message


def test_a_lone_surrogate_in_a_key_is_refused_too():
    with pytest.raises(InputError) as info:
        parse_json('{"phases": [{"votes": {"\\udc00": "x"}}]}', "腳本")
    assert info.value.where == "phases[0].votes" and "\\udc00" in info.value.message


# ---- nesting and huge integers, in run, verify and simulate --setup -----------------------------
DEEP = b"[" * 100000
HUGE = b'{"format": "tianting-script/1", "rules": "kk33", "seed": ' + b"7" * 4301 + b"}"


@pytest.mark.parametrize(("raw", "says"), [(DEEP, "巢狀層次過深"), (HUGE, "過長的整數")], ids=["deep", "huge"])
def test_deep_nesting_and_huge_integers_in_run(tmp_path, raw, says):
    """「"[" * 100000 (RecursionError) and an integer of more than 4,300 digits (ValueError) crash run」"""
    assert says in refused(tmp_path, None, raw=raw)


@pytest.mark.parametrize(("raw", "says"), [(DEEP, "巢狀層次過深"), (HUGE, "過長的整數")], ids=["deep", "huge"])
def test_deep_nesting_and_huge_integers_in_verify_and_simulate(tmp_path, raw, says):
    """「… crash run, verify and simulate --setup」"""
    source = tmp_path / "input.json"
    source.write_bytes(raw)
    for argv in (["verify", str(source)],
                 ["simulate", "--setup", str(source), "--games", "1", "--jobs", "1", "--quiet"]):
        outcome = call(*argv)
        assert outcome.code == 2, (argv, outcome.err)
        assert_one_line_error(outcome)
        assert says in outcome.err


def test_nesting_just_past_the_limit_is_refused_naming_the_place():
    deep = "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)
    with pytest.raises(InputError, match="巢狀"):
        parse_json(deep, "腳本")
    parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH, "腳本")  # at the limit: accepted
    with pytest.raises(InputError) as info:
        parse_json('{"players": [{"id": ' + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "}]}", "腳本")
    assert info.value.where.startswith("players[0].id")


def test_integers_up_to_the_limit_and_standard_numbers_only():
    assert parse_json("9" * MAX_INT_DIGITS, "x") == int("9" * MAX_INT_DIGITS)
    for text, says in (("9" * (MAX_INT_DIGITS + 1), "過長的整數"), ("NaN", "NaN"), ("[Infinity]", "Infinity"),
                       ("1e999", "超出範圍")):
        with pytest.raises(InputError, match=says):
            parse_json(text, "腳本")


# ---- the type-error family ----------------------------------------------------------------------
def test_rules_of_the_wrong_type(tmp_path):
    """「"rules": [] or {}」"""
    for rules in ([], {}, 3, None):
        script = base_script()
        script["rules"] = rules
        assert refused(tmp_path, script).startswith("rules: 未知的規則集")


def test_peace_agreed_holding_lists(tmp_path):
    """「peace.agreed holding lists」"""
    script = base_script(night(), day())
    script["phases"][1]["peace"] = {"proposer": "魏君主", "agreed": [["魏正軍師"], "蜀君主"]}
    assert refused(tmp_path, script).startswith("phases[1].peace: ")


def _shixiang_script(guesses: object) -> dict:
    script = with_character(base_script(night(), day()), "魏女眷", "SP蔡文姬")
    script["phases"].append(night(act("魏女眷", "詩想", guesses=guesses)))
    return script


@pytest.mark.parametrize("guesses", [[[["吳女眷"], "洛神"]], [[{"id": 1}, "洛神"]], [{"id": ["吳女眷"], "skill": "洛神"}],
                                     [["吳女眷", ["洛神"]]], [7], "吳女眷", {"吳女眷": "洛神"}])
def test_shixiang_guesses_with_list_ids(tmp_path, guesses):
    """「詩想's guesses with list ids」: refused with 詩想's own message, strict or lenient."""
    message = refused(tmp_path, _shixiang_script(guesses))
    assert message.startswith("phases[2].actions[0]: 【詩想】")
    outcome, out = run_file(tmp_path, _shixiang_script(guesses), "--lenient")
    assert outcome.code == 0, outcome.err
    assert json.loads(out.read_text(encoding="utf-8"))["phases"][2]["rejected"][0]["where"] == "phases[2].actions[0]"


@pytest.mark.parametrize(("change", "where"), [
    (lambda s: s["players"][0].update(character=None, choices=[1, None, ["x"]]), "players[0]"),
    (lambda s: s["players"][0].update(country=["魏"]), "players[0]"),
    (lambda s: s["players"][0].update(id=["魏君主"]), "players[0]"),
    (lambda s: s["phases"][0]["actions"][0].update(targets=[["吳護衛"]]), "phases[0].actions[0]"),
    (lambda s: s["phases"][0]["actions"][0].update(actor={"id": 1}), "phases[0].actions[0]"),
    (lambda s: s["phases"][0]["actions"][0].update(args=[1]), "phases[0].actions[0]"),
    (lambda s: s["phases"][0].update(decisions=[{"actor": "魏君主", "skill": ["轉生"], "answer": 1}]),
     "phases[0].decisions[0]"),
    (lambda s: s["phases"][0].update(last_words={"吳護衛": ["再會"]}), "phases[0].last_words"),
    (lambda s: s["phases"].append(day({"魏君主": ["吳君主"]})), "phases[1].votes.魏君主"),
    (lambda s: s["phases"].append({"phase": ["day"]}), "phases[1]"),
    (lambda s: s.update(format={"v": 1}), "format"),
    (lambda s: s.update(seed="7"), "seed"),
])
def test_more_of_the_family_each_refused_where_it_is(tmp_path, change, where):
    script = base_script(night(act("魏殺手甲", "刺殺", "吳護衛")))
    change(script)
    assert refused(tmp_path, script).startswith(f"{where}: ")


def test_a_decision_answer_of_any_shape_is_refused_with_a_message(tmp_path):
    for answer in ([["曹丕"]], {"character": "曹丕"}, ["曹丕", 1]):
        script = base_script(night(act("蜀殺手甲", "刺殺", "魏君主"),
                                   decisions=[{"actor": "魏君主", "skill": "轉生", "answer": answer}]))
        message = refused(tmp_path, script)
        assert message.startswith("phases[0].decisions[0]: ") and "不是可選項之一" in message


# ---- outputs: a directory, a missing folder, an unwritable report; nothing touched on failure ----
def test_out_is_a_directory_or_in_a_missing_folder(tmp_path):
    """「--out a directory or in a missing folder … tracebacks」"""
    for out, says in ((tmp_path, "資料夾"), (tmp_path / "nope" / "t.json", "不存在")):
        outcome = call("run", str(EXAMPLE), "--out", str(out))
        assert outcome.code == 2 and says in outcome.err
        assert_one_line_error(outcome)
    ids = tmp_path / "ids.txt"
    ids.write_text("\n".join(f"P{i:02d}" for i in range(1, 23)), encoding="utf-8")
    outcome = call("setup", "--ids", str(ids), "--seed", "1", "--out", str(tmp_path / "nope" / "g.json"))
    assert outcome.code == 2 and "不存在" in outcome.err


def test_simulate_report_into_an_unwritable_place(tmp_path):
    """「simulate --report into an unwritable place: tracebacks」 (refused before any game is played)"""
    blocker = tmp_path / "a-file"
    blocker.write_text("x", encoding="utf-8")
    outcome = call("simulate", "--games", "1", "--jobs", "1", "--quiet", "--report", str(blocker / "report"))
    assert outcome.code == 2 and "無法寫入報告資料夾" in outcome.err
    assert_one_line_error(outcome)


def test_a_report_that_fails_halfway_leaves_the_folder_as_it_was(tmp_path, monkeypatch):
    import tianting.simulate.report as report

    folder = tmp_path / "study"
    folder.mkdir()
    (folder / "index.html").write_text("older study", encoding="utf-8")

    def broken_plot(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(report, "plot_length", broken_plot)
    outcome = call("simulate", "--games", "1", "--jobs", "1", "--quiet", "--report", str(folder))
    assert outcome.code == 2 and "No space left on device" in outcome.err
    assert [p.name for p in folder.iterdir()] == ["index.html"]
    assert (folder / "index.html").read_text(encoding="utf-8") == "older study"


def test_a_run_that_fails_halfway_through_writing_leaves_the_old_transcript(tmp_path, monkeypatch):
    """「Write to a temporary file and rename, so a failed run never touches an existing output.」"""
    import tianting.script as script_module

    def broken(transcript):
        yield "{"
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(script_module, "iter_transcript", broken)
    outcome, out = run_file(tmp_path, json.loads(EXAMPLE.read_text(encoding="utf-8")))
    assert outcome.code == 2 and "No space left on device" in outcome.err
    assert out.read_text(encoding="utf-8") == SENTINEL
    assert sorted(p.name for p in tmp_path.iterdir()) == ["script.json", "transcript.json"]


def test_a_script_error_in_a_late_phase_leaves_the_old_transcript(tmp_path):
    script = base_script(night(), day(), night(act("魏護衛", "明察", "吳護衛")))
    assert refused(tmp_path, script).startswith("phases[2].actions[0]: ")


def test_a_good_run_replaces_the_old_transcript(tmp_path):
    outcome, out = run_file(tmp_path, json.loads(EXAMPLE.read_text(encoding="utf-8")))
    assert outcome.code == 0 and outcome.err.splitlines()[-1].startswith(f"已寫入 {out}：")
    assert out.read_text(encoding="utf-8") == dump_transcript(run_script(json.loads(EXAMPLE.read_text("utf-8"))))
    assert oct(out.stat().st_mode & 0o777) == "0o644"


# ---- user text in messages: one line, shortened --------------------------------------------------
def test_a_newline_in_a_skill_name_does_not_make_two_lines(tmp_path):
    """「a newline in a skill name makes two lines」"""
    message = refused(tmp_path, base_script(night(act("魏殺手甲", "刺殺\n魏殺手甲: 假的第二行", "吳護衛"))))
    assert message == "phases[0].actions[0]: 未知的技能「刺殺\\n魏殺手甲: 假的第二行」"


def test_a_300000_character_name_is_shortened(tmp_path):
    """「a 300,000-character name is printed whole. Quote and shorten it.」"""
    message = refused(tmp_path, base_script(night(act("魏殺手甲", "刺" * 300_000, "吳護衛"))))
    assert message == f"phases[0].actions[0]: 未知的技能「{'刺' * SHOWN}…（共300000字）」"
    message = refused(tmp_path, with_character(base_script(), "魏君主", "曹" * 300_000))
    assert message.startswith("players[0]: 魏君主：未知的角色「曹") and "（共300000字）" in message


def test_shown_and_one_line():
    assert shown("a\nb\r\tc\u2028") == "a\\nb\\r\\tc\\u2028"
    assert shown(["x", 1]) == '["x", 1]'
    assert shown("\ud800") == "\\ud800"
    assert shown("長" * 41) == "長" * 40 + "…（共41字）"
    assert one_line("x" * (LINE + 1)).endswith(f"…（共{LINE + 1}字）")


# ---- limits: phases and the other sizes that blow up ---------------------------------------------
def test_too_many_phases_is_refused_before_anything_is_played(tmp_path):
    """「20,000 empty phases take 16 s, 1.1 GB and a 101 MB transcript … Decide a sane limit」"""
    script = base_script(*[night() if i % 2 == 0 else day() for i in range(20_000)])
    assert refused(tmp_path, script) == f"phases: 階段過多（最多{MAX_PHASES}個，現有20000個）"


def test_the_phase_limit_itself_is_played(tmp_path):
    script = base_script(*[night() if i % 2 == 0 else day() for i in range(MAX_PHASES)])
    outcome, out = run_file(tmp_path, script)
    assert outcome.code == 0, outcome.err
    assert len(json.loads(out.read_text(encoding="utf-8"))["phases"]) == MAX_PHASES


@pytest.mark.parametrize(("change", "message"), [
    (lambda s: s["phases"][0].update(actions=[act("魏殺手甲", "刺殺", "吳護衛")] * (MAX_ENTRIES + 1)),
     f"phases[0].actions: 行動過多（最多{MAX_ENTRIES}個"),
    (lambda s: s["phases"][0].update(last_words={"吳護衛": "話" * (MAX_TEXT + 1)}),
     f"phases[0].last_words: 吳護衛 的遺言過長（最多{MAX_TEXT}字"),
    (lambda s: s["players"][0].update(id="長" * (MAX_ID + 1)), "players[0]: 玩家ID「"),
    (lambda s: s["players"][0].update(id="魏\n君主"), "players[0]: 玩家ID「魏\\n君主」無效"),
])
def test_other_sizes_are_limited(tmp_path, change, message):
    script = base_script(night(act("魏殺手甲", "刺殺", "吳護衛")))
    change(script)
    assert refused(tmp_path, script).startswith(message)


def test_an_input_file_too_large_is_refused_without_reading_it_whole(tmp_path, monkeypatch):
    import tianting.cli as cli

    monkeypatch.setattr(cli, "MAX_INPUT", 1000)
    outcome, _ = run_file(tmp_path, json.loads(EXAMPLE.read_text(encoding="utf-8")))
    assert outcome.code == 2 and "過大" in outcome.err


def test_a_file_that_is_not_utf8_is_refused(tmp_path):
    assert "不是UTF-8文字" in refused(tmp_path, None, raw=b'{"seed": "\xff"}')


def test_the_transcript_streamed_is_the_same_bytes():
    """The transcript is written a phase at a time, byte for byte what json.dumps(indent=1) gives."""
    transcript = run_script(base_script(night(act("魏殺手甲", "刺殺", "吳護衛"), last_words={"吳護衛": "再\n會"}),
                                        day({"魏君主": "蜀君主"}), night()))
    assert dump_transcript(transcript) == json.dumps(transcript, ensure_ascii=False, indent=1) + "\n"


@pytest.mark.parametrize(("bad", "says"), [("長" * (MAX_ID + 1), "無效"), ("a\x00b", "無效"), ("P01", "重複")])
def test_setup_refuses_ids_run_would_refuse(tmp_path, bad, says):
    """`tianting setup` writes only scripts `tianting run` accepts: ids of 1 to 64 characters, no
    control characters, no repeats."""
    ids = tmp_path / "ids.txt"
    ids.write_text("\n".join([f"P{i:02d}" for i in range(1, 22)] + [bad]), encoding="utf-8")
    out = tmp_path / "game.json"
    out.write_text(SENTINEL, encoding="utf-8")
    outcome = call("setup", "--ids", str(ids), "--seed", "1", "--out", str(out))
    assert outcome.code == 2 and says in outcome.err
    assert_one_line_error(outcome)
    assert out.read_text(encoding="utf-8") == SENTINEL


@pytest.mark.parametrize("argv", [
    ["simulate", "--games", "0"], ["simulate", "--jobs", "100000"], ["simulate", "--max-phases", str(MAX_PHASES + 1)],
    ["simulate", "--games", "x\ny"], ["setup", "--ids", "x", "--seed", "9" * 5000], ["run"], ["nonsense"],
])
def test_bad_arguments_are_one_line_too(argv):
    """argparse's own errors: exit 2 and one line (not the usage block), sizes bounded."""
    outcome = call(*argv)
    assert outcome.code == 2
    assert_one_line_error(outcome)


def test_bad_arguments_print_one_line():
    outcome = call("simulate", "--games", "x\ny")
    assert "不是整數" in outcome.err and "x\\ny" in outcome.err


def test_a_reader_that_leaves_early_gets_no_traceback(tmp_path):
    """`tianting run LONG.json | head`: the pipe closes while the transcript is written."""
    import subprocess
    import sys

    source = tmp_path / "long.json"
    write_json(source, base_script(*[night() if i % 2 == 0 else day() for i in range(200)]))
    proc = subprocess.Popen([sys.executable, "-m", "tianting", "run", str(source)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.read(100)
    proc.stdout.close()
    err = proc.stderr.read().decode("utf-8")
    assert proc.wait() in (0, 1) and err == ""


def test_a_terminal_that_is_not_utf8_gets_utf8_json_and_readable_messages(tmp_path):
    import os
    import subprocess
    import sys

    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    done = subprocess.run([sys.executable, "-m", "tianting", "run", str(EXAMPLE)], capture_output=True, env=env,
                          check=False)
    assert done.returncode == 0 and json.loads(done.stdout.decode("utf-8"))["format"] == "tianting-transcript/1"
    source = tmp_path / "bad.json"
    write_json(source, base_script(night(act("魏護衛", "明察", "吳護衛"))))
    done = subprocess.run([sys.executable, "-m", "tianting", "run", str(source)], capture_output=True, env=env,
                          check=False)
    assert done.returncode == 2 and b"Traceback" not in done.stderr and done.stderr.count(b"\n") == 1


def test_a_defect_of_tianting_itself_is_one_line_and_its_own_exit_status(tmp_path, monkeypatch):
    """Never a traceback, even for a bug; but not exit 2 either (the input was not at fault), and the
    traceback is there with TIANTING_DEBUG=1."""
    import tianting.script as script_module
    from tianting.cli import INTERNAL_ERROR

    def broken(*args, **kwargs):
        raise KeyError("玩家")

    monkeypatch.setattr(script_module, "run_script", broken)
    outcome, out = run_file(tmp_path, json.loads(EXAMPLE.read_text(encoding="utf-8")))
    assert outcome.code == INTERNAL_ERROR and "天庭內部錯誤（KeyError" in outcome.err
    assert_one_line_error(outcome)
    assert out.read_text(encoding="utf-8") == SENTINEL
    monkeypatch.setenv("TIANTING_DEBUG", "1")
    with pytest.raises(KeyError):
        run_file(tmp_path, json.loads(EXAMPLE.read_text(encoding="utf-8")))
