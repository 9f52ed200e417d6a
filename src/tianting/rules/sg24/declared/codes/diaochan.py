"""貂蝉 (鼎立 在野): 【媚眼如丝】, her hold on a man's next day's vote, shown on the ballot (docs/rulings/packs-zaiyeb.md)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from tianting.core.errors import IllegalAction
from tianting.core.records import Feedback
from tianting.effects import limits
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.doubled import double_next_day
from tianting.rules.sg24.outcomes import DONE, FAILED

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

WOMEN = ("貂蝉", "灵雎")
"""The pack's women who are no 女眷 (every 女眷 is a woman): the 8.1 list's 「女性角色」."""
CONTROLLED = "controlled_votes"
"""``state.extra[CONTROLLED][day index][voter id]``: the id that voter's vote goes to that day, on the ballot too."""
MEIYAN_TIMES = 3


def is_woman(player: Any) -> bool:
    """「女性角色」: a 女眷, or one of the women of another identity (:data:`WOMEN`)."""
    return bool(player.identity == "女眷" or player.character in WOMEN)


def _meiyan_check(game: Any, action: Action) -> None:
    """Two ids: the one whose vote she takes, and the one it goes to; its three uses are counted and checked by the
    engine (Code.uses, R53)."""
    if len(action.targets) != 2:
        raise IllegalAction(f"【{action.skill}】须指定2个ID：被控制投票的ID，与其次日投票投给的ID", "targets")
    game._target(action, 2)
    if action.targets[0] == action.actor:
        raise IllegalAction(f"【{action.skill}】不可指定自己", "self")


def _meiyan_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """A man's vote the next day is cast for the second id, and the ballot shows it so; on a woman the use fails
    (R-zaiyeb-8). Each use, resolved or voided, counts one of the three (counted by the engine, R53)."""
    night, state = r.night, r.night.state
    voter, to = a.targets
    if is_woman(state.player(voter)):
        night.phase.note(f"{a.actor}【{skill.name}】对 {voter} 无效：不是男性角色")
        night.phase.outcomes.settle(a, FAILED, f"{voter} 不是男性角色")
        return
    if r.shielded(voter, skill.attribute or "", a.actor, skill.name):
        night.phase.outcomes.settle(a, FAILED, f"被 {voter} 抵御")
        return
    state.extra.setdefault(CONTROLLED, {}).setdefault(str(state.index + 1), {})[voter] = to
    night.phase.note(f"{a.actor}【{skill.name}】：{voter} 次日的投票由其控制，投给 {to}")
    night.phase.outcomes.settle(a, DONE)


def controlled_votes(state: Any) -> dict[str, str]:
    """Today's controlled votes (voter → the id his vote goes to), used up."""
    return dict(state.extra.get(CONTROLLED, {}).pop(str(state.index), {}))


register("媚眼如丝", Code(
    "settle", _meiyan_check, _meiyan_resolve,
    "主动技能，可使用三次。指定2个ID：若前者为男性角色，则其次日的投票改投后者（可与自己的投票不同），票面公告显示改后的投票。",
    uses=MEIYAN_TIMES))  # counted by the engine (R53)


CHAIN = "huoshui"
"""``state.extra[CHAIN]``: {"winner": [id, night index] of the last 拼点's winner, "primed": the night index on which
the winner's stab joins (「貂蝉前一夜触发了【闭月羞花】或指认互识了非本国女眷」)} (【祸水红颜】)."""
LOVER = "吕布"


def _chain(state: Any) -> dict[str, Any]:
    return state.extra.setdefault(CHAIN, {"winner": None, "primed": None})


def _pair(game: Any, action: Action) -> list[str]:
    """The two ids that 拼点: the two named, or, with one named, the last winner (the night before) and that one."""
    state = game.state
    if len(action.targets) == 2:
        return list(action.targets)
    won = _chain(state)["winner"]
    if won is None or won[1] != state.index - 2 or not state.player(won[0]).alive:
        raise IllegalAction(f"【{action.skill}】须指定2个ID（只指定1个ID时，须是前一夜拼点胜利者仍在场）", "targets")
    return [won[0], action.targets[0]]


def _huoshui_check(game: Any, action: Action) -> None:
    if game.state.player(action.actor).used.get(action.skill):
        raise IllegalAction(f"【{action.skill}】已经不可再用", "spent")
    if len(action.targets) not in (1, 2):
        raise IllegalAction(f"【{action.skill}】须指定2个ID，或1个ID与前一夜的胜利者拼点", "targets")
    game._target(action, len(action.targets))
    pair = _pair(game, action)
    if len(set(pair)) != 2 or action.actor in pair:
        raise IllegalAction(f"【{action.skill}】须是自己以外的两名不同角色", "targets")


def _huoshui_resolve(r: Resolver, a: Action, skill: SkillData) -> None:
    """Two men 拼点 (seed 003's digits); the loser is wounded (a 军师负面 harm), and, primed, the winner's stab that is
    no killer's falls on him too. The next day 貂蝉's vote is void and the winner's counts as two. A woman among them:
    the use fails and the skill is spent. 吕布 among them (【儿女情长】): he and 貂蝉 know each other, he wins with no
    拼点, and the skill is spent (R-zaiyeb-13)."""
    from tianting.core import effects
    from tianting.engine.harm import Harm, Level
    from tianting.rules.dingli2 import contest
    from tianting.rules.sg24 import texts
    from tianting.rules.sg24.declared.schema import STAB

    night, state, phase = r.night, r.night.state, r.night.phase
    rec = _chain(state)
    pair = _pair(night.game, a)
    if any(is_woman(state.player(pid)) for pid in pair):
        limits.consume(phase, a.actor, skill.name, f"【{skill.name}】作用对象为女性角色，发动失败，不可再用")
        phase.outcomes.settle(a, FAILED, "作用对象为女性角色")
        rec["winner"] = None
        return
    me = state.player(a.actor)
    lover = next((pid for pid in sorted(pair) if state.player(pid).character == LOVER), None)
    if lover is not None and "儿女情长" in me.skills:
        winner = lover
        effects.recognise(phase, a.actor, lover, "儿女情长", texts.mutual)
        phase.tell(a.actor, Feedback("儿女情长", texts.passive_triggered("儿女情长"), lover))
        limits.consume(phase, a.actor, skill.name)
        phase.note(f"{a.actor}【儿女情长】：{lover} 无需拼点即胜利，【{skill.name}】此后不可再用")
    else:
        from tianting.rules.sg24.declared.codes.wangyun import pick_winner

        picked = pick_winner(r, pair)  # 王允【巧施连环】 with 吕布 not in the game (R-review2b-6)
        winner = picked if picked is not None else contest.two(state.rng, pair[0], pair[1],
                                                              getattr(night, "digits", {}))[0]
    loser = next(pid for pid in pair if pid != winner)
    phase.note(f"{a.actor}【{skill.name}】：{pair[0]} 与 {pair[1]} 拼点，{winner} 胜，{loser} 受伤")
    night.harms.append(Harm(loser, Level.WOUND, skill.name, [a.actor], by=a.actor, attribute=skill.attribute or ""))
    if rec["primed"] == state.index:
        phase.note(f"{a.actor}【{skill.name}】：{winner} 视为对 {loser} 发动一次非杀手刺杀")
        night.harms += [replace(h, attribute=STAB) for h in night.game.stab(phase, winner, loser, by_killer=False)]
    day = str(state.index + 1)
    state.extra.setdefault("own_votes_void", {}).setdefault(day, []).append(a.actor)
    double_next_day(state, (winner,))
    if me.character != "貂蝉":  # 「此技能被其他角色学习后只能使用一次」
        limits.consume(phase, a.actor, skill.name)
    rec["winner"] = [winner, state.index] if not me.used.get(skill.name) else None
    phase.outcomes.settle(a, DONE)


def _prime(r: Resolver, owner: str, skill: SkillData) -> None:
    """Each night, for 貂蝉: once the night is settled, whether her 【闭月羞花】 stopped a harm, or a 指认 of hers found a
    女眷 not of her country (they then know each other): the next night's 【祸水红颜】 is primed."""
    night, state = r.night, r.night.state

    def check() -> None:
        me = state.player(owner)
        guarded = any(why and owner in why and "闭月羞花" in why for why in night.phase.stopped.values())
        found = any(who == owner and state.player(whom).identity == "女眷" and state.player(whom).country != me.country
                    for who, whom, _ in night.phase.recognitions)
        if guarded or found:
            _chain(state)["primed"] = state.index + 2
            night.phase.note(f"{owner}【{skill.name}】：下一夜拼点胜利者视为对失败者发动一次非杀手刺杀")

    r.followups.append(check)


register("祸水红颜", Code(
    "settle", _huoshui_check, _huoshui_resolve,
    "主动技能。指定2个男性角色拼点，失败者受伤；次日使用者投票无效，胜利者投票算作两票。下一夜可只指定1个ID与胜利者拼点。作用对象有"
    "女性角色时发动失败且不可再用。若前一夜貂蝉触发了【闭月羞花】或指认互识了非本国女眷，当夜胜利者视为对失败者发动一次非杀手刺杀。可多次使用，直到不可再用；被其他角色学习后只能使用一次。",
    before_harms=_prime, uses=None))  # counts itself: spent by a woman, by 【儿女情长】, or once learned (R53)
register("儿女情长", Code(
    "settle", lambda game, action: None, lambda r, a, skill: None,
    "被动技能。【祸水红颜】指定的ID之一为吕布时触发：两人互相认识，无需拼点，吕布胜利；此后不可再用【祸水红颜】。（由【祸水红颜】结算）"))
