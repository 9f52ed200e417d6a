"""The rule-set interface (src/tianting/rules/interface.py): sg24 satisfies it; kk33's games do too."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tianting.core.errors import TiantingError
from tianting.rules import RULESETS, load
from tianting.rules.interface import Game, RuleSet
from tianting.rules.sg24 import RULESET, SeatSpec, SG24Game, draw_setup
from tianting.testing import Table


def test_sg24_satisfies_the_interface() -> None:
    assert isinstance(RULESET, RuleSet)
    game = SG24Game.create([SeatSpec(ch, c, i, ch) for c, i, (ch,) in RULESET.seats()], 1)
    assert isinstance(game, Game)
    assert RULESET.skill_names().get("刺殺") == "刺杀" and RULESET.country_names().get("吳") == "吴"


def test_kk33_games_satisfy_the_game_protocol() -> None:
    assert isinstance(Table().game, Game)


def test_every_registered_rule_set_satisfies_the_interface() -> None:
    """Every layer above rules/ reaches a rule set through its RULESET (docs/dev/ruleset-interface.md)."""
    assert set(RULESETS) >= {"kk33", "sg24"}
    for name in RULESETS:
        rules = load(name)
        assert isinstance(rules, RuleSet) and rules.name == name
        assert len(rules.random_seats(random.Random(1))[0]) == rules.players


def test_draw_setup_deals_the_24_seats() -> None:
    """「玩家共24人，其中魏国初始7人，蜀国初始7人，吴国初始7人，在野3人。」, dealt with the seed (recorded)."""
    ids = [f"p{i}" for i in range(24)]
    script = draw_setup(ids, 5)
    assert script == draw_setup(ids, 5)
    assert Counter(p["country"] for p in script["players"]) == {"魏": 7, "蜀": 7, "吴": 7, "在野": 3}
    assert [p["id"] for p in script["players"]] == ids and script["setup_draws"][0]["purpose"] == "分配座位#1"
    with pytest.raises(TiantingError, match="恰好24个"):
        draw_setup(ids[:-1], 5)
