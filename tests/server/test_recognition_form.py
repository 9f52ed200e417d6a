"""Forms that say what they take (issue 29, 4): the 24人 night form's 指认 offers the characters and 评价 this seat
may name tonight, from the pack's allowances, as choices; a refusal names the field as the page labels it, never
``args.*``. Seed 001: 「指认：……每个角色都有其可以指认的角色或评价及次数」 (the pack's ``recognition``)."""

from __future__ import annotations

import html
import re

from tests.server.test_pages import post
from tests.server.test_sg24_server import IDS, _by_character, _seeded
from tianting.rules import load as load_rules


def test_the_24_player_recognition_offers_what_this_seat_may_name(client):
    api = _seeded(client)
    api.judge("start")
    who = _by_character(api)
    pid = who["典韦"]
    page_url = f"/p/{api.tokens[pid]}"
    page = client.get(page_url).text
    pack = load_rules("sg24").roster()
    allowed = [a for a in pack.get("典韦").recognition if a.from_night <= 1]
    evaluations = [e for a in allowed if a.kind == "evaluation" for e in a.of]
    assert evaluations  # 典韦's pack entry names a 评价 he may 指认
    # one list per argument of 指认, each of the allowances' names as an option
    found = re.search(r'<select id="arg-evaluation-0-\d+" name="arg-evaluation-0"[^>]*data-for="指认".*?</select>',
                      page, re.S)
    assert found, "no 评价 list for 指认"
    options = re.findall(r'<option value="([^"]*)"', found.group(0))
    assert options[1:] == evaluations
    # a choice from the list is taken as it stands
    target = next(p for p in IDS if p != pid)
    sent = post(client, page_url, page_url + "/actions",
                {"skill-0": "指认", "target-0-0": target, "arg-evaluation-0": evaluations[0]})
    assert sent.status_code == 303
    assert api.view(pid)["open"]["actions"] == [{"actor": pid, "skill": "指认", "targets": [target],
                                                  "args": {"evaluation": evaluations[0]}}]
    # a name off the list is refused with the page's words and the list, not ``args.*``
    offered = re.findall(r'data-for="指认"[^>]*>(.*?)</select>', page, re.S)
    off_list = next(c for c in pack.characters if all(f'value="{c}"' not in o for o in offered))
    refused = post(client, page_url, page_url + "/actions",
                   {"skill-0": "指认", "target-0-0": target, "arg-character-0": off_list})
    text = html.unescape(refused.text)
    assert refused.status_code == 422 and "args." not in text and "今夜可以指认的" in text


def test_a_skill_with_no_legal_target_tonight_is_shown_disabled_with_why(client):
    """KK 3.3 暗訪：「指定一個死者ID，獲悉其角色」: on night 1 no one is dead, so it is offered but not choosable, and
    the form says why (issue 29, 4: 「暗訪 is offered before anyone is dead (empty target list, a bare count error)」)."""
    from tests.server.test_pages import IDS as KK_IDS
    from tests.server.test_pages import player_state, ppage, started_fixed_game

    game = started_fixed_game(client)
    deputy = next(p for p in KK_IDS if player_state(client, game, p)["identity"] == "副軍師")
    page = client.get(ppage(game, deputy)).text
    option = re.search(r'<option value="暗訪"[^>]*>[^<]*</option>', page)
    assert option and " disabled" in option.group(0) and "目前沒有可指定的死者" in option.group(0)
