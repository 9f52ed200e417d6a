"""KK 3.3 character skills: wei_killers (夏侯惇、夏侯淵、張遼、曹仁、張郃).

Every class quotes its rule text verbatim; the rulings on ambiguous sentences
are in ``docs/rulings/kk33-wei_killers.md``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.core.records import Action, Feedback
from tianting.core.skills import Kind, Skill, TargetRule, Use, UseState
from tianting.core.state import Effect, GameState, phase_number
from tianting.effects import country as countries
from tianting.effects import delayed, limits, votes
from tianting.effects import harm as harms
from tianting.effects import stab as stabs
from tianting.rules.kk33 import skillbook
from tianting.rules.kk33.characters.common import (
    CharacterSkill,
    StabShield,
    harmed_in_country,
    killer_of,
)
from tianting.rules.kk33.characters.wei_jiaxu_xunyou_chengyu import LUANWU_STAB
from tianting.rules.kk33.harm import Harm, Level

if TYPE_CHECKING:
    from tianting.rules.kk33.game import KK33Game
    from tianting.rules.kk33.night import Night

NEXT_NIGHT = 2
"""Phase indices from one night to the next (次夜)."""

# Enum members read once: reading one off its class is slow in Python 3.11 (EnumType.__getattr__).
_FAILED = UseState.FAILED


# ---- helpers ---------------------------------------------------------------------
def is_character(game: KK33Game, pid: str, name: str) -> bool:
    """``pid`` plays ``name`` now (any form of it)."""
    player = game.state.player(pid)
    return player.character == name or game.roster.characters[player.character].base == name


def aimed_at_character(name: str) -> stabs.StabTest:
    """「當你【刺殺】的目標為X時」: the stab aims at whoever plays ``name`` now (any form of it)."""
    return lambda phase, stab: is_character(phase.game, stab.targets[0], name)


def stabs_made_by(night: Night, pid: str) -> list[Use]:
    """The 刺殺 ``pid`` made tonight: submitted or 視為, not failed (發動失敗 is as if not made)."""
    # (u.skill.name and u.action.actor: Use.name and Use.actor, without the properties' calls)
    return [u for u in night.uses if u.action.actor == pid and u.skill.name == "刺殺" and u.state is not _FAILED]


def is_country_killer(night: Night, pid: str, country: str) -> bool:
    """本國殺手: a killer of ``country``."""
    return night.state.player(pid).identity == "殺手" and night.game.country_of(pid) == country


# ---- 夏侯惇 ----------------------------------------------------------------------
class Ganglie(CharacterSkill):
    """剛烈：*被*投票對象為你的角色的得票數+1。"""

    name = "剛烈"
    kind = Kind.PASSIVE

    def on_day(self, day: Any, owner: str) -> None:
        # (his own self-vote is not a vote against him)
        votes.add(day, lambda d: [(voter, 1, f"{voter} 的投票對象為 {owner}：得票數+1（剛烈）")
                                  for voter, target in d.counted.items() if target == owner and voter != owner],
                  what="投票給你的人")


class Fenyong(CharacterSkill):
    """憤勇：*被*若你的【刺殺】的目標於結算後仍存活，則你令其受傷。"""

    name = "憤勇"
    kind = Kind.PASSIVE
    stage = "death"
    priority = 100  # once every death of the night is known

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        died = {d.id for d in night.deaths}
        targets = list(dict.fromkeys(u.targets[0] for u in stabs_made_by(night, owner)))
        for target in targets:
            if not night.state.player(target).alive or target in died:
                continue
            # No feedback: the text grants none, and telling him would say whether the wound was prevented.
            night.note(f"{owner} 的刺殺目標 {target} 於結算後仍存活：憤勇令其受傷")
            night.apply_harm(Harm(target, Level.WOUND, self.name, [owner],
                                  why=[f"{owner} 的刺殺目標於結算後仍存活（憤勇）"]))


class CaoKin(CharacterSkill):
    """曹氏宗親：*被*當你【刺殺】的目標為曹操時，該【刺殺】無效，且你與曹操互識。

    A passive limited skill (所有的非二字技能稱為限定技能，只能使用一次): the first
    night a 刺殺 of its owner (not 發動失敗) has 曹操 as its final target, every
    such 刺殺 of his that night is 無效, the two recognise each other, the skill
    is used up and its owner is told so (被動的限定技能消耗時…會收到相關反饋).
    Afterwards his 刺殺 on 曹操 is checked like any other (WK4).
    """

    name = "曹氏宗親"
    kind = Kind.PASSIVE
    stage = "harm"  # after the stabs are settled

    def prepare(self, night: Night, use: Use) -> None:
        owner = use.actor
        if limits.spent(night, owner, self.name):
            return

        stabs.immune(night, stabs.all_of(stabs.by(owner), lambda n, stab: self.name in n.state.player(owner).skills,
                                         aimed_at_character("曹操")),
                     f"{owner} 曹氏宗親：刺殺的目標為曹操", what="你對曹操")

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        if self.name not in night.state.player(owner).skills or limits.spent(night, owner, self.name):
            return  # lost tonight before the stabs were settled, or used up on an earlier night
        hit = next((t for t in dict.fromkeys(u.targets[0] for u in stabs_made_by(night, owner))
                    if is_character(night.game, t, "曹操") and t != owner), None)
        if hit is None:
            return
        limits.consume(night, owner, self.name, note=True)
        night.tell(owner, Feedback(self.name, "【曹氏宗親】你【刺殺】的目標為曹操，該【刺殺】無效，你與曹操互識。"
                                   "（限定技能已消耗）", hit, {"target": hit, "consumed": True}))
        night.recognise(owner, hit, via=self.name)


class BashiDanjing(CharacterSkill):
    """拔矢啖睛：*被*你於夜間受到致命一擊時，你不會死亡，但從此失去技能【曹氏宗親】。

    「於夜間」: not in the day's action pass (甘寧's 刺殺 at the vote): ``night_only`` (as 樂不思蜀 and 天儀, SL6, SS12)."""

    # Hand-written prevention: it consumes, tells and takes a skill away as it triggers (effects.harm tests no side effects).
    name = "拔矢啖睛"
    kind = Kind.PASSIVE
    night_only = True
    stage = "harm"

    def prepare(self, night: Night, use: Use) -> None:
        owner = use.actor

        def prevent(n: Night, harm: Harm) -> str | None:
            if harm.target != owner or limits.spent(n, owner, self.name) or not n.is_fatal(harm):
                return None
            limits.consume(n, owner, self.name, note=True)
            n.tell(owner, Feedback(self.name, "【拔矢啖睛】你於夜間受到致命一擊，你不會死亡，但從此失去技能【曹氏宗親】。",
                                   None, {"prevented": True, "consumed": True}))
            skillbook.lose(n, owner, "曹氏宗親", via=self.name)
            return f"{owner} 拔矢啖睛：不會死亡"
        night.harm_preventions.append(prevent)


# ---- 夏侯淵 ----------------------------------------------------------------------
class ExtraStab(CharacterSkill):
    """「當夜你可以額外發動一次【刺殺】」: one more 刺殺 for the country tonight."""

    targets = TargetRule(count=0)
    stage = "after"

    def stab_bonus(self, game: Any, action: Action) -> int:
        return 1

    def apply(self, night: Night, use: Use) -> None:
        night.note(f"{use.actor} 【{self.name}】：當夜本國可額外發動一次刺殺")


class Shensu(ExtraStab):
    """神速：使用後當夜，你可以額外發動一次【刺殺】，但次夜本國殺手均無法發動【刺殺】。"""

    name = "神速"

    def apply(self, night: Night, use: Use) -> None:
        country = night.game.country_of(use.actor)
        delayed.schedule(night, delayed.NEXT_NIGHT, "no-stab", use.actor, {"country": country})
        night.note(f"{use.actor} 神速：當夜額外一次刺殺，次夜{country}國殺手均無法發動刺殺")


class FromNight(ExtraStab):
    """「第N夜及之後的夜晚可以使用」: an illegal action before that night."""

    first_night: int = 1

    def validate(self, state: GameState, action: Action) -> None:
        number = phase_number(state.index)
        if number < self.first_night:
            raise IllegalAction(f"【{self.name}】第{self.first_night}夜及之後的夜晚才可以使用（今夜為第{number}夜）",
                                "too-early")


class SanriWubai(FromNight):
    """三日五百：第三夜及之後的夜晚可以使用。當夜你可以額外發動一次【刺殺】。"""

    name = "三日五百"
    first_night = 3


class LiuriYiqian(FromNight):
    """六日一千：第六夜及之後的夜晚可以使用。當夜你可以額外發動一次【刺殺】。"""

    name = "六日一千"
    first_night = 6


# ---- 張遼 ------------------------------------------------------------------------
class YingxiongXiangxi(CharacterSkill):
    """英雄相惜：*被*當你【刺殺】的目標為關羽時，該【刺殺】無效，且你與關羽互識。此後本國殺手對關羽的【刺殺】均無效。魏蜀聯盟達成（或延期）兩日兩夜。

    One class for the pair: 關羽's 英雄相器 (⊙蜀國篇) is the same text with 張遼
    in place of 關羽; a subclass names its ``hero``.
    """

    name = "英雄相惜"
    kind = Kind.PASSIVE
    stage = "harm"  # after the stabs are settled
    hero = "關羽"
    """The character whose 刺殺 by the owner is 無效 (「當你【刺殺】的目標為X時」)."""

    def prepare(self, night: Night, use: Use) -> None:
        owner = use.actor
        if limits.spent(night, owner, self.name):
            return

        stabs.immune(night, stabs.all_of(stabs.by(owner), aimed_at_character(self.hero)),
                     f"{owner} {self.name}：刺殺的目標為{self.hero}", what=f"你對{self.hero}")

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        if limits.spent(night, owner, self.name):
            return
        hero = self.hero
        hit = next((u.targets[0] for u in stabs_made_by(night, owner)
                    if is_character(night.game, u.targets[0], hero) and u.targets[0] != owner), None)
        if hit is None:
            return
        limits.consume(night, owner, self.name, note=True)
        country = night.game.country_of(owner)
        night.tell(owner, Feedback(self.name, f"【{self.name}】你【刺殺】的目標為{hero}，該【刺殺】無效，你與{hero}互識；"
                                   f"此後本國殺手對{hero}的【刺殺】均無效。魏蜀聯盟達成（或延期）兩日兩夜。",
                                   hit, {"target": hit, "consumed": True}))
        night.recognise(owner, hit, via=self.name)
        delayed.schedule(night, delayed.NEXT_NIGHT, self.name, owner, {"hero": hit, "country": country})
        night.note(f"此後{country}國殺手對 {hit}（{hero}）的刺殺均無效（{self.name}）")
        countries.alliance(night, "魏", "蜀", by=owner)

    def on_effect(self, phase: Any, effect: Effect) -> None:
        """此後本國殺手對X的【刺殺】均無效: renewed every night, whoever is alive."""
        if not hasattr(phase, "stab_rules"):
            return
        hero, country = effect.data["hero"], effect.data["country"]
        stabs.immune(phase, stabs.all_of(stabs.on(hero), killer_of(country)),
                     f"{self.name}：此後{country}國殺手對{self.hero}的刺殺均無效", what=f"{country}國殺手對{self.hero}")
        delayed.schedule(phase, delayed.NEXT_NIGHT, self.name, effect.owner, dict(effect.data))


class GushouHefei(StabShield):
    """固守合肥：若曹操不在場則失效。使用後當夜，所有針對曹操的【刺殺】失效。"""

    name = "固守合肥"
    partner = "曹操"
    shield_owner = False


class WeizhenXiaoyaojin(CharacterSkill):
    """威震逍遙津：*全*使用後當夜，所有吳國角色的行動成功率減半。魏吳聯盟（若有）破裂。

    孫堅's 英魂 makes it fail in ``prepare`` (before any check): the alliance is therefore broken
    only at the first resolution stage, by a use that went off — still before any 刺殺 of the
    night is settled, so the broken alliance no longer counts tonight (WK10)."""

    name = "威震逍遙津"
    kind = Kind.GLOBAL
    targets = TargetRule(count=0)
    stage = "redirect"
    priority = -200

    def prepare(self, night: Night, use: Use) -> None:
        def halve(n: Night, other: Use) -> Fraction | None:
            if use.live and n.game.country_of(other.actor) == "吳":
                return Fraction(1, 2)
            return None
        night.rate_modifiers.append(halve)

    def apply(self, night: Night, use: Use) -> None:
        night.note(f"{use.actor} 威震逍遙津：當夜所有吳國角色的行動成功率減半")
        # 魏吳聯盟（若有）破裂: from tonight on (no 同盟 half chance for tonight's 魏↔吳 刺殺).
        for alliance in night.state.alliances:
            if alliance.joins("魏", "吳") and alliance.end >= night.index:
                alliance.end = night.index - 1
                night.note(f"{use.actor} 威震逍遙津：魏吳聯盟破裂（當夜起不再生效）")


# ---- 曹仁 ------------------------------------------------------------------------
class JushouFancheng(CharacterSkill):
    """據守樊城：使用後當夜，本國殺手的【刺殺】造成的傷害減輕，本國角色受到的傷害減輕。"""

    name = "據守樊城"
    targets = TargetRule(count=0)
    stage = "protect"

    def prepare(self, night: Night, use: Use) -> None:
        country = night.game.country_of(use.actor)

        def by_killers(n: Night, harm: harms.HarmLike) -> bool:
            return harm.cause == "刺殺" and bool(harm.sources) and all(
                is_country_killer(n, s, country) for s in harm.sources)

        ours = harmed_in_country(country)
        harms.lessen(night, harms.all_of(harms.while_live(use), lambda n, harm: by_killers(n, harm) or ours(n, harm)),
                     lambda n, harm: f"{use.actor} 據守樊城：本國殺手的刺殺造成的傷害減輕" if by_killers(n, harm)
                     else f"{use.actor} 據守樊城：本國角色受到的傷害減輕", what="本國殺手的刺殺造成的、本國角色")

    def apply(self, night: Night, use: Use) -> None:
        night.note(f"{use.actor} 據守樊城：當夜本國殺手的刺殺造成的傷害與本國角色受到的傷害減輕")


class JianvAnwu(StabShield):
    """嫁女安吳：若吳國已滅國則失效。使用後當夜，所有針對你和吳國君主（或新任君主）的【刺殺】失效。魏吳聯盟達成（或延期）兩日兩夜。"""

    name = "嫁女安吳"
    alliance = ("魏", "吳")

    def partner_id(self, night: Night, use: Use) -> str | None:
        return wu_lord(night)

    def absent(self, night: Night, use: Use) -> str | None:
        if "吳" in night.state.eliminated or "吳" not in night.game.kingdoms:
            return "吳國已滅國"
        return None


def wu_lord(night: Night) -> str | None:
    """吳國君主（或新任君主）: the living lord of 吳 now."""
    lord = next((p for p in night.state.players.values()
                 if p.alive and p.country == "吳" and p.identity == "君主"), None)
    return lord.id if lord else None


# ---- 張郃 ------------------------------------------------------------------------
class Qiaobian(CharacterSkill):
    """巧變：使用後當夜，本國殺手無法發動【刺殺】，隨機獲悉一個其他國角色以本國角色為目標的技能，並將此技能的目標轉移為一名隨機角色。優先獲悉【刺殺】。"""

    name = "巧變"
    targets = TargetRule(count=0)
    stage = "redirect"
    priority = 900
    """After every other skill of the redirect stage (WK13, R49): it learns a skill as the others left it
    (moved, failed, void), never as seat order would have it half done."""

    def prepare(self, night: Night, use: Use) -> None:
        """本國殺手無法發動【刺殺】: settled once redirects and cancels are known (a void 巧變 blocks nothing)."""
        def block(n: Night, stab: Use) -> str | None:
            if use.live and stab.name == "刺殺" and is_country_killer(n, stab.actor, n.game.country_of(use.actor)):
                return f"{use.actor} 巧變：當夜本國殺手無法發動刺殺"
            return None
        night.block_rules.append(block)

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        country = night.game.country_of(owner)

        def ours(pid: str) -> bool:
            return night.state.player(pid).alive and night.game.country_of(pid) == country

        # Submitted actions, and the extra 刺殺 of 文和亂武 (made earlier in this stage).
        candidates = [u for u in night.uses
                      if (not u.implicit or LUANWU_STAB in u.notes) and u.live and u is not use
                      and night.game.country_of(u.actor) != country and any(ours(t) for t in u.targets)]
        if not candidates:
            night.tell(owner, Feedback(self.name, "【巧變】今夜沒有其他國角色以本國角色為目標的技能。", None,
                                       {"skill": None, "targets": []}))
            night.note(f"{owner} 巧變：沒有其他國角色以本國角色為目標的技能")
            return
        pool = [u for u in candidates if u.name == "刺殺"] or candidates  # 優先獲悉【刺殺】
        chosen = night.rng.pick(f"巧變 {owner} 獲悉的技能", pool,
                                label=lambda u: f"{u.actor}【{u.name}】→{'、'.join(u.targets)}")
        before = list(chosen.targets)
        moved = []
        for slot, target in enumerate(before):
            if not ours(target):
                continue
            options = [p.id for p in night.state.living() if p.id != target
                       and (chosen.skill.targets.self_allowed or p.id != chosen.actor)]
            if not options:
                continue
            new = night.rng.pick(f"巧變 {owner} 轉移目標（第{slot + 1}個目標 {target}）", options)
            chosen.redirect(slot, new, by=self.name, source=use)
            moved.append(target)
            night.note(f"{owner} 巧變：{chosen.actor} 的【{chosen.name}】目標 {target} 轉移為 {new}")
        night.tell(owner, Feedback(
            self.name,
            f"【巧變】你獲悉其他國角色對{'、'.join(moved)}發動的【{chosen.name}】，並將其目標轉移為一名隨機角色。",
            moved[0] if moved else None, {"skill": chosen.name, "targets": moved},
        ))


class LiaodiJixian(CharacterSkill):
    """料敵機先：獲悉一名隨機的其他國角色所有夜間的行動及反饋。"""

    name = "料敵機先"
    targets = TargetRule(count=0)
    stage = "after"
    priority = 100  # after every other skill of the night, so tonight's feedback is complete

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        country = night.game.country_of(owner)
        others = [p.id for p in night.state.living() if p.id != owner and night.game.country_of(p.id) != country]
        if not others:
            night.tell(owner, Feedback(self.name, "【料敵機先】場上沒有其他國角色。", None, {"nights": []}))
            return
        seen = night.rng.pick(f"料敵機先 {owner} 隨機的其他國角色", others)
        nights = self.record(night, seen)
        lines = []
        for entry in nights:
            acts = "；".join(f"【{a['skill']}】{'、'.join(a['targets']) or '無目標'}" for a in entry["actions"]) or "無行動"
            said = "；".join(f["text"] for f in entry["feedback"]) or "無反饋"
            lines.append(f"第{entry['night']}夜：行動：{acts}。反饋：{said}")
        night.tell(owner, Feedback(self.name, "【料敵機先】你獲悉一名隨機的其他國角色所有夜間的行動及反饋：\n"
                                   + "\n".join(lines), None, {"nights": nights}))
        night.note(f"{owner} 料敵機先：隨機獲悉 {seen} 所有夜間的行動及反饋")

    @staticmethod
    def record(night: Night, pid: str) -> list[dict[str, Any]]:
        """Every night so far (tonight included): ``pid``'s actions and the feedback they received."""
        game = night.game
        feedback = {r.number: r.feedback.get(pid, []) for r in game.results if r.phase == "night"}
        out = []
        for entry in game.state.history:
            if entry.get("phase") != "night":
                continue
            number = phase_number(entry["index"])
            actions = [{"skill": a["skill"], "targets": list(a["targets"]), **({"args": a["args"]} if a.get("args") else {})}
                       for a in entry["actions"] if a["actor"] == pid and not a.get("implicit")]
            out.append({"night": number, "actions": actions, "feedback": [f.as_json() for f in feedback.get(number, [])]})
        tonight = [{"skill": u.name, "targets": list(u.targets), **({"args": dict(u.action.args)} if u.action.args else {})}
                   for u in night.uses_by(pid)]
        out.append({"night": phase_number(night.index), "actions": tonight,
                    "feedback": [f.as_json() for f in night.feedback.get(pid, [])]})
        return out


class MumenFenghou(CharacterSkill):
    """木門封侯：*被*司馬懿使用【三分歸晉】當夜，你與司馬懿互識。之後司馬懿第一次成為【刺殺】的目標時，你獲悉之，並將此【刺殺】的目標改為你。"""

    name = "木門封侯"
    kind = Kind.PASSIVE
    stage = "attack"
    priority = 100  # after every 刺殺 of the night is declared (視為 ones too), before they are settled
    KEY = "木門封侯"

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        if limits.spent(night, owner, self.name):
            return
        watch: dict[str, dict[str, Any]] = night.state.extra.setdefault(self.KEY, {})
        mine = watch.get(owner)
        if mine is not None and night.index >= mine["from"]:
            self.redirect(night, use, mine["simayi"])
        if mine is None:
            for other in night.uses:
                if other.name == "三分歸晉" and not other.implicit and other.state is not _FAILED \
                        and other.actor != owner and is_character(night.game, other.actor, "司馬懿"):
                    night.recognise(owner, other.actor, via=self.name)
                    watch[owner] = {"simayi": other.actor, "from": night.index + NEXT_NIGHT}
                    night.note(f"{owner} 木門封侯：之後 {other.actor}（司馬懿）第一次成為刺殺的目標時，將其目標改為 {owner}")
                    break

    def redirect(self, night: Night, use: Use, simayi: str) -> None:
        """之後司馬懿第一次成為【刺殺】的目標時，你獲悉之，並將此【刺殺】的目標改為你。"""
        owner = use.actor
        aimed = [s for s in night.stabs if s.live and s.targets[0] == simayi]
        if not aimed or not night.state.player(simayi).alive:
            return
        limits.consume(night, owner, self.name, note=True)
        for stab in aimed:
            stab.redirect(0, owner, by=self.name, source=use)
            night.note(f"{owner} 木門封侯：{stab.actor} 對 {simayi}（司馬懿）的刺殺目標改為 {owner}")
        night.tell(owner, Feedback(self.name, f"【木門封侯】司馬懿（{simayi}）成為【刺殺】的目標，你將此【刺殺】的目標改為你。",
                                   simayi, {"target": simayi, "redirected_to": owner, "consumed": True}))


SKILLS: list[type[Skill]] = [
    Ganglie, Fenyong, CaoKin, BashiDanjing,
    Shensu, SanriWubai, LiuriYiqian,
    YingxiongXiangxi, GushouHefei, WeizhenXiaoyaojin,
    JushouFancheng, JianvAnwu,
    Qiaobian, LiaodiJixian, MumenFenghou,
]
