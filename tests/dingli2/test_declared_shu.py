"""鼎立三分2.0's own 蜀 characters' declared skills (issue 31): 诸葛亮 (the 8.1 list's 卧龙 facts, 徐庶's successor
here) and 姜维 (诸葛亮's successor). Each test cites the 8.1 fact in our words; rulings: docs/rulings/packs-shu.md."""

from __future__ import annotations

from typing import Any

import pytest

from tests.declared_steps import injured, without

from .table import Table, act, rule, seats


def zhuge(t: Table) -> None:
    """Night 1: 徐庶 dies by the judge's ruling and 诸葛亮 plays on; then the day."""
    t.night(rulings=(rule("kill", "徐庶"),), answers=[{"actor": "徐庶", "skill": "继任", "answer": "诸葛亮"}])
    t.day()
    assert t.character("徐庶") == "诸葛亮"


def jiangwei(t: Table) -> None:
    """Nights 1 and 2: 徐庶 → 诸葛亮 → 姜维."""
    zhuge(t)
    t.night(rulings=(rule("kill", "徐庶"),))
    t.day()
    assert t.character("徐庶") == "姜维"


@pytest.mark.skill("舌战群儒")
def test_shezhanqunru_recognises_zhouyu_and_makes_the_wu_shu_alliance() -> None:
    """诸葛亮【舌战群儒】: naming 周瑜 (or 鲁肃) rightly, the two know each other and 吴 and 蜀 are allied (the post says
    so); naming 鲁肃 rightly while the alliance stands extends it by a day (「若已达成则期限增加一天」)."""
    t = Table()
    zhuge(t)
    r = t.night(act("徐庶", "指认", "周瑜", character="周瑜"))
    assert t.game.mutual("徐庶", "周瑜")
    assert "吴蜀联盟达成" in r.announcement["text"]
    until = t.state.extra["alliances"]["蜀吴"]
    t.day()
    r2 = t.night(act("徐庶", "指认", "鲁肃", character="鲁肃"))
    assert "吴蜀联盟延期" in r2.announcement["text"]
    assert t.state.extra["alliances"]["蜀吴"] == until + 1


@pytest.mark.skill("火烧博望", "火烧新野")
def test_huoshao_bowang_and_xinye_are_zhugeliangs_in_dingli() -> None:
    """诸葛亮【火烧博望】/【火烧新野】 (卧龙's facts): naming 夏侯惇 rightly wounds him and ends 火烧新野; the other way
    round for 曹仁 (夏侯惇's successor here)."""
    t = Table()
    without(t, "曹魏谋主")
    zhuge(t)
    t.night(act("徐庶", "指认", "夏侯惇", character="夏侯惇"))
    assert injured(t, "夏侯惇") and "火烧新野" not in t.state.player("徐庶").skills
    t2 = Table()
    without(t2, "曹魏谋主")
    t2.night(rulings=(rule("kill", "徐庶"), rule("kill", "夏侯惇")),
             answers=[{"actor": "徐庶", "skill": "继任", "answer": "诸葛亮"},
                      {"actor": "夏侯惇", "skill": "继任", "answer": "曹仁"}])
    t2.day()
    t2.night(act("徐庶", "指认", "夏侯惇", character="曹仁"))
    assert injured(t2, "夏侯惇") and "火烧博望" not in t2.state.player("徐庶").skills


@pytest.mark.skill("力排众议")
def test_lipaizhongyi_is_zhugeliangs_in_dingli() -> None:
    """诸葛亮【力排众议】 (卧龙's fact): used one night, the next day's votes are all void; once a game."""
    from tianting.core.errors import IllegalAction

    t = Table()
    zhuge(t)
    t.night(act("徐庶", "力排众议"))
    assert t.state.player("徐庶").used.get("力排众议") == 1
    with pytest.raises(IllegalAction, match="只能使用一次"):
        t.game.check_action(act("徐庶", "力排众议"), [])


@pytest.mark.skill("初生牛犊", "勇贯三军")
def test_chushengniudu_stops_one_general_harm_and_wounds_its_source() -> None:
    """姜维【初生牛犊】: the first 武将杀伤 effect on him is stopped and its source is wounded (吕蒙's 勇贯三军, its half
    chance on a 猛将 won: 吕蒙 is wounded); once (「可抵御一次」, R-SG31-2): it is spent once it has stopped one."""
    t = Table()
    jiangwei(t)
    t.force("【勇贯三军】wound 吕蒙→徐庶", True)
    t.night(act("吕蒙", "勇贯三军", "徐庶"))
    assert not injured(t, "徐庶") and injured(t, "吕蒙")
    assert t.state.player("徐庶").used.get("初生牛犊") == 1


@pytest.mark.skill("祁山斗阵")
def test_qishandouzhen_wounds_dengai_recognised() -> None:
    """姜维【祁山斗阵】: naming 邓艾 rightly wounds him. The bundled pack seats no one whose line reaches 邓艾 (文鸯's
    successor); a judge's pack here makes him 张辽's."""
    from tianting.rules.dingli2 import DingliGame
    from tianting.rules.dingli2.pack import parse_dingli_pack
    from tianting.rules.sg24.pack import bundled_text, effect_table, pack_json, with_effects

    data: Any = pack_json(bundled_text("tianting.rules.dingli2"))
    data = with_effects(data, effect_table("tianting.rules.sg24"), strict=False)
    data = with_effects(data, effect_table("tianting.rules.dingli2"))
    next(c for c in data["characters"] if c["name"] == "张辽")["successors"].append("邓艾")
    t = Table()
    t.game = DingliGame.create(seats(), 1, parse_dingli_pack(data))
    without(t, "曹魏谋主")
    t.night(rulings=(rule("kill", "徐庶"), rule("kill", "张辽")),
            answers=[{"actor": "徐庶", "skill": "继任", "answer": "诸葛亮"},
                     {"actor": "张辽", "skill": "继任", "answer": "邓艾"}])
    t.day()
    t.night(rulings=(rule("kill", "徐庶"),))
    t.day()
    assert t.character("徐庶") == "姜维" and t.character("张辽") == "邓艾"
    t.night(act("徐庶", "指认", "张辽", character="邓艾"))
    assert injured(t, "张辽")
