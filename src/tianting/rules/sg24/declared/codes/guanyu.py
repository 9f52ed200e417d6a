"""关羽【春秋大义】: rightly recognised by 吕蒙 (whose 【白衣渡江】 goes off), he may choose to trigger it: the 魏吴
alliance can then never be made, and 陆逊's 【火烧连营】 is void (R-choices-2). The choice is asked by 白衣渡江's
code (:mod:`.lvmeng`); this skill's entry has no step of its own."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.records import Feedback
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.codes._wu import no_target
from tianting.rules.sg24.declared.codes.sunce import _unused

if TYPE_CHECKING:
    from tianting.rules.sg24.declared.resolve import Resolver

NAME = "春秋大义"
TRIGGER, DECLINE = "触发", "不触发"
VOIDED = "春秋大义"
"""``state.extra`` key: the night 春秋大义 went off (陆逊【火烧连营】 is void from then on)."""
LUXUN = "陆逊"


def chooses(r: Resolver, pid: str, by: str) -> bool:
    """Whether ``pid`` (关羽, rightly recognised by ``by``'s 【白衣渡江】) triggers 春秋大义: he must hold it, and
    the 白衣渡江 must not be 陆逊's (「继承给陆逊之后，关羽的【春秋大义】失效」); then he is asked (「可以选择触发」,
    「不触发」 if he says nothing). Triggered: the 魏吴 alliance is barred for good and 【火烧连营】 void; he is told."""
    from tianting.rules.sg24.declared.schema import COUNTRY_NAMES
    from tianting.rules.sg24.game import same_word

    night, state = r.night, r.night.state
    player = state.player(pid)
    if NAME not in player.skills or state.player(by).character == LUXUN:
        return False
    answer = night.book.choose(state.rng, pid, NAME, [TRIGGER, DECLINE], same_word, default=DECLINE,
                               context=f"被 {by}（吕蒙）指认：是否触发【{NAME}】（魏吴联盟无法建立，【火烧连营】失效）")
    if answer != TRIGGER:
        night.phase.note(f"{pid} 未触发【{NAME}】")
        return False
    pair = "".join(sorted(("魏", "吴"), key=COUNTRY_NAMES.index))
    state.extra.setdefault("alliances_barred", {})[pair] = night.game.number
    state.extra[VOIDED] = night.game.number
    night.phase.note(f"{pid}【{NAME}】触发：魏吴联盟无法建立，陆逊【火烧连营】失效")
    night.phase.tell(pid, Feedback(NAME, f"你的【{NAME}】已触发：魏吴联盟无法建立", by))
    return True


def voided(state: Any) -> bool:
    """春秋大义 has gone off in this game (陆逊【火烧连营】 is void)."""
    return VOIDED in state.extra


register(NAME, Code(
    "passive", no_target, _unused,
    "被动技能，非锁定技。被吕蒙以【白衣渡江】指认出时，可以选择触发：此后魏吴联盟无法建立，陆逊【火烧连营】失效。"
    "【白衣渡江】由陆逊继承后，本技能失效。（无属性技能）"))
