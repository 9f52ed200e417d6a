"""The paste-a-private-message page reads a wounded player's 傷判 digit by day (鼎立三分2.0, ruling RJ6).

Seed 003: 「受伤的角色在白天判定阶段进行伤判……玩家向法官提交一个0-9的数字。」 A wounded player writes the vote and the
digit in one message (「投孟起，傷判出3」): the page reads both, shows the digit and puts it in the 南斗's form,
which records it only when confirmed. Nothing is recorded by reading; a player with no 傷判 today, a number
outside 0–9: said in Chinese, nothing offered.
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.test_contest_message_page import shown
from tests.server.test_dingli2_hosted import IDS, Table
from tests.server.test_pages import post
from tianting.core.names import name_key


def wounded_day(client: TestClient) -> tuple[Table, str]:
    """A dingli2 game on day 2, one player wounded (the 裁判's 制裁) the night before."""
    t = Table(client)
    t.rest(set())
    hurt = next(p for p in IDS if t.views[p]["country"] != "在野" and t.views[p]["identity"] != "君主")
    assert t.post_j("裁判", "rule", {"ruling": {"effect": "injure", "target": hurt, "why": "制裁命数"}}).status_code == 200
    assert t.post_j("北斗", "publish").status_code == 200
    assert t.view(hurt)["open"]["wound_check"] is True
    return t, hurt


def read(t: Table, player: str, text: str) -> Any:
    page = f"/j/{t.judge['南斗']}"
    return post(t.client, page + "/message", page + "/read-message", {"player": player, "text": text})


def test_a_wounded_players_message_gives_the_vote_and_the_shangpan_digit(client: TestClient) -> None:
    t, hurt = wounded_day(client)
    target = next(p for p in IDS if p != hurt)
    before = t.seq()
    response = read(t, hurt, f"投{target}，傷判出七")
    assert response.status_code == 200, response.text
    assert 'id="reading-wound-digit"' in response.text and "<strong>7</strong>" in response.text
    assert f"<strong>{target}</strong>" in response.text  # the vote, read from the rest
    assert 'id="digit-for-digit" name="digit" inputmode="numeric" maxlength="1" pattern="[0-9]" value="7"' in response.text
    assert 'class="unread"' not in response.text
    assert t.seq() == before  # reading records nothing
    page = f"/j/{t.judge['南斗']}"
    done = post(client, page + "/message", page + "/digit-for", {"player": hurt, "digit": "7", "text": f"投{target}，傷判出七"})
    assert done.status_code == 303 and t.view(hurt)["open"]["digit"] == 7


def test_a_message_of_the_digit_alone_asks_for_no_vote(client: TestClient) -> None:
    t, hurt = wounded_day(client)
    response = read(t, hurt, "伤判 3")
    assert response.status_code == 200 and 'value="3"' in response.text
    assert name_key("沒有讀到投票對象") not in shown(response)


def test_a_shangpan_digit_from_a_player_with_no_shangpan_or_out_of_range_is_not_offered(client: TestClient) -> None:
    t, hurt = wounded_day(client)
    other = next(p for p in IDS if p != hurt)
    before = t.seq()
    response = read(t, other, "傷判3")
    assert response.status_code == 200 and 'id="wound-problems"' in response.text
    assert name_key(f"{other}今天沒有傷判：私訊裡的傷判數字不會記錄") in shown(response)
    assert 'id="digit-for-digit"' not in response.text
    response = read(t, hurt, "傷判10")
    assert name_key("傷判數字須為0至9的整數，讀到「10」") in shown(response)
    assert 'pattern="[0-9]">' in response.text  # the form stays empty for the judge to fill
    assert t.seq() == before
