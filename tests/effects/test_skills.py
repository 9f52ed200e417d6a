"""Skills held (effects/skills.py) on a bare phase: gained, lost, lent, expired.

Seed 000: 「被動的限定技能消耗時或失去某技能時會收到相關反饋」; 蕙質蘭心 restores 「已經正常消耗或失去的所有限定技能」, so a
loss is kept; 化身 holds a skill 「於該階段中」 only, which ends without a loss.
"""

from __future__ import annotations

from tests.effects.phases import Telling
from tianting.core.state import Player
from tianting.effects import skills


def Bare() -> Telling:  # noqa: N802 (the phase of these tests, as the other effects tests name theirs)
    return Telling(Player("甲", 0, "蜀", "君主", "某", skills=["七星"]))


def test_gain_and_lose_change_the_list_log_it_and_tell() -> None:
    phase = Bare()
    skills.gain(phase, "甲", "空城", via="空城絕唱")
    assert skills.lose(phase, "甲", "七星", via="空城絕唱") and not skills.lose(phase, "甲", "七星", via="x")
    me = phase.state.player("甲")
    assert me.skills == ["空城"] and phase.state.skills_changed == ["甲", "甲"]
    assert phase.state.extra[skills.LOST_KEY] == {"甲": ["七星"]}
    assert [f.text for f in phase.feedback["甲"]] == ["【空城絕唱】你獲得技能【空城】。", "【空城絕唱】你失去技能【七星】。"]


def test_lend_grants_one_use_and_expire_ends_a_skill_without_a_loss() -> None:
    phase = Bare()
    skills.lend(phase, "甲", "刺殺", via="龍吟")
    assert phase.state.player("甲").granted == {"刺殺": 1}
    assert skills.expire(phase.state, "甲", "七星") and phase.state.player("甲").skills == []
    assert skills.LOST_KEY not in phase.state.extra and not skills.expire(phase.state, "甲", "七星")
