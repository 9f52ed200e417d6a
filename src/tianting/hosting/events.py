"""The inputs of a hosted game: one append-only list of events.

Every event has a per-game sequence number, a kind, an actor (``judge``,
``judge:北斗`` / ``judge:南斗`` / ``judge:裁判`` in a game of three judges (``judges.py``),
``system`` or a player id), a JSON payload and the time it was committed.
Whatever the event needs from the clock (a deadline) is written into its
payload when it is made, so folding the same events always gives the same
game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

JUDGE = "judge"
SYSTEM = "system"

CREATED = "created"
"""The judge created the game: rules, forum ids, title, durations, seed commitment."""
CHOOSE = "choose"
"""A player chose their character (or the judge assigned one: actor ``judge``, payload ``player``)."""
START = "start"
"""The judge started night 1."""
SUBMIT = "submit"
"""A player's whole list of night actions, replacing any earlier one (actor ``judge``, payload
``player``: the judge submitted it for them, from their private message)."""
VOTE = "vote"
"""A player's day vote, replacing any earlier one (from the judge, payload ``player``: entered
for them from their private message)."""
DEADLINE = "deadline"
"""The judge set the open phase's deadline."""
RESOLVE = "resolve"
"""The open phase closed: the draft is resolved from what was submitted so far."""
DECIDE = "decide"
"""A choice that arose in the draft answered: by the judge, or by its player once asked."""
ASK_DECISION = "ask_decision"
"""The judge asked a player to answer their own choice in the draft (轉生's form, 託孤's heir …)."""
ASK_LAST_WORDS = "ask_last_words"
"""The judge asked the draft's dead for their last words."""
LAST_WORDS = "last_words"
"""A dead player's last words (pending the judge's approval)."""
RULE_LAST_WORDS = "rule_last_words"
"""The judge approved or refused a player's last words (遺言的合法性由天庭裁定)."""
EDIT = "edit"
"""The judge reworded a text of the draft (audit-logged)."""
PUBLISH = "publish"
"""The judge published the draft; the next phase opens."""
PEACE = "peace"
"""A peace ruling (議和): by the judge's judgement or by the lords' agreement."""
NOTE = "note"
"""A free ruling or remark of the judge, kept in the 復盤."""
RULE = "rule"
"""The judge's ruling on the draft (game-script.md ``rulings``: void, spare, injure, kill, heal, tell):
payload ``ruling`` adds one, ``remove`` (an index) takes one back; either re-drafts."""

DIGIT = "digit"
"""A wounded player's digit for the day's 伤判 (rule sets with ``digits``: the 24人 rules, R-SG12), replacing
any earlier one; without one the game draws it (from the judge, payload ``player``: entered for them from
their private message)."""

EXTEND = "extend"
"""The system: a night's submission stage ended (its deadline, or everyone in) with an extension the rule set
gives (鼎立三分2.0's 巧设反间: 「延长周瑜以及与周瑜互识的角色15分钟的时间提交行动」): payload ``phase``, ``until`` and the
``players`` who may still send; checked against the rule set when folded."""

MESSAGE = "message"
"""A player's private message as it was received (the QQ bridge, issue 32: payload ``text``, ``via`` ``qq`` and
the sender's ``message_id`` on their side, which makes a message sent twice one): kept so the 復盤 shows every
message; it changes nothing in the game (what it means is submitted by a ``submit``, ``vote`` or ``digit``).
The QQ number is not in it (a binding is the judges' alone)."""
SUBSTITUTE = "substitute"
"""The judge (北斗) hands a seat to a new forum id (替補): ``player`` (the seat's id), ``by`` (the new id), ``reason``
(hosting/substitutes.py)."""

PAYLOAD_KEYS: dict[str, tuple[str, ...]] = {
    CREATED: ("rules", "ids", "title", "seed", "salt", "commitment", "night_minutes", "day_minutes", "chibi",
              "judges", "draw_order", "pack_edition", "pack"),  # draw_order: hosting/draw_order.py (absent in older
    # games: listed); pack: the judge's own character pack (tianting/judge_pack.py; absent: the bundled one)
    CHOOSE: ("player", "character"),
    START: ("deadline",),
    SUBMIT: ("player", "actions", "via"),
    VOTE: ("player", "target", "via"),
    DEADLINE: ("deadline",),
    RESOLVE: ("phase", "why"),
    DECIDE: ("actor", "skill", "answer"),
    ASK_DECISION: ("actor", "skill"),
    ASK_LAST_WORDS: (),
    LAST_WORDS: ("text",),
    RULE_LAST_WORDS: ("player", "approved", "reason"),
    EDIT: ("target", "text", "player", "index"),
    PUBLISH: ("deadline",),
    PEACE: ("judge", "proposer", "agreed"),
    NOTE: ("text",),
    RULE: ("ruling", "remove"),
    EXTEND: ("phase", "until", "players"),
    DIGIT: ("player", "digit", "via", "contest", "against"),  # 拼點: which of the player's, or the opponent (a judge)
    MESSAGE: ("text", "via", "message_id"),
    SUBSTITUTE: ("player", "by", "reason"),
}
"""The fields an event of each kind may carry: the server stores nothing else (``tianting verify``
refuses an event with any other field, which nothing would read and nothing could check). Every
kind has its entry (a test checks it)."""

KINDS = (CREATED, CHOOSE, START, SUBMIT, VOTE, DEADLINE, RESOLVE, DECIDE, ASK_DECISION, ASK_LAST_WORDS, LAST_WORDS,
         RULE_LAST_WORDS, EDIT, PUBLISH, PEACE, NOTE, RULE, DIGIT, EXTEND, MESSAGE, SUBSTITUTE)


@dataclass(frozen=True)
class Event:
    """One stored input of a game."""

    seq: int
    kind: str
    actor: str
    payload: dict[str, Any] = field(default_factory=dict)
    at: str = ""
    """ISO 8601 UTC time of the commit (informative; the fold never reads the clock)."""

    def as_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "kind": self.kind, "actor": self.actor, "payload": self.payload, "at": self.at}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Event:
        return cls(int(data["seq"]), str(data["kind"]), str(data["actor"]), dict(data.get("payload") or {}),
                   str(data.get("at") or ""))
