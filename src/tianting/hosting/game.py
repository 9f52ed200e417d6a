"""A hosted game, derived by folding its events.

:meth:`HostedGame.apply` checks one event against the game as it stands and
either raises :class:`Refused` (with a message for the user, nothing changed)
or applies it. The server appends an event only after ``apply`` accepted it,
so the stored list is always a valid history, and folding it again (after a
restart, on another process, in ``tianting verify``) gives the same game.

The engine is reached only through the game-script contract: the published
and drafted phases add up to a game script (:meth:`HostedGame.script`), and
:func:`tianting.script.play_script` plays it. A draft is the last phase of
that replay; the base that submissions are checked against is the game after
the published phases. Each phase is resolved once: the replay goes on from
the play of the published phases (:mod:`tianting.hosting.fold`, which says
what a new kind of event must respect).
"""

from __future__ import annotations

import copy
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from tianting import judge_pack
from tianting.core import pack_edition, times
from tianting.core.action_set import check_phase
from tianting.core.answers import AnswerProblem, read_answer
from tianting.core.errors import IllegalAction, ScriptError, TiantingError
from tianting.core.records import default_warning
from tianting.core.usertext import shown
from tianting.hosting import events as ev
from tianting.hosting import fold, judges, substitutes
from tianting.hosting import inputs as phase_input
from tianting.hosting.draw_order import draw_order_field, draw_order_of, draw_order_refusal
from tianting.hosting.edits import keep_edits, spot_of
from tianting.hosting.events import Event
from tianting.hosting.fairness import commitment
from tianting.rules import RULESETS
from tianting.rules import load as load_rules
from tianting.rules.interface import Owed, PhaseInput, PhaseSpot
from tianting.script import SCRIPT_FORMAT, PlayerIds, _action, resolution_order
from tianting.setup import draw_setup

SUICIDE = "自杀"
"""鼎立三分2.0's 自杀 (its canonical name): 「即时生效，不可修改」 once sent."""
MAX_TEXT = 2000
"""Longest last words, edit or note the server accepts (characters)."""
MAX_ACTIONS = 12
"""Most actions one player may list for one night."""
MAX_RULINGS = 60
"""Most rulings the judge may make on one phase."""



def _night_dead(announcement: dict[str, Any]) -> list[str]:
    """Who may leave last words: the night's announced dead (``died``: the exited and a lord who plays on,
    R11), or ``exited`` in a draft made before that field existed; never the ``silent`` (鼎立三分2.0: 「自杀、
    自然死亡、伤判死亡的人……也无遗言发布」, and an id sent out of the game)."""
    silent = set(announcement.get("silent", ()))
    return [pid for pid in announcement.get("died", announcement.get("exited", [])) if pid not in silent]



def _later(at: str, minutes: int) -> str:
    """``at`` (ISO 8601, as events are stamped) plus ``minutes``, in the same form."""
    return (datetime.fromisoformat(at) + timedelta(minutes=minutes)).isoformat()


class Refused(TiantingError):
    """An event the game does not allow now; ``message`` is for the user, ``status`` the HTTP code."""

    def __init__(self, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


@dataclass
class LastWords:
    text: str
    status: str = "pending"
    """``pending``, ``approved`` or ``refused``."""
    reason: str = ""


def taken_actions(index: int, count: int, rejected: Iterable[dict[str, Any]]) -> list[int]:
    """The indices of the ``count`` entries of phase ``index``'s script ``actions`` that the engine took: those the
    transcript's ``rejected`` does not name (``phases[i].actions[j]``), in order."""
    refused = {r.get("where") for r in rejected}
    return [j for j in range(count) if f"phases[{index}].actions[{j}]" not in refused]


@dataclass
class Phase:
    """One phase of the hosted game: open for submissions, drafted, then published."""

    kind: str
    """``night`` or ``day``."""
    number: int
    deadline: str | None = None
    submissions: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    """Each player's current list of actions (by night; by day only skills usable by day), in the order
    of their latest submission."""
    votes: dict[str, str] = field(default_factory=dict)
    submitted_by: dict[str, str] = field(default_factory=dict)
    """The players whose current list (night) or vote (day) the judge entered for them, from their
    private message."""
    resolved_by: str | None = None
    decisions: list[dict[str, Any]] = field(default_factory=list)
    asked_decisions: list[tuple[str, str]] = field(default_factory=list)
    """(actor, skill) of the draft's choices the judge asked their players to answer."""
    asked_last_words: bool = False
    last_words: dict[str, LastWords] = field(default_factory=dict)
    edits: list[dict[str, Any]] = field(default_factory=list)
    """Every edit of the wording (the audit log), current ones marked ``current``."""
    draft: dict[str, Any] | None = None
    """The phase as the engine resolved it (transcript shape) while it is a draft or published."""
    uses: list[dict[str, Any]] | None = None
    """What came of each action of the draft (the transcript's ``uses`` shape), the judges' to read and no one
    else's: the draft's own ``uses`` where the rule set's transcript has them (sg24, 鼎立三分2.0), else what the
    rule set's ``judge_uses`` reads from the drafted game (KK 3.3, whose transcript keeps its bytes); None for a
    rule set with neither. Kept here, outside the draft, so neither the transcript nor the export changes."""
    draft_warnings: list[str] = field(default_factory=list)
    notices: list[dict[str, Any]] = field(default_factory=list)
    """What the judge should know about the draft, each where it matters (:meth:`HostedGame._notices`)."""
    rulings: list[dict[str, Any]] = field(default_factory=list)
    """The judge's rulings on this phase (game-script.md ``rulings``), in the order made."""
    lost_edits: list[dict[str, Any]] = field(default_factory=list)
    """The edits the last re-drafting could not keep: the text they replaced changed."""
    edited: dict[tuple[Any, ...], str] = field(default_factory=dict)
    """The draft's texts as the current edits leave them, by spot (:data:`tianting.hosting.edits.Spot`)."""
    published: bool = False
    peace: dict[str, Any] | None = None
    script_entry: tuple[dict[str, Any] | None, dict[str, Any]] | None = field(default=None, repr=False,
                                                                               compare=False)
    parsed: dict[str, tuple[list[dict[str, Any]], Any, list[Any]]] = field(default_factory=dict, repr=False,
                                                                            compare=False)
    """Each player's current list as the engine's actions, with the list and the base game they were read from
    (:meth:`HostedGame._others`): read once a list, not again at every other player's submission."""
    """Once published: the phase's game-script entry as the fold plays it, with the ``peace`` it was made with (a
    published phase's inputs never change but for a peace ruled on it; :meth:`HostedGame._script`)."""
    extension: dict[str, Any] | None = None
    """A night's extra time after its submission stage (``EXTEND``): ``at``, ``until``, ``players`` and the rule
    set's ``reports`` (each user's own, e.g. 巧设反间's)."""
    digits: dict[str, Any] = field(default_factory=dict)
    """The values players gave for the phase's declared inputs (game-script.md ``digits``: :meth:`HostedGame.inputs`),
    in the order of their latest: ``{player: value}``, or ``{player: {slot: value}}`` where values have slots."""

    @property
    def resolved(self) -> bool:
        return self.resolved_by is not None

    @property
    def label(self) -> str:
        return f"第{self.number}{'夜' if self.kind == 'night' else '日'}"


def _own(event: Event) -> None:
    """A player's own choice, submission, vote or digit names no other player and came by no judge's hand: its
    ``player`` is absent or the actor, it has no ``via`` (what the server stores; ``verify`` passes nothing else)."""
    if event.payload.get("player", event.actor) != event.actor or "via" in event.payload:
        raise Refused("玩家本人的提交不能指明其他玩家或代為提交的方式（player、via 只用於天庭代為提交）", 422)


def _deadline(payload: dict[str, Any]) -> str | None:
    """The ``deadline`` an event sets (start, deadline, publish): none, or an ISO 8601 time as the server stores it.
    Checked even where no phase follows (the publish that ends the game), so ``verify`` passes no other value."""
    value = payload.get("deadline")
    if value is None:
        return None
    if isinstance(value, str):
        try:
            datetime.fromisoformat(value)
            return value
        except ValueError:
            pass
    raise Refused(f"時限格式錯誤（應為ISO 8601時間，例：2026-12-01T20:00:00+00:00），而不是「{shown(value)}」", 422)


def _text(payload: dict[str, Any], key: str, what: str, limit: int = MAX_TEXT, empty: bool = False) -> str:
    value = payload.get(key)
    if not isinstance(value, str):
        raise Refused(f"{what}必須是文字", 422)
    value = value.strip()
    if not value and not empty:
        raise Refused(f"{what}不能為空", 422)
    if len(value) > limit:
        raise Refused(f"{what}過長（最多{limit}字，現有{len(value)}字）", 413)
    return value


def _has_control(text: str) -> bool:
    """True if ``text`` holds a control character (ids and titles are stored as plain columns:
    PostgreSQL refuses NUL, and a line break in an id would garble every list of ids)."""
    return any(unicodedata.category(c) == "Cc" for c in text)


def _printable(text: str) -> str:
    return "".join(c if unicodedata.category(c) != "Cc" else "?" for c in text)


class HostedGame:
    """Everything about one hosted game, derived from its events."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.meta: dict[str, Any] = {}
        self.setup: dict[str, Any] = {}
        self.characters: dict[str, str] = {}
        self.phases: list[Phase] = []
        self.started = False
        self.notes: list[dict[str, Any]] = []
        self.messages: list[dict[str, Any]] = []
        """Players' private messages as received (``message`` events: seq, at, player, text, phase)."""
        self.substitutes: list[dict[str, Any]] = []
        """Each seat handed to a new forum id (替補, hosting/substitutes.py), in the order made."""
        self._base: Any = None
        """The engine game after the published phases (checks run against it)."""
        self._draft_game: Any = None
        self._played: fold.Played | None = None
        """The script of the published phases played (its game is the base)."""
        self._before: fold.Played | None = None
        """The script played through the phase before the last published one (a peace ruled on that phase
        goes on from it)."""
        self._drafted: fold.Played | None = None
        """The script played through the draft (its game is the draft's)."""
        self._ids_kept: tuple[tuple[str, ...], PlayerIds] | None = None

    # ---- folding ------------------------------------------------------------
    @classmethod
    def fold(cls, events: list[Event]) -> HostedGame:
        game = cls()
        for event in events:
            game.apply(event)
        return game

    @property
    def seq(self) -> int:
        return self.events[-1].seq if self.events else 0

    def apply(self, event: Event) -> None:
        """Check ``event`` and apply it; raise :class:`Refused` (changing nothing) if not allowed."""
        if event.seq != self.seq + 1:
            raise Refused(f"事件序號應為{self.seq + 1}，而不是{event.seq}", 409)
        if not self.events and event.kind != ev.CREATED:
            raise Refused("遊戲尚未建立", 409)
        handler = getattr(self, f"_on_{event.kind}", None)
        if handler is None or event.kind not in ev.KINDS:
            raise Refused(f"未知的事件「{event.kind}」", 422)
        if self.over and event.kind not in (ev.NOTE, ev.CREATED):
            raise Refused("遊戲已經結束", 409)
        handler(judges.acting(self, event))  # a judge of three: only their own powers (hosting/judges.py)
        self.events.append(event)

    # ---- queries ------------------------------------------------------------
    @property
    def rules(self) -> str:
        return str(self.meta["rules"])

    @property
    def ids(self) -> list[str]:
        return list(self.meta["ids"])

    @property
    def current(self) -> Phase | None:
        """The phase being played or drafted (the last one), if the game has started."""
        return self.phases[-1] if self.phases else None

    @property
    def over(self) -> bool:
        return self._base is not None and bool(self._base.state.over)

    @property
    def base(self) -> Any:
        """The engine game after the published phases."""
        return self._base

    @property
    def stage(self) -> str:
        """``choosing``, ``open``, ``draft`` or ``over``."""
        if self.over:
            return "over"
        if not self.started:
            return "choosing"
        phase = self.current
        assert phase is not None
        return "draft" if phase.resolved else "open"

    def seat(self, pid: str) -> dict[str, Any]:
        for player in self.setup["players"]:
            if player["id"] == pid:
                return player
        raise Refused(f"未知的玩家「{pid}」", 404)

    def expected(self) -> list[str]:
        """The ids who still owe a submission (night) or a vote (day) in the open phase."""
        phase = self.current
        if self.stage != "open" or phase is None:
            return []
        if phase.kind == "night":
            return [p.id for p in self._base.state.players.values()
                    if self._base.can_act(p) and p.id not in phase.submissions]
        if self._base.vote_skipped():
            return []  # 「跳過次日投票階段」 (落鴻哀歌): no one votes today
        return [p.id for p in self._base.voters() if p.id not in phase.votes]

    def participants(self) -> list[str]:
        """The ids who may submit (night) or vote (day) in the open phase."""
        phase = self.current
        if self.stage != "open" or phase is None:
            return []
        if phase.kind == "night":
            return [p.id for p in self._base.state.players.values() if self._base.can_act(p)]
        if self._base.vote_skipped():
            return []
        # 涅槃：你死亡後仍可投票 — such a player may vote, though no vote is owed (see expected)
        return [p.id for p in self._base.voters()] + [p.id for p in self._base.posthumous_voters()]

    def follow_ups(self, now: str) -> list[tuple[str, str, dict[str, Any]]]:
        """Events the system owes now: resolving the open phase once all are in or its deadline passed."""
        phase = self.current
        if self.stage != "open" or phase is None:
            return []
        if not self.participants():
            return []
        index = len(self.phases) - 1
        if phase.extension is not None:
            if now >= phase.extension["until"]:
                return [(ev.RESOLVE, ev.SYSTEM, {"phase": index, "why": "extension"})]
            return []
        why = "all-in" if not self.expected() else "deadline" if phase.deadline and now >= phase.deadline else None
        if why is None:
            return []
        extension = self._extension()
        if extension is not None:  # the stage ends now; some may still send (巧设反间)
            until = _later(now, extension["minutes"])
            return [(ev.EXTEND, ev.SYSTEM, {"phase": index, "until": until, "players": extension["players"]})]
        return [(ev.RESOLVE, ev.SYSTEM, {"phase": index, "why": why})]

    def _extension(self) -> dict[str, Any] | None:
        """The extra time the rule set gives as the open night's submission stage ends (``submission_extension``,
        optional member: 鼎立三分2.0's 巧设反间), from the lists as sent and the day before's."""
        phase = self.current
        given = getattr(load_rules(self.rules), "submission_extension", None)
        if given is None or phase is None or phase.kind != "night" or self._base is None:
            return None
        day = self.phases[-2] if len(self.phases) > 1 and self.phases[-2].kind == "day" else None
        day_lists = day.submissions if day is not None else {}
        void = [r.get("action") for r in (day.rulings if day is not None else []) if r.get("effect") == "void"]
        return given(self._base, phase.submissions, day_lists, void)  # type: ignore[no-any-return]

    def due(self) -> str | None:
        """When the system next owes the open phase something: the end of its extension, else its deadline."""
        phase = self.current
        if self.stage != "open" or phase is None:
            return None
        return phase.extension["until"] if phase.extension is not None else phase.deadline

    # ---- scripts and the engine ----------------------------------------------
    def script(self, through: int | None = None, secret: bool = True) -> dict[str, Any]:
        """The game script the phases add up to (``through``: the last phase index to include); made afresh, the
        caller's to keep or change, but for a judge's ``pack``, the stored one itself (read it, never change it)."""
        last = len(self.phases) - 1 if through is None else through
        phases = []
        for phase in self.phases[: last + 1]:
            if not phase.resolved:
                break
            phases.append(self._entry(phase))
        return self._with_header(phases, secret)

    def _script(self, through: int) -> tuple[dict[str, Any], int]:
        """:meth:`script` (``secret``) for the fold, and how many of its first phases are published: their entries
        are made once (a deep copy, never changed afterwards: :attr:`Phase.script_entry`) and shared by every
        script made since, so that a kept play (hosting/fold.py) is matched by identity, not compared in depth,
        and a script costs the phases not yet published, not the whole game."""
        phases: list[dict[str, Any]] = []
        shared = 0
        for phase in self.phases[: through + 1]:
            if not phase.resolved:
                break
            if phase.published:
                kept = phase.script_entry
                if kept is None or kept[0] != phase.peace:  # a peace ruled on it since (or taken back)
                    kept = phase.script_entry = (copy.deepcopy(phase.peace), copy.deepcopy(self._entry(phase)))
                shared += shared == len(phases)  # published phases come first: all of them, but keep it exact
                phases.append(kept[1])
            else:
                phases.append(self._entry(phase))
        return self._with_header(phases, True), shared

    @staticmethod
    def _entry(phase: Phase) -> dict[str, Any]:
        """One resolved phase's game-script entry."""
        entry: dict[str, Any] = {"phase": phase.kind}
        if phase.kind == "night":
            entry["actions"] = [a for acts in phase.submissions.values() for a in acts]
            words = {pid: w.text for pid, w in phase.last_words.items() if w.status == "approved"}
            if words:
                entry["last_words"] = words
            if phase.digits:  # a night's inputs, per slot (the rule set's declaration)
                entry["digits"] = copy.deepcopy(phase.digits)
        else:
            entry["votes"] = dict(phase.votes)
            if phase.digits:
                entry["digits"] = dict(phase.digits)
            actions = [a for acts in phase.submissions.values() for a in acts]
            if actions:  # actions by day (「可以於白天使用」, 奇襲): checked like a night's
                entry["actions"] = actions
        if phase.decisions:
            entry["decisions"] = [dict(d) for d in phase.decisions]
        if phase.rulings:
            entry["rulings"] = [dict(r) for r in phase.rulings]
        if phase.peace:
            entry["peace"] = dict(phase.peace)
        return entry

    def _with_header(self, phases: list[dict[str, Any]], secret: bool) -> dict[str, Any]:
        script: dict[str, Any] = {
            "format": SCRIPT_FORMAT,
            "rules": self.rules,
            "seed": self.meta["seed"] if secret else None,
            "players": [{"id": p["id"], "country": p["country"], "identity": p["identity"],
                         "character": self.characters.get(p["id"])} for p in self.setup["players"]],
            "phases": phases,
        }
        if self.setup.get("chibi"):
            script["chibi"] = True  # the table's 『角色技能·赤壁之戰』 (R29): what 化身 may draw
        script.update(draw_order_field(self.meta))  # a game created before draw orders had a name: "listed"
        if judge_pack.FIELD in self.meta:
            script[judge_pack.FIELD] = self.meta[judge_pack.FIELD]  # the judge's own pack (shared, never changed)
        elif hasattr(load_rules(self.rules), "bundled_pack"):
            script.update(pack_edition.script_field(self.meta))  # a game created before issue 31: edition 1
        return script

    def _play(self, through: int) -> fold.Played:
        """The script through phase ``through`` played, going on from what is kept (hosting/fold.py)."""
        try:
            script, shared = self._script(through)
            return fold.play(script, self._played, self._drafted, self._before, shared=shared)
        except ScriptError as exc:
            raise Refused(exc.message, 422) from None

    def _redraft(self) -> None:
        phase = self.current
        assert phase is not None
        played = self._play(len(self.phases) - 1)
        game, transcript = played.game, played.transcript
        phase.draft = transcript["phases"][-1]
        phase.uses = self._uses(len(self.phases) - 1, phase, game)
        prefix = f"phases[{len(self.phases) - 1}]: "
        phase.draft_warnings = [w.removeprefix(prefix) for w in transcript["warnings"] if w.startswith(prefix)]
        phase.notices = self._notices(phase)
        phase.lost_edits = self._keep_edits(phase)
        self._draft_game = game
        self._drafted = played

    def _player_ids(self) -> PlayerIds:
        """:class:`PlayerIds` of the base's players (kept while they are the same ids: every submission and vote
        reads it)."""
        ids = tuple(self._base.state.players)
        if self._ids_kept is None or self._ids_kept[0] != ids:
            self._ids_kept = (ids, PlayerIds(self._base.state.players))
        return self._ids_kept[1]

    def _uses(self, index: int, phase: Phase, game: Any) -> list[dict[str, Any]] | None:
        """:attr:`Phase.uses` of the phase ``index`` just drafted (``game``: played through it). For ``judge_uses``
        (KK 3.3), the actions taken are those of the phase's script ``actions`` (its submissions in order) that the
        draft did not refuse (``rejected``: ``phases[i].actions[j]``)."""
        draft = phase.draft
        assert draft is not None
        if "uses" in draft:
            return draft["uses"]  # type: ignore[no-any-return]
        read = getattr(load_rules(self.rules), "judge_uses", None)
        if read is None:
            return None
        entries = [a for acts in phase.submissions.values() for a in acts]  # as script() lists them
        taken = resolution_order(game, entries, taken_actions(index, len(entries), draft["rejected"]),
                                 f"phases[{index}]", draw_order_of(self.meta))
        return read(game, index, taken, draft["trace"])  # type: ignore[no-any-return]

    def _notices(self, phase: Phase) -> list[dict[str, Any]]:
        """Every warning of the draft with the player and skill it is about and the skill's rule text:
        passive skills in play not built (the judge rules for them), choices that took their
        default, actions left out at resolution, and the phase's other warnings."""
        base, draft = self._base, phase.draft
        assert draft is not None
        out: list[dict[str, Any]] = []
        judge_ruled = load_rules(self.rules).judge_rules_skills
        for pid, character, skill in base.unbuilt_passives():
            if base.state.players[pid].alive:
                why = "由天庭裁定（角色包未給出可執行的效果），引擎不結算" if judge_ruled else "尚未實作，本階段結算中不生效"
                out.append({"kind": "unbuilt", "player": pid, "character": character, "skill": skill,
                            "rule": base.rule_text(pid, skill),
                            "message": f"{pid}（{character}）的被動技能【{skill}】{why}；若它應當起作用，請裁定"})
        defaulted = set()  # their messages, which the engine's warnings repeat (kk33)
        for d in draft["decisions"]:
            if d["defaulted"]:  # a draft stored before "drawn" was recorded: said 「隨機」, as it did then
                message = default_warning(d["actor"], d["skill"], d["answer"], d.get("drawn", True))
                defaulted.add(message)
                out.append({"kind": "defaulted", "player": d["actor"], "skill": d["skill"],
                            "rule": base.rule_text(d["actor"], d["skill"]), "message": message})
        for r in draft["rejected"]:
            entry = r.get("entry") if isinstance(r.get("entry"), dict) else {}
            actor, skill = entry.get("actor"), entry.get("skill")
            what = f"{actor} 的【{skill}】" if actor and skill else "一個行動"
            out.append({"kind": "left_out", "player": actor, "skill": skill,
                        "rule": base.rule_text(actor, skill) if isinstance(actor, str) and isinstance(skill, str) else "",
                        "message": f"{what}未予結算：{r['message']}"})
        for w in phase.draft_warnings:
            if w not in defaulted:
                out.append({"kind": "other", "player": None, "skill": None, "rule": "", "message": w})
        return out

    def _keep_edits(self, phase: Phase) -> list[dict[str, Any]]:
        """Re-drafted: each edit is carried onto the new draft's text where the lines it replaced are still there
        (:func:`tianting.hosting.edits.keep_edits`); the others are dropped, and returned for the judge."""
        draft = phase.draft
        assert draft is not None
        phase.edited, lost = keep_edits(phase.edits, draft["announcement"]["text"], draft["feedback"])
        return lost

    # ---- texts --------------------------------------------------------------
    def announcement_text(self, index: int) -> str:
        phase = self.phases[index]
        assert phase.draft is not None
        return str(phase.edited.get(("announcement",), phase.draft["announcement"]["text"]))

    def feedback_items(self, index: int, pid: str) -> list[dict[str, Any]]:
        """``pid``'s feedback for phase ``index``, with the judge's current rewording."""
        phase = self.phases[index]
        assert phase.draft is not None
        items = [dict(item) for item in phase.draft["feedback"].get(pid, [])]
        for j, item in enumerate(items):
            item["text"] = phase.edited.get(("feedback", pid, j), item["text"])
        return items

    def published(self) -> list[tuple[int, Phase]]:
        return [(i, p) for i, p in enumerate(self.phases) if p.published]

    def public_announcements(self) -> list[dict[str, Any]]:
        """The public thread: each published phase's announcement, as published."""
        out = []
        hidden = load_rules(self.rules).judge_only
        for i, phase in self.published():
            assert phase.draft is not None
            shown = {k: v for k, v in phase.draft["announcement"].items() if k not in hidden}
            out.append({"index": i, "phase": phase.kind, "number": phase.number, "label": phase.label,
                        **shown, "text": self.announcement_text(i)})
        return out

    def player_view(self, pid: str) -> dict[str, Any]:
        """What ``pid`` may see now: the rules' own per-player view, as published, plus their own inputs."""
        seat = self.seat(pid)
        view: dict[str, Any] = {"id": pid, "country": seat["country"], "identity": seat["identity"],
                                "character": self.characters.get(pid), "choices": list(seat.get("choices", [])),
                                "stage": self.stage, "title": self.meta["title"]}
        if self._base is None:
            if "choices" not in seat:  # dealt, not chosen
                return view
            roster = self._roster()
            mine = {roster.characters[c].base for c in seat["choices"]}
            view["taken"] = sorted(self._taken_bases(exclude=pid) & mine)  # others' choices stay secret
            return view
        view.update(load_rules(self.rules).player_view(self._base, pid))
        view["stage"] = self.stage
        view["title"] = self.meta["title"]
        view["feedback"] = [{"phase": p.kind, "number": p.number, "label": p.label, **item}
                            for i, p in self.published() for item in self.feedback_items(i, pid)]
        view["announcements"] = self.public_announcements()
        phase = self.current
        if phase is not None and not self.over:
            view["open"] = {"kind": phase.kind, "number": phase.number, "label": phase.label,
                            "deadline": phase.deadline, "resolved": phase.resolved,
                            "may_act": pid in self.participants() and (
                                phase.extension is None or pid in phase.extension["players"]),
                            "actions": list(phase.submissions.get(pid, [])),
                            "submitted": pid in phase.submissions or pid in phase.votes,
                            "by_judge": phase.submitted_by.get(pid) == ev.JUDGE,
                            "vote": phase.votes.get(pid)}
            if phase.extension is not None and pid in phase.extension["players"]:
                # 巧设反间: this id may go on sending until then; its user learns what they asked (others: nothing)
                view["open"]["extension"] = {"until": phase.extension["until"],
                                             "report": phase.extension["reports"].get(pid)}
            successors = self.successors_tonight(pid)
            if successors:  # 「自杀即时生效」: the successor(s) this id plays for the rest of the night (D-A2)
                view["open"]["successors"] = successors
            for inp in self.inputs(now=True):  # what the rule set asks of this id now, never a slot (an opponent)
                view["open"].update(phase_input.view_part(inp, phase.digits, pid))
            if phase.kind == "day" and self.acts_by_day(pid):
                view["open"]["by_day"] = True  # a day action form beside the vote (緩釋, 奇襲)
                view["open"]["acted"] = pid in phase.submissions
            chosen = {d["skill"]: d["answer"] for d in phase.decisions if d["actor"] == pid
                      and d["skill"] in self._offered_choices(pid)}
            if chosen:  # 化身's skill, answered while the phase is open
                view["open"]["chosen"] = chosen
            asked = [d for d in (phase.draft or {}).get("decisions", []) if (pid, d["skill"]) in phase.asked_decisions
                     and d["actor"] == pid]
            if asked:  # only what the judge asked of this player: the choice, its options, the answer so far
                from tianting.hosting.views import option_texts

                draft = phase.draft or {}
                died = any(x["id"] == pid for x in draft.get("truth", {}).get("deaths", []))
                known: dict[str, Any] = {}  # 託孤：你獲悉本國尚存活的角色 — what the draft's feedback tells them
                for item in draft.get("feedback", {}).get(pid, []):
                    for other, character in (item.get("data", {}).get("alive") or {}).items():
                        known[other] = {"character": character}
                view["decisions"] = [{"skill": d["skill"], "options": list(d.get("options") or []),
                                      "answer": None if d["defaulted"] else d["answer"],
                                      "context": "；".join(x for x in (
                                          f"你於{phase.label}死亡，須作出【{d['skill']}】的選擇" if died else "",
                                          d.get("context") or "") if x),  # what it is about (飛沙走石)
                                      "rule": self._base.rule_text(pid, d["skill"]),
                                      "help": option_texts(self._roster(), list(d.get("options") or []), known)}
                                     for d in asked]
            if phase.asked_last_words and phase.draft and pid in _night_dead(phase.draft["announcement"]):
                words = phase.last_words.get(pid)
                view["last_words"] = {"asked": True, "text": words.text if words else "",
                                      "status": words.status if words else "none",
                                      "reason": words.reason if words else ""}
                # asked for last words because they died tonight: say so, and show them tonight's own
                # feedback as it stands in the draft (the judge may still reword it before publishing)
                view["status"] = "out"
                view["last_words"]["feedback"] = [  # the words only: the draft's data stays the judge's
                    {"phase": phase.kind, "number": phase.number, "label": phase.label,
                     "skill": item.get("skill"), "text": item.get("text")}
                    for item in self.feedback_items(len(self.phases) - 1, pid)]
        if self.over:
            view["revealed"] = True
        return view

    def successors_tonight(self, pid: str) -> list[dict[str, Any]]:
        """After a suicide in ``pid``'s list for the open night (「角色自杀在行动提交阶段提交，即时生效」), the rule set's
        ``successor_rows`` (optional member; absent: nothing): the character(s) ``pid`` now plays, each with its
        skills, for the rest of the night. ``pid``'s own: only in ``pid``'s view."""
        rules = load_rules(self.rules)
        rows_of = getattr(rules, "successor_rows", None)
        phase = self.current
        if (rows_of is None or phase is None or phase.kind != "night" or phase.resolved or self.over
                or not phase.submissions.get(pid)):
            return []
        names = rules.names(self._base)
        actions = [_action(a, "", names, None, rules) for a in phase.submissions[pid]]
        return list(rows_of(self._base, pid, actions))

    # ---- handlers -----------------------------------------------------------
    def _judge(self, event: Event) -> None:
        if event.actor not in (ev.JUDGE, ev.SYSTEM):
            raise Refused("只有天庭可以這樣做", 403)

    def _player(self, event: Event) -> dict[str, Any]:
        if event.actor in (ev.JUDGE, ev.SYSTEM):
            raise Refused("這是玩家的操作", 403)
        return self.seat(event.actor)

    def _on_created(self, event: Event) -> None:
        if self.events:
            raise Refused("遊戲已經建立", 409)
        if event.actor != ev.JUDGE:
            raise Refused("只有天庭可以建立遊戲", 403)
        p = event.payload
        rules_name = p.get("rules")
        if not isinstance(rules_name, str) or rules_name not in RULESETS:
            raise Refused(f"未知的規則集「{rules_name}」（可用：{'、'.join(RULESETS)}）", 422)
        ids = p.get("ids")
        if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
            raise Refused("玩家ID名單必須是文字的列表", 422)
        for pid in ids:
            if not pid.strip() or len(pid) > 64 or pid in (ev.JUDGE, ev.SYSTEM) or _has_control(pid):
                raise Refused(f"玩家ID「{_printable(pid[:64])}」無效（1至64字，不能是 judge 或 system，不能含控制字元）", 422)
        seed, salt = p.get("seed"), p.get("salt")
        if not isinstance(seed, int) or not isinstance(salt, str):
            raise Refused("缺少種子", 422)
        if p.get("commitment") != commitment(seed, salt):
            raise Refused("種子承諾與種子不符", 422)
        title = _text(p, "title", "遊戲名稱", 100)
        if _has_control(title):
            raise Refused("遊戲名稱不能含控制字元", 422)
        judges.check_created(p)  # ``judges: 3``: 北斗, 南斗, 裁判 (absent: one judge)
        chibi = p.get("chibi", False)  # 『角色技能·赤壁之戰』 offered (ruling R29); absent in older games
        if not isinstance(chibi, bool):
            raise Refused("chibi（是否加入赤壁之戰角色）必須是 true 或 false", 422)
        refused = draw_order_refusal(p) or (pack_edition.refusal(p[pack_edition.STATE_KEY])
                                            if pack_edition.STATE_KEY in p else None)
        if refused:
            raise Refused(refused, 422)
        if judge_pack.FIELD in p and p.get(pack_edition.STATE_KEY, pack_edition.CURRENT) != pack_edition.CURRENT:
            raise Refused("法官的角色包不能與 pack_edition 1（建立於角色包有效果之前的遊戲）並用", 422)
        try:
            pack = judge_pack.read(load_rules(rules_name), p[judge_pack.FIELD]) if judge_pack.FIELD in p else None
            setup = draw_setup(rules_name, ids, seed, chibi=chibi, order=draw_order_of(p), pack=pack)
        except TiantingError as exc:
            raise Refused(str(exc), 422) from None
        for key in ("night_minutes", "day_minutes"):
            value = p.get(key)
            if value is not None and (not isinstance(value, int) or isinstance(value, bool) or not 0 < value <= 7 * 24 * 60):
                raise Refused("每階段時限須為1至10080分鐘", 422)
        self.meta = {**p, "title": title, "created_at": event.at}
        self.setup = setup
        if not load_rules(rules_name).character_choice:  # the rules deal each seat its character (sg24)
            self.characters = {seat["id"]: seat["character"] for seat in setup["players"]}

    def _roster(self) -> Any:
        return self.roster()

    def roster(self) -> Any:
        """The characters the game's seats, choices and messages are read against: the judge's own pack if the game
        has one, else the rule set's roster (as before packs could be hosted)."""
        if judge_pack.FIELD in self.meta:
            return self.pack()
        return load_rules(self.rules).roster()

    def pack(self) -> Any:
        """The character pack the game is played with: the judge's own (its creation event's ``pack``), else the
        rule set's bundled pack of the game's edition; None for a rule set without packs (KK 3.3)."""
        rules = load_rules(self.rules)
        if not judge_pack.takes_packs(rules):
            return None
        if self._base is not None:
            return self._base.pack
        if judge_pack.FIELD in self.meta:
            return judge_pack.read(rules, self.meta[judge_pack.FIELD])
        return rules.bundled_pack(self.pack_edition())

    def pack_edition(self) -> int:
        """The edition of the pack the game is played with (:mod:`tianting.core.pack_edition`; a judge's own pack
        is played as the current edition)."""
        return pack_edition.CURRENT if judge_pack.FIELD in self.meta else pack_edition.of_meta(self.meta)

    def _taken_bases(self, exclude: str | None = None) -> set[str]:
        roster = self._roster()
        return {roster.characters[c].base for pid, c in self.characters.items() if pid != exclude}

    def _on_choose(self, event: Event) -> None:
        if self.started:
            raise Refused("遊戲已經開始，不能再選擇角色", 409)
        if not load_rules(self.rules).character_choice:
            raise Refused(f"{load_rules(self.rules).title}的角色由規則分配，不能選擇", 409)
        if event.actor == ev.JUDGE:
            pid = event.payload.get("player")
            if not isinstance(pid, str):
                raise Refused("須指明玩家", 422)
        else:
            _own(event)
            pid = event.actor
        seat = self.seat(pid)
        wanted = _text(event.payload, "character", "角色", 20)
        roster = self._roster()
        character = roster.resolve_character(wanted, seat["identity"])
        if character is None:
            raise Refused(f"未知的角色「{wanted}」", 422)
        if character not in seat["choices"]:
            raise Refused(f"{seat['country']}國{seat['identity']}不能選擇「{character}」（可選：{'、'.join(seat['choices'])}）", 422)
        base = roster.characters[character].base
        if base in self._taken_bases(exclude=pid):
            raise Refused(f"角色「{base}」已被其他玩家選擇", 409)
        self.characters[pid] = character

    def _on_start(self, event: Event) -> None:
        self._judge(event)
        if self.started:
            raise Refused("遊戲已經開始", 409)
        missing = [pid for pid in self.ids if pid not in self.characters]
        if missing:
            raise Refused(f"尚有玩家未選擇角色：{'、'.join(missing)}", 409)
        deadline = _deadline(event.payload)
        try:  # no phase yet: played leniently or not, the same
            self._played = fold.play(self.script())
        except ScriptError as exc:
            raise Refused(exc.message, 422) from None
        self._base = self._played.game
        self.started = True
        self.phases.append(Phase("night", 1, deadline=deadline))

    def _open(self, what: str) -> Phase:
        phase = self.current
        if self.stage != "open" or phase is None:
            raise Refused(f"現在不是提交{what}的時候", 409)
        return phase

    @staticmethod
    def _in_time(phase: Phase, event: Event, pid: str | None = None) -> None:
        """投票不能棄權，棄權或超時視為自投: nothing a player sends after the deadline counts; during an extension
        only its players' lists do, until it ends (the refusal names nobody: who has the time is secret)."""
        if phase.extension is not None:
            if pid in phase.extension["players"] and event.at and event.at < phase.extension["until"]:
                return
            raise Refused(f"{phase.label}的行動提交階段已結束，不能再提交", 409)
        if phase.deadline and event.at and event.at >= phase.deadline:
            raise Refused(f"{phase.label}已過時限（{times.shown(phase.deadline)}），不能再提交", 409)

    def _for_whom(self, event: Event) -> str:
        """Whose submission or vote ``event`` is: its actor's, or, from the judge, the player named
        in it (the judge enters a player's private message for them)."""
        if event.actor != ev.JUDGE:
            self._player(event)
            _own(event)
            return event.actor
        pid = event.payload.get("player")
        if not isinstance(pid, str):
            raise Refused("須指明代為提交的玩家", 422)
        if event.payload.get("via", "message") != "message":
            raise Refused("代為提交只能依玩家的私訊（via: message）", 422)
        self.seat(pid)
        return pid

    @staticmethod
    def _mark_proxy(phase: Phase, pid: str, event: Event) -> None:
        if event.actor == ev.JUDGE:
            phase.submitted_by[pid] = ev.JUDGE
        else:
            phase.submitted_by.pop(pid, None)

    def _on_submit(self, event: Event) -> None:
        pid = self._for_whom(event)
        phase = self._open("行動")
        self._in_time(phase, event, pid)
        if phase.kind != "night" and not self.acts_by_day(event.actor):
            raise Refused("白天只能投票（你沒有可以於白天使用的技能），行動請在夜晚提交", 409)
        raw = event.payload.get("actions")
        if not isinstance(raw, list):
            raise Refused("actions 必須是列表", 422)
        if len(raw) > MAX_ACTIONS:
            raise Refused(f"一夜最多提交{MAX_ACTIONS}個行動", 413)
        actions = self.check_actions(pid, raw)
        if any(a.get("skill") == SUICIDE for a in phase.submissions.get(pid, [])) and not any(
                a.get("skill") == SUICIDE for a in actions):
            # 「角色自杀在行动提交阶段提交，即时生效」「角色自杀……不可修改」(鼎立三分2.0): a sent 自杀 stays
            raise Refused("自殺已即時生效，不可撤回或修改；此後只能提交繼任角色的行動（清單須保留自殺）", 409)
        phase.submissions.pop(pid, None)
        phase.submissions[pid] = actions
        self._mark_proxy(phase, pid, event)
        # using a skill offered at the phase's start (化身) is choosing it: an earlier answer naming another goes
        offered = self._offered_choices(pid)
        used = {a["skill"] for a in actions}
        phase.decisions = [d for d in phase.decisions if not (
            d["actor"] == pid and d["skill"] in offered and used & set(offered[d["skill"]])
            and d["answer"] not in used)]

    def _offered_choices(self, pid: str) -> dict[str, tuple[str, ...]]:
        """The choices ``pid`` makes as the open phase began, by the skill that asks (化身：你選擇其中一名角色
        的一個技能), with the skills offered; empty for everyone else."""
        game = self._base
        player = game.state.players.get(pid)
        offered = game.offered(player) if player is not None and player.skills else ()
        if not offered:
            return {}
        return {name: offered for name in player.skills if hasattr(game.skills.get(name), "offers")}

    def up_front_choices(self, pid: str) -> list[dict[str, Any]]:
        """The choices ``pid`` may answer while the open phase runs (化身's skill), as the player's view gives a
        draft's (``skill``, ``options``, the ``answer`` so far): read by private message as on the page."""
        phase = self.current
        chosen = {d["skill"]: d["answer"] for d in (phase.decisions if phase is not None else []) if d["actor"] == pid}
        return [{"skill": skill, "options": list(options), "answer": chosen.get(skill)}
                for skill, options in sorted(self._offered_choices(pid).items())]

    def _decide_up_front(self, event: Event) -> None:
        """A player answers, while the phase is open, the choice the rules give them as it began (化身's
        skill): kept as the phase's decision and used when it resolves (answerable again until then)."""
        phase = self._open("選擇")
        self._in_time(phase, event)
        pid, skill, answer = event.actor, event.payload.get("skill"), event.payload.get("answer")
        choices = self._offered_choices(pid)
        if not isinstance(skill, str) or skill not in choices:
            raise Refused("天庭沒有請你作這個選擇", 409)
        names, options = self._base.roster.all_skill_names, list(choices[skill])
        try:  # the one reading of answers (tianting.core.answers): the skill's name in either script, or its number
            picked = read_answer(answer, options, options, lambda a, o: isinstance(a, str) and names.get(a) == o)
        except AnswerProblem as problem:
            raise Refused(f"【{skill}】{problem.message}", 422) from None
        name = None if picked is None else options[picked]
        if name not in choices[skill]:
            raise Refused(f"【{skill}】只能選擇本階段可選的技能之一（{'、'.join(choices[skill])}）", 422)
        used = [a["skill"] for a in phase.submissions.get(pid, []) if a["skill"] in choices[skill]]
        if used and name not in used:
            raise Refused(f"你本階段已提交使用【{used[0]}】，即已選擇該技能", 409)
        phase.decisions = [d for d in phase.decisions if not (d["actor"] == pid and d["skill"] == skill)]
        phase.decisions.append({"actor": pid, "skill": skill, "answer": name})

    def acts_by_day(self, pid: str) -> bool:
        """``pid`` holds a skill usable by day now (緩釋 「可以於白天使用」, 奇襲's 刺殺)."""
        game = self._base
        player = game.state.players.get(pid)
        if player is None or not game.can_act(player):
            return False
        # a rule set whose skills the judge rules (鼎立三分2.0) resolves none in ``game.skills``: its own
        # 「技能中说明“白天使用”的技能可在此时使用」 (``usable_by_day``) alone says which are used by day
        judge_ruled = load_rules(self.rules).judge_rules_skills
        return any(game.usable_by_day(player, name)
                   for name in (*game.identity_skills(player), *player.skills, *game.offered(player))
                   if judge_ruled or name in game.skills)

    def check_actions(self, pid: str, raw: list[Any]) -> list[dict[str, Any]]:
        """``pid``'s actions for the open phase (night, or day: 「可以於白天使用」) in canonical form; raise
        :class:`Refused` naming the first bad one."""
        game = self._base
        player = game.state.players.get(pid)  # keyed by id
        if player is None or not game.can_act(player):
            raise Refused("你已出局或所屬國家已滅國，不能行動", 409)
        ids = self._player_ids()
        # The others' current actions come first, as they will when the night resolves (R38, R43):
        # a 刺殺 beyond the country's allowance is refused now rather than left out then.
        phase = self.current
        rules = load_rules(self.rules)
        names = rules.names(game)
        others = self._others(phase, pid, names, rules) if phase is not None else []
        read = []
        for i, entry in enumerate(raw):
            if not isinstance(entry, dict):
                raise Refused(f"第{i + 1}個行動格式錯誤", 422)
            try:
                read.append(_action({**entry, "actor": pid}, f"actions[{i}]", names, ids, rules))
            except ScriptError as exc:
                raise Refused(f"第{i + 1}個行動：{exc.message}", 422) from None
        # The player's own list is one submission, checked as the script runner checks a phase (a game created
        # before issue 27: in the order listed; else as a set, a grant counting wherever it is listed:
        # tianting.core.action_set); the refusal reported is the first in that order (canonical: the same however
        # the list was typed).
        checked = check_phase(read, game.check_action, draw_order_of(self.meta), getattr(rules, "successor_breaks", ()),
                              context=others)
        first = checked.first_refusal()
        if first is not None:
            i, refusal = first
            message = refusal.message
            mine = [read[j] for j in checked.order if j in checked.accepted]
            if refusal.code == "stab-count" and self._stab_fits_alone(pid, read[i], mine):
                message = (f"本國今夜可發動的【刺殺】次數已由本國殺手的其他提交用完，你的【刺殺】不會結算"
                           f"（{refusal.message}）；若對方撤回，你可再次提交")
            raise Refused(f"第{i + 1}個行動：{message}", 422) from None
        out = []
        for i, action in enumerate(read):
            impl = checked.accepted[i]
            canonical = action.as_json()
            # the skill's own name: the engine's (KK 3.3 returns the skill checked), else the rule set's
            canonical["skill"] = impl.name if impl is not None else (names.get(action.skill) or action.skill)
            out.append(canonical)
        return out

    def _others(self, phase: Phase, pid: str, names: Any, rules: Any) -> list[Any]:
        """The other players' current lists of ``phase`` as the engine's actions, in submission order. Each list is
        read once (:attr:`Phase.parsed`: the same list object read against the same base gives the same actions,
        ``Action`` being immutable), so a night of n submissions reads n lists, not n²/2."""
        out: list[Any] = []
        for who, acts in phase.submissions.items():
            if who == pid or not acts:
                continue
            hit = phase.parsed.get(who)
            if hit is None or hit[0] is not acts or hit[1] is not self._base:
                hit = phase.parsed[who] = (acts, self._base, [_action(a, "", names, None, rules) for a in acts])
            out.extend(hit[2])
        return out

    def _stab_fits_alone(self, pid: str, action: Any, mine: list[Any]) -> bool:
        """Would ``action`` pass with only ``pid``'s own earlier actions (the country's others aside)?"""
        try:
            self._base.check_action(action, mine)
        except IllegalAction:
            return False
        return True

    def _on_vote(self, event: Event) -> None:
        pid = self._for_whom(event)
        phase = self._open("投票")
        self._in_time(phase, event)
        if phase.kind != "day":
            raise Refused("夜晚不能投票", 409)
        target = event.payload.get("target")
        if not isinstance(target, str):
            raise Refused("投票對象必須是玩家ID", 422)
        target = self._player_ids().get(target)
        try:
            self._base.check_vote(pid, target)
        except IllegalAction as exc:
            raise Refused(exc.message, 422) from None
        phase.votes.pop(pid, None)
        phase.votes[pid] = target
        self._mark_proxy(phase, pid, event)

    def inputs(self, now: bool = False) -> list[PhaseInput]:
        """The inputs the rule set declares for the current phase (:meth:`RuleSet.phase_inputs`), each with who owes
        it; ``now``: only those taken at this stage (``open`` or ``draft``)."""
        phase = self.current
        if phase is None or self.stage not in ("open", "draft"):
            return []
        declared = load_rules(self.rules).phase_inputs(self._base, PhaseSpot(phase.kind, self.stage, phase.rulings))
        return [i for i in declared if i.stage == self.stage] if now else list(declared)

    def own_ruling_forms(self) -> set[str]:
        """The ruling effects that ask for a declared input's values and have the input's own form (never the general
        ruling form's), whatever the phase."""
        rules = load_rules(self.rules)
        return {i.ruling for kind in ("night", "day") for i in rules.phase_inputs(self._base, PhaseSpot(kind, "draft"))
                if i.ruling}

    def owed(self, pid: str) -> list[tuple[PhaseInput, Owed]]:
        """What ``pid`` owes the phase now, input by input, in the order their page shows it."""
        return [(inp, o) for inp in self.inputs(now=True) for o in phase_input.owed_by(inp, pid)]

    def slots_owed(self, pid: str) -> list[tuple[int, str]]:
        """``pid``'s values with a slot owed now, numbered as their page numbers them: (number, slot)."""
        return [(o.number, o.slot) for _, o in self.owed(pid) if o.slot is not None]

    contests_of = slots_owed
    """The name tests/hosting/test_hosted_dingli2.py reads (kept so that test stays unchanged)."""

    def _on_digit(self, event: Event) -> None:
        """A player's value for an input the rule set declares (R-SG12's 傷判 digit, 鼎立三分2.0's 拼點 digits): by
        the player while the phase is open and in time, or while its draft awaits it (each value re-drafts)."""
        phase = self.current
        drafted = [i for i in self.inputs(now=True) if i.stage == "draft"] if self.stage == "draft" else []
        if drafted:
            pid = self._for_whom(event)
            inp = drafted[0]
            assert phase is not None
        else:
            pid = self._for_whom(event)
            declared = self.inputs()
            opened = [i for i in declared if i.stage == "open"]
            phase = self._open(opened[0].label if opened else "數字")
            self._in_time(phase, event)
            if not declared:
                raise Refused("這個遊戲不向玩家收取數字", 409)
            inp = (opened or declared)[0]
            if not opened:
                raise Refused(phase_input.text(inp, inp.texts.not_owed), 409)
        mine = phase_input.owed_by(inp, pid)
        if not mine:
            raise Refused(phase_input.text(inp, inp.texts.not_owed), 409)
        owed = phase_input.which(inp, mine, event.payload, self._player_ids().get, event.actor == ev.JUDGE)
        if owed is None:
            raise Refused(phase_input.text(inp, inp.texts.which, count=len(mine)), 422)
        value: Any = event.payload.get(inp.key)
        if not phase_input.in_range(inp, value):
            raise Refused(phase_input.text(inp, inp.texts.out_of_range), 422)
        before = copy.deepcopy(phase.digits)
        phase_input.give(phase.digits, owed, value)
        if inp.stage == "draft":
            try:
                self._redraft()
            except Refused:
                phase.digits = before
                raise

    def _on_deadline(self, event: Event) -> None:
        self._judge(event)
        phase = self._open("行動")
        deadline = _deadline(event.payload)
        if phase.extension is not None:
            raise Refused("行動提交階段已結束（延長時間中），不能再改時限；可直接結算", 409)
        phase.deadline = deadline

    def _on_extend(self, event: Event) -> None:
        """The system ends a night's submission stage with the rule set's extension (payload checked against it)."""
        if event.actor != ev.SYSTEM:
            raise Refused("延長時間由系統依規則給出", 403)
        phase = self._open("行動")
        index = len(self.phases) - 1
        if event.payload.get("phase") != index or phase.extension is not None:
            raise Refused("該階段不能再延長", 409)
        if self.expected() and not (phase.deadline and event.at >= phase.deadline):
            raise Refused("行動提交階段尚未結束，不能延長", 409)
        extension = self._extension()
        if extension is None:
            raise Refused("本階段沒有可延長的時間", 409)
        until = _later(event.at, extension["minutes"])
        if event.payload.get("until") != until or event.payload.get("players") != extension["players"]:
            raise Refused("延長的時限或玩家與規則不符", 422)
        phase.extension = {"at": event.at, "until": until, "players": list(extension["players"]),
                           "reports": extension.get("reports", {})}

    def _on_resolve(self, event: Event) -> None:
        self._judge(event)
        phase = self.current
        if self.stage != "open" or phase is None:
            raise Refused("目前沒有待結算的階段", 409)
        if event.payload.get("phase", len(self.phases) - 1) != len(self.phases) - 1:
            raise Refused("該階段已經結算", 409)
        why = event.payload.get("why")  # the reason recorded must be true (an export is checked by replay)
        if why == "all-in" and (event.actor != ev.SYSTEM or self.expected()):
            raise Refused("尚有玩家未提交，不能以「全部提交」結算", 409)
        if why == "deadline" and (event.actor != ev.SYSTEM or not phase.deadline or event.at < phase.deadline):
            raise Refused("時限未到，不能以「時限已到」結算", 409)
        if why == "judge" and event.actor != ev.JUDGE:
            raise Refused("只有天庭可以直接結算", 409)
        if why in ("all-in", "deadline") and phase.extension is not None:
            raise Refused("延長時間尚未結束，不能以此結算", 409)
        if why == "extension" and (event.actor != ev.SYSTEM or phase.extension is None
                                   or event.at < phase.extension["until"]):
            raise Refused("延長時間未到，不能以「延長時間已到」結算", 409)
        if why is not None and why not in ("all-in", "deadline", "judge", "extension"):
            raise Refused("未知的結算原因", 422)
        phase.resolved_by = event.actor
        try:
            self._redraft()
        except Refused:
            phase.resolved_by = None
            raise

    def _draft_phase(self) -> Phase:
        phase = self.current
        if self.stage != "draft" or phase is None:
            raise Refused("目前沒有待審閱的草稿", 409)
        return phase

    def _draft_decision(self, phase: Phase, actor: Any, skill: Any) -> None:
        if not isinstance(actor, str) or not isinstance(skill, str):
            raise Refused("選擇須有 actor、skill 與 answer", 422)
        if not any(d["actor"] == actor and d["skill"] == skill for d in phase.draft["decisions"]):  # type: ignore[index]
            raise Refused(f"草稿中沒有 {actor} 的【{skill}】選擇", 422)

    def _on_ask_decision(self, event: Event) -> None:
        self._judge(event)
        phase = self._draft_phase()
        actor, skill = event.payload.get("actor"), event.payload.get("skill")
        self._draft_decision(phase, actor, skill)
        if actor in (ev.JUDGE, ev.SYSTEM) or (actor, skill) in phase.asked_decisions:
            raise Refused("已經請該玩家選擇", 409)
        phase.asked_decisions.append((actor, skill))

    def _on_decide(self, event: Event) -> None:
        if self.stage == "open" and event.actor not in (ev.JUDGE, ev.SYSTEM):
            self._decide_up_front(event)
            return
        phase = self._draft_phase()
        p = event.payload
        if event.actor in (ev.JUDGE, ev.SYSTEM):
            actor, skill = p.get("actor"), p.get("skill")
        else:  # a player answers their own choice, once the judge asked them
            actor, skill = event.actor, p.get("skill")
            if (actor, skill) not in phase.asked_decisions:
                raise Refused("天庭沒有請你作這個選擇", 409)
        if "answer" not in p:
            raise Refused("選擇須有 actor、skill 與 answer", 422)
        self._draft_decision(phase, actor, skill)
        before = list(phase.decisions)
        phase.decisions = [d for d in phase.decisions if not (d["actor"] == actor and d["skill"] == skill)]
        phase.decisions.append({"actor": actor, "skill": skill, "answer": p["answer"]})
        try:
            self._redraft()
        except Refused:
            # _redraft failed before changing anything (the replay raised): only undo our change.
            phase.decisions = before
            raise

    def _on_ask_last_words(self, event: Event) -> None:
        self._judge(event)
        phase = self._draft_phase()
        if phase.kind != "night":
            raise Refused("因投票而死亡出局的ID不能留下遺言", 409)
        if not _night_dead(phase.draft["announcement"]):  # type: ignore[index]
            raise Refused("本夜無人死亡", 409)
        phase.asked_last_words = True

    def _on_last_words(self, event: Event) -> None:
        self._player(event)
        phase = self.current
        if (self.stage != "draft" or phase is None or not phase.asked_last_words
                or event.actor not in _night_dead(phase.draft["announcement"])):  # type: ignore[index]
            raise Refused("現在不能留下遺言", 409)
        text = _text(event.payload, "text", "遺言")
        previous = phase.last_words.get(event.actor)
        phase.last_words[event.actor] = LastWords(text)
        if previous is not None and previous.status == "approved":
            self._redraft()  # the approved words were in the draft; the new ones await a ruling

    def _on_rule_last_words(self, event: Event) -> None:
        self._judge(event)
        phase = self._draft_phase()
        pid = event.payload.get("player")
        words = phase.last_words.get(pid) if isinstance(pid, str) else None
        if words is None:
            raise Refused("該玩家沒有待裁定的遺言", 409)
        approved = event.payload.get("approved")
        if not isinstance(approved, bool):
            raise Refused("approved 須為 true 或 false", 422)
        reason = _text(event.payload, "reason", "理由", 500, empty=True) if "reason" in event.payload else ""
        words.status, words.reason = ("approved" if approved else "refused"), reason
        self._redraft()

    def _on_edit(self, event: Event) -> None:
        self._judge(event)
        phase = self._draft_phase()
        p = event.payload
        text = _text(p, "text", "文字")
        target = p.get("target")
        index = len(self.phases) - 1
        if target == "announcement":
            before = self.announcement_text(index)
            edit = {"target": target}
        elif target == "feedback":
            pid, i = p.get("player"), p.get("index")
            items = phase.draft["feedback"].get(pid, []) if isinstance(pid, str) else []  # type: ignore[index]
            if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(items):
                raise Refused("沒有這條反饋", 422)
            before = self.feedback_items(index, pid)[i]["text"]
            edit = {"target": target, "player": pid, "index": i}
        else:
            raise Refused("只能修改公告或反饋的文字", 422)
        phase.edits.append({**edit, "text": text, "before": before, "seq": event.seq, "at": event.at,
                            "current": True})
        phase.edited[spot_of(edit)] = text

    def _on_substitute(self, event: Event) -> None:
        self.substitutes.append(substitutes.check(self, event))

    def _on_publish(self, event: Event) -> None:
        self._judge(event)
        phase = self._draft_phase()
        deadline = _deadline(event.payload)
        phase.published = True
        self._base = self._draft_game
        self._before, self._played, self._drafted = self._played, self._drafted, None
        if self.over:
            return
        kind = "day" if phase.kind == "night" else "night"
        number = phase.number + 1 if phase.kind == "night" else phase.number
        self.phases.append(Phase(kind, number, deadline=deadline))

    def _on_peace(self, event: Event) -> None:
        self._judge(event)
        ruling = event.payload
        if not (ruling.get("judge") is True or ("proposer" in ruling and "agreed" in ruling)):
            raise Refused("議和須為法官判定，或君主發起且全體同意", 422)
        if ruling.get("judge") is not True and (
                not isinstance(ruling["proposer"], str) or not isinstance(ruling["agreed"], list)
                or not all(isinstance(a, str) for a in ruling["agreed"])):
            raise Refused("議和須寫明發起的君主ID（proposer）與同意者ID的列表（agreed）", 422)
        done = self.published()
        if not done or self.stage != "open":
            raise Refused("議和須在已公布的階段之後、結算之前裁定", 409)
        index, last = done[-1]
        if last.peace is not None:  # kept only when refused by a country: it stands (「共提交一次議和申請」)
            raise Refused("三國只能共提交一次議和申請，本局已經提交過（被拒絕的申請仍算一次）", 409)
        last.peace = {k: ruling[k] for k in ("judge", "proposer", "agreed") if k in ruling}
        try:
            played = self._play(index)
        except Refused:
            last.peace = None
            raise
        game = played.game
        # 「共提交一次議和申請」: an application a country refused stands as made, and the game goes on
        if not game.state.over and getattr(game, "peace_refusal", lambda: None)() is None:
            last.peace = None
            raise Refused("議和未能結束遊戲", 409)
        self._base, self._played = game, played
        if game.state.over:
            self.phases.pop()  # the open phase is never played

    def _on_rule(self, event: Event) -> None:
        """The judge's ruling on the draft: added (``ruling``) or taken back (``remove``: its index)."""
        self._judge(event)
        phase = self._draft_phase()
        p = event.payload
        before = list(phase.rulings)
        if "remove" in p:
            i = p["remove"]
            if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(phase.rulings):
                raise Refused("沒有這條裁定", 422)
            for inp in self.inputs():  # a ruling that asked players for values, once one is given
                if phase_input.answered_ruling(inp, phase.digits, i):
                    raise Refused(phase_input.text(inp, inp.texts.withdrawn), 409)
            del phase.rulings[i]
        else:
            ruling = p.get("ruling")
            if not isinstance(ruling, dict):
                raise Refused("裁定須為 {effect, target/action, text, why}", 422)
            if len(phase.rulings) >= MAX_RULINGS:
                raise Refused(f"每階段最多{MAX_RULINGS}條裁定", 413)
            kept = {}
            for key in ("effect", "target", "action", "voter", "text", "why", "owner", "active", "skill"):
                value = ruling.get(key)
                if value in (None, ""):
                    continue
                if isinstance(value, str) and len(value) > MAX_TEXT:
                    raise Refused(f"裁定的文字過長（最多{MAX_TEXT}字）", 413)
                kept[key] = value.strip() if isinstance(value, str) else value
            ids = self._player_ids()
            for key in ("target", "voter", "owner"):
                if key in kept:
                    kept[key] = ids.get(kept[key])  # 子义 is 子義 (R46)
            prepare = getattr(load_rules(self.rules), "prepare_ruling", None)
            if prepare is not None:  # the rule set's own form of a ruling (鼎立三分2.0's 拼點: ids, parity)
                try:
                    prepare(kept, ids.get)
                except IllegalAction as exc:
                    raise Refused(exc.message, 422) from None
            phase.rulings.append(kept)
        try:
            self._redraft()
        except Refused:
            phase.rulings = before  # _redraft raised before changing anything else
            raise

    def _on_note(self, event: Event) -> None:
        self._judge(event)
        self.notes.append({"seq": event.seq, "at": event.at, "text": _text(event.payload, "text", "備註")})

    def _on_message(self, event: Event) -> None:
        """A player's private message as received (issue 32): kept, once per ``message_id``; nothing else."""
        self._player(event)
        text = event.payload.get("text")
        if not isinstance(text, str) or not text.strip():
            raise Refused("私訊沒有內容", 422)
        if len(text) > MAX_TEXT:
            raise Refused(f"私訊過長（最多{MAX_TEXT}字）", 413)
        if event.payload.get("via") != "qq":
            raise Refused("私訊只能經由QQ橋接記錄（via: qq）", 422)
        mid = event.payload.get("message_id")
        if not isinstance(mid, str) or not 0 < len(mid) <= 64:
            raise Refused("message_id 必須是文字（最多64字）", 422)
        if any(m["message_id"] == mid and m["player"] == event.actor for m in self.messages):
            raise Refused("這則私訊已經收到", 409)
        self.messages.append({"seq": event.seq, "at": event.at, "player": event.actor, "text": text,
                              "message_id": mid, "phase": len(self.phases) - 1})

    # ---- export -------------------------------------------------------------
    def export(self, reveal: bool | None = None) -> dict[str, Any]:
        """The 復盤: every input, the script, the transcript and what was published.

        The seed and salt are included only once the game is over (or ``reveal``)."""
        reveal = self.over if reveal is None else reveal
        events = [e.as_json() for e in self.events]
        if not reveal and events:
            events[0] = copy.deepcopy(events[0])
            events[0]["payload"]["seed"] = None
            events[0]["payload"]["salt"] = None
        # lenient, as every draft was played: an action accepted on submission may still be left out
        # when the night resolves (the country's one 刺殺 taken by the partner), listed in ``rejected``
        transcript = (copy.deepcopy(self._play(len(self.phases) - 1).transcript)  # the kept one's: a copy
                      if reveal and self.started else None)
        return {
            "format": "tianting-export/1",
            "title": self.meta["title"],
            "rules": self.rules,
            "rules_title": load_rules(self.rules).title,
            "night_minutes": self.meta.get("night_minutes"),
            "day_minutes": self.meta.get("day_minutes"),
            "commitment": self.meta["commitment"],
            "seed": self.meta["seed"] if reveal else None,
            "salt": self.meta["salt"] if reveal else None,
            "over": self.over,
            "result": transcript["result"] if transcript else None,
            "setup_draws": self.setup.get("setup_draws", []),
            "players": [{"id": p["id"], "country": p["country"], "identity": p["identity"],
                         "character": self.characters.get(p["id"])} for p in self.setup["players"]],
            "events": events,
            "script": self.script(secret=reveal),
            "published": [self._published_json(i) for i, _ in self.published()],
            "edits": [{"phase": i, **{k: v for k, v in e.items()}} for i, p in enumerate(self.phases) for e in p.edits],
            "notes": list(self.notes),
            "schedule": [{"phase": p.kind, "number": p.number, "deadline": p.deadline, "resolved_by": p.resolved_by}
                         for p in self.phases],
            "last_words": [{"phase": i, "player": pid, "text": w.text, "status": w.status, "reason": w.reason}
                           for i, p in enumerate(self.phases) for pid, w in p.last_words.items()],
            "transcript": transcript,
        }

    def _published_json(self, index: int) -> dict[str, Any]:
        phase = self.phases[index]
        assert phase.draft is not None
        return {"index": index, "phase": phase.kind, "number": phase.number,
                "announcement": {**phase.draft["announcement"], "text": self.announcement_text(index)},
                "feedback": {pid: self.feedback_items(index, pid) for pid in phase.draft["feedback"]}}
