"""Reading a 拼點 digit out of a player's private message (tianting.hosting.contest_message).

Seed 003 (鼎立三分2.0), 拼点: 「两名玩家需各自向法官提交一个0-9的数字。」 「一名角色需要与多名角色拼点时，需要分别
提交拼点的数字。」 A forum player writes the digit in their own words; the reader gives one digit per pending
拼點 (numbered as the player's page numbers them) or refuses, in Chinese, with nothing to record.
"""

from __future__ import annotations

import pytest

from tianting.hosting.contest_message import CONTEST_DIGITS, numeral_value, read_contest_digits


def digits(text: str, pending: int = 1) -> dict[int, int]:
    reading = read_contest_digits(text, pending)
    assert not reading.problems, reading.problems
    return reading.digits


def refusal(text: str, pending: int = 1) -> str:
    reading = read_contest_digits(text, pending)
    assert reading.refused and reading.digits == {}, reading
    return "；".join(reading.problems)


def test_the_rule_range_is_zero_to_nine():
    """「一个0-9的数字」."""
    assert list(CONTEST_DIGITS) == list(range(10))


@pytest.mark.parametrize(("text", "digit"), [
    ("拼點出3", 3), ("拼点 3", 3), ("拼點：３", 3), ("３", 3), ("0", 0), ("拼點出零", 0), ("拼点〇", 0),
    ("我出七", 7), ("拼點數字是九", 9), ("拼点两", 2), ("拼點兩", 2), ("拼點柒", 7), ("拼點貳", 2),
    ("天庭好，今晚拼點出3，謝謝", 3), ("拼點出3點", 3), ("第2夜拼點出4", 4), ("拼點-3", 3), ("拼点 3，就是3", 3),
    ("我一定出0", 0), ("拼數 8", 8), ("拼點的數字：5！", 5), ("拼點出3天庭辛苦了", 3),
])
def test_a_forum_players_phrasing_in_either_script_gives_the_digit(text, digit):
    """Traditional or Simplified, ASCII, full-width or Chinese numerals (「零」 to 「九」, 「柒」)."""
    assert digits(text) == {1: digit}


def test_unknown_words_are_marked_for_the_judge_but_do_not_stop_the_digit():
    reading = read_contest_digits("拼點出3，顺便问好", 1)
    assert reading.digits == {1: 3} and not reading.problems
    assert [text for text, bad in reading.pieces() if bad] == ["顺便问"]


@pytest.mark.parametrize(("text", "shown"), [
    ("拼點出10", "「10」"), ("拼点十", "「十」"), ("拼點二十", "「二十」"), ("拼點 -1", "「-1」"), ("拼點負2", "「負2」"),
    ("拼點出12", "「12」"),
])
def test_a_number_outside_zero_to_nine_is_refused(text, shown):
    """「一个0-9的数字」: 10, 十, a negative number are no digit of the rule; the refusal names what was read."""
    assert refusal(text) == f"拼點數字須為0至9的整數，讀到{shown}"


@pytest.mark.parametrize(("text", "words"), [
    ("拼點3或5", "讀到多個數字：3、5"),
    ("拼點三五", "「三五」不是一個數字"),
    ("拼點出", "沒有讀到拼點數字"),
    ("", "沒有讀到拼點數字"),
    ("刺殺3號", "「3號」是座位號"),
])
def test_an_ambiguous_message_with_one_contest_is_refused(text, words):
    assert words in refusal(text)


def test_forum_ids_and_words_with_digits_are_no_digit():
    """A message that names a player (「鼎立02」, the player's own id) or has a word like ``abc123`` still gives
    the one digit it holds."""
    reading = read_contest_digits("鼎立01：和鼎立02拼點出3", 1, names=["鼎立01", "鼎立02"])
    assert reading.digits == {1: 3} and reading.unread == []
    reading = read_contest_digits("player7 拼點出3", 1)
    assert reading.digits == {1: 3} and [t for t, bad in reading.pieces() if bad] == ["player7"]
    assert read_contest_digits("鼎立01：和鼎立02拼點出3", 1).refused  # without the ids: 1, 2 and 3


def test_no_contest_pending_reads_nothing():
    assert refusal("拼點出3", 0) == "這名玩家現在沒有需要提交數字的拼點"


def test_several_contests_each_by_its_ordinal():
    """「一名角色需要与多名角色拼点时，需要分别提交拼点的数字」: 第一次 … 第二次 … as the player's page numbers them."""
    assert digits("第一次拼點3，第二次拼點５", 2) == {1: 3, 2: 5}
    assert digits("第2次拼点出1。第1次拼点出8", 2) == {1: 8, 2: 1}
    assert digits("第二個拼點：零；第一個拼點：九", 2) == {1: 9, 2: 0}


def test_several_contests_by_order_or_all_alike_say_how_they_were_matched():
    reading = read_contest_digits("拼點3、5", 2)
    assert reading.digits == {1: 3, 2: 5} and "依序" in reading.notes[0]
    reading = read_contest_digits("兩次拼點都出3", 2)  # 「兩次」 is a count, not a digit
    assert reading.digits == {1: 3, 2: 3} and "都" in reading.notes[0]


@pytest.mark.parametrize(("text", "words"), [
    ("拼點3", "有2次拼點，須分別給出數字"),
    ("拼點3、5、7", "讀到3個數字"),
    ("第三次拼點3", "只有2次拼點"),
    ("第一次拼點3，5", "第1次拼點讀到多個數字：3、5"),
    ("第一次拼點3，第二次", "第2次拼點沒有讀到數字"),
    ("第一次拼點3。拼點5", "既有標明第幾次拼點的數字，又有未標明的數字"),
    ("第一次拼點3，第二次拼點10", "讀到「10」"),
])
def test_an_ambiguous_message_with_several_contests_is_refused(text, words):
    assert words in refusal(text, 2)


def test_numeral_values():
    assert [numeral_value(s) for s in ("7", "七", "十", "十二", "二十", "两", "三五")] == [7, 7, 10, 12, 20, 2, None]
