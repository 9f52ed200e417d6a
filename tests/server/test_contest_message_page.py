"""The paste-a-private-message page reads a 拼點 digit (鼎立三分2.0, seed 003) for the 南斗 to confirm.

「两名玩家需各自向法官提交一个0-9的数字。南斗先设定两个数字之和若为奇数，为哪名角色胜利；若为偶数，为哪名角色胜利，
再向玩家收取数字。拼点的结果不会直接告诉玩家。」 「一名角色需要与多名角色拼点时，需要分别提交拼点的数字。」 While the
night's draft awaits digits, the page reads the digit from a contestant's message, shows it, and records it only
when the judge confirms, exactly as the console's contest row (代填（私訊）) records it. A digit out of range, a
player with no 拼點 pending, an ambiguous message: refused in Chinese, nothing recorded. Nothing of the opponent,
the parity or the outcome reaches the player.
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

from fastapi.testclient import TestClient

from tests.server.test_dingli2_hosted import IDS, JUDGE_ONLY_WORDS, Table
from tests.server.test_pages import post
from tianting.core.names import name_key


def contest_table(client: TestClient, *pairs: tuple[str, str]) -> Table:
    """A dingli2 game whose night 1 is resolved (everyone 本夜不行動) and awaits the digits of ``pairs``'
    拼點, each set by the 南斗 with the second id winning on an odd sum."""
    t = Table(client)
    t.rest(set())
    assert t.state()["stage"] == "draft"
    for a, b in pairs:
        ruling = {"effect": "contest", "text": f"{a}、{b}", "owner": b, "why": "結算先後"}
        assert t.post_j("南斗", "rule", {"ruling": ruling}).status_code == 200
    return t


def page(t: Table, seat: str = "南斗") -> str:
    return f"/j/{t.judge[seat]}"


def read(t: Table, player: str, text: str, seat: str = "南斗") -> Any:
    return post(t.client, page(t, seat) + "/message", page(t, seat) + "/read-message", {"player": player, "text": text})


def shown(response: Any) -> str:
    """The page's text in one script (dingli2's pages are Simplified), for finding Traditional words in it."""
    return name_key(html.unescape(response.text))


def events(t: Table) -> list[dict[str, Any]]:
    return list(t.client.get(f"/api/j/{t.judge['北斗']}/export").json()["events"])


def a_b_c() -> tuple[str, str, str]:
    return IDS[0], IDS[1], IDS[2]


def test_a_contest_digit_is_read_shown_and_recorded_as_the_consoles_row_records_it(client: TestClient) -> None:
    """「再向玩家收取数字」: 「拼點出3」 in Traditional is read as 3, shown with the opponent (to the judge), and
    recorded on confirming as the same event the contest row's 代填（私訊） makes."""
    a, b, c = a_b_c()
    t = contest_table(client, (a, b))
    console = client.get(page(t)).text
    assert f'href="/j/{t.judge["南斗"]}/message?player=' in console and 'id="contest-1-message-1"' in console
    before = t.seq()
    response = read(t, a, "南斗你好，拼點出3，謝謝")
    assert response.status_code == 200, response.text
    text = shown(response)
    assert 'id="reading-digits"' in text and name_key(f"第1次拼點（對手{b}）：") in text
    assert 'id="reading-digit-1"' in text and "<strong>3</strong>" in text
    assert 'name="digit" value="3"' in text and f'name="against" value="{b}"' in text
    assert t.seq() == before  # reading records nothing

    confirm = post(client, page(t) + "/message", page(t) + "/digit-for",
                   {"player": a, "against": b, "digit": "3", "text": "南斗你好，拼點出3，謝謝"})
    assert confirm.status_code == 303 and confirm.headers["location"].endswith("?ok=digit-for#contests")
    by_paste = events(t)[-1]
    # the console's row for the other contestant, the same way
    row = post(client, page(t), page(t) + "/digit-for", {"player": b, "against": a, "digit": "4"})
    assert row.status_code == 303
    by_row = events(t)[-1]
    assert by_paste["kind"] == by_row["kind"] == "digit" and by_paste["actor"] == by_row["actor"] == "judge:南斗"
    assert by_paste["payload"] == {"player": a, "digit": 3, "via": "message", "against": b}
    assert set(by_paste["payload"]) == set(by_row["payload"])
    record = t.state()["current"]["draft"]["announcement"]["contests"]
    assert record[0]["digits"] == {a: 3, b: 4} and record[0]["winner"] == b  # 7 is odd: b, as the 南斗 set

    # the player sees their own digit, no opponent, no parity, no outcome
    assert t.view(a)["open"]["contests"] == [{"number": 1, "digit": 3}]
    player_page = client.get(f"/p/{t.token[a]}").text
    section = re.sub(r"<[^>]*>", " ", player_page.split('id="contest"')[1].split("</section>")[0])
    assert b not in section and "奇" not in section and "4" not in section and "胜" not in section
    dumped = json.dumps(t.view(a), ensure_ascii=False)
    # (「contests」 is the open 拼點's key on the player's own view: its number and digit only, as above)
    assert not any(w in dumped for w in JUDGE_ONLY_WORDS if w != "contests") and '"winner"' not in dumped
    assert b not in json.dumps(t.view(a)["open"], ensure_ascii=False)
    # a player's link has no paste page
    assert client.get(f"/p/{t.token[a]}/message").status_code in (404, 405)


def test_simplified_full_width_and_chinese_numerals_are_read(client: TestClient) -> None:
    a, b, _ = a_b_c()
    t = contest_table(client, (a, b))
    for message, digit in (("拼点 3", 3), ("拼點：９", 9), ("我出七", 7), ("拼點零", 0)):
        response = read(t, a, message)
        assert response.status_code == 200, (message, response.text)
        assert f'name="digit" value="{digit}"' in response.text, message


def test_a_digit_out_of_range_is_refused_in_chinese_and_nothing_is_recorded(client: TestClient) -> None:
    """「一个0-9的数字」: 10 and 十 are refused at reading, and a forged confirm of 10 is refused too."""
    a, b, _ = a_b_c()
    t = contest_table(client, (a, b))
    before = t.seq()
    for message, spelled in (("拼點出10", "10"), ("拼点十", "十")):
        response = read(t, a, message)
        assert response.status_code == 422, response.text
        text = shown(response)
        assert name_key(f"拼點數字須為0至9的整數，讀到「{spelled}」") in text and 'id="reading-refused"' in text
        assert 'action="/j/' + t.judge["南斗"] + '/digit-for"' not in response.text  # nothing to confirm
    forged = post(client, page(t) + "/message", page(t) + "/digit-for",
                  {"player": a, "against": b, "digit": "10", "text": "拼點出10"})
    assert forged.status_code == 422 and name_key("數字須為0至9的整數") in shown(forged)
    assert t.seq() == before and t.view(a)["open"]["contests"] == [{"number": 1, "digit": None}]


def test_a_player_with_no_contest_pending_is_refused(client: TestClient) -> None:
    """Only the two named in a 拼點 give digits; another player's 「拼點出3」 records nothing."""
    a, b, c = a_b_c()
    t = contest_table(client, (a, b))
    before = t.seq()
    response = read(t, c, "拼點出3")
    assert response.status_code == 409, response.text
    text = shown(response)
    assert name_key(f"{c}現在沒有需要提交數字的拼點") in text and 'id="reading-refused"' in text
    assert 'name="digit"' not in response.text
    forged = post(client, page(t) + "/message", page(t) + "/digit-for",
                  {"player": c, "against": a, "digit": "3", "text": "拼點出3"})
    assert forged.status_code == 409 and name_key("沒有需要提交數字的拼點") in shown(forged)
    assert t.seq() == before
    # the select marks who has a 拼點
    listing = client.get(page(t) + "/message").text
    assert f'{a}（拼点）' in listing and f'{c}（拼点）' not in listing


def test_an_ambiguous_message_is_refused_and_nothing_is_recorded(client: TestClient) -> None:
    a, b, c = a_b_c()
    t = contest_table(client, (a, b), (a, c))
    before = t.seq()
    for message, words in (("拼點3", "有2次拼點，須分別給出數字"), ("第一次拼點3，5", "第1次拼點讀到多個數字"),
                           ("第三次拼點3", "只有2次拼點")):
        response = read(t, a, message)
        assert response.status_code == 422, (message, response.text)
        assert name_key(words) in shown(response), message
        assert 'name="digit"' not in response.text
    response = read(t, b, "拼點3或5")
    assert response.status_code == 422 and name_key("讀到多個數字：3、5") in shown(response)
    assert t.seq() == before


def confirmation(response: Any) -> dict[str, Any]:
    """The one-button confirmation form of a reading page: its fields as the browser would post them."""
    form = response.text.split('id="contest-digits-for-form"')[1].split("</form>")[0]
    fields: dict[str, Any] = {}
    for name, value in re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', form):
        value = html.unescape(value)
        if name in ("csrf", "idem"):
            continue  # post() takes the page's own csrf; each post is a new one, not a retry (no idempotency key)
        if name in ("against", "digit"):
            fields.setdefault(name, []).append(value)
        else:
            fields[name] = value
    return fields


def confirm(t: Table, fields: dict[str, Any], seat: str = "南斗") -> Any:
    return post(t.client, page(t, seat) + "/message", page(t, seat) + "/digits-for", fields)


def test_a_player_with_two_contests_gives_each_its_digit_confirmed_at_once(client: TestClient) -> None:
    """「一名角色需要与多名角色拼点时，需要分别提交拼点的数字」: 第一次 and 第二次 as the player's page numbers them,
    both recorded by one confirmation: two digit events in one transaction, as the console's rows record them."""
    a, b, c = a_b_c()
    t = contest_table(client, (a, b), (a, c))
    response = read(t, a, "第一次拼點3，第二次拼點５")
    assert response.status_code == 200, response.text
    text = shown(response)
    assert name_key(f"第1次拼點（對手{b}）：") in text and name_key(f"第2次拼點（對手{c}）：") in text
    assert response.text.count('id="contest-digits-for"') == 1 and 'id="contest-digit-for-1"' not in response.text
    assert name_key("確認：第1次拼點記為 3、第2次拼點記為 5") in text
    fields = confirmation(response)
    assert fields["against"] == [b, c] and fields["digit"] == ["3", "5"] and fields["player"] == a
    before = t.seq()
    done = confirm(t, fields)
    assert done.status_code == 303 and done.headers["location"].endswith("?ok=digits-for#contests")
    assert t.seq() == before + 2
    written = events(t)[-2:]
    assert [e["payload"] for e in written] == [{"player": a, "digit": 3, "via": "message", "against": b},
                                               {"player": a, "digit": 5, "via": "message", "against": c}]
    assert {e["actor"] for e in written} == {"judge:南斗"} and len({e["at"] for e in written}) == 1
    assert t.view(a)["open"]["contests"] == [{"number": 1, "digit": 3}, {"number": 2, "digit": 5}]
    record = t.state()["current"]["draft"]["announcement"]["contests"]
    assert [r["digits"][a] for r in record] == [3, 5] and [sorted(r["players"]) for r in record] == [
        sorted([a, b]), sorted([a, c])]
    # the same confirmation again is stale now (the digits it read are recorded): refused, nothing changes
    again = confirm(t, fields)
    assert again.status_code == 409 and name_key("拼點已有變動") in shown(again) and t.seq() == before + 2


def test_a_digit_recorded_meanwhile_refuses_the_whole_confirmation(client: TestClient) -> None:
    """All or none: the 南斗 reads 「第一次拼點3，第二次拼點5」, then the player gives their first digit on their own
    page before the 南斗 confirms. The confirmation is refused in Chinese and records nothing (the player's own
    digit stays); read again, it is offered afresh."""
    a, b, c = a_b_c()
    t = contest_table(client, (a, b), (a, c))
    fields = confirmation(read(t, a, "第一次拼點3，第二次拼點5"))
    assert t.post_p(a, "digit", {"digit": 8, "contest": 1}).status_code == 200
    before = t.seq()
    stale = confirm(t, fields)
    assert stale.status_code == 409, stale.text
    assert name_key(f"讀取這則私訊之後，{a}的拼點已有變動") in shown(stale) and name_key("沒有記錄任何數字") in shown(stale)
    assert t.seq() == before and t.view(a)["open"]["contests"] == [{"number": 1, "digit": 8}, {"number": 2, "digit": None}]
    assert 'id="contest-digits-for"' in stale.text  # the page is read again as things are now
    fresh = confirm(t, confirmation(stale))
    assert fresh.status_code == 303 and t.seq() == before + 2
    assert t.view(a)["open"]["contests"] == [{"number": 1, "digit": 3}, {"number": 2, "digit": 5}]


def test_a_contest_set_meanwhile_refuses_the_confirmation(client: TestClient) -> None:
    """A page read before the 南斗 set another 拼點 for the player numbers them otherwise: refused, nothing recorded."""
    a, b, c = a_b_c()
    d = IDS[3]
    t = contest_table(client, (a, b), (a, c))
    fields = confirmation(read(t, a, "拼點3、5"))
    ruling = {"effect": "contest", "text": f"{d}、{a}", "owner": a, "why": "結算先後"}
    assert t.post_j("南斗", "rule", {"ruling": ruling}).status_code == 200
    before = t.seq()
    stale = confirm(t, fields)
    assert stale.status_code == 409 and name_key("拼點已有變動") in shown(stale) and t.seq() == before
    assert [x["digit"] for x in t.view(a)["open"]["contests"]] == [None, None, None]


def test_one_refused_digit_records_none_of_the_others(client: TestClient) -> None:
    """Atomic on the database: a forged confirmation whose second digit the game refuses (no 拼點 against that id)
    stores neither; the first, applied in the same transaction, is undone (the next read shows no digit)."""
    a, b, c = a_b_c()
    t = contest_table(client, (a, b), (a, c))
    fields = confirmation(read(t, a, "第一次拼點3，第二次拼點5"))
    before = t.seq()
    forged = confirm(t, {**fields, "against": [b, IDS[5]]})
    assert forged.status_code == 422, forged.text
    assert name_key("請指明第幾次拼點") in shown(forged) and t.seq() == before
    assert t.view(a)["open"]["contests"] == [{"number": 1, "digit": None}, {"number": 2, "digit": None}]
    for bad, words in (({"against": [b, b], "digit": ["3", "5"]}, "同一場拼點只能記錄一個數字"),
                       ({"against": [b, c], "digit": ["3"]}, "確認的拼點數字不完整"),
                       ({"against": [b, c], "digit": ["3", "10"]}, "數字須為0至9的整數")):
        response = confirm(t, {**fields, **bad})
        assert response.status_code == 422 and name_key(words) in shown(response), bad
    assert t.seq() == before
    assert confirm(t, fields).status_code == 303 and t.seq() == before + 2  # the true page still confirms


def test_only_the_nandou_confirms_a_messages_digits(client: TestClient) -> None:
    a, b, c = a_b_c()
    t = contest_table(client, (a, b), (a, c))
    fields = confirmation(read(t, a, "拼點3、5"))
    before = t.seq()
    forged = confirm(t, fields, seat="北斗")
    assert forged.status_code == 403 and name_key("代玩家登記數字屬於南斗") in shown(forged) and t.seq() == before


def test_a_named_id_decides_nothing_and_is_noted_for_the_judge(client: TestClient) -> None:
    """RJ5 (「拼点的结果不会直接告诉玩家」; the player's page does not name his opponent, RJ3): with one 拼點 the digit
    is taken whoever the player names, his opponent or not, and the judge alone is told which it was; the
    confirmation records it the same way."""
    a, b, _ = a_b_c()
    stranger = IDS[7]
    t = contest_table(client, (a, b))
    right, wrong = read(t, a, f"跟{b}拼點出3"), read(t, a, f"跟{stranger}拼點出3")
    assert right.status_code == wrong.status_code == 200, (right.text, wrong.text)
    fields = {key: value for key, value in confirmation(right).items() if key != "text"}
    assert fields == {key: value for key, value in confirmation(wrong).items() if key != "text"}
    assert fields["against"] == [b] and fields["digit"] == ["3"]
    assert name_key(f"「{b}」：第1次拼點的對手") in shown(right)
    assert name_key(f"「{stranger}」：不是這名玩家的拼點對手") in shown(wrong)
    assert confirm(t, confirmation(wrong)).status_code == 303
    assert t.view(a)["open"]["contests"] == [{"number": 1, "digit": 3}]


def test_several_contests_told_apart_by_ids_are_refused_alike_naming_no_opponent(client: TestClient) -> None:
    """RJ5: with two 拼點 pending, digits told apart only by ids are refused whether the ids are right or not (taking
    the right ones would tell the player who his opponents are), naming neither opponent; nothing recorded."""
    a, b, c = a_b_c()
    stranger = IDS[7]
    t = contest_table(client, (a, b), (a, c))
    before = t.seq()
    for text in (f"跟{c}拼點出5。对{b}出3", f"跟{stranger}拼點出3，跟{b}出5"):
        response = read(t, a, text)
        assert response.status_code == 422, response.text
        problems = response.text.split('id="reading-problems"')[1].split("</ul>")[0]
        assert b not in problems and c not in problems and stranger not in problems
        assert name_key("不能依名字記錄") in name_key(problems) and name_key("請勿說出對手是誰") in name_key(problems)
        assert 'id="contest-digits-for"' not in response.text
    assert t.seq() == before
    by_ordinal = confirmation(read(t, a, f"第一次跟{c}拼點出3，第二次出5"))  # the page's numbers decide
    assert by_ordinal["against"] == [b, c] and by_ordinal["digit"] == ["3", "5"]


def test_only_the_nandou_records_and_the_beidou_sees_the_reading_without_a_form(client: TestClient) -> None:
    """「南斗……再向玩家收取数字」: the 北斗 may read the message; recording it is the 南斗's (403, nothing changed)."""
    a, b, _ = a_b_c()
    t = contest_table(client, (a, b))
    before = t.seq()
    response = read(t, a, "拼點出3", seat="北斗")
    assert response.status_code == 200 and 'id="not-yours"' in response.text
    assert 'name="digit"' not in response.text
    forged = post(client, page(t, "北斗") + "/message", page(t, "北斗") + "/digit-for",
                  {"player": a, "against": b, "digit": "3", "text": "拼點出3"})
    assert forged.status_code == 403 and name_key("代玩家登記數字屬於南斗") in shown(forged)
    assert 'id="reading-digits"' in forged.text  # the refusal shows the reading again
    assert t.seq() == before


def test_the_paste_page_of_a_draft_without_contests_says_so(client: TestClient) -> None:
    t = Table(client)
    t.rest(set())
    response = client.get(page(t, "北斗") + "/message")
    assert response.status_code == 200 and 'id="not-open"' in response.text and 'id="message-text"' not in response.text


def test_a_contest_digit_pasted_while_the_night_is_open_is_not_taken(client: TestClient) -> None:
    """「南斗先设定……再向玩家收取数字」: before the draft no 拼點 awaits a digit; the night's reading says so and
    nothing is recorded."""
    t = Table(client)
    a = IDS[0]
    before = t.seq()
    response = read(t, a, "拼點出3", seat="北斗")
    assert response.status_code == 200, response.text
    assert name_key("現在沒有等待數字的拼點") in shown(response) and 'id="reading-problems"' in response.text
    assert t.seq() == before and "contests" not in t.view(a).get("open", {})


def test_a_rule_set_without_contests_keeps_the_plain_paste_page_on_a_draft(client: TestClient) -> None:
    """KK 3.3 has no 拼點: its night draft's paste page says only that nothing can be submitted now."""
    from tests.server.conftest import started_game

    game = started_game(client)
    assert client.post(f"/api/j/{game['judge_token']}/resolve", json={}).status_code == 200
    response = client.get(f"/j/{game['judge_token']}/message")
    assert response.status_code == 200 and "現在不是提交行動或投票的時候" in response.text
    assert "拼點" not in response.text


def test_the_api_confirms_a_messages_digits_at_once_or_not_at_all(client: TestClient) -> None:
    """The JSON API's ``digits-for``: the same events in one transaction; a refused one stores none; a stale
    ``seen`` refuses all."""
    a, b, c = a_b_c()
    t = contest_table(client, (a, b), (a, c))
    before = t.seq()
    bad = t.post_j("南斗", "digits-for", {"player": a, "digits": [{"against": b, "digit": 3}, {"against": c, "digit": 12}]})
    assert bad.status_code == 422 and "0至9" in bad.json()["error"] and t.seq() == before
    stale = t.post_j("南斗", "digits-for", {"player": a, "seen": "0" * 32, "digits": [{"against": b, "digit": 3}]})
    assert stale.status_code == 409 and "拼點已有變動" in stale.json()["error"] and t.seq() == before
    done = t.post_j("南斗", "digits-for", {"player": a, "digits": [{"against": c, "digit": 5}, {"against": b, "digit": 3}]})
    assert done.status_code == 200 and done.json()["events"] == ["digit", "digit"] and t.seq() == before + 2
    assert t.view(a)["open"]["contests"] == [{"number": 1, "digit": 3}, {"number": 2, "digit": 5}]


def test_a_confirmation_racing_a_players_digit_from_another_process_is_all_or_none(client: TestClient,
                                                                                 db_url: str) -> None:
    """Two stores on one database (two server processes' caches and locks): the 南斗's one-button confirmation
    (both digits, guarded by the page's fingerprint) races the player's own first digit. Whichever commits first,
    the confirmation is whole or refused whole: never one of its digits without the other; no sequence gap."""
    from tests.server.test_concurrency import assert_gapless, at_once
    from tianting.hosting.views import contests_seen
    from tianting.server.commands import contests_unchanged
    from tianting.server.store import Store

    a, b, c = a_b_c()
    t = contest_table(client, (a, b), (a, c))
    store: Store = client.app.state.store
    access = store.access(t.judge["南斗"])
    assert access is not None
    game_id = access.game_id
    with store.game(game_id) as game:
        seen = contests_seen(game, a)
    items = [("digit", {"player": a, "digit": 3, "via": "message", "against": b}),
             ("digit", {"player": a, "digit": 5, "via": "message", "against": c})]
    other = Store(db_url)
    try:
        results = at_once([lambda: store.append_all(game_id, "judge:南斗", items, contests_unchanged(a, seen)),
                           lambda: other.append(game_id, "digit", a, {"digit": 8, "contest": 1})])
    finally:
        other.close()
    confirmed, mine = results
    assert isinstance(mine, list), mine  # the player's own digit is always taken
    if isinstance(confirmed, list):  # the confirmation first; the player's digit after it stands
        assert [e.kind for e in confirmed] == ["digit", "digit"] and confirmed[1].seq == confirmed[0].seq + 1
        expected = [{"number": 1, "digit": 8}, {"number": 2, "digit": 5}]
    else:  # the player first: the page the 南斗 confirmed is stale, nothing of it recorded
        assert isinstance(confirmed, Exception) and "拼點已有變動" in str(confirmed), confirmed
        expected = [{"number": 1, "digit": 8}, {"number": 2, "digit": None}]
    assert t.view(a)["open"]["contests"] == expected
    assert_gapless(store, game_id)
