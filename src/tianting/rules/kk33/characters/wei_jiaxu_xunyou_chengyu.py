"""KK 3.3 character skills: wei_jiaxu_xunyou_chengyu.

台上的主宰·賈詡 (帷幕, 完殺, 文和亂武), 幕後的主使·賈詡 (毒士, 神算),
荀攸 (察言觀色, 十二奇策) and 程昱 (遊說, 擇主而事). Each class quotes the
sentence it implements; the rulings are in
``docs/rulings/kk33-wei_jiaxu_xunyou_chengyu.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.core.names import name_key
from tianting.core.records import Action, Feedback
from tianting.core.skills import Kind, Skill, TargetRule, Use, UseState
from tianting.core.state import GameState, phase_number
from tianting.core.usertext import shown
from tianting.effects import harm as harms
from tianting.effects import votes
from tianting.rules.kk33 import skillbook, texts
from tianting.rules.kk33.characters.common import CharacterSkill
from tianting.rules.kk33.harm import Harm, Level
from tianting.rules.kk33.roster import COUNTRIES, IDENTITIES, OTHERS

if TYPE_CHECKING:
    from tianting.rules.kk33.night import Night

GUESS_COUNTRIES = (*COUNTRIES, OTHERS, "晉")
"""國籍 a guess may name (晉: 三分歸晉)."""
LORD_SLOTS = ("君主", "轉生")
"""Roster slots of the 君主角色 (曹操-曹丕/曹植, 劉備-劉封/劉禪, 孫堅-孫策/孫權)."""
LUANWU_STAB = "文和亂武額外刺殺"
"""The note on a 刺殺 文和亂武 made (巧變 may move it; no one submitted it)."""

# Enum members read once: reading one off its class is slow in Python 3.11 (EnumType.__getattr__).
_DONE = UseState.DONE
_FAILED = UseState.FAILED
_PASSIVE = Kind.PASSIVE
_VOID = UseState.VOID
_WOUND = Level.WOUND


def _canonical(value: Any, options: tuple[str, ...]) -> str | None:
    if not isinstance(value, str):
        return None
    key = name_key(value)
    return next((o for o in options if name_key(o) == key), None)


def _same(answer: Any, option: str) -> bool:
    return isinstance(answer, str) and name_key(answer) == name_key(option)


# ---- 台上的主宰·賈詡 -----------------------------------------------------------
def investigated_by(night_or_day: Any, owner: str) -> set[str]:
    """The ids ``owner`` has 明察'd: every 明察 that went off (done or 失效) on an earlier night,
    and tonight's once it has gone off (a failed one is as if not used)."""
    out: set[str] = set()
    for entry in night_or_day.state.history:
        if entry.get("phase") != "night":
            continue
        for action in entry["actions"]:
            if action["actor"] == owner and action["skill"] == "明察" and not action.get("implicit") \
                    and action["state"] != UseState.FAILED.value:
                out.update(action["targets"])
    for use in getattr(night_or_day, "uses", []):
        if use.actor == owner and use.name == "明察" and not use.implicit \
                and use.state in (_DONE, _VOID):
            out.update(use.targets)
    return out


class Weimu(CharacterSkill):
    """帷幕：*被*被你【明察】過的角色對你的投票無效，且對你造成的傷害減輕。"""

    name = "帷幕"
    kind = Kind.PASSIVE
    stage = "after"

    def prepare(self, night: Night, use: Use) -> None:
        owner = use.actor

        def investigated(n: Night, harm: harms.HarmLike) -> bool:
            # Merged harms (several 兇手): reduced only if every one of them was 明察'd.
            seen = investigated_by(n, owner)
            return all(src in seen for src in harm.sources)

        harms.lessen(night, harms.all_of(harms.to(owner), lambda n, harm: bool(harm.sources), investigated),
                     lambda n, harm: f"{owner} 帷幕（{'、'.join(harm.sources)} 曾被其明察）", what="你明察過的人對你造成")

    def on_day(self, day: Any, owner: str) -> None:
        seen = investigated_by(day, owner)

        votes.void(day, votes.all_of(votes.against(owner), lambda d, voter, target: voter in seen),
                   lambda d, voter, target: f"{owner} 帷幕（曾明察 {voter}）", what="你明察過的人針對你")


class Wansha(CharacterSkill):
    """完殺：指定一個ID，當夜其受到的【援護】無效。

    Runs last in the attack stage, once every 援護 of the night is declared
    (裸衣's extra ones too), just before the stabs and guards are settled.
    """

    name = "完殺"
    stage = "attack"
    priority = 100

    def apply(self, night: Night, use: Use) -> None:
        target = use.targets[0]
        hit = [g for g in night.guards if g.live and target in g.targets]
        for guard in hit:
            night.void(guard, f"{use.actor} 完殺 {target}，其受到的援護無效")
        night.note(f"{use.actor} 完殺 {target}：當夜其受到的援護無效（{len(hit)}個援護）")


class WenheLuanwu(CharacterSkill):
    """文和亂武：*全*使用後當夜，各國殺手（若在場）獲得一份包含2個隨機ID的名單，殺手須選擇其中一個ID作為當夜額外刺殺的目標。

    Every living killer of every country gets a list of his own (two living ids
    other than himself) and makes his own extra 刺殺, outside his country's
    count. A killer who cannot 發動【刺殺】 tonight (神速's 次夜 ban, a live 巧變
    of his country: 本國殺手無法發動【刺殺】) gets no list.
    """

    name = "文和亂武"
    kind = Kind.GLOBAL
    stage = "redirect"
    priority = -100
    targets = TargetRule(count=0)

    def apply(self, night: Night, use: Use) -> None:
        game = night.game
        living = [p.id for p in night.state.players.values() if p.alive]
        killers = [p for p in night.state.players.values() if game.can_act(p) and p.identity == "殺手"]
        if not killers:
            night.note("文和亂武：場上沒有殺手")
        for killer in killers:
            barred = self.barred(night, killer.id)
            if barred:
                night.note(f"文和亂武：{killer.id} 當夜無法發動刺殺（{barred}），不獲得名單")
                continue
            pool = [pid for pid in living if pid != killer.id]
            names: list[str] = []
            for i in range(min(2, len(pool))):
                pick = night.rng.pick(f"文和亂武名單 {killer.id}#{i + 1}", pool)
                pool.remove(pick)
                names.append(pick)
            target = night.book.choose(night.rng, killer.id, self.name, names, lambda a, o: a == o)
            listing = "、".join(names)
            night.tell(killer.id, Feedback(self.name, f"【文和亂武】你獲得名單：{listing}；你選擇{target}作為當夜額外刺殺的目標。",
                                           target, {"list": names, "target": target}))
            night.note(f"文和亂武：{killer.id} 獲得名單 {listing}，選擇 {target}")
            night.stab_as(killer.id, target, by=f"{use.actor} 文和亂武").notes.append(LUANWU_STAB)

    @staticmethod
    def barred(night: Night, killer: str) -> str | None:
        """Why ``killer`` cannot 發動【刺殺】 tonight, or None: a ``no-stab`` effect on his country
        (神速：次夜本國殺手均無法發動【刺殺】), or a live 巧變 of his country (本國殺手無法發動【刺殺】)."""
        country = night.game.country_of(killer)
        if any(e.data.get("country") == country for e in night.state.effects_at("no-stab", night.index)):
            return f"{country}國殺手當夜無法發動刺殺"
        blocker = next((u for u in night.uses if u.skill.name == "巧變" and u.live
                        and night.game.country_of(u.actor) == country), None)
        if blocker is not None:
            return f"{blocker.actor} 巧變：當夜本國殺手無法發動刺殺"
        return None


# ---- 幕後的主使·賈詡 -----------------------------------------------------------
class Dushi(CharacterSkill):
    """毒士：*被*本國護衛即將致人受傷時，致傷更為致死。"""

    name = "毒士"
    kind = Kind.PASSIVE
    stage = "after"

    def prepare(self, night: Night, use: Use) -> None:
        owner = use.actor

        def deepen(n: Night, harm: Harm) -> None:
            if harm.removal or harm.level is not _WOUND:
                return
            country = n.game.country_of(owner)
            guards = [s for s in harm.sources if s != harm.target and s in n.state.players
                      and n.state.player(s).identity == "護衛" and n.game.country_of(s) == country]
            if guards:
                harm.deepen(f"{owner} 毒士（{'、'.join(guards)} 為本國護衛）")

        # 即將致人受傷時: the wound turns lethal as it is dealt, before any 傷害減輕 of the target.
        night.harm_modifiers.insert(0, deepen)


class Shensuan(CharacterSkill):
    """神算：指定一個ID，猜測其身份及國籍，若兩者皆猜測正確，則當夜你可選擇是否繼續使用【神算】，若當夜不再使用【神算】，則次夜你可繼續使用【神算】；若其中一者猜測正確，則你在當夜無法繼續使用【神算】，但在次夜可繼續使用【神算】，並可獲悉此人角色；若兩者皆猜測錯誤，則立即失去技能【神算】，且不能獲悉此人角色。"""

    name = "神算"
    stage = "inform"
    args = ("identity", "country")

    def validate(self, state: GameState, action: Action) -> None:
        if _canonical(action.args.get("identity"), IDENTITIES) is None:
            raise IllegalAction(f"【神算】猜測的身份「{shown(action.args.get('identity'))}」不是身份之一"
                                f"（{'、'.join(IDENTITIES)}）", "bad-arg")
        if _canonical(action.args.get("country"), GUESS_COUNTRIES) is None:
            raise IllegalAction(f"【神算】猜測的國籍「{shown(action.args.get('country'))}」不是{'、'.join(GUESS_COUNTRIES)}之一",
                                "bad-arg")

    def apply(self, night: Night, use: Use) -> None:
        current = use
        while True:
            if not self._guess(night, current):
                return
            # 兩者皆猜測正確：當夜你可選擇是否繼續使用【神算】
            # 「可選擇」: unanswered, he does not go on (the harmless default).
            go_on = night.book.choose(night.rng, use.actor, self.name, ["繼續使用", "不再使用"], _same,
                                      default="不再使用")
            if go_on == "不再使用":
                night.note(f"{use.actor} 當夜不再使用神算")
                return
            options = [(p.id, i, c) for p in night.state.players.values() if p.alive
                       for i in IDENTITIES for c in GUESS_COUNTRIES]
            target, identity, country = night.book.choose(
                night.rng, use.actor, self.name, options, self._match_guess,
                label=lambda o: f"{o[0]}：{o[2]}國{o[1]}")
            current = Use(Action(use.actor, self.name, (target,), {"identity": identity, "country": country}),
                          self, order=len(night.uses), seat=use.seat, state=UseState.DONE)
            current.notes.append("神算：繼續使用")
            night.uses.append(current)
            rate = night.success_rate(current)
            if rate < 1 and not night.rng.chance(f"成功判定 {use.actor}【{self.name}】", rate):
                current.decide(UseState.FAILED, f"成功判定未通過（成功率{rate}），當夜不再繼續")
                night.tell(use.actor, Feedback(self.name, texts.FAILED, target, {"failed": True}))
                night.note(f"{use.actor} 繼續使用的【神算】發動失敗（成功率{rate}），當夜不再繼續")
                return

    @staticmethod
    def _match_guess(answer: Any, option: tuple[str, str, str]) -> bool:
        if not isinstance(answer, dict):
            return False
        target, identity, country = option
        return (answer.get("target") == target and _same(answer.get("identity"), identity)
                and _same(answer.get("country"), country))

    def _guess(self, night: Night, use: Use) -> bool:
        """One guess; True when both are right (the owner may go on)."""
        target = use.targets[0]
        player = night.state.player(target)
        identity = _canonical(use.action.args["identity"], IDENTITIES)
        country = _canonical(use.action.args["country"], GUESS_COUNTRIES)
        right = int(identity == player.identity) + int(country == night.game.country_of(target))
        data: dict[str, Any] = {"identity": identity, "country": country, "correct": right}
        guess = f"{target}為{country}國{identity}"
        if right == 2:
            text = f"【神算】你猜測{guess}：兩者皆猜測正確，當夜你可選擇是否繼續使用【神算】。"
        elif right == 1:
            data["character"] = player.character
            text = (f"【神算】你猜測{guess}：其中一者猜測正確，當夜無法繼續使用【神算】，次夜可繼續使用；"
                    f"{target}的角色：{player.character}。")
        else:
            text = f"【神算】你猜測{guess}：兩者皆猜測錯誤，你失去技能【神算】。"
        night.tell(use.actor, Feedback(self.name, text, target, data))
        night.note(f"{use.actor} 神算 {guess}：猜對{right}項")
        if right == 0:
            skillbook.lose(night, use.actor, self.name, via=self.name)
        return right == 2


# ---- 荀攸 ----------------------------------------------------------------------
class ChayanGuanse(CharacterSkill):
    """察言觀色：指定一個ID，獲得其當夜發動或使用的所有技能的一次性使用權。"""

    name = "察言觀色"
    stage = "after"
    priority = 100

    def apply(self, night: Night, use: Use) -> None:
        target = use.targets[0]
        owner = night.state.player(use.actor)
        used: list[str] = []
        for other in night.uses_by(target):
            # 發動失敗 is as if not used; 失效 is used with no effect.
            if other.state is _FAILED or other.skill.kind is _PASSIVE:
                continue
            if other.name not in used:
                used.append(other.name)
        mine = skillbook.held_as_stage_began(night, owner.id)
        held = [s for s in used if s in mine or s in night.game.identity_skills(owner)]
        granted = [s for s in used if s not in held]
        for name in granted:
            skillbook.lend(night, use.actor, name, via=self.name)
        body = "、".join(f"【{s}】" for s in used) or "無"
        text = f"【察言觀色】{target}當夜發動或使用的技能：{body}。"
        if held:
            text += f"其中{'、'.join(f'【{s}】' for s in held)}你已擁有，不另獲得使用權。"
        night.tell(use.actor, Feedback(self.name, text, target, {"used": used, "granted": granted, "held": held}))
        night.note(f"{use.actor} 察言觀色 {target}：{body}")


class ShierQice(CharacterSkill):
    """十二奇策：指定X名角色，獲悉他們前Y夜的行動。（X*Y須為12）"""

    name = "十二奇策"
    stage = "inform"
    targets = TargetRule(count=1, counts=(2, 3, 4, 6, 12))

    def apply(self, night: Night, use: Use) -> None:
        x = len(use.targets)
        y = 12 // x
        nights = [e for e in night.state.history if e.get("phase") == "night" and e["index"] < night.index][-y:]
        numbers = [phase_number(e["index"]) for e in nights]
        actions: dict[str, list[dict[str, Any]]] = {}
        lines = []
        for pid in use.targets:
            mine = []
            for entry in nights:
                for a in entry["actions"]:
                    if a["actor"] == pid and not a.get("implicit"):
                        mine.append({"night": phase_number(entry["index"]), "skill": a["skill"],
                                     "targets": list(a["targets"])})
            actions[pid] = mine
            body = "；".join(f"第{m['night']}夜【{m['skill']}】{'、'.join(m['targets']) or '無目標'}" for m in mine)
            lines.append(f"{pid}：{body or '無行動'}")
        span = f"第{numbers[0]}至{numbers[-1]}夜" if numbers else "（此前沒有夜晚）"
        night.tell(use.actor, Feedback(self.name, f"【十二奇策】前{y}夜{span}的行動：" + "；".join(lines) + "。",
                                       None, {"x": x, "y": y, "nights": numbers, "actions": actions}))
        night.note(f"{use.actor} 十二奇策：X={x}，Y={y}，夜晚 {numbers}")


# ---- 程昱 ----------------------------------------------------------------------
class Youshui(CharacterSkill):
    """遊說：*被*當你於夜間成為至少兩個行動的目標時，你可以獲悉當夜所有針對你的行動（包括角色與其對應行動），並可令其中一個行動失效。"""

    name = "遊說"
    kind = Kind.PASSIVE
    stage = "cancel"
    priority = -50

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        aimed = [u for u in night.aimed_at(owner) if u.state is not _FAILED]
        if len(aimed) < 2:
            return
        labels: list[str] = []
        rows = []
        for u in aimed:
            character = night.state.player(u.actor).character
            label = f"{character}【{u.name}】"
            n = 2
            while label in labels:
                label = f"{character}【{u.name}】#{n}"
                n += 1
            labels.append(label)
            rows.append({"character": character, "skill": u.name, "label": label})
        # 「可令」: unanswered, he voids nothing (the harmless default).
        choice = night.book.choose(night.rng, owner, self.name, ["不使用", *labels], _same, default="不使用",
                                   actors=[None, *(u.actor for u in aimed)])
        voided = None if choice == "不使用" else choice
        text = f"【遊說】當夜針對你的行動：{'、'.join(labels)}。"
        if voided is not None:
            victim = aimed[labels.index(voided)]
            night.void(victim, f"{owner} 遊說")
            # 失效 means no effect: a target change it made this night (made with source=its use)
            # no longer counts in Use.targets.
            for other in night.uses:
                if any(r.source is victim for r in other.redirects):
                    night.note(f"{owner} 遊說：撤銷 {victim.actor}【{victim.name}】對 {other.actor}【{other.name}】目標的修改")
            text += f"你令{voided}失效。"
        night.tell(owner, Feedback(self.name, text, None, {"actions": rows, "voided": voided}))
        night.note(f"{owner} 遊說：{len(aimed)}個行動針對其" + (f"，令 {voided} 失效" if voided else ""))


class ZezhuErshi(CharacterSkill):
    """擇主而事：隨機學得一個尚在場的君主角色的一項角色技能。學到技能後，你可以將其更為【招賢納才】。"""

    name = "擇主而事"
    stage = "after"
    targets = TargetRule(count=0)

    def apply(self, night: Night, use: Use) -> None:
        roster = night.game.roster
        lords: list[tuple[str, list[str]]] = []
        for p in night.state.players.values():
            character = roster.characters[p.character]
            if not p.alive or character.slot not in LORD_SLOTS:
                continue
            held = skillbook.held_as_stage_began(night, p.id)  # not what another skill of the stage just gave
            own = [s.name for s in character.skills if s.name in held]
            if own:
                lords.append((p.character, own))
        if not lords:
            # Nothing to learn: 失效 (used up, its owner is not told: being told would say no lord lives).
            night.void(use, "場上沒有尚在場且有角色技能的君主角色")
            return
        character, skills = night.rng.pick("擇主而事 君主角色", lords, label=lambda o: o[0])
        learned = night.rng.pick(f"擇主而事 {character}的技能", skills)
        night.tell(use.actor, Feedback(self.name, f"【擇主而事】你隨機學得君主角色「{character}」的技能【{learned}】，"
                                                  "可以將其更為【招賢納才】。",
                                       None, {"character": character, "skill": learned}))
        # 「可以將其更為」: unanswered, he keeps what he learned (the harmless default).
        chosen = night.book.choose(night.rng, use.actor, self.name, [learned, "招賢納才"], _same, default=learned)
        skillbook.gain(night, use.actor, chosen, via=self.name)


SKILLS: list[type[Skill]] = [Weimu, Wansha, WenheLuanwu, Dushi, Shensuan, ChayanGuanse, ShierQice, Youshui, ZezhuErshi]
