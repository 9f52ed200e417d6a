"""Idempotent writes and stale forms (issue 28, item 3), on SQLite and PostgreSQL.

A write sent again with the same key (the API's ``Idempotency-Key``, a form's hidden ``idem``) is stored once
and answered as the first time; a form from a page older than the state it changes is refused, shows the
current state and offers to apply it anyway (server/idempotency.py, server/stale.py)."""

from __future__ import annotations

import html
import re
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import delete, select

from tests.server.conftest import IDS, started_game
from tests.server.test_pages import jpage, post, ppage, stabbed_and_resolved, started_fixed_game
from tianting.server.db import games, writes
from tianting.server.idempotency import BAD_KEY, REPLAYED


def seq(client: TestClient, game: dict[str, Any]) -> int:
    store = client.app.state.store
    game_id = store.access(game["judge_token"]).game_id
    return len(store.events(game_id))


def hidden(form_html: str) -> dict[str, list[str]]:
    fields: dict[str, list[str]] = {}
    for name, value in re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', form_html):
        fields.setdefault(name, []).append(html.unescape(value))
    return fields


def form_of(page: str, start: str) -> dict[str, list[str]]:
    """The hidden fields of the form whose opening tag contains ``start``."""
    return hidden(page.split(start, 1)[1].split("</form>", 1)[0])


# ---- the API ---------------------------------------------------------------------------------
def test_an_api_write_retried_with_its_key_is_stored_once_and_answered_as_the_first_time(client):
    game = started_game(client)
    url = f"/api/p/{game['players'][IDS[0]]['token']}/actions"
    before = seq(client, game)
    first = client.post(url, json={"actions": []}, headers={"Idempotency-Key": "retry-key-0001"})
    assert first.status_code == 200 and seq(client, game) == before + 1
    again = client.post(url, json={"actions": []}, headers={"Idempotency-Key": "retry-key-0001"})
    assert again.status_code == first.status_code and again.content == first.content
    assert again.headers[REPLAYED] == "true" and seq(client, game) == before + 1
    # another key is another write
    other = client.post(url, json={"actions": []}, headers={"Idempotency-Key": "retry-key-0002"})
    assert other.status_code == 200 and other.json()["seq"] == first.json()["seq"] + 1


def test_a_retry_after_the_server_lost_its_answer_is_not_stored_twice(client):
    """The server committed the write but died before its answer was kept: the retry finds the write's own
    record (written in the same transaction as its events) and is answered with what that write stored."""
    game = started_game(client)
    url = f"/api/p/{game['players'][IDS[1]]['token']}/actions"
    first = client.post(url, json={"actions": []}, headers={"Idempotency-Key": "lost-answer-01"})
    assert first.status_code == 200
    store = client.app.state.store
    with store.engine.begin() as conn:  # what a kill between the commit and the kept answer leaves
        conn.execute(delete(writes).where(writes.c.answer.is_not(None)))
        assert conn.execute(select(writes.c.first_seq)).scalars().all() == [first.json()["seq"]]
    before = seq(client, game)
    again = client.post(url, json={"actions": []}, headers={"Idempotency-Key": "lost-answer-01"})
    assert again.status_code == 200 and again.json() == first.json() and seq(client, game) == before


def test_a_retried_game_creation_makes_one_game_with_the_same_links_and_keeps_no_link_in_the_database(client):
    body = {"title": "重送局", "rules": "kk33", "ids": IDS}
    first = client.post("/api/games", json=body, headers={"Idempotency-Key": "create-once-1"})
    again = client.post("/api/games", json=body, headers={"Idempotency-Key": "create-once-1"})
    assert first.status_code == again.status_code == 201 and again.json() == first.json()
    store = client.app.state.store
    with store.engine.connect() as conn:
        assert conn.execute(select(games.c.id)).scalars().all() == [first.json()["game_id"]]
        kept = " ".join(str(v) for row in conn.execute(select(writes)) for v in row)
    assert first.json()["judge_token"] not in kept and "create-once-1" not in kept


def test_a_malformed_key_is_refused_in_chinese_and_stores_nothing(client):
    game = started_game(client)
    before = seq(client, game)
    response = client.post(f"/api/p/{game['players'][IDS[0]]['token']}/actions", json={"actions": []},
                           headers={"Idempotency-Key": "short"})
    assert response.status_code == 400 and response.json() == {"error": BAD_KEY} and seq(client, game) == before


def test_a_refused_write_is_not_kept_and_its_retry_is_checked_afresh(client):
    game = started_game(client)
    url = f"/api/p/{game['players'][IDS[0]]['token']}/vote"  # no vote by night
    first = client.post(url, json={"target": IDS[1]}, headers={"Idempotency-Key": "refused-key-1"})
    again = client.post(url, json={"target": IDS[1]}, headers={"Idempotency-Key": "refused-key-1"})
    assert 400 <= first.status_code < 500 and again.status_code == first.status_code
    assert REPLAYED not in again.headers


# ---- forms -----------------------------------------------------------------------------------
def test_a_form_posted_twice_from_one_page_is_stored_once(client):
    """A browser resending a form (a reload, a double click, a lost answer) sends the same hidden key."""
    game = started_game(client)
    page = client.get(ppage(game, IDS[2])).text
    fields = form_of(page, 'id="actions-form"')
    assert len(fields["idem"]) == 1 and fields["seen"]
    fields["none"] = ["1"]
    before = seq(client, game)
    first = client.post(ppage(game, IDS[2]) + "/actions", data=fields, follow_redirects=False)
    again = client.post(ppage(game, IDS[2]) + "/actions", data=fields, follow_redirects=False)
    assert first.status_code == again.status_code == 303
    assert again.headers["location"] == first.headers["location"] and seq(client, game) == before + 1


def test_every_rendered_form_has_a_key_of_its_own(client):
    game = started_game(client)
    keys = re.findall(r'name="idem" value="([^"]+)"', client.get(jpage(game)).text)
    keys += re.findall(r'name="idem" value="([^"]+)"', client.get(jpage(game)).text)
    assert len(keys) > 4 and len(set(keys)) == len(keys)


def test_a_night_form_from_an_older_tab_is_refused_shows_the_current_list_and_can_be_applied_anyway(client):
    game = started_game(client)
    pid = IDS[3]
    old_tab = form_of(client.get(ppage(game, pid)).text, 'id="actions-form"')
    new_tab = form_of(client.get(ppage(game, pid)).text, 'id="actions-form"')
    assert post(client, ppage(game, pid), ppage(game, pid) + "/actions",
                {**new_tab, "none": "1"}).status_code == 303  # the newer tab: 本夜不行動
    before = seq(client, game)
    stale = client.post(ppage(game, pid) + "/actions", data={**old_tab, "none": "1"}, follow_redirects=False)
    assert stale.status_code == 409 and seq(client, game) == before
    assert "來自較舊的頁面" in stale.text and "你目前提交的是：不行動" in stale.text
    anyway = form_of(stale.text, 'id="stale-offer"')
    assert anyway["none"] == ["1"] and anyway["idem"] != old_tab["idem"]
    applied = client.post(ppage(game, pid) + "/actions", data=anyway, follow_redirects=False)
    assert applied.status_code == 303 and seq(client, game) == before + 1


def test_a_vote_form_from_before_the_last_vote_change_is_refused_and_changes_nothing(client):
    game = started_fixed_game(client)
    stabbed_and_resolved(client, game, IDS[0])
    assert post(client, jpage(game), jpage(game) + "/publish").status_code == 303
    state = client.get(f"/api/p/{game['players'][IDS[5]]['token']}").json()
    assert state["open"]["kind"] == "day"
    pid, first, second = IDS[5], IDS[6], IDS[7]
    old_tab = form_of(client.get(ppage(game, pid)).text, '/vote"')
    new_tab = form_of(client.get(ppage(game, pid)).text, '/vote"')
    assert client.post(ppage(game, pid) + "/vote", data={**new_tab, "target": first},
                       follow_redirects=False).status_code == 303
    stale = client.post(ppage(game, pid) + "/vote", data={**old_tab, "target": second}, follow_redirects=False)
    assert stale.status_code == 409 and f"你目前投給：{first}" in stale.text
    assert client.get(f"/api/p/{game['players'][pid]['token']}").json()["open"]["vote"] == first
    anyway = form_of(stale.text, 'id="stale-offer"')
    assert anyway["target"] == [second]
    assert client.post(ppage(game, pid) + "/vote", data=anyway, follow_redirects=False).status_code == 303
    assert client.get(f"/api/p/{game['players'][pid]['token']}").json()["open"]["vote"] == second


def test_a_form_resent_after_the_server_lost_its_answer_is_stored_once(client):
    game = started_game(client)
    fields = form_of(client.get(ppage(game, IDS[4])).text, 'id="actions-form"')
    fields["none"] = ["1"]
    first = client.post(ppage(game, IDS[4]) + "/actions", data=fields, follow_redirects=False)
    with client.app.state.store.engine.begin() as conn:  # killed after the commit, before the answer was kept
        conn.execute(delete(writes).where(writes.c.answer.is_not(None)))
    before = seq(client, game)
    again = client.post(ppage(game, IDS[4]) + "/actions", data=fields, follow_redirects=False)
    assert again.status_code == first.status_code == 303 and again.headers["location"] == first.headers["location"]
    assert seq(client, game) == before


def test_the_same_write_sent_twice_at_once_is_stored_once(client):
    """Two tabs of one page, or a double click: both reach the store together, one is applied."""
    from concurrent.futures import ThreadPoolExecutor

    game = started_game(client)
    url = f"/api/p/{game['players'][IDS[8]]['token']}/actions"
    before = seq(client, game)
    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda _: client.post(url, json={"actions": []},
                                                      headers={"Idempotency-Key": "double-click-1"}), range(4)))
    assert {a.status_code for a in answers} == {200} and len({a.content for a in answers}) == 1
    assert seq(client, game) == before + 1


def test_the_judges_message_form_is_refused_when_the_player_submitted_meanwhile(client):
    """The 北斗 reads a player's private message; before confirming it, the player submits on their own page:
    the confirmation would overwrite what the player sent, so it is refused and shows what is there now."""
    game = started_game(client)
    pid = IDS[9]
    message = client.get(jpage(game) + "/message", params={"player": pid}).text
    confirm = form_of(message, 'id="submit-for-form"')
    assert client.post(f"/api/p/{game['players'][pid]['token']}/actions", json={"actions": []}).status_code == 200
    before = seq(client, game)
    stale = client.post(jpage(game) + "/submit-for", data={**confirm, "none": "1"}, follow_redirects=False)
    assert stale.status_code == 409 and seq(client, game) == before
    assert f"{pid}目前提交的是：不行動" in stale.text and 'id="apply-anyway"' in stale.text


def test_a_page_a_post_only_shows_is_not_kept(client):
    """Reading a pasted private message writes nothing: its page is shown again afresh, not kept."""
    game = started_game(client)
    page = client.get(jpage(game) + "/message").text
    fields = form_of(page, '/read-message"')
    fields.update(player=[IDS[0]], text=["本夜不行動"])
    first = client.post(jpage(game) + "/read-message", data=fields)
    again = client.post(jpage(game) + "/read-message", data=fields)
    assert first.status_code == again.status_code == 200 and REPLAYED not in again.headers
    with client.app.state.store.engine.connect() as conn:
        assert conn.execute(select(writes.c.key_hash)).first() is None
