"""The judge's rulings and the honest draft on the console, through its forms as a browser posts them."""

from __future__ import annotations

import html

from tests.server.conftest import IDS
from tests.server.test_pages import (
    jpage,
    judge_state,
    lord_of,
    post,
    ppage,
    stabbed_and_resolved,
    started_fixed_game,
)
from tests.unbuilt import unbuild_qun_passives
from tianting.server.pages import _rule_text


def test_the_console_lists_notices_with_rule_texts_and_the_judge_rules_from_them(client, monkeypatch):
    unbuild_qun_passives(monkeypatch)  # every passive is built now: the 群雄's play the unbuilt one (tests/unbuilt.py)
    game = started_fixed_game(client, seed=1)
    lord = lord_of(client, game)
    stabbed_and_resolved(client, game, lord)
    console = client.get(jpage(game)).text
    notices = judge_state(client, game)["current"]["draft"]["notices"]
    unbuilt = next(n for n in notices if n["kind"] == "unbuilt")
    # issue 29: one line per character in a folded section, not one notice per skill in every feedback block
    folded = console[console.index('id="unbuilt-passives"'):]
    folded = folded[:folded.index("</details>\n  ")]
    assert f'{unbuilt["player"]}（{unbuilt["character"]}）' in folded and f'【{unbuilt["skill"]}】' in folded
    assert html.escape(unbuilt["message"], quote=False) not in console[console.index('id="feedback-'):]
    # the rule text as shown: its *被* markers as labels (pages._rule_text)
    assert str(_rule_text(unbuilt["rule"])) in console and "*被*" not in console
    # the 轉生 choice shows why it arose and the options' skills
    assert "死亡：刺殺" in console and "的技能</summary>" in console
    assert "JSON" not in console[console.index('id="decisions"'):console.index('id="rulings"')]
    # the judge spares the lord from the notices' own form … then takes it back
    ruled = post(client, jpage(game), jpage(game) + "/rule",
                 {"target": lord, "effect": "spare", "why": "天庭裁定刺殺無效"})
    assert ruled.status_code == 303 and ruled.headers["location"].endswith("#rulings")
    state = judge_state(client, game)["current"]
    assert state["draft"]["decisions"] == [] and state["rulings"] == [
        {"effect": "spare", "target": lord, "why": "天庭裁定刺殺無效"}]
    assert f"豁免傷害：{lord}（理由：天庭裁定刺殺無效）" in client.get(jpage(game)).text
    bad = post(client, jpage(game), jpage(game) + "/rule", {"effect": "kill", "target": "無此人"})
    assert bad.status_code == 422 and "未知的玩家「無此人」" in bad.text
    assert post(client, jpage(game), jpage(game) + "/rule", {"remove": "0"}).status_code == 303
    assert judge_state(client, game)["current"]["rulings"] == []
    # a private word to a player reaches their page once published
    told = post(client, jpage(game), jpage(game) + "/rule",
                {"effect": "tell", "target": IDS[5], "text": "天庭的私下告知", "why": ""})
    assert told.status_code == 303
    assert "天庭的私下告知" not in client.get(ppage(game, IDS[5])).text
    assert post(client, jpage(game), jpage(game) + "/publish").status_code == 303
    assert "天庭的私下告知" in client.get(ppage(game, IDS[5])).text
    replay = client.get(jpage(game) + "/replay").text
    assert f"私下告知：{IDS[5]}「天庭的私下告知」" in replay


def test_rejected_actions_read_as_words_not_script_paths():
    """The console showed 「phases[0].actions[2]」 for an action left out; it reads as the action now."""
    from tianting.server.pages import _env

    macros = _env.get_template("_macros.html").module
    shown = str(macros.rejected([
        {"where": "phases[0].actions[2]", "entry": {"actor": "子義", "skill": "刺殺", "targets": ["孟德"]},
         "message": "吳國今夜只能發動1次【刺殺】"},
        {"where": "phases[1].votes.孟德", "entry": {"孟德": "子義"}, "message": "投票對象 子義 已出局"}]))
    assert "phases[" not in shown
    assert "子義 的【刺殺】 → 孟德" in shown and "孟德 投給 子義" in shown
