"""The bot loop's speed-ups change nothing: same views, same copies, same names.

* :class:`tianting.bots.viewcache.ViewCache` hands out exactly what
  :func:`tianting.rules.kk33.views.player_view` gives, key for key and in the
  same order, on every view of whole games (night, vote and mid-resolution
  decision views), for both policies;
* the fast ``__deepcopy__`` of the state (a night's snapshot for 肝腸寸斷) is a
  true deep copy: equal, independent, sharing kept where the original shares;
* the skill-text index and the name memo answer as the searches they replace.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from functools import cached_property
from typing import Any

import pytest

from tianting.bots import play
from tianting.bots.play import play_game
from tianting.core.names import NameTable
from tianting.core.rng import GameRandom
from tianting.core.state import GameState, Player
from tianting.rules.kk33 import KK33Game, roster
from tianting.rules.kk33.views import player_view, skill_text

VIEW_GAMES = 30


@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_cached_views_are_player_view(policy, monkeypatch):
    """Every view a bot is handed equals ``player_view`` now: the whole view key for key and in order
    (``play.player_view``), or the keys a partial view holds (``play.partial_view``, for a method that
    reads only those: ``policy.reads_only``), with the whole view's very ``players`` list."""
    cached, cached_part = play.player_view, play.partial_view
    compared = {"views": 0, "partial": 0, "mid-resolution": 0}

    def both(game: KK33Game, pid: str):
        view = cached(game, pid)
        expected = player_view(game, pid)
        assert view == expected, f"{pid} at phase {game.state.index}"
        assert list(view) == list(expected)
        compared["views"] += 1
        compared["mid-resolution"] += not play._CACHES[game].settled
        return view

    def part(game: KK33Game, pid: str, reads: frozenset[str]):
        view = cached_part(game, pid, reads)
        whole = player_view(game, pid)
        assert reads <= set(view) <= set(whole)
        assert view == {k: whole[k] for k in view}, f"{pid} at phase {game.state.index}"
        if "players" in view:
            assert view["players"] is cached(game, pid)["players"]  # shared, as the whole view's
        compared["partial"] += 1
        compared["mid-resolution"] += not play._CACHES[game].settled
        return view

    monkeypatch.setattr(play, "player_view", both)
    monkeypatch.setattr(play, "partial_view", part)
    for seed in range(VIEW_GAMES):
        play_game(seed, policy)
    assert compared["views"] + compared["partial"] > VIEW_GAMES * 100
    assert compared["mid-resolution"] > 0, "decisions during a resolution were compared too"
    if policy == "heuristic":  # its night, vote and decisions read the whole view
        assert compared["views"] > VIEW_GAMES * 100
    assert not play._CACHES, "no cache outlives its game"


def test_bound_viewers_are_the_partial_view_door(monkeypatch):
    """The viewers the bot loop binds once per game (``ViewCache.viewer``, used while ``play.partial_view``
    is not wrapped) answer as that door: the same keys in the same order, the same values, the very
    ``players`` list; a view of no ``id`` is the same for every player (the loop shares one among voters)."""
    from tianting.bots.viewcache import ViewCache

    real = ViewCache.viewer
    compared = {"views": 0, "no id": 0}

    def checked(self, reads):
        bound = real(self, reads)

        def view(pid):
            got = bound(pid)
            expected = self.partial_view(pid, reads)
            assert got == expected and list(got) == list(expected)
            whole = play.player_view(self.game, pid)
            assert got == {k: whole[k] for k in got} and set(got) == set(reads)
            if "players" in got:
                assert got["players"] is whole["players"]
            compared["views"] += 1
            compared["no id"] += "id" not in got
            return got
        return view

    monkeypatch.setattr(ViewCache, "viewer", checked)
    for seed in range(6):
        play_game(seed, "random", chibi=seed % 2 == 1)
    assert compared["views"] > 600 and compared["no id"] > 10


def test_acts_by_day_unread_answers_as_the_rows(monkeypatch):
    """``ViewCache.acts_by_day`` answers unread (no mover held, no name usable by day among the player's
    identity skills, held skills and rights) as the rules' own rows say, and ``ViewCache.day_candidates``
    leaves out only players with no row usable by day and nothing offered: every voter of every day of whole
    games, both policies, with and without 『角色技能·赤壁之戰』; players who act by day were met too."""
    from tianting.bots.viewcache import ViewCache
    from tianting.rules.kk33.views import _skill_rows

    real, candidates = ViewCache.acts_by_day, ViewCache.day_candidates
    seen = {True: 0, False: 0, "left out": 0}

    def checked(self, living):
        kept = candidates(self, living)
        assert kept == [p for p in living if p in kept]  # in their order
        for player in living:
            got = real(self, player)
            by_day = any(r.get("by_day") for r in _skill_rows(self.game, player.id))
            assert got == by_day, player.id
            seen[got] += 1
            if player not in kept:
                assert not by_day and not self.game.offered(player), player.id
                seen["left out"] += 1
        return kept

    monkeypatch.setattr(ViewCache, "day_candidates", checked)
    for seed in range(16):
        play_game(seed, "random" if seed % 4 else "heuristic", chibi=seed % 2 == 1)
    assert seen[True] > 5 and seen[False] > 500 and seen["left out"] > 500


def test_which_methods_read_partial_views():
    """The random policy says what its methods read; the heuristic's own methods do not (they read the
    whole view), the day it inherits does."""
    from tianting.bots.heuristic import HeuristicPolicy
    from tianting.bots.random_policy import RandomPolicy

    assert RandomPolicy.vote.view_reads == {"players"}
    assert RandomPolicy.night.view_reads == RandomPolicy.day.view_reads == {"id", "players", "skills"}
    assert RandomPolicy.decide.view_reads == frozenset()
    assert not any(hasattr(getattr(HeuristicPolicy, m), "view_reads") for m in ("night", "vote", "decide"))
    assert HeuristicPolicy.day is RandomPolicy.day


def test_shared_view_parts_never_change_afterwards(monkeypatch):
    """Views share their lists (announcements, feedback, players, skill rows) instead of copying
    them; a view kept from an earlier phase still reads as it did when it was handed out."""
    cached = play.player_view
    kept: list[tuple[dict, dict]] = []

    def keep(game: KK33Game, pid: str):
        view = cached(game, pid)
        kept.append((view, copy.deepcopy(view)))
        return view

    monkeypatch.setattr(play, "player_view", keep)
    for seed in range(3):
        play_game(seed, "heuristic")
    assert len(kept) > 300
    assert all(view == then for view, then in kept)


def test_remembered_refusals_are_the_checks_own(monkeypatch):
    """A draw refused once is refused again without a check (``_Checker``): with the message and
    code the check itself gives at that moment, on every such refusal of many games."""
    from tianting.core.errors import IllegalAction

    real_check = KK33Game.check_action
    calls = {"checks": 0, "remembered": 0}

    def counting(self, *a, **k):
        calls["checks"] += 1
        return real_check(self, *a, **k)

    real_call = play._Checker.refusal  # how Offer asks the checker (its __call__ raises the same)
    real_skill = KK33Game.check_skill

    def counting_skill(self, *a, **k):
        calls["checks"] += 1
        return real_skill(self, *a, **k)

    def call(self, action, mine):
        before = calls["checks"]
        refusal = real_call(self, action, mine)
        if refusal is not None and calls["checks"] == before:  # answered from memory: ask the rules now
            calls["remembered"] += 1
            with pytest.raises(IllegalAction) as fresh:
                real_check(self.game, action, self.before + mine, {})
            assert (fresh.value.message, fresh.value.code) == refusal
        return refusal

    monkeypatch.setattr(KK33Game, "check_action", counting)
    monkeypatch.setattr(KK33Game, "check_skill", counting_skill)
    monkeypatch.setattr(play._Checker, "refusal", call)
    for seed in range(15):
        play_game(seed, "random")
    assert calls["remembered"] > 100


def test_heuristic_knowledge_read_on_is_the_whole_reading(monkeypatch):
    """The heuristic's knowledge, read on from what earlier views taught (``Memo``), equals the knowledge
    read from the whole view, on every view of whole games."""
    from tianting.bots import heuristic

    whole = heuristic.Knowledge
    fields = ("me", "mine", "alive", "country", "identity", "killers", "investigated", "allies", "friends",
              "spared_ids", "enemies", "friend_votes")
    compared = {"reads": 0, "read on": 0}

    class Checked(whole):
        def __init__(self, view, memo=None):
            before = memo.reads.get(view["id"]) if memo is not None else None
            super().__init__(view, memo)
            fresh = whole(view)
            for name in fields:
                assert getattr(self, name) == getattr(fresh, name), name
            assert list(self.country) == list(fresh.country)
            compared["reads"] += 1
            compared["read on"] += before is not None and before.follows(view)

    monkeypatch.setattr(heuristic, "Knowledge", Checked)
    for seed in range(12):
        play_game(seed, "heuristic")
    assert compared["read on"] > compared["reads"] // 2 > 100


def test_skill_instances_shared_by_games_hold_no_state():
    """Games with the same skills share one instance of each skill (``game._instances_of``): sound
    only while a skill keeps nothing of its own (a cached property of its class, read from the class,
    is no game's). After whole games of both policies, none does."""
    games = [play.play_game_kept(seed, policy)[0] for seed in range(6) for policy in ("random", "heuristic")]
    shared = games[0].skills
    assert all(g.skills == shared and g.skills is not shared for g in games[1:])  # the same instances
    def own_state(impl) -> list[str]:  # what an instance keeps but the memos of its class's properties
        return [k for k in vars(impl) if not isinstance(getattr(type(impl), k, None), cached_property)]

    assert all(not own_state(impl) for impl in shared.values()), \
        sorted(name for name, impl in shared.items() if own_state(impl))
    assert not any("__init__" in vars(type(impl)) for impl in shared.values())


def test_player_view_outside_play_game_is_the_rules_view():
    game = KK33Game.create(play.random_table(random.Random(3), set(roster().characters))[0], 5)
    assert play.player_view(game, "P01") == player_view(game, "P01")


def mid_game(seed: int = 11) -> KK33Game:
    """A game some phases in, stopped by hand: the state has history, draws, effects, deaths."""
    taken: list[KK33Game] = []
    real = KK33Game.resolve_night

    def spy(self: KK33Game, *a, **k):
        taken.append(self)
        return real(self, *a, **k)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(KK33Game, "resolve_night", spy)
        play_game(seed, "random", max_phases=9)
    return taken[-1]


def _fields(state: Any) -> dict[str, Any]:
    """A state's dataclass fields but the generator."""
    return {f.name: getattr(state, f.name) for f in dataclasses.fields(state) if f.name != "rng"}


def test_state_deepcopy_is_a_true_deep_copy():
    game = mid_game()
    state = game.state
    assert state.history and state.rng.draws
    snap = copy.deepcopy(state)
    assert snap is not state
    assert _fields(snap) == _fields(state)  # every field (memos kept beside them, e.g. 陷嗣's, are not state)
    assert snap.rng.draws == state.rng.draws and snap.rng.draws is not state.rng.draws
    for pid, p in state.players.items():
        q = snap.players[pid]
        assert q == p and q is not p
        for name in ("markers", "used", "skills", "known", "granted"):
            assert getattr(q, name) is not getattr(p, name)
    snap.players["P01"].skills.append("x")
    snap.history[0]["phase"] = "changed"
    assert "x" not in state.players["P01"].skills and state.history[0]["phase"] == "night"
    # the generators go on alike
    assert [snap.rng.pick("t", range(100)) for _ in range(5)] == [state.rng.pick("t", range(100)) for _ in range(5)]


def test_snapshot_without_the_generator_is_the_same_copy_holding_the_generator():
    """``snapshot(rng=False)`` (the rerun's, which gives the live generator back to the copy): the
    snapshot in every field but ``rng``, which is the state's own generator, not a copy."""
    state = mid_game().state
    full, light = state.snapshot(), state.snapshot(rng=False)
    assert light.rng is state.rng and full.rng is not state.rng
    assert _fields(light) == _fields(full)
    for pid, p in state.players.items():
        assert light.players[pid] == p and light.players[pid] is not p
    assert light.history is not state.history and light.history == state.history


def test_snapshot_sharing_past_effects_copies_the_rest():
    """``snapshot(past_effects=False)`` (the rerun's): the effects whose phase is over are the state's own
    objects, in a list of the copy's own; every effect due now or later is copied, equal."""
    from tianting.core.state import Effect

    state = mid_game().state
    state.effects += [Effect("past", state.index - 1, "P01", {"n": [1]}), Effect("now", state.index, "P01", {"n": [2]}),
                      Effect("later", state.index + 1, "P01", {"n": [3]})]
    snap = state.snapshot(rng=False, past_effects=False)
    assert snap.effects == state.effects and snap.effects is not state.effects
    for old, new in zip(state.effects, snap.effects, strict=True):
        assert (new is old) == (old.at < state.index)
        if old.at >= state.index:
            assert new.data is not old.data and new.data == old.data
    assert {k: v for k, v in vars(snap).items() if k != "rng"} == \
        {k: v for k, v in vars(state.snapshot()).items() if k != "rng"}


def test_deepcopy_keeps_sharing_and_falls_back_for_other_objects():
    shared = ["a"]
    p = Player("P", 0, "魏", "君主", "曹操", skills=shared)
    state = GameState("kk33", 1, GameRandom(1), {"P": p}, extra={"same": shared, "obj": {1, 2}, "tuple": (shared,)})
    snap = copy.deepcopy(state)
    assert snap.players["P"].skills is snap.extra["same"] is snap.extra["tuple"][0]
    assert snap.extra["same"] is not shared
    assert snap.extra["obj"] == {1, 2} and snap.extra["obj"] is not state.extra["obj"]


def test_forced_draws_are_copied():
    rng = GameRandom(3)
    rng.force("x", "是")
    twin = copy.deepcopy(rng)
    assert twin.unused_forced() == {"x": ["是"]}
    twin.chance("x")
    assert rng.unused_forced() == {"x": ["是"]} and twin.unused_forced() == {}


def test_skill_text_index_answers_as_the_search():
    r = roster()
    game = KK33Game.create(play.random_table(random.Random(1), set(r.characters))[0], 1)
    names = {s.name for c in r.characters.values() for s in c.skills}
    names |= {s.name for skills in r.identity_skills.values() for s in skills} | {"沒有這個技能"}

    def searched(character: str, name: str):
        own = r.characters[character].skill(name)
        if own is not None:
            return own
        for c in r.characters.values():
            if c.skill(name) is not None:
                return c.skill(name)
        return next((s for skills in r.identity_skills.values() for s in skills if s.name == name), None)

    for character in r.characters:
        for name in names:
            assert skill_text(game, character, name) is searched(character, name)


def test_name_memo_forgets_on_add():
    table = NameTable(["刺殺"])
    assert table.get("刺杀") == "刺殺" and table.get("援護") is None and table.get(" ") is None
    table.add("援護")
    assert table.get("援護") == "援護" and table.get("援护") == "援護"
    assert table.get(3) is None and table.get("刺杀") == "刺殺"


def test_inlined_draws_are_the_random_actions_draws():
    """``try_submit``'s inlined draws (distinct ids, no argument) are :func:`random_action`'s, draw for draw:
    the same actions from the same generator, leaving it in the same state; a draw made again is refused
    again without asking the offer (the first refusal of those targets is remembered)."""
    from tianting.bots.policy import Offer
    from tianting.bots.random_policy import TRIES, _draw, _form, try_submit
    from tianting.core.errors import IllegalAction

    tried = 0
    for n in range(1, 23):
        for counts in ([1], [2], [0], [1, 2], [0, 1, 3], [2, 3]):
            view = {"id": "P01", "players": [{"id": f"P{i:02d}", "out": False} for i in range(1, n + 1)]}
            row = {"skill": "明察", "args": [], "targets": {"count": counts[0], "counts": counts, "self": n % 2 == 0,
                                                           "dead": False, "distinct": True}}
            seen: list = []

            def refuse(action, mine, seen=seen):
                seen.append(action)
                raise IllegalAction("no", "target-out")

            mine, theirs = random.Random(n), random.Random(n)
            try_submit(view, Offer(refuse), row, mine)
            expected = []
            for _ in range(TRIES):
                action = _draw(view, row, theirs, *_form(view, row))
                if action is None:
                    break
                expected.append(action)
            # a draw made again is refused again unasked (try_submit remembers the refusals of this use)
            firsts: list = []
            for a in expected:
                if all(a.targets != b.targets for b in firsts):
                    firsts.append(a)
            assert seen == firsts
            assert mine.getstate() == theirs.getstate()
            tried += len(seen)
    assert tried > 1000


def test_deepcopy_of_flat_and_nested_containers_matches_copy_deepcopy():
    """``_deepcopy_plain`` gives what ``copy.deepcopy`` gives for dicts and lists of atoms
    and still copies nested containers, sharing kept through the memo, as ``copy.deepcopy`` does."""
    import copy as copy_module

    from tianting.core.state import _deepcopy_plain

    inner = ["x", 1]
    value = {"flat": {"a": 1, "b": None}, "list": ["a", 2, True], "nested": [inner, {"k": inner}],
             "again": inner, "empty": [], "tuple": (inner,)}
    ours, theirs = _deepcopy_plain(value, {}), copy_module.deepcopy(value)
    assert ours == theirs == value
    assert ours["flat"] is not value["flat"] and ours["list"] is not value["list"]
    assert ours["nested"][0] is ours["nested"][1]["k"] is ours["again"] is ours["tuple"][0]
    assert ours["again"] is not inner


def test_cached_rows_of_a_taken_skill_read_the_form_it_was_taken_from():
    """The view cache's remembered rows (shared by the games of a process) show a skill 化身 took in the
    text of the form it came from (``FROM_KEY``): 舌戰群儒 reads 「無事發生」 taken from 遲暮的丞相·諸葛亮
    and 「無效」 taken from 赤壁·諸葛亮, for the same holder, identity and skills."""
    from tianting.bots.viewcache import ViewCache
    from tianting.rules.kk33.skillbook import FROM_KEY

    texts = []
    for form in ("遲暮的丞相·諸葛亮", "赤壁·諸葛亮"):
        seats = play.random_table(random.Random(3), set(roster().characters))[0]
        game = KK33Game.create(seats, 5, chibi=True)
        zuoci = game.state.players["P01"]
        zuoci.character, zuoci.skills = "左慈", ["化身", "神隱", "借物代形", "舌戰群儒"]
        game.state.extra[FROM_KEY] = {"P01": {"舌戰群儒": form}}
        view = ViewCache(game).view("P01")
        assert view == player_view(game, "P01")
        texts.append(next(r["text"] for r in view["skills"] if r["skill"] == "舌戰群儒"))
    assert "無事發生" in texts[0] and "無效" in texts[1] and "無效" not in texts[0]



def test_shared_rows_are_forgotten_past_their_limit_and_games_stay_the_same(monkeypatch):
    """The process's memo of skill rows is emptied as a game starts once it holds more than
    ``SHARED_ROWS_LIMIT`` (a study's memory stays flat); the games played are the same."""
    from tianting.bots import viewcache

    first = [play_game(seed, "random").as_json() for seed in range(3)]
    game, _ = play.play_game_kept(0, "random")
    rows, lists = viewcache._SHARED_ROWS[id(game.hooks)][1:]  # the memos of this game's set of skills
    monkeypatch.setattr(viewcache, "SHARED_ROWS_LIMIT", 5)
    assert len(rows) + len(lists) > 5
    viewcache.ViewCache(game)
    assert len(rows) + len(lists) == 0
    assert [play_game(seed, "random").as_json() for seed in range(3)] == first
