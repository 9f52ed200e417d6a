"""Who plays on when a character dies: the 24人 family's 继任 (「死亡时以继任者角色进行游戏，全部继任者都死亡则退出游戏」,
鼎立's branches 「曹操——曹丕 或 曹植」) and KK 3.3's 轉生 (「當你死亡時，選擇一個轉生角色繼續進行遊戲」).

The rule sets differ in who may succeed (a lineage; a country's 轉生 forms) and in what else changes (KK 3.3's life
counter, the 24人 identity of the successor); the same three steps are theirs: the options, the choice (the
player's answer, else a recorded draw of the game's generator; one option needs no choice where the rule set says
so), and the entry of the successor in the same id.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Any

from tianting.core.decisions import DecisionBook
from tianting.core.rng import GameRandom
from tianting.core.state import Player, Status


def options(successors: Iterable[str], in_play: Collection[str], lived: Collection[str]) -> list[str]:
    """The successors that may enter: not in play (another id holds it) and not already played by this id."""
    return [s for s in successors if s not in in_play and s not in lived]


def choose(rng: GameRandom, book: DecisionBook, pid: str, decision: str, offered: Sequence[str],
           same: Callable[[Any, str], bool], ask_one: bool = False) -> str | None:
    """The successor ``pid`` plays on as: None if none may enter; the only one unless ``ask_one``; else the
    player's answer to ``decision`` (a recorded draw when he gave none)."""
    if not offered:
        return None
    if len(offered) == 1 and not ask_one:
        return offered[0]
    return book.choose(rng, pid, decision, list(offered), same)


def enter(player: Player, character: str, skills: Iterable[str], identity: str | None = None) -> None:
    """The successor enters in the same id: his character and skills (and identity, where it is the character's),
    in a normal state."""
    player.status = Status.ALIVE
    player.wounded_at = None
    player.character = character
    if identity is not None:
        player.identity = identity
    player.skills = list(skills)
