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


TABLE = ["張三", "李四", "王五", "鼎立01"]
"""The ids as the table knows them; the player is 鼎立01, with 拼點 against 張三 (第1次) and 李四 (第2次)."""


def named(text: str, opponents: tuple[str, ...] = ("張三", "李四")):
    return read_contest_digits(text, len(opponents), names=TABLE, opponents=opponents, player="鼎立01")


NAMES_DECIDE_NOTHING = "拼點不告知玩家對手，不能依名字記錄"


@pytest.mark.parametrize("opponents", [("張三",), ("李四",)])
@pytest.mark.parametrize("text", ["跟張三拼點出3", "跟王五拼點出3", "跟2號拼點出3", "拼點出3"])
def test_one_contest_takes_its_digit_whatever_id_the_player_names(text, opponents):
    """RJ5 (「拼点的结果不会直接告诉玩家」; RJ3: the player's page does not name his opponent): with one 拼點 pending,
    the digit is recorded whoever the player says it is against, right or wrong, so that nothing he sees (the digit
    on his page, a refusal passed on by the judge) tells him whether the id he named is his opponent."""
    reading = read_contest_digits(text, 1, names=TABLE, opponents=opponents, player="鼎立01", seats=TABLE)
    assert reading.digits == {1: 3} and not reading.problems


def test_the_named_id_is_noted_for_the_judge_only():
    """RJ5: the judge is told which 拼點 an id the player named is (or that it is none of his), marked not to be
    passed on; the digit is the same either way."""
    right, wrong = named("跟張三拼點出3", ("張三",)), named("跟王五拼點出3", ("張三",))
    assert right.digits == wrong.digits == {1: 3}
    assert any("「張三」：第1次拼點的對手" in n and "勿告知玩家" in n for n in right.notes)
    assert any("「王五」：不是這名玩家的拼點對手" in n and "勿告知玩家" in n for n in wrong.notes)


@pytest.mark.parametrize("text", ["跟張三拼點出3，跟李四拼點出5", "對李四出5；跟張三出3", "跟王五出3，跟張三出5",
                                  "和李四拼點：七。和張三拼點：０", "跟李四出3"])
def test_several_contests_told_apart_by_ids_are_refused_alike_right_or_wrong(text):
    """RJ5 with 「一名角色需要与多名角色拼点时，需要分别提交拼点的数字」: with two 拼點 pending, digits told apart only
    by the ids named are refused, whether the ids are the player's opponents or not (taking them when right and
    refusing them when wrong would answer his question), and the refusal names no opponent; the judge asks for
    「第幾次」 as his page numbers them."""
    reading = named(text)
    assert reading.refused and reading.digits == {}
    said = "；".join(reading.problems)
    assert NAMES_DECIDE_NOTHING in said and "請勿說出對手是誰" in said and "第幾次拼點" in said
    assert "張三" not in said and "李四" not in said and "王五" not in said


@pytest.mark.parametrize("text", ["跟張三和李四都出3", "跟王五和張三都出3"])
def test_one_digit_for_every_contest_with_ids_named(text):
    """「都」 with one digit gives it to every 拼點: the ids choose nothing, so it is taken right or wrong."""
    reading = named(text)
    assert reading.digits == {1: 3, 2: 3} and not reading.problems


@pytest.mark.parametrize("text", ["第一次跟張三拼點出3，第二次5", "第一次跟李四拼點出3，第二次5",
                                  "第一次跟王五拼點出3，第二次5"])
def test_an_ordinal_decides_whatever_id_stands_beside_it(text):
    """The ordinal is what the player's page shows him: it decides; the id beside it is noted for the judge, the
    same whether it agrees with the ordinal, names the other 拼點 or none."""
    reading = named(text)
    assert reading.digits == {1: 3, 2: 5} and not reading.problems


def test_an_id_that_labels_no_number_is_only_a_name():
    """An id mentioned in a sentence with no digit after it (「我懷疑王五」) names no 拼點."""
    assert named("我懷疑王五。拼點出3", ("張三",)).digits == {1: 3}
    assert named("拼點出3，王五", ("張三",)).digits == {1: 3}


def test_without_the_opponents_ids_label_nothing():
    """The reader told no opponents (a caller of old) reads ids as names only, as before."""
    reading = read_contest_digits("跟張三拼點出3", 1, names=TABLE)
    assert reading.digits == {1: 3}


def test_a_message_for_some_of_the_players_contests_gives_only_those():
    """「第二次拼點3」 with two pending: only the second is read (the first may be on the player's page already);
    the other is left as it is."""
    assert digits("第二次拼點3", 2) == {2: 3}


def test_a_seat_names_the_player_in_it_as_his_id_does():
    """RJ5: 「跟2號拼點出5」: the table knows its players by id and by seat (as a night's message does); seat 2 is
    李四 here. A seat is noted as an id is and decides as little; with no opponents given a seat is no digit."""
    seats = TABLE  # 張三 1號, 李四 2號, 王五 3號, 鼎立01 4號
    reading = read_contest_digits("跟2號拼點出5，跟1號出3", 2, names=TABLE, opponents=("張三", "李四"),
                                  player="鼎立01", seats=seats)
    assert reading.refused and NAMES_DECIDE_NOTHING in reading.problems[0]
    reading = read_contest_digits("跟３號拼點出5", 1, names=TABLE, opponents=("張三",), player="鼎立01", seats=seats)
    assert reading.digits == {1: 5} and any("「３號」：不是這名玩家的拼點對手" in n for n in reading.notes)
    reading = read_contest_digits("我4號，拼點出5", 1, names=TABLE, opponents=("張三",), player="鼎立01", seats=seats)
    assert reading.digits == {1: 5}  # his own seat names no 拼點
    assert "是座位號" in refusal("跟2號拼點出5")
