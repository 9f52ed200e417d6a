"""飛沙走石 in a hosted game: each of its choices says which listed action's target it is about, for
the judge (the draft's decision help) and for 張角 when the judge asks him (his page)."""

from __future__ import annotations

from tests.hosting.test_hosted_game import Table
from tianting.hosting import events as ev
from tianting.hosting.views import judge_view


def zhangjiao_table() -> Table:
    """The first seed whose 群雄 seat is the 黃巾頭領 (張角), started."""
    for seed in range(1, 60):
        t = Table(seed)
        if t.who("群", "黃巾頭領"):
            return t.start()
    raise AssertionError("no seed seats 張角")


def test_feisha_choices_carry_their_context_to_the_judge_and_to_zhangjiao():
    t = zhangjiao_table()
    [zhang] = t.who("群", "黃巾頭領")
    killer = t.who("魏", "殺手")[0]
    target = t.who("吳", "護衛")[0]
    t.add(ev.SUBMIT, zhang, {"actions": [{"skill": "飛沙走石", "targets": []}]})
    t.stab(killer, target)
    draft = t.resolve()
    [decision] = [d for d in draft["decisions"] if d["skill"] == "飛沙走石"]
    assert decision["context"] == f"{killer} 的【刺殺】第1個目標：{target}"
    [help_] = [h for h in judge_view(t.game)["current"]["decision_help"] if h["skill"] == "飛沙走石"]
    assert decision["context"] in help_["context"]
    t.add(ev.ASK_DECISION, ev.JUDGE, {"actor": zhang, "skill": "飛沙走石"})
    [asked] = t.game.player_view(zhang)["decisions"]
    assert asked["context"] == decision["context"] and asked["options"][0] == "不修改"
