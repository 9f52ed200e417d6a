"""The heuristic policy: a sensible beginner who reads only their own view.

What the player knows about the others (:class:`Knowledge`) comes from the
view alone: characters learned by 互識 (and 歸漢) read through the public
roster (a character's country and slot), their own feedback (明察,
去偽存真, 暗訪, 託孤), the public ballots of known friends and the alliances
in the last announcement. From that:

- killers never stab an id they know to be of their own (or an allied)
  country; they go for known enemy lords, then found killers, then known
  enemies, then anyone not known to be a friend;
- guards protect their own lord when they know him, else a known friend,
  else someone not known to be an enemy;
- lords recruit (招賢納才) ids whose country they do not know yet;
- strategists investigate (明察) ids not known yet, spend 去偽存真 on a found
  killer whose country they do not know, and share what they found by voting
  for it; 暗訪 reads dead ids not known yet;
- ladies bind (亂花) a suspect's vote onto the side's main suspect;
- a skill lent for the night by a held one (天義's 刺殺, 亂世英雄's identity skill) is used now and
  then, the granting skill first, aimed like that identity skill;
- everyone votes for what their side suspects: found killers not known to be
  friends, then ids known friends voted for on the last day, then known
  enemies, else any living id not known to be a friend.

Character skills, the 群 identities' skills and choices that arise during
resolution are played as by the random policy, except that a choice among
ids prefers suspects and never a known friend when it can. Everything is
deterministic given the bot's generator.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable
from typing import Any

from tianting.bots.policy import Offer, register
from tianting.bots.random_policy import (
    ACT_CHANCE,
    RULES,
    RandomPolicy,
    follow_grants,
    random_action,
    shuffle,
    try_submit,
)
from tianting.core.records import Action

roster = RULES.roster
COUNTRIES = RULES.countries

SLOT_IDENTITY = {"轉生": "君主"}
"""A character's slot read as an identity (a 轉生 character is a lord; 軍師 stays ambiguous)."""
LENT_CHANCE = 0.3
"""How often a skill lent for the night (天義's 刺殺) is used: now and then, a guard guards his lord more often."""
PLAYED_AS_RANDOM = ("起義", "方術", "急救")
"""Identity skills without a side to read (the 群 identities): used as the random policy uses them."""
TAKEN = {"黃天": "是"}
"""Choices with one sensible answer: 黃天's point of 體力 costs its owner nothing."""
AIMED = frozenset({"刺殺", "援護", "招賢納才", "明察", "去偽存真", "暗訪", "亂花"})
"""The identity skills the policy aims by the side's knowledge (:meth:`HeuristicPolicy._identity_action`)."""
READ_SKILLS = frozenset({"明察", "去偽存真", "暗訪", "託孤"})
"""The feedback :meth:`Knowledge._read` learns from (any other item teaches it nothing)."""


class _Read:
    """What a player's view taught so far, kept from one of its views to the next (``Knowledge``'s
    ``memo``): read from ``known`` and the first ``seen`` items of the feedback, ``last`` the last of them."""

    __slots__ = ("me", "mine", "identity_of_me", "known", "seen", "last", "country", "identity", "killers",
                 "investigated", "settled")

    def __init__(self, know: Knowledge, identity: str, known: dict[str, str], feedback: list[dict[str, Any]]) -> None:
        self.me, self.mine, self.identity_of_me = know.me, know.mine, identity
        self.known = known
        self.seen = len(feedback)
        self.last = feedback[-1] if feedback else None
        # Shared with ``know``, which never changes them once built; a Knowledge reading on copies them.
        self.country, self.identity = know.country, know.identity
        self.killers, self.investigated = know.killers, know.investigated
        self.settled: dict[frozenset[str], tuple[set[str], set[str], set[str]]] = {}
        """What ``Knowledge._settle`` found with these readings, by the allies it read: friends, spared ids
        and enemies (the allies change from one announcement to the next: a day's has none)."""

    def follows(self, view: dict[str, Any]) -> bool:
        """Does ``view`` begin where this left off (the same player, seat, characters known, and the
        same feedback items first: views of one game share them)?"""
        feedback = view["feedback"]
        seen = self.seen
        return (view["id"] == self.me and view["country"] == self.mine and view["identity"] == self.identity_of_me
                and len(feedback) >= seen and (seen == 0 or feedback[seen - 1] is self.last)
                and view["known"] == self.known)

    def passed(self, feedback: list[dict[str, Any]]) -> None:
        """Move on to the end of ``feedback`` (a later view's, which :meth:`follows` this) whose new items
        teach nothing (:func:`_teaches`): what was read from it, and ``settled``, stay as they are."""
        self.seen = len(feedback)
        self.last = feedback[-1]


def _teaches(items: list[dict[str, Any]]) -> bool:
    """Is any of these feedback items one :meth:`Knowledge._read` learns from (``READ_SKILLS``)? The
    others are skipped by the reading, so they change nothing it read."""
    return any(item["skill"] in READ_SKILLS for item in items)


class Memo:
    """What a policy keeps from one view to the next (``Knowledge``'s ``memo``): what each player's
    views taught so far, the living ids of the last table read, and what the last announcements read
    say (views of a phase share both, and never change them: ``tianting.bots.viewcache``)."""

    __slots__ = ("reads", "table", "alive", "seat", "news", "news_len", "last_day", "allies_of")

    def __init__(self) -> None:
        self.reads: dict[str, _Read] = {}
        self.table: list[dict[str, Any]] | None = None
        self.alive: list[str] = []
        self.seat: dict[str, int] = {}
        """Each living id's place in ``alive`` (read with it, shared the same way)."""
        self.news: list[dict[str, Any]] | None = None
        """The announcements last read (the list itself: a later phase's views bring a new one)."""
        self.news_len = 0
        self.last_day: dict[str, Any] | None = None
        """Their last announcement with a ballot (``votes``), or None."""
        self.allies_of: dict[str, frozenset[str]] = {}
        """The countries allied to a country in their last announcement, by country (read when first asked)."""


def _allies(announcements: list[dict[str, Any]], mine: str) -> frozenset[str]:
    """The countries allied to ``mine`` in the last announcement."""
    alliances = announcements[-1].get("alliances") if announcements else None
    if not alliances:
        return frozenset()
    return frozenset({c for a in alliances if mine in a["countries"] for c in a["countries"]} - {mine})


def _last_day(announcements: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The last announcement with a ballot (a day's), or None."""
    for a in reversed(announcements):
        if "votes" in a:
            return a
    return None


class Knowledge:
    """What one player's view tells about the other players.

    ``memo``: what earlier views of the player taught (by id; kept by the policy): the characters
    known and the feedback already read are not read again, only the feedback new since (the same
    reading, in the same order, as reading the whole view)."""

    __slots__ = ("me", "mine", "_others", "_players", "alive", "seat", "_day", "allies", "country", "identity",
                 "killers", "investigated", "friends", "spared_ids", "enemies")

    def __init__(self, view: dict[str, Any], memo: Memo | None = None) -> None:
        me, mine = view["id"], view["country"]
        self.me: str = me
        self.mine: str = mine
        players = self._players = view["players"]
        announcements = view["announcements"]
        self.country: dict[str, str]
        self.identity: dict[str, str]
        self.killers: list[str]
        """Ids found to be killers (明察), in the order found."""
        self.investigated: set[str]
        self.allies: frozenset[str]
        """The countries allied to mine in the last announcement (read-only)."""
        if memo is None:  # the whole view read afresh
            self.alive: list[str] = [p["id"] for p in players if not p["out"]]
            self.seat: dict[str, int] = {pid: i for i, pid in enumerate(self.alive)}
            """Each living id's place in ``alive`` (read-only: also the living ids as a set)."""
            self._read_whole(view)
            self.allies, self._day = _allies(announcements, mine), _last_day(announcements)
            self._settle()
            return
        # Read once for every view of the phase (they share the table and the announcements, which never
        # change: tianting.bots.viewcache).
        if memo.table is not players:
            memo.table, memo.alive = players, [p["id"] for p in players if not p["out"]]
            memo.seat = {pid: i for i, pid in enumerate(memo.alive)}
        self.alive, self.seat = memo.alive, memo.seat  # read-only here too
        if memo.news is not announcements or memo.news_len != len(announcements):
            memo.news, memo.news_len, memo.allies_of = announcements, len(announcements), {}
            memo.last_day = _last_day(announcements)
        self._day = memo.last_day
        allies = memo.allies_of.get(mine)
        if allies is None:
            allies = memo.allies_of[mine] = _allies(announcements, mine)
        self.allies = allies
        read = memo.reads.get(me)
        feedback = view["feedback"]
        if read is not None:  # :meth:`_Read.follows`, inline (its first test, the id, is the key)
            seen = read.seen
            if not (mine == read.mine and view["identity"] == read.identity_of_me and len(feedback) >= seen
                    and (seen == 0 or feedback[seen - 1] is read.last) and view["known"] == read.known):
                read = None
        if read is None:
            self._read_whole(view)
            read = memo.reads[me] = _Read(self, view["identity"], view["known"], feedback)
        else:
            if len(feedback) != seen:  # (it follows: never fewer)
                new = feedback[seen:]
                if _teaches(new):  # read on from there, in copies
                    self.country, self.identity = dict(read.country), dict(read.identity)
                    self.killers, self.investigated = list(read.killers), set(read.investigated)
                    characters = roster().characters
                    for item in new:
                        if item["skill"] in READ_SKILLS:
                            self._read(item, characters)
                    read = memo.reads[me] = _Read(self, view["identity"], view["known"], feedback)
                else:  # only items :meth:`_read` skips: what it read is still all there is
                    read.passed(feedback)
        # What it read (never changed: a reading on makes copies).
        self.country, self.identity = read.country, read.identity
        self.killers, self.investigated = read.killers, read.investigated
        settled = read.settled.get(allies)
        if settled is not None:
            self.friends, self.spared_ids, self.enemies = settled
        else:
            self._settle()
            read.settled[allies] = (self.friends, self.spared_ids, self.enemies)

    def _read_whole(self, view: dict[str, Any]) -> None:
        """``country``, ``identity``, ``killers`` and ``investigated`` read from the whole view: the
        characters known, then every feedback item in order."""
        me = self.me
        self.country = {me: self.mine}
        self.identity = {me: view["identity"]}
        self.killers = []
        self.investigated = set()
        known, feedback = view["known"], view["feedback"]
        if known or feedback:
            characters = roster().characters
            for pid, name in known.items():
                self._learn_character(pid, name, characters)
            for item in feedback:
                if item["skill"] in READ_SKILLS:
                    self._read(item, characters)

    @property
    def friend_votes(self) -> list[str]:
        """Ids known friends voted for on the last day (their suspicions, shared by voting; read when asked)."""
        others = self.friends - {self.me}
        day = self._day
        if day is None or not others:  # no known friend but oneself: no friend's vote to read
            return []
        return [t for v, t in day["votes"].items() if v in others]

    def _learn_character(self, pid: str, name: str, characters: dict[str, Any]) -> None:
        c = characters.get(name)
        if c is None:
            return
        self.country[pid] = c.country
        self.identity[pid] = SLOT_IDENTITY.get(c.slot, c.slot)

    def _read(self, item: dict[str, Any], characters: dict[str, Any]) -> None:
        skill, data, target = item["skill"], item.get("data", {}), item.get("target")
        if skill == "明察" and target is not None:
            self.investigated.add(target)
            if data.get("is_killer"):
                self.identity[target] = "殺手"
                if target not in self.killers:
                    self.killers.append(target)
        elif skill == "去偽存真" and target is not None and "country" in data:
            self.country[target] = data["country"]
        elif skill == "暗訪" and target is not None and "character" in data:
            self._learn_character(target, data["character"], characters)
        elif skill == "託孤" and isinstance(data.get("alive"), dict):
            for pid, name in data["alive"].items():
                self._learn_character(pid, name, characters)
                self.country[pid] = self.mine

    def _settle(self) -> None:
        """``friends``, ``spared_ids`` and ``enemies`` (sets, read-only), once ``country`` and
        ``allies`` are known (they do not change afterwards): the readings below are set lookups."""
        mine, me, allies = self.mine, self.me, self.allies
        kingdom = mine in COUNTRIES  # the 群 have no friends but themselves
        friends: set[str] = set()
        spared: set[str] = set()  # friends, and ids of allied countries
        enemies: set[str] = set()  # the others known, but me
        for pid, c in self.country.items():
            if c == mine and (kingdom or pid == me):
                friends.add(pid)
                spared.add(pid)
            elif c in allies:
                spared.add(pid)
            elif pid != me:
                enemies.add(pid)
        self.friends, self.spared_ids, self.enemies = friends, spared, enemies

    # ---- reading ---------------------------------------------------------------
    @property
    def dead(self) -> list[str]:
        """The ids out of the game, in seat order (read from the view when asked)."""
        return [p["id"] for p in self._players if p["out"]]

    def friend(self, pid: str) -> bool:
        """Known to be of my country (the 群 have no friends but themselves)."""
        return pid in self.friends

    def spared(self, pid: str) -> bool:
        """Known to be of my country or of a country allied with it (a stab on them may fail)."""
        return pid in self.spared_ids

    def enemy(self, pid: str) -> bool:
        return pid in self.enemies

    def living_others(self) -> list[str]:
        """The living ids but mine, in seat order (read when first asked, then kept: read-only)."""
        try:
            return self._others  # (unset until first read)
        except AttributeError:
            others = self._others = self.others_but()
            return others

    def others_but(self, *outs: Collection[str]) -> list[str]:
        """``[pid for pid in living_others() if pid not in any of outs]``, in seat order, as a new list: the
        living ids cut at the places of me and of the living ids among ``outs`` (a few, mostly), the pieces
        between them copied whole, instead of asking of every id in turn."""
        seat, alive = self.seat, self.alive
        cut = {seat[pid] for out in outs for pid in out if pid in seat}
        mine = seat.get(self.me)
        if mine is not None:
            cut.add(mine)
        if not cut:
            return alive[:]
        group: list[str] = []
        start = 0
        for i in sorted(cut):
            group += alive[start:i]
            start = i + 1
        group += alive[start:]
        return group

    def others_among(self, ids: Iterable[str]) -> list[str]:
        """``[pid for pid in living_others() if pid in ids]`` (``ids`` without repeats), in seat order:
        those of ``ids`` that are living others, sorted by their places."""
        seat, me = self.seat, self.me
        places = sorted([seat[pid] for pid in ids if pid in seat and pid != me])
        alive = self.alive
        return [alive[i] for i in places]

    def suspects(self) -> list[str]:
        """Living ids my side suspects, most suspected first (no known friend, not me)."""
        enemies, identity = self.enemies, self.identity
        order = [*self.killers, *self.friend_votes]
        if enemies:
            order += [pid for pid in self.alive if pid in enemies and identity.get(pid) == "殺手"]
            order += [pid for pid in self.alive if pid in enemies]
        me, seat, friends = self.me, self.seat, self.friends
        return [pid for pid in dict.fromkeys(order) if pid in seat and pid != me and pid not in friends]

    def first_suspect(self, among: list[str] | None = None) -> str | None:
        """``suspects()[0]`` (of those ``among``, if given), found without building the list: the first id in
        the order :meth:`suspects` reads (found killers, friends' votes, enemy killers, enemies) that is
        alive, not me and no known friend (the enemies read are living ones, never me nor a friend)."""
        me, alive, friends = self.me, self.seat, self.friends
        for pid in self.killers:
            if pid in alive and pid != me and pid not in friends and (among is None or pid in among):
                return pid
        day = self._day
        if day is not None and len(friends) > (me in friends):  # a known friend but me: the votes are read
            others = friends - {me}
            for voter, pid in day["votes"].items():
                if voter in others and pid in alive and pid != me and pid not in friends \
                        and (among is None or pid in among):
                    return pid
        enemies = self.enemies
        if enemies:  # the living enemy killer first in seat order, else the living enemy first: by places
            identity = self.identity
            first = killer = n = len(alive)
            for pid in enemies:
                i = alive.get(pid)
                if i is None or (among is not None and pid not in among):
                    continue
                if i < first:
                    first = i
                if i < killer and identity.get(pid) == "殺手":
                    killer = i
            if killer < n:
                return self.alive[killer]
            if first < n:
                return self.alive[first]
        return None

    def my_lord(self) -> str | None:
        """The first living other known to be a friend and a lord, in seat order."""
        identity = self.identity
        lords = self.others_among([pid for pid in self.friends if identity.get(pid) == "君主"])
        return lords[0] if lords else None


def tiers(rng: random.Random, *groups: list[str]) -> str | None:
    """A random id of the first non-empty group."""
    for group in groups:
        if group:
            return rng.choice(group)
    return None


def _pick(rng: random.Random, group: list[str]) -> str | None:
    """``tiers(rng, group)``: a random id of ``group`` (``rng.choice``), None if it is empty (drawing nothing)."""
    return rng.choice(group) if group else None


class _NightRows:
    """A player's usable rows (``RandomPolicy._usable``) sorted as :meth:`HeuristicPolicy.night` plays them,
    each group in the rows' order: the rows lent for the night (``lent``) with the row of the skill that
    grants each (its ``via``; None if not among the rows), the identity skills aimed by the side's knowledge
    (``aimed``: the rows neither a character's, lent nor ``PLAYED_AS_RANDOM``, whose skill is ``AIMED``; the
    others of them have no aim: the policy leaves them, drawing nothing) and those played as by the random
    policy (``others``: a character's and ``PLAYED_AS_RANDOM``). Read-only."""

    __slots__ = ("lent", "aimed", "others")

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        self.lent = [(r, next((g for g in rows if g["skill"] == r.get("via")), None))
                     for r in rows if r["source"] == "lent"]
        self.others = [r for r in rows if r["source"] == "character" or r["skill"] in PLAYED_AS_RANDOM]
        self.aimed = [r for r in rows if r["source"] not in ("character", "lent")
                      and r["skill"] not in PLAYED_AS_RANDOM and r["skill"] in AIMED]


class HeuristicPolicy(RandomPolicy):
    """A sensible beginner (see the module's docstring)."""

    name = "heuristic"

    _memo: Memo | None = None
    """What the views taught so far (``Knowledge``'s memo; set on the instance when first read)."""

    def _knowledge(self, view: dict[str, Any]) -> Knowledge:
        memo = self._memo
        if memo is None:
            memo = self._memo = Memo()
        return Knowledge(view, memo)

    _night_rows_of: dict[str, tuple[list[dict[str, Any]], _NightRows]] | None = None
    """Each player's last usable rows read and :class:`_NightRows` of them (set on the instance when first read)."""

    def _night_rows(self, view: dict[str, Any]) -> _NightRows:
        """:class:`_NightRows` of the view's usable rows, read once per list of them (``_usable``: the list
        is kept and never changed while the same)."""
        rows = self._usable(view)
        kept_of = self._night_rows_of
        if kept_of is None:
            kept_of = self._night_rows_of = {}
        kept = kept_of.get(view["id"])
        if kept is None or kept[0] is not rows:
            kept = kept_of[view["id"]] = (rows, _NightRows(rows))
        return kept[1]

    def night(self, view: dict[str, Any], offer: Offer, rng: random.Random) -> None:
        """Identity skills by the side's knowledge, then now and then one character skill."""
        parts = self._night_rows(view)  # read-only
        know: Knowledge | None = None  # read from the view only when an identity skill needs it
        for row, grant in parts.lent:
            if rng.random() < LENT_CHANCE:
                if know is None:
                    know = self._knowledge(view)
                self._with_its_grant(view, know, offer, grant, row, rng)
        for row in parts.aimed:
            if know is None:
                know = self._knowledge(view)
            action = self._identity_action(view, know, row, rng)
            if action is not None:
                offer.take(action)  # (check, then submit if taken: one question of the same pure check)
        pools = self._pools(view)
        if parts.others:
            others = list(parts.others)
            shuffle(others, rng)  # rng.shuffle's very draws
            for row in others:
                if rng.random() < ACT_CHANCE:
                    try_submit(view, offer, row, rng, pools=pools)
        follow_grants(view, offer, rng, pools)

    def _with_its_grant(self, view: dict[str, Any], know: Knowledge, offer: Offer, grant: dict[str, Any] | None,
                        row: dict[str, Any], rng: random.Random) -> None:
        """A skill a held one lends for the night (天義 → 刺殺, 亂世英雄 → an identity skill): the granting
        skill (``grant``, its row) first, then the lent one aimed as the side's knowledge says; before the
        identity skills, which the grant may exclude (天義: 刺殺 or 援護, not both)."""
        action = self._identity_action(view, know, row, rng)
        if grant is None or action is None:
            return
        given = random_action(view, grant, rng)
        if given is None or offer.take(given) is not None:
            return
        offer.take(action)

    def _identity_action(self, view: dict[str, Any], know: Knowledge, row: dict[str, Any],
                         rng: random.Random) -> Action | None:
        """The use of an aimed identity skill (``AIMED``; None for any other, drawing nothing): each target
        drawn from the first non-empty group of ids its tiers name (a group is read only when those before
        it are empty: reading draws nothing)."""
        skill = row["skill"]
        if skill not in AIMED:
            return None
        me = know.me
        target: str | None = None
        # Each group is [pid for pid in know.living_others() if ...] (in seat order), read by places
        # (Knowledge.others_but, others_among).
        if skill == "刺殺":
            spared, enemies, killers = know.spared_ids, know.enemies, know.killers
            group: list[str] = []
            if enemies:  # (never spared: Knowledge._settle)
                identity = know.identity
                group = know.others_among([pid for pid in enemies if identity.get(pid) == "君主"])  # enemy lords
            if not group and killers:  # found killers not spared, in the order found
                seat = know.seat
                group = [k for k in killers if k in seat and k != me and k not in spared]
            if not group and enemies:
                group = know.others_among(enemies)
            target = _pick(rng, group or know.others_but(spared))
        elif skill == "援護":
            target = know.my_lord()
            if target is None:
                target = _pick(rng, know.others_among(know.friends) or know.others_but(know.enemies))
        elif skill == "招賢納才":
            target = _pick(rng, know.others_but(know.country))
        elif skill == "明察":
            investigated = know.investigated
            target = _pick(rng, know.others_but(know.country, investigated)
                           or know.others_but(know.friends, investigated))
        elif skill == "去偽存真":
            country, seat = know.country, know.seat
            group = [k for k in know.killers if k in seat and k != me and k not in country]
            # kept for a killer found later; from night 3 on, spent on anyone not known yet
            if not group and view["number"] >= 3:
                group = know.others_but(country)
            target = _pick(rng, group)
        elif skill == "暗訪":
            country = know.country
            target = _pick(rng, [pid for pid in know.dead if pid not in country])
        else:  # 亂花
            not_friends = know.others_but(know.friends)
            b = know.first_suspect()
            if b is None:
                b = _pick(rng, not_friends)
                if b is None:
                    return None
            a = _pick(rng, [pid for pid in not_friends if pid != b])
            return Action(me, skill, (a, b)) if a is not None else None
        if target is None:
            return None
        return Action(me, skill, (target,))

    def vote(self, view: dict[str, Any], rng: random.Random) -> str | None:
        """The side's main suspect, else any living id not known to be a friend."""
        know = self._knowledge(view)
        suspect = know.first_suspect()
        if suspect is not None:
            return suspect
        return tiers(rng, know.others_but(know.friends), know.alive)

    _ids_of: tuple[list[dict[str, Any]], frozenset[str]] | None = None
    """The last table read by :meth:`_ids` and its ids (set on the instance when first read)."""

    def _ids(self, view: dict[str, Any]) -> frozenset[str]:
        """Every id at the view's table, read once per table (a view's ``players`` list is never changed,
        ``tianting.bots.viewcache``; the list kept here is not freed, so no other list takes its id)."""
        players = view["players"]
        kept = self._ids_of
        if kept is None or kept[0] is not players:
            kept = self._ids_of = (players, frozenset(p["id"] for p in players))
        return kept[1]

    def decide(self, view: dict[str, Any], skill: str, options: list[Any], rng: random.Random) -> Any:
        """A choice among ids: a suspect, else someone not known to be a friend (託孤: a known
        non-killer friend first); a choice in ``TAKEN``: its one sensible answer; any other choice as
        the random policy makes it."""
        if not options:
            return None
        if skill in TAKEN and TAKEN[skill] in options:
            return TAKEN[skill]
        ids = self._ids(view)
        if all(isinstance(o, str) and o in ids for o in options):
            know = self._knowledge(view)
            if skill == "託孤":
                return tiers(rng, [o for o in options if know.identity.get(o) not in (None, "殺手")], options)
            suspect = know.first_suspect(options)
            if suspect is not None:
                return suspect
            return tiers(rng, [o for o in options if not know.friend(o)], options)
        return rng.choice(options)


register("heuristic", HeuristicPolicy)
