"""The paste page offers the names a homophone typo sounds like (「子議 → 子義？」), each a button that reads the
message again with it; nothing is applied before the judge clicks (issue 32)."""

from __future__ import annotations

import html
import re

from tests.hosting.test_pinyin_suggestions import HOMOPHONES
from tests.server.conftest import started_game
from tests.server.test_forum import seat_of
from tests.server.test_pages import jpage, judge_state, post


def test_a_typo_of_a_character_is_offered_and_one_click_reads_it_again(client):
    game = started_game(client)
    strategist, _ = seat_of(client, game, "魏", "正軍師")
    name, victim = next((p["character"], p["id"]) for p in judge_state(client, game)["players"]
                        if "·" not in (p["character"] or "·") and any(ch in HOMOPHONES for ch in p["character"]))
    typo = "".join(HOMOPHONES.get(ch, ch) for ch in name)
    read = post(client, jpage(game) + "/message", jpage(game) + "/read-message",
                {"player": strategist, "text": f"今晚明察 {typo}"})
    assert read.status_code == 200 and 'id="reading-suggestions"' in read.text
    assert f"{typo} → {name}？" in html.unescape(read.text)
    assert strategist not in judge_state(client, game)["current"]["submissions"]  # offered, not applied
    corrected = html.unescape(re.search(r'name="text" value="([^"]*)">\s*<button type="submit" class="suggest"',
                                        read.text).group(1))
    assert corrected == f"今晚明察 {name}"
    again = post(client, jpage(game) + "/message", jpage(game) + "/read-message",
                 {"player": strategist, "text": corrected})
    assert "【明察】 → " + html.escape(victim) in again.text and 'id="reading-suggestions"' not in again.text
