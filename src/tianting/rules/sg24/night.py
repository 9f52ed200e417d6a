"""A 24人 night resolved stage by stage (seed 001, 结算流程), on the engine's stage walk
(:func:`tianting.engine.stages.run_stages`, KK 3.3's too).

「根据技能发动及生效时间将技能类型分为：立刻生效、预结算前生效、全局技能、结算前生效、结算时生效、结算后生效。发动及生效的
优先度由前往后递减。」「结算时分三个阶段，第一阶段先结算每个技能是否发动成功，是否被改变目标，是否有效。第二阶段根据每个
角色受到的技能效果进行被动技能结算和结果判定。……第三个阶段重新结算每个技能是否被抵御及技能的后续效果。」

Each stage of :data:`STAGES` is one ``after_<stage>`` step of :class:`Night`; a rule set built on the 24人 rules
(鼎立: :class:`tianting.rules.dingli2.night.DingliNight`) overrides the steps, or the hooks inside them, where its
seed differs, and nothing else. The character skills' uses are the judge's (R-SG11): each is listed for his
ruling in the first stage of 结算时, in timing order; the 全局 and 结算前 stages have no engine use yet.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tianting.core import canonical, pack_edition
from tianting.core.decisions import DecisionBook
from tianting.core.records import Action, PhaseResult, Ruling
from tianting.core.state import PhaseKind
from tianting.engine.harm import Defence, Harm
from tianting.engine.rulings import BEGIN, HARM, SETTLE
from tianting.engine.stages import run_stages, stage_steps
from tianting.rules.sg24 import texts
from tianting.rules.sg24.declared.resolve import DeclaredUse, Resolver, first_free
from tianting.rules.sg24.outcomes import DONE, FAILED, VOID
from tianting.rules.sg24.rulings import Ruled

if TYPE_CHECKING:
    from tianting.rules.sg24.game import Phase, SG24Game

STAGES = ("immediate", "pre_settle", "global", "before", "settle_uses", "settle_harms", "settle_after", "after")
"""立刻生效, 预结算前生效, 全局技能, 结算前生效, 结算时生效 (its three stages: the uses, the harms with the defence
order, what follows), 结算后生效."""


class Night:
    """One 24人 night being resolved: the game's inputs and what each stage hands the next."""

    def __init__(self, game: SG24Game, actions: Sequence[Action], book: DecisionBook,
                 last_words: Mapping[str, str], judged: Sequence[Ruling], defences: Sequence[Defence],
                 digits: Mapping[str, Any]) -> None:
        from tianting.rules.sg24.game import Phase

        self.game = game
        self.state = game.state
        self.actions = actions
        self.book = book
        self.last_words = dict(last_words)
        self.judged = tuple(judged)
        self.digits = digits
        self.first_draw = len(game.state.rng.draws)
        self.phase: Phase = Phase(game.state)
        self.defences = (*defences, *game._defences(self.judged))
        self.ruled = Ruled(game, self.phase, night=True)
        self.void: set[int | None] = set()
        self.live: list[Action] = []
        """The actions that resolve, in the night's one order (seat, skill, targets, args: not the order sent)."""
        self.harms: list[Harm] = []
        self.invites: dict[str, dict[str, str]] = {}
        self.applications: dict[str, str] = {}
        self.warnings: list[str] = []
        """The engine's warnings for the judge (before those of last words and the uses he rules)."""
        self.pending: list[str] = []
        """The uses the judge rules, each a line asking for his ruling."""
        self.words: dict[str, str] = {}
        self.word_warnings: list[str] = []
        self.skills_before: dict[str, Any] = {}  # the stage walk's (KK 3.3's skills changed in a stage)
        self.global_events: list[str] = []
        self.declared = Resolver(self, enabled=False)
        """The declared skills' uses and passives (:mod:`.declared.resolve`); the rest are the judge's."""

    def resolve(self) -> PhaseResult:
        """Walk the stages (:data:`STAGES`, each its ``after_<stage>`` step), then the post."""
        run_stages(self, [], stage_steps(type(self), STAGES))
        return self.finish()

    # ---- 立刻生效 ---------------------------------------------------------------------------------------------
    def after_immediate(self) -> None:
        """「立刻生效：……自杀」「立刻生效的技能提交即生效」: each 自杀 the judge did not void, before anything else
        resolves (R-SG19): the character dies, its successor plays on."""
        from tianting.rules.sg24.game import SUICIDE, _norm

        game, night = self.game, self.phase
        void = {r.action for r in game.rulings.of("void", self.judged)}
        for a in sorted((a for i, a in enumerate(self.actions) if i not in void and _norm(a.skill) == SUICIDE),
                        key=lambda a: self.state.player(a.actor).seat):
            game.kill(night, a.actor, "自杀", self.book, natural=True)
            night.outcomes.settle(a, DONE)

    # ---- 预结算前生效 -------------------------------------------------------------------------------------------
    def after_pre_settle(self) -> None:
        """「原始行动得到但未开始结算的阶段」: the judge's ``void`` and ``spare``, then the night's actions that resolve,
        in one order whatever the order they were sent in."""
        game, judged = self.game, self.judged
        self.void = {r.action for r in game.rulings.of("void", judged)}
        game.rulings.apply(BEGIN, self.ruled, judged)
        gone = Resolver(self, enabled=not pack_edition.first(self.state)).night_start()
        self.live = [a for a in self.resolving() if a.actor not in gone]
        for a in self.actions:
            if a.actor in gone:
                self.phase.outcomes.settle(a, FAILED, f"{a.actor} 已于当夜开始时脱离游戏")
        self.declared = Resolver.of(self, self.live)
        # the 全局技能 used, by the characters that sent them, before anyone dies; not in a game of before (R-SG20)
        self.global_events = [] if canonical.listed(self.state) else game._announced_skills(self.live)

    def resolving(self) -> list[Action]:
        """Everything at once: the night's actions in seat order, whatever order they were sent in; each the judge
        voided is noted and settled ``void``."""
        game, night, judged = self.game, self.phase, self.judged
        from tianting.rules.sg24.game import SUICIDE, _norm

        live = sorted((a for i, a in enumerate(self.actions) if i not in self.void and _norm(a.skill) != SUICIDE),
                      key=game.order_key)
        for i in sorted(i for i in self.void if i is not None):
            a = self.actions[i]
            night.note(f"{a.actor} 的【{a.skill}】失效：{voided_why(judged, i)}")
            night.outcomes.settle(a, VOID, f"天庭裁定失效：{voided_why(judged, i)}")
        return live

    # ---- 立刻生效 … 结算前生效: the declared uses --------------------------------------------------------------
    def after_before(self) -> None:
        """The declared uses of the timing classes before 结算时, the 结算前 ones in the seed's loop."""
        self.declared.before()

    # ---- 结算时生效 --------------------------------------------------------------------------------------------
    def after_settle_uses(self) -> None:
        """第一阶段: the declared uses that make actions fail, the general actions (the stabs' harms, 指认, 招揽,
        投奔), the other declared uses and the passives 指认 sets off; then each use the judge rules."""
        self.declared.settle_first()
        self.harms, self.invites, self.applications = self.game._general_actions(self.phase, self.live)
        self.declared.settle()
        self.pending = self.judge_notices()

    def next_interfering(self, waiting: Sequence[DeclaredUse]) -> list[DeclaredUse]:
        """The 结算前 uses of ``waiting`` to resolve next: seed 001's loop (:func:`.declared.resolve.first_free`)."""
        return first_free(self, waiting)

    def done_why(self, use: DeclaredUse) -> str:
        """Why a declared use that went off is ``done`` (nothing to say in the 24人 rules)."""
        return ""

    def declared_went_off(self, use: DeclaredUse) -> None:
        """A declared use went off (the 24人 post names its globals from the night's uses: nothing to add)."""

    def judge_uses(self) -> list[Action]:
        """The night's live actions the engine does not resolve itself (the judge's character skill uses among them)."""
        return [a for a in self.live if not self.declared.handles(a)]

    def judge_notices(self) -> list[str]:
        """The character skills' uses left to the judge, each asking for a ruling (in timing order)."""
        return self.game._skill_notices(self.phase, self.judge_uses())

    def after_settle_harms(self) -> None:
        """第二阶段: the judge's harms join the night's; each defence stops one (seed 001's order), the rest sum."""
        game = self.game
        game.rulings.apply(HARM, self.ruled, self.judged)
        self.declared.spare()
        lessen, deepen = self.shifts()  # the declared 减轻 (lessen verbs, bespoke code: 结庐炼丹) among them
        game._apply_harms(self.phase, self.harms + self.ruled.harms, (*self.defences, *self.declared.defences),
                          self.book, lessen, deepen)
        self.declared.spend(self.phase.used_defences)

    def shifts(self) -> tuple[dict[str, int] | None, dict[str, int] | None]:
        """减轻 / 加深 of each target's sum: the declared skills' 减轻 only (the 24人 rules have no others)."""
        return self.declared.lessening() or None, None

    def after_settle_after(self) -> None:
        """第三阶段: whether each stab was stopped, and the judge's rulings of what follows (``heal``, ``tell`` …)."""
        self.game._settle_stabs(self.phase)
        self.game.rulings.apply(SETTLE, self.ruled, self.judged)
        self.declared.after()

    # ---- 结算后生效 --------------------------------------------------------------------------------------------
    def after_after(self) -> None:
        """在野入国 (answers now, joining 「次夜开始时」), the night's record, 自然死亡, then the last words."""
        game, night = self.game, self.phase
        self.join()
        from tianting.rules.sg24.declared.codes.hanxiandi import edicts

        edicts(self)  # 汉献帝【招贤纳才】: once the night's joinings are known
        game._record(night, self.actions, self.left_to_judge())
        game._natural_deaths(night, self.book)
        self.after_natural_deaths()
        self.words, self.word_warnings = game._last_words(night, self.last_words)
        for pid in night.died:
            self.state.extra["checks"].pop(pid, None)

    def join(self) -> None:
        self.game._joining(self.phase, self.invites, self.applications, self.book)

    def left_to_judge(self) -> list[Action] | None:
        """The actions the judge rules: every character skill's the engine does not resolve (R-SG11)."""
        from tianting.rules.sg24.game import GENERAL_ACTIONS, _norm

        return [a for a in self.actions if _norm(a.skill) not in GENERAL_ACTIONS and not self.declared.handles(a)]

    def after_natural_deaths(self) -> None:
        """What follows the night's deaths before the last words are read (nothing in the 24人 rules)."""

    # ---- 夜晚反馈公告阶段 ----------------------------------------------------------------------------------------
    def announcement(self) -> dict[str, Any]:
        game, night = self.game, self.phase
        announcement: dict[str, Any] = {
            "title": texts.night_title(game.number),
            "died": canonical.posted(self.state, night.died),
            "exited": canonical.posted(self.state, game._exited(night)),
            "injured": canonical.posted(self.state, (p for p in night.injured if self.state.player(p).injured)),
            "last_words": self.words,
        }
        events = self.global_events + self.declared.events
        if events:  # 「公告的内容应至少包括……当夜需要公告的技能（如全局技能）」 (R-SG20)
            announcement["events"] = events
        announcement["text"] = texts.night_post(game.number, announcement)
        return announcement

    def finish(self) -> PhaseResult:
        return self.game._finish(PhaseKind.NIGHT, self.phase, self.book, self.first_draw, self.announcement(),
                                 self.warnings + self.word_warnings + self.pending)


def voided_why(judged: Sequence[Ruling], index: int) -> str:
    """The judge's reason for voiding the night's action ``index``."""
    return next((r.why for r in judged if r.effect == "void" and r.action == index and r.why), "天庭裁定")


__all__ = ["STAGES", "Night", "voided_why"]
