"""A 24人 day resolved stage by stage (seed 001, 结算流程: 「白天受伤判定阶段、白天行动投票阶段、白天反馈公告阶段」), on the
engine's stage walk (:func:`tianting.engine.stages.run_stages`), as the night (:mod:`.night`).

Each stage of :data:`STAGES` is one ``after_<stage>`` step of :class:`Day`; 鼎立 (:class:`tianting.rules.dingli2.day.
DingliDay`) declares the steps and hooks where seed 003 differs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tianting.core import ballot, canonical
from tianting.core.decisions import DecisionBook
from tianting.core.records import Action, PhaseResult, Ruling
from tianting.core.state import PhaseKind
from tianting.engine.harm import Harm, Level
from tianting.engine.rulings import BEGIN, HARM, SETTLE
from tianting.engine.stages import run_stages, stage_steps
from tianting.rules.sg24 import texts
from tianting.rules.sg24.declared.bespoke import day_states, day_uses
from tianting.rules.sg24.declared.doubled import doubled_votes
from tianting.rules.sg24.declared.resolve import hidden_votes, standing_votes, vote_voided
from tianting.rules.sg24.pack import COUNTRIES, UNALIGNED
from tianting.rules.sg24.rulings import Ruled

if TYPE_CHECKING:
    from tianting.rules.sg24.game import Phase, SG24Game

STAGES = ("wound_checks", "uses", "ballot", "harms", "settle")
"""白天受伤判定 (伤判), the day's uses of skills (each the judge's), 白天行动投票 (the ballot and its harm), the harms at
one moment, and the judge's rulings of what follows; then 白天反馈公告 (:meth:`Day.finish`)."""


class Day:
    """One 24人 day being resolved."""

    def __init__(self, game: SG24Game, votes: Mapping[str, str], book: DecisionBook, judged: Sequence[Ruling],
                 actions: Sequence[Action], digits: Mapping[str, Any]) -> None:
        from tianting.rules.sg24.game import Phase

        self.game = game
        self.state = game.state
        self.votes = votes
        self.book = book
        self.judged = tuple(judged)
        self.actions = actions
        self.digits = digits
        self.first_draw = len(game.state.rng.draws)
        self.phase: Phase = Phase(game.state)
        self.ruled = Ruled(game, self.phase, night=False)
        self.checks: Any = None
        """The day's 伤判 (the 24人 rules: id → outcome)."""
        self.pending: list[str] = []
        self.counted: dict[str, str] = {}
        """The votes that count, by voter."""
        self.voted: str | None = None
        self.declared_hidden: list[str] = []
        """The targets of the 暗票 declared skills give (孙策【结纳豪俊】), not shown on the ballot."""
        self.harms: list[Harm] = []
        self.coded: list[Any] = []
        """The day's uses of bespoke day code, resolved by the engine (:func:`.declared.bespoke.day_uses`)."""
        self.skills_before: dict[str, Any] = {}  # the stage walk's (KK 3.3's skills changed in a stage)

    def resolve(self) -> PhaseResult:
        run_stages(self, [], stage_steps(type(self), STAGES))
        return self.finish()

    # ---- 白天受伤判定阶段 -----------------------------------------------------------------------------------------
    def after_wound_checks(self) -> None:
        self.checks = self.game._wound_checks(self.phase, dict(self.digits), self.book)

    def after_uses(self) -> None:
        """The day's uses of skills: those of bespoke day code resolved (法正【盖棺论定】, 孙策【群英荟萃】), each other
        left to the judge (listed in the trace and the warnings, as a night's)."""
        self.coded = coded = day_uses(self.game, self.actions)
        self.pending = self.game._skill_notices(self.phase, [a for a in self.actions
                                                             if not any(a is c for c, _, _ in coded)])
        for a, data, code in coded:
            code.resolve(self, a, data)  # type: ignore[arg-type]

    # ---- 白天行动投票阶段 -----------------------------------------------------------------------------------------
    def after_ballot(self) -> None:
        """The judge's ``spare``, then the votes that count and the harm of the most voted."""
        self.game.rulings.apply(BEGIN, self.ruled, self.judged)
        later = day_states(self)  # lasting states of bespoke code, judged before the votes are counted (【武侯八阵】)
        self.counted = self.count_votes()
        self.declared_hidden = hidden_votes(self.game, self.phase, self.book)
        self.harms = self.vote_harms(self.counted_votes())
        self.harms += later

    def count_votes(self) -> dict[str, str]:
        """An 在野's vote, or one of a fallen side, or one the judge voided, counts for nobody."""
        state, day = self.state, self.phase
        void = {r.voter for r in self.game.rulings.of("void", self.judged)}
        void |= set(state.extra.get("own_votes_void", {}).get(str(state.index), []))  # a declared skill's
        counted: dict[str, str] = {}
        if state.index in state.extra.get("ballot_void", []):  # a declared skill's 「令次日全部投票无效」
            day.note("本日全部投票无效")
            return counted
        for voter, target in self.votes.items():
            p = state.player(voter)
            if not p.alive or voter in void:
                continue
            if p.country == UNALIGNED:
                day.note(f"{voter} 的投票无效：在野未入国")
                continue
            if p.country in state.eliminated:
                day.note(f"{voter} 的投票无效：{p.country}已灭国")
                continue
            counted[voter] = target
        return counted

    def counted_votes(self) -> list[str]:
        """Every vote that counts, as its target (鼎立 adds the judge's 暗票; both, the declared skills')."""
        return list(self.counted.values()) + self.declared_hidden + doubled_votes(self.state, self.counted, self.phase)

    def tally(self, counted: Sequence[str]) -> tuple[int, list[str]]:
        """(the most votes, the ids that have them), in the order first voted."""
        if self.state.index in self.state.extra.get("ballot_void", []):  # 「次日全部投票无效」: no vote, no shift
            return 0, []
        tally: dict[str, int] = {}
        for t in counted:
            tally[t] = tally.get(t, 0) + 1
        for pid, n in sorted(self.state.extra.get("vote_shifts", {}).get(str(self.state.index), {}).items()):
            if self.state.player(pid).alive:  # a declared skill's 「次日投票中…得票数加/减」
                tally[pid] = max(0, tally.get(pid, 0) + n)
        for p in sorted(self.state.living(), key=lambda p: p.id):
            n = standing_votes(self.game, p.id)  # a standing passive's 「每次投票时……所得票数减二票」
            if n and (n > 0 or p.id in tally):
                tally[p.id] = max(0, tally.get(p.id, 0) + n)
        top = max(tally.values(), default=0)
        if top == 0:  # every vote taken away: nobody has the most
            return 0, []
        return top, [t for t, n in tally.items() if n == top]

    def vote_harms(self, counted: Sequence[str]) -> list[Harm]:
        """The most voted is harmed (none on a tie; a 女眷 is not): wounded, killed where his country has no 君主."""
        game, day = self.game, self.phase
        _, leaders = self.tally(counted)
        if len(leaders) == 1 and self.state.player(leaders[0]).alive:
            self.voted = voted = leaders[0]
            target = self.state.player(voted)
            voided = vote_voided(game, day, voted)
            if voided is not None:
                day.note(f"{voted} 得票最多，【{voided}】令该次投票无效")
                return []
            if target.identity == "女眷":
                day.note(f"{voted} 得票最多，投票致伤对女眷无效")
                return []
            lordless = target.country in COUNTRIES and not game.has_lord(target.country)
            return [Harm(voted, Level.KILL if lordless else Level.WOUND, "投票致死" if lordless else "投票致伤",
                         by="投票")]
        if len(leaders) > 1:
            day.note(f"{'、'.join(sorted(leaders))} 票数同时最高，均不受伤害")
        return []

    # ---- the harms, and what follows ---------------------------------------------------------------------------
    def after_harms(self) -> None:
        game = self.game
        game.rulings.apply(HARM, self.ruled, self.judged)
        lessen, deepen = self.shifts()
        game._apply_harms(self.phase, self.harms + self.ruled.harms, game._defences(self.judged), self.book,
                          lessen, deepen)

    def shifts(self) -> tuple[dict[str, int] | None, dict[str, int] | None]:
        return None, None

    def after_settle(self) -> None:
        self.game.rulings.apply(SETTLE, self.ruled, self.judged)

    # ---- 白天反馈公告阶段 -----------------------------------------------------------------------------------------
    def announcement(self) -> dict[str, Any]:
        game, day = self.game, self.phase
        announcement: dict[str, Any] = {
            "title": texts.day_title(game.number), "wound_checks": self.checks, "votes": dict(self.counted),
            "voted": self.voted, "died": canonical.posted(self.state, day.died),
            "exited": canonical.posted(self.state, game._exited(day)),
            "injured": canonical.posted(self.state, (p for p in day.injured if self.state.player(p).injured))}
        void = {v: r for v, r in ballot.voided(self.judged).items() if v in self.votes}
        if void:  # a vote the judge voided: the voter named, never the target (R-JUI1)
            announcement["void_votes"] = void
        announcement["text"] = texts.day_post(game.number, announcement)
        return announcement

    def left_to_judge(self) -> list[Action] | None:
        """The day's actions the judge rules (None: every character skill's, where no bespoke day code resolved one)."""
        if not self.coded:
            return None
        from tianting.rules.sg24.game import GENERAL_ACTIONS, _norm

        return [a for a in self.actions if _norm(a.skill) not in GENERAL_ACTIONS
                and not any(a is c for c, _, _ in self.coded)]

    def after_post(self) -> Callable[[], None] | None:
        """What takes effect once the day's post is out (nothing in the 24人 rules)."""
        return None

    def finish(self) -> PhaseResult:
        """The post, the day's record and result; then, unless the game is over, the next night's start
        (「同意后次夜开始时加入」)."""
        game = self.game
        announcement = self.announcement()
        game._record(self.phase, self.actions, self.left_to_judge())
        result = game._finish(PhaseKind.DAY, self.phase, self.book, self.first_draw, announcement, self.pending,
                              self.after_post())
        if not self.state.over:
            from tianting.rules.sg24.game import Phase

            start = Phase(self.state)
            game._start_of_night(start)
            result.trace += start.trace
            for pid, items in start.feedback.items():
                result.feedback.setdefault(pid, []).extend(items)
        return result
