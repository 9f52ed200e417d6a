"""Death in KK 3.3, and what it sets off: 轉生, 託孤, 滅國, 太平要術.

死亡：角色死亡時公布ID但不公布其角色。角色死亡後出局，不能再進行任何行動。
退出歷史舞台：效果等同於死亡，能夠觸發以死亡為前提的技能，但不能被減輕和防止死亡的效果減免。
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.names import name_key
from tianting.core.records import Death, Feedback
from tianting.core.state import Player, Status
from tianting.rules.kk33 import texts

if TYPE_CHECKING:
    from tianting.rules.kk33.game import KK33Game


def _same_name(answer: Any, option: str) -> bool:
    return isinstance(answer, str) and name_key(answer) == name_key(option)


def kill(game: KK33Game, phase: Any, pid: str, cause: str, sources: list[str], removal: bool = False) -> None:
    """Kill ``pid`` during ``phase`` (a Night or a Day), with every consequence."""
    state = game.state
    player = state.player(pid)
    if not player.alive:
        return
    before = player.character

    # 太平要術：*被*你的初始體力值為2。 A death costs one point while more than one is left.
    if player.hp > 1 and not removal:
        player.hp -= 1
        player.status = Status.ALIVE
        player.wounded_at = None
        phase.deaths.append(Death(pid, before, cause, out=False))
        phase.tell(pid, Feedback("太平要術", texts.hp_changed(player.hp), None, {"hp": player.hp}))
        phase.note(f"{pid} 死亡（{cause}），體力值減為{player.hp}，仍在場")
        return

    if player.identity == "君主" and not player.successor and player.life == 0:
        _reincarnate(game, phase, player, cause)
        game.on_death(phase, pid, cause, sources)
        return

    player.status = Status.OUT
    player.wounded_at = None
    phase.deaths.append(Death(pid, before, f"{cause}（退出歷史舞台）" if removal else cause))
    phase.exited.append(pid)
    phase.note(f"{pid}（{before}）死亡出局：{cause}" + ("（退出歷史舞台）" if removal else ""))

    game.on_death(phase, pid, cause, sources)
    if player.identity == "君主":
        if player.successor:
            # 新任君主死亡後，該國滅國（公告顯示該國滅國）。
            eliminate(game, phase, player.country, f"新任君主 {pid} 死亡")
        else:
            _entrust(game, phase, player)
    if player.country in game.kingdoms and player.country not in state.eliminated:
        if not any(p.alive and p.country == player.country for p in state.players.values()):
            eliminate(game, phase, player.country, "該國已無存活角色")


def _reincarnate(game: KK33Game, phase: Any, player: Player, cause: str) -> None:
    """轉生：當你死亡時，選擇一個轉生角色繼續進行遊戲。"""
    options = game.roster.reincarnations(player.country)
    before = player.character
    choice = phase.book.choose(game.state.rng, player.id, "轉生", options, _same_name)
    player.character = choice
    player.life = 1
    player.status = Status.ALIVE
    player.wounded_at = None
    player.skills = [s.name for s in game.roster.characters[choice].skills]
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
