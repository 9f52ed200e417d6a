"""KK 3.3 character skills: wu_lords — the 吳 君主 『孫堅-孫策/孫權』.

孫堅 is the lord's first life; 孫策 or 孫權 is chosen at 轉生 (deaths.py sets
``player.skills`` to the new character's skills). Every class quotes its rule
text; the readings of unclear sentences are in ``docs/rulings/kk33-wu_lords.md``
(rulings WU1 …).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from tianting.core import effects
from tianting.core.records import Feedback
from tianting.core.skills import Kind, Skill, TargetRule, Use, UseState
from tianting.effects import cancel, limits, votes
from tianting.effects import stab as stabs
from tianting.effects.targets import carry, release
from tianting.rules.kk33 import skillbook, texts
from tianting.rules.kk33.characters.common import (
    CharacterSkill,
    StabShield,
    aimed_at_country,
    is_form,
)
from tianting.rules.kk33.characters.common import base_name as _base
from tianting.rules.kk33.characters.common import phase_country as _country
from tianting.rules.kk33.identity import IDENTITY_SKILLS

if TYPE_CHECKING:
    from tianting.rules.kk33.day import Day
    from tianting.rules.kk33.game import KK33Game
    from tianting.rules.kk33.night import Night

# Enum members read once: reading one off its class is slow in Python 3.11 (EnumType.__getattr__).
_ACTIVE = Kind.ACTIVE
_FAILED = UseState.FAILED


def recognise(phase: Any, a: str, b: str, via: str) -> None:
    """互識 in a night or a day (a lord may come on at the vote)."""
    effects.recognise(phase, a, b, via, texts.recognised)


# ---- 孫堅 ----------------------------------------------------------------------
class Yinghun(CharacterSkill):
    """英魂：*被*若張遼使用【威震逍遙津】，則【威震逍遙津】使用失敗。

    As 先知 against 火燒赤壁: the use fails before any success check of the night (in
    ``prepare``), so 「所有吳國角色的行動成功率減半」 never applies and the 魏吳聯盟 is not broken
    (威震逍遙津 breaks it only once it went off); 張遼 is told 「技能發動失敗，可再次發動」 and keeps
    the limited skill. Only the player whose character is 張遼 is stopped (WU1)."""

    name = "英魂"
    kind = Kind.PASSIVE
    stage = "redirect"
    targets = TargetRule(count=0)

    def prepare(self, night: Night, use: Use) -> None:
        for other in night.uses:
            if other.implicit or other.skill.name != "威震逍遙津" or not other.live:  # (Use.name, no call)
                continue
            if _base(night, other.actor) != "張遼":
                continue
            night.fail(other, f"{use.actor} 英魂：張遼使用的【威震逍遙津】使用失敗")

    # No ``apply``: everything happens in ``prepare`` (before the success checks), and a class that keeps
    # the base's ``apply`` is not called at its stage (``Night._run_stages``).


class Xianzhu(CharacterSkill):
    """先主：*被*本國角色對你的【刺殺】和【亂花】（包括被指定為目標A或B）無效；當本國角色的【明察】的目標為你時，你與其互識。

    The 刺殺 rule is a character skill's (鋒騎 passes it); the 亂花 is void whether he is A or
    B; a 明察 that went off (even void) still makes the 互識 (技能…失效不影響由於此技能而觸發的
    其他技能), a failed one does not (WU2)."""

    name = "先主"
    kind = Kind.PASSIVE
    stage = "report"
    targets = TargetRule(count=0)

    def prepare(self, night: Night, use: Use) -> None:
        owner = use.actor

        def active() -> bool:
            return night.game.can_act(night.state.player(owner))

        def target_rule(n: Night, other: Use) -> str | None:
            # Every test is a pure read: the cheap and rarely passed one (aimed at him) first.
            # (Use.targets's first answer inlined: read for every use of the night)
            if owner in (other.targets if other.redirects else other.action.targets) and other.actor != owner \
                    and other.skill.acts_as(other.action) == "亂花" and active() \
                    and _country(n, other.actor) == _country(n, owner):
                return f"{owner} 先主（本國角色對其的亂花無效）"
            return None

        stabs.immune(night, stabs.all_of(stabs.on(owner), lambda n, stab: stab.actor != owner and active()
                                         and _country(n, stab.actor) == _country(n, owner)),
                     f"{owner} 先主（本國角色對其的刺殺無效）", what="本國角色對你")
        night.target_rules.append(target_rule)

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        if not night.state.player(owner).alive:
            return
        for other in night.uses:
            if other.implicit or other.skill.name != "明察" or other.state is _FAILED:  # (Use.name, no call)
                continue
            if other.actor != owner and owner in other.targets and _country(night, other.actor) == _country(night, owner):
                night.recognise(owner, other.actor, via=self.name)


@cache
def _active_identity_skills(excluded: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(n for n, impl in IDENTITY_SKILLS.items() if impl.kind is _ACTIVE and n not in excluded)


@cache
def _lent_to(excluded: tuple[str, ...], own: tuple[str, ...]) -> tuple[str, ...]:
    """亂世英雄's grant to a holder whose identity skills are ``own`` (by identity: few): the identity
    skills lent but ``excluded`` and ``own``. Keyed by the short ``excluded`` (two names), not by the
    list it gives (read per action checked: a long key is hashed anew at every call)."""
    return tuple(n for n in _active_identity_skills(excluded) if n not in own)


class Luanshi(CharacterSkill):
    """亂世英雄：使用後當夜，你可以發動一次除【刺殺】、【招賢納才】外的任意主動身份技能。

    WU3: submitted as 【亂世英雄】 (no target), and, listed before or after it (R27), the identity skill (``grants`` / ``refuse_with``) with its
    own targets and arguments (checked as that skill: 暗訪 a dead id, 方術 a country and an
    identity …). The identity skill is 亂世英雄's content: one success check, 亂世英雄's (當主動技能
    經過成功概率判定並判定成功使用後，技能的一切內容均一定成功生效); if 亂世英雄 fails, the borrowed
    skill is as if not used."""

    name = "亂世英雄"
    stage = "redirect"
    priority = -100  # first of its stage: the borrowed use wakes before any redirect looks at it
    targets = TargetRule(count=0)
    EXCLUDED = ("刺殺", "招賢納才")

    @classmethod
    def lendable(cls) -> tuple[str, ...]:
        """The identity skills it may lend (read once: the identity skills are fixed)."""
        return _active_identity_skills(cls.EXCLUDED)

    def grants(self, game: KK33Game, action: Any) -> tuple[str, ...]:
        player = game.state.player(action.actor)
        return _lent_to(self.EXCLUDED, game.identity_skills(player))

    def refuse_with(self, game: KK33Game, action: Any, other: Any, mine: list[str]) -> str | None:
        name = game._skill_name(other)
        lent = self.grants(game, action)
        if name in lent and any(m in lent for m in mine):
            return f"{other.actor} 使用【亂世英雄】當夜只能發動一次其他主動身份技能"
        return None

    def borrowed(self, night: Night, use: Use) -> Use | None:
        player = night.state.player(use.actor)
        own = set(night.game.identity_skills(player)) | set(player.skills)
        return next((u for u in night.uses if u.action.actor == use.actor and not u.implicit and u is not use
                     and u.skill.name in self.lendable() and u.skill.name not in own and not player.granted.get(u.skill.name)),
                    None)

    def prepare(self, night: Night, use: Use) -> None:
        other = self.borrowed(night, use)
        if other is not None:
            carry(night, use, other)  # dormant until 亂世英雄 is known to have gone off: no check of its own

    def apply(self, night: Night, use: Use) -> None:
        other = release(night, use)
        if other is None:
            night.note(f"{use.actor} 亂世英雄：當夜未發動其他身份技能")
            return
        night.note(f"{use.actor} 亂世英雄：當夜發動一次【{other.name}】")


# ---- 孫策 ----------------------------------------------------------------------
class Moni(CharacterSkill):
    """莫逆之交：*被*當你登場時，你與周瑜（若在場）互識，你與太史慈（若在場）互識。

    登場: the moment the lord's first life dies and he plays on as 孫策 (WU4). A passive limited
    skill: it works that once, and its owner is told it is used up."""

    name = "莫逆之交"
    kind = Kind.PASSIVE

    def on_enter(self, phase: Any, owner: str, entered: str, character: str) -> None:
        if entered != owner or not is_form(phase.game, character, "孫策"):
            return
        player = phase.state.player(owner)
        if player.used.get(self.name):
            return
        limits.consume(phase, owner, self.name)
        for partner in ("周瑜", "太史慈"):
            found = phase.game.in_play(partner)
            if found is not None and found.id != owner:
                recognise(phase, owner, found.id, via=self.name)
        phase.tell(owner, Feedback(self.name, "【莫逆之交】已觸發，此技能已消耗。", None, {"consumed": True}))


class Hengsao(CharacterSkill):
    """橫掃江東：選擇一項：
    1、指定1個ID，視為對其發動了一次【刺殺】；
    2、指定2個ID，視為你對他們和你自己發動了一次【刺殺】。

    The option is the number of ids given. Each 「視為…刺殺」 is settled as any 刺殺, his own
    one included (同國: 一半概率失效, 援護 …) (WU5)."""

    name = "橫掃江東"
    stage = "attack"
    targets = TargetRule(count=1, counts=(2,), self_allowed=False)

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        victims = list(use.targets) + ([owner] if len(use.targets) == 2 else [])
        for victim in victims:
            night.stab_as(owner, victim, by=f"{owner} 橫掃江東")


class Qunying(CharacterSkill):
    """群英薈萃：獲悉在場的所有角色。

    He learns the characters of every player in the game when the night begins, without
    their ids (the text names characters, not who plays them), in the roster's order (WU6)."""

    name = "群英薈萃"
    stage = "inform"
    targets = TargetRule(count=0)

    def prepare(self, night: Night, use: Use) -> None:
        vars(night)[f"群英薈萃:{use.actor}"] = [p.character for p in night.state.players.values() if p.alive]

    def apply(self, night: Night, use: Use) -> None:
        seen = vars(night).get(f"群英薈萃:{use.actor}") or []
        order = list(night.game.roster.characters)
        names = sorted(seen, key=lambda c: order.index(c) if c in order else len(order))
        night.tell(use.actor, Feedback(self.name, f"【群英薈萃】在場的所有角色：{'、'.join(names)}。", None,
                                       {"characters": names}))
        night.note(f"{use.actor} 群英薈萃：獲悉在場的{len(names)}名角色")


# ---- 孫權 ----------------------------------------------------------------------
class Tianyou(CharacterSkill):
    """天佑：*被*每次投票你的得票數均-3（最少為0）。"""

    name = "天佑"
    kind = Kind.PASSIVE

    def on_day(self, day: Day, owner: str) -> None:
        if not day.game.can_act(day.state.player(owner)):
            return

        votes.subtract(day, lambda d, tally: [(owner, 3)] if owner in tally else [],
                       lambda pid, before, after: f"{owner} 天佑：得票數-3（{before}→{after}）", what="你的")


class Zhongmou(StabShield):
    """仲謀稱臣：若曹丕不在場則失效。使用後當夜，所有針對你和曹丕的【刺殺】失效。魏吳聯盟達成（或延期）兩日兩夜。"""

    name = "仲謀稱臣"
    partner = "曹丕"
    alliance = ("魏", "吳")


class Sanfen(CharacterSkill):
    """三分制衡：使用後當夜，人數比本國人數多的國家對本國角色發動的【刺殺】無效，人數比本國少的國家對本國角色發動的【明察】、【亂花】（包括被指定為目標A或B）無效。劉備（若在場）失去技能【漢裔】。

    人數: the living players each country counts as when the night begins (群雄 counts as one
    side); a country as large as 吳 is neither (WU7)."""

    name = "三分制衡"
    stage = "protect"
    targets = TargetRule(count=0)

    def prepare(self, night: Night, use: Use) -> None:
        mine = _country(night, use.actor)
        sizes: dict[str, int] = {}
        for p in night.state.players.values():
            if p.alive:
                c = _country(night, p.id)
                sizes[c] = sizes.get(c, 0) + 1
        ours = sizes.get(mine, 0)

        def bigger(n: Night, stab: Use) -> bool:
            return sizes.get(_country(n, stab.actor), 0) > ours

        def smaller_at_ours(n: Night, other: Use) -> bool:
            return sizes.get(_country(n, other.actor), 0) < ours and any(_country(n, t) == mine for t in other.targets)

        stabs.immune(night, stabs.all_of(stabs.while_live(use), aimed_at_country(mine), bigger),
                     f"{use.actor} 三分制衡（人數比本國多的國家對本國角色發動的刺殺無效）",
                     what="人數比本國多的國家對本國角色發動")
        # (練兵's 亂花 is a 亂花: the skill it acts as)
        cancel.void_actions(night, cancel.all_of(cancel.while_live(use),
                                                 lambda n, other: other.skill.acts_as(other.action) in ("明察", "亂花"),
                                                 smaller_at_ours),
                            lambda n, other: f"{use.actor} 三分制衡（人數比本國少的國家對本國角色發動的"
                                             f"{other.skill.acts_as(other.action)}無效）",
                            what="人數比本國少的國家對本國角色發動的【明察】、【亂花】")

    def apply(self, night: Night, use: Use) -> None:
        night.note(f"{use.actor} 三分制衡：人數多於本國的國家的刺殺、少於本國的國家的明察與亂花對本國角色無效")
        liubei = night.game.in_play("劉備")
        if liubei is not None and skillbook.lose(night, liubei.id, "漢裔", via="漢裔"):
            night.note(f"{liubei.id}（劉備）因 {use.actor} 的三分制衡失去技能【漢裔】")


SKILLS: list[type[Skill]] = [Yinghun, Xianzhu, Luanshi, Moni, Hengsao, Qunying, Tianyou, Zhongmou, Sanfen]
