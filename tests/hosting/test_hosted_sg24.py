"""Whole hosted games of the 24人 rules (sg24), from the dealt seats to the end, played by random legal
bots through the events a server would store; every draft is published and the export verifies.

Issue 15, 5: "The whole stack takes `--rules sg24`: … `serve` (在野 joining, 伤判 by day, last words with a
called id, judge rulings) and `verify`." The hosting layer reaches the rules only through ``RULESET``.
"""

from __future__ import annotations

import json
import random

import pytest

from tests.hosting import random_hosted
from tianting.hosting import events as ev
from tianting.hosting.game import HostedGame, Refused
from tianting.hosting.verify import verify_export
from tianting.rules.sg24.bots import night_actions, votes
from tianting.script import run_script

IDS = [f"玩家{i:02d}" for i in range(1, 25)]


def created(seed: int) -> HostedGame:
    return random_hosted.created("sg24", IDS, seed, f"二十四人{seed}")


def play_hosted(seed: int, max_phases: int = 60) -> HostedGame:
    return random_hosted.play_out(created(seed), random.Random(seed), night_actions, votes, max_phases,
                                  lambda pid, bot: f"我是好人，查{bot.choice(IDS)}")


def test_the_seats_are_dealt_with_their_characters():
    """「玩家共24人……」: the 24人 rules deal each seat its starting character; nobody chooses one."""
    game = created(3)
    assert len(game.characters) == 24 and set(game.characters) == set(IDS)
    assert game.player_view(IDS[0])["character"] == game.characters[IDS[0]]
    with pytest.raises(Refused, match="不能選擇"):
        random_hosted.add(game, ev.CHOOSE, IDS[0], {"character": "曹操"})


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_whole_hosted_sg24_game_is_played_published_and_verified(seed):
    game = play_hosted(seed)
    assert game.over
    transcript = run_script(game.script(), lenient=True)
    for (index, phase), replayed in zip(game.published(), transcript["phases"], strict=True):
        assert phase.draft == replayed, f"phase {index}"
    verdict = verify_export(json.loads(json.dumps(game.export(reveal=True), ensure_ascii=False)))
    assert verdict.ok, verdict.failures


def test_a_player_sees_no_one_elses_character_nor_the_judges_record():
    """Players see only what the rules let them see: the table lists ids and who is out, never a character;
    the judge's trace, truth and draws stay the judge's."""
    game = play_hosted(4, max_phases=4)
    view = game.player_view(IDS[0])
    assert all(set(row) <= {"id", "alive", "out"} for row in view["players"])
    text = json.dumps(view, ensure_ascii=False)
    for secret in ("truth", "trace", "draws", "tally"):
        assert f'"{secret}"' not in text
    assert all("votes" not in a for a in view["announcements"])  # seed 001 posts no ballot (JUDGE_ONLY)


@pytest.mark.parametrize(("character", "text", "expected"), [
    ("张辽", "今晚殺 {victim}", {"skill": "刺杀", "targets": ["{victim}"]}),
    ("曹操", "招攬 {unaligned} 為華佗", {"skill": "招揽", "targets": ["{unaligned}"], "args": {"character": "華佗"}}),
    ("典韦", "指認 {victim} 猛將", {"skill": "指认", "targets": ["{victim}"], "args": {"evaluation": "猛将"}}),
    ("典韦", "指认{victim}为君主", {"skill": "指认", "targets": ["{victim}"], "args": {"evaluation": "君主"}}),
    ("华佗", "投奔 吳國", {"skill": "投奔", "targets": [], "args": {"country": "吴"}}),
])
def test_a_private_message_is_read_as_the_24_player_rules_actions(character, text, expected):
    """The judge pastes a player's private message: the general actions are read with their arguments (a
    character named after 招揽's target is its ``character``, a 评价 or an identity 指认's ``evaluation``)."""
    from tianting.hosting.message import read_message
    from tianting.hosting.views import message_vocabulary

    game = created(3)
    random_hosted.add(game, ev.START, ev.JUDGE, {})
    by_character = {p.character: p.id for p in game.base.state.players.values()}
    names = {"victim": by_character["关羽"], "unaligned": by_character["华佗"]}
    reading = read_message(text.format(**names), message_vocabulary(game, by_character[character]))
    wanted = json.loads(json.dumps(expected, ensure_ascii=False).replace("{victim}", names["victim"])
                        .replace("{unaligned}", names["unaligned"]))
    assert [a.as_json() for a in reading.actions] == [wanted] and reading.problems == []
