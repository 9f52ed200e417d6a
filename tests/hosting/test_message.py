"""Reading a player's private message (tianting.hosting.message): free Chinese text → actions.

The first tests use a small hand-made vocabulary (the module knows no rule set); the last ones
read with the vocabulary of a real hosted KK 3.3 game (every skill name of the roster, the
player's own skills and their target forms, the characters played)."""

from __future__ import annotations

import copy

import pytest

from tests.hosting.test_hosted_game import Table
from tianting.hosting import events as ev
from tianting.hosting.message import SkillForm, Vocabulary, read_message, read_vote
from tianting.hosting.views import message_vocabulary

IDS = ("子義", "孟起", "文遠", "孟德", "公瑾", "奉孝", "仲達", "阿斗2")
VOCAB = Vocabulary(
    skills={
        "明察": SkillForm("明察"), "刺殺": SkillForm("刺殺"), "援護": SkillForm("援護"),
        "方術": SkillForm("方術", most=0, least=0, args=("country", "identity")),
        "詩想": SkillForm("詩想", most=0, least=0, args=("guesses",)),
        "十二奇策": SkillForm("十二奇策", most=3, least=1), "遺計": SkillForm("遺計", most=2, least=2),
    },
    players=IDS,
    characters={"太史慈": "子義", "馬超": "孟起", "張遼": "文遠", "曹操": "孟德"},
    countries=("魏", "蜀", "吳", "群"),
    identities={"君主": "君主", "主公": "君主", "殺手": "殺手", "正軍師": "正軍師"},
    own=frozenset({"明察", "刺殺", "援護", "方術", "詩想", "十二奇策", "遺計"}),
)


def actions(text: str, vocab: Vocabulary = VOCAB) -> list[dict]:
    return [a.as_json() for a in read_message(text, vocab).actions]


# ---- the three messages of the issue -----------------------------------------------------------
def test_tonight_investigate_an_id():
    reading = read_message("今晚明察 子義", VOCAB)
    assert [a.as_json() for a in reading.actions] == [{"skill": "明察", "targets": ["子義"]}]
    assert reading.understood and not reading.unread and not reading.problems


def test_stab_with_no_space_between_skill_and_id():
    assert actions("刺殺孟起") == [{"skill": "刺殺", "targets": ["孟起"]}]


def test_no_action_tonight():
    reading = read_message("本夜不行動", VOCAB)
    assert reading.none and not reading.actions and reading.understood


@pytest.mark.parametrize("text", ["本夜不行动", "今晚不行動，謝謝", "不行动", "pass", "PASS", "今晚跳過"])
def test_no_action_in_other_words_and_scripts(text):
    reading = read_message(text, VOCAB)
    assert reading.none and reading.understood, (text, reading)


# ---- scripts, names and numbers ------------------------------------------------------------------
def test_simplified_skill_and_id_are_read_as_the_games_own():
    assert actions("今晚明察子义，刺杀孟起") == [{"skill": "明察", "targets": ["子義"]},
                                         {"skill": "刺殺", "targets": ["孟起"]}]


def test_a_character_name_stands_for_the_player_who_plays_it_and_says_so():
    reading = read_message("刺殺馬超", VOCAB)
    assert [a.as_json() for a in reading.actions] == [{"skill": "刺殺", "targets": ["孟起"]}]
    assert "「馬超」是孟起的角色" in reading.actions[0].notes


def test_a_character_nobody_plays_is_marked_and_said_so():
    vocab = Vocabulary(skills=VOCAB.skills, players=IDS, characters=VOCAB.characters, own=VOCAB.own,
                       absent=frozenset({"諸葛亮"}))
    reading = read_message("刺殺诸葛亮", vocab)
    assert reading.actions[0].targets == []
    assert reading.pieces()[-1] == ("诸葛亮", True)
    assert "本局沒有人扮演「諸葛亮」" in reading.problems


def test_a_character_name_in_simplified():
    assert actions("刺杀马超") == [{"skill": "刺殺", "targets": ["孟起"]}]


def test_a_seat_number_is_the_player_in_that_seat():
    reading = read_message("明察 3號", VOCAB)
    assert [a.as_json() for a in reading.actions] == [{"skill": "明察", "targets": ["文遠"]}]
    assert read_message("明察３号", VOCAB).actions[0].targets == ["文遠"]


def test_a_seat_number_beyond_the_table_is_not_read():
    reading = read_message("明察 30號", VOCAB)
    assert reading.actions[0].targets == []
    assert reading.unread and not reading.understood


def test_an_id_containing_digits_is_read_whole_not_as_a_seat():
    assert actions("刺殺 阿斗2") == [{"skill": "刺殺", "targets": ["阿斗2"]}]


def test_the_longest_known_word_wins():
    """孟德 is an id; 孟 alone is nothing: 「明察孟德」 is read as one id, not 孟 + 德."""
    assert actions("明察孟德") == [{"skill": "明察", "targets": ["孟德"]}]


def test_self_means_the_players_own_id():
    vocab = Vocabulary(skills=VOCAB.skills, players=IDS, own=VOCAB.own, me="奉孝")
    reading = read_message("援護自己", vocab)
    assert [a.as_json() for a in reading.actions] == [{"skill": "援護", "targets": ["奉孝"]}]
    assert "「自己」是奉孝" in reading.actions[0].notes
    assert read_message("援護自己", VOCAB).unread  # without knowing whose message it is: not read


def test_at_signs_and_hashes_before_ids_are_punctuation():
    assert actions("明察 @子義") == [{"skill": "明察", "targets": ["子義"]}]


# ---- several actions, target order, repeated skills ------------------------------------------------
def test_targets_before_the_skill_in_the_same_sentence():
    assert actions("對子義使用明察") == [{"skill": "明察", "targets": ["子義"]}]


def test_several_actions_in_one_message_in_their_order():
    assert actions("明察子義\n援護孟德\n刺殺孟起") == [
        {"skill": "明察", "targets": ["子義"]}, {"skill": "援護", "targets": ["孟德"]},
        {"skill": "刺殺", "targets": ["孟起"]}]


def test_one_id_more_than_a_skill_takes_repeats_the_skill_and_says_so():
    reading = read_message("刺殺子義、孟起", VOCAB)
    assert [a.as_json() for a in reading.actions] == [{"skill": "刺殺", "targets": ["子義"]},
                                                      {"skill": "刺殺", "targets": ["孟起"]}]
    assert any("再一次【刺殺】" in n for n in reading.actions[1].notes)


def test_a_skill_with_several_targets_takes_them_all():
    assert actions("十二奇策 子義 孟起 文遠") == [{"skill": "十二奇策", "targets": ["子義", "孟起", "文遠"]}]


def test_a_skill_short_of_targets_is_a_problem():
    reading = read_message("遺計 子義", VOCAB)
    assert reading.actions[0].targets == ["子義"]
    assert reading.problems == ["【遺計】需要2個目標，只讀到1個"]
    assert not reading.understood


def test_ids_in_a_sentence_without_a_skill_are_marked():
    reading = read_message("明察子義。孟起", VOCAB)
    assert [a.as_json() for a in reading.actions] == [{"skill": "明察", "targets": ["子義"]}]
    assert reading.pieces()[-1] == ("孟起", True)
    assert any("孟起" in p for p in reading.problems)


# ---- arguments -------------------------------------------------------------------------------------
def test_a_country_and_an_identity_for_the_skill_that_takes_them():
    assert actions("方術 魏國 主公") == [{"skill": "方術", "targets": [], "args": {"country": "魏", "identity": "君主"}}]


def test_a_country_word_where_no_skill_takes_one_is_unread():
    reading = read_message("明察子義 魏", VOCAB)
    assert reading.actions[0].as_json() == {"skill": "明察", "targets": ["子義"]}
    assert reading.pieces()[-1] == ("魏", True)


def test_a_missing_argument_is_a_problem():
    reading = read_message("方術 殺手", VOCAB)
    assert reading.actions[0].args == {"identity": "殺手"}
    assert "【方術】缺少國籍" in reading.problems


def test_guesses_are_id_and_skill_pairs():
    assert actions("詩想：子義 援護，孟起 刺殺") == [
        {"skill": "詩想", "targets": [], "args": {"guesses": [["子義", "援護"], ["孟起", "刺殺"]]}}]


def test_a_guess_without_its_skill_is_a_problem():
    reading = read_message("詩想 子義", VOCAB)
    assert reading.problems and "子義" in reading.problems[0]


# ---- what is not read --------------------------------------------------------------------------------
def test_unknown_words_are_marked_and_the_rest_still_read():
    reading = read_message("今晚明察 阿斗，順便問一下", VOCAB)
    assert [a.as_json() for a in reading.actions] == [{"skill": "明察", "targets": []}]
    unread = [text for text, bad in reading.pieces() if bad]
    assert "阿斗" in unread and any("順便問" in u for u in unread)
    assert "【明察】需要1個目標，只讀到0個" in reading.problems


def test_the_pieces_put_back_together_are_the_message():
    text = "你好天庭：今晚明察 阿斗，刺殺孟起！謝謝"
    assert "".join(t for t, _ in read_message(text, VOCAB).pieces()) == text


def test_a_skill_the_player_does_not_hold_is_read_and_flagged():
    vocab = Vocabulary(skills=VOCAB.skills, players=IDS, own=frozenset({"刺殺"}))
    reading = read_message("明察子義", vocab)
    assert reading.actions[0].as_json() == {"skill": "明察", "targets": ["子義"]}
    assert "你的技能中沒有【明察】" in reading.actions[0].notes


def test_none_beside_actions_is_a_problem_not_a_none():
    reading = read_message("刺殺孟起，其他不行動", VOCAB)
    assert not reading.none and reading.actions
    assert any("不行動" in p for p in reading.problems)


def test_an_empty_message_reads_nothing():
    reading = read_message("  ", VOCAB)
    assert not reading.actions and not reading.none and reading.problems == ["沒有讀到任何行動"]


def test_a_forum_id_wins_over_a_character_of_the_same_name():
    vocab = Vocabulary(skills=VOCAB.skills, players=("曹操", "子義"), characters={"曹操": "子義"},
                       own=VOCAB.own)
    assert actions("刺殺曹操", vocab) == [{"skill": "刺殺", "targets": ["曹操"]}]


def test_reading_is_pure_and_repeatable():
    vocab = copy.deepcopy(VOCAB)
    first = read_message("今晚明察 子義，刺殺馬超", vocab)
    again = read_message("今晚明察 子義，刺殺馬超", vocab)
    assert first == again and vocab == VOCAB


# ---- with a real game's vocabulary -----------------------------------------------------------------------
def test_a_real_games_vocabulary_reads_an_investigation_and_the_engine_accepts_it():
    t = Table().start()
    strategist = t.who("魏", "正軍師")[0]
    other = t.who("蜀", "殺手")[0]
    vocab = message_vocabulary(t.game, strategist)
    assert "明察" in vocab.own and "刺殺" in vocab.skills and vocab.players == tuple(t.game.ids)
    reading = read_message(f"今晚明察 {other}", vocab)
    assert reading.understood
    checked = t.game.check_actions(strategist, [a.as_json() for a in reading.actions])
    assert checked == [{"actor": strategist, "skill": "明察", "targets": [other]}]


def test_a_real_games_character_names_and_simplified_skill_names():
    t = Table().start()
    killer = t.who("魏", "殺手")[0]
    victim = t.who("吳", "護衛")[0]
    character = t.game.characters[victim]
    vocab = message_vocabulary(t.game, killer)
    reading = read_message(f"刺杀{character}", vocab)
    assert [a.as_json() for a in reading.actions] == [{"skill": "刺殺", "targets": [victim]}]
    assert f"「{character}」是{victim}的角色" in reading.actions[0].notes
    played = set(t.game.characters.values())
    nobody = next(c for c in vocab.absent if c not in played and len(c) >= 2)
    assert any(nobody in p for p in read_message(f"刺殺{nobody}", vocab).problems)


def test_a_real_games_foresee_reads_country_and_identity():
    t = Table().start()
    vocab = message_vocabulary(t.game, t.who("群", "黃巾頭領")[0])
    assert vocab.skills["方術"].args == ("country", "identity") and vocab.skills["方術"].most == 0
    reading = read_message("方術 吳 護衛", vocab)
    assert [a.as_json() for a in reading.actions] == [{"skill": "方術", "targets": [],
                                                       "args": {"country": "吳", "identity": "護衛"}}]
    assert "你的技能中沒有【方術】" in reading.actions[0].notes


def test_a_real_games_none_message_is_submitted_as_no_action():
    t = Table().start()
    pid = t.who("魏", "護衛")[0]
    reading = read_message("本夜不行动", message_vocabulary(t.game, pid))
    assert reading.none
    t.add(ev.SUBMIT, pid, {"actions": []})
    assert t.game.current.submissions[pid] == []


# ---- a day vote by private message -------------------------------------------------------------------
@pytest.mark.parametrize("text", ["投孟起", "票投 孟起", "我投孟起一票", "投票给孟起", "馬超", "改投马超"])
def test_a_vote_names_one_id(text):
    reading = read_vote(text, VOCAB)
    assert reading.vote == "孟起" and not reading.problems and reading.understood, (text, reading)


def test_a_vote_for_a_character_says_whose_it_is():
    assert read_vote("投馬超", VOCAB).notes == ["「馬超」是孟起的角色"]


def test_a_vote_naming_no_one_or_several_is_a_problem():
    assert read_vote("投阿斗", VOCAB).vote is None
    assert "沒有讀到投票對象" in read_vote("投阿斗", VOCAB).problems
    several = read_vote("投孟起或子義", VOCAB)
    assert several.vote is None and several.problems == ["讀到多個投票對象：孟起、子義"]
    assert read_vote("投孟起，孟起", VOCAB).vote == "孟起"  # the same id twice is one vote


def test_abstaining_is_not_a_vote():
    reading = read_vote("本日棄權", VOCAB)
    assert reading.vote is None and "投票不能棄權：棄權或超時視為自投" in reading.problems


def test_a_skill_in_a_vote_is_unread():
    reading = read_vote("刺殺孟起", VOCAB)
    assert reading.vote == "孟起" and reading.pieces()[0] == ("刺殺", True)


def test_short_words_for_skills_are_read_and_said_so():
    vocab = Vocabulary(skills=VOCAB.skills, players=IDS, own=VOCAB.own,
                       aliases={"查": "明察", "殺": "刺殺", "保護": "援護", "飛": "沒有這技能"})
    reading = read_message("查子義，殺孟起，保護文遠", vocab)
    assert [a.as_json() for a in reading.actions] == [
        {"skill": "明察", "targets": ["子義"]}, {"skill": "刺殺", "targets": ["孟起"]},
        {"skill": "援護", "targets": ["文遠"]}]
    assert reading.actions[0].notes == ["「查」讀作【明察】"]
    assert read_message("飛子義", vocab).unread  # an alias for no skill of the rule set is not read
    assert actions("刺殺孟起", vocab) == [{"skill": "刺殺", "targets": ["孟起"]}]  # the full name as before


def test_a_real_games_vocabulary_reads_the_forums_short_words():
    t = Table().start()
    strategist = t.who("魏", "正軍師")[0]
    other = t.who("蜀", "殺手")[0]
    reading = read_message(f"今晚查{other}", message_vocabulary(t.game, strategist))
    assert [a.as_json() for a in reading.actions] == [{"skill": "明察", "targets": [other]}]


def test_a_players_own_form_of_a_skill_takes_its_extra_target():
    """烈弓：每晚你的【刺殺】可以指定兩個目標: with the player's form (one or two ids), two ids after
    one 刺殺 are one action, not two stabs."""
    skills = {**VOCAB.skills, "刺殺": SkillForm("刺殺", most=2, least=1)}
    vocab = Vocabulary(skills=skills, players=IDS, own=VOCAB.own)
    assert actions("刺殺子義、孟起", vocab) == [{"skill": "刺殺", "targets": ["子義", "孟起"]}]
    assert actions("刺殺子義", vocab) == [{"skill": "刺殺", "targets": ["子義"]}]
