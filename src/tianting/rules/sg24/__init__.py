"""三国版杀 24人规则 (seed file 001_a450bbe2dee8877c.txt): the engine, behind the rule-set interface
(:mod:`tianting.rules.interface`).

Not yet registered in :data:`tianting.rules.RULESETS`: the layers above ``rules/`` still assume
KK 3.3 (see docs/dev/ruleset-interface.md, the migration plan).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tianting.core.effects import RULING_EFFECTS
from tianting.core.errors import TiantingError
from tianting.core.names import NameTable, name_key
from tianting.core.records import Ruling
from tianting.core.rng import GameRandom
from tianting.rules.sg24.game import GENERAL_ACTIONS, SeatSpec, SetupError, SG24Game
from tianting.rules.sg24.pack import COUNTRIES, IDENTITIES, UNALIGNED, Pack, default_pack, load_pack
from tianting.rules.sg24.victory import MARKERS
from tianting.rules.sg24.views import JUDGE_ONLY, player_view

DECISIONS = ("继任", "入国", "投奔")
"""The choices a script's ``decisions`` may answer: a successor, an 在野's answer to 招揽, a 主军师's to 投奔."""
DRAW_SEATS = "分配座位"


def seats() -> list[tuple[str, str, str]]:
    """The 24 seats: (country, identity, starting character), in the seed's order."""
    pack = default_pack()
    return [(c.country, c.identity, c.name) for country in COUNTRIES + (UNALIGNED,) for c in pack.starting(country)]


def roster() -> Pack:
    return default_pack()


def draw_setup(ids: Sequence[str], seed: int) -> dict[str, Any]:
    """The 24 seats dealt to ``ids`` with ``seed`` (draws ``分配座位#1`` …); the characters are the seed's."""
    if len(ids) != 24 or len({name_key(i) for i in ids}) != 24:
        raise TiantingError("三国版杀24人规则需要恰好24个互不相同的玩家ID")
    rng = GameRandom(seed)
    dealt = rng.shuffled(DRAW_SEATS, seats(), label=lambda s: s[2])
    return {"format": "tianting-script/1", "rules": "sg24", "seed": seed,
            "players": [{"id": pid, "country": c, "identity": i, "character": ch}
                        for pid, (c, i, ch) in zip(ids, dealt, strict=True)],
            "phases": [], "setup_draws": [d.as_json() for d in rng.draws]}


def skill_rows() -> list[dict[str, Any]]:
    """Every skill of the bundled pack. The pack gives no effects the engine can apply: all are judge-ruled."""
    rows = [{"skill": a, "character": None, "country": None, "kind": "general", "timing": "结算时生效",
             "built": True} for a in GENERAL_ACTIONS]
    for c in default_pack().characters.values():
        rows += [{"skill": s.name, "character": c.name, "country": c.country, "kind": s.kind, "timing": s.timing,
                  "built": False, "judge_ruled": True} for s in c.skills]
    return rows


def check_rulings(game: SG24Game, rulings: Sequence[Ruling]) -> list[tuple[int, str]]:
    out = []
    for j, r in enumerate(rulings):
        if r.effect not in RULING_EFFECTS:
            out.append((j, f"未知的裁定「{r.effect}」"))
        elif r.target is not None and (r.target not in game.state.players or not game.state.player(r.target).alive):
            out.append((j, f"「{r.target}」不是场上的ID"))
    return out


@dataclass(frozen=True)
class RuleSet:
    name: str = "sg24"
    title: str = "三国版杀24人规则"
    script: str = "simplified"
    players: int = 24
    game: type[SG24Game] = SG24Game
    judge_only: tuple[str, ...] = JUDGE_ONLY
    victory_markers: tuple[str, ...] = MARKERS
    day_inputs: tuple[str, ...] = ("digits",)

    def seats(self) -> list[tuple[str, str, tuple[str, ...]]]:
        return [(c, i, (ch,)) for c, i, ch in seats()]

    def draw_setup(self, ids: Sequence[str], seed: int) -> dict[str, Any]:
        return draw_setup(ids, seed)

    def country_names(self) -> NameTable:
        return NameTable(COUNTRIES + (UNALIGNED,))

    def identity_names(self) -> NameTable:
        return NameTable(IDENTITIES)

    def skill_names(self) -> NameTable:
        table = default_pack().skill_names()
        for name in GENERAL_ACTIONS + DECISIONS:
            table.add(name)
        return table

    def skill_rows(self) -> list[dict[str, Any]]:
        return skill_rows()

    def ruling_effects(self) -> tuple[str, ...]:
        return tuple(RULING_EFFECTS)

    def check_rulings(self, game: Any, rulings: Sequence[Ruling]) -> list[tuple[int, str]]:
        return check_rulings(game, rulings)

    def player_view(self, game: Any, pid: str) -> dict[str, Any]:
        return player_view(game, pid)

    def roster(self) -> Pack:
        return default_pack()


RULESET = RuleSet()

__all__ = ["RULESET", "SG24Game", "SeatSpec", "SetupError", "draw_setup", "load_pack", "roster", "seats"]
