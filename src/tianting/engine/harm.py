"""Harm: the shared terms 致傷 (wound), 致死 (kill), 傷害減輕 / 加深 (reduce / deepen), prevention, and the
defence order of seed 001.

A :class:`Harm` is one damaging effect aimed at one player, at a :class:`Level`. KK 3.3 passes each harm
through ordered windows (modify, prevent, apply: ``rules/kk33/night.py``); the 24人 family first lets each
defence in play stop one harm, in seed 001's defence order (:data:`SEED001`), then sums what is left per
target (:func:`summed`) and shifts the sum by 減輕 / 加深 (:func:`shifted`, 鼎立's). A rule set picks its
order; the harm is the same object for all.

Seed 001: 「同一个角色受到多个武将杀伤技能作用但只能抵御一次或同一个武将杀伤技能有多个技能可以抵御时，按如下顺序
结算：(1)优先抵御造成最大伤害的技能。(2)造成同样伤害的技能按如下顺序抵御：本人主动>他人主动>本人被动>他人被动。
(3)拼点决定。」
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from fractions import Fraction
from typing import Protocol

from tianting.core.rng import GameRandom


class Level(IntEnum):
    NONE = 0
    WOUND = 1  # 致傷
    KILL = 2  # 致死


_WOUND, _KILL = Level.WOUND, Level.KILL
"""Read once (reading enum members off their class is slow)."""


@dataclass
class Harm:
    """One harm aimed at ``target``."""

    target: str
    level: Level
    cause: str
    """What deals it (刺殺, 援護, 投票致伤, a skill's name …)."""
    sources: list[str] = field(default_factory=list)
    """The ids behind it (several for KK 3.3's merged 刺殺: every 兇手)."""
    removal: bool = False
    """退出歷史舞台: 不能被減輕和防止死亡的效果減免."""
    why: list[str] = field(default_factory=list)
    forced: bool = False
    """The judge's own harm (a ruling): nothing lessens, deepens, prevents or defends it."""
    by: str = ""
    """Who or what deals it as seed 001's 拼點 among equal harms names it (an id, 投票, 天庭)."""
    attribute: str = ""
    """The attribute of the skill that deals it (武将杀伤技能 …), for defences that stop only some (the 24人 family)."""
    base: Level = field(init=False)
    """The level the harm was dealt at, before any 減輕 or 加深."""

    def __post_init__(self) -> None:
        self.base = self.level

    @property
    def lethal(self) -> bool:
        """A harm that kills by itself (致死, 退出歷史舞台)."""
        return self.removal or self.level is _KILL

    def fatal(self, injured: bool) -> bool:
        """致命一擊: the harm would kill its target — a kill, or a wound on one already wounded."""
        return self.lethal or (self.level is _WOUND and injured)

    @property
    def wounding(self) -> bool:
        """A wound, or dealt as one: what 「不會受傷」 stops (免疫傷害類效果優先, even over 毒士's 加深)."""
        return not self.removal and Level.WOUND in (self.level, self.base)

    def reduce(self, reason: str) -> None:
        if self.removal or self.level is Level.NONE:
            return
        self.level = Level(self.level - 1)
        self.why.append(f"傷害減輕：{reason}")

    def deepen(self, reason: str) -> None:
        if self.level is Level.WOUND:
            self.level = Level.KILL
            self.why.append(f"傷害加深：{reason}")


# ---- defences: seed 001's order ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Defence:
    """A defence that can stop one harm to ``target``: whose (``owner``), active or passive, named."""

    target: str
    owner: str
    active: bool
    name: str
    against: tuple[str, ...] = ()
    """The attributes it stops (``刺杀`` for a stab); empty: any harm (the judge's ``defend``)."""
    stab_chance: Fraction | None = None
    """Against a stab it stops it only with this chance, drawn when it meets the stab; spent either way (曹操
    【割须弃袍】: 「如果其受到的是刺杀……则该刺杀一半概率失效。只能抵御一次」)."""
    dealers: tuple[str, ...] = ()
    """Only harms these ids deal (「来自该阵营角色造成的」); empty: anyone's."""

    def covers(self, harm: Harm) -> bool:
        """Whether it can stop ``harm`` (「不能抵御刺杀」: a stab only where ``against`` names it)."""
        if self.dealers and harm.by not in self.dealers:
            return False
        return not self.against or (harm.attribute or harm.cause) in self.against

    def rank(self) -> int:
        """本人主动 0 > 他人主动 1 > 本人被动 2 > 他人被动 3."""
        own = self.owner == self.target
        return (0 if own else 1) if self.active else (2 if own else 3)


class DefenceOrder(Protocol):
    """How a rule set pairs a target's defences with the harms aimed at him, one at a time."""

    def harm_to_defend(self, rng: GameRandom, harms: Sequence[Harm]) -> Harm: ...

    def defence_to_use(self, rng: GameRandom, defences: Sequence[Defence]) -> Defence: ...


def _contest(rng: GameRandom, purpose: str, tied: Sequence[str]) -> str:
    """拼点: one of the tied, drawn with the game's generator (recorded)."""
    return tied[0] if len(tied) == 1 else rng.pick(f"拼点 {purpose}", list(tied))


def harm_to_defend(rng: GameRandom, harms: Sequence[Harm]) -> Harm:
    """Which harm a single defence stops: the greatest; among equals, 拼点."""
    top = max(h.level for h in harms)
    tied = sorted((h for h in harms if h.level == top), key=lambda h: (h.by, h.cause))
    label = {f"{h.by}:{h.cause}": h for h in tied}
    return label[_contest(rng, f"抵御 {harms[0].target}", list(label))]


def defence_to_use(rng: GameRandom, defences: Sequence[Defence]) -> Defence:
    """Which of several defences stops a harm: by 本人主动>他人主动>本人被动>他人被动, then 拼点."""
    best = min(d.rank() for d in defences)
    tied = sorted((d for d in defences if d.rank() == best), key=lambda d: (d.owner, d.name))
    label = {f"{d.owner}:{d.name}": d for d in tied}
    return label[_contest(rng, f"防御 {defences[0].target}", list(label))]


@dataclass(frozen=True)
class Seed001Order:
    """Seed 001's defence order: the greatest harm first, defences 本人主动>他人主动>本人被动>他人被动, then 拼点."""

    def harm_to_defend(self, rng: GameRandom, harms: Sequence[Harm]) -> Harm:
        return harm_to_defend(rng, harms)

    def defence_to_use(self, rng: GameRandom, defences: Sequence[Defence]) -> Defence:
        return defence_to_use(rng, defences)


SEED001: DefenceOrder = Seed001Order()


@dataclass
class Defended:
    """What came of the harms aimed at one target once protections and defences had their say."""

    left: list[Harm]
    """The harms that land (the judge's last)."""
    stopped: list[tuple[Harm, str]]
    """Each harm stopped, with why (an id spared all harm, a defence)."""
    notes: list[str]
    """The trace's lines, in order."""
    used: list[Defence] = field(default_factory=list)
    """The defences that stopped a harm."""
    pairs: list[tuple[Defence, Harm]] = field(default_factory=list)
    """Each defence used with the harm it stopped (a defence that wounds the harm's source reads it)."""


def defend(rng: GameRandom, pid: str, aimed: Sequence[Harm], defences: Sequence[Defence],
           protected: str | None, order: DefenceOrder = SEED001) -> Defended:
    """The harms aimed at ``pid`` that land: a protection (``protected``: its reason) spares him every harm but
    the judge's, then each defence in play on him stops one, in ``order``; the judge's own harms always land (as
    KK 3.3's R44)."""
    ruled = [h for h in aimed if h.forced]
    left = [h for h in aimed if not h.forced]
    stopped: list[tuple[Harm, str]] = []
    notes: list[str] = []
    if left and protected:
        notes.append(f"{pid} 免受伤害：{protected}")
        stopped += [(h, f"{pid} 免受伤害（{protected}）") for h in left]
        left = []
    pool = [d for d in defences if d.target == pid]
    used: list[Defence] = []
    pairs: list[tuple[Defence, Harm]] = []
    while True:
        usable = [d for d in pool if any(d.covers(h) for h in left)]
        if not usable:
            break
        d = order.defence_to_use(rng, usable)
        h = order.harm_to_defend(rng, [h for h in left if d.covers(h)])
        pool.remove(d)
        used.append(d)
        if d.stab_chance is not None and h.cause == "刺杀" and not rng.chance(
                f"抵御 {pid}【{d.name}】对刺杀", d.stab_chance):
            notes.append(f"{h.by} 的{h.cause}对 {pid}：{d.owner}【{d.name}】触发，概率未中，刺杀仍然有效")
            continue
        left.remove(h)
        pairs.append((d, h))
        stopped.append((h, f"被抵御：{d.owner}【{d.name}】"))
        notes.append(f"{h.by} 的{h.cause}对 {pid} 被抵御：{d.owner}【{d.name}】")
    return Defended(left + ruled, stopped, notes, used, pairs)


# ---- the sum of a night's harms (the 24人 family) -----------------------------------------------------------
def summed(left: Sequence[Harm], injured: bool) -> Level:
    """「受到两次及以上致伤伤害则致死」: any 致死 kills, two 致伤 kill, a 致伤 on one already wounded kills."""
    if not left:
        return Level.NONE
    wounds = sum(1 for h in left if h.level is _WOUND)
    return _KILL if any(h.level is _KILL for h in left) or wounds >= 2 or injured else _WOUND


def shifted(level: Level, lessen: int, deepen: int) -> Level:
    """「伤害减轻：即受伤改为状态正常，死亡改为受伤。伤害加深：即受伤直接死亡。」 Each 减轻 lowers the sum one step,
    each 加深 turns a wound to death; one cancels the other (鼎立's D-H2)."""
    shift = lessen - deepen
    if shift > 0:
        return Level(max(0, level - shift))
    if shift < 0 and level is _WOUND:
        return _KILL
    return level


def deadliest(left: Sequence[Harm]) -> Harm:
    """The harm that names a death of the sum: the first 致死, else the first harm."""
    return next((h for h in left if h.level is _KILL), left[0])
