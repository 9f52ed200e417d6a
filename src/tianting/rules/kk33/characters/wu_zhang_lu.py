"""KK 3.3 character skills: 張昭, 呂蒙, 陸遜 (the second half of the 吳 軍師; the first is
``wu_strategists``: 周瑜 and the three 魯肅).

Every class quotes its rule text verbatim; the readings are in
``docs/rulings/kk33-wu_strategists.md`` (WU-S10 to WU-S15).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tianting.core import effects
from tianting.core.records import Action, Feedback
from tianting.core.skills import Kind, Skill, TargetRule, Use
from tianting.core.state import Player
from tianting.effects import country as countries
from tianting.effects import limits
from tianting.rules.kk33 import skillbook, texts
from tianting.rules.kk33.characters.common import spare_wound_halving
from tianting.rules.kk33.characters.wu_strategists import CharacterSkill, same_answer
from tianting.rules.kk33.harm import Harm, Level
from tianting.rules.kk33.identity import IDENTITY_SKILLS, SKILLS_OF_IDENTITY

if TYPE_CHECKING:
    from tianting.rules.kk33.game import KK33Game
    from tianting.rules.kk33.night import Night

# Enum members read once: reading one off its class is slow in Python 3.11 (EnumType.__getattr__).
_ACTIVE = Kind.ACTIVE
_PASSIVE = Kind.PASSIVE


# ---- 張昭 ----------------------------------------------------------------------
class Zhijian(CharacterSkill):
    """直諫：指定一個ID，若本國殺手當夜發動【刺殺】，則將【刺殺】的目標改為此ID，且本國殺手得知【刺殺】的新目標。

    Every 刺殺 a 本國 killer submitted tonight is aimed at the id (a redirect: two different
    redirects fall back on the killer, 衝突規則); each such killer is told the new target. With
    no such 刺殺 it does nothing (WU-S10)."""

    name = "直諫"
    stage = "redirect"

    def apply(self, night: Night, use: Use) -> None:
        owner, new = use.actor, use.targets[0]
        country = night.game.country_of(owner)
        stabs = [u for u in night.uses if u.skill.name == "刺殺" and not u.implicit and u.live
                 and night.state.player(u.actor).identity == "殺手" and night.game.country_of(u.actor) == country]
        if not stabs:
            night.note(f"{owner} 直諫 {new}：本國殺手當夜沒有發動刺殺")
            return
        for stab in stabs:
            stab.redirect(0, new, by=f"{owner} 直諫", source=use)
        night.note(f"{owner} 直諫：本國殺手的刺殺目標改為 {new}")

        def settle(n: Night) -> None:
            """The killers are told once the night's cancels are known: a 直諫 voided or failed since
            (火船沖陣 on 張昭) changed nothing, and tells nothing."""
            if not use.live:
                n.note(f"{owner} 直諫未生效：本國殺手的刺殺目標不變")
                return
            for killer in dict.fromkeys(s.actor for s in stabs if s.live):
                n.tell(killer, Feedback(self.name, f"【直諫】你的【刺殺】的新目標：{new}。", new, {"new_target": new}))

        night.settle_rules.append(settle)


class Guzheng(CharacterSkill):
    """固政：*被*本國角色受傷狀態下的行動成功率不受受傷影響。

    While he can act, a wounded 本國 player's active skills are not halved by the wound
    (other modifiers still apply)."""

    name = "固政"
    kind = Kind.PASSIVE
    stage = "redirect"
    targets = TargetRule(count=0)

    def prepare(self, night: Night, use: Use) -> None:
        country = night.game.country_of(use.actor)
        # The wound's halving is lifted once, however many skills lift it (two holders, 膽守 …).
        spare_wound_halving(night, lambda n, u: n.game.country_of(u.actor) == country)


class Tuogu(CharacterSkill):
    """託孤老臣：*被*本國君主發動【託孤】後，你與新君主互識。

    Right after the 本國 lord's 託孤 names the new lord, the holder (alive) and the new lord
    recognise each other; a passive limited skill: used up then, and he is told. Named himself,
    he has no one to recognise and it stays (WU-S11)."""

    name = "託孤老臣"
    kind = Kind.PASSIVE

    def on_entrust(self, phase: Any, owner: str, lord: str, heir: str) -> None:
        player = phase.state.player(owner)
        if player.used.get(self.name) or phase.state.player(lord).country != player.country or heir == owner:
            return
        limits.consume(phase, owner, self.name)  # (told after the 互識)
        effects.recognise(phase, owner, heir, self.name, texts.recognised)
        phase.tell(owner, Feedback(self.name, f"【{self.name}】已觸發並消耗。", None, {"consumed": self.name}))


# ---- 呂蒙 ----------------------------------------------------------------------
class Baiyi(CharacterSkill):
    """白衣渡江：使用後當夜，若關羽在場，你令其受傷，若關羽不在場，則蜀國軍師及殺手的行動成功率減半。

    「在場」 is read when the night begins. With 關羽 in play he is wounded (a harm of the night,
    cause 白衣渡江); without, the active skills of 蜀's 正軍師, 副軍師 and killers are halved
    (only if 白衣渡江 itself goes off: its check is rolled first of the night) (WU-S12)."""

    name = "白衣渡江"
    stage = "redirect"
    priority = -1600  # its own check is rolled first of the night: the halving then depends on it
    targets = TargetRule(count=0)

    def prepare(self, night: Night, use: Use) -> None:
        if night.game.in_play("關羽") is not None:
            return

        def modify(n: Night, u: Use) -> Fraction | None:
            player = n.state.player(u.actor)
            if use.live and u is not use and n.game.country_of(u.actor) == "蜀" \
                    and player.identity in ("正軍師", "副軍師", "殺手"):
                return Fraction(1, 2)
            return None

        night.rate_modifiers.append(modify)

    def apply(self, night: Night, use: Use) -> None:
        guan = night.game.in_play("關羽")
        if guan is None:
            night.note(f"{use.actor} 白衣渡江：關羽不在場，蜀國軍師及殺手的行動成功率減半")
            return

        def settle(n: Night) -> None:  # a 白衣渡江 failed or voided since (旋風, 火船沖陣) wounds no one
            if use.live:
                n.harms.append(Harm(guan.id, Level.WOUND, self.name, [use.actor],
                                    why=[f"{use.actor} 白衣渡江：令關羽 {guan.id} 受傷"]))

        night.settle_rules.append(settle)


KEEP, SWAP = "保留", "更換"


class Shibie(CharacterSkill):
    """士別三日：隨機學得一個在場角色的一項角色技能。學到技能後，你可以將其更為該角色的隨機一項身份技能的一次性發動權。（無法學習到覺醒技、隱藏技）

    One draw among the other living players who have a learnable skill (not 覺醒, not 隱藏, not
    one he holds), one draw among that player's such skills. He learns it (told the skill and
    the character it came from), then decides 保留 or 更換: 更換 gives instead a one-time right of
    one of that player's active identity skills, drawn (WU-S13)."""

    name = "士別三日"
    stage = "after"
    targets = TargetRule(count=0)

    def learnable(self, night: Night, owner: Player, other: Player, mine: list[str] | None = None) -> list[str]:
        """``other``'s skills ``owner`` may learn; ``mine``: ``owner``'s skills as the stage began, if
        the caller has read them already (the same list: nothing changes between the two reads)."""
        theirs = skillbook.held_as_stage_began(night, other.id)
        if mine is None:
            mine = skillbook.held_as_stage_began(night, owner.id)
        new = [s for s in theirs if s not in mine]
        if not new:
            return new
        info = {s.name: s for s in night.game.roster.characters[other.character].skills}
        return [s for s in new if not (s in info and (info[s].awaken or info[s].hidden))]

    def apply(self, night: Night, use: Use) -> None:
        owner = night.state.player(use.actor)
        mine = skillbook.held_as_stage_began(night, owner.id)  # read once for every other player
        pool = [p for p in night.state.players.values()
                if p.alive and p.id != owner.id and self.learnable(night, owner, p, mine)]
        if not pool:
            night.note(f"{owner.id} 士別三日：沒有可學習的角色技能")
            night.tell(owner.id, Feedback(self.name, "【士別三日】沒有可學習的角色技能。", None, {"learned": None}))
            return
        source = night.rng.pick(f"士別三日 {owner.id} 角色", pool, lambda p: p.character)
        skill = night.rng.pick(f"士別三日 {owner.id} 技能", self.learnable(night, owner, source))
        night.tell(owner.id, Feedback(self.name, f"【士別三日】你學得{source.character}的技能【{skill}】。", None,
                                      {"learned": skill, "character": source.character}))
        actives = [n for n in SKILLS_OF_IDENTITY.get(source.identity, ())
                   if n in IDENTITY_SKILLS and IDENTITY_SKILLS[n].kind is _ACTIVE]
        # 「你可以將其更為…」: unanswered, he keeps what he learned (R32: the harmless default is not to use it).
        answer = night.book.choose(night.rng, owner.id, self.name, [KEEP, SWAP], same_answer, default=KEEP) \
            if actives else KEEP
        if answer == SWAP:
            right = night.rng.pick(f"士別三日 {owner.id} 身份技能", actives)
            skillbook.lend(night, owner.id, right, via=self.name)
            night.note(f"{owner.id} 士別三日：將【{skill}】更為{source.character}的【{right}】一次性發動權")
            return
        skillbook.gain(night, owner.id, skill, via=self.name, tell=False)


# ---- 陸遜 ----------------------------------------------------------------------
class Qianxun(CharacterSkill):
    """謙遜：使用後當夜，你可以額外發動一次【暗訪】。

    The extra 暗訪 is submitted with 謙遜 (before or after it, R27); if 謙遜 fails its check, the extra fails with it."""

    name = "謙遜"
    stage = "after"
    targets = TargetRule(count=0)

    def extra_uses(self, game: KK33Game, action: Action) -> list[tuple[str, str, int]]:
        return [(action.actor, "暗訪", 1)]

    def apply(self, night: Night, use: Use) -> None:
        night.note(f"{use.actor} 謙遜：當夜可額外發動一次暗訪")


class Chujiang(CharacterSkill):
    """出將入相：*被*當本國正軍師死亡時，你與其互識。你可以選擇將你的身份改為正軍師，然後你失去所有角色技能，並獲得原正軍師尚未消耗的角色技能。孫權在場時，此技能無效。

    On the death (out of the game) of a 本國 正軍師, while 孫權 is not in play: he and the dead
    recognise each other; then he decides 改為正軍師 or 不改 (default: no change). Changing, he
    becomes 正軍師, loses every character skill and gains the dead's skills not used up — a
    limited skill used, or one triggered by that very death (英才早逝), is used up (WU-S14)."""

    name = "出將入相"
    kind = Kind.PASSIVE
    YES, NO = "改為正軍師", "不改"

    def on_death(self, phase: Any, owner: str, dead: str, cause: str, sources: list[str]) -> None:
        state = phase.state
        me, gone = state.player(owner), state.player(dead)
        if dead == owner or not me.alive or me.used.get(self.name):
            return
        if gone.alive or gone.identity != "正軍師" or gone.country != me.country:
            return
        if phase.game.in_play("孫權") is not None:
            phase.note(f"{owner} 出將入相：孫權在場，此技能無效")
            return
        limits.consume(phase, owner, self.name)
        effects.recognise(phase, owner, dead, self.name, texts.recognised)
        answer = phase.book.choose(state.rng, owner, self.name, [self.YES, self.NO], same_answer, default=self.NO)
        if answer != self.YES:
            phase.tell(owner, Feedback(self.name, f"【{self.name}】已觸發並消耗：你沒有改變身份。", None,
                                       {"consumed": self.name, "changed": False}))
            return
        game = phase.game
        kept = [s for s in gone.skills if not (game.skills.get(s) is not None and game.skills[s].limited
                                                and (gone.used.get(s) or _fires_on_own_death(game, s)))]
        me.identity = "正軍師"
        for s in list(me.skills):
            skillbook.lose(phase, owner, s, via=self.name)
        for s in kept:
            skillbook.gain(phase, owner, s, via=self.name)
        phase.tell(owner, Feedback(self.name, f"【{self.name}】你的身份改為正軍師。", None,
                                   {"consumed": self.name, "changed": True, "skills": kept}))
        phase.note(f"{owner} 出將入相：身份改為正軍師，獲得{'、'.join(kept) or '無'}")


def _fires_on_own_death(game: Any, name: str) -> bool:
    impl = game.skills.get(name)
    return impl is not None and impl.kind is _PASSIVE and type(impl).on_death is not Skill.on_death


class Huoshaolianying(CharacterSkill):
    """火燒連營：*全*使用後當夜，所有蜀國角色的行動成功率減半。若劉備在場，你令其受傷。魏吳聯盟達成（或延期）兩日兩夜。

    Every effect depends on the use being live (正諫 fails it before the checks; 送圖問計 prevents
    the wound, whose cause is 火燒連營)."""

    name = "火燒連營"
    kind = Kind.GLOBAL
    stage = "attack"
    targets = TargetRule(count=0)

    def prepare(self, night: Night, use: Use) -> None:
        night.rate_modifiers.append(
            lambda n, u: Fraction(1, 2) if use.live and u is not use and n.game.country_of(u.actor) == "蜀" else None)

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        liu = night.game.in_play("劉備")
        if liu is not None:
            night.harms.append(Harm(liu.id, Level.WOUND, self.name, [owner], why=[f"{owner} 火燒連營：令劉備 {liu.id} 受傷"]))
        countries.alliance(night, "魏", "吳", by=owner)
        night.note(f"{owner} 火燒連營：所有蜀國角色的行動成功率減半；魏吳聯盟達成（或延期）兩日兩夜")


SKILLS: list[type[Skill]] = [
    Zhijian, Guzheng, Tuogu,
    Baiyi, Shibie,
    Qianxun, Chujiang, Huoshaolianying,
]
