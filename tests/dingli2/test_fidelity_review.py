"""The independent fidelity review of the 鼎立 pack's engine-resolved skills (issue 31; docs/rulings/fidelity-review.md):
each test pins a fix the review made, names the skills, and states the 8.1 fact it rests on in our words."""

from __future__ import annotations

import pytest

from tests.declared_steps import entry, injured, successor, without

from .table import Table, act, rule


def caiyan_and_dingfeng() -> Table:
    """卞氏 dies on night 1 (蔡琰 plays on), 甘宁 on night 2 (丁奉 plays on)."""
    t = without(Table(), "曹魏谋主")  # 荀攸 guards 魏 in 鼎立 (R-weimisc-10): not these tests' subject
    successor(t, "卞氏", "蔡琰")
    t.night(rulings=(rule("kill", "甘宁"),), answers=[{"actor": "甘宁", "skill": "继任", "answer": "丁奉"}])
    t.day()
    assert t.character("卞氏") == "蔡琰" and t.character("甘宁") == "丁奉"
    return t


NIGHT3 = [{"actor": "徐庶", "skill": "继任", "answer": "马良"}]


@pytest.mark.skill("悲愤诗", "箭无虚发")
def test_beifenshi_does_not_lessen_away_the_wound_of_jianwuxufa() -> None:
    """蔡琰【悲愤诗】 (8.1): her country's night is lessened one step, but it cannot undo a wound that 「不可痊愈」 left
    by a 指认技能; 丁奉【箭无虚发】's wound on 张辽 is such a wound (8.1: it cannot heal). With both on night 3, 张辽
    stays wounded (his mark stands), while another 魏 id's wound is still lessened away."""
    t = caiyan_and_dingfeng()
    t.night(act("卞氏", "悲愤诗"), act("甘宁", "指认", "张辽", character="张辽"), act("刘备", "乱世枭雄", "曹操"),
            answers=NIGHT3)
    assert entry(t, "卞氏", "悲愤诗")["state"] == "done"
    assert injured(t, "张辽")
    assert t.state.extra.get("marked_checks", {}).get("张辽") == "箭无虚发"
    assert not injured(t, "曹操")


@pytest.mark.skill("悲愤诗", "箭无虚发")
def test_beifenshi_still_lessens_a_stab_on_the_marked_zhangliao_to_a_wound() -> None:
    """蔡琰【悲愤诗】 (8.1) works on the night's sum: 张辽 stabbed by 张飞 and wounded by 【箭无虚发】 the same night would
    die; lessened one step he is wounded, and that wound, 箭无虚发's, is still marked."""
    t = caiyan_and_dingfeng()
    t.night(act("卞氏", "悲愤诗"), act("甘宁", "指认", "张辽", character="张辽"), act("张飞", "刺杀", "张辽"),
            answers=NIGHT3)
    assert t.character("张辽") == "张辽" and injured(t, "张辽")
    assert t.state.extra.get("marked_checks", {}).get("张辽") == "箭无虚发"
