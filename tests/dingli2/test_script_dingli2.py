"""鼎立三分2.0 through ``tianting run`` and ``tianting setup`` (issue 16: "scripts behave as seed 003 says"): the
judge's rulings a dingli2 script needs (在野 joining by 联盟 ``join``, 三足鼎立 ``formation``, 拼点 ``contest``), the
digits (拼点 by night and by day, 伤判), a missing digit drawn by purpose, every table size, and bad input refused
with a clear message and no output (docs/spec/game-script.md, ``dingli2``; docs/rulings/dingli2.md)."""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.cli_harness import SENTINEL, call
from tests.dingli2.table import seats
from tianting.rules.dingli2 import RULESET

ID = {s.character: f"玩家{k:02d}" for k, s in enumerate(seats(26), 1)}
"""魏 曹操 玩家01 … 卞氏 玩家09, 蜀 刘备 玩家10 … 糜氏 玩家16, 吴 孙坚 玩家17 … 小乔 玩家23, 在野 袁绍 玩家24,
华佗 玩家25, 吕布 玩家26."""


def players(size: int = 26, ex: bool = False) -> list[dict[str, str]]:
    return [{"id": f"玩家{k:02d}", "country": s.country, "identity": s.identity, "character": s.character}
            for k, s in enumerate(seats(size, ex), 1)]


def full_game() -> dict[str, Any]:
    """A whole game: a stab, a suicide, 君主招揽 and 联盟 joinings, two 拼点 by night (two players by digits, three
    by a draw), a wound and its 伤判 (a digit given, then one drawn), a day's 拼点 with one digit missing, a 暗票,
    三足鼎立, then 蜀 and 吴 fall and 魏 wins. Names typed in Traditional where a judge might (刺殺, 吳, 袁紹)."""
    return {"format": "tianting-script/1", "rules": "dingli2", "seed": 11, "players": players(), "phases": [
        {"phase": "night",
         "actions": [{"actor": "玩家05", "skill": "刺殺", "targets": ["玩家10"]},
                     {"actor": "玩家25", "skill": "自殺"},
                     {"actor": "玩家01", "skill": "招攬", "targets": ["玩家24"], "args": {"character": "袁紹"}}],
         "decisions": [{"actor": "玩家24", "skill": "入國", "answer": "魏"}],
         "rulings": [{"effect": "join", "target": "玩家26", "text": "吳", "why": "孙刘联盟"},
                     {"effect": "contest", "text": "玩家13、玩家21", "why": "单骑与夜袭的先后"},
                     {"effect": "contest", "text": "玩家02、玩家12、玩家18"},
                     {"effect": "injure", "target": "玩家22", "why": "火攻"}],
         "digits": {"玩家13": 4, "玩家21": {"玩家13": 7}},
         "last_words": {"玩家10": "云长报仇"}},
        {"phase": "day", "votes": {"玩家05": "玩家14", "玩家06": "玩家14", "玩家07": "玩家13"},
         "digits": {"玩家22": 3, "玩家06": {"玩家14": 2}},
         "rulings": [{"effect": "hidden_vote", "target": "玩家13", "owner": "玩家01", "text": "唯我独尊"},
                     {"effect": "contest", "text": "玩家06、玩家14"}]},
        {"phase": "night", "rulings": [{"effect": "formation", "why": "三国各自稳固"}]
         + [{"effect": "remove", "target": f"玩家{k}", "why": "违纪"} for k in (12, 13, 14, 15, 16)]},
        {"phase": "day"},
        {"phase": "night", "rulings": [{"effect": "remove", "target": f"玩家{k}", "why": "违纪"}
                                       for k in (18, 19, 20, 21, 23, 26)]},
    ]}


def run(tmp_path: Path, script: dict[str, Any], *extra: str) -> dict[str, Any]:
    path = tmp_path / "script.json"
    path.write_text(json.dumps(script, ensure_ascii=False), encoding="utf-8")
    done = call("run", str(path), *extra)
    assert done.code == 0, done.err
    return json.loads(done.out)


def refused(tmp_path: Path, script: dict[str, Any]) -> str:
    """``run`` exits 2 with one line and leaves an existing ``--out`` file as it was; the line."""
    path, out = tmp_path / "bad.json", tmp_path / "out.json"
    path.write_text(json.dumps(script, ensure_ascii=False), encoding="utf-8")
    out.write_text(SENTINEL, encoding="utf-8")
    done = call("run", str(path), "--out", str(out))
    assert done.code == 2 and done.err.count("\n") == 1 and done.out == "", (done.code, done.err)
    assert out.read_text(encoding="utf-8") == SENTINEL
    return done.err


def draws(phase: dict[str, Any]) -> list[str]:
    return [d["purpose"] for d in phase["draws"]]


def contest_of(phase: dict[str, Any], *ids: str) -> dict[str, Any]:
    return next(c for c in phase["announcement"]["contests"] if c["players"] == sorted(ids))


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> dict[str, Any]:
    return run(tmp_path_factory.mktemp("full"), full_game())


def test_unaligned_join_by_recruitment_and_by_alliance(played):
    """「1、君主招揽……若同意，则次夜开始后加入此国并和君主相互认识」「3、联盟达成……次夜开始后，同意加入第三国的在野
    角色可与第三国君主互相认识」; the day post names 「昨夜在野入国情况」. The 联盟 is the judge's ``join`` (text: the
    country, typed 吳 and recorded 吴)."""
    night, day = played["phases"][0], played["phases"][1]
    assert night["rulings"][0] == {"effect": "join", "target": "玩家26", "text": "吴", "why": "孙刘联盟"}
    assert night["truth"]["players"]["玩家24"]["country"] == "在野"  # 「次夜开始后」
    assert day["announcement"]["joined"] == {"玩家26": "吴", "玩家24": "魏"}
    assert "玩家24加入魏国" in day["announcement"]["text"] and "玩家26加入吴国" in day["announcement"]["text"]
    after = day["truth"]["players"]
    assert (after["玩家24"]["country"], after["玩家24"]["origin"]) == ("魏", "在野")
    assert (after["玩家26"]["country"], after["玩家26"]["origin"]) == ("吴", "在野")


def test_contest_of_two_by_the_players_digits_with_the_parity_rule_drawn_first(played):
    """「两名玩家需各自向法官提交一个0-9的数字。南斗先设定两个数字之和若为奇数，为哪名角色胜利；若为偶数，为哪名角色
    胜利，再向玩家收取数字。」 The night's ``digits``: 玩家13 one number, 玩家21 one per opponent (「分别提交」)."""
    night = played["phases"][0]
    two = contest_of(night, "玩家13", "玩家21")
    assert two["players"] == ["玩家13", "玩家21"] and two["digits"] == {"玩家13": 4, "玩家21": 7}
    assert two["drawn"] == []
    assert two["winner"] == two["odd_wins"]  # 4 + 7 is odd
    assert "拼点奇偶 玩家13/玩家21" in draws(night)  # the rule is drawn, no digit is (both were given)
    assert night["rulings"][1] == {"effect": "contest", "text": "玩家13、玩家21", "why": "单骑与夜袭的先后"}


def test_contest_of_three_is_ordered_by_a_random_draw(played):
    """「当多名玩家提交的行动，可因结算顺序的不同而产生不同的后果时……由两位天庭在裁判监督下进行随机判定，确定结算
    先后顺序。」"""
    night = played["phases"][0]
    three = contest_of(night, "玩家02", "玩家12", "玩家18")
    assert sorted(three["order"]) == ["玩家02", "玩家12", "玩家18"]
    assert "拼点顺序 玩家02、玩家12、玩家18#1" in draws(night)


def test_a_missing_contest_digit_is_drawn_with_its_purpose(played):
    """By day, 玩家06 gives a digit against 玩家14 and 玩家14 gives none: the missing digit comes from the game's
    generator, drawn as 「拼点数字 玩家14对玩家06」 and recorded as drawn."""
    day = played["phases"][1]
    (contest,) = day["announcement"]["contests"]
    assert contest["digits"]["玩家06"] == 2 and contest["drawn"] == ["玩家14"]
    assert "拼点数字 玩家14对玩家06" in draws(day)
    drawn = next(d for d in day["draws"] if d["purpose"] == "拼点数字 玩家14对玩家06")
    assert int(drawn["outcome"]) == contest["digits"]["玩家14"]


def test_contest_results_are_not_told_to_players(played):
    """「拼点的结果不会直接告诉玩家。」: ``contests`` is the judge's field (left out of every player's view)."""
    assert "contests" in RULESET.judge_only
    for phase in played["phases"][:2]:
        for items in phase["feedback"].values():
            assert not any("拼点" in f["text"] for f in items)


def test_wound_check_by_the_players_digit(played):
    """「受伤的角色在白天判定阶段进行伤判……玩家向法官提交一个0-9的数字。」: day 2's digit 3 picks the committed
    table's fourth outcome."""
    day2 = played["phases"][1]
    (check,) = [f for f in day2["feedback"]["玩家22"] if f["skill"] == "伤判" and "table" in f["data"]]
    assert check["data"]["digit"] == 3 and not check["data"]["drawn"]
    assert day2["announcement"]["wound_checks"]["玩家22"] == check["data"]["table"][3]
    assert "伤判数字 玩家22" not in draws(day2)


def test_a_missing_wound_digit_is_drawn_with_its_purpose(tmp_path):
    """A wounded player who sends no digit: one is drawn (「伤判数字 玩家22」) and the feedback says so."""
    script = _night(rulings=[{"effect": "injure", "target": "玩家22"}])
    script["phases"].append({"phase": "day"})
    day = run(tmp_path, script)["phases"][1]
    (check,) = [f for f in day["feedback"]["玩家22"] if f["skill"] == "伤判" and "table" in f["data"]]
    drawn = next(d for d in day["draws"] if d["purpose"] == "伤判数字 玩家22")
    assert check["data"]["drawn"] and check["data"]["digit"] == int(drawn["outcome"])


def test_hidden_vote_counts_and_is_not_on_the_ballot(played):
    """「此时每名角色可提交1个ID对其投1票或额外投暗票。」「只公布原始票面情况」: the 暗票 (``hidden_vote``, its ``owner``
    and skill recorded) ties 玩家13 with 玩家14; a tie harms nobody."""
    day = played["phases"][1]
    assert day["rulings"][0] == {"effect": "hidden_vote", "target": "玩家13", "text": "唯我独尊", "owner": "玩家01"}
    assert day["announcement"]["ballot"]["玩家01"] == "玩家01"
    assert day["announcement"]["voted"] is None


def test_formation_changes_the_victory_rule(played):
    """「三足鼎立格局达成后，三国之中有两国灭亡时，第三国胜利。」 The judge's ``formation`` (no target) is in the night's
    大事记; 蜀 alone falling does not end the game; 吴 falling then gives 魏 the win."""
    night3, night5 = played["phases"][2], played["phases"][4]
    assert night3["rulings"][0] == {"effect": "formation", "why": "三国各自稳固"}
    assert "三足鼎立格局达成" in night3["announcement"]["events"]
    assert night3["announcement"]["fallen"] == ["蜀"] and "winners" not in night3["announcement"]
    assert night5["announcement"]["fallen"] == ["吴"]
    assert played["result"] == {"over": True, "winners": ["魏"], "peace": False}


def test_the_whole_game_replays_to_the_same_bytes(tmp_path, played):
    again = call("run", str(_write(tmp_path, full_game())))
    assert again.code == 0 and json.loads(again.out) == played
    assert again.out == call("run", str(_write(tmp_path, full_game()))).out


def test_the_judges_order_of_rulings_changes_nothing(tmp_path, played):
    """Everything in one phase happens at once: the same rulings listed in another order give the same night (the
    拼点 are drawn in the order of their ids)."""
    script = full_game()
    script["phases"][0]["rulings"].reverse()
    script["phases"][0]["actions"].reverse()
    night = run(tmp_path, script)["phases"][0]
    mine = played["phases"][0]
    assert night["announcement"] == mine["announcement"] and night["truth"] == mine["truth"]
    assert night["draws"] == mine["draws"]


def _write(tmp_path: Path, script: dict[str, Any]) -> Path:
    path = tmp_path / "again.json"
    path.write_text(json.dumps(script, ensure_ascii=False), encoding="utf-8")
    return path


def _night(**fields: Any) -> dict[str, Any]:
    return {"format": "tianting-script/1", "rules": "dingli2", "seed": 1, "players": players(),
            "phases": [{"phase": "night", **fields}]}


@pytest.mark.parametrize(("ruling", "said"), [
    ({"effect": "formation", "target": "玩家01"}, "formation 不指明 target"),
    ({"effect": "contest", "target": "玩家01", "text": "玩家01、玩家02"}, "contest 不指明 target"),
    ({"effect": "contest", "text": "玩家01"}, "拼點須有兩名或以上的玩家"),
    ({"effect": "contest", "text": "玩家01、無名氏"}, "拼點的玩家「無名氏」不是本局的ID"),
    ({"effect": "contest", "text": "玩家01、玩家01"}, "拼點的玩家不能重複"),
    ({"effect": "contest"}, "text必須是非空字串"),
    ({"effect": "join", "target": "玩家24", "text": "群"}, "聯盟入國的 text 須為一個國家"),
    ({"effect": "join", "target": "玩家24", "text": "在野"}, "聯盟入國的 text 須為一個國家"),
    ({"effect": "join", "target": "玩家24"}, "text必須是非空字串"),
    ({"effect": "join", "target": "玩家01", "text": "蜀"}, "联盟入国须指明一个在野ID"),
    ({"effect": "hidden_vote", "target": "玩家01"}, "暗票只能在白天"),
])
def test_a_wrong_ruling_is_pointed_out_and_changes_nothing(tmp_path, ruling, said):
    """「天庭应当指出玩家的提交错误的行动并要求改正」, for the judge's own rulings too: exit 2, one line naming the
    ruling, no transcript."""
    message = refused(tmp_path, _night(rulings=[ruling]))
    assert "phases[0].rulings[0]" in message and said in message, message


def test_two_alliances_for_one_unaligned_are_refused(tmp_path):
    """「视为永久加入」 one country: two ``join`` rulings for one 在野 in a night cannot both hold."""
    message = refused(tmp_path, _night(rulings=[{"effect": "join", "target": "玩家24", "text": "魏"},
                                                {"effect": "join", "target": "玩家24", "text": "蜀"}]))
    assert "phases[0].rulings[1]" in message and "只能加入一国" in message


def test_joining_and_formation_are_ruled_by_night_only(tmp_path):
    """「次夜开始后」 a joining takes effect, and the formation goes in the night's 大事记: by day both are refused
    (D-J3, D-V1), never silently dropped."""
    for ruling in ({"effect": "join", "target": "玩家24", "text": "魏"}, {"effect": "formation"}):
        script = _night()
        script["phases"].append({"phase": "day", "rulings": [ruling]})
        assert "白天不能裁定" in refused(tmp_path, script)


def test_formation_is_ruled_once(tmp_path):
    script = _night(rulings=[{"effect": "formation"}])
    script["phases"] += [{"phase": "day"}, {"phase": "night", "rulings": [{"effect": "formation"}]}]
    assert "三足鼎立格局已经达成" in refused(tmp_path, script)


@pytest.mark.parametrize(("digits", "where", "said"), [
    ({"玩家13": 10}, "phases[0].digits.玩家13", "0至9的整數"),
    ({"玩家13": "4"}, "phases[0].digits.玩家13", "以拼點對手的ID為鍵的物件"),
    ({"玩家13": True}, "phases[0].digits.玩家13", "0至9的整數"),
    ({"無名氏": 3}, "phases[0].digits.無名氏", "未知的玩家"),
    ({"玩家13": {"無名氏": 3}}, "phases[0].digits.玩家13.無名氏", "未知的玩家"),
    ({"玩家13": {"玩家13": 3}}, "phases[0].digits.玩家13.玩家13", "不能與自己拼點"),
    ({"玩家13": {"玩家21": -1}}, "phases[0].digits.玩家13.玩家21", "0至9的整數"),
    ([3], "phases[0].digits", "JSON物件"),
])
def test_bad_digits_are_refused_naming_the_place(tmp_path, digits, where, said):
    """「两名玩家需各自向法官提交一个0-9的数字」: anything else is refused, naming where."""
    message = refused(tmp_path, _night(digits=digits, rulings=[{"effect": "contest", "text": "玩家13、玩家21"}]))
    assert message.startswith(where) and said in message, message


def test_sg24_digits_stay_one_number_per_id(tmp_path):
    """The per-opponent form is 鼎立三分2.0's (拼点); the 24人 rules' day digits keep their meaning."""
    from tianting.rules.sg24 import RULESET as SG24

    script = {"format": "tianting-script/1", "rules": "sg24", "seed": 1,
              "players": [{"id": f"P{k:02d}", "country": c, "identity": i, "character": ch[0]}
                          for k, (c, i, ch) in enumerate(SG24.seats(), 1)],
              "phases": [{"phase": "night"}, {"phase": "day", "digits": {"P01": {"P02": 3}}}]}
    assert "0至9的整數，而不是" in refused(tmp_path, script)


# ---- table sizes ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("size", "unaligned", "ex"), [(26, 3, False), (27, 4, True), (29, 6, False),
                                                      (30, 7, True), (32, 9, False), (33, 10, True)])
def test_setup_and_run_at_every_table_size(tmp_path, size, unaligned, ex):
    """「游戏分三方进行，玩家共26/29/32人，其中魏国初始9人，蜀国初始7人，吴国初始7人，在野3/6/9人，有EX角色时，在野+1人。」
    ``setup`` deals each size (27, 30, 33: with the EX character, 皇帝 = 汉少帝), and ``run`` plays it with no
    warning about the table's size."""
    ids = tmp_path / "ids.txt"
    ids.write_text("\n".join(f"玩家{k:02d}" for k in range(1, size + 1)) + "\n", encoding="utf-8")
    done = call("setup", "--rules", "dingli2", "--ids", str(ids), "--seed", "9")
    assert done.code == 0, done.err
    script = json.loads(done.out)
    assert Counter(p["country"] for p in script["players"]) == {"魏": 9, "蜀": 7, "吴": 7, "在野": unaligned}
    assert any(p["character"] == "汉少帝" for p in script["players"]) is ex
    script["phases"] = [{"phase": "night"}, {"phase": "day"}]
    transcript = run(tmp_path, script)
    assert not any("人局" in w for w in transcript["warnings"])
    assert len(transcript["phases"][1]["announcement"]["ballot"]) == size


@pytest.mark.parametrize("size", [25, 28, 31, 34])
def test_setup_refuses_other_sizes(tmp_path, size):
    ids = tmp_path / "ids.txt"
    ids.write_text("\n".join(f"玩家{k:02d}" for k in range(1, size + 1)) + "\n", encoding="utf-8")
    done = call("setup", "--rules", "dingli2", "--ids", str(ids), "--seed", "9")
    assert done.code == 2 and done.err.count("\n") == 1
    assert "26、27、29、30、32或33名玩家" in done.err and f"有{size}個ID" in done.err


@pytest.mark.parametrize(("size", "quota"), [(26, 1), (29, 2), (32, 3)])
def test_quota_of_joinings_by_table_size_in_a_script(tmp_path, size, quota):
    """「在26/29/32名玩家参加的游戏中，每个国家分别只能有1/2/3名在野角色加入。」 Three 在野 allied to 魏 in one night:
    1, 2 or 3 of them join (the others by a draw stay 在野)."""
    script = {"format": "tianting-script/1", "rules": "dingli2", "seed": 4, "players": players(size),
              "phases": [{"phase": "night", "rulings": [{"effect": "join", "target": f"玩家{k}", "text": "魏"}
                                                        for k in (24, 25, 26)]}, {"phase": "day"}]}
    day = run(tmp_path, script)["phases"][1]
    assert list(day["announcement"]["joined"].values()) == ["魏"] * quota


def test_an_ex_table_runs_with_the_emperor(tmp_path):
    """「有EX角色时，在野+1人」: 26 + 汉少帝 seats 27 ids and keeps the 26-player quota (D-J4)."""
    script = {"format": "tianting-script/1", "rules": "dingli2", "seed": 4, "players": players(26, ex=True),
              "phases": [{"phase": "night", "rulings": [{"effect": "join", "target": "玩家24", "text": "魏"},
                                                        {"effect": "join", "target": "玩家27", "text": "魏"}]},
                         {"phase": "day"}]}
    assert script["players"][-1]["character"] == "汉少帝"
    day = run(tmp_path, script)["phases"][1]
    assert len(day["announcement"]["joined"]) == 1


def test_a_run_of_a_bad_table_names_the_counts(tmp_path):
    script = _night()
    script["players"] = copy.deepcopy(script["players"])[:25]
    assert "需要26、27、29、30、32或33名玩家，ID名單中有25個ID" in refused(tmp_path, script)  # setup's words (issue 27)


def test_simulate_plays_a_29_player_table_from_a_setup(tmp_path):
    """``simulate --rules dingli2 --setup`` plays every game at a dealt 29-player table (random legal bots)."""
    ids = tmp_path / "ids.txt"
    ids.write_text("\n".join(f"玩家{k:02d}" for k in range(1, 30)) + "\n", encoding="utf-8")
    table = tmp_path / "table.json"
    assert call("setup", "--rules", "dingli2", "--ids", str(ids), "--seed", "2", "--out", str(table)).code == 0
    done = call("simulate", "--rules", "dingli2", "--setup", str(table), "--games", "2", "--jobs", "1",
                "--max-phases", "12", "--json", "--quiet")
    assert done.code == 0, done.err
    assert json.loads(done.out)["games"] == 2


def test_simulate_refuses_a_table_of_another_rule_set(tmp_path):
    """A dingli2 table given to ``simulate`` without ``--rules dingli2``: one line saying which rules to give, not a
    complaint about its characters."""
    table = tmp_path / "table.json"
    table.write_text(json.dumps(_night(), ensure_ascii=False), encoding="utf-8")
    done = call("simulate", "--setup", str(table), "--games", "1", "--jobs", "1", "--quiet")
    assert done.code == 2 and done.err.count("\n") == 1 and "請加上 --rules dingli2" in done.err


def test_the_three_ways_of_joining_in_their_priority(tmp_path):
    """「如果三种方式同时进行，则优先处理联盟达成，其次君主招揽，最后主动投奔。」 with 26 players' quota of one: on night 2
    玩家24 is allied to 魏 (``join``), 曹操 recruits 玩家25 (who agrees, 入国), 玩家26 applies (投奔, args.country) and
    魏's 正军师 郭嘉 agrees: only the alliance joins; the others are told the quota is full."""
    script = _night()
    script["phases"] += [{"phase": "day"}, {
        "phase": "night",
        "actions": [{"actor": "玩家01", "skill": "招揽", "targets": ["玩家25"], "args": {"character": "华佗"}},
                    {"actor": "玩家26", "skill": "投奔", "args": {"country": "魏"}}],
        "decisions": [{"actor": "玩家25", "skill": "入国", "answer": "魏"},
                      {"actor": "玩家02", "skill": "投奔", "answer": "同意"}],
        "rulings": [{"effect": "join", "target": "玩家24", "text": "魏"}]}, {"phase": "day"}]
    night, day = run(tmp_path, script)["phases"][2:]
    assert day["announcement"]["joined"] == {"玩家24": "魏"}
    assert {d["actor"]: d["answer"] for d in night["decisions"]} == {"玩家25": "魏", "玩家02": "同意"}
    for pid in ("玩家25", "玩家26"):
        assert any(f["skill"] == "入国" and "名额" in f["text"] for f in night["feedback"][pid])


def test_the_example_is_this_game(played):
    """examples/dingli2-full-game.json is :func:`full_game` (a newcomer's starting point), and it plays to 魏's win."""
    example = Path(__file__).resolve().parents[2] / "examples" / "dingli2-full-game.json"
    assert json.loads(example.read_text(encoding="utf-8")) == full_game()
    done = call("run", str(example))
    assert done.code == 0 and json.loads(done.out) == played


def _nights_and_days(days: int) -> list[dict[str, Any]]:
    """Nights 1… and days 2… up to day ``days``, the branch answers of the table's natural deaths given (徐庶 at
    night 3: 马良; 周瑜 at night 4: 陆逊)."""
    out: list[dict[str, Any]] = []
    for n in range(1, days + 1):
        night: dict[str, Any] = {"phase": "night"}
        if n == 3:
            night["decisions"] = [{"actor": "玩家11", "skill": "继任", "answer": "马良"}]
        if n == 4:
            night["decisions"] = [{"actor": "玩家18", "skill": "继任", "answer": "陆逊"}]
        out += [night, {"phase": "day"}]
    return out


def test_peace_in_a_script_from_day_six(tmp_path):
    """「6夜后三国可在行动提交阶段共提交一次议和申请，如果三国都同意议和，则游戏结束，三国议和。」 (D-V3: from night 6's
    submission phase): a script's ``peace`` on 第6日 (the tenth phase; the first day is 第2日) is made while night 6
    is open and ends the game with no winner; on 第5日 (night 5 open) it is refused with the reason."""
    lords = {"proposer": "玩家01", "agreed": ["玩家10", "玩家17"]}
    script = {"format": "tianting-script/1", "rules": "dingli2", "seed": 3, "players": players(),
              "phases": _nights_and_days(5)}
    script["phases"][-1]["peace"] = lords
    done = run(tmp_path, script)
    assert done["phases"][-1]["phase"] == "day" and done["phases"][-1]["number"] == 6
    assert done["result"] == {"over": True, "winners": [], "peace": True}
    early = {**script, "phases": _nights_and_days(4)}
    early["phases"][-1]["peace"] = lords
    message = refused(tmp_path, early)
    assert message.startswith("phases[7].peace") and "议和申请须在第6夜起" in message


def test_a_refused_peace_application_is_recorded_and_spends_the_one_a_game(tmp_path):
    """「6夜后三国可在行动提交阶段共提交一次议和申请」: an application 吴 did not agree to is made and refused; the
    transcript records it on its phase (``peace_refused``, with the reason and a warning), the game goes on, and a
    second application later is refused as the game's one is spent. A proposer who is not on the table makes no
    application at all (the script stops, nothing is spent)."""
    refused_one = {"proposer": "玩家01", "agreed": ["玩家10"]}
    script = {"format": "tianting-script/1", "rules": "dingli2", "seed": 3, "players": players(),
              "phases": _nights_and_days(5) + [{"phase": "night"}, {"phase": "day"}]}
    script["phases"][9]["peace"] = refused_one
    done = run(tmp_path, script)
    assert done["result"]["over"] is False and len(done["phases"]) == 12
    record = done["phases"][9]["peace_refused"]
    assert record["proposer"] == "玩家01" and record["agreed"] == ["玩家10"] and "吴" in record["reason"]
    assert any(w.startswith("phases[9].peace") and "议和申请已用去" in w for w in done["warnings"])
    again = copy.deepcopy(script)
    again["phases"][11]["peace"] = {"proposer": "玩家01", "agreed": ["玩家10", "玩家17"]}
    message = refused(tmp_path, again)
    assert message.startswith("phases[11].peace") and "只能共提交一次" in message
    stranger = copy.deepcopy(script)
    stranger["phases"][9]["peace"] = {"proposer": "无名氏", "agreed": ["玩家10", "玩家17"]}
    assert "不是场上的ID" in refused(tmp_path, stranger)


def test_peace_by_the_judges_word(tmp_path):
    """「游戏过程中一切关于规则的问题解释权归北斗所有。」: seed 003's text has only the three countries' 议和, but the
    北斗 may end a game that cannot end (``{"judge": true}``, as KK 3.3's judge does): no winner (D-V3)."""
    script = {"format": "tianting-script/1", "rules": "dingli2", "seed": 3, "players": players(),
              "phases": _nights_and_days(2)}
    script["phases"][-1]["peace"] = {"judge": True}
    assert run(tmp_path, script)["result"] == {"over": True, "winners": [], "peace": True}


def test_a_rule_set_may_refuse_the_judges_peace():
    """``RULESET.judge_peace`` False: ``run`` refuses ``{"judge": true}`` with the form to use, and the game goes on."""
    import dataclasses

    from tianting.core.errors import ScriptError
    from tianting.script import _peace

    game = RULESET.game.create(seats(26), 1)
    with pytest.raises(ScriptError) as refusal:
        _peace(game, {"judge": True}, "phases[0].peace", dataclasses.replace(RULESET, judge_peace=False))
    assert "沒有法官判定的議和" in refusal.value.message and not game.state.over


@pytest.mark.parametrize("reverse", [False, True])
def test_a_suicide_keeps_the_successors_actions_after_it_in_the_canonical_order(reverse: bool) -> None:
    """R50 with D-A2: the canonical order sorts an id's actions by skill, but 「继承者立即登场继续游戏」 makes what 关羽
    (玩家13) sends after his 自杀 黄忠's: the 刺杀 typed after the 自杀 is the successor's and kills 典韦 (玩家08), though
    刺杀 sorts before 自杀; typed before it, it was the dead 关羽's and resolves as if not sent. Other ids' actions
    around them, in any order, change nothing."""
    from tianting.script import run_script

    suicide = {"actor": "玩家13", "skill": "自杀"}
    stab = {"actor": "玩家13", "skill": "刺杀", "targets": ["玩家08"]}
    other = {"actor": "玩家05", "skill": "刺杀", "targets": ["玩家20"]}
    actions = [other, stab, suicide] if reverse else [suicide, other, stab]
    done = run_script(_night(actions=actions, decisions=[{"actor": "玩家13", "skill": "继任", "answer": "黄忠"}]))
    truth = done["phases"][0]["truth"]["players"]
    assert truth["玩家13"]["character"] == "黄忠"
    assert (truth["玩家08"]["character"] == "典韦") is reverse  # 典韦 died (许褚 plays on) only when stabbed by 黄忠
