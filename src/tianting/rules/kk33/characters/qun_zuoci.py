"""KK 3.3 character skills: qun_zuoci (群雄·方士 左慈: 化身, 神隱, 借物代形).

Every class quotes its rule text verbatim; the rulings on ambiguous sentences
are in ``docs/rulings/kk33-qun_zuoci.md`` (ZC1 …).

化身 works in two steps, as the text's one sentence does:

1. 每個夜晚與白天開始時，從所有不在場的角色中隨機抽取兩名 — as each night and day begins, before
   anyone submits anything (``KK33Game.open_phase``), two forms are drawn among those whose
   character no living player plays; only 左慈 sees them (his view's ``offered`` and the skill rows
   with ``source`` "offered"). The skill he held from the phase before ends then.
2. 你選擇其中一名角色的一個技能，於該階段中獲得該技能 — the choice is a decision of that phase
   (``decisions``: ``{"actor": 左慈, "skill": "化身", "answer": 技能名}``), made as its resolution
   begins (``KK33Game.open_resolution``), before any other skill is at work. Using one of the
   offered skills in the phase's actions is choosing it: it is then the only option.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from tianting.core import effects
from tianting.core.names import name_key
from tianting.core.records import Feedback
from tianting.core.skills import Kind, Skill, Use
from tianting.core.state import Status
from tianting.effects import limits
from tianting.rules.kk33 import skillbook
from tianting.rules.kk33.characters.common import CharacterSkill
from tianting.rules.kk33.characters.shu_lords import Hanyi
from tianting.rules.kk33.roster import CHIBI, COUNTRIES, SETS_KEY, Roster

if TYPE_CHECKING:
    from tianting.rules.kk33.day import Day
    from tianting.rules.kk33.game import KK33Game
    from tianting.rules.kk33.harm import Harm
    from tianting.rules.kk33.night import Night

KEY = "化身"
"""``state.extra[KEY][pid]``: the forms drawn for ``pid`` as the phase ``at`` began, and, once chosen,
the ``character`` and ``skill`` taken (``added``: the skill was not held before, so it ends with the
phase)."""
ILLUSION = "迷幻"
"""方士：每當你觸發【化身】時，若選擇的角色屬於魏國、蜀國或吳國角色，在對應國積累一個「迷幻」標記。"""
STANDARD_SET, CHIBI_SET = "標準", CHIBI
_OUT = Status.OUT  # read once: reading an enum member off its class is slow in Python 3.11


def sets_in_game(game: KK33Game) -> tuple[str, ...]:
    """The character sets of this table: as its setup chose them (``chibi``), else the standard set, with
    the 赤壁之戰 characters when one of them is seated (ZC2)."""
    recorded = game.state.extra.get(SETS_KEY)
    if recorded:
        return tuple(recorded)
    seated = {p.character for p in game.state.players.values()}
    return _sets_seating(game.roster, seated)


def _sets_seating(roster: Roster, characters: set[str]) -> tuple[str, ...]:
    """The sets a table without recorded sets plays with, given the characters its players play: the
    standard set, with the 赤壁之戰 set when one of them is a 赤壁之戰 form (:func:`sets_in_game`)."""
    return (STANDARD_SET,) if _chibi_forms(roster).isdisjoint(characters) else (STANDARD_SET, CHIBI_SET)


@cache
def _chibi_forms(roster: Roster) -> frozenset[str]:
    """The forms of the 赤壁之戰 set: read once per roster (read-only data once loaded)."""
    return frozenset(c.name for c in roster.characters.values() if c.set == CHIBI_SET)


@cache
def _base_of(roster: Roster) -> dict[str, str]:
    """Each form's character (``roster.characters[form].base``), read once per roster (read-only data
    once loaded; callers only read the table)."""
    return {c.name: c.base for c in roster.characters.values()}


@cache
def _forms_of_sets(roster: Roster, sets: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """(form, base) of every form of ``sets``, in the roster's order: read once per roster and sets (a
    roster is read-only data once loaded; the cache holds it, so it is never another roster's)."""
    return tuple((c.name, c.base) for c in roster.characters.values() if c.set in sets)


@cache
def _skills_of_forms(roster: Roster, forms: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """(form, skill) for every skill of each of ``forms``, in order: read once per roster and forms drawn
    (asked at every check of 左慈's actions while his offer stands; the roster never changes)."""
    characters = roster.characters
    return tuple((form, s.name) for form in forms for s in characters[form].skills)


def forms_not_in_play(game: KK33Game) -> list[str]:
    """「所有不在場的角色」: every form of the table's sets whose character no living player plays now
    (a character in play keeps all its forms in play: 賈詡, 諸葛亮, 魯肅; ZC1), in the roster's order."""
    roster, out, base_of = game.roster, _OUT, _base_of(game.roster)
    living = frozenset({base_of[p.character] for p in game.state.players.values() if p.status is not out})
    return list(_forms_not_in(roster, sets_in_game(game), living))


@lru_cache(maxsize=256)
def _forms_not_in(roster: Roster, sets: tuple[str, ...], living: frozenset[str]) -> tuple[str, ...]:
    """The forms of ``sets`` whose base is not in ``living``, in the roster's order: a pure function of
    read-only data (the roster) and its arguments, kept for the few living sets a game sees (a death
    changes it; most phases begin with the set of the phase before). Bounded: a study sees many."""
    return tuple(name for name, base in _forms_of_sets(roster, sets) if base not in living)


def _record(state: Any, pid: str) -> dict[str, Any] | None:
    found: dict[str, Any] | None = state.extra.get(KEY, {}).get(pid)
    return found


def _same_skill(answer: Any, option: tuple[str, str, str]) -> bool:
    """An answer names the skill (either script; the first form's where two differ), its label, or the
    form and the skill (``[角色, 技能]``)."""
    form, skill, label = option
    if isinstance(answer, (list, tuple)) and len(answer) == 2:
        return name_key(str(answer[0])) == name_key(form) and name_key(str(answer[1])) == name_key(skill)
    return isinstance(answer, str) and name_key(answer) in (name_key(skill), name_key(label))


@cache
def _texts_of_form(roster: Roster, form: str) -> tuple[tuple[str, str], ...]:
    """(skill, text) for each skill of ``form``, in order, each text as ``Character.skill(name)`` gives it
    (the first skill of that name): read once per roster and form (read-only data once loaded)."""
    skills = roster.characters[form].skills
    first: dict[str, str] = {}
    for s in skills:
        first.setdefault(s.name, s.text)
    return tuple((s.name, first[s.name]) for s in skills)


@cache
def _options_of_forms(roster: Roster, forms: tuple[str, ...]) -> tuple[tuple[str, str, str], ...]:
    """(form, skill, label) for each skill ``forms`` offer, in draw order: a skill two forms share with the
    same text is offered once (the first form's); with different texts (舌戰群儒) once per form, labelled
    「技能（角色）」. Keyed by the forms drawn, each skill's text read from the per-form table
    (:func:`_texts_of_form`): two forms drawn of some seventy rarely repeat, so this is mostly computed."""
    kept: dict[tuple[str, str], str] = {}
    for form in forms:
        for skill, text in _texts_of_form(roster, form):
            kept.setdefault((skill, text), form)
    names = [skill for skill, _ in kept]
    return tuple((form, skill, skill if names.count(skill) == 1 else f"{skill}（{form}）")
                 for (skill, _), form in kept.items())


class Huashen(CharacterSkill):
    """化身：*被*每個夜晚與白天開始時，從所有不在場的角色中隨機抽取兩名，你選擇其中一名角色的一個技能，於該階段中獲得該技能。

    Draws: 「化身 <id> 角色一」, 「化身 <id> 角色二」 (the second among the rest). The choice: a
    decision of the phase, answered with the skill's name; an offered skill he used is his answer
    (recorded so); without either, the first skill of the first form drawn (ZC3). The skill is his
    for the phase (limits as his own: a limited skill he used once stays used, ZC4), then ends
    without being 「失去」 (``skillbook.expire``). As 方士 he gains a 「迷幻」 marker of the chosen
    character's country (魏, 蜀 or 吳) each time."""

    # Bespoke (no effect says it): a new character chosen as each phase begins, its skills held for that phase only.
    name = "化身"
    kind = Kind.PASSIVE

    # ---- step 1: the phase begins -------------------------------------------------
    def begin_phase(self, game: KK33Game, owner: str) -> None:
        state = game.state
        records = state.extra.setdefault(KEY, {})
        old = records.pop(owner, None)
        if old and old.get("added"):
            skillbook.expire(state, owner, old["skill"])  # 於該階段中: the phase is over
        player = state.player(owner)
        if not game.can_act(player) or self.name not in player.skills:
            return
        pool = forms_not_in_play(game)
        drawn: list[str] = []
        for ordinal in ("一", "二"):
            if not pool:
                break
            form = state.rng.pick(f"化身 {owner} 角色{ordinal}", pool)
            pool.remove(form)
            drawn.append(form)
        records[owner] = {"at": state.index, "forms": drawn}

    def offers(self, game: KK33Game, owner: str) -> tuple[tuple[str, str], ...]:
        """The (form, skill) pairs he may take up now: every skill of the two forms drawn, until he chose.

        The roster's table itself (read-only: every caller only reads it), not a copy: the legality
        checks ask this at every check of his actions."""
        record = _record(game.state, owner)
        if record is None or record["at"] != game.state.index or "skill" in record:
            return ()
        return _skills_of_forms(game.roster, tuple(record["forms"]))

    # ---- step 2: the choice, as the phase's resolution begins -------------------------
    def open_resolution(self, phase: Any, owner: str) -> None:
        state = phase.state
        record = _record(state, owner)
        if record is None or record["at"] != phase.index or "skill" in record or not record["forms"]:
            return
        game = phase.game
        # the options of self.offers(game, owner): the record stands for this phase, unchosen
        pairs = list(_options_of_forms(game.roster, tuple(record["forms"]))) if record["at"] == state.index else []
        submitted: list[Use] = getattr(phase, "submitted", None) or getattr(phase, "uses", [])
        used = {u.name for u in submitted if u.actor == owner and not u.implicit}
        held = state.player(owner).skills
        taken = [p for p in pairs if p[1] in used and p[1] not in held]
        options = taken or pairs  # using an offered skill is choosing it (its forms, if two texts differ)
        if len(taken) == 1 and not phase.book.answered(owner, self.name):
            form, skill, label = taken[0]  # his action made the choice: his answer, not a default
            phase.book.record(owner, self.name, label, [label])
        else:
            form, skill, _ = phase.book.choose(state.rng, owner, self.name, options, _same_skill,
                                               label=lambda o: o[2], default=options[0])
        player = state.player(owner)
        added = skill not in player.skills
        skillbook.gain(phase, owner, skill, via=self.name, tell=False, character=form)
        record.update(character=form, skill=skill, added=added)
        country = game.roster.characters[form].country
        marker = ""
        if player.identity == "方士" and country in COUNTRIES:
            count = effects.mark(phase, owner, f"{ILLUSION}·{country}")
            marker = f"你在{country}國積累一個「{ILLUSION}」標記（共{count}個）。"
        forms = "、".join(record["forms"])
        phase.tell(owner, Feedback(self.name, f"【化身】本階段抽取的角色：{forms}。你選擇{form}的技能【{skill}】，"
                                   f"於本階段中獲得該技能。{marker}", None,
                                   {"forms": list(record["forms"]), "character": form, "skill": skill}))
        phase.note(f"{owner} 化身：抽取{forms}，選擇{form}的【{skill}】" + (f"；{country}國「迷幻」+1" if marker else ""))


class Shenyin(Hanyi):
    """神隱：*被*所有針對你的投票無效。

    As 漢裔's first sentence (one rule, ``Hanyi.on_day``): a vote cast for him, or forced onto him
    by 亂花, counts for nothing; his own vote for himself (自投) is void too (ZC5)."""

    name = "神隱"


class Jiewu(CharacterSkill):
    """借物代形：*被*當你受到致命一擊時，防止之。

    A passive limited skill (four characters): it prevents the first 致命一擊 he takes (a 致死, or a
    致傷 while wounded; night or day, R30), then is used up, and he is told. 退出歷史舞台 and the
    judge's own harm are not prevented (ZC6)."""

    name = "借物代形"
    kind = Kind.PASSIVE
    stage = "protect"

    def _rule(self, owner: str) -> Any:
        def prevent(phase: Any, harm: Harm) -> str | None:
            me = phase.state.player(owner)
            if harm.target != owner or harm.removal or me.used.get(self.name) or self.name not in me.skills \
                    or not harm.fatal(me.injured):
                return None
            limits.consume(phase, owner, self.name, "【借物代形】發動：防止了你受到的致命一擊。此技能已消耗。",
                           {"consumed": True, "cause": harm.cause})
            return f"{owner} 借物代形（防止其受到的致命一擊）"

        return prevent

    def prepare(self, night: Night, use: Use) -> None:
        if getattr(night, "day", None) is None:  # by day the rule is the day's (on_day), shared by its actions
            night.harm_preventions.append(self._rule(use.actor))

    def on_day(self, day: Day, owner: str) -> None:
        if day.game.can_act(day.state.player(owner)):
            day.harm_preventions.append(self._rule(owner))


SKILLS: list[type[Skill]] = [Huashen, Shenyin, Jiewu]
