"""The judges' links (issue 29, 7): 「the three judges' links are shown once and lost if the page is closed (one game
had to be made again)」. The 南斗's and the 裁判's links are derived from the 北斗's, as the players' are, so the 北斗's
console shows them again; the creation page offers the three as a file to save. The others' consoles show none."""

from __future__ import annotations

import html
import re
from urllib.parse import unquote

from tests.server.conftest import IDS, new_game
from tests.server.test_pages import csrf_of


def test_the_beidou_s_console_shows_the_other_judges_links_again_and_only_it(client):
    game = new_game(client, judges=3)
    links = {seat: game["judges"][seat]["token"] for seat in ("北斗", "南斗", "裁判")}
    beidou = client.get(f"/j/{links['北斗']}").text
    shown = dict(re.findall(r'data-seat="([^"]+)" type="text" readonly value="[^"]*/j/([^"]+)"', beidou))
    assert shown == {"南斗": links["南斗"], "裁判": links["裁判"]}
    for seat in ("南斗", "裁判"):
        page = client.get(f"/j/{links[seat]}").text
        assert 'id="judge-links"' not in page and links["北斗"] not in page
        assert all(links[other] not in page for other in links if other != seat)


def test_the_creation_page_offers_the_links_as_a_file(client):
    home = client.get("/")
    made = client.post("/games", data={"csrf": csrf_of(home.text), "title": "存檔局", "rules": "kk33",
                                       "ids": "\n".join(IDS), "night_minutes": "", "day_minutes": "", "judges": "3"},
                       follow_redirects=False)
    assert made.status_code == 201
    href = re.search(r'id="save-links"[^>]*href="([^"]+)"', made.text) or re.search(
        r'href="([^"]+)"[^>]*id="save-links"', made.text)
    assert href and href.group(1).startswith("data:text/plain;charset=utf-8,")
    saved = unquote(html.unescape(href.group(1)).split(",", 1)[1])
    urls = re.findall(r'class="copy judge-link" data-seat="([^"]+)" type="text" readonly value="([^"]+)"', made.text)
    assert len(urls) == 3 and all(f"{seat}：{url}" in saved for seat, url in urls)
