"""Three judges and a country room in a real browser (issue 16): the creator picks 三位天庭 on the home
page and gets three links; the 南斗 is refused the 北斗's start; 小喬 uses 天作之合 with 周瑜 seated
(「你與周瑜互識」) and the two talk in 吳's room; the 南斗 closes day 1's vote, the 裁判 disqualifies a
player (a kill ruling), the 北斗 publishes; a complaint reaches the 裁判 alone."""

from __future__ import annotations

import html
from typing import Any

import httpx

from tests.browser.conftest import Pages, submit, sync_api
from tests.browser.test_browser_flow import passive_free, player_view, reload

expect = sync_api().expect

IDS = [f"三斗{i:02d}" for i in range(1, 23)]


def test_three_judges_disqualify_a_player_and_two_countrymen_talk_in_their_room(
        pages: Pages, create_game: Any, api: httpx.Client) -> None:
    creator, response = create_game("creator", "三天庭局", IDS, judges="3")
    assert response.status == 201
    links = {creator.get_attribute(f"#link-{i}", "data-seat"): creator.input_value(f"#link-{i}") for i in (1, 2, 3)}
    assert set(links) == {"北斗", "南斗", "裁判"} and len(set(links.values())) == 3
    tokens = {seat: url.rsplit("/", 1)[1] for seat, url in links.items()}

    beidou, nandou, caipan = pages.new("beidou"), pages.new("nandou"), pages.new("caipan")
    for page, seat in ((beidou, "北斗"), (nandou, "南斗"), (caipan, "裁判")):
        page.goto(links[seat])
        expect(page.locator("#team h2")).to_contain_text(f"你是{seat}")
    rows = [line.split("\t") for line in beidou.input_value("#all-links").splitlines()[1:] if line.strip()]
    player_links = {pid: url for _, pid, url in rows}
    assert set(player_links) == set(IDS)
    player_tokens = {pid: url.rsplit("/", 1)[1] for pid, url in player_links.items()}

    views = {pid: player_view(api, t) for pid, t in player_tokens.items()}
    xiao = next(p for p, v in views.items() if (v["country"], v["identity"]) == ("吳", "女眷"))
    zhou = next(p for p, v in views.items() if (v["country"], v["identity"]) == ("吳", "正軍師"))
    # the player to be disqualified: a 吳 countryman of theirs, no lord, playing a character without passive
    # skills (nothing of theirs changes the ruling's death, whatever seats were drawn)
    other, plain = next((p, c) for p, v in views.items() if v["country"] == "吳" and p not in (xiao, zhou)
                        and v["identity"] != "君主" for c in v["choices"] if passive_free(c))
    prefer = {xiao: ["小喬"], zhou: ["周瑜"], other: [plain]}
    for pid in sorted(IDS, key=lambda p: p not in prefer):
        options = prefer.get(pid) or sorted(views[pid]["choices"], key=lambda c: c == "甘寧")
        assert any(api.post(f"/api/p/{player_tokens[pid]}/choose", json={"character": c}).status_code == 200
                   for c in options), pid

    # the 南斗's console has no start button (only their own powers); the API refuses it in Chinese, changing nothing
    nandou.goto(links["南斗"])
    expect(nandou.locator("#start")).to_have_count(0)
    refused = api.post(f"/api/j/{tokens['南斗']}/start", json={})
    assert refused.status_code == 403 and "這是北斗的職權" in refused.json()["error"]
    beidou.goto(links["北斗"])
    assert submit(beidou, "#start").status == 200
    expect(beidou.locator("#phase h2")).to_contain_text("第1夜")

    # 小喬 uses 天作之合 on her page; the 北斗 resolves and publishes the night
    lady = pages.new("xiao")
    lady.goto(player_links[xiao])
    expect(lady.locator("#talk")).to_have_count(0)  # no room before the 互識
    lady.select_option("#skill-0", "天作之合")
    assert submit(lady, "#submit-actions").status == 200
    beidou.goto(links["北斗"])
    assert submit(beidou, "#resolve").status == 200
    assert submit(beidou, "#publish").status == 200

    # the room opens to both; what one says the other reads, escaped
    reload(lady)
    expect(lady.locator("#talk h2")).to_contain_text("國家群：吳")
    lady.fill("#room-text", "周郎 <b>在嗎</b>")
    assert submit(lady, "#room-say").status == 200
    strategist = pages.new("zhou")
    strategist.goto(player_links[zhou])
    expect(strategist.locator("#room-posts")).to_contain_text("周郎 <b>在嗎</b>")
    assert strategist.locator("#room-posts b").count() == 0
    strategist.fill("#room-text", "我在")
    assert submit(strategist, "#room-say").status == 200
    outsider = pages.new("outsider")
    outsider.goto(player_links[other])
    expect(outsider.locator("#talk")).to_have_count(0)
    assert "周郎" not in html.unescape(outsider.content())

    # a complaint, to the 裁判 alone
    outsider.fill("#complaint-text", "北斗回覆太慢")
    assert submit(outsider, "#complaint-send").status == 200
    caipan.goto(links["裁判"])
    expect(caipan.locator("#complaints")).to_contain_text("北斗回覆太慢")
    expect(caipan.locator("#rooms")).to_contain_text("我在")
    beidou.goto(links["北斗"])
    assert "北斗回覆太慢" not in beidou.content()

    # day 1: the 南斗 closes the vote, the 裁判 disqualifies the outsider, the 北斗 publishes
    beidou.goto(links["北斗"])
    expect(beidou.locator("#resolve")).to_have_count(0)  # the day's vote count is the 南斗's
    assert api.post(f"/api/j/{tokens['北斗']}/resolve", json={}).status_code == 403
    nandou.goto(links["南斗"])
    assert submit(nandou, "#resolve").status == 200
    caipan.goto(links["裁判"])
    caipan.select_option("#ruling-effect", "kill")
    caipan.select_option("#ruling-target", other)
    caipan.fill("#ruling-why", f"{other} 違紀，取消比賽資格")
    assert submit(caipan, "#ruling-form button[type=submit]").status == 200
    expect(caipan.locator("#judge-acts")).to_contain_text("裁判")
    beidou.goto(links["北斗"])
    assert submit(beidou, "#publish").status == 200
    assert player_view(api, player_tokens[other])["status"] == "out"
    audit = api.get(f"/api/j/{tokens['南斗']}/talk").json()["audit"]
    assert ("裁判", "rule") in [(a["who"], a["kind"]) for a in audit]
    assert pages.errors == []
