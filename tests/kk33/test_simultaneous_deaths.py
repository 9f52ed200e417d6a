"""The deaths of one phase are simultaneous, in every consequence (ruling G4; issue 10, fix 1).

Scenario tests rebuild the issue's scripts (託孤 naming a player who dies the same night, 遺計定遼東
depending on which killer sits lower, 行殤's tied leaders); the property test plays random games
twice, with the seats, the ids and the order of submission permuted, and asserts the same outcome.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tianting.core.decisions import DecisionBook, InvalidAnswer
from tianting.core.errors import IllegalAction
from tianting.core.records import Action
from tianting.rules.kk33 import KK33Game, SeatSpec
from tianting.testing import Table, standard_seats

from .test_identity_skills import wei_lord_reincarnated


# ---- 託孤's 「尚存活」 list ---------------------------------------------------------------
@pytest.mark.skill("託孤")
@pytest.mark.parametrize("order", ["lord-first", "heir-first"])
def test_entrust_lists_only_those_alive_after_the_nights_deaths(order: str) -> None:
    """託孤：當你的轉生角色死亡時，你獲悉本國尚存活的角色並指定其中一名角色成為新任君主 — 曹丕 and 魏正軍師 are
    stabbed by two countries the same night: the list leaves out 魏正軍師, whatever the seats or the order
    submitted, so the heir cannot be a player dead that night (魏 is not eliminated on the spot)."""
    t = Table(bare=True)
    wei_lord_reincarnated(t)
    stabs = [t.act("蜀殺手甲", "刺殺", "魏君主"), t.act("吳殺手甲", "刺殺", "魏正軍師")]
    t.decide("魏君主", "託孤", "魏護衛")
    t.night(*(stabs if order == "lord-first" else stabs[::-1]))
    alive = t.feedback("魏君主", "託孤")[0].data["alive"]
    assert "魏正軍師" not in alive and "魏君主" not in alive
    assert set(alive) == {"魏副軍師", "魏殺手甲", "魏殺手乙", "魏護衛", "魏女眷"}
    assert t.player("魏護衛").identity == "君主" and t.announced("eliminated") == []


@pytest.mark.skill("託孤")
def test_entrust_cannot_name_a_player_who_died_the_same_night() -> None:
    """尚存活: naming the heir who was stabbed that same night is not one of the options."""
    t = Table(bare=True)
    wei_lord_reincarnated(t)
    t.decide("魏君主", "託孤", "魏正軍師")
    with pytest.raises(InvalidAnswer, match="不是可選項之一"):
        t.night(t.act("吳殺手甲", "刺殺", "魏正軍師"), t.act("蜀殺手甲", "刺殺", "魏君主"))


@pytest.mark.skill("託孤", "行殤")
def test_xingshang_tied_leaders_die_at_once_and_entrust_sees_them_all_dead() -> None:
    """行殤：若投票時最高票為平票且不為0，則所有最高票的角色均死亡 — 曹丕 and 魏護衛 tie at the top: both die at
    one moment, so 託孤's list of 「尚存活」 players leaves 魏護衛 out."""
    t = Table()
    for p in t.state.players.values():
        p.skills = []
    lord = t.player("魏君主")
    lord.character, lord.life, lord.skills = "曹丕", 1, ["行殤", "代漢自立"]
    t.quiet_night()
    t.decide("魏君主", "託孤", "魏女眷")
    voters = [p.id for p in t.game.voters()]
    t.day({pid: ("魏護衛" if i % 2 else "魏君主") for i, pid in enumerate(voters)})
    assert set(t.announced("exited")) == {"魏君主", "魏護衛"}
    alive = t.feedback("魏君主", "託孤")[0].data["alive"]
    assert "魏護衛" not in alive and t.player("魏女眷").identity == "君主"


# ---- death skills: 遺計定遼東's 「曹操（若在場）」 ---------------------------------------------
@pytest.mark.skill("遺計定遼東")
@pytest.mark.parametrize("order", ["guo-first", "cao-first"])
def test_yiji_when_cao_cao_dies_the_same_night_no_one_learns(order: str) -> None:
    """遺計定遼東：*被*你死亡後，曹操（若在場）獲悉… — 郭嘉 and 曹操 die at one moment: after it 曹操 is no longer
    in play (the lord plays on as 曹丕), so no one learns anything, whichever killer sits lower."""
    t = Table()
    t.decide("魏君主", "轉生", "曹丕")
    stabs = [t.act("蜀殺手甲", "刺殺", "魏正軍師"), t.act("吳殺手甲", "刺殺", "魏君主")]
    t.night(*(stabs if order == "guo-first" else stabs[::-1]))
    assert t.status("魏正軍師") == "out" and t.player("魏君主").character == "曹丕"
    assert t.feedback("魏君主", "遺計定遼東") == []
    assert t.only_feedback("魏正軍師", "遺計定遼東").data == {"consumed": "遺計定遼東"}


def test_one_player_struck_twice_at_one_moment_dies_once() -> None:
    """*當一名角色同時成為若干個【刺殺】的目標時…等同於一次【刺殺】 and, for harms of different kinds, one death
    at one moment: a lord who dies and plays on is not struck again by a second harm of that moment."""
    from tianting.core.skills import Kind, Skill, Source, TargetRule, Use
    from tianting.rules.kk33.harm import Harm, Level

    class Blow(Skill):
        name = "測試重擊"
        source = Source.CHARACTER
        kind = Kind.ACTIVE
        stage = "attack"
        targets = TargetRule(count=1)

        def apply(self, night: Any, use: Use) -> None:
            night.harms.append(Harm(use.targets[0], Level.WOUND, self.name, [use.actor]))

    for first in (True, False):
        t = Table(bare=True, extra_skills=[Blow])
        t.player("吳女眷").skills = ["測試重擊"]
        t.decide("魏君主", "轉生", "曹丕")
        acts = [t.act("蜀殺手甲", "刺殺", "魏君主"), t.act("吳女眷", "測試重擊", "魏君主")]
        t.night(*(acts if first else acts[::-1]))
        lord = t.player("魏君主")
        assert lord.character == "曹丕" and lord.status.value == "alive"  # the new character is unhurt


# ---- the property: seats, ids and submission order do not matter -------------------------------
WEI_KEEP = {"魏君主", "魏正軍師", "魏副軍師", "魏殺手甲", "魏殺手乙", "魏護衛"}
"""Whose character skills stay (曹操-曹丕/曹植, 郭嘉, 司馬懿, 夏侯惇, 夏侯淵, 許褚): the rest are cleared, so the
test does not change as other characters are built."""
ORIGINAL = [s.id for s in standard_seats()]


def _game(seats: list[SeatSpec], seed: int, forced: dict[str, list[Any]] | None = None) -> KK33Game:
    """``forced``: draws forced from the start (those made as night 1 begins: 化身's)."""
    game = KK33Game.create(seats, seed, forced=forced)
    return game


def _unordered(value: Any) -> Any:
    """Lists inside feedback data compared as multisets (奸雄 lists the actions in the night's order, which
    follows the seats: the same actions, listed in another order, are the same feedback)."""
    if isinstance(value, dict):  # a text inside the data (料敵機先 passes feedback on) lists ids in seat order
        return {k: _unordered(v) for k, v in value.items() if k != "text"}
    if isinstance(value, list):
        return sorted((_unordered(v) for v in value), key=lambda v: json.dumps(v, ensure_ascii=False, sort_keys=True))
    return value


class Run:
    """One play of a scenario under a relabelling ``name`` (original id → id in this game)."""

    def __init__(self, name: dict[str, str], seat_order: list[str], seed: int, shuffle_submissions: random.Random | None,
                 forced: list[dict[str, Any]] | None, keep_all: bool = False) -> None:
        self.name = name
        self.back = {v: k for k, v in name.items()}
        specs = {s.id: s for s in standard_seats()}
        seats = [SeatSpec(name[o], specs[o].country, specs[o].identity, specs[o].character) for o in seat_order]
        self.game = _game(seats, seed)
        for p in self.game.state.players.values():
            if not keep_all and self.back[p.id] not in WEI_KEEP:
                p.skills = []
        self.shuffle = shuffle_submissions
        self.pattern = re.compile("|".join(sorted(map(re.escape, name.values()), key=len, reverse=True)))
        if forced is not None:
            for draw in forced:
                purpose = self.to_new(draw["purpose"])
                outcome: Any = draw["outcome"]
                if draw["options"] and all(o.startswith(("是:", "否:")) for o in draw["options"]):
                    outcome = outcome == "是"
                else:
                    outcome = self.to_new(outcome)
                self.game.state.rng.force(purpose, outcome)
        self.results: list[Any] = []

    def to_new(self, text: str) -> str:
        for o in sorted(self.name, key=len, reverse=True):
            text = text.replace(o, self.name[o])
        return text

    def to_old(self, value: Any) -> Any:
        if isinstance(value, str):
            return self.pattern.sub(lambda m: self.back[m.group(0)], value)
        if isinstance(value, dict):
            return {self.to_old(k): self.to_old(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [self.to_old(v) for v in value]
        return value

    def living(self) -> list[str]:
        return sorted(self.back[p.id] for p in self.game.voters())

    def night(self, plan: list[tuple[str, str, int]]) -> None:
        living = self.living()
        accepted: list[Action] = []
        for actor, skill, k in plan:
            if actor not in living:
                continue
            pool = [pid for pid in FOCUS if pid in living] or living
            action = Action(self.name[actor], skill, (self.name[pool[k % len(pool)]],))
            try:
                self.game.check_action(action, accepted)
            except IllegalAction:
                continue
            accepted.append(action)
        if self.shuffle is not None:
            self.shuffle.shuffle(accepted)
        self.results.append(self.game.resolve_night(accepted, DecisionBook(strict=False)))

    def day(self, ballot: list[int | None]) -> None:
        living = self.living()
        votes = {self.name[v]: self.name[living[k % len(living)]]
                 for v, k in zip(living, ballot, strict=False) if k is not None}
        self.results.append(self.game.resolve_day(votes, DecisionBook(strict=False)))

    def outcome(self) -> dict[str, Any]:
        """Everything that must not depend on seats or submission order, in original ids, order-free."""
        state = self.game.state
        players = {self.back[p.id]: {"status": p.status.value, "character": p.character, "identity": p.identity,
                                     "markers": dict(p.markers), "hp": p.hp, "used": dict(p.used),
                                     "known": self.to_old(dict(p.known)), "skills": sorted(p.skills)}
                   for p in state.players.values()}
        phases = []
        for r in self.results:
            a = r.announcement
            feedback = {self.back[pid]: sorted(json.dumps(_unordered(self.to_old({"skill": f.skill, "target": f.target,
                                                                                  "data": f.data})),
                                                          ensure_ascii=False, sort_keys=True) for f in items)
                        for pid, items in r.feedback.items()}
            phases.append({
                "exited": sorted(self.to_old(a["exited"])), "died": sorted(self.to_old(a.get("died", []))),
                "injured": sorted(self.to_old(a["injured"])), "eliminated": sorted(a["eliminated"]),
                "votes": self.to_old(a.get("votes", {})), "feedback": feedback,
                "deaths": sorted(json.dumps(self.to_old(d.as_json()), ensure_ascii=False, sort_keys=True)
                                 for d in r.deaths),
                "decisions": sorted(json.dumps({**self.to_old({"actor": d.actor, "skill": d.skill, "answer": d.answer}),
                                                "options": sorted(self.to_old([str(o) for o in d.options or []]))},
                                               ensure_ascii=False, sort_keys=True) for d in r.decisions),
            })
        return {"players": players, "eliminated": sorted(state.eliminated), "over": state.over,
                "winners": sorted(self.to_old(state.winners)), "phases": phases}

    def draws(self) -> list[dict[str, Any]]:
        return [d for r in self.results for d in r.draws]


FOCUS = ["魏君主", "魏正軍師", "魏護衛", "魏女眷", "蜀君主", "蜀正軍師", "吳君主", "吳護衛"]
"""Night targets are drawn among these while they live: lords and their countrymen dying together is
where the order of deaths used to show (託孤, 遺計定遼東, 七步)."""
KILLERS = ["魏殺手甲", "蜀殺手甲", "吳殺手甲", "魏殺手乙", "蜀殺手乙", "吳殺手乙"]
GUARDS = ["魏護衛", "蜀護衛", "吳護衛"]
TARGET = st.integers(min_value=0, max_value=21)
NIGHT = st.lists(st.tuples(st.sampled_from(KILLERS + GUARDS), TARGET), min_size=2, max_size=8)
DAY = st.lists(st.one_of(st.none(), st.integers(min_value=0, max_value=5)), min_size=22, max_size=22)
PHASES = st.lists(st.tuples(NIGHT, DAY), min_size=2, max_size=4)


def _plan(night: list[tuple[str, int]]) -> list[tuple[str, str, int]]:
    return [(actor, "刺殺" if actor in KILLERS else "援護", k) for actor, k in night]


def play(phases: list[Any], seed: int, name: dict[str, str], seat_order: list[str],
         shuffle: random.Random | None, forced: list[dict[str, Any]] | None, keep_all: bool = False) -> Run:
    run = Run(name, seat_order, seed, shuffle, forced, keep_all)
    for night, day in phases:
        if run.game.state.over:
            break
        run.night(_plan(night))
        if run.game.state.over:
            break
        run.day(day)
    return run


@pytest.mark.skill("託孤", "轉生", "遺計定遼東", "七步", "行殤")
@pytest.mark.parametrize("keep_all", [False, True],
    ids=["wei-skills", "every-built-skill"])
@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(phases=PHASES, seed=st.integers(min_value=0, max_value=2**31), perm=st.randoms(use_true_random=False))
def test_outcomes_do_not_depend_on_seats_ids_or_submission_order(keep_all: bool, phases: list[Any], seed: int,
                                                                 perm: random.Random) -> None:
    """Everything in one phase happens at once: no outcome may depend on seat order or submission order.

    A random game (stabs, guards, votes; 曹操-曹丕/曹植, 郭嘉, 司馬懿, 夏侯惇, 夏侯淵, 許褚 with their skills) is
    played, then played again with the seats shuffled, every id renamed and each night's submissions shuffled,
    every random draw forced to what it was (by its purpose, renamed): the second play must ask for exactly
    those draws and reach the same outcome, feedback and announcements (ids mapped back, lists order-free).
    ``every-built-skill`` keeps every character's built skills too (蜀 …), so a skill built later that makes an
    outcome hang on seats or submission order fails here.
    """
    base = play(phases, seed, {o: o for o in ORIGINAL}, list(ORIGINAL), None, None, keep_all)
    fresh = [f"P{i:02d}" for i in range(1, 23)]
    perm.shuffle(fresh)
    name = dict(zip(ORIGINAL, fresh, strict=True))
    order = list(ORIGINAL)
    perm.shuffle(order)
    other = play(phases, seed + 1, name, order, random.Random(perm.random()), [d for d in base.draws()], keep_all)
    assert other.game.state.rng.unused_forced() == {}, "a draw of the first play was not made in the second"
    assert all(d.get("forced") for d in other.draws()), \
        f"the second play drew something the first did not: {[d for d in other.draws() if not d.get('forced')]}"
    assert other.outcome() == base.outcome()


# ---- the property over random games that seat the 吳 forms (ruling R49) --------------------------
def _wu_preference(k: int) -> list[str]:
    """Game ``k`` seats the ``k``-th 吳 form of each slot (and 轉生 into 孫策 or 孫權): over
    :data:`WU_GAMES` every 吳 form is seated (pinned by ``test_the_wu_games_seat_every_wu_form``)."""
    from tianting.rules.kk33 import roster

    r = roster()
    slot = {identity: r.choices("吳", identity, include_extras=True) for identity in ("正軍師", "副軍師", "殺手", "護衛", "女眷")}
    killers = slot["殺手"]
    chosen = [slot["正軍師"][k % len(slot["正軍師"])], slot["副軍師"][k % len(slot["副軍師"])],
              killers[k % len(killers)], killers[(k + 1) % len(killers)],
              slot["護衛"][k % len(slot["護衛"])], slot["女眷"][k % len(slot["女眷"])]]
    # A form that fits one slot only goes first, so one that fits both 軍師 slots does not take its place.
    chosen.sort(key=lambda c: sum(c in options for options in slot.values()))
    return ["孫堅", ("孫策", "孫權")[k % 2], *chosen]


WU_GAMES = range(12)


class ScriptRun(Run):
    """A random game script (bots: every built skill, day actions, decisions) played under a relabelling."""

    def __init__(self, script: dict[str, Any], name: dict[str, str], seat_order: list[str],
                 shuffle: random.Random | None, forced: list[dict[str, Any]] | None) -> None:
        specs = {p["id"]: p for p in script["players"]}
        self.name, self.back = name, {v: k for k, v in name.items()}
        seats = [SeatSpec(name[o], specs[o]["country"], specs[o]["identity"], specs[o]["character"]) for o in seat_order]
        self.pattern = re.compile("|".join(sorted(map(re.escape, name.values()), key=len, reverse=True)))
        drawn: dict[str, list[Any]] = {}
        for draw in forced or []:
            outcome: Any = draw["outcome"]
            if draw["options"] and all(o.startswith(("是:", "否:")) for o in draw["options"]):
                outcome = outcome == "是"
            else:
                outcome = self.to_new(outcome)
            drawn.setdefault(self.to_new(draw["purpose"]), []).append(outcome)
        # forced from the start: the draws made as night 1 begins (化身's) come before anything else
        self.game = _game(seats, script["seed"] + (1 if forced is not None else 0), drawn)
        self.shuffle = shuffle
        self.results = []

    def new(self, value: Any) -> Any:
        if isinstance(value, str):
            return self.name.get(value, value)
        if isinstance(value, list):
            return [self.new(v) for v in value]
        if isinstance(value, dict):
            return {self.new(k): self.new(v) for k, v in value.items()}
        return value

    def phase(self, raw: dict[str, Any]) -> None:
        from tianting.script import PlayerIds, _action

        game = self.game
        names, ids = game.roster.all_skill_names, PlayerIds(game.state.players)
        accepted: list[Action] = []
        for entry in raw.get("actions", []):
            entry = dict(entry, actor=self.new(entry["actor"]), targets=self.new(entry["targets"]),
                         args=self.new(entry.get("args", {})))
            action = _action(entry, "actions", names, ids)
            game.check_action(action, accepted)
            accepted.append(action)
        if self.shuffle is not None:  # the players submit in any order; each keeps the order of his own list
            order = list(dict.fromkeys(a.actor for a in accepted))
            self.shuffle.shuffle(order)
            accepted = [a for pid in order for a in accepted if a.actor == pid]
        else:  # as the script runner hands them over (the canonical order, R50): the game the script was made in
            from tianting.core.canonical import actions_in_order

            accepted = actions_in_order(accepted, {})[0]
        book = DecisionBook(answers=[{"actor": self.new(d["actor"]), "skill": d["skill"], "answer": self.new(d["answer"])}
                                     for d in raw.get("decisions", [])], strict=False)
        if raw["phase"] == "night":
            words = {self.new(k): v for k, v in raw.get("last_words", {}).items()}
            self.results.append(game.resolve_night(accepted, book, words))
        else:
            votes = {self.new(k): self.new(v) for k, v in sorted(raw.get("votes", {}).items())}
            self.results.append(game.resolve_day(votes, book, actions=accepted))


def _play_script(script: dict[str, Any], name: dict[str, str], order: list[str], shuffle: random.Random | None,
                 forced: list[dict[str, Any]] | None) -> ScriptRun:
    run = ScriptRun(script, name, order, shuffle, forced)
    for raw in script["phases"]:
        run.phase(raw)
    return run


def test_the_wu_games_seat_every_wu_form() -> None:
    """The games below prefer, between them, every 吳 form (孫策 and 孫權 come in by 轉生)."""
    from tianting.rules.kk33 import roster

    wanted = {c for c, v in roster().characters.items() if v.country == "吳"}
    assert {c for k in WU_GAMES for c in _wu_preference(k)} == wanted
    seated = set()
    for k in WU_GAMES:
        bot = random.Random(k)
        bot.getrandbits(31)
        from tianting.randomplay import random_seats

        seated |= {s.character for s in random_seats(bot, _wu_preference(k))}
    assert wanted - seated == {"孫策", "孫權"}


@pytest.mark.skill("先主", "三世老臣", "流離江南", "巧變", "我負天下", "天縱鬼才", "驅虎吞狼", "眩遠惑近", "安恤", "肝腸寸斷")
@pytest.mark.parametrize("k", WU_GAMES)
def test_random_games_with_every_wu_form_do_not_depend_on_seats_ids_or_submission_order(k: int) -> None:
    """Everything in one phase happens at once (R47, R49): a random legal game (the bots: every built skill,
    day actions, decisions; random seats preferring 吳 forms) is played, then again with the seats shuffled,
    every id renamed and each phase's submissions shuffled (a player's own list kept in its order), every
    draw forced to what it was: the second play makes exactly those draws and reaches the same outcome."""
    from tianting.randomplay import play_random

    script = play_random(k, max_phases=40, verify=False, prefer=_wu_preference(k)).script
    ids = [p["id"] for p in script["players"]]
    base = _play_script(script, {i: i for i in ids}, ids, None, None)
    perm = random.Random(1000 + k)
    fresh = [f"Q{i:02d}" for i in range(1, len(ids) + 1)]
    perm.shuffle(fresh)
    name = dict(zip(ids, fresh, strict=True))
    order = list(ids)
    perm.shuffle(order)
    other = _play_script(script, name, order, random.Random(perm.random()), base.draws())
    assert other.game.state.rng.unused_forced() == {}, "a draw of the first play was not made in the second"
    assert all(d.get("forced") for d in other.draws()), \
        f"the second play drew something the first did not: {[d for d in other.draws() if not d.get('forced')]}"
    assert other.outcome() == base.outcome()
