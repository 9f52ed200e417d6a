"""Setup of 鼎立三分2.0: 「游戏开始之前每个玩家通过随机分配获得角色。」

The seats are the starting list of seed 003 (魏 9, 蜀 7, 吴 7; 鲁肃/张昭 one seat) and 3/6/9 在野 drawn from
its twelve 在野 lines (袁绍/袁术 one line), plus the EX character (皇帝, the pack's 汉少帝) when asked for;
every choice of a shared seat and every deal is a named draw of the game's generator, recorded (D-S1, D-S2).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tianting.core.errors import TiantingError
from tianting.core.names import name_key
from tianting.core.rng import GameRandom
from tianting.rules.dingli2.game import SHARED_SEATS, SIZES, SeatSpec
from tianting.rules.dingli2.pack import COUNTRIES, UNALIGNED, DingliPack, default_pack

DRAW_SEATS = "分配角色"


def _lines(pack: DingliPack, country: str) -> list[tuple[str, ...]]:
    """The starting seats of ``country``: one character, or a shared seat's two."""
    names = [c.name for c in pack.starting(country)]
    out: list[tuple[str, ...]] = []
    for n in names:
        pair = next((p for p in SHARED_SEATS if n in p), None)
        if pair is None:
            out.append((n,))
        elif n == next(m for m in pair if m in names):
            out.append(tuple(m for m in pair if m in names))
    return out


def deal_characters(rng: GameRandom, players: int, ex: bool = False,
                    pack: DingliPack | None = None) -> list[tuple[str, str, str]]:
    """(country, identity, character) per seat, in the rules' order, the random parts drawn."""
    pack = pack or default_pack()
    n = players - 1 if ex else players
    if n not in SIZES:
        raise TiantingError("鼎立三分2.0需要26、29或32名玩家（有EX角色时多1人）")
    out: list[tuple[str, str, str]] = []
    for country in COUNTRIES:
        for line in _lines(pack, country):
            name = line[0] if len(line) == 1 else rng.pick(f"初始角色 {'/'.join(line)}", list(line))
            out.append((country, pack.characters[name].identity, name))
    unaligned = rng.shuffled("在野角色", _lines(pack, UNALIGNED), label=lambda line: "/".join(line))[: n - 23]
    for line in unaligned:
        name = line[0] if len(line) == 1 else rng.pick(f"初始角色 {'/'.join(line)}", list(line))
        out.append((UNALIGNED, pack.characters[name].identity, name))
    if ex:
        emperor = sorted(c.name for c in pack.characters.values() if c.name in pack.ex and c.start)[0]
        out.append((UNALIGNED, pack.characters[emperor].identity, emperor))
    return out


def draw_setup(ids: Sequence[str], seed: int, ex: bool | None = None, pack: DingliPack | None = None) -> dict[str, Any]:
    """A script's start for ``ids``: the characters drawn, then dealt to the ids at random (``分配角色#k``).
    ``ex`` None: 27, 30 or 33 ids mean a table with the EX seat (「有EX角色时，在野+1人」). ``pack``: a judge's own
    (None: the bundled one)."""
    if ex is None:
        ex = len(ids) - 1 in SIZES
    if len({name_key(i) for i in ids}) != len(ids):
        raise TiantingError("玩家ID不能重复")
    n = len(ids) - 1 if ex else len(ids)
    if n not in SIZES:
        raise TiantingError(f"鼎立三分2.0需要26、29或32个玩家ID（有EX角色时多1个），现有{len(ids)}个")
    rng = GameRandom(seed)
    seats = deal_characters(rng, len(ids), ex, pack)
    dealt = rng.shuffled(DRAW_SEATS, seats, label=lambda s: s[2])
    return {"format": "tianting-script/1", "rules": "dingli2", "seed": seed,
            "players": [{"id": pid, "country": c, "identity": i, "character": ch}
                        for pid, (c, i, ch) in zip(ids, dealt, strict=True)],
            "phases": [], "setup_draws": [d.as_json() for d in rng.draws]}


def random_seats(rng: GameRandom, size: int = 26, ex: bool = False) -> list[SeatSpec]:
    """Seats for random play at a table of ``size`` (26, 29, 32; one more with ``ex``), ids ``P01`` …"""
    seats = rng.shuffled(DRAW_SEATS, deal_characters(rng, size + (1 if ex else 0), ex), label=lambda s: s[2])
    return [SeatSpec(f"P{k:02d}", c, i, ch) for k, (c, i, ch) in enumerate(seats, start=1)]
