"""Patterns that recur in many characters' texts, built once.

The commonest is the pledge that shields a pair from stabs and binds two
countries: 「若X不在場則失效。使用後當夜，所有針對你和X的【刺殺】失效。A B聯盟達成（或延期）兩日兩夜。」
(青梅煮酒, 連理並蒂, 嫁女安吳, 固守合肥 in 魏; 居魏思蜀, 迎娶新妻, 相夫教子,
夢醉良緣, 仲謀稱臣, 青燈古佛, 天作之合, 單騎救主 elsewhere).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from tianting.core.skills import Skill, Source, TargetRule, Use

if TYPE_CHECKING:
    from tianting.rules.kk33.night import Night


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

        def rule(n: Night, stab: Use) -> str | None:
            if use.live and stab.targets[0] in shielded:
                return f"{use.actor} {self.name}（針對{'、'.join(shielded)}的刺殺失效）"
            return None

        night.stab_rules.append(rule)
        if self.alliance:
            night.propose_alliance(*self.alliance, by=use.actor)
        self.also(night, use, partner)
        night.note(f"{use.actor} {self.name}：當夜所有針對 {'、'.join(shielded)} 的刺殺失效"
                   + (f"；{self.alliance[0]}{self.alliance[1]}聯盟達成（或延期）" if self.alliance else ""))
