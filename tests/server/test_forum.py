"""Players on a forum: the judge pastes a player's private message, reads it as actions, and
submits them for the player (recorded as the judge's act); links for private messages."""

from __future__ import annotations

import html
import re

from tests.server.conftest import IDS, started_game
from tests.server.test_pages import jpage, judge_state, player_state, post, ppage


def seat_of(client, game, country, identity):
    for pid in IDS:
        view = player_state(client, game, pid)
        if view["country"] == country and view["identity"] == identity:
            return pid, view
    raise AssertionError((country, identity))


def test_a_pasted_message_is_read_checked_and_submitted_for_the_player_by_the_judge(client):
    game = started_game(client)
    strategist, _ = seat_of(client, game, "魏", "正軍師")
    target, _ = seat_of(client, game, "蜀", "殺手")
    console = client.get(jpage(game)).text
    assert 'id="paste-message"' in console
    page = client.get(jpage(game) + "/message").text
    assert 'id="message-text"' in page and strategist in page
    # Simplified text, an unknown word: read, checked, unread part marked
    read = post(client, jpage(game) + "/message", jpage(game) + "/read-message",
                {"player": strategist, "text": f"今晚明察 {target}，顺便问好"})
    assert read.status_code == 200, read.text
    assert "【明察】 → " + html.escape(target) in read.text
    assert 'id="engine-check"' in read.text and "可以提交" in read.text
    assert '<mark class="unread" title="無法辨認">顺便问</mark>' in read.text
    assert re.search(rf'<option value="{re.escape(target)}"[^>]*selected', read.text)  # the form is prefilled
    # confirm: the form as read
    response = post(client, jpage(game) + "/message", jpage(game) + "/submit-for",
                    {"player": strategist, "skill-0": "明察", "target-0-0": target})
    assert response.status_code == 303, response.text
    assert response.headers["location"].endswith("?ok=submit-for#phase")
    state = judge_state(client, game)
    assert state["current"]["submissions"][strategist] == [{"actor": strategist, "skill": "明察", "targets": [target]}]
    assert state["current"]["submitted_by"] == {strategist: "judge"}
    events = client.get(f"/api/j/{game['judge_token']}/export").json()["events"]
    assert events[-1]["kind"] == "submit" and events[-1]["actor"] == "judge"
    assert events[-1]["payload"] == {"player": strategist, "actions": [{"skill": "明察", "targets": [target]}],
                                     "via": "message"}
    assert "天庭代交" in client.get(jpage(game)).text
    assert "由天庭依你的私訊代為提交" in client.get(ppage(game, strategist)).text
    # the 復盤 marks it beside the action, not only in the raw event log (issue 29, 6)
    replay = client.get(jpage(game) + "/replay").text
    actions = replay[replay.index('id="phase-0"'):]
    actions = actions[:actions.index("</ul>")]
    line = next(li for li in actions.split("<li>") if strategist in li)
    assert "天庭代交" in line


def test_a_message_for_the_wrong_skill_shows_the_engines_refusal_and_submitting_it_changes_nothing(client):
    game = started_game(client)
    guard, _ = seat_of(client, game, "吳", "護衛")
    read = post(client, jpage(game) + "/message", jpage(game) + "/read-message",
                {"player": guard, "text": f"明察 {IDS[0]}"})
    assert "你的技能中沒有【明察】" in read.text and 'class="error-text" id="engine-check"' in read.text
    response = post(client, jpage(game) + "/message", jpage(game) + "/submit-for",
                    {"player": guard, "skill-0": "明察", "target-0-0": IDS[0]})
    assert response.status_code == 422 and 'id="error"' in response.text
    assert guard not in judge_state(client, game)["current"]["submissions"]


def test_no_action_tonight_by_message(client):
    game = started_game(client)
    lady, _ = seat_of(client, game, "魏", "女眷")
    read = post(client, jpage(game) + "/message", jpage(game) + "/read-message",
                {"player": lady, "text": "本夜不行动"})
    assert 'id="reading-none"' in read.text
    response = post(client, jpage(game) + "/message", jpage(game) + "/submit-for", {"player": lady, "none": "1"})
    assert response.status_code == 303
    assert judge_state(client, game)["current"]["submissions"][lady] == []


def test_the_api_takes_a_submission_for_a_player_and_a_player_link_cannot_submit_for_another(client):
    game = started_game(client)
    guard, _ = seat_of(client, game, "魏", "護衛")
    other, _ = seat_of(client, game, "蜀", "護衛")
    response = client.post(f"/api/j/{game['judge_token']}/submit-for", json={"player": guard, "actions": []})
    assert response.status_code == 200, response.text
    assert judge_state(client, game)["current"]["submitted_by"] == {guard: "judge"}
    # a player's body naming another player is the player's own submission: "player" is not read
    token = game["players"][other]["token"]
    response = client.post(f"/api/p/{token}/actions", json={"player": guard, "actions": []})
    assert response.status_code == 200
    state = judge_state(client, game)
    assert state["current"]["submitted_by"] == {guard: "judge"} and other in state["current"]["submissions"]


def test_reading_a_message_needs_the_judges_link_and_csrf_field(client):
    game = started_game(client)
    pid = IDS[0]
    assert client.get(ppage(game, pid) + "/message").status_code in (404, 405)
    forged = client.post(jpage(game) + "/read-message", data={"player": pid, "text": "刺殺"},
                         follow_redirects=False)
    assert forged.status_code == 403
    forged = client.post(jpage(game) + "/submit-for", data={"player": pid, "none": "1"}, follow_redirects=False)
    assert forged.status_code == 403
    assert judge_state(client, game)["current"]["submissions"] == {}


# ---- a public address behind a proxy ---------------------------------------------------------------
def test_base_url_is_used_for_every_link_shown_and_its_origin_may_post(sqlite_url):
    import pytest
    from fastapi.testclient import TestClient

    from tianting.server.app import create_app

    with pytest.raises(ValueError):
        create_app(sqlite_url, scheduler_interval=None, base_url="ftp://x")
    with pytest.raises(ValueError):
        create_app(sqlite_url, scheduler_interval=None, base_url="https://x.org/sub")
    app = create_app(sqlite_url, scheduler_interval=None, base_url="https://game.example.org/")
    with TestClient(app) as client:
        made = client.post("/api/games", json={"title": "論壇局", "rules": "kk33", "ids": IDS}).json()
        assert made["judge_url"].startswith("https://game.example.org/j/")
        assert made["public_url"].startswith("https://game.example.org/g/")
        assert all(p["url"].startswith("https://game.example.org/p/") for p in made["players"].values())
        console = client.get(f"/j/{made['judge_token']}").text
        urls = re.findall(r'value="(https?://[^"]+)"', console)
        assert urls and all(u.startswith("https://game.example.org/") for u in urls)
        assert "testserver" not in console
        # the private-message text of each player carries their link
        pm = html.unescape(re.search(r'id="pm-player-1"[^>]*>([^<]+)</textarea>', console).group(1))
        assert made["players"][IDS[0]]["url"] in pm and IDS[0] in pm
        table = html.unescape(re.search(r'id="all-links"[^>]*>([^<]+)</textarea>', console).group(1))
        assert table.strip().splitlines()[1] == f"1\t{IDS[0]}\t{made['players'][IDS[0]]['url']}"
        # a form posted from the public address (the proxy passes another Host) is accepted
        page = f"/j/{made['judge_token']}"
        response = post(client, page, page + "/note", {"text": "備註"},
                        headers={"origin": "https://game.example.org", "host": "127.0.0.1:8000"})
        assert response.status_code == 303
        response = post(client, page, page + "/note", {"text": "備註"},
                        headers={"origin": "https://evil.example", "host": "127.0.0.1:8000"})
        assert response.status_code == 403


def test_serve_refuses_a_bad_base_url_and_passes_forwarded_allow_ips_to_uvicorn(monkeypatch, tmp_path):
    import uvicorn

    from tianting import cli

    seen = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.update(kw, app=app))
    db = tmp_path / "t.sqlite3"
    assert cli.main(["serve", "--data", str(db), "--base-url", "https://g.example.org",
                     "--forwarded-allow-ips", "10.0.0.5"]) in (0, None)
    assert seen["proxy_headers"] is True and seen["forwarded_allow_ips"] == "10.0.0.5"
    assert seen["app"].state.base_url == "https://g.example.org"
    assert cli.main(["serve", "--data", str(db), "--base-url", "g.example.org"]) == 2


# ---- live pages -------------------------------------------------------------------------------------
def live(client, url):
    response = client.get(url)
    assert response.status_code == 200 and response.headers["cache-control"] == "no-store"
    return response.json()


def test_each_reader_polls_a_version_of_what_they_may_see_and_nothing_else(client):
    game = started_game(client)
    killer, view = seat_of(client, game, "魏", "殺手")
    guard, _ = seat_of(client, game, "蜀", "護衛")
    target, _ = seat_of(client, game, "吳", "女眷")
    public_id = judge_state(client, game)["public_id"]
    urls = {"judge": jpage(game) + "/live", "killer": ppage(game, killer) + "/live",
            "guard": ppage(game, guard) + "/live", "public": f"/g/{public_id}/live"}
    before = {who: live(client, url) for who, url in urls.items()}
    # every page carries the version it was rendered from
    page = client.get(ppage(game, guard)).text
    assert f'data-live="{urls["guard"]}" data-live-version="{before["guard"]["v"]}"' in page
    assert f'data-live-version="{before["public"]["v"]}"' in client.get(f"/g/{public_id}").text
    assert before["killer"]["deadline"] == judge_state(client, game)["current"]["deadline"]
    # the killer submits: the judge's and the killer's versions move; the other player's and the
    # public's do not (a submission is nobody else's business)
    response = client.post(f"/api/p/{game['players'][killer]['token']}/actions",
                           json={"actions": [{"skill": "刺殺", "targets": [target]}]})
    assert response.status_code == 200, response.text
    after = {who: live(client, url) for who, url in urls.items()}
    assert after["judge"]["v"] != before["judge"]["v"] and after["killer"]["v"] != before["killer"]["v"]
    assert after["guard"] == before["guard"] and after["public"] == before["public"]
    # the judge resolves and publishes: everyone's moves
    client.post(f"/api/j/{game['judge_token']}/resolve", json={})
    resolved = {who: live(client, url) for who, url in urls.items()}
    assert resolved["guard"] != after["guard"]  # the stage the guard reads changed
    client.post(f"/api/j/{game['judge_token']}/publish", json={"confirm": True})
    published = {who: live(client, url) for who, url in urls.items()}
    assert all(published[w]["v"] != resolved[w]["v"] for w in urls)


def test_live_answers_need_a_valid_link(client):
    game = started_game(client)
    assert client.get("/p/" + "x" * 43 + "/live").status_code == 404
    assert client.get("/j/" + game["players"][IDS[0]]["token"] + "/live").status_code == 404
    assert client.get("/g/nosuchgame/live").status_code == 404


def test_a_day_vote_by_private_message_is_read_and_cast_for_the_player(client):
    game = started_game(client)
    jt = game["judge_token"]
    client.post(f"/api/j/{jt}/resolve", json={})
    client.post(f"/api/j/{jt}/publish", json={"confirm": True})
    voter, target = IDS[3], IDS[7]
    character = player_state(client, game, target)["character"]
    read = post(client, jpage(game) + "/message", jpage(game) + "/read-message",
                {"player": voter, "text": f"票投{character}"})
    assert read.status_code == 200
    assert f"投給 <strong>{html.escape(target)}</strong>" in read.text
    assert re.search(rf'<option value="{re.escape(target)}" selected>', read.text)
    assert "可以提交" in read.text
    response = post(client, jpage(game) + "/message", jpage(game) + "/vote-for", {"player": voter, "target": target})
    assert response.status_code == 303, response.text
    state = judge_state(client, game)["current"]
    assert state["votes"][voter] == target and state["submitted_by"] == {voter: "judge"}
    assert "天庭代投" in client.get(jpage(game)).text
    # abstaining is read as what it is, and an empty vote is refused
    read = post(client, jpage(game) + "/message", jpage(game) + "/read-message", {"player": voter, "text": "棄權"})
    assert "投票不能棄權" in read.text
    refused = post(client, jpage(game) + "/message", jpage(game) + "/vote-for", {"player": voter, "target": ""})
    assert refused.status_code == 422
    # the player changes it themself: their own again
    client.post(f"/api/p/{game['players'][voter]['token']}/vote", json={"target": voter})
    assert judge_state(client, game)["current"]["submitted_by"] == {}


def test_live_polls_are_left_out_of_the_access_log_unless_they_fail():
    import logging

    from tianting.server.app import QuietLive

    def record(path, status):
        return logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, '%s - "%s %s HTTP/%s" %d',
                                 ("127.0.0.1:5000", "GET", path, "1.1", status), None)

    assert not QuietLive().filter(record("/p/abc/live", 200))
    assert not QuietLive().filter(record("/g/xyz/live", 200))
    assert QuietLive().filter(record("/p/abc/live", 404))
    assert QuietLive().filter(record("/p/abc", 200))
