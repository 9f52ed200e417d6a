"""Random legal play for KK 3.3: whole game scripts played by dumb bots.

The bots draw every choice from one :class:`random.Random` of their own (the
*bot* generator, seeded with the ``seed`` given to :func:`random_script`);
the game draws from its own :class:`~tianting.core.rng.GameRandom`, seeded
with a number the bots draw first. The two streams never mix.

A game is played on a KK 3.3 game (``RULESET.game``) advanced in
step with the script being written, so that the bots know who is alive,
who is out and what the rules allow:

* **night**: every player who can act (:meth:`KK33Game.can_act`), in an
  order shuffled each night, tries each of their identity skills with some
  probability, with random targets (living ids; dead ids for 暗訪; a country
  and an identity for 方術). An action is kept only if
  :meth:`KK33Game.check_action` accepts it, given the actions already kept
  that night, exactly as the script runner checks them; an
  :class:`~tianting.core.errors.IllegalAction` just drops it. Some lords get
  an answer for 轉生 or 託孤 up front, some players leave last words.
* **day**: every voter votes for a living id (often all for one "wagon") or
  abstains; a dead player who may still vote (涅槃) votes at random or not at all.

Choices left unanswered default by the game's draws, as in the runner. The
finished script is replayed through :func:`tianting.script.run_script` and
must give the same game, phase by phase (:class:`ReplayMismatch` if not).

Everything here is pure and deterministic: no I/O, no global state; the same
seed gives the same script on any machine.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tianting.core import canonical
from tianting.core.decisions import DecisionBook, InvalidAnswer
from tianting.core.errors import IllegalAction
from tianting.core.names import name_key
from tianting.core.records import Action, PhaseResult
from tianting.core.skills import Kind
from tianting.core.state import GameState, PhaseKind, Player
from tianting.rules import load as load_rules
from tianting.script import SCRIPT_FORMAT, run_script

RULES = load_rules("kk33")
"""The rule set these bots play: they read KK 3.3's skill declarations (``game.skills``, targets, args),
so they are KK 3.3's; another rule set's random play is its own (``RULESET.random_script``)."""
KK33Game = RULES.game
SeatSpec = RULES.seat
roster = RULES.roster
COUNTRIES, OTHERS, IDENTITIES = RULES.countries, RULES.others, RULES.identities

__all__ = [
    "RandomGame",
    "ReplayMismatch",
    "play_random",
    "random_script",
    "random_seats",
]

ACT_CHANCE = 0.75
"""Chance that a player tries one of their identity skills on a night."""
CHARACTER_SKILL_CHANCE = 0.5
"""Chance that a player tries one of their built active character skills on a night."""
ABSTAIN_CHANCE = 0.1
"""Chance that a voter leaves their vote out (counted as a vote for themself)."""
WAGON_MAX = 0.6
"""Each day, up to this share of the voters follow one random "wagon" target."""
DECISION_CHANCE = 0.5
"""Chance that a lord states their 轉生 / 託孤 answer up front in a phase."""
LAST_WORDS_CHANCE = 0.1
"""Chance that a living player leaves last words on a night."""
SIMPLIFIED_CHANCE = 0.1
"""Chance that a name (skill, 方術 country or identity) is written in Simplified Chinese."""
LAST_WORDS = ("我是好人", "再見了各位", "相信我，投他", "我什麼都不知道", "下一局再戰")
"""Last words the bots may leave; none contains a character name."""


class ReplayMismatch(AssertionError):
    """The script, replayed by :func:`run_script`, gave a different game than the bots played."""


@dataclass
class RandomGame:
    """One random game: the script, its transcript, and what the bots' own game ended as."""

    seed: int
    script: dict[str, Any]
    transcript: dict[str, Any] | None
    """The transcript from :func:`run_script` (None when not verified)."""
    over: bool
    winners: list[str] = field(default_factory=list)

    @property
    def phases(self) -> int:
        """How many phases the game lasted."""
        return len(self.script["phases"])


# ---- seats --------------------------------------------------------------
def random_seats(rng: random.Random, prefer: Sequence[str] = ()) -> list[SeatSpec]:
    """The 22 seats of KK 3.3 in a random order, with ids ``P01`` … ``P22``.

    魏, 蜀 and 吳 have seven seats each (君主, 正軍師, 副軍師, two 殺手, 護衛,
    女眷); the one 群 seat is a 黃巾頭領, 方士 or 神醫. Every seat gets a random
    character its country and identity may choose (the roster's ``choices``,
    slot forms included), and no two seats share a base character. Characters in
    ``prefer`` are seated first where their slot allows (SP蔡文姬 and the 赤壁之戰
    extras too); a preferred 群雄 character (張角, 華佗, 左慈) makes the 群 seat its
    identity. The table is the rule set's (``RULESET.random_seats``).
    """
    return RULES.random_seats(rng, None, prefer)[0]


def _script_character(character: str, identity: str) -> str:
    """The name a script uses: plain for a character with forms by slot (賈詡, 諸葛亮, 魯肅), when the
    plain name gives that form in this slot; else the form's own name (赤壁·諸葛亮, an extra)."""
    r = roster()
    base = r.characters[character].base
    return base if base in r.forms and r.resolve_character(base, identity) == character else character


# ---- the bots ---------------------------------------------------------------
def _spell(bot: random.Random, name: str) -> str:
    """``name`` as a player might type it: now and then in Simplified Chinese."""
    return name_key(name) if bot.random() < SIMPLIFIED_CHANCE else name


def _random_action(bot: random.Random, game: KK33Game, player: Player, skill: str) -> Action | None:
    """A random use of ``skill`` by ``player`` (not yet checked), or None if it has no candidates."""
    impl = game.skills[skill]
    state = game.state
    pool = [p.id for p in state.players.values() if p.alive != impl.targets.dead]
    if len(pool) < impl.targets.count:
        return None
    if impl.targets.distinct:
        targets = bot.sample(pool, impl.targets.count)
    else:
        targets = [bot.choice(pool) for _ in range(impl.targets.count)]
    args: dict[str, Any] = {}
    if "country" in impl.args:
        args["country"] = bot.choice(COUNTRIES + (OTHERS,))
    if "identity" in impl.args:
        args["identity"] = bot.choice(IDENTITIES)
    if "character" in impl.args:
        args["character"] = bot.choice(list(game.roster.characters))
    if "skill" in impl.args:
        args["skill"] = bot.choice(sorted(game.skills))
    if "choice" in impl.args:
        args["choice"] = bot.randint(1, 3)
    if "guess" in impl.args:
        args["guess"] = {"country": bot.choice(COUNTRIES + (OTHERS,)), "identity": bot.choice(IDENTITIES)}
    return Action(player.id, skill, tuple(targets), args)


def _night_actions(bot: random.Random, game: KK33Game) -> list[Action]:
    """The night's actions, each accepted by ``check_action`` given those before it."""
    players = [p for p in game.state.players.values() if game.can_act(p)]
    bot.shuffle(players)
    accepted: list[Action] = []
    for player in players:
        character_skills = [s for s in (*player.skills, *game.offered(player))  # 化身's offers too
                            if s in game.skills and game.skills[s].kind is not Kind.PASSIVE]
        tries = list(game.identity_skills(player))
        if character_skills and bot.random() < CHARACTER_SKILL_CHANCE:
            tries.insert(0, bot.choice(character_skills))  # at most one a night; extras it grants follow
        for skill in tries:
            impl = game.skills.get(skill)
            if impl is None or impl.kind is Kind.PASSIVE or bot.random() >= ACT_CHANCE:
                continue
            action = _random_action(bot, game, player, skill)
            if action is None:
                continue
            if skill == "刺殺" and _grants_targets(game, accepted):
                action = _with_extra_target(bot, game, action)
            try:
                game.check_action(action, accepted)
            except IllegalAction:
                if len(action.targets) < 2 or skill != "刺殺":
                    continue
                action = Action(action.actor, action.skill, action.targets[:1], action.args)
                try:
                    game.check_action(action, accepted)
                except IllegalAction:
                    continue
            accepted.append(action)
    return accepted


def _grants_targets(game: KK33Game, accepted: Sequence[Action]) -> bool:
    """An accepted action tonight may let a 刺殺 name more ids (落鴻哀歌's ``extra_targets``)."""
    return any(hasattr(game.skills.get(game.roster.all_skill_names.get(a.skill) or a.skill), "extra_targets")
               for a in accepted)


def _with_extra_target(bot: random.Random, game: KK33Game, action: Action) -> Action:
    pool = [p.id for p in game.state.living() if p.id not in action.targets]
    if not pool:
        return action
    return Action(action.actor, action.skill, (*action.targets, bot.choice(pool)), action.args)


def _day_actions(bot: random.Random, game: KK33Game) -> list[Action]:
    """The day's actions (「可以於白天使用」, 奇襲's 刺殺), each accepted by ``check_action``; no draw
    at all when nobody holds a skill usable by day."""
    candidates = [(p, s) for p in game.voters()
                  for s in (*game.identity_skills(p), *p.skills, *game.offered(p))
                  if s in game.skills and game.skills[s].kind is not Kind.PASSIVE and game.usable_by_day(p, s)]
    accepted: list[Action] = []
    for player, skill in candidates:
        if bot.random() >= ACT_CHANCE:
            continue
        action = _random_action(bot, game, player, skill)
        if action is None:
            continue
        try:
            game.check_action(action, accepted)
        except IllegalAction:
            continue
        accepted.append(action)
    return accepted


def _action_json(bot: random.Random, action: Action) -> dict[str, Any]:
    """An accepted action as a script entry, names sometimes spelt in Simplified Chinese."""
    entry: dict[str, Any] = {"actor": action.actor, "skill": _spell(bot, action.skill),
                             "targets": list(action.targets)}
    if action.args:
        entry["args"] = {key: _spell(bot, value) if isinstance(value, str) else value
                         for key, value in action.args.items()}
    return entry


def _decisions(bot: random.Random, game: KK33Game, prefer: Sequence[str] = ()) -> list[dict[str, Any]]:
    """Answers some lords give up front: their 轉生 character (a preferred one always), or their 託孤 heir."""
    out: list[dict[str, Any]] = []
    state = game.state
    for lord in state.players.values():
        if lord.identity != "君主" or lord.successor or not lord.alive:
            continue
        options = game.roster.reincarnations(lord.country) if lord.life == 0 else []
        wanted = [c for c in prefer if c in options]
        if wanted:
            out.append({"actor": lord.id, "skill": "轉生", "answer": wanted[0]})
            continue
        if bot.random() >= DECISION_CHANCE:
            continue
        if lord.life == 0:
            if options:
                out.append({"actor": lord.id, "skill": "轉生", "answer": bot.choice(options)})
        else:
            heirs = [p.id for p in state.players.values()
                     if p.alive and p.country == lord.country and p.id != lord.id]
            if heirs:
                out.append({"actor": lord.id, "skill": "託孤", "answer": bot.choice(heirs)})
    return out


def _offer_choices(bot: random.Random, game: KK33Game, actions: Sequence[Action]) -> list[dict[str, Any]]:
    """Answers to 化身's choice of the phase: the offered skill a player used (now and then left to the
    default, which is that skill), else sometimes a random offered skill (else the default)."""
    out: list[dict[str, Any]] = []
    for player in game.state.players.values():
        offered = game.offered(player) if player.skills and game.can_act(player) else ()
        if not offered:
            continue
        used = [a.skill for a in actions if a.actor == player.id and a.skill in offered]
        if bot.random() >= DECISION_CHANCE:
            continue
        out.append({"actor": player.id, "skill": "化身", "answer": used[0] if used else bot.choice(offered)})
    return out


def _last_words(bot: random.Random, game: KK33Game) -> dict[str, str]:
    return {p.id: bot.choice(LAST_WORDS) for p in game.state.players.values()
            if p.alive and bot.random() < LAST_WORDS_CHANCE}


def _votes(bot: random.Random, game: KK33Game) -> dict[str, str]:
    """A day's ballot: a share of the voters follow one wagon, the rest vote at random or abstain."""
    if game.vote_skipped():
        return {}  # 「跳過次日投票階段」 (落鴻哀歌)
    living = [p.id for p in game.state.living()]
    wagon = bot.choice(living)
    follow = bot.random() * WAGON_MAX
    votes: dict[str, str] = {}
    for voter in game.voters():
        roll = bot.random()
        if roll < ABSTAIN_CHANCE:
            continue
        target = wagon if roll < ABSTAIN_CHANCE + follow else bot.choice(living)
        try:
            game.check_vote(voter.id, target)
        except IllegalAction:
            continue
        votes[voter.id] = target
    for voter in game.posthumous_voters():  # 涅槃：你死亡後仍可投票 (never owed)
        if bot.random() < ABSTAIN_CHANCE:
            continue
        votes[voter.id] = bot.choice(living)
    return votes


# ---- playing ----------------------------------------------------------------
def _resolve(game: KK33Game, kind: PhaseKind, decisions: list[dict[str, Any]], actions: Sequence[Action],
             votes: dict[str, str], words: dict[str, str]) -> PhaseResult:
    """Resolve the phase as the runner does (non-strict decisions), in the canonical order
    (:mod:`tianting.core.canonical`: the actions by actor, skill and targets, the votes by voter).

    A scripted answer can turn out invalid when the phase resolves (a 託孤
    heir who died the same night): then the phase is replayed from a copy of
    the state without that answer, and the answer is dropped from
    ``decisions`` so that the script says what was played.
    """
    actions = canonical.actions_in_order(actions, {})[0]
    votes = canonical.votes_in_order(votes)
    while True:
        saved: GameState | None = copy.deepcopy(game.state) if decisions else None
        book = DecisionBook(answers=[dict(d) for d in decisions])
        try:
            if kind is PhaseKind.NIGHT:
                return game.resolve_night(list(actions), book, words)
            return game.resolve_day(votes, book, actions=list(actions))
        except InvalidAnswer as exc:
            assert saved is not None
            game.state = saved
            del decisions[exc.index]


def play_random(seed: int, max_phases: int = 60, verify: bool = True, prefer: Sequence[str] = ()) -> RandomGame:
    """Play one random legal game; see the module docstring.

    ``seed`` seeds the bots' generator; the game's own seed (the script's
    ``seed``) is the bots' first draw. With ``verify`` the script is replayed
    through :func:`run_script` and every phase's truth, exits and the result
    must match the bots' game, else :class:`ReplayMismatch` is raised.
    """
    if max_phases < 1:
        raise ValueError("max_phases must be at least 1")
    bot = random.Random(seed)
    game_seed = bot.getrandbits(31)
    seats = random_seats(bot, prefer)
    game = KK33Game.create([seats[i] for i in canonical.by_id(seats, lambda s: s.id)], game_seed)  # as the runner
    phases: list[dict[str, Any]] = []
    expected: list[tuple[list[str], dict[str, Any]]] = []
    while not game.state.over and len(phases) < max_phases:
        kind = game.phase
        decisions = _decisions(bot, game, prefer)
        entry: dict[str, Any] = {"phase": kind.value}
        actions: list[Action] = []
        votes: dict[str, str] = {}
        words: dict[str, str] = {}
        if kind is PhaseKind.NIGHT:
            actions = _night_actions(bot, game)
            words = _last_words(bot, game)
            entry["actions"] = [_action_json(bot, a) for a in actions]
        else:
            actions = _day_actions(bot, game)
            if actions:
                entry["actions"] = [_action_json(bot, a) for a in actions]
            votes = _votes(bot, game)
            entry["votes"] = votes
        decisions += _offer_choices(bot, game, actions)
        result = _resolve(game, kind, decisions, actions, votes, words)
        if decisions:
            entry["decisions"] = decisions
        if words:
            entry["last_words"] = words
        phases.append(entry)
        expected.append((list(result.announcement["exited"]), game.truth_players()))
    script: dict[str, Any] = {
        "format": SCRIPT_FORMAT,
        "rules": "kk33",
        "seed": game_seed,
        "players": [{"id": s.id, "country": s.country, "identity": s.identity,
                     "character": _script_character(s.character, s.identity)} for s in seats],
        "phases": phases,
    }
    outcome = RandomGame(seed, script, None, game.state.over, list(game.state.winners))
    if verify:
        outcome.transcript = run_script(script)
        _compare(seed, outcome, expected)
    return outcome


def _compare(seed: int, game: RandomGame, expected: list[tuple[list[str], dict[str, Any]]]) -> None:
    transcript = game.transcript
    assert transcript is not None
    played = transcript["phases"]
    if len(played) != len(expected):
        raise ReplayMismatch(f"seed {seed}: the replay has {len(played)} phases, the bots played {len(expected)}")
    for i, (phase, (exited, truth)) in enumerate(zip(played, expected, strict=True)):
        if phase["announcement"]["exited"] != exited:
            raise ReplayMismatch(f"seed {seed}: phases[{i}] exits {phase['announcement']['exited']} != {exited}")
        if phase["truth"]["players"] != truth:
            raise ReplayMismatch(f"seed {seed}: phases[{i}] truth differs from the bots' game")
    result = transcript["result"]
    if (result["over"], result["winners"]) != (game.over, game.winners):
        raise ReplayMismatch(f"seed {seed}: replay result {result} != over={game.over} winners={game.winners}")


def random_script(seed: int, max_phases: int = 60) -> dict[str, Any]:
    """A whole random legal game script (format ``tianting-script/1``), verified by replay.

    Stops when the game is over or after ``max_phases`` phases. The same seed
    gives the same script.
    """
    return play_random(seed, max_phases).script
