"""One conformance test over every registered rule set (issue 30, item 5), as OpenSpiel's ``api_test``.

Parametrised by the registry itself (``tianting.rules.RULESETS`` when the module is collected), so a rule set
registered later cannot opt out, and by a toy fourth rule set (tests/data/toy_ruleset: the 24人 engine with a
12-character pack), registered for this module only. Every check goes through the public layers — the game
script (``tianting run``/``setup``, :func:`tianting.script.run_script`), the hosted game's events and fold, the
rule set's views and declarations — never a rule set's private parts; the bots are tests/conformance.py's, which
read only what a player is shown. Checked, for each rule set:

1. random legal games end (a winner, or none as the rules say, or peace) within the phase cap, every input the
   bots sent accepted by the strict script runner;
2. the same script replays to byte-identical transcripts (in process and through the CLI), and a whole hosted
   game's export verifies;
3. views leak nothing, by paired comparison: two games that differ only in what a player may not see (two other
   players' seats swapped; another player's night list or vote while the phase is open; the judge's private
   word to another player) give that player the same view;
4. every input the rule set declares (each active skill's targets and arguments, votes, the decisions its
   games ask, the judge's ruling effects, the phase inputs such as ``digits``) is accepted when legal and
   refused with a Chinese message, nothing changed, when not: generated from the declarations.

``-m slow`` plays more seeds.
"""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from tests import conformance
from tests.conformance import add, candidate, random_script
from tianting.cli import main
from tianting.core.errors import IllegalAction, ScriptError, TiantingError
from tianting.core.records import Action
from tianting.hosting import events as ev
from tianting.hosting import fold
from tianting.hosting.game import Refused
from tianting.hosting.verify import verify_export
from tianting.rules import RULESETS, load, register, unregister
from tianting.script import dump_transcript, play_script, run_script

TOY = "toy"
TOY_DIR = Path(__file__).parent / "data" / "toy_ruleset"
NAMES = (*RULESETS, TOY)
"""Every rule set registered when this module is collected, and the toy."""
SEEDS = (1, 2, 3)
SLOW_SEEDS = tuple(range(10, 40))
MAX_PHASES = 100
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(scope="module", autouse=True)
def toy_registered():
    """The toy rule set in the registry for this module's tests only (every layer reads the registry)."""
    register(TOY, "tests.data.toy_ruleset")
    yield
    unregister(TOY)


def chinese(exc: BaseException) -> str:
    message = getattr(exc, "message", None) or str(exc)
    assert CJK.search(message), f"not a Chinese message: {message!r}"
    return message


# ---- 1. random legal games end -------------------------------------------------------------------------
def check_game(name: str, seed: int) -> None:
    rules = load(name)
    script, played = random_script(rules, seed, MAX_PHASES)
    transcript = run_script(script)  # strict: any input the bots sent that the runner refuses raises
    assert all(phase["rejected"] == [] for phase in transcript["phases"])
    result = transcript["result"]
    assert result["over"], f"{name} seed {seed}: no end in {MAX_PHASES} phases"
    ids = {p["id"] for p in script["players"]}
    sides = {*rules.countries, rules.others, *rules.victory_markers}
    assert result["peace"] or all(w in sides or w in ids for w in result["winners"]), result
    assert transcript == played.transcript  # the fold's play, phase by phase, is the runner's


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", NAMES)
def test_random_legal_games_end(name, seed):
    check_game(name, seed)


@pytest.mark.slow
@pytest.mark.parametrize("seed", SLOW_SEEDS)
@pytest.mark.parametrize("name", NAMES)
def test_random_legal_games_end_slow(name, seed):
    check_game(name, seed)


# ---- 2. replays are identical; a hosted game verifies ---------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_setup_and_run_through_the_cli_replay_byte_for_byte(name, tmp_path, capsys):
    """``tianting setup`` deals a table; a game on it, run twice by ``tianting run``, gives the same bytes,
    those of :func:`run_script`."""
    rules = load(name)
    (tmp_path / "ids.txt").write_text("".join(f"玩家{n:02d}\n" for n in range(1, rules.players + 1)), "utf-8")
    assert main(["setup", "--rules", name, "--ids", str(tmp_path / "ids.txt"), "--seed", "7",
                 "--out", str(tmp_path / "setup.json")]) == 0
    start = json.loads((tmp_path / "setup.json").read_text("utf-8"))
    dealt = all(p.get("character") for p in start["players"])
    assert dealt is not rules.character_choice  # chosen by the players, or dealt by the rules
    seats = [{k: p[k] for k in ("id", "country", "identity", "character")} for p in start["players"]] if dealt else None
    script, _ = random_script(rules, 7, 12, seats)
    (tmp_path / "game.json").write_text(json.dumps(script, ensure_ascii=False), "utf-8")
    outs = []
    for n in (1, 2):
        assert main(["run", str(tmp_path / "game.json"), "--out", str(tmp_path / f"t{n}.json")]) == 0
        outs.append((tmp_path / f"t{n}.json").read_text("utf-8"))
    capsys.readouterr()
    assert outs[0] == outs[1] == dump_transcript(run_script(copy.deepcopy(script)))


@pytest.mark.parametrize("name", NAMES)
def test_a_whole_hosted_game_replays_and_its_export_verifies(name):
    game = conformance.play_hosted(load(name), 5, MAX_PHASES)
    assert game.over
    transcript = run_script(game.script(), lenient=True)
    for (index, phase), replayed in zip(game.published(), transcript["phases"], strict=True):
        assert phase.draft == replayed, f"phase {index}"
    verdict = verify_export(json.loads(json.dumps(game.export(reveal=True), ensure_ascii=False)))
    assert verdict.ok, verdict.failures


# ---- 3. views leak nothing: paired comparison ------------------------------------------------------------
def shown_to(view: Any) -> str:
    return json.dumps(view, ensure_ascii=False, sort_keys=True)


def views_at_start(name: str, players: list[dict[str, Any]], seed: int, view: Any) -> tuple[Any, dict[str, str]]:
    game, _ = play_script({"format": "tianting-script/1", "rules": name, "seed": seed, "players": players,
                           "phases": []})
    return game, {p["id"]: shown_to(view(game, p["id"])) for p in players}


def swapped(players: list[dict[str, Any]], a: str, b: str) -> list[dict[str, Any]]:
    """The table with the seats (country, identity, character) of ids ``a`` and ``b`` exchanged."""
    seat = {p["id"]: {k: v for k, v in p.items() if k != "id"} for p in players}
    return [{"id": p["id"], **seat[{a: b, b: a}.get(p["id"], p["id"])]} for p in players]


def seat_leaks(name: str, view: Any, seed: int = 11, swaps: int = 6) -> tuple[int, list[str]]:
    """Swap two random other players' seats ``swaps`` times: (how many views were compared, who saw a swap).
    A player who knows one of the two (the rules tell a country's killers each other) is not compared."""
    rules, bot = load(name), random.Random(seed)
    players = conformance.table(rules, bot)
    game, before = views_at_start(name, players, seed, view)
    compared, leaks = 0, []
    for _ in range(swaps):
        a, b = bot.sample([p["id"] for p in players], 2)
        other, after = views_at_start(name, swapped(players, a, b), seed, view)
        assert after[a] != before[a] or after[b] != before[b], "the swap changed nothing at all"
        for pid in before:
            if pid in (a, b) or {a, b} & (set(game.state.player(pid).known) | set(other.state.player(pid).known)):
                continue
            compared += 1
            if after[pid] != before[pid]:
                leaks.append(f"{pid} sees the seats of {a} and {b}")
    return compared, leaks


@pytest.mark.parametrize("name", NAMES)
def test_two_other_players_seats_swapped_leave_a_players_view_as_it_was(name):
    """Who sits where is hidden: swapping two other players' seats (country, identity, character) changes
    nothing a player sees, unless the rules let him know one of them."""
    rules = load(name)
    compared, leaks = seat_leaks(name, rules.player_view)
    assert leaks == [] and compared > rules.players


def test_the_seat_comparison_catches_a_leak():
    """Not vacuous: a view that shows one other player's character is caught."""
    rules = load("sg24")

    def leaky(game: Any, pid: str) -> dict[str, Any]:
        ids = sorted(game.state.players)
        neighbour = ids[(ids.index(pid) + 1) % len(ids)]
        return {**rules.player_view(game, pid), "neighbour": game.state.player(neighbour).character}

    assert seat_leaks("sg24", leaky)[1]


def one_legal_action(rules: Any, game: Any, bot: random.Random) -> tuple[str, dict[str, Any]]:
    """Some player's accepted action tonight (as a hosted list's entry), from the declared forms."""
    for player in sorted(game.state.living(), key=lambda p: p.id):
        for row in conformance.active_rows(rules, game, player.id):
            for _ in range(8):
                action = candidate(bot, rules, game, player.id, row)
                try:
                    game.check_action(action, [])
                except IllegalAction:
                    continue
                return player.id, {k: v for k, v in action.as_json().items() if k != "actor"}
    raise AssertionError("nobody can act on night 1")


@pytest.mark.parametrize("name", NAMES)
def test_another_players_night_list_and_vote_are_not_seen_until_published(name):
    """What one player sends (a night's list, a day's vote) is his and the judge's until the phase is
    published: every other player's view of the open phase, and of its draft, is the same whatever he sent."""
    rules = load(name)
    pair = [conformance.hosted(rules, 21), conformance.hosted(rules, 21)]
    others = [p for p in pair[0].participants()]
    actor, entry = one_legal_action(rules, pair[0].base, random.Random(21))
    for game, actions in zip(pair, ([], [entry]), strict=True):
        add(game, ev.SUBMIT, actor, {"actions": actions})
    check_pair(pair, actor, others, sensitive=True)
    for game in pair:
        add(game, ev.RESOLVE, ev.JUDGE, {"phase": 0})
    check_pair(pair, actor, others)
    # the same night for both, then a day where the actor's vote differs
    pair = [conformance.play_hosted(rules, 22, MAX_PHASES, lambda g: g.current.kind == "day") for _ in range(2)]
    if pair[0].over:
        pytest.skip("the game ended on its first night")
    voter = pair[0].base.voters()[0].id
    targets = [p.id for p in pair[0].base.state.living() if p.id != voter][:2]
    for game, target in zip(pair, targets, strict=True):
        add(game, ev.VOTE, voter, {"target": target})
    check_pair(pair, voter, pair[0].participants())
    for game in pair:
        add(game, ev.RESOLVE, ev.JUDGE, {"phase": len(game.phases) - 1})
    check_pair(pair, voter, pair[0].participants())


def check_pair(pair: list[Any], actor: str, ids: list[str], sensitive: bool = False) -> None:
    for pid in ids:
        if pid != actor:
            assert shown_to(pair[0].player_view(pid)) == shown_to(pair[1].player_view(pid)), f"{pid} sees {actor}'s"
    if sensitive:  # the probe can see a difference: the actor's own view shows his list
        assert shown_to(pair[0].player_view(actor)) != shown_to(pair[1].player_view(actor))


@pytest.mark.parametrize("name", NAMES)
def test_the_judges_private_word_to_one_player_is_seen_by_him_alone(name):
    """A ``tell`` ruling (the judge tells one player something privately) changes that player's view and no
    other's."""
    rules = load(name)
    if "tell" not in rules.ruling_effects():
        pytest.skip(f"{name} has no private ruling")
    script, played = random_script(rules, 31, 3)
    living = [p.id for p in played.game.state.living()]
    target = living[len(living) // 2]
    told = copy.deepcopy(script)
    told["phases"][-1]["rulings"] = [{"effect": "tell", "target": target, "text": "天庭私下告知的一句话"}]
    games = [play_script(s)[0] for s in (script, told)]
    for pid in played.game.state.players:
        views = [shown_to(rules.player_view(g, pid)) for g in games]
        assert (views[0] != views[1]) is (pid == target), pid


# ---- 4. every declared input: accepted when legal, refused (Chinese, nothing changed) when not -------------
NO_ID = "无此人"
NO_VALUE = "不存在的选项"


def state_of(game: Any) -> tuple[Any, ...]:
    """Everything of a hosted game a refused event could have changed."""
    return game.seq, shown_to(game.script()), repr(vars(game.current)), game.stage


def refused(game: Any, kind: str, actor: str, payload: dict[str, Any]) -> str:
    """The event is refused with a Chinese message and the game is as it was."""
    before = state_of(game)
    with pytest.raises(Refused) as info:
        add(game, kind, actor, payload)
    assert state_of(game) == before
    return chinese(info.value)


def entry_of(action: Any) -> dict[str, Any]:
    return {k: v for k, v in action.as_json().items() if k != "actor"}


def ruled_out(bot: random.Random, rules: Any, game: Any, pid: str, row: dict[str, Any]) -> list[dict[str, Any]]:
    """Uses of the skill ``row`` that its declaration rules out: more ids than it takes (unless the judge rules
    the skill's uses: ``judge_ruled``, ruling R-SG23-conform), an id not on the table, each argument (alone) with
    a value outside its vocabulary."""
    action = entry_of(candidate(bot, rules, game, pid, row))
    form = row["targets"]
    most = max(form.get("counts") or [form["count"]])
    ids = sorted(game.state.players)
    out = [{**action, "targets": [*ids[: most + 1]]}] if len(ids) > most and not row.get("judge_ruled") else []
    out.append({**action, "targets": [*action["targets"][:-1], NO_ID] if action["targets"] else [NO_ID]})
    out += [{**action, "args": {key: NO_VALUE}} for key in row.get("args", ())]  # (some are alternatives)
    return out


@pytest.mark.parametrize("name", NAMES)
def test_every_declared_action_form_is_accepted_when_legal_and_refused_when_not(name):
    """Each player's declared active skills, used with random targets and arguments from their forms: a
    hosted submission is accepted exactly when the game's ``check_action`` accepts it, else refused with a
    Chinese message and nothing changed; forms the declaration rules out, and a skill nobody has, are refused."""
    rules = load(name)
    game, bot = conformance.hosted(rules, 41), random.Random(41)
    base, counts = game.base, {True: 0, False: 0}
    for pid in game.participants():
        refused(game, ev.SUBMIT, pid, {"actions": [{"skill": "不存在的技能", "targets": []}]})
        for row in conformance.active_rows(rules, base, pid):
            assert set(row.get("args", ())) <= set(conformance.ARGS), f"{row['skill']}: an argument no one can fill"
            for _ in range(3):
                action = candidate(bot, rules, base, pid, row)
                try:
                    base.check_action(action, [])
                    legal = True
                except IllegalAction as exc:
                    chinese(exc)
                    legal = False
                counts[legal] += 1
                if not legal:
                    refused(game, ev.SUBMIT, pid, {"actions": [entry_of(action)]})
                    continue
                add(game, ev.SUBMIT, pid, {"actions": [entry_of(action)]})
                assert len(game.current.submissions[pid]) == 1
                try:
                    add(game, ev.SUBMIT, pid, {"actions": []})  # taken back
                except Refused:  # a list that takes effect at once (自杀 「即时生效」) cannot be: refused cleanly
                    refused(game, ev.SUBMIT, pid, {"actions": []})
                    game = conformance.hosted(rules, 41)  # the same game, nothing submitted
                    break
            for bad in ruled_out(bot, rules, base, pid, row):
                refused(game, ev.SUBMIT, pid, {"actions": [bad]})
            if row["targets"].get("count") or row["targets"].get("counts"):  # an id not at the table: never legal
                stranger = Action(pid, row["skill"], ("不在本局的人",), {})
                with pytest.raises(IllegalAction) as exc:
                    base.check_action(stranger, [])
                chinese(exc.value)
                counts[False] += 1
    assert counts[True] and counts[False], counts
    refused(game, ev.VOTE, game.participants()[0], {"target": game.participants()[1]})  # no vote by night


@pytest.mark.parametrize("name", NAMES)
def test_every_vote_is_accepted_when_legal_and_refused_when_not(name):
    """By day every voter's vote for each id is accepted exactly when ``check_vote`` accepts it; a vote for
    no id, or by one who may not vote, is refused."""
    rules = load(name)
    game = conformance.play_hosted(rules, 42, MAX_PHASES, lambda g: g.current.kind == "day")
    assert not game.over
    base = game.base
    voters = [v.id for v in base.voters()]
    ids = sorted(base.state.players)
    for voter in voters[:5]:
        for target in [*random.Random(voter).sample(ids, 4), voter]:
            try:
                base.check_vote(voter, target)
                legal = True
            except IllegalAction as exc:
                chinese(exc)
                legal = False
            if legal:
                add(game, ev.VOTE, voter, {"target": target})
                assert game.current.votes[voter] == target
            else:
                refused(game, ev.VOTE, voter, {"target": target})
        refused(game, ev.VOTE, voter, {"target": NO_ID})
        refused(game, ev.VOTE, voter, {"target": 3})
    for pid in sorted(set(ids) - set(voters) - {p.id for p in base.posthumous_voters()}):
        refused(game, ev.VOTE, pid, {"target": voters[0]})


def script_refuses(script: dict[str, Any]) -> str:
    """The strict runner refuses the script with a Chinese message."""
    with pytest.raises(ScriptError) as info:
        run_script(script)
    return chinese(info.value)


@pytest.mark.parametrize("name", NAMES)
def test_every_decision_a_game_asks_takes_each_option_and_refuses_any_other(name):
    """The choices the rule set's games ask (继任, 入国, 轉生 …, as the transcripts record them with their
    options): each option, given in the script, is taken as the answer; an answer not among them, or a
    decision of a skill that does not exist, is refused."""
    rules = load(name)
    asked = []
    for seed in SEEDS:
        script, played = random_script(rules, seed, MAX_PHASES)
        asked += [(script, i, d) for i, phase in enumerate(played.transcript["phases"])
                  for d in phase["decisions"] if d.get("options")][:2]
    if not asked:
        pytest.skip(f"no game of {name} asked a choice")
    for script, i, d in asked:
        for option in d["options"][:3]:
            given = copy.deepcopy({**script, "phases": script["phases"][: i + 1]})
            given["phases"][i]["decisions"] = [{"actor": d["actor"], "skill": d["skill"], "answer": option}]
            records = run_script(given)["phases"][i]["decisions"]
            assert {"actor": d["actor"], "skill": d["skill"], "answer": option, "defaulted": False}.items() <= \
                next(r for r in records if (r["actor"], r["skill"]) == (d["actor"], d["skill"])).items()
        given["phases"][i]["decisions"] = [{"actor": d["actor"], "skill": d["skill"], "answer": NO_VALUE}]
        script_refuses(given)
        given["phases"][i]["decisions"] = [{"actor": d["actor"], "skill": "不存在的技能", "answer": NO_VALUE}]
        script_refuses(given)


def ruling_shapes(rules: Any, game: Any, entry: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Per declared ruling effect, the forms a judge could give it in the phase ``entry`` (from the effect's
    declaration: targetless or not, whether its ``text`` is read), on the living ids ``game`` has."""
    living = sorted(p.id for p in game.state.living())
    sides = {p.country: p.id for p in sorted(game.state.living(), key=lambda p: p.id, reverse=True)}
    some = sorted(sides.values())  # one living id of each side (a country, or the side outside them)
    texts = ["天庭的裁定", *rules.countries, "、".join(living[:2]), "、".join(living[:3])]
    out: dict[str, list[dict[str, Any]]] = {}
    for effect in rules.ruling_effects():
        base = [{"effect": effect}] if effect in rules.targetless_effects else \
            [{"effect": effect, "target": pid} for pid in some]
        if effect == "void":  # names what it voids (game-script.md): an action, or by day a vote
            base = [{"effect": effect, "action": 0}, *({"effect": effect, "voter": v} for v in entry.get("votes", {}))]
        shapes = [*base, *({**b, "owner": living[-1], "active": True} for b in base[:1])]
        if effect in rules.text_effects:
            shapes = [{**b, "text": t} for b in base for t in texts]
        out[effect] = shapes
    return out


@pytest.mark.parametrize("name", NAMES)
def test_every_declared_ruling_effect_has_a_form_that_is_taken_and_bad_ones_are_refused(name):
    """Each ruling effect the rule set declares is taken in some form on some phase of a game (a night or a
    day, or after another ruling on the same id the phase before: 回到游戏 after 暂时离开); one naming no id of
    the table, a targetless one naming a target, and an effect not declared are refused."""
    rules = load(name)
    script, _ = random_script(rules, 51, 6)
    taken: dict[str, list[tuple[int, dict[str, Any]]]] = {}
    for i in range(min(len(script["phases"]), 4)):
        before = fold.play({**script, "phases": script["phases"][:i]})
        entry = script["phases"][i]
        for effect, shapes in ruling_shapes(rules, before.game, entry).items():
            for shape in shapes:
                trial = {**script, "phases": [*script["phases"][:i], {**entry, "rulings": [shape]}]}
                try:
                    fold.play(trial, before)
                except ScriptError as exc:
                    chinese(exc)
                    continue
                taken.setdefault(effect, []).append((i, shape))
        if i == 0:
            continue
        for effect in set(rules.ruling_effects()) - set(taken):  # after another ruling on the same id
            for j, first in [t for ts in taken.values() for t in ts if t[0] == i - 1 and "target" in t[1]]:
                for shape in ruling_shapes(rules, before.game, entry)[effect]:
                    phases = copy.deepcopy(script["phases"][: i + 1])
                    phases[j]["rulings"], phases[i]["rulings"] = [first], [{**shape, "target": first["target"]}]
                    try:
                        run_script({**script, "phases": phases}, lenient=True)
                    except ScriptError:
                        continue
                    taken.setdefault(effect, []).append((i, shape))
    assert set(taken) == set(rules.ruling_effects()), f"never taken: {set(rules.ruling_effects()) - set(taken)}"
    entry = script["phases"][0]
    for effect in rules.ruling_effects():
        bad = {"effect": effect, "target": NO_ID, "text": "天庭的裁定"}
        script_refuses({**script, "phases": [{**entry, "rulings": [bad]}]})
    script_refuses({**script, "phases": [{**entry, "rulings": [{"effect": "不存在的裁定", "target": NO_ID}]}]})


PHASE_INPUTS: dict[str, tuple[Any, list[Any]]] = {
    "digits": (lambda pid: {pid: 3}, [{NO_ID: 3}, ("entry", 10), ("entry", "五"), ("entry", True), "不是物件"]),
}
"""Each phase input a rule set may declare (``day_inputs``, ``night_inputs``; the 伤判 and 拼点 digits): a legal
value for a living id, and values the script must refuse (``("entry", x)``: the id's own entry ``x``)."""


def bad_values(pid: str, templates: list[Any]) -> list[Any]:
    return [{pid: t[1]} if isinstance(t, tuple) else t for t in templates]


@pytest.mark.parametrize("name", NAMES)
def test_every_declared_phase_input_is_taken_when_legal_and_refused_when_not(name):
    """A day's or night's declared fields (``digits``) are read when they name ids of the table with digits
    0–9, and refused otherwise; by the hosted game, a wounded player's digit for his 伤判 is taken, any other
    refused, nothing changed."""
    rules = load(name)
    script, _ = random_script(rules, 61, 2)
    declared = [("night", n) for n in getattr(rules, "night_inputs", ())] + [("day", n) for n in rules.day_inputs]
    for kind, field in declared:
        assert field in PHASE_INPUTS, f"{name} declares the phase input {field}: give it a generator here"
        i = next(i for i, p in enumerate(script["phases"]) if p["phase"] == kind)
        pid = sorted(p.id for p in fold.play({**script, "phases": script["phases"][:i]}).game.state.living())[0]
        legal, bad = PHASE_INPUTS[field]
        phases = copy.deepcopy(script["phases"][: i + 1])
        phases[i][field] = legal(pid)
        run_script({**script, "phases": phases})
        for value in bad_values(pid, bad):
            phases[i][field] = value
            script_refuses({**script, "phases": phases})
    if "digits" not in rules.day_inputs:
        return
    for seed in range(62, 72):  # a game with a wounded player by day
        game = conformance.play_hosted(rules, seed, MAX_PHASES, lambda g: g.current.kind == "day" and any(
            bool(g.owed(p)) for p in g.participants()))
        if not game.over:
            break
    assert not game.over, "no game had a wounded player by day"
    wounded = [p for p in game.participants() if game.owed(p)]
    for value in (10, -1, "五", True, None):
        refused(game, ev.DIGIT, wounded[0], {"digit": value})
    add(game, ev.DIGIT, wounded[0], {"digit": 7})
    assert game.current.digits[wounded[0]] == 7
    refused(game, ev.DIGIT, next(p for p in game.participants() if p not in wounded), {"digit": 7})


# ---- the toy rule set -------------------------------------------------------------------------------------
def test_the_toy_rule_set_is_under_a_hundred_lines_of_python():
    """The toy proves the design: a rule set is the shared engine plus a pack and parameters."""
    lines = sum(len(f.read_text("utf-8").splitlines()) for f in TOY_DIR.glob("*.py"))
    assert lines < 100, lines


def test_the_toy_is_registered_from_outside_src_and_only_here():
    """``register`` takes a module outside the package, every layer sees it (the script runner checks
    ``rules`` against the registry), a bundled rule set cannot be taken out or replaced."""
    assert TOY in RULESETS and load(TOY).players == 12 and RULESETS[TOY] == "tests.data.toy_ruleset"
    with pytest.raises(TiantingError, match="已經登記"):
        register(TOY, "tests.data.another")
    with pytest.raises(TiantingError, match="不能取消登記"):
        unregister("sg24")
    assert load(TOY).draw_setup([f"玩家{n}" for n in range(12)], 1)["rules"] == TOY


@pytest.mark.parametrize("name", NAMES)
def test_a_judge_ruled_skill_takes_the_ids_its_player_names(name):
    """Ruling R-SG23-conform: a skill whose uses the judge rules (``judge_ruled``: its effect is not the
    engine's) is taken with as many ids as its player names (its form offers up to two; the text decides, and
    the judge reads it); an id not on the table is still refused."""
    rules = load(name)
    game = conformance.hosted(rules, 71)
    rows = [(pid, row) for pid in game.participants() for row in conformance.active_rows(rules, game.base, pid)
            if row.get("judge_ruled")]
    if not rows:
        pytest.skip(f"{name} rules every skill in the engine")
    pid, row = rows[0]
    others = [p for p in sorted(game.base.state.players) if p != pid][:3]
    add(game, ev.SUBMIT, pid, {"actions": [{"skill": row["skill"], "targets": others}]})
    assert game.current.submissions[pid][0]["targets"] == others
    refused(game, ev.SUBMIT, pid, {"actions": [{"skill": row["skill"], "targets": [*others[:2], NO_ID]}]})


def test_the_toy_is_simulated_by_the_24_player_bots():
    """``tianting simulate`` reads the registry as it runs: the toy's games are played by the 24人 rules' random
    bots on its own table (``RuleSet.bot_game``)."""
    record = load(TOY).bot_game(3, "random", None, 40)
    assert record.over and len(record.seats) == 12
    assert main(["simulate", "--rules", TOY, "--games", "2", "--jobs", "1"]) == 0
