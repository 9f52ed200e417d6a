"""Declared skills resolved in a 24人-family night, in seed 001's order (issue 31, item 4).

「结算前生效……结算时优先结算没有成为结算前技能目标的角色的技能，若没有，则进行拼点，决定一个优先结算的角色，然后剔除
已结算的角色和技能继续结算……以此循环。……所有结算前生效的技能结算发动及效果完毕后，才进行结算时生效技能的结算。」
「结算时分三个阶段，第一阶段先结算每个技能是否发动成功，是否被改变目标，是否有效。第二阶段根据每个角色受到的技能效果进行
被动技能结算和结果判定。……第三个阶段重新结算每个技能是否被抵御及技能的后续效果。」

:class:`Resolver` is the night's one place for declared skills; the night (:class:`~tianting.rules.sg24.night.Night`)
calls it at each stage:

- :meth:`Resolver.before`: every declared use of the timing classes before 结算时 (立刻生效, 预结算前生效, 全局技能,
  结算前生效), the 结算前 ones in the seed's loop;
- :meth:`Resolver.settle_first`: the 结算时 uses that make actions fail (第一阶段: whether each use is valid), before the
  general actions resolve;
- :meth:`Resolver.settle`: the other 结算时 uses and the passives 指认 sets off: their harms join the night's
  (第二阶段 sums them with the defence order), their defences stand in it;
- :meth:`Resolver.after`: heals (「优先治愈受伤」: after the harms), ids removed, the 结算后生效 uses, limited passives
  spent.

A use whose skill has no declaration (or a bespoke code the rule set has not registered) is the judge's, as before.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tianting.core import effects, pack_edition
from tianting.core.records import Action, Feedback
from tianting.effects import limits
from tianting.effects import skills as skill_changes
from tianting.engine.harm import Defence, Harm, Level
from tianting.rules.sg24 import texts
from tianting.rules.sg24.declared import echoes, isolation, revival, seen
from tianting.rules.sg24.declared.bespoke import REGISTRY, Code, passive_holders, unhealable
from tianting.rules.sg24.declared.learned import BORROW, grant_all, held, held_skills
from tianting.rules.sg24.declared.odds import Halving, halved, players, selects, stored
from tianting.rules.sg24.declared.schema import (
    COUNTRY_NAMES,
    RECOGNITION,
    STAB,
    Bespoke,
    Condition,
    Declared,
    Verb,
)
from tianting.rules.sg24.outcomes import DONE, FAILED, VOID
from tianting.rules.sg24.pack import UNALIGNED, SkillData

if TYPE_CHECKING:
    from tianting.rules.sg24.night import Night

SELF_HARMS = ("wound", "kill", "stab", "exit")
"""A chance part that harms its own owner goes his way when it does not happen (:meth:`Resolver._chance`)."""
EARLY = ("立刻生效", "即时生效", "预结算前生效", "全局技能")
BEFORE = "结算前生效"
AFTER = "结算后生效"
NEGATIVE = "军师负面技能"
HARMLESS_NEGATIVE = "不造成伤害的军师负面技能"
"""What a defence stops that meets only the 军师负面 uses that harm nobody (王平【忠勇严整】)."""
FACT_WORDS = {"identity": "身份", "character": "角色", "country": "国籍", "evaluations": "评价"}


@dataclass
class DeclaredUse:
    """One use of a declared skill tonight: the action, its skill's data and declaration."""

    action: Action
    skill: SkillData
    declared: Declared
    timing: str | None

    @property
    def actor(self) -> str:
        return self.action.actor

    @property
    def target(self) -> str | None:
        return self.action.targets[0] if self.action.targets else None


@dataclass
class Resolver:
    """The declared skills of one night (see the module's text)."""

    night: Night
    uses: list[DeclaredUse] = field(default_factory=list)
    defences: list[Defence] = field(default_factory=list)
    """The declared defences in play tonight (actives' and passives'), the judge's beside them."""
    passive_defences: dict[int, tuple[str, str]] = field(default_factory=dict)
    """id of a passive's defence → (owner, skill): spent when it stops something, if the skill is once a game."""
    heals: list[tuple[str, str, str, str, bool]] = field(default_factory=list)
    """(id, why, owner, skill, unless harmed): the heals that wait for the night's harms."""
    bespoke: list[tuple[Action, SkillData, Code]] = field(default_factory=list)
    """The night's uses of bespoke skills (:mod:`.bespoke`), with their code."""
    immunities: list[tuple[str, tuple[str, ...], str, str]] = field(default_factory=list)
    """(id, attributes, why, effects): tonight nothing of those attributes reaches the id that ``effects`` names
    (``harms``, ``others``: the uses that harm nobody, ``all``)."""
    pierced: dict[int, Callable[[str], bool]] = field(default_factory=dict)
    """Harm id → whether it passes the immunity of that ``why`` (邓艾【长驱直入】 passes the 武将保护 ones)."""
    chance_immunities: list[tuple[str, Verb, str]] = field(default_factory=list)
    """(id, verb, why): a standing passive's immunity that meets each harm with its verb's chance, drawn per harm, or
    not the harms of the characters ``except_by`` names (「一半概率抵御……若刺杀者为关羽，该技能不触发」)."""
    halvings: list[Halving] = field(default_factory=list)
    """The night's states of half chance (:mod:`.odds`)."""
    rolled: set[int] = field(default_factory=set)
    events: list[str] = field(default_factory=list)
    """Lines the declared skills put in the night's post (「当夜公告……」)."""
    exits: list[tuple[str, str]] = field(default_factory=list)
    stripped: list[tuple[str, str]] = field(default_factory=list)
    """(id, why): the 武将保护 defences on the id that could stop a stab tonight have no effect (``strip_guards``)."""
    followups: list[Callable[[], None]] = field(default_factory=list)
    """What bespoke uses do once the night's harms are settled (:meth:`after`: whether their defence was used …)."""
    before_sum: list[Callable[[], None]] = field(default_factory=list)
    """What bespoke uses do once every use of the night has resolved, before the defences meet the harms (:meth:`spare`:
    a choice that adds a harm, 马超【威震西凉】)."""
    used_at_start: dict[str, dict[str, int]] = field(default_factory=dict)
    """Each player's used-up counts as the night began (what 「视为没有消耗」 restores)."""
    pending_harms: list[Harm] = field(default_factory=list)
    """Harms a use made before the general actions (結算时's first stage), joined to the night's in :meth:`settle`."""
    done: set[int] = field(default_factory=set)
    stage: str = ""
    """The stage being resolved (``early``, ``before``, ``settle``, ``after``)."""
    counters: dict[int, tuple[str, str]] = field(default_factory=dict)
    """id of a defence that wounds the source of the harm it stops (``defend``'s ``counter``) → (owner, skill)."""
    stabbing: Harm | None = None
    """The stab a ``stabbed`` trigger is answering (its ``stab_void`` verb acts on it)."""
    fired: set[tuple[str, str]] = field(default_factory=set)
    """(owner, skill) of the once-a-game ``stabbed`` passives set off tonight."""
    early_recognised: set[tuple[str, str, str]] = field(default_factory=set)
    """The 指认 whose 全局 passives were judged first (「凡是涉及全局的指认，优先判定是否触发」): not again at 结算时."""
    lessened: dict[str, int] = field(default_factory=dict)
    """id → steps its summed harm tonight is lessened by (``lessen``: 「伤害减轻」)."""
    deepened: dict[str, int] = field(default_factory=dict)
    """id → steps its summed harm tonight is deepened by (bespoke code: 陈琳【檄文讨逆】's 「受伤时……直接死亡」)."""
    groups: list[GroupDefence] = field(default_factory=list)
    """Defences for whichever of a group is hit hardest (``defend``'s ``among``), placed when the harms are known."""
    counter_rules: dict[int, Mapping[str, Any]] = field(default_factory=dict)
    """id of a ``counter`` defence → its ``counter_on`` / ``counter_chance`` (a counter only on those harms, by chance)."""
    borrowed: dict[int, tuple[str, SkillData]] = field(default_factory=dict)
    """id of a use that borrows another character's skill tonight (:data:`.learned.BORROW`) → (that character, the
    skill): it resolves as that skill, with its attribute."""
    enabled: bool = True
    """False in a game of before (:mod:`tianting.core.pack_edition`): nothing declared takes part, not even passives."""

    # ---- reading the night's uses ---------------------------------------------------------------------------
    @classmethod
    def of(cls, night: Night, live: Sequence[Action]) -> Resolver:
        from tianting.rules.sg24.game import GENERAL_ACTIONS, _norm

        resolver = cls(night, enabled=not pack_edition.first(night.state))
        if not resolver.enabled:
            return resolver  # a game created before packs had effects: every skill the judge's
        game = night.game
        for a in live:
            if _norm(a.skill) in GENERAL_ACTIONS:
                continue
            character, data = held(game, night.state.player(a.actor), a.skill)  # learned ones too (learned.py)
            if data is not None and data.name in BORROW:  # 蒋钦's: the use resolves as the skill it borrows
                lent = BORROW[data.name](game, a, live)
                found = game.pack.skill(lent[0], lent[1]) if isinstance(lent, tuple) else None
                if found is not None and isinstance(lent, tuple):
                    resolver.borrowed[id(a)] = (lent[0], found)
                    character, data = lent[0], found
            if data is not None and isinstance(data.effect, Declared):
                resolver.uses.append(DeclaredUse(a, data, data.effect, game.pack.timing(character, data)))
            elif data is not None and isinstance(data.effect, Bespoke) and data.effect.code in REGISTRY:
                resolver.bespoke.append((a, data, REGISTRY[data.effect.code]))
        grant_all(game, night.phase)  # skills a state of the game gives (learned.GRANTS: 汉少帝's 赞拜不名 …)
        resolver._standing_defences()
        revival.ghost_standing(resolver)  # 【魂兮归来】: nothing reaches the one back tonight
        resolver.used_at_start = {p.id: dict(p.used) for p in night.state.living()}
        resolver.halvings += stored(night.state.extra, night.state.index)
        resolver.halvings += standing(night.state)
        from tianting.rules.sg24.declared.bespoke import NIGHT_STARTS

        for step in NIGHT_STARTS:  # what an earlier night left to go off as this one begins (bespoke.at_night_start)
            step(resolver)
        return resolver

    def handles(self, action: Action) -> bool:
        """Whether the engine resolves ``action`` (a use of a declared or bespoke skill), not the judge."""
        return any(u.action is action for u in self.uses) or any(a is action for a, _, _ in self.bespoke)

    def _bespoke(self, stage: str) -> None:
        """The bespoke uses of ``stage`` (:mod:`.bespoke`), each once, in the night's order."""
        for a, data, code in self.bespoke:
            if code.stage != stage:
                continue
            if self.night.phase.outcomes.state(a) in (VOID, FAILED) or a not in self.night.live:
                if code.lapsed is not None:
                    code.lapsed(self, a, data)
                continue
            if code.once or code.uses is not None:  # once a game unless its text gives a count (R53)
                limits.consume(self.night.phase, a.actor, data.name)
            moved = self.night.phase.redirects.get(id(a)) if a.targets else None
            if moved is None:
                code.resolve(self, a, data)
                continue
            # its every target changed (袁术【割据淮南】): resolved on a copy aimed there, its outcome the use's
            copy = replace(a, targets=(moved,) * len(a.targets))
            self.night.live[self.night.live.index(a)] = copy
            code.resolve(self, copy, data)
            self.night.phase.outcomes.copy(copy, a)
            if copy in self.night.live:
                self.night.live[self.night.live.index(copy)] = a

    def _passives(self, pid: str, trigger: str) -> list[tuple[SkillData, Declared]]:
        """``pid``'s passives of ``trigger`` that are in play (held, not spent, from their night on)."""
        game, player = self.night.game, self.night.state.player(pid)
        out = []
        for data in held_skills(game, player):  # his character's, and those he holds of another (learned.py)
            d = data.effect
            if (isinstance(d, Declared) and d.trigger == trigger and data.name in player.skills
                    and game.number >= d.from_night and not (d.limit == "once" and player.used.get(data.name))):
                out.append((data, d))
        return out

    def _standing_defences(self) -> None:
        """Passives of ``guard``: their defences and immunities stand on their owner every night they are in play."""
        for p in sorted(self.night.state.living(), key=lambda p: p.id):
            for data, d in self._passives(p.id, "guard"):
                for verb in d.does:
                    if verb.name == "immune" and (verb.chance is not None or verb.args.get("except_by")):
                        self.chance_immunities.append((p.id, verb, f"{p.id}【{data.name}】"))
                    elif verb.name == "immune":
                        self.immunities.append((p.id, verb.args["against"], f"{p.id}【{data.name}】",
                                                verb.args["effects"]))
                    if verb.name == "defend" and verb.args.get("among"):
                        self.groups.append(GroupDefence(p.id, False, data.name, verb.args))
                        continue
                    if verb.name != "defend":
                        continue
                    # ``on``: the defence stands on each player it names (「当魏国军师受到…时，为其抵御」), else on the owner
                    guarded = sorted(players(self.night.state, verb.args["on"], p.id, p.id) or ()) \
                        if "on" in verb.args else [p.id]
                    for pid in guarded:
                        for _ in range(verb.args["times"]):
                            defence = Defence(pid, p.id, False, data.name, verb.args["against"],
                                              verb.args.get("stab_chance"))
                            self.defences.append(defence)
                            self.passive_defences[id(defence)] = (p.id, data.name)
                            if verb.args.get("counter"):
                                self.counters[id(defence)] = (p.id, data.name)
                                self.counter_rules[id(defence)] = verb.args

    # ---- the stages ------------------------------------------------------------------------------------------
    def before(self) -> None:
        """Uses of the timing classes before 结算时, then the 结算前 ones in the seed's loop."""
        self.stage = "early"
        for use in self._of_timing(EARLY):
            self._apply(use)
        if self.enabled:
            from tianting.rules.sg24.declared.bespoke import NIGHT_STATES

            for hook in NIGHT_STATES:  # lasting states of bespoke code (a trap of 【武侯八阵】)
                hook(self)
            self._bespoke("early")
            self._global_recognitions()
            for owner, data, code in passive_holders(self, "early"):
                assert code.early is not None
                code.early(self, owner, data)
        self.roll()
        self.stage = "before"
        waiting = self._of_timing((BEFORE,))
        while waiting:
            free = self.night.next_interfering(waiting)
            # a state of half chance among them stands first and is drawn for at once: the uses it covers are
            # 「被干扰」, those that make it are not (seed 003: 「先结算没有被干扰……的技能效果」); then the protective ones
            for use in sorted(guards_first(free), key=lambda u: not halves(u.declared)):
                self._apply(use)
                if halves(use.declared):
                    self.roll()
            waiting = [u for u in waiting if u not in free]
        if self.enabled:
            self._bespoke("before")  # the bespoke 结算前 uses, once the declared ones have stood
        self.roll()

    def roll(self) -> None:
        """Each live action a state of half chance covers, not drawn for yet, draws once (R-SG31-9); one that loses
        fails before it resolves. A global is not halved (「全局技能……优先进行结算处理」), nor a use that made the state."""
        if not self.halvings:
            return
        night = self.night
        for a in list(night.live):
            if id(a) in self.rolled or any(h.source == f"{a.actor}【{a.skill}】" for h in self.halvings):
                continue
            if any(u.action is a and id(u) in self.done for u in self.uses):
                continue  # resolved already (an earlier 结算前 use): a later state does not undo it
            attribute = self._attribute(a)
            if attribute == "全局技能" or not self._halving(a, attribute):
                continue
            if isolation.screened(self, a, halved(self.halvings, a, attribute)):  # 荀攸【经达权变】 (R-weimisc-11)
                continue
            self.rolled.add(id(a))
            sure = next((h for h in halved(self.halvings, a, attribute) if h.sure), None)
            if sure is not None:
                night.live.remove(a)
                night.phase.outcomes.settle(a, FAILED, f"{sure.source}令其发动失败")
                night.phase.note(f"{a.actor} 的【{a.skill}】发动失败：{sure.source}")
                continue
            if not self._chance(f"成功率减半 {a.actor}【{a.skill}】", a.actor, on=aimed_at(a), helps=self._helps(a)):
                night.live.remove(a)
                night.phase.outcomes.settle(a, FAILED, "成功率减半，未能发动")
                night.phase.note(f"{a.actor} 的【{a.skill}】发动失败：成功率减半")

    def _halving(self, a: Action, attribute: str) -> bool:
        """Whether a state of half chance covers ``a``: one of ``harmless`` only a declared use that harms nobody (a
        use the judge rules is his to weigh: he is told)."""
        rules = halved(self.halvings, a, attribute)
        if any(not h.harmless for h in rules):
            return True
        if not rules:
            return False
        use = next((u for u in self.uses if u.action is a), None)
        if use is None:
            line = f"{a.actor} 的【{a.skill}】若不造成伤害，其成功率减半（{rules[0].source}），由天庭裁定"
            if line not in self.night.warnings:
                self.night.warnings.append(line)
            return False
        return not harms_others(use.declared)

    def _attribute(self, a: Action) -> str:
        """The attribute a state of half chance reads: 刺杀 and 指认 for the general actions, else the skill's."""
        from tianting.rules.sg24.game import RECOGNISE, _norm

        skill = _norm(a.skill)
        if skill == _norm(STAB):
            return STAB
        if skill == RECOGNISE:
            return "指认"
        character, data = self.borrowed.get(id(a)) or held(self.night.game, self.night.state.player(a.actor), a.skill)
        if data is None:
            return ""
        return "全局技能" if self.night.game.pack.is_global(character, data) else (data.attribute or "")

    def settle_first(self) -> None:
        """第一阶段: the 结算时 uses that make actions fail, before the general actions."""
        self.stage = "settle"
        for use in self._of_timing((None, "结算时生效")):
            if any(v.name in ("void", "mislead") for v in use.declared.does):  # before the 指认 are answered
                self._apply(use)
        if self.enabled:
            self._bespoke("settle_first")
            self._no_stabs()
            self._unnamed()

    def _unnamed(self) -> None:
        """The 指认 and 招揽 aimed at a player an immunity of 指认 covers fail before they are answered (R-dlqun2-14)."""
        from tianting.rules.sg24.game import RECOGNISE, RECRUIT, _norm

        night = self.night
        for a in [a for a in night.live if _norm(a.skill) in (RECOGNISE, RECRUIT) and a.targets]:
            why = next((w for pid, against, w, kept in self.immunities if pid == a.targets[0]
                        and RECOGNITION in against and kept in ("all", "others")), None)
            if why is not None:
                night.live.remove(a)
                night.phase.note(f"{a.actor} 对 {a.targets[0]} 的{a.skill}无效：{why}")
                night.phase.outcomes.settle(a, VOID, f"{a.targets[0]} 不受其作用（{why}）")

    def settle(self) -> None:
        """The passives the night's 指认 set off, then the other 结算时 uses (R-SG31-10: a passive that makes the one
        named fail tonight — 「令其当夜行动失效」 — stops his uses before their effects stand)."""
        if not self.enabled:
            return
        for actor, target, named in self.night.phase.recognitions:
            if not self.night.state.player(actor).alive or (actor, target, named) in self.early_recognised:
                continue
            for data, d in self._passives(actor, "recognised"):
                if named in d.of:
                    self._trigger(actor, target, data, d)
        self.night.harms += self.pending_harms
        self.roll()  # a state of half chance a 指认 set off covers the 结算时 uses still to resolve
        for use in guards_first(self._of_timing((None, "结算时生效"))):
            self._apply(use)
        self._bespoke("settle")
        from tianting.rules.sg24.declared.bespoke import SETTLE_STATES

        for hook in SETTLE_STATES:  # lasting states of bespoke code read once the 指认 are answered (【政治联姻】)
            hook(self)
        self._stab_triggers()

    def _global_recognitions(self) -> None:
        """The 8.1 list's 释疑: 「凡是涉及全局的指认，优先判定是否触发」 — a 全局 passive set off by its owner's 指认 is
        judged before anything else resolves (its state then covers the night's actions)."""
        from tianting.rules.sg24.game import RECOGNISE, _norm

        night, game = self.night, self.night.game
        for a in list(night.live):
            if _norm(a.skill) != RECOGNISE or "character" not in a.args or not a.targets:
                continue
            owner, target = a.actor, a.targets[0]
            named = game.pack.get(a.args["character"])
            if named is None or night.state.player(target).character != named.name:
                continue
            if (owner, target, named.name) in self.early_recognised:
                continue  # judged already, or kept from the globals (a 指认 a chain made tonight spreads: 连环妙计)
            character = night.state.player(owner).character
            for data, d in self._passives(owner, "recognised"):
                if named.name in d.of and game.pack.is_global(character, data):
                    self.early_recognised.add((owner, target, named.name))
                    self._trigger(owner, target, data, d)

    def _stab_triggers(self) -> None:
        """Passives of ``stabbed``: each stab of the night that still stands (killers' and skills'), in the night's
        order (by target, then stabber), sets off every passive in play whose ``by`` and ``on`` it meets."""
        night, state = self.night, self.night.state
        stabs = sorted((h for h in night.harms if h.cause == STAB and not h.forced and h.by in state.players),
                       key=lambda h: (h.target, h.by))
        owners = sorted(state.living(), key=lambda p: p.id)
        for h in stabs:
            for p in owners:
                for data, d in self._passives(p.id, "stabbed"):
                    if not any(x is h for x in night.harms) or not state.player(h.target).alive:
                        continue  # voided by a passive before (the harm's identity: two stabs may look alike)
                    if d.limit == "once" and (p.id, data.name) in self.fired:
                        continue  # 「可抵御一次」: one defence a night, however many stabs
                    if d.limit == "once":
                        self.fired.add((p.id, data.name))
                    stabber, victim = state.player(h.by), state.player(h.target)
                    if (d.by is None or selects(state, d.by, stabber, p.id, h.by, h.target)) and \
                            (d.on is None or selects(state, d.on, victim, p.id, h.by, h.target)):
                        self.stabbing = h
                        self._trigger(p.id, h.by, data, d)
                        self.stabbing = None

    def _no_stabs(self) -> None:
        """「该刺杀者下一夜将不能出刀」: the stabs of the ids an earlier night barred fail before they resolve."""
        from tianting.rules.sg24.game import _norm

        night = self.night
        barred = set(night.state.extra.get("no_stab", {}).pop(str(night.state.index), []))
        for a in [a for a in night.live if a.actor in barred and _norm(a.skill) == STAB]:
            night.live.remove(a)
            night.phase.outcomes.settle(a, FAILED, "当夜不能出刀")
            night.phase.note(f"{a.actor} 的刺杀失败：当夜不能出刀")

    def counter_wounds(self) -> None:
        """Each defence of a ``counter`` that stopped a harm wounds that harm's source (「抵御……并使对方负伤」), after
        the night's harms (第三阶段: 「技能的后续效果」), met by the defences left."""
        night, state = self.night, self.night.state
        wounds = []
        for defence, h in night.phase.defended:
            owner_skill = self.counters.get(id(defence))
            if owner_skill is None or h.by not in state.players or not state.player(h.by).alive:
                continue
            owner, skill = owner_skill
            rule = self.counter_rules.get(id(defence), {})
            if rule.get("counter_on") and (h.attribute or h.cause) not in rule["counter_on"]:
                continue
            if rule.get("counter_chance") is not None and not self._chance(
                    f"【{skill}】令来源受伤 {owner}→{h.by}", owner, rule["counter_chance"]):
                night.phase.note(f"{owner}【{skill}】抵御成功，令来源 {h.by} 受伤：概率未中")
                continue
            data = night.game.pack.skill(state.player(owner).character, skill)
            night.phase.note(f"{owner}【{skill}】抵御成功，令伤害来源 {h.by} 受伤")
            wounds.append(Harm(h.by, Level.WOUND, skill, [owner], by=owner, attribute=(data.attribute if data else "")
                               or ""))
        if wounds:
            used = {id(d) for d in night.phase.used_defences}
            left = [d for d in (*night.defences, *self.defences) if id(d) not in used]
            night.game._apply_harms(night.phase, wounds, left, night.book)

    def after(self) -> None:
        """The passives of a death by stab, heals and removals (after the harms), then the 结算后生效 uses."""
        night = self.night
        self.stage = "after"
        if self.enabled:
            self.counter_wounds()
        self._stab_deaths()
        for pid, why, owner, skill, unless_harmed in self.heals:
            if self._unhealable(pid, why):
                continue
            if unless_harmed and self._harmed(pid):
                self._heal_failed(pid, owner, skill)
            elif effects.heal(night.phase, pid, f"脱离受伤：{why}"):
                night.game.healed(pid)
        later = night.state.extra.get("exits_at_settle", {}).pop(str(night.state.index), []) if self.enabled else []
        for pid, why in [*self.exits, *later]:  # 「次夜结算时脱离游戏」 as tonight's
            if night.state.player(pid).alive:
                night.game.remove(night.phase, pid, why)
        for use in self._of_timing((AFTER,)):
            self._apply(use)
        for followup in self.followups:
            followup()
        if self.enabled:
            revival.back(self)  # the ids whose time away (【麻沸散】) ends tonight
            revival.ghosts_leave(self)  # 【魂兮归来】's one night is over

    def lessening(self) -> dict[str, int]:
        """Just before the harms are summed: the uses that lessen them (「对整个当夜最后结果进行总结算」, a 结算后 one
        too: it works on the sum, so it is resolved now), then each id's steps of 减轻."""
        for use in [u for u in self.uses if id(u) not in self.done and any(v.name == "lessen" for v in u.declared.does)]:
            self._apply(use)
        return self.lessened

    def spare(self) -> None:
        """Before the harms are summed: the passives that answer an attack (:attr:`Code.before_harms`), the defences
        ``strip_guards`` takes away, each group's defence placed on the one it protects (:meth:`place_groups`), then
        each harm an immunity covers is stopped (the stab 「视为发动成功但无效」)."""
        if self.enabled:
            from tianting.rules.sg24.declared.codes.hanxiandi import sword_stabs

            sword_stabs(self)  # 汉献帝【尚方宝剑】's stabs tonight
            echoes.triple(self)  # 「三倍的效果」 marked for tonight (黄月英【诸葛连弩】)
            for owner, data, code in passive_holders(self):
                assert code.before_harms is not None
                code.before_harms(self, owner, data)
            for step in self.before_sum:
                step()
            self._spared_tonight()
        self._strip()
        self.place_groups()
        if not self.immunities and not self.chance_immunities:
            return
        night = self.night
        kept = []
        for h in night.harms:
            why = next((w for pid, against, w, reach in self.immunities if pid == h.target and reach != "others"
                        and not h.forced and (h.attribute or h.cause) in against
                        and not (id(h) in self.pierced and self.pierced[id(h)](w))), None)
            if why is None and not h.forced:
                why = self._chance_spared(h)
            if why is None:
                kept.append(h)
                continue
            night.phase.stopped[id(h)] = f"{h.target} 不受其作用（{why}）"
            night.phase.note(f"{h.by} 的{h.cause}对 {h.target} 无效：{why}")
        night.harms[:] = kept

    def _strip(self) -> None:
        """「被刺杀者引发的一切武将保护技能作用无效，且视为被消耗」: each declared defence on a stripped id that could stop a
        stab, of a 武将保护 skill, is taken out of play and its skill spent (R-dlqun2-19)."""
        night = self.night
        for pid, why in self.stripped:
            for defence in [d for d in self.defences if d.target == pid and STAB in d.against]:
                data = night.game.pack.skill(night.state.player(defence.owner).character, defence.name)
                if data is None or data.attribute != "武将保护技能":
                    continue
                self.defences.remove(defence)
                night.phase.note(f"{defence.owner}【{defence.name}】对 {pid} 的抵御无效并消耗：{why}")
                limits.consume_once(night.phase, defence.owner, defence.name, f"你的【{defence.name}】已被消耗")

    def _harmed(self, pid: str) -> bool:
        """Whether a harm reached ``pid`` tonight (one no defence or immunity stopped, the judge's too)."""
        night = self.night
        return any(h.target == pid and id(h) not in night.phase.stopped for h in night.harms + night.ruled.harms)

    def _heal_failed(self, pid: str, owner: str, skill: str) -> None:
        """「若当夜该ID受到其他伤害，则此技能发动失败，不可再用」: no heal, the use failed, the skill spent."""
        night = self.night
        night.phase.note(f"{owner}【{skill}】发动失败：{pid} 当夜受到其他伤害，技能消耗")
        limits.consume(night.phase, owner, skill, f"你的【{skill}】发动失败，已经消耗")
        use = next((u for u in self.uses if u.actor == owner and u.skill.name == skill), None)
        if use is not None:
            night.phase.outcomes.settle(use.action, FAILED, f"{pid} 当夜受到其他伤害")

    def _stab_deaths(self) -> None:
        """「当…被刺杀而死时触发，令刺杀者结算时同时死亡」: each character with a ``stabbed_dead`` passive that died of
        tonight's harms, a stab among those that reached it, takes with it every stabber whose stab on it was not
        stopped, at once (a death, not a harm: nothing defends it; R-dlqun2-13)."""
        if not self.enabled:
            return
        night, game = self.night, self.night.game
        for death in sorted(list(night.phase.deaths), key=lambda d: d.id):
            character = game.pack.characters.get(death.character)
            if character is None or death.id in night.phase.natural:
                continue
            for data in character.skills:
                d = data.effect
                if not (isinstance(d, Declared) and d.trigger == "stabbed_dead"):
                    continue
                stabbers = sorted({h.by for h in night.harms if h.target == death.id and h.cause == STAB and h.by
                                   and id(h) not in night.phase.stopped})
                for pid in stabbers:
                    # a stabber whose character died tonight already is not killed again (his successor plays on)
                    if pid != death.id and night.state.player(pid).alive and pid not in night.phase.died:
                        night.phase.note(f"{death.id}（{death.character}）的【{data.name}】触发：刺杀者 {pid} 同时死亡")
                        game.kill(night.phase, pid, f"【{data.name}】", night.book)

    def _chance_spared(self, h: Harm) -> str | None:
        """A standing immunity with a chance (or exceptions) that meets ``h``: why it spares it, drawn now (None: not)."""
        state = self.night.state
        for pid, verb, why in self.chance_immunities:
            if pid != h.target or (h.attribute or h.cause) not in verb.args["against"]:
                continue
            if h.by and state.player(h.by).character in verb.args.get("except_by", ()):
                continue
            if verb.chance is None or state.rng.chance(f"{why} {h.by}的{h.cause}→{pid}", verb.chance):
                return why
            self.night.phase.note(f"{why}对 {h.by} 的{h.cause}未触发：概率未中")
        return None

    def place_groups(self) -> None:
        """「自己或认识的本国角色遭到武将杀伤技能作用，则为其抵御一次伤害最大的攻击」: each group defence (by owner, then
        skill) goes to the member hit by the heaviest harm it covers (the judge's included, but not one he ruled beyond
        any defence: ``forced``); members hit equally
        hard are drawn between (the 8.1 list's 释疑 of 【百骑劫营】: 「由使用者提交数字随机保护其中一个」, R-dlwu-9). A
        group nobody in it is hit leaves no defence (a once-a-game passive is not spent)."""
        night, state = self.night, self.night.state
        harms = [h for h in (*night.harms, *night.ruled.harms) if id(h) not in night.phase.stopped and not h.forced]
        for g in sorted(self.groups, key=lambda g: (g.owner, g.name)):
            if not state.player(g.owner).alive:
                continue
            members = group_members(state, g.owner, g.args["among"])
            probe = Defence(g.owner, g.owner, g.active, g.name, g.args["against"])
            hit = [h for h in harms if h.target in members and probe.covers(h)]
            if not hit:
                continue
            top = max(h.level for h in hit)
            tied = sorted({h.target for h in hit if h.level == top})
            chosen = tied[0] if len(tied) == 1 else state.rng.pick(f"{g.owner}【{g.name}】保护", tied)
            night.phase.note(f"{g.owner}【{g.name}】为 {chosen} 抵御伤害最大的攻击")
            for _ in range(g.args["times"]):
                defence = Defence(chosen, g.owner, g.active, g.name, g.args["against"])
                self.defences.append(defence)
                if not g.active:
                    self.passive_defences[id(defence)] = (g.owner, g.name)
                if g.args.get("counter"):
                    self.counters[id(defence)] = (g.owner, g.name)
                    self.counter_rules[id(defence)] = g.args

    def _unhealable(self, pid: str, why: str) -> bool:
        """``pid``'s wound is one no skill heals (a marked wound, :func:`.bespoke.unhealable`): noted, and True."""
        marked = unhealable(self.night.state, pid)
        if marked is not None and self.night.state.player(pid).injured:
            self.night.phase.note(f"{why}未能治愈 {pid}：【{marked}】之伤不可痊愈")
            return True
        return False

    def _spared_tonight(self) -> None:
        """What an earlier night left for this one (``spared`` in the state, by night): each 武将杀伤 harm of the
        character named on the id named 「视为发动成功但无效」."""
        night = self.night
        for dealer, character, target, why in night.state.extra.get("spared", {}).pop(str(night.state.index), []):
            if night.state.player(dealer).character != character:
                continue
            for h in [h for h in night.harms if h.by == dealer and h.target == target and not h.forced
                      and h.attribute == "武将杀伤技能"]:
                night.harms.remove(h)
                night.phase.stopped[id(h)] = f"{target} 不受其作用（{why}）"
                night.phase.note(f"{dealer} 的{h.cause}对 {target} 发动成功但无效：{why}")

    def spare_next_night(self, dealer: str, target: str, why: str) -> None:
        """The next night, ``dealer``'s 武将杀伤 harms on ``target`` go off but do nothing (while he plays the same
        character)."""
        state = self.night.state
        later = state.extra.setdefault("spared", {}).setdefault(str(state.index + 2), [])
        later.append([dealer, state.player(dealer).character, target, why])
        self.night.phase.note(f"下一夜 {dealer} 对 {target} 的武将杀伤技能无效（{why}）")

    def night_start(self) -> set[str]:
        """What an earlier night left for this night's start: ids that leave the game now (「下一夜开始时脱离游戏」,
        counted with tonight's dead, with last words: the 8.1 list's 釋疑 of 【料事如神】); their ids."""
        if not self.enabled:
            return set()
        night, gone = self.night, revival.night_deaths(self)  # 伤判 deaths counted tonight (【拔矢啖睛】)
        for pid, why in night.state.extra.get("exits", {}).pop(str(night.state.index), []):
            if night.state.player(pid).alive:
                night.game.remove(night.phase, pid, why)
                gone.add(pid)
        return gone

    def spend(self, used: Sequence[Defence]) -> None:
        """The limited passives whose defence stopped something tonight are spent (「只能抵御一次」)."""
        for defence in used:
            owner_skill = self.passive_defences.get(id(defence))
            if owner_skill is not None:
                owner, skill = owner_skill
                data = held(self.night.game, self.night.state.player(owner), skill)[1]
                if data is not None and isinstance(data.effect, Declared) and data.effect.limit == "once":
                    limits.consume_once(self.night.phase, owner, skill, f"你的【{skill}】已触发并消耗", note=True)

    # ---- applying one use -------------------------------------------------------------------------------------
    def _of_timing(self, timings: Sequence[str | None]) -> list[DeclaredUse]:
        return [u for u in self.uses if u.timing in timings and id(u) not in self.done]

    def _apply(self, use: DeclaredUse) -> None:
        night = self.night
        self.done.add(id(use))
        a, d = use.action, use.declared
        if night.phase.outcomes.state(a) in (VOID, FAILED) or a not in night.live:
            return  # made to fail before it resolved (「令其所有行动失败」)
        if not night.state.player(a.actor).alive:
            night.phase.outcomes.settle(a, FAILED, f"{a.actor} 已死亡")
            return
        target = night.phase.redirects.get(id(a), use.target) if use.target else a.actor  # 【割据淮南】's change
        if not night.state.player(target).alive:
            night.phase.outcomes.settle(a, FAILED, f"{target} 已退出游戏")
            return
        if d.uses is not None:  # once a game (the actives' default, R53) or so many times
            limits.consume(night.phase, a.actor, use.skill.name)
        if not self._holds(d.conditions, a.actor, target):
            night.phase.note(f"{a.actor} 的【{use.skill.name}】对 {target} 未生效：条件不满足")
            night.phase.outcomes.settle(a, FAILED, "条件不满足")
            return
        if d.chance is not None and not self._chance(f"【{use.skill.name}】{a.actor}→{target}", a.actor, d.chance,
                                                     on=target, helps=self._helps(a)):
            night.phase.note(f"{a.actor} 的【{use.skill.name}】对 {target} 未生效：概率未中")
            night.phase.outcomes.settle(a, FAILED, "概率未中")
            return
        if use.skill.attribute == NEGATIVE and target != a.actor and self._shielded(target, NEGATIVE, use):
            night.phase.outcomes.settle(a, VOID, f"被 {target} 抵御")
            return
        if (use.skill.attribute == NEGATIVE and target != a.actor and not harms_others(d)
                and self._shielded(target, HARMLESS_NEGATIVE, use)):  # 王平【忠勇严整】's shield (codes/wangping.py)
            night.phase.outcomes.settle(a, VOID, f"被 {target} 抵御")
            return
        kept_off = self._immune_to(target, use) if target != a.actor else None
        if kept_off is not None:
            night.phase.note(f"{a.actor} 的【{use.skill.name}】对 {target} 无效：{kept_off}")
            night.phase.outcomes.settle(a, VOID, f"{target} 不受其作用（{kept_off}）")
            return
        for verb in d.does:
            self._do(verb, a.actor, target, use.skill, active=True)
        night.phase.outcomes.settle(a, DONE, night.done_why(use))
        night.declared_went_off(use)

    def _trigger(self, owner: str, target: str, data: SkillData, d: Declared) -> None:
        """A passive set off (a 指认's): its conditions, chance, verbs; its owner told (「被动技能是否触发」)."""
        night = self.night
        if not self._holds(d.conditions, owner, target):
            return
        if d.chance is not None and not self._chance(f"【{data.name}】{owner}→{target}", owner, d.chance, on=target,
                                                     helps=all(v.name in HELPFUL for v in d.does)):
            night.phase.note(f"{owner} 的【{data.name}】未触发：概率未中")
            return
        if d.limit == "once" and not any(v.name == "defend" for v in d.does):  # a defence is spent when used
            limits.consume(night.phase, owner, data.name)
        night.phase.note(f"{owner} 的【{data.name}】触发（{target}）")
        night.phase.tell(owner, Feedback(data.name, texts.passive_triggered(data.name), target))
        for verb in d.does:
            self._do(verb, owner, target, data, active=False)

    def _chance(self, purpose: str, owner: str, p: Fraction = Fraction(1, 2), good: bool = True,
                on: str | None = None, helps: bool = True) -> bool:
        """A draw of ``owner``'s own 概率判定 (``good``: the outcome that goes his way), with the game's generator —
        favoured where 孙权【父兄之佑】 covers him (:mod:`.codes.sunquan`, R-dlwu-12); aimed ``on`` another whom 糜氏
        【相夫教子】 favours, it goes his way without a draw (``helps``: whether it happening is his way, R-choices-7)."""
        from tianting.rules.sg24.declared.codes.mishi import favoured
        from tianting.rules.sg24.declared.codes.sunquan import draw

        if on is not None and on != owner and favoured(self.night.state, on):
            self.night.phase.note(f"{purpose}：{on} 受【相夫教子】概率优待，{'达成' if helps else '未达成'}")
            return helps
        return draw(self.night.game, purpose, owner, p, good)

    def _helps(self, a: Action) -> bool:
        """Whether ``a`` goes its target's way (R-choices-7): a declared use whose verbs all help, or a bespoke or
        judge's use of a 增益 or 保护 attribute; anything else (a stab, a harm, a hindrance) does not."""
        use = next((u for u in self.uses if u.action is a), None)
        if use is not None:
            return all(v.name in HELPFUL for v in use.declared.does)
        return self._attribute(a) in ("军师增益技能", "武将保护技能")

    def _shielded(self, pid: str, attribute: str, use: DeclaredUse) -> bool:
        """A defence on ``pid`` against ``attribute`` stops the use (and is spent), in seed 001's order."""
        return self.shielded(pid, attribute, use.actor, use.skill.name)

    def shielded(self, pid: str, attribute: str, actor: str, skill: str) -> bool:
        """A defence on ``pid`` against ``attribute`` stops ``actor``'s use of ``skill`` (and is spent), in seed
        001's order (a bespoke skill's use too)."""
        pool = [d for d in self.defences if d.target == pid and (not d.against or attribute in d.against)]
        if not pool:
            return False
        game = self.night.game
        defence = game.defence_order.defence_to_use(self.night.state.rng, pool)
        self.defences.remove(defence)
        self.spend([defence])
        self.night.phase.note(f"{actor} 的【{skill}】对 {pid} 被抵御：{defence.owner}【{defence.name}】")
        return True

    def _immune_to(self, pid: str, use: DeclaredUse) -> str | None:
        """Why the use does not reach ``pid`` (an immunity of its attribute that keeps off all its effects, or those of
        a use that harms nobody), or None. Its harms alone are kept off in :meth:`spare`."""
        harms = any(v.name in ("wound", "kill", "stab") and v.who != "self" for v in use.declared.does)
        return next((why for who, against, why, kept in self.immunities if who == pid
                     and (use.skill.attribute or "") in against and (kept == "all" or (kept == "others" and not harms))),
                    None)

    def _holds(self, conditions: Sequence[Condition], owner: str, target: str) -> bool:
        return all(self._condition(c, owner, target) for c in conditions)

    def _condition(self, c: Condition, owner: str, target: str) -> bool:
        state, game = self.night.state, self.night.game
        p = state.player(owner if c.who == "self" else target)
        tests: dict[str, Callable[[], bool]] = {
            "has_evaluation": lambda: c.value in game.evaluations(p.id, self.night.phase),
            "lacks_evaluation": lambda: c.value not in game.evaluations(p.id, self.night.phase),
            "identity": lambda: seen.identity(state, p) in c.value,  # as seen tonight (R-weimisc-9)
            "not_identity": lambda: seen.identity(state, p) not in c.value,
            "country": lambda: seen.country(state, p) in c.value,
            "not_country": lambda: seen.country(state, p) not in c.value,
            "same_country": lambda: (seen.country(state, p) == seen.country(state, state.player(owner))) == c.value,
            "wounded": lambda: p.injured == c.value,
            "alive": lambda: in_play(state, c),
            # as the night began: a skill used tonight is not 「已经消耗」 before it (虎步关右, R-once-c1)
            "holds": lambda: c.value in p.skills and not self.used_at_start.get(p.id, p.used).get(c.value),
            "spent": lambda: bool(self.used_at_start.get(p.id, p.used).get(c.value)),
            "appeared": lambda: in_play(state, c),
            "most_living": lambda: most_living(state, p.country) == c.value,
            "used_before": lambda: in_play(state, c),
            "other": lambda: target != owner,
            "unaligned": lambda: any(q.character == c.value and q.country == UNALIGNED for q in state.living()),
            "absent": lambda: not any(q.character == c.value for q in state.living()),
            "aimed": lambda: self._aimed(p.id, owner) == c.value,
        }
        return tests[c.test]()

    def _aimed(self, pid: str, owner: str) -> bool:
        """Whether a use of another player's active skill names ``pid`` tonight and was not made to fail by a skill
        before it resolved (R-wei-4: one that failed only its own condition still counts; stabs and 指认 are no
        skills)."""
        from tianting.rules.sg24.game import GENERAL_ACTIONS, _norm

        return any(a.actor != owner and pid in a.targets and _norm(a.skill) not in GENERAL_ACTIONS
                   for a in self.night.live)

    def _whom(self, who: str, owner: str, target: str, character: str | None = None) -> str | None:
        if who == "self":
            return owner
        if who == "character":  # the living player of the character named (none: the part does nothing)
            return next((p.id for p in sorted(self.night.state.living(), key=lambda p: p.id)
                         if p.character == character), None)
        if who == "victim":
            return self.stabbing.target if self.stabbing is not None else None
        if who == "character":  # the living player of the character named (none: the part does nothing)
            return next((p.id for p in sorted(self.night.state.living(), key=lambda p: p.id)
                         if p.character == character), None)
        if who == "lord":  # the owner's country's living 君主 (none: the part does nothing)
            country = self.night.state.player(owner).country
            return next((p.id for p in sorted(self.night.state.living(), key=lambda p: p.id)
                         if p.country == country and p.identity == "君主"), None)
        return target

    def _do(self, verb: Verb, owner: str, target: str, data: SkillData, active: bool) -> None:
        night, phase = self.night, self.night.phase
        found = self._whom(verb.who, owner, target, verb.character)
        if found is None or not self._holds(verb.conditions, owner, target):
            return
        pid = found
        if verb.chance is not None and not self._chance(f"【{data.name}】{verb.name} {owner}→{pid}", owner, verb.chance,
                                                        not (pid == owner and verb.name in SELF_HARMS), on=pid,
                                                        helps=verb.name in HELPFUL):
            phase.note(f"{owner} 的【{data.name}】对 {pid} 的{verb.name}未生效：概率未中")
            return
        name = verb.name
        if name in ("wound", "kill"):
            night.harms.append(Harm(pid, Level.WOUND if name == "wound" else Level.KILL, data.name, [owner],
                                    by=owner, attribute=data.attribute or ""))
        elif name == "exit" and verb.args["when"] == "next_night":  # 「下一夜开始时脱离游戏」
            later = night.state.extra.setdefault("exits", {}).setdefault(str(night.state.index + 2), [])
            later.append([pid, f"【{data.name}】"])
            phase.note(f"{pid} 将于下一夜开始时脱离游戏（{owner}【{data.name}】）")
        elif name == "exit" and verb.args["when"] == "next_settle":  # 「次夜结算时脱离游戏」
            later = night.state.extra.setdefault("exits_at_settle", {}).setdefault(str(night.state.index + 2), [])
            later.append([pid, f"【{data.name}】"])
            phase.note(f"{pid} 将于次夜结算时脱离游戏（{owner}【{data.name}】）")
        elif name == "exit":
            self.exits.append((pid, f"【{data.name}】"))
        elif name == "heal" and self.stage == "early":  # 立刻生效: healed before tonight's harms
            if not self._unhealable(pid, f"【{data.name}】") and effects.heal(phase, pid, f"脱离受伤：【{data.name}】"):
                night.game.healed(pid)
        elif name == "heal":
            self.heals.append((pid, f"【{data.name}】", owner, data.name, bool(verb.args.get("unless_harmed"))))
        elif name == "defend" and verb.args.get("among"):
            self.groups.append(GroupDefence(owner, active, data.name, verb.args))
        elif name == "defend":
            for _ in range(verb.args["times"]):
                defence = Defence(pid, owner, active, data.name, verb.args["against"], verb.args.get("stab_chance"))
                self.defences.append(defence)
                if not active:
                    self.passive_defences[id(defence)] = (owner, data.name)
                if verb.args.get("counter"):
                    self.counters[id(defence)] = (owner, data.name)
        elif name == "void":
            self._void(pid, owner, data.name, verb.args.get("only"), verb.args.get("attributes"),
                       verb.args.get("except", ()))
        elif name == "learn":
            fact = verb.args["fact"]
            value = self._fact(pid, fact)
            phase.tell(owner, Feedback(data.name, texts.learned(pid, FACT_WORDS[fact], value), pid,
                                       {"fact": fact, "value": value}))
            phase.note(f"{owner}【{data.name}】得知 {pid} 的{FACT_WORDS[fact]}：{value}")
        elif name == "lessen":
            for guarded in sorted(players(night.state, verb.args["on"], owner, target) or ()):
                self.lessened[guarded] = self.lessened.get(guarded, 0) + 1
            phase.note(f"当夜伤害减轻（{owner}【{data.name}】）")
        elif name == "mislead":
            phase.misled.add(pid)
            phase.note(f"{pid} 当夜指认的反馈结果错误（{owner}【{data.name}】）")
        elif name == "reveal":  # 「使对方知道自己」: one-sided, the owner told nothing
            me = night.state.player(owner)
            night.state.player(pid).known[owner] = me.character
            phase.tell(pid, Feedback(data.name, texts.learned(owner, FACT_WORDS["character"], me.character), owner,
                                     {"fact": "character", "value": me.character}))
            phase.note(f"{pid} 得知 {owner} 的角色：{me.character}（{owner}【{data.name}】）")
        elif name == "recognise":
            names = verb.args.get("characters")
            whom = ([p.id for p in sorted(night.state.living(), key=lambda p: p.id) if p.character in names]
                    if names else [pid])
            for other in whom:
                if other != owner:
                    effects.recognise(phase, owner, other, data.name, texts.mutual)
        elif name == "spend":
            skill, used = verb.args["skill"], night.state.player(pid).used
            before = self.used_at_start.get(pid, used).get(skill, 0)
            if not before and used.get(skill, 0) > before:  # used tonight already (R53): spent, not twice (R-once-c1)
                phase.tell(pid, Feedback(skill, f"你的【{skill}】已被消耗", None, {}))
            elif not before:
                limits.consume(phase, pid, skill, f"你的【{skill}】已被消耗")
        elif name == "immune" and verb.args.get("except_by"):
            self.chance_immunities.append((pid, replace(verb, chance=None), f"{owner}【{data.name}】"))
        elif name == "immune":
            self.immunities.append((pid, verb.args["against"], f"{owner}【{data.name}】", verb.args["effects"]))
        elif name == "own_vote_void":
            for voter in sorted(players(night.state, verb.args["on"], owner, target) or ()) if "on" in verb.args \
                    else [pid]:
                night.state.extra.setdefault("own_votes_void", {}).setdefault(str(night.state.index + 1), []).append(
                    voter)
                phase.note(f"{voter} 次日投票无效（{owner}【{data.name}】）")
        elif name == "hidden_vote":  # read by :func:`hidden_votes`
            # [owner, skill, "unaligned"]: the 暗票 counts while the owner is still 在野 (the skill gives it him)
            night.state.extra.setdefault("hidden_votes", {}).setdefault(str(night.state.index + 1), []).append(
                [pid, data.name, "unaligned"])
            phase.note(f"{pid} 次日投票时多计一张暗票（{owner}【{data.name}】）")
        elif name == "tell":
            effects.tell(phase, pid, verb.args["text"], data.name)
        elif name == "announce":
            character = night.state.player(owner).character
            if not (active and night.game.pack.is_global(character, data)):  # a used global's line is the post's own
                self.events.append(verb.args["text"])
        elif name == "lose":
            skill_changes.lose(phase, pid, verb.args["skill"], data.name)
        elif name == "votes":
            shifts = night.state.extra.setdefault("vote_shifts", {})
            day = str(night.state.index + 1)  # the day that follows this night (its phase index)
            shifts.setdefault(day, {})[pid] = shifts.setdefault(day, {}).get(pid, 0) + verb.args["n"]
            phase.note(f"{pid} 次日得票{verb.args['n']:+d}（{owner}【{data.name}】）")
        elif name == "vote_void" or name == "act_wounded":
            pass  # read where its rule applies (:func:`vote_voided`, :func:`acts_wounded`)
        elif name == "stab":
            night.harms += [replace(h, attribute=STAB) for h in night.game.stab(phase, owner, pid,
                                                                                  by_killer=bool(verb.args.get("killer")))]
        elif name in ("halve", "fail"):
            victim = self.stabbing.target if self.stabbing is not None else None
            rule = Halving(players(night.state, verb.args.get("by"), owner, target, victim),
                           players(night.state, verb.args.get("on"), owner, target, victim),
                           verb.args["attributes"], verb.args["except"], f"{owner}【{data.name}】", name == "fail",
                           bool(verb.args.get("harmless")))
            if verb.args["when"] == "while_alive":  # 「此后……存活时」: every later night its owner plays on
                night.state.extra.setdefault("standing_halvings", []).append(
                    {**rule.as_json(), "owner": owner, "character": night.state.player(owner).character,
                     "from": night.state.index + 2, "skill": data.name})
                phase.note(f"此后 {owner} 存活时成功率减半（{owner}【{data.name}】）")
            elif verb.args["when"] == "next_night":
                later = night.state.extra.setdefault("halvings", {}).setdefault(str(night.state.index + 2), [])
                later.append(rule.as_json())
                phase.note(f"次夜成功率减半（{owner}【{data.name}】）")
            else:
                self.halvings.append(rule)
                phase.note(f"当夜成功率减半（{owner}【{data.name}】）")
        elif name == "stab_void" and self.stabbing is not None:
            h = self.stabbing
            night.harms[:] = [x for x in night.harms if x is not h]
            phase.stopped[id(h)] = f"{owner}【{data.name}】令该次刺杀失效"
            phase.note(f"{h.by} 对 {h.target} 的刺杀失效：{owner}【{data.name}】")
        elif name == "no_stab":
            self._mark_next_night("no_stab", pid)
            phase.note(f"{pid} 下一夜不能出刀（{owner}【{data.name}】，其本人不被告知）")
        elif name == "ally":
            self._ally(verb.args, owner, data.name)
        elif name == "strip_guards":
            self.stripped.append((pid, f"{owner}【{data.name}】"))
        elif name == "heal_at_check":
            marked = night.state.extra.setdefault("heal_at_check", [])
            if pid not in marked:
                marked.append(pid)
            phase.note(f"{pid} 下一次伤判时自动痊愈（{owner}【{data.name}】）")
        elif name == "break_alliance":
            self._break_alliance(verb.args, owner, data.name)
        elif name == "act_twice":
            self._mark_next_night("act_twice", pid)
            phase.note(f"{pid} 次夜可以行动两次（{owner}【{data.name}】）")
        elif name == "ballot_void":
            night.state.extra.setdefault("ballot_void", []).append(night.state.index + 1)
            phase.note(f"次日全部投票无效（{owner}【{data.name}】）")

    def _ally(self, args: Any, owner: str, skill: str) -> None:
        """「A B联盟达成（若已达成则期限增加）」: the alliance stands to the night ``until`` (its nights counted from
        tonight); the post says it was made or extended."""
        night = self.night
        pair = "".join(sorted(args["countries"], key=COUNTRY_NAMES.index))  # one key whatever the order named
        alliances = night.state.extra.setdefault("alliances", {})
        now = night.game.number
        barred = night.state.extra.get("alliances_barred", {}).get(pair)
        if barred is not None and now >= barred:
            night.phase.note(f"{pair}联盟不能再达成（{owner}【{skill}】未起作用）")
            return
        standing = alliances.get(pair, 0) >= now
        alliances[pair] = (alliances[pair] if standing else now) + (args["extend"] if standing else args["days"])
        line = f"{''.join(args['countries'])}联盟{'延期' if standing else '达成'}"
        if line not in self.events:
            self.events.append(line)
        night.phase.note(f"{line}（{owner}【{skill}】），至第{alliances[pair]}夜")
        if night.state.extra.get("alliance_breaks", {}).get(pair) == now:
            self._break_alliance({"countries": args["countries"], "for_good": False}, owner, skill)

    def _break_alliance(self, args: Any, owner: str, skill: str) -> None:
        """「当夜结算后A B联盟解除」: an alliance in force stands through tonight and ends after it (the 8.1 list's 释疑 of
        【代汉自立】: the post says it broke, after 「…联盟达成」 when it was made tonight); ``for_good``: it can never be
        made again. Whichever comes first tonight, the made and the broken alliance read the same (R-wei-6)."""
        night = self.night
        pair = "".join(sorted(args["countries"], key=COUNTRY_NAMES.index))  # the key :meth:`_ally` keeps
        now = night.game.number
        night.state.extra.setdefault("alliance_breaks", {})[pair] = now
        if args["for_good"]:
            night.state.extra.setdefault("alliances_barred", {})[pair] = now + 1
        alliances = night.state.extra.setdefault("alliances", {})
        if alliances.get(pair, 0) >= now:
            alliances[pair] = now
            line = f"{''.join(args['countries'])}联盟破裂"
            if line not in self.events:
                self.events.append(line)
            night.phase.note(f"{line}（{owner}【{skill}】）：当夜结算后解除")

    def _mark_next_night(self, key: str, pid: str) -> None:
        """``pid`` listed once under ``state.extra[key]`` for the next night (its phase index), where its rule reads it
        (``no_stab``: his stabs fail; ``act_twice``: two actions)."""
        marked = self.night.state.extra.setdefault(key, {}).setdefault(str(self.night.state.index + 2), [])
        if pid not in marked:
            marked.append(pid)

    def _void(self, pid: str, owner: str, skill: str, only: Sequence[str] | None = None,
              attributes: Sequence[str] | None = None, exempt: Sequence[str] = ()) -> None:
        """「令其所有行动失败」: ``pid``'s actions tonight that have not resolved fail (the uses spent); ``only``: those
        of the skills named (「令其当夜进行的任何刺杀……发动失败」); ``exempt``: but not those (「不影响杀手刺杀及依赖于
        刺杀发动的技能」)."""
        from tianting.core.names import name_key

        night = self.night
        keep = None if only is None else {name_key(n) for n in only}
        spared = {name_key(n) for n in exempt}
        for a in [a for a in night.live if a.actor == pid and (keep is None or name_key(a.skill) in keep)
                  and name_key(a.skill) not in spared
                  and (attributes is None or self._attribute(a) in attributes)]:
            if any(u.action is a and id(u) in self.done for u in self.uses):
                continue
            night.live.remove(a)
            night.phase.outcomes.settle(a, VOID, f"{owner}【{skill}】令其行动失败")
            gone = {id(h) for h, stab in night.phase.stabs if stab is a}  # a stab already dealt (结算时): undone
            night.harms[:] = [h for h in night.harms if id(h) not in gone]
            voided = next((u for u in self.uses if u.action is a), None)
            if voided is not None and voided.declared.uses is not None:
                # 「“令其所有行动失败，失败的主动技能不可再用”……理解为当前该次使用不可再用，即对多次使用的技能来说，
                # 意味着消耗一次使用次数」: the use is spent
                limits.consume(night.phase, pid, voided.skill.name)
            spent = next((data for x, data, _ in self.bespoke if x is a), None)
            if spent is not None and night.state.player(pid).used.get(spent.name, 0) \
                    <= self.used_at_start.get(pid, {}).get(spent.name, 0):
                # a bespoke use voided is spent too (R53), whoever counts its uses; once, if it went off first
                limits.consume(night.phase, pid, spent.name)
            night.phase.note(f"{pid} 的【{a.skill}】失败：{owner}【{skill}】")

    def _fact(self, pid: str, fact: str) -> str:
        p, game = self.night.state.player(pid), self.night.game
        if fact == "identity":
            return p.identity
        if fact == "character":
            return p.character
        if fact == "country":
            return p.country
        return "、".join(game.evaluations(pid, self.night.phase)) or "无"


def harms_others(d: Declared) -> bool:
    """Whether a declared skill harms someone other than its owner (a wound, a death, a stab)."""
    return any(v.name in ("wound", "kill", "stab") and v.who != "self" for v in d.does)


def halves(d: Declared) -> bool:
    """Whether a declared use makes a state of half chance tonight (its ``halve`` verbs)."""
    return any(v.name == "halve" and v.args.get("when") == "tonight" for v in d.does)


@dataclass(frozen=True)
class GroupDefence:
    """A defence for whichever of a group is hit hardest (``defend``'s ``among``): whose, active or passive, which
    skill, and the verb's arguments."""

    owner: str
    active: bool
    name: str
    args: Mapping[str, Any]


def group_members(state: Any, owner: str, among: str) -> list[str]:
    """``known_countrymen``: the owner and the living players of his country (now) whose character he knows."""
    me = state.player(owner)
    return [owner] + sorted(pid for pid in me.known if pid in state.players and pid != owner
                            and state.player(pid).alive and state.player(pid).country == me.country)


def first_free(night: Night, waiting: Sequence[DeclaredUse], purpose: str = "结算前拼点（优先结算）") -> list[DeclaredUse]:
    """Seed 001: 「结算时优先结算没有成为结算前技能目标的角色的技能，若没有，则进行拼点，决定一个优先结算的角色」 — the
    uses of ``waiting`` whose owners no use of ``waiting`` aims at; if every owner is aimed at, the uses of one owner
    the 拼点 (a draw of the game's generator, ``purpose``) picks (R-SG31-1)."""
    targeted = {u.target for u in waiting if u.target is not None and u.target != u.actor}
    free = [u for u in waiting if u.actor not in targeted]
    if free:
        return free
    actors = sorted({u.actor for u in waiting})
    first = night.state.rng.pick(purpose, actors)
    night.phase.note(f"技能相互为目标，拼点决定 {first} 优先结算")
    return [u for u in waiting if u.actor == first]


PROTECTIVE = ("defend", "immune", "heal")
HELPFUL = (*PROTECTIVE, "act_twice", "act_wounded", "heal_at_check", "lessen", "vote_void", "tell")
"""The verbs that go their player's way (糜氏【相夫教子】's 「有益的结果」, R-choices-7); every other verb on him does not."""


def aimed_at(a: Action) -> str | None:
    """The id an action names first (None: it names none)."""
    return next((t for t in a.targets if isinstance(t, str)), None)


def guards_first(uses: Sequence[DeclaredUse]) -> list[DeclaredUse]:
    """「所有行动同时结算」: of uses resolved together, those that only protect (抵御, 不受作用, 治愈) stand first, so that a
    use on their target in the same round meets them whatever the seats (the order among each kind kept)."""
    return sorted(uses, key=lambda u: not all(v.name in PROTECTIVE for v in u.declared.does))


GAME_CONDITIONS = ("alive", "appeared", "used_before")
"""The conditions on the game (:data:`ON_THE_GAME`) checked when the use is sent too (「黄忠登场后生效」: not usable
before); the others are read only when it resolves."""
"""Conditions on the game, not on a player: checked when the use is sent too (「黄忠登场后生效」: not usable before)."""


def in_play(state: Any, c: Condition) -> bool:
    """A condition on the game: a character alive now, or ever come into play; a skill gone off before."""
    if c.test == "alive":
        return any(q.character == c.value for q in state.living())
    if c.test == "appeared":
        return any(c.value in lives for lives in state.extra.get("lives", {}).values())
    return any(e.get("skill") == c.value and e.get("state") == DONE for h in state.history for e in h.get("actions", []))


def unmet(state: Any, d: Declared) -> Condition | None:
    """The first condition on the game a use of ``d`` does not meet now (None: all met)."""
    return next((c for c in d.conditions if c.test in GAME_CONDITIONS and not in_play(state, c)), None)


def announced(skill: SkillData, state: Any) -> list[str]:
    """The lines a declared skill says in the post (「当夜公告“…”」), in place of 「【X】发动」 (none: it says none)."""
    d = skill.effect
    if not isinstance(d, Declared) or pack_edition.first(state):
        return []
    return [v.args["text"] for v in d.does if v.name == "announce"]


def standing(state: Any) -> list[Halving]:
    """The states of half chance 「此后……存活时」 (``when``: ``while_alive``) that cover this night: each whose owner
    still plays the character that made it, or a successor who inherited the skill that made it (R-inherit-5)."""
    out = []
    for raw in state.extra.get("standing_halvings", []):
        owner = state.players.get(raw["owner"])
        if raw["from"] <= state.index and owner is not None and owner.alive and (
                owner.character == raw["character"] or raw.get("skill") in owner.skills):  # a successor keeps it (R-inherit-5)
            out.append(Halving.from_json(raw))
    return out


def acts_wounded(game: Any, player: Any) -> bool:
    """A standing passive of ``player`` lets him act while wounded (「受伤时也能行动」)."""
    if pack_edition.first(game.state):
        return False
    return any(isinstance(s.effect, Declared) and s.effect.trigger == "guard" and s.name in player.skills
               and any(v.name == "act_wounded" for v in s.effect.does) for s in game.pack.holdable(player.character))


def heals_at_check(state: Any, pid: str) -> bool:
    """Whether a declared skill made ``pid``'s next 伤判 heal him (「在进行下一次伤害判定时自动痊愈」); the mark is used up."""
    marked = state.extra.get("heal_at_check", [])
    if pid in marked:
        marked.remove(pid)
        return True
    return False


def standing_votes(game: Any, pid: str) -> int:
    """The change of ``pid``'s votes at every vote his standing passives make (「每次投票时触发，自己所得票数减二票」)."""
    if pack_edition.first(game.state):
        return 0
    player = game.state.player(pid)
    return sum(v.args["n"] for s in game.pack.holdable(player.character) if isinstance(s.effect, Declared)
               and s.effect.trigger == "guard" and s.name in player.skills for v in s.effect.does if v.name == "votes")
def most_living(state: Any, country: str) -> bool:
    """Whether ``country`` has strictly more living players than each other of 魏蜀吴 (a tie for the most: no)."""
    counts = {c: sum(1 for p in state.living() if p.country == c) for c in COUNTRY_NAMES}
    return country in counts and all(counts[country] > n for c, n in counts.items() if c != country)


def exit_passives(game: Any, phase: Any, next_day: int) -> None:
    """Passives of ``exited`` (「当X退出游戏时」): each id that left the game in ``phase`` (its last character gone),
    by id, whose character held one, sets it off if its conditions hold now; ``next_day``: the index of the day
    its 「次日」 means."""
    if pack_edition.first(game.state):
        return
    state = game.state
    for pid in sorted(set(phase.died) | set(phase.natural)):
        p = state.player(pid)
        character = game.pack.characters.get(p.character)
        if p.alive or character is None:
            continue
        for data in character.skills:
            d = data.effect
            if not (isinstance(d, Declared) and d.trigger == "exited"):
                continue
            if not all(c.test == "most_living" and most_living(state, p.country) == c.value for c in d.conditions):
                phase.note(f"{pid} 的【{data.name}】未触发：条件不满足")
                continue
            phase.note(f"{pid} 退出游戏，【{data.name}】触发")
            for verb in d.does:
                if verb.name == "votes_void_on":
                    void = state.extra.setdefault("votes_void_on", {}).setdefault(str(next_day), [])
                    void += [c for c in verb.args["country"] if c not in void]
                    phase.note(f"次日投给{'、'.join(verb.args['country'])}国角色的票无效（{pid}【{data.name}】）")


def vote_voided(game: Any, day: Any, voted: str) -> str | None:
    """A passive of the most voted (``voted_top``) that voids the vote: its name, once spent (or None)."""
    if pack_edition.first(game.state):
        return None
    from tianting.rules.sg24.declared.codes.xunyu import top_voided

    named = top_voided(game.state, voted)  # 「若其次日得票数最多则投票无效」 (荀彧【留侯再世】's vote form)
    if named is not None:
        return named
    player = game.state.player(voted)
    for data in game.pack.holdable(player.character):
        d = data.effect
        if (isinstance(d, Declared) and d.trigger == "voted_top" and data.name in player.skills
                and not (d.limit == "once" and player.used.get(data.name))
                and any(v.name == "vote_void" for v in d.does)):
            if d.limit == "once":
                limits.consume(day, voted, data.name, texts.passive_triggered(data.name))
            return data.name
    return None


def killed(game: Any, phase: Any, character: str, held: Sequence[str], used: Mapping[str, int]) -> None:
    """A character died, not by his own 自杀: his passives of ``killed`` that he held (``held``, ``used``: his skills
    and their uses as he died) act, each verb on the living player of the character it names (none: that part does
    nothing; 「当貂蝉死亡时触发，使吕布的【天下无双】失效」)."""
    if pack_edition.first(game.state):
        return
    for data in game.pack.holdable(character):
        d = data.effect
        if (not isinstance(d, Declared) or d.trigger != "killed" or data.name not in held
                or (d.limit == "once" and used.get(data.name))):
            continue
        phase.note(f"{character} 的【{data.name}】触发（死亡）")
        for verb in d.does:
            for p in sorted((p for p in game.state.living() if p.character == verb.character), key=lambda p: p.id):
                if verb.name == "lose":
                    skill_changes.lose(phase, p.id, verb.args["skill"], data.name)
                elif verb.name == "spend" and not p.used.get(verb.args["skill"]):
                    limits.consume(phase, p.id, verb.args["skill"], f"你的【{verb.args['skill']}】已被消耗")
                elif verb.name == "tell":
                    effects.tell(phase, p.id, verb.args["text"], data.name)



def passed_votes(day: Any, voted: str, counted: Sequence[str]) -> list[str] | None:
    """A ``voted_top`` passive of the day's sole most voted that passes votes on (``pass_votes``, limited ones spent
    when set off): the counted votes with those of the voters named for him moved to the day's second most voted (a
    tie among them: one drawn, 「若得票第二多角色有多个，则转嫁到其中随机一个上」); None: no such passive."""
    game, phase, state = day.game, day.phase, day.state
    if pack_edition.first(state):
        return None
    player = state.player(voted)
    for data in game.pack.holdable(player.character):
        d = data.effect
        verb = next((v for v in d.does if v.name == "pass_votes"), None) if isinstance(d, Declared) else None
        if (verb is None or d.trigger != "voted_top" or data.name not in player.skills
                or (d.limit == "once" and player.used.get(data.name))):
            continue
        if d.limit == "once":
            limits.consume(phase, voted, data.name, texts.passive_triggered(data.name))
        top, seconds = day.tally([t for t in counted if t != voted])
        seconds = sorted(s for s in seconds if s != voted)
        voters = players(state, verb.args["voters"], voted, voted) or frozenset()
        moving = [v for v, t in sorted(day.counted.items()) if t == voted and v in voters]
        if not seconds or top == 0 or not moving:
            phase.note(f"{voted}【{data.name}】触发：没有可转嫁的票或没有得票第二多的角色")
            return list(counted)
        to = seconds[0] if len(seconds) == 1 else state.rng.pick(f"【{data.name}】转嫁 {voted}", seconds)
        out = list(counted)
        for _ in moving:
            out.remove(voted)
            out.append(to)
        phase.note(f"{voted}【{data.name}】触发：{'、'.join(moving)} 的票转给 {to}")
        return out
    return None


NO_VOTE = "不投"


def hidden_votes(game: Any, day: Any, book: Any) -> list[str]:
    """The day's 暗票 a skill gave (``state.extra["hidden_votes"]`` by day: [owner, skill]): each owner whose vote
    counts is asked whom it goes to (「不投」 if he says nothing); the targets, in the owners' order."""
    from tianting.rules.sg24.game import same_word
    from tianting.rules.sg24.pack import UNALIGNED

    state = game.state
    given = state.extra.get("hidden_votes", {}).pop(str(state.index), [])
    if pack_edition.first(state) or not given or state.index in state.extra.get("ballot_void", []):
        return []
    living = [p.id for p in sorted(state.living(), key=lambda p: p.seat)]
    out = []
    for owner, skill, *unaligned in sorted(given):
        p = state.player(owner)
        if not p.alive or (p.country == UNALIGNED and not unaligned) or p.country in state.eliminated:
            continue
        target = book.choose(state.rng, owner, skill, [*living, NO_VOTE], same_word, default=NO_VOTE,
                             context="暗票投给谁（不显示在票面中）")
        if target != NO_VOTE:
            out.append(target)
            day.note(f"{owner}【{skill}】的暗票投给 {target}（不显示在票面中）")
    return out


__all__ = ["STAB", "DeclaredUse", "Resolver", "acts_wounded", "announced", "first_free", "heals_at_check",
           "hidden_votes", "killed", "passed_votes", "standing_votes", "vote_voided"]
