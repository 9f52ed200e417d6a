"""``Skill.refuse_with`` reads only the later action's actor and skill: ``KK33Game.check_skill`` asks it once
per check and the answer then stands for every target the player may draw (a speed step, byte-identical).
A new skill whose ``refuse_with`` read the targets would be answered wrongly, so the skills that have one
are listed here: adding one means reading that contract (core/skills.py) first."""

from __future__ import annotations

import pytest

from tianting.core.records import Action
from tianting.core.skills import overrides
from tianting.testing import Table

KNOWN = {"亂世英雄", "天義"}


def test_the_skills_that_refuse_a_later_action_are_the_known_ones():
    game = Table().game
    found = {name for name, impl in game.skills.items() if overrides(impl, "refuse_with")}
    assert found == KNOWN, "a new refuse_with: it must read only the other action's actor and skill"


@pytest.mark.parametrize("skill", sorted(KNOWN))
def test_refuse_with_answers_alike_whatever_the_later_actions_targets(skill):
    game = Table().game
    impl = game.skills[skill]
    actor = "吳君主" if skill == "亂世英雄" else "吳護衛"
    action = Action(actor, skill, ())
    refused = set()
    for later in ("刺殺", "援護", "明察", "去偽存真"):
        mine = [later, "援護", "刺殺"]
        answers = {impl.refuse_with(game, action, Action(actor, later, targets), mine)
                   for targets in [(), ("魏君主",), ("蜀殺手甲",), ("魏君主", "蜀殺手甲")]}
        assert len(answers) == 1, (skill, later, answers)
        refused |= answers - {None}
    assert refused, "the check refuses something (else this test reads nothing)"
