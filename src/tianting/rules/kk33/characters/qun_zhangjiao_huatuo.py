"""KK 3.3 character skills: the 群雄 張角 (黃巾頭領) and 華佗 (神醫).

張角：黃天、電閃雷鳴、飛沙走石。 華佗：青囊、普度眾生。
Each class quotes its rule text verbatim; the readings chosen where the text
is silent are in ``docs/rulings/kk33-qun_zhangjiao_huatuo.md`` (Q1 …).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.records import Action, Feedback
from tianting.core.skills import Kind, Skill, TargetRule, Use, UseState
from tianting.effects.targets import spy_and_retarget, tell_when_settled
from tianting.rules.kk33.characters.common import CharacterSkill
from tianting.rules.kk33.characters.common import yes_no as _yes_no
from tianting.rules.kk33.characters.shu_lords import Kongcheng
from tianting.rules.kk33.roster import COUNTRIES
from tianting.rules.kk33.victory import REBELS

if TYPE_CHECKING:
    from tianting.rules.kk33.game import KK33Game
    from tianting.rules.kk33.night import Night

YES = "是"
NO = "否"
HUANGTIAN_KEY = "黃天"
"""``state.extra[HUANGTIAN_KEY][owner]``: the 「黃巾軍」 whose deaths 黃天 has counted, in order."""

# Enum members read once: reading one off its class is slow in Python 3.11 (EnumType.__getattr__).
_FAILED = UseState.FAILED


def _seated(night: Any) -> list[Any]:
    return sorted(night.state.players.values(), key=lambda p: p.seat)


# ---- 張角 ------------------------------------------------------------------------
class Huangtian(CharacterSkill):
    """黃天：*被*每當有三個「黃巾軍」死亡，你可以增加一點體力（可以突破原體力上限）。當你的體力值發生變動時你獲悉當前體力值。

    Q1: every death of a player bearing the 「黃巾軍」 marker counts (退出歷史舞台 too; a lord's first
    death, after which he plays on, is a death: R11). At each third one he chooses 「是」 (the
    default: a point can only help him) or 「否」; with 「是」 his hp goes up by one, past 2 if need be,
    and he is told the new hp. The deaths of one moment are counted once they have all taken effect
    (R47): a 張角 who leaves the game at that moment hears only his own death and gains nothing.
    """

    name = "黃天"
    kind = Kind.PASSIVE

    def on_death(self, phase: Any, owner: str, dead: str, cause: str, sources: list[str]) -> None:
        if dead == owner:
            return
        holder = phase.state.player(owner)
        if not holder.alive or self.name not in holder.skills or not phase.state.player(dead).marker(REBELS):
            return
        counted: list[str] = phase.state.extra.setdefault(HUANGTIAN_KEY, {}).setdefault(owner, [])
        counted.append(dead)
        n = len(counted)
        phase.note(f"{owner} 黃天：「黃巾軍」{dead} 死亡（共{n}個）")
        if n % 3:
            return
        answer = phase.book.choose(phase.state.rng, owner, self.name, [YES, NO], _yes_no, default=YES)
        if answer != YES:
            phase.note(f"{owner} 黃天：已有{n}個「黃巾軍」死亡，選擇不增加體力")
            return
        holder.hp += 1
        phase.tell(owner, Feedback(self.name, f"【黃天】已有三個「黃巾軍」死亡，你增加一點體力，當前體力值：{holder.hp}。",
                                   None, {"hp": holder.hp, "gained": 1}))
        phase.note(f"{owner} 黃天：已有{n}個「黃巾軍」死亡，增加一點體力，體力值為{holder.hp}")


class Dianshan(CharacterSkill):
    """電閃雷鳴：使用後當夜，視為你對除你外隨機一名角色發動了一次【刺殺】。

    Q2: one id is drawn (`電閃雷鳴 <id>`) among every player still in the game but 張角; the result is a
    刺殺 outside any country's count (R28), merged with the night's other 刺殺 on that id, answered by
    援護 and 急救 and by every skill on 刺殺 (青囊 …). He is not told whom it fell on (as 虎痴喋血, G3).
    """

    name = "電閃雷鳴"
    stage = "attack"
    targets = TargetRule(count=0)

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        pool = [p.id for p in _seated(night) if p.alive and p.id != owner]
        if not pool:
            night.void(use, "除你外已無角色在場")
            return
        chosen = night.rng.pick(f"電閃雷鳴 {owner}", pool)
        night.stab_as(owner, chosen, by=f"{owner} 電閃雷鳴（除你外隨機一名角色）")


class Feisha(CharacterSkill):
    """飛沙走石：使用後當夜，獲得一份包含三個有行動的存活角色的名單（每國各一人，若已有國家滅亡，則獲得的名單中人數相應減少），你獲悉他們當夜所有行動並可強制修改其中任意行動的目標。

    Q3: for 魏, 蜀 and 吳 in turn (a country eliminated, or not at the table, gives no one), one id is
    drawn (`飛沙走石 <id> <國>`) among that country's living players who made an action tonight (one that
    did not fail its check; passive skills are no 行動); a country none of whose players acted gives no one
    either. He learns every action of each listed id and may change any of their targets, as 盜書 does
    (G12: one decision per target, 「不修改」 by default). It acts at one moment with 盜書 and 草船借箭 (the
    first of the redirect stage after 只欠東風's draw): none sees another's change, and two different
    changes of one target send it to its issuer (CB1). The listed players are not told. He is told once the
    night's cancels are known, and only if the use is still live (a 飛沙走石 voided or failed since tells nothing).
    """

    name = "飛沙走石"
    stage = "redirect"
    priority = -1
    targets = TargetRule(count=0)

    def apply(self, night: Night, use: Use) -> None:
        owner = use.actor
        game = night.game
        listed: list[str] = []
        # Who made an action tonight that did not fail (``night.uses_by(pid)`` holds one), read once:
        # the draws below change no use.
        acting = {u.action.actor for u in night.uses if not u.implicit and u.state is not _FAILED}
        # The living players who acted, but him, in seat order, also read once (the picks change no player);
        # each country's are those of them who count as of it (every test a pure read).
        seated = [p for p in _seated(night) if p.id in acting and p.id != owner and p.alive]
        for country in COUNTRIES:
            if country not in game.kingdoms or country in night.state.eliminated:
                continue
            acted = [p.id for p in seated if game.country_of(p.id) == country]
            if not acted:
                night.note(f"{owner} 飛沙走石：{country}國無有行動的存活角色")
                continue
            listed.append(night.rng.pick(f"飛沙走石 {owner} {country}", acted))
        reads: dict[str, list[dict[str, Any]]] = {}
        changed: list[dict[str, Any]] = []
        for pid in listed:
            seen, done = spy_and_retarget(night, use, pid)
            reads[pid] = seen
            changed += [{"player": pid, **c} for c in done]
        parts = []
        for pid in listed:
            lines = [f"【{a['skill']}】{'、'.join(a['targets']) or '無目標'}" for a in reads[pid]]
            parts.append(f"{pid}：{'；'.join(lines)}")
        text = f"【飛沙走石】名單：{'、'.join(listed) if listed else '無'}。"
        if parts:
            text += "其今夜的行動——" + "。".join(parts) + "。"
        if changed:
            text += "你修改了：" + "；".join(f"{c['player']}的【{c['skill']}】{c['from']}→{c['to']}" for c in changed) + "。"
        told = Feedback(self.name, text, None, {"listed": listed, "actions": reads, "changed": changed})
        night.note(f"{owner} 飛沙走石：名單 {'、'.join(listed) or '無'}，修改{len(changed)}處")
        tell_when_settled(night, use, told)


# ---- 華佗 ------------------------------------------------------------------------
class Qingnang(Kongcheng):
    """青囊：*被*【刺殺】對你無效。

    Q4: every 刺殺 aimed at 華佗 (a 「視為刺殺」 too, and by day: 奇襲) is 無效, as 空城's (the same text,
    whose rule it shares). It is a character skill's rule: 鋒騎 passes it (SK7). A 援護 on him that night
    does not wound him (R8: his protection wins over the 援護's wound)."""

    name = "青囊"

    @staticmethod
    def awake(phase: Any, owner: str) -> bool:
        return True  # no 覺醒技 to wait for: it holds from the start


class Pudu(CharacterSkill):
    """普度眾生：使用後當夜，你可以額外發動一次【急救】。

    Q5: the extra 急救 is a second 急救 submitted with 普度眾生 (before or after it, R27); if 普度眾生 fails its check, the extra fails with it.
    Each 急救 is a 發動 of its own: each gives its 「行醫」 marker, on the same id too."""

    name = "普度眾生"
    stage = "after"
    targets = TargetRule(count=0)

    def extra_uses(self, game: KK33Game, action: Action) -> list[tuple[str, str, int]]:
        return [(action.actor, "急救", 1)]

    def apply(self, night: Night, use: Use) -> None:
        night.note(f"{use.actor} 普度眾生：當夜可額外發動一次急救")


SKILLS: list[type[Skill]] = [Huangtian, Dianshan, Feisha, Qingnang, Pudu]
