"""KK 3.3 character skills: wu_guards (太史慈、周泰、朱然).

Every class quotes its rule text verbatim; the rulings on ambiguous sentences
are in ``docs/rulings/kk33-wu_guards.md`` (WUG1 …).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.core.records import Action, Feedback
from tianting.core.skills import Kind, Skill, TargetRule, Use, UseState
from tianting.core.state import GameState
from tianting.effects import harm as harms
from tianting.effects import stab as stabs
from tianting.effects.targets import carry, release
from tianting.rules.kk33 import skillbook, texts
from tianting.rules.kk33.characters.common import spare_wound_halving
from tianting.rules.kk33.characters.wu_killers import CharacterSkill, holds_alive, living_by_country
from tianting.rules.kk33.harm import Harm, Level

if TYPE_CHECKING:
    from tianting.rules.kk33.day import Day
    from tianting.rules.kk33.night import Night

# Enum members read once: reading one off its class is slow in Python 3.11 (EnumType.__getattr__).
_FAILED = UseState.FAILED


# ---- 太史慈 ----------------------------------------------------------------------
class Tianyi(CharacterSkill):
    """天義：使用後當夜，你可以不發動【援護】，而是發動一次【刺殺】。

    The 刺殺 is his own (outside his country's count of 刺殺), listed before or after 天義 (a night has no order of its
    inputs: docs/rulings.md, "Chance over a canonical order"); with it he may not
    also 援護 that night (WUG1). It is 天義's content: one success check, 天義's (as 亂世英雄's
    borrowed skill, WU3); if 天義 does not go off, the 刺殺 is as if not used."""

    name = "天義"
    stage = "redirect"
    priority = -100  # first of its stage: the 刺殺 it carries wakes before any redirect looks at it
    targets = TargetRule(count=0)

    def grants(self, game: Any, action: Action) -> tuple[str, ...]:
        return ("刺殺",)

    def refuse_with(self, game: Any, action: Action, other: Action, mine: list[str]) -> str | None:
        name = game.roster.all_skill_names.get(other.skill) or other.skill
        if (name == "援護" and "刺殺" in mine) or (name == "刺殺" and "援護" in mine):
            return f"{other.actor} 使用【天義】當夜，不發動【援護】才能發動【刺殺】（二者只能選一）"
        return None

    def prepare(self, night: Night, use: Use) -> None:
        owner = use.actor
        held = night.state.player(owner)
        if "刺殺" in held.skills or "刺殺" in night.game.identity_skills(held):
            return  # a 刺殺 of his own (he became a killer): not 天義's
        stab = next((u for u in night.uses if u.action.actor == owner and u.skill.name == "刺殺" and not u.implicit
                     and u.live), None)
        if stab is not None:
            carry(night, use, stab)

    def apply(self, night: Night, use: Use) -> None:
        stab = release(night, use)
        if stab is not None:
            night.note(f"{use.actor} 天義：當夜不發動【援護】，而是發動一次【刺殺】")


# ---- 周泰 ------------------------------------------------------------------------
class Buqu(CharacterSkill):
    """不屈：*被*當你處於受傷狀態時，【刺殺】對你無效。"""

    name = "不屈"
    kind = Kind.PASSIVE
    stage = "attack"

    def prepare(self, night: Night, use: Use) -> None:
        owner = use.actor
        stabs.immune(night, stabs.all_of(stabs.on(owner), stabs.holder(owner, self.name),
                                         lambda n, stab: bool(n.state.player(owner).injured)),
                     f"{owner} 不屈（處於受傷狀態時刺殺對其無效）", what="處於受傷狀態時針對你")


class JinqiangBudao(CharacterSkill):
    """金槍不倒：使用後當夜，本國君主和殺手受到的傷害減輕。"""

    name = "金槍不倒"
    stage = "protect"
    targets = TargetRule(count=0)

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        country = night.game.country_of(owner)

        def lord_or_killer(n: Night, harm: harms.HarmLike) -> bool:
            return bool(n.state.player(harm.target).identity in ("君主", "殺手")
                        and n.game.country_of(harm.target) == country)

        harms.lessen(night, harms.all_of(harms.while_live(use), lord_or_killer), f"{owner} 金槍不倒",
                     what=f"當夜{country}國君主和殺手")
        night.note(f"{owner} 金槍不倒：當夜{country}國君主和殺手受到的傷害減輕")


class LizhanZhiqu(CharacterSkill):
    """歷戰之軀：指定一個ID，若其當夜使用了角色技能，將這些角色技能的目標均改為你；若其當夜沒有使用角色技能，你令其受傷。"""

    name = "歷戰之軀"
    stage = "redirect"
    priority = 5  # after the other redirects: his change of target is the last word (WUG2)

    def apply(self, night: Night, use: Use) -> None:
        owner, target = use.actor, use.targets[0]
        used = [u for u in night.uses_by(target)
                if u is not use and u.live and u.skill.source is self.source]
        for other in used:
            for slot in range(len(other.action.targets)):
                other.redirect(slot, owner, by=f"{owner} 歷戰之軀", source=use)
        if used:
            night.note(f"{owner} 歷戰之軀：{target} 當夜使用的角色技能（{'、'.join(u.name for u in used)}）的目標均改為 {owner}")

        def settle(n: Night) -> None:
            """Once every cancel is known: a 歷戰之軀 that failed or was voided wounds no one, and a
            character skill of the target that failed (發動失敗：視為未使用) was not used (WUG2)."""
            if not use.live:
                return
            if any(u is not use and u.skill.source is self.source and u.state is not _FAILED
                   for u in n.uses_by(target)):
                return
            n.harms.append(Harm(target, Level.WOUND, self.name, [owner],
                                why=[f"{owner} 歷戰之軀（{target} 當夜沒有使用角色技能）"]))
            n.note(f"{owner} 歷戰之軀：{target} 當夜沒有使用角色技能，令其受傷")

        night.settle_rules.append(settle)


# ---- 朱然 ------------------------------------------------------------------------
class Danshou(CharacterSkill):
    """膽守：*被*你的受傷狀態不會被公開；你的行動成功率不受受傷狀態影響。"""

    name = "膽守"
    kind = Kind.PASSIVE
    stage = "after"

    def hide(self, phase: Any, owner: str) -> None:
        def hidden(p: Any, harm: Harm) -> None:
            if harm.target == owner:
                while owner in p.injured:
                    p.injured.remove(owner)
                p.note(f"{owner} 膽守：受傷狀態不公開")

        phase.wound_listeners.append(hidden)

    def prepare(self, night: Night, use: Use) -> None:
        owner = use.actor
        self.hide(night, owner)

        # Undoes the halving of 受傷 (success_rate), and only that; once with 固政 (common.spare_wound_halving).
        spare_wound_halving(night, lambda n, other: other.actor == owner and holds_alive(n, owner, self.name))

    def on_day(self, day: Day, owner: str) -> None:
        self.hide(day, owner)


class Kundou(CharacterSkill):
    """困鬥：*被*當你處於受傷狀態且本國存活角色數不為全場最多時，所有針對本國角色的【刺殺】有一半概率失敗。"""

    # Hand-written stab rule: a 失敗 (not 無效) that tells the stabber, on a count of the living (effects.stab says 無效).
    name = "困鬥"
    kind = Kind.PASSIVE
    stage = "attack"

    def prepare(self, night: Night, use: Use) -> None:
        owner = use.actor

        def rule(n: Night, stab: Use) -> str | None:
            if not holds_alive(n, owner, self.name) or not n.state.player(owner).injured:
                return None
            mine = n.game.country_of(owner)
            if n.game.country_of(stab.targets[0]) != mine:
                return None
            left = living_by_country(n)
            if mine not in left or left[mine] >= max(left.values()):
                return None  # the most, or tied for the most: 「不為全場最多」 does not hold
            if n.rng.chance(f"困鬥 {stab.actor}→{stab.targets[0]} 失敗判定", Fraction(1, 2)):
                n.tell(stab.actor, Feedback("刺殺", texts.FAILED, stab.targets[0], {"failed": True}))
                return f"{owner} 困鬥（針對{mine}國角色的刺殺有一半概率失敗）"
            n.note(f"{owner} 困鬥：{stab.actor} 對 {stab.targets[0]} 的刺殺判定仍有效")
            return None

        night.stab_rules.append(rule)


BURNED = "焚野"


class Fenye(CharacterSkill):
    """焚野：指定2個未被【焚野】指定過的ID，有一半概率令其受傷。若你當夜處於受傷狀態，你可以額外指定一個ID。若你指定的ID中包含本國角色，你在結算後失去技能【焚野】。"""

    name = "焚野"
    stage = "harm"
    targets = TargetRule(count=2, counts=(3,))

    def validate(self, state: GameState, action: Action) -> None:
        if len(action.targets) == 3 and not state.player(action.actor).injured:
            raise IllegalAction("【焚野】只有於你當夜處於受傷狀態時才能額外指定一個ID", "target-count")
        burned = state.extra.get(BURNED, [])
        again = [t for t in action.targets if t in burned]
        if again:
            raise IllegalAction(f"【焚野】須指定未被【焚野】指定過的ID：{'、'.join(again)} 已被指定過", "target-repeat")

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        burned = night.state.extra.setdefault(BURNED, [])
        mine = night.game.country_of(owner)
        for target in use.targets:
            if target not in burned:
                burned.append(target)
            if night.rng.chance(f"焚野 {owner} 令 {target} 受傷判定", Fraction(1, 2)):
                night.harms.append(Harm(target, Level.WOUND, self.name, [owner], why=[f"{owner} 焚野"]))
            else:
                night.note(f"{owner} 焚野：{target} 未受傷（一半概率）")
        if any(night.game.country_of(t) == mine for t in use.targets):
            night.after_harms.append(lambda n: self.burn_out(n, owner))

    def burn_out(self, night: Night, owner: str) -> None:
        if skillbook.lose(night, owner, self.name, via=self.name):
            night.note(f"{owner} 焚野：指定的ID中包含本國角色，結算後失去技能【焚野】")


SKILLS: list[type[Skill]] = [Tianyi, Buqu, JinqiangBudao, LizhanZhiqu, Danshou, Kundou, Fenye]
