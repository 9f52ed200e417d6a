"""What the judge and the public see of a hosted game (a player's view is
:meth:`HostedGame.player_view`)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict
from typing import Any

from tianting import judge_pack
from tianting.core.effects import RULING_EFFECTS
from tianting.core.names import name_key
from tianting.hosting import inputs as phase_input
from tianting.hosting import substitutes
from tianting.hosting.game import HostedGame, Phase
from tianting.hosting.message import SkillForm, Vocabulary
from tianting.rules import load as load_rules

COUNTRY_WORDS = ("魏", "蜀", "吳", "群")
IDENTITY_WORDS = {"君主": "君主", "主公": "君主", "正軍師": "正軍師", "副軍師": "副軍師", "殺手": "殺手",
                  "護衛": "護衛", "女眷": "女眷", "黃巾頭領": "黃巾頭領", "方士": "方士", "神醫": "神醫"}
"""The countries and identities a skill's arguments name (方術, 神算), as players write them."""
SKILL_WORDS = {"殺": "刺殺", "刀": "刺殺", "砍": "刺殺", "查": "明察", "驗": "明察", "查驗": "明察",
               "護": "援護", "保": "援護", "保護": "援護", "守": "援護", "救": "急救"}
"""How forum players shorten the identity skills in a private message (KK 3.3's names); the reading
says so beside every action read from one."""


def _rules_title(game: HostedGame) -> str:
    return str(load_rules(game.rules).title)


def free_choices(game: HostedGame, pid: str) -> list[dict[str, Any]]:
    """``pid``'s character choices, each marked ``taken`` when another player holds its base
    character (public rule knowledge: who chose what is not revealed, only what is left)."""
    roster = game.roster()
    taken = {roster.characters[c].base for other, c in game.characters.items() if other != pid}
    return [{"name": c, "base": roster.characters[c].base, "taken": roster.characters[c].base in taken}
            for c in game.seat(pid).get("choices", [])]


def action_words(action: dict[str, Any]) -> str:
    """One action in words: 「甲 的【刺殺】→ 乙」."""
    text = f"{action.get('actor', '')} 的【{action.get('skill', '')}】"
    targets = action.get("targets") or []
    return text + (" → " + "、".join(str(t) for t in targets) if targets else "")


RULE_SET_EFFECTS = {"defend": "抵禦（技能的保護）", "lessen": "傷害減輕", "deepen": "傷害加深",
                    "join": "聯盟入國（內容填國家）", "formation": "三足鼎立格局達成", "hidden_vote": "暗票",
                    "contest": "拼點", "remove": "退出遊戲（取消比賽資格）", "restore": "回到遊戲（暫時離開者）"}
"""Ruling effects a rule set adds to core's (the 24人 rules' ``defend``), with their console labels."""


def ruling_words(ruling: dict[str, Any], actions: list[dict[str, Any]]) -> str:
    """A ruling in words, for the console and the 復盤."""
    effect = ruling.get("effect", "")
    head = {**RULING_EFFECTS, **RULE_SET_EFFECTS, "defend": "抵禦"}.get(effect, effect)
    if effect == "void" and "voter" in ruling:
        what = f"{ruling['voter']} 的投票"
    elif effect == "void":
        n = ruling.get("action")
        what = action_words(actions[n]) if isinstance(n, int) and 0 <= n < len(actions) else f"第{n}個行動"
    elif effect == "contest":  # 拼點: the ids, and whom the 南斗 set to win on an odd sum
        what = str(ruling.get("text", "")).replace("、", " 與 ")
        if ruling.get("owner"):
            what += f"（和為奇數時 {ruling['owner']} 勝）"
    else:
        what = str(ruling.get("target", ""))
    text = f"{head}：{what}"
    if effect == "void" and "voter" in ruling and ruling.get("text"):  # the public reason, on the 票面 (R-JUI1)
        text += f"（公開理由：{ruling['text']}）"
    if effect in ("join", "hidden_vote") and ruling.get("text"):
        text += f"（{ruling['text']}）"
    if effect == "tell":
        text += f"「{ruling.get('text', '')}」"
    if effect == "defend":  # the 24人 rules: whose defence, active or passive (the defence order)
        text += (f"（{ruling.get('owner') or what}的{'主動' if ruling.get('active') else '被動'}"
                 f"{'【' + ruling['skill'] + '】' if ruling.get('skill') else ''}）")
    if ruling.get("why"):
        text += f"（理由：{ruling['why']}）"
    return text


RULING_FIELDS = ("target", "action", "owner", "skill", "active", "text")
"""The console's ruling form's fields beside the effect and the reason (``why``), in the form's order."""


def ruling_fields(rules: Any, effect: str) -> list[str]:
    """The fields a ruling of ``effect`` takes on the console's form (issue 29, 7: 「the ruling form shows only its
    fields」), from the rule set's table: ``void`` an action; ``void-vote`` the voter (``target``) and its public
    reason (``text``, R-JUI1); every other a target unless it names none (``targetless_effects``: 三足鼎立, 公告), its
    ``text`` when the engine reads one (``text_effects``), and ``defend`` whose defence it is."""
    if effect == "void":
        return ["action"]
    if effect == "void-vote":
        return ["target", "text"]
    out = [] if effect in getattr(rules, "targetless_effects", ()) else ["target"]
    if effect == "defend":
        out += ["owner", "skill", "active"]
    if effect in getattr(rules, "text_effects", ("tell",)):
        out.append("text")
    return out


def ruling_help(game: HostedGame, phase: Phase) -> dict[str, Any]:
    """What the console's ruling form offers: the effects, the phase's actions in words (by their
    index in the game script), the players, and the rulings made so far in words."""
    index = game.phases.index(phase)
    script = game.script(index)
    actions = script["phases"][index].get("actions", []) if len(script["phases"]) > index else []
    base = game.base
    rules = load_rules(game.rules)
    more = [e for e in rules.ruling_effects() if e not in RULING_EFFECTS]
    effects = [{"effect": k, "label": v} for k, v in RULING_EFFECTS.items() if phase.kind == "night" or k != "void"] + (
        [{"effect": "void-vote", "label": "投票無效"}] if phase.kind == "day" else []) + [
        {"effect": e, "label": RULE_SET_EFFECTS.get(e, e)} for e in more]
    return {
        "effects": [{**e, "fields": ruling_fields(rules, e["effect"])} for e in effects],
        "defend": "defend" in more,
        "actions": [{"index": i, "label": action_words(a)} for i, a in enumerate(actions)],
        "players": [p.id for p in base.state.players.values() if p.alive],
        "everyone": list(base.state.players),
        "made": [ruling_words(r, actions) for r in phase.rulings],
    }


def judge_asked(game: HostedGame) -> list[dict[str, Any]]:
    """The values the draft's rulings ask of players (a draft input, e.g. 鼎立三分2.0's 拼點 digits), for the
    judges: one row per ruling (``index``, its ``owner``), the ids it asks in order and each one's value so far."""
    phase = game.current
    if phase is None:
        return []
    rows: dict[int, dict[str, Any]] = {}
    for inp in game.inputs(now=True):
        if inp.stage != "draft":
            continue
        for o in inp.owed:
            if o.ruling is None:
                continue
            row = rows.setdefault(o.ruling, {"index": o.ruling, "players": [], "digits": {},
                                             "owner": phase.rulings[o.ruling].get("owner")})
            row["players"].append(o.player)
            row["digits"][o.player] = phase_input.given(phase.digits, o)
    return list(rows.values())


def player_owed(game: HostedGame, pid: str, stage: str = "draft") -> list[dict[str, Any]]:
    """What ``pid`` owes the draft (``stage``) for the judges: numbered as the player's page numbers them, with the
    slot (an opponent: the judges' to know, never the player's) and the value recorded so far."""
    phase = game.current
    stored = phase.digits if phase is not None else {}
    return [{"number": o.number, "slot": o.slot, "digit": phase_input.given(stored, o)}
            for inp, o in game.owed(pid) if inp.stage == stage]


def owed_seen(game: HostedGame, pid: str) -> str:
    """A fingerprint of what ``pid`` owes the draft as the judges see it now (the phase, each slot in order and the
    value recorded so far): a confirmation made from a page showing another fingerprint is stale."""
    shown = [len(game.phases), game.stage, [[c["slot"], c["digit"]] for c in player_owed(game, pid)]]
    return hashlib.sha256(json.dumps(shown, ensure_ascii=False).encode()).hexdigest()[:32]


contests_seen = owed_seen
"""The name tests/server/test_contest_message_page.py imports (kept so that test stays unchanged)."""


def decision_help(game: HostedGame, phase: Phase) -> list[dict[str, Any]]:
    """For each choice in the draft: why it arose (the chooser's death and its cause), the rule
    text of the skill, and the skills of every character among the options (轉生)."""
    draft = phase.draft or {}
    roster = game.roster()
    out = []
    for d in draft.get("decisions", []):
        deaths = [x for x in draft.get("truth", {}).get("deaths", []) if x["id"] == d["actor"]]
        context = "；".join([f"{d['actor']}（{x['character']}）死亡：{x['cause']}" for x in deaths]
                           + ([d["context"]] if d.get("context") else []))  # what the choice is about (飛沙走石)
        out.append({"actor": d["actor"], "skill": d["skill"], "context": context,
                    "rule": game.base.rule_text(d["actor"], d["skill"]),
                    "options": option_texts(roster, d.get("options") or [], draft.get("truth", {}).get("players", {}))})
    return out


def option_texts(roster: Any, options: list[Any], players: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Each option with what a chooser needs to read: a character's skills and their rule text;
    a player id with their character (``players``: only where the rules tell the chooser)."""
    out = []
    for option in options:
        entry: dict[str, Any] = {"option": option, "skills": [], "character": None}
        if isinstance(option, str) and option in roster.characters:
            entry["skills"] = [{"name": s.name, "text": s.text} for s in roster.characters[option].skills]
        elif isinstance(option, str) and players and option in players:
            entry["character"] = players[option].get("character")
        out.append(entry)
    return out


def _spot(edit: dict[str, Any]) -> tuple[Any, ...]:
    return (edit["target"], edit.get("player"), edit.get("index"))


def unreplaced_drops(phase: Phase) -> list[dict[str, Any]]:
    """The edits a re-draft dropped (the text they replaced changed) that no later edit of the same
    text has replaced yet: what the judge still has to reword."""
    out = []
    for i, edit in enumerate(phase.edits):
        if edit.get("dropped") and not any(_spot(later) == _spot(edit) for later in phase.edits[i + 1:]):
            out.append(edit)
    return out


def resolvers(game: HostedGame) -> dict[int, str]:
    """Who resolved each phase, as the event log names them (``judge:南斗`` closing a day's vote in a game of three
    judges; ``phase.resolved_by`` keeps the fold's ``judge``)."""
    out: dict[int, str] = {}
    for event in game.events:
        if event.kind == "resolve" and isinstance(event.payload.get("phase"), int):
            out[event.payload["phase"]] = event.actor
    return out


def _published_entry(game: HostedGame, index: int, phase: Phase) -> dict[str, Any]:
    """A published phase on the console: its announcement as published and, where the rule set records it
    (:attr:`Phase.uses`: the transcript's ``uses`` of sg24 and 鼎立三分2.0, KK 3.3's read from its history), what came
    of each action (the judges' to read, never a player's)."""
    entry: dict[str, Any] = {"index": index, "label": phase.label, "kind": phase.kind, "number": phase.number,
                             "announcement": game.announcement_text(index)}
    if phase.uses is not None:
        entry["uses"] = phase.uses
    return entry


def outcome_tables(game: HostedGame) -> dict[int, list[dict[str, Any]]]:
    """What came of each action, by phase index, for every drafted phase whose rule set records it
    (:attr:`Phase.uses`): the judges' to read; the public's only in the 復盤 once the game is over (the caller
    checks). Apart from :func:`replay_view`, whose output for KK 3.3 is pinned (tests/test_kk33_golden.py)."""
    return {i: phase.uses for i, phase in enumerate(game.phases) if phase.draft is not None and phase.uses is not None}


def _needs_view(game: HostedGame, phase: Phase) -> dict[str, Any]:
    """What needs the judge now (:func:`tianting.hosting.needs.needs`), the rulings in words, and the unbuilt
    passives one line per character."""
    from tianting.hosting.needs import needs, passives_by_character

    out = needs(game)
    out["passives"] = passives_by_character(phase)
    return out


def judge_view(game: HostedGame) -> dict[str, Any]:
    """Everything the judge (天庭) needs on the console: all seats, the open phase's
    submissions, the draft with its trace, decisions, last words and the audit log."""
    phase = game.current
    players = []
    truth = game.base.truth_players() if game.base is not None else {}
    for seat in game.setup["players"]:
        pid = seat["id"]
        entry = {"id": pid, "country": seat["country"], "identity": truth.get(pid, {}).get("identity", seat["identity"]),
                 "character": truth.get(pid, {}).get("character") or game.characters.get(pid),
                 "chosen": game.characters.get(pid), "choices": seat.get("choices", []),
                 "status": truth.get(pid, {}).get("status", "alive")}
        if not game.started:
            entry["free_choices"] = free_choices(game, pid)
        entry["holder"] = substitutes.holder(game, pid)  # 替補: who holds the seat now
        players.append(entry)
    view: dict[str, Any] = {
        "title": game.meta["title"], "rules": game.rules, "rules_title": _rules_title(game),
        "stage": game.stage, "seq": game.seq,
        "commitment": game.meta["commitment"], "players": players,
        "chosen": sum(1 for p in players if p["character"]),
        "night_minutes": game.meta.get("night_minutes"), "day_minutes": game.meta.get("day_minutes"),
        "chibi": bool(game.meta.get("chibi")),
        "published": [_published_entry(game, i, p) for i, p in game.published()],
        "notes": game.notes, "over": game.over,
        "may_peace": bool(game.published()) and game.stage == "open",
        "started": game.started, "substitutes": game.substitutes,
    }
    if game.over:
        view["result"] = {"winners": list(game.base.state.winners), "peace": game.base.state.peace}
    if phase is not None and not phase.published:
        index = len(game.phases) - 1
        current: dict[str, Any] = {
            "index": index, "kind": phase.kind, "number": phase.number, "label": phase.label,
            "deadline": phase.deadline, "participants": game.participants() if game.stage == "open" else [],
            "expected": game.expected(), "submissions": phase.submissions, "votes": phase.votes,
            "submitted_by": phase.submitted_by,
            "resolved_by": resolvers(game).get(index, phase.resolved_by) if phase.resolved_by else None,
            "decisions_given": phase.decisions,
            "asked_last_words": phase.asked_last_words,
            "asked_decisions": [list(pair) for pair in phase.asked_decisions],
            "last_words": {pid: asdict(w) for pid, w in phase.last_words.items()},
            "edits": phase.edits, "lost_edits": unreplaced_drops(phase), "rulings": phase.rulings,
            "extension": phase.extension,
        }
        if phase.draft is not None:
            draft = phase.draft
            current["ruling_help"] = ruling_help(game, phase)
            current["decision_help"] = decision_help(game, phase)
            current["draft"] = {
                **draft,
                "announcement": {**draft["announcement"], "text": game.announcement_text(index)},
                "feedback": {pid: game.feedback_items(index, pid) for pid in draft["feedback"]},
                "original_announcement": draft["announcement"]["text"],
                "warnings": phase.draft_warnings,
                "notices": phase.notices,
            }
            if phase.uses is not None:  # KK 3.3's read from the drafted game; sg24's and 鼎立's the draft's own
                current["draft"]["uses"] = phase.uses
            current["needs"] = _needs_view(game, phase)
        view["current"] = current
    return view


def out_ids(game: HostedGame) -> list[str]:
    """The ids out of the game after the published phases: public (every death is announced, and
    every player's view lists the same)."""
    if game.base is None:
        return []
    return [p.id for p in game.base.state.players.values() if not p.alive]


def open_phase(game: HostedGame) -> dict[str, Any] | None:
    """The phase being played, as anyone may know it: its name and deadline."""
    phase = game.current
    if phase is None or game.over or phase.published:
        return None
    return {"label": phase.label, "kind": phase.kind, "deadline": phase.deadline if game.stage == "open" else None,
            "resolved": phase.resolved}


def public_view(game: HostedGame) -> dict[str, Any]:
    """The public thread: announcements as published; the 復盤 once the game is over."""
    view: dict[str, Any] = {"title": game.meta["title"], "rules": game.rules, "rules_title": _rules_title(game),
                            "stage": game.stage, "commitment": game.meta["commitment"], "ids": game.ids,
                            "announcements": game.public_announcements(), "over": game.over,
                            "out": out_ids(game), "open": open_phase(game),
                            "substitutes": substitutes.public(game)}
    if game.over:
        view["result"] = {"winners": list(game.base.state.winners), "peace": game.base.state.peace}
        view["export"] = game.export()
    return view


def pack_view(game: HostedGame, whole: bool = False) -> dict[str, Any] | None:
    """Which character pack the game is played with (the bundled one, or its judge's: title and digest) and the
    texts of its skills: each with the pack's own text and the one generated from its effect, for the judges'
    console (the characters in play) and the 復盤 (``whole``: every character of the pack). None for a rule set
    without packs. Never for a player's page: it names the characters in play."""
    pack = game.pack()
    if pack is None:
        return None
    rules = load_rules(game.rules)
    in_play = None if whole else {*game.characters.values(), *(
        c for lives in (game.base.state.extra.get("lives", {}).values() if game.base is not None else ())
        for c in lives)}
    return {**judge_pack.label(game.meta.get(judge_pack.FIELD)), "edition": game.pack_edition(),
            "characters": judge_pack.skill_texts(rules, pack, in_play)}


def replay_view(game: HostedGame) -> dict[str, Any]:
    """The 復盤 as a readable page: the seats, every phase (announcement as published and as
    first drafted, every player's feedback, decisions, rejected actions, last words and their
    rulings, the trace and the draws, the audit log of edits), the notes and every event.

    The judge may read it at any time (the seed stays hidden until the end); the public only
    once the game is over (the caller checks). What came of each action is not part of it: the page reads
    :func:`outcome_tables`, one source for every rule set."""
    data = game.export()
    final = game.base.truth_players() if game.base is not None else {}
    players = [{**p, "status": final.get(p["id"], {}).get("status", "alive"),
                "now": final.get(p["id"], {}).get("character") or p["character"],
                "identity_now": final.get(p["id"], {}).get("identity") or p["identity"]} for p in data["players"]]
    phases = []
    entries = game.script()["phases"] if game.started else []  # phase i's entry, as script(i) gives it: made once
    for i, phase in enumerate(game.phases):
        entry: dict[str, Any] = {
            "index": i, "kind": phase.kind, "number": phase.number, "label": phase.label,
            "deadline": phase.deadline, "published": phase.published,
            "resolved_by": resolvers(game).get(i, phase.resolved_by) if phase.resolved_by else None,
            "submissions": phase.submissions, "votes": phase.votes, "decisions_given": phase.decisions,
            "submitted_by": phase.submitted_by,
            "last_words": {pid: asdict(w) for pid, w in phase.last_words.items()},
            "edits": phase.edits, "peace": phase.peace, "warnings": phase.draft_warnings,
            "notices": phase.notices, "rulings": [],
        }
        if phase.draft is not None:
            draft = phase.draft
            entry.update({
                "announcement": game.announcement_text(i),
                "original_announcement": draft["announcement"]["text"],
                "feedback": {pid: game.feedback_items(i, pid) for pid in draft["feedback"]},
                "decisions": draft["decisions"], "rejected": draft["rejected"], "trace": draft["trace"],
                "draws": draft["draws"], "deaths": draft["truth"]["deaths"],
            })
            if game.started and phase.resolved:
                actions = entries[i].get("actions", []) if len(entries) > i else []
                entry["rulings"] = [ruling_words(r, actions) for r in phase.rulings]
        phases.append(entry)
    return {
        "title": data["title"], "rules": data["rules"], "rules_title": data["rules_title"],
        "commitment": data["commitment"], "seed": data["seed"], "salt": data["salt"], "over": data["over"],
        "result": data["result"], "setup_draws": data["setup_draws"], "players": players, "phases": phases,
        "notes": data["notes"], "events": data["events"], "stage": game.stage,
    }


def message_vocabulary(game: HostedGame, pid: str) -> Vocabulary:
    """What the words of ``pid``'s private message may mean (for :func:`tianting.hosting.message.read_message`):
    every skill name of the rule set with how it is used, the game's ids in seat order, and the
    characters now played (forms, bases and aliases) with who plays them. For the judge only: a
    character name is read as the player behind it."""
    base = game.base
    roster = game.roster()
    skills: dict[str, SkillForm] = {}
    for name in roster.skill_texts:
        impl = base.skills.get(name) if base is not None else None
        if impl is None:
            skills[name] = SkillForm(name)
            continue
        rule = impl.targets
        counts = [rule.count, *rule.counts]
        skills[name] = SkillForm(name, most=max(counts), least=min(counts), args=tuple(impl.args))
    playing = ({p.id: p.character for p in base.state.players.values()} if base is not None
               else dict(game.characters))
    characters: dict[str, str] = {}
    for who, name in playing.items():
        if not name or name not in roster.characters:
            continue
        character = roster.characters[name]
        for spelling in (name, character.base, *character.aliases):
            characters.setdefault(spelling, who)
    absent = set()
    for character in roster.characters.values():
        for spelling in (character.name, character.base, *character.aliases):
            if spelling not in characters:
                absent.add(spelling)
    own: set[str] = set()
    if base is not None:
        for row in load_rules(game.rules).player_view(base, pid)["skills"]:
            own.add(row["skill"])
            targets = row.get("targets")
            if targets:  # the player's own form of the skill (烈弓: 刺殺 with two ids)
                counts = [targets.get("count", 0), *targets.get("counts", [])]
                skills[row["skill"]] = SkillForm(row["skill"], most=max(counts), least=min(counts),
                                                 args=tuple(row.get("args") or ()))
    rules = load_rules(game.rules)
    countries, identities = COUNTRY_WORDS, dict(IDENTITY_WORDS)
    if set(IDENTITY_WORDS.values()) != set(rules.identities):  # another rule set's words (the 24人 rules)
        countries = tuple(rules.countries)
        identities = {**{i: i for i in rules.identities}, "主公": "君主"}
    folded = {name_key(s): s for s in skills}
    aliases = {w: s if s in skills else folded[name_key(s)] for w, s in SKILL_WORDS.items()
               if s in skills or name_key(s) in folded}
    return Vocabulary(skills=skills, players=tuple(game.ids), characters=characters, countries=countries,
                      identities=identities, own=frozenset(own), me=pid, absent=frozenset(absent),
                      aliases=aliases, evaluations=tuple(getattr(rules, "evaluations", ())))
