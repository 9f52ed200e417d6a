"""The judge's rulings inside a KK 3.3 phase (game-script.md ``rulings``).

遺言的合法性由天庭裁定; the judge holds the last word on every rule. A ruling is an
input of the phase, applied while it resolves, through the effect primitives of
:mod:`tianting.core.effects`, so that everything that follows from it (deaths,
轉生, 託孤, 滅國, the end of the game) follows as usual:

- at the start (before any check): ``void`` makes an action 失效 (a day's ``void``
  with ``voter`` makes that vote 無效); ``spare`` protects its target from every
  harm of the phase, the judge's own excepted;
- with the phase's harms (a night's harm stage, a day's vote deaths): ``injure`` and
  ``kill``, which nothing prevents or lessens (a wound on a wounded player kills, as
  the rules say of any wound);
- at the end: ``heal`` (the player ends the phase unwounded), then ``tell``.

Each effect is one entry of the engine's dispatch table (:data:`TABLE`, :mod:`tianting.engine.rulings`), at
its moment; the phases call :func:`begin`, :func:`harms` and :func:`finish` at theirs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tianting.core import effects
from tianting.core.records import Ruling
from tianting.core.state import Status
from tianting.engine.rulings import BEGIN, HARM, LAST, SETTLE, Entry, RulingTable
from tianting.rules.kk33.harm import Harm, Level

if TYPE_CHECKING:
    from tianting.rules.kk33.game import KK33Game

EFFECT_ZH = effects.RULING_EFFECTS
CAUSE = "天庭裁定"


def reason(ruling: Ruling) -> str:
    """The trace's words for a ruling's reason."""
    return f"{CAUSE}" + (f"（{ruling.why}）" if ruling.why else "")


def check(game: KK33Game, rulings: Sequence[Ruling]) -> list[tuple[int, str]]:
    """Problems with the phase's rulings against the game as the phase begins: (index, message)."""
    players = game.state.players
    problems: list[tuple[int, str]] = []
    harmed: dict[str, int] = {}
    spared: dict[str, int] = {}
    for i, r in enumerate(rulings):
        if r.target is None:
            continue
        if r.effect != "tell" and players[r.target].status is Status.OUT:
            problems.append((i, f"{r.target} 已出局，不能裁定【{EFFECT_ZH[r.effect]}】"))
        if r.effect in ("injure", "kill"):
            harmed[r.target] = i
        if r.effect == "spare":
            spared[r.target] = i
    for pid in harmed.keys() & spared.keys():
        problems.append((max(harmed[pid], spared[pid]), f"不能同時豁免 {pid} 又對其裁定傷害"))
    if game.phase.value == "night":
        for i, r in enumerate(rulings):
            if r.effect == "void" and r.voter is not None:
                problems.append((i, "夜晚沒有投票可以作廢"))
    return sorted(problems)




@dataclass
class Ruled:
    """What a KK 3.3 ruling acts on: the phase being resolved (a night, a day) and its uses (``void``'s)."""

    phase: Any
    uses: Sequence[Any] = ()


def _void(c: Ruled, r: Ruling) -> None:
    phase = c.phase
    if r.action is not None:
        for use in c.uses:
            if not use.implicit and use.order == r.action:
                if not effects.void(phase, use, reason(r)):
                    phase.note(f"{use.actor} 的【{use.name}】已無效果，{reason(r)}不再改變什麼")
    elif r.voter is not None:
        voter, why = r.voter, reason(r)
        phase.vote_rules.insert(0, lambda day, who, target, _v=voter, _w=why: _w if who == _v else None)


def _spare(c: Ruled, r: Ruling) -> None:
    if r.target is not None:
        effects.protect(c.phase, r.target, reason(r))


def _harm(c: Ruled, r: Ruling) -> None:
    """The judge's harm stands; nothing prevents or lessens it."""
    phase = c.phase
    if r.target is None:
        return
    game = phase.game
    player = phase.state.player(r.target)
    if not player.alive:
        phase.note(f"{r.target} 已出局，{reason(r)}的{EFFECT_ZH[r.effect]}不再改變什麼")
        return
    if hasattr(phase, "apply_harm"):  # a night: through its harm steps, so 「受傷後」 skills hear it
        level = Level.KILL if r.effect == "kill" else Level.WOUND
        phase.apply_harm(Harm(r.target, level, CAUSE, [], why=[reason(r)], forced=True))
        return
    if r.effect == "kill":
        phase.note(f"{r.target} 受到致命一擊（{CAUSE}）：{reason(r)}")
        game.kill(phase, r.target, CAUSE, [], forced=True)
    elif player.injured:
        phase.note(f"{r.target} 在受傷狀態下再次受傷而死亡（{CAUSE}）：{reason(r)}")
        game.kill(phase, r.target, CAUSE, [], forced=True)
    else:
        effects.wound(phase, r.target, f"（{CAUSE}）：{reason(r)}")


def _heal(c: Ruled, r: Ruling) -> None:
    if r.target is not None and not effects.heal(c.phase, r.target, f"脫離受傷狀態：{reason(r)}"):
        c.phase.note(f"{r.target} 未受傷，{reason(r)}的脫離受傷不改變什麼")


def _tell(c: Ruled, r: Ruling) -> None:
    if r.target is not None and r.text:
        effects.tell(c.phase, r.target, r.text, data={"ruling": True})
        c.phase.note(f"天庭私下告知 {r.target}：「{r.text}」" + (f"（{r.why}）" if r.why else ""))


TABLE: RulingTable[Ruled] = RulingTable((
    Entry("void", EFFECT_ZH["void"], BEGIN, _void),
    Entry("spare", EFFECT_ZH["spare"], BEGIN, _spare),
    Entry("injure", EFFECT_ZH["injure"], HARM, _harm),
    Entry("kill", EFFECT_ZH["kill"], HARM, _harm),
    Entry("heal", EFFECT_ZH["heal"], SETTLE, _heal),
    Entry("tell", EFFECT_ZH["tell"], LAST, _tell, reads_text=True),
    Entry("announce", EFFECT_ZH["announce"], reads_text=True, targetless=True),  # the post's (core/judge_post.py)
))
"""KK 3.3's ruling effects (the engine's table, :mod:`tianting.engine.rulings`): ``tell`` comes last, once every
``heal`` is done."""


def begin(phase: Any, rulings: Sequence[Ruling], uses: Sequence[Any] = ()) -> None:
    """``void`` and ``spare``: before anything of the phase happens."""
    TABLE.apply(BEGIN, Ruled(phase, uses), rulings)


def harms(phase: Any, rulings: Sequence[Ruling]) -> None:
    """``injure`` and ``kill``: the judge's harm stands; nothing prevents or lessens it."""
    TABLE.apply(HARM, Ruled(phase), rulings)


def finish(phase: Any, rulings: Sequence[Ruling]) -> None:
    """``heal`` then ``tell``: once the phase's harms are done."""
    ruled = Ruled(phase)
    TABLE.apply(SETTLE, ruled, rulings)
    TABLE.apply(LAST, ruled, rulings)


EFFECTS = TABLE.effects()
