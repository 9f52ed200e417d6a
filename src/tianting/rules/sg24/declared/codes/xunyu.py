"""荀彧【留侯再世】（2） (his death, （1） never set off: 魏's 君主 gains an active of the vote — the id named, if most
voted the next day, is not harmed by the vote; a first use that sets nothing off may be used once more) and
【奇计百出】 (two ids found 智者 by his 评价指认: one active skill of theirs learned, drawn). （1） is declared (a standing
defence of his country's 君主, once). R-learning-6, R-learning-7."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.core.records import Feedback
from tianting.effects import limits
from tianting.effects import skills as skill_changes
from tianting.rules.sg24.declared import learned
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.schema import Bespoke
from tianting.rules.sg24.outcomes import DONE
from tianting.rules.sg24.pack import SkillData

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver

LIUHOU = "留侯再世"
VOTE_FORM = "留侯再世（二）"
TOP_VOID = "top_void"
"""``state.extra[TOP_VOID][day index][id]``: [owner, skill] — if that id is the day's most voted, the vote is void."""
WISE = "wise_found"
"""``state.extra[WISE][pid]``: the ids ``pid``'s 评价指认 found 智者 (奇计百出), in order."""


def _wei_lord(game: Any) -> Any:
    return next((p for p in sorted(game.state.living(), key=lambda p: p.id)
                 if p.country == "魏" and p.identity == "君主"), None)


def _at_death(game: Any, phase: Any, pid: str, dead: str, used: dict[str, int]) -> None:
    """「当荀彧死亡退出游戏且未触发效果（1）时」: 魏's 君主 gains the vote form (none living: nobody does); 荀彧's id
    played on by a successor keeps nothing of it."""
    if dead != "荀彧" or used.get(LIUHOU):
        return
    lord = _wei_lord(game)
    if lord is None or lord.id == pid:
        phase.note(f"{pid}（荀彧）死亡：【{LIUHOU}】没有魏国君主可以获得")
        return
    skill_changes.gain(phase, lord.id, LIUHOU, LIUHOU, character="荀彧")
    if lord.character in game.pack.characters and game.pack.characters[lord.character].successors:
        learned.inheritable(game.state, lord.id, LIUHOU, game.pack.characters[lord.character].successors)


def _check_vote_form(game: Any, action: Action) -> None:
    """One id; two uses at most, none after one that set it off (used up then)."""
    if game.state.player(action.actor).used.get(LIUHOU, 0) >= 2:
        raise IllegalAction(f"【{LIUHOU}】已经不能再用", "spent")
    game._target(action)


def _vote_form(r: Resolver, a: Action, skill: SkillData) -> None:
    state = r.night.state
    limits.consume(r.night.phase, a.actor, LIUHOU)
    state.extra.setdefault(TOP_VOID, {}).setdefault(str(state.index + 1), {})[a.targets[0]] = [a.actor, LIUHOU]
    r.night.phase.note(f"{a.targets[0]} 次日若得票最多则投票无效（{a.actor}【{LIUHOU}】）")
    r.night.phase.outcomes.settle(a, DONE)


def top_voided(state: Any, voted: str) -> str | None:
    """The skill that makes today's vote on ``voted`` (the most voted) void, its use then spent for good; or None."""
    found = state.extra.get(TOP_VOID, {}).get(str(state.index), {}).get(voted)
    if found is None:
        return None
    owner, skill = found
    if owner in state.players:
        state.player(owner).used[skill] = 2  # set off: 「未能触发效果，则可以再使用一次」 no more
    return str(skill)


learned.ON_DEATH[LIUHOU] = _at_death
def _pass_on(game: Any, phase: Any, pid: str, dead: str) -> None:
    """The vote form's holder (a 君主) dies and his successor plays on: it is kept (「若获得该技能的君主为非最后一命角色，
    则可以被继承」). 荀彧's own successor (鼎立's 司马懿) holds nothing of it."""
    if dead != "荀彧":
        skill_changes.gain(phase, pid, LIUHOU, "继承", tell=False, character="荀彧")


learned.PASS_ON[LIUHOU] = _pass_on
learned.FORMS[LIUHOU] = SkillData(LIUHOU, "active", "结算时生效", "投票技能", None, effect=Bespoke(VOTE_FORM))
register(VOTE_FORM, Code(
    "settle", _check_vote_form, _vote_form,
    "主动技能（荀彧死亡且【留侯再世】未曾触发时，由魏国君主获得）。指定1个ID：若其次日得票最多，则该次投票无效。第一次使用"
    "未能触发效果时可以再使用一次。",
    uses=None))  # 「若第一次使用该技能未能触发效果，则可以再使用一次」: counted by this code (R53)


# ---- 【奇计百出】 --------------------------------------------------------------------------------------------------
def _found_wise(r: Resolver, owner: str, skill: SkillData) -> None:
    """Each 评价指认 of ``owner`` tonight that found 智者 rightly counts its id (once); at the second id, one active
    skill that names no character of the two players' (their characters' and what they inherited) is learned, drawn;
    the passive is then spent, with nothing learned if there is none (the 8.1 list's 释疑)."""
    night, state, game = r.night, r.night.state, r.night.game
    found = state.extra.setdefault(WISE, {}).setdefault(owner, [])
    for who, whom, asked in night.phase.asked:
        if who == owner and asked == "智者" and whom not in found and owner not in night.phase.misled \
                and "智者" in game.evaluations(whom, night.phase):
            found.append(whom)
    if len(found) < 2:
        return
    limits.consume(night.phase, owner, skill.name)
    holder = state.player(owner)
    options = [o for o in learned.learnable(game, [o for pid in found[:2] for o in learned.of_player(game, pid)])
               if o[1] not in holder.skills]
    night.phase.note(f"{owner}【{skill.name}】触发：已指认出智者 {'、'.join(found[:2])}")
    if learned.learn(night.phase, owner, options, skill.name) is None:
        night.phase.tell(owner, Feedback(skill.name, f"你的【{skill.name}】已触发并消耗，没有学到技能", None, {}))


register("奇计百出", Code(
    "settle", lambda game, action: None, lambda r, a, s: None,
    "被动技能。评价指认累计正确指认出两名“智者”时触发：随机学会其中一人所持有的一项不针对某具体角色的主动技能（含其继承"
    "得来的，【料敌机先】【武侯八阵】【连环妙计】除外）；没有可学的技能时，触发并消耗而学不到技能。", once=True,
    before_harms=_found_wise))
