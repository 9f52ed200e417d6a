"""Death in KK 3.3, and what it sets off: 轉生, 託孤, 滅國, 太平要術.

死亡：角色死亡時公布ID但不公布其角色。角色死亡後出局，不能再進行任何行動。
退出歷史舞台：效果等同於死亡，能夠觸發以死亡為前提的技能，但不能被減輕和防止死亡的效果減免。

The deaths of one moment are simultaneous (ruling R47 in docs/rulings.md). A death is first
*recorded* in the phase's open batch (``phase.death_batch``): the player stays as he
was, and later harms of that moment pass him by (``dying``). When the batch settles,
every recorded death takes effect at once (out, or 轉生, or a point of 太平要術), and
only then do the consequences run, each seeing the whole batch: the death skills
(``on_death``: 遺計定遼東's 「曹操（若在場）」, 七步's 步 …), the arrival of each lord's 轉生 form
(``on_enter``: 「劉禪登場時」 …), 滅國, and, once every death
the batch set off has settled too, 託孤 with the country's 「尚存活」 players. Deaths a
consequence causes (同心, 古之惡來 …) form the next batch. Outside a batch, ``kill``
is a batch of one, so a lone death settles at once as before.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tianting.core.names import name_key
from tianting.core.records import Death, Feedback
from tianting.core.state import Player, Status
from tianting.engine import succession
from tianting.rules.kk33 import texts

_OUT = Status.OUT

if TYPE_CHECKING:
    from tianting.rules.kk33.game import KK33Game


def _same_name(answer: Any, option: str) -> bool:
    return isinstance(answer, str) and name_key(answer) == name_key(option)


@dataclass
class Pending:
    """A death recorded in an open batch, not yet in effect."""

    pid: str
    cause: str
    sources: list[str] = field(default_factory=list)
    removal: bool = False


def dying(phase: Any, pid: str) -> bool:
    """``pid``'s death is recorded in the phase's open batch (he dies at this moment)."""
    batch = getattr(phase, "death_batch", None)
    if batch:
        for pending in batch:  # (a loop, not ``any`` over a generator: asked for every harm)
            if pending.pid == pid:
                return True
    return False


class simultaneous:  # noqa: N801 (used as the function it replaced: ``with simultaneous(game, phase):``)
    """Every death recorded inside happens at once; the consequences run on leaving.

    Nested uses join the batch already open. (A plain class: the generator-based context manager it
    replaced cost more than the rest of a quiet moment.)
    """

    __slots__ = ("game", "phase", "nested")

    def __init__(self, game: KK33Game, phase: Any) -> None:
        self.game = game
        self.phase = phase
        self.nested = False

    def __enter__(self) -> None:
        phase = self.phase
        if getattr(phase, "death_batch", None) is not None:
            self.nested = True
        else:
            phase.death_batch = []

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: Any) -> bool:
        if self.nested:
            return False
        if kind is not None:
            self.phase.death_batch = None
            return False
        settle(self.game, self.phase)
        return False


def kill(game: KK33Game, phase: Any, pid: str, cause: str, sources: list[str], removal: bool = False) -> None:
    """Kill ``pid`` during ``phase`` (a Night or a Day), with every consequence.

    Inside an open batch the death is recorded and settles with the batch; otherwise
    it settles at once.
    """
    player = game.state.player(pid)
    if not player.alive:
        return
    batch = getattr(phase, "death_batch", None)
    if batch is None:
        with simultaneous(game, phase):
            kill(game, phase, pid, cause, sources, removal)
        return
    for pending in batch:
        if pending.pid == pid:  # two deaths of one player at one moment are one death
            pending.sources += [s for s in sources if s not in pending.sources]
            pending.removal = pending.removal or removal
            return
    batch.append(Pending(pid, cause, list(sources), removal))


def settle(game: KK33Game, phase: Any) -> None:
    """Let the open batch's deaths take effect, then their consequences (see the module's docstring)."""
    state = game.state
    entrust: list[Player] = []
    while phase.death_batch:
        wave: list[Pending] = sorted(phase.death_batch, key=lambda p: state.player(p.pid).seat)
        phase.death_batch = []  # deaths the consequences cause: the next batch
        arrived: set[str] = set()
        done: list[tuple[Pending, str]] = []
        for pending in wave:  # each changes only its own player: the order is immaterial
            done.append((pending, _take_effect(game, phase, pending, arrived)))
        for pending, kind in done:
            if kind == "hp":
                continue
            game.on_death(phase, pending.pid, pending.cause, pending.sources, arrived=arrived)
        for pid in sorted(arrived, key=lambda a: state.player(a).seat):  # 「X登場時」: after the deaths it came by
            if state.player(pid).alive:
                game.on_enter(phase, pid, state.player(pid).character)
        for pending, kind in done:
            player = state.player(pending.pid)
            if kind != "out" or player.identity != "君主":
                continue
            if player.successor:
                # 新任君主死亡後，該國滅國（公告顯示該國滅國）。
                eliminate(game, phase, player.country, f"新任君主 {player.id} 死亡")
            else:
                entrust.append(player)
    phase.death_batch = None
    # 託孤 once every death this moment set off has settled: 「本國尚存活的角色」 are those alive now.
    for lord in entrust:
        if lord.country not in state.eliminated:
            _entrust(game, phase, lord)
    _eliminate_empty(game, phase)


_WITNESSES = "deaths.witnesses"
"""Where a game keeps, per kingdom, the id of a living member last seen by ``_eliminate_empty``."""


def _members_still_standing(game: KK33Game, state: Any) -> bool:
    """True if every kingdom not eliminated still has the living member last seen in it (its witness in
    ``game.memos``): then each has a living member, and ``_eliminate_empty`` would find one and eliminate
    nothing. Each witness is read afresh from the state (still of that country, not out), so the answer
    is exact whatever happened since it was seen (a death, a change of country, a night resolved again
    from its snapshot); False (the walk decides) when a witness is missing or no longer stands."""
    witnesses = game.memos.get(_WITNESSES)
    if not witnesses:
        return False
    players, eliminated, out = state.players, state.eliminated, _OUT
    for country in game.kingdoms:
        if country not in eliminated:
            p = players.get(witnesses.get(country))  # type: ignore[arg-type]
            if p is None or p.country != country or p.status is out:
                return False
    return True


def _eliminate_empty(game: KK33Game, phase: Any) -> None:
    """滅國 of every kingdom with no living character left, in the order the players' countries first
    appear. Most moments leave every kingdom standing or already eliminated: then the walk over the
    players' countries (which would eliminate nothing) is skipped, and so, most often, is the search for
    a living member of each (``_members_still_standing``)."""
    state = game.state
    if _members_still_standing(game, state):
        return
    players = state.players.values()
    out, eliminated = _OUT, state.eliminated
    standing = set(game.kingdoms).difference(eliminated)
    witnesses = game.memos.get(_WITNESSES)
    if witnesses is None:
        witnesses = game.memos[_WITNESSES] = {}
    for p in players:  # until a living member of each is seen: most often among the first seats
        if p.country in standing and p.status is not out:
            standing.discard(p.country)
            witnesses[p.country] = p.id
            if not standing:
                return
    if not standing:
        return
    alive = {p.country for p in players if p.status is not out}  # eliminating a country changes no one's status
    for country in dict.fromkeys(p.country for p in players):
        if country in game.kingdoms and country not in state.eliminated and country not in alive:
            eliminate(game, phase, country, "該國已無存活角色")


def _take_effect(game: KK33Game, phase: Any, pending: Pending, arrived: set[str]) -> str:
    """One recorded death takes effect: 'hp' (太平要術), 'reincarnated' (轉生) or 'out'."""
    player = game.state.player(pending.pid)
    pid, cause, removal = pending.pid, pending.cause, pending.removal
    before = player.character

    # 太平要術：*被*你的初始體力值為2。 A death costs one point while more than one is left.
    if player.hp > 1 and not removal:
        player.hp -= 1
        player.status = Status.ALIVE
        player.wounded_at = None
        phase.deaths.append(Death(pid, before, cause, out=False))
        phase.tell(pid, Feedback("太平要術", texts.hp_changed(player.hp), None, {"hp": player.hp}))
        phase.note(f"{pid} 死亡（{cause}），體力值減為{player.hp}，仍在場")
        return "hp"

    if player.identity == "君主" and not player.successor and player.life == 0:
        # His first character leaves the game as any other would: a 退出歷史舞台 is marked as one (武聖).
        _reincarnate(game, phase, player, f"{cause}（退出歷史舞台）" if removal else cause)
        phase.died.append(pid)  # 角色死亡時公布ID但不公布其角色: announced, though he plays on
        arrived.add(pid)
        return "reincarnated"

    player.status = Status.OUT
    player.wounded_at = None
    phase.deaths.append(Death(pid, before, f"{cause}（退出歷史舞台）" if removal else cause))
    phase.exited.append(pid)
    phase.died.append(pid)
    phase.note(f"{pid}（{before}）死亡出局：{cause}" + ("（退出歷史舞台）" if removal else ""))
    return "out"


def _reincarnate(game: KK33Game, phase: Any, player: Player, cause: str) -> None:
    """轉生：當你死亡時，選擇一個轉生角色繼續進行遊戲。"""
    options = game.roster.reincarnations(player.country)
    before = player.character
    choice = succession.choose(game.state.rng, phase.book, player.id, "轉生", options, _same_name, ask_one=True)
    assert choice is not None  # every country has its 轉生 forms
    succession.enter(player, choice, (s.name for s in game.roster.characters[choice].skills))
    player.life = 1
    game.state.skills_changed.append(player.id)  # (see GameState.skills_changed)
    phase.deaths.append(Death(player.id, before, cause, out=False))
    phase.tell(player.id, Feedback("轉生", texts.reincarnated(choice), None, {"character": choice}))
    phase.note(f"君主 {player.id}（{before}）死亡：{cause}；轉生為{choice}，繼續遊戲")


def _entrust(game: KK33Game, phase: Any, player: Player) -> None:
    """託孤：當你的轉生角色死亡時，你獲悉本國尚存活的角色並指定其中一名角色成為新任君主。新任君主得知自己成為新任君主。"""
    alive = {p.id: p.character for p in game.state.players.values() if p.alive and p.country == player.country}
    phase.tell(player.id, Feedback("託孤", texts.entrust_list(alive), None, {"alive": alive}))
    if not alive:
        return  # the country has no one left: eliminated by the caller
    chosen = phase.book.choose(game.state.rng, player.id, "託孤", list(alive), lambda a, o: a == o)
    heir = game.state.player(chosen)
    heir.identity = "君主"
    heir.successor = True
    phase.tell(player.id, Feedback("託孤", texts.entrust_chosen(chosen), chosen, {"new_lord": chosen}))
    phase.tell(chosen, Feedback("託孤", texts.new_lord(), None, {"new_lord": True}))
    phase.note(f"{player.id} 託孤：{chosen}（{heir.character}）成為{player.country}國新任君主")
    # 「本國君主發動【託孤】後」 (託孤老臣): held skills with an ``on_entrust(phase, owner, lord, heir)``.
    for p in list(game.state.players.values()):
        if not p.alive:
            continue
        for name in list(p.skills):
            hook = getattr(game.skills.get(name), "on_entrust", None)
            if hook is not None:
                hook(phase, p.id, player.id, chosen)


def eliminate(game: KK33Game, phase: Any, country: str, why: str) -> None:
    """滅國：當一國滅國後，該國的所有角色不能有任何行動。"""
    if country in game.state.eliminated:
        return
    game.state.eliminated.append(country)
    phase.eliminated.append(country)
    phase.note(f"{country}國滅國：{why}")
