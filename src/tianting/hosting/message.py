"""Reading a player's private message: free Chinese text → the night actions it means.

Forum players send their night to the judge in a private message, in their own
words: 「今晚明察 子義」, 「刺殺孟起」, 「本夜不行動」, Traditional or Simplified,
forum ids, character names or seat numbers. :func:`read_message` turns such a
text into actions in the game-script shape (``skill``, ``targets``, ``args``)
for the judge to check and confirm, and marks every part it could not read.

It knows nothing of a particular rule set: what words mean comes from a
:class:`Vocabulary` built from the game (the rule set's skill names, the
player's own skills and how each is used, the game's ids and characters).
Pure: no I/O, no state; the engine checks the result afterwards, this module
only reads.

How a message is read, in order:

1. Every character is put in one script (OpenCC ``t2s``, one character at a
   time so positions stay the same) and the text is scanned from the left for
   the longest known word: a skill, a forum id, a character name (standing for
   the player who plays it), a seat number (``3號``), a country or an identity
   (for the skills that take one), 「本夜不行動」 and its kin, or a filler word
   (今晚, 對, 使用 …). What matches nothing is *unread*.
2. A skill starts an action; the ids after it are its targets (up to the most
   the skill takes: one more id than that repeats the skill, 「刺殺子義、孟起」 is
   two stabs); ids before a skill in the same sentence are its targets too
   (「對子義使用明察」). For a skill that takes guesses (詩想), 「id 技能」 pairs
   after it are its guesses.
3. An action short of targets, ids with no skill, a none-phrase beside actions:
   each is a *problem*, said in Chinese, for the judge to see.
4. In what is unread, a run of characters that sounds like a skill, an id or a character
   (:mod:`tianting.hosting.pinyin`: 「子議」 sounds like 子義) is offered as a *suggestion*, to be
   confirmed and read again, never applied here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from tianting.core.names import name_key
from tianting.hosting.pinyin import PinyinIndex, Suggestion, suggest
from tianting.hosting.pinyin import apply as apply_suggestions

VOTE_WORDS = ("投票", "投票給", "投給", "票投", "投", "票", "改投", "改票", "選", "出局", "公投")
"""Words of a day message that say it is a vote (read, nothing more)."""
ABSTAIN = ("棄權", "弃权", "不投票", "不投")
"""A vote cannot be withheld (投票不能棄權，棄權或超時視為自投)."""

NONE_PHRASES = (
    "本夜不行動", "今夜不行動", "今晚不行動", "不行動", "不發動", "不發動技能", "不使用技能", "不出手",
    "放棄行動", "無行動", "沒有行動", "空過", "跳過", "本夜跳過", "pass",
)
"""What a player writes to submit nothing for the night (本夜不行動)."""

FILLERS = (
    "今晚", "今夜", "本夜", "今天", "今日", "晚上", "這晚", "我", "我要", "我想", "想", "要", "將", "會", "打算",
    "使用", "發動", "用", "對", "向", "給", "把", "以", "技能", "目標", "對象", "請", "麻煩", "天庭", "法官",
    "謝謝", "感謝", "的", "和", "與", "跟", "及", "並", "並且", "然後", "再", "先", "之後", "以後", "也", "還",
    "還有", "同時", "一下", "吧", "啊", "呀", "了", "嗎", "呢", "是", "為", "作為", "猜", "猜測", "身份",
    "國籍", "國", "號", "第", "一", "二", "兩", "三", "個", "次", "刀", "下", "一刀", "第一刀", "第二刀", "兩刀",
    "其", "他", "她", "玩家", "角色", "id", "ID", "好", "嗨", "hi", "您好", "你好", "拜託", "行動", "如下",
)
"""Words that carry no action of their own: read, never marked unread."""

PUNCTUATION = set(" \t\r　,，、.。;；:：!！?？()（）[]［］【】「」『』\"'“”‘’<>《》-—~～/|+*&@＠#＃")
SELF_WORDS = ("自己", "我自己", "本人")
"""What a player writes for themself as a target."""
SENTENCE_END = set("\n。；;！!？?")
"""Where a sentence ends: ids before a skill attach to it only within one sentence."""

_SEAT = re.compile(r"(\d{1,2})\s*[號号]")
_FULLWIDTH_DIGITS = str.maketrans("０１２３４５６７８９", "0123456789")


@dataclass(frozen=True)
class SkillForm:
    """How a skill is used, as far as reading a message needs: how many targets, which arguments."""

    name: str
    most: int = 1
    """The most targets it takes (0: none)."""
    least: int = 1
    """The fewest targets it takes."""
    args: tuple[str, ...] = ()
    """Argument keys (``country``, ``identity``, ``guesses`` …)."""


@dataclass(frozen=True)
class Vocabulary:
    """What the words of one player's message may mean, from the game and its rule set."""

    skills: dict[str, SkillForm]
    """Every skill name of the rule set (canonical), with its form when known."""
    players: tuple[str, ...]
    """The game's forum ids, in seat order (``3號`` is the third)."""
    characters: dict[str, str] = field(default_factory=dict)
    """Character names (forms, bases, aliases) → the id of the player who plays it."""
    countries: tuple[str, ...] = ()
    identities: dict[str, str] = field(default_factory=dict)
    """Identity words (軍師, 主公 …) → the identity an argument takes (正軍師, 君主 …)."""
    own: frozenset[str] = frozenset()
    """The skills the player holds now (a skill outside it is read, and flagged)."""
    me: str | None = None
    """The player's own id: what 「自己」 means in their message (援護自己)."""
    absent: frozenset[str] = frozenset()
    """Character names of the rule set nobody plays in this game (read, and said so)."""
    aliases: dict[str, str] = field(default_factory=dict)
    """Words players use for a skill (查 → 明察, 殺 → 刺殺): read as the skill, and said so."""
    evaluations: tuple[str, ...] = ()
    """评价 words an argument may take (the 24人 rules' 评价指认: 猛将 …)."""


@dataclass
class ReadAction:
    """One action read from the message."""

    skill: str
    targets: list[str] = field(default_factory=list)
    args: dict[str, Any] = field(default_factory=dict)
    start: int = 0
    end: int = 0
    """Where in the message it was read (from the first word to the last)."""
    notes: list[str] = field(default_factory=list)
    """How a word was read (「太史慈」是子義的角色 …)."""

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"skill": self.skill, "targets": list(self.targets)}
        if self.args:
            out["args"] = dict(self.args)
        return out


@dataclass
class Reading:
    """What a message says: the actions, or 本夜不行動, and what could not be read."""

    text: str
    actions: list[ReadAction] = field(default_factory=list)
    none: bool = False
    """The message says the player does nothing tonight (and names no action)."""
    unread: list[tuple[int, int]] = field(default_factory=list)
    """Spans ``[start, end)`` of the text that mean nothing known."""
    problems: list[str] = field(default_factory=list)
    """What the judge should look at, in Chinese."""
    vote: str | None = None
    """A day message (:func:`read_vote`): the id voted for."""
    notes: list[str] = field(default_factory=list)
    """How the vote's target was read (「馬超」是孟起的角色 …)."""
    suggestions: list[Suggestion] = field(default_factory=list)
    """Unread words that sound like a known one (「子議 → 子義？」): offered, never applied."""

    @property
    def understood(self) -> bool:
        """True when every part of the message was read and nothing is in doubt."""
        return not self.unread and not self.problems and (self.none or bool(self.actions) or self.vote is not None)

    def pieces(self) -> list[tuple[str, bool]]:
        """The message cut into ``(text, unread)`` pieces, in order (for marking it up)."""
        return pieces(self.text, self.unread)

    def corrected(self, *chosen: Suggestion) -> str:
        """The message with the ``chosen`` suggestions applied (all of them, the first for each place, if none
        is named): the text to read again once they are confirmed."""
        return apply_suggestions(self.text, chosen or self.suggestions)


def pieces(text: str, unread: list[tuple[int, int]]) -> list[tuple[str, bool]]:
    """``text`` cut into ``(piece, unread)`` pieces, in order, the ``unread`` spans (sorted, apart) marked."""
    out: list[tuple[str, bool]] = []
    at = 0
    for start, end in unread:
        if start > at:
            out.append((text[at:start], False))
        out.append((text[start:end], True))
        at = end
    if at < len(text):
        out.append((text[at:], False))
    return out


@dataclass(frozen=True)
class _Token:
    kind: str
    """``skill``, ``player``, ``country``, ``identity``, ``none``, ``filler``, ``end``, ``unread``,
    ``absent`` (a character nobody plays)."""
    value: str
    start: int
    end: int
    note: str = ""


def _fold(text: str) -> str:
    """``text`` in one script and case, character by character (positions unchanged)."""
    out = []
    for char in text:
        folded = name_key(char) if char.strip() else char
        out.append(folded.lower() if len(folded) == 1 else char.lower())
    return "".join(out)


class _Lexicon:
    """Known words by their folded spelling; the first meaning given for a spelling wins."""

    def __init__(self) -> None:
        self.words: dict[str, tuple[str, str, str]] = {}
        self.longest = 1

    def add(self, spelling: str, kind: str, value: str, note: str = "") -> None:
        spelling = spelling.strip()
        if not spelling:
            return
        for key in {_fold(spelling), name_key(spelling).lower()}:
            if key and key not in self.words:
                self.words[key] = (kind, value, note)
                self.longest = max(self.longest, len(key))

    def match(self, folded: str, at: int) -> tuple[int, tuple[str, str, str]] | None:
        for length in range(min(self.longest, len(folded) - at), 0, -1):
            found = self.words.get(folded[at:at + length])
            if found is not None:
                return length, found
        return None


def _lexicon(vocab: Vocabulary, extra: Iterable[tuple[str, str]] = ()) -> _Lexicon:
    lex = _Lexicon()
    for word, kind in extra:  # words of a kind of message (a vote), before everything
        lex.add(word, kind, word)
    for phrase in NONE_PHRASES:  # before everything: 「不行動」 is not 「行動」
        lex.add(phrase, "none", phrase)
    for pid in vocab.players:  # a forum id as typed wins over a character of the same name
        lex.add(pid, "player", pid)
    if vocab.me is not None:
        for word in SELF_WORDS:
            lex.add(word, "player", vocab.me, f"「{word}」是{vocab.me}")
    for name in vocab.skills:
        lex.add(name, "skill", name)
    for word, name in vocab.aliases.items():
        if name in vocab.skills:
            lex.add(word, "skill", name, f"「{word}」讀作【{name}】")
    for name, pid in vocab.characters.items():
        lex.add(name, "player", pid, f"「{name}」是{pid}的角色")
    for name in vocab.absent:
        lex.add(name, "absent", name)
    for word, identity in vocab.identities.items():
        lex.add(word, "identity", identity)
    for word in vocab.evaluations:
        lex.add(word, "evaluation", word)
    for country in vocab.countries:
        lex.add(country, "country", country)
        lex.add(country + "國", "country", country)
    for word in FILLERS:
        lex.add(word, "filler", word)
    return lex


def _tokens(text: str, vocab: Vocabulary, extra: Iterable[tuple[str, str]] = ()) -> list[_Token]:
    lex = _lexicon(vocab, extra)
    folded = _fold(text.translate(_FULLWIDTH_DIGITS))
    out: list[_Token] = []
    at = 0
    while at < len(text):
        char = text[at]
        if char in SENTENCE_END:
            out.append(_Token("end", char, at, at + 1))
            at += 1
            continue
        if char in PUNCTUATION or not char.strip():
            at += 1
            continue
        seat = _SEAT.match(folded, at)
        if seat and 1 <= int(seat.group(1)) <= len(vocab.players) and not (at and folded[at - 1].isdigit()):
            pid = vocab.players[int(seat.group(1)) - 1]
            out.append(_Token("player", pid, at, seat.end(), f"「{text[at:seat.end()]}」是{pid}"))
            at = seat.end()
            continue
        found = lex.match(folded, at)
        if found is None:
            if out and out[-1].kind == "unread" and out[-1].end == at:
                out[-1] = _Token("unread", text[out[-1].start:at + 1], out[-1].start, at + 1)
            else:
                out.append(_Token("unread", char, at, at + 1))
            at += 1
            continue
        length, (kind, value, note) = found
        out.append(_Token(kind, value, at, at + length, note))
        at += length
    return out


class _Reader:
    def __init__(self, text: str, vocab: Vocabulary) -> None:
        self.vocab = vocab
        self.reading = Reading(text)
        self.current: ReadAction | None = None
        self.pending: list[_Token] = []
        """Ids read in this sentence before any skill."""
        self.guess: _Token | None = None
        """The id of a guess waiting for its skill."""

    def form(self, skill: str) -> SkillForm:
        return self.vocab.skills.get(skill) or SkillForm(skill)

    def start(self, token: _Token) -> None:
        action = ReadAction(token.value, start=token.start, end=token.end)
        if token.note:
            action.notes.append(token.note)
        if token.value not in self.vocab.own:
            action.notes.append(f"你的技能中沒有【{token.value}】")
        self.reading.actions.append(action)
        self.current = action
        self.guess = None
        for waiting in self.pending:
            self.target(waiting)
        self.pending = []

    def target(self, token: _Token) -> None:
        action = self.current
        assert action is not None
        form = self.form(action.skill)
        if "guesses" in form.args and form.most == 0:
            self.guess = token
            action.end = token.end
            return
        if len(action.targets) >= max(form.most, 1) and form.most > 0:
            again = ReadAction(action.skill, start=token.start, end=token.end,
                               notes=[f"多出的目標：視為再一次【{action.skill}】"])
            self.reading.actions.append(again)
            self.current = action = again
        elif form.most == 0:
            self.reading.problems.append(f"【{action.skill}】不指定目標，「{token.value}」未採用")
            self.reading.unread.append((token.start, token.end))
            return
        action.targets.append(token.value)
        action.end = token.end
        if token.note:
            action.notes.append(token.note)

    def arg(self, token: _Token, value: str | None = None) -> bool:
        """Use a country, identity, 评价 or character word as the current action's argument; False if it
        takes none. An identity is a 评价指认's ``evaluation`` where the skill asks that (「指认A为君主」)."""
        action = self.current
        if action is None:
            return False
        form = self.form(action.skill)
        kind = token.kind
        if kind == "identity" and kind not in form.args and "evaluation" in form.args:
            kind = "evaluation"
        if kind not in form.args or kind in action.args or (kind in ONE_OF and ONE_OF.intersection(action.args)):
            return False
        action.args[kind] = token.value if value is None else value
        action.end = token.end
        return True

    def character_arg(self, token: _Token) -> bool:
        """A character named after the action's targets are read is its ``character`` argument (招揽 X 为华佗,
        指认 X 为关羽), not one more target."""
        action = self.current
        if action is None or "character" not in self.form(action.skill).args:
            return False
        form = self.form(action.skill)
        typed = self.reading.text[token.start:token.end]
        if token.kind == "player" and (len(action.targets) < form.most or name_key(typed) not in {
                name_key(n) for n in self.vocab.characters}):
            return False
        return self.arg(_Token("character", typed, token.start, token.end), typed)

    def guess_skill(self, token: _Token) -> bool:
        """A skill right after a guessed id completes the guess (詩想：子義 援護)."""
        action = self.current
        if action is None or self.guess is None:
            return False
        action.args.setdefault("guesses", []).append([self.guess.value, token.value])
        action.end = token.end
        self.guess = None
        return True

    def end_sentence(self) -> None:
        for waiting in self.pending:
            self.reading.problems.append(f"「{self.reading.text[waiting.start:waiting.end]}」之前或之後沒有技能")
            self.reading.unread.append((waiting.start, waiting.end))
        self.pending = []
        if self.guess is not None:
            self.reading.problems.append(f"猜測「{self.guess.value}」沒有寫技能")
            self.reading.unread.append((self.guess.start, self.guess.end))
            self.guess = None
        action = self.current
        if action is not None and "guesses" not in self.form(action.skill).args:
            self.current = None  # a new sentence: ids in it wait for their own skill

    def read(self, tokens: Iterable[_Token]) -> Reading:
        nones: list[_Token] = []
        for token in tokens:
            if token.kind == "end":
                self.end_sentence()
            elif token.kind == "skill":
                if not self.guess_skill(token):
                    self.start(token)
            elif token.kind == "player":
                if self.current is None:
                    self.pending.append(token)
                elif not self.character_arg(token):
                    self.target(token)
            elif token.kind in ("country", "identity", "evaluation"):
                if not self.arg(token):
                    self.reading.unread.append((token.start, token.end))
            elif token.kind == "none":
                nones.append(token)
            elif token.kind == "unread":
                self.reading.unread.append((token.start, token.end))
            elif token.kind == "absent" and self.character_arg(token):
                pass
            elif token.kind == "absent":
                self.reading.unread.append((token.start, token.end))
                self.reading.problems.append(f"本局沒有人扮演「{token.value}」")
        self.end_sentence()
        reading = self.reading
        if nones and reading.actions:
            reading.problems.append(f"訊息既寫了「{nones[0].value}」又寫了行動：請確認")
        reading.none = bool(nones) and not reading.actions
        for action in reading.actions:
            form = self.form(action.skill)
            if len(action.targets) < form.least:
                reading.problems.append(f"【{action.skill}】需要{form.least}個目標，只讀到{len(action.targets)}個")
            for key in form.args:
                if key in ONE_OF and ONE_OF.intersection(action.args):
                    continue  # 指认 names a character or a 评价: either one
                if key not in action.args:
                    reading.problems.append(f"【{action.skill}】缺少{ARG_NAMES.get(key, key)}")
        if not reading.actions and not reading.none:
            reading.problems.append("沒有讀到任何行動")
        reading.unread = _merge(reading.unread)
        if reading.unread:  # the index only when something is left to suggest for
            reading.suggestions = suggest(reading.text, reading.unread, pinyin_index(self.vocab))
        return reading


def pinyin_index(vocab: Vocabulary, skills: bool = True) -> PinyinIndex:
    """The words of ``vocab`` a typo may be meant as: the skills (unless ``skills`` is False: a vote), the ids,
    the characters played."""
    words = [(name, "skill") for name in vocab.skills] if skills else []
    words += [(pid, "player") for pid in vocab.players]
    words += [(name, "character") for name in vocab.characters]
    return PinyinIndex(words)


ARG_NAMES = {"country": "國籍", "identity": "身份", "guesses": "猜測", "character": "角色", "evaluation": "評價"}
ONE_OF = frozenset({"character", "evaluation"})
"""Arguments of which a skill takes one (the 24人 rules' 指认: a character, or a 评价)."""


def _merge(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(end, out[-1][1]))
        else:
            out.append((start, end))
    return out


def read_message(text: str, vocab: Vocabulary) -> Reading:
    """The night actions ``text`` means for the player ``vocab`` describes (see the module's doc)."""
    return _Reader(text, vocab).read(_tokens(text, vocab))


def read_vote(text: str, vocab: Vocabulary) -> Reading:
    """The day vote ``text`` means (「投孟起」, 「票投 馬超」): the one id it names, in ``vote``.

    Skill names mean nothing in a vote and are marked unread; naming no one or several is a
    problem; so is abstaining, which the rules do not allow (棄權或超時視為自投)."""
    reading = Reading(text)
    named: list[_Token] = []
    for token in _tokens(text, vocab, extra=[(w, "filler") for w in VOTE_WORDS] + [(w, "abstain") for w in ABSTAIN]):
        if token.kind == "player":
            named.append(token)
        elif token.kind == "abstain":
            reading.problems.append("投票不能棄權：棄權或超時視為自投")
        elif token.kind in ("unread", "skill", "country", "identity", "none", "absent"):
            reading.unread.append((token.start, token.end))
            if token.kind == "absent":
                reading.problems.append(f"本局沒有人扮演「{token.value}」")
    targets = list(dict.fromkeys(t.value for t in named))
    if len(targets) == 1:
        reading.vote = targets[0]
        reading.notes = list(dict.fromkeys(t.note for t in named if t.note))
    elif not targets:
        reading.problems.append("沒有讀到投票對象")
    else:
        reading.problems.append(f"讀到多個投票對象：{'、'.join(targets)}")
    reading.unread = _merge(reading.unread)
    if reading.unread:
        reading.suggestions = suggest(text, reading.unread, pinyin_index(vocab, skills=False))
    return reading
