"""A phase's inputs reach the server only through the rule set's declaration (issue 30, item 3;
rules/interface.PhaseInput): the 24人 rules' 傷判 digit (seed 001, R-SG12) and 鼎立三分2.0's 拼點 digits (seed 003).

Each scenario is played through the server, and the declaration is then changed (a test's own words) to show that
the pages, the refusals and the judge's 「what needs you now」 list take their words from it and from nowhere else."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.test_contest_message_page import contest_table, shown
from tests.server.test_dingli2_hosted import IDS as DINGLI_IDS
from tests.server.test_sg24_server import IDS, _by_character, _seeded, _submit_rest
from tianting.core.names import name_key
from tianting.rules import load as load_rules
from tianting.rules.interface import PhaseInput, PhaseSpot


def _renamed(monkeypatch: pytest.MonkeyPatch, rules: str, **words: Any) -> None:
    """The rule set's declarations with ``words`` in place of its own (label, heading, help, texts …)."""
    ruleset = load_rules(rules)
    declared = type(ruleset).phase_inputs
    texts = words.pop("texts", {})

    def phase_inputs(self: Any, game: Any, spot: PhaseSpot) -> list[PhaseInput]:
        return [dataclasses.replace(inp, texts=dataclasses.replace(inp.texts, **texts), **words)
                for inp in declared(self, game, spot)]

    monkeypatch.setattr(type(ruleset), "phase_inputs", phase_inputs)


def _wounded_day(client: TestClient) -> tuple[Any, str]:
    """An sg24 game on day 2: the judge wounded 刘备 by a ruling on night 1 (a skill the pack leaves to him)."""
    api = _seeded(client)
    who = _by_character(api)
    api.judge("start")
    _submit_rest(api, set())
    api.judge("rule", {"ruling": {"effect": "injure", "target": who["刘备"], "why": "技能由天庭裁定"}})
    api.judge("publish")
    return api, who["刘备"]


def test_sg24_the_wounded_alone_owes_a_digit_and_the_draft_reminds_the_judge_of_it(client: TestClient) -> None:
    """R-SG12: the living wounded player may give a digit for his 伤判 by day; nobody else owes one; once the day is
    drafted the judge is told whose digit was not given (the engine drew in its stead)."""
    api, hurt = _wounded_day(client)
    other = next(p for p in IDS if p != hurt)
    assert api.view(hurt)["open"]["wound_check"] is True and api.view(hurt)["open"]["digit"] is None
    assert "wound_check" not in api.view(other)["open"]
    page = client.get(f"/p/{api.tokens[hurt]}").text
    assert 'id="submit-digit"' in page and name_key("你今天要進行傷判") in name_key(page)
    assert 'id="submit-digit"' not in client.get(f"/p/{api.tokens[other]}").text
    for pid in IDS:
        api.player(pid, "vote", {"target": other if pid != other else hurt})
    if api.console()["stage"] != "draft":  # every vote in resolves the day by itself
        api.judge("resolve")
    needs = api.console()["current"]["needs"]["items"]
    assert [(n["kind"], n["player"]) for n in needs if n["kind"] == "digit"] == [("digit", hurt)]
    assert any(n["message"] == f"{hurt} 未給出傷判的數字（結算時已以隨機數代替）" for n in needs)


def test_sg24_the_page_and_the_refusals_say_what_the_declaration_says(client: TestClient,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The words are the rule set's: a declaration saying 「試驗數字」 is what the page, the refusals and the
    reminder say (nothing of them is in the server)."""
    _renamed(monkeypatch, "sg24", label="試驗數字", heading="試驗標題", help="試驗說明。",
             texts={"not_owed": "你沒有試驗", "missing": "{player} 欠一個{label}"})
    api, hurt = _wounded_day(client)
    other = next(p for p in IDS if p != hurt)
    page = name_key(client.get(f"/p/{api.tokens[hurt]}").text)
    assert name_key("試驗標題") in page and name_key("試驗說明。") in page and name_key("你今天要進行傷判") not in page
    assert "試驗數字須為0至9的整數" in api.refused(hurt, "digit", {"digit": 12}, 422)
    assert "你沒有試驗" in api.refused(other, "digit", {"digit": 3}, 409)
    for pid in IDS:
        api.player(pid, "vote", {"target": other if pid != other else hurt})
    if api.console()["stage"] != "draft":  # every vote in resolves the day by itself
        api.judge("resolve")
    reminders = [n["message"] for n in api.console()["current"]["needs"]["items"] if n["kind"] == "digit"]
    assert reminders == [f"{hurt} 欠一個試驗數字"]


def test_dingli2_each_contestant_owes_a_digit_per_contest_and_the_judge_sees_the_missing_ones(
        client: TestClient) -> None:
    """「一名角色需要与多名角色拼点时，需要分别提交拼点的数字」: a player in two 拼點 owes two digits, numbered on his
    page in ruling order, with no opponent shown; the judge's list names each digit not given, with its opponent,
    until it is given."""
    a, b, c = DINGLI_IDS[:3]
    t = contest_table(client, (a, b), (c, a))
    assert t.view(a)["open"]["contests"] == [{"number": 1, "digit": None}, {"number": 2, "digit": None}]
    assert t.view(b)["open"]["contests"] == [{"number": 1, "digit": None}]
    missing = {n["message"] for n in t.state()["current"]["needs"]["items"] if n["kind"] == "digit"}
    assert missing == {f"{a} 尚未給出與 {b} 拼點的數字", f"{b} 尚未給出與 {a} 拼點的數字",
                       f"{c} 尚未給出與 {a} 拼點的數字", f"{a} 尚未給出與 {c} 拼點的數字"}
    assert t.post_p(a, "digit", {"digit": 5, "contest": 2}).status_code == 200  # his second: against c
    missing = {n["message"] for n in t.state()["current"]["needs"]["items"] if n["kind"] == "digit"}
    assert f"{a} 尚未給出與 {c} 拼點的數字" not in missing and f"{a} 尚未給出與 {b} 拼點的數字" in missing
    assert t.view(a)["open"]["contests"] == [{"number": 1, "digit": None}, {"number": 2, "digit": 5}]
    # the stored event is what it was before the declaration: the digit and which of his (``contest``)
    stored = t.client.get(f"/api/j/{t.judge['北斗']}/export").json()["events"]
    assert [e["payload"] for e in stored if e["kind"] == "digit"] == [{"digit": 5, "contest": 2}]
    record = {tuple(x["players"]): x["digits"] for x in t.state()["current"]["draft"]["announcement"]["contests"]}
    assert record[tuple(sorted((a, c)))][a] == 5  # the engine read it from the night's digits, {a: {c: 5}}
    page = client.get(f"/p/{t.token[a]}").text
    section = page.split('id="contest"')[1].split("</section>")[0]
    assert 'id="contest-digit-1"' in section and 'id="contest-given-2"' in section
    assert b not in section and c not in section  # 「拼点的结果不会直接告诉玩家」: nor the opponent


def test_dingli2_the_page_and_the_refusals_say_what_the_declaration_says(client: TestClient,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    _renamed(monkeypatch, "dingli2", label="試驗數字", heading="試驗標題", item="第{number}項試驗",
             texts={"not_owed": "你沒有試驗", "which": "請指明第幾項（1至{count}）"})
    a, b, c = DINGLI_IDS[:3]
    t = contest_table(client, (a, b), (a, c))
    page = client.get(f"/p/{t.token[a]}")
    section = shown(page).split('id="contest"')[1].split("</section>")[0]
    assert name_key("試驗標題") in section and name_key("第2項試驗") in section
    assert "試驗數字須為0至9的整數" in t.post_p(a, "digit", {"digit": 10, "contest": 1}).json()["error"]
    assert "請指明第幾項（1至2）" in t.post_p(a, "digit", {"digit": 3}).json()["error"]
    assert "你沒有試驗" in t.post_p(DINGLI_IDS[5], "digit", {"digit": 3}).json()["error"]
