"""Reading a 傷判 digit out of a wounded player's day message (tianting.hosting.wound_message), ruling RJ6.

Seed 003 (鼎立三分2.0), 受伤: 「受伤的角色在白天判定阶段进行伤判……玩家向法官提交一个0-9的数字。」 (and the 24人
rules' 伤判 by digit, R-SG12). The digit is read in a clause that says 傷判; the rest of the message is the vote.
"""

from __future__ import annotations

import pytest

from tianting.hosting.wound_message import read_wound_digit

IDS = ["孟起", "子龍", "鼎立03"]


@pytest.mark.parametrize(("text", "digit", "rest"), [
    ("傷判3", 3, ""),
    ("伤判 七", 7, ""),
    ("傷判出０", 0, ""),
    ("傷判數字：柒", 7, ""),
    ("第二次傷判：５", 5, ""),  # which check it is, not a digit
    ("投孟起，傷判出3", 3, "投孟起，"),
    ("傷判3，票投子龍", 3, "，票投子龍"),
    ("投孟起 第2次伤判出三", 3, "投孟起"),
    ("投鼎立03。傷判8", 8, "投鼎立03。"),  # an id with digits in it is no number
])
def test_a_clause_that_says_shangpan_gives_its_digit_and_leaves_the_rest_for_the_vote(text, digit, rest):
    """「玩家向法官提交一个0-9的数字」: Traditional or Simplified, ASCII, full-width or Chinese numerals."""
    found = read_wound_digit(text, IDS)
    assert found is not None and not found.reading.problems, found
    assert found.digit == digit
    assert found.rest(text).strip() == rest.strip() and len(found.rest(text)) == len(text)


@pytest.mark.parametrize("text", ["投孟起", "3", "投3號", "拼點3", "孟起3"])
def test_a_message_that_does_not_say_shangpan_gives_no_digit(text):
    """By day a number alone is no 傷判 digit: the message is first a vote."""
    assert read_wound_digit(text, IDS) is None


@pytest.mark.parametrize(("text", "words"), [
    ("傷判10", "傷判數字須為0至9的整數，讀到「10」"),
    ("傷判十", "傷判數字須為0至9的整數，讀到「十」"),
    ("傷判3或5", "讀到多個數字：3、5"),
    ("傷判", "沒有讀到傷判數字"),
    ("傷判三五", "「三五」不是一個數字：傷判只交一個0至9的數字"),
])
def test_a_shangpan_digit_outside_the_rule_or_in_doubt_is_refused(text, words):
    found = read_wound_digit(text, IDS)
    assert found is not None and found.digit is None and found.reading.digits == {}
    assert words in "；".join(found.reading.problems)
