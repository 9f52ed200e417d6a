"""KK 3.3 character skills: wu_ladies — the 吳 女眷 『小喬/孫尚香/大喬/步練師』.

Every class quotes its rule text; the readings of unclear sentences are in
``docs/rulings/kk33-wu_ladies.md`` (rulings WN1 …).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.records import Feedback
from tianting.core.skills import Kind, Skill, TargetRule, Use
from tianting.core.state import Effect, phase_number
from tianting.effects import delayed, limits, votes
from tianting.effects import harm as harms
from tianting.rules.kk33 import skillbook
from tianting.rules.kk33.characters.common import CharacterSkill, StabShield, is_form
from tianting.rules.kk33.characters.common import phase_country as _country
from tianting.rules.kk33.characters.wu_lords import recognise

if TYPE_CHECKING:
    from tianting.rules.kk33.day import Day
    from tianting.rules.kk33.night import Night


# ---- 小喬 ----------------------------------------------------------------------
class Guose(CharacterSkill):
    """國色天香：指定一個ID，令其當夜所有行動的目標更為隨機。

    Every action the target submitted tonight that names ids has each id replaced by a random
    legal one for that skill (the living, or the dead for 暗訪; not its user where the skill says
    除你以外; distinct ids stay distinct). It is a redirect: a second different redirect of the
    same slot sends it back to its user (衝突規則) (WN1). Like 只欠東風 it is a first change of
    targets (CB2): the target's own redirecting skills (飄忽若神 …) and every reader see the drawn
    ids, whoever sits first."""

    name = "國色天香"
    stage = "redirect"
    priority = -2
    targets = TargetRule()

    def apply(self, night: Night, use: Use) -> None:
        target = use.targets[0]
        for other in night.uses_by(target):
            if other is use or not other.live or not other.action.targets:
                continue
            rule = other.skill.targets
            picked: list[str] = []
            for slot in range(len(other.action.targets)):
                pool = [p.id for p in night.state.players.values()
                        if (not p.alive if rule.dead else p.alive)
                        and (rule.self_allowed or p.id != other.actor)
                        and not (rule.distinct and p.id in picked)]
                if not pool:
                    continue
                new = night.rng.pick(f"國色天香 {other.actor}【{other.name}】第{slot + 1}個目標", pool)
                picked.append(new)
                other.redirect(slot, new, by=f"{use.actor} 國色天香", source=use)
            night.note(f"{use.actor} 國色天香：{other.actor} 的【{other.name}】目標更為隨機（{'、'.join(picked)}）")


class Tianzuo(StabShield):
    """天作之合：若周瑜不在場則失效。使用後當夜，所有針對你和周瑜的【刺殺】失效，你與周瑜互識。"""

    name = "天作之合"
    partner = "周瑜"

    def also(self, night: Night, use: Use, partner: str | None) -> None:
        if partner and partner != use.actor:
            night.recognise(use.actor, partner, via=self.name)


# ---- 孫尚香 --------------------------------------------------------------------
class Xiaoji(CharacterSkill):
    """梟姬：*被*你不會受傷。

    A wound (or a harm dealt as one) never reaches her; a 致死 still kills (WN2)."""

    name = "梟姬"
    kind = Kind.PASSIVE
    stage = "protect"

    def prevention(self, owner: str) -> harms.Prevention:
        held = self.name
        return harms.Prevention(harms.all_of(harms.to(owner), harms.WOUNDING,
                                             lambda phase, harm: held in phase.state.player(owner).skills),
                                f"{owner} 梟姬（你不會受傷）", harms.NO_WOUND, "你")

    def prepare(self, night: Night, use: Use) -> None:
        night.harm_preventions.append(self.prevention(use.actor))

    def on_day(self, day: Day, owner: str) -> None:
        """By day too: the vote's harm lessened to a wound (緩釋, 醇醪之交) does not wound her (WN2)."""
        day.harm_preventions.append(self.prevention(owner))


CHOICES = ("孫策", "孫權")


class Xiongzhang(CharacterSkill):
    """兄長之風：*被*遊戲開始時，你從孫策和孫權中選擇一名角色。當你選擇的角色登場時，你與其互識，並且你可以在次夜發動一次【刺殺】。

    WN3: the choice is asked on the first night she is in the game (遊戲開始時), kept in
    ``state.extra["兄長之風"]``, never shown to anyone else. When the 吳 lord's first life dies
    and he plays on as the chosen form, she and he 互識 and she gets a one-time right to 【刺殺】
    for the next night only (outside her country's count, like 龍吟's). A passive limited skill:
    that once, and she is told it is used up."""

    name = "兄長之風"
    kind = Kind.PASSIVE
    stage = "after"

    def prepare(self, night: Night, use: Use) -> None:
        chosen = night.state.extra.setdefault(self.name, {})
        if use.actor in chosen:
            return
        choice = night.book.choose(night.rng, use.actor, self.name, list(CHOICES), lambda a, o: a == o)
        chosen[use.actor] = choice
        night.tell(use.actor, Feedback(self.name, f"【兄長之風】你選擇了{choice}。", None, {"chosen": choice}))
        night.note(f"{use.actor} 兄長之風：選擇{choice}")

    def on_enter(self, phase: Any, owner: str, entered: str, character: str) -> None:
        choice = phase.state.extra.get(self.name, {}).get(owner)
        if choice is None or entered == owner or not is_form(phase.game, character, choice):
            return
        if _country(phase, entered) != _country(phase, owner):
            return  # her own country's lord
        if not limits.consume_once(phase, owner, self.name, f"【{self.name}】{choice}登場：你與其互識，並可以在次夜發動一次"
                                   "【刺殺】。此技能已消耗。", {"consumed": True}):
            return
        recognise(phase, owner, entered, via=self.name)
        skillbook.lend(phase, owner, "刺殺", via=self.name)
        delayed.schedule(phase, delayed.DAY_AFTER_NEXT_NIGHT, self.name, owner,
                         {"night": delayed.due(phase, delayed.NEXT_NIGHT)})
        phase.note(f"{owner} 兄長之風：{choice}登場，次夜可發動一次刺殺")

    def on_effect(self, phase: Any, effect: Effect) -> None:
        """次夜 only: a right not used that night is gone the day after."""
        skillbook.expire_lent_stab(phase, effect.owner, effect.data["night"], self.name)


class Mengzui(StabShield):
    """夢醉良緣：若劉備不在場則失效。使用後當夜，所有針對你和劉備的【刺殺】失效。吳蜀聯盟達成（或延期）兩日兩夜。"""

    name = "夢醉良緣"
    partner = "劉備"
    alliance = ("蜀", "吳")


# ---- 大喬 ----------------------------------------------------------------------
class Liuli(CharacterSkill):
    """流離江南：*被*當你成為【刺殺】的目標時，【刺殺】無效，且發動【刺殺】者次夜的行動均無效。

    WN4: a passive limited skill (four characters): the first night a 刺殺 (or a 「視為刺殺」)
    aimed at her reaches the rules on stabs, every 刺殺 on her that night is 無效 and every one
    who stabbed her has all actions of the next night void; she is told it is used up. A stab
    another protection already voided (急救 …) does not use it up; 鋒騎 passes it (a character
    skill cannot stop that 刺殺)."""

    # Hand-written stab rule: spent on the first 刺殺 that triggers it, which also schedules the stabber's 次夜.
    name = "流離江南"
    kind = Kind.PASSIVE
    stage = "attack"

    def prepare(self, night: Night, use: Use) -> None:
        owner = use.actor
        state = {"on": None}

        def rule(n: Night, stab: Use) -> str | None:
            player = n.state.player(owner)
            if stab.targets[0] != owner or self.name not in player.skills:
                return None
            if state["on"] is None:
                state["on"] = not player.used.get(self.name)
                if state["on"]:
                    limits.consume_once(n, owner, self.name, f"【{self.name}】你成為【刺殺】的目標，【刺殺】無效。此技能已消耗。",
                                        {"consumed": True})
            if not state["on"]:
                return None
            # 次夜: the next night, whether she was stabbed at night or by day (奇襲).
            delayed.schedule(n, delayed.NEXT_NIGHT, self.name, owner, {"who": stab.actor})
            return f"{owner} 流離江南（【刺殺】無效，發動者次夜的行動均無效）"

        night.stab_rules.append(rule)

    def on_effect(self, phase: Any, effect: Effect) -> None:
        who = effect.data["who"]
        for other in phase.uses_by(who):
            phase.void(other, f"{effect.owner} 流離江南：{who} 於上夜刺殺其，次夜的行動均無效")


class Qingdeng(StabShield):
    """青燈古佛：若孫策不在場則失效。使用後當夜，所有針對你和孫策的【刺殺】失效，你與孫策互識。"""

    name = "青燈古佛"
    partner = "孫策"

    def also(self, night: Night, use: Use, partner: str | None) -> None:
        if partner and partner != use.actor:
            night.recognise(use.actor, partner, via=self.name)


# ---- 步練師 --------------------------------------------------------------------
ANXU_OPTIONS = ("不轉移", "X", "2X")


class Anxu(CharacterSkill):
    """安恤：*被*若場上得票數最多者為除你外的本國角色，你獲悉之，並可以選擇是否將該角色的X或2X（X為當前遊戲進行的自然日數）票轉移給你。

    WN5: read once every addition and every reduction of the tally is in (``Day.tally_transfers``:
    天佑's -3 first, whatever the seats): a sole most-voted compatriot (not herself). She is told who
    (獲悉之: not the count, which is the judge's: it would betray 黃巾軍's void votes), and chooses
    「不轉移」, 「X」 or 「2X」 (default: 不轉移); no more than that player's votes move. X is the
    day's number (第二天: 2)."""

    name = "安恤"
    kind = Kind.PASSIVE

    def on_day(self, day: Day, owner: str) -> None:
        if not day.game.can_act(day.state.player(owner)):
            return

        def transfer(d: Day, tally: dict[str, int]) -> None:
            if not tally:
                return
            top = max(tally.values())
            leaders = [pid for pid, n in tally.items() if n == top]
            if top <= 0 or len(leaders) != 1:
                return
            leader = leaders[0]
            if leader == owner or _country(d, leader) != _country(d, owner):
                return
            x = phase_number(d.index)
            d.tell(owner, Feedback(self.name, f"【安恤】得票數最多者為本國角色{leader}，你可以選擇轉移其{x}或{2 * x}票給你。",
                                   leader, {"leader": leader, "x": x}))
            d.note(f"{owner} 安恤：得票數最多者為本國角色 {leader}（{top}票）")
            choice = d.book.choose(d.state.rng, owner, self.name, list(ANXU_OPTIONS), lambda a, o: a == o,
                                   default="不轉移")
            n = {"不轉移": 0, "X": x, "2X": 2 * x}[choice]
            moved = min(n, tally[leader])
            if not moved:
                d.note(f"{owner} 安恤：{leader} 為得票數最多的本國角色，選擇不轉移")
                return
            tally[leader] -= moved
            tally[owner] = tally.get(owner, 0) + moved
            d.note(f"{owner} 安恤：將 {leader} 的{moved}票轉移給自己")

        day.tally_transfers.append(transfer)


class Wumian(CharacterSkill):
    """無冕之後：*被*孫權登場時觸發。你與孫權互識，次日針對你的投票無效。

    登場 as for 莫逆之交 (WU4); 次日: the first day after that moment (WN6). A passive limited
    skill: she is told it is used up."""

    name = "無冕之後"
    kind = Kind.PASSIVE

    def on_enter(self, phase: Any, owner: str, entered: str, character: str) -> None:
        if entered == owner or not is_form(phase.game, character, "孫權"):
            return
        if _country(phase, entered) != _country(phase, owner):
            return
        if not limits.consume_once(phase, owner, self.name, f"【{self.name}】孫權登場：你與其互識，次日針對你的投票無效。"
                                   "此技能已消耗。", {"consumed": True}):
            return
        recognise(phase, owner, entered, via=self.name)
        delayed.schedule(phase, delayed.NEXT_DAY, self.name, owner)
        phase.note(f"{owner} 無冕之後：孫權登場，次日針對其的投票無效")

    def on_effect(self, phase: Any, effect: Effect) -> None:
        owner = effect.owner

        votes.void(phase, votes.against(owner), f"{owner} 無冕之後（次日針對其的投票無效）", what="次日針對你")


class Linglong(CharacterSkill):
    """玲瓏：每次投票時，你可以在票面上顯示一個虛假的投票對象，而你的真實投票對象不公布。（女眷對你發動【亂花】時，修改的是你票面上顯示的虛假投票對象）

    A day action, submitted with her vote (「每次投票時」), naming the false target: the ballot (票面)
    shows it in place of her real vote, which still counts and is not published; a 亂花 on her moves
    the false target (``day.ballot_rules``, issue 10). Refused at night (WN7)."""

    name = "玲瓏"
    by_day = True
    stage = "inform"  # before the ballot is counted (the day pass runs redirect … attack first)
    targets = TargetRule(count=1, self_allowed=True)

    def night_refusal(self, state: Any, owner: str, skill: str) -> str | None:
        return "【玲瓏】只能於投票時（白天，隨投票提交）使用" if skill == self.name else None

    def apply(self, night: Any, use: Use) -> None:
        day = getattr(night, "day", None)
        if day is None:
            return
        owner, shown = use.actor, use.targets[0]

        def ballot(d: Any, voter: str, cast: str) -> str | None:
            return shown if voter == owner else None

        day.ballot_rules.append(ballot)
        night.note(f"{owner} 玲瓏：票面顯示虛假的投票對象 {shown}")


SKILLS: list[type[Skill]] = [Guose, Tianzuo, Xiaoji, Xiongzhang, Mengzui, Liuli, Qingdeng, Anxu, Wumian, Linglong]
