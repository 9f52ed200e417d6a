"""The HTML pages: home, judge console, player page, public thread and 復盤, driven through
their forms exactly as a browser would post them (urlencoded, with the CSRF field)."""

from __future__ import annotations

import html
import re
from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import IDS, choose_all, new_game, started_game
from tianting.hosting import bbcode
from tianting.server import security

SCRIPT = "<script>alert(1)</script>"
ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;"


# ---- helpers ----------------------------------------------------------------------------------
def csrf_of(page: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', page)
    assert found, "the page has no form"
    return found.group(1)


def post(client: TestClient, page: str, action: str, data: dict[str, Any] | None = None,
         **kwargs: Any) -> Any:
    """Open ``page``, take its CSRF field and post ``data`` to ``action`` like its form would once the reader
    said yes to its dialog (``confirmed``, server/confirm.py; pass ``confirmed=""`` in ``data`` for a post
    without it) (a page without a form: the right field for its link, as a forged post would carry it)."""
    text = client.get(page).text
    token = csrf_of(text) if 'name="csrf"' in text else csrf_for(client, page.split("/")[2])
    return client.post(action, data={"csrf": token, "confirmed": "1", **(data or {})}, follow_redirects=False,
                       **kwargs)


def csrf_for(client: TestClient, link_token: str) -> str:
    """The right CSRF field for a link, for posts a page offers no form for."""
    return security.csrf_token(client.app.state.store.secret, link_token)


def judge_state(client: TestClient, game: dict[str, Any]) -> dict[str, Any]:
    return client.get(f"/api/j/{game['judge_token']}").json()


def player_state(client: TestClient, game: dict[str, Any], pid: str) -> dict[str, Any]:
    return client.get(f"/api/p/{game['players'][pid]['token']}").json()


def ppage(game: dict[str, Any], pid: str) -> str:
    return f"/p/{game['players'][pid]['token']}"


def jpage(game: dict[str, Any]) -> str:
    return f"/j/{game['judge_token']}"


def fixed_game(client: TestClient, ids: list[str] | None = None, seed: int = 1) -> dict[str, Any]:
    """A game with a known seed (so the same seats and draws every run), shaped like the API's answer."""
    store = client.app.state.store
    made = store.create_game(title="固定局", rules="kk33", ids=ids or IDS, seed=seed, salt="ab" * 16)
    return {"judge_token": made.judge_token, "public_id": made.public_id, "game_id": made.game_id,
            "players": {pid: {"token": t} for pid, t in made.player_tokens.items()}}


def stab_everyone_at(client: TestClient, game: dict[str, Any], victim: str) -> None:
    """One killer of each other country stabs ``victim`` (through the night form)."""
    views = {pid: player_state(client, game, pid) for pid in game["players"]}
    countries = set()
    for pid, view in views.items():
        if view["identity"] == "殺手" and view["country"] not in countries | {views[victim]["country"]}:
            countries.add(view["country"])
            response = post(client, ppage(game, pid), ppage(game, pid) + "/actions",
                            {"skill-0": "刺殺", "target-0-0": victim})
            assert response.status_code == 303, response.text


def started_fixed_game(client: TestClient, seed: int = 1) -> dict[str, Any]:
    """:func:`fixed_game` with every player's character chosen and night 1 started by the judge."""
    game = fixed_game(client, seed=seed)
    choose_all(client, game)
    assert post(client, jpage(game), jpage(game) + "/start").status_code == 303
    return game


def lord_of(client: TestClient, game: dict[str, Any]) -> str:
    return next(pid for pid in IDS if player_state(client, game, pid)["identity"] == "君主")


def stabbed_and_resolved(client: TestClient, game: dict[str, Any], victim: str) -> None:
    """:func:`stab_everyone_at` ``victim``, then the judge resolves the night."""
    stab_everyone_at(client, game, victim)
    assert post(client, jpage(game), jpage(game) + "/resolve").status_code == 303


def public_id_of(client: TestClient, game: dict[str, Any]) -> str:
    return game.get("public_id") or judge_state(client, game)["public_id"]


# ---- home and the console ---------------------------------------------------------------------
def test_the_home_form_creates_a_game_and_redirects_to_a_console_with_22_player_links(client):
    home = client.get("/")
    assert home.status_code == 200
    assert 'name="ids"' in home.text and "KK規則3.3版" in home.text
    response = client.post("/games", data={
        "csrf": csrf_of(home.text), "title": "表單局", "rules": "kk33", "ids": "\n".join(IDS) + "\n\n# 註解\n",
        "night_minutes": "90", "day_minutes": "",
    }, follow_redirects=False)
    assert response.status_code == 303
    console_path = response.headers["location"].split("?")[0]
    assert console_path.startswith("/j/")
    console = client.get(response.headers["location"])
    assert console.status_code == 200
    links = re.findall(r'class="copy player-link"[^>]*value="(http://testserver/p/[^"]+)"', console.text)
    assert len(links) == 22 and len(set(links)) == 22
    assert 'id="link-judge"' in console.text and console_path in console.text
    assert "請妥善保存" in console.text
    state = client.get("/api" + console_path).json()
    assert state["commitment"] in console.text
    assert f"/g/{state['public_id']}" in console.text
    assert state["night_minutes"] == 90 and state["day_minutes"] is None
    # every link opens its own player's page
    for pid in ("玩家01", "玩家22"):
        line = re.search(rf"^\d+\t{pid}\t(http://testserver/p/\S+)$", html.unescape(console.text), re.M)
        assert line, pid
        page = client.get(line.group(1).removeprefix("http://testserver"))
        assert page.status_code == 200 and f'id="player-id">{pid}<' in page.text


def test_the_home_form_refuses_bad_input_with_a_chinese_message_and_creates_nothing(client):
    page = client.get("/").text
    short = client.post("/games", data={"csrf": csrf_of(page), "title": "少人局", "rules": "kk33",
                                        "ids": "\n".join(IDS[:21])}, follow_redirects=False)
    assert 400 <= short.status_code < 500
    assert 'id="error"' in short.text and "少人局" in short.text  # the form keeps what was typed
    repeated = client.post("/games", data={"csrf": csrf_of(page), "title": "重複", "rules": "kk33",
                                           "ids": "\n".join(IDS + IDS[:1])}, follow_redirects=False)
    assert repeated.status_code == 422 and "重複" in repeated.text
    minutes = client.post("/games", data={"csrf": csrf_of(page), "title": "時限", "rules": "kk33",
                                          "ids": "\n".join(IDS), "night_minutes": "abc"}, follow_redirects=False)
    assert minutes.status_code == 422 and "分鐘" in minutes.text
    rules = client.post("/games", data={"csrf": csrf_of(page), "title": "規則", "rules": "nope",
                                        "ids": "\n".join(IDS)}, follow_redirects=False)
    assert rules.status_code == 422 and "未知的規則集" in rules.text
    with client.app.state.store.engine.connect() as conn:
        from sqlalchemy import func, select

        from tianting.server.db import games
        assert conn.execute(select(func.count()).select_from(games)).scalar() == 0


def test_the_console_shows_every_player_link_again_for_games_made_through_the_api(client):
    game = new_game(client)
    console = client.get(jpage(game))
    assert console.status_code == 200
    for link in game["players"].values():
        assert link["token"] in console.text


def test_player_links_are_derived_from_the_judge_link_and_reveal_nothing_of_it():
    one = security.player_token("judge-token", "玩家01")
    assert one == security.player_token("judge-token", "玩家01")
    assert one != security.player_token("judge-token", "玩家02")
    assert one != security.player_token("another-judge", "玩家01")
    assert "judge-token" not in one and len(one) >= 43  # 256 bits in base64url


# ---- choosing -------------------------------------------------------------------------------
def test_a_player_chooses_a_character_through_the_form(client):
    game = new_game(client)
    pid = "玩家01"
    page = client.get(ppage(game, pid))
    assert page.status_code == 200 and 'id="choose-character"' in page.text
    choice = player_state(client, game, pid)["choices"][0]
    response = post(client, ppage(game, pid), ppage(game, pid) + "/choose", {"character": choice})
    assert response.status_code == 303
    assert player_state(client, game, pid)["character"] == choice
    after = client.get(response.headers["location"])
    assert f'id="character">{choice}<' in after.text and 'id="ok"' in after.text
    # a player of the same slot sees it taken (disabled) and cannot take it
    seat = player_state(client, game, pid)
    other = next((p for p in IDS if p != pid and player_state(client, game, p)["country"] == seat["country"]
                  and player_state(client, game, p)["identity"] == seat["identity"]), None)
    if other is not None:
        page = client.get(ppage(game, other)).text
        assert re.search(rf'value="{re.escape(choice)}"[^>]* disabled', page)
        refused = post(client, ppage(game, other), ppage(game, other) + "/choose", {"character": choice})
        assert refused.status_code == 409 and "已被其他玩家選擇" in refused.text
        assert player_state(client, game, other)["character"] is None
    unknown = post(client, ppage(game, pid), ppage(game, pid) + "/choose", {"character": "不存在的人"})
    assert unknown.status_code == 422 and "未知的角色" in unknown.text
    assert player_state(client, game, pid)["character"] == choice


def test_the_judge_assigns_a_character_and_starts_the_game_from_the_console(client):
    game = new_game(client)
    early = post(client, jpage(game), jpage(game) + "/start")
    assert early.status_code == 409 and "尚有玩家未選擇角色" in early.text
    assert judge_state(client, game)["stage"] == "choosing"
    first = judge_state(client, game)["players"][0]
    response = post(client, jpage(game), jpage(game) + "/assign",
                    {"player": first["id"], "character": first["choices"][0]})
    assert response.status_code == 303
    assert judge_state(client, game)["players"][0]["character"] == first["choices"][0]
    choose_all(client, game)
    response = post(client, jpage(game), jpage(game) + "/start")
    assert response.status_code == 303
    state = judge_state(client, game)
    assert state["stage"] == "open" and state["current"]["label"] == "第1夜"
    console = client.get(response.headers["location"]).text
    assert 'id="resolve"' in console and "尚未提交" in console


# ---- the night form -------------------------------------------------------------------------
def killer_of(client: TestClient, game: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    for pid in IDS:
        view = player_state(client, game, pid)
        if view["identity"] == "殺手":
            return pid, view
    raise AssertionError("no killer")


def test_the_night_form_submits_actions_and_the_page_shows_them(client):
    game = started_game(client)
    pid, view = killer_of(client, game)
    target = next(p for p in IDS if player_state(client, game, p)["country"] != view["country"])
    page = client.get(ppage(game, pid)).text
    assert 'id="submit-actions"' in page and 'id="submit-none"' in page
    assert 'name="skill-2"' in page  # at least three rows without any script
    response = post(client, ppage(game, pid), ppage(game, pid) + "/actions",
                    {"skill-0": "刺殺", "target-0-0": target, "skill-1": "", "skill-2": ""})
    assert response.status_code == 303
    assert player_state(client, game, pid)["open"]["actions"] == [{"actor": pid, "skill": "刺殺", "targets": [target]}]
    after = client.get(response.headers["location"]).text
    assert "你目前提交的行動" in after and f"【刺殺】 → {target}" in after
    assert re.search(rf'<option value="{re.escape(target)}"[^>]*selected', after)  # the form is prefilled
    assert pid not in judge_state(client, game)["current"]["expected"]
    # the 本夜不行動 button replaces the list with nothing
    response = post(client, ppage(game, pid), ppage(game, pid) + "/actions",
                    {"skill-0": "刺殺", "target-0-0": target, "none": "1"})
    assert response.status_code == 303
    assert player_state(client, game, pid)["open"]["actions"] == []
    assert player_state(client, game, pid)["open"]["submitted"] is True


def test_an_invalid_night_action_shows_the_chinese_error_with_4xx_and_changes_nothing(client):
    game = started_game(client)
    pid, view = killer_of(client, game)
    target = next(p for p in IDS if p != pid)
    assert post(client, ppage(game, pid), ppage(game, pid) + "/actions",
                {"skill-0": "刺殺", "target-0-0": target}).status_code == 303
    before = judge_state(client, game)["seq"]
    cases = [
        ({"skill-0": "援護", "target-0-0": target}, "沒有技能【援護】"),      # a skill they do not have
        ({"skill-0": "不存在", "target-0-0": target}, "未知的技能"),          # no such skill
        ({"skill-0": "刺殺", "target-0-0": "無此人"}, "無此人"),              # unknown target
        ({"skill-0": "", "target-0-0": target}, "沒有選擇技能"),               # a target without a skill
    ]
    for data, message in cases:
        response = post(client, ppage(game, pid), ppage(game, pid) + "/actions", data)
        assert 400 <= response.status_code < 500, (data, response.status_code)
        assert 'id="error"' in response.text and message in response.text, (data, message)
        assert judge_state(client, game)["seq"] == before
        assert player_state(client, game, pid)["open"]["actions"][0]["targets"] == [target]
    # the refused rows stay in the form so nothing typed is lost
    response = post(client, ppage(game, pid), ppage(game, pid) + "/actions", {"skill-0": "援護", "target-0-0": target})
    assert re.search(r'<option value="援護"', response.text) is None or "援護" in response.text
    # a vote at night is the wrong phase
    vote = post(client, ppage(game, pid), ppage(game, pid) + "/vote", {"target": target})
    assert vote.status_code == 409 and "夜晚不能投票" in vote.text
    assert judge_state(client, game)["seq"] == before


def test_a_skill_with_arguments_is_submitted_through_its_fields(client):
    game = started_fixed_game(client, seed=7)  # 玩家05 is the 方士
    pid = "玩家05"
    assert player_state(client, game, pid)["identity"] == "方士"
    page = client.get(ppage(game, pid)).text
    assert 'name="arg-country-0"' in page and 'name="arg-identity-0"' in page
    response = post(client, ppage(game, pid), ppage(game, pid) + "/actions",
                    {"skill-0": "方術", "arg-country-0": "魏", "arg-identity-0": "君主"})
    assert response.status_code == 303, response.text
    assert player_state(client, game, pid)["open"]["actions"] == [
        {"actor": pid, "skill": "方術", "targets": [], "args": {"country": "魏", "identity": "君主"}}]
    page = client.get(response.headers["location"]).text
    assert "【方術】（國籍：魏，身份：君主）" in page
    assert re.search(r'<option value="君主" selected', page)
    forged = post(client, ppage(game, pid), ppage(game, pid) + "/actions",
                  {"skill-0": "方術", "arg-country-0": "魏", "arg-identity-0": "皇帝"})
    assert forged.status_code == 422 and "不是身份之一" in forged.text
    assert player_state(client, game, pid)["open"]["actions"][0]["args"]["identity"] == "君主"


def test_a_dead_target_is_refused_the_next_night(client):
    game = started_fixed_game(client, seed=1)
    victim = IDS[0]
    stabbed_and_resolved(client, game, victim)
    assert victim in judge_state(client, game)["current"]["draft"]["announcement"]["exited"]
    assert post(client, jpage(game), jpage(game) + "/publish").status_code == 303
    day = judge_state(client, game)
    voter = day["current"]["participants"][0]
    refused = post(client, ppage(game, voter), ppage(game, voter) + "/vote", {"target": victim})
    assert refused.status_code == 422 and "已出局" in refused.text
    dead_page = client.get(ppage(game, victim)).text
    assert 'id="submit-vote"' not in dead_page and "你已出局" in dead_page
    dead_vote = client.post(ppage(game, victim) + "/vote", follow_redirects=False,
                            data={"csrf": csrf_for(client, game["players"][victim]["token"]), "target": voter})
    assert dead_vote.status_code == 422 and "已出局" in dead_vote.text
    assert judge_state(client, game)["seq"] == day["seq"]


# ---- the judge's draft: resolve, edit, publish ---------------------------------------------------
def test_the_judge_resolves_edits_and_publishes_and_the_edit_reaches_the_audit_log_and_the_player(client):
    game = started_game(client)
    pid, view = killer_of(client, game)
    target = next(p for p in IDS if player_state(client, game, p)["country"] != view["country"])
    post(client, ppage(game, pid), ppage(game, pid) + "/actions", {"skill-0": "刺殺", "target-0-0": target})
    response = post(client, jpage(game), jpage(game) + "/resolve")
    assert response.status_code == 303
    console = client.get(response.headers["location"]).text
    draft = judge_state(client, game)["current"]["draft"]
    assert 'id="publish"' in console and 'id="edit-announcement"' in console
    for line in draft["trace"]:
        assert html.escape(line, quote=False) in console
    feedback = draft["feedback"][pid][0]["text"]
    assert html.escape(feedback, quote=False) in console

    edited = post(client, jpage(game), jpage(game) + "/edit",
                  {"target": "feedback", "player": pid, "index": "0", "text": "天庭改寫的反饋：刀已出鞘"})
    assert edited.status_code == 303
    announced = post(client, jpage(game), jpage(game) + "/edit",
                     {"target": "announcement", "text": "【第1夜戰況公告】\n天庭改寫的公告"})
    assert announced.status_code == 303
    console = client.get(jpage(game)).text
    audit = console[console.index('id="audit"'):]
    assert "天庭改寫的反饋：刀已出鞘" in audit and html.escape(feedback, quote=False) in audit
    assert "天庭改寫的公告" in audit
    # before publishing, the player sees nothing of it
    assert "天庭改寫的反饋" not in client.get(ppage(game, pid)).text

    published = post(client, jpage(game), jpage(game) + "/publish")
    assert published.status_code == 303
    assert judge_state(client, game)["current"]["kind"] == "day"
    page = client.get(ppage(game, pid)).text
    assert "天庭改寫的反饋：刀已出鞘" in page and "天庭改寫的公告" in page
    public = client.get(f"/g/{public_id_of(client, game)}").text
    assert "天庭改寫的公告" in public and "天庭改寫的反饋" not in public
    text = client.get(jpage(game) + "/bbcode.txt")
    assert text.headers["content-type"] == "text/plain; charset=utf-8"
    assert "[b]【第1夜戰況公告】[/b]\n天庭改寫的公告" in text.text
    # the replay keeps the audit log and the trace
    replay = client.get(jpage(game) + "/replay").text
    assert "天庭改寫的反饋：刀已出鞘" in replay and html.escape(feedback, quote=False) in replay


def test_a_refused_judge_command_shows_the_console_with_the_message_and_changes_nothing(client):
    game = started_game(client)
    before = judge_state(client, game)["seq"]
    publish = post(client, jpage(game), jpage(game) + "/publish")
    assert publish.status_code == 409 and "目前沒有待審閱的草稿" in publish.text and 'id="resolve"' in publish.text
    unknown = post(client, jpage(game), jpage(game) + "/explode")
    assert unknown.status_code == 404 and "未知的操作" in unknown.text
    post(client, jpage(game), jpage(game) + "/resolve")
    decide = post(client, jpage(game), jpage(game) + "/decide", {"actor": IDS[0], "skill": "刺殺", "answer": "是"})
    assert decide.status_code == 422 and "草稿中沒有" in decide.text
    bad_json = post(client, jpage(game), jpage(game) + "/decide", {"actor": IDS[0], "skill": "刺殺", "answer": "{oops"})
    assert bad_json.status_code == 422 and "JSON" in bad_json.text
    index = post(client, jpage(game), jpage(game) + "/edit", {"target": "feedback", "player": IDS[0], "index": "x", "text": "改"})
    assert index.status_code == 422 and "沒有這條反饋" in index.text
    empty = post(client, jpage(game), jpage(game) + "/edit", {"target": "announcement", "text": "   "})
    assert empty.status_code == 422 and "不能為空" in empty.text
    long = post(client, jpage(game), jpage(game) + "/note", {"text": "長" * 2001})
    assert long.status_code == 413 and "過長" in long.text
    assert judge_state(client, game)["seq"] == before + 1  # only the resolve went in


def test_the_judge_sets_and_clears_the_deadline_and_adds_a_note(client):
    game = started_game(client)
    response = post(client, jpage(game), jpage(game) + "/deadline", {"deadline": "2031-05-06T07:08"})
    assert response.status_code == 303
    assert judge_state(client, game)["current"]["deadline"] == "2031-05-06T07:08:00+00:00"
    console = client.get(jpage(game)).text
    # without script the form is in the page's zone (UTC+8 by default, core/times.py) and says so
    assert 'value="2031-05-06T15:08"' in console and 'name="tz" type="hidden" value="480"' in console
    assert '<span id="deadline-zone">UTC+8</span>' in console
    player = client.get(ppage(game, IDS[0])).text
    assert '<time class="local-time" datetime="2031-05-06T07:08:00Z">2031-05-06 15:08（UTC+8）</time>' in player
    bad = post(client, jpage(game), jpage(game) + "/deadline", {"deadline": "明天"})
    assert bad.status_code == 422 and "時限格式錯誤" in bad.text
    local = post(client, jpage(game), jpage(game) + "/deadline", {"deadline": "2031-05-06T20:00", "tz": "480"})
    assert local.status_code == 303  # typed in UTC+8, as the console's script reports the browser's offset
    assert judge_state(client, game)["current"]["deadline"] == "2031-05-06T12:00:00+00:00"
    zone = post(client, jpage(game), jpage(game) + "/deadline", {"deadline": "2031-05-06T20:00", "tz": "東八區"})
    assert zone.status_code == 422 and "時區" in zone.text
    cleared = post(client, jpage(game), jpage(game) + "/deadline", {"deadline": "2031-05-06T07:08", "clear": "1"})
    assert cleared.status_code == 303 and judge_state(client, game)["current"]["deadline"] is None
    note = post(client, jpage(game), jpage(game) + "/note", {"text": "第1夜：某玩家私下透露身份，警告一次"})
    assert note.status_code == 303
    assert "警告一次" in client.get(jpage(game)).text
    assert "警告一次" not in client.get(ppage(game, IDS[0])).text


# ---- what a player may see ------------------------------------------------------------------------
def test_a_players_page_never_shows_another_players_character_feedback_or_the_trace(client):
    game = started_game(client)
    pid, view = killer_of(client, game)
    target = next(p for p in IDS if player_state(client, game, p)["country"] != view["country"])
    post(client, ppage(game, pid), ppage(game, pid) + "/actions", {"skill-0": "刺殺", "target-0-0": target})
    post(client, jpage(game), jpage(game) + "/resolve")
    state = judge_state(client, game)
    draft = state["current"]["draft"]
    secrets_of = {p: f"只給{p}的反饋" for p in draft["feedback"]}
    for p in draft["feedback"]:
        post(client, jpage(game), jpage(game) + "/edit", {"target": "feedback", "player": p, "index": "0",
                                                          "text": secrets_of[p]})
    post(client, jpage(game), jpage(game) + "/publish")
    characters = {p["id"]: p["character"] for p in state["players"]}
    for me in IDS:
        page = client.get(ppage(game, me)).text
        allowed = str(player_state(client, game, me))
        for other, character in characters.items():
            if other != me and character not in allowed:
                assert character not in page, (me, other, character)
        for other, secret in secrets_of.items():
            assert (secret in page) == (other == me), (me, other)
        for line in draft["trace"]:
            assert html.escape(line, quote=False) not in page
        assert "天庭控制台" not in page and "/j/" not in page and "export.json" not in page
        # no parameter opens more
        assert client.get(ppage(game, me) + f"?player={IDS[0]}&judge=1").text.count("只給") <= 1


def test_links_are_not_interchangeable_and_forged_links_are_404(client):
    game = started_game(client)
    player_token = game["players"][IDS[0]]["token"]
    judge_token = game["judge_token"]
    for path in (f"/j/{player_token}", f"/j/{player_token}/replay", f"/j/{player_token}/export.json",
                 f"/j/{player_token}/bbcode.txt", f"/p/{judge_token}", "/p/forged", "/j/forged",
                 "/g/forged", f"/g/{judge_token}", "/p/" + "x" * 500, "/p/%00", "/j/%00",
                 "/g/%00", "/j/a%27%20OR%201=1--", "/g/%E7%8E%A9", f"/j/{judge_token}%0A"):
        response = client.get(path)
        assert response.status_code == 404, path
        assert "連結無效" in response.text or "沒有這局遊戲" in response.text or "找不到" in response.text
    public_id = public_id_of(client, game)
    assert client.get(f"/g/{public_id}/replay").status_code == 404
    assert client.get(f"/g/{public_id}/export.json").status_code == 404
    # a player posting to the judge's forms with their own CSRF field gets nowhere
    csrf = csrf_of(client.get(f"/p/{player_token}").text)
    response = client.post(f"/j/{player_token}/resolve", data={"csrf": csrf}, follow_redirects=False)
    assert response.status_code == 404
    assert judge_state(client, game)["stage"] == "open"


# ---- forged requests -----------------------------------------------------------------------------
def test_posts_without_or_with_a_wrong_csrf_field_are_refused_and_change_nothing(client):
    game = started_game(client)
    pid, _ = killer_of(client, game)
    before = judge_state(client, game)["seq"]
    other_csrf = csrf_of(client.get(ppage(game, IDS[1] if pid == IDS[0] else IDS[0])).text)
    judge_csrf = csrf_of(client.get(jpage(game)).text)
    attempts = [
        (ppage(game, pid) + "/actions", {"skill-0": "刺殺", "target-0-0": IDS[5]}),
        (ppage(game, pid) + "/actions", {"csrf": "0" * 64, "none": "1"}),
        (ppage(game, pid) + "/actions", {"csrf": other_csrf, "none": "1"}),   # another link's field
        (ppage(game, pid) + "/actions", {"csrf": judge_csrf, "none": "1"}),
        (jpage(game) + "/resolve", {}),
        (jpage(game) + "/resolve", {"csrf": other_csrf}),
        ("/games", {"title": "偽造", "ids": "\n".join(IDS)}),
    ]
    same_site = post(client, ppage(game, pid), ppage(game, pid) + "/actions", {"none": "1"},
                     headers={"Origin": "http://testserver"})
    assert same_site.status_code == 303
    before = judge_state(client, game)["seq"]
    for path, data in attempts:
        response = client.post(path, data=data, follow_redirects=False)
        assert response.status_code == 403, path
        assert "請求來源無法驗證" in response.text
    # the right field from a foreign origin
    response = post(client, jpage(game), jpage(game) + "/resolve", headers={"Origin": "https://evil.example"})
    assert response.status_code == 403
    # a browser marks a cross-site post Origin: null (pages send Referrer-Policy same-origin,
    # so their own posts carry the real origin)
    response = post(client, jpage(game), jpage(game) + "/resolve", headers={"Origin": "null"})
    assert response.status_code == 403
    page = client.get(jpage(game))
    assert page.headers["referrer-policy"] == "same-origin"
    # a JSON body to a form endpoint carries no CSRF field
    response = client.post(jpage(game) + "/resolve", json={"csrf": judge_csrf}, follow_redirects=False)
    assert response.status_code == 403
    # a malformed multipart body
    response = client.post(jpage(game) + "/resolve", content=b"--x\r\nbroken",
                           headers={"content-type": "multipart/form-data; boundary=x"}, follow_redirects=False)
    assert 400 <= response.status_code < 500
    assert judge_state(client, game)["seq"] == before
    assert judge_state(client, game)["stage"] == "open"


def test_oversized_bodies_and_texts_are_refused(client):
    game = started_game(client)
    page = jpage(game)
    response = post(client, page, page + "/note", {"text": "x" * 70_000})
    assert response.status_code == 413
    assert response.headers["content-type"].startswith("text/html") and "請求內容過大" in response.text
    assert judge_state(client, game)["notes"] == []


# ---- escaping everywhere -----------------------------------------------------------------------------
def test_script_in_a_forum_id_and_in_last_words_is_escaped_on_every_page(client):
    ids = [SCRIPT] + IDS[1:]
    game = fixed_game(client, ids=ids, seed=1)
    choose_all(client, game)
    post(client, jpage(game), jpage(game) + "/start")
    stab_everyone_at(client, game, SCRIPT)
    post(client, jpage(game), jpage(game) + "/resolve")
    assert SCRIPT in judge_state(client, game)["current"]["draft"]["announcement"]["exited"]
    assert post(client, jpage(game), jpage(game) + "/ask-last-words").status_code == 303
    victim_page = client.get(ppage(game, SCRIPT)).text
    assert 'id="submit-last-words"' in victim_page
    words = f"我是清白的{SCRIPT}<img src=x onerror=alert(2)>[url=http://evil]點我[/url]"
    response = post(client, ppage(game, SCRIPT), ppage(game, SCRIPT) + "/last-words", {"text": words})
    assert response.status_code == 303
    seat = 1
    console = client.get(jpage(game)).text
    assert f'id="approve-words-{seat}"' in console
    assert post(client, jpage(game), jpage(game) + "/rule-last-words", {"player": SCRIPT, "approved": "1"}).status_code == 303
    assert judge_state(client, game)["current"]["last_words"][SCRIPT]["status"] == "approved"
    assert post(client, jpage(game), jpage(game) + "/publish").status_code == 303
    assert post(client, jpage(game), jpage(game) + "/peace", {"mode": "judge"}).status_code == 303
    assert judge_state(client, game)["over"] is True

    public_id = game["public_id"]
    pages = {
        "console": client.get(jpage(game)),
        "player": client.get(ppage(game, SCRIPT)),
        "other player": client.get(ppage(game, IDS[1])),
        "public": client.get(f"/g/{public_id}"),
        "judge replay": client.get(jpage(game) + "/replay"),
        "public replay": client.get(f"/g/{public_id}/replay"),
    }
    for name, page in pages.items():
        assert page.status_code == 200, name
        assert page.headers["content-type"].startswith("text/html"), name
        assert SCRIPT not in page.text and "<img src=x" not in page.text, name
        assert ESCAPED in page.text, name
        assert "content-security-policy" in page.headers
    assert "我是清白的" in pages["public"].text
    text = client.get(jpage(game) + "/bbcode.txt")
    assert text.headers["content-type"] == "text/plain; charset=utf-8"
    assert "我是清白的" in text.text and "[url=" not in text.text and "［url=http://evil］" in text.text
    exported = client.get(f"/g/{public_id}/export.json")
    assert exported.headers["content-type"] == "application/json"
    assert exported.json()["over"] is True


def test_refused_last_words_and_oversized_last_words(client):
    game = started_fixed_game(client, seed=2)
    victim = IDS[0]
    stabbed_and_resolved(client, game, victim)
    assert 'id="submit-last-words"' not in client.get(ppage(game, victim)).text
    early = client.post(ppage(game, victim) + "/last-words", follow_redirects=False,
                        data={"csrf": csrf_for(client, game["players"][victim]["token"]), "text": "太早"})
    assert early.status_code == 409 and "現在不能留下遺言" in early.text
    post(client, jpage(game), jpage(game) + "/ask-last-words")
    seq = judge_state(client, game)["seq"]
    long = post(client, ppage(game, victim), ppage(game, victim) + "/last-words", {"text": "長" * 2001})
    assert long.status_code == 413 and "過長" in long.text
    assert "長" * 100 in long.text  # what was typed stays in the form
    assert judge_state(client, game)["seq"] == seq
    alive = next(p for p in IDS if p != victim)
    not_dead = post(client, ppage(game, alive), ppage(game, alive) + "/last-words", {"text": "我還活著"})
    assert not_dead.status_code == 409
    post(client, ppage(game, victim), ppage(game, victim) + "/last-words", {"text": "暗示身份的遺言"})
    refused = post(client, jpage(game), jpage(game) + "/rule-last-words",
                   {"player": victim, "approved": "0", "reason": "暗示身份"})
    assert refused.status_code == 303
    page = client.get(ppage(game, victim)).text
    assert "不予公布" in page and "暗示身份" in page
    post(client, jpage(game), jpage(game) + "/publish")
    assert "暗示身份的遺言" not in client.get(f"/g/{game['public_id']}").text


# ---- the day, the end, the public --------------------------------------------------------------------
def test_a_day_vote_through_the_form(client):
    game = started_game(client)
    post(client, jpage(game), jpage(game) + "/resolve")
    post(client, jpage(game), jpage(game) + "/publish")
    state = judge_state(client, game)
    assert state["current"]["kind"] == "day"
    # a voter without a skill usable by day (緩釋, 甘寧's 奇襲 would add a day action form): the seats are random
    plain = [pid for pid in state["current"]["participants"]
             if not player_state(client, game, pid)["open"].get("by_day")]
    voter, target = plain[0], state["current"]["participants"][-1]
    page = client.get(ppage(game, voter)).text
    assert 'id="submit-vote"' in page and 'id="submit-actions"' not in page
    response = post(client, ppage(game, voter), ppage(game, voter) + "/vote", {"target": target})
    assert response.status_code == 303
    assert player_state(client, game, voter)["open"]["vote"] == target
    assert f"你目前投給：<strong>{target}</strong>" in client.get(response.headers["location"]).text
    assert judge_state(client, game)["current"]["votes"] == {voter: target}
    blank = post(client, ppage(game, voter), ppage(game, voter) + "/vote", {"target": ""})
    assert blank.status_code == 422 and "請選擇投票對象" in blank.text
    unknown = post(client, ppage(game, voter), ppage(game, voter) + "/vote", {"target": "無此人"})
    assert unknown.status_code == 422 and "不在遊戲中" in unknown.text
    actions = post(client, ppage(game, voter), ppage(game, voter) + "/actions", {"none": "1"})
    assert actions.status_code == 409 and "白天只能投票" in actions.text
    assert judge_state(client, game)["current"]["votes"] == {voter: target}
    console = client.get(jpage(game)).text
    assert f"→ {target}" in console


def test_the_public_page_shows_the_thread_and_the_replay_only_at_the_end(client):
    fresh = new_game(client, ids=[SCRIPT] + IDS[1:])
    page = client.get(f"/g/{fresh['public_id']}")
    assert page.status_code == 200 and ESCAPED in page.text and SCRIPT not in page.text
    assert fresh["commitment"] in page.text and "遊戲尚未有公告" in page.text
    game = started_game(client)
    public_id = public_id_of(client, game)
    page = client.get(f"/g/{public_id}")
    assert page.status_code == 200 and judge_state(client, game)["commitment"] in page.text
    assert 'id="replay-link"' not in page.text
    for path in (f"/g/{public_id}/replay", f"/g/{public_id}/export.json"):
        response = client.get(path)
        assert response.status_code == 404 and "復盤於遊戲結束後公開" in response.text
    post(client, jpage(game), jpage(game) + "/resolve")
    post(client, jpage(game), jpage(game) + "/publish")
    assert "第1夜戰況公告" in client.get(f"/g/{public_id}").text
    # the judge's replay works during the game, without the seed
    replay = client.get(jpage(game) + "/replay")
    assert replay.status_code == 200 and 'id="seed"' not in replay.text and "事件紀錄" in replay.text
    assert client.get(jpage(game) + "/export.json").json()["seed"] is None
    # peace by the lords needs everyone: a partial agreement is refused
    lords = [p for p in judge_state(client, game)["players"] if p["identity"] == "君主"]
    partial = post(client, jpage(game), jpage(game) + "/peace", {"mode": "lords", "proposer": lords[0]["id"],
                                                                 "agreed": [lords[0]["id"]]})
    assert 400 <= partial.status_code < 500 and not judge_state(client, game)["over"]
    assert post(client, jpage(game), jpage(game) + "/peace", {"mode": "judge"}).status_code == 303
    page = client.get(f"/g/{public_id}").text
    assert 'id="replay-link"' in page and 'id="seed"' in page and "議和" in page
    replay = client.get(f"/g/{public_id}/replay")
    assert replay.status_code == 200 and "結算過程" in replay.text and 'id="seed"' in replay.text
    exported = client.get(f"/g/{public_id}/export.json").json()
    assert exported["over"] is True and exported["seed"] is not None


# ---- BBCode ------------------------------------------------------------------------------------------
def test_bbcode_bolds_titles_and_makes_brackets_inert():
    text = bbcode.announcement({"text": "【第1夜戰況公告】\n遺言：\n甲：「[b]大字[/b][url=x]y[/url]」"})
    assert text.startswith("[b]【第1夜戰況公告】[/b]\n")
    assert "[url=" not in text and "［url=x］y［/url］" in text and "［b］大字［/b］" in text
    thread = bbcode.thread({
        "title": "測試[局]", "rules_title": "KK規則3.3版", "ids": ["甲", "乙[i]"], "commitment": "abc",
        "announcements": [{"text": "【第1夜戰況公告】\n無事"}, {"text": "【第1日投票公告】\n票面："}],
        "over": True, "result": {"winners": ["魏"], "peace": False}, "export": {"seed": 42, "salt": "ff"},
    })
    assert "[size=4][b]測試［局］[/b][/size]" in thread
    assert "乙［i］" in thread and "種子承諾（SHA-256）：abc" in thread
    assert thread.index("第1夜戰況公告") < thread.index("第1日投票公告") < thread.index("遊戲結束")
    assert "勝方：魏" in thread and "種子：42" in thread
    assert bbcode.thread({"title": "t", "announcements": [], "over": True, "result": {"peace": True}}).count("議和") == 1


def test_the_judge_asks_the_lord_to_choose_his_reincarnation_and_he_answers_on_his_page(client):
    """轉生 is the lord's own choice: the console's 請玩家選擇 puts it on his page with the forms
    the rules allow; his answer redrafts the night; nobody else's page shows it."""
    game = started_fixed_game(client, seed=1)
    lord = lord_of(client, game)
    stabbed_and_resolved(client, game, lord)
    [choice] = judge_state(client, game)["current"]["draft"]["decisions"]
    assert (choice["actor"], choice["skill"], choice["defaulted"]) == (lord, "轉生", True)
    assert 'id="decisions"' not in client.get(ppage(game, lord)).text  # not before the judge asks
    assert post(client, jpage(game), jpage(game) + "/ask-decision",
                {"actor": lord, "skill": "轉生"}).status_code == 303
    assert 'id="asked-decision-1"' in client.get(jpage(game)).text
    page = client.get(ppage(game, lord)).text
    forms = choice["options"]
    assert len(forms) == 2 and all(f'<option value="{form}"' in page for form in forms)
    other = next(pid for pid in IDS if pid != lord)
    assert 'id="decisions"' not in client.get(ppage(game, other)).text
    meddling = post(client, ppage(game, other), ppage(game, other) + "/decide", {"skill": "轉生", "answer": forms[0]})
    assert meddling.status_code == 409
    wanted = next(f for f in forms if f != choice["answer"])
    answered = post(client, ppage(game, lord), ppage(game, lord) + "/decide", {"skill": "轉生", "answer": wanted})
    assert answered.status_code == 303
    [choice] = judge_state(client, game)["current"]["draft"]["decisions"]
    assert (choice["answer"], choice["defaulted"]) == (wanted, False)


def test_a_lord_who_died_and_plays_on_is_asked_for_last_words_on_the_console(client):
    """角色死亡時公布ID; 遺言內容將由法官在該夜公告中發布 — the console lists the lord whose character died (轉生)
    among the night's dead, asks him for last words, and the public post carries them (R11, issue 10)."""
    game = started_fixed_game(client, seed=1)
    lord = lord_of(client, game)
    stabbed_and_resolved(client, game, lord)
    announcement = judge_state(client, game)["current"]["draft"]["announcement"]
    assert lord in announcement["died"] and lord not in announcement["exited"]
    assert f"本夜死亡：{lord}" in client.get(jpage(game)).text
    assert post(client, jpage(game), jpage(game) + "/ask-last-words").status_code == 303
    assert 'id="submit-last-words"' in client.get(ppage(game, lord)).text
    assert post(client, ppage(game, lord), ppage(game, lord) + "/last-words", {"text": "吾死之後"}).status_code == 303
    assert post(client, jpage(game), jpage(game) + "/rule-last-words",
                {"player": lord, "approved": "1"}).status_code == 303
    assert post(client, jpage(game), jpage(game) + "/publish").status_code == 303
    assert "吾死之後" in client.get(f"/g/{game['public_id']}").text


def test_a_reader_may_switch_the_pages_to_simplified_chinese_and_back(client):
    """Show the rule set's own script by default (KK 3.3: Traditional); a reader may ask for
    Simplified, which converts the page's text but never a form value, a link or an editable text."""
    game = started_game(client)
    pid, _ = killer_of(client, game)
    traditional = client.get(ppage(game, pid)).text
    assert "國籍" in traditional and 'lang="zh-Hant"' in traditional
    simplified = client.get(ppage(game, pid) + "?script=simplified")
    assert "国籍" in simplified.text and "國籍" not in simplified.text and 'lang="zh-Hans"' in simplified.text
    assert 'value="刺殺"' in simplified.text  # the form still posts the rule set's own name
    assert client.get(ppage(game, pid)).text.count("国籍") >= 1  # kept in a cookie
    submitted = post(client, ppage(game, pid), ppage(game, pid) + "/actions", {"none": "1"})
    assert submitted.status_code == 303  # the converted page's form works
    back = client.get(ppage(game, pid) + "?script=traditional").text
    assert "國籍" in back
    assert post(client, jpage(game), jpage(game) + "/resolve").status_code == 303
    console = client.get(jpage(game) + "?script=simplified").text
    assert "种子承诺" in console and "種子承諾" not in console
    # the draft's announcement in its edit box stays as stored: editing it must not reword it by accident
    assert re.search(r"<textarea[^>]*>\s*【第1夜戰況公告】", console)
