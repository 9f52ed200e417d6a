"""A game of 鼎立三分2.0 (seed 003_7618cefe0bb4375c.txt): setup, checks, night, day, victory.

Built on the 24人 engine (:class:`tianting.rules.sg24.game.SG24Game`: 指认, 招揽, successors, stabs,
defences, last words), with seed 003's own rules where they differ. Each method cites its sentence;
docs/rulings/dingli2.md holds the rulings (D-…) where the cut-off text is silent.
Pure and deterministic: all randomness from the state's one generator, each draw named.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from tianting.core import canonical, effects
from tianting.core.decisions import DecisionBook
from tianting.core.errors import IllegalAction
from tianting.core.names import name_key
from tianting.core.records import Action, Ruling
from tianting.core.rng import GameRandom
from tianting.core.state import GameState, PhaseKind, Player, Status
from tianting.engine import harm
from tianting.engine.harm import Harm
from tianting.engine.order import Bands
from tianting.engine.rulings import RulingTable
from tianting.rules.dingli2 import contest, texts, wounds
from tianting.rules.dingli2.day import DingliDay
from tianting.rules.dingli2.night import SUICIDE, UNCOUNTED, DingliNight
from tianting.rules.dingli2.pack import COUNTRIES, UNALIGNED, DingliPack, default_pack
from tianting.rules.dingli2.rulings import TABLE as RULINGS
from tianting.rules.sg24 import inherit
from tianting.rules.sg24.declared import revival
from tianting.rules.sg24.declared.bespoke import (
    after_check,
    sent_with_stab,
    stabs_allowed,
    wound_table,
)
from tianting.rules.sg24.declared.codes import chenlin, yuanshao
from tianting.rules.sg24.declared.codes.hanshaodi import emperor_votes
from tianting.rules.sg24.declared.codes.shuijing import check_quiet as quiet
from tianting.rules.sg24.declared.codes.shuijing import hastened
from tianting.rules.sg24.declared.learned import held
from tianting.rules.sg24.declared.resolve import heals_at_check
from tianting.rules.sg24.game import (
    APPLY,
    RECOGNISE,
    RECRUIT,
    STAB,
    Phase,
    SeatSpec,
    SetupError,
    SG24Game,
    same_word,
)
from tianting.rules.sg24.outcomes import DONE, FAILED
from tianting.rules.sg24.pack import Character
from tianting.rules.sg24.rulings import Ruled
from tianting.rules.sg24.timing import DEATH

GENERAL_ACTIONS = (STAB, RECOGNISE, RECRUIT, APPLY, SUICIDE)
SIZES = {26: 1, 29: 2, 32: 3}
"""「玩家共26/29/32人……在野3/6/9人」 and 「在26/29/32名玩家参加的游戏中，每个国家分别只能有1/2/3名在野角色加入。」"""
START_COUNTS = {"魏": 9, "蜀": 7, "吴": 7}
"""「其中魏国初始9人，蜀国初始7人，吴国初始7人」"""
SHARED_SEATS = (("鲁肃", "张昭"), ("袁绍", "袁术"))
"""Starting seats that hold one of two characters: 「鲁肃/张昭」 (and 「袁绍/袁术」, ruling D-S2)."""
PEACE_FROM_NIGHT = 6
"""「6夜后三国可在行动提交阶段共提交一次议和申请」: from night 6's submission phase on (ruling D-V3: 「N夜后」 counts
the N-th night, as seed 001's 「登场几夜后自动死亡……第三夜结算时自然死亡」)."""
EFFECTS = RULINGS.effects()
"""The judge's ruling effects of dingli2: core's, sg24's ``defend``, and seed 003's own (docs/rulings/dingli2.md):
the table of :mod:`.rulings`."""


TIMING_BANDS = Bands(("即时生效", "全局技能", "结算前生效", "结算时生效", "结算后生效"), "结算时生效")
"""Seed 003's timing classes, earliest first (:mod:`tianting.engine.order`); a skill of none resolves 结算时."""


def table_size(players: int, ex: bool) -> int:
    """26, 29 or 32: the table without the EX character's extra seat."""
    return players - 1 if ex else players


def elimination_bonus(table: int) -> int:
    """「当游戏为27人局时，灭亡条件人数上限加一。当游戏为30人局时，灭亡条件人数上限加二。」 by the table's size
    without the EX seat (26 → 0, 29 → 1, 32 → 2: the tiers of 24/27/30; ruling D-V4)."""
    return 2 if table >= 30 else 1 if table >= 27 else 0


class DingliGame(SG24Game):
    """A 鼎立三分2.0 game in progress."""

    rules = "dingli2"
    rulings: RulingTable[Ruled] = RULINGS
    """Seed 003's ruling effects beside the 24人 ones (:mod:`.rulings`)."""
    pack: DingliPack

    # ---- creation ----------------------------------------------------------------
    @classmethod
    def create(cls, seats: Sequence[SeatSpec], seed: int, pack: DingliPack | None = None) -> DingliGame:  # type: ignore[override]
        """「游戏分三方进行，玩家共26/29/32人，其中魏国初始9人，蜀国初始7人，吴国初始7人，在野3/6/9人，有EX角色时，
        在野+1人。」 Each seat holds a starting character of its country (「X国初始角色」)."""
        pack = pack or default_pack()
        players = cls.seat_players(seats, pack)
        taken = {p.character for p in players.values()}
        ex = any(c in pack.ex for c in taken)
        n = table_size(len(players), ex)
        if n not in SIZES:
            raise SetupError(None, f"鼎立三分2.0需要26、29或32名玩家（有EX角色时多1人），现有{len(players)}人")
        counts = {c: sum(1 for p in players.values() if p.country == c) for c in COUNTRIES + (UNALIGNED,)}
        wanted = {**START_COUNTS, UNALIGNED: n - 23 + (1 if ex else 0)}
        for c, k in wanted.items():
            if counts[c] != k:
                raise SetupError(None, f"{c}初始应有{k}人，现有{counts[c]}人")
        state = GameState(rules=cls.rules, seed=seed, rng=GameRandom(seed), players=players)
        state.extra.update({
            "checks": {}, "pending_joins": {}, "joined": {}, "quota_used": {},
            "lives": {pid: [p.character] for pid, p in players.items()},
            "origin": {pid: p.country for pid, p in players.items()},
            "table": n, "ex": ex, "tables": {}, "formed": False, "peace_used": False,
            "joined_last_night": {}, "fallen_pending": [], "exits_after_day": [],
            "unaligned_characters": [p.character for p in players.values() if p.country == UNALIGNED],
        })
        return cls(state, pack)

    @classmethod
    def check_character(cls, index: int, pid: str, char: Character) -> None:
        """Each seat holds a starting character of its country (「X国初始角色」)."""
        if not char.start:
            raise SetupError(index, f"{pid}：{char.name}不是初始角色（继承角色在前者死亡后才登场）")

    @classmethod
    def check_taken(cls, index: int, pid: str, char: Character, taken: set[str]) -> None:
        """Two characters of one starting seat (SHARED_SEATS): one of them at a table."""
        for pair in SHARED_SEATS:
            if char.name in pair and taken & set(pair):
                raise SetupError(index, f"{pid}：{'/'.join(pair)}是同一个初始位置，只能有一人")

    # ---- 国籍 ----------------------------------------------------------------------
    def origin(self, pid: str) -> str:
        """The country a player started in (在野 for the 在野, joined or not)."""
        return str(self.state.extra["origin"][pid])

    def has_lord(self, country: str) -> bool:
        """「在判定君主，军师存在，仍然按照原来的国籍结算」: a living 君主 whose original country is ``country``."""
        return any(p.identity == "君主" and self.origin(p.id) == country for p in self.members(country))

    def has_strategist(self, country: str) -> bool:
        """A living 军师 of ``country`` by original nationality (「如果某国军师全部死亡，在野无法加入此国」)."""
        return any(p.identity == "军师" and self.origin(p.id) == country for p in self.members(country))

    def chief_strategist(self, country: str) -> Player | None:
        """Who answers an 申请入国: the 正军师 (the pack's chief line), else the country's other living 军师."""
        strategists = [p for p in self.members(country) if p.identity == "军师" and self.origin(p.id) == country]
        chief = [p for p in strategists if self.character(p.id).chief_strategist]
        pool = chief or strategists
        return min(pool, key=lambda p: p.seat) if pool else None

    def quota(self) -> int:
        """「每个国家分别只能有1/2/3名在野角色加入」 for 26/29/32 players."""
        return SIZES[int(self.state.extra["table"])]

    def _gate(self, player: Player, what: str) -> None:
        """Seed 003's text keeps no 「军师存在时才能指认」 (seed 001's gate): nothing to check (D-A4)."""

    # ---- checking actions -------------------------------------------------------------
    def check_action(self, action: Action, accepted: Sequence[Action]) -> None:
        """「天庭应当指出玩家的提交错误的行动并要求改正」: a wrong action is refused with the reason.

        「每名角色每夜只能使用一个主动技能或进行一次刺杀。」「受伤状态中无法行动，但可以进行自杀和舌辩。」
        「角色自杀和行动提交阶段即时生效的技能不可修改。」"""
        player = self.acting_player(action)
        suicides = sum(1 for a in accepted if a.actor == player.id and _norm(a.skill) == SUICIDE)
        if suicides and self.phase is PhaseKind.NIGHT:
            self._check_as_successor(player, action, accepted, suicides)
            return
        heirs = chenlin.day_successor(self, player, accepted)  # 陈琳【饮马长城】: his successor acts that day
        if heirs:
            chenlin.check_heir(action)  # 「陈琳使用【饮马长城】当日陈寿不可使用」【三国终焉】
            with self._playing(player, heirs[0]):
                self._check_own(player, action, [a for a in accepted if a.actor != player.id])
            return
        self._check_own(player, action, accepted)

    def _check_as_successor(self, player: Player, action: Action, accepted: Sequence[Action], suicides: int) -> None:
        """「角色自杀在行动提交阶段提交，即时生效」「前者死亡后，继承者立即登场继续游戏」: after a suicide the id's
        actions are its successor's, who enters in a normal state and acts that night (the 2013 rules' 「在提交行动
        之前，玩家可以使当前角色自杀，当晚即可转世扮演下一个角色」; *8.1* 深明大义: 「当夜黄月英仍可发动自己的技能」,
        D-A2). The actions sent before the suicide are the dead character's (not resolved); where the line branches
        an action any branch could send is taken, and it resolves if the chosen successor can send it."""
        last = max(k for k, a in enumerate(accepted) if a.actor == player.id and _norm(a.skill) == SUICIDE)
        after = [a for k, a in enumerate(accepted) if a.actor != player.id or k > last]
        options = self._successors_after(player.id, suicides)
        if not options:
            raise IllegalAction(f"{player.id} 已经自杀且没有继承者（该ID退出游戏），自杀即时生效，不可修改", "suicide")
        refused: IllegalAction | None = None
        for name in options:
            with self._playing(player, name):
                try:
                    self._check_own(player, action, after)
                    return
                except IllegalAction as exc:
                    refused = refused or exc
        assert refused is not None
        raise IllegalAction(f"{player.id} 已自杀，此行动属于继承者（{'/'.join(options)}）：{refused.message}", refused.code)

    def _successors_after(self, pid: str, suicides: int) -> list[str]:
        """The characters ``pid`` may be playing after ``suicides`` deaths tonight (branches: every one)."""
        frontier: list[tuple[str, tuple[str, ...]]] = [(self.state.player(pid).character, ())]
        for _ in range(suicides):
            frontier = [(s, (*lived, ch)) for ch, lived in frontier
                        for s in self.successor_options(pid, ch, (*lived, ch))]
        return list(dict.fromkeys(ch for ch, _ in frontier))

    def successors_tonight(self, pid: str, actions: Sequence[Action]) -> list[str]:
        """The characters ``pid`` may be playing now after the 自杀 in ``actions`` (the night's list as sent so far;
        「角色自杀在行动提交阶段提交，即时生效」「前者死亡后，继承者立即登场继续游戏」, D-A2): empty when there is none or
        outside a night; every branch where the line branches (the choice is the player's 【继任】 at the death)."""
        suicides = sum(1 for a in actions if a.actor == pid and _norm(a.skill) == SUICIDE)
        if not suicides or self.phase is not PhaseKind.NIGHT or pid not in self.state.players:
            return []
        return self._successors_after(pid, suicides)

    @contextmanager
    def playing(self, pid: str, name: str) -> Iterator[None]:
        """Read the game as if ``pid`` were already playing the successor ``name`` (status normal); restored after."""
        with self._playing(self.state.player(pid), name):
            yield

    @contextmanager
    def _playing(self, player: Player, name: str) -> Iterator[None]:
        """Check as if ``player`` were already playing ``name`` (a successor, status normal); restored after."""
        saved = (player.character, player.identity, list(player.skills), player.status, player.wounded_at)
        succ = self.pack.characters[name]
        player.character, player.identity, player.skills = name, succ.identity, [s.name for s in succ.skills]
        player.skills += inherit.kept(self.pack, saved[0], saved[2], name)  # what he would inherit (R-inherit-2)
        player.status, player.wounded_at = Status.ALIVE, None
        try:
            yield
        finally:
            player.character, player.identity, player.skills, player.status, player.wounded_at = saved

    def _check_own(self, player: Player, action: Action, accepted: Sequence[Action]) -> None:
        skill = _norm(action.skill)
        mine = [a for a in accepted if a.actor == player.id]
        if self.phase is PhaseKind.DAY:
            if skill == SUICIDE:
                raise IllegalAction("自杀在夜晚行动提交阶段提交", "suicide-day")
            if not self.can_act(player):  # 「角色处于受伤状态中无法行动，但可以进行自杀和舌辩」: by day too
                raise IllegalAction(f"{player.id} 处于受伤状态，不能行动（只能自杀与舌辩）", "injured")
            self._check_skill(player, action, accepted, day=True)
            if self._when(player, action) is None:
                raise IllegalAction(f"【{action.skill}】不是白天使用的技能（「技能中说明“白天使用”的技能可在此时使用」）",
                                    "not-by-day")
            return
        if player.country in self.state.eliminated:
            raise IllegalAction(f"{player.country}已灭国，{player.id} 不能再行动", "eliminated")
        revival.ghost_check(self, player, action, mine)  # 【魂兮归来】's night
        if skill == SUICIDE:
            from tianting.rules.sg24.declared.bespoke import suicide_skill

            named = suicide_skill(self, player) if action.targets else None
            if named is not None and named.suicide is not None:  # a 自杀 naming an id: 糜氏【深明大义】's
                named.suicide(self, action)
            elif action.targets:
                raise IllegalAction(f"{player.id}：自杀不指定目标", "targets")
            return
        if not self.can_act(player):
            raise IllegalAction(f"{player.id} 处于受伤状态，不能行动（只能自杀与舌辩）", "injured")
        from tianting.rules.sg24.declared.codes.jiaxu import locked

        if locked(self, player.id):  # 贾诩【料敌机先】: 「当晚……不能做任何其他行动」 (R-weimisc-13)
            raise IllegalAction(f"{player.id} 今夜使用【料敌机先】，不能做任何其他行动", "liaodi")
        if skill == STAB:
            if player.identity != "杀手":
                raise IllegalAction(f"{player.id}（{player.character}）不是杀手，不能刺杀", "not-killer")
            stabs = sum(1 for a in mine if _norm(a.skill) == STAB)
            allowed = self.actions_allowed(player.id, [*accepted, action])
            if (sum(1 for a in mine if self._one_action(a)) >= allowed
                    and (any(self._one_action(a) and self._is_skill(a) for a in mine)
                         or stabs >= stabs_allowed(self, player))):
                raise IllegalAction(f"{player.id} 每夜只能使用一个主动技能或进行一次刺杀", "one-action")
            if stabs >= stabs_allowed(self, player) and hastened(self, player.id, accepted):
                raise IllegalAction(f"{player.id}：【其疾如风】可以行动两次，但不可进行两次刺杀", "one-stab")
            (target,) = self._target(action)
            if target.id == player.id:
                raise IllegalAction(f"{player.id} 不能刺杀自己（自杀请提交【自杀】）", "self")
        elif chenlin.named_passive(self, player, action):  # 陈琳's 指认 for 【生花妙笔】/【檄文讨逆】
            chenlin.check_named(self, player, action, accepted)
        elif skill in (RECOGNISE, RECRUIT, APPLY):
            super().check_action(action, accepted)
            if skill == RECOGNISE:
                yuanshao.check_ask(self, player, action)  # 袁绍【广结名士】
            if skill == APPLY and not self.has_strategist(_norm(action.args.get("country", ""))):
                raise IllegalAction(f"{action.args.get('country')}国军师已全部死亡，在野无法加入此国", "no-strategist")
        else:
            self._check_skill(player, action, accepted, day=False)
            quiet(self, player, action)  # 水镜先生【其徐如林】's user
            if self._when(player, action) == "day":
                raise IllegalAction(f"【{action.skill}】白天使用", "by-day")
            if not sent_with_stab(self, action) and any(_norm(a.skill) == STAB for a in mine) and sum(
                    1 for a in mine if self._one_action(a)) >= self.actions_allowed(player.id, [*accepted, action]):
                raise IllegalAction(f"{player.id} 每夜只能使用一个主动技能或进行一次刺杀", "one-action")

    def actions_allowed(self, pid: str, sent: Sequence[Action] = ()) -> int:
        """The 24人 count (:meth:`SG24Game.actions_allowed`: no limit on a night he sends 左慈【天遁】), or two while a
        水镜先生【其疾如风】 sent tonight (among ``sent``) names him (「该ID当夜可以行动两次」, R-zaiyea-1)."""
        return max(super().actions_allowed(pid, sent), 2 if hastened(self, pid, sent) else 1)

    def _when(self, player: Player, action: Action) -> str | None:
        ch, data = held(self, player, action.skill)  # his character's, or one he holds of another (learned.py)
        return self.pack.extra(ch, data.name).when if data is not None else None

    def usable_by_day(self, player: Player, skill: str) -> bool:
        """「技能中说明“白天使用”的技能可在此时使用」 (the pack's ``when``: day or any)."""
        ch, data = held(self, player, skill)
        return data is not None and data.kind == "active" and self.pack.extra(ch, data.name).when is not None

    def _is_skill(self, a: Action) -> bool:
        """A character skill's use: not a general action, nor the 指认 a passive takes (陈琳【生花妙笔】)."""
        return _norm(a.skill) not in GENERAL_ACTIONS and not (
            a.actor in self.state.players and chenlin.named_passive(self, self.state.player(a.actor), a))

    def _one_action(self, a: Action) -> bool:
        """A stab, or a skill other than one sent with the stab (「与刺杀同时使用」: the two count as one action)."""
        return _norm(a.skill) == STAB or (self._is_skill(a) and not sent_with_stab(self, a))

    def check_vote(self, voter: str, target: str) -> None:
        """「投票不能弃权」: a vote names a living id (an 在野's is cast, and void until they join)."""
        super().check_vote(voter, target)

    # ---- harm ------------------------------------------------------------------------
    # 「角色受到伤害的判定在结算最后一步进行，将当夜该角色受到所有伤害事件进行汇总。此时有一些技能可使该角色的伤害减轻
    # 或加深。伤害减轻：即受伤改为状态正常，死亡改为受伤。伤害加深：即受伤直接死亡。」「受到两次及以上致伤伤害则致死。」
    # The 24人 engine's :meth:`SG24Game._apply_harms` sums and shifts (``lessen`` / ``deepen``, D-H2).
    def _death_cause(self, player: Player, left: Sequence[Harm]) -> str:
        """The harm that names the death (a 致死's, else the first): 「伤上加伤」 only for one wound on the wounded."""
        if player.injured and len(left) == 1 and left[0].level is not DEATH:
            return "伤上加伤"
        return harm.deadliest(left).cause

    def remove(self, phase: Phase, pid: str, why: str) -> None:
        """The id leaves the game without a death (「受到某些造成某ID暂时离开游戏的技能时，公告该ID退出游戏」; the
        裁判's 「取消违纪玩家比赛资格」): no successor, not counted, announced as an exit (D-X1)."""
        player = self.state.player(pid)
        if not player.alive:
            return
        player.status = Status.OUT
        player.wounded_at = None
        self.state.extra["checks"].pop(pid, None)
        self.state.extra["tables"].pop(pid, None)
        self.state.extra.setdefault("away", []).append(pid)
        phase.natural.append(pid)
        phase.note(f"{pid}（{player.character}）退出游戏：{why}")

    def restore(self, phase: Phase, pid: str, why: str) -> bool:
        """An id sent out by :meth:`remove` comes back (「暂时离开游戏」; the day post's 「公告出入游戏」): the same
        character, in a normal state; never into a fallen country (「一国灭国后，该国角色不能以任何方式回到游戏」,
        D-X1)."""
        player = self.state.player(pid)
        away: list[str] = self.state.extra.setdefault("away", [])
        if player.alive or pid not in away or player.country in self.state.eliminated:
            return False
        away.remove(pid)
        player.status = Status.ALIVE
        phase.returned.append(pid)  # type: ignore[attr-defined]
        phase.note(f"{pid}（{player.character}）回到游戏：{why}")
        return True

    def healed(self, pid: str) -> None:
        """A wound the judge healed leaves no 伤判 pending, nor its committed table."""
        super().healed(pid)
        self.state.extra["tables"].pop(pid, None)

    def kill(self, phase: Phase, pid: str, cause: str, book: DecisionBook, natural: bool = False) -> None:
        """「受到致死作用的角色死亡。每个玩家可以扮演具有继承关系的角色，前者死亡后，继承者立即登场继续游戏。当某ID的
        最后一名角色死亡……公告该ID退出游戏。」 The branch (曹操——曹丕 或 曹植) is the player's choice."""
        super().kill(phase, pid, cause, book, natural)
        self.state.extra["tables"].pop(pid, None)

    # ---- night --------------------------------------------------------------------------
    night_class = DingliNight
    """The 24人 night's stages with seed 003's steps (:mod:`.night`): suicides at once, then 判定 (globals first,
    interference by priority) and 结算, harms last."""

    def _judged(self, a: Action) -> bool:
        """Whether what comes of ``a`` is the judge's to rule: a character skill, unless global (「如果全局的拥有者当夜
        可以提交行动，并且其提交的行动满足了全局技能的使用条件，则全局发生」: the engine knows it happens)."""
        return self._is_skill(a) and not self._global_use(a)

    def _global_use(self, a: Action) -> bool:
        ch, data = held(self, self.state.player(a.actor), a.skill)
        return data is not None and self.pack.is_global(ch, data)

    def _resolution_order(self, night: Phase, live: Sequence[Action]) -> tuple[list[str], list[str]]:
        """判定: 「全局技能的使用判定」 first — a global happens whatever else befalls its owner, and no global
        voids another — then the interference skills by 「干扰技能之间的优先级」 (1)–(8), then the rest by
        timing. Each use is listed for the judge's ruling; two of one rank: 「由天庭判定从哪个技能结算」
        (同级拼点原则), and once ruled successful a use is not voided again (结算不可逆原则, D-R3)."""
        uses = [a for a in live if self._is_skill(a)]
        events: list[str] = []
        out: list[str] = []

        def key(a: Action) -> tuple[int, int, int, int]:
            ch, data = held(self, self.state.player(a.actor), a.skill)
            assert data is not None
            rank = self.pack.interference(ch, data)
            return (0 if rank == 2 else 1, rank if rank is not None else 9, TIMING_BANDS.rank(self.pack.timing(ch, data)),
                    self.state.player(a.actor).seat)

        ranks: dict[int, list[str]] = {}
        for a in sorted(uses, key=key):
            ch, data = held(self, self.state.player(a.actor), a.skill)
            assert data is not None
            rank = self.pack.interference(ch, data)
            timing = self.pack.timing(ch, data)
            glob = self.pack.is_global(ch, data)
            if glob:
                night.note(f"全局发生：{a.actor}【{data.name}】（全局的使用互不影响，令该角色行动失败无法阻挡全局的发生）")
                night.outcomes.settle(a, DONE, "全局发生")
                events.append(texts.skill_used(data.name))
            elif self.pack.extra(ch, data.name).announce:
                events.append(texts.skill_used(data.name))
            if rank is not None and not glob:
                ranks.setdefault(rank, []).append(f"{a.actor}【{data.name}】")
            what = f"干扰技能（优先级{rank}）" if rank is not None else timing
            line = texts.needs_ruling(a.actor, data.name, what, data.attribute, a.targets, data.text)
            night.note(line)
            out.append(line)
        for rank, names in sorted(ranks.items()):
            if len(names) > 1:
                out.append(f"同级拼点原则：{'、'.join(names)} 同为优先级{rank}的干扰技能，若相互干扰，由天庭判定从哪个技能结算；"
                           "已判定成功的技能不能再次被无效（结算不可逆原则）")
        return out, events

    def _contests(self, phase: Phase, judged: Sequence[Ruling], digits: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The 拼点 the judge finds (``contest`` rulings): decided by the players' digits, never told to them."""
        out = []
        found: list[tuple[list[str], Any]] = []
        for r in judged:
            if r.effect != "contest":
                continue
            ids = [p for p in (r.text or "").split("、") if p] if r.text else [x for x in (r.target, getattr(r, "owner", None)) if x]
            odd = getattr(r, "owner", None) if r.text else None  # the 南斗's parity rule, when the ruling sets it
            found.append((ids, odd))
        # drawn in the order of their ids, not of the judge's list: the same 拼点 give the same draws (D-R4)
        for ids, odd in sorted(found, key=lambda found: sorted(found[0])):
            ranked, record = contest.order(self.state.rng, ids, digits, odd)
            phase.note(f"拼点（{'、'.join(record['players'])}）：结算先后 {' > '.join(ranked)}")
            out.append(record)
        return out

    def _joining(self, night: Phase, invites: dict[str, dict[str, str]], applications: dict[str, str],  # type: ignore[override]
                 book: DecisionBook, alliances: Mapping[str, str] | None = None) -> None:
        """「如果三种方式同时进行，则优先处理联盟达成，其次君主招揽，最后主动投奔。」 quotas 1/2/3; 「如果某国军师全部
        死亡，在野无法加入此国。」「如果在野角色同意某国招揽，又被通过该国入国申请，则视为被招揽，与君主认识，不得与正
        军师认识。」 Joining takes effect 「次夜开始后」."""
        rng = self.state.rng
        offers: list[tuple[int, str, str, str | None]] = []  # (priority, 在野, country, who they come to know)
        for pid, country in sorted((alliances or {}).items(), key=lambda kv: self.state.player(kv[0]).seat):
            p = self.state.player(pid)
            if p.alive and self.origin(pid) == UNALIGNED and p.country == UNALIGNED and country in COUNTRIES:
                lord = next((q for q in self.members(country) if q.identity == "君主" and self.origin(q.id) == country), None)
                offers.append((0, pid, country, lord.id if lord else None))
        for pid in sorted(invites, key=lambda p: self.state.player(p).seat):
            p = self.state.player(pid)
            # asked even when an alliance is also in play (「由法官对在野角色进行询问」): should the alliance fail
            # (a quota, no 军师), the 招揽 comes next (「优先处理联盟达成，其次君主招揽」)
            if not p.alive or p.country != UNALIGNED:
                self._uninvited(night, invites[pid], f"{pid} 已退出游戏，未得到招揽通知")
                continue
            countries = sorted(set(invites[pid]), key=COUNTRIES.index)
            # 「若同意，则次夜开始后加入此国……若不同意，则无反馈。」
            choice = book.choose(rng, pid, "入国", countries + ["拒绝"], lambda ans, o: _norm(ans) == o or ans == o,
                                 default="拒绝")
            if choice != "拒绝":
                offers.append((1, pid, choice, invites[pid][choice]))
        for pid in sorted(applications, key=lambda p: self.state.player(p).seat):
            country = applications[pid]
            if any(o[1] == pid and o[2] == country for o in offers):
                night.note(f"{pid} 同意{country}招揽又申请入{country}：视为被招揽，不与正军师认识")
                self._settle_application(night, pid, FAILED, f"同意{country}招揽，视为被招揽")
                continue
            chief = self.chief_strategist(country)
            if chief is None:
                night.note(f"{pid} 申请入{country}未获回应：{country}军师已全部死亡")
                self._settle_application(night, pid, FAILED, f"{country}军师已全部死亡，申请未获回应")
                continue
            self._settle_application(night, pid, DONE)  # put to the 正军师, whatever he answers
            answer = book.choose(rng, chief.id, "投奔", ["同意", "拒绝"], same_word, default="拒绝")
            night.note(f"{chief.id} 对 {pid} 申请入{country}：{answer}")
            if answer == "同意":
                offers.append((2, pid, country, chief.id))
        pending: dict[str, Any] = self.state.extra["pending_joins"]
        used = dict(self.state.extra["quota_used"])
        for priority in (0, 1, 2):
            # 「在野若还没有入国就退出游戏，则不能入国」: only leaving the game stops a joining (an 在野 whose character
            # died tonight and whose successor plays on still joins, D-J4)
            group = [o for o in offers if o[0] == priority and o[1] not in pending and self.state.player(o[1]).alive]
            if len(group) > 1:
                group = rng.shuffled(f"入国先后 {('联盟', '招揽', '投奔')[priority]}", group, lambda o: f"{o[1]}→{o[2]}")
            for _, pid, country, by in group:
                if pid in pending:
                    continue
                if country in self.state.eliminated:
                    night.note(f"{pid} 未能加入{country}：{country}已灭国（「一国灭国后，该国角色不能以任何方式回到游戏或存在游戏」）")
                    continue
                if not self.has_strategist(country):
                    night.note(f"{pid} 未能加入{country}：{country}军师已全部死亡")
                    continue
                self._admit(night, pending, used, self.quota(), pid, country, by)
        self.state.extra["quota_used"] = used
        self.state.extra["joined_last_night"] = {pid: j["country"] for pid, j in pending.items()}

    @staticmethod
    def _settle_application(night: Phase, pid: str, state: str, why: str = "") -> None:
        if pid in night.applied:
            night.outcomes.settle(night.applied[pid], state, why)

    def _join_lapsed(self, phase: Phase, pid: str, country: str) -> None:
        """「在野若还没有入国就退出游戏，则不能入国」: he never joined, so he takes none of the country's places
        (「每个国家分别只能有1/2/3名在野角色加入」)."""
        used = self.state.extra["quota_used"]
        used[country] = max(0, used.get(country, 0) - 1)
        phase.note(f"{pid} 未能加入{country}：入国前已退出游戏，名额退回")

    def _joined(self, pid: str, country: str) -> None:
        """The joining is recorded for good (「视为永久加入」)."""
        self.state.extra["joined"][pid] = country

    def _deal_tables(self, phase: Phase) -> None:
        """Every wounded player whose next check has no table yet gets one, committed by hash (wounds.py)."""
        tables: dict[str, Any] = self.state.extra["tables"]
        for p in sorted(self.state.living(), key=lambda p: p.seat):
            if p.injured and p.id not in tables and not yuanshao.dying(self.state, p.id):
                nth = min(self.state.extra["checks"].get(p.id, 0) + 1, 2)
                dealt = wounds.deal(self.state.rng, p.id, nth, self.state.index, wound_table(self, p, nth))
                tables[p.id] = dealt
                effects.tell(phase, p.id, texts.wound_table_committed(nth, dealt["hash"]), "伤判", None,
                             {"nth": nth, "commitment": dealt["hash"]})

    def _summary(self, night: Phase) -> list[str]:
        """「对当夜战况的总体评价（一国如何如何，一国如何如何，一国如何如何）」 by counted deaths and wounds (D-N1)."""
        out = []
        for c in COUNTRIES:
            dead = sum(1 for d in night.deaths if d.cause not in UNCOUNTED and self._country_at_death(d.id) == c)
            hurt = sum(1 for p in night.injured if self.state.player(p).injured and self.state.player(p).country == c)
            out.append(texts.country_summary(c, dead, hurt))
        return out

    def _country_at_death(self, pid: str) -> str:
        return self.state.player(pid).country

    def _last_words(self, night: Phase, given: dict[str, str]) -> tuple[dict[str, str], list[str]]:
        """「当夜死亡角色的遗言」; 「自杀、自然死亡、伤判死亡的人不计入公告的死亡数字，也无遗言发布。」"""
        words: dict[str, str] = {}
        warnings = []
        brushed = chenlin.brushed(self.state, self.state.index)  # 陈琳【生花妙笔】's extra last word (R-zaiyea-11)
        for pid, text in given.items():
            if pid in brushed and pid not in night.died or pid.removesuffix(f"【{chenlin.BRUSH}】") in brushed:
                words[pid] = text
            elif pid in getattr(night, "suicides", []) or pid in night.natural:
                warnings.append(f"{pid}：自杀、自然死亡、伤判死亡的人无遗言发布")
            elif pid not in night.died:
                warnings.append(f"{pid} 未于当夜死亡，其遗言不予公布")
            else:
                words[pid] = text
        return words, warnings

    # ---- day ----------------------------------------------------------------------------
    day_class = DingliDay
    """The 24人 day's stages with seed 003's steps (:mod:`.day`): 白天判定阶段 (伤判, taking effect after the day's
    post), then 白天行动投票阶段 (舌辩)."""

    def _ballot(self, day: Phase, votes: dict[str, str],
                judged: Sequence[Ruling]) -> tuple[dict[str, str], dict[str, str], list[str]]:
        """「每人每天投一票……投票不能弃权，过时不投视为自投一票（票面显示为自己的ID）。投票的内容会在版面公布，但只公布
        原始票面情况」; 「在野角色每天白天可投票，但是投票无效」; 暗票 (``hidden_vote`` rulings: one vote each, not
        posted, D-D2). Returns (the original ballot, the counted votes by voter, the 暗票's targets)."""
        from tianting.rules.sg24.declared.codes.diaochan import controlled_votes

        ballot: dict[str, str] = {}
        counted: dict[str, str] = {}
        hidden: list[str] = []
        void = {r.voter for r in self.rulings.of("void", judged)}
        skilled = set(self.state.extra.get("own_votes_void", {}).get(str(self.state.index), []))  # a declared skill's
        if self.state.index in self.state.extra.get("ballot_void", []):  # a declared skill's 「令次日全部投票无效」
            skilled |= {p.id for p in self.state.living()}
            day.note("本日全部投票无效")
        void_on = self.state.extra.get("votes_void_on", {}).get(str(self.state.index), [])
        controlled = controlled_votes(self.state)  # 貂蝉【媚眼如丝】: the vote cast for him, on the ballot too
        for p in sorted(self.state.living(), key=lambda p: p.seat):
            target = votes.get(p.id)
            if p.id in controlled and self.state.player(controlled[p.id]).alive:
                target = controlled[p.id]
                day.note(f"{p.id} 的投票被技能控制，投给 {target}")
            if target is None or target not in self.state.players or not self.state.player(target).alive:
                target = p.id
                day.note(f"{p.id} 未按时投票：视为自投一票")
            ballot[p.id] = target
            if p.id in void:
                day.note(f"{p.id} 的投票无效：天庭裁定")
            elif p.id in skilled:
                day.note(f"{p.id} 的投票无效：技能作用")
            elif p.country == UNALIGNED:
                day.note(f"{p.id} 的投票无效：在野未入国")
            elif not emperor_votes(self.state, p.id):  # 汉少帝/汉献帝: 「任何时候投票均无效」 (but 【汉室宗亲】's day)
                day.note(f"{p.id} 的投票无效：皇帝的投票任何时候均无效")
            elif p.country in self.state.eliminated:
                day.note(f"{p.id} 的投票无效：{p.country}已灭国")
            elif self.state.player(target).country in void_on:  # an ``exited`` passive's (国士之风)
                day.note(f"{p.id} 的投票无效：当日投给{self.state.player(target).country}国角色的票无效")
            else:
                counted[p.id] = target
        for voter, target in self._changed_votes(day, counted).items():
            counted[voter] = target
        for r in self.rulings.of("hidden_vote", judged):
            if r.target and self.state.player(r.target).alive:
                hidden.append(r.target)
                day.note(f"{getattr(r, 'owner', None) or '天庭'} 的暗票投给 {r.target}（不显示在票面中）")
        return ballot, counted, hidden

    def _changed_votes(self, day: Phase, counted: Mapping[str, str]) -> dict[str, str]:
        """A declared 【天子之命】's change: the counted vote of the character named goes to the id named, unseen on the
        ballot (R-dlqun2-17)."""
        from tianting.rules.sg24.declared.codes.hanshaodi import changed_votes

        out = {}
        for character, target in sorted(changed_votes(self.state).items()):
            voter = next((p.id for p in self.state.living() if p.character == character), None)
            if voter in counted and self.state.player(target).alive:
                out[voter] = target
                day.note(f"{voter}（{character}）的投票被改投 {target}（不显示在票面中）")
        return out

    def _draw_checks(self, day: Phase, digits: Mapping[str, Any],
                     book: DecisionBook | None = None) -> list[tuple[str, int, str, int, bool]]:
        """白天判定阶段: each player wounded before this day picks from their committed table with a digit (袁绍's
        【四世三公】 may have it drawn again, his 【刚愎自用】 heal takes effect at once: R-zaiyea-7/8)."""
        out = []
        tables: dict[str, Any] = self.state.extra["tables"]
        for p in sorted(self.state.living(), key=lambda p: p.seat):
            if not p.injured or p.wounded_at is None or p.wounded_at >= self.state.index or p.id not in tables:
                continue
            dealt = tables[p.id]
            if heals_at_check(self.state, p.id):  # a declared skill's 「下一次伤害判定时自动痊愈」: no pick
                day.note(f"{p.id} 第{dealt['nth']}次伤判：技能作用，自动痊愈，白天结束后生效")
                effects.tell(day, p.id, texts.wound_check_healed(dealt["nth"]), "伤判", None,
                             {"nth": dealt["nth"], "outcome": wounds.HEALED})
                out.append((p.id, dealt["nth"], wounds.HEALED, -1, False))
                continue
            given = digits.get(p.id)
            first = given[0] if isinstance(given, list | tuple) and given else given  # 父兄之佑: two digits
            digit = first if isinstance(first, int) and not isinstance(first, bool) and 0 <= first <= 9 else None
            outcome, digit, drawn = wounds.pick(self.state.rng, p.id, dealt, digit)
            outcome, digit = self._favoured_check(day, p.id, dealt, given, digit, outcome)
            day.note(f"{p.id} 第{dealt['nth']}次伤判（数字{digit}{'，抽取' if drawn else ''}）："
                     f"{texts.CHECK_WORDS[outcome]}，白天结束后生效")
            effects.tell(day, p.id, texts.wound_check(dealt["nth"], digit, drawn, outcome), "伤判", None,
                         {"digit": digit, "drawn": drawn, "nth": dealt["nth"], "outcome": outcome,
                          "table": dealt["table"], "salt": dealt["salt"], "commitment": dealt["hash"]})
            outcome, digit = yuanshao.redone(self, day, p.id, dealt, given, digit, outcome, book)
            if outcome == wounds.HEALED and yuanshao.heals_at_once(self, p.id):  # 「痊愈且立即生效」
                day.note(f"{p.id} 伤判痊愈，立即生效（【{yuanshao.STUBBORN}】）")
                effects.heal(day, p.id, f"伤判痊愈（【{yuanshao.STUBBORN}】立即生效）")
                self.healed(p.id)
                continue
            out.append((p.id, dealt["nth"], outcome, digit, drawn))
        return out

    def _favoured_check(self, day: Phase, pid: str, dealt: Mapping[str, Any], given: Any, digit: int,
                        outcome: str) -> tuple[str, int]:
        """孙权【父兄之佑】 (R-dlwu-12): a holder's own 伤判 is healed; a countryman's takes the better of two digits of
        the committed table — the second he sent, or, when he sent one, one drawn among the other nine. Returns the
        outcome and the digit it was read from (so that the revealed table proves it: :func:`.wounds.audit`)."""
        from tianting.rules.sg24.declared.codes.sunquan import BEST, BETTER, favour

        level = favour(self, pid)
        if level == BEST:
            from tianting.rules.sg24.declared.codes.mishi import favoured

            source = "相夫教子" if favoured(self.state, pid) else "父兄之佑"  # 糜氏's favour (R-choices-7) or 孙权's
            day.note(f"{pid} 的伤判：【{source}】取最优结果（{texts.CHECK_WORDS[wounds.HEALED]}）")
            return wounds.HEALED, dealt["table"].index(wounds.HEALED)
        if level != BETTER:
            return outcome, digit
        second = given[1] if isinstance(given, list | tuple) and len(given) > 1 else None
        others = [d for d in range(10) if d != digit]
        if not (isinstance(second, int) and not isinstance(second, bool) and second in others):
            second = int(self.state.rng.pick(f"父兄之佑 伤判第二个数字 {pid}", others))
        rank = (wounds.HEALED, wounds.INJURED, wounds.DIED)
        better = min((outcome, digit), (dealt["table"][second], second), key=lambda od: rank.index(od[0]))
        day.note(f"{pid} 的伤判：【父兄之佑】第二个数字{second}（{texts.CHECK_WORDS[dealt['table'][second]]}），"
                 f"取较好结果：{texts.CHECK_WORDS[better[0]]}")
        return better

    def _holding_checks(self, day: Phase, checks: Sequence[tuple[str, int, str, int, bool]]) -> dict[str, str]:
        """The day's checks whose player is still wounded after the vote (the judge's record ``wound_checks``)."""
        outcomes: dict[str, str] = {}
        for pid, _, outcome, _, _ in checks:
            p = self.state.player(pid)
            self.state.extra["tables"].pop(pid, None)
            if not p.alive or not p.injured or pid in day.died:
                day.note(f"{pid} 的伤判结果不再生效：其角色已于白天死亡或脱离受伤")
                continue
            outcomes[pid] = outcome
        return outcomes

    def _apply_checks(self, day: Phase, checks: Sequence[tuple[str, int, str, int, bool]], outcomes: Mapping[str, str],
                      book: DecisionBook) -> None:
        """The checks take effect after the day's post: a 伤判 death's exit waits for the next night's post."""
        for pid, nth, outcome, _, _ in checks:
            if pid not in outcomes:
                continue
            p = self.state.player(pid)
            after_check(self, day, pid, outcome)
            if outcome == wounds.HEALED:
                effects.heal(day, pid, "伤判痊愈")
                self.state.extra["checks"].pop(pid, None)
            elif outcome == wounds.DIED and yuanshao.dies_next_night(self, day, pid):
                continue
            elif outcome == wounds.DIED:
                self.kill(day, pid, f"第{nth}次伤判死亡", book, natural=True)
                if not p.alive:
                    self.state.extra["exits_after_day"].append(pid)
            else:
                self.state.extra["checks"][pid] = nth

    # ---- victory and peace -----------------------------------------------------------------
    def eliminated_now(self) -> list[str]:
        """「国家灭亡条件：君主死亡+人数小于等于3个或君主存活+人数小于等于2个（24人局）。……此人数只计算玩家人数，包括
        投靠此国的在野武将，不计算仍未出场的继承角色。」"""
        bonus = elimination_bonus(int(self.state.extra["table"]))
        out = []
        for c in COUNTRIES:
            limit = (2 if self.has_lord(c) else 3) + bonus
            if c not in self.state.eliminated and len(self.members(c)) <= limit:
                out.append(c)
        return out

    def _victory(self, phase: Phase) -> None:
        """「当一国达到灭国条件，在下一个公告阶段公告该国灭国。该国存活玩家在公告后退出游戏。」
        「三足鼎立格局未达成时，魏国灭亡，则吴蜀联军胜利；吴国蜀国灭亡则魏国胜利。三足鼎立格局达成后，三国之中有两国灭亡
        时，第三国胜利。」"""
        fallen = self.eliminated_now()
        phase.fallen = fallen  # type: ignore[attr-defined]
        for c in fallen:
            self.state.eliminated.append(c)
            phase.note(f"{c}国灭亡")
        gone = set(self.state.eliminated)
        if self.state.extra["formed"]:
            if len(gone) >= 2:
                self._end([c for c in COUNTRIES if c not in gone], phase)
        elif "魏" in gone:
            self._end([c for c in ("蜀", "吴") if c not in gone] if len(gone) < 3 else [], phase)
        elif {"蜀", "吴"} <= gone:
            self._end(["魏"], phase)

    def _end(self, winners: list[str], phase: Phase) -> None:
        self.state.over = True
        self.state.winners = winners
        phase.note(f"{'、'.join(winners)}胜利" if winners else "三国同时灭亡，无人胜利")

    def _post(self, kind: PhaseKind, phase: Phase, announcement: dict[str, Any],
              after_post: Callable[[], None] | None) -> None:
        """The post: victory first (a fallen country is announced in this post), then the fallen country's
        living ids leave 「在公告后」 (they are listed as exits of this post); then what takes effect after the post
        (``after_post``: the day's 伤判)."""
        fallen = list(getattr(phase, "fallen", []))
        announcement["fallen"] = fallen
        announcement["returned"] = list(getattr(phase, "returned", []))
        # 「一国灭国后，该国角色不能以任何方式回到游戏或存在游戏」: an 在野 who agreed to join a country that falls in
        # this post never joins it (nor is announced as joining it)
        pending = self.state.extra["pending_joins"]
        for pid in sorted((p for p, j in pending.items() if j["country"] in fallen), key=lambda p: self.state.player(p).seat):
            country = pending.pop(pid)["country"]
            self.state.extra["joined_last_night"].pop(pid, None)
            if isinstance(announcement.get("joined"), dict):
                announcement["joined"].pop(pid, None)
            phase.note(f"{pid} 未能加入{country}：{country}已灭国")
            effects.tell(phase, pid, texts.joining_void(country), "入国")
        for c in fallen:
            for p in sorted(self.members(c), key=lambda p: p.seat):
                p.status = Status.OUT
                announcement["exited"].append(p.id)
                phase.note(f"{p.id} 随{c}国灭亡退出游戏")
        announcement["exited"] = canonical.posted(self.state, announcement["exited"])
        announcement["text"] = (texts.night_post if kind is PhaseKind.NIGHT else texts.day_post)(self.number,
                                                                                                 announcement)
        super()._post(kind, phase, announcement, after_post)
        if after_post is not None and not self.state.over:
            announcement["died"] = canonical.posted(self.state, list(phase.died) + list(phase.natural))

    def peace_agreed(self, proposer: str, agreed: Sequence[str]) -> str | None:
        """「6夜后三国可在行动提交阶段共提交一次议和申请，如果三国都同意议和，则游戏结束，三国议和。」 Each country
        agrees through its 君主, or any of its ids while it has none (as sg24's R-SG10); one application a game."""
        if self.phase is not PhaseKind.NIGHT or self.number < PEACE_FROM_NIGHT:
            return f"议和申请须在第{PEACE_FROM_NIGHT}夜起的夜晚行动提交阶段提交（6夜后）"
        if self.state.extra["peace_used"]:
            return "三国只能共提交一次议和申请，本局已经提交过"
        if len(self.open_countries()) < 3:
            return "议和需要三国都同意，已有国家灭亡"
        problem = self.peace_proposer_problem(proposer)
        if problem:
            return problem  # no application was made: the one a game is still to come
        self.state.extra["peace_used"] = True
        refusal = super().peace_agreed(proposer, agreed)
        if refusal:
            self.state.extra.setdefault("peace_refused", []).append(
                {"phase": self.state.index, "proposer": proposer, "agreed": list(agreed), "reason": refusal})
        return refusal

    def peace_refusal(self) -> dict[str, Any] | None:
        """The application just refused, if the last ``peace_agreed`` was one (a country did not agree): it
        was made and counts as the game's one (「共提交一次议和申请」), so a script or a hosted game records it and
        the game goes on, instead of taking the application back as malformed."""
        refused = self.state.extra.get("peace_refused")
        return dict(refused[-1]) if refused and refused[-1]["phase"] == self.state.index else None

    def _exited(self, phase: Phase) -> list[str]:
        """The ids that left the game in ``phase`` (their last character died)."""
        return [pid for pid in phase.died + phase.natural if not self.state.player(pid).alive]

    def night_start_feedback(self) -> dict[str, Any]:
        """Nothing is told at night's start (seed 003's text gives no stab notice)."""
        return {}

    def truth_players(self) -> dict[str, dict[str, Any]]:
        return {pid: {"country": p.country, "origin": self.origin(pid), "identity": p.identity,
                      "character": p.character, "status": p.status.value} for pid, p in self.state.players.items()}


def _norm(name: Any) -> str:
    return name_key(name) if isinstance(name, str) else ""
