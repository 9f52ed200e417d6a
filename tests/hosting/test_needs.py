"""What needs the judge now (hosting/needs.py; issue 29): one list for the draft of every rule set.

Issue 29: 「uses waiting for a ruling, choices that took a default, edits the last re-resolution could not keep,
last words asked and not in, digits not given … A use the judge has ruled on (any ruling naming it) is marked
ruled, with the ruling, and leaves the list. … the list names a passive only when its trigger may have come up
tonight (its owner was targeted, harmed, named, voted …) as far as the engine can tell.」
"""

from __future__ import annotations

import random

from tests.hosting import random_hosted
from tests.hosting.test_hosted_game import Night1
from tianting.hosting import events as ev
from tianting.hosting.needs import may_trigger, needs, summary
from tianting.hosting.views import judge_view


def kinds(game) -> list[tuple[str, str | None]]:
    return [(n["kind"], n["player"]) for n in needs(game)["items"]]


def test_kk33_the_list_follows_the_night_from_draft_to_publish():
    n = Night1().resolved()
    t = n.t
    # 轉生: 「當你死亡時，選擇一個轉生角色繼續進行遊戲」: drawn by default until the judge answers
    assert kinds(t.game) == [("defaulted", n.shu_lord)]
    t.add(ev.DECIDE, ev.JUDGE, {"actor": n.shu_lord, "skill": "轉生", "answer": "劉禪"})
    assert kinds(t.game) == []
    t.add(ev.ASK_LAST_WORDS, ev.JUDGE)
    dead = sorted(t.draft["announcement"]["died"])
    assert sorted(p for k, p in kinds(t.game) if k == "last_words_missing") == dead
    t.add(ev.LAST_WORDS, dead[0], {"text": "後會有期"})
    assert ("last_words_pending", dead[0]) in kinds(t.game)
    t.add(ev.RULE_LAST_WORDS, ev.JUDGE, {"player": dead[0], "approved": True})
    assert all(p != dead[0] for _, p in kinds(t.game))
    # an edit the ruling's re-draft cannot keep is on the list until the judge rewords that text
    t.add(ev.EDIT, ev.JUDGE, {"target": "announcement", "text": "另擬的公告"})
    t.add(ev.RULE, ev.JUDGE, {"ruling": {"effect": "spare", "target": n.shu_lady, "why": "誤殺"}})
    assert ("lost_edit", None) in kinds(t.game)
    t.add(ev.EDIT, ev.JUDGE, {"target": "announcement", "text": "再擬的公告"})
    assert ("lost_edit", None) not in kinds(t.game)
    # the console shows the same list, with its summary for the question before publishing
    shown = judge_view(t.game)["current"]["needs"]
    assert shown["items"] == needs(t.game)["items"] and shown["summary"] == summary(shown["items"])
    t.add(ev.PUBLISH, ev.JUDGE, {"deadline": None})
    assert needs(t.game) == {"items": [], "ruled": [], "summary": ""}


def _sg24_night(seed: int = 5):
    ids = [f"玩家{i:02d}" for i in range(1, 25)]
    from tianting.rules.sg24.bots import night_actions

    game = random_hosted.created("sg24", ids, seed, "二十四人")
    random_hosted.add(game, ev.START, ev.JUDGE, {})
    bot = random.Random(seed)
    mine: dict[str, list[dict]] = {}
    for action in night_actions(game.base, bot):
        mine.setdefault(action.actor, []).append({k: v for k, v in action.as_json().items() if k != "actor"})
    for pid in game.participants():
        random_hosted.add(game, ev.SUBMIT, pid, {"actions": mine.get(pid, [])})
    random_hosted.add(game, ev.RESOLVE, ev.JUDGE, {"phase": 0})
    return game


def test_sg24_a_use_left_to_the_judge_leaves_the_list_once_a_ruling_names_it():
    game = _sg24_night()
    pending = [u for u in game.current.uses if u["state"] == "pending"]
    listed = [(n["player"], n["skill"]) for n in needs(game)["items"] if n["kind"] == "pending_use"]
    assert listed == [(u["actor"], u["skill"]) for u in pending] and len(listed) >= 2
    first, second = pending[0], pending[1]
    # a ruling naming the use's skill and one of its people (here its target), as the console's forms write it
    random_hosted.add(game, ev.RULE, ev.JUDGE, {"ruling": {"effect": "tell", "target": first["targets"][0],
                                                            "text": "知悉", "why": f"【{first['skill']}】"}})
    # a ruling naming its action (行動失效)
    random_hosted.add(game, ev.RULE, ev.JUDGE, {"ruling": {"effect": "void", "action": second["action"], "why": "越權"}})
    after = needs(game)
    left = [(n["player"], n["skill"]) for n in after["items"] if n["kind"] == "pending_use"]
    assert (first["actor"], first["skill"]) not in left and (second["actor"], second["skill"]) not in left
    ruled = {(r["player"], r["skill"]): r["rulings"] for r in after["ruled"]}
    assert any("私下告知" in w for w in ruled[(first["actor"], first["skill"])])
    # 行動失效 settles the use itself: no longer waiting, so neither listed nor ruled
    [voided] = [u for u in game.current.uses if u["action"] == second["action"]]
    assert voided["state"] == "void" and (second["actor"], second["skill"]) not in ruled


def test_sg24_the_list_names_a_passive_only_when_its_trigger_may_have_come_up():
    game = _sg24_night()
    listed = {n["player"] for n in needs(game)["items"] if n["kind"] == "passive"}
    unbuilt = {n["player"] for n in game.current.notices if n["kind"] == "unbuilt"}
    assert listed < unbuilt  # some, not all: the flood of issue 29 was one line per passive of every seat
    # one line per player, naming each of their passives that may have come up
    assert len([n for n in needs(game)["items"] if n["kind"] == "passive"]) == len(listed)


def test_a_passive_is_named_by_what_its_attribute_answers_to():
    facts = {"targeted": {"甲"}, "acted": {"乙"}, "recognised": {"丙"}, "voted": {"丁"}, "harmed": {"戊"}}
    assert may_trigger("武将保护技能", "甲", facts) and may_trigger("武将保护技能", "戊", facts)
    assert not may_trigger("武将保护技能", "乙", facts)
    assert may_trigger("指认技能", "丙", facts) and not may_trigger("指认技能", "甲", facts)
    assert may_trigger("投票技能", "丁", facts) and not may_trigger("投票技能", "甲", facts)
    assert may_trigger("军师增益技能", "乙", facts)
    assert not may_trigger("全局技能", "甲", facts)  # always in force: the folded section says it
    assert may_trigger(None, "甲", facts) and not may_trigger(None, "乙", facts)  # KK 3.3: no attribute


def test_dingli2_the_list_has_the_draft_of_that_rule_set_too():
    ids = [f"玩家{i:02d}" for i in range(1, 27)]
    from tianting.rules.dingli2.bots import night_actions

    game = random_hosted.created("dingli2", ids, 3, "鼎立")
    random_hosted.add(game, ev.START, ev.JUDGE, {})
    bot = random.Random(3)
    mine: dict[str, list[dict]] = {}
    for action in night_actions(game.base, bot):
        mine.setdefault(action.actor, []).append({k: v for k, v in action.as_json().items() if k != "actor"})
    for pid in game.participants():
        random_hosted.add(game, ev.SUBMIT, pid, {"actions": mine.get(pid, [])})
    random_hosted.add(game, ev.RESOLVE, ev.JUDGE, {"phase": 0})
    items = needs(game)["items"]
    pending = [u for u in game.current.uses if u["state"] == "pending"]
    assert [(n["player"], n["skill"]) for n in items if n["kind"] == "pending_use"] == \
        [(u["actor"], u["skill"]) for u in pending]
    unbuilt = [n for n in game.current.notices if n["kind"] == "unbuilt"]
    assert len([n for n in items if n["kind"] == "passive"]) < len(unbuilt)
    assert judge_view(game)["current"]["needs"]["passives"]
