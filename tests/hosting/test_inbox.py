"""A whole inbox at once (tianting.hosting.inbox, issue 32): many private messages pasted with their senders,
cut per sender and read for each player as the paste box reads one."""

from __future__ import annotations

from tests.hosting.test_hosted_game import Table
from tianting.hosting import events as ev
from tianting.hosting.inbox import read_for, read_inbox, split_inbox

IDS = ["玩家01", "玩家02", "子義", "孟起", "玩家1"]


def test_lines_with_a_sender_and_a_colon_are_one_message_each():
    inbox = split_inbox("玩家01：今晚明察 子義\n孟起: 刺殺子義\n子义：本夜不行動", IDS)
    assert inbox.by_player() == {"玩家01": "今晚明察 子義", "孟起": "刺殺子義", "子義": "本夜不行動"}
    assert inbox.unassigned == []


def test_a_forum_pm_list_with_the_sender_alone_on_a_line_and_a_date():
    text = ("收件箱\n"
            "發件人：玩家02\n主題：第一夜\n今晚援護 子義\n"
            "孟起  2026-12-01 20:03\n刺殺 玩家02\n謝謝天庭\n")
    inbox = split_inbox(text, IDS)
    assert inbox.unassigned == ["收件箱"]
    assert inbox.by_player() == {"玩家02": "主題：第一夜\n今晚援護 子義", "孟起": "刺殺 玩家02\n謝謝天庭"}


def test_a_thread_page_copied_as_text():
    text = "子義 發表於 2026-12-01 20:10\n明察孟起\n\n玩家01 發表於 2026-12-01 20:12\n本夜不行動"
    assert split_inbox(text, IDS).by_player() == {"子義": "明察孟起", "玩家01": "本夜不行動"}


def test_a_line_that_only_starts_with_an_id_is_text_not_a_sender():
    inbox = split_inbox("玩家01：今晚\n子義 明察", IDS)
    assert inbox.by_player() == {"玩家01": "今晚\n子義 明察"}


def test_the_longest_id_is_the_sender_and_several_messages_of_one_sender_are_read_together():
    inbox = split_inbox("玩家1：明察 子義\n玩家01：刺殺孟起\n玩家1：另外援護孟起", IDS)
    assert inbox.by_player() == {"玩家1": "明察 子義\n另外援護孟起", "玩家01": "刺殺孟起"}


def test_one_reading_per_player_each_checked_by_the_engine():
    t = Table().start()
    strategist = t.who("魏", "正軍師")[0]
    killer = t.who("蜀", "殺手")[0]
    lady = t.who("吳", "女眷")[0]
    other = t.who("吳", "殺手")[0]
    text = f"{strategist}：今晚明察 {other}\n{killer}：刺殺 {other}\n{lady}：本夜不行动\n{other}：明查{killer}"
    readings, _ = read_inbox(t.game, text)
    by = {r.player: r for r in readings}
    assert [r.player for r in readings] == [strategist, killer, lady, other]
    assert by[strategist].ready and by[strategist].actions == [{"skill": "明察", "targets": [other]}]
    assert by[killer].ready and by[killer].summary() == f"刺殺 {other}"
    assert by[lady].ready and by[lady].none and by[lady].summary() == "本夜不行動"
    assert not by[other].ready  # 明察 is not his skill: the engine refuses it
    assert by[other].check and any(p.startswith("引擎檢查") for p in by[other].all_problems)
    assert t.game.current.submissions == {}  # read only


def test_a_reading_outside_an_open_phase_says_why():
    t = Table().start()
    t.add(ev.RESOLVE, ev.JUDGE, {"phase": 0})  # the draft: nothing to submit, no 拼點 in KK 3.3
    found = read_for(t.game, "玩家01", "明察 玩家02")
    assert found.kind is None and not found.ready and found.all_problems == ["現在不是提交行動或投票的時候"]


def test_before_the_start_a_message_is_read_as_the_character_chosen_from_the_players_list():
    t = Table()
    seat = t.game.setup["players"][0]
    first, second = seat["choices"][:2]
    found = read_for(t.game, seat["id"], f"我選{second}，謝謝")
    assert found.kind == "choose" and found.ready and found.choice == second and found.summary() == f"選擇 {second}"
    both = read_for(t.game, seat["id"], f"{first}或{second}都可以")
    assert not both.ready and both.all_problems == [f"讀到多個角色：{first}、{second}，請只寫一個"]
    assert not read_for(t.game, seat["id"], "隨便").ready
