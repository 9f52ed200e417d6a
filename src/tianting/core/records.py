"""Typed records that flow through a phase: actions in, feedback and trace out."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class SeatSpec:
    """One player of a script: id, country, identity and character (any script), as a game is created from."""

    id: str
    country: str
    identity: str
    character: str


@dataclass(frozen=True)
class Action:
    """What one player submits to use one skill."""

    actor: str
    skill: str
    targets: tuple[str, ...] = ()
    args: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"actor": self.actor, "skill": self.skill, "targets": list(self.targets)}
        if self.args:
            data["args"] = dict(self.args)
        return data


_new_object = object.__new__


def make_action(actor: str, skill: str, targets: tuple[str, ...] = (), args: dict[str, Any] | None = None) -> Action:
    """``Action(actor, skill, targets, args)``: the same object (fields set in the same order), made
    without the frozen dataclass's ``object.__setattr__`` per field, at half the cost (a night makes
    one for every action it resolves)."""
    new = _new_object(Action)
    new.__dict__.update(actor=actor, skill=skill, targets=targets, args={} if args is None else args)
    return new


@dataclass(frozen=True)
class Ruling:
    """One ruling of the judge for one phase (game-script.md ``rulings``): an ``effect`` and its fields.

    ``action`` is the index of the ruled action among the phase's actions that resolve (the
    script's own index is kept by the script runner); ``voter`` names a vote (a day's ``void``)."""

    effect: str
    target: str | None = None
    action: int | None = None
    voter: str | None = None
    text: str | None = None
    why: str = ""
    owner: str | None = None
    """``defend`` (the 24人 rules): whose defence it is (the defended ``target`` by default)."""
    active: bool = False
    """``defend``: an active skill's defence (本人主动 > 他人主动 > 本人被动 > 他人被动)."""


@dataclass
class Feedback:
    """One private message from the judge to one player."""

    skill: str
    text: str
    target: str | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"skill": self.skill}
        if self.target is not None:
            out["target"] = self.target
        out["data"] = self.data
        out["text"] = self.text
        return out


@dataclass
class DecisionRecord:
    actor: str
    skill: str
    answer: Any
    defaulted: bool
    options: list[Any] | None = None
    """What the choice was among (answer labels), so a judge can answer it."""
    context: str | None = None
    """What the choice is about, where the skill's name does not say (飛沙走石, 盜書: which listed
    action's target), in the chooser's words; only what the chooser learns."""
    drawn: bool = False
    """A default drawn with the game's generator (a choice the text requires: 轉生's character),
    not the skill's own fixed default (the harmless choice of a 「可以」: not using it)."""

    def as_json(self) -> dict[str, Any]:
        data = {"actor": self.actor, "skill": self.skill, "answer": self.answer, "defaulted": self.defaulted}
        if self.defaulted:
            data["drawn"] = self.drawn
        if self.options is not None:
            data["options"] = list(self.options)
        if self.context:
            data["context"] = self.context
        return data

    def warning(self) -> str:
        """The judge's warning for a defaulted choice: drawn at random, or the skill's fixed default."""
        return default_warning(self.actor, self.skill, self.answer, self.drawn)


def default_warning(actor: str, skill: str, answer: Any, drawn: bool) -> str:
    """「P01 的【轉生】未給出選擇，已隨機取預設值「曹丕」」 for a drawn default; 「…已取技能的預設選擇「否」」
    for a skill's fixed default (nothing was drawn: saying 「隨機」 there misled the judge)."""
    how = "已隨機取預設值" if drawn else "已取技能的預設選擇"
    return f"{actor} 的【{skill}】未給出選擇，{how}「{answer}」"


@dataclass
class Death:
    """A death in the judge's record: who, as which character, why."""

    id: str
    character: str
    cause: str
    out: bool = True
    """False when the player stays in the game (轉生, 太平要術)."""

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "character": self.character, "cause": self.cause}
        if not self.out:
            data["out"] = False
        return data


@dataclass
class PhaseResult:
    """Everything one resolved phase produced."""

    phase: str
    number: int
    announcement: dict[str, Any]
    feedback: dict[str, list[Feedback]]
    decisions: list[DecisionRecord]
    deaths: list[Death]
    trace: list[str]
    draws: list[dict[str, Any]]
    rejected: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
