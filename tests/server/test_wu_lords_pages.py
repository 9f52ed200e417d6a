"""The player's page for 孫堅's 亂世英雄 (使用後當夜，你可以發動一次除【刺殺】、【招賢納才】外的任意主動身份技能):
the night form offers the lendable identity skills, noted to be listed after 亂世英雄, and takes them."""

from __future__ import annotations

import html

from tests.server.conftest import IDS, started_game
from tests.server.test_pages import judge_state, player_state, post, ppage


def wu_lord(client, game) -> str:
    return next(pid for pid in IDS if player_state(client, game, pid)["country"] == "吳"
                and player_state(client, game, pid)["identity"] == "君主")


def test_sun_jian_borrows_an_identity_skill_through_the_night_form(client):
    game = started_game(client)
    lord = wu_lord(client, game)
    assert player_state(client, game, lord)["character"] == "孫堅"
    page = html.unescape(client.get(ppage(game, lord)).text)
    assert '<option value="明察"' in page and "須同時使用【亂世英雄】" in page
    assert '<option value="刺殺"' not in page
    target = next(p for p in IDS if player_state(client, game, p)["country"] == "魏")
    before = judge_state(client, game)["seq"]
    refused = post(client, ppage(game, lord), ppage(game, lord) + "/actions", {"skill-0": "明察", "target-0-0": target})
    assert 400 <= refused.status_code < 500 and "沒有技能【明察】" in html.unescape(refused.text)
    assert judge_state(client, game)["seq"] == before
    listed_first = post(client, ppage(game, lord), ppage(game, lord) + "/actions",  # a set: either order (R27)
                        {"skill-0": "明察", "target-0-0": target, "skill-1": "亂世英雄"})
    assert listed_first.status_code == 303, listed_first.text
    accepted = post(client, ppage(game, lord), ppage(game, lord) + "/actions",
                    {"skill-0": "亂世英雄", "skill-1": "明察", "target-1-0": target})
    assert accepted.status_code == 303, accepted.text
    assert [a["skill"] for a in player_state(client, game, lord)["open"]["actions"]] == ["亂世英雄", "明察"]
