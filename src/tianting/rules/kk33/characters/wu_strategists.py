"""KK 3.3 character skills: wu_strategists (周瑜, 魯肅 in three forms; 張昭, 呂蒙, 陸遜 are in ``wu_zhang_lu``).

Every class quotes its rule text verbatim; the readings of ambiguous sentences
are in ``docs/rulings/kk33-wu_strategists.md`` (WS-numbers there are WU-S…).
聯盟的締造者·魯肅 and 赤壁·魯肅 share their three skills (one class each), and
聯劉抗曹 is the same class for every 魯肅.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tianting.core import effects
from tianting.core.errors import IllegalAction
from tianting.core.names import name_key
from tianting.core.records import Action, Feedback
from tianting.core.skills import Kind, Skill, TargetRule, Use
from tianting.core.state import GameState, Player
from tianting.effects import country as countries
from tianting.effects import harm as harms
from tianting.effects import limits
from tianting.effects import stab as stabs
from tianting.rules.kk33 import skillbook, texts
from tianting.rules.kk33.characters.common import CharacterSkill
from tianting.rules.kk33.harm import Harm, Level
from tianting.rules.kk33.identity import IDENTITY_SKILLS

if TYPE_CHECKING:
    from tianting.rules.kk33.game import KK33Game
    from tianting.rules.kk33.night import Night

# Enum members read once: reading one off its class is slow in Python 3.11 (EnumType.__getattr__).
_KILL = Level.KILL


def same_answer(answer: Any, option: str) -> bool:
    return isinstance(answer, str) and name_key(answer) == name_key(option)


def _is_wei_lord(night: Night, pid: str) -> bool:
    player = night.state.player(pid)
    return player.identity == "君主" and night.game.country_of(pid) == "魏"


def fail_wei_lord(night: Night, use: Use, why: str) -> None:
    """「魏國君主當夜的所有行動均失敗」: every action the 魏 lord submitted tonight fails (told,
    a limited skill not used up), run early in the night (stage ``redirect``, low priority)."""
    failed = False
    for other in night.uses:
        if other.implicit or not other.live or not _is_wei_lord(night, other.actor):
            continue
        night.fail(other, why)
        failed = True
    if not failed:
        night.note(f"{why}：魏國君主當夜沒有行動")


def base_of(night: Any, pid: str) -> str:
    return night.game.roster.characters[night.state.player(pid).character].base


# ---- 周瑜 ----------------------------------------------------------------------
class Conghui(CharacterSkill):
    """聰慧：*被*你發動【明察】時可以直接獲悉目標的身份（身份包括君主、正軍師、副軍師、殺手、護衛、女眷、黃巾首領）。

    His 明察 tells the target's identity (which says whether it is a killer). 可以: knowing more
    never hurts, so it always does (WU-S1)."""

    name = "聰慧"
    kind = Kind.PASSIVE
    shape_order = 10

    def shape_investigation(self, night: Night, use: Use, data: dict[str, Any],
                            text: str | None) -> tuple[dict[str, Any], str | None]:
        target = use.targets[0]
        identity = night.state.player(target).identity
        data = {**data, "identity": identity}
        return data, f"【明察】{target}的身份：{identity}。"


class Yingcai(CharacterSkill):
    """英才早逝：*被*當你死亡時，你指定一個ID，令其有一半概率獲得技能【去偽存真】，另一半概率獲得技能【巧設反間】。

    On his death he names a living id (a decision of 英才早逝); a half chance gives it 去偽存真,
    else 巧設反間. He is told the skill is used up; the id is told what it gained (WU-S2)."""

    name = "英才早逝"
    kind = Kind.PASSIVE
    SKILLS = ("去偽存真", "巧設反間")

    def on_death(self, phase: Any, owner: str, dead: str, cause: str, sources: list[str]) -> None:
        if dead != owner:
            return
        player = phase.state.player(owner)
        if player.used.get(self.name):
            return
        limits.consume(phase, owner, self.name, f"【{self.name}】已觸發並消耗。", {"consumed": self.name})
        living = [p.id for p in phase.state.players.values() if p.alive and p.id != owner]
        if not living:
            return
        chosen = phase.book.choose(phase.state.rng, owner, self.name, living, lambda a, o: a == o)
        first = phase.state.rng.chance(f"英才早逝 {owner}→{chosen}")
        skill = self.SKILLS[0] if first else self.SKILLS[1]
        # The id is told what it gained, not whence (WU-S2): 【英才早逝】 is 周瑜's alone, so naming it would tell
        # him that the player who died at that moment played 周瑜 (死亡時公布ID但不公布其角色).
        skillbook.gain(phase, chosen, skill, via=self.name, tell=False)
        phase.tell(chosen, Feedback(skill, f"你獲得技能【{skill}】。", None, {"gained": skill}))
        phase.tell(owner, Feedback(self.name, f"【{self.name}】你指定了{chosen}。", chosen, {"chosen": chosen}))
        phase.note(f"{owner} 英才早逝：{chosen} 獲得【{skill}】")


LINK_KEY = "連環"
"""``state.extra["連環"][owner]``: the two ends of 龐統's chain (shu_strategists' 連環)."""


class Huoshao(CharacterSkill):
    """火燒赤壁：*全*若吳蜀不處於聯盟狀態則發動失敗。使用後當夜，所有魏國角色的行動成功率減半。若諸葛亮在場，你與其互識。若龐統在場且【連環】的兩端均不為假連環狀態，視為你對魏國隨機一人發動了一次【刺殺】。若諸葛亮使用過【舌戰群儒】或黃蓋使用過【火船沖陣】，魏國君主的行動失敗。

    Every effect depends on the use being live (先知 fails it before the checks: WS1). The 吳蜀
    alliance must be in force tonight (one made tonight starts tomorrow). The halving is a
    success-rate modifier for every active skill of a player counted as 魏; the lord's failure
    happens first of the night's effects; the 刺殺 「視為」 is drawn among the living 魏 players
    (WU-S3)."""

    name = "火燒赤壁"
    kind = Kind.GLOBAL
    stage = "redirect"
    priority = -1500
    targets = TargetRule(count=0)

    def prepare(self, night: Night, use: Use) -> None:
        if not night.state.allied("吳", "蜀", night.index):
            night.fail(use, "吳蜀不處於聯盟狀態")
            return
        night.rate_modifiers.append(
            lambda n, u: Fraction(1, 2) if use.live and u is not use and n.game.country_of(u.actor) == "魏" else None)

    @staticmethod
    def chain_intact(night: Night) -> bool:
        pang = night.game.in_play("龐統")
        if pang is None:
            return False
        ends = night.state.extra.get(LINK_KEY, {}).get(pang.id)
        return bool(ends) and all(night.state.player(pid).alive for pid in ends)

    @staticmethod
    def lord_doomed(night: Night) -> str | None:
        """「若諸葛亮使用過【舌戰群儒】或黃蓋使用過【火船沖陣】」: both are limited skills, so 「使用過」 is the
        player's used count (a use that went off, tonight's included: it is used by the time the fire burns)."""
        for p in night.state.players.values():
            base = night.game.roster.characters[p.character].base
            if base == "諸葛亮" and p.used.get("舌戰群儒"):
                return "諸葛亮使用過【舌戰群儒】"
            if base == "黃蓋" and p.used.get("火船沖陣"):
                return "黃蓋使用過【火船沖陣】"
        return None

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        night.note(f"{owner} 火燒赤壁：當夜所有魏國角色的行動成功率減半")
        liang = night.game.in_play("諸葛亮")
        stab: Use | None = None
        if self.chain_intact(night):
            wei = [p.id for p in night.state.players.values() if p.alive and night.game.country_of(p.id) == "魏"]
            if wei:
                victim = night.rng.pick(f"火燒赤壁 {owner} 刺殺魏國隨機一人", wei)
                stab = night.stab_as(owner, victim, by=f"{owner} 火燒赤壁（龐統連環）")
        doomed = self.lord_doomed(night)
        if doomed:
            fail_wei_lord(night, use, f"{owner} 火燒赤壁：{doomed}，魏國君主的行動失敗")

        def settle(n: Night) -> None:
            # Known live once the cancels are settled: one voided or failed since (火船沖陣, 旋風) makes no
            # 互識, and its 「視為」 刺殺 is void (失效＝沒有任何效果; 失敗＝視為未使用) (WU-S3).
            if not use.live:
                if stab is not None:
                    n.void(stab, f"{owner} 的【火燒赤壁】未生效")
                return
            if liang is not None and liang.id != owner:
                n.recognise(owner, liang.id, via=self.name)

        night.settle_rules.append(settle)


class Fanjian(CharacterSkill):
    """巧設反間：指定一個ID，有一半概率你令其受傷，另一半概率視為你對其使用了一次【刺殺】，且此【刺殺】除非被【援護】抵消，否則其致死效果改為令對方退出歷史舞台；然後無論如何，該角色獲得此技能。

    One draw: a wound, or a 刺殺 「視為」 settled as any (同國/同盟 half chance, immunities); if it
    kills, the death is 退出歷史舞台 (no 減輕, no 防止). Then the target gains 巧設反間 (a fresh,
    unused copy; one who holds it already gains nothing), whatever happened — only if the skill
    went off (WU-S4)."""

    name = "巧設反間"
    stage = "attack"

    def apply(self, night: Night, use: Use) -> None:
        owner, target = use.actor, use.targets[0]
        if night.rng.chance(f"巧設反間 {owner}→{target} 受傷"):
            night.harms.append(Harm(target, Level.WOUND, self.name, [owner],
                                    why=[f"{owner} 巧設反間：令 {target} 受傷"]))
            night.note(f"{owner} 巧設反間 {target}：令其受傷")
        else:
            stab = night.stab_as(owner, target, by=f"{owner} 巧設反間")

            def removal(n: Night, harm: Harm) -> None:
                if harm.target == target and harm.cause == "刺殺" and stab.live and owner in harm.sources \
                        and harm.base is _KILL and not harm.removal:
                    harm.removal = True
                    harm.why.append(f"{owner} 巧設反間：此刺殺的致死效果改為令對方退出歷史舞台")

            night.harm_modifiers.insert(0, removal)
        if self.name in night.state.player(target).skills:
            night.note(f"{target} 已擁有技能【{self.name}】（巧設反間）：無從再獲得")
        else:
            skillbook.gain(night, target, self.name, via=self.name)


# ---- 獨斷的外交家·魯肅 ----------------------------------------------------------
ZHI = "智"
SEEN_KEY = "遠見"
"""``state.extra["遠見"][pid]``: the ids of pid's 明察 that went off."""
RECORD_KEY = "大智若愚"
"""``state.extra["大智若愚"][pid]``: the 明察 feedback 中庸 withheld."""


def awakened(player: Player) -> bool:
    """隱藏技 work once 大智若愚 has awakened (or for a holder without 大智若愚, who gained them)."""
    return "大智若愚" not in player.skills or bool(player.used.get("大智若愚"))


class Zhongyong(CharacterSkill):
    """中庸：*被*你的【明察】始終無反饋。

    The owner gets no 明察 feedback; the trace keeps what it would have said (大智若愚 may reveal it)."""

    name = "中庸"
    kind = Kind.PASSIVE
    shape_order = 100  # last: every other shaping happened, then nothing is told

    def shape_investigation(self, night: Night, use: Use, data: dict[str, Any],
                            text: str | None) -> tuple[dict[str, Any], str | None]:
        if text is not None:
            night.state.extra.setdefault(RECORD_KEY, {}).setdefault(use.actor, []).append(
                {"night": night.index, "target": use.targets[0], "text": text, "data": dict(data)})
        return data, None


class Yuanjian(CharacterSkill):
    """遠見：*被*你的【明察】的目標不可重複。

    An id his 明察 went off on before (after redirects) may not be named again: the action is
    refused with a clear message (WU-S5)."""

    name = "遠見"
    kind = Kind.PASSIVE
    shape_order = 1

    def shape_investigation(self, night: Night, use: Use, data: dict[str, Any],
                            text: str | None) -> tuple[dict[str, Any], str | None]:
        seen = night.state.extra.setdefault(SEEN_KEY, {}).setdefault(use.actor, [])
        if use.targets[0] not in seen:
            seen.append(use.targets[0])
        return data, text

    def restrict_action(self, game: KK33Game, player: Player, action: Action, name: str) -> None:
        if name != "明察" or not action.targets:
            return
        if action.targets[0] in game.state.extra.get(SEEN_KEY, {}).get(player.id, ()):
            raise IllegalAction(f"【遠見】{player.id} 的【明察】的目標不可重複：已明察過 {action.targets[0]}", "target-repeat")


class Huicai(CharacterSkill):
    """慧才：*隱藏技*你發動【明察】時可以直接獲悉目標的角色。

    Works once 大智若愚 has awakened: his 明察 tells the target's character as well."""

    name = "慧才"
    kind = Kind.PASSIVE
    shape_order = 20

    def shape_investigation(self, night: Night, use: Use, data: dict[str, Any],
                            text: str | None) -> tuple[dict[str, Any], str | None]:
        if not awakened(night.state.player(use.actor)):
            return data, text
        target = use.targets[0]
        character = night.state.player(target).character
        data = {**data, "character": character}
        return data, (text or "") + f"【慧才】{target}的角色：{character}。"


class Dazhi(CharacterSkill):
    """大智若愚：*覺醒技*每當你【明察】的對象為殺手時，你可以在法官處積累一個「智」標記。結算時若你的「智」標記達到2個或更多，你可以獲悉你的「智」標記的數量及之前的所有【明察】的反饋，並且永久失去技能【中庸】，永久獲得技能【練兵】和【慧才】。

    Each 明察 that went off on a killer gives a 「智」 (可以: always taken, it costs nothing). At
    the end of the night's resolution, with 2 or more, he awakens (可以: always — the text's gain
    outweighs losing 中庸): he learns the count and every earlier 明察's feedback, loses 中庸 and
    holds 練兵 and 慧才. It awakens once (a limited skill, used up) (WU-S6)."""

    name = "大智若愚"
    kind = Kind.PASSIVE
    stage = "after"
    shape_order = 5
    targets = TargetRule(count=0)

    def shape_investigation(self, night: Night, use: Use, data: dict[str, Any],
                            text: str | None) -> tuple[dict[str, Any], str | None]:
        if night.state.player(use.targets[0]).identity == "殺手":  # 每當: after the awakening too (練兵 spends them)
            count = effects.mark(night, use.actor, ZHI)
            night.note(f"{use.actor} 大智若愚：明察的對象為殺手，積累一個「智」標記（共{count}個）")
        return data, text

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        player = night.state.player(owner)
        if player.used.get(self.name) or player.marker(ZHI) < 2:
            return
        limits.consume(night, owner, self.name)  # (覺醒: told below)
        record = night.state.extra.get(RECORD_KEY, {}).get(owner, [])
        lines = "；".join(r["text"] for r in record) or "無"
        night.tell(owner, Feedback(self.name, f"【大智若愚】覺醒：你有{player.marker(ZHI)}個「智」標記。之前所有【明察】的反饋：{lines}",
                                   None, {"awakened": True, "zhi": player.marker(ZHI),
                                          "investigations": [dict(r) for r in record]}))
        night.note(f"{owner} 大智若愚覺醒：{player.marker(ZHI)}個「智」標記")
        skillbook.lose(night, owner, "中庸", via=self.name)
        for name in ("練兵", "慧才"):
            if name in player.skills:
                night.tell(owner, Feedback(self.name, f"【{self.name}】你獲得技能【{name}】。", None, {"gained": name}))
            else:
                skillbook.gain(night, owner, name, via=self.name)


class Lianbing(CharacterSkill):
    """練兵：*隱藏技*你可以（在合理的時機）棄掉一個「智」標記，發動一次【暗訪】、【援護】或【亂花】。

    Submitted as 練兵 with ``args: {"choice": "援護"}`` (or 暗訪, 亂花; or 1, 2, 3 in the text's order: the one reader of
    answers, ``Skill.chosen``) and that skill's targets
    (亂花: A and B; 暗訪: a dead id). It is his character skill of the night (one success check);
    when it goes off a 「智」 is spent and the identity skill acts as if he had used it (WU-S7)."""

    name = "練兵"
    stage = "attack"
    targets = TargetRule(count=1, counts=(2,), distinct=False)
    args = ("choice",)
    choices = ("暗訪", "援護", "亂花")  # the text's order: 1 暗訪, 2 援護, 3 亂花

    def skill_chosen(self, action: Action) -> str | None:
        """The identity skill ``args.choice`` names (the one reader: ``Skill.chosen``), None if it names none."""
        try:
            return self.choices[self.chosen(action)]
        except IllegalAction:
            return None

    def acts_as(self, action: Action) -> str:
        """「發動一次【暗訪】、【援護】或【亂花】」: for other skills' rules it is that skill."""
        return self.skill_chosen(action) or self.name

    def targets_for(self, action: Action) -> TargetRule:
        """The chosen skill's own rule: 暗訪 a dead id, 亂花 A and B, 援護 one id."""
        skill = self.skill_chosen(action)
        if skill is None:
            return self.targets
        return IDENTITY_SKILLS[skill].targets

    def validate(self, state: GameState, action: Action) -> None:
        player = state.player(action.actor)
        if not awakened(player):
            raise IllegalAction("【練兵】是隱藏技：須待【大智若愚】覺醒後才能使用", "not-awakened")
        if player.marker(ZHI) < 1:
            raise IllegalAction("【練兵】須棄掉一個「智」標記：你沒有「智」標記", "no-marker")
        self.chosen(action)  # refused, naming the options, when it names none

    def pay(self, night: Night, use: Use) -> None:
        """棄掉一個「智」標記 when it goes off — or is 失效 (技能失效是指該技能成功發動或使用，但沒有任何效果);
        one that 發動失敗 (視為未發動) gets it back (:meth:`refund`)."""
        player = night.state.player(use.actor)
        player.markers[ZHI] = max(0, player.marker(ZHI) - 1)

    def refund(self, night: Night, use: Use) -> None:
        player = night.state.player(use.actor)
        player.markers[ZHI] = player.marker(ZHI) + 1

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        skill = self.skill_chosen(use.action) or "援護"
        night.note(f"{owner} 練兵：棄掉一個「智」標記，發動一次【{skill}】")
        if skill == "援護":
            night.guards.append(use)
        elif skill == "亂花":
            a, b = use.targets
            night.binds.append((a, b, owner))
        else:
            target = use.targets[0]
            character = night.state.player(target).character
            night.tell(owner, Feedback("暗訪", texts.character_of_dead(target, character), target,
                                       {"character": character, "via": self.name}))


class Lianliu(CharacterSkill):
    """聯劉抗曹：使用後當夜，魏國君主當夜的所有行動均失敗。吳蜀聯盟達成（或延期）兩日兩夜。

    First of the night's effects (once it passed its own check): every action the 魏 lord
    submitted tonight fails (told 「技能發動失敗」, not used up); the 吳蜀 alliance is made or
    extended (:mod:`..alliances`)."""

    name = "聯劉抗曹"
    stage = "redirect"
    priority = -1500
    targets = TargetRule(count=0)

    def apply(self, night: Night, use: Use) -> None:
        fail_wei_lord(night, use, f"{use.actor} 聯劉抗曹：魏國君主當夜的所有行動均失敗")

        def settle(n: Night) -> None:
            # 失效＝沒有任何效果, 失敗＝視為未使用: one voided or failed since (火船沖陣, 旋風) makes no alliance
            if use.live:
                countries.alliance(n, "吳", "蜀", by=use.actor)
                n.note(f"{use.actor} 聯劉抗曹：吳蜀聯盟達成（或延期）兩日兩夜")
            else:
                n.note(f"{use.actor} 聯劉抗曹：未生效，吳蜀聯盟不達成")

        night.settle_rules.append(settle)


# ---- 聯盟的締造者·魯肅 / 赤壁·魯肅 ---------------------------------------------
class Libing(CharacterSkill):
    """厲兵秣馬：指定一個ID，令其當夜可額外行動一次。

    一次行動包括發動任意個身份技能和使用至多一個主動使用的角色技能: the target may, tonight, use
    each of its identity skills once more (a killer: one more 刺殺 for its country, which any of
    its killers may make) and one more active character skill (each still at most once a night;
    a limited one still once a game). The extras are submitted with 厲兵秣馬 (before or after it, R27); if it fails, they fail
    with it (WU-S8)."""

    name = "厲兵秣馬"
    stage = "after"

    def extra_actions(self, game: KK33Game, action: Action) -> list[str]:
        return list(action.targets[:1])

    def extra_uses(self, game: KK33Game, action: Action) -> list[tuple[str, str, int]]:
        if not action.targets or action.targets[0] not in game.state.players:
            return []
        target = game.state.player(action.targets[0])
        names = [*game.identity_skills(target), *target.skills]
        return [(target.id, n, 1) for n in dict.fromkeys(names) if n != "刺殺" and n in game.skills]

    def stab_bonus(self, game: KK33Game, action: Action) -> int:
        if not action.targets or action.targets[0] not in game.state.players:
            return 0
        return 1 if game.state.player(action.targets[0]).identity == "殺手" else 0

    def stab_bonus_country(self, game: KK33Game, action: Action) -> str:
        return game.state.player(action.targets[0]).country

    def apply(self, night: Night, use: Use) -> None:
        night.note(f"{use.actor} 厲兵秣馬：{use.targets[0]} 當夜可額外行動一次")


class Tashang(CharacterSkill):
    """榻上對策：使用後當夜，所有針對本國角色的【刺殺】、【亂花】（包括被指定為目標A或B）有一半概率失效，所有本國角色不會受傷。

    本國 is the owner's country. Each 刺殺 on a 本國 player, and each 亂花 naming one as A or B,
    draws its own half chance to be 失效; no 本國 player is wounded tonight (a harm dealt as a
    wound is prevented, even one 加深 to 致死; a 致死 dealt as such is not a wound) (WU-S9)."""

    name = "榻上對策"
    stage = "protect"
    targets = TargetRule(count=0)

    def prepare(self, night: Night, use: Use) -> None:
        owner = use.actor
        country = night.game.country_of(owner)

        def ours(pid: str) -> bool:
            return night.game.country_of(pid) == country

        def bind_rule(n: Night, other: Use) -> str | None:
            if not use.live or other.skill.acts_as(other.action) != "亂花" \
                    or not any(ours(t) for t in other.targets):
                return None
            if n.rng.chance(f"榻上對策 {owner} 亂花失效判定 {other.actor}"):
                return f"{owner} 榻上對策：針對本國角色的亂花失效（一半概率）"
            return None

        stabs.half_immune(night, stabs.all_of(stabs.while_live(use), lambda n, stab: ours(stab.targets[0])),
                          lambda n, stab: f"榻上對策 {owner} 刺殺失效判定 {stab.actor}→{stab.targets[0]}",
                          f"{owner} 榻上對策（一半概率失效）", what="針對本國角色")
        night.target_rules.append(bind_rule)
        harms.no_wound(night, harms.all_of(harms.while_live(use), lambda n, harm: ours(harm.target)),  # beats 加深 too
                       f"{owner} 榻上對策：本國角色不會受傷", what="本國角色")

    def apply(self, night: Night, use: Use) -> None:
        night.note(f"{use.actor} 榻上對策：針對本國角色的刺殺、亂花有一半概率失效，本國角色不會受傷")


SKILLS: list[type[Skill]] = [
    Conghui, Yingcai, Huoshao, Fanjian,
    Zhongyong, Yuanjian, Huicai, Dazhi, Lianbing, Lianliu,
    Libing, Tashang,
]
