"""What one player may see: the per-player view of a KK 3.3 game.

Built for the player from what the rules grant, never the judge's state with
parts hidden: their own seat (id, country, identity, character, skills and
what is left of them, status), the characters they have learned (互識), their
own feedback, and the public announcements. The server's player page and the
bots read this and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any, Literal

from tianting.core.state import Player, phase_kind, phase_number
from tianting.rules.kk33.roster import Roster, SkillText
from tianting.rules.kk33.skillbook import FROM_KEY

if TYPE_CHECKING:
    from tianting.core.skills import Skill
    from tianting.rules.kk33.game import KK33Game

JUDGE_ONLY = ("tally",)
"""Announcement fields kept for the judge, never shown to players: the counted votes after every
skill would show 亂花, 剛烈 … at work; 白天公告 holds only 當天投票的票面 and 因投票而死亡出局的ID
(ruling R41)."""

_PHASE_VALUES = (phase_kind(0).value, phase_kind(1).value)
"""``phase_kind(index).value`` by ``index % 2`` (what ``phase_kind`` reads), read once."""

HIDDEN_MARKERS = ("黃巾軍",)
"""Markers their bearer does not know of (起義：其無法獲悉)."""


def skill_text(game: KK33Game, player_character: str, name: str) -> SkillText | None:
    """The rule text of ``name`` as its holder would read it: their own character's, else the
    first character that has it (a learned skill), else an identity's."""
    return _skill_text(game.roster, player_character, name)


def _skill_text(roster: Roster, player_character: str, name: str) -> SkillText | None:
    own = roster.characters[player_character].skill(name)
    if own is not None:
        return own
    return roster.skill_texts.get(name)


@cache
def _public_form(roster: Roster, player_character: str, name: str,
                 impl: type[Skill] | None) -> tuple[str, str, bool, tuple[Any, ...] | None]:
    """What a skill row says that never changes: text, kind, limited, and how the skill is used
    (target rule and argument keys, None when not built). Read once per process from the
    roster's text and the skill's class, both fixed; rows are built fresh from it."""
    info = _skill_text(roster, player_character, name)
    kind = info.kind if info else (impl.kind.value if impl else "active")
    if info is not None and (info.awaken or info.hidden) and impl is not None:
        kind = impl.kind.value  # an awakening the engine sets off itself (空城絕唱) is not submitted, nor
        # a 隱藏技 that works by itself (慧才：你發動【明察】時可以直接獲悉目標的角色)
    form = None
    if impl is not None:
        rule = impl.targets
        form = (rule.count, rule.counts, rule.self_allowed, rule.dead, rule.distinct, impl.args)
    return (info.text if info else "", kind, info.limited if info else len(name) != 2, form)


@cache
def _form_adders() -> dict[str, dict[str, tuple[int, ...]]]:
    """The character skills whose class adds numbers of targets to another skill's form
    (``form_targets``: 烈弓), each with them: read once per process from the skills' classes (fixed)."""
    from tianting.rules.kk33.characters import CHARACTER_SKILLS

    return {skill: adds for skill, impl in CHARACTER_SKILLS.items() if (adds := getattr(impl, "form_targets", None))}


def _form_targets(held: list[str], name: str) -> tuple[int, ...]:
    """Numbers of targets a held character skill adds to the form of ``name`` (烈弓: 刺殺 with two
    ids), from the skills' classes (``form_targets``); the game's check says when they are legal.

    Only the few skills of :func:`_form_adders` add any (a skill with no ``form_targets`` adds ``()``):
    a player holding none of them (most) is answered at once, with no walk over his skills, and no
    memo per list of skills held (it was one: a combination of skills a game seats is seldom seen
    again, so its entries missed, and they grew with every game of a study)."""
    adders = _form_adders()
    if adders.keys().isdisjoint(held):
        return ()
    out: tuple[int, ...] = ()
    for skill in held:
        adds = adders.get(skill)
        if adds is not None:
            out += adds.get(name, ())
    return out


def _row(game: KK33Game, player: Player, name: str, source: str, character: str | None = None) -> dict[str, Any]:
    """``character``: the character whose text of the skill to show (a form 化身 offers); by default the
    player's own, or the one a gained skill was taken from (``skillbook.FROM_KEY``)."""
    impl = game.skills.get(name)
    if character is None:
        taken = game.state.extra.get(FROM_KEY)
        character = taken.get(player.id, {}).get(name, player.character) if taken else player.character
    text, kind, limited, form = _public_form(game.roster, character, name,
                                             None if impl is None else type(impl))
    row: dict[str, Any] = {
        "skill": name, "source": source, "text": text, "kind": kind, "limited": limited,
        "uses_left": game.uses_left(player, name), "built": impl is not None,
    }
    if form is not None:  # how the skill is used: public rule knowledge, as a form would ask it
        count, counts, self_allowed, dead, distinct, args = form
        more = _form_targets(player.skills, name) if player.skills else ()
        row["targets"] = {"count": count, "counts": sorted({*counts, *more}) if more else list(counts),
                          "self": self_allowed, "dead": dead, "distinct": distinct}
        row["args"] = list(args)
        # Actions by day: only a skill whose text says so (緩釋), or one a held skill moves to the day
        # (奇襲 moves 甘寧's 刺殺: not usable at night). Absent keys mean night only.
        if game.usable_by_day(player, name):
            row["by_day"] = True
            if game.night_refusal(player, name):
                row["by_night"] = False
    return row


RowMaker = Callable[["KK33Game", "Player", str, str], dict[str, Any]]
"""Builds one skill row (``_row``; a cache may pass its own, giving the same rows)."""


def _skill_rows(game: KK33Game, pid: str, row_of: RowMaker | None = None) -> list[dict[str, Any]]:
    """Identity skills, character skills (learned ones too), then one-time rights (一次性使用權).
    ``row_of``: how each of these rows is built (default ``_row``)."""
    make = _row if row_of is None else row_of
    player = game.state.player(pid)
    rows = [make(game, player, name, "identity") for name in game.identity_skills(player)]
    rows += [make(game, player, name, "character") for name in player.skills]
    if player.granted:
        held = {row["skill"] for row in rows}
        rows += [make(game, player, name, "granted") for name, n in player.granted.items()
                 if n > 0 and name not in held]
    lenders = game.hooks.grants
    if lenders and player.skills and not lenders.isdisjoint(player.skills):
        rows += _lent_rows(game, player, {row["skill"] for row in rows})
    return rows


def _lent_rows(game: KK33Game, player: Player, held: set[str]) -> list[dict[str, Any]]:
    """Skills a held skill lets its owner use the night it is used (亂世英雄：你可以發動一次…任意主動身份技能;
    ``Skill.grants``): one row each, ``source`` "lent", ``via`` the granting skill, to be submitted with it (R27)."""
    from tianting.core.records import Action

    out = []
    for skill in player.skills:
        if skill not in game.hooks.grants or game.uses_left(player, skill) == 0:
            continue
        for name in game.skills[skill].grants(game, Action(player.id, skill)):
            if name in held or name not in game.skills:
                continue
            row = _row(game, player, name, "lent")
            row["uses_left"] = 1
            row["via"] = skill
            out.append(row)
            held.add(name)
    return out


def _offered_rows(game: KK33Game, player: Player, held: set[str],
                  row_of: Callable[..., dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """Skills a held skill offers to take up this phase, one of them (化身): one row each, ``source``
    "offered", ``via`` the offering skill, ``character`` the form it comes from (its text).
    ``row_of``: how the row of each is built (default ``_row``; given the form's character)."""
    make = _row if row_of is None else row_of
    out = []
    for name in player.skills:
        offers = getattr(game.skills.get(name), "offers", None)
        if offers is None:
            continue
        for character, skill in offers(game, player.id):
            if skill in held:
                continue
            out.append({**make(game, player, skill, "offered", character), "via": name, "character": character})
            held.add(skill)
    return out


def _offered_forms(game: KK33Game, player: Player) -> dict[str, list[str]]:
    """The characters each offering skill held offers this phase (化身's two forms), in draw order."""
    out: dict[str, list[str]] = {}
    for name in player.skills:
        offers = getattr(game.skills.get(name), "offers", None)
        if offers is not None:
            forms = list(dict.fromkeys(c for c, _ in offers(game, player.id)))
            if forms:
                out[name] = forms
    return out


def player_view(game: KK33Game, pid: str) -> dict[str, Any]:
    """Everything ``pid`` may know now, JSON-ready."""
    state = game.state
    return assemble_view(
        game, pid,
        skills=_skill_rows(game, pid),
        players=[{"id": p.id, "out": not p.alive} for p in state.players.values()],
        feedback=[{"phase": r.phase, "number": r.number, **f.as_json()}
                  for r in game.results for f in r.feedback.get(pid, [])],
        announcements=[public_announcement(r) for r in game.results],
        stabs_tonight=game.stab_allowance,
    )


def public_announcement(result: Any) -> dict[str, Any]:
    """A resolved phase's announcement as every player reads it (without :data:`JUDGE_ONLY`).

    The announcement is copied whole, then the judge's fields taken out: the same keys in the same order
    as copying only the others (taking a key out leaves the rest in place; no judge's field is
    ``phase`` or ``number``, which come first), without a step of Python per field."""
    shown = {"phase": result.phase, "number": result.number}
    shown.update(result.announcement)
    for key in JUDGE_ONLY:
        shown.pop(key, None)
    return shown


OfferedParts = Callable[["Player", list[dict[str, Any]]], tuple[list[dict[str, Any]], dict[str, list[str]]] | None]
"""The rows a player may take up this phase and the forms offering them, None if nothing is offered
(``offered_parts``)."""


def offered_parts(game: KK33Game, player: Player, skills: list[dict[str, Any]],
                  row_of: Callable[..., dict[str, Any]] | None = None
                  ) -> tuple[list[dict[str, Any]], dict[str, list[str]]] | None:
    """What 化身 offers ``player`` now, beside his own rows ``skills``: the rows to take up and the forms
    (``row_of``: as for :func:`_offered_rows`); None when nothing is offered (``game.offered``)."""
    if not game.offered(player):
        return None
    return _offered_rows(game, player, {row["skill"] for row in skills}, row_of), _offered_forms(game, player)


def shown_skills(skills: list[dict[str, Any]], parts: tuple[list[dict[str, Any]], dict[str, list[str]]] | None
                 ) -> tuple[list[dict[str, Any]], dict[str, list[str]] | None]:
    """A view's ``skills`` and ``offered`` from the player's own rows and :func:`offered_parts` (None:
    nothing offered, the own rows as they are, no ``offered``): the rows offered follow the own ones."""
    if parts is None:
        return skills, None
    return skills + parts[0], parts[1]


def assemble_view(game: KK33Game, pid: str, *, skills: list[dict[str, Any]], players: list[dict[str, Any]],
                  feedback: list[dict[str, Any]], announcements: list[dict[str, Any]],
                  stabs_tonight: Callable[[str], int], offered: OfferedParts | Literal[False] | None = None) -> dict[str, Any]:
    """The one shape of a player's view, from its parts (computed afresh or cached by the caller;
    ``offered``: :func:`offered_parts`, or a caller's memo of it, or False when the caller knows nothing
    is offered: the player holds no skill that offers, ``game.offered``'s own first test)."""
    state = game.state
    me = state.players[pid]
    index = state.index
    view: dict[str, Any] = {
        "id": me.id,
        "country": me.country,
        "identity": me.identity,
        "character": me.character,
        "status": me.status._value_,  # .value, without the enum property's cost
        "skills": skills,
        "known": dict(me.known),
        "markers": {k: v for k, v in me.markers.items() if k not in HIDDEN_MARKERS} if me.markers else {},
        "phase": _PHASE_VALUES[index % 2],
        "number": phase_number(index),
        "players": players,
        "feedback": feedback,
        "announcements": announcements,
        "over": state.over,
    }
    if me.skills and offered is not False:  # 化身: the forms drawn as this phase began, their skills to take up
        parts = offered_parts(game, me, skills) if offered is None else offered(me, skills)
        if parts is not None:
            view["skills"], view["offered"] = shown_skills(skills, parts)
    if me.identity == "黃巾頭領":
        view["hp"] = me.hp
    if me.identity == "殺手" and game.can_act(me):
        view["stabs_tonight"] = stabs_tonight(me.country)
    if state.over:
        view["winners"] = list(state.winners)
        view["peace"] = state.peace
    return view
