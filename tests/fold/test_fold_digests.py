"""The incremental fold (issue 28, item 1): "a hosted game resolves each phase once … The fold stays a pure
function of the events (same bytes as today for every stored game: test it over every hosted-game fixture and
a few hundred random hosted games before and after)."

The digests in tests/data/fold-digests.json were recorded with the fold as it was before (every re-draft
replayed the script from night 1); see tests/fold/corpus.py for what each digest covers. By default every
fixture and every 10th random game is checked here; ``TIANTING_FOLD_ALL=1`` checks all 210 random games.
"""

from __future__ import annotations

import json
import os

import pytest

from tests.fold import corpus
from tests.hosting import random_hosted
from tianting.hosting import events as ev
from tianting.hosting.events import Event
from tianting.hosting.game import HostedGame
from tianting.rules.dingli2.game import DingliGame
from tianting.rules.kk33.game import KK33Game
from tianting.rules.sg24.game import SG24Game
from tianting.script import play_script

RECORDED = json.loads(corpus.DIGESTS.read_text(encoding="utf-8"))
SAMPLE = 1 if os.environ.get("TIANTING_FOLD_ALL") == "1" else 10
FIXTURES = corpus.fixtures()


@pytest.mark.parametrize("index", range(len(FIXTURES)))
def test_every_hosted_game_fixture_folds_to_the_same_bytes_as_before(index):
    assert corpus.digest(FIXTURES[index]) == RECORDED[f"fixture-{index}"]


@pytest.mark.parametrize("rules,seed", [(rules, seed) for rules, count in corpus.RANDOM_GAMES.items()
                                        for seed in range(1, count + 1, SAMPLE)])
def test_a_random_hosted_game_folds_to_the_same_bytes_as_before(rules, seed):
    assert corpus.digest(corpus.random_game(rules, seed)) == RECORDED[f"{rules}-{seed}"]


def _counting(monkeypatch) -> list[str]:
    """Every phase the engine resolves from now on (KK 3.3, 24人 and 鼎立三分2.0 alike)."""
    resolved: list[str] = []
    for kind in (KK33Game, SG24Game, DingliGame):
        for name in ("resolve_night", "resolve_day"):
            if name not in vars(kind):
                continue
            original = vars(kind)[name]

            def counted(self, *args, _original=original, _name=name, **kwargs):
                resolved.append(_name)
                return _original(self, *args, **kwargs)

            monkeypatch.setattr(kind, name, counted)
    return resolved


@pytest.mark.parametrize("rules,seed", [("kk33", 2), ("sg24", 2), ("dingli2", 2)])
def test_folding_a_game_resolves_each_draft_once_and_a_redraft_only_its_phase(monkeypatch, rules, seed):
    """「a hosted game resolves each phase once」: folding the events resolves at most one phase per draft made
    (each resolve and each re-draft: a choice answered, a ruling, last words ruled), never the phases before it."""
    events = [Event.from_json(e) for e in corpus.random_game(rules, seed)]
    drafts = []
    original = HostedGame._redraft

    def redraft(self):
        drafts.append(len(self.phases) - 1)
        original(self)

    monkeypatch.setattr(HostedGame, "_redraft", redraft)
    resolved = _counting(monkeypatch)
    game = HostedGame.fold(events)
    assert len(drafts) >= len(game.phases) - 1 > 10
    # at most one a draft (none when the script did not change: refused words were never in it)
    assert len(game.phases) - 1 <= len(resolved) <= len(drafts)


def test_a_long_quiet_game_folds_in_as_many_resolutions_as_it_has_phases(monkeypatch):
    """The issue's measure: at night 25 the old fold replayed 1,176 phases; now each of the 49 is resolved once."""
    game = random_hosted.created("kk33", [f"玩家{i:02d}" for i in range(1, 23)], 7, "長局")
    roster = game._roster()
    for seat in game.setup["players"]:
        free = [c for c in seat["choices"] if roster.characters[c].base not in game._taken_bases()]
        random_hosted.add(game, ev.CHOOSE, seat["id"], {"character": free[0]})
    random_hosted.add(game, ev.START, ev.JUDGE, {})
    while not (game.current.kind == "night" and game.current.number == 25):
        phase = game.current
        for pid in game.participants():
            if phase.kind == "night":
                random_hosted.add(game, ev.SUBMIT, pid, {"actions": []})
            else:
                random_hosted.add(game, ev.VOTE, pid, {"target": pid})  # 自投: no one goes
        if game.stage == "open":
            random_hosted.add(game, ev.RESOLVE, ev.JUDGE, {"phase": len(game.phases) - 1})
        random_hosted.add(game, ev.PUBLISH, ev.JUDGE, {})
    resolved = _counting(monkeypatch)
    folded = HostedGame.fold(list(game.events))
    assert len(folded.phases) == 49 and len(resolved) == 48
    # and the same game as played from night 1
    assert folded.export(reveal=True)["transcript"] == play_script(folded.script(), lenient=True)[1]


def test_a_redraft_leaves_the_published_game_as_it_was():
    """The draft is played on a copy (``fork``): the game the submissions are checked against does not move."""
    events = corpus.random_game("kk33", 4)
    game = HostedGame()
    for raw in events:
        event = Event.from_json(raw)
        before = json.dumps(game.base.truth_players(), sort_keys=True) if game.base is not None else None
        base = game.base
        draws = len(base.state.rng.draws) if base is not None else 0
        game.apply(event)
        if event.kind in (ev.RESOLVE, ev.DECIDE, ev.RULE, ev.RULE_LAST_WORDS) and base is not None:
            assert game.base is base
            assert json.dumps(base.truth_players(), sort_keys=True) == before
            assert len(base.state.rng.draws) == draws
