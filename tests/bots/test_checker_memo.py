"""The bot loop's memos of the engine's checks (``bots.play._Checker``) answer as the check itself.

The checker keeps ``KK33Game.check_skill``'s answer (the checks that read the actor and the skill,
never the targets or args) for every draw of one skill after the same submissions, with the actions
accepted before them and the actor's own among them. Here every answer it gives in whole games, of
both policies, with and without 『角色技能·赤壁之戰』, is compared with a fresh ``check_action`` made at
that very moment (no memo): accepted or refused alike, with the same message and code; ``Offer``
answers a check that raises (any callable) and the checker's ``refusal`` alike; and the random bot's
``try_submit``, which does not ask again about a draw refused and made again, draws and answers as
plain draws checked one by one; the bot loop's vote for a standing id, taken without ``check_vote``, is one
``check_vote`` would take.
"""

from __future__ import annotations

import pytest

from tianting.bots import play
from tianting.core.errors import IllegalAction


@pytest.mark.parametrize(("policy", "chibi"), [("random", False), ("random", True), ("heuristic", True)])
def test_checker_answers_as_a_fresh_check(policy, chibi, monkeypatch):
    real_call = play._Checker.refusal  # how Offer asks the checker
    seen = {"accepted": 0, "refused": 0, "codes": set()}

    def fresh(checker, action, mine) -> tuple[str, str] | None:
        try:
            checker.game.check_action(action, checker.before + mine, {})
        except IllegalAction as exc:
            return exc.message, exc.code
        return None

    def call(self, action, mine):
        expected = fresh(self, action, mine)
        refusal = real_call(self, action, mine)
        assert refusal == expected, (action, refusal, expected)
        if refusal is None:
            seen["accepted"] += 1
        else:
            seen["refused"] += 1
            seen["codes"].add(refusal[1])
        return refusal

    monkeypatch.setattr(play._Checker, "refusal", call)
    for seed in range(12):
        play.play_game(seed, policy, chibi=chibi)
    assert seen["accepted"] > 500 and seen["refused"] > 500
    # refusals by check_skill, refuse_with, the counts, the targets and a skill's validate were all compared
    assert {"refused-with", "one-character-skill", "stab-count"} <= seen["codes"]
    assert seen["codes"] & {"target-count", "target-out", "target-alive", "target-repeat"}
    assert seen["codes"] & {"too-early", "hidden", "not-awakened", "bad-target", "target-rule"}  # a skill's own


@pytest.mark.parametrize(("policy", "chibi"), [("random", False), ("random", True), ("heuristic", True)])
def test_a_vote_the_bot_loop_takes_unchecked_is_one_check_vote_takes(policy, chibi, monkeypatch):
    """``play._play`` takes a vote of any of a day's voters for any id of ``living`` without asking
    ``check_vote`` (its comment says why). That holds while ``check_vote`` refuses such a vote for no reason of
    its own: here, as each day of whole games is resolved (the state as it was while the votes were cast),
    every such pair is put to ``check_vote``, which must take them all."""
    from tianting.rules.kk33.game import KK33Game

    real_resolve_day = KK33Game.resolve_day
    asked = {"days": 0, "pairs": 0}

    def resolve_day(game, *args, **kwargs):
        skipped = game.vote_skipped()
        if not skipped:
            living = game.voters()
            for voter in living + game.posthumous_voters():
                for target in living:
                    game.check_vote(voter.id, target.id, skipped)  # raises if the loop's shortcut were wrong
                    asked["pairs"] += 1
            asked["days"] += 1
        return real_resolve_day(game, *args, **kwargs)

    monkeypatch.setattr(KK33Game, "resolve_day", resolve_day)
    for seed in range(12):
        play.play_game(seed, policy, chibi=chibi)
    assert asked["days"] > 50 and asked["pairs"] > 5000


def test_check_action_is_check_skill_then_check_use():
    """``check_action`` is ``check_use`` after ``check_skill``: a refusal of ``check_skill`` is kept,
    not raised, and raised by ``check_use`` with its message and code."""
    from tianting.core.records import Action

    game, record = play.play_game_kept(3, "random")
    check = game.check_skill(Action("nobody", "刺殺", ("x",)), [])
    assert check.refusal is not None and check.refusal[1] == "over"
    with pytest.raises(IllegalAction) as refused:
        game.check_use(check, Action("nobody", "刺殺", ("x",)), [])
    assert refused.value.code == "over" and refused.value.message == "遊戲已經結束"


def test_offer_answers_a_raising_check_and_a_refusal_alike():
    """``Offer`` asks a check with a ``refusal`` method without exceptions; any other check (a plain
    callable raising IllegalAction) gives the very same answers, codes and refusals."""
    from tianting.bots.policy import Offer
    from tianting.core.records import Action

    answers = {"a": None, "b": ("不行", "target-out")}

    def raising(action, mine):
        refusal = answers[action.skill]
        if refusal is not None:
            raise IllegalAction(*refusal)

    class Asking:
        def __call__(self, action, mine):
            raise AssertionError("Offer asks refusal()")

        def refusal(self, action, mine):
            return answers[action.skill]

    offers = [Offer(raising), Offer(Asking())]
    for offer in offers:
        a, b = Action("p", "a"), Action("p", "b")
        assert offer.check(b) == "不行" and offer.last_code == "target-out"
        assert offer.check(a) is None and offer.last_code == ""
        assert offer.take(b) == "不行" and offer.last_code == "target-out"
        assert offer.take(a) is None and offer.last_code == "" and offer.actions == [a]
        assert offer.submit(b) == "不行" and offer.refused == [(b, "不行")]
        assert offer.submit(a) is None and offer.actions == [a, a]


@pytest.mark.parametrize("seed", range(40))
def test_try_submit_draws_and_answers_as_the_plain_draws(seed):
    """``try_submit``'s common form (its draws inlined, a refused draw made again not asked again) makes
    the very draws of ``_draw`` from the generator, submits the same action, leaves the same last code,
    and asks the check about each distinct draw once, as a check that answers from the targets alone."""
    import random

    from tianting.bots.policy import Offer
    from tianting.bots.random_policy import _form, draw_and_submit, try_submit

    setup = random.Random(seed)
    ids = [f"p{i}" for i in range(setup.randint(1, 8))]
    view = {"id": ids[0], "players": [{"id": pid, "out": setup.random() < 0.3} for pid in ids]}
    counts = setup.sample([0, 1, 2, 3], setup.randint(1, 2))
    row = {"skill": "明察", "args": [],
           "targets": {"dead": setup.random() < 0.3, "self": setup.random() < 0.5, "count": counts[0],
                       "counts": counts[1:], "distinct": seed % 3 != 0}}  # ids that may repeat too (亂花)
    legal = set(setup.sample(ids, setup.randint(0, len(ids))))
    whole = setup.random() < 0.1

    def answers(asked):
        def check(action, mine):
            asked.append(action.targets)
            if whole:
                raise IllegalAction("不行", "used-up")
            if not set(action.targets) <= legal or len(action.targets) == 3:
                raise IllegalAction("不行", "target-out" if action.targets else "target-count")
        return check

    asked_fast: list = []
    asked_plain: list = []
    fast, plain = Offer(answers(asked_fast)), Offer(answers(asked_plain))
    rng_fast, rng_plain = random.Random(seed), random.Random(seed)
    got = try_submit(view, fast, row, rng_fast, 24)
    expected = draw_and_submit(view, plain, row, rng_plain, *_form(view, row), 24)  # every draw by _draw
    assert (got is None) == (expected is None)
    assert got is None or (got.targets, got.actor, got.skill) == (expected.targets, expected.actor, expected.skill)
    assert rng_fast.getstate() == rng_plain.getstate()  # the same draws, the same count of them
    assert fast.last_code == plain.last_code and fast.actions == plain.actions
    assert asked_fast == list(dict.fromkeys(asked_plain))  # each distinct draw asked once, in order


def test_the_random_bots_shuffle_draws_as_the_generators():
    """``random_policy.shuffle`` (``_randbelow`` inlined) leaves the rows and the generator as
    ``Random.shuffle`` does, for every length; a generator of another kind is shuffled by its own method."""
    import random

    from tianting.bots.random_policy import shuffle

    class Other(random.Random):
        def random(self):  # (its _randbelow draws from random(), not getrandbits)
            return super().random()

    for kind in (random.Random, Other):
        for seed in range(30):
            for length in range(12):
                mine, theirs = kind(seed), kind(seed)
                rows, expected = list(range(length)), list(range(length))
                shuffle(rows, mine)
                theirs.shuffle(expected)
                assert rows == expected and mine.getstate() == theirs.getstate()
