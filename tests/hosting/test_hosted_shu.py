"""Hosted games with the 蜀 軍師: a dead 龐統 votes (涅槃：*被*你死亡後仍可投票。（你以此法的投票不公布））."""

from __future__ import annotations

from tests.hosting.test_hosted_game import DAY_DEADLINE, DEADLINE, Table
from tianting.hosting import events as ev
from tianting.hosting.game import Refused


def pang_tong_table() -> tuple[Table, str]:
    """Seed 1; the 蜀 副軍師 takes 龐統, everyone else the first character free."""
    t = Table(1)
    [pang] = [p["id"] for p in t.game.setup["players"] if p["country"] == "蜀" and p["identity"] == "副軍師"]
    t.add(ev.CHOOSE, pang, {"character": "龐統"})
    for seat in t.game.setup["players"]:  # everyone else: the first character still free
        for character in seat["choices"] if seat["id"] != pang else ():
            try:
                t.add(ev.CHOOSE, seat["id"], {"character": character})
                break
            except Refused:
                continue
    t.add(ev.START, ev.JUDGE, {"deadline": DEADLINE})
    assert t.game.characters[pang] == "龐統"
    return t, pang


def test_dead_pang_tong_votes_in_a_hosted_day_unpublished():
    t, pang = pang_tong_table()
    [killer] = t.who("魏", "殺手")[:1]
    t.stab(killer, pang)
    t.resolve()
    assert pang in t.draft["announcement"]["exited"]
    t.add(ev.PUBLISH, ev.JUDGE, {"deadline": DAY_DEADLINE})
    assert pang in t.game.participants() and pang not in t.game.expected()  # may vote, owes nothing
    [lady] = t.who("魏", "女眷")
    t.add(ev.VOTE, pang, {"target": lady})
    draft = t.resolve()
    assert pang not in draft["announcement"]["votes"] and pang not in draft["announcement"]["text"]
    assert draft["announcement"]["tally"][lady] == 2  # her own vote and his hidden one


def test_other_dead_players_may_not_vote_in_a_hosted_day():
    t, pang = pang_tong_table()
    [killer] = t.who("魏", "殺手")[:1]
    [guard] = t.who("蜀", "護衛")
    t.stab(killer, guard)
    t.resolve()
    t.add(ev.PUBLISH, ev.JUDGE, {"deadline": DAY_DEADLINE})
    assert guard not in t.game.participants()
    try:
        t.add(ev.VOTE, guard, {"target": pang})
    except Refused as exc:
        assert "已出局" in str(exc)
    else:
        raise AssertionError("a dead player without 涅槃 voted")
