"""Night resolution of KK 3.3, in explicit stages.

The stages, in order (``NIGHT_STAGES``):

``check``     success checks: a wounded player's active skills fail half the time.
``redirect``  skills that change targets (settled by the conflict rule in ``Use.targets``).
``cancel``    skills that make other actions fail or void.
``protect``   immunities declared for the night (急救 …).
``inform``    information skills, reading the state as the night began.
``attack``    刺殺 and 援護 are declared; then :meth:`Night.resolve_stabs`.
``harm``      every harm passes modify → prevent → apply (:mod:`.harm`).
``death``     deaths and what they trigger (轉生, 託孤, death skills).
``report``    skills that report the night's actions (方術).
``after``     marks and bindings for the day (亂花, 起義); alliances are settled.

Within a stage, :func:`tianting.core.skills.stage_order` orders uses:
priority, character skills before identity skills, seat, submission order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tianting.core import effects
from tianting.core.decisions import DecisionBook
from tianting.core.records import Action, Death, DecisionRecord, Feedback, Ruling, make_action
from tianting.core.skills import (
    Kind,
    Skill,
    Source,
    Use,
    UseState,
    every_reason,
    first_reason,
    stage_order,
)
from tianting.core.state import Status
from tianting.engine.stab import SameSide, Verdict
from tianting.rules.kk33 import alliances, rulings, texts
from tianting.rules.kk33.harm import Harm, Level
from tianting.rules.kk33.stages import run_stages, stage_steps

if TYPE_CHECKING:
    from tianting.rules.kk33.game import KK33Game

NIGHT_STAGES = ("check", "redirect", "cancel", "protect", "inform", "attack", "harm", "death", "report", "after")
_PASSIVES = "night.passives"
"""Where a game keeps, per player, the passive skills at work among his skills (``add_passives``)."""
_RULED = "rules on targets asked"
"""A use's note once ``Night.rule_on_targets`` has asked about it (each rule is asked once a night)."""
_BASE_PREPARE = Skill.prepare
_BASE_ON_CHECKED = Skill.on_checked
_BASE_STAB_BONUS = Skill.stab_bonus
_BASE_EXTRA_USES = Skill.extra_uses
_BASE_PAY = Skill.pay
"""The base skill's hooks (they do nothing): skills that keep them are not called."""
_ONE, _HALF = Fraction(1), Fraction(1, 2)
"""The success rate of a player not wounded, and of one wounded, when no skill changes it (``success_rate``)."""
_INJURED = Status.INJURED
_CHARACTER = Source.CHARACTER
_PENDING, _DONE, _FAILED, _VOID = UseState.PENDING, UseState.DONE, UseState.FAILED, UseState.VOID
SAME_SIDE = SameSide(lessens=False, lord_immune=False, purpose=lambda k, t, relation: f"刺殺{relation}失效判定 {k}→{t}")
"""「刺殺同國或同盟角色，一半概率失效」 (:mod:`tianting.engine.stab`, as the 24人 rules' ``SAME_COUNTRY``)."""


_RANKS: dict[type[Skill], tuple[int, int, int]] = {}
"""Each skill class's place in the night's order: (stage, priority, character before identity), read
once per process from the class's attributes (``stage``, ``priority``, ``source``: fixed data, the same
for every instance and every game, echoes included; no instance sets its own), for ``order_key`` and
``night_order``. (It was kept per game in ``game.night_ranks``: every game then ranked its ~60
classes again, half its nights taking ``night_order``'s slow path.)"""


def order_key(game: KK33Game) -> Callable[[Use], tuple[tuple[int, int, int], int, int]]:
    """A sort key equal in order to ``stage_order(NIGHT_STAGES, use)``: the skill's part (stage, priority,
    character before identity) read once per skill class (``_RANKS``), then seat and submission order."""
    ranks = _RANKS

    def key(use: Use) -> tuple[tuple[int, int, int], int, int]:
        kind = type(use.skill)
        rank = ranks.get(kind)
        if rank is None:
            rank = ranks[kind] = stage_order(NIGHT_STAGES, use)[:3]  # type: ignore[assignment]
        return rank, use.seat, use.order

    return key


_PLACES: dict[type[Skill], int] = {}
"""Each ranked skill class's rank as one int: its place among the distinct ranks in ``_RANKS`` (equal ranks,
equal places; a lesser rank, a lesser place), for ``night_order`` (comparing two ints costs less than
comparing two tuples). Made again from ``_RANKS`` whenever a class is ranked (``_rank_classes``), so it
always orders the classes as their rank tuples do."""


def _rank_classes(uses: list[Use], skills: Iterable[Skill]) -> None:
    """Rank the skill classes of ``uses`` not ranked yet in this process (``_RANKS``), with those of every
    skill of the game that has a night stage (so that the places are made again about once a process,
    not once for each class as it first comes up), then place every ranked class again (``_PLACES``).
    A skill's rank is read as ``stage_order`` reads it (the same expression, from the same attributes)."""
    ranks = _RANKS
    for skill in skills:
        kind = type(skill)
        if kind not in ranks and skill.stage in NIGHT_STAGES:
            ranks[kind] = (NIGHT_STAGES.index(skill.stage), skill.priority, 0 if skill.source is _CHARACTER else 1)
    for use in uses:
        kind = type(use.skill)
        if kind not in ranks:
            ranks[kind] = stage_order(NIGHT_STAGES, use)[:3]  # type: ignore[assignment]
    place = {rank: i for i, rank in enumerate(sorted(set(ranks.values())))}
    _PLACES.clear()
    _PLACES.update((kind, place[rank]) for kind, rank in ranks.items())


def night_order(game: KK33Game, uses: list[Use]) -> list[Use]:
    """``sorted(uses, key=order_key(game))``, decorated in one loop rather than a key call per use.

    Each use becomes ``(place, seat, order, i, use)``: ``place`` orders as the rank tuple of
    ``order_key`` (``_PLACES``), ``i`` (its place in ``uses``) breaks the ties the key leaves, as the
    stable sort keeps them in place, and no two tuples reach their ``use``."""
    places = _PLACES
    try:
        decorated = [(places[type(use.skill)], use.seat, use.order, i, use) for i, use in enumerate(uses)]
    except KeyError:  # a skill class not ranked yet in this process: rank it, then decorate again
        _rank_classes(uses, game.skills.values())
        decorated = [(places[type(use.skill)], use.seat, use.order, i, use) for i, use in enumerate(uses)]
    decorated.sort()
    return [entry[4] for entry in decorated]


@dataclass(frozen=True)
class Rerun:
    """A request to resolve the night again with every action of ``voided`` void (肝腸寸斷), asked by the skill of
    ``by`` (that player's death stands)."""

    voided: str
    by: str
    cause: str
    sources: tuple[str, ...]
    skill: str
    record: DecisionRecord | None = None
    """The choice that named ``voided`` (kept for the transcript; not asked again)."""


class Night:
    """One night being resolved: the context every skill's ``apply`` receives."""

    def __init__(self, game: KK33Game, uses: list[Use], book: DecisionBook,
                 rerun: Rerun | None = None, judged: tuple[Ruling, ...] = ()) -> None:
        self.game = game
        self.state = game.state
        self.rng = game.state.rng
        self.book = book
        self.index = game.state.index
        self.uses = uses
        self.feedback: dict[str, list[Feedback]] = {}
        self.trace: list[str] = []
        self.stabs: list[Use] = []
        self.guards: list[Use] = []
        self.stab_immunity: dict[str, list[str]] = {}
        self.harms: list[Harm] = []
        self.binds: list[tuple[str, str, str]] = []
        self.alliance_proposals: list[alliances.Proposal] = []
        self.deaths: list[Death] = []
        self.exited: list[str] = []
        self.died: list[str] = []
        self.death_batch: list[Any] | None = None
        """The deaths of the moment being settled (``deaths.simultaneous``), or None."""
        """Ids whose character died tonight, in order: everyone in ``exited`` and a lord who plays on (轉生);
        角色死亡時公布ID但不公布其角色, so the announcement names them all."""
        self.injured: list[str] = []
        self.eliminated: list[str] = []
        self.rerun = rerun
        """The request this pass carries out (None on a first pass)."""
        self.rulings = judged
        """The judge's rulings for this night (:mod:`.rulings`)."""
        self.protected: dict[str, str] = {}
        """Ids no harm reaches tonight, with the reason (:func:`tianting.core.effects.protect`)."""
        self.skills_before: dict[str, tuple[str, ...]] = {}
        """The skills held as the current stage began, of every player who gained or lost one since
        (``skillbook.held_as_stage_began``)."""
        self.rerun_request: Rerun | None = None
        """Set by a skill during a first pass: the night is then resolved again."""
        # Hooks for character skills: functions called at fixed points, in the order added.
        self.rate_modifiers: list[Callable[[Night, Use], Fraction | None]] = []
        """Multipliers of an active skill's success rate (威震逍遙津: 成功率減半)."""
        self.block_rules: list[Callable[[Night, Use], str | None]] = []
        """After redirects and cancels: a reason makes the use 發動失敗 (巧變, 奔襲 …); asked before
        ``target_rules``, so a use that cannot go off is never also void."""
        self.target_rules: list[Callable[[Night, Use], str | None]] = []
        """After redirects and cancels: a reason makes the use 失效 (貞烈 …)."""
        self.stab_rules: list[Callable[[Night, Use], str | None]] = []
        """A reason makes one 刺殺 無效 (青梅煮酒, 曹氏宗親 …), before the same-side check."""
        self.guard_proof: list[Callable[[Night, Use], str | None]] = []
        """A reason means 援護 cannot cancel this 刺殺 (鐵騎：你的【刺殺】不能被【援護】抵消)."""
        self.rule_proof: list[Callable[[Night, Use], str | None]] = []
        """A reason means ``stab_rules`` (every one a character skill's) cannot make this 刺殺 無效
        (鋒騎：你的【刺殺】不能被角色技能抵消)."""
        self.harm_modifiers: list[Callable[[Night, Harm], None]] = []
        """傷害減輕 / 加深: change ``harm.level``."""
        self.harm_readers: list[Callable[[Night, Harm], None]] = []
        """Run once every modifier has acted, before the immunities: skills that read the harm as it
        will land (七星 rolls on a 刺殺 still 有效 after every 減輕), whatever order they registered in."""
        self.harm_preventions: list[Callable[[Night, Harm], str | None]] = []
        """Immunities: a reason prevents the harm (防止、不會受傷、不會死亡)."""
        self.after_harms: list[Callable[[Night], None]] = []
        """Run once every harm of the attack stage is applied (the night's deaths are simultaneous):
        choices made on death that depend on who else died (古之惡來) wait here."""
        self.wound_listeners: list[Callable[[Night, Harm], None]] = []
        """Called after a harm has put its target in the wounded state (「受傷後」: 七步)."""
        self.alliance_length_rules: list[Callable[[Night, tuple[str, str]], int]] = []
        """Phases added to an alliance made or extended tonight (和睦：聯盟時限增加一日一夜 → 2)."""
        self.settle_rules: list[Callable[[Night], None]] = []
        """Run once every redirect and cancel of the night is settled (the end of ``after_cancel``): a
        skill that had to act early (苦肉詐降 changes a country before the redirects read it) follows
        its use's final target there, or takes its change back if the use failed or was voided."""
        self.last_words_rules: list[Callable[[Night, str], str | None]] = []
        """A reason means a player who left the game tonight may leave no last words (無法留下遺言)."""

    # ---- helpers for skills ---------------------------------------------
    def tell(self, pid: str, item: Feedback) -> None:
        self.feedback.setdefault(pid, []).append(item)

    def note(self, text: str) -> None:
        self.trace.append(text)

    def uses_by(self, pid: str, implicit: bool = False) -> list[Use]:
        """The actions ``pid`` submitted tonight (and, if asked, their passive skills at work)."""
        if implicit:
            return [u for u in self.uses if u.action.actor == pid]  # u.actor, unwrapped
        return [u for u in self.uses if not u.implicit and u.action.actor == pid]

    def aimed_at(self, pid: str) -> list[Use]:
        """The submitted actions whose (final) targets include ``pid``."""
        return [u for u in self.uses if not u.implicit and pid in (u.targets if u.redirects else u.action.targets)]

    def void(self, use: Use, reason: str) -> None:
        """失效: the skill went off with no effect; its owner is not told."""
        effects.void(self, use, reason)

    def fail(self, use: Use, reason: str) -> None:
        """發動失敗: as if not used; its owner is told 「技能發動失敗，可再次發動」."""
        if not use.live:
            return
        use.decide(UseState.FAILED, reason)
        self.unconsume(use)
        target = use.action.targets[0] if use.action.targets else None
        self.tell(use.actor, Feedback(use.name, texts.FAILED, target, {"failed": True}))
        self.note(f"{use.actor} 的【{use.name}】發動失敗：{reason}")

    def stab_as(self, actor: str, target: str, by: str) -> Use:
        """「視為(你)對其發動了一次【刺殺】」: a stab no killer submitted, outside the country's count."""
        from tianting.core.records import Action

        use = Use(Action(actor, "刺殺", (target,)), self.game.skills["刺殺"], order=len(self.uses),
                  seat=self.state.player(actor).seat, state=UseState.DONE, implicit=True)
        use.notes.append(by)
        self.uses.append(use)
        self.stabs.append(use)
        self.note(f"{by}：視為 {actor} 對 {target} 發動了一次刺殺")
        return use

    def recognise(self, a: str, b: str, via: str) -> None:
        """互識：兩名玩家分別獲悉對方的角色."""
        effects.recognise(self, a, b, via, texts.recognised)

    # ---- the stages -----------------------------------------------------
    def run(self) -> None:
        self.game.open_resolution(self)  # choices made as the night began (化身), before any skill is at work
        self.add_passives()
        at = self.index
        for effect in [e for e in self.state.effects if e.at == at]:
            impl = self.game.skills.get(effect.kind)
            if impl is not None:
                impl.on_effect(self, effect)
        if self.rerun is not None:
            for use in self.uses:
                if use.actor == self.rerun.voided and not use.implicit:
                    use.decide(UseState.VOID, f"{self.rerun.by} 的【{self.rerun.skill}】令其此夜的所有行動均失效")
                    self.note(f"{use.actor} 的【{use.name}】失效：{use.why}")
        if self.rulings:
            rulings.begin(self, self.rulings, self.uses)
        pending, done = _PENDING, _DONE
        # (every use whose class has a prepare, in the order of ``self.uses`` as it stands now: the
        # class test is fixed, the state is read as each comes up, as a prepare may change another's)
        for use in [u for u in self.uses if type(u.skill).prepare is not _BASE_PREPARE]:
            if use.state is pending or use.state is done:
                use.skill.prepare(self, use)
        ordered = night_order(self.game, self.uses)
        self.check_success(ordered)
        if len(ordered) != len(self.uses):  # a use was added during the checks: sort them again
            ordered = night_order(self.game, [u for u in self.uses if u.skill.stage])
        run_stages(self, ordered, _STAGE_STEPS)  # every stage after the checks (stages.run_stages)
        if self.rulings:
            rulings.finish(self, self.rulings)

    def add_passives(self) -> None:
        """Every built passive skill of a player who can act works tonight, as an implicit use.

        Which of a player's skills those are, with each one's skill and (immutable) action, is kept
        per game (``_PASSIVES``: id → (his skills when read, [(skill, action)…])) and read again only
        when his list of skills is no longer equal to the one it was read from: the same pairs, in the
        order of his list, so the same uses in the same order."""
        game = self.game
        can_act, passive = game.can_act, game.hooks.passive_staged
        memo = game.memos.get(_PASSIVES)
        if memo is None:
            memo = game.memos[_PASSIVES] = {}
        uses, pending = self.uses, _PENDING
        for player in game.holding(passive):  # (KK33Game.holding: those who hold none passed by unread)
            if not can_act(player):
                continue
            held = player.skills
            entry = memo.get(player.id)
            if entry is None or entry[0] != held:
                entry = memo[player.id] = (list(held), self._passives_of(player.id, held))
            seat = player.seat
            for impl, action in entry[1]:
                # Use(action, impl, len(uses), seat, implicit=True), its fields given in order
                uses.append(Use(action, impl, len(uses), seat, pending, [], [], True))

    def _passives_of(self, pid: str, held: list[str]) -> tuple[tuple[Skill, Action], ...]:
        """The passive skills at work among ``held`` (in its order), each with its skill and action
        (``game.implicit_actions``: made once a game)."""
        game = self.game
        skills, passive, actions = game.skills, game.hooks.passive_staged, game.implicit_actions
        found = []
        for name in held:
            if name in passive:
                key = (pid, name)
                action = actions.get(key)
                if action is None:
                    action = actions[key] = make_action(pid, name)
                found.append((skills[name], action))
        return tuple(found)

    def success_rate(self, use: Use) -> Fraction:
        """The chance an active skill goes off: halved when wounded (受傷), then every modifier."""
        rate = _HALF if self.state.players[use.actor].status is _INJURED else _ONE
        for modify in self.rate_modifiers:
            factor = modify(self, use)
            if factor is not None:
                rate *= factor
        return rate

    def check_success(self, ordered: list[Use] | None = None) -> None:
        """當角色進入受傷狀態時，其於之後的夜晚發動或使用的主動技能有一半概率失敗.

        Passive (*被*) and global (*全*) skills roll no check. A failed skill is
        as if not used (a limited skill is not consumed) and its owner is told
        「技能發動失敗，可再次發動」. ``ordered``: the uses already sorted in the
        night's order (``run`` sorts them once for this and for the stages).
        """
        if ordered is None:
            ordered = sorted(self.uses, key=order_key(self.game))
        failed, void, active = _FAILED, _VOID, Kind.ACTIVE
        players, modifiers, consume = self.state.players, self.rate_modifiers, self.consume
        counted, general = -1, False  # (len(modifiers) when ``general`` was last read; a hook may add one)
        for use in ordered:
            if use.implicit:
                continue
            state = use.state
            if state is failed:
                continue  # failed before any check (先知 in prepare): as if not used, not consumed
            if state is void:
                consume(use)  # 失效: used, with no effect; no check to roll
                continue
            if len(modifiers) != counted:
                counted, general = len(modifiers), any(not getattr(m, "wound_only", False) for m in modifiers)
            # A modifier marked ``wound_only`` answers None for an actor not wounded, without a side
            # effect (膽守, 固政: ``spare_wound_halving``): with only such ones, a rate of 1 for him.
            if use.skill.kind is active and (general or players[use.action.actor].status is _INJURED):
                # else a rate of 1 (see success_rate): nothing to roll; wounded with no modifier, one half.
                # success_rate returns _ONE or _HALF itself when no modifier changes it: no Fraction sums.
                rate = self.success_rate(use) if modifiers else _HALF
                if rate is _ONE:
                    pass  # rate <= 0 and rate < 1 are both false: nothing to roll
                elif (not self.rng.chance(f"成功判定 {use.actor}【{use.name}】", rate)) if rate is _HALF else \
                        (rate <= 0 or (rate < 1 and not self.rng.chance(f"成功判定 {use.actor}【{use.name}】", rate))):
                    use.decide(UseState.FAILED, f"成功判定未通過（成功率{rate}）")
                    self.tell(use.actor, Feedback(use.name, texts.FAILED,
                                                  use.action.targets[0] if use.action.targets else None, {"failed": True}))
                    self.note(f"{use.actor} 的【{use.name}】發動失敗（成功率{rate}）")
                    continue
            skill = use.skill
            if skill.limited or type(skill).pay is not _BASE_PAY or players[use.action.actor].granted:
                consume(use)  # (else it would spend nothing: not limited, no one-time right, no cost)
            if type(skill).on_checked is not _BASE_ON_CHECKED:
                skill.on_checked(self, use)

    def consume(self, use: Use) -> None:
        """A use goes off: a limited skill is used up, a one-time right spent."""
        player = self.state.players[use.action.actor]
        skill = use.skill
        name = skill.name
        granted = player.granted
        if granted and granted.get(name) and name not in player.skills \
                and name not in self.game.identity_skills(player):
            granted[name] -= 1
            use.notes.append("granted")
        elif skill.limited:
            player.used[name] = player.used.get(name, 0) + 1
        if type(skill).pay is not _BASE_PAY and "paid" not in use.notes:
            use.notes.append("paid")
            use.skill.pay(self, use)

    def unconsume(self, use: Use) -> None:
        player = self.state.player(use.actor)
        if "granted" in use.notes:
            player.granted[use.name] += 1
        elif use.skill.limited and player.used.get(use.name):
            player.used[use.name] -= 1
            if not player.used[use.name]:
                del player.used[use.name]
        if "paid" in use.notes:
            use.notes.remove("paid")
            use.skill.refund(self, use)

    def after_cancel(self) -> None:
        """Once every redirect and cancel is known: settle grants, then the rules on uses, then
        ``settle_rules``.

        Every rule is asked about every use, whatever the others answer, and the answers take effect
        together (ruling R49): first the uses that cannot go off fail (``block_rules``), then every use
        some ``target_rules`` make void is void, for all its reasons. So no outcome, and no draw a rule
        makes, hangs on the order the rules were registered in or the uses submitted in. A use already
        ruled on (a skill that asked for its own use first, 火船沖陣: :meth:`rule_on_targets`) is not
        asked again."""
        self.settle_grants()
        if self.block_rules or self.target_rules:  # else no rule to ask (and none asks later: see below)
            self._rule_on_uses()
        for settle in self.settle_rules:
            settle(self)

    def _rule_on_uses(self) -> None:
        """``after_cancel``'s rules on every use not yet ruled on. Skipped on a night with no rule. The
        only reader of the ``_RULED`` marks is ``rule_on_targets``, asked in the cancel stage (before this
        step, by the skill of the use it asks about: 火船沖陣), so the uses ruled on here are not marked:
        no one would read the marks. (Notes are the night's own: no record, trace or feedback shows them.)"""
        live = (_PENDING, _DONE)
        # (they are not marked ``_RULED`` in turn: no one asks ``rule_on_targets`` after this step)
        pending = [use for use in self.uses if not use.implicit and use.state in live and _RULED not in use.notes]
        if self.block_rules:
            blocked = [(use, every_reason(self.block_rules, self, use)) for use in pending]
            for use, reasons in blocked:
                if reasons:
                    self.fail(use, "、".join(reasons))
        rules = self.target_rules
        if rules:
            # every_reason(rules, self, use) for each use still live, inlined (one call per use and rule
            # rather than one more per use): every rule is asked about every use before any is voided.
            voided: list[tuple[Use, list[str]]] = []
            for use in pending:
                if use.state is not _PENDING and use.state is not _DONE:  # not use.live
                    continue
                reasons: list[str] | None = None
                for rule in rules:
                    reason = rule(self, use)
                    if reason:
                        if reasons is None:
                            reasons = [reason]
                        elif reason not in reasons:
                            reasons.append(reason)
                if reasons:
                    voided.append((use, reasons))
            for use, reasons in voided:
                self.void(use, "、".join(reasons))

    def rule_on_targets(self, use: Use) -> bool:
        """Ask the rules on uses about ``use`` now, once a night: a skill that acts on other players'
        uses in the cancel stage (火船沖陣) asks for its own use first, so that a rule that fails or
        voids it (七步, 落鴻哀歌 …) stops it before it acts; ``after_cancel`` then skips it. As there,
        ``block_rules`` first (失敗), then every reason of ``target_rules`` (失效). True if the use
        still stands."""
        if _RULED in use.notes:
            return use.live
        use.notes.append(_RULED)
        reasons = every_reason(self.block_rules, self, use)
        if reasons:
            self.fail(use, "、".join(reasons))
            return False
        reasons = every_reason(self.target_rules, self, use)
        if reasons:
            self.void(use, "、".join(reasons))
            return False
        return use.live

    def after_attack(self) -> None:
        self.resolve_stabs()

    def after_harm(self) -> None:
        self.apply_harms()

    def settle_grants(self) -> None:
        """A use allowed only by a grant that did not go off goes with it.

        Extra 刺殺 (神速, 三日五百 …) and extra uses (洛神, 裸衣 …) were counted
        when the actions were checked. A grant that failed its check was not
        used (發動失敗…視為未發動), so the use it allowed fails too; a grant
        that was voided (失效) gives nothing, so that use is void. Which 刺殺
        of the country was the extra one: ``_extra_stabs``; of a player's own
        extra uses, his last ones.
        """
        pending, done = _PENDING, _DONE  # not u.live, without the property; the base hooks grant nothing
        lost = [u for u in self.uses if not u.implicit and u.state is not pending and u.state is not done
                and ((type(u.skill).stab_bonus is not _BASE_STAB_BONUS and self._grants_stabs(u))
                     or (type(u.skill).extra_uses is not _BASE_EXTRA_USES and u.skill.extra_uses(self.game, u.action)))]
        if not lost:
            return
        live = [u.action for u in self.uses if not u.implicit and u.live]
        failed = any(u.state is UseState.FAILED for u in lost)
        reason = f"給予此次額外使用的{'、'.join(f'{u.actor}【{u.name}】' for u in lost)}" + \
            ("發動失敗" if failed else "失效")
        surplus: list[Use] = []
        for country in dict.fromkeys(self.game.bonus_country(u.name, u.action) for u in lost):
            stabs = sorted((u for u in self.uses if u.name == "刺殺" and u.live and not u.implicit
                            and "granted" not in u.notes
                            and self.state.player(u.actor).identity == "殺手"
                            and self.state.player(u.actor).country == country), key=lambda u: u.order)
            excess = len(stabs) - self.game.stab_allowance(country, live)
            if excess > 0:
                holders = {u.actor for u in lost}
                surplus += self._extra_stabs(stabs, excess, holders, country)
        for pid, skill in dict.fromkeys((who, what) for u in lost for who, what, _ in u.skill.extra_uses(self.game, u.action)):
            uses = sorted((u for u in self.uses if u.actor == pid and u.name == skill and u.live
                           and not u.implicit and "granted" not in u.notes), key=lambda u: u.order)
            surplus += uses[self.game.allowed_uses(pid, skill, live):]
        for use in surplus:
            (self.fail if failed else self.void)(use, reason)

    def _extra_stabs(self, stabs: list[Use], excess: int, holders: set[str], country: str) -> list[Use]:
        """Which ``excess`` of a country's 刺殺 were the extra ones a lost grant allowed (R49).

        「當夜你可以額外發動一次【刺殺】」: the grant's holder made the extra one, so his own 刺殺 go first
        (his last first, in his own order); any more are drawn among the other killers' 刺殺, never
        taken by seat or by the order the players submitted in."""
        own = [u for u in stabs if u.actor in holders][::-1]
        chosen = own[:excess]
        rest = [u for u in stabs if u.actor not in holders]
        for k in range(excess - len(chosen)):
            pick = self.rng.pick(f"額外的刺殺 {country}#{k + 1}", rest, label=lambda u: f"{u.actor}→{u.action.targets[0]}")
            rest.remove(pick)
            chosen.append(pick)
        return chosen

    def _grants_stabs(self, use: Use) -> bool:
        return use.skill.stab_bonus(self.game, use.action) > 0

    def resolve_stabs(self) -> None:
        """Merge the night's 刺殺 per target, check them, then apply 援護.

        *當一名角色同時成為若干個【刺殺】的目標時，這些【刺殺】對該角色的作用效果等同於一次【刺殺】。
        援護：若其當夜成為有效的【刺殺】的目標，則該【刺殺】無效；若其當夜沒有成為有效的【刺殺】的目標，則令其受傷。
        *當一名角色同時成為若干個【援護】的目標時，這些【援護】對該角色的作用效果等同於一次【援護】。
        """
        valid: dict[str, list[Use]] = {}
        shielded: dict[str, list[str]] = {}
        """Targets whose stab a protective skill voided (急救, 青梅煮酒 …): R8, no 援護 wound on them."""
        for use in self.stabs:
            if not use.live:
                continue
            target = use.targets[0]
            killer = use.actor
            immune = list(self.stab_immunity.get(target, []))
            if not immune and self.stab_rules:  # every rule that voids it takes effect (R49), in no order
                proof = first_reason(self.rule_proof, self, use) if self.rule_proof else None
                if proof:
                    self.note(f"{killer} 的刺殺對 {target} 不受使刺殺無效的角色技能影響：{proof}")
                else:
                    immune = every_reason(self.stab_rules, self, use)
            if immune:
                use.decide(UseState.VOID, "、".join(immune))
                shielded.setdefault(target, []).extend(immune)
                self.note(f"{killer} 的刺殺對 {target} 無效：{use.why}")
                continue
            relation = self._stab_relation(killer, target)
            verdict = SAME_SIDE.judge(self.rng, killer, target, relation)
            if verdict is Verdict.VOID:
                use.decide(UseState.VOID, f"目標為{relation}角色，一半概率失效")
                self.note(f"{killer} 的刺殺對 {target} 失效：{use.why}")
                continue
            if verdict is Verdict.HOLDS:
                self.note(f"{killer} 的刺殺對 {target}：雖為{relation}角色，判定仍有效")
            valid.setdefault(target, []).append(use)

        guarded: dict[str, list[str]] = {}
        for use in self.guards:
            if use.live:
                guarded.setdefault(use.targets[0], []).append(use.actor)
        for target, guards in guarded.items():
            who = "、".join(guards)
            if target in valid:
                kept = []
                for stab in valid[target]:
                    proof = first_reason(self.guard_proof, self, stab) if self.guard_proof else None
                    if proof:
                        kept.append(stab)
                        self.note(f"{stab.actor} 的刺殺對 {target} 不能被 {who} 的援護抵消：{proof}")
                        continue
                    stab.decide(UseState.VOID, f"{who} 援護")
                    self.note(f"{stab.actor} 的刺殺對 {target} 無效：{stab.why}")
                if kept:
                    valid[target] = kept
                else:
                    del valid[target]
            elif target in shielded:
                # R8: 當若干技能發生衝突時，免疫傷害類效果優先於造成傷害類效果 — the skill that voided the
                # stab and the 援護 both protect him; the protection wins over the 援護's wound.
                self.note(f"{who} 援護 {target}：其刺殺已被{'、'.join(dict.fromkeys(shielded[target]))}無效，"
                          "免疫傷害類效果優先，援護不令其受傷")
            else:
                self.harms.append(Harm(target, Level.WOUND, "援護", list(guards),
                                       why=[f"{who} 援護 {target}，其當夜未成為有效刺殺的目標"]))
        for target, stabs in valid.items():
            killers = [s.actor for s in stabs]
            self.harms.append(Harm(target, Level.KILL, "刺殺", killers,
                                   why=[f"{'、'.join(killers)} 的刺殺對 {target} 有效"]))

    def _stab_relation(self, killer: str, target: str) -> str | None:
        """「同國」 or 「同盟」 when the killer and the target are of one side, else None."""
        kc, tc = self.game.country_of(killer), self.game.country_of(target)
        if kc == tc:
            return "同國"
        return "同盟" if self.state.allied(kc, tc, self.index) else None

    def apply_harms(self) -> None:
        """Every harm of the attack stage, at one moment (the night's deaths are simultaneous).

        Harms are applied one by one (a second wound kills: R6), a player's lesser harms before his
        lethal ones, equal ones by cause and source (``_harm_order``), so that what a harm sets off
        does not depend on the order the harms arose in;
        a death is recorded and passes the player by later harms of the moment
        (``deaths.simultaneous``), and its consequences run once every harm is in. The judge's ruled
        harms (``rulings.harms``) belong to the same moment.
        """
        with self.game.simultaneous(self):
            done = 0
            while done < len(self.harms):
                batch, done = self.harms[done:], len(self.harms)
                if len(batch) > 1:  # (one harm, the usual case, needs no order: its key is pure)
                    batch.sort(key=self._harm_order)
                for harm in batch:
                    self.apply_harm(harm)
            if self.rulings:
                rulings.harms(self, self.rulings)  # with the night's harms: the deaths are simultaneous
            if self.rerun is not None and self.state.player(self.rerun.by).alive:
                # Her death stands though the night is resolved again without the named player's actions.
                self.note(f"{self.rerun.by} 已於此夜死亡（重新結算不改變此事）")
                self.game.kill(self, self.rerun.by, self.rerun.cause, list(self.rerun.sources))
        while self.after_harms:
            self.after_harms.pop(0)(self)

    def _harm_order(self, harm: Harm) -> tuple[bool, int, str, tuple[str, ...]]:
        """Lesser harms before lethal ones; among equal ones, by cause and by the characters behind
        them (never by seat or submission: two wounds at one moment kill, and the death's cause and
        兇手 are the second's, the same whatever the seats)."""
        players = self.state.players
        return (harm.removal, harm.level, harm.cause,
                tuple(sorted(players[s].character for s in harm.sources if s in players)))

    def is_fatal(self, harm: Harm) -> bool:
        """致命一擊: would this harm kill its target now?"""
        return harm.fatal(self.state.player(harm.target).injured)

    def apply_harm(self, harm: Harm) -> None:
        """One harm: modify (減輕/加深) → prevent (immunity) → apply. Skills may call it late (憤勇)."""
        player = self.state.player(harm.target)
        if not player.alive or self.game.dying(self, harm.target):
            return  # out, or already dying at this moment: one death however many blows
        spared = None if harm.forced else effects.protected_from(self, harm.target)
        if spared:
            self.note(f"{harm.target} 受到的{harm.cause}被防止：{spared}")
            return
        if not harm.removal and not harm.forced:
            for modify in self.harm_modifiers:
                modify(self, harm)
            for read in self.harm_readers:
                read(self, harm)
            reason = first_reason(self.harm_preventions, self, harm)
            if reason and harm.level is not Level.NONE and not harm.removal:  # a modifier may make it 退出歷史舞台 (巧設反間)
                self.note(f"{harm.target} 受到的{harm.cause}被防止：{reason}")
                return
        if harm.level is Level.NONE:
            self.note(f"{harm.target} 受到的{harm.cause}已減輕至無")
            return
        why = "；".join(harm.why)
        if harm.lethal:
            self.note(f"{harm.target} 受到致命一擊（{harm.cause}）：{why}")
            self.game.kill(self, harm.target, harm.cause, harm.sources, removal=harm.removal, forced=harm.forced)
        elif player.injured:
            self.note(f"{harm.target} 在受傷狀態下再次受傷而死亡（{harm.cause}）：{why}")
            self.game.kill(self, harm.target, harm.cause, harm.sources, forced=harm.forced)
        else:
            effects.wound(self, harm.target, f"（{harm.cause}）：{why}")
            for listen in list(self.wound_listeners):
                listen(self, harm)

    def propose_alliance(self, a: str, b: str, by: str, phases: int = alliances.TWO_DAYS_TWO_NIGHTS) -> None:
        """「某某聯盟達成（或延期）兩日兩夜」: settled once the night's skills have run."""
        self.alliance_proposals.append(alliances.Proposal(alliances.pair(a, b), by, phases))

    def after_after(self) -> None:
        """亂花's bindings, then the night's alliances; each skipped when nothing of its kind was made
        tonight (no binding, no proposal: neither changes anything or says a word)."""
        if self.binds:
            self.settle_binds()
        if not self.alliance_proposals:
            return
        rules = self.alliance_length_rules
        _, notes = alliances.settle(self.state, self.alliance_proposals, self.index,
                                    (lambda pair: sum(rule(self, pair) for rule in rules)) if rules else None)
        self.trace += notes

    def settle_binds(self) -> None:
        """亂花's two fallbacks: B died that night, or A bound to different Bs."""
        by_voter: dict[str, list[tuple[str, str]]] = {}
        for a, b, lady in self.binds:
            by_voter.setdefault(a, []).append((b, lady))
        for a, entries in by_voter.items():
            if not self.state.player(a).alive:
                continue
            bs = list(dict.fromkeys(b for b, _ in entries))
            if len(bs) > 1:
                self.state.vote_binds[a] = a
                self.note(f"{a} 成為多個亂花的目標且指定了不同的B（{'、'.join(bs)}）：次日改為自投")
            elif not self.state.player(bs[0]).alive:
                self.state.vote_binds[a] = a
                self.note(f"{a} 的亂花目標 {bs[0]} 於當夜死亡：次日改為自投")
            else:
                self.state.vote_binds[a] = bs[0]
                self.note(f"{a} 次日的投票強制改為 {bs[0]}（{'、'.join(lady for _, lady in entries)} 亂花）")


_STAGE_STEPS = stage_steps(Night, NIGHT_STAGES[1:])
"""The stages after the checks, each with the name of the method that ends it (``after_<stage>``), or
None where ``Night`` has none: read once here rather than looked up (and missed) every night. (A
subclass that overrides a step is still heard: ``run_stages`` calls it by name.)"""
