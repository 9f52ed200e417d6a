"""A newcomer hosts a 26-player 鼎立三分2.0 game (seed 003) with three judges in a real browser (issue 16).

From the start page: the rules 鼎立三分2.0 and 三位天庭; the three judge links, the 26 player links on the
北斗's console. Night 1: two countrymen name each other (指认) on their pages, a killer stabs, a lady kills
herself (自杀: no last words), everyone else through the API; the 南斗 sets a 拼点 between the two countrymen,
the odd-sum winner first, on her console, and each gives a digit on their page; the 裁判 takes a life from a
player (制裁命数: a wound); the 北斗 asks for last words (only the stabbed is asked), approves them and
publishes. Day 2: the two talk in their country room (the other's page shows the post by itself), the wounded
gives a 伤判 digit on his page, votes (a few on pages, the rest through the API), a complaint answered by the
裁判, the 南斗 closes the vote, the 裁判 disqualifies a player (退出游戏), the 北斗 publishes. Night 2: an 在野
applies to join a country (投奔) on his page, the 北斗 asks the country's 正军师, who agrees on her page. The
北斗 rules 议和 to end the game; the export passes ``tianting verify``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import httpx
import pytest

from tests.browser.conftest import LIVE_MS, REQUIRE, Pages
from tests.browser.test_browser_flow import judge_state, player_view, reload, submit

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - CI installs it
    if REQUIRE:
        raise
    pytest.skip("the playwright package is not installed", allow_module_level=True)

IDS = [f"鼎立{i:02d}" for i in range(1, 27)]
"""Ids the same in both scripts (the 鼎立三分2.0 pages are shown in Simplified)."""


def _post(api: httpx.Client, path: str, body: dict[str, Any] | None = None, status: int = 200) -> Any:
    response = api.post(path, json=body or {})
    assert response.status_code == status, (path, response.text)
    return response.json()


def test_a_26_player_dingli2_game_with_three_judges_two_nights_and_a_day_in_the_browser(
        pages: Pages, server_url: str, api: httpx.Client, tmp_path: Any, shots: Any) -> None:
    # -- the newcomer creates the game on the start page: 鼎立三分2.0, three judges
    creator = pages.new("creator")
    creator.goto(server_url + "/")
    creator.fill("#title", "鼎立三分浏览器局")
    creator.select_option("#rules", "dingli2")
    creator.select_option("#judges", "3")
    creator.fill("#ids", "\n".join(IDS) + "\n")
    assert submit(creator, "#create-game").status == 201
    links = {creator.get_attribute(f"#link-{i}", "data-seat"): creator.input_value(f"#link-{i}") for i in (1, 2, 3)}
    assert set(links) == {"北斗", "南斗", "裁判"}
    jt = {seat: url.rsplit("/", 1)[1] for seat, url in links.items()}
    beidou, nandou, caipan = pages.new("beidou"), pages.new("nandou"), pages.new("caipan")
    for page, seat in ((beidou, "北斗"), (nandou, "南斗"), (caipan, "裁判")):
        page.goto(links[seat])
        expect(page.locator("#team h2")).to_contain_text(seat)
    rows = [line.split("\t") for line in beidou.input_value("#all-links").splitlines()[1:] if line.strip()]
    urls = {pid: url for _, pid, url in rows}
    assert list(urls) == IDS
    token = {pid: url.rsplit("/", 1)[1] for pid, url in urls.items()}
    expect(nandou.locator("#all-links")).to_have_count(0)  # the players' links are the 北斗's
    expect(nandou.locator("#start")).to_have_count(0)  # so is starting the game

    # -- the 北斗 starts night 1 (the characters are dealt)
    assert submit(beidou, "#start").status == 200
    views = {pid: player_view(api, token[pid]) for pid in IDS}

    def names(a: str, b: str) -> bool:
        action = {"skill": "指认", "targets": [b], "args": {"character": views[b]["character"]}}
        return api.post(f"/api/p/{token[a]}/actions", json={"actions": [action]}).status_code == 200

    pair = None
    for a in IDS:
        for b in IDS:
            if pair is None and a < b and views[a]["country"] == views[b]["country"] != "在野":
                if names(a, b) and names(b, a):
                    pair = (a, b)
                elif pair is None:
                    _post(api, f"/api/p/{token[a]}/actions", {"actions": []})
    assert pair is not None
    a, b = pair
    country = views[a]["country"]
    used = {a, b}
    killers = [p for p in IDS if p not in used and views[p]["identity"] == "杀手" and views[p]["country"] != country]
    killer = next((p for p in killers if views[p]["country"] != "吴"), killers[0])  # a 吴 victim, below
    used.add(killer)
    from tianting.rules import load

    # a victim the stab surely kills: no guard of his own, none of his country's (荀攸【曹魏谋主】 guards 魏, 徐庶【披发涂炭】
    # 蜀's 杀手 and 护卫, 关羽【过关斩将】 蜀's 女眷: a deal may seat them)
    roster = load("dingli2").roster()
    guarded = {c.name for c in roster.characters.values()
               if any(s.kind == "passive" and s.attribute == "武将保护技能" for s in c.skills)}
    victim = next(p for p in IDS if p not in used and views[p]["country"] not in ("在野", "魏", views[killer]["country"])
                  and views[p]["identity"] not in ("君主", "军师") and views[p]["character"] not in guarded
                  and (views[p]["country"] != "蜀" or views[p]["identity"] == "平民"))
    used.add(victim)
    quitter = next(p for p in IDS if p not in used and views[p]["identity"] == "女眷")
    used.add(quitter)
    unaligned = next(p for p in IDS if views[p]["country"] == "在野")
    used.add(unaligned)
    # the country the 在野 applies to: one with strategists, whose 正军师 (the first by seat) answers
    target_country = next(c for c in ("魏", "蜀", "吴") if c != views[killer]["country"]
                          and any(views[p]["identity"] == "军师" for p in IDS if views[p]["country"] == c))
    wounded = next(p for p in IDS if p not in used and views[p]["country"] not in ("在野",)
                   and views[p]["identity"] not in ("君主", "军师"))
    used.add(wounded)
    banned = next(p for p in IDS if p not in used and views[p]["country"] != "在野"
                  and views[p]["identity"] not in ("君主", "军师"))
    used.add(banned)
    complainer = next(p for p in IDS if p not in used and views[p]["country"] != "在野")

    # a names b on her page (the form replaces her API submission), b stays as submitted; the killer stabs
    # on his page; the lady kills herself on hers
    first = pages.new("a")
    first.goto(urls[a])
    first.select_option("#skill-0", "指认")
    first.select_option("#target-0-0", b)
    first.locator('select[name="arg-character-0"][data-for="指认"]').select_option(views[b]["character"])
    assert submit(first, "#submit-actions").status == 200
    expect(first.locator("#current-actions")).to_contain_text(b)
    stabber = pages.new("killer")
    stabber.goto(urls[killer])
    stabber.select_option("#skill-0", "刺杀")
    stabber.select_option("#target-0-0", victim)
    assert submit(stabber, "#submit-actions").status == 200
    lady = pages.new("quitter")
    lady.goto(urls[quitter])
    lady.select_option("#skill-0", "自杀")
    assert submit(lady, "#submit-actions").status == 200
    for pid in judge_state(api, jt["北斗"])["current"]["expected"]:
        _post(api, f"/api/p/{token[pid]}/actions", {"actions": []})
    assert judge_state(api, jt["北斗"])["stage"] == "draft"  # all in: resolved by the system

    # -- the 南斗 sets the 拼点 on her console: the odd-sum winner first, then the digits are taken
    reload(nandou)
    expect(nandou.locator("#publish")).to_have_count(0)
    nandou.select_option("#contest-a", a)
    nandou.select_option("#contest-b", b)
    assert submit(nandou, "#add-contest").status == 422  # no parity set yet: refused, in Chinese
    expect(nandou.locator("body")).to_contain_text("请先设定两数之和为奇数时哪名玩家胜利")
    nandou.goto(links["南斗"])
    nandou.select_option("#contest-a", a)
    nandou.select_option("#contest-b", b)
    nandou.check("#contest-odd-b")
    nandou.fill("#contest-why", "两人技能的结算先后")
    assert submit(nandou, "#add-contest").status == 200
    expect(nandou.locator("#contest-1")).to_contain_text(b)
    reload(first)
    expect(first.locator("#contest")).to_be_visible()
    assert b not in first.locator("#contest").inner_text()  # the opponent is not named
    first.fill("#contest-digit-1", "3")
    assert submit(first, "#submit-contest-1").status == 200
    expect(first.locator("#contest-given-1")).to_contain_text("3")
    _post(api, f"/api/p/{token[b]}/digit", {"digit": 4})
    reload(nandou)
    expect(nandou.locator("#contest-1")).to_contain_text("4")
    contests = judge_state(api, jt["北斗"])["current"]["draft"]["announcement"]["contests"]
    assert contests[0]["odd_wins"] == b and contests[0]["winner"] == b and contests[0]["drawn"] == []

    # -- the 裁判 takes a life from a player (制裁命数: a wound); her form offers only her sanctions
    caipan.goto(links["裁判"])
    offered = caipan.locator("#ruling-effect option").evaluate_all("os => os.map(o => o.value)")
    assert set(offered) == {"kill", "injure", "remove", "restore"}
    caipan.select_option("#ruling-effect", "injure")
    caipan.select_option("#ruling-target", wounded)
    caipan.fill("#ruling-why", "场外串通，制裁命数")
    assert submit(caipan, "#add-ruling").status == 200

    # -- the 北斗 asks for last words: the stabbed only, never the lady who killed herself
    reload(beidou)
    assert submit(beidou, "#ask-last-words").status == 200
    expect(beidou.locator("#last-words")).not_to_contain_text(quitter)
    dead = pages.new("victim")
    dead.goto(urls[victim])
    dead.fill("#last-words-text", "我是冤枉的")
    assert submit(dead, "#submit-last-words").status == 200
    reload(lady)
    expect(lady.locator("#last-words")).to_have_count(0)
    reload(beidou)
    n = [p["id"] for p in judge_state(api, jt["北斗"])["players"]].index(victim) + 1
    assert submit(beidou, f"#approve-words-{n}").status == 200
    assert submit(beidou, "#publish").status == 200
    public = api.get(f"/api/g/{judge_state(api, jt['北斗'])['public_id']}").json()
    night_post = json.dumps(public, ensure_ascii=False)
    assert "我是冤枉的" in night_post and "odd_wins" not in night_post and "contests" not in night_post

    # -- day 2: the two talk in their country room; b's open page shows a's post by itself
    second = pages.new("b")
    second.goto(urls[b])
    expect(second.locator("#talk h2")).to_contain_text(country)
    reload(first)
    first.fill("#room-text", "今晚我保你")
    assert submit(first, "#room-say").status == 200
    expect(second.locator("#talk")).to_contain_text("今晚我保你", timeout=LIVE_MS)  # live, no reload
    expect(nandou.locator("#rooms")).to_contain_text("今晚我保你", timeout=LIVE_MS)
    outsider = pages.new("outsider")
    outsider.goto(urls[complainer])
    expect(outsider.locator("#talk")).to_have_count(0)
    assert "今晚我保你" not in outsider.content()

    # the wounded gives his 伤判 digit on his page; votes: three on pages, the rest through the API
    hurt = pages.new("wounded")
    hurt.goto(urls[wounded])
    hurt.fill("#digit", "7")
    assert submit(hurt, "#submit-digit").status == 200
    expect(hurt.locator("#current-digit")).to_contain_text("7")
    for page in (hurt, first, second):
        reload(page)
        page.select_option("#vote-target", killer)
        assert submit(page, "#submit-vote").status == 200
    for pid in judge_state(api, jt["北斗"])["current"]["expected"]:
        if pid != complainer:  # one vote is still out: the 南斗 closes the count herself
            _post(api, f"/api/p/{token[pid]}/vote", {"target": killer if pid != killer else complainer})

    # a complaint, answered by the 裁判 alone
    outsider.fill("#complaint-text", "北斗漏了我的反馈")
    assert submit(outsider, "#complaint-send").status == 200
    reload(caipan)
    expect(caipan.locator("#complaints")).to_contain_text("北斗漏了我的反馈")
    caipan.fill("#reply-text-1", "已查明，北斗会补发")
    assert submit(caipan, "#reply-send-1").status == 200
    expect(outsider.locator("#my-complaints")).to_contain_text("已查明", timeout=LIVE_MS)  # live
    reload(beidou)
    assert "北斗漏了我的反馈" not in beidou.content()

    # the 南斗 closes the vote (the 北斗 has no such button by day); the 裁判 disqualifies; the 北斗 publishes
    expect(beidou.locator("#resolve")).to_have_count(0)
    reload(nandou)
    assert submit(nandou, "#resolve").status == 200
    expect(nandou.locator("#draft")).to_contain_text("结算者：南斗")  # the seat, not 「judge:南斗」
    reload(caipan)
    caipan.select_option("#ruling-effect", "remove")
    caipan.select_option("#ruling-target", banned)
    caipan.fill("#ruling-why", "违纪：公开私聊截图，取消比赛资格")
    assert submit(caipan, "#add-ruling").status == 200
    expect(caipan.locator("#ruling-list")).to_contain_text(banned)
    draft = judge_state(api, jt["北斗"])["current"]["draft"]
    assert wounded in json.dumps(draft["feedback"], ensure_ascii=False)  # the 伤判's outcome, told to him
    reload(beidou)
    expect(beidou.locator("#remove-ruling-1")).to_have_count(0)  # the 裁判's ruling is hers to take back
    assert submit(beidou, "#publish").status == 200
    assert player_view(api, token[banned])["status"] == "out"

    # -- night 2: the 在野 applies to join on his page; the 北斗 asks the 正军师, who agrees on hers
    drifter = pages.new("unaligned")
    drifter.goto(urls[unaligned])
    drifter.select_option("#skill-0", "投奔")
    drifter.select_option("#arg-country-0", target_country)
    assert submit(drifter, "#submit-actions").status == 200
    for pid in judge_state(api, jt["北斗"])["current"]["expected"]:
        _post(api, f"/api/p/{token[pid]}/actions", {"actions": []})
    state = judge_state(api, jt["北斗"])
    assert state["stage"] == "draft"
    index, decision = next((i, d) for i, d in enumerate(state["current"]["draft"]["decisions"]) if d["skill"] == "投奔")
    chief = decision["actor"]
    reload(beidou)
    assert submit(beidou, f"#ask-decision-{index + 1}").status == 200
    strategist = pages.new("chief")
    strategist.goto(urls[chief])
    strategist.select_option("#decision-1", "同意")
    assert submit(strategist, "#submit-decision-1").status == 200
    feedback = judge_state(api, jt["北斗"])["current"]["draft"]["feedback"]
    assert any(target_country in f["text"] for f in feedback[unaligned])
    reload(beidou)
    assert submit(beidou, "#publish").status == 200
    assert any(target_country in f["text"] for f in player_view(api, token[unaligned])["feedback"])

    # -- the 北斗 rules 议和 (no country can end another); the game is over and its export verifies
    reload(beidou)
    beidou.check("#peace-judge")
    assert submit(beidou, "#rule-peace").status == 200
    expect(beidou.locator("#result")).to_be_visible()
    beidou.screenshot(path=str(shots / "dingli2-beidou.png"), full_page=False)
    replay = pages.new("replay")
    replay.goto(links["南斗"] + "/replay")
    expect(replay.locator("body")).to_contain_text("裁判")  # the seats name the judges' acts
    assert "judge:" not in replay.locator("body").inner_text()
    export = api.get(f"/j/{jt['南斗']}/export.json")
    assert export.status_code == 200
    path = tmp_path / "dingli2-export.json"
    path.write_text(export.text, encoding="utf-8")
    verified = subprocess.run([sys.executable, "-m", "tianting", "verify", str(path)], capture_output=True,
                              text=True, env=dict(os.environ))
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert pages.errors == []
