"""What needs the judge now: one list for the drafted phase of every rule set (issue 29).

:func:`needs` gathers, from the draft and the phase's record, each thing the judge should settle before publishing:
uses waiting for a ruling, choices that took a default, edits the last re-draft could not keep, last words asked for
and not in (or in and not ruled), digits not given, and the unbuilt passives whose trigger may have come up tonight.
A use or passive the judge has ruled on (a ruling naming it, :func:`names_use`) leaves the list and is returned in
``ruled`` with the ruling in words. :func:`passives_by_character` is the folded section: one line per character.
"""

from __future__ import annotations

from typing import Any

from tianting.hosting.game import HostedGame, Phase, _night_dead

NEED_ZH = {
    "pending_use": "待裁定的行動", "defaulted": "採用預設的選擇", "lost_edit": "未能保留的修改",
    "last_words_missing": "未交的遺言", "last_words_pending": "待裁定的遺言", "digit": "未給的數字",
    "passive": "可能觸發的被動技能",
}
"""Each kind of need, as the console names it."""

_PEOPLE = ("target", "owner", "voter", "player")


def _ruling_people(ruling: dict[str, Any]) -> set[str]:
    people = {ruling[k] for k in _PEOPLE if isinstance(ruling.get(k), str)}
    people |= {t for t in ruling.get("targets", ()) if isinstance(t, str)}
    return people


def _ruling_words_of(ruling: dict[str, Any]) -> str:
    return " ".join(str(ruling.get(k) or "") for k in ("why", "text", "reason", "skill"))


def names_use(ruling: dict[str, Any], actor: str | None, skill: str | None, people: set[str],
              action: int | None = None) -> bool:
    """Whether ``ruling`` names a use (or a passive): it names its action (``action``: the index in the phase's
    script), or its skill (``skill`` field, or the name in its reason or text) and one of its people (the actor or
    a target, ``people``)."""
    if action is not None and ruling.get("action") == action:
        return True
    if not skill or not (_ruling_people(ruling) & ({actor} | people if actor else people)):
        return False
    return ruling.get("skill") == skill or skill in _ruling_words_of(ruling)


def _facts(phase: Phase) -> dict[str, set[str]]:
    """What the record tells of each id in the phase: ``targeted`` (named by an action, as a target or an
    argument), ``acted``, ``recognised`` (made or was the target of a 指認), ``voted`` (voted or voted for),
    ``harmed`` (dead or wounded in the draft)."""
    facts: dict[str, set[str]] = {k: set() for k in ("targeted", "acted", "recognised", "voted", "harmed")}
    for pid, actions in phase.submissions.items():
        for action in actions:
            named = {t for t in action.get("targets", ()) if isinstance(t, str)}
            named |= {v for v in (action.get("args") or {}).values() if isinstance(v, str)}
            facts["targeted"] |= named
            facts["acted"].add(pid)
            if str(action.get("skill", "")) in ("指认", "指認"):
                facts["recognised"] |= named | {pid}
    for voter, target in phase.votes.items():
        facts["voted"] |= {voter, target} if isinstance(target, str) else {voter}
    announcement = (phase.draft or {}).get("announcement", {})
    for key in ("died", "exited", "injured", "eliminated"):
        facts["harmed"] |= {p for p in announcement.get(key, ()) if isinstance(p, str)}
    return facts


_TRIGGERS = (  # a passive's attribute (the 24人 and 鼎立 packs) → what of its owner may bring it up
    ("全局", ()),  # always in force: the folded section says it, the list does not
    ("投票", ("voted",)),
    ("指认", ("recognised",)),
    ("保护", ("targeted", "harmed")),
    ("增益", ("acted",)),
    ("负面", ("targeted",)),
    ("杀伤", ("acted",)),
)


def may_trigger(attribute: str | None, pid: str, facts: dict[str, set[str]]) -> bool:
    """Whether ``pid``'s unbuilt passive of ``attribute`` may have come up, as far as the record tells: by its
    attribute (a 投票技能 when its owner voted or was voted for, a 指认技能 when a 指認 was made by or on its owner,
    a 武将保护技能 when its owner was named by an action or harmed, a 增益 or 杀伤 skill when its owner acted; a
    全局技能 never: it is always in force); a passive of no known attribute (KK 3.3) when its owner was named by
    an action, voted for or harmed."""
    for word, kinds in _TRIGGERS:
        if attribute and word in attribute:
            return any(pid in facts[k] for k in kinds)
    return any(pid in facts[k] for k in ("targeted", "voted", "harmed"))


def _attribute(game: HostedGame, pid: str, skill: str) -> str | None:
    base = game.base
    pack = getattr(base, "pack", None)
    if pack is None or pid not in base.state.players:
        return None
    try:
        data = pack.skill(base.state.players[pid].character, skill)
    except (KeyError, AttributeError):
        return None
    return getattr(data, "attribute", None)


def needs(game: HostedGame, words: Any = None) -> dict[str, Any]:
    """The drafted phase's ``items`` (each ``kind``, ``player``, ``skill``, ``message``) and ``ruled`` (each use or
    passive a ruling named: ``player``, ``skill``, ``rulings`` in words). ``words(ruling) -> str`` puts a ruling in
    words (by default the console's :func:`tianting.hosting.views.ruling_words`).
    Empty outside a draft."""
    phase = game.current
    out: dict[str, Any] = {"items": [], "ruled": [], "summary": ""}
    if phase is None or phase.published or phase.draft is None:
        return out
    items, ruled = out["items"], out["ruled"]
    if words is None:
        from tianting.hosting.views import ruling_words

        actions = game.script(len(game.phases) - 1)["phases"][-1].get("actions", [])

        def say(ruling: dict[str, Any]) -> str:
            return ruling_words(ruling, actions)
    else:
        say = words
    rulings = phase.rulings
    for use in phase.uses or ():
        if use.get("state") != "pending":
            continue
        actor, skill = use.get("actor"), use.get("skill")
        targets = {t for t in use.get("targets", ()) if isinstance(t, str)}
        hits = [i for i, r in enumerate(rulings) if names_use(r, actor, skill, targets, use.get("action"))]
        if hits:
            ruled.append({"kind": "pending_use", "player": actor, "skill": skill, "action": use.get("action"),
                          "rulings": [say(rulings[i]) for i in hits]})
            continue
        whom = f"（對 {'、'.join(use.get('targets', []))}）" if use.get("targets") else ""
        items.append({"kind": "pending_use", "player": actor, "skill": skill,
                      "message": f"{actor} 的【{skill}】{whom}待天庭裁定"})
    for d in phase.draft.get("decisions", ()):
        if d.get("defaulted"):
            items.append({"kind": "defaulted", "player": d["actor"], "skill": d["skill"],
                          "message": f"{d['actor']} 的【{d['skill']}】未回答，暫取「{_short(d.get('answer'))}」"})
    from tianting.hosting.views import unreplaced_drops  # views imports this module's callers

    for e in unreplaced_drops(phase):
        where = "公告" if e["target"] == "announcement" else f"{e['player']} 的反饋 #{e['index'] + 1}"
        items.append({"kind": "lost_edit", "player": e.get("player"), "skill": None,
                      "message": f"{where}的修改在重新結算後未能保留"})
    if phase.kind == "night" and phase.asked_last_words:
        for pid in _night_dead(phase.draft["announcement"]):
            w = phase.last_words.get(pid)
            if w is None:
                items.append({"kind": "last_words_missing", "player": pid, "skill": None,
                              "message": f"已徵求 {pid} 的遺言，尚未交來"})
            elif w.status == "pending":
                items.append({"kind": "last_words_pending", "player": pid, "skill": None,
                              "message": f"{pid} 的遺言待核准或不予公布"})
    items.extend(_digits(game, phase))
    facts = _facts(phase)
    waiting: dict[str, dict[str, Any]] = {}  # one item per player: their passives that may have come up
    for n in phase.notices:
        if n.get("kind") != "unbuilt" or not may_trigger(_attribute(game, n["player"], n["skill"]), n["player"], facts):
            continue
        pid, skill = n["player"], n["skill"]
        hits = [i for i, r in enumerate(rulings) if names_use(r, pid, skill, set())]
        if hits:
            ruled.append({"kind": "passive", "player": pid, "skill": skill,
                          "rulings": [say(rulings[i]) for i in hits]})
            continue
        item = waiting.setdefault(pid, {"kind": "passive", "player": pid, "skill": skill, "skills": [],
                                        "character": n.get("character")})
        item["skills"].append(skill)
    for item in waiting.values():
        names = "".join(f"【{s}】" for s in item["skills"])
        item["message"] = f"{item['player']}（{item['character']}）的被動技能{names}今夜可能觸發；若應當起作用，請裁定"
        items.append(item)
    for item in items:
        item["label"] = NEED_ZH[item["kind"]]
    out["summary"] = summary(items)
    return out


def summary(items: list[dict[str, Any]]) -> str:
    """The list in a few words, for the question before publishing: 「待裁定的行動 2、未交的遺言 1」."""
    counts: dict[str, int] = {}
    for item in items:
        counts[NEED_ZH[item["kind"]]] = counts.get(NEED_ZH[item["kind"]], 0) + 1
    return "、".join(f"{k} {n}" for k, n in counts.items())


def _short(answer: Any) -> str:
    if isinstance(answer, list):
        return "、".join(str(a) for a in answer)
    return "" if answer is None else str(answer)


def _digits(game: HostedGame, phase: Phase) -> list[dict[str, Any]]:
    """The values the rule set's phase inputs still wait for (a draft input: the draft awaits them), or that were not
    given (an input of the open phase, now drafted: the engine drew in their stead), as each declares its reminder."""
    from tianting.hosting import inputs as phase_input

    return [{"kind": "digit", "player": pid, "skill": None, "message": message}
            for inp in game.inputs() for pid, message in phase_input.missing(inp, phase.digits)]


def passives_by_character(phase: Phase) -> list[dict[str, Any]]:
    """The draft's unbuilt passives, one line per character (``player``, ``character``, ``skills``: each ``name``,
    ``rule`` text and the notice's ``message``): the folded section of the console, instead of one notice per skill
    in every feedback block."""
    lines: dict[tuple[str, str], list[dict[str, str]]] = {}
    for n in phase.notices:
        if n.get("kind") == "unbuilt":
            lines.setdefault((n["player"], n.get("character") or ""), []).append(
                {"name": n["skill"], "rule": n.get("rule") or "", "message": n.get("message") or ""})
    return [{"player": p, "character": c, "skills": s} for (p, c), s in lines.items()]
