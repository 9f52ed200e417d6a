"""Skills a player holds that are not his character's own: learned (士别三日, 雄杰相敬, 奇计百出, 承道受业, 名门闺秀),
passed on (传国玉玺), granted (汉少帝's 赞拜不名 …) or borrowed for one use (忘私举贤, 横锁九江).

One mechanism for all of them, on top of :mod:`tianting.effects.skills`: a skill is *held* when it is in the player's
list of skills (``gain``) or he has a use right of it (``lend``); :func:`held` finds the skill's data under the
character it comes from (``skills_from``, else the first character of the pack that has it), so that the use is
accepted as the skill's own use (its checks, its limits, its one-skill-a-night count), resolved by that skill's own
effect (declared or bespoke) with the timing and attribute its character gives it, and counted in the holder's uses
(``player.used`` by name). A borrowed use (:data:`BORROW`) resolves as the skill it borrows.

Learning at random draws with the game's generator over a canonical list (the options sorted by character, then
skill), never the pack's order (docs/rulings/packs-learning.md).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from tianting.core.names import NameTable
from tianting.effects import skills as skill_changes

if TYPE_CHECKING:
    from tianting.core.records import Action
    from tianting.core.state import Player
    from tianting.engine.phase import Phase
    from tianting.rules.sg24.pack import SkillData

UNLEARNABLE = ("料敌机先", "武侯八阵", "连环妙计")
"""「不可学习【料敌机先】、【武侯八阵】、【连环妙计】」 (士别三日, 雄杰相敬, 奇计百出 alike)."""

BORROW: dict[str, Callable[[Any, Action, Sequence[Action]], tuple[str, str] | str | None]] = {}
"""Skills whose use is a use of another character's skill tonight (蒋钦's): skill name → (game, the use, the night's
live actions) → (character, skill) borrowed, or a sentence saying why nothing is (the use then fails), or None
(not known yet: at submission)."""


FORMS: dict[str, SkillData] = {}
"""A skill's form as held by one whose character does not own it, where the text gives it another (荀彧【留侯再世】
（2）: the 魏 lord gains an active of the vote): skill name → that form's data."""
GRANTS: dict[str, Callable[[Any, Any], bool]] = {}
"""Skills a player holds while a state of the game holds for him (汉少帝's 赞拜不名 …): skill name → (game, player) →
whether it does now; the skill's data is that of the first character of the pack that has it."""
ON_DEATH: dict[str, Callable[[Any, Any, str, str, dict[str, int]], None]] = {}
"""Skills that act when their holder's character dies (「当荀彧死亡退出游戏且未触发效果（1）时」): skill name → (game,
phase, the id, the character that died, its uses as it died)."""


def died(game: Any, phase: Phase, pid: str, dead: str, held_before: Sequence[str], used: dict[str, int]) -> None:
    """``pid``'s character ``dead`` died holding ``held_before``: each of :data:`ON_DEATH` among them acts."""
    for name in held_before:
        if name in ON_DEATH:
            ON_DEATH[name](game, phase, pid, dead, used)


def source(game: Any, pid: str, name: str) -> str | None:
    """The character whose skill ``name`` is that ``pid`` holds though his own character has none of that name: the
    one it was taken from (``skills_from``), else the first character of the pack that has it (None: none has)."""
    taken = game.state.extra.get(skill_changes.FROM_KEY, {}).get(pid, {}).get(name)
    if taken is not None and taken in game.pack.characters:
        return str(taken)
    return next((c.name for c in game.pack.characters.values() if any(s.name == name for s in c.skills)), None)


def held(game: Any, player: Player, spelling: str) -> tuple[str, SkillData | None]:
    """The skill ``spelling`` names as ``player`` may use it: (the character whose data it is, the data). His own
    character's first; else one he holds (gained) or may use (lent) of another character; else (his character, None)."""
    own = game.pack.skill(player.character, spelling) if player.character in game.pack.characters else None
    if own is not None and (own.name in player.skills or own in game.pack.characters[player.character].skills):
        return player.character, own  # his character's own, or one it inherited and holds (not one it might: R-inherit-2)
    name = NameTable([*player.skills, *player.granted]).get(spelling)
    if name is None:
        granted = NameTable(GRANTS).get(spelling)
        if granted is None or not GRANTS[granted](game, player):
            return player.character, None
        name = granted  # a grant that holds now (「当皇帝属于魏国时，曹操/曹丕获得此技能」)
    character = source(game, player.id, name)
    if character is None:
        return player.character, None
    return character, FORMS.get(name) or game.pack.skill(character, name)


def held_data(game: Any, player: Player, spelling: str) -> SkillData | None:
    """:func:`held`'s data alone."""
    return held(game, player, spelling)[1]


def held_skills(game: Any, player: Player) -> list[SkillData]:
    """Every skill ``player`` may have in play: his character's (as the pack lists them), then each he holds of another
    character (:func:`held`), in the order he gained them."""
    character = game.pack.characters.get(player.character)
    own = list(character.skills) if character else []
    names = {s.name for s in own}
    others = [held_data(game, player, name) for name in player.skills if name not in names]
    return own + [s for s in others if s is not None]


def names_a_character(game: Any, data: SkillData, owner: str) -> bool:
    """「针对某具体角色」: the skill's effect names a character of the pack other than its owner (a verb on 「the player
    of X」, a condition on X being in play, a text naming X …: R-learning-1)."""
    effect = data.effect
    raw = json.dumps(_plain(effect), ensure_ascii=False) if effect is not None else ""
    raw = raw.replace(data.name, "")
    return any(c != owner and c in raw for c in game.pack.characters)


def _plain(value: Any) -> Any:
    """A declaration as plain data (its strings kept), for :func:`names_a_character`."""
    if hasattr(value, "__dataclass_fields__"):
        return {k: _plain(getattr(value, k)) for k in value.__dataclass_fields__}
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [_plain(v) for v in value]
    return value if isinstance(value, str | int | float | bool) or value is None else str(value)


def learnable(game: Any, options: Iterable[tuple[str, str]], unspent: bool = False,
              any_active: bool = False) -> list[tuple[str, str]]:
    """Of ``options`` (character, skill), those that may be learned: an active skill of the pack, not one of
    :data:`UNLEARNABLE`, naming no character (:func:`names_a_character`) — with ``any_active``, every active skill
    (「可随机学会一个卢植的主动技能」 says no more) —, and with ``unspent``, not spent by anyone who holds it now
    (「未消耗的」); sorted (the canonical order of a draw), each once."""
    out = set()
    for character, name in options:
        found = game.pack.characters.get(character)
        data = next((s for s in found.skills if s.name == name), None) if found else None
        if data is None or data.kind != "active":
            continue
        if not any_active and (name in UNLEARNABLE or names_a_character(game, data, character)):
            continue
        played = game.state.extra.get("lives", {})  # 「未消耗」: spent by whoever plays it now or played it before
        if unspent and any(p.used.get(name) for p in game.state.players.values()
                           if p.character == character or character in played.get(p.id, [])):
            continue
        out.add((character, name))
    return sorted(out)


def lives(game: Any, character: str) -> list[str]:
    """「对方所有命数」: the character and every successor down its line, in order (each once)."""
    out: list[str] = []
    todo = [character]
    while todo:
        c = todo.pop(0)
        found = game.pack.characters.get(c)
        if found is None or c in out:
            continue
        out.append(c)
        todo += list(found.successors)
    return out


def of_lives(game: Any, characters: Iterable[str]) -> list[tuple[str, str]]:
    """Every (character, skill) of the characters named."""
    return [(c, s.name) for c in characters if c in game.pack.characters for s in game.pack.characters[c].skills]


def of_player(game: Any, pid: str) -> list[tuple[str, str]]:
    """The skills ``pid`` holds now (his character's and those he inherited or learned), each under its character."""
    p = game.state.player(pid)
    out = []
    for name in p.skills:
        own = game.pack.skill(p.character, name) if p.character in game.pack.characters else None
        character = p.character if own is not None else source(game, pid, name)
        if character is not None:
            out.append((character, name))
    return out


def learn(phase: Phase, pid: str, options: Sequence[tuple[str, str]], via: str) -> tuple[str, str] | None:
    """``pid`` learns one of ``options`` (already canonical: :func:`learnable`), drawn with the game's generator
    (``【via】学习 pid``; one option: no draw), and is told which; none: nothing learned (None)."""
    if not options:
        phase.note(f"{pid}【{via}】：没有可以学习的技能")
        return None
    choice = options[0] if len(options) == 1 else phase.state.rng.pick(
        f"【{via}】学习 {pid}", list(options), label=lambda o: f"{o[0]}【{o[1]}】")
    skill_changes.gain(phase, pid, choice[1], via, character=choice[0])
    return choice


HEIRS_KEY = "learned_heirs"
"""``state.extra[HEIRS_KEY][pid][skill]``: the successors a learned skill passes to (「可以被陆逊/陆抗继承」)."""


def inheritable(state: Any, pid: str, name: str, heirs: Sequence[str]) -> None:
    """The skill ``pid`` learned passes to those of his successors ``heirs`` names."""
    state.extra.setdefault(HEIRS_KEY, {}).setdefault(pid, {})[name] = list(heirs)


PASS_ON: dict[str, Callable[[Any, Any, str, str], None]] = {}
"""Skills that go somewhere of their own when their holder's character dies (孙坚【传国玉玺】): skill name → (game,
phase, the holder's id, the character that died), called once his successor plays on."""


def inherit(game: Any, phase: Phase, pid: str, held_before: Sequence[str], dead: str) -> None:
    """``pid``'s character ``dead`` died and a successor plays on: each learned skill he held that passes to that
    successor is held again (its uses kept: ``player.used`` is the id's); a skill of :data:`PASS_ON` goes its way."""
    player = game.state.player(pid)
    heirs = game.state.extra.get(HEIRS_KEY, {}).get(pid, {})
    for name in held_before:
        if name in PASS_ON:
            PASS_ON[name](game, phase, pid, dead)
        elif player.character in heirs.get(name, ()) and name not in player.skills:
            skill_changes.gain(phase, pid, name, "继承", tell=False)


def from_known(r: Any, owner: str, skill: SkillData, teacher: str, inherited: bool) -> None:
    """「与X互识时触发，可随机学会一个X的主动技能」 (a passive's ``before_harms`` step, each night): once ``owner`` and the
    living player of ``teacher`` know each other, he learns one active skill of ``teacher``'s (``inherited``: of those
    that player holds, 「包括……继承得来的技能」), drawn; the passive is then spent (R-learning-8)."""
    night = r.night
    state, game = night.state, night.game
    me = state.player(owner)
    other = next((p for p in sorted(state.living(), key=lambda p: p.id) if p.character == teacher), None)
    if other is None or other.id == owner or other.id not in me.known or owner not in other.known:
        return
    from tianting.effects import limits

    limits.consume(night.phase, owner, skill.name)
    pairs = of_player(game, other.id) if inherited else of_lives(game, [teacher])
    options = [o for o in learnable(game, pairs, any_active=True) if o[1] not in me.skills]
    night.phase.note(f"{owner}【{skill.name}】触发：与 {other.id}（{teacher}）互相认识")
    learn(night.phase, owner, options, skill.name)


def grant_all(game: Any, phase: Phase) -> None:
    """Each living player (by id) a grant of :data:`GRANTS` now holds for gains that skill, told, once; he keeps it
    after (「可以被继承」 is the skill's own word)."""
    for name in sorted(GRANTS):
        for p in sorted(game.state.living(), key=lambda p: p.id):
            if name not in p.skills and GRANTS[name](game, p):
                character = source(game, p.id, name)
                skill_changes.gain(phase, p.id, name, name, character=character)


# ---- the lookups every rule-set step reads (R-revival-13 and the above alike) -------------------------------------
def skill_of(game: Any, pid: str, spelling: str) -> tuple[str, SkillData] | None:
    """The skill ``pid`` sends as ``spelling``: (the character whose skill it is, its data), or None (:func:`held`)."""
    character, data = held(game, game.state.player(pid), spelling)
    return (character, data) if data is not None else None


def data_of(game: Any, pid: str, spelling: str) -> SkillData | None:
    """:func:`skill_of`'s data only."""
    return held(game, game.state.player(pid), spelling)[1]


def character_of(game: Any, pid: str, spelling: str) -> str:
    """The character whose skill ``spelling`` is for ``pid`` (his own, or the one he holds it from)."""
    return held(game, game.state.player(pid), spelling)[0]


def learn_from(state: Any, pid: str, skill: str, source: str) -> None:
    """``pid`` holds ``skill`` of ``source`` from now on, untold (祢衡【狂悖之徒】, 陈寿【三国终焉】 tell him themselves):
    :func:`tianting.effects.skills.gain`'s record without its feedback."""
    player = state.player(pid)
    state.extra.setdefault(skill_changes.FROM_KEY, {}).setdefault(pid, {})[skill] = source
    if skill not in player.skills:
        player.skills.append(skill)
        state.skills_changed.append(pid)
