"""三国版杀 24人规则 (seed file 001_a450bbe2dee8877c.txt): the engine, behind the rule-set interface
(:mod:`tianting.rules.interface`).

Registered in :data:`tianting.rules.RULESETS` as ``sg24``: every layer above ``rules/`` reaches it
through ``RULESET`` (docs/dev/ruleset-interface.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from tianting.core import pack_edition
from tianting.core.errors import TiantingError
from tianting.core.names import NameTable, name_key
from tianting.core.records import Ruling
from tianting.core.rng import GameRandom
from tianting.rules.interface import PhaseInput, PhaseSpot
from tianting.rules.sg24.declared.schema import Bespoke, Declared
from tianting.rules.sg24.game import GENERAL_ACTIONS, SUICIDE, SeatSpec, SetupError, SG24Game
from tianting.rules.sg24.inputs import wound_input
from tianting.rules.sg24.outcomes import phase_uses as outcome_entries
from tianting.rules.sg24.pack import (
    COUNTRIES,
    EVALUATIONS,
    IDENTITIES,
    UNALIGNED,
    Pack,
    default_pack,
    first_pack,
    load_pack,
)
from tianting.rules.sg24.pack import FORMATS as PACK_FORMATS
from tianting.rules.sg24.rulings import TABLE as RULINGS
from tianting.rules.sg24.victory import MARKERS
from tianting.rules.sg24.views import JUDGE_ONLY, player_view, public_announcement

DECISIONS = ("继任", "入国", "投奔")
"""The choices a script's ``decisions`` may answer: a successor, an 在野's answer to 招揽, a 主军师's to 投奔."""
DRAW_SEATS = "分配座位"


def seats() -> list[tuple[str, str, str]]:
    """The 24 seats: (country, identity, starting character), in the seed's order."""
    pack = default_pack()
    return [(c.country, c.identity, c.name) for country in COUNTRIES + (UNALIGNED,) for c in pack.starting(country)]


def roster() -> Pack:
    return default_pack()


def draw_setup(ids: Sequence[str], seed: int) -> dict[str, Any]:
    """The 24 seats dealt to ``ids`` with ``seed`` (draws ``分配座位#1`` …); the characters are the seed's."""
    return RULESET.draw_setup(ids, seed)


def skill_rows() -> list[dict[str, Any]]:
    """Every skill of the bundled pack (:meth:`RuleSet.skill_rows`)."""
    return RULESET.skill_rows()


def pack_skill_rows(pack: Pack, general: Sequence[str] = GENERAL_ACTIONS) -> list[dict[str, Any]]:
    """Every skill of ``pack``: ``built`` where the engine resolves it (its effect declared: ``resolved_by``
    「engine」; bespoke code: 「bespoke」), else the judge rules each use (「judge」).

    The general actions (刺杀 指认 招揽 投奔) are the rules' own, resolved by the engine (``source``
    ``general``); ``awaken``/``hidden``/``limited`` are KK 3.3's columns (``limited``: a declared once-a-game skill)."""
    rows: list[dict[str, Any]] = [{"skill": a, "character": None, "country": None, "source": "general", "kind": "general",
             "awaken": False, "hidden": False, "limited": False, "timing": "立刻生效" if a == SUICIDE else "结算时生效",
             "built": True, "judge_ruled": False, "resolved_by": "engine"} for a in general]
    for c in pack.characters.values():
        rows += [{"skill": s.name, "character": c.name, "country": c.country, "source": "character",
                  "kind": s.kind, "awaken": False, "hidden": False,
                  "limited": uses_a_game(s) is not None, "uses": uses_a_game(s), "timing": s.timing,
                  "built": resolved_by(s.effect) != "judge", "judge_ruled": resolved_by(s.effect) == "judge",
                  "resolved_by": resolved_by(s.effect)} for s in c.skills]
    return rows


def uses_a_game(skill: Any) -> int | None:
    """How many times a game the engine lets ``skill`` be used or trigger (R53: a declared or bespoke active once
    unless its text gives a count), or None (no count, or one its code keeps itself)."""
    from tianting.rules.sg24.declared.bespoke import REGISTRY

    effect = skill.effect
    if isinstance(effect, Declared):
        return effect.uses
    code = REGISTRY.get(effect.code) if isinstance(effect, Bespoke) else None
    if code is None:
        return None
    return 1 if code.once else code.uses if skill.kind == "active" else None


def resolved_by(effect: Any) -> str:
    """「engine」 (declared), 「bespoke」 (the rule set's own code) or 「judge」 (no effect, or one left to the judge)."""
    return "engine" if isinstance(effect, Declared) else "bespoke" if isinstance(effect, Bespoke) else "judge"


EFFECTS = RULINGS.effects()
"""The judge's ruling effects of the 24人 rules: core's, and ``defend`` (a defence the judge finds in play:
「结算时生效」's defence order, docs/rulings/sg24.md): the table of :mod:`.rulings`."""


def check_rulings(game: SG24Game, rulings: Sequence[Ruling]) -> list[tuple[int, str]]:
    out = []
    for j, r in enumerate(rulings):
        if r.effect not in EFFECTS:
            out.append((j, f"未知的裁定「{r.effect}」"))
        elif r.effect == "defend" and r.owner is not None and r.owner not in game.state.players:
            out.append((j, f"「{r.owner}」不是场上的ID"))
        elif r.target is not None and (r.target not in game.state.players or not game.state.player(r.target).alive):
            out.append((j, f"「{r.target}」不是场上的ID"))
    return out


@dataclass(frozen=True, eq=False)
class RuleSet:
    """The 24人 rules' ``RULESET``. Its methods read the rule set through ``self`` (``roster()``, ``views``,
    ``general_actions`` …), so a rule set built on this engine (dingli2) derives from it and overrides only
    what differs."""

    name: str = "sg24"
    title: str = "三国版杀24人规则"
    script: str = "simplified"
    players: int = 24
    game: type[SG24Game] = SG24Game
    seat: type[SeatSpec] = SeatSpec
    setup_error: type[SetupError] = SetupError
    targetless_effects: tuple[str, ...] = RULINGS.targetless_effects()
    """Ruling effects that name no ``target`` (``announce``: the judge's line in the public post)."""
    text_effects: tuple[str, ...] = RULINGS.text_effects()
    """Ruling effects whose ``text`` the engine reads."""
    judge_only: tuple[str, ...] = JUDGE_ONLY
    countries: tuple[str, ...] = COUNTRIES
    others: str = UNALIGNED
    identities: tuple[str, ...] = IDENTITIES
    evaluations: tuple[str, ...] = EVALUATIONS
    """The nine 评价 (评价指认's argument)."""
    victory_markers: tuple[str, ...] = MARKERS
    day_inputs: tuple[str, ...] = ("digits",)
    options: tuple[str, ...] = ()
    """Table options a setup may take (none: the seed deals its 24 characters)."""
    def bundled_pack(self, edition: int = pack_edition.CURRENT) -> Pack:
        """The bundled pack of ``edition`` (:mod:`tianting.core.pack_edition`: 1, the facts as they were before
        issue 31, with no effects; 2, now)."""
        return self.roster() if edition == pack_edition.CURRENT else first_pack()
    judge_rules_skills: bool = True
    """The pack's skills are data: the judge rules each use (R-SG11)."""
    character_choice: bool = False
    """The seed deals the starting characters: nobody chooses one."""
    views: Any = field(default_factory=lambda: SimpleNamespace(
        player_view=player_view, public_announcement=public_announcement, assemble_view=None, skill_rows=None))
    interactions: Callable[..., str] | None = None
    """No interaction matrix (``skills --interactions`` is KK 3.3's)."""
    policies: tuple[str, ...] = ("random", "heuristic")
    """The bot policies ``tianting simulate`` offers for the 24人 rules (and 鼎立's): :mod:`.bots`, :mod:`.heuristic`."""
    general_actions: tuple[str, ...] = GENERAL_ACTIONS
    """The rules' own actions, resolved by the engine (刺杀 指认 招揽 投奔)."""
    effects: tuple[str, ...] = EFFECTS
    """The judge's ruling effects (``ruling_effects``)."""
    rulings_check: Callable[[Any, Sequence[Ruling]], list[tuple[int, str]]] = check_rulings
    """Why each refused ruling is refused (``check_rulings``)."""

    def bot_game(self, seed: int, policy: Any, seats: Sequence[Any] | None, max_phases: int) -> Any:
        """One whole game played by random legal bots (tianting.simulate; ``policy`` must be ``random``): the 24人
        rules' bots on this rule set's game and table (:func:`tianting.rules.sg24.bots.bot_game`)."""
        from tianting.rules.sg24.bots import bot_game

        return bot_game(seed, policy, seats, max_phases, self)

    def built_skills(self) -> frozenset[str]:
        """The general actions and every skill whose effect the pack declares or codes (by name: a name two characters share
        counts where every holder's is declared)."""
        pack = self.roster()
        engine = Declared | Bespoke
        declared = {s.name for c in pack.characters.values() for s in c.skills if isinstance(s.effect, engine)}
        undeclared = {s.name for c in pack.characters.values() for s in c.skills if not isinstance(s.effect, engine)}
        return frozenset(self.general_actions) | frozenset(declared - undeclared)

    def built_characters(self) -> frozenset[str]:
        """Characters the engine plays whole: every skill of theirs declared or bespoke code (or none at all)."""
        return frozenset(c.name for c in self.roster().characters.values()
                         if all(isinstance(s.effect, Declared | Bespoke) for s in c.skills))

    def offered_characters(self) -> set[str]:
        return {c.name for c in self.roster().characters.values() if c.start}

    def random_seats(self, rng: Any, built: Any = None, prefer: Sequence[str] = ()) -> tuple[list[SeatSpec], list[str]]:
        """The table's seats (:meth:`seats`) in a random order, ids ``P01`` …; the characters are the pack's
        starting ones."""
        dealt = [(c, i, ch[0]) for c, i, ch in self.seats()]
        rng.shuffle(dealt)
        return [self.seat(f"P{n:02d}", c, i, ch) for n, (c, i, ch) in enumerate(dealt, start=1)], []

    def seats(self, pack: Pack | None = None) -> list[tuple[str, str, tuple[str, ...]]]:
        """The seat template: each country's starting seats, then the 在野's, in the pack's order (``pack``: a
        judge's own; None, the bundled one)."""
        pack = pack or self.roster()
        return [(c.country, c.identity, (c.name,)) for country in self.countries + (self.others,)
                for c in pack.starting(country)]

    def draw_setup(self, ids: Sequence[str], seed: int, pack: Pack | None = None) -> dict[str, Any]:
        """The table's seats (:meth:`seats`, of ``pack`` if given) dealt to ``ids`` with ``seed`` (draws
        ``分配座位#1`` …)."""
        if len(ids) != self.players or len({name_key(i) for i in ids}) != self.players:
            raise TiantingError(f"{self.title}需要恰好{self.players}个互不相同的玩家ID")
        template = self.seats(pack)
        if len(template) != len(ids):
            raise TiantingError(f"角色包有{len(template)}个初始角色，而{self.title}需要{len(ids)}个")
        rng = GameRandom(seed)
        dealt = rng.shuffled(DRAW_SEATS, [(c, i, ch[0]) for c, i, ch in template], label=lambda s: s[2])
        return {"format": "tianting-script/1", "rules": self.name, "seed": seed,
                "players": [{"id": pid, "country": c, "identity": i, "character": ch}
                            for pid, (c, i, ch) in zip(ids, dealt, strict=True)],
                "phases": [], "setup_draws": [d.as_json() for d in rng.draws]}

    def country_names(self) -> NameTable:
        return NameTable(self.countries + (self.others,))

    def identity_names(self) -> NameTable:
        """The identities by any spelling; an 在野 seat's 平民 may be written 「在野」 (seed 003 never names 平民)."""
        return NameTable(self.identities, {"在野": "平民"})

    def skill_names(self) -> NameTable:
        table = self.roster().skill_names()
        for name in self.general_actions + DECISIONS:
            table.add(name)
        return table

    def names(self, game: Any) -> NameTable:
        """The names a script's ``skill`` may use in ``game`` (its own pack's skills, the general actions)."""
        table = game.pack.skill_names()
        for name in self.general_actions + DECISIONS:
            table.add(name)
        return table

    def skill_rows(self) -> list[dict[str, Any]]:
        """Every skill of the pack and who resolves it (:func:`pack_skill_rows`)."""
        return pack_skill_rows(self.roster(), self.general_actions)

    def ruling_effects(self) -> tuple[str, ...]:
        return self.effects

    def phase_inputs(self, game: Any, spot: PhaseSpot) -> list[PhaseInput]:
        """A day's 傷判 digits (:mod:`tianting.rules.sg24.inputs`)."""
        return wound_input(game, spot)

    def check_rulings(self, game: Any, rulings: Sequence[Ruling]) -> list[tuple[int, str]]:
        return self.rulings_check(game, rulings)

    def player_view(self, game: Any, pid: str) -> dict[str, Any]:
        return self.views.player_view(game, pid)

    def roster(self) -> Pack:
        """The pack the rule set's games are created with (its game's :meth:`SG24Game.bundled_pack`)."""
        return self.game.bundled_pack()

    pack_formats: tuple[str, ...] = PACK_FORMATS
    """The character-pack formats this rule set reads (a judge's own pack: ``tianting pack check``)."""

    def pack_report(self, pack: Pack) -> list[tuple[str, list[tuple[str, str, str, str | None]]]]:
        """Each character of ``pack`` (「name country identity」) with its skills: (name, who resolves it — engine,
        bespoke or judge —, the text generated from its effect, the pack's own text) (``tianting pack check``)."""
        from tianting.rules.sg24.declared.text import generated_text

        out = []
        for c in pack.characters.values():
            rows = [(s.name, resolved_by(s.effect), generated_text(pack, c.name, s) or "（角色包未給出效果）", s.text)
                    for s in c.skills]
            out.append((f"{c.name}】{c.country} {c.identity}", rows))
        return out

    def read_pack(self, text: str) -> Pack:
        """A judge's own pack from its JSON text (raises ``PackError``, Chinese, naming the character and field)."""
        return load_pack(text)

    def phase_uses(self, game: Any, accepted_at: Sequence[int] = ()) -> list[dict[str, Any]]:
        """The transcript's ``uses`` of the phase ``game`` has just resolved: each action with what came of it
        (:func:`tianting.rules.sg24.outcomes.phase_uses`; R-SG18, D-A8). Optional member (KK 3.3 has none: its
        transcript stays as it is)."""
        return outcome_entries(game.state.history, game.state.index - 1, accepted_at)


RULESET = RuleSet()

__all__ = ["RULESET", "RuleSet", "SG24Game", "SeatSpec", "SetupError", "draw_setup", "load_pack", "roster", "seats"]
