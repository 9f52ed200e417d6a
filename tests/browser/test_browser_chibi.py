"""The creation form's 『角色技能·赤壁之戰』 option in a real browser (ruling R29): ticked, the console
says so and the 魏 副軍師's page offers 蔣干, who can be chosen there."""

from __future__ import annotations

from typing import Any

import httpx

from tests.browser.conftest import Pages, sync_api

expect = sync_api().expect


IDS = [f"赤壁{i:02d}" for i in range(1, 23)]


def test_the_chibi_box_offers_jiang_gan_on_the_wei_second_strategists_page(
        pages: Pages, create_game: Any, api: httpx.Client) -> None:
    judge, response = create_game("judge", "赤壁之戰局", IDS, chibi=True)
    assert response.status == 200 and "/j/" in judge.url
    expect(judge.locator("body")).to_contain_text("本局加入『角色技能·赤壁之戰』")
    token = judge.input_value("#link-judge").rsplit("/", 1)[1]
    state = api.get(f"/api/j/{token}").json()
    assert state["chibi"] is True
    wei = next(p["id"] for p in state["players"] if (p["country"], p["identity"]) == ("魏", "副軍師"))
    rows = [line.split("\t") for line in judge.input_value("#all-links").splitlines()[1:] if line.strip()]
    link = next(url for _, pid, url in rows if pid == wei)
    player = pages.new("wei")
    player.goto(link)
    expect(player.locator("body")).to_contain_text("蔣干")
    assert pages.errors == []
