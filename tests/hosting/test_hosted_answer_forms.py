"""Issue 27 item 1: 「The judges' console, the player pages and the PM reader use the same reading」 of an answer.
In a hosted game the judge's (or the player's) answer goes through the one reader as a script's does: the number
(as JSON or typed, 「２」) picks the option the label picks; an answer in no form is refused in Chinese and changes
nothing."""

from __future__ import annotations

from tests.hosting.test_hosted_game import Table, refused
from tianting.hosting import events as ev


def _reincarnation() -> tuple[Table, str, list[str]]:
    """A ruled death of 魏's lord: 當你死亡時，選擇一個轉生角色繼續進行遊戲 (轉生's choice in the draft)."""
    t = Table(1).start()
    [wei_lord] = t.who("魏", "君主")
    t.resolve()
    t.add(ev.RULE, ev.JUDGE, {"ruling": {"effect": "kill", "target": wei_lord}})
    [decision] = t.draft["decisions"]
    assert decision["skill"] == "轉生" and len(decision["options"]) >= 2
    return t, wei_lord, decision["options"]


def test_a_hosted_answer_by_number_or_typed_number_is_the_label():
    for answer in (2, "2", "２"):
        t, lord, options = _reincarnation()
        t.add(ev.DECIDE, ev.JUDGE, {"actor": lord, "skill": "轉生", "answer": answer})
        [decision] = t.draft["decisions"]
        assert decision["answer"] == options[1] and decision["defaulted"] is False


def test_a_hosted_answer_in_no_form_is_refused_and_changes_nothing():
    t, lord, options = _reincarnation()
    exc = refused(t, ev.DECIDE, ev.JUDGE, {"actor": lord, "skill": "轉生", "answer": len(options) + 1})
    assert "個選項" in exc.message
    refused(t, ev.DECIDE, ev.JUDGE, {"actor": lord, "skill": "轉生", "answer": True})
