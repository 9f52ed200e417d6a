"""KK 3.3 character skills: 諸葛瑾 (吳國軍師): 和睦、緩釋、明哲保身.

Every class quotes its rule text verbatim; the rulings on ambiguous sentences
are in ``docs/rulings/kk33-wu_zhugejin.md`` (WZ1 …).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.records import Feedback
from tianting.core.skills import Kind, Skill, TargetRule, Use
from tianting.core.state import Effect, PhaseKind, Status, phase_kind
from tianting.effects import delayed
from tianting.effects import harm as harms
from tianting.rules.kk33.characters.common import CharacterSkill
from tianting.rules.kk33.harm import Harm, Level

if TYPE_CHECKING:
    from tianting.rules.kk33.day import Day
    from tianting.rules.kk33.night import Night

# Enum members read once: reading one off its class is slow in Python 3.11 (EnumType.__getattr__).
_DAY = PhaseKind.DAY


def _day_of(phase: Any) -> Day | None:
    """The day ``phase`` is (a Day, or the action pass of one), or None at night."""
    day = getattr(phase, "day", None)
    if day is not None:
        return day  # type: ignore[no-any-return]
    return phase if phase_kind(phase.index) is _DAY else None


class Hemu(CharacterSkill):
    """和睦：*被*當本國與其他國家達成聯盟時，聯盟時限增加一日一夜。"""

    name = "和睦"
    kind = Kind.PASSIVE
    stage = "after"  # a passive with a stage: its prepare runs every night (and every day pass)

    def prepare(self, night: Night, use: Use) -> None:
        owner = use.actor

        def longer(n: Night, countries: tuple[str, str]) -> int:
            holder = n.state.player(owner)
            if holder.alive and self.name in holder.skills and n.game.country_of(owner) in countries:
                n.note(f"{owner} 和睦：{countries[0]}{countries[1]}聯盟時限增加一日一夜")
                return 2
            return 0

        night.alliance_length_rules.append(longer)


class Huanshi(CharacterSkill):
    """緩釋：可以於白天使用。指定一個ID，減輕他因為下一次投票受到的傷害。

    By day it lessens that day's vote (the next one); by night, the next day's. Two 緩釋 on one
    target for one vote lessen it once (WZ1)."""

    name = "緩釋"
    stage = "after"
    by_day = True

    def apply(self, night: Night, use: Use) -> None:
        target = use.targets[0]
        day = _day_of(night)
        if day is not None:
            self.register(day, use.actor, target)
            night.note(f"{use.actor} 緩釋：{target} 因本日投票受到的傷害減輕")
            return
        delayed.schedule(night, delayed.NEXT_DAY, self.name, use.actor, {"target": target})
        night.note(f"{use.actor} 緩釋：{target} 因次日投票受到的傷害減輕")

    def on_effect(self, phase: Any, effect: Effect) -> None:
        if phase_kind(phase.index) is _DAY:
            self.register(phase, effect.owner, effect.data["target"])

    def register(self, day: Day, owner: str, target: str) -> None:
        done: set[str] = vars(day).setdefault("wu_zhugejin:緩釋", set())
        if target in done:
            day.note(f"{owner} 緩釋：{target} 已受緩釋（同一次投票只減輕一次）")
            return
        done.add(target)

        harms.lessen(day, harms.all_of(harms.to(target), harms.cause("投票")), f"{owner} 緩釋", what=f"{target}因投票")


class MingzheBaoshen(CharacterSkill):
    """明哲保身：使用後當夜及次日，若你受傷，則將受傷狀態轉移給隨機一名其他國的角色。"""

    name = "明哲保身"
    stage = "protect"
    targets = TargetRule(count=0)

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        self.watch(night, owner)
        delayed.schedule(night, delayed.NEXT_DAY, self.name, owner)
        night.note(f"{owner} 明哲保身：當夜及次日若受傷，受傷狀態轉移給隨機一名其他國的角色")

    def on_effect(self, phase: Any, effect: Effect) -> None:
        if phase_kind(phase.index) is _DAY:
            self.watch(phase, effect.owner)

    def watch(self, phase: Any, owner: str) -> None:
        def moved(p: Any, harm: Harm) -> None:
            me = p.state.player(owner)
            if harm.target != owner or not me.injured:
                return
            mine = p.game.country_of(owner)
            others = [q.id for q in p.state.players.values() if q.alive and p.game.country_of(q.id) != mine]
            me.status = Status.ALIVE
            me.wounded_at = None
            if owner in p.injured:
                p.injured.remove(owner)
            if not others:
                p.note(f"{owner} 明哲保身：受傷狀態解除（沒有其他國的角色可以轉移）")
                return
            to = p.state.rng.pick(f"明哲保身 {owner} 轉移受傷狀態", others)
            p.tell(owner, Feedback(self.name, "【明哲保身】你受傷，受傷狀態已轉移給隨機一名其他國的角色。", None,
                                   {"moved": True}))
            p.note(f"{owner} 明哲保身：受傷狀態轉移給 {to}")
            p.apply_harm(Harm(to, Level.WOUND, self.name, [owner], why=[f"{owner} 明哲保身轉移受傷狀態"]))

        phase.wound_listeners.append(moved)


SKILLS: list[type[Skill]] = [Hemu, Huanshi, MingzheBaoshen]
