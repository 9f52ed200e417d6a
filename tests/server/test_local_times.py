"""Every time a page shows is the stored UTC in a named zone (issue 29, 5: 「local times everywhere (the stored UTC,
shown in the reader's time zone, with the offset)」): written by the server in its display zone (UTC+8 by default,
``create_app(time_offset=…)``), rewritten by app.js in the reader's; never a bare ISO string. And the judges' logs
(the 復盤's event log, the three judges' audit trail) read as sentences, not data."""

from __future__ import annotations

import html
import re

from fastapi.testclient import TestClient

from tests.server.conftest import IDS, choose_all
from tests.server.test_pages import (
    fixed_game,
    jpage,
    judge_state,
    lord_of,
    post,
    ppage,
    stabbed_and_resolved,
)
from tianting.core import times
from tianting.server.app import create_app

ISO = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d")
TIME = re.compile(r'<time class="local-time" datetime="([^"]+)">([^<]*)</time>')


def _visible(page: str) -> str:
    """The page's text as read (tags and attributes left out; the script's word list too)."""
    page = page.split('<div hidden id="script-words">')[0]
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def _game_with_times(client: TestClient) -> dict:
    game = fixed_game(client)
    choose_all(client, game)
    assert post(client, jpage(game), jpage(game) + "/start").status_code == 303
    assert post(client, jpage(game), jpage(game) + "/deadline", {"deadline": "2031-05-06T20:00", "tz": "480"}).status_code == 303
    assert post(client, jpage(game), jpage(game) + "/note", {"text": "一則備註"}).status_code == 303
    return game


def _check_times(page: str, zone: str) -> int:
    found = TIME.findall(page)
    for machine, shown in found:
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", machine), machine
        assert shown == times.shown(machine, times.DEFAULT_OFFSET if zone == "UTC+8" else -300), (machine, shown)
        assert shown.endswith(f"（{zone}）")
    assert not ISO.search(_visible(page)), ISO.search(_visible(page))
    return len(found)


def test_every_page_shows_its_times_in_utc_plus_8_with_the_zone_named_and_no_bare_iso(client):
    game = _game_with_times(client)
    console = client.get(jpage(game)).text
    assert _check_times(console, "UTC+8") >= 2  # the deadline and the note
    assert "2031-05-06 20:00（UTC+8）" in console  # the deadline typed in UTC+8 reads as typed
    player = client.get(ppage(game, IDS[0])).text
    assert _check_times(player, "UTC+8") >= 1 and "2031-05-06 20:00（UTC+8）" in player
    public = client.get(f"/g/{judge_state(client, game)['public_id']}").text
    assert _check_times(public, "UTC+8") >= 1
    stabbed_and_resolved(client, game, lord_of(client, game))
    assert post(client, jpage(game), jpage(game) + "/publish").status_code == 303
    replay = client.get(jpage(game) + "/replay").text
    assert _check_times(replay, "UTC+8") >= len(judge_state(client, game)["notes"]) + 5  # every event has its time
    assert "瀏覽器停用腳本時為 UTC+8" in replay


def test_the_servers_zone_is_a_setting(db_url):
    with TestClient(create_app(db_url, scheduler_interval=None, time_offset=-300)) as client:
        game = _game_with_times(client)
        console = client.get(jpage(game)).text
        assert _check_times(console, "UTC-5") >= 2 and "2031-05-06 07:00（UTC-5）" in console
        assert 'name="tz" type="hidden" value="-300"' in console and 'value="2031-05-06T07:00"' in console


def test_zone_names_and_unreadable_values():
    assert [times.zone_name(m) for m in (480, 0, -210, 345)] == ["UTC+8", "UTC", "UTC-3:30", "UTC+5:45"]
    assert times.shown("2026-12-01T13:03:00+00:00") == "2026-12-01 21:03（UTC+8）"
    assert times.shown("2026-12-01T23:30:00+00:00", 60) == "2026-12-02 00:30（UTC+1）"
    assert times.machine("2026-12-01T21:03:00+08:00") == "2026-12-01T13:03:00Z"
    assert times.shown("昨天") == "昨天" and times.machine("昨天") == "" and times.shown(None) == ""


def test_the_replays_event_log_reads_as_sentences(client):
    game = _game_with_times(client)
    stabbed_and_resolved(client, game, lord_of(client, game))
    assert post(client, jpage(game), jpage(game) + "/publish").status_code == 303
    replay = client.get(jpage(game) + "/replay").text
    log = replay[replay.index('id="events"'):]
    cells = [html.unescape(c) for c in re.findall(r'<td class="log-line">([^<]*)</td>', log)]
    assert len(cells) == judge_state(client, game)["seq"]
    assert "天庭 公布了第1夜" in cells and "天庭 結算了第1夜，草稿待審" in cells
    assert "天庭 把第1夜的時限設為 2031-05-06 20:00（UTC+8）" in cells
    assert not any(re.search(r'[{}\[\]"]', c) for c in cells)
    assert "<pre" not in log
