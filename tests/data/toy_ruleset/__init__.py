"""A toy fourth rule set, 十二人小局: the 24人 rules (seed 001) with another pack and table, to prove that a rule
set is the shared engine plus data and parameters. Three countries of four (君主, 军师, two 杀手), no 在野; sixteen
characters of the 24人 pack (pack.json: twelve starting ones and four successors).

Registered only by the tests that play it (``tianting.rules.register("toy", "tests.data.toy_ruleset")``):
tests/test_conformance.py holds it to every registered rule set's conformance checks.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from tianting.rules.sg24 import RuleSet as SG24RuleSet
from tianting.rules.sg24.game import SG24Game
from tianting.rules.sg24.pack import Pack, load_pack

NAME = "toy"


@cache
def pack() -> Pack:
    """The toy's pack (a ``tianting-sg24-pack/1`` file beside this module)."""
    return load_pack((Path(__file__).parent / "pack.json").read_text("utf-8"))


class ToyGame(SG24Game):
    """A 24人 game on the toy's pack: every rule is the 24人 rules' own."""

    rules = NAME

    @classmethod
    def bundled_pack(cls) -> Pack:
        return pack()


@dataclass(frozen=True, eq=False)
class RuleSet(SG24RuleSet):
    """The 24人 ``RULESET`` with the toy's name, table size and game."""

    name: str = NAME
    title: str = "三国版杀十二人小局（玩具规则）"
    players: int = 12
    game: type[SG24Game] = ToyGame


RULESET = RuleSet()
