"""Playing whole KK 3.3 games with bots.

Each bot sees only its player's view; its actions go through the engine's
own checks; its answers to choices that arise during resolution are asked
live (``DecisionBook.decider``). Everything is seeded: the same seed gives
the same game, whatever process plays it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Any

from tianting.bots.policy import Offer, Policy, get_policy
from tianting.bots.record import GameRecord, SeatRecord
from tianting.bots.viewcache import ViewCache
from tianting.core.decisions import DecisionBook
from tianting.core.errors import IllegalAction
from tianting.core.records import Action
from tianting.core.state import PhaseKind
from tianting.rules import load as load_rules

RULES = load_rules("kk33")
"""The rule set these bots play (their policies read KK 3.3's views and skill texts; another rule set
plays its own bots, ``RULESET.bot_game``)."""
KK33Game = RULES.game
SeatSpec = RULES.seat
roster = RULES.roster
rules_player_view = RULES.player_view


def built_characters(game_skills: set[str]) -> set[str]:
    """Characters every one of whose skills is built."""
    return {c.name for c in roster().characters.values() if all(s.name in game_skills for s in c.skills)}


@cache
def _built() -> frozenset[str]:
    """The built characters of the packaged rules (the skill registry is fixed once imported)."""
    probe = KK33Game.create([SeatSpec("_", "魏", "君主", "曹操")], 0)
    return frozenset(built_characters(set(probe.skills)))


def random_table(rng: random.Random, built: set[str], chibi: bool = False) -> tuple[list[SeatSpec], list[str]]:
    """22 seats by the rule's counts, characters drawn among the built ones where the slot has any
    (``chibi``: 『角色技能·赤壁之戰』's forms among them, as ``tianting setup --chibi`` offers).

    Returns the seats and the characters seated although not fully built (said plainly in reports).
    """
    return RULES.random_seats(rng, built, chibi=chibi)


_CACHES: dict[KK33Game, ViewCache] = {}
"""The view caches of the games being played by :func:`play_game` in this process (each removed
when its game ends; games hash by identity)."""


def player_view(game: KK33Game, pid: str) -> dict[str, Any]:
    """What ``pid`` may see now: exactly the rule set's ``player_view`` (KK 3.3's views).

    The one door through which bots get their views (tests wrap it to watch them). A game
    being played by :func:`play_game` answers from its :class:`ViewCache`; any other game
    from the rules' own function.
    """
    views = _CACHES.get(game)
    return rules_player_view(game, pid) if views is None else views.view(pid)


def partial_view(game: KK33Game, pid: str, reads: frozenset[str]) -> dict[str, Any]:
    """What a policy's method that reads only ``reads`` of a view is handed (``policy.reads_only``):
    those keys of :func:`player_view` with their values (``id`` among them only if read: a view without
    it is the same for every player, and the bot loop hands one to all), built alone where the game's
    :class:`ViewCache` can (``ViewCache.PARTS``); else the whole view. The second door through which
    bots get their views (tests wrap it too)."""
    views = _CACHES.get(game)
    if views is not None and reads <= views.PARTS:
        return views.partial_view(pid, reads)
    return player_view(game, pid)


def _viewer(game: KK33Game, method: Any, views: ViewCache | None = None) -> Any:
    """How to build the view ``method`` (a policy's) is handed: :func:`partial_view` of what it says it
    reads (``policy.reads_only``), else :func:`player_view` (both looked up when called: tests wrap them).
    Given the game's ``views`` while :func:`partial_view` is not wrapped, its very answer for this game
    (``views.viewer``), its look-ups (the game's cache, the parts it can build) made once here."""
    reads = getattr(method, "view_reads", None)
    if reads is None:
        return lambda pid: player_view(game, pid)
    if views is not None and partial_view is _PARTIAL_VIEW and reads <= views.PARTS:
        return views.viewer(reads)
    return lambda pid: partial_view(game, pid, reads)


_PARTIAL_VIEW = partial_view
"""The door :func:`partial_view` itself (not a test's wrapper of it)."""


class _Checker:
    """The engine's check of one player's offer tonight, given the actions accepted before it.

    ``check_action`` is a pure function of the state (which does not change while the night's
    actions are offered), the action and the actions before it; so an action found legal is not
    checked again when it is submitted next, unchanged, after the same submissions; and its first
    part, ``check_skill`` (which reads the actor and the skill, never the targets or args), is made
    once for each skill after the same submissions, however many targets a bot draws for it.
    """

    __slots__ = ("game", "before", "stab_bases", "_legal", "_after", "_skills", "_before_mine")

    def __init__(self, game: KK33Game, before: list[Action], stab_bases: dict[str, int | None],
                 newcomer: str | None = None) -> None:
        """``newcomer``: an actor the caller knows has no action among ``before`` (the bot loop's player:
        each offers once a phase), so that ``before`` is not searched for theirs."""
        self.game = game
        self.before = before
        self.stab_bases = stab_bases
        """The night's memo for ``KK33Game.stab_allowance``, shared by every player's checker."""
        self._legal: Action | None = None
        self._after: tuple[int, Action | None] = (0, None)
        self._skills: dict[tuple[str, str, int], tuple[Action | None, Any, list[Action]]] = {}
        """By (actor, skill, how many of mine before it): the last of them (the key of a list that only grows:
        the same count and last action, the same list), ``check_skill``'s answer (``SkillCheck``) and the
        actions accepted before it (``before + mine``, made once for all the draws checked after them).
        (A draw refused and made again is not remembered here: the random bot does not ask again,
        ``random_policy.try_submit``.)"""
        self._before_mine: dict[str, list[Action]] = {} if newcomer is None else {newcomer: []}
        """Each actor's actions among ``before`` (which never changes), read once (never changed)."""

    def __call__(self, action: Action, mine: list[Action]) -> None:
        """The check as ``Offer`` takes it: raise IllegalAction if ``action`` is refused."""
        refusal = self.refusal(action, mine)
        if refusal is not None:
            raise IllegalAction(*refusal)

    def refusal(self, action: Action, mine: list[Action]) -> tuple[str, str] | None:
        """The check's refusal of ``action`` after ``mine`` as (message, code), or None if it is taken:
        what :meth:`__call__` raises, answered without raising (``Offer`` asks this way: a refused draw
        costs no exception)."""
        n = len(mine)
        last = mine[-1] if n else None
        if action is self._legal and n == self._after[0] and last is self._after[1]:
            return None  # (``_legal`` is kept with the submissions it was found after: not cleared here)
        skill_key = (action.actor, action.skill, n)
        found = self._skills.get(skill_key)
        if found is None or found[0] is not last:
            # ``before + mine``; with none of mine, ``before`` itself (never changed, and the checks only read it)
            accepted = self.before + mine if n else self.before
            before = self._before_mine.get(action.actor)  # (``_mine_actions``, its common answer without the call)
            mine_actions = before if before is not None and not n else self._mine_actions(action.actor, mine)
            found = self._skills[skill_key] = (last, self.game.check_skill(action, accepted, mine_actions), accepted)
        check = found[1]
        refusal = check.refusal  # (``use_refusal``'s first answer, without its call)
        if refusal is None:
            refusal = self.game.use_refusal(check, action, found[2], self.stab_bases)
            if refusal is None:
                self._legal, self._after = action, (n, last)
        return refusal

    def _mine_actions(self, actor: str, mine: list[Action]) -> list[Action]:
        """``actor``'s actions among ``before + mine``, in order (what ``check_skill`` reads of them)."""
        before = self._before_mine.get(actor)
        if before is None:
            before = self._before_mine[actor] = [a for a in self.before if a.actor == actor]
        if not mine:
            return before
        return before + [a for a in mine if a.actor == actor]


def play_game(seed: int, policy: str | Policy = "random", seats: Sequence[SeatSpec] | None = None,
              max_phases: int = 80, chibi: bool = False) -> GameRecord:
    """One whole game played by bots of ``policy``; stops when over or after ``max_phases``
    (``chibi``: a random table includes 『角色技能·赤壁之戰』)."""
    return play_game_kept(seed, policy, seats, max_phases, chibi)[1]


def play_game_kept(seed: int, policy: str | Policy = "random", seats: Sequence[SeatSpec] | None = None,
                   max_phases: int = 80, chibi: bool = False) -> tuple[KK33Game, GameRecord]:
    """:func:`play_game`, also returning the game played (its results: traces, feedback)."""
    bots = get_policy(policy) if isinstance(policy, str) else policy
    rng = random.Random(seed)
    game_seed = rng.getrandbits(31)
    unbuilt: list[str] = []
    if seats is None:
        seats, unbuilt = random_table(rng, set(_built()), chibi)
    game = KK33Game.create(list(seats), game_seed, chibi=chibi)
    start = {p.id: p.character for p in game.state.players.values()}
    views = _CACHES[game] = ViewCache(game)  # what player_view (below) reads while this game plays
    try:
        refused = _play(game, bots, rng, views, max_phases)
    finally:
        del _CACHES[game]
    return game, _record(seed, game_seed, game, start, refused, unbuilt)


def _play(game: KK33Game, bots: Policy, rng: random.Random, views: ViewCache, max_phases: int) -> int:
    """The phase loop of :func:`play_game`; returns how many actions and votes were refused."""
    refused = 0

    night_view, vote_view = _viewer(game, bots.night, views), _viewer(game, bots.vote, views)
    vote_reads = getattr(bots.vote, "view_reads", None)
    vote_shared = vote_reads is not None and "id" not in vote_reads  # (``partial_view``: the same for all)
    decide_view = _viewer(game, bots.decide, views)

    def decider(actor: str, skill: str, options: list[Any]) -> Any:
        return bots.decide(decide_view(actor), skill, options, rng)

    while not game.state.over and game.state.index < max_phases:
        book = DecisionBook(decider=decider)
        if game.phase is PhaseKind.NIGHT:
            accepted: list[Action] = []
            stab_bases: dict[str, int | None] = {}  # the state does not change while actions are offered
            # Those who may act (``game.can_act``: ``voters`` is its very test, in seat order, made once for all:
            # the state does not change while actions are offered).
            for player in game.voters():
                offer = Offer(_Checker(game, accepted, stab_bases, player.id))
                bots.night(night_view(player.id), offer, rng)
                if offer.refused:
                    refused += len(offer.refused)
                if offer.actions:
                    accepted = accepted + offer.actions  # a new list: the checkers made before keep theirs
            views.settled = False  # decisions during the resolution see the state live
            game.resolve_night(accepted, book)
            views.settled = True
        else:
            day_actions: list[Action] = []
            living = game.voters()  # read once: the state does not change before the day is resolved
            acting = getattr(bots, "day", None)  # actions by day: a policy may take them
            if acting is not None:
                day_view = _viewer(game, acting, views)
                for player in views.day_candidates(living):  # (the others: neither test below could pass)
                    if not views.acts_by_day(player) and not game.offered(player):
                        continue  # the view's own rows (the whole view is built only for those who act;
                        # skills 化身 offers are not among a player's own rows)
                    offer = Offer(_Checker(game, day_actions, {}, player.id))
                    acting(day_view(player.id), offer, rng)
                    refused += len(offer.refused)
                    day_actions = day_actions + offer.actions
            votes: dict[str, str] = {}
            skipped = game.vote_skipped()  # read once: the state does not change while votes are cast
            voters = [] if skipped else living + game.posthumous_voters()  # 涅槃
            shared: dict[str, Any] | None = None
            # A vote of one of ``voters`` for the id of one of ``living`` is taken without asking ``check_vote``:
            # the game is not over (the loop's test), it is day, the vote is not skipped (else no voters), each
            # voter may vote (alive or ``posthumous_voters``, of a country not eliminated: the very tests of
            # ``voters`` and ``posthumous_voters``), and of the target ``check_vote`` asks only that it is at the
            # table and not out, as all of ``living`` are (the state does not change while votes are cast). A
            # vote for any other id is checked in full (a living player of an eliminated country is taken there).
            standing = frozenset([p.id for p in living]) if voters else None
            for player in voters:
                if vote_shared:  # one view for every voter: it holds nothing of the voter (and the state
                    # does not change while votes are cast)
                    view = shared = shared or vote_view(player.id)
                else:
                    view = vote_view(player.id)
                target = bots.vote(view, rng)
                if target is None:
                    continue
                try:
                    if target not in standing:  # type: ignore[operator]  # (else taken: see above)
                        game.check_vote(player.id, target, skipped)
                except Exception:  # noqa: BLE001 — an illegal vote counts as a refusal
                    refused += 1
                    continue
                votes[player.id] = target
            views.settled = False
            game.resolve_day(votes, book, actions=day_actions)
            views.settled = True
    return refused


def _record(seed: int, game_seed: int, game: KK33Game, start: dict[str, str], refused: int,
            unbuilt: list[str]) -> GameRecord:
    state = game.state
    uses: dict[str, list[int]] = {}
    known = uses.get
    for phase in state.history:
        for action in phase.get("actions", ()):
            if action.get("implicit"):
                continue
            skill = action["skill"]
            counts = known(skill)
            if counts is None:  # (not ``setdefault``: no list made for every action)
                counts = uses[skill] = [0, 0]
            counts[0] += 1
            if action["state"] == "done":
                counts[1] += 1
    winners = set(state.winners)
    seats = [
        SeatRecord(p.id, p.country, p.identity, start[p.id], p.character, p.alive,
                   p.country in winners or p.id in winners)
        for p in state.players.values()
    ]
    return GameRecord(seed, game_seed, state.index, state.over, list(state.winners), state.peace, seats,
                      dict(sorted(uses.items())), refused, unbuilt)
