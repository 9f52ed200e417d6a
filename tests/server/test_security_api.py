"""Security at the JSON API: links, what each role may read, and hostile input.

Every refused request is checked to leave the event log as it was (the judge console's
``seq``). The leak test walks every player's whole view at every stage of a game and looks
for anything the rules keep from them (死亡：角色死亡時公布ID但不公布其角色), and, on their pages too, for what came
of each action and why (the judges' outcome tables: KK 3.3's read from the game's history).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator
from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import IDS, choose_all, new_game
from tests.server.test_api_flow import Api
from tianting.hosting.game import MAX_TEXT
from tianting.rules import load as load_rules
from tianting.server import links
from tianting.server.security import HEADERS, MAX_BODY

HIDDEN_KEYS = {"draft", "trace", "truth", "submissions", "decisions", "decisions_given", "draws", "rejected",
               "seed", "salt", "edits", "notes", "warnings", "original_announcement", "setup_draws", "script",
               "events", "transcript", "participants", "expected", "resolved_by", "needs"}
"""Keys of the judge's console and of the 復盤 that must never appear in a player's or the public view
of a running game."""

CHINESE = range(0x4E00, 0xA000)
ROOM_SECRET = "國家群密語：今晚護主"
"""Said in 魏's country room once its lord and killer recognise each other: no one else may read it."""


def chinese(text: str) -> bool:
    return any(ord(c) in CHINESE for c in text)


def started(client: TestClient, seed: int = 1) -> Api:
    api = Api.seeded(client, seed)
    choose_all(client, {"players": {pid: {"token": t} for pid, t in api.tokens.items()}})
    api.judge("start")
    return api


def walk(value: Any, path: str = "", skip: tuple[str, ...] = ()) -> Iterator[tuple[str, Any, Any]]:
    """(path, key, value) of every dict entry and list item below ``value``, not entering ``skip`` keys."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in skip:
                continue
            yield f"{path}.{key}", key, item
            yield from walk(item, f"{path}.{key}", skip)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield f"{path}[{i}]", None, item
            yield from walk(item, f"{path}[{i}]", skip)


def strings(value: Any, skip: tuple[str, ...] = ()) -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield "", value
    for path, key, item in walk(value, skip=skip):
        if isinstance(key, str):
            yield path, key
        if isinstance(item, str):
            yield path, item


class Secrets:
    """What the judge knows about every seat, to look for in the others' views."""

    def __init__(self, api: Api) -> None:
        self.api = api
        self.console = api.console()
        roster = load_rules("kk33").roster()
        self.names: dict[str, set[str]] = {}
        current = self.console.get("current") or {}
        truth = (current.get("draft") or {}).get("truth", {}).get("players", {})
        for seat in self.console["players"]:
            names = set()
            for character in (seat["character"], truth.get(seat["id"], {}).get("character")):
                if character:
                    names |= {character, roster.characters[character].base}
            self.names[seat["id"]] = names
        self.seats = {s["id"]: s for s in self.console["players"]}
        self.roster = roster
        self.feedback: dict[str, set[str]] = {}
        published = api.export()["published"]
        for items_by_player in [p["feedback"] for p in published] + [(current.get("draft") or {}).get("feedback", {})]:
            for pid, items in items_by_player.items():
                self.feedback.setdefault(pid, set()).update(f["text"] for f in items)
        self.published_feedback = {pid: {f["text"] for p in published for f in p["feedback"].get(pid, [])}
                                   for pid in IDS}
        self.submissions = current.get("submissions", {})
        # what came of each action and why (the console's outcome tables, KK 3.3's read from the history): the
        # judges' only, before the game ends and after
        tables = [(current.get("draft") or {}).get("uses", [])] + [p.get("uses", []) for p in self.console["published"]]
        self.reasons = {u["why"] for uses in tables for u in uses if u.get("why")}

    def check_player(self, pid: str) -> None:
        self.check_pages(pid)
        view = self.api.view(pid)
        seat = self.seats[pid]
        assert (view["id"], view["country"], view["identity"]) == (pid, seat["country"], seat["identity"])
        mine = {n for c in seat["choices"] for n in (c, self.roster.characters[c].base)}
        mine |= {n for c in [view.get("character")] if c for n in (c, self.roster.characters[c].base)}
        known = view.get("known", {})
        mine |= {n for c in known.values() for n in (c, self.roster.characters[c].base)}
        self._check(view, f"{pid} 的視圖", allowed=mine, me=pid)
        # their own feedback only: every item is one the draft gave them
        for item in view.get("feedback", []):
            assert item["text"] in self.published_feedback[pid], f"{pid} sees feedback not published to them: {item}"
        others = {t for other, texts in self.feedback.items() if other != pid for t in texts}
        own = self.feedback.get(pid, set())
        for path, text in strings(view):
            assert not any(t in text for t in others - own), f"{pid} sees another's feedback at {path}"
        # their own actions only
        if "open" in view:
            assert view["open"]["actions"] == self.submissions.get(pid, [])
        for row in view.get("players", []):
            assert set(row) == {"id", "out"}
        # the country room (國家群): only after a 互識 with a countryman, else nothing of it at all
        talk = self.api.client.get(f"/api/p/{self.api.tokens[pid]}/talk").json()
        entitled = any(self.seats[other]["country"] == seat["country"] and pid in self.api.view(other).get("known", {})
                       for other in known)
        assert talk["room"] == (seat["country"] if entitled else None), f"{pid} 的國家群"
        if not entitled:
            assert talk["posts"] == [] and ROOM_SECRET not in json.dumps(talk, ensure_ascii=False)
            assert ROOM_SECRET not in self.api.client.get(f"/p/{self.api.tokens[pid]}").text

    def check_pages(self, pid: str | None) -> None:
        """The player's page (the public page for None): no outcome table, no reason of an outcome."""
        text = self.api.client.get(f"/p/{self.api.tokens[pid]}" if pid else f"/g/{self.api.public_id}").text
        assert "use-outcomes" not in text and "各行動的結果" not in text, pid
        assert not [why for why in self.reasons if why in text], pid

    def check_public(self) -> None:
        self.check_pages(None)
        response = self.api.client.get(f"/api/g/{self.api.public_id}")
        assert response.status_code == 200
        assert ROOM_SECRET not in response.text and ROOM_SECRET not in self.api.client.get(f"/g/{self.api.public_id}").text
        self._check(response.json(), "公開視圖", allowed=set(), me=None)

    def _check(self, view: dict[str, Any], what: str, allowed: set[str], me: str | None) -> None:
        forbidden = {n for pid, names in self.names.items() if pid != me for n in names} - allowed
        for path, key, item in walk(view):
            assert key not in HIDDEN_KEYS, f"{what} 含有 {path}"
            assert key != "uses" or path.startswith(".feedback"), f"{what} 含有各行動的結果：{path}"
            if isinstance(item, dict) and path.count(".") > 1 and not path.startswith(".feedback"):
                assert not {"country", "identity", "character"} & set(item), f"{what} 洩露座位：{path}"
        for path, text in strings(view, skip=("skills", "choices", "known", "feedback")):
            hits = [name for name in forbidden if name in text]
            assert not hits, f"{what} 洩露角色 {hits}：{path} = {text[:80]!r}"
        shown = json.dumps(view, ensure_ascii=False)
        assert not [why for why in self.reasons if why in shown], f"{what} 洩露行動結果的原因"


def check_everyone(api: Api) -> None:
    found = Secrets(api)
    for pid in IDS:
        found.check_player(pid)
    found.check_public()


def test_players_see_only_what_the_rules_let_them_see(client):
    api = Api.seeded(client, 1)
    # choosing: half the table has chosen
    for pid in IDS[:11]:
        choices = api.view(pid)["choices"]
        for character in choices:
            if client.post(f"/api/p/{api.tokens[pid]}/choose", json={"character": character}).status_code == 200:
                break
    check_everyone(api)
    choose_all(client, {"players": {pid: {"token": t} for pid, t in api.tokens.items()}})
    api.judge("start")
    [wei_lord], [wei_strategist], [shu_lord] = api.who("魏", "君主"), api.who("魏", "正軍師"), api.who("蜀", "君主")
    wei_killer, shu_killer = api.who("魏", "殺手")[0], api.who("蜀", "殺手")[0]
    [shu_strategist], [shu_deputy] = api.who("蜀", "正軍師"), api.who("蜀", "副軍師")
    wu_guard = api.who("吳", "護衛")[0]
    # 招賢納才：指定一個除你以外的ID，你與其互識。
    api.player(wei_lord, "actions", {"actions": [{"skill": "招賢納才", "targets": [wei_killer]}]})
    api.player(wei_killer, "actions", {"actions": [{"skill": "刺殺", "targets": [shu_lord]}]})
    # 援護：指定一個ID，當夜其受到的刺殺無效 — the 刺殺 on 蜀's lord is void, its reason the judges' alone
    api.player(wu_guard, "actions", {"actions": [{"skill": "援護", "targets": [shu_lord]}]})
    api.player(shu_killer, "actions", {"actions": [{"skill": "刺殺", "targets": [wei_strategist]}]})
    api.player(shu_strategist, "actions", {"actions": [{"skill": "明察", "targets": [wei_killer]}]})
    check_everyone(api)  # night open
    api.judge("resolve")
    api.judge("ask-last-words")
    api.player(wei_strategist, "last-words", {"text": "我死得冤"})
    check_everyone(api)  # draft
    assert f"{wu_guard} 援護" in Secrets(api).reasons  # the console's table has it: no one else may read it
    api.judge("rule-last-words", {"player": wei_strategist, "approved": True})
    api.judge("publish")
    # 互識 reveals exactly the two characters to each other
    assert api.view(wei_killer)["known"] == {wei_lord: "曹操"}
    assert api.view(wei_lord)["known"] == {wei_killer: api.console()["players"][IDS.index(wei_killer)]["character"]}
    said = client.post(f"/api/p/{api.tokens[wei_killer]}/talk/country", json={"text": ROOM_SECRET})
    assert said.status_code == 200, said.text
    assert [p["text"] for p in client.get(f"/api/p/{api.tokens[wei_lord]}/talk").json()["posts"]] == [ROOM_SECRET]
    api.player(wei_killer, "vote", {"target": shu_killer})
    check_everyone(api)  # day open
    api.judge("resolve")
    check_everyone(api)  # day draft
    api.judge("publish")
    # 替補 (issue 29, 5): 吳's guard is handed to a new forum id; the old link stops working, the new one sees
    # the seat as it was and nothing more; the reason is the judges' alone
    old = api.tokens[wu_guard]
    api.judge("substitute", {"player": wu_guard, "by": "替補者甲", "reason": "替補理由：私事離開"})
    assert client.get(f"/api/p/{old}").status_code == 404
    api.tokens[wu_guard] = links.player_link(api.judge_token, wu_guard, 1)
    assert api.view(wu_guard)["id"] == wu_guard
    for pid in IDS:
        assert "替補理由" not in json.dumps(api.view(pid), ensure_ascii=False)
    public = client.get(f"/api/g/{api.public_id}").json()
    assert "替補理由" not in json.dumps(public, ensure_ascii=False)
    assert [s["text"] for s in public["substitutes"]] == [f"{wu_guard} 由 替補者甲 替補"]
    check_everyone(api)  # night 2 open, a seat handed on
    # 暗訪：指定一個死者ID，獲悉其角色。 The deputy strategist may learn a dead player's character.
    api.player(shu_deputy, "actions", {"actions": [{"skill": "暗訪", "targets": [wei_strategist]}]})
    api.judge("resolve")
    api.judge("publish")
    [found] = [f for f in api.view(shu_deputy)["feedback"] if f["skill"] == "暗訪"]
    assert found["data"] == {"character": "郭嘉"}
    check_everyone(api)  # day 3, after a night whose feedback named a character


def test_links_are_bound_to_their_role_and_game(client):
    a, b = started(client, 1), started(client, 2)
    player = a.tokens[IDS[0]]
    b_seq = b.console()["seq"]
    for method, url in [("get", f"/api/j/{player}"), ("get", f"/api/j/{player}/export"),
                        ("post", f"/api/j/{player}/resolve"), ("post", f"/api/j/{player}/peace"),
                        ("get", f"/api/p/{a.judge_token}"), ("post", f"/api/p/{a.judge_token}/actions")]:
        response = getattr(client, method)(url, **({"json": {"judge": True, "actions": []}} if method == "post" else {}))
        assert (response.status_code, response.json()) == (404, {"error": "連結無效"}), url
    assert a.console()["current"]["resolved_by"] is None and a.console()["seq"] == b_seq
    # a link reaches its own game only
    a.judge("resolve")
    assert b.console()["seq"] == b_seq and b.console()["stage"] == "open"
    assert a.view(IDS[0])["title"] == "固定種子局"
    a_seq = a.console()["seq"]
    b.player(IDS[0], "actions", {"actions": []})
    assert a.console()["seq"] == a_seq and b.console()["seq"] == b_seq + 1


FORGED = ["x", "A" * 43, "a" * 100, "a" * 101, "a" * 5000, "玩家01", "judge", "null", "%00", "%20", "'%20OR%201=1--"]


def test_forged_links_find_nothing(client):
    api = started(client)
    near = [api.judge_token[:-1] + ("A" if api.judge_token[-1] != "A" else "B"), api.tokens[IDS[0]][:-2],
            api.judge_token.swapcase(), api.judge_token + "A", api.public_id]
    seq = api.console()["seq"]
    for token in FORGED + near:
        urls = [("get", f"/api/p/{token}"), ("get", f"/api/j/{token}"), ("get", f"/api/j/{token}/export"),
                ("post", f"/api/p/{token}/actions"), ("post", f"/api/j/{token}/resolve")]
        if token != api.public_id:
            urls.append(("get", f"/api/g/{token}"))
        for method, url in urls:
            response = getattr(client, method)(url, **({"json": {"actions": []}} if method == "post" else {}))
            assert response.status_code == 404, (url, response.text)
            assert response.headers["content-type"].startswith("application/json")
            assert chinese(response.json()["error"])
    assert api.console()["seq"] == seq


def test_the_actor_comes_from_the_link(client):
    api = Api.seeded(client, 1)
    me, other = IDS[0], IDS[5]  # the two 吳 killers of seed 1: they share a list of characters
    assert api.view(me)["choices"] == api.view(other)["choices"]
    api.player(me, "choose", {"player": other, "character": "韓當"})
    seats = {s["id"]: s for s in api.console()["players"]}
    assert (seats[me]["character"], seats[other]["character"]) == ("韓當", None)
    choose_all(client, {"players": {pid: {"token": t} for pid, t in api.tokens.items()}})
    api.judge("start")
    [shu_lord] = api.who("蜀", "君主")
    api.player(me, "actions", {"actor": other, "player": other,
                               "actions": [{"actor": other, "skill": "刺殺", "targets": [shu_lord]}]})
    submissions = api.console()["current"]["submissions"]
    assert submissions[me] == [{"actor": me, "skill": "刺殺", "targets": [shu_lord]}] and other not in submissions
    [event] = [e for e in api.export()["events"] if e["kind"] == "submit"]
    assert event["actor"] == me and set(event["payload"]) == {"actions"}  # stray keys are not stored


def _post(client: TestClient, url: str, content: Any, content_type: str | None = "application/json",
          **headers: str) -> Any:
    if content_type:
        headers["content-type"] = content_type
    return client.post(url, content=content, headers=headers)


BAD_BODIES = [
    (b"{", "application/json", 400),
    (b"", "application/json", 400),
    (b"[]", "application/json", 400),
    (b'"text"', "application/json", 400),
    (b"42", "application/json", 400),
    (b"null", "application/json", 400),
    (b"\xff\xfe{}", "application/json", 400),
    (b'{"text": NaN}', "application/json", 400),
    (b'{"text": Infinity}', "application/json", 400),
    (b'{"text": "\\ud800"}', "application/json", 400),  # an unpaired surrogate: no database can store it
    (b"[" * 20000 + b"]" * 20000, "application/json", 400),  # deeper than the parser goes
    (b'{"a": ' * 70 + b"1" + b"}" * 70, "application/json", 400),  # deeper than the command line allows
    (b'{"text": ' + b"9" * 5000 + b"}", "application/json", 400),  # a number no rule needs (CPU on parse)
    (b'{"text": "x"}', "text/plain", 415),
    (b"text=x", "application/x-www-form-urlencoded", 415),
    (b'{"text": "x"}', None, 415),
    (b'{"text": "x"}', "application/json-patch+json", 415),
]


def test_bad_bodies_are_refused_with_a_message(client):
    api = started(client)
    seq = api.console()["seq"]
    for body, content_type, status in BAD_BODIES:
        for url in (f"/api/j/{api.judge_token}/note", f"/api/p/{api.tokens[IDS[0]]}/actions", "/api/games"):
            response = _post(client, url, body, content_type)
            assert response.status_code == status, (body[:20], content_type, url, response.text)
            assert chinese(response.json()["error"])
    assert api.console()["seq"] == seq


def test_the_api_refuses_json_as_the_command_line_does_and_says_where(client):
    """The API parses bodies with the command line's JSON rules (core/jsoninput): the message names
    the place, in Chinese, and nothing is stored."""
    api = started(client)
    seq = api.console()["seq"]
    response = _post(client, f"/api/j/{api.judge_token}/note", b'{"text": "\\ud800"}')
    assert response.status_code == 400
    assert response.json()["error"].startswith("請求內容")
    assert "text" in response.json()["error"]
    assert api.console()["seq"] == seq


def test_oversized_bodies_are_refused_before_they_are_stored(client):
    api = started(client)
    seq = api.console()["seq"]
    url = f"/api/j/{api.judge_token}/note"
    big = json.dumps({"text": "字" * MAX_BODY}).encode()

    def chunks() -> Iterator[bytes]:
        for i in range(0, len(big), 4096):
            yield big[i:i + 4096]

    answers = [
        _post(client, url, big),  # honest Content-Length
        _post(client, url, big, **{"content-length": "20"}),  # a lying Content-Length
        _post(client, url, chunks()),  # chunked: no Content-Length at all
        _post(client, url, b"{}", **{"content-length": "abc"}),
    ]
    for response in answers:
        assert response.status_code == 413, response.text
        assert "過大" in response.json()["error"]  # the API's one error shape
        assert response.headers["x-content-type-options"] == "nosniff"
    assert api.console()["seq"] == seq
    # just under the limit is read (and refused by the game for its own reason: a note's length)
    near = json.dumps({"text": "x" * (MAX_BODY - 100)}).encode()
    response = _post(client, url, near)
    assert response.status_code == 413 and response.json()["error"].startswith("備註過長")
    assert api.console()["seq"] == seq


def test_overlong_last_words_are_refused(client):
    api = started(client)
    wei_killer, [shu_lady] = api.who("魏", "殺手")[0], api.who("蜀", "女眷")
    api.player(wei_killer, "actions", {"actions": [{"skill": "刺殺", "targets": [shu_lady]}]})
    api.judge("resolve")
    assert api.draft()["announcement"]["exited"] == [shu_lady]
    api.judge("ask-last-words")
    error = api.refused(shu_lady, "last-words", {"text": "言" * (MAX_TEXT + 1)}, 413)
    assert error == f"遺言過長（最多{MAX_TEXT}字，現有{MAX_TEXT + 1}字）"
    assert "必須是文字" in api.refused(shu_lady, "last-words", {"text": ["言"]}, 422)
    api.player(shu_lady, "last-words", {"text": "言" * MAX_TEXT})


INJECTIONS = ["<script>alert('天庭')</script>", "\"><img src=x onerror=alert(1)>", "'); DROP TABLE events; --",
              "{{ 7*7 }}", "[url=javascript:alert(1)]點我[/url]", "\u202e反轉文字", "零\u0000字元"]


def test_hostile_text_is_stored_verbatim_and_returned_as_json_strings(client):
    api = started(client)
    wei_killer, [shu_lady] = api.who("魏", "殺手")[0], api.who("蜀", "女眷")
    api.player(wei_killer, "actions", {"actions": [{"skill": "刺殺", "targets": [shu_lady]}]})
    api.judge("resolve")
    api.judge("ask-last-words")
    words = "\n".join(INJECTIONS)
    api.player(shu_lady, "last-words", {"text": words})
    for text in INJECTIONS:
        api.judge("note", {"text": text})
    api.judge("rule-last-words", {"player": shu_lady, "approved": True, "reason": INJECTIONS[1]})
    api.judge("edit", {"target": "announcement", "text": INJECTIONS[0]})
    response = client.get(f"/api/j/{api.judge_token}")
    assert response.headers["content-type"] == "application/json"
    assert response.headers["x-content-type-options"] == "nosniff"
    assert "script-src 'self'" in response.headers["content-security-policy"]
    console = response.json()
    assert [n["text"] for n in console["notes"]] == INJECTIONS
    assert console["current"]["last_words"][shu_lady]["text"] == words
    assert console["current"]["last_words"][shu_lady]["reason"] == INJECTIONS[1]
    assert api.view(shu_lady)["last_words"]["text"] == words
    assert api.draft()["announcement"]["last_words"] == {shu_lady: words}
    api.judge("publish")
    [published] = api.public()["announcements"]
    assert (published["text"], published["last_words"]) == (INJECTIONS[0], {shu_lady: words})


def test_unknown_commands_are_404(client):
    api = started(client)
    seq = api.console()["seq"]
    for role, command in [("p", "resolve"), ("p", "explode"), ("p", "publish"), ("p", "assign"), ("j", "explode"),
                          ("j", "actions"), ("j", "vote"), ("j", "last-words"), ("j", "%E5%A4%A9" * 30)]:
        token = api.judge_token if role == "j" else api.tokens[IDS[0]]
        response = client.post(f"/api/{role}/{token}/{command}", json={})
        assert response.status_code == 404, response.text
        assert response.json()["error"].startswith("未知的操作")
    for url in (f"/api/p/{api.tokens[IDS[0]]}/choose/extra", f"/api/j/{api.judge_token}/export"):
        response = client.post(url, json={})
        assert response.status_code in (404, 405) and chinese(response.json()["error"])
    assert api.console()["seq"] == seq


def test_every_api_answer_carries_the_security_headers(client):
    api = started(client)
    for response in (client.get(f"/api/p/{api.tokens[IDS[0]]}"), client.get(f"/api/j/{api.judge_token}"),
                     client.get("/api/p/forged"), client.post("/api/games", content=b"{", headers={
                         "content-type": "application/json"}), client.get(f"/api/g/{api.public_id}")):
        for key, value in HEADERS.items():
            assert response.headers[key] == value, (response.url, key)
        assert response.headers["cache-control"] == "no-store"  # links and views are secrets


def test_bad_games_are_not_created(client):
    for body in [{"title": "x", "ids": IDS[:21]}, {"title": "x", "ids": "\n".join(IDS[:21] + [IDS[0]])},
                 {"title": "x", "ids": IDS, "rules": ["kk33"]}, {"title": "x", "ids": IDS[:21] + ["a\u0000b"]},
                 {"title": "a\u0000b", "ids": IDS}, {"title": "", "ids": IDS}, {"title": "x", "ids": IDS,
                                                                                 "night_minutes": -5}]:
        response = client.post("/api/games", json=body)
        assert response.status_code == 422, response.text
        assert chinese(response.json()["error"])
    # a list of ids as text, one a line, is read like the CLI reads an id file
    answer = new_game(client, ids="\n".join(["# 名單", *IDS, ""]))
    assert sorted(answer["players"]) == sorted(IDS)
    assert len({answer["judge_token"], *(p["token"] for p in answer["players"].values())}) == 23
    assert all(len(t["token"]) >= 43 for t in answer["players"].values())  # 256 random bits
    assert secrets.compare_digest(answer["judge_url"].rsplit("/", 1)[1], answer["judge_token"])


def test_the_access_log_never_holds_a_secret_link():
    """Secret links are secrets: the server's access log shows /p/… and /j/…, not the token."""
    import logging

    from tianting.server.app import RedactLinks

    token = "AbC-123_xyz" * 4
    record = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, '%s - "%s %s HTTP/%s" %d',
                               ("127.0.0.1:5000", "POST", f"/api/p/{token}/actions", "1.1", 200), None)
    RedactLinks().filter(record)
    assert token not in record.getMessage() and "/api/p/…/actions" in record.getMessage()
    judge = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, '%s - "%s %s HTTP/%s" %d',
                              ("127.0.0.1:5000", "GET", f"/j/{token}?ok=publish", "1.1", 200), None)
    RedactLinks().filter(judge)
    assert token not in judge.getMessage() and "/j/…?ok=publish" in judge.getMessage()
