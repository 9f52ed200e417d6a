"""The page fixes of issue 11, one test each: the last-words page, times in the reader's own time,
rule-text markers as labels, the public page (who is out, newest first), the last BBCode post."""

from __future__ import annotations

import html
import re

from tests.server.conftest import IDS, started_game
from tests.server.test_pages import (
    jpage,
    judge_state,
    player_state,
    post,
    ppage,
    stab_everyone_at,
    stabbed_and_resolved,
    started_fixed_game,
)
from tianting.core import times


def test_the_last_words_page_says_the_player_is_out_and_shows_that_nights_own_feedback(client):
    game = started_fixed_game(client, seed=2)
    victim = next(p for p in IDS if player_state(client, game, p)["identity"] == "正軍師")
    seen = next(p for p in IDS if p != victim)
    assert post(client, ppage(game, victim), ppage(game, victim) + "/actions",
                {"skill-0": "明察", "target-0-0": seen}).status_code == 303
    stab_everyone_at(client, game, victim)
    post(client, jpage(game), jpage(game) + "/resolve")
    post(client, jpage(game), jpage(game) + "/ask-last-words")
    draft = judge_state(client, game)["current"]["draft"]
    assert victim in draft["announcement"]["exited"]
    mine = draft["feedback"].get(victim, [])
    assert mine, "明察 tells its user what they learned, dead or not"
    view = player_state(client, game, victim)
    assert view["status"] == "out"
    assert [f["text"] for f in view["last_words"]["feedback"]] == [f["text"] for f in mine]
    page = client.get(ppage(game, victim)).text
    status = re.search(r'<dd id="status">(.*?)</dd>', page).group(1)
    assert "出局" in status and "存活" not in status
    tonight = re.search(r'<div id="tonight-feedback">(.*?)</div>', page, re.S).group(1)
    for item in mine:
        assert html.escape(item["text"]) in tonight
    # somebody alive sees no such thing
    other = player_state(client, game, seen)
    assert "last_words" not in other and other["status"] != "out"


def test_times_in_the_audit_log_and_the_notes_are_shown_in_the_readers_time(client):
    game = started_game(client)
    post(client, jpage(game), jpage(game) + "/note", {"text": "一則備註"})
    post(client, jpage(game), jpage(game) + "/resolve")
    draft = judge_state(client, game)["current"]["draft"]
    post(client, jpage(game), jpage(game) + "/edit", {"target": "announcement", "text": draft["announcement"]["text"] + "。"})
    page = client.get(jpage(game)).text
    state = judge_state(client, game)
    note_at = state["notes"][0]["at"]
    edit_at = state["current"]["edits"][0]["at"]
    for at in (note_at, edit_at):
        assert re.search(rf'<time class="local-time[^"]*" datetime="{re.escape(times.machine(at))}">', page), at
    assert not re.search(rf">\s*{re.escape(edit_at)}\s*</td>", page)  # no bare UTC cell


def test_rule_text_markers_are_labels_not_asterisks(client):
    game = started_game(client)
    marked = None
    for pid in IDS:
        view = player_state(client, game, pid)
        if any(s["text"].startswith("*被*") for s in view["skills"]):
            marked = pid
            break
    assert marked, "some character at the table has a passive skill"
    page = client.get(ppage(game, marked)).text
    assert "*被*" not in page and "*全*" not in page and "*隱藏技*" not in page
    assert '<span class="badge rule-mark">被動技</span>' in page


def test_the_rule_text_filter_labels_every_marker_and_escapes_the_rest():
    from tianting.server.pages import _rule_text

    out = str(_rule_text("*被*若<b>你</b>*隱藏技**覺醒技*：*全*所有人"))
    assert out.count('class="badge rule-mark"') == 4
    for label in ("被動技", "隱藏技", "覺醒技", "全局技"):
        assert f">{label}</span>" in out
    assert "&lt;b&gt;你&lt;/b&gt;" in out and "*" not in out


def test_the_public_page_marks_who_is_out_and_lists_the_newest_announcement_first(client):
    game = started_fixed_game(client, seed=2)
    victim = IDS[0]
    stabbed_and_resolved(client, game, victim)
    post(client, jpage(game), jpage(game) + "/publish")
    post(client, jpage(game), jpage(game) + "/resolve")
    post(client, jpage(game), jpage(game) + "/publish")
    page = client.get(f"/g/{game['public_id']}").text
    ids = re.search(r'<ul class="ids" id="ids">(.*?)</ul>', page, re.S).group(1)
    assert re.search(rf'<li class="out">{re.escape(html.escape(victim))}<span class="badge status-out">出局</span></li>', ids)
    assert f'<li class="">{html.escape(IDS[1])}</li>' in ids
    posts = re.findall(r'id="announcement-(\d+)"', page)
    assert posts == ["1", "0"]  # 第2日 above 第1夜


def test_the_last_bbcode_post_of_a_finished_game_has_the_identity_table(client):
    from tianting.hosting import bbcode

    game = started_game(client)
    # a game ends: play night 1 out, then the judge rules peace
    client.post(f"/api/j/{game['judge_token']}/resolve", json={})
    client.post(f"/api/j/{game['judge_token']}/publish", json={"confirm": True})
    assert client.post(f"/api/j/{game['judge_token']}/peace", json={"judge": True}).status_code == 200
    export = client.get(f"/api/j/{game['judge_token']}/export").json()
    page = client.get(jpage(game)).text
    latest = html.unescape(re.search(r'id="latest-bbcode"[^>]*>(.*?)</textarea>', page, re.S).group(1))
    assert "[table]" in latest and "身份" in latest
    for p in export["players"]:
        assert f"[td]{bbcode.escape(p['id'])}[/td][td]{p['country']}[/td][td]{p['identity']}[/td][td]{p['character']}[/td]" in latest
    thread = client.get(jpage(game) + "/bbcode.txt").text
    assert "[/table]" in thread.split("【遊戲結束】")[-1]


def test_every_template_shows_rule_texts_through_the_label_filter():
    """Skill texts (a seat's skills, a choice's options, a draft's notices) never show raw markers."""
    from pathlib import Path

    import tianting.server.pages as pages

    for template in Path(pages.HERE, "templates").glob("*.html"):
        source = template.read_text(encoding="utf-8")
        for raw in re.findall(r"\{\{\s*(?:s|sk|o|c)\.text\s*\}\}|\{\{\s*n\.rule\s*\}\}", source):
            raise AssertionError(f"{template.name}: {raw} without |rule_text")
