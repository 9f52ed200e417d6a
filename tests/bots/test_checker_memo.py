"""The bot loop's memos of the engine's checks (``bots.play._Checker``) answer as the check itself.

The checker keeps ``KK33Game.check_skill``'s answer (the checks that read the actor and the skill,
never the targets or args) for every draw of one skill after the same submissions, and remembers
refusals of draws made again. Here every answer it gives in whole games, of both policies, with and
without 『角色技能·赤壁之戰』, is compared with a fresh ``check_action`` made at that very moment (no
memo): accepted or refused alike, with the same message and code; and ``Offer`` answers a check
that raises (any callable) and the checker's ``refusal`` alike.
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
