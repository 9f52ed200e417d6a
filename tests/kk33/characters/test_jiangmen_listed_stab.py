"""將門虎女's 刺殺 as an action of its own (issue 27 item 1; ruling SN8's second form).

將門虎女：使用後當夜，你可以不發動【亂花】，而是發動一次【刺殺】。 — 「使用後當夜……發動一次【刺殺】」: the natural
script is 將門虎女, then a 刺殺 of hers the same night. It is taken as 天義's is (WUG1): listed after a 將門虎女
without target, her own 刺殺 outside her country's count, 將門虎女's content; today's form (the 刺殺 as
將門虎女's target) is kept."""

from __future__ import annotations

import pytest

from tests.kk33.characters.test_shu_ladies import LADY, table
from tianting.core.errors import IllegalAction, ScriptError
from tianting.script import run_script
from tianting.testing import standard_seats


@pytest.mark.skill("將門虎女")
def test_jiangmen_then_a_stab_of_hers_kills_outside_the_count_and_voids_her_bind():
    t = table("關銀屏")
    t.night(t.act(LADY, "將門虎女"), t.act(LADY, "刺殺", "魏女眷"), t.act(LADY, "亂花", "魏君主", "吳君主"),
            t.act("蜀殺手甲", "刺殺", "吳女眷"))
    assert t.status("魏女眷") == "out" and t.status("吳女眷") == "out"  # outside the country's count
    assert t.state.vote_binds == {}  # 不發動【亂花】，而是…


@pytest.mark.skill("將門虎女")
def test_the_listed_stab_gives_the_same_night_as_the_target_form():
    """The two forms are one act: the same deaths and the same binds."""
    listed, target = table("關銀屏"), table("關銀屏")
    listed.night(listed.act(LADY, "將門虎女"), listed.act(LADY, "刺殺", "魏女眷"))
    target.night(target.act(LADY, "將門虎女", "魏女眷"))
    assert {p: listed.status(p) for p in listed.state.players} == {p: target.status(p) for p in target.state.players}


@pytest.mark.skill("將門虎女")
def test_a_stab_of_hers_without_jiangmen_or_beside_its_target_form_is_refused():
    """Only 將門虎女 lets her 刺殺, once: a 刺殺 alone, a second one, or one beside 將門虎女's own target is refused."""
    t = table("關銀屏")
    with pytest.raises(IllegalAction, match="沒有技能【刺殺】"):
        t.check(t.act(LADY, "刺殺", "魏女眷"))
    with pytest.raises(IllegalAction):
        t.check(t.act(LADY, "將門虎女"), t.act(LADY, "刺殺", "魏女眷"), t.act(LADY, "刺殺", "吳女眷"))
    with pytest.raises(IllegalAction, match="沒有技能【刺殺】"):
        t.check(t.act(LADY, "將門虎女", "魏女眷"), t.act(LADY, "刺殺", "吳女眷"))


@pytest.mark.skill("將門虎女")
def test_a_script_writes_the_stab_as_its_own_action():
    """Through ``run``: 將門虎女 with no target, then 刺殺 — accepted and the target dies; without 將門虎女, refused."""
    seats = standard_seats(characters={LADY: "關銀屏"})
    players = [{"id": s.id, "country": s.country, "identity": s.identity, "character": s.character} for s in seats]
    actions = [{"actor": LADY, "skill": "將門虎女"}, {"actor": LADY, "skill": "刺杀", "targets": ["魏女眷"]}]
    script = {"format": "tianting-script/1", "rules": "kk33", "seed": 1, "players": players,
              "phases": [{"phase": "night", "actions": actions}]}
    done = run_script(script)
    assert "魏女眷" in done["phases"][0]["announcement"]["exited"]
    script["phases"][0]["actions"] = actions[1:]
    with pytest.raises(ScriptError, match="沒有技能【刺殺】"):
        run_script(script)
