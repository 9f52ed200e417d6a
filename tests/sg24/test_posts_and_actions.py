"""24人 posts and actions (issue 27, item 3), seed 001 (001_a450bbe2dee8877c.txt) quoted for each."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli_harness import call
from tests.sg24.table24 import Table24, act
from tianting.core.errors import ScriptError
from tianting.rules.sg24 import seats
from tianting.script import run_script
from tianting.setup import draw_setup


def sg24_script(*phases: dict[str, Any], drop: int = 0) -> dict[str, Any]:
    """A 24人 script whose ids are the seats' starting characters, less the last ``drop`` seats."""
    table = seats()[: len(seats()) - drop]
    return {"format": "tianting-script/1", "rules": "sg24", "seed": 1,
            "players": [{"id": ch, "country": c, "identity": i, "character": ch} for c, i, ch in table],
            "phases": list(phases)}


def test_run_refuses_a_table_the_rules_cannot_seat_with_setups_message(tmp_path: Path) -> None:
    """「玩家共24人」: a 22-player 24人 script is refused by ``run`` (exit 2, ``players``) with the words ``setup`` uses for
    22 ids; a 24-player one runs."""
    ids = [f"P{i:02d}" for i in range(1, 23)]
    with pytest.raises(Exception) as refused_setup:
        draw_setup("sg24", ids, 1)
    with pytest.raises(ScriptError) as refused_run:
        run_script(sg24_script({"phase": "night"}, drop=2))
    assert refused_run.value.where == "players"
    assert refused_run.value.message == str(refused_setup.value) == "三国版杀24人规则需要恰好24名玩家，ID名單中有22個ID"
    path = tmp_path / "short.json"
    path.write_text(json.dumps(sg24_script({"phase": "night"}, drop=2), ensure_ascii=False), encoding="utf-8")
    done = call("run", str(path))
    assert done.code == 2 and "需要恰好24名玩家" in done.err
    assert run_script(sg24_script({"phase": "night"}))["phases"][0]["phase"] == "night"


# ---- 自杀 ---------------------------------------------------------------------------------------------------------


def test_a_suicide_takes_effect_at_once_and_the_successor_plays_on() -> None:
    """「立刻生效：目前立刻生效有以下几种行为：自杀……立刻生效的技能提交即生效」 and 「第一命角色死亡时，由其继任者继续
    游戏」: 关羽 (successor 黄忠) kills himself and 黄忠 plays on; had 夏侯惇 stabbed the id that night, the stab falls
    on 黄忠 (the id is 黄忠's once the suicide is sent), who has no successor: the id leaves (徐庶's 【披发涂炭】, set
    off by a foreign stab on a 蜀 杀手, wounds 夏侯惇; its half chance of voiding the stab is lost here)."""
    t = Table24()
    r = t.night(act("关羽", "自杀"))
    assert (t.character("关羽"), t.status("关羽")) == ("黄忠", "alive")
    assert [(d.id, d.character, d.cause) for d in r.deaths] == [("关羽", "关羽", "自杀")]
    assert r.announcement["died"] == []  # not the harm's dead (as a natural death)
    t = Table24().force("【披发涂炭】stab_void 徐庶→夏侯惇", False)
    r = t.night(act("关羽", "自杀"), act("夏侯惇", "刺杀", "关羽"))
    assert [(d.character, d.cause) for d in r.deaths] == [("关羽", "自杀"), ("黄忠", "刺杀")]
    assert t.status("关羽") == "out"


def test_a_suicide_leaves_no_last_words_and_an_id_with_no_successor_leaves() -> None:
    """「夜晚死亡的角色可以书写遗言」 is the harm's dead: a suicide (as 鼎立三分2.0's, and as a natural death) writes none;
    凌操 has no successor: the id leaves the game (「全部继任者都死亡则退出游戏」)."""
    t = Table24()
    r = t.night(act("凌操", "自杀"), last_words={"凌操": "我是好人"})
    assert t.status("凌操") == "out"
    assert r.announcement["last_words"] == {}
    assert "凌操" in r.announcement["exited"]
    assert any("凌操" in w and "遗言" in w for w in r.warnings)


def test_a_suicide_names_no_one_stands_alone_and_is_a_nights() -> None:
    """「立刻生效」: 自杀 has no target, and once sent the character is dead: the id sends nothing else that night, in either
    order; 「受伤状态时，角色不能进行任何行动」 (seed 001, unlike 鼎立三分2.0's 「但可以进行自杀」); no 自杀 by day."""
    from tianting.core.errors import IllegalAction

    t = Table24()
    with pytest.raises(IllegalAction, match="自杀不指定目标"):
        t.game.check_action(act("关羽", "自杀", "曹操"), [])
    with pytest.raises(IllegalAction, match="自杀立刻生效，当夜不能再有其他行动"):
        t.game.check_action(act("关羽", "刺杀", "曹操"), [act("关羽", "自杀")])
    with pytest.raises(IllegalAction, match="自杀立刻生效，当夜不能再有其他行动"):
        t.game.check_action(act("关羽", "自杀"), [act("关羽", "刺杀", "曹操")])
    t.night()
    with pytest.raises(IllegalAction, match="自杀在夜晚行动提交阶段提交"):
        t.game.check_action(act("关羽", "自杀"), [])  # by day
    t.day({"曹操": "关羽", "刘备": "关羽"})  # 「票数最多的角色会受到致伤伤害」
    assert t.status("关羽") == "injured"
    with pytest.raises(IllegalAction, match="受伤"):
        t.game.check_action(act("关羽", "自杀"), [])


def test_a_script_takes_a_suicide_in_either_script() -> None:
    """「自殺」 typed in Traditional is the rules' 自杀."""
    done = run_script(sg24_script({"phase": "night", "actions": [{"actor": "凌操", "skill": "自殺"}]}))
    assert done["phases"][0]["truth"]["players"]["凌操"]["status"] == "out"
    assert done["phases"][0]["uses"] == [{"action": 0, "actor": "凌操", "skill": "自殺", "targets": [], "state": "done"}]


# ---- 全局技能 in the night's post -----------------------------------------------------------------------------------


def test_the_nights_post_names_every_global_skill_used() -> None:
    """「公告的内容应至少包括：当夜死伤情况、当夜遗言、当夜需要公告的技能（如全局技能）……」: 张辽's 威震逍遥津 (全局技能)
    used on night 1 is named in the post, beside 「当夜死亡0人，受伤0人」, by the line the 8.1 list gives it (「当夜公告
    “张文远威震逍遥津”」); 刘备's 五虎封将 (全局 too) fails that night — 法正's 智算汉中 has not gone off (R-shu-3) — and
    names nothing; a use the judge voids is not named; a night without one keeps its post as it was (no ``events``)."""
    from tianting.core.records import Ruling

    t = Table24()
    r = t.night(act("刘备", "五虎封将"), act("张辽", "威震逍遥津"))
    assert r.announcement["events"] == ["张文远威震逍遥津"]
    assert r.announcement["text"] == "【第1夜】\n当夜死亡0人，受伤0人。\n公告技能：张文远威震逍遥津"
    t = Table24()
    r = t.night(act("张辽", "威震逍遥津"), rulings=(Ruling("void", action=0),))
    assert "events" not in r.announcement and "威震逍遥津" not in r.announcement["text"]


def test_a_global_skill_of_a_character_who_dies_that_night_is_still_named() -> None:
    """「多个全局技能不会互相影响，都会发出」: the use was sent by the character alive as the night began; 张辽 stabbed that
    night (his successor plays on) still had his 威震逍遥津 named."""
    t = Table24()
    r = t.night(act("张辽", "威震逍遥津"), act("太史慈", "刺杀", "张辽"),
                answers=[{"actor": "张辽", "skill": "继任", "answer": "徐晃"}])
    assert t.character("张辽") != "张辽"
    assert r.announcement["events"] == ["张文远威震逍遥津"]


def test_a_game_of_before_keeps_its_posts_as_published() -> None:
    """A game created before draw orders had a name (``draw_order: "listed"``, a hosted game under way) replays its
    posts as they were published: no 全局技能 line (tests/hosting/test_draw_order_upgrade.py verifies such exports)."""
    night = {"phase": "night", "actions": [{"actor": "张辽", "skill": "威震逍遥津"}]}
    now = run_script(sg24_script(night))["phases"][0]["announcement"]
    before = run_script({**sg24_script(night), "draw_order": "listed"})["phases"][0]["announcement"]
    assert now["events"] == ["张文远威震逍遥津"]
    assert "events" not in before and before["text"] == "【第1夜】\n当夜死亡0人，受伤0人。"
