"""Two changes of state beyond wound and death, for the 24人 and 鼎立 rules (华佗【起死回生】 and【麻沸散】,
docs/rulings/packs-revival.md):

- **revival**: an id's present character gives way to the one it played before, as that one stood at its death
  (its skills held then, its uses counted: 「复活者技能不得重置」). Each character's end is recorded when it dies
  (:func:`ended`) while someone in play holds a revival skill, so a game without one keeps its state as before.
- **away**: an id leaves the game for a set number of days and nights (counted with the night's dead, no last
  words) and comes back at the end of the night its time runs out (:func:`back`, from the night's 结算).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tianting.core import effects
from tianting.core.records import Death
from tianting.core.state import Status

if TYPE_CHECKING:
    from tianting.rules.sg24.declared.resolve import Resolver

REVIVAL_SKILLS = ("起死回生",)
"""The skills that bring a character back (the ends of characters are recorded while one of them is in play)."""
RECOGNITION = "指认技能"
AWAY_KEY = "away_until"
"""``state.extra[AWAY_KEY][pid]``: an id away for a set time (【麻沸散】): when he comes back and as what."""


def post(night: Any, line: str) -> None:
    """A line in the night's post (鼎立's night gathers its post's events before the 结算's last stage: there)."""
    gathered = getattr(night, "events", None)
    (gathered if isinstance(gathered, list) else night.declared.events).append(line)


def watching(game: Any) -> bool:
    """Whether a player in play holds a revival skill (and so the ends of characters are recorded)."""
    return any(s in p.skills for p in game.state.living() for s in REVIVAL_SKILLS)


def ended(game: Any, pid: str, character: str, cause: str, held: list[str], natural: bool) -> None:
    """``pid``'s ``character`` died tonight (or today) of ``cause``: its end, as it stood, for a later revival."""
    if not watching(game):
        return
    game.state.extra.setdefault("ended", {}).setdefault(pid, []).append({
        "character": character, "cause": cause, "natural": natural, "index": game.state.index,
        "number": game.number, "held": list(held), "recognition": by_recognition(game, cause)})


def by_recognition(game: Any, cause: str) -> bool:
    """Whether a death's cause is a 指认's (a 指认技能 of some character of the pack, or the 指认 itself)."""
    if cause in ("指认", "同国指认"):
        return True
    return any(s.name == cause and s.attribute == RECOGNITION for c in game.pack.characters.values() for s in c.skills)


def last_end(game: Any, pid: str, character: str) -> dict[str, Any] | None:
    """The recorded end of ``pid``'s ``character`` (its last death), or None."""
    return next((e for e in reversed(game.state.extra.get("ended", {}).get(pid, [])) if e["character"] == character),
                None)


def why_not_revived(game: Any, pid: str) -> str | None:
    """Why ``pid``'s present character cannot give way to its previous one now, or None (R-revival-1..3)."""
    player, lives = game.state.player(pid), game.state.extra["lives"].get(pid, [])
    if not player.alive:
        return f"{pid} 已退出游戏"
    if len(lives) < 2:
        return f"{pid} 的当前角色没有上一角色"
    previous = lives[-2]
    if any(p.character == previous for p in game.state.living() if p.id != pid):
        return f"{previous} 已在场上"
    end = last_end(game, pid, previous)
    if end is None:
        return f"{previous} 的死亡没有记录（使用者登场前已死亡）"
    if end["natural"] or end["cause"] == "自然死亡":
        return f"{previous} 为自然死亡"
    if end["recognition"]:
        return f"{previous} 因被指认而死亡"
    span = game.pack.characters[previous].natural_death
    if span is not None and game.number >= span:
        return f"{previous} 原本的寿命（第{span}夜）已到"
    return None


def revive(r: Resolver, pid: str, skill: str) -> None:
    """``pid``'s present character gives way to the previous one: its skills as held at its death, its uses as
    counted, its identity; a normal state; the character that gave way may succeed again (R-revival-2)."""
    game, phase = r.night.game, r.night.phase
    player, lives = game.state.player(pid), game.state.extra["lives"][pid]
    present, previous = lives[-1], lives[-2]
    end = last_end(game, pid, previous)
    assert end is not None
    player.status = Status.ALIVE
    player.wounded_at = None
    player.character = previous
    player.skills = list(end["held"])
    identity = game.pack.characters[previous].identity
    if identity:
        player.identity = identity
    lives.pop()
    game.state.extra["checks"].pop(pid, None)
    game.state.extra.get("marked_checks", {}).pop(pid, None)
    game.state.extra.get("tables", {}).pop(pid, None)  # 鼎立's committed 伤判 table of a wound now gone
    phase.note(f"{pid}【{skill}】：{present} 复活至上一角色 {previous}")
    effects.tell(phase, pid, f"你的角色复活为{previous}（技能使用情况与其死亡时相同）", skill)


# ---- away: a temporary exit --------------------------------------------------------------------------------------
def leave(r: Resolver, pid: str, nights: int, skill: str) -> None:
    """``pid`` leaves the game as tonight ends, for ``nights`` days and nights: counted with tonight's dead, no
    last words; he comes back at the end of the ``nights``-th night after this one (R-revival-4)."""
    night, game = r.night, r.night.game
    player = game.state.player(pid)
    if not player.alive:
        return
    checks = game.state.extra["checks"]
    game.state.extra.setdefault(AWAY_KEY, {})[pid] = {
        "back": game.state.index + 2 * nights, "status": player.status.value, "check": checks.pop(pid, None),
        "wounded_at": player.wounded_at, "why": skill}
    player.status = Status.OUT
    night.phase.deaths.append(Death(pid, player.character, f"【{skill}】暂时退出游戏"))
    night.phase.died.append(pid)
    post(night, f"{pid} 退出游戏")
    night.phase.note(f"{pid}（{player.character}）【{skill}】：当夜结束时退出游戏，{nights}日{nights}夜后回到游戏")
    if night.last_words.pop(pid, None) is not None:
        night.warnings.append(f"{pid} 因【{skill}】退出游戏，遗言为无遗言，其遗言不予公布")


def back(r: Resolver) -> None:
    """The ids whose time away ends with this night come back (the post says so), as they left (wounded or not);
    one whose character's life span ran out while away dies naturally as he comes back (R-revival-5)."""
    night, game = r.night, r.night.game
    away = game.state.extra.get(AWAY_KEY, {})
    for pid in sorted(p for p, rec in away.items() if rec["back"] == game.state.index):
        rec = away.pop(pid)
        player = game.state.player(pid)
        player.status = Status(rec["status"])
        player.wounded_at = rec["wounded_at"]
        if rec["check"] is not None:
            game.state.extra["checks"][pid] = rec["check"]
        post(night, f"{pid} 回到游戏")
        night.phase.note(f"{pid}（{player.character}）【{rec['why']}】的退出时长已过，回到游戏")
        effects.tell(night.phase, pid, "你回到游戏", rec["why"])
        span = game.character(pid).natural_death
        if span is not None and span < game.number:
            game.kill(night.phase, pid, "自然死亡", night.book, natural=True)
    if not away:
        game.state.extra.pop(AWAY_KEY, None)


# ---- a lost 指认; a 伤判 death counted the next night (夏侯惇【拔矢啖睛】) -------------------------------------------
def lose_recognition(state: Any, pid: str, character: str) -> None:
    """``pid`` has no 指认 from now on while he plays ``character`` (「从此失去指认能力」)."""
    state.extra.setdefault("no_recognition", {})[pid] = character


def lost_recognition(state: Any, pid: str) -> bool:
    """Whether ``pid`` has lost his 指认 (while he plays the character that lost it)."""
    return state.extra.get("no_recognition", {}).get(pid, None) == state.player(pid).character


def mark_deferred_death(state: Any, pid: str, character: str, at: int | None, skill: str) -> None:
    """A death at the 伤判 of ``pid``'s wound of phase ``at`` (as ``character``) is counted with the next night's."""
    state.extra.setdefault("deferred_deaths", {})[pid] = {"character": character, "at": at, "skill": skill}


def deferred(game: Any, day: Any, pid: str, cause: str) -> bool:
    """A 伤判 of today says ``pid`` dies: if his wound is one :func:`mark_deferred_death` marked, his death waits for
    the next night's start (counted with that night's dead, with last words) and True; else False."""
    marks = game.state.extra.get("deferred_deaths", {})
    mark, player = marks.pop(pid, None), game.state.player(pid)
    if not marks:
        game.state.extra.pop("deferred_deaths", None)
    if mark is None or mark["character"] != player.character or mark["at"] != player.wounded_at:
        return False
    game.state.extra.setdefault("night_deaths", {})[pid] = [game.state.index + 1, f"{cause}（【{mark['skill']}】）"]
    day.note(f"{pid} {cause}：【{mark['skill']}】，计入次夜死亡人数，次夜可写一条遗言")
    return True


def night_deaths(r: Resolver) -> set[str]:
    """As this night begins, the deaths :func:`deferred` put off die (the successor plays on, or the id leaves);
    their actions tonight fail. Their ids."""
    night, game = r.night, r.night.game
    mourning(r)
    waiting = game.state.extra.get("night_deaths", {})
    gone = set()
    for pid in sorted(p for p, (index, _) in waiting.items() if index == game.state.index):
        _, cause = waiting.pop(pid)
        if game.state.player(pid).alive:
            game.kill(night.phase, pid, cause, night.book)
            gone.add(pid)
    if not waiting:
        game.state.extra.pop("night_deaths", None)
    return gone


# ---- a mourning for an id gone at night (汉献帝【举国同哀】) ----------------------------------------------------------
MOURNING = "举国同哀"


def mourning(r: Resolver) -> None:
    """As this night begins: an id that left the game last night as a character holding 【举国同哀】 (no successor:
    its Death ``out``) makes every living id that knew him mutually act with half chance tonight, each action drawn
    once (a state of half chance, :mod:`.odds`, stored for this night, R-revival-10)."""
    from tianting.rules.sg24.declared.odds import Halving

    night, game = r.night, r.night.game
    index = game.state.index
    if index < 2 or len(game.results) < index - 1:
        return
    holders = {c.name for c in game.pack.characters.values() for s in c.skills if s.name == MOURNING}
    for d in sorted(game.results[index - 2].deaths, key=lambda d: d.id):
        if not d.out or d.character not in holders or game.state.player(d.id).alive:
            continue
        mourners = frozenset(p.id for p in game.state.living() if p.id != d.id and game.mutual(p.id, d.id))
        if not mourners:
            continue
        source = f"{d.id}【{MOURNING}】"
        game.state.extra.setdefault("halvings", {}).setdefault(str(index), []).append(
            Halving(mourners, None, (), (), source).as_json())
        night.phase.note(f"{source}：{'、'.join(sorted(mourners))} 当夜行动一半概率失败")


# ---- a dead character back for one night (陈寿【魂兮归来】, 鼎立) ------------------------------------------------------
GHOSTS = "ghosts"
"""``state.extra[GHOSTS][pid]``: {"index": the night he is back for, "by": the user, "character": the one back}."""
GENERAL = ("刺杀", "招揽", "投奔", "自杀")


def call_back(game: Any, phase: Any, pid: str, by: str, skill: str) -> None:
    """``pid`` (out of the game, his last character dead) is back as the day ends, for the next night only; the
    day's post says so (鼎立's 「回到游戏」)."""
    player = game.state.player(pid)
    game.state.extra.setdefault(GHOSTS, {})[pid] = {"index": game.state.index + 1, "by": by,
                                                     "character": player.character, "skill": skill}
    returned = getattr(phase, "returned", None)
    if isinstance(returned, list):
        returned.append(pid)
    phase.note(f"{by}【{skill}】：{pid}（{player.character}）白天结束时回到游戏，仅此一夜")
    effects.tell(phase, pid, f"【{skill}】你的角色{player.character}回到游戏一夜：今夜可使用一个死亡前未使用或仍可再用"
                 "的技能，或进行一次指认；夜晚结束后再次退出游戏", skill)


def ghosts_arrive(state: Any) -> None:
    """As the day ends (the next night's start): the ids called back for this night are in the game."""
    for pid in sorted(state.extra.get(GHOSTS, {})):
        if ghost_of(state, pid) is not None:
            state.player(pid).status = Status.ALIVE
            state.player(pid).wounded_at = None


def ghost_of(state: Any, pid: str) -> dict[str, Any] | None:
    rec: dict[str, Any] | None = state.extra.get(GHOSTS, {}).get(pid)
    return rec if rec is not None and rec["index"] == state.index else None


def ghost_check(game: Any, player: Any, action: Any, mine: list[Any]) -> None:
    """Tonight's limits of 【魂兮归来】: the one back sends one action, a skill or a 指认 (no stab, no 招揽, 投奔 or
    自杀); its user sends no other skill (R-revival-15)."""
    from tianting.core.errors import IllegalAction
    from tianting.core.names import name_key

    ghost = ghost_of(game.state, player.id)
    if ghost is not None:
        if name_key(action.skill) in {name_key(g) for g in GENERAL}:
            raise IllegalAction(f"【{ghost['skill']}】回到游戏的角色只能使用一个技能或进行一次指认", "ghost")
        if mine:
            raise IllegalAction(f"【{ghost['skill']}】回到游戏的角色今夜只能行动一次", "ghost")
    for rec in game.state.extra.get(GHOSTS, {}).values():
        if rec["index"] == game.state.index and rec["by"] == player.id and name_key(action.skill) not in {
                name_key(g) for g in (*GENERAL, "指认")}:
            raise IllegalAction(f"【{rec['skill']}】的使用者当夜不可使用其他技能", "ghost-user")


def ghost_standing(r: Resolver) -> None:
    """Tonight nothing of anyone reaches the one back (every attribute, stabs and 指认, 「包括全局技能」)."""
    from tianting.rules.sg24.declared.schema import ATTRIBUTES, RECOGNITION, STAB

    for pid in sorted(r.night.state.extra.get(GHOSTS, {})):
        rec = ghost_of(r.night.state, pid)
        if rec is not None:
            r.immunities.append((pid, (*ATTRIBUTES, STAB, RECOGNITION), f"【{rec['skill']}】", "all"))


def ghosts_leave(r: Resolver) -> None:
    """As the night ends, the one back leaves the game again: announced as leaving, not counted with the dead."""
    night, game = r.night, r.night.game
    ghosts = game.state.extra.get(GHOSTS, {})
    for pid in sorted(p for p, rec in ghosts.items() if rec["index"] == game.state.index):
        rec = ghosts.pop(pid)
        player = game.state.player(pid)
        player.status = Status.OUT
        game.state.extra["checks"].pop(pid, None)
        night.phase.natural.append(pid)  # listed as leaving, not counted (鼎立's 「退出游戏」)
        night.phase.note(f"{pid}（{player.character}）【{rec['skill']}】：夜晚结束，再次退出游戏")
    if not ghosts:
        game.state.extra.pop(GHOSTS, None)
