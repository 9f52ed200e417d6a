"""Game scripts in, transcripts out (../shared/spec/game-script.md, version 1).

:func:`run_script` checks a whole script while it plays it: the first
invalid entry raises :class:`ScriptError` naming the phase, the entry, the
player and the reason. With ``lenient`` an invalid action or vote is left
out, listed in its phase's ``rejected``, and the game goes on.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterator
from typing import IO, Any

from tianting import judge_pack
from tianting.core import canonical, pack_edition
from tianting.core.action_set import check_phase
from tianting.core.answers import AnswerProblem, read_args
from tianting.core.decisions import DecisionBook, InvalidAnswer
from tianting.core.errors import IllegalAction, ScriptError, TiantingError
from tianting.core.forum_ids import creation_problem
from tianting.core.jsoninput import InputError, key_path, parse_json
from tianting.core.judge_post import add_judge_lines
from tianting.core.names import name_key
from tianting.core.records import Action, PhaseResult, Ruling
from tianting.core.usertext import shown
from tianting.rules import RULESETS
from tianting.rules import load as load_rules
from tianting.setup import MAX_ID, player_counts, table_refusal

SCRIPT_FORMAT = "tianting-script/1"
TRANSCRIPT_FORMAT = "tianting-transcript/1"

MAX_PHASES = 1000
"""Most phases a script may hold (500 nights and 500 days; a real game lasts a few dozen)."""
MAX_PLAYERS = 1000
"""Most entries ``players`` may list (a rule set seats far fewer: the rest is refused by its setup)."""
MAX_ENTRIES = 1000
"""Most actions, decisions, votes or rulings one phase may list."""
MAX_TEXT = 2000
"""Longest last words or ruling text, in characters (as the server accepts)."""

DEFAULT_RULES = "kk33"
"""The rule set of a script or a hosted game that names none (the first rule set built)."""


def _obj(value: Any, where: str, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ScriptError(where, f"{what}必須是JSON物件")
    return value


def _list(value: Any, where: str, what: str, limit: int | None = None, noun: str = "") -> list[Any]:
    if not isinstance(value, list):
        raise ScriptError(where, f"{what}必須是JSON陣列")
    if limit is not None and len(value) > limit:
        raise ScriptError(where, f"{noun or what}過多（最多{limit}個，現有{len(value)}個）")
    return value


def _text(value: Any, where: str, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ScriptError(where, f"{what}必須是非空字串")
    return value


class PlayerIds:
    """Player ids as typed, in either script: 子义 finds 子義 (an exact spelling always wins)."""

    def __init__(self, ids: Any) -> None:
        self.ids = set(ids)
        self._by_key: dict[str, str] = {}
        for pid in ids:
            self._by_key.setdefault(name_key(pid), pid)

    def get(self, typed: Any) -> Any:
        """The game's id for ``typed``; anything not an id comes back as it is (the checks say why)."""
        if not isinstance(typed, str) or typed in self.ids:
            return typed
        return self._by_key.get(name_key(typed), typed) if typed.strip() else typed


def _player_id(value: Any, where: str) -> str:
    """A player id: 1 to :data:`MAX_ID` characters, no control character (as the server accepts)."""
    pid = _text(value, where, "id")
    if len(pid) > MAX_ID or any(unicodedata.category(c) in ("Cc", "Zl", "Zp", "Cs") for c in pid):
        raise ScriptError(where, f"玩家ID「{shown(pid)}」無效（1至{MAX_ID}字，不能含換行等控制字元）")
    return pid


def load_script(text: str) -> dict[str, Any]:
    """Parse a script's JSON text (errors say where).

    Only JSON every later step can carry is accepted (:func:`tianting.core.jsoninput.parse_json`:
    no unpaired surrogate, no NaN, no integer of more than 100 digits, nesting at most 64 deep)."""
    try:
        data = parse_json(text, "腳本")
    except InputError as exc:
        raise ScriptError(exc.where, exc.message) from None
    return _obj(data, "", "腳本")


def _seats(data: dict[str, Any], rules: Any = None) -> list[Any]:
    """The script's ``players`` as the rule set's seats (``rules``: the rule set, else the script's own)."""
    if rules is None:
        rules = load_rules(data["rules"] if data.get("rules") in RULESETS else DEFAULT_RULES)
    country_names, identity_names = rules.country_names(), rules.identity_names()
    players = _list(data.get("players"), "players", "players", limit=MAX_PLAYERS, noun="玩家")
    if not players:
        raise ScriptError("players", "至少需要一名玩家")
    seats = []
    keys: dict[str, str] = {}
    for i, raw in enumerate(players):
        where = f"players[{i}]"
        raw = _obj(raw, where, "玩家")
        pid = _player_id(raw.get("id"), where)
        other = keys.setdefault(name_key(pid), pid)
        if other != pid:
            raise ScriptError(where, f"玩家ID「{pid}」與「{other}」只有繁簡之別，無法區分")
        country = country_names.get(raw.get("country"))
        if country is None:
            raise ScriptError(where, f"{pid}：未知的國籍「{shown(raw.get('country'))}」")
        identity = identity_names.get(raw.get("identity"))
        if identity is None:
            raise ScriptError(where, f"{pid}：未知的身份「{shown(raw.get('identity'))}」")
        character = raw.get("character")
        if not isinstance(character, str) or not character.strip():
            choices = raw.get("choices")
            hint = f"（可選：{shown('、'.join(shown(c) for c in choices[:20]), 200)}）" \
                if isinstance(choices, list) and choices else ""
            raise ScriptError(where, f"{pid}：尚未選擇角色{hint}")
        seats.append(rules.seat(pid, country, identity, character))
    return seats


def _action(raw: Any, where: str, rules_names: Any, ids: PlayerIds | None = None, rules: Any = None) -> Action:
    """One script action; ``rules_names``: the skill names, ``rules``: the rule set (KK 3.3 if None), whose
    country and identity names ``args`` may use."""
    if rules is None:
        rules = load_rules(DEFAULT_RULES)
    raw = _obj(raw, where, "行動")
    actor = _text(raw.get("actor"), where, "actor")
    if ids is not None:
        actor = ids.get(actor)
    skill = _text(raw.get("skill"), where, "skill")
    targets = raw.get("targets", [])
    if targets is None:
        targets = []
    targets = _list(targets, where, "targets", limit=MAX_ENTRIES, noun="目標")
    for t in targets:
        if not isinstance(t, str):
            raise ScriptError(where, f"{shown(actor)}：targets 必須是玩家ID字串的陣列")
    if ids is not None:
        targets = [ids.get(t) for t in targets]
    args = raw.get("args", {}) or {}
    try:  # the one reading of args (tianting.core.answers): guess as the flat keys, names in the rule set's spelling
        args = read_args(_obj(args, where, "args"), rules.country_names(), rules.identity_names(), rules_names)
    except AnswerProblem as problem:
        raise ScriptError(where, f"{shown(actor)}：{problem.message}") from None
    return Action(actor, skill, tuple(targets), args)


def run_script(data: dict[str, Any], lenient: bool = False, strict_decisions: bool = False) -> dict[str, Any]:
    """Play a parsed script, a table new to tianting (``run``); return the transcript (a JSON-ready dict).

    Its ``players`` are checked as a new table's are (:func:`tianting.core.forum_ids.creation_problem`); a hosted
    game replays its script through :func:`play_script`, without that check, so a game stored before it plays on."""
    players = data.get("players")
    if isinstance(players, list):
        ids = [p.get("id") for p in players if isinstance(p, dict)]
        if len(ids) == len(players) and all(isinstance(pid, str) for pid in ids):
            problem = creation_problem(ids)
            if problem is not None:
                raise ScriptError(f"players[{problem[0]}]", problem[1])
    return play_script(data, lenient, strict_decisions)[1]


def play_script(data: dict[str, Any], lenient: bool = False, strict_decisions: bool = False,
                resume: tuple[Any, dict[str, Any]] | None = None) -> tuple[Any, dict[str, Any]]:
    """Play a parsed script; return the game as it stands after the last phase, and the transcript.

    ``resume``: a game and the transcript of this same script's first phases played the same way (a play of
    a script whose players, seed and first phases are these), to go on from: the phases after those are played
    on that game (which changes: pass a copy, hosting/fold.py), as if the whole script were played. Neither the
    transcript given nor its phases change."""
    if data.get("format") != SCRIPT_FORMAT:
        raise ScriptError("format", f"format 必須是「{SCRIPT_FORMAT}」，而不是「{shown(data.get('format'))}」")
    rules_name = data.get("rules")
    if not isinstance(rules_name, str) or rules_name not in RULESETS:
        raise ScriptError("rules", f"未知的規則集「{shown(rules_name)}」（可用：{'、'.join(RULESETS)}）")
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ScriptError("seed", "seed 必須是整數")
    rules = load_rules(rules_name)
    order = data.get("draw_order", canonical.CANONICAL)
    if order not in canonical.DRAW_ORDERS:
        raise ScriptError("draw_order", f"draw_order 必須是{'或'.join(f'「{o}」' for o in canonical.DRAW_ORDERS)}，"
                                        f"而不是「{shown(order)}」")
    edition_refused = pack_edition.refusal(data.get(pack_edition.STATE_KEY, pack_edition.CURRENT))
    if edition_refused:
        raise ScriptError(pack_edition.STATE_KEY, edition_refused)
    if resume is None:
        game, warnings = _new_game(data, rules, seed, order, _own_pack(data, rules))
        out_phases: list[dict[str, Any]] = []
    else:
        game, out_phases, warnings = resume[0], list(resume[1]["phases"]), list(resume[1]["warnings"])
    skill_names = rules.names(game)
    ids = PlayerIds(game.state.players)
    phases = _list(data.get("phases", []), "phases", "phases", limit=MAX_PHASES, noun="階段")
    for i, raw in enumerate(phases[len(out_phases):], len(out_phases)):
        where = f"phases[{i}]"
        raw = _obj(raw, where, "階段")
        if game.state.over:
            raise ScriptError(where, "遊戲已經結束，不能再有階段")
        kind = raw.get("phase")
        expected = game.phase.value
        if kind not in ("night", "day"):
            raise ScriptError(where, f"phase 必須是「night」或「day」，而不是「{shown(kind)}」")
        if kind != expected:
            if i == 0:
                raise ScriptError(where, "遊戲開始於黑夜，第一天沒有白天：第一個階段必須是 night")
            raise ScriptError(where, f"此處應為 {expected}（夜晚與白天交替），而不是 {kind}")
        book = DecisionBook(strict=strict_decisions)
        for j, d in enumerate(_list(raw.get("decisions", []) or [], f"{where}.decisions", "decisions",
                                    limit=MAX_ENTRIES, noun="選擇")):
            d = _obj(d, f"{where}.decisions[{j}]", "選擇")
            actor = ids.get(_text(d.get("actor"), f"{where}.decisions[{j}]", "actor"))
            skill = skill_names.get(d.get("skill"))
            if skill is None:
                raise ScriptError(f"{where}.decisions[{j}]", f"{shown(actor)}：未知的技能「{shown(d.get('skill'))}」")
            if "answer" not in d:
                raise ScriptError(f"{where}.decisions[{j}]", f"{shown(actor)}：缺少 answer")
            answer = d["answer"]
            answer = [ids.get(a) for a in answer] if isinstance(answer, list) else ids.get(answer)
            book.answers.append({"actor": actor, "skill": skill, "answer": answer})
        rejected: list[dict[str, Any]] = []
        ruled: list[dict[str, Any]] = []
        resolving: dict[int, int] = {}  # each accepted entry of the phase's ``actions`` → its place among those taken
        try:
            if kind == "night":
                result = _night(game, raw, where, book, lenient, rejected, skill_names, ids, ruled, rules, resolving,
                                order)
            else:
                result = _day(game, raw, where, book, lenient, rejected, skill_names, ids, ruled, rules, resolving,
                              order)
        except InvalidAnswer as exc:
            raise ScriptError(f"{where}.decisions[{exc.index}]", exc.message) from None
        for d in book.unused():
            result.warnings.append(f"{shown(d['actor'])} 的【{d['skill']}】選擇在本階段未被用到")
        result.rejected = rejected
        add_judge_lines(result.announcement, ruled)  # ``announce``: the judge's lines in the public post
        warnings += [f"{where}: {w}" for w in result.warnings]
        uses = getattr(rules, "phase_uses", None)  # what came of each use (sg24, dingli2: R-SG18, D-A8); not KK 3.3
        out_phases.append(_phase_json(game, result, ruled, None if uses is None else sorted(uses(game, sorted(
            resolving, key=resolving.__getitem__)), key=lambda u: u["action"])))  # in the script's order
        peace = raw.get("peace")
        if peace is not None and not game.state.over:
            refused = _peace(game, _obj(peace, f"{where}.peace", "peace"), f"{where}.peace", rules)
            if refused is not None:  # a new dict: a resumed transcript's phases stay as they were
                out_phases[-1] = {**out_phases[-1], "peace_refused": refused}
                said = "议和申请未获同意（{}），本局的议和申请已用去" if rules.script == "simplified" else \
                    "議和申請未獲同意（{}），本局的議和申請已用去"
                warnings.append(f"{where}.peace: " + said.format(refused["reason"]))
    return game, {
        "format": TRANSCRIPT_FORMAT,
        "rules": rules_name,
        "seed": seed,
        "phases": out_phases,
        "result": {"over": game.state.over, "winners": list(game.state.winners), "peace": game.state.peace},
        "warnings": warnings,
    }


def _own_pack(data: dict[str, Any], rules: Any) -> Any:
    """The script's ``pack`` (a judge's own character pack, :mod:`tianting.judge_pack`) read, or None (absent: the
    bundled pack). Refused for a rule set without packs, with ``pack_edition`` 1 (a game of before had none), and
    when the pack's own loader refuses it (its message names the character, the skill and the field)."""
    if judge_pack.FIELD not in data:
        return None
    if not judge_pack.takes_packs(rules):
        raise ScriptError(judge_pack.FIELD, judge_pack.no_packs(rules))
    if data.get(pack_edition.STATE_KEY, pack_edition.CURRENT) != pack_edition.CURRENT:
        raise ScriptError(judge_pack.FIELD, "pack 不能與 pack_edition 1 並用：第1版是建立於法官角色包之前的遊戲")
    try:
        return judge_pack.read(rules, data[judge_pack.FIELD])
    except TiantingError as exc:
        raise ScriptError(judge_pack.FIELD, str(exc)) from None


def _new_game(data: dict[str, Any], rules: Any, seed: int, order: str, pack: Any = None) -> tuple[Any, list[str]]:
    """The script's game at night 1, and the transcript's first warnings (passive skills not built, seats);
    ``order``: the script's draw order (R50): the seats dealt by id unless ``listed``; ``pack``: the judge's own
    (:func:`_own_pack`), or None."""
    listed = order == canonical.LISTED
    seats = _seats(data, rules)
    if not getattr(rules, "partial_tables", False) and table_refusal(rules, len(seats)):
        raise ScriptError("players", str(table_refusal(rules, len(seats))))  # as ``setup`` says it (issue 27)
    seat_at = list(range(len(seats))) if listed else canonical.by_id(seats, lambda s: s.id)  # script index of each
    seats = [seats[i] for i in seat_at]
    if data.get("chibi") is True and "chibi" not in rules.options:
        raise ScriptError("chibi", f"赤壁之戰的角色屬於KK規則3.3版，{rules.title}沒有")
    try:
        chibi = data.get("chibi") is True  # 『角色技能·赤壁之戰』 at this table (R29): what 化身 may draw
        edition = data.get(pack_edition.STATE_KEY, pack_edition.CURRENT)
        if chibi:
            game = rules.game.create(seats, seed, chibi=True)
        elif pack is not None:
            game = rules.game.create(seats, seed, pack)  # the judge's own pack
        elif edition != pack_edition.CURRENT and hasattr(rules, "bundled_pack"):
            game = rules.game.create(seats, seed, rules.bundled_pack(edition))  # a game of before: its pack as it was
        else:
            game = rules.game.create(seats, seed)
    except rules.setup_error as exc:
        raise ScriptError(f"players[{seat_at[exc.index]}]" if exc.index is not None else "players",
                          exc.message) from None
    if listed:
        game.state.extra[canonical.STATE_KEY] = canonical.LISTED  # a game of before: its posts as they were too
    if data.get(pack_edition.STATE_KEY) == pack_edition.FIRST:
        game.state.extra[pack_edition.STATE_KEY] = pack_edition.FIRST  # a game of before: its pack as it was
    warnings: list[str] = game.passive_warnings()
    if len(seats) not in player_counts(rules):
        warnings.insert(0, f"本局只有{len(seats)}名玩家，{rules.title}為{rules.players}人局：缺席的國家視為不在場")
    return game, warnings


def _peace(game: Any, peace: dict[str, Any], where: str, rules: Any = None) -> dict[str, Any] | None:
    """A phase's ``peace``: the game ends, or (a rule set whose one application a game is spent even when a
    country refuses, ``game.peace_refusal``) the refused application is returned to be recorded."""
    if peace.get("judge") is True:
        if rules is not None and not getattr(rules, "judge_peace", True):
            raise ScriptError(where, f"{rules.title}沒有法官判定的議和：議和須由三國共同申請且都同意"
                                     "（peace 須為 {\"proposer\": ID, \"agreed\": [ID…]}）")
        game.declare_peace("經法官判定剩餘的國家均無法令其餘國家滅國")
        return None
    proposer = peace.get("proposer")
    agreed = peace.get("agreed", [])
    if not isinstance(proposer, str) or not isinstance(agreed, list) or not all(isinstance(a, str) for a in agreed):
        raise ScriptError(where, "peace 須為 {\"judge\": true} 或 {\"proposer\": 君主ID, \"agreed\": [ID…]}")
    problem = game.peace_agreed(proposer, agreed)
    if problem:
        refused = getattr(game, "peace_refusal", lambda: None)()
        if refused is not None:
            return {k: refused[k] for k in ("proposer", "agreed", "reason")}
        raise ScriptError(where, f"議和未達成：{problem}")
    game.declare_peace(f"{proposer} 發起議和，全體成員同意")
    return None


def _reject(lenient: bool, rejected: list[dict[str, Any]], where: str, entry: Any, exc: TiantingError) -> None:
    message = getattr(exc, "message", str(exc))
    if not lenient:
        raise ScriptError(where, message) from None
    rejected.append({"where": where, "entry": entry, "message": message})


def _rulings(game: Any, raw: dict[str, Any], where: str, ids: PlayerIds, resolving: dict[int, int] | None,
             actions: int, ruled: list[dict[str, Any]], by_day: bool = False, rules: Any = None) -> list[Ruling]:
    """The phase's ``rulings``, checked: the engine's records (an action counted among those that
    resolve) and, in ``ruled``, the transcript's (the script's own numbering, the game's ids).
    ``by_day``: a day, whose votes may be voided and whose actions (by day) too."""
    rules = rules or load_rules(game.rules)
    known = rules.ruling_effects()
    targetless = getattr(rules, "targetless_effects", ())
    text_effects = getattr(rules, "text_effects", ("tell",))
    out: list[Ruling] = []
    for j, entry in enumerate(_list(raw.get("rulings", []) or [], f"{where}.rulings", "rulings",
                                    limit=MAX_ENTRIES, noun="裁定")):
        spot = f"{where}.rulings[{j}]"
        entry = _obj(entry, spot, "裁定")
        effect = entry.get("effect")
        if not isinstance(effect, str) or effect not in known:
            raise ScriptError(spot, f"未知的裁定「{shown(effect)}」（可用：{'、'.join(known)}）")
        why = entry.get("why", "")
        if why is None:
            why = ""
        if not isinstance(why, str):
            raise ScriptError(spot, "why 必須是字串")
        if len(why) > MAX_TEXT:
            raise ScriptError(spot, f"why 過長（最多{MAX_TEXT}字，現有{len(why)}字）")
        record: dict[str, Any] = {"effect": effect}
        target = voter = index = text = None
        for key in PLAYER_FIELDS:  # a list or an object where an id belongs is refused here, naming the field
            value = entry.get(key)
            if value is not None and not isinstance(value, str):
                raise ScriptError(f"{spot}.{key}", f"{key} 必須是玩家ID字串，而不是{_json_kind(value)}")
        if effect == "void" and "voter" in entry:
            voter = ids.get(entry.get("voter"))
            if not by_day:
                raise ScriptError(spot, "夜晚沒有投票可以作廢：請以 action 指明行動")
            if voter not in game.state.players:
                raise ScriptError(spot, f"未知的玩家「{shown(entry.get('voter'))}」")
            record["voter"] = voter
            if entry.get("text") not in (None, ""):  # the public reason, posted on the 票面 (core/ballot.py)
                text = _text(entry.get("text"), spot, "text").strip()
                if len(text) > MAX_TEXT:
                    raise ScriptError(spot, f"text 過長（最多{MAX_TEXT}字，現有{len(text)}字）")
                record["text"] = text
        elif effect == "void":
            n = entry.get("action")
            if not isinstance(n, int) or isinstance(n, bool):
                raise ScriptError(spot, "void 須以 action 指明本階段的第幾個行動（從0數起）")
            if resolving is None:
                raise ScriptError(spot, "白天的行動不經結算，無從作廢：作廢投票請用 voter")
            if not 0 <= n < actions:
                raise ScriptError(spot, f"本階段沒有第{n}個行動（共{actions}個，從0數起）")
            if n not in resolving:
                raise ScriptError(spot, f"第{n}個行動已被退回，不會結算，無需作廢")
            index = resolving[n]
            record["action"] = n
        elif effect in targetless:  # the ruling names nobody (三足鼎立) or its ids in ``text`` (拼點)
            if entry.get("target") is not None:
                raise ScriptError(spot, f"{effect} 不指明 target（{TARGETLESS_HINT.get(effect, '此裁定沒有對象')}）")
        else:
            target = ids.get(entry.get("target"))
            if target not in game.state.players:
                raise ScriptError(spot, f"未知的玩家「{shown(entry.get('target'))}」")
            record["target"] = target
        if effect in text_effects:
            text = _ruling_text(effect, entry.get("text"), spot, ids, game, rules)
            if text is not None:
                record["text"] = text
        owner, active = None, False
        if effect == "hidden_vote" and entry.get("owner") is not None:  # 暗票: who casts it (optional)
            owner = ids.get(entry.get("owner"))
            if owner not in game.state.players:
                raise ScriptError(spot, f"未知的玩家「{shown(entry.get('owner'))}」")
            record["owner"] = owner
        if effect == "contest" and entry.get("owner") is not None:  # 拼點: 「南斗先設定……若為奇數，為哪名角色勝利」
            owner = ids.get(entry.get("owner"))
            named = str(record.get("text") or "").split("、")
            if len(named) != 2 or owner not in named:
                raise ScriptError(spot, "拼點的 owner（兩數之和為奇數時的勝者）須為兩名拼點玩家之一")
            record["owner"] = owner
        if effect == "defend":  # the 24人 rules: a defence the judge finds in play (who holds it, active?)
            owner = ids.get(entry.get("owner", target))
            if owner not in game.state.players:
                raise ScriptError(spot, f"未知的玩家「{shown(entry.get('owner'))}」")
            active = entry.get("active", False)
            if not isinstance(active, bool):
                raise ScriptError(spot, "active 必須是 true 或 false")
            skill = entry.get("skill")
            if skill is not None:
                text = _text(skill, spot, "skill")[:MAX_TEXT]
                record["skill"] = text
            record.update({"owner": owner, "active": active})
        if why:
            record["why"] = why
        out.append(Ruling(effect, target, index, voter, text, why, owner, active))
        ruled.append(record)
    for j, message in rules.check_rulings(game, out):
        raise ScriptError(f"{where}.rulings[{j}]", message)
    return out


PLAYER_FIELDS = ("target", "voter", "owner")
"""The fields of a ruling that name a player: a string or absent (``null``)."""


def _json_kind(value: Any) -> str:
    """What a JSON value is, in words (for a field of the wrong type)."""
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "數字"
    if isinstance(value, list):
        return "陣列"
    if isinstance(value, dict):
        return "物件"
    return "字串" if isinstance(value, str) else "null"


TARGETLESS_HINT = {"formation": "三足鼎立格局達成是全局的裁定", "contest": "拼點的玩家以 text 列出，用「、」分隔",
                   "announce": "公告的文字寫在 text，對所有玩家公布"}
"""Why a targetless ruling names no ``target`` (the message of a script that gives one)."""


def _ruling_text(effect: str, value: Any, spot: str, ids: PlayerIds, game: Any, rules: Any) -> str | None:
    """The ``text`` of a ruling whose rule set reads it (``RULESET.text_effects``), checked and in the game's
    names: ``tell``'s words; 鼎立三分2.0's ``join`` (the country joined by 聯盟), ``contest`` (the ids of a 拼點,
    joined by 「、」) and ``hidden_vote`` (the skill granting the 暗票: optional)."""
    if effect == "hidden_vote" and value is None:
        return None
    text = _text(value, spot, "text")
    if len(text) > MAX_TEXT:
        raise ScriptError(spot, f"text 過長（最多{MAX_TEXT}字，現有{len(text)}字）")
    if effect == "join":
        country = rules.country_names().get(text.strip())
        if country is None or country not in rules.countries:
            raise ScriptError(spot, f"聯盟入國的 text 須為一個國家（{'、'.join(rules.countries)}），而不是「{shown(text)}」")
        return str(country)
    if effect == "contest":
        named = [ids.get(t.strip()) for t in text.split("、") if t.strip()]
        for pid in named:
            if pid not in game.state.players:
                raise ScriptError(spot, f"拼點的玩家「{shown(pid)}」不是本局的ID")
            if not game.state.player(pid).alive:
                raise ScriptError(spot, f"拼點的玩家「{shown(pid)}」已退出遊戲")
        if len(set(named)) != len(named):
            raise ScriptError(spot, "拼點的玩家不能重複")
        if len(named) < 2:
            raise ScriptError(spot, "拼點須有兩名或以上的玩家（text：ID以「、」分隔）")
        return "、".join(named)
    return text


def _night(game: Any, raw: dict[str, Any], where: str, book: DecisionBook, lenient: bool,
           rejected: list[dict[str, Any]], skill_names: Any, ids: PlayerIds | None = None,
           ruled: list[dict[str, Any]] | None = None, rules: Any = None,
           taken: dict[int, int] | None = None, order: str = canonical.CANONICAL) -> PhaseResult:
    """Resolve a night phase of the script; ``taken`` (if given) receives :func:`_checked_actions`'s map of the
    accepted entries (the transcript's ``uses`` number them by the script's ``actions``); ``order``: the draw
    order (:mod:`tianting.core.canonical`), in which the actions and rulings reach the rule set."""
    ids = ids or PlayerIds(game.state.players)
    if raw.get("votes"):
        raise ScriptError(f"{where}.votes", "夜晚沒有投票")
    accepted, resolving, entries = _checked_actions(game, raw, where, lenient, rejected, skill_names, ids, rules,
                                                    order)
    if taken is not None:
        taken.update(resolving)
    judged = _rulings(game, raw, where, ids, resolving, len(entries), [] if ruled is None else ruled, rules=rules)
    if order == canonical.CANONICAL:
        judged = canonical.rulings_in_order(judged)
    words = {ids.get(pid): text for pid, text in
             _obj(raw.get("last_words", {}) or {}, f"{where}.last_words", "last_words").items()}
    for pid, text in words.items():
        if pid not in game.state.players:
            raise ScriptError(f"{where}.last_words", f"未知的玩家「{shown(pid)}」")
        if not isinstance(text, str):
            raise ScriptError(f"{where}.last_words", f"{pid} 的遺言必須是字串")
        if len(text) > MAX_TEXT:
            raise ScriptError(f"{where}.last_words", f"{pid} 的遺言過長（最多{MAX_TEXT}字，現有{len(text)}字）")
    inputs = {name: _phase_input(name, raw.get(name), f"{where}.{name}", ids, game, rules)
              for name in getattr(rules, "night_inputs", ()) if raw.get(name) is not None}
    return game.resolve_night(accepted, book, words, judged, **inputs)


def _day(game: Any, raw: dict[str, Any], where: str, book: DecisionBook, lenient: bool,
         rejected: list[dict[str, Any]], skill_names: Any, ids: PlayerIds | None = None,
         ruled: list[dict[str, Any]] | None = None, rules: Any = None,
         taken: dict[int, int] | None = None, order: str = canonical.CANONICAL) -> PhaseResult:
    """Resolve a day phase of the script; ``taken``, ``order``: as :func:`_night`'s (votes by voter too)."""
    ids = ids or PlayerIds(game.state.players)
    if raw.get("last_words"):
        raise ScriptError(f"{where}.last_words", "因投票而死亡出局的ID不能留下遺言")
    # Actions by day (「可以於白天使用」, 奇襲): checked like a night's, resolved with the vote.
    accepted, resolving, entries = _checked_actions(game, raw, where, lenient, rejected, skill_names, ids, rules,
                                                    order)
    if taken is not None:
        taken.update(resolving)
    votes: dict[str, str] = {}
    ballot = _obj(raw.get("votes", {}) or {}, f"{where}.votes", "votes")
    if len(ballot) > MAX_ENTRIES:
        raise ScriptError(f"{where}.votes", f"投票過多（最多{MAX_ENTRIES}個，現有{len(ballot)}個）")
    for voter, target in ballot.items():
        spot = key_path(f"{where}.votes", voter)
        voter, target = ids.get(voter), ids.get(target)
        try:
            if not isinstance(target, str):
                raise IllegalAction(f"{shown(voter)} 的投票對象必須是玩家ID", "bad-vote")
            game.check_vote(voter, target)
        except IllegalAction as exc:
            _reject(lenient, rejected, spot, {voter: target}, exc)
            continue
        votes[voter] = target
    judged = _rulings(game, raw, where, ids, resolving, len(entries), [] if ruled is None else ruled, by_day=True,
                      rules=rules)
    if order == canonical.CANONICAL:
        votes, judged = canonical.votes_in_order(votes), canonical.rulings_in_order(judged)
    inputs = {name: _phase_input(name, raw.get(name), f"{where}.{name}", ids, game, rules)
              for name in (rules.day_inputs if rules is not None else ()) if raw.get(name) is not None}
    return game.resolve_day(votes, book, judged, accepted, **inputs)


def _checked_actions(game: Any, raw: dict[str, Any], where: str, lenient: bool, rejected: list[dict[str, Any]],
                     skill_names: Any, ids: PlayerIds, rules: Any, order: str = canonical.CANONICAL
                     ) -> tuple[list[Action], dict[int, int], list[Any]]:
    """A phase's ``actions``, checked: the accepted actions, each accepted entry's index → its index among them, and
    the entries (a refused one: :func:`_reject`). Under the draw order ``order`` canonical, the actions are checked
    as a set (:func:`tianting.core.action_set.check_set`: a grant counts wherever it is listed; a strict run reports
    the refusal first in the canonical order, a lenient one lists every refusal in the script's order) and resolve
    by actor, skill, targets; under ``listed`` (a game created before), each is checked against those accepted
    before it, as such a game was played."""
    entries = _list(raw.get("actions", []) or [], f"{where}.actions", "actions", limit=MAX_ENTRIES, noun="行動")
    read = [_action(entry, f"{where}.actions[{j}]", skill_names, ids, rules) for j, entry in enumerate(entries)]
    checked = check_phase(read, game.check_action, order, _breaks(rules))
    first = checked.first_refusal()
    if first is not None and not lenient:
        _reject(lenient, rejected, f"{where}.actions[{first[0]}]", entries[first[0]], first[1])
    accepted: list[Action] = []
    resolving: dict[int, int] = {}
    for j, action in enumerate(read):
        if j in checked.refused:
            _reject(lenient, rejected, f"{where}.actions[{j}]", entries[j], checked.refused[j])
            continue
        resolving[j] = len(accepted)
        accepted.append(action)
    if order == canonical.LISTED:
        return accepted, resolving, entries
    accepted, resolving = canonical.actions_in_order(accepted, resolving, _breaks(rules))
    return accepted, resolving, entries


def resolution_order(game: Any, entries: list[Any], taken: list[int], where: str, order: str = canonical.CANONICAL,
                     rules: Any = None) -> list[int]:
    """The indices ``taken`` of a phase's script ``entries`` (those accepted, in the script's order) in the order the
    runner handed their actions to the rule set (:func:`_checked_actions`): the script's under ``listed``, else the
    canonical order of the actions as read. For a reader of the game's record of the phase's uses (kk33's
    ``judge_uses``), whose k-th use is the k-th action resolved."""
    if order == canonical.LISTED:
        return list(taken)
    rules = rules or load_rules(game.rules)
    skill_names, ids = rules.names(game), PlayerIds(game.state.players)
    read = [_action(entries[j], f"{where}.actions[{j}]", skill_names, ids, rules) for j in taken]
    return [taken[k] for k in canonical.action_order(read, _breaks(rules))]


def _breaks(rules: Any) -> tuple[str, ...]:
    """``RULESET.successor_breaks``: the actions after which an id's later actions that night are its successor's
    (鼎立三分2.0's 自杀), kept on their side of it in the canonical order."""
    return tuple(getattr(rules, "successor_breaks", ()))


def _digit(value: Any, where: str, pid: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 9:
        raise ScriptError(where, f"{pid} 的數字必須是0至9的整數，而不是「{shown(value)}」")
    return value


def _phase_input(name: str, value: Any, where: str, ids: PlayerIds, game: Any, rules: Any = None) -> Any:
    """A rule set's own phase field (``RULESET.day_inputs``, ``RULESET.night_inputs``), checked: ``digits`` maps
    ids to 0–9 (game-script.md, "The other two rule sets"). Where the rule set has 拼點 (a ``contest`` ruling), a
    player's entry may instead map each opponent's id to a digit (「一名角色需要與多名角色拼點時，需要分別提交
    拼點的數字」)."""
    if name != "digits":
        raise ScriptError(where, f"未知的欄位「{name}」")
    per_opponent = rules is not None and "contest" in rules.ruling_effects()
    digits: dict[str, Any] = {}
    table = _obj(value, where, "digits")
    if len(table) > MAX_ENTRIES:
        raise ScriptError(where, f"數字過多（最多{MAX_ENTRIES}個，現有{len(table)}個）")
    for typed, digit in table.items():
        pid = ids.get(typed)
        spot = key_path(where, typed)
        if pid not in game.state.players:
            raise ScriptError(spot, f"未知的玩家「{shown(typed)}」")
        if per_opponent and isinstance(digit, dict):
            if len(digit) > MAX_ENTRIES:
                raise ScriptError(spot, f"數字過多（最多{MAX_ENTRIES}個，現有{len(digit)}個）")
            mine: dict[str, int] = {}
            for typed_other, d in digit.items():
                other = ids.get(typed_other)
                there = key_path(spot, typed_other)
                if other not in game.state.players:
                    raise ScriptError(there, f"未知的玩家「{shown(typed_other)}」")
                if other == pid:
                    raise ScriptError(there, f"{pid} 不能與自己拼點")
                mine[other] = _digit(d, there, f"{pid} 對 {other}")
            digits[pid] = mine
            continue
        if per_opponent and not (isinstance(digit, int) and not isinstance(digit, bool) and 0 <= digit <= 9):
            raise ScriptError(spot, f"{pid} 的數字必須是0至9的整數，或以拼點對手的ID為鍵的物件"
                                    f"（{{\"對手ID\": 3}}），而不是「{shown(digit)}」")
        digits[pid] = _digit(digit, spot, pid)
    return digits


def _phase_json(game: Any, result: PhaseResult, ruled: list[dict[str, Any]] | None = None,
                uses: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A phase of the transcript; ``uses``: each action with what came of it, for a rule set that records it
    (absent otherwise, so KK 3.3's transcript keeps its bytes)."""
    out = {
        "phase": result.phase,
        "number": result.number,
        "announcement": result.announcement,
        "feedback": {pid: [f.as_json() for f in items] for pid, items in result.feedback.items()},
        "decisions": [d.as_json() for d in result.decisions],
        "rejected": result.rejected,
        "truth": {"deaths": [d.as_json() for d in result.deaths], "players": game.truth_players()},
        "trace": result.trace,
        "draws": result.draws,
    }
    if uses is not None:
        out["uses"] = uses  # the judge's record, as ``truth`` and ``trace``: what came of each action
    if ruled:
        out["rulings"] = ruled  # the judge's rulings, as given (absent when there were none)
    return out


def _dumped(value: Any, indent: str) -> str:
    return json.dumps(value, ensure_ascii=False, indent=1).replace("\n", "\n" + indent)


def iter_transcript(transcript: dict[str, Any]) -> Iterator[str]:
    """The transcript's canonical text in pieces, one phase at a time (a long game is never one
    string in memory): exactly the bytes of ``json.dumps(transcript, ensure_ascii=False, indent=1)``
    and a final newline. (JSON escapes every line break inside a string, so indenting the lines of
    a piece indents the piece.)"""
    yield "{"
    for n, (key, value) in enumerate(transcript.items()):
        yield ("," if n else "") + "\n " + json.dumps(key, ensure_ascii=False) + ": "
        if key == "phases" and isinstance(value, list) and value:
            yield "["
            for m, phase in enumerate(value):
                yield ("," if m else "") + "\n  " + _dumped(phase, "  ")
            yield "\n ]"
        else:
            yield _dumped(value, " ")
    yield "\n}\n" if transcript else "}\n"


def write_transcript(transcript: dict[str, Any], out: IO[str]) -> None:
    """Write :func:`dump_transcript`'s text to ``out``, a phase at a time."""
    for piece in iter_transcript(transcript):
        out.write(piece)


def dump_transcript(transcript: dict[str, Any]) -> str:
    """The transcript's canonical text: the same game gives the same bytes."""
    return "".join(iter_transcript(transcript))
