"""A 鼎立三分2.0 day: the 24人 day's stages (:class:`tianting.rules.sg24.day.Day`) with seed 003's steps where it
differs, declared here and nothing copied.

- 白天判定阶段: each wounded player picks his 伤判 from the table committed the night before (D-W1); 「判定结果在白天
  反馈公告阶段后生效」 — the checks that still hold after the vote take effect once the day's post is out;
- the day's uses: 判定 as by night (globals, interference by priority), and the 拼点 the judge found;
- 白天行动投票阶段 (舌辩): 「投票不能弃权，过时不投视为自投一票」, 暗票 (D-D2); 「得到票数最多的角色所属国籍若存在君主则
  受伤……若不存在君主则死亡」; the sum of a target's harms lessened or deepened (D-H2);
- the post: the original ballot, 昨夜在野入国情况, on day 4 the 在野 characters.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tianting.core import ballot, canonical
from tianting.core.decisions import DecisionBook
from tianting.core.records import Action, Ruling
from tianting.effects import limits
from tianting.engine.harm import Harm, Level
from tianting.rules.dingli2 import texts
from tianting.rules.dingli2.pack import COUNTRIES
from tianting.rules.dingli2.rulings import shifts
from tianting.rules.sg24.day import Day
from tianting.rules.sg24.declared.bespoke import day_uses
from tianting.rules.sg24.declared.codes.shuijing import undisguise
from tianting.rules.sg24.declared.doubled import doubled_votes
from tianting.rules.sg24.declared.resolve import exit_passives, passed_votes

if TYPE_CHECKING:
    from tianting.rules.dingli2.game import DingliGame

UNALIGNED_DAY = 4
"""「第四日投票公告将公布当届所有在野角色名字。」"""


class DingliDay(Day):
    """One 鼎立 day being resolved."""

    game: DingliGame

    def __init__(self, game: DingliGame, votes: Mapping[str, str], book: DecisionBook, judged: Sequence[Ruling],
                 actions: Sequence[Action], digits: Mapping[str, Any]) -> None:
        super().__init__(game, votes, book, judged, actions, digits)
        self.phase.suicides = []  # type: ignore[attr-defined]
        self.phase.returned = []  # type: ignore[attr-defined]
        self.left: list[Action] = []
        self.contests: list[dict[str, Any]] = []
        self.ballot: dict[str, str] = {}
        self.hidden: list[str] = []
        self.outcomes: dict[str, str] = {}
        self.deepen_voted: list[str] = []
        """The day's uses that deepen the harm of the most voted (「当日投票得票最高的角色受到的伤害将加深」)."""

    def after_wound_checks(self) -> None:
        """白天判定阶段 (伤判, taking effect after the day's post)."""
        self.checks = self.game._draw_checks(self.phase, self.digits, self.book)

    def after_uses(self) -> None:
        game = self.game
        coded = day_uses(game, self.actions)  # the engine's (bespoke day skills), the rest the judge's
        actions = [a for a in self.actions if not any(a is c for c, _, _ in coded)]
        self.left = [a for a in actions if game._judged(a)]
        self.pending, _ = game._resolution_order(self.phase, [a for a in actions if game._is_skill(a)])
        for a, data, code in coded:
            if code.once or code.uses is not None:  # once a game unless its text gives a count (R53)
                limits.consume(self.phase, a.actor, data.name)
            code.resolve(self, a, data)  # type: ignore[arg-type]
        self.contests = game._contests(self.phase, self.judged, self.digits)

    def count_votes(self) -> dict[str, str]:
        self.ballot, counted, self.hidden = self.game._ballot(self.phase, dict(self.votes), self.judged)
        return counted

    def counted_votes(self) -> list[str]:
        return list(self.counted.values()) + self.hidden + self.declared_hidden + doubled_votes(self.state, self.counted, self.phase)

    def vote_harms(self, counted: Sequence[str]) -> list[Harm]:
        """舌辩: 「得到票数最多的角色所属国籍若存在君主则受伤……若不存在君主则死亡」; a tie harms nobody."""
        game, day = self.game, self.phase
        top, leaders = self.tally(counted)
        moved = passed_votes(self, leaders[0], counted) if len(leaders) == 1 else None
        if moved is not None:  # 贾诩【韬光养晦】's kind: votes passed on, counted again
            top, leaders = self.tally(moved)
        leaders = sorted(leaders)
        if len(leaders) == 1:
            self.voted = voted = leaders[0]
            target = self.state.player(voted)
            lord = target.country in COUNTRIES and game.has_lord(target.country)
            day.note(f"{voted} 得票最多（{top}票）：{'其国存在君主，受伤' if lord else '其国不存在君主，死亡'}")
            return [Harm(voted, Level.WOUND if lord else Level.KILL, "舌辩致伤" if lord else "舌辩致死", by="舌辩")]
        if len(leaders) > 1:
            day.note(f"{'、'.join(leaders)} 票数同时最高（{top}票）：平票不受伤")
        return []

    def shifts(self) -> tuple[dict[str, int] | None, dict[str, int] | None]:
        """The judge's 减轻 / 加深, and a day skill's deepening of the most voted's harm (【建安风骨】)."""
        lessen, deepen = shifts(self.judged)
        if self.deepen_voted and self.voted is not None:
            deepen = dict(deepen or {})
            deepen[self.voted] = deepen.get(self.voted, 0) + len(self.deepen_voted)
            self.phase.note(f"{self.voted} 受到的伤害加深：{'、'.join(self.deepen_voted)}")
        return lessen, deepen

    def announcement(self) -> dict[str, Any]:
        game, day, extra = self.game, self.phase, self.state.extra
        # 「判定结果在白天反馈公告阶段后生效」「伤判的结果在白天结束后生效」: the checks that still hold after the vote
        # take effect once the day's post is out (:meth:`after_post`), so a 伤判 death is not in this post: its exit
        # is in the next night's (「自杀、自然死亡、伤判死亡的人不计入公告的死亡数字」).
        self.outcomes = game._holding_checks(day, self.checks)
        announcement: dict[str, Any] = {
            "title": texts.day_title(game.number), "ballot": self.ballot, "votes": self.counted,
            "voted": self.voted, "wound_checks": self.outcomes,
            # 「昨夜在野入国情况」: an 在野 who left the game before joining does not join (「在野若还没有入国就退出游戏，
            # 则不能入国」)
            "joined": {pid: c for pid, c in extra["joined_last_night"].items() if self.state.player(pid).alive},
            "died": canonical.posted(self.state, list(day.died) + list(day.natural)),
            "exited": canonical.posted(self.state, game._exited(day) + undisguise(game, day)),  # 【难知如阴】's truth
        }
        void = {v: r for v, r in ballot.voided(self.judged).items() if v in self.ballot}
        if void:  # a vote the judge voided: marked on the 票面 (R-JUI1)
            announcement["void_votes"] = void
        extra["joined_last_night"] = {}
        if game.number == UNALIGNED_DAY:
            announcement["unaligned_characters"] = list(extra["unaligned_characters"])
        if self.contests:
            announcement["contests"] = self.contests
        return announcement

    def left_to_judge(self) -> list[Action] | None:
        return self.left

    def after_post(self) -> Callable[[], None] | None:
        def after_post() -> None:
            self.game._apply_checks(self.phase, self.checks, self.outcomes, self.book)
            exit_passives(self.game, self.phase, self.state.index + 2)  # left by day: 「次日」 is the next day
            self.game._deal_tables(self.phase)

        return after_post
