"""Characters as data: the 鼎立三分2.0 pack (format ``tianting-dingli2-pack/1``, docs/dev/dingli2-pack.md).

The format is the 24人 pack's (:mod:`tianting.rules.sg24.pack`, whose loader checks the shared fields)
with the fields seed 003 adds: ``ex`` (the EX character, 「有EX角色时，在野+1人」), ``start`` on two
characters of one line for a seat that may hold either (「鲁肃/张昭」), and per skill ``interference``
(its rank in 「干扰技能之间的优先级」 (1)–(8)) and ``announce`` (a skill whose use goes in the night's 大事记).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from tianting.rules.sg24.pack import PACK_FORMAT as SG24_FORMAT
from tianting.rules.sg24.pack import (
    Character,
    Pack,
    PackError,
    SkillData,
    bundled_text,
    effect_table,
    pack_json,
    parse_pack,
    with_effects,
)

PACK_FORMAT = "tianting-dingli2-pack/1"
COUNTRIES = ("魏", "蜀", "吴")
UNALIGNED = "在野"
TIMINGS = ("即时生效", "全局技能", "结算前生效", "结算时生效", "结算后生效")
"""Seed 003 names 全局技能 and 即时技能 (「即时技能」「非即时技能」, priority (7) and (8)); the reference adds
结算前/时/后生效. 即时生效 is the 24人 pack's 立刻生效."""
_TO_SG24 = {"即时生效": "立刻生效"}
GLOBAL = "全局技能"
INSTANT = "即时生效"


@dataclass(frozen=True)
class SkillExtra:
    """What seed 003 adds to a skill: its interference rank (1–8, None: not an interference skill as
    far as the pack says) and whether its use is announced in the 大事记."""

    interference: int | None = None
    announce: bool = False
    when: str | None = None
    """``day`` (「白天使用」), ``any`` (「任何时刻」), or None: a night's skill."""


@dataclass(frozen=True, eq=False)
class DingliPack(Pack):
    ex: frozenset[str] = frozenset()
    extras: dict[tuple[str, str], SkillExtra] = field(default_factory=dict)
    timings: dict[tuple[str, str], str | None] = field(default_factory=dict)
    """(character, skill) → the seed-003 timing word (即时生效 …) as the pack gives it."""

    def extra(self, character: str, skill: str) -> SkillExtra:
        """The skill's seed-003 fields (an inherited skill's are its first holder's)."""
        return self.extras.get((self.origin(character, skill), skill), SkillExtra())

    def timing(self, character: str, skill: SkillData) -> str | None:
        return self.timings.get((self.origin(character, skill.name), skill.name), skill.timing)

    def interference(self, character: str, skill: SkillData) -> int | None:
        """The skill's rank in the interference list: (2) for a global, the pack's rank otherwise."""
        if self.is_global(character, skill):
            return 2
        return self.extra(character, skill.name).interference

    def starting(self, country: str) -> list[Character]:
        return [c for c in self.characters.values() if c.start and c.country == country and c.name not in self.ex]


def _fail(where: str, message: str) -> PackError:
    return PackError(f"角色包{where}：{message}")


def parse_dingli_pack(data: Any) -> DingliPack:
    """A pack from its parsed JSON; raises PackError (Chinese) naming the character and field."""
    if not isinstance(data, dict) or data.get("format") != PACK_FORMAT:
        raise _fail("", f"format 必须是「{PACK_FORMAT}」")
    shared = copy.deepcopy(data)
    shared["format"] = SG24_FORMAT
    ex: set[str] = set()
    extras: dict[tuple[str, str], SkillExtra] = {}
    timings: dict[tuple[str, str], str | None] = {}
    for i, raw in enumerate(shared.get("characters") or []):
        if not isinstance(raw, dict):
            continue
        where = f"「{raw.get('name', i)}」"
        if raw.get("ex") not in (None, True, False):
            raise _fail(where + ".ex", "必须是 true 或 false")
        if raw.get("ex"):
            ex.add(str(raw.get("name")))
        for j, s in enumerate(raw.get("skills") or []):
            if not isinstance(s, dict):
                continue
            w = f"{where}.skills[{j}]"
            timing = s.get("timing")
            if timing is not None and timing not in TIMINGS:
                raise _fail(w, f"未知的生效时间「{timing}」（可用：{'、'.join(TIMINGS)}）")
            level = s.get("interference")
            if level is not None and (not isinstance(level, int) or isinstance(level, bool) or not 1 <= level <= 8):
                raise _fail(w, "interference 必须是1到8的整数（干扰技能优先级）或 null")
            if s.get("announce") not in (None, True, False):
                raise _fail(w, "announce 必须是 true 或 false")
            if s.get("when") not in (None, "day", "any"):
                raise _fail(w, "when 必须是 day（白天使用）、any（任何时刻）或 null（夜晚）")
            timings[(str(raw.get("name")), str(s.get("name")))] = timing
            extras[(str(raw.get("name")), str(s.get("name")))] = SkillExtra(level, bool(s.get("announce")),
                                                                           s.get("when"))
            s["timing"] = _TO_SG24.get(timing, timing)
            for key in ("interference", "announce", "when"):
                s.pop(key, None)
        raw.pop("ex", None)
    base = parse_pack(shared)
    return DingliPack(base.title, base.characters, base.names, frozenset(ex), extras, timings)


def load_pack(text: str) -> DingliPack:
    """A pack from JSON text (a judge's own pack)."""
    return parse_dingli_pack(pack_json(text))


@cache
def first_pack() -> DingliPack:
    """The bundled pack's first edition (``data/characters-1.json``: as it was before issue 31, no effects)."""
    return load_pack(resources.files("tianting.rules.dingli2").joinpath("data/characters-1.json").read_text("utf-8"))


@cache
def default_pack() -> DingliPack:
    """The bundled pack (data/characters.json): seed 003's every lineage, with the 8.1 reference's facts."""
    data = pack_json(bundled_text("tianting.rules.dingli2"))
    # the 8.1 facts' effects shared with the 24人 pack (same character, same skill), then 鼎立's own
    data = with_effects(data, effect_table("tianting.rules.sg24"), strict=False)
    return parse_dingli_pack(with_effects(data, effect_table("tianting.rules.dingli2")))
