"""The hosted game as a fold of events, without a server.

KK 3.3 rule text quoted in the tests is from the seed file 000_b521fc75d9962f03.txt.
The games here use seed 1 with every player taking the first character still free; the
seats the scenarios rely on are asserted where they are used, so a change of the set-up
draw fails loudly instead of silently testing something else.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from tianting.hosting import events as ev
from tianting.hosting.events import Event
from tianting.hosting.fairness import commitment
from tianting.hosting.game import MAX_ACTIONS, MAX_TEXT, HostedGame, Refused
from tianting.hosting.views import judge_view, public_view
from tianting.script import run_script

IDS = [f"玩家{i:02d}" for i in range(1, 23)]
T0 = "2026-03-01T12:00:00+00:00"
DEADLINE = "2026-03-01T13:00:00+00:00"
LATE = "2026-03-01T13:00:05+00:00"
DAY_DEADLINE = "2026-03-02T12:00:00+00:00"
LAST = ("甘寧", "凌統")
"""Characters a player of these scenarios takes only when nothing else is free (see ``choose_all``)."""


def created_payload(seed: int = 1, salt: str = "鹽", **extra: Any) -> dict[str, Any]:
    return {"rules": "kk33", "ids": IDS, "title": "測試局", "seed": seed, "salt": salt,
            "commitment": commitment(seed, salt), "night_minutes": 60, "day_minutes": 30, **extra}


class Table:
    """A hosted game driven by events, as the store would append them."""

    def __init__(self, seed: int = 1) -> None:
        self.game = HostedGame.fold([Event(1, ev.CREATED, ev.JUDGE, created_payload(seed), T0)])

    @property
    def events(self) -> list[Event]:
        return self.game.events

    def add(self, kind: str, actor: str, payload: dict[str, Any] | None = None, at: str = T0) -> Event:
        event = Event(self.game.seq + 1, kind, actor, payload or {}, at)
        self.game.apply(copy.deepcopy(event))
        return event

    def who(self, country: str, identity: str) -> list[str]:
        return [p["id"] for p in self.game.setup["players"]
                if p["country"] == country and p["identity"] == identity]

    def choose_all(self) -> Table:
        """Everyone takes the first character still free, 甘寧 and 凌統 last (奇襲 moves 甘寧's 刺殺 to
        the day, 旋風 fails his target's actions: the night scenarios want plain killers)."""
        for seat in self.game.setup["players"]:
            for character in sorted(seat["choices"], key=lambda c: c in LAST):
                try:
                    self.add(ev.CHOOSE, seat["id"], {"character": character})
                    break
                except Refused:
                    continue
        return self

    def start(self) -> Table:
        self.choose_all()
        self.add(ev.START, ev.JUDGE, {"deadline": DEADLINE})
        return self

    def stab(self, killer: str, target: str) -> None:
        self.add(ev.SUBMIT, killer, {"actions": [{"skill": "刺殺", "targets": [target]}]})

    def resolve(self) -> dict[str, Any]:
        self.add(ev.RESOLVE, ev.JUDGE, {"phase": len(self.game.phases) - 1, "why": "judge"})
        return self.draft

    @property
    def draft(self) -> dict[str, Any]:
        phase = self.game.current
        assert phase is not None and phase.draft is not None
        return phase.draft


def snapshot(game: HostedGame) -> str:
    """Everything anyone can read of the game, as one string."""
    return json.dumps({
        "seq": game.seq, "stage": game.stage, "judge": judge_view(game), "public": public_view(game),
        "script": game.script() if game.started else None,
        "players": {pid: game.player_view(pid) for pid in game.ids},
    }, ensure_ascii=False, sort_keys=True, default=str)


def refused(table: Table, kind: str, actor: str, payload: dict[str, Any] | None = None,
            at: str = T0) -> Refused:
    """Apply an event that must be refused; check that it changed nothing."""
    before = snapshot(table.game)
    events_before = list(table.game.events)
    with pytest.raises(Refused) as info:
        table.add(kind, actor, payload, at)
    assert snapshot(table.game) == before
    assert table.game.events == events_before
    assert info.value.message and any("\u4e00" <= c <= "\u9fff" for c in info.value.message)
    return info.value


# ---- a scenario: night 1 with three stabs and a 明察 -----------------------------------------
class Night1:
    """Seed 1. 魏殺手 stabs 蜀君主 (→ 轉生), 蜀殺手 stabs 魏正軍師, 吳殺手 stabs 蜀女眷,
    蜀正軍師 uses 明察 on the 魏 killer."""

    def __init__(self) -> None:
        t = self.t = Table(1).start()
        self.wei_killer = t.who("魏", "殺手")[0]
        self.shu_killer = t.who("蜀", "殺手")[0]
        self.wu_killer = t.who("吳", "殺手")[0]
        [self.shu_lord] = t.who("蜀", "君主")
        [self.wei_strategist] = t.who("魏", "正軍師")
        [self.shu_lady] = t.who("蜀", "女眷")
        [self.shu_strategist] = t.who("蜀", "正軍師")
        t.stab(self.wei_killer, self.shu_lord)
        t.stab(self.shu_killer, self.wei_strategist)
        t.stab(self.wu_killer, self.shu_lady)
        t.add(ev.SUBMIT, self.shu_strategist, {"actions": [{"skill": "明察", "targets": [self.wei_killer]}]})

    def resolved(self) -> Night1:
        self.t.resolve()
        return self


def test_a_night_draft_follows_the_rules():
    n = Night1().resolved()
    t, draft = n.t, n.t.draft
    # 死亡：角色死亡時公布ID但不公布其角色。 Both stabbed non-lords leave the game.
    assert sorted(draft["announcement"]["exited"]) == sorted([n.wei_strategist, n.shu_lady])
    assert t.game.characters[n.wei_strategist] not in draft["announcement"]["text"]
    # 轉生：當你死亡時，選擇一個轉生角色繼續進行遊戲。 The lord does not leave; a choice arises.
    assert n.shu_lord not in draft["announcement"]["exited"]
    [choice] = draft["decisions"]
    assert (choice["actor"], choice["skill"], choice["defaulted"]) == (n.shu_lord, "轉生", True)
    # the default is drawn with the game's generator, among 劉備's 轉生 forms (『劉備-劉封/劉禪』)
    [draw] = draft["draws"]
    assert draw["options"] == ["劉封", "劉禪"] and draw["outcome"] == choice["answer"]
    # 明察：指定一個除你以外的ID，獲悉其是否為殺手。
    [seen] = draft["feedback"][n.shu_strategist]
    assert (seen["skill"], seen["target"], seen["data"]) == ("明察", n.wei_killer, {"is_killer": True})
    assert draft["truth"]["players"][n.wei_strategist]["status"] == "out"
    assert draft["trace"]


def test_the_judge_answers_the_lords_reincarnation():
    n = Night1().resolved()
    t = n.t
    t.add(ev.DECIDE, ev.JUDGE, {"actor": n.shu_lord, "skill": "轉生", "answer": "劉禪"})
    [choice] = t.draft["decisions"]
    assert (choice["answer"], choice["defaulted"]) == ("劉禪", False)
    assert t.draft["draws"] == []
    assert t.draft["feedback"][n.shu_lord][0]["data"] == {"character": "劉禪"}
    assert t.draft["truth"]["players"][n.shu_lord] == {"status": "alive", "character": "劉禪",
                                                        "country": "蜀", "identity": "君主"}
    # an answer that is not one of the forms is refused and changes nothing
    error = refused(t, ev.DECIDE, ev.JUDGE, {"actor": n.shu_lord, "skill": "轉生", "answer": "曹丕"})
    assert error.status == 422 and "曹丕" in error.message


def test_the_lord_chooses_his_own_reincarnation_once_the_judge_asks():
    """轉生 is the lord's own choice: the judge asks him, he answers from the forms the rules allow,
    nobody else may answer for him, and the draft is resolved again with his answer."""
    n = Night1().resolved()
    t = n.t
    # before the judge asks, the lord's page says nothing of it and he may not answer
    assert "decisions" not in t.game.player_view(n.shu_lord)
    refused(t, ev.DECIDE, n.shu_lord, {"skill": "轉生", "answer": "劉禪"})
    t.add(ev.ASK_DECISION, ev.JUDGE, {"actor": n.shu_lord, "skill": "轉生"})
    [asked] = t.game.player_view(n.shu_lord)["decisions"]
    assert {k: asked[k] for k in ("skill", "options", "answer")} == {"skill": "轉生", "options": ["劉封", "劉禪"],
                                                                     "answer": None}
    # 轉生's choice with its context and every option's skill texts (it showed bare names)
    assert asked["context"] == "你於第1夜死亡，須作出【轉生】的選擇"
    assert asked["rule"] == "當你死亡時，選擇一個轉生角色繼續進行遊戲。"
    assert [(o["option"], [sk["name"] for sk in o["skills"]]) for o in asked["help"]] == [
        ("劉封", ["不出", "陷嗣"]), ("劉禪", ["放權", "樂不思蜀"])]
    assert asked["help"][1]["skills"][0]["text"].startswith("指定一個除你以外的ID，次日他的投票視為三票")
    assert "decisions" not in t.game.player_view(n.shu_strategist)  # nobody else sees it
    refused(t, ev.DECIDE, n.shu_strategist, {"skill": "轉生", "answer": "劉封"})
    assert refused(t, ev.DECIDE, n.shu_lord, {"skill": "轉生", "answer": "曹丕"}).status == 422
    t.add(ev.DECIDE, n.shu_lord, {"skill": "轉生", "answer": "劉禪"})
    [choice] = t.draft["decisions"]
    assert (choice["actor"], choice["answer"], choice["defaulted"]) == (n.shu_lord, "劉禪", False)
    assert t.draft["truth"]["players"][n.shu_lord]["character"] == "劉禪"
    assert t.game.player_view(n.shu_lord)["decisions"][0]["answer"] == "劉禪"


def test_a_refused_decision_leaves_the_judges_edits_current():
    """Pins a bug: a refused answer used to redraft, which marked every edit non-current."""
    n = Night1().resolved()
    t = n.t
    t.add(ev.EDIT, ev.JUDGE, {"target": "announcement", "text": "昨夜風雨交加。"})
    refused(t, ev.DECIDE, ev.JUDGE, {"actor": n.shu_lord, "skill": "轉生", "answer": "不存在的角色"})
    assert t.game.announcement_text(0) == "昨夜風雨交加。"
    assert t.game.current.edits[-1]["current"] is True


def test_last_words_of_the_nights_dead_are_published_when_approved():
    """遺言：在夜晚死亡出局的人可以留下遺言。遺言內容將由法官在該夜公告中發布。"""
    n = Night1().resolved()
    t = n.t
    alive = n.shu_strategist
    # nobody may leave words before the judge asks for them
    assert refused(t, ev.LAST_WORDS, n.wei_strategist, {"text": "太早"}).status == 409
    t.add(ev.ASK_LAST_WORDS, ev.JUDGE)
    # a living player cannot leave last words; the lord whose character died (轉生) can: 角色死亡時公布ID,
    # and his death is announced with its last words (R11, issue 10 fix 3)
    assert refused(t, ev.LAST_WORDS, alive, {"text": "我還活著"}).status == 409
    assert n.shu_lord in t.draft["announcement"]["died"] and n.shu_lord not in t.draft["announcement"]["exited"]
    t.add(ev.LAST_WORDS, n.shu_lord, {"text": "漢室未亡"})
    t.add(ev.RULE_LAST_WORDS, ev.JUDGE, {"player": n.shu_lord, "approved": True})
    assert refused(t, ev.LAST_WORDS, n.wei_strategist, {"text": "x" * (MAX_TEXT + 1)}).status == 413
    assert refused(t, ev.LAST_WORDS, n.wei_strategist, {"text": "   "}).status == 422
    t.add(ev.LAST_WORDS, n.wei_strategist, {"text": "殺我者蜀人也"})
    t.add(ev.LAST_WORDS, n.shu_lady, {"text": "【違規內容】"})
    # pending words are not in the draft (the lord's approved ones are)
    assert t.draft["announcement"]["last_words"] == {n.shu_lord: "漢室未亡"}
    t.add(ev.RULE_LAST_WORDS, ev.JUDGE, {"player": n.wei_strategist, "approved": True})
    t.add(ev.RULE_LAST_WORDS, ev.JUDGE, {"player": n.shu_lady, "approved": False, "reason": "洩露身份"})
    announcement = t.draft["announcement"]
    assert announcement["last_words"] == {n.shu_lord: "漢室未亡", n.wei_strategist: "殺我者蜀人也"}
    assert "殺我者蜀人也" in announcement["text"] and "違規內容" not in announcement["text"]
    # the dead player sees the ruling on their own words, and only their own
    words = t.game.player_view(n.shu_lady)["last_words"]
    assert {k: v for k, v in words.items() if k != "feedback"} == {"asked": True, "text": "【違規內容】",
                                                                   "status": "refused", "reason": "洩露身份"}
    assert "last_words" not in t.game.player_view(alive)
    t.add(ev.PUBLISH, ev.JUDGE, {"deadline": None})
    [published] = public_view(t.game)["announcements"]
    assert "殺我者蜀人也" in published["text"] and "違規內容" not in published["text"]


def test_new_words_after_approval_are_not_published_until_approved_again():
    """Pins a bug: replacing approved words left the old ones in the draft, so the published
    announcement disagreed with the game script (and with every later replay)."""
    n = Night1().resolved()
    t = n.t
    t.add(ev.ASK_LAST_WORDS, ev.JUDGE)
    t.add(ev.LAST_WORDS, n.wei_strategist, {"text": "第一版"})
    t.add(ev.RULE_LAST_WORDS, ev.JUDGE, {"player": n.wei_strategist, "approved": True})
    assert t.draft["announcement"]["last_words"] == {n.wei_strategist: "第一版"}
    t.add(ev.LAST_WORDS, n.wei_strategist, {"text": "第二版"})
    assert t.draft["announcement"]["last_words"] == {}
    t.add(ev.PUBLISH, ev.JUDGE, {"deadline": None})
    replay = run_script(t.game.script())
    assert replay["phases"][0] == t.game.phases[0].draft
    assert "第一版" not in t.game.announcement_text(0)


def test_edits_are_audited_and_survive_a_redraft_while_their_text_stands():
    n = Night1().resolved()
    t = n.t
    original = t.draft["announcement"]["text"]
    t.add(ev.EDIT, ev.JUDGE, {"target": "announcement", "text": "昨夜風雨交加。"})
    feedback_before = t.draft["feedback"][n.shu_strategist][0]["text"]
    t.add(ev.EDIT, ev.JUDGE, {"target": "feedback", "player": n.shu_strategist, "index": 0,
                              "text": "你查驗之人是殺手。"})
    edits = t.game.current.edits
    assert [(e["target"], e["before"], e["text"], e["current"]) for e in edits] == [
        ("announcement", original, "昨夜風雨交加。", True),
        ("feedback", feedback_before, "你查驗之人是殺手。", True),
    ]
    assert judge_view(t.game)["current"]["draft"]["original_announcement"] == original
    # the judge's answer re-drafts; neither text it replaced changed, so both edits stand
    t.add(ev.DECIDE, ev.JUDGE, {"actor": n.shu_lord, "skill": "轉生", "answer": "劉禪"})
    assert [e["current"] for e in t.game.current.edits] == [True, True]
    assert t.game.current.lost_edits == []
    assert t.game.announcement_text(0) == "昨夜風雨交加。"
    # approved last words only add lines after the text the edit replaced: the edit stands, the words follow it
    t.add(ev.ASK_LAST_WORDS, ev.JUDGE)
    dead = t.draft["announcement"]["exited"][0]
    t.add(ev.LAST_WORDS, dead, {"text": "後會有期"})
    t.add(ev.RULE_LAST_WORDS, ev.JUDGE, {"player": dead, "approved": True})
    assert [e["current"] for e in t.game.current.edits] == [True, True]
    assert judge_view(t.game)["current"]["lost_edits"] == []
    assert t.game.announcement_text(0) == f"昨夜風雨交加。\n遺言：\n{dead}：「後會有期」"
    # a ruling that changes the very lines the edit replaced: that edit cannot stand, and the judge is told
    t.add(ev.RULE, ev.JUDGE, {"ruling": {"effect": "spare", "target": n.shu_lady, "why": "誤殺"}})
    assert [e["current"] for e in t.game.current.edits] == [False, True]
    assert [e["text"] for e in judge_view(t.game)["current"]["lost_edits"]] == ["昨夜風雨交加。"]
    assert "後會有期" in t.game.announcement_text(0)
    t.add(ev.EDIT, ev.JUDGE, {"target": "announcement", "text": "最終版公告"})
    t.add(ev.PUBLISH, ev.JUDGE, {"deadline": None})
    assert public_view(t.game)["announcements"][0]["text"] == "最終版公告"
    assert t.game.player_view(n.shu_strategist)["feedback"][0]["text"] == "你查驗之人是殺手。"
    audit = t.game.export()["edits"]
    assert [(e["text"], e["current"]) for e in audit] == [("昨夜風雨交加。", False), ("你查驗之人是殺手。", True),
                                                          ("最終版公告", True)]


def test_an_edit_of_one_line_survives_last_words_and_a_ruling_that_change_other_lines():
    """Issue 29, the natural path: edit a line of the announcement, ask for last words, approve them, publish.
    The edit is anchored to the line it replaced (docs/rulings/edits.md): the added 遺言 lines and a ruling that
    changes the death lines leave it standing; only a change of that line itself would drop it."""
    n = Night1().resolved()
    t = n.t
    t.add(ev.DECIDE, ev.JUDGE, {"actor": n.shu_lord, "skill": "轉生", "answer": "劉禪"})
    lines = t.draft["announcement"]["text"].split("\n")
    assert lines[-1] == "聯盟：無"
    t.add(ev.EDIT, ev.JUDGE, {"target": "announcement", "text": "\n".join([*lines[:-1], "聯盟：無（天庭按：今夜無人結盟）"])})
    t.add(ev.ASK_LAST_WORDS, ev.JUDGE)
    dead = t.draft["announcement"]["exited"][0]
    t.add(ev.LAST_WORDS, dead, {"text": "後會有期"})
    t.add(ev.RULE_LAST_WORDS, ev.JUDGE, {"player": dead, "approved": True})
    t.add(ev.RULE, ev.JUDGE, {"ruling": {"effect": "spare", "target": n.shu_lady, "why": "誤殺"}})
    text = t.game.announcement_text(0)
    assert "聯盟：無（天庭按：今夜無人結盟）" in text.split("\n")
    assert text.endswith(f"遺言：\n{dead}：「後會有期」") and text != "\n".join(lines)
    assert judge_view(t.game)["current"]["lost_edits"] == [] and t.game.current.edits[0]["current"]
    t.add(ev.PUBLISH, ev.JUDGE, {"deadline": None})
    assert public_view(t.game)["announcements"][0]["text"] == text


def test_a_feedback_edit_follows_its_entry_when_an_entry_is_added_before_it():
    """A feedback edit is anchored to the entry it reworded, not to its place: a ruling that tells the player
    something first (``tell`` adds an entry) leaves the edit on the 明察 entry it was made on."""
    n = Night1().resolved()
    t = n.t
    [seen] = t.draft["feedback"][n.shu_strategist]
    t.add(ev.EDIT, ev.JUDGE, {"target": "feedback", "player": n.shu_strategist, "index": 0, "text": "你查驗之人是殺手。"})
    t.add(ev.RULE, ev.JUDGE, {"ruling": {"effect": "tell", "target": n.shu_strategist, "text": "天庭告知一事"}})
    items = t.game.feedback_items(0, n.shu_strategist)
    assert [i["text"] for i in items if i["skill"] == "明察"] == ["你查驗之人是殺手。"]
    assert any(i["text"] == "天庭告知一事" for i in items)
    assert judge_view(t.game)["current"]["lost_edits"] == []


def published_night(n: Night1) -> Table:
    t = n.t
    t.add(ev.DECIDE, ev.JUDGE, {"actor": n.shu_lord, "skill": "轉生", "answer": "劉禪"})
    t.add(ev.PUBLISH, ev.JUDGE, {"deadline": DAY_DEADLINE})
    return t


def test_publish_opens_the_day_with_its_deadline():
    t = published_night(Night1().resolved())
    phase = t.game.current
    assert (phase.kind, phase.number, phase.deadline) == ("day", 2, DAY_DEADLINE)
    assert t.game.stage == "open"
    # the dead do not vote: 角色死亡後出局，不能再進行任何行動。
    assert len(t.game.expected()) == 20


def test_an_abstention_counts_as_a_vote_for_oneself():
    """投票：每人可投一票…若最高票不為平票且不為0則其死亡…投票不能棄權，棄權或超時視為自投。"""
    n = Night1().resolved()
    t = published_night(n)
    target, voters = n.wu_killer, [n.wei_killer, n.shu_killer]
    for voter in voters:
        t.add(ev.VOTE, voter, {"target": target})
    draft = t.resolve()
    votes, tally = draft["announcement"]["votes"], draft["announcement"]["tally"]
    living = [pid for pid in IDS if pid not in (n.wei_strategist, n.shu_lady)]
    assert sorted(votes) == sorted(living)
    for pid in living:
        if pid not in voters:
            assert votes[pid] == pid  # 棄權視為自投
    # target: its own (abstained) vote and two more; nobody else reaches three
    assert tally[target] == 3 and all(n_votes < 3 for pid, n_votes in tally.items() if pid != target)
    assert draft["announcement"]["exited"] == [target]
    # 因投票而死亡出局的ID（不能留下遺言）
    assert refused(t, ev.ASK_LAST_WORDS, ev.JUDGE).message == "因投票而死亡出局的ID不能留下遺言"
    assert refused(t, ev.LAST_WORDS, target, {"text": "冤枉"}).status == 409


def test_peace_by_the_judges_ruling_ends_the_game():
    """議和：2、經法官判定剩餘的國家均無法令其餘國家滅國。"""
    t = published_night(Night1().resolved())
    refused(t, ev.PEACE, ev.JUDGE, {})
    t.add(ev.PEACE, ev.JUDGE, {"judge": True})
    assert t.game.over and t.game.stage == "over"
    assert judge_view(t.game)["result"] == {"winners": [], "peace": True}
    assert [p.kind for p in t.game.phases] == ["night"]  # the open day was never played
    exported = t.game.export()
    assert exported["over"] and exported["result"]["peace"] is True
    assert exported["seed"] == 1 and commitment(exported["seed"], exported["salt"]) == exported["commitment"]
    # 遊戲已經結束: nothing more may happen, but the judge may still note things
    for kind, actor, payload in [(ev.VOTE, IDS[0], {"target": IDS[1]}), (ev.RESOLVE, ev.JUDGE, {}),
                                 (ev.PUBLISH, ev.JUDGE, {}), (ev.PEACE, ev.JUDGE, {"judge": True})]:
        assert refused(t, kind, actor, payload).message == "遊戲已經結束"
    t.add(ev.NOTE, ev.JUDGE, {"text": "感謝各位參與"})


def test_peace_by_the_lords_needs_everyone():
    """議和：1、君主於除反饋階段外的任意階段向剩餘所有國家發起議和，且所有國家的全體成員均同意。"""
    n = Night1().resolved()
    t = published_night(n)
    living = [pid for pid in IDS if pid not in (n.wei_strategist, n.shu_lady)]
    assert refused(t, ev.PEACE, ev.JUDGE, {"proposer": n.shu_lord, "agreed": living[:5]}).status == 422
    assert refused(t, ev.PEACE, ev.JUDGE, {"proposer": n.wei_killer, "agreed": living}).status == 422
    # pins a crash (TypeError: unhashable) on ids that are not strings
    assert refused(t, ev.PEACE, ev.JUDGE, {"proposer": n.shu_lord, "agreed": [{}]}).status == 422
    assert refused(t, ev.PEACE, ev.JUDGE, {"proposer": [n.shu_lord], "agreed": living}).status == 422
    t.add(ev.PEACE, ev.JUDGE, {"proposer": n.shu_lord, "agreed": living})
    assert t.game.over and t.game.base.state.peace


def test_the_system_resolves_when_all_are_in_or_at_the_deadline():
    t = Table(1).start()
    assert t.game.follow_ups("2026-03-01T12:59:59+00:00") == []
    assert t.game.follow_ups(DEADLINE) == [(ev.RESOLVE, ev.SYSTEM, {"phase": 0, "why": "deadline"})]
    for pid in IDS[:-1]:
        t.add(ev.SUBMIT, pid, {"actions": []})
    assert t.game.expected() == [IDS[-1]]
    assert t.game.follow_ups(T0) == []
    t.add(ev.SUBMIT, IDS[-1], {"actions": []})
    assert t.game.follow_ups(T0) == [(ev.RESOLVE, ev.SYSTEM, {"phase": 0, "why": "all-in"})]
    t.add(ev.RESOLVE, ev.SYSTEM, {"phase": 0, "why": "all-in"})
    assert t.game.current.resolved_by == ev.SYSTEM and t.game.follow_ups(LATE) == []
    assert refused(t, ev.RESOLVE, ev.JUDGE, {"phase": 0}).status == 409


def test_nothing_a_player_sends_after_the_deadline_counts():
    """棄權或超時視為自投: pins a bug, a submission that arrived after the deadline but before
    the scheduler's tick was accepted."""
    t = Table(1).start()
    [killer, *_] = t.who("魏", "殺手")
    error = refused(t, ev.SUBMIT, killer, {"actions": []}, at=LATE)
    assert error.status == 409 and "時限" in error.message
    # the deadline as people read it, its zone named (issue 29: never a bare ISO string): 13:00 UTC is 21:00 UTC+8
    assert "2026-03-01 21:00（UTC+8）" in error.message and "T13:00" not in error.message
    # the judge may extend the deadline; then it counts again
    t.add(ev.DEADLINE, ev.JUDGE, {"deadline": "2026-03-01T18:00:00+00:00"}, at=LATE)
    t.add(ev.SUBMIT, killer, {"actions": []}, at=LATE)


def test_a_player_sees_only_their_own_choices_taken():
    """Pins a leak: while choosing, a player was shown every character any other player had
    chosen (of every country), not only the ones they could no longer take themselves."""
    t = Table(1)
    killers = t.who("吳", "殺手")
    [wei_lord] = t.who("魏", "君主")
    [wu_lord] = t.who("吳", "君主")
    t.add(ev.CHOOSE, killers[0], {"character": "甘寧"})
    t.add(ev.CHOOSE, wei_lord, {"character": "曹操"})
    assert t.game.player_view(killers[1])["taken"] == ["甘寧"]  # the other 吳 killer's choice blocks them
    assert t.game.player_view(wu_lord)["taken"] == []
    error = refused(t, ev.CHOOSE, killers[1], {"character": "甘寧"})
    assert (error.status, error.message) == (409, "角色「甘寧」已被其他玩家選擇")
    # choosing again (before the start) replaces one's own choice and frees the old one
    t.add(ev.CHOOSE, killers[0], {"character": "凌統"})
    assert t.game.player_view(killers[1])["taken"] == ["凌統"]


def test_the_judge_assigns_and_start_waits_for_everyone():
    """遊戲開始前隨機分配給每個玩家一個國籍&身份，然後玩家可以在…若干角色中選擇一個"""
    t = Table(1)
    seats = t.game.setup["players"]
    assert [s["id"] for s in seats] == IDS
    error = refused(t, ev.START, ev.JUDGE)
    assert error.status == 409 and all(pid in error.message for pid in IDS)
    first = seats[0]
    t.add(ev.CHOOSE, ev.JUDGE, {"player": first["id"], "character": first["choices"][-1]})
    assert t.game.characters[first["id"]] == first["choices"][-1]
    t.choose_all()
    t.add(ev.START, ev.JUDGE, {"deadline": DEADLINE})
    assert t.game.stage == "open" and t.game.current.deadline == DEADLINE


# ---- refusals change nothing ----------------------------------------------------------------
def _choosing() -> Table:
    t = Table(1)
    t.add(ev.CHOOSE, t.who("吳", "殺手")[0], {"character": "甘寧"})
    return t


def _night_open() -> Table:
    return Table(1).start()


def _draft() -> Table:
    n = Night1().resolved()
    n.t.add(ev.EDIT, ev.JUDGE, {"target": "announcement", "text": "改過的公告"})
    n.t.add(ev.ASK_LAST_WORDS, ev.JUDGE)
    return n.t


def _day_open() -> Table:
    return published_night(Night1().resolved())


def _day_draft() -> Table:
    t = _day_open()
    t.resolve()
    return t


def _over() -> Table:
    t = _day_open()
    t.add(ev.PEACE, ev.JUDGE, {"judge": True})
    return t


def _t(t: Table, country: str, identity: str, i: int = 0) -> str:
    return t.who(country, identity)[i]


REFUSALS: list[tuple[str, Any, int]] = [
    # (stage, lambda table -> (kind, actor, payload), status)
    ("choosing", lambda t: (ev.CHOOSE, _t(t, "吳", "殺手", 1), {"character": "甘寧"}), 409),
    ("choosing", lambda t: (ev.CHOOSE, _t(t, "吳", "殺手", 1), {"character": "曹操"}), 422),
    ("choosing", lambda t: (ev.CHOOSE, _t(t, "吳", "殺手", 1), {"character": "孫悟空"}), 422),
    ("choosing", lambda t: (ev.CHOOSE, _t(t, "吳", "殺手", 1), {"character": ["甘寧"]}), 422),
    ("choosing", lambda t: (ev.CHOOSE, ev.JUDGE, {"character": "甘寧"}), 422),
    ("choosing", lambda t: (ev.CHOOSE, ev.JUDGE, {"player": "路人", "character": "甘寧"}), 404),
    ("choosing", lambda t: (ev.START, ev.JUDGE, {}), 409),
    ("choosing", lambda t: (ev.START, IDS[0], {}), 403),
    ("choosing", lambda t: (ev.SUBMIT, IDS[0], {"actions": []}), 409),
    ("choosing", lambda t: (ev.RESOLVE, ev.JUDGE, {}), 409),
    ("choosing", lambda t: (ev.CREATED, ev.JUDGE, created_payload()), 409),
    ("choosing", lambda t: ("explode", ev.JUDGE, {}), 422),
    ("night", lambda t: (ev.CHOOSE, IDS[0], {"character": "甘寧"}), 409),
    ("night", lambda t: (ev.START, ev.JUDGE, {}), 409),
    ("night", lambda t: (ev.VOTE, IDS[0], {"target": IDS[1]}), 409),
    ("night", lambda t: (ev.RESOLVE, IDS[0], {}), 403),
    ("night", lambda t: (ev.SUBMIT, ev.SYSTEM, {"actions": []}), 403),
    ("night", lambda t: (ev.SUBMIT, ev.JUDGE, {"actions": []}), 422),  # for whom?
    ("night", lambda t: (ev.SUBMIT, "路人", {"actions": []}), 404),
    ("night", lambda t: (ev.SUBMIT, IDS[0], {"actions": "刺殺"}), 422),
    ("night", lambda t: (ev.SUBMIT, IDS[0], {"actions": ["刺殺"]}), 422),
    ("night", lambda t: (ev.SUBMIT, IDS[0], {"actions": [{"skill": "乾坤大挪移", "targets": [IDS[1]]}]}), 422),
    ("night", lambda t: (ev.SUBMIT, _t(t, "魏", "殺手"),
                         {"actions": [{"skill": "明察", "targets": [IDS[1]]}]}), 422),
    ("night", lambda t: (ev.SUBMIT, _t(t, "魏", "殺手"),
                         {"actions": [{"skill": "刺殺", "targets": ["路人"]}]}), 422),
    ("night", lambda t: (ev.SUBMIT, _t(t, "魏", "殺手"),
                         {"actions": [{"skill": "刺殺", "targets": [IDS[1]], "args": ["x"]}]}), 422),
    ("night", lambda t: (ev.SUBMIT, IDS[0], {"actions": [{}] * (MAX_ACTIONS + 1)}), 413),
    ("night", lambda t: (ev.DECIDE, ev.JUDGE, {"actor": IDS[0], "skill": "轉生", "answer": "劉禪"}), 409),
    ("night", lambda t: (ev.PUBLISH, ev.JUDGE, {}), 409),
    ("night", lambda t: (ev.ASK_LAST_WORDS, ev.JUDGE, {}), 409),
    ("night", lambda t: (ev.LAST_WORDS, IDS[0], {"text": "x"}), 409),
    ("night", lambda t: (ev.EDIT, ev.JUDGE, {"target": "announcement", "text": "x"}), 409),
    ("night", lambda t: (ev.PEACE, ev.JUDGE, {"judge": True}), 409),
    ("night", lambda t: (ev.NOTE, ev.JUDGE, {"text": "  "}), 422),
    ("night", lambda t: (ev.NOTE, IDS[0], {"text": "我是法官"}), 403),
    ("night", lambda t: (ev.DEADLINE, ev.JUDGE, {"deadline": 5}), 422),
    ("draft", lambda t: (ev.RESOLVE, ev.JUDGE, {"phase": 0}), 409),
    ("draft", lambda t: (ev.SUBMIT, IDS[0], {"actions": []}), 409),
    ("draft", lambda t: (ev.DECIDE, ev.JUDGE, {"actor": IDS[0], "skill": "轉生", "answer": "劉禪"}), 422),
    ("draft", lambda t: (ev.DECIDE, ev.JUDGE, {"actor": _t(t, "蜀", "君主"), "skill": "轉生"}), 422),
    ("draft", lambda t: (ev.DECIDE, ev.JUDGE, {"actor": _t(t, "蜀", "君主"), "skill": "轉生",
                                               "answer": "孫權"}), 422),
    ("draft", lambda t: (ev.LAST_WORDS, _t(t, "蜀", "正軍師"), {"text": "我還活著"}), 409),
    ("draft", lambda t: (ev.LAST_WORDS, _t(t, "魏", "正軍師"), {"text": 42}), 422),
    ("draft", lambda t: (ev.RULE_LAST_WORDS, ev.JUDGE, {"player": _t(t, "魏", "正軍師"), "approved": True}), 409),
    ("draft", lambda t: (ev.RULE_LAST_WORDS, ev.JUDGE, {"player": ["x"], "approved": True}), 409),
    ("draft", lambda t: (ev.EDIT, ev.JUDGE, {"target": "feedback", "player": _t(t, "蜀", "正軍師"),
                                             "index": 5, "text": "x"}), 422),
    ("draft", lambda t: (ev.EDIT, ev.JUDGE, {"target": "feedback", "player": _t(t, "蜀", "正軍師"),
                                             "index": True, "text": "x"}), 422),
    ("draft", lambda t: (ev.EDIT, ev.JUDGE, {"target": "truth", "text": "x"}), 422),
    ("draft", lambda t: (ev.EDIT, ev.JUDGE, {"target": "announcement", "text": ""}), 422),
    ("draft", lambda t: (ev.EDIT, ev.JUDGE, {"target": "announcement", "text": "x" * (MAX_TEXT + 1)}), 413),
    ("draft", lambda t: (ev.PUBLISH, IDS[0], {}), 403),
    ("day", lambda t: (ev.SUBMIT, IDS[0], {"actions": []}), 409),
    ("day", lambda t: (ev.VOTE, _t(t, "魏", "正軍師"), {"target": IDS[0]}), 422),
    ("day", lambda t: (ev.VOTE, IDS[0], {"target": "路人"}), 422),
    ("day", lambda t: (ev.VOTE, IDS[0], {"target": None}), 422),
    ("day", lambda t: (ev.VOTE, IDS[0], {"target": IDS[1]}, DAY_DEADLINE), 409),
    ("day", lambda t: (ev.PEACE, ev.JUDGE, {"judge": False}), 422),
    ("day draft", lambda t: (ev.ASK_LAST_WORDS, ev.JUDGE, {}), 409),
    ("day draft", lambda t: (ev.VOTE, IDS[0], {"target": IDS[1]}), 409),
    ("over", lambda t: (ev.NOTE, ev.JUDGE, {"text": ""}), 422),
    ("over", lambda t: (ev.SUBMIT, IDS[0], {"actions": []}), 409),
    ("over", lambda t: (ev.DEADLINE, ev.JUDGE, {"deadline": None}), 409),
]
STAGES = {"choosing": _choosing, "night": _night_open, "draft": _draft, "day": _day_open,
          "day draft": _day_draft, "over": _over}


@pytest.fixture(scope="module")
def stage_tables() -> dict[str, Table]:
    return {name: make() for name, make in STAGES.items()}


@pytest.mark.parametrize(("stage", "make", "status"), REFUSALS,
                         ids=[f"{i:02d}-{s}" for i, (s, _, _) in enumerate(REFUSALS)])
def test_a_refused_event_changes_nothing(stage_tables, stage, make, status):
    t = stage_tables[stage]
    kind, actor, payload, *at = make(t)
    error = refused(t, kind, actor, payload, *at)
    assert error.status == status, error.message


def test_apply_refuses_a_wrong_sequence_number():
    t = _night_open()
    for seq in (t.game.seq + 2, t.game.seq, 0, -1):
        before = snapshot(t.game)
        with pytest.raises(Refused) as info:
            t.game.apply(Event(seq, ev.NOTE, ev.JUDGE, {"text": "x"}, T0))
        assert info.value.status == 409 and f"{t.game.seq + 1}" in info.value.message
        assert snapshot(t.game) == before
    with pytest.raises(Refused):
        HostedGame().apply(Event(1, ev.NOTE, ev.JUDGE, {"text": "x"}, T0))


@pytest.mark.parametrize(("change", "status"), [
    ({"rules": ["kk33"]}, 422),  # pins a crash (unhashable rule set name)
    ({"rules": "kk99"}, 422),
    ({"ids": IDS[:21]}, 422),
    ({"ids": IDS[:21] + [IDS[0]]}, 422),
    ({"ids": IDS[:21] + ["a\x00b"]}, 422),  # pins a crash on PostgreSQL (NUL in a column)
    ({"ids": IDS[:21] + ["judge"]}, 422),
    ({"title": "a\nb"}, 422),
    ({"title": "   "}, 422),
    ({"commitment": "0" * 64}, 422),
    ({"night_minutes": 0}, 422),
    ({"day_minutes": True}, 422),
])
def test_a_bad_game_is_not_created(change, status):
    with pytest.raises(Refused) as info:
        HostedGame.fold([Event(1, ev.CREATED, ev.JUDGE, {**created_payload(), **change}, T0)])
    assert info.value.status == status


# ---- folding and the game script ----------------------------------------------------------------
def long_game() -> Table:
    """Night 1 (decided, words approved and refused, edited), day 2 (a vote kills), night 2 drafted."""
    n = Night1().resolved()
    t = n.t
    t.add(ev.ASK_LAST_WORDS, ev.JUDGE)
    t.add(ev.LAST_WORDS, n.wei_strategist, {"text": "殺我者蜀人也"})
    t.add(ev.LAST_WORDS, n.shu_lady, {"text": "不予公布"})
    t.add(ev.RULE_LAST_WORDS, ev.JUDGE, {"player": n.wei_strategist, "approved": True})
    t.add(ev.RULE_LAST_WORDS, ev.JUDGE, {"player": n.shu_lady, "approved": False})
    t.add(ev.EDIT, ev.JUDGE, {"target": "announcement", "text": "第一夜公告（修訂）"})
    published_night(n)
    t.add(ev.NOTE, ev.JUDGE, {"text": "第二天開始"})
    for voter in (n.wei_killer, n.shu_killer):
        t.add(ev.VOTE, voter, {"target": n.wu_killer})
    t.resolve()
    t.add(ev.PUBLISH, ev.JUDGE, {"deadline": None})
    # 蜀女眷 (糜夫人) died on night 1: 深明大義 gives each 刺殺 on 蜀 tonight a half chance to be void;
    # with this seed the 魏 killer's is void, and the 蜀 killer's stands (both draws go its way).
    t.stab(n.wei_killer, n.shu_lord)
    t.stab(n.shu_killer, n.shu_lord)
    t.resolve()
    return t


def test_folding_the_same_events_gives_the_same_game():
    t = long_game()
    again = HostedGame.fold([copy.deepcopy(e) for e in t.events])
    assert judge_view(again) == judge_view(t.game)
    assert again.script() == t.game.script()
    assert again.export() == t.game.export()
    assert all(again.player_view(pid) == t.game.player_view(pid) for pid in IDS)


def test_the_script_replays_to_the_drafts():
    t = long_game()
    script = t.game.script()
    transcript = run_script(copy.deepcopy(script))  # strict: the script is valid as it stands
    assert len(transcript["phases"]) == len(t.game.phases) == 3
    for phase, played in zip(t.game.phases, transcript["phases"], strict=True):
        assert played == phase.draft
    assert script["phases"][0]["last_words"] == {t.who("魏", "正軍師")[0]: "殺我者蜀人也"}
    assert script["phases"][0]["decisions"] == [{"actor": t.who("蜀", "君主")[0], "skill": "轉生",
                                                 "answer": "劉禪"}]
    # 轉生 took the judge's answer (劉禪); stabbed again, his 樂不思蜀 prevents the 致命一擊 (no 託孤)
    lord = t.who("蜀", "君主")[0]
    assert transcript["phases"][2]["decisions"] == []
    assert [f["skill"] for f in transcript["phases"][2]["feedback"][lord]] == ["樂不思蜀"]


def test_a_stab_beyond_the_countrys_allowance_is_refused_at_once_without_naming_the_partner():
    """殺手於每夜開始時得知當夜可以發動【刺殺】的次數 (one by default). Both 魏 killers stab: the second
    is told at once that the country's stabs are used up (it was accepted and silently dropped at
    resolution), without learning who holds them (R43); once the first withdraws, the second may stab.
    The end-of-game export still replays (it failed once on a stab left out)."""
    t = Table(1).start()
    first, second = t.who("魏", "殺手")
    [shu_guard], [wu_guard] = t.who("蜀", "護衛"), t.who("吳", "護衛")
    t.stab(first, shu_guard)
    err = refused(t, ev.SUBMIT, second, {"actions": [{"skill": "刺殺", "targets": [wu_guard]}]})
    assert "本國今夜可發動的【刺殺】次數已由本國殺手的其他提交用完" in err.message
    assert first not in err.message and shu_guard not in err.message
    t.add(ev.SUBMIT, first, {"actions": []})  # the first withdraws
    t.stab(second, wu_guard)
    err = refused(t, ev.SUBMIT, first, {"actions": [{"skill": "刺殺", "targets": [shu_guard]}]})
    assert second not in err.message
    draft = t.resolve()
    assert draft["rejected"] == []
    assert draft["announcement"]["exited"] == [wu_guard]
    t.add(ev.PUBLISH, ev.JUDGE, {"deadline": None})
    t.add(ev.PEACE, ev.JUDGE, {"judge": True})
    exported = t.game.export()
    assert exported["transcript"]["phases"][0] == t.game.phases[0].draft
    assert run_script(t.game.script(), lenient=True)["phases"][0] == draft


# ---- actions by day (issue 13) -----------------------------------------------------------------
def test_a_wu_player_submits_a_day_action_and_the_days_result_reflects_it():
    """奇襲：*被*你的【刺殺】的發動時機為白天投票階段。 A hosted 甘寧 is refused his 刺殺 at night, submits it
    by day beside the votes (docs/rulings.md RD1), and the day's draft and published post show its death;
    a player with no skill usable by day is told to vote only."""
    t = Table(1)
    t.choose_all()
    ganning = t.who("吳", "殺手")[0]
    t.add(ev.CHOOSE, ganning, {"character": "甘寧"})
    t.add(ev.START, ev.JUDGE, {"deadline": DEADLINE})
    [wei_guard] = t.who("魏", "護衛")
    error = refused(t, ev.SUBMIT, ganning, {"actions": [{"skill": "刺殺", "targets": [wei_guard]}]})
    assert error.status == 422 and "白天投票階段" in error.message
    t.resolve()
    t.add(ev.PUBLISH, ev.JUDGE, {"deadline": DAY_DEADLINE})
    assert t.game.current.kind == "day"
    view = t.game.player_view(ganning)
    assert view["open"]["by_day"] is True
    assert [r["skill"] for r in view["skills"] if r.get("by_day")] == ["刺殺"]
    [wei_lord] = t.who("魏", "君主")
    assert refused(t, ev.SUBMIT, wei_lord, {"actions": []}).message.startswith("白天只能投票")
    t.add(ev.SUBMIT, ganning, {"actions": [{"skill": "刺殺", "targets": [wei_guard]}]})
    t.add(ev.VOTE, ganning, {"target": wei_lord})
    assert t.game.player_view(ganning)["open"]["actions"] == [
        {"actor": ganning, "skill": "刺殺", "targets": [wei_guard]}]
    draft = t.resolve()
    assert t.game.script()["phases"][1]["actions"] == [{"actor": ganning, "skill": "刺殺", "targets": [wei_guard]}]
    assert draft["announcement"]["exited"] == [wei_guard]
    assert {"id": wei_guard, "character": t.game.characters[wei_guard], "cause": "刺殺"} in draft["truth"]["deaths"]
    t.add(ev.PUBLISH, ev.JUDGE, {"deadline": None})
    posted = public_view(t.game)["announcements"][-1]
    assert wei_guard in posted["text"] and posted["exited"] == [wei_guard]
    assert t.game.base.state.player(wei_guard).status.value == "out"


# ---- the judge submits a player's private message for them ----------------------------------------
def test_the_judge_submits_a_players_actions_for_them_recorded_as_the_judges_act():
    t = Table().start()
    strategist = t.who("魏", "正軍師")[0]
    target = t.who("蜀", "殺手")[0]
    event = t.add(ev.SUBMIT, ev.JUDGE, {"player": strategist, "via": "message",
                                        "actions": [{"skill": "明察", "targets": [target]}]})
    phase = t.game.current
    assert event.actor == ev.JUDGE
    assert phase.submissions[strategist] == [{"actor": strategist, "skill": "明察", "targets": [target]}]
    assert phase.submitted_by == {strategist: ev.JUDGE}
    assert judge_view(t.game)["current"]["submitted_by"] == {strategist: ev.JUDGE}
    assert t.game.player_view(strategist)["open"]["by_judge"] is True
    assert strategist not in t.game.expected()
    # the player's own later submission replaces it and is theirs again
    t.add(ev.SUBMIT, strategist, {"actions": []})
    assert phase.submitted_by == {} and t.game.player_view(strategist)["open"]["by_judge"] is False
    # and the fold of the stored events gives the same game
    again = HostedGame.fold(copy.deepcopy(t.events))
    assert again.current.submissions == phase.submissions


def test_a_submission_for_a_player_is_checked_by_the_engine_like_theirs():
    t = Table().start()
    guard = t.who("魏", "護衛")[0]
    with pytest.raises(Refused) as refused:
        t.add(ev.SUBMIT, ev.JUDGE, {"player": guard, "actions": [{"skill": "明察", "targets": [IDS[0]]}]})
    assert "明察" in refused.value.message
    with pytest.raises(Refused):
        t.add(ev.SUBMIT, ev.JUDGE, {"player": "沒有這人", "actions": []})
    with pytest.raises(Refused):
        t.add(ev.SUBMIT, ev.JUDGE, {"actions": []})
    with pytest.raises(Refused):
        t.add(ev.SUBMIT, ev.JUDGE, {"player": guard, "actions": [], "via": "telepathy"})
    with pytest.raises(Refused):
        t.add(ev.SUBMIT, ev.SYSTEM, {"player": guard, "actions": []})
    assert t.game.current.submissions == {}


def test_the_judge_casts_a_players_day_vote_from_their_message_checked_like_theirs():
    t = Table().start()
    t.resolve()
    t.add(ev.PUBLISH, ev.JUDGE, {"deadline": None})
    voter, target = IDS[2], IDS[5]
    t.add(ev.VOTE, ev.JUDGE, {"player": voter, "target": target, "via": "message"})
    phase = t.game.current
    assert phase.votes[voter] == target and phase.submitted_by == {voter: ev.JUDGE}
    with pytest.raises(Refused):
        t.add(ev.VOTE, ev.JUDGE, {"player": voter, "target": "沒有這人"})
    with pytest.raises(Refused):
        t.add(ev.VOTE, ev.JUDGE, {"target": target})
    assert phase.votes[voter] == target
    t.add(ev.VOTE, voter, {"target": voter})
    assert phase.votes[voter] == voter and phase.submitted_by == {}


def test_a_game_with_submissions_entered_by_the_judge_verifies():
    from tianting.hosting.verify import verify_export

    t = Table().start()
    strategist, target = t.who("魏", "正軍師")[0], t.who("蜀", "殺手")[0]
    t.add(ev.SUBMIT, ev.JUDGE, {"player": strategist, "actions": [{"skill": "明察", "targets": [target]}],
                                "via": "message"})
    t.resolve()
    t.add(ev.PUBLISH, ev.JUDGE, {"deadline": None})
    t.add(ev.VOTE, ev.JUDGE, {"player": IDS[0], "target": IDS[1], "via": "message"})
    t.resolve()
    t.add(ev.PUBLISH, ev.JUDGE, {"deadline": None})
    t.add(ev.PEACE, ev.JUDGE, {"judge": True})
    assert t.game.over
    verdict = verify_export(t.game.export())
    assert verdict.ok, verdict.render()
