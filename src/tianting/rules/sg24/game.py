"""A game of the 24人 rules (seed 001_a450bbe2dee8877c.txt): setup, checks, night, day, victory.

Pure and deterministic: all randomness from the state's one generator, each draw named.
Character skills are data (:mod:`.pack`); a use of one is checked (owner, 军师, one active skill
a night) and left to the judge: the draft lists it, with its timing class, and asks for a ruling.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tianting.core import effects, pack_edition
from tianting.core.decisions import DecisionBook
from tianting.core.errors import IllegalAction, SetupError
from tianting.core.names import name_key
from tianting.core.records import (
    Action,
    Death,
    DecisionRecord,
    Feedback,
    PhaseResult,
    Ruling,
    SeatSpec,
)
from tianting.core.rng import GameRandom
from tianting.core.state import (
    Clocked,
    GameState,
    PhaseKind,
    Player,
    Status,
)
from tianting.engine import harm, recognition, succession
from tianting.engine.harm import Defence, DefenceOrder, Harm, Level
from tianting.engine.rulings import RulingTable
from tianting.engine.stab import SameSide, Verdict
from tianting.rules.sg24 import inherit, texts
from tianting.rules.sg24.day import Day
from tianting.rules.sg24.declared import revival, seen
from tianting.rules.sg24.declared.bespoke import (
    REGISTRY,
    after_check,
    harm_takers,
    stabs_allowed,
    suicide_skill,
    unhealable,
    unlimited_tonight,
    wound_table,
)
from tianting.rules.sg24.declared.codes.sunce import oath as sunce_oath
from tianting.rules.sg24.declared.learned import died as died_learned
from tianting.rules.sg24.declared.learned import held, held_data
from tianting.rules.sg24.declared.learned import inherit as inherit_learned
from tianting.rules.sg24.declared.resolve import acts_wounded, announced, heals_at_check, unmet
from tianting.rules.sg24.declared.resolve import killed as declared_killed
from tianting.rules.sg24.declared.schema import Bespoke, Declared, needs_target
from tianting.rules.sg24.declared.text import condition_text
from tianting.rules.sg24.night import Night
from tianting.rules.sg24.outcomes import DONE, FAILED, PENDING, VOID, Outcomes
from tianting.rules.sg24.pack import (
    COUNTRIES,
    EVALUATIONS,
    UNALIGNED,
    Allowance,
    Character,
    Pack,
    SkillData,
    default_pack,
)
from tianting.rules.sg24.rulings import TABLE as RULINGS
from tianting.rules.sg24.rulings import Ruled
from tianting.rules.sg24.timing import DEATH, WOUND, timing_rank
from tianting.rules.sg24.wounds import wound_check

STAB, RECOGNISE, RECRUIT, APPLY = "刺杀", "指认", "招揽", "投奔"
SUICIDE = "自杀"
"""「立刻生效：……自杀」: no target, a night's, alone that night, dies before anything resolves, no last words (R-SG19)."""
GENERAL_ACTIONS = (STAB, RECOGNISE, RECRUIT, APPLY, SUICIDE)
SILENT_FROM_NIGHT = 7
UNLIMITED = 99
"""「不限制行动次数」: more actions than a night can hold."""
"""「游戏第七夜及之后死亡的角色没有遗言。」"""


SAME_COUNTRY = SameSide(lessens=True, lord_immune=True, purpose=lambda k, t, _: f"本国刺杀减轻 {k}→{t}")
"""「刺杀到本国君主时，刺杀无效。刺杀到本国时，刺杀致死一半概率减轻为致伤。」 (:mod:`tianting.engine.stab`)"""


def quota(players: int) -> int:
    """「27人时，每国有两个在野名额。30人时，每国增加一个在野名额，以此类推。」 — 24 players: one (R-SG7)."""
    return max(0, (players - 24) // 3 + 1)


@dataclass
class Phase:
    """One phase being resolved: what core/effects.py's primitives need, and its records."""

    state: GameState
    trace: list[str] = field(default_factory=list)
    feedback: dict[str, list[Feedback]] = field(default_factory=dict)
    injured: list[str] = field(default_factory=list)
    protected: dict[str, str] = field(default_factory=dict)
    deaths: list[Death] = field(default_factory=list)
    died: list[str] = field(default_factory=list)
    """Ids whose character died in the phase of harm (natural deaths not included)."""
    natural: list[str] = field(default_factory=list)
    outcomes: Outcomes = field(default_factory=Outcomes)
    """What came of each of the phase's actions (the history's ``state``: :mod:`.outcomes`)."""
    stabs: list[tuple[Harm, Action]] = field(default_factory=list)
    """Each stab's harm and the stab (one stab a killer a night: a harm is one stab's)."""
    stopped: dict[int, str] = field(default_factory=dict)
    """Harms that did not land (by ``id``) → why (a defence, an id spared all harm)."""
    recruits: dict[str, Action] = field(default_factory=dict)
    """Each 君主's 招揽 tonight whose 指认 was right, by the 君主 (one a night)."""
    applied: dict[str, Action] = field(default_factory=dict)
    """Each 在野's 投奔 tonight, by the 在野 (one a night)."""
    recognitions: list[tuple[str, str, str]] = field(default_factory=list)
    """Each right 同国指认 tonight: (who, whom, the character named), for the passives it sets off."""
    redirects: dict[int, str] = field(default_factory=dict)
    """A stab (by ``id``) a skill turned on another id (荀彧's 驱虎吞狼): its new target."""
    used_defences: list[Defence] = field(default_factory=list)
    """The defences that stopped a harm in this phase (a limited passive's is then spent)."""
    defended: list[tuple[Defence, Harm]] = field(default_factory=list)
    """Each defence used in this phase with the harm it stopped."""
    misled: set[str] = field(default_factory=set)
    """Ids whose 指认 tonight are answered wrongly (``mislead``: 「使其当夜行动中的指认反馈结果错误」)."""
    asked: list[tuple[str, str, str]] = field(default_factory=list)
    """Each 评价指认 tonight: (who, whom, the evaluation or identity asked), for the passives it sets off."""
    all_evaluations: set[str] = field(default_factory=set)
    """Ids that count as having every evaluation in this phase (葛玄【一叶障目】)."""
    echoes: dict[int, int] = field(default_factory=dict)
    """A harm's copy (by ``id``) → the harm it copies: 「三倍的效果」 — each copy takes a defence of its own, but the
    harm lands once however many of its copies are left (太史慈【匹马冲阵】)."""

    def note(self, text: str) -> None:
        self.trace.append(text)

    def tell(self, pid: str, fb: Feedback) -> None:
        self.feedback.setdefault(pid, []).append(fb)


class SG24Game(Clocked):
    """A 24人 game in progress."""

    rules = "sg24"
    defence_order: DefenceOrder = harm.SEED001
    rulings: RulingTable[Ruled] = RULINGS
    """The judge's ruling effects and when each applies (:mod:`.rulings`)."""
    """How defences meet harms (seed 001's 「优先抵御造成最大伤害的技能……本人主动>他人主动>本人被动>他人被动……拼点决定」)."""

    def __init__(self, state: GameState, pack: Pack) -> None:
        self.state = state
        self.pack = pack
        self.results: list[PhaseResult] = []

    def fork(self) -> SG24Game:
        """A copy to play on while this game stays as it is (a hosted game's next draft, from the game after its
        published phases: hosting/fold.py): its own state (:meth:`GameState.snapshot`: the history's entries and
        the past effects shared, as no rule changes them) and list of results (the results shared: written once
        a phase, only read afterwards); the pack shared (it never changes). 鼎立三分2.0's game too."""
        new = copy.copy(self)
        new.state = self.state.snapshot(past_effects=False)
        new.results = list(self.results)
        return new

    # ---- creation -------------------------------------------------------------
    @classmethod
    def bundled_pack(cls) -> Pack:
        """The pack a game is created with when none is given (a rule set built on this engine names its own)."""
        return default_pack()

    @classmethod
    def create(cls, seats: Sequence[SeatSpec], seed: int, pack: Pack | None = None) -> SG24Game:
        pack = pack or cls.bundled_pack()
        players = cls.seat_players(seats, pack)
        state = GameState(rules=cls.rules, seed=seed, rng=GameRandom(seed), players=players)
        state.extra.update({"checks": {}, "pending_joins": {}, "joined": {}, "lives": {pid: [p.character] for pid, p
                                                                                         in players.items()}})
        game = cls(state, pack)
        game._first_recognition()
        return game

    @classmethod
    def seat_players(cls, seats: Sequence[SeatSpec], pack: Pack) -> dict[str, Player]:
        """Each seat's player, its seat checked against the pack: a distinct id, a known character of the seat's
        country and identity, no character twice. :meth:`check_character` and :meth:`check_taken` are the rule
        set's own further checks (鼎立: starting characters, seats two characters share)."""
        players: dict[str, Player] = {}
        taken: set[str] = set()
        for i, seat in enumerate(seats):
            if not isinstance(seat.id, str) or not seat.id.strip():
                raise SetupError(i, "玩家ID不能为空")
            if seat.id in players:
                raise SetupError(i, f"玩家ID「{seat.id}」重复")
            char = pack.get(seat.character)
            if char is None:
                raise SetupError(i, f"{seat.id}：未知的角色「{seat.character}」")
            cls.check_character(i, seat.id, char)
            country = _norm_country(seat.country)
            if country != char.country:
                raise SetupError(i, f"{seat.id}：{char.name}属于{char.country}，而不是「{seat.country}」")
            identity = _norm(seat.identity)
            if identity != char.identity:
                raise SetupError(i, f"{seat.id}：{char.name}的身份是{char.identity}，而不是「{seat.identity}」")
            if char.name in taken:
                raise SetupError(i, f"{seat.id}：角色「{char.name}」已被其他玩家选择")
            cls.check_taken(i, seat.id, char, taken)
            taken.add(char.name)
            players[seat.id] = Player(id=seat.id, seat=i, country=country, identity=identity, character=char.name,
                                      skills=[s.name for s in char.skills])
        return players

    @classmethod
    def check_character(cls, index: int, pid: str, char: Character) -> None:
        """Raise a ``SetupError`` if the rules do not let ``char`` be seated at the start (24人: any may)."""

    @classmethod
    def check_taken(cls, index: int, pid: str, char: Character, taken: set[str]) -> None:
        """Raise a ``SetupError`` if ``char`` may not join the characters already ``taken`` (beyond the same one)."""

    def _first_recognition(self) -> None:
        """「每国初始拥有两个杀手，登场互相认识」: a country's killers know each other from the start."""
        for country in COUNTRIES:
            killers = [p for p in self.state.players.values() if p.country == country and p.identity == "杀手"]
            for a in killers:
                for b in killers:
                    if a is not b:
                        a.known[b.id] = b.character

    # ---- queries ----------------------------------------------------------------
    def character(self, pid: str) -> Character:
        found = self.pack.get(self.state.player(pid).character)
        assert found is not None
        return found

    def held(self, pid: str) -> tuple[SkillData, ...]:
        """``pid``'s character's own skills, then those he holds by inheritance (R-inherit-2)."""
        own = self.character(pid).skills
        names = self.state.player(pid).skills
        return own + tuple(s for s in self.pack.holdable(self.state.player(pid).character) if s not in own and s.name in names)

    def allowances(self, pid: str) -> tuple[Allowance, ...]:
        """``pid``'s 指认 allowances tonight: his character's, then any a skill gave him for this night only
        (``state.extra["allowances"]``: 陈登【河海豪气】's 「次夜指认1个ID具有其中某一项评价」)."""
        if revival.lost_recognition(self.state, pid):  # 「从此失去指认能力」 (夏侯惇【拔矢啖睛】)
            return ()
        extra = self.state.extra.get("allowances", {}).get(str(self.number), {}).get(pid, [])
        return (*self.character(pid).recognition, *(Allowance("evaluation", 1, tuple(of)) for of in extra))

    def evaluations(self, pid: str, phase: Phase | None = None) -> tuple[str, ...]:
        """The player's 评价 now: all nine where a skill gives them in ``phase`` (葛玄【一叶障目】: 「当夜视为拥有全评价」);
        else his character's, unless a skill changed them while he plays it (孔融【逆天改命】:
        ``state.extra["evaluations"]``, kept with the character they were set on)."""
        if phase is not None and pid in phase.all_evaluations:
            return EVALUATIONS
        changed = self.state.extra.get("evaluations", {}).get(pid)
        if changed is not None and changed["character"] == self.state.player(pid).character:
            return tuple(changed["evaluations"])
        return tuple(self.character(pid).evaluations)

    def members(self, country: str) -> list[Player]:
        """The ids still in the game that belong to ``country`` (joined 在野 included)."""
        return [p for p in self.state.living() if p.country == country]

    def has_lord(self, country: str) -> bool:
        """「若某一方君主不存在」: no id of the country holds a 君主 character any more."""
        return any(p.identity == "君主" for p in self.members(country))

    def has_strategist(self, country: str) -> bool:
        """「军师存在时，该国角色才能进行指认行动和发动技能。」"""
        return any(p.identity == "军师" for p in self.members(country))

    def chief_strategist(self, country: str) -> Player | None:
        """Who answers a 投奔: the 主军师, or while he is gone the country's other living 军师 (R-SG8)."""
        strategists = [p for p in self.members(country) if p.identity == "军师"]
        chief = [p for p in strategists if self.character(p.id).chief_strategist]
        pool = chief or strategists
        return min(pool, key=lambda p: p.seat) if pool else None

    def can_act(self, player: Player) -> bool:
        """「受伤状态时，角色不能进行任何行动」; nor the ids of a side that fell (R-SG15)."""
        if player.country in self.state.eliminated:
            return False
        return player.status is Status.ALIVE or (player.status is Status.INJURED and acts_wounded(self, player))

    def actions_allowed(self, pid: str, sent: Sequence[Action] = ()) -> int:
        """How many actions ``pid`` may send this phase: two on a night an earlier night's ``act_twice`` named him
        (「令该ID次夜可以行动两次」, 鲁肃【秣马厉兵】; not more with several), else one; no limit on a night he sends (among
        ``sent``) a skill that lifts it (左慈【天遁】: 「当夜不限制行动次数」)."""
        if unlimited_tonight(self, pid, sent):
            return UNLIMITED
        return 2 if pid in self.state.extra.get("act_twice", {}).get(str(self.state.index), []) else 1

    def knows(self, a: str, b: str) -> bool:
        return recognition.knows(self.state, a, b)

    def mutual(self, a: str, b: str) -> bool:
        """「若A单方认识B且B单方认识A，则两者互相认识。」 (:mod:`tianting.engine.recognition`)"""
        return recognition.mutual(self.state, a, b)

    # ---- checking actions -----------------------------------------------------
    def _target(self, action: Action, n: int = 1) -> list[Player]:
        if len(action.targets) != n:
            raise IllegalAction(f"{action.actor}：【{action.skill}】需要指定{n}个ID", "targets")
        out = []
        for t in action.targets:
            if t not in self.state.players or not self.state.player(t).alive:
                raise IllegalAction(f"{action.actor}：「{t}」不是场上的ID", "targets")
            out.append(self.state.player(t))
        return out

    def acting_player(self, action: Action) -> Player:
        """The player of ``action``, refused unless the game goes on and the id is in it."""
        if self.state.over:
            raise IllegalAction("游戏已经结束", "over")
        if action.actor not in self.state.players:
            raise IllegalAction(f"未知的玩家「{action.actor}」", "actor")
        player = self.state.player(action.actor)
        if not player.alive:
            raise IllegalAction(f"{player.id} 已退出游戏", "out")
        return player

    def check_action(self, action: Action, accepted: Sequence[Action]) -> None:
        """Raise IllegalAction (a Chinese message) unless ``action`` may join ``accepted`` tonight."""
        player = self.acting_player(action)
        if self.phase is PhaseKind.DAY:
            if _norm(action.skill) == SUICIDE:
                raise IllegalAction("自杀在夜晚行动提交阶段提交", "suicide-day")
            self._check_skill(player, action, accepted, day=True)
            return
        if player.country in self.state.eliminated:
            raise IllegalAction(f"{player.country}已灭国，{player.id} 不能再行动", "eliminated")
        if not self.can_act(player) and not self.wounded_use(player, action):
            raise IllegalAction(f"{player.id} 处于受伤状态，不能进行任何行动", "injured")
        mine = [a for a in accepted if a.actor == player.id]
        skill = _norm(action.skill)
        if skill == SUICIDE or any(_norm(a.skill) == SUICIDE for a in mine):
            from tianting.rules.sg24.declared.codes.mishi import successor_acts

            if skill != SUICIDE and successor_acts(self, player, action, mine):  # 「当夜黄月英仍可发动自己的技能」
                return
            named = suicide_skill(self, player) if skill == SUICIDE and action.targets else None
            if named is not None and named.suicide is not None:  # a 自杀 naming an id: 糜氏【深明大义】's
                named.suicide(self, action)
            from tianting.rules.sg24.declared.codes.wolong import cannot_suicide

            if skill == SUICIDE and cannot_suicide(self.state, player.id):  # 「若被困结果为BC，被困者无法自杀」
                raise IllegalAction(f"{player.id} 被困于八阵（判定结果为继续被困），无法自杀", "trapped")
            _check_suicide(player.id, action, mine, named is not None)
            return
        if skill == STAB:
            if player.identity != "杀手" or player.country not in COUNTRIES:
                raise IllegalAction(f"{player.id}（{player.character}）不是杀手，不能刺杀", "not-killer")
            allowed = stabs_allowed(self, player)
            if sum(1 for a in mine if _norm(a.skill) == STAB) >= allowed:
                raise IllegalAction(f"{player.id} 本夜已经提交了刺杀（每名杀手每夜{'一' if allowed == 1 else allowed}次）",
                                    "once")
            (target,) = self._target(action)
            if target.id == player.id:
                raise IllegalAction(f"{player.id} 不能刺杀自己", "self")
        elif skill == RECOGNISE:
            self._check_recognition(player, action, mine)
        elif skill == RECRUIT:
            if player.identity != "君主" or player.country not in COUNTRIES:
                raise IllegalAction(f"{player.id} 不是君主，不能招揽在野", "not-lord")
            self._gate(player, "指认")
            if any(_norm(a.skill) == RECRUIT for a in mine):
                raise IllegalAction(f"{player.id} 本夜已经招揽过一个在野", "once")
            self._target(action)
            if self.pack.get(action.args.get("character")) is None:
                raise IllegalAction(f"{player.id}：招揽须指认其为某个角色（角色）", "character")
        elif skill == APPLY:
            if player.country != UNALIGNED:
                raise IllegalAction(f"{player.id} 已属于{player.country}，不能投奔", "joined")
            if self.number < 2:
                raise IllegalAction("游戏第二夜开始，在野才可以申请投奔", "too-early")
            if any(_norm(a.skill) == APPLY for a in mine):
                raise IllegalAction(f"{player.id} 每夜只能申请加入一个国家", "once")
            if _norm_country(action.args.get("country", "")) not in self.open_countries():
                raise IllegalAction(f"{player.id}：投奔须指明一个尚未灭国的国家（国籍：{'、'.join(self.open_countries())}）",
                                    "country")
        else:
            self._check_skill(player, action, accepted, day=False)

    def open_countries(self) -> list[str]:
        return [c for c in COUNTRIES if c not in self.state.eliminated]

    def _gate(self, player: Player, what: str) -> None:
        if player.country in COUNTRIES and not self.has_strategist(player.country):
            raise IllegalAction(f"{player.country}已没有军师，{player.id} 不能{what}", "no-strategist")

    def _check_recognition(self, player: Player, action: Action, mine: list[Action]) -> None:
        self._gate(player, "指认")
        (target,) = self._target(action)
        if target.id == player.id:
            raise IllegalAction(f"{player.id} 不能指认自己", "self")
        allowance = self._allowance_for(player, action)
        used = sum(1 for a in mine if _norm(a.skill) == RECOGNISE and self._allowance_for(player, a) == allowance)
        if used >= allowance[1].count:
            raise IllegalAction(f"{player.id}：这一项指认每夜只能指认{allowance[1].count}个ID", "count")

    def _allowance_for(self, player: Player, action: Action) -> tuple[int, Any]:
        """The allowance an action of 指认 uses (the first that fits): raises IllegalAction if none."""
        char = self.character(player.id)
        asked_char = action.args.get("character")
        asked_eval = action.args.get("evaluation")
        for i, a in enumerate(self.allowances(player.id)):
            if a.from_night > self.number:
                continue
            if a.kind == "character" and asked_char is not None:
                named = self.pack.get(asked_char)
                if named is not None and any(named.name in self.pack.fitting(opt) for opt in a.of):
                    return i, a
            if a.kind == "evaluation" and asked_eval is not None and _norm(asked_eval) in a.of:
                return i, a
        may = recognition_choices(self, player.id)
        offered = "；".join(f"{label}：{'、'.join(may[k])}" for k, label in (("character", "角色"), ("evaluation", "评价"))
                           if may.get(k))
        raise IllegalAction(f"{player.id}（{char.name}）没有这样的指认（今夜可以指认的{offered or '：无'}）", "allowance")

    def _check_skill(self, player: Player, action: Action, accepted: Sequence[Action], day: bool) -> None:
        data = held_data(self, player, action.skill)  # his character's, or one he holds of another (learned.py)
        if data is None:
            raise IllegalAction(f"{player.id}（{player.character}）没有技能【{action.skill}】", "no-skill")
        if data.kind != "active":
            raise IllegalAction(f"【{data.name}】是被动技能，不能主动发动", "passive")
        for t in action.targets:  # the judge rules the use (R-SG23-conform), but only on ids of the table
            if t not in self.state.players:
                raise IllegalAction(f"{action.actor}：「{t}」不是本局的ID", "targets")
        if not day and not self.can_act(player) and not self.wounded_use(player, action):
            raise IllegalAction(f"{player.id} 处于受伤状态，不能进行任何行动", "injured")
        self._gate(player, "发动技能")
        self._check_declared(player, data, action)
        # 「没有特殊说明的情况下，每个角色每个晚上可以且最多使用一个主动技能。」 (two where :meth:`actions_allowed` says)
        if sum(1 for a in accepted if a.actor == player.id
               and _norm(a.skill) not in GENERAL_ACTIONS) >= self.actions_allowed(player.id, [*accepted, action]):
            raise IllegalAction(f"{player.id} 本{'日' if day else '夜'}已经使用了一个主动技能", "one-skill")

    def wounded_use(self, player: Player, action: Action) -> bool:
        """A declared skill 「只能在受伤状态下使用」 (its condition: its owner wounded) is used while wounded."""
        if player.country in self.state.eliminated or player.status is not Status.INJURED:
            return False
        data = held_data(self, player, action.skill)
        d = data.effect if data is not None and not pack_edition.first(self.state) else None
        return isinstance(d, Declared) and any(c.test == "wounded" and c.value is True and c.who == "self"
                                               for c in d.conditions)

    def _check_declared(self, player: Player, data: Any, action: Action) -> None:
        """A declared skill's own limits: once a game (「只能使用一次」), from its night, its one target."""
        d = data.effect
        if isinstance(d, Bespoke) and not pack_edition.first(self.state):
            code = REGISTRY[d.code]
            if code.once and player.used.get(data.name):  # a code counting its own uses checks them (逆天改命)
                raise IllegalAction(f"【{data.name}】只能使用一次，已经消耗", "spent")
            if data.kind == "active" and code.uses is not None and player.used.get(data.name, 0) >= code.uses:
                raise IllegalAction(f"【{data.name}】只能使用一次，已经消耗" if code.uses == 1 else  # R53
                                    f"【{data.name}】只能使用{code.uses}次，已经用完", "spent")
            code.check(self, action)
            return
        if not isinstance(d, Declared) or pack_edition.first(self.state):
            return
        uses = d.uses
        if uses == 1 and player.used.get(data.name):
            raise IllegalAction(f"【{data.name}】只能使用一次，已经消耗", "spent")
        if uses is not None and player.used.get(data.name, 0) >= uses:
            raise IllegalAction(f"【{data.name}】只能使用{uses}次，已经用完", "spent")
        if uses is None and player.used.get(data.name):  # used up by another's skill (「同时消耗【浑身是胆】」)
            raise IllegalAction(f"【{data.name}】已经消耗，不能再用", "spent")
        wounded = next((c for c in d.conditions if c.test == "wounded" and c.who == "self"), None)
        if wounded is not None and player.injured != wounded.value:
            raise IllegalAction(f"【{data.name}】只能在{'受伤' if wounded.value else '非受伤'}状态下使用", "not-now")
        if self.number < d.from_night:
            raise IllegalAction(f"【{data.name}】第{d.from_night}夜起才能使用", "too-early")
        if needs_target(d):
            self._target(action)
            if any(c.test == "other" for c in d.conditions) and action.targets[0] == player.id:
                raise IllegalAction(f"【{data.name}】不可指定自己", "self")
        missing = unmet(self.state, d)
        if missing is not None:
            raise IllegalAction(f"【{data.name}】现在还不能使用：{condition_text(missing, 'use')}", "not-yet")

    def check_vote(self, voter: str, target: str) -> None:
        for pid in (voter, target):
            if pid not in self.state.players or not self.state.player(pid).alive:
                raise IllegalAction(f"「{pid}」不是场上的ID", "vote")

    # ---- harm and deaths ------------------------------------------------------------
    def _harms_left(self, phase: Phase, pid: str, aimed: list[Harm], defences: Sequence[Defence]) -> list[Harm]:
        """The harms aimed at ``pid`` that land (:func:`tianting.engine.harm.defend`, in seed 001's defence order);
        each stopped one is kept with why (:attr:`Phase.stopped`)."""
        out = harm.defend(self.state.rng, pid, aimed, defences, effects.protected_from(phase, pid), self.defence_order)
        for line in out.notes:
            phase.note(line)
        phase.stopped.update((id(h), why) for h, why in out.stopped)
        phase.used_defences += out.used
        phase.defended += out.pairs
        return landed_once(out.left, phase.echoes)

    def _apply_harms(self, phase: Phase, harms: list[Harm], defences: Sequence[Defence], book: DecisionBook,
                     lessen: Mapping[str, int] | None = None, deepen: Mapping[str, int] | None = None) -> None:
        """Everything at once: per target (in seat order), one defence each stops one harm (the greatest first),
        then the rest are summed (:func:`tianting.engine.harm.summed`: any 致死 kills, a 致伤 wounds, a second
        致伤 or one on the already wounded kills) and the sum shifted by 减轻 / 加深 (``lessen`` / ``deepen``, 鼎立's
        rulings: 「将当夜该角色受到所有伤害事件进行汇总。此时有一些技能可使该角色的伤害减轻或加深」, D-H2). The judge's
        own harms are neither spared nor defended (as KK 3.3's R44: nothing prevents or lessens them)."""
        lessen, deepen = lessen or {}, deepen or {}
        by_target: dict[str, list[Harm]] = {}
        for h in harms:
            by_target.setdefault(h.target, []).append(h)
        dying: list[tuple[str, str]] = []
        takers = harm_takers(self)  # passives that may take a landed harm on themselves (周泰【舍身护主】)
        landed: dict[str, list[Harm]] = {}
        for pid in sorted(set(by_target) | set(lessen) | set(deepen), key=lambda p: self.state.player(p).seat):
            if not self.state.player(pid).alive:
                continue
            left = self._harms_left(phase, pid, by_target.get(pid, []), defences)
            if takers:
                landed[pid] = left
            else:
                self._land(phase, pid, left, lessen, deepen, dying)
        if takers:
            for owner, data, code in takers:
                assert code.after_defences is not None
                code.after_defences(self, phase, owner, data, landed, book)
            for pid in sorted(landed, key=lambda p: self.state.player(p).seat):
                self._land(phase, pid, landed[pid], lessen, deepen, dying)
        for pid, cause in dying:
            self.kill(phase, pid, cause, book)

    def _land(self, phase: Phase, pid: str, left: list[Harm], lessen: Mapping[str, int], deepen: Mapping[str, int],
              dying: list[tuple[str, str]]) -> None:
        """The harms that landed on ``pid``, summed and shifted: he is wounded now, or his death waits in ``dying``."""
        if not left:
            return
        player = self.state.player(pid)
        total = harm.summed(left, player.injured)
        level = harm.shifted(total, lessen.get(pid, 0), deepen.get(pid, 0))
        marked = unhealable(self.state, pid)  # 「不可抵挡……受伤不可痊愈状态」: a marked wound is not lessened away
        if marked and level < Level.WOUND <= total and any(h.cause == marked for h in left):
            level = Level.WOUND
        if level < total:
            phase.note(f"{pid} 的伤害减轻{lessen.get(pid, 0) - deepen.get(pid, 0)}级")
        elif level > total:
            phase.note(f"{pid} 的伤害加深：受伤直接死亡")
        if level is Level.KILL:
            dying.append((pid, self._death_cause(player, left)))
        elif level is Level.WOUND and not player.injured:
            effects.wound(phase, pid, f"（{harm.deadliest(left).cause}）")
            self.state.extra["checks"][pid] = 0
        elif level is Level.NONE:
            phase.note(f"{pid} 伤害减轻为状态正常")

    def _death_cause(self, player: Player, left: Sequence[Harm]) -> str:
        """The cause of a death of the night's summed harm: a 致死's, else 「伤上加伤」 (two wounds, or one on the
        wounded)."""
        deadly = next((h for h in left if h.level is Level.KILL), None)
        return deadly.cause if deadly is not None else "伤上加伤"

    def healed(self, pid: str) -> None:
        """A wound the judge healed leaves no 伤判 pending."""
        self.state.extra["checks"].pop(pid, None)

    def _defences(self, judged: Sequence[Ruling]) -> tuple[Defence, ...]:
        """The judge's ``defend`` rulings as defences in play (a pack skill's protection the judge finds)."""
        return tuple(Defence(r.target, r.owner or r.target, r.active, r.text or r.why or "天庭裁定")
                     for r in self.rulings.of("defend", judged) if r.target)

    def kill(self, phase: Phase, pid: str, cause: str, book: DecisionBook, natural: bool = False) -> None:
        """The player's character dies: the successor plays on, or the id leaves the game.

        「第一命角色死亡时，由其继任者继续游戏。」「全部继任者都死亡则退出游戏，场上不再存在该ID。」"""
        player = self.state.player(pid)
        dead = player.character
        held, used = list(player.skills), dict(player.used)
        revival.ended(self, pid, dead, cause, held, natural)  # for 【起死回生】 (declared/revival.py)
        successor = succession.choose(self.state.rng, book, pid, "继任", self.successor_options(pid),
                                      lambda a, o: (c := self.pack.get(a)) is not None and c.name == o)
        self.state.extra["checks"].pop(pid, None)
        player.wounded_at = None
        if successor is None:
            player.status = Status.OUT
            phase.deaths.append(Death(pid, dead, cause))
            phase.note(f"{pid}（{dead}）死亡，退出游戏：{cause}")
        else:
            succ = self.pack.characters[successor]
            succession.enter(player, successor, (s.name for s in succ.skills), succ.identity)
            if not pack_edition.first(self.state):  # edition 1: every pack skill the judge's, nothing passes on
                inherit_learned(self, phase, pid, held, dead)  # a learned skill that passes on (learned.py)
            if successor == "孙策" and not pack_edition.first(self.state):  # 「登场时可选择与周瑜或者与太史慈结义」
                sunce_oath(self, phase, pid, book)
            self.state.extra["lives"][pid].append(successor)
            self.state.extra.setdefault("entered", {})[pid] = self.state.index  # 「登场满三日」 counts from here
            phase.deaths.append(Death(pid, dead, cause, out=False))
            phase.note(f"{pid}（{dead}）死亡，由继任者{successor}继续游戏：{cause}")
            effects.tell(phase, pid, texts.successor(dead, successor), "继任")
            if not pack_edition.first(self.state):
                inherit.enter(self, phase, pid, dead, held)  # 继承: the predecessor's skills he may keep
        (phase.natural if natural else phase.died).append(pid)
        if not pack_edition.first(self.state):
            died_learned(self, phase, pid, dead, held, used)  # a skill that acts at its holder's death (learned.py)
        if cause != SUICIDE:
            declared_killed(self, phase, dead, held, used)

    def remove(self, phase: Phase, pid: str, cause: str) -> None:
        """脱离游戏: the id leaves the game at once, its character with no successor (counted with the night's dead,
        with last words, as the 8.1 list's 釋疑 of 【料事如神】 rules)."""
        player = self.state.player(pid)
        self.state.extra["checks"].pop(pid, None)
        player.status = Status.OUT
        phase.deaths.append(Death(pid, player.character, cause))
        phase.note(f"{pid}（{player.character}）脱离游戏：{cause}")
        phase.died.append(pid)

    def successor_options(self, pid: str, character: str | None = None, lived: Sequence[str] = ()) -> list[str]:
        """Who may succeed ``pid``'s character (or ``character``) at its death: its successors that are not in
        play and that this id has not played (nor ``lived``)."""
        in_play = {p.character for p in self.state.living() if p.id != pid}
        gone = set(self.state.extra["lives"][pid]) | set(lived)
        found = self.pack.get(character) if character is not None else self.character(pid)
        assert found is not None
        return succession.options(found.successors, in_play, gone)

    # ---- night ----------------------------------------------------------------------
    night_class: type[Night] = Night
    """The night's stages (:mod:`.night`); a rule set built on these rules declares its own steps."""

    def resolve_night(self, actions: Sequence[Action], book: DecisionBook | None = None,
                      last_words: dict[str, str] | None = None, judged: Sequence[Ruling] = (),
                      defences: Sequence[Defence] = (), digits: Mapping[str, Any] | None = None) -> PhaseResult:
        """Resolve a night of checked actions, stage by stage (:class:`.night.Night`). ``judged``: the judge's
        rulings (:mod:`.rulings`); ``defences``: defences the judge found in play (skills the pack leaves to him);
        ``digits``: a night's own inputs where the rule set has them (鼎立's 拼点 digits, ``night_inputs``)."""
        if self.phase is not PhaseKind.NIGHT:
            raise IllegalAction("现在不是夜晚", "wrong-phase")
        return self.night_class(self, actions, book or DecisionBook(), last_words or {}, judged, defences,
                                digits or {}).resolve()

    def order_key(self, a: Action) -> tuple[int, str, tuple[str, ...], list[str]]:
        """「所有行动同时结算」: the night's one order of actions (seat, skill, targets, args), not the order sent."""
        return self.state.player(a.actor).seat, _norm(a.skill), a.targets, sorted(map(str, a.args.items()))

    def _general_actions(self, night: Phase, live: Sequence[Action]
                         ) -> tuple[list[Harm], dict[str, dict[str, str]], dict[str, str]]:
        """结算时生效: the night's general actions in ``live``'s order: the stabs' harms first, then every 指认
        and 招揽 (their feedback once all are known), and the 入国申请 by applicant. Returns the harms, the
        invitations (for :meth:`_joining`) and the applications."""
        harms: list[Harm] = []
        for a in live:
            if _norm(a.skill) == STAB:
                harms += self._stab(night, a)
        invites: dict[str, dict[str, str]] = {}
        found: list[dict[str, Any]] = []
        for a in live:
            skill = _norm(a.skill)
            if skill == RECOGNISE:
                one = self._recognise(night, a)
                night.outcomes.settle(a, DONE)  # answered, right or wrong (「反之，则反馈A不是猛将」)
                if one is not None:
                    found.append(one)
            elif skill == RECRUIT:
                self._recruit(night, a, invites)
        self._recognition_feedback(night, found)
        applications = {a.actor: _norm_country(a.args["country"]) for a in live if _norm(a.skill) == APPLY}
        night.applied.update((a.actor, a) for a in live if _norm(a.skill) == APPLY)
        return harms, invites, applications

    def _settle_stabs(self, night: Phase) -> None:
        """A stab whose harm was stopped (a defence, an id spared) had no effect (``void``, as KK 3.3's stab that
        援護 stops); any other went off, lessened or not."""
        for dealt, a in night.stabs:
            why = night.stopped.get(id(dealt))
            if why is not None and any(of == id(dealt) and copy not in night.stopped for copy, of in night.echoes.items()):
                why = None  # a copy of it landed (「三倍的效果」): the stab went off
            night.outcomes.settle(a, DONE if why is None else VOID, why or "")

    def _record(self, phase: Phase, actions: Sequence[Action], judged: Sequence[Action] | None = None) -> None:
        """The phase's history entry: every action with what came of it (:mod:`.outcomes`). ``judged``: the
        character skills the engine leaves to the judge (by default every one: the pack gives them no effect,
        R-SG11), each ``pending`` unless something decided it (a void ruling) and marked ``judged``."""
        if judged is None:
            judged = [a for a in actions if _norm(a.skill) not in GENERAL_ACTIONS]
        for a in judged:
            phase.outcomes.settle(a, PENDING, "待天庭裁定")
        self.state.history.append({"phase": self.phase.value, "index": self.state.index,
                                   "actions": phase.outcomes.entries(actions, judged)})

    def _natural_deaths(self, night: Phase, book: DecisionBook) -> None:
        """自然死亡: 「如徐庶是游戏第三夜结算时自然死亡」 — after the night's harm, not counted, in seat order."""
        for p in sorted(self.state.living(), key=lambda p: p.seat):
            if p.id not in night.died and self.character(p.id).natural_death == self.number:
                self.kill(night, p.id, "自然死亡", book, natural=True)

    def _stab(self, night: Phase, a: Action) -> list[Harm]:
        target = self.state.player(night.redirects.get(id(a), a.targets[0]))
        harms = self.stab(night, a.actor, target.id, by_killer=True)
        if harms:
            night.stabs.append((harms[0], a))
        elif not target.alive:
            night.outcomes.settle(a, FAILED, f"{target.id} 已退出游戏")
        else:
            night.outcomes.settle(a, VOID, "刺杀到本国君主")
        return harms

    def stab(self, night: Phase, actor: str, target_id: str, by_killer: bool) -> list[Harm]:
        """A stab's harm. 「刺杀到本国君主时，刺杀无效。刺杀到本国时，刺杀致死一半概率减轻为致伤。
        非杀手因技能发动的刺杀不会有同国判定。」 (``by_killer`` False: a stab a skill makes)."""
        killer, target = self.state.player(actor), self.state.player(target_id)
        if not target.alive:
            return []
        relation = "本国" if by_killer and target.country == killer.country else None
        verdict = SAME_COUNTRY.judge(self.state.rng, killer.id, target.id, relation, target.identity == "君主")
        if verdict is Verdict.VOID:
            night.note(f"{killer.id} 的刺杀对 {target.id} 无效：刺杀到本国君主")
            return []
        if verdict is Verdict.LESSENED:
            night.note(f"{killer.id} 刺杀本国的 {target.id}：致死减轻为致伤")
            return [Harm(target.id, WOUND, "刺杀", [killer.id], by=killer.id)]
        return [Harm(target.id, DEATH, "刺杀", [killer.id], by=killer.id)]

    def _recognise(self, night: Phase, a: Action) -> dict[str, Any] | None:
        """同国指认 (a character named) and 评价指认 (an evaluation or identity asked). A right 同国指认
        is learned at once; its feedback waits for the night's other 指认 (:meth:`_recognition_feedback`)."""
        actor, target = self.state.player(a.actor), self.state.player(a.targets[0])
        _, allowance = self._allowance_for(actor, a)
        misled = actor.id in night.misled  # answered wrongly; the passives a right 指认 sets off still go off
        if "character" in a.args:
            named = self.pack.get(a.args["character"])
            assert named is not None
            right = target.character == named.name
            if right:
                night.recognitions.append((actor.id, target.id, named.name))
            if right and not misled:
                actor.known[target.id] = target.character
            night.note(f"{actor.id} 指认 {target.id} 为{named.name}：{'正确' if right else '错误'}"
                       + ("（反馈结果错误）" if misled else ""))
            return {"actor": actor.id, "target": target.id, "named": named.name, "right": right != misled,
                    "feedback": allowance.feedback}
        asked = _norm(a.args["evaluation"])
        night.asked.append((actor.id, target.id, asked))
        has = asked in self.evaluations(target.id, night) or asked == seen.identity(self.state, target)  # R-weimisc-9
        night.note(f"{actor.id} 评价指认 {target.id} 是否{asked}：{'是' if has else '否'}"
                   + ("（反馈结果错误）" if misled else ""))
        if allowance.feedback:
            effects.tell(night, actor.id, texts.evaluation(target.id, asked, has != misled), RECOGNISE, target.id,
                         {"evaluation": asked, "has": has != misled})
        return None

    def _recognition_feedback(self, night: Phase, found: list[dict[str, Any]]) -> None:
        """「若A单方认识B且B单方认识A，则两者互相认识」: told after every 指认 of the night is in."""
        for f in found:
            if f["feedback"]:
                mutual = f["right"] and self.mutual(f["actor"], f["target"])
                effects.tell(night, f["actor"], texts.recognised(f["target"], f["named"], f["right"], mutual),
                             RECOGNISE, f["target"], {"character": f["named"], "right": f["right"], "mutual": mutual})

    def _recruit(self, night: Phase, a: Action, invites: dict[str, dict[str, str]]) -> None:
        """君主招揽: 「被君主指认到的在野角色会得到通知，是否加入该国」."""
        lord, target = self.state.player(a.actor), self.state.player(a.targets[0])
        named = self.pack.get(a.args["character"])
        right = named is not None and target.character == named.name and target.country == UNALIGNED
        night.note(f"{lord.id} 招揽 {target.id}（指认为{named.name if named else '?'}）：{'正确' if right else '不成立'}")
        effects.tell(night, lord.id, texts.recruit_sent(target.id, right), RECRUIT, target.id, {"right": right})
        if right:
            invites.setdefault(target.id, {})[lord.country] = lord.id  # the 君主 who asked: he may die tonight (R-SG17)
            night.recruits[lord.id] = a
            night.outcomes.settle(a, DONE)  # 「被君主指认到的在野角色会得到通知」 (unless he leaves tonight: _uninvited)
        else:
            night.outcomes.settle(a, FAILED, "指认错误，招揽未成" if target.country == UNALIGNED
                                  else f"{target.id} 不是在野，招揽未成")

    def _joining(self, night: Phase, invites: dict[str, dict[str, str]], applications: dict[str, str],
                 book: DecisionBook) -> None:
        """在野入国: answers now, joining 「次夜开始时」; 君主招揽 > 主动投奔; quotas by head count."""
        rng = self.state.rng
        offers: list[tuple[int, str, str, str]] = []  # (priority, 在野, country, who recognises)
        for pid in sorted(invites, key=lambda p: self.state.player(p).seat):
            if not self.state.player(pid).alive or self.state.player(pid).country != UNALIGNED:
                self._uninvited(night, invites[pid], f"{pid} 已退出游戏，未得到招揽通知")
                continue
            countries = sorted(set(invites[pid]), key=COUNTRIES.index)
            choice = book.choose(rng, pid, "入国", countries + ["拒绝"], lambda ans, o: _norm_country(ans) == o
                                 or ans == o, default=countries[0] if len(countries) == 1 else None)
            if choice != "拒绝":
                offers.append((0, pid, choice, invites[pid][choice]))
        unaligned = [p for p in self.state.living() if p.country == UNALIGNED and p.id not in night.died]
        for pid, a in night.applied.items():
            if not any(p.id == pid for p in unaligned):
                night.outcomes.settle(a, FAILED, f"{pid} 当夜死亡，投奔未获处理")
        if self.number >= 2:
            for p in sorted(unaligned, key=lambda p: p.seat):
                if any(o[1] == p.id for o in offers):
                    if p.id in night.applied:
                        night.outcomes.settle(night.applied[p.id], FAILED, "已同意君主招揽（君主招揽>主动投奔）")
                    continue
                country = applications.get(p.id)
                if country is None:
                    # 「若在野没有被君主招揽，则天庭会给在野随机一个投奔国家」
                    open_ = self.open_countries()
                    if not open_:
                        continue
                    country = rng.pick(f"在野随机投奔 {p.id}", open_)
                    night.note(f"天庭为 {p.id} 随机投奔{country}")
                chief = self.chief_strategist(country)
                if chief is None:
                    night.note(f"{p.id} 投奔{country}未获回应：{country}没有军师")
                    if p.id in night.applied:
                        night.outcomes.settle(night.applied[p.id], FAILED, f"{country}没有军师，投奔未获回应")
                    continue
                if p.id in night.applied:
                    night.outcomes.settle(night.applied[p.id], DONE)  # put to the 主军师, whatever he answers
                answer = book.choose(rng, chief.id, "投奔", ["同意", "拒绝"], same_word, default="拒绝")
                night.note(f"{chief.id} 对 {p.id} 投奔{country}：{answer}")
                if answer == "同意":
                    offers.append((1, p.id, country, chief.id))
        pending: dict[str, Any] = self.state.extra["pending_joins"]
        seats_taken = dict(self.state.extra.setdefault("quota_used", {}))
        for priority in (0, 1):
            group = [o for o in offers if o[0] == priority and o[1] not in pending and o[1] not in night.died]
            if len(group) > 1:
                group = rng.shuffled(f"入国先后 {'招揽' if priority == 0 else '投奔'}", group, lambda o: o[1])
            for _, pid, country, by in group:
                if pid in pending:
                    continue
                self._admit(night, pending, seats_taken, quota(len(self.state.players)), pid, country, by)
        self.state.extra["quota_used"] = seats_taken

    @staticmethod
    def _admit(night: Phase, pending: dict[str, Any], used: dict[str, int], limit: int, pid: str, country: str,
               by: str | None) -> None:
        """An agreed joining takes one of ``country``'s places for 在野 if one of ``limit`` is left (「每个国家分别只能有…
        名在野角色加入」), told to the 在野 and to whoever agreed (``by``; none for a joining the judge ruled)."""
        if used.get(country, 0) >= limit:
            night.note(f"{pid} 未能加入{country}：{country}的在野名额已满")
            effects.tell(night, pid, texts.quota_full(country), "入国")
            return
        used[country] = used.get(country, 0) + 1
        pending[pid] = {"country": country, "by": by}
        effects.tell(night, pid, texts.will_join(country), "入国")
        if by is not None:
            effects.tell(night, by, texts.will_join_other(pid, country), "入国", pid)

    @staticmethod
    def _uninvited(night: Phase, by_country: dict[str, str], why: str) -> None:
        """The 招揽 of an 在野 who is not asked after all (he left the game tonight): they did not go off."""
        for lord in by_country.values():
            if lord in night.recruits:
                night.outcomes.settle(night.recruits[lord], FAILED, why)

    def _start_of_night(self, phase: Phase) -> None:
        """「同意后次夜开始时加入，与君主（主军师）互相认识。」 (鼎立: 「次夜开始后加入此国并和君主相互认识」; its 联盟
        names no one to recognise). A rule set adds what a joining, or one that lapsed, changes besides."""
        revival.ghosts_arrive(self.state)  # 【魂兮归来】: back as the day ends
        pending = self.state.extra["pending_joins"]
        for pid in sorted(pending, key=lambda p: self.state.player(p).seat):
            join = pending[pid]
            player = self.state.player(pid)
            if not player.alive:
                self._join_lapsed(phase, pid, join["country"])
                continue
            player.country = join["country"]
            self._joined(pid, join["country"])
            phase.note(f"{pid} 加入{join['country']}")
            if join["by"] is not None and self.state.player(join["by"]).alive:
                effects.recognise(phase, pid, join["by"], "在野入国", texts.mutual)
        pending.clear()

    def _join_lapsed(self, phase: Phase, pid: str, country: str) -> None:
        """An agreed joining whose 在野 left the game before the night began (24人: nothing more)."""

    def _joined(self, pid: str, country: str) -> None:
        """An 在野 has joined ``country`` (24人: his country is all that changes)."""

    def _announced_skills(self, live: Sequence[Action]) -> list[str]:
        """The night's post names every 全局技能 used (「当夜需要公告的技能（如全局技能）」): each live use of one, in
        seat order (as 鼎立三分2.0's 大事记 names its globals, ``texts.skill_used``)."""
        out = []
        for a in live:
            if _norm(a.skill) in GENERAL_ACTIONS:
                continue
            ch, data = held(self, self.state.player(a.actor), a.skill)
            if data is not None and self.pack.is_global(ch, data):
                out += announced(data, self.state) or [texts.skill_used(data.name)]  # 8.1's line, or the generic one
        return out

    def _skill_notices(self, night: Phase, live: Sequence[Action]) -> list[str]:
        """Uses of character skills, in timing order: each asks the judge for a ruling."""
        uses = [a for a in live if _norm(a.skill) not in GENERAL_ACTIONS]
        out = []

        def rank(a: Action) -> tuple[int, int]:
            data = held_data(self, self.state.player(a.actor), a.skill)
            return timing_rank(data.timing if data else None), self.state.player(a.actor).seat

        for a in sorted(uses, key=rank):
            data = held_data(self, self.state.player(a.actor), a.skill)
            assert data is not None
            line = texts.needs_ruling(a.actor, data.name, data.timing, data.attribute, a.targets, data.text)
            night.note(line)
            out.append(line)
        return out

    def _last_words(self, night: Phase, given: dict[str, str]) -> tuple[dict[str, str], list[str]]:
        """「夜晚死亡的角色可以书写遗言……一条遗言内不能出现多个ID」; none for natural deaths or from night 7."""
        words: dict[str, str] = {}
        warnings = []
        for pid, text in given.items():
            if pid not in night.died:
                warnings.append(f"{pid} 未于当夜死亡，其遗言不予公布")
            elif self.number >= SILENT_FROM_NIGHT:
                warnings.append(f"{pid}：游戏第七夜及之后死亡的角色没有遗言")
            else:
                named = [other for other in self.state.players if other != pid and other in text]
                if len(named) > 1:
                    warnings.append(f"{pid} 的遗言出现了多个ID（{'、'.join(named)}），不予公布，请天庭裁定")
                else:
                    words[pid] = text
        return words, warnings

    # ---- day -------------------------------------------------------------------------
    day_class: type[Day] = Day
    """The day's stages (:mod:`.day`)."""

    def resolve_day(self, votes: dict[str, str], book: DecisionBook | None = None, judged: Sequence[Ruling] = (),
                    actions: Sequence[Action] = (), digits: Mapping[str, Any] | None = None) -> PhaseResult:
        """白天受伤伤判阶段, then 白天行动投票阶段, stage by stage (:class:`.day.Day`). ``actions``: checked uses of
        skills by day, each left to the judge (listed in the trace and the warnings, as a night's); ``digits``:
        game-script.md."""
        if self.phase is not PhaseKind.DAY:
            raise IllegalAction("现在不是白天", "wrong-phase")
        return self.day_class(self, votes, book or DecisionBook(), judged, actions, digits or {}).resolve()

    def _wound_checks(self, day: Phase, digits: dict[str, int], book: DecisionBook) -> dict[str, str]:
        out: dict[str, str] = {}
        checks: dict[str, int] = self.state.extra["checks"]
        for p in sorted(self.state.living(), key=lambda p: p.seat):
            if not p.injured or p.wounded_at is None or p.wounded_at >= self.state.index:
                continue
            nth = min(checks.get(p.id, 0) + 1, 2)
            if heals_at_check(self.state, p.id):  # a declared skill's 「下一次伤害判定时自动痊愈」: no draw
                outcome, digit = "healed", None
            else:
                outcome, digit = wound_check(self.state.rng, p.id, nth, digits.get(p.id), wound_table(self, p, nth))
            after_check(self, day, p.id, outcome)
            day.note(f"{p.id} 第{nth}次伤判（{'技能作用，自动痊愈' if digit is None else f'数字{digit}'}）："
                     f"{texts.CHECK_WORDS[outcome]}")
            out[p.id] = outcome
            effects.tell(day, p.id, texts.wound_check(nth, outcome), "伤判", None, {"digit": digit, "nth": nth})
            if outcome == "healed":
                effects.heal(day, p.id, "伤判痊愈")
                checks.pop(p.id, None)
            elif outcome == "died":
                if not revival.deferred(self, day, p.id, f"第{nth}次伤判死亡"):  # 【拔矢啖睛】: the next night's
                    self.kill(day, p.id, f"第{nth}次伤判死亡", book)
            else:
                checks[p.id] = nth
        return out

    # ---- victory and peace --------------------------------------------------------------
    def eliminated_now(self) -> list[str]:
        """「某一方存在场上的人数小于等于2人，则判定其灭国，若没有君主，则灭国人数变更为小于等于3人。」"""
        out = []
        for c in COUNTRIES:
            limit = 2 if self.has_lord(c) else 3
            if c not in self.state.eliminated and len(self.members(c)) <= limit:
                out.append(c)
        return out

    def _victory(self, phase: Phase) -> None:
        fallen = self.eliminated_now()
        for c in fallen:
            self.state.eliminated.append(c)
            phase.note(f"{c}灭国")
        standing = self.open_countries()
        if len(standing) <= 1 and len(self.state.eliminated) >= 2:
            self.state.over = True
            self.state.winners = standing
            phase.note(f"{standing[0]}获胜" if standing else "三方同时灭国，无人获胜")

    def peace_agreed(self, proposer: str, agreed: Sequence[str]) -> str | None:
        """None if 三方议和 is agreed, else why not: every standing side agrees through its 君主, or
        through any of its members while it has none (R-SG10); the proposer must be one of them."""
        problem = self.peace_proposer_problem(proposer)
        if problem:
            return problem
        yes = set(agreed) | {proposer}
        missing = []
        for c in self.open_countries():
            voices = [p.id for p in self.members(c) if p.identity == "君主"] or [p.id for p in self.members(c)]
            if not yes & set(voices):
                missing.append(c)
        return f"以下各方未同意议和：{'、'.join(missing)}" if missing else None

    def peace_proposer_problem(self, proposer: str) -> str | None:
        """Why ``proposer`` cannot make a 议和 application at all (not on the table, or of no standing side)."""
        if proposer not in self.state.players or not self.state.player(proposer).alive:
            return f"「{proposer}」不是场上的ID"
        if self.state.player(proposer).country not in self.open_countries():
            return f"{proposer} 不属于任何尚存的一方，不能发起议和"
        return None

    def declare_peace(self, reason: str) -> None:
        """三方议和: the game ends with no winner."""
        self.state.over = True
        self.state.peace = True
        self.state.winners = []
        self.state.extra.setdefault("peace_reason", reason)

    # ---- results ---------------------------------------------------------------------
    def _exited(self, phase: Phase) -> list[str]:
        """The ids that left the game in ``phase`` (their last character died: no successor)."""
        return [pid for pid in phase.died + phase.natural if not self.state.player(pid).alive]

    def _finish(self, kind: PhaseKind, phase: Phase, book: DecisionBook, first_draw: int,
                announcement: dict[str, Any], warnings: list[str],
                after_post: Callable[[], None] | None = None) -> PhaseResult:
        """The phase's end: victory, the post (:meth:`_post`), the result; the game moves to the next phase."""
        self._victory(phase)
        self._post(kind, phase, announcement, after_post)
        result = PhaseResult(kind.value, self.number, announcement, phase.feedback, list(book.asked),
                             phase.deaths, phase.trace, [d.as_json() for d in self.state.rng.draws[first_draw:]],
                             warnings=warnings)
        self.state.index += 1
        self.results.append(result)
        return result

    def _post(self, kind: PhaseKind, phase: Phase, announcement: dict[str, Any],
              after_post: Callable[[], None] | None) -> None:
        """The post's last fields (the fallen sides, the winners); then, unless the game is over, what takes effect
        once the post is out (``after_post``: 鼎立's day 伤判)."""
        announcement["eliminated"] = list(self.state.eliminated)
        if self.state.over:
            announcement["winners"] = list(self.state.winners)
        elif after_post is not None:
            after_post()

    def night_start_feedback(self) -> dict[str, list[Feedback]]:
        """Each killer who may act is told at night's start that he may stab once tonight (R-SG1)."""
        return {p.id: [Feedback(STAB, texts.stab_tonight(), None, {"stabs": 1})] for p in self.state.living()
                if p.identity == "杀手" and p.country in COUNTRIES and self.can_act(p)} \
            if self.phase is PhaseKind.NIGHT else {}

    def engine_resolves(self, skill: SkillData) -> bool:
        """Whether the engine resolves ``skill`` in this game (its effect declared or bespoke code, the game not one
        of before)."""
        return isinstance(skill.effect, Declared | Bespoke) and not pack_edition.first(self.state)

    def passive_warnings(self) -> list[str]:
        """Passive skills in play the engine does not resolve (no effect declared): the judge rules them."""
        return [f"{p.id}（{p.character}）的被动技能【{s.name}】由天庭裁定（角色包未给出可执行的效果）"
                for p in sorted(self.state.living(), key=lambda p: p.seat)
                for s in self.held(p.id) if s.kind == "passive" and not self.engine_resolves(s)]

    def rule_text(self, pid: str, skill: str) -> str:
        data = held_data(self, self.state.player(pid), skill) if pid in self.state.players else None
        return (data.text or "") if data else ""

    def truth_players(self) -> dict[str, dict[str, Any]]:
        return {pid: {"country": p.country, "identity": p.identity, "character": p.character,
                      "status": p.status.value} for pid, p in self.state.players.items()}

    def decisions(self) -> list[DecisionRecord]:
        return [d for r in self.results for d in r.decisions]

    # ---- what a hosted game asks of any rule set's game (tianting.hosting) ------------------
    skills: dict[str, Any] = {}
    """Skills the engine resolves by name (none: the pack's are the judge's; the general actions are rules)."""

    def voters(self) -> list[Player]:
        """Who may vote today: every living id (an 在野's vote is cast, and counted as void until they join)."""
        return sorted(self.state.living(), key=lambda p: p.seat)

    def posthumous_voters(self) -> list[Player]:
        return []

    def vote_skipped(self) -> str | None:
        return None

    def identity_skills(self, player: Player) -> tuple[str, ...]:
        return ()

    def usable_by_day(self, player: Player, skill: str) -> bool:
        return False

    def offered(self, player: Player) -> tuple[str, ...]:
        """Skills offered to the player beyond those held (KK 3.3's 化身 forms): none in the 24人 rules."""
        return ()

    def unbuilt_passives(self) -> list[tuple[str, str, str]]:
        """(id, character, skill) of each living player's passive skill the judge rules (no effect declared)."""
        return [(p.id, p.character, s.name) for p in sorted(self.state.living(), key=lambda p: p.seat)
                for s in self.held(p.id) if s.kind == "passive" and not self.engine_resolves(s)]




def recognition_choices(game: SG24Game, pid: str) -> dict[str, list[str]]:
    """What ``pid``'s 指认 may name tonight, from the character's allowances in force (``from_night`` reached):
    ``character``, the pack's characters an allowance fits (「郭嘉/荀彧/荀攸」 names alternatives, 「蜀国君主」 any
    character of that country and identity); ``evaluation``, the 评价 an allowance lists. The night form offers
    these as its choices (issue 29, 4); the engine's check (``_allowance_for``) stays the one judge of them."""
    out: dict[str, list[str]] = {}
    tonight = game.number
    for allowance in game.allowances(pid):
        if allowance.from_night > tonight:
            continue
        names = out.setdefault(allowance.kind, [])
        if allowance.kind == "character":
            fits = list(game.pack.fitting_any(tuple(allowance.of)))
        else:
            fits = list(allowance.of)
        names.extend(n for n in fits if n not in names)
    return out


def landed_once(left: Sequence[Harm], echoes: Mapping[int, int]) -> list[Harm]:
    """The harms that land, each harm once: of a harm and its copies (:attr:`Phase.echoes`) left undefended, the
    first stands for all."""
    seen: set[int] = set()
    out = []
    for h in left:
        group = echoes.get(id(h), id(h))
        if group in seen:
            continue
        seen.add(group)
        out.append(h)
    return out


def _norm(name: Any) -> str:
    """A general word in the rule set's script (Simplified): 「刺殺」 is 「刺杀」, 「軍師」 is 「军师」."""
    return name_key(name) if isinstance(name, str) else ""


def _check_suicide(pid: str, action: Action, mine: Sequence[Action], targeted: bool = False) -> None:
    """「立刻生效：……自杀」「立刻生效的技能提交即生效」: 自杀 names no one (``targeted``: a passive it sets off names one,
    checked by it), and it is the id's one action that night (the character is dead once it is sent; its successor acts
    from the next night, R-SG19)."""
    if _norm(action.skill) == SUICIDE and action.targets and not targeted:
        raise IllegalAction(f"{pid}：自杀不指定目标", "targets")
    if mine:
        raise IllegalAction(f"{pid}：自杀立刻生效，当夜不能再有其他行动（自杀须单独提交）", "suicide")


def same_word(answer: Any, option: str) -> bool:
    """A decision's answer is the option ``option`` (a word of the rules: 同意, 拒绝) in either script (「拒絕」 is
    「拒绝」, R46)."""
    return _norm(answer) == option


def _norm_country(name: Any) -> str:
    return _norm(name)
