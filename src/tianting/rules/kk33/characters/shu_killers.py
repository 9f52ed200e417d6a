"""KK 3.3 character skills: shu_killers (關羽、張飛、馬超、黃忠、馬岱).

Every class quotes its rule text verbatim; the rulings on ambiguous sentences
are in ``docs/rulings/kk33-shu_killers.md`` (SK1 …).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from tianting.core.records import Feedback
from tianting.core.skills import Kind, Skill, TargetRule, Use
from tianting.core.state import Effect, GameState, phase_number
from tianting.effects import cancel, delayed, votes
from tianting.effects import harm as harms
from tianting.effects import stab as stabs
from tianting.rules.kk33.characters.common import StabShield, harmed_in_country, killer_of
from tianting.rules.kk33.characters.wei_killers import (
    CharacterSkill,
    YingxiongXiangxi,
    stabs_made_by,
)
from tianting.rules.kk33.harm import Harm, Level

if TYPE_CHECKING:
    from tianting.rules.kk33.night import Night

REMOVAL_MARK = "（退出歷史舞台）"
"""How :func:`tianting.rules.kk33.deaths.kill` marks the cause of a 退出歷史舞台 in the phase's deaths."""


def exited_history(phase: Any, pid: str) -> bool:
    """Did ``pid``'s character just 退出歷史舞台 in ``phase`` (not an ordinary death)? A lord who
    plays on (轉生) counts: his first character left the stage of history."""
    return any(d.id == pid and d.cause.endswith(REMOVAL_MARK) for d in phase.deaths)


# ---- 關羽 ------------------------------------------------------------------------
class Wusheng(CharacterSkill):
    """武聖：*被*當一名本國角色退出歷史舞台後，你獲得一次額外的【刺殺】。

    The extra 刺殺 counts in the next night's number of 刺殺 of his country
    (殺手於每夜開始時得知當夜可以發動【刺殺】的次數), once per exit; it is his, so
    it is gone if he dies before that night (SK1).
    """

    name = "武聖"
    kind = Kind.PASSIVE
    VIA = "武聖"

    def on_death(self, phase: Any, owner: str, dead: str, cause: str, sources: list[str]) -> None:
        if dead == owner:
            # 你獲得: an extra 刺殺 not yet made is lost with him.
            left = [e for e in phase.state.effects if e.kind == "stab-bonus" and e.owner == owner
                    and e.data.get("via") == self.VIA and e.at > phase.index]
            for effect in left:
                phase.state.effects.remove(effect)
            if left:
                phase.note(f"{owner} 死亡：武聖給予的額外刺殺作廢")
            return
        owner_player = phase.state.player(owner)
        if not owner_player.alive or not exited_history(phase, dead):
            return
        country = phase.game.country_of(owner)
        if phase.game.country_of(dead) != country:
            return
        at = delayed.schedule(phase, delayed.NEXT_NIGHT, "stab-bonus", owner, {"country": country, "n": 1, "via": self.VIA}).at
        phase.tell(owner, Feedback(self.name, f"【武聖】一名本國角色退出歷史舞台，你獲得一次額外的【刺殺】"
                                   f"（第{phase_number(at)}夜可以使用）。", None, {"extra_stab_night": phase_number(at)}))
        phase.note(f"{dead} 退出歷史舞台：{owner} 武聖，第{phase_number(at)}夜{country}國可額外發動一次刺殺")


class YingxiongXiangqi(YingxiongXiangxi):
    """英雄相器：*被*當你【刺殺】的目標為張遼時，該【刺殺】無效，且你與張遼互識。此後本國殺手對張遼的【刺殺】均無效。魏蜀聯盟達成（或延期）兩日兩夜。"""

    name = "英雄相器"
    hero = "張遼"


class ShuiyanQijun(CharacterSkill):
    """水淹七軍：使用後當夜，魏國殺手的【刺殺】無效。

    Every 刺殺 a 魏 killer makes tonight (submitted or 視為) is 無效; a 刺殺 of
    someone else (a 護衛's 視為刺殺) is not a 魏國殺手's (SK2).
    """

    name = "水淹七軍"
    targets = TargetRule(count=0)
    stage = "protect"

    def prepare(self, night: Night, use: Use) -> None:
        stabs.immune(night, stabs.all_of(stabs.while_live(use), killer_of("魏")),
                     f"{use.actor} 水淹七軍：魏國殺手的刺殺無效", what="魏國殺手")

    def apply(self, night: Night, use: Use) -> None:
        night.note(f"{use.actor} 水淹七軍：當夜魏國殺手的刺殺無效")


# ---- 張飛 ------------------------------------------------------------------------
class Nuhou(CharacterSkill):
    """怒吼：*被*若你的【刺殺】的ID於結算後仍存活，則其次日及以後的投票均無效，並且退出遊戲時無法留下遺言。

    Like 憤勇: any 刺殺 of his that went off (not 發動失敗), whose target is
    still in the game once the night is settled; from the next day on, for
    good, whether 張飛 lives or not. No feedback to anyone (SK3).
    """

    name = "怒吼"
    kind = Kind.PASSIVE
    stage = "death"
    priority = 100  # once every death of the night is known
    KEY = "怒吼"

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        died = {d.id for d in night.deaths}
        marked: list[str] = night.state.extra.setdefault(self.KEY, [])
        for target in dict.fromkeys(u.targets[0] for u in stabs_made_by(night, owner)):
            if not night.state.player(target).alive or target in died:
                continue
            night.note(f"{owner} 的刺殺目標 {target} 於結算後仍存活：怒吼令其次日及以後的投票均無效，退出遊戲時無法留下遺言")
            if target in marked:
                continue
            marked.append(target)
            delayed.schedule(night, delayed.NEXT_DAY, self.name, owner, {"target": target})

    def on_effect(self, phase: Any, effect: Effect) -> None:
        target = effect.data["target"]
        if not phase.state.player(target).alive:
            return
        if hasattr(phase, "vote_rules"):
            votes.void(phase, votes.cast_by(target), "怒吼：次日及以後的投票均無效", what=target)
        if hasattr(phase, "last_words_rules"):
            phase.last_words_rules.append(lambda night, pid: "怒吼：退出遊戲時無法留下遺言" if pid == target else None)
        delayed.schedule(phase, delayed.NEXT_PHASE, self.name, effect.owner, dict(effect.data))


class YingquXinqi(StabShield):
    """迎娶新妻：若夏侯涓不在場則失效。使用後當夜，所有針對你和夏侯涓的【刺殺】失效。夏侯涓失去技能【連理並蒂】。魏蜀聯盟達成（或延期）兩日兩夜。"""

    name = "迎娶新妻"
    partner = "夏侯涓"
    alliance = ("魏", "蜀")

    def also(self, night: Night, use: Use, partner: str | None) -> None:
        from tianting.rules.kk33 import skillbook

        if partner is not None:
            skillbook.lose(night, partner, "連理並蒂", via=self.name)


# ---- 馬超 ------------------------------------------------------------------------
def _own_stab_proof(name: str, owner: str) -> Callable[[Night, Use], str | None]:
    """A stab proof (``guard_proof``/``rule_proof``): ``owner``'s own 刺殺 is proof while they hold ``name``."""
    def proof(n: Night, stab: Use) -> str | None:
        return f"{owner} {name}" if stab.actor == owner and name in n.state.player(owner).skills else None
    return proof


class Tieqi(CharacterSkill):
    """鐵騎：*被*你的【刺殺】不能被【援護】抵消。

    A 援護 on his target does not void his 刺殺; that target is then the target
    of a valid 刺殺, so the 援護 wounds no one (SK4).
    """

    name = "鐵騎"
    kind = Kind.PASSIVE
    stage = "attack"

    def prepare(self, night: Night, use: Use) -> None:
        night.guard_proof.append(_own_stab_proof(self.name, use.actor))


class Benxi(CharacterSkill):
    """奔襲：使用後當夜，本國殺手無法發動【刺殺】，次夜本國殺手可發動【刺殺】的次數+1。

    A 刺殺 of a killer of his country tonight fails (發動失敗: its killer is told),
    like 巧變's; the +1 is added to the next night's count (SK5).
    """

    name = "奔襲"
    targets = TargetRule(count=0)
    stage = "after"

    def prepare(self, night: Night, use: Use) -> None:
        country = night.game.country_of(use.actor)

        cancel.block(night, cancel.all_of(cancel.while_live(use), cancel.named("刺殺"), killer_of(country)),
                     f"{use.actor} 奔襲：當夜本國殺手無法發動刺殺", what="當夜本國殺手的【刺殺】")

    def apply(self, night: Night, use: Use) -> None:
        country = night.game.country_of(use.actor)
        delayed.schedule(night, delayed.NEXT_NIGHT, "stab-bonus", use.actor, {"country": country, "n": 1, "via": self.name})
        night.note(f"{use.actor} 奔襲：當夜{country}國殺手無法發動刺殺，次夜可發動刺殺的次數+1")


# ---- 黃忠 ------------------------------------------------------------------------
class Liegong(CharacterSkill):
    """烈弓：*被*從第四夜開始，每晚你的【刺殺】可以指定兩個目標。

    Read by the game's check of targets (:meth:`KK33Game.more_targets`): from
    night 4 his 刺殺 may name two different ids; it is one 刺殺 of the
    country's count, settled on each target as a 刺殺 of its own (SK6).
    """

    name = "烈弓"
    kind = Kind.PASSIVE
    stage = "attack"
    FIRST_NIGHT = 4
    form_targets: ClassVar[dict[str, tuple[int, ...]]] = {"刺殺": (2,)}
    """What the player's form offers (the view): 刺殺 with one or two ids."""

    def apply(self, night: Night, use: Use) -> None:
        for stab in night.uses_by(use.actor):
            if stab.name == "刺殺" and len(stab.action.targets) > 1:
                night.note(f"{use.actor} 烈弓：刺殺指定了兩個目標（{'、'.join(stab.targets)}）")

    def more_targets(self, state: GameState, pid: str, skill: str) -> tuple[int, ...]:
        """Read by the game's check of targets (:meth:`KK33Game.more_targets`)."""
        if skill == "刺殺" and phase_number(state.index) >= self.FIRST_NIGHT:
            return (2,)
        return ()


class LaodangYizhuang(CharacterSkill):
    """老當益壯：指定一個ID，令其受傷。"""

    name = "老當益壯"
    stage = "attack"

    def apply(self, night: Night, use: Use) -> None:
        target = use.targets[0]
        night.harms.append(Harm(target, Level.WOUND, self.name, [use.actor], why=[f"{use.actor} 老當益壯令其受傷"]))
        night.note(f"{use.actor} 老當益壯：令 {target} 受傷")


# ---- 馬岱 ------------------------------------------------------------------------
class Fengqi(CharacterSkill):
    """鋒騎：*被*你的【刺殺】不能被角色技能抵消。

    No character skill's rule makes his 刺殺 無效 or 失效 (every ``stab_rules``
    entry is a character skill's: 青梅煮酒, 英雄相惜, 水淹七軍, 單騎救主 …);
    identity skills (援護, 急救), the same-country chance, and skills that
    prevent or lessen the harm to the target are not 抵消 of the 刺殺 (SK7).
    """

    name = "鋒騎"
    kind = Kind.PASSIVE
    stage = "attack"

    def prepare(self, night: Night, use: Use) -> None:
        night.rule_proof.append(_own_stab_proof(self.name, use.actor))


class BoluanFanzheng(CharacterSkill):
    """撥亂反正：指定一個ID，防止其當夜對本國角色造成的致傷或致死效果。該技能消耗後，諸葛亮的【七星】不再受魏延影響。

    A harm on a 本國 character whose every source is the named id is prevented;
    a merged 刺殺 with another killer still strikes (SK8). The second sentence
    is read by 七星 through :func:`qixing_free_of_weiyan`.
    """

    name = "撥亂反正"
    stage = "protect"

    def prepare(self, night: Night, use: Use) -> None:
        named = use.targets[0]
        country = night.game.country_of(use.actor)

        harms.prevent(night, harms.all_of(harms.while_live(use), harms.only_from(named), harmed_in_country(country)),
                      f"{use.actor} 撥亂反正：防止 {named} 當夜對本國角色造成的致傷或致死效果",
                      what=f"{named}當夜對本國角色造成")

    def apply(self, night: Night, use: Use) -> None:
        night.note(f"{use.actor} 撥亂反正：防止 {use.targets[0]} 當夜對本國角色造成的致傷或致死效果")


def qixing_free_of_weiyan(state: GameState) -> bool:
    """撥亂反正「該技能消耗後，諸葛亮的【七星】不再受魏延影響」: has anyone's 撥亂反正 been used up?"""
    return any(p.used.get(BoluanFanzheng.name) for p in state.players.values())


SKILLS: list[type[Skill]] = [
    Wusheng, YingxiongXiangqi, ShuiyanQijun,
    Nuhou, YingquXinqi,
    Tieqi, Benxi,
    Liegong, LaodangYizhuang,
    Fengqi, BoluanFanzheng,
]
