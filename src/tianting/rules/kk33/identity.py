"""The identity skills of KK 3.3 (附：各身份對應身份技能).

Each class quotes the sentence it implements. 轉生 and 託孤 are triggered by
death and live in :mod:`tianting.rules.kk33.deaths`; 太平要術 sets the rebel
leader's hp at setup; the victory conditions are in
:mod:`tianting.rules.kk33.victory`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core import effects
from tianting.core.errors import IllegalAction
from tianting.core.records import Action, Feedback
from tianting.core.skills import Kind, Skill, Source, TargetRule, Use, UseState
from tianting.core.state import GameState
from tianting.core.usertext import shown
from tianting.rules.kk33 import texts
from tianting.rules.kk33.roster import COUNTRIES, IDENTITIES, OTHERS

if TYPE_CHECKING:
    from tianting.rules.kk33.night import Night


class IdentitySkill(Skill):
    source = Source.IDENTITY


class Recruit(IdentitySkill):
    """招賢納才：指定一個除你以外的ID，你與其互識。"""

    name = "招賢納才"
    stage = "inform"
    targets = TargetRule(self_allowed=False)

    def apply(self, night: Night, use: Use) -> None:
        night.recognise(use.actor, use.targets[0], via=self.name)


class Reincarnate(IdentitySkill):
    """轉生：當你死亡時，選擇一個轉生角色繼續進行遊戲。 (triggered: see deaths.py)"""

    name = "轉生"
    kind = Kind.PASSIVE


class Entrust(IdentitySkill):
    """託孤：當你的轉生角色死亡時，…指定其中一名角色成為新任君主。 (triggered: see deaths.py)"""

    name = "託孤"
    kind = Kind.PASSIVE


class Learn(IdentitySkill):
    """An information skill: its owner learns one fact about one target."""

    stage = "inform"

    def learn(self, night: Night, target: str) -> tuple[dict[str, Any], str]:
        """The fact as structured data and as the text the owner reads."""
        raise NotImplementedError

    def apply(self, night: Night, use: Use) -> None:
        target = use.targets[0]
        data, text = self.learn(night, target)
        night.tell(use.actor, Feedback(self.name, text, target, data))
        night.note(f"{use.actor} {text}")


class Investigate(Learn):
    """明察：指定一個除你以外的ID，獲悉其是否為殺手。"""

    name = "明察"
    targets = TargetRule(self_allowed=False)

    def learn(self, night: Night, target: str) -> tuple[dict[str, Any], str]:
        yes = night.state.player(target).identity == "殺手"
        return {"is_killer": yes}, texts.is_killer(target, yes)

    def apply(self, night: Night, use: Use) -> None:
        """The fact, shaped by the actor's held character skills that change what 明察 tells
        (聰慧, 慧才: more; 中庸: nothing; 大智若愚 counts it): their class's optional
        ``shape_investigation(night, use, data, text)`` returns the new (data, text), text None for
        no feedback, in the order of their ``shape_order``."""
        target = use.targets[0]
        data, text = self.learn(night, target)
        player = night.state.player(use.actor)
        skills = night.game.skills
        # (most holders have none of them: the game's index of such skills says so at once)
        shapers = [] if night.game.hooks.shapers.isdisjoint(player.skills) else \
            [s for s in (skills.get(n) for n in player.skills) if getattr(s, "shape_investigation", None) is not None]
        if len(shapers) > 1:  # (a stable sort leaves one or none as it is)
            shapers.sort(key=lambda s: getattr(s, "shape_order", 0))
        shown: str | None = text
        for shaper in shapers:
            data, shown = shaper.shape_investigation(night, use, data, shown)  # type: ignore[union-attr]
        if shown is None:
            night.note(f"{use.actor} 明察 {target}：無反饋（{data}）")
            return
        night.tell(use.actor, Feedback(self.name, shown, target, data))
        night.note(f"{use.actor} {shown}")


class RevealCountry(Learn):
    """去偽存真：指定一個除你以外的ID，獲悉其國籍。"""

    name = "去偽存真"
    targets = TargetRule(self_allowed=False)

    def learn(self, night: Night, target: str) -> tuple[dict[str, Any], str]:
        country = night.game.country_of(target)
        return {"country": country}, texts.country_of(target, country)


class InquireDead(Learn):
    """暗訪：指定一個死者ID，獲悉其角色。"""

    name = "暗訪"
    targets = TargetRule(dead=True)

    def learn(self, night: Night, target: str) -> tuple[dict[str, Any], str]:
        character = night.state.player(target).character
        return {"character": character}, texts.character_of_dead(target, character)


class Stab(IdentitySkill):
    """刺殺：由一名殺手出刀，指定一個ID，令其死亡。（當【刺殺】的目標為同國或同盟角色時，有一半概率失效）

    A held character skill may let it name two ids (烈弓: ``more_targets``, read by the game's
    check of targets).

    The stab is registered here; :meth:`Night.resolve_stabs` merges stabs on
    one target, applies the same-country check and the guards.
    """

    name = "刺殺"
    stage = "attack"
    def apply(self, night: Night, use: Use) -> None:
        night.stabs.append(use)
        # A 刺殺 with two targets (烈弓) is one 刺殺 on each: every target is settled on its own.
        for target in use.targets[1:]:
            one = Use(Action(use.actor, self.name, (target,)), self, order=use.order, seat=use.seat,
                      state=UseState.DONE, implicit=True)
            one.notes.append(f"{use.actor} 的【刺殺】的第二個目標")
            night.uses.append(one)
            night.stabs.append(one)


class Guard(IdentitySkill):
    """援護：指定一個ID，若其當夜成為有效的【刺殺】的目標，則該【刺殺】無效；若其當夜沒有成為有效的【刺殺】的目標，則令其受傷。"""

    name = "援護"
    stage = "attack"

    def apply(self, night: Night, use: Use) -> None:
        night.guards.append(use)


class BindVote(IdentitySkill):
    """亂花：指定兩個ID：A和B，A次日的投票對象強制修改為B。"""

    name = "亂花"
    stage = "after"
    targets = TargetRule(count=2, distinct=False)

    def apply(self, night: Night, use: Use) -> None:
        a, b = use.targets
        night.binds.append((a, b, use.actor))


class Rebel(IdentitySkill):
    """起義：指定一個除你以外的ID，令其獲得一個「黃巾軍」標記（其無法獲悉），「黃巾軍」的投票無效。"""

    name = "起義"
    stage = "after"
    targets = TargetRule(self_allowed=False)

    def apply(self, night: Night, use: Use) -> None:
        target = night.state.player(use.targets[0])
        if target.marker("黃巾軍"):
            night.note(f"{use.actor} 起義 {target.id}：其已有「黃巾軍」標記")
            return
        effects.mark(night, target.id, "黃巾軍", why=f"{use.actor} 起義 {target.id}：獲得「黃巾軍」標記")


class TaipingArts(IdentitySkill):
    """太平要術：*被*你的初始體力值為2。 (set at setup)"""

    name = "太平要術"
    kind = Kind.PASSIVE


class Foresee(IdentitySkill):
    """方術：指定一個國籍與一個身份，獲悉對應角色每夜的行動。"""

    name = "方術"
    stage = "report"
    targets = TargetRule(count=0)
    args = ("country", "identity")

    def validate(self, state: GameState, action: Action) -> None:
        country = action.args.get("country")
        identity = action.args.get("identity")
        if country not in COUNTRIES + (OTHERS,):
            raise IllegalAction(f"【方術】的國籍「{shown(country)}」不是魏、蜀、吳或群", "bad-arg")
        if identity not in IDENTITIES:
            raise IllegalAction(f"【方術】的身份「{shown(identity)}」不是身份之一", "bad-arg")

    def apply(self, night: Night, use: Use) -> None:
        country = use.action.args["country"]
        identity = use.action.args["identity"]
        seen = [
            p for p in night.state.players.values()
            if p.alive and p.country == country and p.identity == identity and p.id != use.actor
        ]
        if not seen:
            night.tell(use.actor, Feedback(self.name, texts.foresee_nobody(country, identity), None,
                                           {"country": country, "identity": identity, "actions": []}))
            return
        actions = []
        lines = []
        for p in seen:
            for other in night.uses_by(p.id):
                actions.append({"skill": other.name, "targets": list(other.targets)})
                lines.append(f"【{other.name}】{'、'.join(other.targets) or '無目標'}")
        night.tell(use.actor, Feedback(
            self.name, texts.foresee(country, identity, lines), None,
            {"country": country, "identity": identity, "actions": actions},
        ))
        night.note(f"{use.actor} 方術 {country}{identity}：{len(actions)}個行動")


class FirstAid(IdentitySkill):
    """急救：指定一個ID，令其當夜受到的【刺殺】無效。

    勝利條件：當你對一名角色發動【急救】時，若該角色屬於魏國、蜀國或吳國角色，
    你在對應國積累一個「行醫」標記。
    """

    name = "急救"
    stage = "protect"

    def apply(self, night: Night, use: Use) -> None:
        target = use.targets[0]
        night.stab_immunity.setdefault(target, []).append(f"{use.actor} 急救")
        country = night.state.player(target).country
        if country in COUNTRIES:
            effects.mark(night, use.actor, f"行醫·{country}", why=f"{use.actor} 急救 {target}：在{country}積累一個「行醫」標記")


IDENTITY_SKILLS: dict[str, type[Skill]] = {
    cls.name: cls
    for cls in (Recruit, Reincarnate, Entrust, Investigate, RevealCountry, InquireDead, Stab, Guard,
                BindVote, Rebel, TaipingArts, Foresee, FirstAid)
}
"""Every identity skill by name."""

SKILLS_OF_IDENTITY: dict[str, tuple[str, ...]] = {
    "君主": ("招賢納才", "轉生", "託孤"),
    "正軍師": ("明察", "去偽存真"),
    "副軍師": ("暗訪",),
    "殺手": ("刺殺",),
    "護衛": ("援護",),
    "女眷": ("亂花",),
    "黃巾頭領": ("起義", "太平要術"),
    "方士": ("方術",),
    "神醫": ("急救",),
}
