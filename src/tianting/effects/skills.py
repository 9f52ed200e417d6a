"""Skills held: gained (獲得技能, 化身's copy of a character's skill), lost (失去技能), lent for one use (一次性使用權),
held for a time and gone (化身's phase), each with its feedback and trace line, and its sentence.

Moved here from KK 3.3's ``rules/kk33/skillbook`` (which offers them under the same names): each change to a player's
list of skills is logged in ``state.skills_changed`` (the tables of who holds what are read again for those players),
a lost skill is kept for the skills that restore lost ones (蕙質蘭心), and a phase that keeps ``skills_before`` (the
skills held as its stage began, R49) hears of a player's list before its first change.

被動的限定技能消耗時或失去某技能時會收到相關反饋。
"""

from __future__ import annotations

from tianting.core.records import Feedback
from tianting.core.state import GameState, Player
from tianting.engine.phase import Phase

LOST_KEY = "lost_skills"
"""``state.extra[LOST_KEY][pid]``: the skills ``pid`` lost (失去), in order."""
FROM_KEY = "skills_from"
"""``state.extra[FROM_KEY][pid][name]``: the character a gained skill was taken from, where its text
depends on it (舌戰群儒 reads 「無事發生」 or 「無效」 by character): see KK 3.3's ``skillbook.text_character``."""


def _remember(phase: Phase, player: Player) -> None:
    """Keep ``player``'s skills as they were before the stage's first change (``phase.skills_before``)."""
    # getattr: only the phases with a stage walk keep ``skills_before`` (no protocol says "where it has one")
    before: dict[str, tuple[str, ...]] | None = getattr(phase, "skills_before", None)
    if before is not None and player.id not in before:
        before[player.id] = tuple(player.skills)


def gain(phase: Phase, pid: str, name: str, via: str, tell: bool = True, character: str | None = None) -> None:
    """``pid`` holds ``name`` from now on (a character skill, with its usual limit). ``character``: the
    character it is taken from, whose text of it the holder then reads (化身's form)."""
    player = phase.state.player(pid)
    _remember(phase, player)
    if name not in player.skills:
        player.skills.append(name)
        phase.state.skills_changed.append(pid)  # (see GameState.skills_changed)
    if character is not None:
        phase.state.extra.setdefault(FROM_KEY, {}).setdefault(pid, {})[name] = character
    if tell:
        phase.tell(pid, Feedback(via, f"【{via}】你獲得技能【{name}】。", None, {"gained": name}))
    phase.note(f"{pid} 獲得技能【{name}】（{via}）")


def lose(phase: Phase, pid: str, name: str, via: str) -> bool:
    """``pid`` loses ``name``; they are told. False if they did not hold it."""
    player = phase.state.player(pid)
    if name not in player.skills:
        return False
    _remember(phase, player)
    player.skills.remove(name)
    phase.state.skills_changed.append(pid)
    lost = phase.state.extra.setdefault(LOST_KEY, {}).setdefault(pid, [])
    if name not in lost:
        lost.append(name)  # kept for skills that restore lost ones (蕙質蘭心)
    phase.tell(pid, Feedback(via, f"【{via}】你失去技能【{name}】。", None, {"lost": name}))
    phase.note(f"{pid} 失去技能【{name}】（{via}）")
    return True


def lend(phase: Phase, pid: str, name: str, via: str, uses: int = 1) -> None:
    """A one-time use right (一次性使用權) of ``name``: spent when used, kept if the use fails."""
    player = phase.state.player(pid)
    player.granted[name] = player.granted.get(name, 0) + uses
    phase.tell(pid, Feedback(via, f"【{via}】你獲得【{name}】的一次性使用權。", None, {"granted": name, "uses": uses}))
    phase.note(f"{pid} 獲得【{name}】的一次性使用權（{via}）")


def expire(state: GameState, pid: str, name: str) -> bool:
    """A skill held for a time the text sets ends (化身：於該階段中獲得該技能): it is no longer held. Not a
    loss (失去): nothing is recorded to restore (蕙質蘭心) and the holder gets no feedback for it.
    False if ``pid`` did not hold it."""
    player = state.player(pid)
    if name not in player.skills:
        return False
    player.skills.remove(name)
    state.skills_changed.append(pid)
    state.extra.get(FROM_KEY, {}).get(pid, {}).pop(name, None)
    return True


def gain_text(name: str) -> str:
    """The sentence of :func:`gain`: 「你獲得技能【X】」."""
    return f"你獲得技能【{name}】"


def lose_text(name: str) -> str:
    """The sentence of :func:`lose`: 「你失去技能【X】」."""
    return f"你失去技能【{name}】"


def lend_text(name: str) -> str:
    """The sentence of :func:`lend`: 「你獲得【X】的一次性使用權」."""
    return f"你獲得【{name}】的一次性使用權"
