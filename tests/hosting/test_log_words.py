"""The event log in plain Chinese sentences (issue 29, 5): every kind of event has its sentence (a new kind
without one fails here), and none reads as data."""

from __future__ import annotations

import re

import pytest

from tianting.hosting import events as ev
from tianting.hosting import log_words
from tianting.hosting.events import Event

SAMPLE: dict[str, object] = {
    "rules": "kk33", "ids": ["子義", "孟起"], "title": "測試局", "seed": 1, "salt": "ab", "commitment": "00",
    "night_minutes": 60, "day_minutes": 60, "chibi": True, "judges": 3, "draw_order": "canonical",
    "player": "子義", "character": "曹操", "deadline": "2026-12-01T13:03:00+00:00",
    "actions": [{"skill": "刺殺", "targets": ["孟起"], "args": {"country": "蜀"}}], "via": "message",
    "target": "feedback", "phase": 0, "why": "deadline", "actor": "子義", "skill": "轉生", "answer": "曹丕",
    "text": "我是好人", "approved": False, "reason": "轉述反饋", "index": 0, "judge": False, "proposer": "子義",
    "agreed": ["子義", "孟起"], "ruling": {"effect": "kill", "target": "孟起", "why": "違紀"}, "digit": 7,
    "contest": 1, "against": "孟起", "until": "2026-12-01T13:18:00+00:00", "players": ["子義"],
    "message_id": "42", "by": "新人",
}


def _when(at: str | None) -> str:
    return f"<{at}>"


def test_every_event_kind_has_a_sentence():
    assert set(log_words.SENTENCES) == set(ev.KINDS)


@pytest.mark.parametrize("kind", ev.KINDS)
def test_each_sentence_is_words_not_data(kind):
    payload = {key: SAMPLE[key] for key in ev.PAYLOAD_KEYS[kind] if key in SAMPLE}
    text = log_words.sentence(Event(5, kind, "judge:北斗", payload, "2026-12-01T13:03:00+00:00"), "第2日", _when)
    assert text.startswith("北斗 ") or text.startswith("北斗：")
    assert re.search(r"[\u4e00-\u9fff]{2}", text)
    assert not re.search(r"[{}\[\]\"]|\b(?:" + "|".join(ev.KINDS) + r")\b", text), text  # no JSON, no kind names
    assert "judge:" not in text


def test_the_brief_s_examples_read_as_said():
    """「21:03 北斗 公布了第2夜」: the seat, the act and the phase; a judge acting for a player says so."""
    publish = Event(9, ev.PUBLISH, "judge:北斗", {"deadline": None}, "")
    assert log_words.sentence(publish, "第2夜", _when) == "北斗 公布了第2夜"
    proxy = Event(3, ev.SUBMIT, "judge", {"player": "子義", "actions": [{"skill": "明察", "targets": ["孟起"]}],
                                          "via": "message"}, "")
    assert log_words.sentence(proxy, "第1夜", _when) == "天庭 代 子義 提交了第1夜的行動（依私訊）：【明察】 → 孟起"
    own = Event(4, ev.SUBMIT, "子義", {"actions": []}, "")
    assert log_words.sentence(own, "第1夜", _when) == "子義 提交了第1夜的行動：不行動"
    system = Event(5, ev.RESOLVE, ev.SYSTEM, {"phase": 0, "why": "deadline"}, "")
    assert log_words.sentence(system, "第1夜", _when) == "系統 結算了第1夜（時限已到），草稿待審"
    voided = Event(6, ev.RULE, "judge:南斗", {"ruling": {"effect": "void", "voter": "孟起", "text": "代投"}}, "")
    assert log_words.sentence(voided, "第2日", _when) == "南斗 在第2日作出裁定：行動失效：孟起 的投票（公開理由：代投）"


def test_each_event_is_told_in_the_phase_it_belongs_to():
    """The start opens night 1; each publish closes the phase it publishes (night 1, then day 2: hosting/game.py)."""
    kinds = [ev.CREATED, ev.START, ev.SUBMIT, ev.RESOLVE, ev.PUBLISH, ev.VOTE, ev.PUBLISH, ev.SUBMIT]
    events = [Event(i + 1, k, ev.JUDGE, {}, "") for i, k in enumerate(kinds)]
    assert log_words.phase_labels(events, ["第1夜", "第2日", "第2夜"]) == [
        "", "第1夜", "第1夜", "第1夜", "第1夜", "第2日", "第2日", "第2夜"]
