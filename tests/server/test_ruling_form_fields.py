"""The ruling form shows only its fields (issue 29, 7: 「the ruling form shows both target fields whatever the
effect」): each field's fieldset names the effects that take it, from the rule set's table (views.ruling_fields);
the server reads only the chosen effect's fields, so the page works without script; a voided vote takes its
public reason (R-JUI1)."""

from __future__ import annotations

import html
import re

from tests.server.conftest import IDS
from tests.server.test_pages import (
    jpage,
    judge_state,
    lord_of,
    post,
    stabbed_and_resolved,
    started_fixed_game,
)
from tianting.hosting.views import ruling_fields
from tianting.rules import load as load_rules


def _form(console: str) -> str:
    form = console[console.index('id="ruling-form"'):]
    return form[:form.index("</form>")]


def _fieldsets(form: str) -> dict[str, set[str]]:
    return {field: set(effects.split()) for field, effects in
            re.findall(r'<fieldset class="ruling-field" data-field="(\w+)" data-effects="([^"]*)">', form)}


def test_each_field_names_exactly_the_effects_that_take_it(client):
    game = started_fixed_game(client)
    stabbed_and_resolved(client, game, lord_of(client, game))
    form = _form(client.get(jpage(game)).text)
    offered = dict(re.findall(r'<option value="([\w-]+)" data-fields="([^"]*)">', form))
    rules = load_rules("kk33")
    assert offered == {e: " ".join(ruling_fields(rules, e)) for e in offered}
    fieldsets = _fieldsets(form)
    for field, effects in fieldsets.items():
        assert effects == {e for e, fields in offered.items() if field in fields.split()}, field
    # a night: 行動失效 takes the action alone, 私下告知 a target and words, 公告 words alone, 致死 a target alone
    assert offered["void"] == "action" and offered["tell"] == "target text"
    assert offered["announce"] == "text" and offered["kill"] == "target"
    assert "void-vote" not in offered and "owner" not in fieldsets  # no 投票無效 by night; no 抵禦 in KK 3.3


def test_by_day_a_voided_vote_takes_its_voter_and_public_reason_through_the_form(client):
    game = started_fixed_game(client)
    stabbed_and_resolved(client, game, lord_of(client, game))
    assert post(client, jpage(game), jpage(game) + "/publish").status_code == 303
    voters = judge_state(client, game)["current"]["participants"]
    for pid in voters:
        from tests.server.test_pages import ppage

        post(client, ppage(game, pid), ppage(game, pid) + "/vote", {"target": voters[0] if pid != voters[0] else voters[1]})
    if judge_state(client, game)["stage"] == "open":
        assert post(client, jpage(game), jpage(game) + "/resolve").status_code == 303
    form = _form(client.get(jpage(game)).text)
    assert 'value="void-vote" data-fields="target text"' in form
    assert "void-vote" in _fieldsets(form)["text"] and "void-vote" in _fieldsets(form)["target"]
    voter = voters[2]
    # what the form sends without script: every field; only the chosen effect's are read
    ruled = post(client, jpage(game), jpage(game) + "/rule", {"effect": "void-vote", "target": voter, "action": "0",
                                                              "text": "代投", "why": "私下查證", "owner": IDS[0]})
    assert ruled.status_code == 303
    assert judge_state(client, game)["current"]["rulings"] == [
        {"effect": "void", "voter": voter, "text": "代投", "why": "私下查證"}]
    text = judge_state(client, game)["current"]["draft"]["announcement"]["text"]
    assert "（天庭裁定此票無效：代投）" in text and "私下查證" not in text
    assert "（公開理由：代投）" in html.unescape(client.get(jpage(game)).text)


def test_the_judges_line_in_the_post_goes_through_the_form_without_a_target(client):
    """R51's 公告 names nobody: the form's target (if the reader picked one anyway) is not read."""
    game = started_fixed_game(client)
    stabbed_and_resolved(client, game, lord_of(client, game))
    ruled = post(client, jpage(game), jpage(game) + "/rule", {"effect": "announce", "target": IDS[3], "text": "請注意發言禮貌"})
    assert ruled.status_code == 303, ruled.text
    assert judge_state(client, game)["current"]["rulings"] == [{"effect": "announce", "text": "請注意發言禮貌"}]
