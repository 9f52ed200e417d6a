"""Reading a 拼點 digit out of a player's private message (鼎立三分2.0: 「两名玩家需各自向法官提交一个0-9的
数字」).

A forum player who has a 拼點 pending sends the judge its digit in their own words: 「拼點出3」, 「拼点 3」,
「我出七」, 「第一次拼點3，第二次拼點５」, Traditional or Simplified, ASCII or full-width digits or Chinese
numerals. :func:`read_contest_digits` turns such a text into one digit per pending 拼點 (numbered from 1 as
the player's page numbers them, 「一名角色需要与多名角色拼点时，需要分别提交拼点的数字」) for the judge to
confirm, or refuses it with the reason in Chinese: a number outside the rule's range, more than one digit
for one 拼點, 拼點 the player does not have, or nothing to read. Parts that mean nothing are marked (as
:func:`tianting.hosting.message.read_message` marks them) for the judge to look at.

Pure: no I/O, no state, knows no game; the hosted game checks the digit again when it is recorded.

How a message is read, in order:

1. Every character is put in one script (OpenCC ``t2s``, one at a time so positions stay the same),
   full-width digits in ASCII, and the text is scanned from the left: a number (``3``, ``10``, 「七」,
   「十二」, 「柒」, with 「-」 or 「負」 before it a negative one), an ordinal naming which 拼點
   (「第二次」, 「第2個」), a count that is no digit (「兩次」), a seat (「3號」, a player, not a digit), a
   phase (「第3夜」), 都/全部 (one digit for every 拼點), a word that carries nothing (拼點, 出, 數字 …),
   a sentence end. What matches nothing is *unread*.
2. A number after an ordinal, in the same sentence, is that 拼點's; several ordinals in a row name several
   (「第一次和第二次都出3」); any other number is unlabelled. An id before a number (「跟張三拼點出3」) is
   noted for the judge (which of the player's 拼點 it is, or none) and decides nothing (ruling RJ5: what is
   recorded or refused must not tell the player whether the id he named is his opponent).
3. The numbers are matched to the pending 拼點: with one pending, the one number (said again, the same);
   with several, each labelled by its ordinal, or exactly one unlabelled number each, in order (the
   order of the player's page; not when ids tell the numbers apart: refused, since the player's order
   may not be the page's), or one number with 都 for all of them. Anything else is ambiguous, and
   refused.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from tianting.hosting.message import PUNCTUATION, SENTENCE_END, _fold, _merge, pieces

CONTEST_DIGITS = range(0, 10)
"""The digits a 拼點 takes: 「两名玩家需各自向法官提交一个0-9的数字」 (seed 003, 拼点)."""

KEYWORDS = ("拼点", "拼点数字", "拼点的数字", "拼点数", "拼", "点数", "数字", "数", "伤判", "伤判数字", "伤判的数字")
"""Words that say the message is about a 拼點, or a 傷判 (folded: Simplified)."""

FILLERS = (
    "出", "我出", "我", "的", "是", "为", "选", "选择", "报", "填", "写", "交", "提交", "给", "用", "押", "定",
    "点", "这次", "本次", "这个", "那个", "就", "吧", "啊", "呀", "了", "呢", "哦", "喔", "嗯", "好", "好的",
    "天庭", "法官", "南斗", "北斗", "你好", "您好", "请", "麻烦", "谢谢", "感谢", "辛苦", "辛苦了", "今晚",
    "今夜", "本夜", "这晚", "要", "想", "打算", "决定", "和", "跟", "与", "及", "对", "同", "还有", "然后",
    "以及", "另外", "分别", "各", "里", "中", "上", "也", "再", "时", "的话", "结果", "啦", "哈",
    "一定", "一下", "一起", "一个", "那就",
)
"""Words of a digit message that carry nothing of their own: read, never marked unread (folded)."""

ALL_WORDS = ("都", "全部", "全都", "皆", "均", "一律")
"""「兩次拼點都出3」: one digit for every pending 拼點."""

_NUMERALS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7,
             "八": 8, "九": 9, "壹": 1, "贰": 2, "叁": 3, "肆": 4, "伍": 5, "陆": 6, "柒": 7, "捌": 8, "玖": 9}
_TENS = {"十": 10, "拾": 10, "百": 100, "佰": 100}
_NUMERAL_CHARS = "".join(_NUMERALS) + "".join(_TENS)
_NUMBER = re.compile(rf"(-|负)?([0-9]+|[{_NUMERAL_CHARS}]+)")
"""A number; 「負」 before it makes it negative, and so does a minus sign (see :func:`_minus`)."""
_ORDINAL = re.compile(rf"第\s*([0-9]+|[{_NUMERAL_CHARS}]+)\s*(次|个|场|轮|回|局|位)?")
_PHASE = re.compile(rf"第?\s*([0-9]+|[{_NUMERAL_CHARS}]+)\s*(夜|晚|天(?!庭)|日)")
_COUNT = re.compile(rf"([0-9]+|[{_NUMERAL_CHARS}]+)\s*(次|个|场|轮|回|位|人)")
_SEAT = re.compile(rf"([0-9]{{1,2}}|[{_NUMERAL_CHARS}]+)\s*号")
_ALNUM = re.compile(r"[a-z0-9_]+")
"""A run of ASCII letters and digits (folded: lower case): a word when it has a letter."""
_FULLWIDTH = str.maketrans("０１２３４５６７８９－", "0123456789-")


def _minus(text: str, folded: str, at: int) -> bool:
    """``text[at]`` is a minus sign: a dash right before a number (no space) with no word right before it
    (「拼點 -1」; in 「拼點-3」 the dash is a separator)."""
    return (folded[at] == "-" and at + 1 < len(folded) and bool(_NUMBER.match(folded, at + 1))
            and not folded[at + 1].isspace() and (at == 0 or not text[at - 1].strip() or text[at - 1] in PUNCTUATION))


def numeral_value(spelled: str) -> int | None:
    """The value of ``spelled``: ASCII digits, or Chinese numerals (「七」 7, 「十二」 12, 「二十」 20);
    None for a run of single numerals that is no one number (「三五」: three or five)."""
    if spelled.isascii():
        return int(spelled)
    if not any(c in _TENS for c in spelled):
        return _NUMERALS[spelled] if len(spelled) == 1 else None
    total, digit = 0, None
    for char in spelled:
        if char in _NUMERALS:
            if digit is not None:
                return None
            digit = _NUMERALS[char]
        else:
            total += (1 if digit is None else digit) * _TENS[char]
            digit = None
    return total + (digit or 0)


@dataclass
class DigitReading:
    """What a digit message says: a digit per pending 拼點 (by its number from 1), or why it cannot be
    recorded."""

    text: str
    digits: dict[int, int] = field(default_factory=dict)
    """The digit read for each pending 拼點, by its number (empty when refused)."""
    unread: list[tuple[int, int]] = field(default_factory=list)
    """Spans ``[start, end)`` of the text that mean nothing known."""
    problems: list[str] = field(default_factory=list)
    """Why nothing can be recorded, in Chinese (empty: the judge may confirm ``digits``)."""
    notes: list[str] = field(default_factory=list)
    """How the digits were matched to the 拼點 (「依序：第1次、第2次」 …)."""

    @property
    def refused(self) -> bool:
        return bool(self.problems)

    def pieces(self) -> list[tuple[str, bool]]:
        """The message cut into ``(text, unread)`` pieces, in order (for marking it up)."""
        return pieces(self.text, self.unread)


@dataclass(frozen=True)
class _Number:
    value: int | None
    """None: no one number (「三五」)."""
    spelled: str
    label: tuple[int, ...] | None
    """The 拼點 an ordinal before it in the sentence names (empty: a label that names none of the player's
    拼點, already refused); None: unlabelled."""
    named: bool = False
    """An id before it in the sentence names someone (「跟張三出3」): noted for the judge, never used to choose the
    拼點 (RJ5: whether it was one would tell the player who his opponent is)."""


def _words() -> dict[str, str]:
    words = {w: "filler" for w in FILLERS}
    words.update({w: "keyword" for w in KEYWORDS})
    words.update({w: "all" for w in ALL_WORDS})
    return words


_WORDS = _words()
_LONGEST = max(len(w) for w in _WORDS)


def _longest(folded: str, at: int, table: dict[str, str], longest: int) -> tuple[int, str] | None:
    """The longest word of ``table`` at ``folded[at:]``: its length and kind."""
    for length in range(min(longest, len(folded) - at), 0, -1):
        kind = table.get(folded[at:at + length])
        if kind is not None:
            return length, kind
    return None


class _Label:
    """The 拼點 the words before a number name, within a sentence: ordinals (「第二次」) and opponents' ids
    (「跟張三」); several in a row name several (「第一次和第二次都出3」, 「跟張三和李四都出3」), a label after a
    number starts anew."""

    def __init__(self) -> None:
        self.ordinals: list[int] = []
        self.named: list[tuple[str, int | None]] = []
        """(the id as written, the number of the player's 拼點 with that id, or None: no 拼點 with them)."""
        self.bad = False
        """An ordinal that names no 拼點 of the player (already refused)."""
        self.used = False
        """A number has been read after it."""

    def add(self) -> _Label:
        """The label to add to: this one, or a new one if a number came after this one."""
        return _Label() if self.used else self

    def of(self, reading: DigitReading) -> tuple[int, ...] | None:
        """The 拼點 a number after this label is for: its ordinals'. The ids it names are noted for the judge
        (which 拼點 each is, or none) and decide nothing: the player cannot learn from what is recorded or
        refused whether an id he named is his opponent (RJ5)."""
        self.used = True
        for written, number in self.named:
            note = (f"玩家寫了「{written}」：第{number}次拼點的對手（僅供天庭參考，勿告知玩家）" if number is not None
                    else f"玩家寫了「{written}」：不是這名玩家的拼點對手（僅供天庭參考，勿告知玩家）")
            if note not in reading.notes:
                reading.notes.append(note)
        if self.bad:
            return ()
        if not self.ordinals:
            return None
        return tuple(sorted(set(self.ordinals)))


def read_contest_digits(text: str, pending: int, digits: range = CONTEST_DIGITS,
                        names: Iterable[str] = (), opponents: Sequence[str] = (),
                        player: str = "", word: str = "拼點", ordinals: bool = True,
                        seats: Sequence[str] = ()) -> DigitReading:
    """The digits ``text`` gives for the player's ``pending`` 拼點 (numbered 1 to ``pending``), each in
    ``digits``; see the module's doc. ``names``: the game's forum ids, read as names (「鼎立02」 has no digit
    2 in it); a word of ASCII letters and digits (``abc123``) is no number either. ``opponents``: the
    player's opponent in each pending 拼點, in order (the judges' to know): an id among ``names`` before a
    number in a sentence (「跟張三拼點出3」) is noted for the judge with the 拼點 it is (or none), and never
    chooses the 拼點 (RJ5); ``player``'s own id names nothing. Without
    ``opponents`` ids label nothing; ``seats``: the ids in seat order, so that 「3號」 names a player as his id does
    (without ``opponents`` a seat is refused: a player, not a digit). ``pending`` 0 reads nothing and refuses. ``word``: what the digit is for,
    in the refusals (「傷判」 for a wound check's digit, :mod:`tianting.hosting.wound_message`); ``ordinals``
    False: 「第二次」 is a word, not a 拼點's number (a second 傷判 is one digit still)."""
    reading = DigitReading(text)
    if pending < 1:
        reading.problems.append("這名玩家現在沒有需要提交數字的拼點")
        return reading
    folded = _fold(text.translate(_FULLWIDTH))
    ids = {_fold(n.translate(_FULLWIDTH)).strip(): n for n in names if n.strip()}
    ids.update({_fold(n.translate(_FULLWIDTH)).strip(): n for n in opponents if n.strip()})
    known = {key: "name" for key in ids}
    longest_name = max((len(n) for n in known), default=0)
    contest_of = {o: number for number, o in enumerate(opponents, 1)} if len(opponents) == pending else {}
    numbers: list[_Number] = []
    labels: list[int] = []
    label = _Label()
    every = False
    at = 0
    while at < len(text):
        char = text[at]
        if char in SENTENCE_END:
            label = _Label()
            at += 1
            continue
        if (char in PUNCTUATION and not _minus(text, folded, at)) or not char.strip():
            at += 1
            continue
        name = _longest(folded, at, known, longest_name)
        if name is not None:  # a forum id (「鼎立02」): a player, not a digit; an opponent named (「跟張三」)
            pid = ids[folded[at:at + name[0]]]
            if contest_of and pid != player:
                label = label.add()
                label.named.append((text[at:at + name[0]], contest_of.get(pid)))
            at += name[0]
            continue
        alnum = _ALNUM.match(folded, at)
        if alnum and not alnum.group().isdigit():
            reading.unread.append((at, alnum.end()))  # 「abc123」: a word, not a number
            at = alnum.end()
            continue
        seat = _SEAT.match(folded, at)
        number = numeral_value(seat.group(1)) if seat else None
        if seat and contest_of and seats and number is not None and 1 <= number <= len(seats):
            if seats[number - 1] != player:  # 「跟3號拼點出5」: the player in seat 3, named as an id is
                label = label.add()
                label.named.append((text[at:seat.end()], contest_of.get(seats[number - 1])))
            at = seat.end()
            continue
        if seat:  # 「3號」 is a player, not a digit
            reading.unread.append((at, seat.end()))
            reading.problems.append(f"「{text[at:seat.end()]}」是座位號，不是{word}數字")
            at = seat.end()
            continue
        phase = _PHASE.match(folded, at)
        if phase:  # 「第3夜」「今晚」: which night, not a digit
            at = phase.end()
            continue
        ordinal = _ORDINAL.match(folded, at)
        if ordinal and not ordinals:  # 「第二次傷判」: which check, not a digit
            at = ordinal.end()
            continue
        if ordinal:
            value = numeral_value(ordinal.group(1))
            label = label.add()
            if value is None or not 1 <= value <= pending:
                spelled = text[at:ordinal.end()]
                reading.problems.append(f"讀到「{spelled}」，但這名玩家只有{pending}次拼點" if value
                                        else f"讀不出「{spelled}」是第幾次拼點")
                reading.unread.append((at, ordinal.end()))
                label.bad = True
            else:
                label.ordinals.append(value)
                labels.append(value)
            at = ordinal.end()
            continue
        count = _COUNT.match(folded, at)
        if count:  # 「兩次拼點都出3」: a count, not a digit
            at = count.end()
            continue
        found = _longest(folded, at, _WORDS, _LONGEST)
        if found is not None:
            every = every or found[1] == "all"
            at += found[0]
            continue
        number = _NUMBER.match(folded, at)
        if number:
            spelled = text[at:number.end()]
            value = numeral_value(number.group(2))
            if value is not None and number.group(1):
                value = -value
            numbers.append(_Number(value, spelled.strip(), label.of(reading), bool(label.named)))
            at = number.end()
            continue
        if reading.unread and reading.unread[-1][1] == at:
            reading.unread[-1] = (reading.unread[-1][0], at + 1)
        else:
            reading.unread.append((at, at + 1))
        at += 1
    reading.unread = _merge(reading.unread)
    _match(reading, numbers, labels, pending, every, digits, word)
    if reading.problems:
        reading.digits = {}
    return reading


def _match(reading: DigitReading, numbers: list[_Number], labels: list[int], pending: int, every: bool,
           digits: range, word: str = "拼點") -> None:
    """Give each pending 拼點 its digit from ``numbers`` (see the module's doc), or say why not."""
    low, high = digits[0], digits[-1]
    for n in numbers:
        if n.value is None:
            reading.problems.append(f"「{n.spelled}」不是一個數字：{word}只交一個{low}至{high}的數字")
        elif n.value not in digits:
            reading.problems.append(f"{word}數字須為{low}至{high}的整數，讀到「{n.spelled}」")
    if reading.problems:
        return
    if not numbers:
        reading.problems.append(f"沒有讀到{word}數字")
        return
    labelled = [n for n in numbers if n.label]
    plain = [n for n in numbers if n.label is None]
    if labelled and plain:
        reading.problems.append("訊息既有標明第幾次拼點的數字，又有未標明的數字："
                                + "、".join(n.spelled for n in plain) + "：請向玩家確認")
        return
    if labelled:
        by_contest: dict[int, list[int]] = {}
        for n in labelled:
            for number in n.label or ():
                by_contest.setdefault(number, []).append(n.value or 0)
        for number in dict.fromkeys(labels):
            if number not in by_contest:
                reading.problems.append(f"第{number}次拼點沒有讀到數字")
        for number, values in sorted(by_contest.items()):
            if len(set(values)) > 1:
                reading.problems.append(f"第{number}次拼點讀到多個數字："
                                        + "、".join(str(v) for v in dict.fromkeys(values)) + "：請向玩家確認")
            else:
                reading.digits[number] = values[0]
        return
    values = [n.value or 0 for n in plain]
    named = [n for n in plain if n.named]
    if named and pending > 1 and not (every and len(set(values)) == 1):
        reading.problems.append(f"這名玩家有{pending}次拼點，私訊以對手的名字區分數字：拼點不告知玩家對手，不能依名字記錄"
                                "（回覆玩家時請勿說出對手是誰，請他依頁面上的「第幾次拼點」提交）")
        return
    if len(set(values)) == 1 and (pending == 1 or every):
        reading.digits = {number: values[0] for number in range(1, pending + 1)}
        if pending > 1:
            reading.notes.append(f"「都」：{pending}次拼點都是{values[0]}")
        return
    if pending == 1:
        reading.problems.append("讀到多個數字：" + "、".join(n.spelled for n in plain) + "，不知道是哪一個：請向玩家確認")
        return
    if len(values) == pending and not every:
        reading.digits = dict(enumerate(values, 1))
        reading.notes.append("依序為" + "、".join(f"第{i}次" for i in range(1, pending + 1)) + "拼點（玩家頁面的順序）")
        return
    reading.problems.append(f"這名玩家有{pending}次拼點，須分別給出數字（例如「第一次拼點3，第二次拼點5」）；"
                            f"讀到{len(values)}個數字：" + "、".join(n.spelled for n in plain))


read_digits = read_contest_digits
"""The reader under the name hosting and the server use: one digit reader for every declared input, parameterised
by its :class:`tianting.rules.interface.MessageReader` (``word``, ``ordinals``) and its ``values``."""
