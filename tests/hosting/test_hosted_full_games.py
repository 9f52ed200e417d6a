"""Whole hosted games, from the random set-up to the end, played by random legal bots through the
events a server would store: every submission and vote is accepted when it is made, every phase
resolves (all in, or by the judge when someone abstains), the dead are asked for last words and
the judge rules on them, every draft is published; at the end the export verifies.

Issue: "A newcomer … hosts a full KK 3.3 game with friends in their browsers"; "`tianting verify
EXPORT.json` replays the exported game and checks the commitment and every published outcome."
"""

from __future__ import annotations

import random

import pytest

from tests.hosting import random_hosted
from tianting.hosting import events as ev
from tianting.hosting.game import HostedGame
from tianting.hosting.verify import verify_export
from tianting.randomplay import _night_actions, _votes
from tianting.script import run_script

IDS = [f"P{i:02d}" for i in range(1, 23)]
MAX_PHASES = 60
"""With every 蜀 skill built, random end games of three or four players take longer to break their ties."""
AT = "2026-11-29T12:00:00+00:00"


def play_hosted(seed: int, ids: list[str] = IDS, draw_order: str | None = None) -> HostedGame:
    """A whole hosted game by the random bots (``draw_order``: as :func:`random_hosted.created`'s)."""
    bot = random.Random(seed)
    game = random_hosted.created("kk33", ids, seed, f"全局{seed}", AT, draw_order)
    roster = game._roster()
    for seat in bot.sample(game.setup["players"], len(ids)):  # players choose in any order
        taken = game._taken_bases()
        free = [c for c in seat["choices"] if roster.characters[c].base not in taken]
        random_hosted.add(game, ev.CHOOSE, seat["id"], {"character": bot.choice(free)}, AT)
    return random_hosted.play_out(game, bot, lambda base, bot: _night_actions(bot, base),
                                  lambda base, bot: _votes(bot, base), MAX_PHASES,
                                  lambda pid, bot: f"{pid} 的遺言", out="exited", accepted_order=True, at=AT)


@pytest.mark.parametrize("seed", range(1, 9))
def test_a_whole_hosted_game_is_played_published_and_verified(seed):
    game = play_hosted(seed)
    # every published phase is what the script the events add up to replays to
    transcript = run_script(game.script(), lenient=True)
    for (index, phase), replayed in zip(game.published(), transcript["phases"], strict=True):
        assert phase.draft == replayed, f"phase {index}"
    # approved words are in the night's announcement, refused ones are not
    for _, phase in game.published():
        for pid, words in phase.last_words.items():
            published = phase.draft["announcement"].get("last_words", {})
            if words.status == "approved" and pid in published:
                assert published[pid] == words.text
            if words.status == "refused":
                assert pid not in published
    export = game.export(reveal=True)
    verdict = verify_export(export)
    if game.over:
        assert verdict.ok, verdict.failures
        # a winner, peace, or the last countries all falling at once (無人獲勝: 行殤 on a tie of all)
        eliminated = set(game.base.state.eliminated)
        assert export["result"]["winners"] or export["result"]["peace"] or eliminated >= set(game.base.kingdoms)
    else:  # stopped at the phase limit: everything checks but the end
        assert [f for f in verdict.failures if not f.startswith("遊戲已經結束")] == []


def test_hosted_games_reach_their_end():
    """Most random games end by the rules (滅國, victory) well within the limit."""
    ended = sum(play_hosted(seed).over for seed in range(1, 9))
    assert ended >= 6
