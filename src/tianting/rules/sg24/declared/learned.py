"""Skills learned from another character (祢衡【狂悖之徒】, 陈寿【三国终焉】, R-revival-13): the learner holds the
skill as its own character has it, while he plays the character that learned it. :func:`skill_of` is the one lookup
of a skill an id may send: his character's, else one he learned (with the character it comes from, whose timing
and extras it keeps)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core.names import name_key

if TYPE_CHECKING:
    from tianting.rules.sg24.pack import SkillData

KEY = "learned"
"""``state.extra[KEY][pid]``: [[skill, the character it comes from, the learner's character]]."""


def learn(state: Any, pid: str, skill: str, source: str) -> None:
    """``pid`` holds ``skill`` of ``source`` from now on, while he plays his present character."""
    player = state.player(pid)
    state.extra.setdefault(KEY, {}).setdefault(pid, []).append([skill, source, player.character])
    if skill not in player.skills:
        player.skills.append(skill)


def skill_of(game: Any, pid: str, spelling: str) -> tuple[str, SkillData] | None:
    """The skill ``pid`` sends as ``spelling``: (the character whose skill it is, its data), or None."""
    player = game.state.player(pid)
    if player.character in game.pack.characters:
        data = game.pack.skill(player.character, spelling)
        if data is not None:
            return player.character, data
    for skill, source, learner in game.state.extra.get(KEY, {}).get(pid, []):
        if learner == player.character and name_key(skill) == name_key(spelling):
            data = game.pack.skill(source, skill)
            if data is not None:
                return source, data
    return None


def data_of(game: Any, pid: str, spelling: str) -> SkillData | None:
    """:func:`skill_of`'s data only."""
    found = skill_of(game, pid, spelling)
    return found[1] if found is not None else None


def character_of(game: Any, pid: str, spelling: str) -> str:
    """The character whose skill ``spelling`` is for ``pid`` (his own, or the one he learned it from)."""
    found = skill_of(game, pid, spelling)
    return found[0] if found is not None else str(game.state.player(pid).character)
