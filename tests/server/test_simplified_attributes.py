"""A Simplified page has no Traditional left in what people read (issue 29, 6): 「Simplified pages leave
``data-confirm``, ``placeholder`` and ``aria-label`` texts in Traditional」, and static/app.js kept its own
12-word dictionary. Now the page converts those attributes with its text, and the script reads its words from the
page (``#script-words``): one conversion (server/chinese_script.py)."""

from __future__ import annotations

import html
import re

import opencc

from tests.server.test_sg24_server import IDS, _seeded
from tianting.server.chinese_script import READ_ATTRIBUTES, SCRIPT_WORDS, to_simplified

T2S = opencc.OpenCC("t2s")
ATTRIBUTE = re.compile(r'\s(' + "|".join(READ_ATTRIBUTES) + r')="([^"]*)"')


def traditional_left(page: str) -> list[str]:
    """The read attributes' values and the script's words that Simplified conversion would still change."""
    left = [f"{name}={value}" for name, value in ATTRIBUTE.findall(page) if T2S.convert(html.unescape(value)) != html.unescape(value)]
    words = re.findall(r'<span data-word="[^"]*">([^<]*)</span>', page)
    return left + [w for w in words if T2S.convert(w) != w]


def test_the_conversion_reaches_the_attributes_people_read_and_not_the_others():
    page = ('<button data-confirm="確定公布？" value="確定" id="確定">確定</button>'
            '<input placeholder="理由" aria-label="遺言的理由" name="理由"><textarea aria-label="說明">說明</textarea>')
    out = to_simplified(page)
    assert 'data-confirm="确定公布？"' in out and 'value="確定"' in out and 'id="確定"' in out
    assert 'aria-label="遗言的理由"' in out and 'name="理由"' in out
    assert 'aria-label="说明">說明</textarea>' in out  # a textarea's text is posted back: kept as stored


def test_24_player_pages_leave_no_traditional_in_attributes_or_script_words(client):
    api = _seeded(client)
    api.judge("start")
    for pid in IDS:
        api.player(pid, "actions", {"actions": []})
    console = client.get(f"/j/{api.judge_token}").text
    assert 'lang="zh-Hans"' in console and 'id="publish"' in console
    assert traditional_left(console) == []
    player = client.get(f"/p/{api.tokens[IDS[0]]}").text
    assert traditional_left(player) == []
    assert len(re.findall(r"<span data-word=", player)) == len(SCRIPT_WORDS)
