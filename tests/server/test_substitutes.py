"""Substitutes (替補, issue 29, 5): the 北斗 hands a seat to a new forum id mid-game. The seat's history, character and
knowledge stay; its old link stops working and a new one is made (shown again on the console); the public page and
the post say 「X 由 Y 替補」; the export carries it and ``verify`` passes; the new holder's pages leak nothing more."""

from __future__ import annotations

import json

from tests.server.test_pages import (
    IDS,
    jpage,
    judge_state,
    lord_of,
    player_state,
    post,
    ppage,
    stabbed_and_resolved,
    started_fixed_game,
)
from tianting.hosting.verify import verify_export


def _links(client, game):
    console = client.get(jpage(game)).text
    rows = console[console.index('id="all-links"'):]
    rows = rows[rows.index(">") + 1:rows.index("</textarea>")]
    return {line.split("\t")[1]: line.split("\t")[2] for line in rows.strip().splitlines()[1:]}


def test_a_seat_handed_on_mid_game_keeps_its_seat_and_gets_a_new_link(client):
    game = started_fixed_game(client)
    lord = lord_of(client, game)
    stabbed_and_resolved(client, game, lord)
    assert post(client, jpage(game), jpage(game) + "/publish").status_code == 303
    seat = IDS[3]
    before = player_state(client, game, seat)
    old_page = ppage(game, seat)
    # asks first (the old link stops working), and refuses a substitute already in the game or without a reason
    refused = post(client, jpage(game), jpage(game) + "/substitute",
                   {"player": seat, "by": "新來的", "reason": "掉線", "confirmed": ""})
    assert refused.status_code == 409 and "須先確認" in refused.text
    taken = post(client, jpage(game), jpage(game) + "/substitute", {"player": seat, "by": IDS[5], "reason": "掉線"})
    assert taken.status_code == 409 and f"「{IDS[5]}」已經在這局遊戲中" in taken.text
    bare = post(client, jpage(game), jpage(game) + "/substitute", {"player": seat, "by": "新來的", "reason": ""})
    assert bare.status_code == 422 and "替補的理由不能為空" in bare.text
    assert post(client, jpage(game), jpage(game) + "/substitute",
                {"player": seat, "by": "新來的", "reason": "原玩家掉線"}).status_code == 303
    # the old link stops working; the console shows the new one, which opens the same seat
    assert client.get(old_page).status_code == 404
    assert client.get(f"/api/p/{game['players'][seat]['token']}").status_code == 404
    new_url = _links(client, game)[seat]
    new_page = "/p/" + new_url.rsplit("/", 1)[1]
    assert new_page != old_page
    page = client.get(new_page)
    assert page.status_code == 200
    after = client.get("/api" + new_page).json()
    for key in ("id", "country", "identity", "character", "feedback", "known"):
        assert after.get(key) == before.get(key), key
    console = client.get(jpage(game)).text
    assert "由 新來的 替補" in console and "新來的 你好" in console
    # the public page and the post say it
    public = client.get(f"/g/{judge_state(client, game)['public_id']}").text
    assert f"{seat} 由 新來的 替補" in public
    post_text = client.get(jpage(game) + "/bbcode.txt").text
    assert f"{seat} 由 新來的 替補" in post_text
    # the export carries it, verify passes, and the public view does not give the reason
    export = client.get(jpage(game) + "/export.json").json()
    assert any(e["kind"] == "substitute" and e["payload"]["by"] == "新來的" for e in export["events"])
    with client.app.state.store.game(game["game_id"]) as hosted:  # verify needs the seed: the judge's full export
        revealed = hosted.export(reveal=True)
    verdict = verify_export(json.loads(json.dumps(revealed, ensure_ascii=False)))
    # every field agrees with the replay of the events, the substitution among them (the game is still on)
    assert verdict.failures == ["遊戲已經結束：匯出時遊戲尚未結束"], verdict.render()
    assert "原玩家掉線" not in public
    # another substitution of the same seat: the second link stops working too
    assert post(client, jpage(game), jpage(game) + "/substitute",
                {"player": seat, "by": "第三人", "reason": "又掉線"}).status_code == 303
    assert client.get(new_page).status_code == 404
    third = "/p/" + _links(client, game)[seat].rsplit("/", 1)[1]
    assert client.get(third).status_code == 200 and third not in (new_page, old_page)
    # the other seats' links still work
    assert client.get(ppage(game, IDS[4])).status_code == 200
