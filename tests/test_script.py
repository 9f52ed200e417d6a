"""The game script and transcript contract (../shared/spec/game-script.md) and `tianting run`."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tianting.core.errors import ScriptError
from tianting.script import dump_transcript, run_script
from tianting.testing import standard_seats

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "kk33-first-night.json"


def base_script(*phases: dict) -> dict:
    return {
        "format": "tianting-script/1",
        "rules": "kk33",
        "seed": 7,
        "players": [
            {"id": s.id, "country": s.country, "identity": s.identity, "character": s.character}
            for s in standard_seats()
        ],
        "phases": list(phases),
    }


def with_character(script: dict, pid: str, character: str) -> dict:
    for player in script["players"]:
        if player["id"] == pid:
            player["character"] = character
    return script


def night(*actions: dict, **extra) -> dict:
    return {"phase": "night", "actions": list(actions), **extra}


def day(votes: dict | None = None, **extra) -> dict:
    return {"phase": "day", "votes": votes or {}, "actions": [], **extra}


def act(actor: str, skill: str, *targets: str, **args) -> dict:
    entry = {"actor": actor, "skill": skill, "targets": list(targets)}
    if args:
        entry["args"] = args
    return entry


def error_of(script: dict) -> ScriptError:
    with pytest.raises(ScriptError) as info:
        run_script(script)
    return info.value


# ---- the example shipped with the spec --------------------------------------------
def test_example_first_night_plays_as_the_rules_say():
    """The example's README: 子義 out with last words, 公覆 wounded, 興霸 a killer, 興霸 voted out with 9."""
    transcript = run_script(json.loads(EXAMPLE.read_text(encoding="utf-8")))
    n1, d2 = transcript["phases"]
    assert n1["announcement"]["exited"] == ["子義"]
    assert n1["announcement"]["injured"] == ["公覆"]
    assert n1["announcement"]["last_words"] == {"子義": "吳國護衛，昨夜無人可護。"}
    assert n1["feedback"]["奉孝"] == [{"skill": "明察", "target": "興霸", "data": {"is_killer": True},
                                      "text": "【明察】興霸：是殺手。"}]
    assert n1["truth"]["deaths"] == [{"id": "子義", "character": "太史慈", "cause": "刺殺"}]
    assert n1["truth"]["players"]["公覆"]["status"] == "injured"
    # 公達 voted 伯言, but 亂花 forced his vote to 文台, and the 票面 shows the forced vote (game-script.md
    # `votes`; R19). (../shared/examples/README.md still says the ballot shows 伯言: it predates the spec.)
    assert d2["announcement"]["votes"]["公達"] == "文台"
    assert d2["announcement"]["tally"]["興霸"] == 9
    assert d2["announcement"]["tally"]["文台"] == 2  # 公達's bound vote and his own
    assert d2["announcement"]["exited"] == ["興霸"]
    assert d2["truth"]["players"]["興霸"]["status"] == "out"
    assert transcript["result"] == {"over": False, "winners": [], "peace": False}


def test_transcript_is_byte_identical_for_the_same_script():
    """The same script and seed give the same transcript, byte for byte."""
    script = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    assert dump_transcript(run_script(copy.deepcopy(script))) == dump_transcript(run_script(script))


def test_public_announcements_never_name_characters():
    """角色死亡時公布ID但不公布其角色: no character name in any public text."""
    transcript = run_script(json.loads(EXAMPLE.read_text(encoding="utf-8")))
    characters = {p["character"] for p in transcript["phases"][0]["truth"]["players"].values()}
    for phase in transcript["phases"]:
        text = json.dumps(phase["announcement"], ensure_ascii=False)
        for pid in sorted(phase["truth"]["players"], key=len, reverse=True):
            text = text.replace(pid, "<id>")  # the example has an id 小喬 that is also a character
        assert not [c for c in characters if c in text]


# ---- names in either script ----------------------------------------------------------
def test_simplified_names_are_accepted():
    """`刺杀` and `刺殺` are the same skill; countries, identities, characters alike."""
    script = base_script(night(act("魏殺手甲", "刺杀", "吳護衛")))
    script["players"][0]["country"] = "魏"
    script["players"][1]["identity"] = "正军师"
    script["players"][1]["character"] = "郭嘉"
    script["players"][7]["character"] = "刘备"
    transcript = run_script(script)
    assert transcript["phases"][0]["announcement"]["exited"] == ["吳護衛"]
    assert transcript["phases"][0]["truth"]["players"]["蜀君主"]["character"] == "劉備"


def test_form_is_picked_by_slot():
    """賈詡 is named plainly; the slot picks the form."""
    script = base_script()
    script["players"][1]["character"] = "賈詡"
    script["players"][2]["character"] = "荀攸"
    transcript = run_script({**script, "phases": [night()]})
    assert transcript["phases"][0]["truth"]["players"]["魏正軍師"]["character"] == "台上的主宰·賈詡"


# ---- decisions -------------------------------------------------------------------------
def test_decision_answer_is_used_and_recorded():
    script = base_script(night(act("蜀殺手甲", "刺殺", "魏君主"),
                               decisions=[{"actor": "魏君主", "skill": "轉生", "answer": "曹植"}]))
    transcript = run_script(script)
    assert transcript["phases"][0]["decisions"] == [
        {"actor": "魏君主", "skill": "轉生", "answer": "曹植", "defaulted": False, "options": ["曹丕", "曹植"]}]
    assert transcript["phases"][0]["truth"]["players"]["魏君主"]["character"] == "曹植"


def test_missing_decision_takes_a_drawn_default_and_warns():
    """A choice with no answer takes a default drawn with the game's generator; marked defaulted."""
    transcript = run_script(base_script(night(act("蜀殺手甲", "刺殺", "魏君主"))))
    decision = transcript["phases"][0]["decisions"][0]
    assert decision["defaulted"] is True and decision["answer"] in ("曹丕", "曹植")
    assert any("預設" in w for w in transcript["warnings"])
    assert any(d["purpose"] == "預設選擇 魏君主【轉生】" for d in transcript["phases"][0]["draws"])


def test_decision_answer_not_among_options_is_an_error():
    err = error_of(base_script(night(act("蜀殺手甲", "刺殺", "魏君主"),
                                     decisions=[{"actor": "魏君主", "skill": "轉生", "answer": "劉禪"}])))
    assert err.where == "phases[0].decisions[0]" and "劉禪" in err.message


# ---- every error the spec lists ---------------------------------------------------------
def test_error_action_by_a_player_out_of_the_game():
    err = error_of(base_script(night(act("魏殺手甲", "刺殺", "吳護衛")), day(),
                               night(act("吳護衛", "援護", "吳君主"))))
    assert err.where == "phases[2].actions[0]" and "吳護衛" in err.message and "出局" in err.message


def test_error_target_not_in_the_game():
    err = error_of(base_script(night(act("魏殺手甲", "刺殺", "路人甲"))))
    assert err.where == "phases[0].actions[0]" and "路人甲" in err.message


def test_error_limited_skill_used_twice():
    """去偽存真 is limited (R1); 荀彧 sits as 正軍師 (郭嘉's 英才 would lift the limit)."""
    err = error_of(with_character(base_script(night(act("魏正軍師", "去偽存真", "吳護衛")), day(),
                               night(act("魏正軍師", "去偽存真", "吳君主"))), "魏正軍師", "荀彧"))
    assert err.where == "phases[2].actions[0]" and "去偽存真" in err.message and "限定" in err.message


def test_error_more_stabs_than_the_country_has():
    """R7: one 刺殺 a night for 魏. The night's actions are a set (R27): the 刺殺 refused is the one later in the
    canonical order (by actor id: 「魏殺手乙」 < 「魏殺手甲」 in code points), whichever is typed first, with one message."""
    first, second = act("魏殺手甲", "刺殺", "吳護衛"), act("魏殺手乙", "刺殺", "蜀護衛")
    err = error_of(base_script(night(first, second)))
    assert err.where == "phases[0].actions[0]" and "魏國今夜只能發動1次【刺殺】" in err.message
    again = error_of(base_script(night(second, first)))
    assert again.where == "phases[0].actions[1]" and again.message == err.message


def test_error_day_phase_first():
    err = error_of(base_script(day()))
    assert err.where == "phases[0]" and "night" in err.message


def test_error_two_nights_in_a_row():
    err = error_of(base_script(night(), night()))
    assert err.where == "phases[1]"


@pytest.mark.parametrize(("field", "value", "where", "word"), [
    ("id", "", "players[3]", "id"),
    ("country", "漢", "players[3]", "國籍"),
    ("identity", "丞相", "players[3]", "身份"),
    ("character", "呂布", "players[3]", "角色"),
])
def test_error_unknown_player_fields(field, value, where, word):
    script = base_script(night())
    script["players"][3][field] = value
    err = error_of(script)
    assert err.where == where and word in err.message


def test_error_character_not_allowed_in_the_slot():
    script = base_script(night())
    script["players"][3]["character"] = "郭嘉"  # a 魏 殺手 slot
    err = error_of(script)
    assert err.where == "players[3]" and "不能選擇" in err.message


def test_error_fixed_slot_character_in_the_wrong_slot():
    """郭嘉（固定出現在正軍師選將位置）."""
    script = base_script(night())
    script["players"][2]["character"] = "郭嘉"
    script["players"][1]["character"] = "荀彧"
    err = error_of(script)
    assert err.where == "players[2]"


def test_error_unknown_player_and_skill():
    err = error_of(base_script(night(act("路人甲", "刺殺", "吳護衛"))))
    assert err.where == "phases[0].actions[0]" and "路人甲" in err.message
    err = error_of(base_script(night(act("魏殺手甲", "飛天", "吳護衛"))))
    assert "飛天" in err.message


def test_error_skill_the_player_does_not_have():
    """e.g. `phases[3].actions[1]: 許褚 has no skill 明察`."""
    err = error_of(base_script(night(act("魏護衛", "明察", "吳護衛"))))
    assert err.where == "phases[0].actions[0]" and "許褚" in err.message and "明察" in err.message


def test_error_votes_by_night_and_last_words_by_day():
    assert error_of(base_script(night(votes={"魏君主": "吳護衛"}))).where == "phases[0].votes"
    assert error_of(base_script(night(), day(last_words={"魏君主": "x"}))).where == "phases[1].last_words"


def test_error_vote_for_an_unknown_id():
    err = error_of(base_script(night(), day({"魏君主": "路人甲"})))
    assert err.where == "phases[1].votes.魏君主"


def test_error_wrong_format_rules_and_seed():
    assert error_of({**base_script(), "format": "x"}).where == "format"
    assert error_of({**base_script(), "rules": "kk99"}).where == "rules"
    assert error_of({**base_script(), "seed": "7"}).where == "seed"


def test_error_phase_after_the_game_is_over():
    script = base_script(night(), day())
    script["phases"].append({"phase": "night", "actions": [], "peace": {"judge": True}})
    script["phases"].append(day())
    err = error_of(script)
    assert err.where == "phases[3]" and "結束" in err.message


# ---- lenient -------------------------------------------------------------------------------
def test_lenient_leaves_invalid_actions_out_and_goes_on():
    script = base_script(night(act("魏護衛", "明察", "吳護衛"), act("魏殺手甲", "刺殺", "吳護衛")))
    transcript = run_script(script, lenient=True)
    phase = transcript["phases"][0]
    assert phase["announcement"]["exited"] == ["吳護衛"]
    assert len(phase["rejected"]) == 1
    assert phase["rejected"][0]["where"] == "phases[0].actions[0]"
    assert "明察" in phase["rejected"][0]["message"]


# ---- peace ----------------------------------------------------------------------------------
def test_peace_by_the_judge_ends_the_game():
    """經法官判定剩餘的國家均無法令其餘國家滅國."""
    transcript = run_script(base_script(night(peace={"judge": True})))
    assert transcript["result"] == {"over": True, "winners": [], "peace": True}


def test_peace_by_agreement_needs_everyone():
    """君主…發起議和，且所有國家的全體成員均同意."""
    ids = [p["id"] for p in base_script()["players"]]
    transcript = run_script(base_script(night(), day(peace={"proposer": "魏君主", "agreed": ids})))
    assert transcript["result"]["peace"] is True
    err = error_of(base_script(night(), day(peace={"proposer": "魏君主", "agreed": ids[:5]})))
    assert err.where == "phases[1].peace" and "未同意" in err.message


# ---- the command line ------------------------------------------------------------------------
def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tianting.cli", *args], capture_output=True, text=True,
                          encoding="utf-8", check=False)


def test_cli_run_writes_transcript(tmp_path):
    out = tmp_path / "t.json"
    result = run_cli("run", str(EXAMPLE), "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert json.loads(out.read_text(encoding="utf-8"))["format"] == "tianting-transcript/1"
    assert out.read_text(encoding="utf-8") == dump_transcript(run_script(json.loads(EXAMPLE.read_text("utf-8"))))


@pytest.mark.parametrize("content", ["{not json", json.dumps({"format": "tianting-script/1"})])
def test_cli_invalid_script_exits_2_writes_nothing(tmp_path, content):
    script = tmp_path / "bad.json"
    script.write_text(content, encoding="utf-8")
    out = tmp_path / "t.json"
    result = run_cli("run", str(script), "--out", str(out))
    assert result.returncode == 2
    assert result.stdout == "" and not out.exists()
    assert result.stderr.strip() and "Traceback" not in result.stderr


def test_cli_error_names_phase_entry_player_and_reason(tmp_path):
    script = tmp_path / "bad.json"
    script.write_text(json.dumps(base_script(night(act("魏護衛", "明察", "吳護衛"))), ensure_ascii=False),
                      encoding="utf-8")
    result = run_cli("run", str(script))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("phases[0].actions[0]: ")
    assert "魏護衛" in result.stderr and "許褚" in result.stderr and "明察" in result.stderr


def test_cli_missing_file_exits_2(tmp_path):
    result = run_cli("run", str(tmp_path / "nope.json"))
    assert result.returncode == 2 and "Traceback" not in result.stderr


def test_last_words_of_a_player_who_did_not_die_are_not_published():
    """在夜晚死亡出局的人可以留下遺言 — only they (rulings R21)."""
    transcript = run_script(base_script(night(act("魏殺手甲", "刺殺", "吳護衛"),
                                              last_words={"吳護衛": "再會", "吳君主": "我還活著"})))
    announcement = transcript["phases"][0]["announcement"]
    assert announcement["last_words"] == {"吳護衛": "再會"}
    assert "我還活著" not in announcement["text"]
    assert any("吳君主" in w and "遺言" in w for w in transcript["warnings"])


@pytest.mark.parametrize("spelling", ["刺杀", "刺殺"])
def test_limits_count_every_spelling_of_a_skill(spelling):
    """`刺杀` and `刺殺` are the same skill, for the per-night and per-game limits too."""
    err = error_of(base_script(night(act("魏殺手甲", spelling, "蜀護衛"), act("魏殺手乙", "刺殺", "吳護衛"))))
    assert err.where == "phases[0].actions[0]"  # the later of the two in the canonical order (乙 < 甲), R27
    err = error_of(base_script(night(act("魏君主", "招贤纳才", "蜀護衛"), act("魏君主", "招賢納才", "吳護衛"))))
    assert err.where == "phases[0].actions[0]" and "限定" in err.message  # by targets: 吳 < 蜀 (R27)
