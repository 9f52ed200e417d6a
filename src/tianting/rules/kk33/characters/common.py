"""Patterns that recur in many characters' texts, built once.

The commonest is the pledge that shields a pair from stabs and binds two
countries: 「若X不在場則失效。使用後當夜，所有針對你和X的【刺殺】失效。A B聯盟達成（或延期）兩日兩夜。」
(青梅煮酒, 連理並蒂, 嫁女安吳, 固守合肥 in 魏; 居魏思蜀, 迎娶新妻, 相夫教子,
夢醉良緣, 仲謀稱臣, 青燈古佛, 天作之合, 單騎救主 elsewhere).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from tianting.core.skills import Skill, Source, TargetRule, Use, UseState
from tianting.effects import country as countries
from tianting.effects import harm as harms
from tianting.effects import stab as stabs
from tianting.effects import votes

if TYPE_CHECKING:
    from tianting.rules.kk33.night import Night

# Enum members read once: reading one off its class is slow in Python 3.11 (EnumType.__getattr__).
_FAILED = UseState.FAILED


class CharacterSkill(Skill):
    """A character's skill (``source``: the character's), the base of every character skill class."""

    source = Source.CHARACTER


def phase_country(phase: Any, pid: str) -> str:
    """The country ``pid`` counts as now (三分歸晉's 「視為晉」 included)."""
    return str(phase.game.country_of(pid))


def base_name(phase: Any, pid: str) -> str:
    """The character ``pid`` plays now, by its base name, whatever its form (赤壁·…, 台上的主宰·… → the base)."""
    return str(phase.game.roster.characters[phase.state.player(pid).character].base)


def is_night(phase: Any) -> bool:
    """Is ``phase`` a night (it has uses and harm preventions), not a day?"""
    return hasattr(phase, "uses") and hasattr(phase, "harm_preventions")


def yes_no(answer: Any, option: str) -> bool:
    """A decision's answer matches ``option`` (a bool answer: True is 「是」)."""
    if isinstance(answer, bool):
        return (option == "是") is answer
    return answer == option


class StabShield(Skill):
    """「使用後當夜，所有針對你和X的【刺殺】失效」, void when X is not in play, with an alliance."""

    source = Source.CHARACTER
    stage = "protect"
    targets = TargetRule(count=0)
    partner: ClassVar[str | None] = None
    """The character X who must be in play (「若X不在場則失效」)."""
    shield_owner: ClassVar[bool] = True
    """Whether stabs on the owner are void too (「針對你和X」) or only those on X."""
    alliance: ClassVar[tuple[str, str] | None] = None
    """The two countries of 「…聯盟達成（或延期）兩日兩夜」, if the text makes one."""

    def partner_id(self, night: Night, use: Use) -> str | None:
        """The id of X now, or None."""
        found = night.game.in_play(self.partner) if self.partner else None
        return found.id if found else None

    def absent(self, night: Night, use: Use) -> str | None:
        """Why the skill is void (失效) tonight, if it is."""
        if self.partner and self.partner_id(night, use) is None:
            return f"{self.partner}不在場"
        return None

    def also(self, night: Night, use: Use, partner: str | None) -> None:
        """Whatever else the text does (失去技能, 互識 …)."""

    def apply(self, night: Night, use: Use) -> None:
        reason = self.absent(night, use)
        if reason:
            night.void(use, reason)
            return
        partner = self.partner_id(night, use)
        shielded = list(dict.fromkeys(([use.actor] if self.shield_owner else []) + ([partner] if partner else [])))

        named = "、".join(shielded)
        stabs.immune(night, stabs.all_of(stabs.while_live(use), stabs.on(*shielded)),
                     f"{use.actor} {self.name}（針對{named}的刺殺失效）", what=f"針對{named}")
        if self.alliance:
            countries.alliance(night, *self.alliance, by=use.actor)
        self.also(night, use, partner)
        night.note(f"{use.actor} {self.name}：當夜所有針對 {'、'.join(shielded)} 的刺殺失效"
                   + (f"；{self.alliance[0]}{self.alliance[1]}聯盟達成（或延期）" if self.alliance else ""))


# ---- KK 3.3's tests of a 刺殺 (effects.stab) -------------------------------------------
def killer_of(country: str) -> stabs.StabTest:
    """「X國殺手的【刺殺】」: the stab is made by a killer of ``country`` (his country as the phase counts it)."""
    def made(phase: Any, stab: Use) -> bool:
        return bool(phase.state.player(stab.actor).identity == "殺手" and phase.game.country_of(stab.actor) == country)

    return made


def harmed_in_country(country: str) -> harms.HarmTest:
    """「本國角色（受到的傷害）」: the harm's target is a player of ``country`` (as the phase counts it)."""
    return lambda phase, harm: bool(phase.game.country_of(harm.target) == country)


def voter_in_country(country: str) -> votes.VoteTest:
    """「X國角色的投票」: the voter is a player of ``country`` (as the day counts it)."""
    return lambda day, voter, target: bool(day.game.country_of(voter) == country)


def against_country(country: str) -> votes.VoteTest:
    """「針對X國角色的投票」: the vote counts for a player of ``country`` (as the day counts it)."""
    return lambda day, voter, target: bool(day.game.country_of(target) == country)


def aimed_at_country(country: str) -> stabs.StabTest:
    """「針對X國角色的【刺殺】」: the stab aims at a player of ``country`` (as the phase counts it)."""
    return lambda phase, stab: bool(phase.game.country_of(stab.targets[0]) == country)


# ---- 「X登場時」 -----------------------------------------------------------------------
def is_form(game: Any, character: str, name: str) -> bool:
    """Is ``character`` a form of ``name`` (``name`` itself, 赤壁·…)? For ``Skill.on_enter``: 「X登場時」
    hears every character that enters play (``KK33Game.on_enter``) and asks whether it is X."""
    return bool(game.roster.characters[character].base == name)


# ---- the wound's halving lifted ----------------------------------------------------
WOUND_SPARED_KEY = "common:wound-spared"
"""Where a phase keeps the conditions under which the wound's halving is lifted (``vars(phase)``)."""


def spare_wound_halving(phase: Any, who: Callable[[Any, Use], bool]) -> None:
    """「…的行動成功率不受受傷（狀態）影響」 (膽守, 固政): for a use ``who`` names, the wound's half chance
    (``Night.success_rate``) is lifted, and only that (other halvings stay). Lifted once, however many
    such skills name the use: one rate modifier a phase undoes the one halving the wound makes."""
    conditions: list[Callable[[Any, Use], bool]] | None = vars(phase).get(WOUND_SPARED_KEY)
    if conditions is None:
        conditions = vars(phase)[WOUND_SPARED_KEY] = []
        found = conditions

        def undo(p: Any, use: Use) -> Fraction | None:
            if p.state.player(use.actor).injured and any(c(p, use) for c in found):
                return Fraction(2)
            return None

        undo.wound_only = True  # type: ignore[attr-defined]  # None for an actor not wounded (Night.check_success)
        phase.rate_modifiers.append(undo)
    conditions.append(who)
