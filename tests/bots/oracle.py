"""What the rules grant one player, computed independently of ``player_view``.

:func:`granted_view` builds, from the judge's state and the resolved phases'
results, the view a player is entitled to: their own seat (read from their
own player record), their own feedback exactly as the judge sent it, every
public announcement exactly, the ids that are out as the announcements said
them, and the characters they know exactly those some feedback of theirs
revealed (互識, 歸漢). :class:`Spy` plays games with any policy, checks each
view a bot is handed against it, and records what the bots did.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from tianting.bots import play
from tianting.bots.policy import Offer, Policy
from tianting.core.records import Action, Feedback
from tianting.rules.kk33 import roster
from tianting.rules.kk33.game import KK33Game
from tianting.rules.kk33.identity import SKILLS_OF_IDENTITY

HIDDEN_MARKERS = ("黃巾軍",)
"""起義：令其獲得一個「黃巾軍」標記（其無法獲悉）."""
REVEALING = ("互識", "歸漢", "醇醪之交")
"""Feedback that makes its reader know a character (互識：兩名玩家分別獲悉對方的角色; 歸漢：令其獲悉你的角色;
醇醪之交：你獲悉你的「醇醪之交」的角色 / 你的「醇醪之交」獲悉你的角色)."""
OWN_SEAT = ("id", "country", "identity", "character", "status", "skills", "markers", "hp", "stabs_tonight")


def known_from(items: Iterable[dict[str, Any]]) -> dict[str, str]:
    """Characters by id, as the feedback ``items`` revealed them (the latest wins)."""
    known: dict[str, str] = {}
    for f in items:
        if f["skill"] in REVEALING and f.get("target") is not None and "character" in f.get("data", {}):
            known[f["target"]] = f["data"]["character"]
    return known


def own_skill_rows(game: KK33Game, pid: str) -> list[tuple[str, str, int | None, bool]]:
    """(skill, source, uses left, built) for the player's own skills, from their record."""
    me = game.state.player(pid)
    rows = [(name, "identity") for name in SKILLS_OF_IDENTITY.get(me.identity, ())]
    rows += [(name, "character") for name in me.skills]
    held = {name for name, _ in rows}
    rows += [(name, "granted") for name, n in me.granted.items() if n > 0 and name not in held]
    out = [(name, source, game.uses_left(me, name), name in game.skills) for name, source in rows]
    held |= {name for name, _ in rows}
    for skill in me.skills:  # 亂世英雄：使用後當夜，你可以發動一次…任意主動身份技能 (Skill.grants), while unused
        impl = game.skills.get(skill)
        if impl is None or game.uses_left(me, skill) == 0:
            continue
        for name in impl.grants(game, Action(pid, skill)):
            if name not in held and name in game.skills:
                out.append((name, "lent", 1, True))
                held.add(name)
    return out


def drawn_forms(game: KK33Game, pid: str) -> list[str]:
    """化身：每個夜晚與白天開始時，從所有不在場的角色中隨機抽取兩名 — the forms drawn for ``pid`` as the phase now
    open began: the game's draws made since the last resolved phase's, by their purpose."""
    since = sum(len(r.draws) for r in game.results)
    return [d.outcome for d in game.state.rng.draws[since:] if d.purpose.startswith(f"化身 {pid} 角色")]


def offered_rows(game: KK33Game, pid: str, forms: list[str]) -> list[tuple[str, str, int | None, bool]]:
    """你選擇其中一名角色的一個技能: every skill of the forms drawn that ``pid`` does not hold, once each."""
    me = game.state.player(pid)
    held = set(me.skills) | set(SKILLS_OF_IDENTITY.get(me.identity, ())) | {n for n, k in me.granted.items() if k > 0}
    out = []
    for form in forms:
        for s in roster().characters[form].skills:
            if s.name not in held:
                out.append((s.name, "offered", game.uses_left(me, s.name), s.name in game.skills))
                held.add(s.name)
    return out


def granted_view(game: KK33Game, pid: str) -> dict[str, Any]:
    """Everything the rules grant ``pid`` between two phases (skill rows reduced to their tuple)."""
    state = game.state
    me = state.player(pid)
    feedback = [{"phase": r.phase, "number": r.number, **f.as_json()}
                for r in game.results for f in r.feedback.get(pid, [])]
    # 白天公告：當天投票的票面、因投票而死亡出局的ID: the counted tally is not part of it (R41)
    announcements = [{"phase": r.phase, "number": r.number,
                      **{k: v for k, v in r.announcement.items() if k != "tally"}} for r in game.results]
    out: set[str] = set()
    for a in announcements:
        out.update(a.get("exited", []))
    view: dict[str, Any] = {
        "id": pid, "country": me.country, "identity": me.identity, "character": me.character,
        "status": me.status.value, "skills": own_skill_rows(game, pid),
        "known": known_from(feedback),
        "markers": {k: v for k, v in me.markers.items() if k not in HIDDEN_MARKERS},
        "phase": game.phase.value, "number": game.number,
        "players": [{"id": p, "out": p in out} for p in state.players],
        "feedback": feedback, "announcements": announcements, "over": state.over,
    }
    forms = drawn_forms(game, pid)
    if forms and not any(f["skill"] == "化身" and f.get("phase") == game.phase.value and f.get("number") == game.number
                         for f in feedback):  # until he has chosen
        view["skills"] = view["skills"] + offered_rows(game, pid, forms)
        view["offered"] = {"化身": forms}
    if me.identity == "黃巾頭領":
        view["hp"] = me.hp
    if me.identity == "殺手" and game.can_act(me):
        view["stabs_tonight"] = game.stab_allowance(me.country)
    if state.over:
        view["winners"] = list(state.winners)
        view["peace"] = state.peace
    return view


def reduced(view: dict[str, Any]) -> dict[str, Any]:
    """``view`` with its skill rows reduced as :func:`granted_view` gives them."""
    rows = [(r["skill"], r["source"], r["uses_left"], r["built"]) for r in view["skills"]]
    return {**view, "skills": rows}


def leaks(game: KK33Game, view: dict[str, Any]) -> list[str]:
    """Another player's hidden seat in the view outside what was granted to it.

    Granted: the player's own seat, their feedback (what the judge told them), the public
    announcements and the characters their feedback revealed. Anywhere else (the player list,
    markers, …) no other player's character may appear, and no entry may pair another id with a
    country, identity or character.
    """
    pid = view["id"]
    found: list[str] = []
    # 化身's forms (``offered``) are granted by its text (從所有不在場的角色中隨機抽取兩名), checked by granted_view
    rest = {k: v for k, v in view.items() if k not in (*OWN_SEAT, "feedback", "announcements", "known", "offered")}
    text = json.dumps(rest, ensure_ascii=False)
    for other in game.state.players.values():
        if other.id == pid or other.character == view["character"]:
            continue
        if other.character in text:
            found.append(f"{pid} 的視圖含有 {other.id} 的角色 {other.character}")
    if "黃巾軍" in json.dumps(view["markers"], ensure_ascii=False):
        found.append(f"{pid} 看得到自己的「黃巾軍」標記")

    def walk(node: Any, where: str) -> None:
        if isinstance(node, dict):
            if node.get("id") not in (None, pid) and {"country", "identity", "character"} & set(node):
                found.append(f"{where}：{node}")
            for k, v in node.items():
                walk(v, f"{where}.{k}")
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, f"{where}[{i}]")

    walk(rest, pid)
    return found


@dataclass
class Spy:
    """A policy wrapper: checks every view against the oracle and records what the bots did."""

    inner: Policy
    name: str = "spy"
    game: KK33Game | None = None
    views: int = 0
    mismatches: list[str] = field(default_factory=list)
    pending: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    """Feedback told during the phase being resolved (a choice is asked before it is sent)."""
    stabs: list[dict[str, Any]] = field(default_factory=list)
    """Each stab a bot submitted: the killer's country, the target's, and whether the killer's
    view said the target was of the killer's own country."""
    guards: list[dict[str, Any]] = field(default_factory=list)

    # ---- checks --------------------------------------------------------------
    def _check(self, view: dict[str, Any], when: str, asking: str | None = None) -> None:
        assert self.game is not None
        self.views += 1
        granted = granted_view(self.game, view["id"])
        got = reduced(view)
        if when == "decide" and asking != "化身" and any(f["skill"] == "化身" for f in self.pending.get(view["id"], [])):
            granted.pop("offered", None)  # 化身's choice is made: nothing is offered any more this phase
            # (asked for it again, the night being resolved again (肝腸寸斷), it is offered again)
        if when == "decide":  # asked while a phase resolves: this phase's 互識 may be in already
            pending = known_from(self.pending.get(view["id"], []))
            extra = {k: v for k, v in got["known"].items() if granted["known"].get(k) != v}
            if any(pending.get(k) != v for k, v in extra.items()):
                self.mismatches.append(f"{view['id']} 的選擇視圖 known 多出 {extra}")
            # the phase's deaths and changes of seat are not announced yet: compare the rest
            got = {k: v for k, v in got.items() if k not in ("known", "players", *OWN_SEAT)}
            granted = {k: v for k, v in granted.items() if k not in ("known", "players", *OWN_SEAT)}
        if got != granted:
            keys = sorted(k for k in set(got) | set(granted) if got.get(k) != granted.get(k))
            self.mismatches.append(f"{when} {view['id']}：{keys} "
                                   f"{[(got.get(k), granted.get(k)) for k in keys][:2]}")
        self.mismatches += leaks(self.game, view)

    # ---- the policy ------------------------------------------------------------
    def night(self, view: dict[str, Any], offer: Offer, rng: random.Random) -> None:
        self._check(view, "night")
        self.inner.night(copy.deepcopy(view), offer, rng)
        assert self.game is not None
        mine = view["country"]
        for action in offer.actions:
            if action.skill == "刺殺":
                known = view["known"].get(action.targets[0])
                seen = roster().characters[known].country if known else None
                self.stabs.append({"country": mine, "target": self.game.state.player(action.targets[0]).country,
                                   "knew_own": seen == mine})
            if action.skill == "援護" and view["identity"] == "護衛":
                target = self.game.state.player(action.targets[0])
                self.guards.append({"lord": target.identity == "君主" and target.country == mine,
                                    "knew_lord": any(p.identity == "君主" and p.country == mine
                                                     and p.id in view["known"]
                                                     for p in self.game.state.players.values() if p.alive)})

    def vote(self, view: dict[str, Any], rng: random.Random) -> str | None:
        self._check(view, "vote")
        return self.inner.vote(copy.deepcopy(view), rng)

    def decide(self, view: dict[str, Any], skill: str, options: list[Any], rng: random.Random) -> Any:
        self._check(view, "decide", skill)
        return self.inner.decide(copy.deepcopy(view), skill, options, rng)


class Watch:
    """Install a :class:`Spy`: it learns the game being played and the feedback told mid-phase."""

    def __init__(self, monkeypatch: Any, spy: Spy) -> None:
        from tianting.rules.kk33.day import Day
        from tianting.rules.kk33.night import Night

        real_view = play.player_view
        real_resolve_night, real_resolve_day = KK33Game.resolve_night, KK33Game.resolve_day

        def view(game: KK33Game, pid: str) -> dict[str, Any]:
            spy.game = game
            return real_view(game, pid)

        def tell(self_: Any, pid: str, item: Feedback, _real: Any) -> None:
            spy.pending.setdefault(pid, []).append({"skill": item.skill, "target": item.target, "data": item.data})
            _real(self_, pid, item)

        def resolve_night(game: KK33Game, actions: list[Action], *a: Any, **k: Any) -> Any:
            spy.pending.clear()
            return real_resolve_night(game, actions, *a, **k)

        def resolve_day(game: KK33Game, votes: dict[str, str], *a: Any, **k: Any) -> Any:
            spy.pending.clear()
            return real_resolve_day(game, votes, *a, **k)

        monkeypatch.setattr(play, "player_view", view)
        monkeypatch.setattr(Night, "tell", lambda s, pid, item, _r=Night.tell: tell(s, pid, item, _r))
        monkeypatch.setattr(Day, "tell", lambda s, pid, item, _r=Day.tell: tell(s, pid, item, _r))
        monkeypatch.setattr(KK33Game, "resolve_night", resolve_night)
        monkeypatch.setattr(KK33Game, "resolve_day", resolve_day)
