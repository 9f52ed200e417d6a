"""The hosted games the incremental fold is checked on, and what the fold gives for each (issue 28, item 1).

Two kinds of game:

- the **fixtures**: every event list a hosted game of the tests was built from (tests/hosting, tests/server,
  the rule sets' hosted tests), captured with ``-p tests.fold.capture`` and kept in
  ``tests/data/fold-fixtures.jsonl.gz``;
- **random games** of all three rule sets, played by the rule sets' random legal bots (tests/hosting/
  random_hosted.py) with a judge who, at random, rewords the announcement, answers the draft's choices, asks a
  player for one, rules on the draft (``tell``, ``spare``) and takes a ruling back, and (KK 3.3) rules peace.

:func:`digest` applies a game's events one at a time and hashes, after each, what the fold gives: the stage and
the open phase's draft, uses, notices, warnings and lost edits; after every resolve and re-draft, the judge's view; and
after the start, every publish, a peace and at the end, every page's data: the judge's view, the public view, each player's view, the export
(and, at the end, revealed), the 復盤 view, the outcome tables and the BBCode thread. The digests of today's fold were
recorded before the fold was made incremental (``python -m tests.fold.corpus record``,
``tests/data/fold-digests.json``); tests/fold/test_fold_digests.py checks the fold gives the same bytes.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tests.hosting import random_hosted
from tianting.hosting import bbcode
from tianting.hosting import events as ev
from tianting.hosting.events import Event
from tianting.hosting.game import HostedGame, Refused
from tianting.hosting.views import judge_view, outcome_tables, public_view, replay_view
from tianting.server import checkpoints
from tianting.server.store import CHECKPOINT_AFTER

DATA = Path(__file__).resolve().parent.parent / "data"
FIXTURES = DATA / "fold-fixtures.jsonl.gz"
DIGESTS = DATA / "fold-digests.json"
RANDOM_GAMES = {"kk33": 100, "sg24": 70, "dingli2": 40}
"""How many random games of each rule set (seeds 1…n)."""
AT = "2026-12-01T12:00:00+00:00"
FULL = {ev.PUBLISH, ev.PEACE, ev.START}
"""After these (and the last event), every page's data is hashed."""
DRAFTED = {ev.RESOLVE, ev.DECIDE, ev.RULE, ev.RULE_LAST_WORDS, ev.LAST_WORDS, ev.EDIT, ev.ASK_DECISION}
"""After these, the judge's view too (after the others: the open phase's)."""


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=repr)


def _phase_outputs(game: HostedGame) -> dict[str, Any]:
    phase = game.current
    out: dict[str, Any] = {"stage": game.stage, "seq": game.seq, "over": game.over}
    if phase is not None:
        out.update(draft=phase.draft, uses=phase.uses, notices=phase.notices, warnings=phase.draft_warnings,
                   lost=phase.lost_edits, edits=phase.edits, expected=game.expected(),
                   participants=game.participants())
    return out


def _all_outputs(game: HostedGame, last: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"judge": judge_view(game)}
    if not game.started:
        out["players"] = {pid: game.player_view(pid) for pid in game.ids}
        return out
    public = public_view(game)
    out.update(public=public, bbcode=bbcode.thread(public), export=game.export(), replay=replay_view(game),
               outcomes={str(k): v for k, v in outcome_tables(game).items()},
               players={pid: game.player_view(pid) for pid in game.ids})
    if last:  # the export with the seed and the transcript (at the end, as the 復盤 shows it; any time, the judge's)
        out["revealed"] = game.export(reveal=True)
    return out


def steps(events: list[dict[str, Any]], checkpointed: bool = False) -> Iterator[str]:
    """What the fold gives after each of ``events`` (JSON text, one per event); ``checkpointed``: the fold goes on,
    after each event that stores a checkpoint on a server (a published phase, a peace), from the game that
    checkpoint holds (server/checkpoints.py), as a cold page would."""
    game = HostedGame()
    for raw in events:
        event = Event.from_json(raw)
        game.apply(event)
        if checkpointed and event.kind in CHECKPOINT_AFTER:
            game = checkpoints.load(checkpoints.dump(game))
        out = _phase_outputs(game)
        if event.kind in FULL or event.seq == len(events):
            out["all"] = _all_outputs(game, event.seq == len(events))
        elif event.kind in DRAFTED:
            out["judge"] = judge_view(game)
        yield _json(out)


def digest(events: list[dict[str, Any]], checkpointed: bool = False) -> str:
    """One hash of :func:`steps` (and of the events themselves)."""
    h = hashlib.sha256(_json(events).encode())
    try:
        for text in steps(events, checkpointed):
            h.update(hashlib.sha256(text.encode()).digest())
    except Refused as refused:  # an event a later check refuses (a test's doctored deadline): where and why
        h.update(f"refused: {refused}".encode())
    return h.hexdigest()


# ---- the random games -------------------------------------------------------------
def _judge_plays(game: HostedGame, bot: random.Random) -> None:
    """What a busy judge may do with a draft (each at random; a refused one is not stored)."""
    phase = game.current
    assert phase is not None and phase.draft is not None
    tries: list[tuple[str, str, dict[str, Any]]] = []
    decisions = [d for d in phase.draft.get("decisions", []) if d.get("options")]
    alive = [p.id for p in game.base.state.players.values() if p.alive]
    if decisions and bot.random() < 0.5:
        d = bot.choice(decisions)
        tries.append((ev.DECIDE, ev.JUDGE, {"actor": d["actor"], "skill": d["skill"],
                                            "answer": bot.choice(list(d["options"]))}))
    if decisions and bot.random() < 0.2:
        d = bot.choice(decisions)
        tries.append((ev.ASK_DECISION, ev.JUDGE, {"actor": d["actor"], "skill": d["skill"]}))
    if bot.random() < 0.3:
        tries.append((ev.EDIT, ev.JUDGE, {"target": "announcement", "text": f"改寫的公告{bot.randrange(100)}"}))
    feedback = [(pid, i) for pid, items in phase.draft.get("feedback", {}).items() for i in range(len(items))]
    if feedback and bot.random() < 0.3:
        pid, i = bot.choice(feedback)
        tries.append((ev.EDIT, ev.JUDGE, {"target": "feedback", "player": pid, "index": i, "text": "改寫的反饋"}))
    if alive and bot.random() < 0.25:
        tries.append((ev.RULE, ev.JUDGE, {"ruling": {"effect": "tell", "target": bot.choice(alive),
                                                     "text": "天庭告知", "why": "測試"}}))
    if alive and bot.random() < 0.15:
        tries.append((ev.RULE, ev.JUDGE, {"ruling": {"effect": "spare", "target": bot.choice(alive),
                                                     "why": "測試"}}))
    if bot.random() < 0.1:
        tries.append((ev.RULE, ev.JUDGE, {"remove": 0}))
    if bot.random() < 0.3:  # the wording of the new draft again (kept or lost)
        tries.append((ev.EDIT, ev.JUDGE, {"target": "announcement", "text": "再改一次"}))
    bot.shuffle(tries)
    for kind, actor, payload in tries:
        try:
            random_hosted.add(game, kind, actor, payload, AT)
        except Refused:
            pass


def _play(game: HostedGame, bot: random.Random, night_actions: Any, votes: Any, max_phases: int,
          peace: bool) -> HostedGame:
    """random_hosted.play_out with :func:`_judge_plays` on every draft (and now and then a judge's peace)."""
    random_hosted.add(game, ev.START, ev.JUDGE, {}, AT)
    while not game.over and len(game.phases) <= max_phases:
        phase = game.current
        assert phase is not None and game.stage == "open"
        if peace and len(game.phases) > 6 and bot.random() < 0.03:
            try:
                random_hosted.add(game, ev.PEACE, ev.JUDGE, {"judge": True}, AT)
                break
            except Refused:
                pass
        if phase.kind == "night":
            mine: dict[str, list[dict[str, Any]]] = {}
            for action in night_actions(game.base, bot):
                mine.setdefault(action.actor, []).append({k: v for k, v in action.as_json().items() if k != "actor"})
            order = game.participants()
            order = [*(p for p in mine if p in order), *(p for p in order if p not in mine)]
            for pid in order:
                random_hosted.add(game, ev.SUBMIT, pid, {"actions": mine.get(pid, [])}, AT)
        else:
            for voter, target in votes(game.base, bot).items():
                random_hosted.add(game, ev.VOTE, voter, {"target": target}, AT)
        for kind, actor, payload in game.follow_ups(AT):
            random_hosted.add(game, kind, actor, payload, AT)
        if game.stage == "open":
            random_hosted.add(game, ev.RESOLVE, ev.JUDGE, {"phase": len(game.phases) - 1}, AT)
        _judge_plays(game, bot)
        dead = phase.draft["announcement"].get("died") or phase.draft["announcement"].get("exited") or []
        if phase.kind == "night" and dead and bot.random() < 0.7:
            try:
                random_hosted.add(game, ev.ASK_LAST_WORDS, ev.JUDGE, {}, AT)
                for pid in dead:
                    random_hosted.add(game, ev.LAST_WORDS, pid, {"text": f"{pid}的遺言"}, AT)
                    random_hosted.add(game, ev.RULE_LAST_WORDS, ev.JUDGE,
                                      {"player": pid, "approved": bot.random() < 0.8}, AT)
            except Refused:
                pass
        random_hosted.add(game, ev.PUBLISH, ev.JUDGE, {}, AT)
    return game


def random_game(rules: str, seed: int) -> list[dict[str, Any]]:
    """The events of random game ``seed`` of ``rules``."""
    bot = random.Random(seed * 7919 + len(rules))
    if rules == "kk33":
        from tianting.randomplay import _night_actions, _votes

        ids = [f"P{i:02d}" for i in range(1, 23)]
        game = random_hosted.created("kk33", ids, seed, f"全局{seed}", AT)
        roster = game._roster()
        for seat in bot.sample(game.setup["players"], len(ids)):
            taken = game._taken_bases()
            free = [c for c in seat["choices"] if roster.characters[c].base not in taken]
            random_hosted.add(game, ev.CHOOSE, seat["id"], {"character": bot.choice(free)}, AT)
        _play(game, bot, lambda base, b: _night_actions(b, base), lambda base, b: _votes(b, base), 50, True)
    elif rules == "sg24":
        from tianting.rules.sg24.bots import night_actions, votes

        ids = [f"P{i:02d}" for i in range(1, 25)]
        game = random_hosted.created("sg24", ids, seed, f"二十四人{seed}", AT)
        _play(game, bot, night_actions, votes, 50, False)
    else:
        from tianting.rules.dingli2.bots import night_actions, votes

        ids = [f"玩家{i:02d}" for i in range(1, 27)]
        game = random_hosted.created("dingli2", ids, seed, f"鼎立{seed}", AT)
        _play(game, bot, night_actions, votes, 60, False)
    return [e.as_json() for e in game.events]


def fixtures() -> list[list[dict[str, Any]]]:
    with gzip.open(FIXTURES, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def games(which: str = "all", sample: int = 1) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """(name, events) of every fixture (``which``: all or fixtures) and of the random games (all, random, or
    one rule set's name, optionally with its first and last seed: ``dingli2:1:20``; ``sample``: every n-th)."""
    if which in ("all", "fixtures"):
        for i, events in enumerate(fixtures()):
            yield f"fixture-{i}", events
    named, _, seeds = which.partition(":")  # "dingli2:1:20": that rule set's seeds 1…20
    for rules, count in RANDOM_GAMES.items():
        if named in ("all", "random", rules):
            first, last = (int(x) for x in seeds.split(":")) if seeds else (1, count)
            for seed in range(first, last + 1, sample):
                yield f"{rules}-{seed}", random_game(rules, seed)


def record(which: str, path: Path = DIGESTS) -> None:
    """Record the digests of the games ``which`` (see :func:`games`) beside those already in ``path``."""
    found = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    found.update((name, digest(events)) for name, events in games(which))
    path.write_text(json.dumps(found, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(found)} games recorded in {path}")


def capture(paths: list[str]) -> None:
    """Merge captured event lists (tests/fold/capture.py's files) into the fixtures."""
    lists = set()
    for path in paths:
        with gzip.open(path, "rt", encoding="utf-8") as f:
            lists |= {line.strip() for line in f if line.strip()}
    ordered = sorted(lists)
    kept = []
    for x in ordered:
        if any(y != x and y.startswith(x[:-1] + ", ") for y in ordered):
            continue  # a prefix of another: replaying that one goes through it
        try:  # a list built by a test that patched the engine (a forced draw) may not replay without the patch
            digest(json.loads(x))
        except Exception:  # noqa: BLE001 (left out, whatever it raised)
            continue
        kept.append(x)
    with gzip.open(FIXTURES, "wt", encoding="utf-8") as out:
        for line in kept:
            out.write(line + "\n")
    print(f"{len(kept)} fixtures in {FIXTURES}")


if __name__ == "__main__":
    if sys.argv[1] == "record":
        record(sys.argv[2] if len(sys.argv) > 2 else "all", Path(sys.argv[3]) if len(sys.argv) > 3 else DIGESTS)
    elif sys.argv[1] == "capture":
        capture(sys.argv[2:])
