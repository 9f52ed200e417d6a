"""The three-way merge that carries a judge's edit onto a re-drafted text (docs/rulings/edits.md E1)."""

from __future__ import annotations

from tianting.hosting.edits import keep_edits, merge_lines

DRAFT = "【第1夜戰況公告】\n昨夜腥風血雨，3人死亡，0人受傷。\n聯盟：無"
WORDS = DRAFT + "\n遺言：\n甲：「再會」"


def test_an_edit_of_one_line_is_kept_when_last_words_are_appended():
    mine = DRAFT.replace("腥風血雨", "風雨交加")
    assert merge_lines(DRAFT, mine, WORDS) == mine + "\n遺言：\n甲：「再會」"


def test_an_edit_of_the_last_line_is_kept_when_lines_are_added_after_it():
    mine = DRAFT.replace("聯盟：無", "聯盟：無（天庭按）")
    assert merge_lines(DRAFT, mine, WORDS) == mine + "\n遺言：\n甲：「再會」"


def test_an_edit_of_a_line_the_draft_changed_too_is_not_kept():
    mine = DRAFT.replace("3人死亡", "三人死亡")
    theirs = DRAFT.replace("3人死亡，0人受傷", "2人死亡，0人受傷")
    assert merge_lines(DRAFT, mine, theirs) is None


def test_a_removed_line_of_last_words_does_not_undo_an_edit_elsewhere():
    mine = WORDS.replace("腥風血雨", "風雨交加")
    assert merge_lines(WORDS, mine, DRAFT) == DRAFT.replace("腥風血雨", "風雨交加")


def test_unchanged_drafts_keep_the_edit_as_typed():
    assert merge_lines(DRAFT, "全新的公告", DRAFT) == "全新的公告"


def test_keep_edits_applies_edits_in_order_and_returns_the_lost_one():
    first = {"target": "announcement", "before": DRAFT, "text": DRAFT.replace("3人", "三人"), "current": True}
    second = {"target": "announcement", "before": first["text"], "text": first["text"] + "\n（天庭按）",
              "current": True}
    fb = {"target": "feedback", "player": "甲", "index": 0, "before": "你查驗之人是殺手", "text": "是殺手。",
          "current": True}
    texts, lost = keep_edits([first, second, fb], DRAFT.replace("3人", "2人"),
                             {"甲": [{"skill": "明察", "text": "你查驗之人不是殺手"}]})
    assert lost == [first, fb] and not first["current"] and first["dropped"] and fb["dropped"]
    # the second edit's own change (the added line) still applies to the new text
    assert texts == {("announcement",): DRAFT.replace("3人", "2人") + "\n（天庭按）"}
