"""孙权【父兄之佑】: 「当吴国角色需要概率判定时触发，可以提交2个数字，按照较好的结果达成。若孙权需要概率判定时，达成最优
结果。」 While a player holding it is in play, a draw of his countrymen's own 概率判定 goes their way if either of two
draws does; his own goes his way, no draw (R-dlwu-12). The draws it covers: a 伤判 (鼎立's committed table: a second
digit, drawn among the other nine when one is sent) and a chance in one's own action (a state of half chance on it, a
chance of one's own skill) — :func:`favour` and :func:`draw`, read by the 鼎立 伤判 and the declared resolver."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tianting.core import pack_edition
from tianting.core.errors import IllegalAction
from tianting.rules.sg24.declared.bespoke import Code, register
from tianting.rules.sg24.declared.schema import Bespoke

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.rules.sg24.declared.resolve import Resolver
    from tianting.rules.sg24.pack import SkillData

CODE = "父兄之佑"
NONE, BETTER, BEST = 0, 1, 2


def favour(game: Any, pid: str) -> int:
    """How ``pid``'s own draws are favoured: ``BEST`` for a holder of 父兄之佑 in play, ``BETTER`` for a player of his
    country while one is in play, else ``NONE`` (a game of before: none)."""
    state = game.state
    if pack_edition.first(state) or pid not in state.players:
        return NONE
    from tianting.rules.sg24.declared.codes.mishi import favoured

    if favoured(state, pid):  # 糜氏【相夫教子】: 「自动达成对刘备/刘禅有益的结果」 (R-choices-7)
        return BEST
    me = state.player(pid)
    holders = [q for q in state.living() if _holds(game, q)]
    if any(q.id == pid for q in holders):
        return BEST
    return BETTER if any(q.country == me.country for q in holders) else NONE


def _holds(game: Any, player: Any) -> bool:
    return any(isinstance(s.effect, Bespoke) and s.effect.code == CODE and s.name in player.skills
               for s in game.pack.holdable(player.character))


def draw(game: Any, purpose: str, pid: str, p: Fraction = Fraction(1, 2), good: bool = True) -> bool:
    """A chance draw of ``pid``'s own (``good``: the outcome that goes his way), favoured by :func:`favour`: his
    country's players take the better of two draws (the second, named 「…（父兄之佑）」, only when the first went
    against him), a holder the best, without a draw."""
    rng = game.state.rng
    level = favour(game, pid)
    if level == BEST:
        return good
    first = rng.chance(purpose, p)
    if level == BETTER and first != good:
        return rng.chance(f"{purpose}（父兄之佑）", p)
    return first


def _passive(game: Any, action: Action) -> None:
    raise IllegalAction(f"【{action.skill}】是被动技能，不能主动发动", "passive")


def _unused(r: Resolver, a: Action, skill: SkillData) -> None:
    """A passive is never used (:func:`favour` and :func:`draw` do its work)."""


register(CODE, Code(
    "passive", _passive, _unused,
    "被动技能。自己在场时，本国角色自身的概率判定（伤判，其行动的成功率减半，其技能的概率效果）取两次中较好的结果"
    "（伤判可提交两个数字，只交一个时第二个随机）；自己的概率判定直接取最优结果。（军师增益技能）"))
