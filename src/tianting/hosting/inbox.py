"""A player's private message read against the game as it stands, and a whole inbox at once.

:func:`read_for` is the one reading of a private message the paste box, the inbox and the QQ bridge share:
by night the actions it means (:func:`tianting.hosting.message.read_message`), checked by the engine; by
day the vote (:func:`tianting.hosting.message.read_vote`) and the value of an input the rule set declares for the
day, in a clause that says its word (:mod:`tianting.hosting.wound_message`); while a draft awaits an input's values,
those (:mod:`tianting.hosting.contest_message`). It says whether the reading may be
submitted as it is (:attr:`PlayerReading.ready`: every part read, nothing in doubt, the engine agrees),
and what the judge or the player should look at.

:func:`split_inbox` cuts a pasted inbox (「玩家01：今晚明察 子義」 lines, a forum's private-message list, a thread
page copied as text) into the messages of each sender, the senders matched to the game's ids as a message's
ids are (either script, case). A header is a line that starts with an id followed by a colon (the rest of
the line is the message's first line), or an id alone on its line (with, around it, a date or time and the
forum's words for who wrote: 發表於, 寫道, 發件人 …): a line that merely starts with an id (「子義 明察」) is
the message's text. The messages of one sender are read together, in the order pasted, as one message (a
night's submission is the player's whole list).

Pure: reads the game, changes nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from tianting.core.errors import IllegalAction
from tianting.core.names import name_key
from tianting.hosting import inputs as phase_input
from tianting.hosting.contest_message import DigitReading, read_digits
from tianting.hosting.decision_message import DecisionAnswer, read_decision
from tianting.hosting.game import HostedGame, Refused
from tianting.hosting.message import Reading, Vocabulary, read_message, read_vote
from tianting.hosting.message import _merge as merge_spans
from tianting.hosting.views import message_vocabulary, owed_seen, player_owed
from tianting.hosting.wound_message import ClauseDigit, read_clause_digit
from tianting.rules import load as load_rules
from tianting.rules.interface import PhaseInput

NOT_OPEN = "現在不是提交行動或投票的時候"
NO_CHOICE = "沒有讀到要選的角色：請寫出可選角色之一（{choices}）"
TWO_CHOICES = "讀到多個角色：{named}，請只寫一個"
LAST_WORDS_ONLY_THEIRS = "遺言只能由玩家本人留下（QQ或玩家頁面），天庭不能代交"
NOT_AN_ANSWER = "沒有讀到你的選擇：請回覆選項的編號或名稱"
NOT_PARTICIPANT = "{player}現在不能提交（已出局，或這個階段沒有他的行動）"


def clause_input(game: HostedGame) -> PhaseInput | None:
    """The input of the open phase a message gives in a clause of its own (a wound check's digit, the 24人 rules), if any."""
    return next((i for i in game.inputs() if i.stage == "open" and i.reader.clause), None)


def read_day_message(game: HostedGame, player: str, text: str, vocab: Vocabulary) -> tuple[Reading, ClauseDigit | None]:
    """A day message read as the vote, and, where the rule set declares an input given in a clause, a clause that
    says its word as its digit (ruling RJ6): the digit's reading (None if no clause says it), the vote read from
    the rest of the message (the whole of it marked)."""
    inp = clause_input(game)
    clause = read_clause_digit(text, game.ids, inp.values, word=inp.reader.word) if inp is not None else None
    if inp is None or clause is None:
        return read_vote(text, vocab), None
    found = read_vote(clause.rest(text), vocab)
    found.text = text
    found.unread = merge_spans(found.unread + clause.reading.unread)
    if found.vote is None and not clause.rest(text).strip(" ，,。；;！!？?\n"):
        found.problems = [p for p in found.problems if p != "沒有讀到投票對象"]  # a message of the digit only
    if not phase_input.owed_by(inp, player):
        clause.reading.problems.append(phase_input.text(inp, inp.texts.not_today, player=player))
        clause.reading.digits = {}
    return found, clause


@dataclass
class PlayerReading:
    """What one player's message means now: ``kind`` ``night`` (actions), ``day`` (vote, and a clause input's
    digit), the ``name`` of a draft input (the values the draft awaits), ``choose`` (a character, before the start),
    ``last_words``, ``decision`` (the answer to a choice the judge asked of the player in the draft), or None when no
    phase takes it (``problems`` says why)."""

    player: str
    text: str
    kind: str | None
    reading: Reading | None = None
    clause: ClauseDigit | None = None
    check: str | None = None
    """The engine's refusal of what was read, if any."""
    problems: list[str] = field(default_factory=list)
    """Why nothing can be read now (no phase open, a player who takes no part)."""
    asked: DigitReading | None = None
    """The values read for a draft input (``kind`` its name)."""
    owed: list[dict[str, Any]] = field(default_factory=list)
    """What the player owes the draft (with the slot, an opponent: the judges' to know, never the player's)."""
    seen: str = ""
    """What they owed as it stood when read (:func:`tianting.hosting.views.owed_seen`)."""
    input: PhaseInput | None = None
    """The declared input read (a draft input, or the day's clause input)."""
    choice: str | None = None
    """Before the game starts (``kind`` ``choose``): the character chosen from the player's list."""
    decision: DecisionAnswer | None = None
    """``kind`` ``decision``: the choice answered and the option picked (:mod:`tianting.hosting.decision_message`)."""
    questions: list[dict[str, Any]] = field(default_factory=list)
    """The choices the judge asked of the player in the draft (their view's ``decisions``), whatever the kind."""

    @property
    def digits(self) -> dict[int, int]:
        """The draft input's values read, by their number on the player's page."""
        return dict(self.asked.digits) if self.asked is not None and not self.asked.refused else {}

    @property
    def actions(self) -> list[dict[str, Any]]:
        return [a.as_json() for a in self.reading.actions] if self.reading is not None and self.kind == "night" else []

    @property
    def vote(self) -> str | None:
        return self.reading.vote if self.reading is not None and self.kind == "day" else None

    @property
    def digit(self) -> int | None:
        return self.clause.digit if self.clause is not None else None

    @property
    def none(self) -> bool:
        return self.reading is not None and self.kind == "night" and self.reading.none

    @property
    def all_problems(self) -> list[str]:
        out = list(self.problems)
        if self.reading is not None:
            out += self.reading.problems
        if self.clause is not None:
            out += self.clause.reading.problems
        if self.asked is not None:
            out += self.asked.problems
        if self.decision is not None:
            out += self.decision.problems
        if self.check:
            out.append(f"引擎檢查：{self.check}")
        return out

    @property
    def ready(self) -> bool:
        """Every part read, nothing in doubt, and the engine accepts it: it may be submitted as it is."""
        if self.asked is not None:
            return bool(self.digits) and not self.all_problems
        if self.kind == "choose":
            return self.choice is not None and not self.all_problems
        if self.kind == "last_words":
            return bool(self.text.strip()) and not self.all_problems
        if self.kind == "decision":
            return self.decision is not None and self.decision.picked and not self.all_problems
        if self.reading is None or self.all_problems or self.reading.unread:
            return False
        if self.kind == "night":
            return self.reading.none or bool(self.reading.actions)
        return self.vote is not None or self.digit is not None

    def summary(self) -> str:
        """What was read, in a line (「明察 子義；刺殺 孟起」, 「投票 孟起」, 「本夜不行動」)."""
        if self.asked is not None and self.input is not None:
            said = self.input.texts.recorded
            return "；".join(f"{said.format(number=n)} {d}" for n, d in sorted(self.digits.items()))
        if self.kind == "choose":
            return f"選擇 {self.choice}" if self.choice else ""
        if self.kind == "last_words":
            return "遺言（全文）"
        if self.kind == "decision":
            d = self.decision
            return f"【{d.skill}】選擇 {d.number}. {d.answer}" if d is not None and d.picked else ""
        if self.kind == "night":
            if self.none:
                return "本夜不行動"
            return "；".join(_action_text(a) for a in self.actions)
        parts = []
        if self.vote is not None:
            parts.append(f"投票 {self.vote}")
        if self.digit is not None and self.input is not None:
            parts.append(f"{self.input.texts.recorded.format(number=1)} {self.digit}")
        return "；".join(parts)

    def unread_text(self) -> list[str]:
        found = self.asked if self.asked is not None else self.reading
        if found is None:
            return []
        return [self.text[s:e] for s, e in found.unread]

    def as_json(self) -> dict[str, Any]:
        return {
            "player": self.player, "text": self.text, "kind": self.kind, "ready": self.ready,
            "summary": self.summary(), "actions": self.actions, "none": self.none, "vote": self.vote,
            "digit": self.digit, "digits": self.digits, "choice": self.choice,
            "decision": {"skill": self.decision.skill, "answer": self.decision.answer} if self.decision else None,
            "problems": self.all_problems, "unread": self.unread_text(),
            "suggestions": [s.as_json() for s in self.reading.suggestions] if self.reading is not None else [],
            "corrected": self.reading.corrected() if self.reading is not None and self.reading.suggestions else None,
        }


def _action_text(action: dict[str, Any]) -> str:
    words = [action["skill"], *action.get("targets", [])]
    for value in (action.get("args") or {}).values():
        if isinstance(value, list):
            words += ["、".join(" ".join(map(str, g)) if isinstance(g, list) else str(g) for g in value)]
        else:
            words.append(str(value))
    return " ".join(words)


def read_for(game: HostedGame, player: str, text: str) -> PlayerReading:
    """``player``'s private message ``text`` read for the open phase, and checked by the engine; while a draft awaits
    the player: the answer to a choice asked of them (RQ5), their last words, or a declared input's values
    (:mod:`tianting.hosting.contest_message`)."""
    phase = game.current
    if game.stage == "choosing" and load_rules(game.rules).character_choice and player in game.ids:
        return _read_choice(game, player, text)
    if game.stage == "draft" and player in game.ids:
        view = game.player_view(player)
        questions = list(view.get("decisions") or [])
        drafted = [i for i in game.inputs(now=True) if i.stage == "draft"]
        mine = player_owed(game, player) if drafted else []
        answer = read_decision(questions, text, named_only=bool(mine))
        if answer is not None:
            return PlayerReading(player, text, "decision", decision=answer, questions=questions)
        if view.get("last_words", {}).get("asked"):
            return PlayerReading(player, text, "last_words", questions=questions)  # 遺言: for the judge to approve
        if drafted:
            inp = drafted[0]
            if not mine:
                return PlayerReading(player, text, None, problems=[phase_input.text(inp, inp.texts.not_today, player=player)],
                                     questions=questions)
            digits = read_digits(text, len(mine), inp.values, names=game.ids, player=player, seats=game.ids,
                                 opponents=[c["slot"] for c in mine if c["slot"] is not None],
                                 word=inp.reader.word, ordinals=inp.reader.ordinals)
            return PlayerReading(player, text, inp.name, asked=digits, owed=mine, seen=owed_seen(game, player), input=inp,
                                 questions=questions)
        if questions:
            return PlayerReading(player, text, "decision", decision=DecisionAnswer(problems=[NOT_AN_ANSWER]),
                                 questions=questions)
    kind = phase.kind if game.stage == "open" and phase is not None else None
    if kind is None:
        return PlayerReading(player, text, None, problems=[NOT_OPEN])
    if player not in game.participants():
        return PlayerReading(player, text, kind, problems=[NOT_PARTICIPANT.format(player=player)])
    up_front = game.up_front_choices(player) if kind == "night" else []
    if up_front:  # 化身's skill, answered while the night is open: a message that names the choice answers it
        answer = read_decision(up_front, text, named_only=True)
        if answer is not None:
            return PlayerReading(player, text, "decision", decision=answer, questions=up_front)
    vocab = message_vocabulary(game, player)
    if kind == "night":
        found = PlayerReading(player, text, kind, read_message(text, vocab))
        try:
            game.check_actions(player, found.actions)
        except Refused as exc:
            found.check = exc.message
        return found
    reading, clause = read_day_message(game, player, text, vocab)
    found = PlayerReading(player, text, kind, reading, clause, input=clause_input(game) if clause is not None else None)
    if reading.vote is not None:
        try:
            game.base.check_vote(player, reading.vote)
        except IllegalAction as exc:
            found.check = exc.message
    return found


def _read_choice(game: HostedGame, player: str, text: str) -> PlayerReading:
    """The character a message before the start chooses: the one of the player's list it names (its name or its
    base, either script)."""
    roster = game.roster()
    choices = list(game.seat(player)["choices"])
    folded = name_key(text)
    named = [c for c in choices if name_key(c) in folded or name_key(roster.characters[c].base) in folded]
    found = PlayerReading(player, text, "choose")
    if len(named) == 1:
        found.choice = named[0]
    elif named:
        found.problems.append(TWO_CHOICES.format(named="、".join(named)))
    else:
        found.problems.append(NO_CHOICE.format(choices="、".join(choices)))
    return found


# ---- a whole inbox ---------------------------------------------------------------------------------------
_DATE = r"(?:\d{2,4}[-/.年]\d{1,2}[-/.月]\d{1,2}日?)"
_TIME = r"(?:\d{1,2}[:：]\d{2}(?:[:：]\d{2})?)"
_STAMP = rf"(?:{_DATE}|{_TIME}|[上下]午|今天|昨天|前天|剛剛|刚刚|\d+\s*(?:分鐘|分钟|小時|小时|天)前)"
_WHO_WORDS = r"(?:發件人|发件人|寄件人|寄件者|發信人|发信人|來自|来自|作者|樓主|楼主|from|From|FROM)"
_AROUND = rf"(?:\s|{_STAMP}|發表於|发表于|發表|发表|寫道|写道|說|说|於|于|\d+\s*(?:樓|楼|#)|#\d+|[()（）\[\]【】|｜·,，])*"


@dataclass
class InboxMessage:
    sender: str
    """The id the sender was matched to."""
    text: str
    line: int
    """The line (from 1) its header was on."""


@dataclass
class Inbox:
    messages: list[InboxMessage]
    unassigned: list[str]
    """Lines before any sender's header (not read)."""

    def by_player(self) -> dict[str, str]:
        """Each sender's messages joined, in the order pasted (senders in the order they first appear)."""
        out: dict[str, list[str]] = {}
        for m in self.messages:
            if m.text.strip():
                out.setdefault(m.sender, []).append(m.text.strip())
        return {pid: "\n".join(texts) for pid, texts in out.items()}


def _header(line: str, ids: dict[str, str]) -> tuple[str, str] | None:
    """``(id, rest of the line)`` if ``line`` heads a message, else None."""
    stripped = line.strip()
    prefix = re.match(rf"^{_WHO_WORDS}\s*[：:]?\s*", stripped)
    body = stripped[prefix.end():] if prefix else stripped
    lead = re.match(rf"^{_AROUND}", body)
    body = body[lead.end():] if lead else body
    folded = name_key(body).lower()
    for key in sorted(ids, key=len, reverse=True):
        if not folded.startswith(key):
            continue
        rest = body[len(key):]
        colon = re.match(rf"^{_AROUND}[：:]\s*", rest)
        if colon:
            return ids[key], rest[colon.end():]
        if re.fullmatch(_AROUND, rest):
            return ids[key], ""
        if prefix:  # 「發件人：玩家01 主題……」: the sender named by the forum's own word
            return ids[key], ""
    return None


def split_inbox(text: str, ids: list[str]) -> Inbox:
    """``text`` cut into the messages of each sender (see the module's doc)."""
    keys = {name_key(pid).lower(): pid for pid in ids}
    messages: list[InboxMessage] = []
    unassigned: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        head = _header(line, keys)
        if head is not None:
            messages.append(InboxMessage(head[0], head[1], number))
        elif messages and not messages[-1].text and re.fullmatch(_AROUND, line):
            continue  # the header's date or time on a line of its own
        elif messages:
            messages[-1].text += ("\n" if messages[-1].text else "") + line
        elif line.strip():
            unassigned.append(line)
    return Inbox(messages, unassigned)


def read_inbox(game: HostedGame, text: str) -> tuple[list[PlayerReading], Inbox]:
    """One reading per sender of the pasted inbox ``text`` (:func:`split_inbox`, :func:`read_for`)."""
    inbox = split_inbox(text, game.ids)
    return [read_for(game, pid, body) for pid, body in inbox.by_player().items()], inbox
