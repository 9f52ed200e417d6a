"""Pinyin suggestions for the unread words of a private message (tianting.hosting.pinyin, issue 32).

Players type on a pinyin keyboard: the commonest typo is a homophone. Where the reader leaves a
part unread, the names whose pinyin matches are offered (「子議 → 子義？」), to confirm, never
applied: the reading itself stays as it was."""

from __future__ import annotations

import pytest

from tests.hosting.test_hosted_game import Table
from tests.hosting.test_message import VOCAB
from tianting.hosting.message import read_message, read_vote
from tianting.hosting.pinyin import PinyinIndex, suggest
from tianting.hosting.views import message_vocabulary


def offered(text: str) -> list[str]:
    return [str(s) for s in read_message(text, VOCAB).suggestions]


# ---- the typos and their like, in both scripts ----------------------------------------------
@pytest.mark.parametrize(("text", "suggestion"), [
    ("明查子義", "明查 → 明察？"),        # the skill mistyped: no action read at all
    ("明查子义", "明查 → 明察？"),
    ("今晚明察 子議", "子議 → 子義？"),    # the id mistyped: the skill read, no target
    ("今晚明察 子议", "子议 → 子義？"),
    ("刺殺孟启", "孟启 → 孟起？"),
    ("刺杀孟啓", "孟啓 → 孟起？"),
    ("刺殺馬朝", "馬朝 → 馬超？"),        # a character mistyped: offered as the character
    ("援护文元", "文元 → 文遠？"),
    ("今晚明察 紫衣", "紫衣 → 子義？"),    # no character in common, the same sound
])
def test_a_homophone_typo_is_offered_the_name_it_sounds_like(text, suggestion):
    assert suggestion in offered(text)


def test_the_suggestion_is_never_applied_by_the_reader():
    reading = read_message("今晚明察 子議", VOCAB)
    assert [a.as_json() for a in reading.actions] == [{"skill": "明察", "targets": []}]
    assert "【明察】需要1個目標，只讀到0個" in reading.problems and not reading.understood


def test_a_confirmed_suggestion_read_again_gives_the_action():
    reading = read_message("明查子議", VOCAB)
    assert [s.word for s in reading.suggestions] == ["明察", "子義"]
    again = read_message(reading.corrected(), VOCAB)
    assert [a.as_json() for a in again.actions] == [{"skill": "明察", "targets": ["子義"]}]
    assert again.understood


def test_one_suggestion_chosen_replaces_only_its_place():
    reading = read_message("明查子議", VOCAB)
    assert reading.corrected(reading.suggestions[1]) == "明查子義"


def test_a_message_read_in_full_offers_nothing():
    assert offered("今晚明察 子義") == [] and offered("刺殺馬超") == []


def test_a_single_character_is_never_offered_a_word():
    index = PinyinIndex([("詩想", "skill"), ("查", "skill")])
    assert suggest("茶", [(0, 1)], index) == []


def test_a_loose_match_forgives_z_and_zh_where_no_exact_one_is_found():
    index = PinyinIndex([("孟德", "player"), ("仲達", "player")])
    assert [s.word for s in suggest("宗達", [(0, 2)], index)] == ["仲達"]


def test_a_vote_is_offered_ids_and_characters_but_no_skill():
    reading = read_vote("投孟启", VOCAB)
    assert [str(s) for s in reading.suggestions] == ["孟启 → 孟起？"]
    assert read_vote("投明查", VOCAB).suggestions == []


def test_suggestions_do_not_depend_on_the_order_words_were_given():
    words = [("子義", "player"), ("紫衣", "player"), ("明察", "skill")]
    a = suggest("子議", [(0, 2)], PinyinIndex(words))
    b = suggest("子議", [(0, 2)], PinyinIndex(list(reversed(words))))
    assert a == b and [s.word for s in a] == ["子義", "紫衣"]


HOMOPHONES = {"超": "朝", "遼": "聊", "操": "糙", "備": "被", "權": "全", "羽": "雨", "飛": "非", "亮": "量",
              "瑜": "魚", "懿": "意", "蒙": "萌", "遜": "訓", "禪": "蟬", "淵": "元", "褚": "楚", "忠": "中"}


def test_a_real_games_vocabulary_offers_the_character_played():
    t = Table().start()
    killer = t.who("魏", "殺手")[0]
    vocab = message_vocabulary(t.game, killer)
    name, typo = next((c, "".join(HOMOPHONES.get(ch, ch) for ch in c)) for c in sorted(set(t.game.characters.values()))
                      if "·" not in c and any(ch in HOMOPHONES for ch in c))
    reading = read_message(f"今晚刺殺 {typo}", vocab)
    assert reading.actions[0].targets == [] and f"{typo} → {name}？" in [str(s) for s in reading.suggestions]
    again = read_message(reading.corrected(), vocab)
    victim = next(p for p, c in t.game.characters.items() if c == name)
    assert [a.as_json() for a in again.actions] == [{"skill": "刺殺", "targets": [victim]}]
