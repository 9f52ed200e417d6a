"""A 鼎立三分2.0 night: the 24人 night's stages (:class:`tianting.rules.sg24.night.Night`) with seed 003's steps where
it differs, declared here and nothing copied.

- 立刻生效: 「角色自杀在行动提交阶段提交，即时生效」 — before anything is resolved; the actions sent after a 自杀 are the
  successor's (D-A2), those before it 「按没有提交判定」;
- 预结算前生效: an action on an id already out 「按没有提交判定」; a 全局 use cannot be voided (「全局的使用互不影响」);
- 结算时 (第一阶段): 判定 — 「全局技能的使用判定」 first, then the interference skills by priority (each listed for the
  judge), and the 拼点 the judge found;
- 结算时 (第二阶段): the sum of each target's harms is lessened or deepened (D-H2);
- 结算后: 联盟入国 with the night's joining; each wounded player is dealt his 伤判 table (D-W1);
- the post: counts, 大事记, the silent dead (docs/rulings/dingli2.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tianting.core import canonical
from tianting.core.decisions import DecisionBook
from tianting.core.errors import IllegalAction
from tianting.core.names import name_key
from tianting.core.records import Action, Ruling
from tianting.engine.harm import Defence
from tianting.rules.dingli2 import texts
from tianting.rules.dingli2.rulings import shifts
from tianting.rules.sg24.declared.codes.chenlin import brushed
from tianting.rules.sg24.declared.codes.shuijing import disguise, unposted
from tianting.rules.sg24.declared.resolve import DeclaredUse, announced, exit_passives, first_free
from tianting.rules.sg24.night import Night, voided_why
from tianting.rules.sg24.outcomes import DONE, FAILED, VOID

if TYPE_CHECKING:
    from tianting.rules.dingli2.game import DingliGame

SUICIDE = "自杀"
UNCOUNTED = ("自杀", "自然死亡")
"""「自杀、自然死亡、伤判死亡的人不计入公告的死亡数字」 (伤判 deaths happen by day, whose post has no counts)."""


def _norm(name: Any) -> str:
    return name_key(name) if isinstance(name, str) else ""


class DingliNight(Night):
    """One 鼎立 night being resolved."""

    game: DingliGame

    def __init__(self, game: DingliGame, actions: Sequence[Action], book: DecisionBook,
                 last_words: Mapping[str, str], judged: Sequence[Ruling], defences: Sequence[Defence],
                 digits: Mapping[str, Any]) -> None:
        super().__init__(game, actions, book, last_words, judged, defences, digits)
        self.phase.suicides = []  # type: ignore[attr-defined]
        self.phase.returned = []  # type: ignore[attr-defined]
        self.last_suicide = {a.actor: i for i, a in enumerate(actions) if _norm(a.skill) == SUICIDE}
        self.judged_uses = {id(a): game._judged(a) for a in actions}
        """By the character that sent it: whether the judge rules what comes of each action."""
        self.events: list[str] = []
        self.declared_events: list[str] = []
        """The 大事记 of the declared uses that went off (a global, a skill the pack says is announced)."""
        self.contests: list[dict[str, Any]] = []

    def after_immediate(self) -> None:
        """「角色自杀在行动提交阶段提交，即时生效」: before anything is resolved."""
        game, night = self.game, self.phase
        for a in sorted((a for a in self.actions if _norm(a.skill) == SUICIDE),
                        key=lambda a: self.state.player(a.actor).seat):
            game.kill(night, a.actor, "自杀", self.book, natural=True)
            night.suicides.append(a.actor)  # type: ignore[attr-defined]
            night.outcomes.settle(a, DONE)
        # the actions sent after a suicide are the successor's (D-A2)
        self.judged_uses.update((id(a), game._judged(a)) for i, a in enumerate(self.actions)
                                if i > self.last_suicide.get(a.actor, i))

    def resolving(self) -> list[Action]:
        """The actions that resolve: not a 自杀, nor one sent before it, nor one on an id already out; a successor's
        only if the successor who entered can send it (D-A2); a voided one unless 全局."""
        game, night, judged = self.game, self.phase, self.judged
        live: list[tuple[int, Action]] = []
        successors: dict[str, list[Action]] = {}
        # in the night's one order (「所有行动同时结算」), so that the notes do not follow the order sent
        for i, a in sorted(enumerate(self.actions), key=lambda ia: game.order_key(ia[1])):
            if _norm(a.skill) == SUICIDE:
                continue
            if i < self.last_suicide.get(a.actor, -1):
                night.note(f"{a.actor} 的【{a.skill}】按没有提交判定：其角色已自杀")
                night.outcomes.settle(a, FAILED, "其角色已自杀，按没有提交判定")
                continue
            gone = [t for t in a.targets if not self.state.player(t).alive]
            if gone:
                night.note(f"{a.actor} 的【{a.skill}】按没有提交判定：{'、'.join(gone)} 已退出游戏")
                night.outcomes.settle(a, FAILED, f"{'、'.join(gone)} 已退出游戏，按没有提交判定")
                continue
            if a.actor in self.last_suicide:
                # the successor's action (D-A2): resolved if the successor who entered can send it
                heir = self.state.player(a.actor)
                try:
                    if not heir.alive:
                        raise IllegalAction("该ID已退出游戏", "out")
                    game._check_own(heir, a, successors.setdefault(a.actor, []))
                except IllegalAction as exc:
                    night.note(f"{a.actor} 的【{a.skill}】按没有提交判定：继承者{heir.character}不能如此行动（{exc.message}）")
                    night.outcomes.settle(a, FAILED, f"继承者{heir.character}不能如此行动，按没有提交判定")
                    continue
                successors[a.actor].append(a)
            if i in self.void:
                if game._global_use(a):
                    self.warnings.append(f"{a.actor} 的全局技能【{a.skill}】不能被无效（全局的使用互不影响），裁定不予执行")
                else:
                    night.note(f"{a.actor} 的【{a.skill}】失效：{voided_why(judged, i)}")
                    night.outcomes.settle(a, VOID, f"天庭裁定失效：{voided_why(judged, i)}")
                    continue
            live.append((i, a))
        return [a for _, a in sorted(live, key=lambda ia: game.order_key(ia[1]))]

    def next_interfering(self, waiting: Sequence[DeclaredUse]) -> list[DeclaredUse]:
        """Seed 003's 「干扰技能之间的优先级」: the uses of the highest rank (the lowest number; none: (8)) first, and among
        those the ones no use of the same rank aims at; if each is aimed at, 「由天庭判定从哪个技能结算」 — the engine
        draws one (同级拼点原则, D-31-1) and the judge is told he may rule otherwise."""
        pack = self.game.pack

        def rank(u: DeclaredUse) -> int:
            found = pack.interference(self.state.player(u.actor).character, u.skill)
            return found if found is not None else 8

        top = min(rank(u) for u in waiting)
        same = [u for u in waiting if rank(u) == top]
        aimed_at = {u.target for u in same if u.target is not None and u.target != u.actor}
        drawn = all(u.actor in aimed_at for u in same)
        free = first_free(self, same, f"同级拼点（优先级{top}）")
        if drawn:
            self.warnings.append(f"同级拼点原则：{'、'.join(f'{u.actor}【{u.skill.name}】' for u in same)} 相互干扰，"
                                 f"引擎抽签由 {free[0].actor} 先结算；天庭可另行裁定")
        return free

    def declared_went_off(self, use: DeclaredUse) -> None:
        """A declared global, or a skill the pack says is announced, goes in the night's 大事记."""
        character = self.state.player(use.actor).character
        own = announced(use.skill, self.state)
        if self.game.pack.is_global(character, use.skill):
            self.declared_events += own or [texts.skill_used(use.skill.name)]  # 8.1's line, or the generic one
        elif self.game.pack.extra(character, use.skill.name).announce and not own:
            self.declared_events.append(texts.skill_used(use.skill.name))

    def done_why(self, use: DeclaredUse) -> str:
        """「全局发生」 for a global (as the judge's globals are recorded)."""
        return "全局发生" if self.game.pack.is_global(self.state.player(use.actor).character, use.skill) else ""

    def judge_notices(self) -> list[str]:
        """判定 (globals first, interference by priority), then the 拼点 the judge found."""
        pending, events = self.game._resolution_order(self.phase, self.judge_uses())
        self.events = self.declared_events + self.declared.events + events
        self.ruled.events = self.events
        self.contests = self.game._contests(self.phase, self.judged, self.digits)
        return pending

    def shifts(self) -> tuple[dict[str, int] | None, dict[str, int] | None]:
        """The judge's 减轻 / 加深 rulings, and the declared skills' 减轻 (蔡琰【悲愤诗】's kind), counted together."""
        lessen, deepen = shifts(self.judged)
        for pid, n in self.declared.lessening().items():
            lessen[pid] = lessen.get(pid, 0) + n
        if self.declared.deepened:  # bespoke code's 加深 (陈琳【檄文讨逆】)
            deepen = dict(deepen or {})
            for pid, n in self.declared.deepened.items():
                deepen[pid] = deepen.get(pid, 0) + n
        return lessen, deepen

    def join(self) -> None:
        alliances = {r.target: _norm(r.text or "") for r in self.game.rulings.of("join", self.judged) if r.target}
        self.game._joining(self.phase, self.invites, self.applications, self.book, alliances)

    def left_to_judge(self) -> list[Action] | None:
        return [a for a in self.actions if self.judged_uses[id(a)] and not self.declared.handles(a)]

    def after_natural_deaths(self) -> None:
        exit_passives(self.game, self.phase, self.state.index + 1)  # 「当X退出游戏时」: the day after this night
        self.game._deal_tables(self.phase)

    def announcement(self) -> dict[str, Any]:
        game, night, extra = self.game, self.phase, self.state.extra
        extra.setdefault("exits_after_day", [])
        announcement: dict[str, Any] = {
            "title": texts.night_title(game.number),
            "summary": game._summary(night),
            "deaths": sum(1 for d in night.deaths if d.cause not in UNCOUNTED)
            + len(brushed(self.state, self.state.index)),  # 陈琳【生花妙笔】: one more each
            "wounds": len([p for p in night.injured if self.state.player(p).injured]),
            # with the lines a declared or bespoke step put in the post after the uses were listed (白衣渡江's 联盟),
            # without 水镜先生【其徐如林】's hidden ids' uses
            "events": unposted(game, self.live, self.events + [e for e in self.declared.events if e not in self.events]),
            "died": canonical.posted(self.state, list(night.died) + list(night.natural)),
            "silent": canonical.posted(self.state, night.natural),
            # the ids a 伤判 took out after the last day's post, then tonight's
            "exited": canonical.posted(self.state, extra["exits_after_day"] + game._exited(night)),
            "last_words": self.words,
        }
        exited, announcement["last_words"] = disguise(game, night, announcement["exited"], self.words)  # 【难知如阴】
        announcement["exited"] = canonical.posted(self.state, exited)
        extra["exits_after_day"] = []
        if self.contests:
            announcement["contests"] = self.contests
        return announcement
