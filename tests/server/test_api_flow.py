"""Whole games through the JSON API, on SQLite and on PostgreSQL.

Rule text quoted from the KK 3.3 seed file (000_b521fc75d9962f03.txt). The set-up test
creates its game through ``POST /api/games`` (a fresh secret seed) and checks what holds for
any draw; the full game is created with ``Store.create_game(seed=1)`` so that the seats, and
so the deaths and choices the test reads like rules, are known (each is asserted where used,
and the one random draw of night 1 is checked in the draft's ``draws``).
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import IDS, choose_all, new_game
from tianting.hosting.fairness import commitment
from tianting.hosting.game import Refused
from tianting.rules import load as load_rules
from tianting.server import app as app_module
from tianting.server.confirm import HEADER as confirm_header
from tianting.server.store import Store

NIGHT_MINUTES, DAY_MINUTES = 90, 45

# 附：身份與角色對應清單 (the 軍師 list is shared by 正軍師 and 副軍師; a lord's list names his 轉生 forms)
CHARACTERS = {
    "魏": {"君主": "曹操", "軍師": "郭嘉/司馬懿/荀彧/賈詡/荀攸/程昱", "殺手": "夏侯惇/夏侯淵/張遼/曹仁/張郃",
          "護衛": "許褚/典韋/曹昂", "女眷": "甄姬/蔡文姬/夏侯涓/王異"},
    "蜀": {"君主": "劉備", "軍師": "諸葛亮/徐庶/龐統/法正/馬良/姜維", "殺手": "關羽/馬超/張飛/黃忠/馬岱",
          "護衛": "趙雲/魏延/關平", "女眷": "糜夫人/黃月英/甘夫人/關銀屏"},
    "吳": {"君主": "孫堅", "軍師": "周瑜/魯肅/張昭/呂蒙/陸遜/諸葛瑾", "殺手": "甘寧/凌統/黃蓋/程普/韓當",
          "護衛": "太史慈/周泰/朱然", "女眷": "小喬/孫尚香/大喬/步練師"},
    "群": {"黃巾頭領": "張角", "方士": "左慈", "神醫": "華佗"},
}


class Api:
    """One game seen through its links."""

    def __init__(self, client: TestClient, judge_token: str, player_tokens: dict[str, str], public_id: str,
                 game_id: str) -> None:
        self.client, self.judge_token, self.tokens = client, judge_token, player_tokens
        self.public_id, self.game_id = public_id, game_id

    @classmethod
    def created(cls, client: TestClient, answer: dict[str, Any]) -> Api:
        return cls(client, answer["judge_token"], {pid: p["token"] for pid, p in answer["players"].items()},
                   answer["public_id"], answer["game_id"])

    @classmethod
    def seeded(cls, client: TestClient, seed: int = 1) -> Api:
        store: Store = client.app.state.store
        made = store.create_game("固定種子局", "kk33", IDS, night_minutes=NIGHT_MINUTES, day_minutes=DAY_MINUTES,
                                 seed=seed, salt="公開的鹽")
        return cls(client, made.judge_token, made.player_tokens, made.public_id, made.game_id)

    @property
    def store(self) -> Store:
        return self.client.app.state.store  # type: ignore[no-any-return]

    def judge(self, command: str, body: dict[str, Any] | None = None, status: int = 200,
              confirm: bool = True) -> dict[str, Any]:
        """A judge's command, confirmed as a program confirms an irreversible act (``X-Tianting-Confirm``,
        server/confirm.py) unless ``confirm`` is false."""
        headers = {confirm_header: "1"} if confirm else {}
        response = self.client.post(f"/api/j/{self.judge_token}/{command}", json=body or {}, headers=headers)
        assert response.status_code == status, response.text
        return response.json()  # type: ignore[no-any-return]

    def player(self, pid: str, command: str, body: dict[str, Any], status: int = 200) -> dict[str, Any]:
        response = self.client.post(f"/api/p/{self.tokens[pid]}/{command}", json=body)
        assert response.status_code == status, response.text
        return response.json()  # type: ignore[no-any-return]

    def refused(self, who: str, command: str, body: dict[str, Any], status: int) -> str:
        """A request that must be refused with a message, leaving the event log as it was."""
        before = self.console()["seq"]
        answer = self.judge(command, body, status) if who == "judge" else self.player(who, command, body, status)
        assert set(answer) == {"error"} and any("\u4e00" <= c <= "\u9fff" for c in answer["error"])
        assert self.console()["seq"] == before
        return str(answer["error"])

    def console(self) -> dict[str, Any]:
        response = self.client.get(f"/api/j/{self.judge_token}")
        assert response.status_code == 200, response.text
        return response.json()  # type: ignore[no-any-return]

    def view(self, pid: str) -> dict[str, Any]:
        response = self.client.get(f"/api/p/{self.tokens[pid]}")
        assert response.status_code == 200, response.text
        return response.json()  # type: ignore[no-any-return]

    def public(self) -> dict[str, Any]:
        response = self.client.get(f"/api/g/{self.public_id}")
        assert response.status_code == 200, response.text
        return response.json()  # type: ignore[no-any-return]

    def export(self) -> dict[str, Any]:
        response = self.client.get(f"/api/j/{self.judge_token}/export")
        assert response.status_code == 200, response.text
        return response.json()  # type: ignore[no-any-return]

    def who(self, country: str, identity: str) -> list[str]:
        return [p["id"] for p in self.console()["players"] if p["country"] == country and p["identity"] == identity]

    def draft(self) -> dict[str, Any]:
        return self.console()["current"]["draft"]  # type: ignore[no-any-return]


def _between(deadline: str, before: datetime, after: datetime, minutes: int) -> bool:
    moment = datetime.fromisoformat(deadline)
    return (before.replace(microsecond=0) + timedelta(minutes=minutes) <= moment
            <= after + timedelta(minutes=minutes))


# ---- set-up ------------------------------------------------------------------------------------
def test_setup_draws_seats_by_the_rules_and_waits_for_every_choice(client):
    """參加遊戲的玩家共22人，分為魏、蜀、吳、群四方，其中三國各7人，群雄1人。
    遊戲開始前隨機分配給每個玩家一個國籍&身份，然後玩家可以在該國籍&身份對應的若干角色中選擇一個。"""
    answer = new_game(client, night_minutes=NIGHT_MINUTES, day_minutes=DAY_MINUTES)
    api = Api.created(client, answer)
    assert sorted(answer["players"]) == sorted(IDS)
    console = api.console()
    assert console["stage"] == "choosing" and console["commitment"] == answer["commitment"]
    seats = console["players"]
    assert [s["id"] for s in seats] == IDS
    assert Counter(s["country"] for s in seats) == {"魏": 7, "蜀": 7, "吳": 7, "群": 1}
    for country in ("魏", "蜀", "吳"):
        assert Counter(s["identity"] for s in seats if s["country"] == country) == {
            "君主": 1, "正軍師": 1, "副軍師": 1, "殺手": 2, "護衛": 1, "女眷": 1}
    roster = load_rules("kk33").roster()
    for seat in seats:
        allowed = CHARACTERS[seat["country"]][seat["identity"].removeprefix("正").removeprefix("副")].split("/")
        assert seat["choices"] and all(roster.characters[c].base in allowed for c in seat["choices"])
        view = api.view(seat["id"])
        assert (view["country"], view["identity"], view["choices"], view["character"]) == (
            seat["country"], seat["identity"], seat["choices"], None)

    # the two killers of a country share one list: a character taken is refused to the other
    first, second = api.who("魏", "殺手")
    api.player(first, "choose", {"character": "張遼"})
    assert api.view(second)["taken"] == ["張遼"]
    assert api.refused(second, "choose", {"character": "張遼"}, 409) == "角色「張遼」已被其他玩家選擇"
    assert "不能選擇" in api.refused(second, "choose", {"character": "關羽"}, 422)  # a 蜀 killer
    # simplified Chinese is the same name
    api.player(second, "choose", {"character": "张郃"})
    assert api.console()["players"][IDS.index(second)]["character"] == "張郃"
    # the judge assigns a character to a player
    [wei_lord] = api.who("魏", "君主")
    api.judge("assign", {"player": wei_lord, "character": "曹操"})
    assert api.view(wei_lord)["character"] == "曹操"
    # start is refused until all have chosen
    missing = api.refused("judge", "start", {}, 409)
    assert first not in missing and all(pid in missing for pid in IDS if pid not in (first, second, wei_lord))
    export = api.export()
    assert export["seed"] is None and export["salt"] is None and export["events"][0]["payload"]["seed"] is None
    choose_all(client, answer)
    before = datetime.now(UTC)
    api.judge("start")
    after = datetime.now(UTC)
    current = api.console()["current"]
    assert (current["kind"], current["number"]) == ("night", 1)  # 遊戲開始於黑夜，第一天沒有白天。
    assert _between(current["deadline"], before, after, NIGHT_MINUTES)
    assert sorted(current["expected"]) == sorted(IDS)
    assert "已經開始" in api.refused(first, "choose", {"character": "張遼"}, 409)
    assert "已經開始" in api.refused("judge", "start", {}, 409)


# ---- a whole game ----------------------------------------------------------------------------------
def test_a_whole_game_from_creation_to_the_end(client):
    api = Api.seeded(client, seed=1)
    assert api.refused("judge", "resolve", {}, 409) == "目前沒有待結算的階段"
    choose_all(client, {"players": {pid: {"token": t} for pid, t in api.tokens.items()}})
    api.judge("start")

    wei_killer, wu_killer = api.who("魏", "殺手")[0], api.who("吳", "殺手")[0]
    shu_killer = api.who("蜀", "殺手")[0]
    [shu_lord], [shu_lady] = api.who("蜀", "君主"), api.who("蜀", "女眷")
    [wei_strategist], [shu_strategist] = api.who("魏", "正軍師"), api.who("蜀", "正軍師")
    seats = {p["id"]: p for p in api.console()["players"]}
    assert seats[shu_lord]["character"] == "劉備" and seats[wei_strategist]["character"] == "郭嘉"

    # ---- night 1: every player is in, so the system resolves -------------------------------------
    api.player(wei_killer, "actions", {"actions": [{"skill": "刺殺", "targets": [shu_lord]}]})
    api.player(shu_killer, "actions", {"actions": [{"skill": "刺杀", "targets": [wei_strategist]}]})
    api.player(wu_killer, "actions", {"actions": [{"skill": "刺殺", "targets": [shu_lady]}]})
    api.player(shu_strategist, "actions", {"actions": [{"skill": "明察", "targets": [wei_killer]}]})
    # 刺殺：由一名殺手出刀 — 魏 has one stab tonight and its first killer used it. The second
    # killer is told at once (it was accepted and silently dropped at resolution), without
    # learning who used it (R43); they send their night without it.
    second_wei_killer = api.who("魏", "殺手")[1]
    error = api.refused(second_wei_killer, "actions", {"actions": [{"skill": "刺殺", "targets": [shu_strategist]}]}, 422)
    assert "本國今夜可發動的【刺殺】次數已由本國殺手的其他提交用完" in error and wei_killer not in error
    api.player(second_wei_killer, "actions", {"actions": []})
    # a player's own actions, as the server understood them
    assert api.view(shu_killer)["open"]["actions"] == [
        {"actor": shu_killer, "skill": "刺殺", "targets": [wei_strategist]}]
    rest = [pid for pid in IDS if pid not in (wei_killer, shu_killer, wu_killer, shu_strategist, second_wei_killer)]
    for pid in rest[:-1]:
        assert api.player(pid, "actions", {"actions": []})["events"] == ["submit"]
    assert api.player(rest[-1], "actions", {"actions": []})["events"] == ["submit", "resolve"]
    resolve = [e for e in api.export()["events"] if e["kind"] == "resolve"]
    assert [(e["actor"], e["payload"]["why"]) for e in resolve] == [("system", "all-in")]

    console = api.console()
    assert console["stage"] == "draft" and console["current"]["resolved_by"] == "system"
    draft = console["current"]["draft"]
    announcement = draft["announcement"]
    # 夜晚公告…昨夜死亡而退出遊戲的ID: the stabbed leave; the ID is published, not the character
    assert sorted(announcement["exited"]) == sorted([wei_strategist, shu_lady])
    assert "郭嘉" not in announcement["text"]
    # 明察 tells the 蜀 strategist that the 魏 killer is a killer
    assert draft["feedback"][shu_strategist][0]["data"] == {"is_killer": True}
    assert draft["truth"]["players"][wei_strategist]["status"] == "out" and draft["trace"]
    assert draft["rejected"] == []
    assert draft["truth"]["players"][shu_strategist]["status"] == "alive"
    # 轉生: the 蜀 lord lives on; unanswered, the choice took a default drawn with the seed
    [choice] = draft["decisions"]
    assert (choice["actor"], choice["skill"], choice["defaulted"]) == (shu_lord, "轉生", True)
    assert draft["draws"] == [{"purpose": f"預設選擇 {shu_lord}【轉生】", "options": ["劉封", "劉禪"],
                               "outcome": choice["answer"]}]
    # the choice lists its options (轉生 into one of the lord's other forms), and the console offers them
    assert choice["options"] == ["劉封", "劉禪"]
    console_page = api.client.get(f"/j/{api.judge_token}").text
    assert re.search(r'<select name="answer"[^>]*>\s*<option value="劉封"', console_page)
    # nothing of the draft reaches the players before it is published
    assert api.view(shu_strategist)["feedback"] == [] and api.view(shu_strategist)["announcements"] == []
    assert api.public()["announcements"] == []

    # ---- the judge answers, asks for last words, rules, edits ----------------------------------------
    api.judge("decide", {"actor": shu_lord, "skill": "轉生", "answer": "劉禪"})
    [choice] = api.draft()["decisions"]
    assert (choice["answer"], choice["defaulted"]) == ("劉禪", False)
    assert "不是可選項" in api.refused("judge", "decide", {"actor": shu_lord, "skill": "轉生", "answer": "孫權"}, 422)

    assert api.refused(wei_strategist, "last-words", {"text": "太早"}, 409) == "現在不能留下遺言"
    api.judge("ask-last-words")
    asked = api.view(wei_strategist)["last_words"]
    tonight = [f["text"] for f in api.draft()["feedback"].get(wei_strategist, [])]
    assert [f["text"] for f in asked.pop("feedback")] == tonight and tonight  # tonight's own, as drafted
    assert asked == {"asked": True, "text": "", "status": "none", "reason": ""}
    assert api.refused(shu_strategist, "last-words", {"text": "我還活著"}, 409) == "現在不能留下遺言"
    api.player(wei_strategist, "last-words", {"text": "殺我者蜀國人也"})
    api.player(shu_lady, "last-words", {"text": "天機不可洩露：某某是殺手"})
    api.judge("rule-last-words", {"player": wei_strategist, "approved": True})
    api.judge("rule-last-words", {"player": shu_lady, "approved": False, "reason": "遺言不得轉述反饋"})
    assert api.view(shu_lady)["last_words"]["status"] == "refused"
    assert api.draft()["announcement"]["last_words"] == {wei_strategist: "殺我者蜀國人也"}

    original = api.draft()["announcement"]["text"]
    api.judge("edit", {"target": "announcement", "text": "初稿修訂"})
    api.judge("rule-last-words", {"player": wei_strategist, "approved": True})  # re-drafts, the same text
    edits = api.console()["current"]["edits"]
    assert [(e["before"], e["text"], e["current"]) for e in edits] == [(original, "初稿修訂", True)]
    assert api.draft()["announcement"]["text"] == "初稿修訂"  # the edit stands: the text it replaced did not change
    api.judge("rule-last-words", {"player": wei_strategist, "approved": False, "reason": "改變主意"})
    edits = api.console()["current"]["edits"]
    assert [(e["text"], e["current"], e.get("dropped")) for e in edits] == [("初稿修訂", False, True)]
    assert [e["text"] for e in api.console()["current"]["lost_edits"]] == ["初稿修訂"]
    api.judge("rule-last-words", {"player": wei_strategist, "approved": True})
    assert api.draft()["announcement"]["text"] == original
    api.judge("edit", {"target": "announcement", "text": original + "\n（天庭：昨夜風雨交加）"})
    api.judge("edit", {"target": "feedback", "player": shu_strategist, "index": 0, "text": "你查驗之人正是殺手。"})

    before = datetime.now(UTC)
    api.judge("publish")
    after = datetime.now(UTC)

    # ---- published: the edited texts, the words approved, not the ones refused -----------------------------
    [night] = api.public()["announcements"]
    assert night["text"] == original + "\n（天庭：昨夜風雨交加）"
    assert "殺我者蜀國人也" in night["text"] and "天機不可洩露" not in night["text"]
    assert api.view(shu_strategist)["feedback"][0]["text"] == "你查驗之人正是殺手。"
    assert api.view(shu_lord)["character"] == "劉禪"
    current = api.console()["current"]
    assert (current["kind"], current["number"]) == ("day", 2)
    assert _between(current["deadline"], before, after, DAY_MINUTES)
    export = api.export()
    assert [(e["phase"], e["text"], e["current"]) for e in export["edits"]] == [
        (0, "初稿修訂", False), (0, original + "\n（天庭：昨夜風雨交加）", True), (0, "你查驗之人正是殺手。", True)]

    # ---- day 2: votes; an abstention is a vote for oneself ----------------------------------------
    assert api.refused(wei_strategist, "vote", {"target": wu_killer}, 422) == f"{wei_strategist} 已出局，不能投票"
    assert "白天" in api.refused(wei_killer, "actions", {"actions": []}, 409)
    api.player(wei_killer, "vote", {"target": shu_killer})  # changed below: the latest vote counts
    api.player(wei_killer, "vote", {"target": wu_killer})
    api.player(shu_killer, "vote", {"target": wu_killer})
    assert api.view(wei_killer)["open"]["vote"] == wu_killer
    api.judge("resolve")
    announcement = api.draft()["announcement"]
    assert announcement["votes"][wu_killer] == wu_killer  # 棄權或超時視為自投
    assert announcement["tally"][wu_killer] == 3 and announcement["exited"] == [wu_killer]
    # 因投票而死亡出局的ID（不能留下遺言）
    assert api.refused("judge", "ask-last-words", {}, 409) == "因投票而死亡出局的ID不能留下遺言"
    assert api.refused(wu_killer, "last-words", {"text": "冤枉"}, 409) == "現在不能留下遺言"
    before = datetime.now(UTC)
    api.judge("publish")
    after = datetime.now(UTC)
    current = api.console()["current"]
    assert (current["kind"], current["number"]) == ("night", 2)
    assert _between(current["deadline"], before, after, NIGHT_MINUTES)
    [_, day] = api.public()["announcements"]
    assert day["votes"][wu_killer] == wu_killer and day["exited"] == [wu_killer]
    assert api.view(wu_killer)["players"][IDS.index(wu_killer)]["out"] is True

    # ---- peace by the judge's ruling ends the game ------------------------------------------
    assert api.export()["seed"] is None
    api.judge("peace", {"judge": True})
    console = api.console()
    assert console["stage"] == "over" and console["result"] == {"winners": [], "peace": True}
    # 遊戲已經結束: nothing more
    assert api.refused(wei_killer, "actions", {"actions": []}, 409) == "遊戲已經結束"
    assert api.refused("judge", "resolve", {}, 409) == "遊戲已經結束"
    assert api.refused("judge", "publish", {}, 409) == "遊戲已經結束"
    assert api.view(wei_killer)["over"] is True

    # ---- the 復盤: seed revealed, commitment kept, the replay matches what was published ----------------
    export = api.export()
    assert export["seed"] == 1 and export["salt"] == "公開的鹽"
    assert commitment(export["seed"], export["salt"]) == export["commitment"] == console["commitment"]
    assert export["result"] == {"over": True, "winners": [], "peace": True}
    assert export["published"][0]["announcement"]["text"] == night["text"]
    assert export["transcript"]["phases"][0]["announcement"]["last_words"] == {wei_strategist: "殺我者蜀國人也"}
    assert [e["seq"] for e in export["events"]] == list(range(1, len(export["events"]) + 1))
    assert api.public()["export"] == export


# ---- resolution triggers -----------------------------------------------------------------------
def test_the_deadline_resolves_once(client):
    api = Api.seeded(client)
    choose_all(client, {"players": {pid: {"token": t} for pid, t in api.tokens.items()}})
    api.judge("start")
    api.player(IDS[0], "actions", {"actions": []})
    store = api.store
    deadline = api.console()["current"]["deadline"]
    just_before = (datetime.fromisoformat(deadline) - timedelta(seconds=1)).isoformat()
    assert api.game_id not in store.due_games(just_before)
    assert store.append(api.game_id, None, "system", {}, at=just_before) == []
    assert api.game_id in store.due_games(deadline)
    later = (datetime.fromisoformat(deadline) + timedelta(minutes=3)).isoformat()
    [written] = store.append(api.game_id, None, "system", {}, at=later)
    assert (written.kind, written.actor, written.payload) == ("resolve", "system", {"phase": 0, "why": "deadline"})
    assert api.game_id not in store.due_games(later)
    seq = api.console()["seq"]
    assert store.append(api.game_id, None, "system", {}, at=later) == []
    assert api.refused("judge", "resolve", {}, 409) == "目前沒有待結算的階段"
    assert api.console()["seq"] == seq and api.console()["current"]["resolved_by"] == "system"


def test_a_deadline_set_in_the_past_resolves_at_once(client):
    api = Api.seeded(client)
    choose_all(client, {"players": {pid: {"token": t} for pid, t in api.tokens.items()}})
    api.judge("start")
    assert "時限格式錯誤" in api.refused("judge", "deadline", {"deadline": "明天晚上"}, 422)
    answer = api.judge("deadline", {"deadline": "2030-01-01T20:00"})
    assert answer["events"] == ["deadline"] and api.console()["current"]["deadline"] == "2030-01-01T20:00:00+00:00"
    assert api.game_id in api.store.due_games("2030-01-01T20:00:00+00:00")
    answer = api.judge("deadline", {"deadline": "2020-01-01T00:00:00+08:00"})
    assert answer["events"] == ["deadline", "resolve"]
    assert api.console()["current"]["resolved_by"] == "system"


def test_a_submission_after_the_deadline_is_refused(client):
    """棄權或超時視為自投: late input does not count (pins a bug: it was accepted until the
    scheduler's next tick)."""
    api = Api.seeded(client)
    choose_all(client, {"players": {pid: {"token": t} for pid, t in api.tokens.items()}})
    api.judge("start")
    store = api.store
    deadline = api.console()["current"]["deadline"]
    late = (datetime.fromisoformat(deadline) + timedelta(seconds=1)).isoformat()
    seq = api.console()["seq"]
    with pytest.raises(Refused) as info:
        store.append(api.game_id, "submit", IDS[0], {"actions": []}, at=late)
    assert info.value.status == 409 and "時限" in info.value.message
    assert api.console()["seq"] == seq


def test_the_scheduler_resolves_every_due_game_even_if_one_fails(client, monkeypatch):
    """Pins a bug: one failing game ended the scheduler's tick, so due games after it waited forever."""
    games = [Api.seeded(client, seed) for seed in (1, 2)]
    for api in games:
        choose_all(client, {"players": {pid: {"token": t} for pid, t in api.tokens.items()}})
        api.judge("deadline", {"deadline": None}, status=409)  # not open yet
        api.judge("start")
        api.judge("deadline", {"deadline": "2030-01-01T00:00:00+00:00"})
    store = games[0].store
    real_append = store.append

    def flaky(game_id: str, *args: Any, **kwargs: Any) -> Any:
        if game_id == broken:
            raise RuntimeError("database hiccup")
        return real_append(game_id, *args, **kwargs)

    # the scheduler goes by the database's clock: moved past the deadline here
    monkeypatch.setattr(store, "_now", lambda conn: datetime(2030, 1, 1, 0, 0, 1, tzinfo=UTC))
    due = store.due_games("2030-01-01T00:00:01+00:00")
    assert sorted(due) == sorted(api.game_id for api in games)
    broken = due[0]
    monkeypatch.setattr(store, "append", flaky)
    asyncio.run(app_module._resolve_due(store))
    assert store.due_games("2030-01-01T00:00:01+00:00") == [broken]
    monkeypatch.setattr(store, "append", real_append)
    asyncio.run(app_module._resolve_due(store))
    assert store.due_games("2030-01-01T00:00:01+00:00") == []
    for api in games:
        assert api.console()["current"]["resolved_by"] == "system"
