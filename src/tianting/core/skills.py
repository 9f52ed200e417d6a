"""The skill framework: declarations, uses and the stage runner.

A skill is a class registered under its name in the rules. It declares its
kind (active, passive, global), where it comes from (identity or
character), how it targets, and the resolution stage of its effect. A
rule set lists its stages in order; :func:`stage_order` is the one
comparator that orders everything within a night: stage, then priority,
then character skills before identity skills (the rules: 當若干技能於相同時機
發動或使用時，角色技能優先於身份技能), then seat, then submission order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

from tianting.core.records import Action

if TYPE_CHECKING:
    from tianting.core.state import GameState


class Kind(StrEnum):
    ACTIVE = "active"
    PASSIVE = "passive"  # *被*
    GLOBAL = "global"  # *全*


class Source(StrEnum):
    CHARACTER = "character"
    IDENTITY = "identity"


class UseState(StrEnum):
    PENDING = "pending"
    FAILED = "failed"  # 發動失敗: as if not used; the owner is told
    VOID = "void"  # 失效: used, no effect; the owner is not told
    DONE = "done"


def is_limited(name: str) -> bool:
    """所有的非二字技能稱為限定技能，只能使用一次."""
    return len(name) != 2


@dataclass(frozen=True)
class TargetRule:
    """How a skill targets: how many ids, and which ids are legal."""

    count: int = 1
    self_allowed: bool = True
    dead: bool = False
    """True when the targets must be out of the game (暗訪)."""
    distinct: bool = True
    counts: tuple[int, ...] = ()
    """Other numbers of ids allowed besides ``count`` (十二奇策：指定X名角色)."""


class Skill:
    """Base of every skill implementation."""

    name: ClassVar[str]
    source: ClassVar[Source]
    kind: ClassVar[Kind] = Kind.ACTIVE
    stage: ClassVar[str] = ""
    priority: ClassVar[int] = 0
    targets: ClassVar[TargetRule] = TargetRule()
    args: ClassVar[tuple[str, ...]] = ()
    """Keys of ``Action.args`` the skill needs."""
    choices: ClassVar[tuple[str, ...]] = ()
    """The options its ``args.choice`` picks among, by label in the text's order (練兵：暗訪、援護、亂花), read by the
    one reader of answers (:meth:`chosen`); a skill whose ``args`` hold ``"choice"`` declares them."""
    per_night: ClassVar[int] = 1
    """How many times one player may use it in one night (before extras)."""
    may_rerun_night: ClassVar[bool] = False
    """True for a skill that can ask for the night to be resolved again (肝腸寸斷)."""
    by_day: ClassVar[bool] = False
    """True when the text says the skill 「可以於白天使用」 (緩釋): it may be submitted by day as well as
    by night. A day use resolves in the day's action pass (``rules/kk33/daytime.py``), before the vote
    is counted; ``per_night`` and the limits count it like a night's use."""
    night_only: ClassVar[bool] = False
    """True for a passive skill whose text sets it to the night (「於夜間」, 「第n夜」: 樂不思蜀, 天儀, 拔矢啖睛, 不出): the
    day's action pass (甘寧's 刺殺 at the vote) does not prepare it (:attr:`SkillIndex.passive_prepared`)."""
    carries: ClassVar[str | None] = None
    """A skill its holder, having listed this one **without a target**, may list once after it though he holds
    it not, as this one's content (將門虎女：使用後當夜……發動一次【刺殺】: 「刺殺」); unlike :meth:`grants`, no
    page offers it: the player types it (the script's, the form's or the message's separate action)."""
    lifts_limit: ClassVar[tuple[str, ...]] = ()
    """Limited skills its holder may use without the once-a-game limit, still once a night
    (仁德：你可以發動無限次【招賢納才】（每夜限一次）)."""

    @cached_property
    def limited(self) -> bool:
        return is_limited(self.name)

    def validate(self, state: GameState, action: Action) -> None:
        """Extra checks beyond targets and limits; raise IllegalAction."""

    def apply(self, night: Any, use: Use) -> None:
        """The effect, run at ``stage`` during resolution (passive skills too, as implicit uses).

        A skill that works only through the hooks it registers in :meth:`prepare` (or the day and
        death hooks) keeps this default, which does nothing."""

    # ---- optional hooks (the defaults do nothing) ---------------------------
    def prepare(self, night: Any, use: Use) -> None:
        """Before any check of the night: register rules (success rates, immunities) for tonight."""

    def on_checked(self, night: Any, use: Use) -> None:
        """The moment ``use`` has passed its success check (or needed none), before the uses after it
        in the night's order are checked: a skill that makes other actions fail (送圖問計) acts here, so
        that a failed action's effect on success rates (火燒連營's 成功率減半) never reaches those checks."""

    def stab_bonus(self, game: Any, action: Action) -> int:
        """Extra 刺殺 the actor's country gets tonight when this action is submitted."""
        return 0

    def extra_uses(self, game: Any, action: Action) -> list[tuple[str, str, int]]:
        """Extra uses tonight granted by this action: (player id, skill name, how many)."""
        return []

    def pay(self, night: Any, use: Use) -> None:
        """A cost paid when the use goes off or is 失效 (used, no effect), like a limited skill's
        use (練兵 discards a 「智」); :meth:`refund` gives it back if the use then 發動失敗."""

    def refund(self, night: Any, use: Use) -> None:
        """Undo :meth:`pay` (called only for a use that paid)."""

    def acts_as(self, action: Action) -> str:
        """The skill this action counts as for other skills' rules on it: its own name, except a
        skill that 「發動一次【X】」 inside its own action (練兵's 亂花 is a 亂花 for 悲憤詩篇)."""
        return self.name

    def on_day(self, day: Any, owner: str) -> None:
        """A held skill's part in a day (vote modifiers), registered on ``day``."""

    def on_death(self, phase: Any, owner: str, dead: str, cause: str, sources: list[str]) -> None:
        """Called for every held skill when anyone dies (``dead`` may be ``owner``)."""

    def on_enter(self, phase: Any, owner: str, entered: str, character: str) -> None:
        """Called for every held skill of every player in the game when a character enters play
        (「X登場時」, 「當你登場時」): ``entered`` now plays ``character`` (``entered`` may be ``owner``:
        the skills of the character that came in hear their own arrival)."""

    def on_effect(self, phase: Any, effect: Any) -> None:
        """An effect this skill scheduled (``Effect.kind`` is the skill's name) comes due in ``phase``."""

    def chosen(self, action: Action) -> int:
        """The index (from 0) of the option ``action.args["choice"]`` names among :attr:`choices`, read by
        :func:`tianting.core.answers.read_choice` (label in either script, number from 1 …); raises
        :class:`tianting.core.errors.IllegalAction` naming the options when it names none."""
        from tianting.core.answers import AnswerProblem, read_choice
        from tianting.core.errors import IllegalAction

        try:
            return read_choice(action.args.get("choice"), self.choices)
        except AnswerProblem as problem:
            raise IllegalAction(f"【{self.name}】的{problem.message}", "bad-arg") from None

    def grants(self, game: Any, action: Action) -> tuple[str, ...]:
        """Skills this accepted action lets its actor use in the same phase though they do not hold
        them (天義：使用後當夜，你可以…發動一次【刺殺】): one use each, listed before or after it (a phase's actions are a set, R27)."""
        return ()

    def refuse_with(self, game: Any, action: Action, other: Action, mine: list[str]) -> str | None:
        """A reason this accepted action of a player forbids ``other``, a later action of the same
        player (``mine``: the names of the skills they already listed), or None.

        It reads only ``other``'s actor and skill, never its targets or args: the game asks it once for
        every use of that skill by that actor after the same actions (``KK33Game.check_skill``)."""
        return None

    def day_skills(self, state: GameState, owner: str) -> tuple[str, ...]:
        """Other skills this held skill lets its owner use by day (奇襲：你的【刺殺】的發動時機為白天投票階段)."""
        return ()

    def night_refusal(self, state: GameState, owner: str, skill: str) -> str | None:
        """A reason this held skill forbids its owner ``skill`` at night (奇襲: his 刺殺 is a day action)."""
        return None


def overrides(impl: Skill, hook: str) -> bool:
    """Does this skill's class replace the base's ``hook`` (which does nothing)?"""
    return getattr(type(impl), hook) is not getattr(Skill, hook)


@dataclass(frozen=True)
class SkillIndex:
    """Which of a game's skills take part in which step, read once from their classes (a game's
    skills never change): the loops over every held skill of every player look names up here."""

    passive_staged: frozenset[str]
    """Passive skills with a night stage: each works every night as an implicit use."""
    on_death: frozenset[str]
    """Skills that listen to deaths (:meth:`Skill.on_death`)."""
    on_day: frozenset[str]
    """Skills with a part in the day (:meth:`Skill.on_day`)."""
    may_rerun: frozenset[str]
    """Skills that can ask for the night to be resolved again."""
    stab_bonus: frozenset[str]
    """Skills whose use may add 刺殺 tonight (:meth:`Skill.stab_bonus`)."""
    extra_uses: frozenset[str]
    """Skills whose use may grant extra uses tonight (:meth:`Skill.extra_uses`)."""
    grants: frozenset[str] = frozenset()
    """Skills whose use lets their actor use another skill they do not hold (:meth:`Skill.grants`,
    :meth:`Skill.refuse_with`)."""
    day_rules: frozenset[str] = frozenset()
    """Held skills that change what their owner may use by day or by night
    (:meth:`Skill.day_skills`, :meth:`Skill.night_refusal`)."""
    on_enter: frozenset[str] = frozenset()
    """Skills that listen to a character entering play (:meth:`Skill.on_enter`)."""
    target_grants: frozenset[str] = frozenset()
    """Skills that may let a later action name more ids (an ``extra_targets`` method: 落鴻哀歌)."""
    target_pickers: frozenset[str] = frozenset()
    """Skills whose target rule depends on the action's args (a ``targets_for`` method: 練兵)."""
    validators: frozenset[str] = frozenset()
    """Skills with checks of their own (:meth:`Skill.validate`; the base checks nothing)."""
    shapers: frozenset[str] = frozenset()
    """Skills that change what their holder's 明察 tells (a ``shape_investigation`` method: 聰慧 …)."""
    passive_prepared: frozenset[str] = frozenset()
    """Of ``passive_staged``, those with a :meth:`Skill.prepare` of their own and not :attr:`Skill.night_only` (the
    day's action pass prepares only these)."""

    @classmethod
    def of(cls, skills: Mapping[str, Skill]) -> SkillIndex:
        return cls(
            passive_staged=frozenset(n for n, s in skills.items() if s.kind is Kind.PASSIVE and s.stage),
            on_death=frozenset(n for n, s in skills.items() if overrides(s, "on_death")),
            on_day=frozenset(n for n, s in skills.items() if overrides(s, "on_day")),
            may_rerun=frozenset(n for n, s in skills.items() if s.may_rerun_night),
            stab_bonus=frozenset(n for n, s in skills.items() if overrides(s, "stab_bonus")),
            extra_uses=frozenset(n for n, s in skills.items() if overrides(s, "extra_uses")),
            grants=frozenset(n for n, s in skills.items()
                             if overrides(s, "grants") or overrides(s, "refuse_with")),
            day_rules=frozenset(n for n, s in skills.items()
                                if overrides(s, "day_skills") or overrides(s, "night_refusal")),
            on_enter=frozenset(n for n, s in skills.items() if overrides(s, "on_enter")),
            target_grants=frozenset(n for n, s in skills.items() if hasattr(s, "extra_targets")),
            target_pickers=frozenset(n for n, s in skills.items() if hasattr(s, "targets_for")),
            validators=frozenset(n for n, s in skills.items() if overrides(s, "validate")),
            shapers=frozenset(n for n, s in skills.items() if getattr(s, "shape_investigation", None) is not None),
            passive_prepared=frozenset(n for n, s in skills.items()
                                       if s.kind is Kind.PASSIVE and s.stage and overrides(s, "prepare")
                                       and not s.night_only),
        )


def first_reason(rules: Iterable[Callable[..., str | None]], *args: Any) -> str | None:
    """The first reason (a non-empty answer) the rules give for ``args``, asking them in order and
    no further; None if none gives one."""
    for rule in rules:
        reason = rule(*args)
        if reason:
            return reason
    return None


def every_reason(rules: Iterable[Callable[..., str | None]], *args: Any) -> list[str]:
    """Every distinct reason the rules give for ``args``: each rule is asked, whatever the others answer.

    For rules that act at one moment (several skills make one 刺殺 無效 at once): every rule that
    answers takes its effect (its cost, its 互識 …), so the outcome does not hang on the order the
    rules were registered in, which follows seats and submission order (ruling R49)."""
    reasons: list[str] = []
    for rule in rules:
        reason = rule(*args)
        if reason and reason not in reasons:
            reasons.append(reason)
    return reasons


# Enum members read once: reading one off its class is slow in Python 3.11 (EnumType.__getattr__).
_LIVE = (UseState.PENDING, UseState.DONE)
"""The states of a use that still acts."""
_CHARACTER = Source.CHARACTER


@dataclass
class Redirect:
    slot: int
    new_target: str
    by: str
    """Who or what changed it (for the trace)."""
    source: Use | None = None
    """The use that made the change: if it is later voided or fails, the change is undone."""


@dataclass(slots=True, init=False)
class Use:
    """One action as it resolves: intended targets, redirects, what happened.

    Slotted: a night makes dozens (every action, every passive skill at work) and reads their fields
    in every loop; nothing adds attributes of its own to a use."""

    action: Action
    skill: Skill
    order: int
    """Submission order within the phase (the last tie-break)."""
    seat: int
    state: UseState = UseState.PENDING
    redirects: list[Redirect] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    implicit: bool = False
    """True for a passive skill at work, or an effect 「視為…發動」 (no one submitted it)."""
    why: str = field(default="", compare=False)
    """Why it did not go off (發動失敗, 失效, 無效), in the engine's words, recorded when that was decided
    (:meth:`decide`): what the judges' table of outcomes shows, never read back out of the trace."""
    actor: str = field(init=False, repr=False, compare=False)
    """``action.actor``, read once as the use is made: a plain slot, not a property's call (the
    night's loops read it some thousand times a game). Exact: a use's action is replaced only by
    one of the same actor (亂's single-target 刺殺, ``shu_strategists``), and ``actor`` of an
    ``Action`` never changes (a frozen dataclass)."""
    name: str = field(init=False, repr=False, compare=False)
    """``skill.name``, read once as the use is made (as ``actor``): a use's skill is never replaced,
    and a skill's name is its class's constant."""

    def __init__(self, action: Action, skill: Skill, order: int, seat: int, state: UseState = UseState.PENDING,
                 redirects: list[Redirect] | None = None, notes: list[str] | None = None,
                 implicit: bool = False) -> None:
        """The dataclass's own ``__init__`` (the same arguments, the same fields), also setting the
        two read-only copies ``actor`` and ``name``."""
        self.action = action
        self.skill = skill
        self.order = order
        self.seat = seat
        self.state = state
        self.redirects = [] if redirects is None else redirects
        self.notes = [] if notes is None else notes
        self.implicit = implicit
        self.why = ""
        self.actor = action.actor
        self.name = skill.name

    @property
    def live(self) -> bool:
        return self.state in _LIVE

    def decide(self, state: UseState, why: str) -> None:
        """What came of the use, decided now: its ``state`` (``FAILED`` 發動失敗, ``VOID`` 失效/無效) and ``why``,
        the reason as the judges' table of outcomes gives it."""
        self.state = state
        self.why = why

    def redirect(self, slot: int, new_target: str, by: str, source: Use | None = None) -> None:
        """Change the target in ``slot``; conflicts are settled in :meth:`targets`.

        Pass the redirecting ``source`` use, so that voiding it (失效) undoes the change.
        """
        self.redirects.append(Redirect(slot, new_target, by, source))

    @property
    def targets(self) -> tuple[str, ...]:
        """The targets after every redirect.

        衝突規則: 若一個行動的目標被至少兩個技能修改，且修改後的目標不同，
        則該行動的目標改為行動發出者.
        """
        if not self.redirects:  # targets_before()'s first answer, without its call (read very often)
            targets = self.action.targets
            return targets if type(targets) is tuple else tuple(targets)
        return self.targets_before()

    def targets_before(self, stage: str | None = None, priority: int | None = None) -> tuple[str, ...]:
        """The targets after the redirects made before the uses of ``stage`` at ``priority`` (all of
        them when None): what uses resolving at one moment see, none seeing another's change (盜書
        and 草船借箭, both first of the redirect stage, CB1)."""
        if not self.redirects:
            return tuple(self.action.targets)
        out = list(self.action.targets)
        for slot in range(len(out)):
            changes = [r.new_target for r in self.redirects
                       if r.slot == slot and (r.source is None or r.source.live)
                       and not (stage is not None and r.source is not None and r.source.skill.stage == stage
                                and r.source.skill.priority >= (priority or 0))]
            if not changes:
                continue
            if len(set(changes)) > 1:
                out[slot] = self.actor
            else:
                out[slot] = changes[0]
        return tuple(out)


def stage_order(stages: tuple[str, ...], use: Use) -> tuple[int, int, int, int, int]:
    """The one ordering of a night: stage, priority, character before identity, seat, order."""
    return (
        stages.index(use.skill.stage),
        use.skill.priority,
        0 if use.skill.source is _CHARACTER else 1,
        use.seat,
        use.order,
    )
