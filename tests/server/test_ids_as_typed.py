"""Forum ids are shown as their players typed them (issue 29, 7: 「24人 pages show ids typed in Traditional in
Simplified while the post keeps Traditional (one page, two spellings of one id)」): a page converted to the other
script leaves every id of the game, a substitute's too, as typed; the folded form is only for matching (R46)."""

from __future__ import annotations

import html

from fastapi.testclient import TestClient

from tianting.server import chinese_script

IDS = ["子義", "關羽迷", "孫權粉", *[f"玩家{i:02d}" for i in range(4, 25)]]


def test_the_conversion_keeps_the_ids_it_is_given_and_converts_the_rest():
    page = '<p>子義 投給 關羽迷：遺言</p><button data-confirm="確定替補子義？">替補</button>'
    out = chinese_script.to_simplified(page, keep=["子義", "關羽迷"])
    assert out == '<p>子義 投给 關羽迷：遗言</p><button data-confirm="确定替补子義？">替补</button>'
    assert chinese_script.text_to_simplified("子義 的遺言", ["子義"]) == "子義 的遗言"
    assert chinese_script.to_simplified("<p>子義</p>") == "<p>子义</p>"  # without the game's ids: all converted


def _sg24(client: TestClient) -> tuple[str, dict[str, str], str]:
    made = client.app.state.store.create_game("二十四人", "sg24", IDS, seed=2, salt="ab" * 16)
    return made.judge_token, dict(made.player_tokens), made.public_id


def test_a_24_player_game_shows_traditional_ids_as_typed_on_its_simplified_pages(client):
    judge, players, public_id = _sg24(client)
    assert client.post(f"/api/j/{judge}/start", json={}).status_code == 200
    for token in players.values():
        assert client.post(f"/api/p/{token}/actions", json={"actions": []}).status_code == 200
    assert client.post(f"/api/j/{judge}/publish", json={"confirm": True}).status_code == 200
    # by day a vote for the id typed in the other script finds it (matching by the folded form)
    voted = client.post(f"/api/p/{players['孫權粉']}/vote", json={"target": "子义"})
    assert voted.status_code == 200, voted.text
    pages = {"console": client.get(f"/j/{judge}").text, "player": client.get(f"/p/{players['子義']}").text,
             "public": client.get(f"/g/{public_id}").text}
    for name, page in pages.items():
        text = html.unescape(page)
        assert 'lang="zh-Hans"' in page, name
        assert "子義" in text and "子义" not in text, name
    console = html.unescape(pages["console"])
    assert "關羽迷" in console and "关羽迷" not in console and "孙权粉" not in console
    assert client.get(f"/api/j/{judge}").json()["current"]["votes"]["孫權粉"] == "子義"  # stored as typed


def test_a_substitutes_id_is_shown_as_typed_too(client):
    judge, players, public_id = _sg24(client)
    assert client.post(f"/api/j/{judge}/start", json={}).status_code == 200
    sub = client.post(f"/api/j/{judge}/substitute", json={"player": "玩家05", "by": "替補的張遼", "reason": "掉線",
                                                         "confirm": True})
    assert sub.status_code == 200, sub.text
    public = html.unescape(client.get(f"/g/{public_id}").text)
    assert "替補的張遼" in public and "替补的张辽" not in public and "替补" in public
