"""The heuristic policy (a sensible beginner): to be written."""

from __future__ import annotations

from tianting.bots.policy import register
from tianting.bots.random_policy import RandomPolicy


class HeuristicPolicy(RandomPolicy):
    name = "heuristic"


register("heuristic", HeuristicPolicy)
