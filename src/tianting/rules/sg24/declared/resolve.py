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

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from tianting.core import effects, pack_edition
from tianting.core.records import Action, Feedback
from tianting.effects import limits
from tianting.effects import skills as skill_changes
from tianting.engine.harm import Defence, Harm, Level
from tianting.rules.sg24 import texts
from tianting.rules.sg24.declared.bespoke import REGISTRY, Code, passive_holders, unhealable
from tianting.rules.sg24.declared.odds import Halving, halved, players, stored
from tianting.rules.sg24.declared.schema import STAB, Bespoke, Condition, Declared, Verb
from tianting.rules.sg24.outcomes import DONE, FAILED, VOID
from tianting.rules.sg24.pack import SkillData

if TYPE_CHECKING:
    from tianting.rules.sg24.night import Night

EARLY = ("立刻生效", "即时生效", "预结算前生效", "全局技能")
BEFORE = "结算前生效"
AFTER = "结算后生效"
NEGATIVE = "军师负面技能"
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
    heals: list[tuple[str, str]] = field(default_factory=list)
    bespoke: list[tuple[Action, SkillData, Code]] = field(default_factory=list)
    """The night's uses of bespoke skills (:mod:`.bespoke`), with their code."""
    immunities: list[tuple[str, tuple[str, ...], str]] = field(default_factory=list)
    """(id, attributes, why): tonight no harm of those attributes reaches the id."""
    halvings: list[Halving] = field(default_factory=list)
    """The night's states of half chance (:mod:`.odds`)."""
    rolled: set[int] = field(default_factory=set)
    events: list[str] = field(default_factory=list)
    """Lines the declared skills put in the night's post (「当夜公告……」)."""
    exits: list[tuple[str, str]] = field(default_factory=list)
    followups: list[Callable[[], None]] = field(default_factory=list)
    """What bespoke uses do once the night's harms are settled (:meth:`after`: whether their defence was used …)."""
    used_at_start: dict[str, dict[str, int]] = field(default_factory=dict)
    """Each player's used-up counts as the night began (what 「视为没有消耗」 restores)."""
    pending_harms: list[Harm] = field(default_factory=list)
    """Harms a use made before the general actions (結算时's first stage), joined to the night's in :meth:`settle`."""
    lessened: dict[str, int] = field(default_factory=dict)
    """id → how many levels its summed harm tonight is lessened by a skill (「若受伤则改为痊愈，若死亡则改为受伤」)."""
    done: set[int] = field(default_factory=set)
    stage: str = ""
    """The stage being resolved (``early``, ``before``, ``settle``, ``after``)."""
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
            character = night.state.player(a.actor).character
            data = game.pack.skill(character, a.skill)
            if data is not None and isinstance(data.effect, Declared):
                resolver.uses.append(DeclaredUse(a, data, data.effect, game.pack.timing(character, data)))
            elif data is not None and isinstance(data.effect, Bespoke) and data.effect.code in REGISTRY:
                resolver.bespoke.append((a, data, REGISTRY[data.effect.code]))
        resolver._standing_defences()
        resolver.used_at_start = {p.id: dict(p.used) for p in night.state.living()}
        resolver.halvings += stored(night.state.extra, night.state.index)
        return resolver

    def handles(self, action: Action) -> bool:
        """Whether the engine resolves ``action`` (a use of a declared or bespoke skill), not the judge."""
        return any(u.action is action for u in self.uses) or any(a is action for a, _, _ in self.bespoke)

    def _bespoke(self, stage: str) -> None:
        """The bespoke uses of ``stage`` (:mod:`.bespoke`), each once, in the night's order."""
        for a, data, code in self.bespoke:
            if code.stage != stage or self.night.phase.outcomes.state(a) in (VOID, FAILED) or a not in self.night.live:
                continue
            if code.once:
                limits.consume(self.night.phase, a.actor, data.name)
            code.resolve(self, a, data)

    def _passives(self, pid: str, trigger: str) -> list[tuple[SkillData, Declared]]:
        """``pid``'s passives of ``trigger`` that are in play (held, not spent, from their night on)."""
        game, player = self.night.game, self.night.state.player(pid)
        character = game.pack.characters.get(player.character)
        out = []
        for data in character.skills if character else ():
            d = data.effect
            if (isinstance(d, Declared) and d.trigger == trigger and data.name in player.skills
                    and game.number >= d.from_night and not (d.limit == "once" and player.used.get(data.name))):
                out.append((data, d))
        return out

    def _standing_defences(self) -> None:
        """Passives of ``guard``: their defences stand on their owner every night they are in play."""
        for p in sorted(self.night.state.living(), key=lambda p: p.id):
            for data, d in self._passives(p.id, "guard"):
                for verb in d.does:
                    if verb.name == "defend":
                        for _ in range(verb.args["times"]):
                            defence = Defence(p.id, p.id, False, data.name, verb.args["against"])
                            self.defences.append(defence)
                            self.passive_defences[id(defence)] = (p.id, data.name)

    # ---- the stages ------------------------------------------------------------------------------------------
    def before(self) -> None:
        """Uses of the timing classes before 结算时, then the 结算前 ones in the seed's loop."""
        self.stage = "early"
        for use in self._of_timing(EARLY):
            self._apply(use)
        self.roll()
        self.stage = "before"
        waiting = self._of_timing((BEFORE,))
        while waiting:
            free = self.night.next_interfering(waiting)
            for use in free:
                self._apply(use)
            waiting = [u for u in waiting if u not in free]
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
            attribute = self._attribute(a)
            if attribute == "全局技能" or not halved(self.halvings, a, attribute):
                continue
            self.rolled.add(id(a))
            if not night.state.rng.chance(f"成功率减半 {a.actor}【{a.skill}】"):
                night.live.remove(a)
                night.phase.outcomes.settle(a, FAILED, "成功率减半，未能发动")
                night.phase.note(f"{a.actor} 的【{a.skill}】发动失败：成功率减半")

    def _attribute(self, a: Action) -> str:
        """The attribute a state of half chance reads: 刺杀 and 指认 for the general actions, else the skill's."""
        from tianting.rules.sg24.game import RECOGNISE, _norm

        skill = _norm(a.skill)
        if skill == _norm(STAB):
            return STAB
        if skill == RECOGNISE:
            return "指认"
        data = self.night.game.pack.skill(self.night.state.player(a.actor).character, a.skill)
        if data is None:
            return ""
        return "全局技能" if self.night.game.pack.is_global(self.night.state.player(a.actor).character, data) \
            else (data.attribute or "")

    def settle_first(self) -> None:
        """第一阶段: the 结算时 uses that make actions fail, before the general actions."""
        self.stage = "settle"
        for use in self._of_timing((None, "结算时生效")):
            if any(v.name == "void" for v in use.declared.does):
                self._apply(use)
        if self.enabled:
            self._bespoke("settle_first")

    def settle(self) -> None:
        """The passives the night's 指认 set off, then the other 结算时 uses (R-SG31-10: a passive that makes the one
        named fail tonight — 「令其当夜行动失效」 — stops his uses before their effects stand)."""
        if not self.enabled:
            return
        for actor, target, named in self.night.phase.recognitions:
            if not self.night.state.player(actor).alive:
                continue
            for data, d in self._passives(actor, "recognised"):
                if named in d.of:
                    self._trigger(actor, target, data, d)
        self.night.harms += self.pending_harms
        for use in self._of_timing((None, "结算时生效")):
            self._apply(use)
        self._bespoke("settle")

    def after(self) -> None:
        """Heals and removals (after the harms), then the 结算后生效 uses."""
        night = self.night
        self.stage = "after"
        for pid, why in self.heals:
            if self._unhealable(pid, why):
                continue
            if effects.heal(night.phase, pid, f"脱离受伤：{why}"):
                night.game.healed(pid)
        for pid, why in self.exits:
            if night.state.player(pid).alive:
                night.game.remove(night.phase, pid, why)
        for use in self._of_timing((AFTER,)):
            self._apply(use)
        for followup in self.followups:
            followup()

    def spare(self) -> None:
        """Before the harms are summed: the passives that answer an attack (:attr:`Code.before_harms`), then each
        harm an immunity covers is stopped (the stab 「视为发动成功但无效」)."""
        if self.enabled:
            for owner, data, code in passive_holders(self):
                assert code.before_harms is not None
                code.before_harms(self, owner, data)
            self._spared_tonight()
        if not self.immunities:
            return
        night = self.night
        kept = []
        for h in night.harms:
            why = next((w for pid, against, w in self.immunities if pid == h.target
                        and not h.forced and (h.attribute or h.cause) in against), None)
            if why is None:
                kept.append(h)
                continue
            night.phase.stopped[id(h)] = f"{h.target} 不受其作用（{why}）"
            night.phase.note(f"{h.by} 的{h.cause}对 {h.target} 无效：{why}")
        night.harms[:] = kept

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
        night, gone = self.night, set()
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
                data = self.night.game.pack.skill(self.night.state.player(owner).character, skill)
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
        target = use.target or a.actor
        if not night.state.player(target).alive:
            night.phase.outcomes.settle(a, FAILED, f"{target} 已退出游戏")
            return
        if d.limit == "once":
            limits.consume(night.phase, a.actor, use.skill.name)
        if not self._holds(d.conditions, a.actor, target):
            night.phase.note(f"{a.actor} 的【{use.skill.name}】对 {target} 未生效：条件不满足")
            night.phase.outcomes.settle(a, FAILED, "条件不满足")
            return
        if d.chance is not None and not night.state.rng.chance(f"【{use.skill.name}】{a.actor}→{target}", d.chance):
            night.phase.note(f"{a.actor} 的【{use.skill.name}】对 {target} 未生效：概率未中")
            night.phase.outcomes.settle(a, FAILED, "概率未中")
            return
        if use.skill.attribute == NEGATIVE and target != a.actor and self._shielded(target, NEGATIVE, use):
            night.phase.outcomes.settle(a, VOID, f"被 {target} 抵御")
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
        if d.chance is not None and not night.state.rng.chance(f"【{data.name}】{owner}→{target}", d.chance):
            night.phase.note(f"{owner} 的【{data.name}】未触发：概率未中")
            return
        if d.limit == "once":
            limits.consume(night.phase, owner, data.name)
        night.phase.note(f"{owner} 的【{data.name}】触发（{target}）")
        night.phase.tell(owner, Feedback(data.name, texts.passive_triggered(data.name), target))
        for verb in d.does:
            self._do(verb, owner, target, data, active=False)

    def _shielded(self, pid: str, attribute: str, use: DeclaredUse) -> bool:
        """A defence on ``pid`` against ``attribute`` stops the use (and is spent), in seed 001's order."""
        pool = [d for d in self.defences if d.target == pid and (not d.against or attribute in d.against)]
        if not pool:
            return False
        game = self.night.game
        defence = game.defence_order.defence_to_use(self.night.state.rng, pool)
        self.defences.remove(defence)
        self.spend([defence])
        self.night.phase.note(f"{use.actor} 的【{use.skill.name}】对 {pid} 被抵御：{defence.owner}【{defence.name}】")
        return True

    def _holds(self, conditions: Sequence[Condition], owner: str, target: str) -> bool:
        return all(self._condition(c, owner, target) for c in conditions)

    def _condition(self, c: Condition, owner: str, target: str) -> bool:
        state, game = self.night.state, self.night.game
        p = state.player(owner if c.who == "self" else target)
        tests: dict[str, Callable[[], bool]] = {
            "has_evaluation": lambda: c.value in game.evaluations(self.night.phase, p.id),
            "lacks_evaluation": lambda: c.value not in game.evaluations(self.night.phase, p.id),
            "identity": lambda: p.identity in c.value,
            "not_identity": lambda: p.identity not in c.value,
            "country": lambda: p.country in c.value,
            "not_country": lambda: p.country not in c.value,
            "same_country": lambda: (p.country == state.player(owner).country) == c.value,
            "wounded": lambda: p.injured == c.value,
            "alive": lambda: in_play(state, c),
            "holds": lambda: c.value in p.skills and not p.used.get(c.value),
            "spent": lambda: bool(p.used.get(c.value)),
            "appeared": lambda: in_play(state, c),
            "used_before": lambda: in_play(state, c),
        }
        return tests[c.test]()

    def _whom(self, who: str, owner: str, target: str) -> str | None:
        if who == "self":
            return owner
        if who == "lord":  # the owner's country's living 君主 (none: the part does nothing)
            country = self.night.state.player(owner).country
            return next((p.id for p in sorted(self.night.state.living(), key=lambda p: p.id)
                         if p.country == country and p.identity == "君主"), None)
        return target

    def _do(self, verb: Verb, owner: str, target: str, data: SkillData, active: bool) -> None:
        night, phase = self.night, self.night.phase
        found = self._whom(verb.who, owner, target)
        if found is None or not self._holds(verb.conditions, owner, target):
            return
        pid = found
        if verb.chance is not None and not night.state.rng.chance(f"【{data.name}】{verb.name} {owner}→{pid}",
                                                                   verb.chance):
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
        elif name == "exit":
            self.exits.append((pid, f"【{data.name}】"))
        elif name == "heal" and self.stage == "early":  # 立刻生效: healed before tonight's harms
            if not self._unhealable(pid, f"【{data.name}】") and effects.heal(phase, pid, f"脱离受伤：【{data.name}】"):
                night.game.healed(pid)
        elif name == "heal":
            self.heals.append((pid, f"【{data.name}】"))
        elif name == "defend":
            for _ in range(verb.args["times"]):
                self.defences.append(Defence(pid, owner, active, data.name, verb.args["against"]))
        elif name == "void":
            self._void(pid, owner, data.name, verb.args.get("only"), verb.args.get("attributes"))
        elif name == "learn":
            fact = verb.args["fact"]
            value = self._fact(pid, fact)
            phase.tell(owner, Feedback(data.name, texts.learned(pid, FACT_WORDS[fact], value), pid,
                                       {"fact": fact, "value": value}))
            phase.note(f"{owner}【{data.name}】得知 {pid} 的{FACT_WORDS[fact]}：{value}")
        elif name == "recognise":
            names = verb.args.get("characters")
            whom = ([p.id for p in sorted(night.state.living(), key=lambda p: p.id) if p.character in names]
                    if names else [pid])
            for other in whom:
                if other != owner:
                    effects.recognise(phase, owner, other, data.name, texts.mutual)
        elif name == "spend":
            if not night.state.player(pid).used.get(verb.args["skill"]):
                limits.consume(phase, pid, verb.args["skill"], f"你的【{verb.args['skill']}】已被消耗")
        elif name == "immune":
            self.immunities.append((pid, verb.args["against"], f"{owner}【{data.name}】"))
        elif name == "own_vote_void":
            night.state.extra.setdefault("own_votes_void", {}).setdefault(str(night.state.index + 1), []).append(pid)
            phase.note(f"{pid} 次日投票无效（{owner}【{data.name}】）")
        elif name == "tell":
            effects.tell(phase, pid, verb.args["text"], data.name)
        elif name == "announce":
            character = night.state.player(owner).character
            if not night.game.pack.is_global(character, data):  # a global's line is the post's own (the night's globals)
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
            night.harms += [replace(h, attribute=STAB) for h in night.game.stab(phase, owner, pid, by_killer=False)]
        elif name == "halve":
            rule = Halving(players(night.state, verb.args.get("by"), owner, target),
                           players(night.state, verb.args.get("on"), owner, target),
                           verb.args["attributes"], verb.args["except"], f"{owner}【{data.name}】")
            if verb.args["when"] == "next_night":
                later = night.state.extra.setdefault("halvings", {}).setdefault(str(night.state.index + 2), [])
                later.append(rule.as_json())
                phase.note(f"次夜成功率减半（{owner}【{data.name}】）")
            else:
                self.halvings.append(rule)
                phase.note(f"当夜成功率减半（{owner}【{data.name}】）")
        elif name == "ballot_void":
            night.state.extra.setdefault("ballot_void", []).append(night.state.index + 1)
            phase.note(f"次日全部投票无效（{owner}【{data.name}】）")

    def _void(self, pid: str, owner: str, skill: str, only: Sequence[str] | None = None,
              attributes: Sequence[str] | None = None) -> None:
        """「令其所有行动失败」: ``pid``'s actions tonight that have not resolved fail (the uses spent); ``only``: those
        of the skills named (「令其当夜进行的任何刺杀……发动失败」)."""
        from tianting.core.names import name_key

        night = self.night
        keep = None if only is None else {name_key(n) for n in only}
        for a in [a for a in night.live if a.actor == pid and (keep is None or name_key(a.skill) in keep)
                  and (attributes is None or self._attribute(a) in attributes)]:
            if any(u.action is a and id(u) in self.done for u in self.uses):
                continue
            night.live.remove(a)
            night.phase.outcomes.settle(a, VOID, f"{owner}【{skill}】令其行动失败")
            gone = {id(h) for h, stab in night.phase.stabs if stab is a}  # a stab already dealt (结算时): undone
            night.harms[:] = [h for h in night.harms if id(h) not in gone]
            voided = next((u for u in self.uses if u.action is a), None)
            if voided is not None and voided.declared.limit == "once":
                # 「“令其所有行动失败，失败的主动技能不可再用”……理解为当前该次使用不可再用」: the use is spent
                limits.consume(night.phase, pid, voided.skill.name)
            night.phase.note(f"{pid} 的【{a.skill}】失败：{owner}【{skill}】")

    def _fact(self, pid: str, fact: str) -> str:
        p, game = self.night.state.player(pid), self.night.game
        if fact == "identity":
            return p.identity
        if fact == "character":
            return p.character
        if fact == "country":
            return p.country
        return "、".join(game.evaluations(self.night.phase, pid)) or "无"


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


GAME_CONDITIONS = ("alive", "appeared", "used_before")
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


def acts_wounded(game: Any, player: Any) -> bool:
    """A standing passive of ``player`` lets him act while wounded (「受伤时也能行动」)."""
    if pack_edition.first(game.state):
        return False
    character = game.pack.characters.get(player.character)
    return any(isinstance(s.effect, Declared) and s.effect.trigger == "guard" and s.name in player.skills
               and any(v.name == "act_wounded" for v in s.effect.does) for s in (character.skills if character else ()))


def vote_voided(game: Any, day: Any, voted: str) -> str | None:
    """A passive of the most voted (``voted_top``) that voids the vote: its name, once spent (or None)."""
    if pack_edition.first(game.state):
        return None
    player = game.state.player(voted)
    character = game.pack.characters.get(player.character)
    for data in character.skills if character else ():
        d = data.effect
        if (isinstance(d, Declared) and d.trigger == "voted_top" and data.name in player.skills
                and not (d.limit == "once" and player.used.get(data.name))
                and any(v.name == "vote_void" for v in d.does)):
            if d.limit == "once":
                limits.consume(day, voted, data.name, texts.passive_triggered(data.name))
            return data.name
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
    for owner, skill in sorted(given):
        p = state.player(owner)
        if not p.alive or p.country == UNALIGNED or p.country in state.eliminated:
            continue
        target = book.choose(state.rng, owner, skill, [*living, NO_VOTE], same_word, default=NO_VOTE,
                             context="暗票投给谁（不显示在票面中）")
        if target != NO_VOTE:
            out.append(target)
            day.note(f"{owner}【{skill}】的暗票投给 {target}（不显示在票面中）")
    return out


__all__ = ["STAB", "DeclaredUse", "Resolver", "acts_wounded", "announced", "first_free", "hidden_votes",
           "vote_voided"]
