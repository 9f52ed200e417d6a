"""The uniformly random legal policy: every choice drawn from what the view allows."""

from __future__ import annotations

import random
from typing import Any

from tianting.bots.policy import Offer, register
from tianting.core.records import Action
from tianting.rules.kk33.roster import COUNTRIES, IDENTITIES, OTHERS

ACT_CHANCE = 0.7
TRIES = 6


def target_pool(view: dict[str, Any], dead: bool) -> list[str]:
    return [p["id"] for p in view["players"] if p["out"] == dead]


def random_action(view: dict[str, Any], row: dict[str, Any], rng: random.Random) -> Action | None:
    """A random well-formed use of the skill in ``row`` (its target rule and arguments from the view)."""
    rule = row["targets"]
    pool = [pid for pid in target_pool(view, rule["dead"]) if rule["self"] or pid != view["id"]]
    count = rng.choice([rule["count"], *rule["counts"]])
    if len(pool) < count:
        return None
    args: dict[str, Any] = {}
    for key in row["args"]:
        if key == "country":
            args[key] = rng.choice(COUNTRIES + (OTHERS,))
        elif key == "identity":
            args[key] = rng.choice(IDENTITIES)
        elif key == "choice":
            args[key] = rng.randint(1, 3)
        elif key == "guess":
            args[key] = {"country": rng.choice(COUNTRIES + (OTHERS,)), "identity": rng.choice(IDENTITIES)}
    return Action(view["id"], row["skill"], tuple(rng.sample(pool, count)), args)


class RandomPolicy:
    """Uses each usable skill now and then with random targets, checked as a player's form checks
    them before anything is submitted."""

    name = "random"

    def night(self, view: dict[str, Any], offer: Offer, rng: random.Random) -> None:
        rows = [r for r in view["skills"] if r["built"] and r["kind"] != "passive" and r["uses_left"] != 0]
        rng.shuffle(rows)
        for row in rows:
            if rng.random() >= ACT_CHANCE:
                continue
            for _ in range(TRIES):  # what the form accepts, it submits: never an illegal submission
                action = random_action(view, row, rng)
                if action is not None and offer.check(action) is None:
                    offer.submit(action)
                    break

    def vote(self, view: dict[str, Any], rng: random.Random) -> str | None:
        alive = target_pool(view, dead=False)
        return rng.choice(alive) if alive and rng.random() > 0.1 else None

    def decide(self, view: dict[str, Any], skill: str, options: list[Any], rng: random.Random) -> Any:
        return rng.choice(options) if options else None


register("random", RandomPolicy)
