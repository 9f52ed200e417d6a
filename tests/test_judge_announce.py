"""The ruling effect ``announce`` (issue 27, item 3): the judge's line in the phase's public post, every rule set.

The 24人 rules: 「公告的内容应至少包括：当夜死伤情况、当夜遗言、当夜需要公告的技能（如全局技能）、当夜需要公告的联盟情况
等」 — what else a post says is the judge's; ``tell`` is private, so without ``announce`` the judge had no way to put a
line in the post. ``{"effect": "announce", "text": …}`` names no one; the line ends the announcement's ``text`` (「天庭
公告：…」) and is kept in its public ``judge`` field, in the draft, the player's page, the export, and verified."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tianting.core.errors import ScriptError
from tianting.rules.dingli2.setup import random_seats as dingli_seats
from tianting.rules.sg24 import seats as sg24_seats
from tianting.script import play_script, run_script

LINE = "北斗裁定：今夜【威震逍遥津】发动，所有人的刺杀改为次夜结算"


def _script(rules: str) -> dict[str, Any]:
    if rules == "kk33":
        import random

        from tianting.randomplay import random_seats
        table = random_seats(random.Random(1))
        players = [{"id": s.id, "country": s.country, "identity": s.identity, "character": s.character}
                   for s in table]
    elif rules == "sg24":
        players = [{"id": ch, "country": c, "identity": i, "character": ch} for c, i, ch in sg24_seats()]
    else:
        from tianting.core.rng import GameRandom

        players = [{"id": s.id, "country": s.country, "identity": s.identity, "character": s.character}
                   for s in dingli_seats(GameRandom(3), 26)]
    return {"format": "tianting-script/1", "rules": rules, "seed": 1, "players": players, "phases": []}


@pytest.mark.parametrize("rules", ["kk33", "sg24", "dingli2"])
@pytest.mark.parametrize("kind", ["night", "day"])
def test_an_announce_ruling_puts_the_judges_line_in_the_public_post(rules: str, kind: str) -> None:
    script = _script(rules)
    ruling = {"effect": "announce", "text": LINE, "why": "全局技能"}
    script["phases"] = [{"phase": "night", "rulings": [ruling] if kind == "night" else []}]
    if kind == "day":
        script["phases"].append({"phase": "day", "rulings": [ruling]})
    plain = copy.deepcopy(script)
    plain["phases"][-1]["rulings"] = []
    game, done = play_script(script)
    phase, without = done["phases"][-1], run_script(plain)["phases"][-1]
    assert phase["announcement"]["judge"] == [LINE]
    assert phase["announcement"]["text"] == without["announcement"]["text"] + f"\n天庭公告：{LINE}"
    assert phase["rulings"] == [ruling]
    # everything else as without it; every player reads the line
    assert {k: v for k, v in phase["announcement"].items() if k not in ("judge", "text")} == \
        {k: v for k, v in without["announcement"].items() if k != "text"}
    pid = next(iter(game.state.players))
    view = load_view(rules, game, pid)
    assert view["announcements"][-1]["judge"] == [LINE]


def load_view(rules: str, game: Any, pid: str) -> Any:
    from tianting.rules import load

    return load(rules).player_view(game, pid)


@pytest.mark.parametrize("rules", ["kk33", "sg24", "dingli2"])
def test_an_announce_names_no_one_and_needs_its_text(rules: str) -> None:
    script = _script(rules)
    pid = script["players"][0]["id"]
    for bad, said in (({"effect": "announce", "text": LINE, "target": pid}, "不指明 target"),
                      ({"effect": "announce"}, "text"), ({"effect": "announce", "text": "  "}, "text")):
        script["phases"] = [{"phase": "night", "rulings": [bad]}]
        with pytest.raises(ScriptError, match=said) as refused:
            run_script(script)
        assert refused.value.where == "phases[0].rulings[0]"


def test_a_hosted_judge_announces_and_the_export_verifies() -> None:
    """The console's ruling (the ``rule`` event) goes into the draft, the published post every player reads, and the
    export, which verifies."""
    from tests.hosting.test_hosted_game import Table
    from tianting.hosting import events as ev
    from tianting.hosting.verify import verify_export

    t = Table(1).start()
    t.resolve()
    t.add(ev.RULE, ev.JUDGE, {"ruling": {"effect": "announce", "text": LINE}})
    assert t.draft["announcement"]["judge"] == [LINE]
    assert t.draft["announcement"]["text"].endswith(f"天庭公告：{LINE}")
    t.add(ev.PUBLISH, ev.JUDGE, {"deadline": None})
    some = t.game.ids[0]
    assert t.game.player_view(some)["announcements"][0]["judge"] == [LINE]
    t.add(ev.PEACE, ev.JUDGE, {"judge": True})
    verdict = verify_export(t.game.export())
    assert verdict.ok, verdict.render()
