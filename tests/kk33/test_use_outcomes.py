"""What came of each use in a KK 3.3 phase, for the judges' pages (rules/kk33/outcomes.py, ``RuleSet.judge_uses``):
read from the game's history (each use's ``state``: UseState, and why it failed or was void, in the engine's own
words, recorded when that was decided). KK 3.3's transcript has no ``uses`` (its bytes are pinned: tests/test_kk33_golden.py), so
the table is the hosted game's (``Phase.uses``), never the transcript's."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tianting.hosting.game import taken_actions
from tianting.randomplay import random_script
from tianting.rules import load as load_rules
from tianting.rules.kk33.outcomes import phase_uses
from tianting.script import play_script, resolution_order, run_script

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "kk33-first-night.json"
RULES = load_rules("kk33")


def example_script(*phases: dict[str, Any]) -> dict[str, Any]:
    """examples/kk33-first-night.json's table (ids such as 文遠, 子龍) with ``phases``."""
    script = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    script["phases"] = list(phases)
    return script


def act(actor: str, skill: str, *targets: str) -> dict[str, Any]:
    return {"actor": actor, "skill": skill, "targets": list(targets)}


def taken(game: Any, transcript: dict[str, Any], script: dict[str, Any], index: int) -> list[int]:
    """The script's ``actions`` of phase ``index`` the engine took (as the hosted game reads them), in the order
    they resolved (the canonical order: by actor, skill and targets)."""
    entries = script["phases"][index].get("actions") or []
    return resolution_order(game, entries,
                            taken_actions(index, len(entries), transcript["phases"][index]["rejected"]),
                            f"phases[{index}]")


def table(script: dict[str, Any], index: int = 0) -> list[dict[str, Any]]:
    game, transcript = play_script(script, lenient=True)
    return RULES.judge_uses(game, index, taken(game, transcript, script, index), transcript["phases"][index]["trace"])


def test_a_night_lists_each_action_taken_with_its_outcome_and_reason() -> None:
    """援護：「指定一個ID，當夜其受到的刺殺無效」 — 儁乂's 刺殺 on 公覆, whom 子龍 guards, is void (無效), the reason the
    engine wrote: 「子龍 援護」; 文遠's 刺殺 is the country's second of the night (「每個國家每夜只能發動一次刺殺」; of the
    two, the later in the canonical order, R27: 儁 U+5101 < 文 U+6587): refused before the night resolves, so it is not
    in the table and the numbers skip it; 玄德's 五虎封將 with 關羽,
    張飛 and 趙雲 in play (「五虎將中至少有兩人在場」) goes off (生效), and 阿醜's 亂花 is void by the judge's ruling,
    his reason given."""
    script = example_script({"phase": "night", "actions": [
        act("文遠", "刺殺", "小喬"), act("儁乂", "刺殺", "公覆"), act("子龍", "援護", "公覆"), act("玄德", "五虎封將"),
        act("奉孝", "明察", "興霸"), act("阿醜", "亂花", "公達", "文台")],
        "rulings": [{"effect": "void", "action": 5, "why": "違規私聊"}]})
    uses = table(script)
    assert [(u["action"], u["actor"], u["skill"], u["state"], u.get("why")) for u in uses] == [
        (1, "儁乂", "刺殺", "void", "子龍 援護"),
        (2, "子龍", "援護", "done", None),
        (3, "玄德", "五虎封將", "done", None),
        (4, "奉孝", "明察", "done", None),
        (5, "阿醜", "亂花", "void", "天庭裁定（違規私聊）")]
    assert uses[0]["targets"] == ["公覆"] and uses[4]["targets"] == ["公達", "文台"]
    assert not any(u.get("implicit") for u in uses)  # the passive skills at work stay in the trace


def test_kk33_transcript_has_no_uses_and_its_rule_set_no_phase_uses() -> None:
    """KK 3.3's transcript keeps its shape (the runner adds ``uses`` only for a rule set with ``phase_uses``): the
    table is read beside it, for the judges' pages (``judge_uses``)."""
    script = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    transcript = run_script(script, lenient=True)
    assert all("uses" not in phase for phase in transcript["phases"])
    assert not hasattr(RULES, "phase_uses") and callable(RULES.judge_uses)
    assert [u["state"] for u in table(script)] == ["done"] * len(script["phases"][0]["actions"])


def test_a_failed_use_says_the_engines_reason() -> None:
    """五虎封將：「必須滿足以下兩條件至少一個方可使用成功，否則使用失敗：1、五虎將中至少有兩人在場；2、法正在場。」 With
    張飛 and 趙雲 seated as 馬岱 and 關平 (關羽 the one 五虎將 in play, no 法正), 玄德's 五虎封將 fails (失敗), and the
    table gives the engine's reason."""
    script = example_script({"phase": "night", "actions": [act("玄德", "五虎封將")]})
    for p in script["players"]:
        p["character"] = {"張飛": "馬岱", "趙雲": "關平"}.get(p["character"], p["character"])
    game, transcript = play_script(script, lenient=True)
    [use] = RULES.judge_uses(game, 0, [0], transcript["phases"][0]["trace"])
    assert (use["state"], use["why"]) == ("failed", "五虎將在場1人（少於兩人）且法正不在場")


def test_the_table_is_each_history_entry_with_the_reason_recorded_when_decided() -> None:
    """The table on a history entry made by hand: each use a player made, numbered by the script's ``actions``
    (a use the night made of a player's, 神算's 「繼續使用」, has no number), with the ``why`` its entry recorded; an
    implicit use (they come after the actions taken) is left out; a phase with no entry has no table."""
    history = [{"phase": "night", "index": 4, "actions": [
        {"actor": "張 三", "skill": "明察", "targets": ["B"], "state": "failed", "why": "成功判定未通過（成功率1/2）"},
        {"actor": "K", "skill": "刺殺", "targets": ["T"], "state": "void", "why": "Q 援護"},
        {"actor": "G", "skill": "亂花", "targets": ["X", "Y"], "state": "done"},
        {"actor": "S", "skill": "神算", "targets": ["B"], "args": {"identity": "殺手", "country": "魏"},
         "state": "failed", "why": "成功判定未通過（成功率1/2），當夜不再繼續"},
        {"actor": "M", "skill": "先主", "targets": [], "state": "void", "why": "乙", "implicit": True},
    ]}]
    uses = phase_uses(history, 4, [0, 2, 3])
    assert [(u["action"], u["actor"], u["state"], u.get("why")) for u in uses] == [
        (0, "張 三", "failed", "成功判定未通過（成功率1/2）"),
        (2, "K", "void", "Q 援護"),
        (3, "G", "done", None),
        (None, "S", "failed", "成功判定未通過（成功率1/2），當夜不再繼續")]
    assert uses[-1]["args"] == {"identity": "殺手", "country": "魏"}
    uses[0]["why"] = "changed"
    assert history[0]["actions"][0]["why"] == "成功判定未通過（成功率1/2）"  # a copy
    assert phase_uses(history, 3, []) == [] and phase_uses([], 0, []) == []


def test_rewording_the_trace_changes_no_reason(monkeypatch: Any) -> None:
    """The reasons are recorded when each outcome is decided, not read back out of the trace (issue 30): the night of
    the first test played again with every line of its trace reworded as the engine writes it (「發動失敗：」, 「失效：」,
    「無效：」 said otherwise) gives the judges the same table, reasons and all, though no line reads as before."""
    from tianting.rules.kk33.night import Night

    script = example_script({"phase": "night", "actions": [
        act("文遠", "刺殺", "公覆"), act("子龍", "援護", "公覆"), act("玄德", "五虎封將"), act("阿醜", "亂花", "公達", "文台")],
        "rulings": [{"effect": "void", "action": 3, "why": "違規私聊"}]})
    for p in script["players"]:  # 五虎封將 fails: 關羽 the one 五虎將 in play, no 法正
        p["character"] = {"張飛": "馬岱", "趙雲": "關平"}.get(p["character"], p["character"])
    plain_game, plain = play_script(script, lenient=True)
    from tianting.script import resolution_order

    order = resolution_order(plain_game, script["phases"][0]["actions"], [0, 1, 2, 3], "phases[0]")  # R50
    before = RULES.judge_uses(plain_game, 0, order, plain["phases"][0]["trace"])

    note = Night.note

    def reworded(self: Night, text: str) -> None:
        for old, new in (("發動失敗：", "未能發動，因為"), ("失效：", "沒有效果，因為"), ("無效：", "不起作用，因為")):
            text = text.replace(old, new)
        note(self, text)

    monkeypatch.setattr(Night, "note", reworded)
    game, transcript = play_script(script, lenient=True)
    trace = transcript["phases"][0]["trace"]
    assert trace != plain["phases"][0]["trace"] and not any("失效：" in line or "無效：" in line for line in trace)
    assert RULES.judge_uses(game, 0, order, trace) == before
    assert [(u["actor"], u["state"], u.get("why")) for u in before] == [
        ("文遠", "void", "子龍 援護"), ("子龍", "done", None),
        ("玄德", "failed", "五虎將在場1人（少於兩人）且法正不在場"), ("阿醜", "void", "天庭裁定（違規私聊）")]


def test_every_use_of_random_games_is_numbered_by_the_script_and_every_failure_has_a_reason() -> None:
    """Over whole random games (identity and character skills, every phase): the table lists exactly the actions the
    engine took, each numbered by its place in the phase's script ``actions``, none implicit; every use that failed
    or was void has a reason, and that reason is a trace line's own words about its player."""
    seen = {"done": 0, "failed": 0, "void": 0}
    for seed in range(12):
        script = random_script(seed)
        game, transcript = play_script(script, lenient=True)
        for i, phase in enumerate(transcript["phases"]):
            numbers = taken(game, transcript, script, i)
            uses = RULES.judge_uses(game, i, numbers, phase["trace"])
            assert [u["action"] for u in uses] == sorted(numbers), (seed, i)  # in the script's order
            for use, j in zip(uses, sorted(numbers), strict=True):
                assert use["actor"] == script["phases"][i]["actions"][j]["actor"]
                assert not use.get("implicit")
                seen[use["state"]] += 1
                if use["state"] in ("failed", "void"):
                    why = use["why"].removeprefix("成功判定未通過（成功率")
                    assert any(line.startswith(use["actor"] + " ") and why in line for line in phase["trace"]), use
    assert min(seen.values()) > 20, seen


def test_a_whole_hosted_game_keeps_each_phases_table_for_its_judges() -> None:
    """A hosted KK 3.3 game played to the end by random legal bots through the events a server stores: every
    published phase keeps its table (``Phase.uses``), numbered by the phase's script ``actions`` (its submissions
    less what the draft refused), each row the action as the player sent it, every failure with its reason; the
    transcript and the export the game makes have no ``uses`` (KK 3.3's bytes)."""
    from tests.hosting.test_hosted_full_games import play_hosted

    game = play_hosted(3)
    script = game.script()
    tables = 0
    for index, phase in game.published():
        sent = script["phases"][index].get("actions") or []
        numbers = taken_actions(index, len(sent), phase.draft["rejected"])
        assert phase.uses is not None and "uses" not in phase.draft
        assert [u["action"] for u in phase.uses] == numbers
        for use in phase.uses:
            assert use["actor"] == sent[use["action"]]["actor"]
            assert use["state"] == "done" or use["why"], use
        tables += bool(phase.uses)
    assert tables >= 3
    assert all("uses" not in phase for phase in game.export(reveal=True)["transcript"]["phases"])
