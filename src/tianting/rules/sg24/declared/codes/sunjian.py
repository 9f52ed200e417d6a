"""孙坚【传国玉玺】 (8.1): the seal. Used on a countryman, he comes to know the user; on another country's 君主, the seal
goes to him; the user is told nothing. Unspent when 孙坚 dies, 孙策 holds it; once 孙坚 or 孙策 has used it (without
handing it to a lord), or 孙策 dies with it, it goes to 魏's 君主, who may use it once (R-learning-5)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.effects import limits
from tianting.effects import skills as skill_changes
from tianting.rules.sg24.declared import learned
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.outcomes import DONE
from tianting.rules.sg24.pack import COUNTRIES

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

SEAL = "传国玉玺"
OWNER = "孙坚"
FIRST = ("孙坚", "孙策")
"""「孙坚/孙策使用后自动转移给魏国君主」."""
EMPERORS = ("汉少帝", "汉献帝")
WEI = "魏"


def _wei_lord(game: Any) -> Any:
    """魏's living 君主 (none: None)."""
    return next((p for p in sorted(game.state.living(), key=lambda p: p.id)
                 if p.country == WEI and p.identity == "君主"), None)


def _move(game: Any, phase: Any, holder: str, to: Any, why: str) -> None:
    """The seal leaves ``holder`` (untold: 「自己都不能收到技能效果的反馈」) for ``to`` (told), if anyone."""
    skill_changes.expire(game.state, holder, SEAL)
    if to is None or to.id == holder:
        phase.note(f"{holder} 的【{SEAL}】{why}：无人可得")
        return
    skill_changes.gain(phase, to.id, SEAL, SEAL, character=OWNER)
    phase.note(f"【{SEAL}】{why}：转移给 {to.id}")


def _resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    game, phase, state = r.night.game, r.night.phase, r.night.state
    user, target = state.player(a.actor), state.player(a.targets[0])
    if target.character in EMPERORS:
        line = f"{a.actor}【{SEAL}】的对象 {target.id} 是{target.character}：视为被{user.country}国君主招揽，由天庭裁定其入国"
        r.night.warnings.append(line)
    if target.country == user.country:
        target.known[user.id] = user.character  # 「对方知道自己」: one-sided, the user told nothing
        phase.tell(target.id, _knows(user))
        phase.note(f"{target.id} 得知 {user.id} 的角色：{user.character}（{a.actor}【{SEAL}】）")
    if target.identity == "君主" and target.country in COUNTRIES and target.country != user.country:
        _move(game, phase, user.id, target, f"由 {a.actor} 交给他国君主")
    elif user.character in FIRST:
        _move(game, phase, user.id, _wei_lord(game), f"{a.actor} 使用后")
    else:
        limits.consume(phase, user.id, SEAL)  # 「魏国君主也只能使用一次」
    phase.outcomes.settle(a, DONE)


def _knows(user: Any) -> Any:
    from tianting.core.records import Feedback
    from tianting.rules.sg24 import texts

    return Feedback(SEAL, texts.learned(user.id, "角色", user.character), user.id,
                    {"fact": "character", "value": user.character})


def _pass_on(game: Any, phase: Any, pid: str, dead: str) -> None:
    """The holder's character died, his successor playing on: 孙坚's to 孙策; 孙策's to 魏's 君主; anyone else's kept
    (「可以被继承」)."""
    if dead == "孙策":
        _move(game, phase, pid, _wei_lord(game), "孙策死后")
    elif dead != OWNER or game.state.player(pid).character == "孙策":
        skill_changes.gain(phase, pid, SEAL, "继承", tell=False, character=OWNER)
    else:
        phase.note(f"{pid} 的【{SEAL}】未被继承")


def _check(game: Any, action: Action) -> None:
    """One id; only while the seal is held (it leaves 孙坚 once used), and once by any other holder."""
    from tianting.core.errors import IllegalAction

    holder = game.state.player(action.actor)
    if SEAL not in holder.skills:
        raise IllegalAction(f"{action.actor} 已不持有【{SEAL}】", "no-skill")
    if holder.used.get(SEAL):
        raise IllegalAction(f"【{SEAL}】只能使用一次，已经消耗", "spent")
    game._target(action)


learned.PASS_ON[SEAL] = _pass_on

register(SEAL, Code(
    "settle", _check, _resolve,
    "主动技能。指定1个ID：若其为本国角色，则其知道自己；若其为他国君主，本技能转移给对方；使用者不会得到任何反馈。孙坚死时"
    "若未使用，由孙策持有；孙坚或孙策使用后、或孙策死后，转移给魏国君主，魏国君主只能使用一次。"))
