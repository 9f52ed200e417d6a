"""A phase's actions are checked as a set, not in the order typed (R27, issue 27).

「同一階段的一切同時發生」: where one action lets another be taken the same phase (神速：當夜你可以額外發動一次【刺殺】;
天義：使用後當夜，你可以…發動一次【刺殺】; 落鴻哀歌's second target), the script is accepted or refused the same
whatever the order of its ``actions``, with the same message; two actions that exclude each other keep the one first
in the canonical order (by actor id, skill, targets). A game created before (``draw_order: "listed"``) keeps the old
check, in the order typed, so that its past replays as it was played.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest

from tianting.core.action_set import check_set
from tianting.core.errors import IllegalAction, ScriptError
from tianting.core.records import Action
from tianting.script import run_script
from tianting.testing import standard_seats

from .test_canonical_order import _sorted_lists, assert_order_free


def script(*actions: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"format": "tianting-script/1", "rules": "kk33", "seed": 7,
            "players": [{"id": s.id, "country": s.country, "identity": s.identity, "character": s.character}
                        for s in standard_seats()],
            "phases": [{"phase": "night", "actions": list(actions)}], **extra}


def act(actor: str, skill: str, *targets: str) -> dict[str, Any]:
    return {"actor": actor, "skill": skill, "targets": list(targets)}


def refusal(value: dict[str, Any]) -> ScriptError:
    with pytest.raises(ScriptError) as info:
        run_script(value)
    return info.value


STABS = (act("魏殺手甲", "刺殺", "吳護衛"), act("魏殺手乙", "刺殺", "蜀護衛"))


def test_an_extra_stab_granted_by_a_skill_listed_after_it_is_accepted_in_every_order():
    """神速 (夏侯淵, 魏殺手乙): 當夜你可以額外發動一次【刺殺】. 魏's two 刺殺 and the grant, in all six orders: one outcome."""
    grant = act("魏殺手乙", "神速")
    played = [_sorted_lists(run_script(script(*order))["phases"])
              for order in itertools.permutations((*STABS, grant))]
    assert all(p == played[0] for p in played)


def test_two_stabs_beyond_the_allowance_are_refused_the_same_in_every_order():
    """R7: one 刺殺 a night for 魏 without a grant. Whichever is typed first, the refused one is 魏殺手甲's (the later
    id in code points: 乙 U+4E59 < 甲 U+7532), with one message."""
    seen = set()
    for order in itertools.permutations(STABS):
        err = refusal(script(*order))
        refused = order[int(err.where.rsplit("[", 1)[1].rstrip("]"))]
        seen.add((refused["actor"], err.message))
    assert seen == {("魏殺手甲", "魏國今夜只能發動1次【刺殺】")}


def test_tianyis_stab_may_be_listed_before_tianyi():
    """天義 (太史慈, 吳護衛): 使用後當夜，你可以不發動【援護】，而是發動一次【刺殺】. Listed before 天義, the 刺殺 is his."""
    before = run_script(script(act("吳護衛", "刺殺", "魏女眷"), act("吳護衛", "天義")))
    after = run_script(script(act("吳護衛", "天義"), act("吳護衛", "刺殺", "魏女眷")))
    assert _sorted_lists(before["phases"]) == _sorted_lists(after["phases"])
    assert not before["phases"][0]["rejected"]


def test_a_game_of_the_listed_draw_order_keeps_the_old_check():
    """A game created before issue 27 (``draw_order: "listed"``) checked in the order typed: it still does."""
    err = refusal(script(act("吳護衛", "刺殺", "魏女眷"), act("吳護衛", "天義"), draw_order="listed"))
    assert err.where == "phases[0].actions[0]" and "沒有技能【刺殺】" in err.message


@pytest.mark.parametrize("seed", [5, 13, 14, 28, 37])
def test_the_scripts_whose_shuffles_were_refused_are_accepted_shuffled(seed: int) -> None:
    """The five KK 3.3 random scripts of the slow property run whose full shuffle the old check refused (三日五百,
    神速 and 落鴻哀歌 listed after what they grant): now the same transcript but for list order."""
    assert_order_free("kk33", seed, 40)


# ---- the checker itself, with a rule of its own ---------------------------------------------------------------
def _rule(action: Action, accepted: list[Action]) -> str:
    """A toy rule: 「甲」 may be taken once, and only beside a 「給」 of the same actor; 「乙」 and 「丙」 exclude each
    other; 「斷」 is a break (what follows is another's: seen only by its own part)."""
    mine = [a.skill for a in accepted if a.actor == action.actor]
    if action.skill == "甲":
        if "給" not in mine:
            raise IllegalAction(f"{action.actor} 沒有【給】", "no-grant")
        if "甲" in mine:
            raise IllegalAction(f"{action.actor} 已經發動過【甲】", "twice")
    if action.skill in ("乙", "丙") and {"乙", "丙"} - {action.skill} & set(mine):
        raise IllegalAction(f"{action.actor}：乙丙只能選一", "one")
    if action.skill == "後" and "斷" in mine:
        raise IllegalAction(f"{action.actor} 已斷", "after")
    return action.skill


def _a(actor: str, skill: str) -> Action:
    return Action(actor, skill, (), {})


def _outcome(actions: tuple[Action, ...]) -> tuple[list[str], list[str]]:
    checked = check_set(actions, _rule)
    keyed = lambda i: json.dumps([actions[i].actor, actions[i].skill], ensure_ascii=False)  # noqa: E731
    return sorted(keyed(i) for i in checked.accepted), sorted(keyed(i) + e.message for i, e in checked.refused.items())


def test_the_set_check_is_the_same_for_every_order_of_the_list():
    actions = (_a("P1", "甲"), _a("P1", "給"), _a("P1", "甲"), _a("P2", "乙"), _a("P2", "丙"), _a("P2", "甲"))
    outcomes = {json.dumps(_outcome(order), ensure_ascii=False) for order in itertools.permutations(actions)}
    assert len(outcomes) == 1
    accepted, refused = json.loads(outcomes.pop())
    assert accepted == ['["P1", "甲"]', '["P1", "給"]', '["P2", "丙"]']  # 丙 before 乙 in code points
    assert refused == ['["P1", "甲"]P1 已經發動過【甲】', '["P2", "乙"]P2：乙丙只能選一', '["P2", "甲"]P2 沒有【給】']


def test_a_break_keeps_its_actors_later_actions_on_their_side():
    """鼎立三分2.0's 自杀 (``breaks``): what the id sends after it is its successor's: not seen by what came before,
    and what came before is not seen by it."""
    before = check_set((_a("P1", "後"), _a("P1", "斷")), _rule, breaks=("斷",))
    assert set(before.accepted) == {0, 1}
    after = check_set((_a("P1", "斷"), _a("P1", "後")), _rule, breaks=("斷",))
    assert set(after.accepted) == {0} and after.refused[1].message == "P1 已斷"


def test_context_is_seen_by_every_check_and_not_checked_again():
    """The server checks a player's list after the others' submissions (R43): they are seen, not judged."""
    checked = check_set((_a("P1", "甲"),), _rule, context=(_a("P1", "給"), _a("P1", "甲")))
    assert checked.first_refusal() is not None and checked.first_refusal()[1].message == "P1 已經發動過【甲】"


# ---- the hosted game: a player's submission is the same set ------------------------------------------------------
def _hosted(draw_order: str | None) -> Any:
    from tianting.hosting import events as ev
    from tianting.hosting.events import Event
    from tianting.hosting.game import HostedGame

    from .hosting.test_hosted_game import T0, Table, created_payload

    table = Table(1)
    extra = {} if draw_order is None else {"draw_order": draw_order}
    table.game = HostedGame.fold([Event(1, ev.CREATED, ev.JUDGE, created_payload(1, **extra), T0)])
    return table.start()


def test_a_hosted_players_stab_listed_before_tianyi_is_accepted():
    """玩家05 plays 太史慈 (天義) in this table: his list [刺殺, 天義] is the same submission as [天義, 刺殺]."""
    t = _hosted("canonical")
    guard = t.game._base.state.players["玩家05"]
    assert guard.character == "太史慈"
    stab, tianyi = {"skill": "刺殺", "targets": ["玩家22"]}, {"skill": "天義", "targets": []}
    assert [a["skill"] for a in t.game.check_actions("玩家05", [stab, tianyi])] == ["刺殺", "天義"]
    assert [a["skill"] for a in t.game.check_actions("玩家05", [tianyi, stab])] == ["天義", "刺殺"]


def test_a_hosted_game_created_before_keeps_the_old_check():
    """A game whose creation names no draw order was created before issue 27: its submissions are checked as listed."""
    from tianting.hosting.game import Refused

    t = _hosted(None)
    with pytest.raises(Refused, match="第1個行動.*沒有技能【刺殺】"):
        t.game.check_actions("玩家05", [{"skill": "刺殺", "targets": ["玩家22"]}, {"skill": "天義", "targets": []}])
