"""化身 over every form: each skill of each character 左慈 can draw, taken and used, does not crash.

「化身…從所有不在場的角色中隨機抽取兩名，你選擇其中一名角色的一個技能」 makes 化身 only as right as every
other character's skills are when 左慈 (群, 方士, no killer's or lord's seat) holds them for one phase. For
each form, the table seats someone else in its slot, the form is drawn as a night begins, and each of its
skills is taken in turn: on a night (an active one used with a random legal use, as a player's form would
submit it), then on a day (a skill usable by day used by day), then on a night again. Choices that arise
take their defaults, as the script runner's do.
"""

from __future__ import annotations

import random

import pytest

from tianting.bots.random_policy import random_action
from tianting.core.decisions import DecisionBook
from tianting.core.errors import IllegalAction
from tianting.core.records import Action
from tianting.rules.kk33 import roster
from tianting.rules.kk33.views import player_view
from tianting.testing import Table, standard_seats

ONE, TWO = "化身 群雄 角色一", "化身 群雄 角色二"
ZUOCI = "群雄"
FORMS = [c.name for c in roster().characters.values() if c.name != "左慈"]
TRIES = 40


def table_without(form: str) -> Table:
    """A standard table with 左慈 at 群雄 where ``form``'s character is not in play (the seat that would
    play it left empty), the 赤壁之戰 forms drawable (one of them seated), ``form`` drawn with a partner as
    night 1 begins."""
    r = roster()
    base = r.characters[form].base
    characters: dict[str, str] = {}
    if r.characters[form].set == "赤壁之戰":
        characters = {"吳副軍師": "赤壁·魯肅"} if base != "魯肅" else {"魏副軍師": "蔣干"}
    omit = [s.id for s in standard_seats("方士", characters) if r.characters[s.character].base == base]
    partner = "張角" if base != "張角" else "華佗"
    return Table(others="方士", characters=characters, omit=omit, draws={ONE: form, TWO: partner})


def use_offered(t: Table, skill: str, rng: random.Random) -> list[Action]:
    """A random legal use of the offered ``skill`` now, if the form offers one (else nothing)."""
    view = player_view(t.game, ZUOCI)
    row = next((r for r in view["skills"] if r["skill"] == skill), None)
    if row is None or not row["built"] or row["kind"] == "passive" or row["uses_left"] == 0 or "targets" not in row:
        return []
    night = view["phase"] == "night"
    if (night and not row.get("by_night", True)) or (not night and not row.get("by_day")):
        return []
    for _ in range(TRIES):
        action = random_action(view, row, rng)
        if action is None:
            return []
        try:
            t.game.check_action(action, [])
        except IllegalAction:
            continue
        return [action]
    return []


def a_death(t: Table) -> list[Action]:
    """A 刺殺 on night 1 by a killer on a lady of another country: a dead id for the skills that need one."""
    players = t.state.players.values()
    killer = next(p for p in players if p.identity == "殺手")
    lady = next(p for p in players if p.identity == "女眷" and p.country != killer.country)
    return [Action(killer.id, "刺殺", (lady.id,))]


def play_phase(t: Table, skill: str, rng: random.Random, again: str | None) -> bool:
    """One phase with ``skill`` taken (and used if it can be); ``again``: the form drawn as the next begins.
    True if a use of it was submitted and resolved."""
    if again is not None:
        t.force(ONE, again).force(TWO, "華佗" if again != "華佗" else "張角")
    mine = use_offered(t, skill, rng)
    book = DecisionBook(answers=[{"actor": ZUOCI, "skill": "化身", "answer": skill}])
    if t.game.phase.value == "night":
        others = a_death(t) if t.game.state.index == 0 else []
        result = t.game.resolve_night(others + mine, book)
    else:
        result = t.game.resolve_day({}, book, actions=mine)
    t.results.append(result)
    (chosen,) = [d for d in result.decisions if d.skill == "化身"]
    assert chosen.answer.split("（")[0] == skill and not chosen.defaulted
    assert skill not in t.player(ZUOCI).skills or skill in ("化身", "神隱", "借物代形")  # 於該階段中 only
    return bool(mine)


PHASES = 5
"""Night 1 to night 3 (三日五百：第三夜及之後的夜晚可以使用)."""
NOT_USED: dict[str, str] = {
    "六日一千": "第六夜及之後的夜晚可以使用: beyond the phases played",
    "練兵": "棄掉一個「智」標記: only 大智若愚 gives them, and 左慈 holds it one phase at a time",
}
"""Active skills of the roster that no random legal use reaches in the phases played, and why."""


@pytest.mark.skill("化身")
@pytest.mark.parametrize("form", FORMS)
def test_every_skill_of_every_form_can_be_borrowed(form: str) -> None:
    """Each skill of ``form``, taken by 化身 every phase from night 1 to night 3, resolves without an error,
    is held for that phase only, and each active one is used (accepted and resolved) at least once."""
    unused = []
    for n, text in enumerate(roster().characters[form].skills):
        t = table_without(form)
        rng = random.Random(n)
        used = False
        for step in range(PHASES):
            if t.game.state.over or t.player(ZUOCI).status.value == "out":
                break
            used |= play_phase(t, text.name, rng, form if step < PHASES - 1 else None)
        impl = t.game.skills.get(text.name)
        if impl is not None and impl.kind.value != "passive" and not used and text.name not in NOT_USED:
            unused.append(text.name)
    assert unused == [], f"{form}: active skills never used when borrowed: {unused}"
