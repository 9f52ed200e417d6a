"""三国版杀之鼎立三分2.0 (seed file 003_7618cefe0bb4375c.txt): the engine, behind the rule-set interface
(:mod:`tianting.rules.interface`), built on the 24人 engine (:mod:`tianting.rules.sg24`).

docs/dev/dingli2.md says what is built; docs/rulings/dingli2.md the rulings where the cut-off text is silent;
docs/dev/dingli2-pack.md the character pack.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from tianting.core import pack_edition
from tianting.core.records import Ruling
from tianting.core.rng import GameRandom
from tianting.rules.dingli2 import wounds
from tianting.rules.dingli2.extension import hidden, submission_extension
from tianting.rules.dingli2.game import EFFECTS, GENERAL_ACTIONS, DingliGame, SeatSpec, SetupError
from tianting.rules.dingli2.inputs import phase_inputs, prepare_ruling, ruling_from_form
from tianting.rules.dingli2.pack import (
    COUNTRIES,
    UNALIGNED,
    DingliPack,
    default_pack,
    first_pack,
    load_pack,
)
from tianting.rules.dingli2.pack import PACK_FORMAT as DINGLI_FORMAT
from tianting.rules.dingli2.rulings import TABLE as RULINGS
from tianting.rules.dingli2.setup import deal_characters, draw_setup, random_seats
from tianting.rules.dingli2.views import (
    JUDGE_ONLY,
    player_view,
    public_announcement,
    successor_rows,
)
from tianting.rules.interface import PhaseInput, PhaseSpot
from tianting.rules.sg24 import RuleSet as SG24RuleSet
from tianting.rules.sg24 import pack_skill_rows

MARKERS = COUNTRIES + ("议和",)
"""How a game can end, for statistics: a country's win (吴蜀联军: both 蜀 and 吴 are winners), or 议和."""


def skill_rows() -> list[dict[str, Any]]:
    """The 24人 rules' rows (:func:`tianting.rules.sg24.pack_skill_rows`: who resolves each) of the bundled pack, with seed
    003's timing words and interference ranks."""
    pack = default_pack()
    rows = pack_skill_rows(pack)
    for r in rows:
        if r["character"] is None:
            r["timing"] = "即时生效" if r["skill"] == "自杀" else "结算时生效"
        else:
            data = pack.skill(r["character"], r["skill"])
            assert data is not None
            r["timing"], r["interference"] = pack.timing(r["character"], data), pack.interference(r["character"], data)
    return rows


def check_rulings(game: DingliGame, rulings: Sequence[Ruling]) -> list[tuple[int, str]]:
    out = []
    joining: set[str] = set()
    for j, r in enumerate(rulings):
        owner = getattr(r, "owner", None)
        if r.effect not in EFFECTS:
            out.append((j, f"未知的裁定「{r.effect}」"))
        elif owner is not None and owner not in game.state.players:
            out.append((j, f"「{owner}」不是场上的ID"))
        elif r.effect == "restore" and (r.target is None or r.target not in game.state.extra.get("away", [])
                                        or game.state.player(r.target).country in game.state.eliminated):
            out.append((j, "回到游戏须指明一个暂时离开游戏（remove）的ID，且其国家未灭国"))
        elif r.effect != "restore" and r.target is not None and (
                r.target not in game.state.players or not game.state.player(r.target).alive):
            out.append((j, f"「{r.target}」不是场上的ID"))
        elif r.effect == "join" and (r.target is None or game.origin(r.target) != UNALIGNED
                                     or name_of(r.text) not in COUNTRIES):
            out.append((j, "联盟入国须指明一个在野ID（target）与国家（text：魏、蜀、吴）"))
        elif r.effect == "join" and (game.state.player(r.target).country != UNALIGNED
                                     or r.target in game.state.extra["pending_joins"]):
            # 「在野角色通过以上三种方式之一加入某国后，视为永久加入。」
            out.append((j, f"{r.target} 已加入（或将于次夜加入）一国，视为永久加入"))
        elif r.effect == "join" and name_of(r.text) in game.state.eliminated:
            # 「一国灭国后，该国角色不能以任何方式回到游戏或存在游戏」
            out.append((j, f"{name_of(r.text)}已灭国，在野不能加入"))
        elif r.effect in ("join", "formation") and game.phase.value == "day":
            # 联盟入国 takes effect 「次夜开始后」 from a night's settling; 三足鼎立 is in a night post's 大事记
            out.append((j, "联盟入国与三足鼎立格局只在夜晚结算（三足鼎立载入当夜大事记），白天不能裁定"))
        elif r.effect == "contest" and not _contest_ids_ok(game, r):
            # 「当两名玩家提交的行动……需通过拼点」「当多名玩家……」: two or more ids in the game
            out.append((j, "拼点须在 text 中以「、」列出两个或更多场上的ID（或以 target 与 owner 指明两人）"))
        elif r.effect == "hidden_vote" and (game.phase.value != "day" or r.target is None):
            out.append((j, "暗票只能在白天投给一个场上的ID（target）"))
        elif r.effect == "join" and r.target in joining:
            out.append((j, f"{r.target} 本阶段已有一个联盟入国的裁定（一名在野只能加入一国）"))
        elif r.effect == "formation" and game.state.extra["formed"]:
            out.append((j, "三足鼎立格局已经达成，不能再次裁定"))
        if r.effect == "join" and r.target and not (out and out[-1][0] == j):  # an accepted 联盟 only
            joining.add(r.target)
    return out


def _contest_ids_ok(game: DingliGame, r: Ruling) -> bool:
    """The ids a 拼点 names (as ``DingliGame._contests`` reads them): two or more, distinct, each in the game."""
    ids = ([p for p in r.text.split("、") if p] if r.text
           else [x for x in (r.target, getattr(r, "owner", None)) if x])
    return len(ids) >= 2 and len(set(ids)) == len(ids) and all(
        p in game.state.players and game.state.player(p).alive for p in ids)


def name_of(text: Any) -> str:
    from tianting.core.names import name_key

    return name_key(text) if isinstance(text, str) else ""


def _random_seats(rng: random.Random, built: Any = None, prefer: Sequence[str] = ()) -> tuple[list[SeatSpec], list[str]]:
    """A random 26-player table (ids ``P01`` …), dealt with a generator seeded from ``rng``."""
    return random_seats(GameRandom(rng.getrandbits(31)), 26), []


def _bot_game(seed: int, policy: Any, seats: Sequence[Any] | None, max_phases: int) -> Any:
    from tianting.rules.dingli2.bots import bot_game

    return bot_game(seed, policy, seats, max_phases)


@dataclass(frozen=True, eq=False)
class RuleSet(SG24RuleSet):
    """The 24人 rules' ``RULESET`` (:class:`tianting.rules.sg24.RuleSet`) with what 鼎立三分2.0 changes."""

    name: str = "dingli2"
    title: str = "三国版杀之鼎立三分2.0"
    players: int = 26
    player_counts: tuple[int, ...] = (26, 27, 29, 30, 32, 33)
    """「玩家共26/29/32人……有EX角色时，在野+1人」: the counts a table may have (``players`` is the first)."""
    game: type[DingliGame] = DingliGame
    judge_only: tuple[str, ...] = JUDGE_ONLY
    evaluations: tuple[str, ...] = ()
    """No 评价 words for hosted messages (as before dingli2 derived from sg24's rule set)."""
    victory_markers: tuple[str, ...] = MARKERS
    night_inputs: tuple[str, ...] = ("digits",)
    """A night's ``digits`` are the 拼点 digits (``resolve_night(digits=…)``); the script layer passes them once it
    reads ``night_inputs`` (docs/dev/dingli2.md)."""
    successor_breaks: tuple[str, ...] = ("自杀",)
    """「角色自杀在行动提交阶段提交，即时生效」「前者死亡后，继承者立即登场继续游戏」 (D-A2): what an id sends after its 自杀
    is its successor's, so the canonical order (R50) keeps each on its side of the 自杀."""
    targetless_effects: tuple[str, ...] = RULINGS.targetless_effects()
    """Ruling effects that name no ``target`` (三足鼎立; a 拼点 names its ids in ``text``)."""
    text_effects: tuple[str, ...] = RULINGS.text_effects()
    """Ruling effects whose ``text`` the engine reads (a 联盟's country, a 拼点's ids, the 暗票's skill)."""
    judge_peace: bool = True
    """A script's ``{"judge": true}`` peace (KK 3.3's 「經法官判定」) is taken: seed 003 has no such sentence, but
    「游戏过程中一切关于规则的问题解释权归北斗所有」, and a hosted game ends a game that cannot end with it (D-V3)."""
    options: tuple[str, ...] = ()
    """Table options a setup may take (none: the EX character is chosen by the player count).
    「游戏开始之前每个玩家通过随机分配获得角色」: nobody chooses a character."""
    views: Any = field(default_factory=lambda: SimpleNamespace(
        player_view=player_view, public_announcement=public_announcement, assemble_view=None, skill_rows=None))
    general_actions: tuple[str, ...] = GENERAL_ACTIONS
    effects: tuple[str, ...] = EFFECTS
    rulings_check: Callable[[Any, Sequence[Ruling]], list[tuple[int, str]]] = check_rulings

    def bot_game(self, seed: int, policy: Any, seats: Sequence[Any] | None, max_phases: int) -> Any:
        """One whole game played by random legal bots (:mod:`tianting.rules.dingli2.bots`)."""
        return _bot_game(seed, policy, seats, max_phases)

    def random_seats(self, rng: Any, built: Any = None, prefer: Sequence[str] = ()) -> tuple[list[SeatSpec], list[str]]:
        return _random_seats(rng, built, prefer)

    def draw_setup(self, ids: Sequence[str], seed: int, pack: DingliPack | None = None) -> dict[str, Any]:
        return draw_setup(ids, seed, pack=pack)

    def submission_extension(self, game: Any, lists: Mapping[str, Sequence[Mapping[str, Any]]],
                             day_lists: Mapping[str, Sequence[Mapping[str, Any]]], void: Sequence[Any]) -> dict[str, Any] | None:
        """巧设反间's fifteen minutes as a night's submission stage ends (ruling D-A7):
        :func:`tianting.rules.dingli2.extension.submission_extension`, 其徐如林 of the day before read from its lists."""
        return submission_extension(game, lists, hidden(day_lists, [v for v in void if isinstance(v, int)]))

    def skill_rows(self) -> list[dict[str, Any]]:
        return skill_rows()

    def phase_inputs(self, game: Any, spot: PhaseSpot) -> list[PhaseInput]:
        """A night's 拼點 digits, a day's 傷判 digit (:mod:`tianting.rules.dingli2.inputs`)."""
        return phase_inputs(game, spot)

    def prepare_ruling(self, ruling: dict[str, Any], spell: Callable[[str], str]) -> None:
        """A judge's ruling as a hosted game stores it (:func:`tianting.rules.dingli2.inputs.prepare_ruling`)."""
        prepare_ruling(ruling, spell)

    def ruling_from_form(self, effect: str, field: Callable[[str], str]) -> dict[str, Any] | None:
        """The console's own ruling forms (the 拼點's: :func:`tianting.rules.dingli2.inputs.ruling_from_form`)."""
        return ruling_from_form(effect, field)

    def audit_what(self) -> str:
        """What ``audit`` proves, as ``verify`` names it: the 伤判 tables."""
        return "伤判"

    pack_formats: tuple[str, ...] = (DINGLI_FORMAT,)

    def read_pack(self, text: str) -> DingliPack:
        return load_pack(text)

    def roster(self) -> DingliPack:
        return default_pack()

    def bundled_pack(self, edition: int = pack_edition.CURRENT) -> DingliPack:
        return default_pack() if edition == pack_edition.CURRENT else first_pack()

    def successor_rows(self, game: Any, pid: str, submitted: Sequence[Any]) -> list[dict[str, Any]]:
        """The successor(s) ``pid`` plays for the rest of the night once its list holds 自杀 (D-A2, D-A6):
        :func:`tianting.rules.dingli2.views.successor_rows`."""
        return successor_rows(game, pid, submitted)

    def audit(self, phases: Sequence[Any]) -> tuple[int, list[str]]:
        """``tianting verify``: every 伤判 of a played game's phases (a transcript's or an export's, as JSON) proven
        against the SHA-256 its player was told a phase before (ruling D-W1): (how many were revealed, the failures)."""
        return wounds.proven(phases), wounds.audit(phases)


RULESET = RuleSet()

__all__ = ["RULESET", "DingliGame", "SeatSpec", "SetupError", "deal_characters", "draw_setup", "load_pack",
           "public_announcement", "random_seats"]
