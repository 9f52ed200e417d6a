"""The one reader of answers (``tianting.core.answers.read_answer``), form by form, on the choices the issue names.

遊說：「當你於夜間成為至少兩個行動的目標時，你可以獲悉當夜所有針對你的行動（包括角色與其對應行動），並可令其中
一個行動失效。」 — a choice among actions: the actor's id names his action, unless he has two there.
出將入相 (「改為正軍師」/「不改」) is a "may": true changes, false does not (issue 27: refused before)."""

from __future__ import annotations

import pytest

from tianting.core.answers import AnswerProblem, read_answer

YOUSHUI = ["不使用", "黃蓋【刺殺】", "甘寧【刺殺】", "甘寧【暗訪】"]
ACTORS = [None, "P05", "P06", "P06"]


def _never(answer: object, option: object) -> bool:
    return False


def test_the_actor_of_the_action_meant_names_it():
    assert read_answer("P05", YOUSHUI, YOUSHUI, _never, ACTORS) == 1


def test_an_actor_with_two_actions_there_is_asked_for_the_label():
    with pytest.raises(AnswerProblem, match="P06 在此有2個行動（甘寧【刺殺】、甘寧【暗訪】）：請以選項名稱指明"):
        read_answer("P06", YOUSHUI, YOUSHUI, _never, ACTORS)


def test_label_in_either_script_number_and_false_on_a_choice_among_actions():
    assert read_answer("甘宁【刺杀】", YOUSHUI, YOUSHUI, _never, ACTORS) == 2
    assert read_answer(4, YOUSHUI, YOUSHUI, _never, ACTORS) == 3
    assert read_answer(False, YOUSHUI, YOUSHUI, _never, ACTORS) == 0
    with pytest.raises(AnswerProblem, match="true 不能指明選哪一個"):
        read_answer(True, YOUSHUI, YOUSHUI, _never, ACTORS)
    with pytest.raises(AnswerProblem, match="沒有第5個選項（共4個，從1數起）"):
        read_answer(5, YOUSHUI, YOUSHUI, _never, ACTORS)
    assert read_answer("P99", YOUSHUI, YOUSHUI, _never, ACTORS) is None


def test_a_may_choice_takes_true_and_false():
    options = ["改為正軍師", "不改"]
    assert read_answer(True, options, options, _never) == 0
    assert read_answer(False, options, options, _never) == 1
    with pytest.raises(AnswerProblem, match="沒有第0個選項"):
        read_answer(0, options, options, _never)


def test_true_or_false_on_a_choice_that_is_no_yes_or_no_is_refused():
    options = ["孫策", "孫權"]
    with pytest.raises(AnswerProblem, match="不能以 true/false 回答"):
        read_answer(True, options, options, _never)


def test_typed_text_reads_as_the_number_or_yes_no_where_no_label_is_so():
    """The console's and a page's answer is text: 「2」/「２」 is the second option, 「true」 the yes; a label or an
    id spelled so is still the label."""
    options = ["改為正軍師", "不改"]
    assert read_answer("2", options, options, _never) == 1
    assert read_answer("２", options, options, _never) == 1
    assert read_answer("true", options, options, _never) == 0
    assert read_answer("FALSE", options, options, _never) == 1
    ids = ["3", "1", "2"]
    assert read_answer("2", ids, ids, _never) == 2


def test_typed_shi_and_fou_are_the_yes_and_no_of_a_may_choice():
    """A message's 「是」/「否」 (a QQ player's answer to 投奔's 同意/拒绝, 出將入相's 改為/不改) is the yes or no:
    「否」 the option that declines, 「是」 the other of two; a closing 「。」 is no part of it; a label 「是」 or
    「否」 is still read as the label."""
    options = ["同意", "拒绝"]
    assert read_answer("是", options, options, _never) == 0
    assert read_answer("否。", options, options, _never) == 1
    assert read_answer("No", options, options, _never) == 1
    assert read_answer("２。", options, options, _never) == 1
    labelled = ["否", "是"]
    assert read_answer("是", labelled, labelled, _never) == 1
    three = ["魏", "蜀", "拒絕"]
    with pytest.raises(AnswerProblem, match="true 不能指明選哪一個"):
        read_answer("是", three, three, _never)
    assert read_answer("否", three, three, _never) == 2
