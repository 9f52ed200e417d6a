"""A hosted 鼎立三分2.0 game in the fold (pure): the 拼點 the 南斗 sets on a night's draft and its digits, and the
last words asked only of those who may leave them (seed 003, rulings RJ1, RJ3)."""

from __future__ import annotations

import itertools

import pytest

from tianting.hosting import events as ev
from tianting.hosting import judges
from tianting.hosting.events import Event
from tianting.hosting.fairness import commitment
from tianting.hosting.game import HostedGame, Refused, _night_dead
from tianting.hosting.verify import verify_export

IDS = [f"D{i:02d}" for i in range(1, 27)]
BEIDOU, NANDOU, CAIPAN = (judges.actor(s) for s in judges.SEATS)


def _add(game: HostedGame, kind: str, actor: str, payload: dict) -> None:
    game.apply(Event(game.seq + 1, kind, actor, payload, "2026-12-01T00:00:00+00:00"))


def drafted(seed: int = 5) -> HostedGame:
    """Night 1 of a three-judge dingli2 game, everyone 本夜不行動, resolved by the 北斗."""
    game = HostedGame()
    _add(game, ev.CREATED, ev.JUDGE, {"rules": "dingli2", "ids": IDS, "title": "鼎立", "seed": seed, "salt": "ab",
                                      "commitment": commitment(seed, "ab"), "judges": 3})
    _add(game, ev.START, BEIDOU, {})
    for pid in IDS:
        _add(game, ev.SUBMIT, pid, {"actions": []})
    _add(game, ev.RESOLVE, BEIDOU, {"why": "judge"})
    return game


def test_the_contest_outcome_does_not_depend_on_who_gave_a_digit_first() -> None:
    """「两名玩家需各自向法官提交一个0-9的数字」: the same digits give the same record whatever their order."""
    records = []
    for first, second in itertools.permutations(("D01", "D02")):
        game = drafted()
        _add(game, ev.RULE, NANDOU, {"ruling": {"effect": "contest", "text": "D02、D01", "owner": "D01"}})
        digits = {"D01": 5, "D02": 2}
        for pid in (first, second):
            _add(game, ev.DIGIT, pid, {"digit": digits[pid]})
        records.append(game.current.draft["announcement"]["contests"])
    assert records[0] == records[1] == [{"players": ["D01", "D02"], "odd_wins": "D01", "even_wins": "D02",
                                         "digits": {"D01": 5, "D02": 2}, "drawn": [], "winner": "D01",
                                         "order": ["D01", "D02"]}]


def test_a_player_in_two_contests_gives_a_digit_for_each_and_a_missing_one_is_drawn() -> None:
    """「一名角色需要与多名角色拼点时，需要分别提交拼点的数字。」 A digit not given is drawn (recorded in ``drawn``)."""
    game = drafted()
    _add(game, ev.RULE, NANDOU, {"ruling": {"effect": "contest", "text": "D01、D02", "owner": "D02"}})
    _add(game, ev.RULE, BEIDOU, {"ruling": {"effect": "contest", "text": "D03、D01", "owner": "D03"}})
    assert game.contests_of("D01") == [(1, "D02"), (2, "D03")]
    _add(game, ev.DIGIT, "D01", {"digit": 1, "contest": 1})
    _add(game, ev.DIGIT, "D01", {"digit": 8, "contest": 2})
    _add(game, ev.DIGIT, "D02", {"digit": 2})
    assert game.player_view("D01")["open"]["contests"] == [{"number": 1, "digit": 1}, {"number": 2, "digit": 8}]
    first, second = game.current.draft["announcement"]["contests"]
    assert first["digits"] == {"D01": 1, "D02": 2} and first["winner"] == "D02" and first["drawn"] == []
    assert second["digits"]["D01"] == 8 and second["drawn"] == ["D03"]
    assert any(d["purpose"] == "拼点数字 D03对D01" for d in game.current.draft["draws"])
    _add(game, ev.PUBLISH, BEIDOU, {})
    _add(game, ev.PEACE, BEIDOU, {"judge": True})
    assert game.over and verify_export(game.export()).failures == []


def test_the_silent_dead_are_not_asked_for_last_words() -> None:
    """「自杀、自然死亡、伤判死亡的人不计入公告的死亡数字，也无遗言发布。」"""
    assert _night_dead({"died": ["A", "B", "C"], "silent": ["B"]}) == ["A", "C"]
    assert _night_dead({"exited": ["A"]}) == ["A"]


def opened(seed: int = 5) -> HostedGame:
    game = HostedGame()
    _add(game, ev.CREATED, ev.JUDGE, {"rules": "dingli2", "ids": IDS, "title": "鼎立", "seed": seed, "salt": "ab",
                                      "commitment": commitment(seed, "ab"), "judges": 3})
    _add(game, ev.START, BEIDOU, {})
    return game


def test_a_sent_suicide_stays() -> None:
    """「角色自杀在行动提交阶段提交，即时生效」「角色自杀和行动提交阶段即时生效的技能不可修改」: a later list must keep it
    (the successor's actions may follow it); neither the player nor the 北斗 for them can withdraw it."""
    game = opened()
    _add(game, ev.SUBMIT, "D01", {"actions": [{"skill": "自杀", "targets": []}]})
    for actor, payload in (("D01", {"actions": []}),
                           (BEIDOU, {"player": "D01", "actions": [], "via": "message"})):
        try:
            _add(game, ev.SUBMIT, actor, payload)
        except Refused as exc:
            assert exc.status == 409 and "不可撤回" in exc.message
        else:
            raise AssertionError("a sent suicide was withdrawn")
    assert game.current.submissions["D01"] == [{"actor": "D01", "skill": "自杀", "targets": []}]
    _add(game, ev.SUBMIT, "D01", {"actions": [{"skill": "自杀", "targets": []}]})  # sent again: unchanged


def test_a_skill_said_to_be_used_by_day_is_offered_by_day() -> None:
    """「技能中说明“白天使用”的技能可在此时使用」: an 在野 dealt such a skill may submit it by day; others only vote."""
    from tianting.rules.dingli2.pack import default_pack

    pack = default_pack()

    def by_day(character: str) -> list[str]:
        c = pack.characters[character]
        return [s.name for s in c.skills if s.kind == "active" and pack.extra(c.name, s.name).when == "day"]

    seed, holder = next((seed, seat["id"]) for seed in range(1, 200)
                        for seat in opened(seed).setup["players"] if by_day(seat["character"]))
    game = opened(seed)
    for pid in IDS:
        _add(game, ev.SUBMIT, pid, {"actions": []})
    _add(game, ev.RESOLVE, BEIDOU, {"why": "judge"})
    _add(game, ev.PUBLISH, BEIDOU, {})
    assert game.current.kind == "day" and game.acts_by_day(holder)
    assert game.player_view(holder)["open"]["by_day"] is True
    skill = by_day(game.characters[holder])[0]
    other = next(p for p in IDS if p != holder)
    _add(game, ev.SUBMIT, holder, {"actions": [{"skill": skill, "targets": [other]}]})
    assert game.current.submissions[holder][0]["skill"] == skill
    plain = next(p for p in IDS if not game.acts_by_day(p))
    try:
        _add(game, ev.SUBMIT, plain, {"actions": []})
    except Refused as exc:
        assert "白天只能投票" in exc.message
    else:
        raise AssertionError("a day action from a player without a day skill was taken")


def test_only_the_caipan_brings_back_a_player_he_disqualified() -> None:
    """RJ1: 「裁判……有權利取消違紀玩家比賽資格」, and each judge takes back only his own acts: the 北斗 may not
    restore an id the 裁判 sent out (refused, nothing changed); the 裁判 may; an id the 北斗 sent out the 北斗 may."""
    game = drafted()
    _add(game, ev.RULE, CAIPAN, {"ruling": {"effect": "remove", "target": "D04", "text": "違紀"}})
    _add(game, ev.RULE, BEIDOU, {"ruling": {"effect": "remove", "target": "D05", "text": "暫離"}})
    _add(game, ev.PUBLISH, BEIDOU, {})
    assert judges.disqualified_by_caipan(game) == {"D04"}
    _add(game, ev.RESOLVE, NANDOU, {"why": "judge"})
    _add(game, ev.PUBLISH, BEIDOU, {})
    for pid in IDS:
        if game.base.state.players[pid].alive:
            _add(game, ev.SUBMIT, pid, {"actions": []})
    _add(game, ev.RESOLVE, BEIDOU, {"why": "judge"})
    before = game.export()
    try:
        _add(game, ev.RULE, BEIDOU, {"ruling": {"effect": "restore", "target": "D04"}})
    except Refused as exc:
        assert exc.status == 403 and "只有裁判" in exc.message
    else:
        raise AssertionError("the 北斗 undid the 裁判's disqualification")
    assert game.export() == before
    _add(game, ev.RULE, BEIDOU, {"ruling": {"effect": "restore", "target": "D05"}})
    _add(game, ev.RULE, CAIPAN, {"ruling": {"effect": "restore", "target": "D04"}})
    _add(game, ev.PUBLISH, BEIDOU, {})
    assert game.base.state.players["D04"].alive and game.base.state.players["D05"].alive
    assert judges.disqualified_by_caipan(game) == set()


def _playing(game: HostedGame, character: str) -> str:
    return next(p.id for p in game.base.state.players.values() if p.character == character)


def test_after_a_suicide_the_player_sees_the_successor_and_acts_as_him_that_night() -> None:
    """「角色自杀在行动提交阶段提交，即时生效」「前者死亡后，继承者立即登场继续游戏」 (D-A2): before the 自杀 nothing of
    the successor is shown; once it is sent, the page says the suicide took effect and shows the successor's skills
    (糜氏's successor 黄月英: 木牛流马, 诸葛连弩), and an action only the successor has is taken."""
    game = opened()
    pid = _playing(game, "糜氏")
    before = game.player_view(pid)
    assert "successors" not in before["open"]
    assert "黄月英" not in repr(before) and "木牛流马" not in repr(before)
    _add(game, ev.SUBMIT, pid, {"actions": [{"skill": "相夫教子", "targets": []}]})  # the dead one's own: no successor
    assert "successors" not in game.player_view(pid)["open"]
    _add(game, ev.SUBMIT, pid, {"actions": [{"skill": "自杀", "targets": []}]})
    view = game.player_view(pid)
    [row] = view["open"]["successors"]
    assert row["character"] == "黄月英" and row["identity"] == "女眷" and not row["branch"]
    assert row["notice"].startswith("自杀即时生效")
    skills = [s["skill"] for s in row["skills"]]
    assert {"木牛流马", "诸葛连弩", "自杀"} <= set(skills) and "相夫教子" not in skills
    _add(game, ev.SUBMIT, pid, {"actions": [{"skill": "自杀", "targets": []},
                                            {"skill": "木牛流马", "targets": [IDS[5]]}]})
    assert [a["skill"] for a in game.current.submissions[pid]] == ["自杀", "木牛流马"]
    try:  # the dead character's own skill is no longer hers to send
        _add(game, ev.SUBMIT, pid, {"actions": [{"skill": "自杀", "targets": []}, {"skill": "相夫教子", "targets": []}]})
    except Refused as exc:
        assert exc.status == 422 and "继承者" in exc.message
    else:
        raise AssertionError("the dead character's skill was taken after her suicide")


def test_where_the_line_branches_each_successor_is_shown_labelled() -> None:
    """「前者死亡后，继承者立即登场继续游戏」 with 曹操——曹丕 或 曹植: the choice is the player's 【继任】 at the death, so
    each branch is shown with its skills, labelled, and an action either branch could send is taken (D-A2)."""
    game = opened()
    pid = _playing(game, "曹操")
    _add(game, ev.SUBMIT, pid, {"actions": [{"skill": "自杀", "targets": []}]})
    rows = game.player_view(pid)["open"]["successors"]
    assert [r["character"] for r in rows] == ["曹丕", "曹植"] and all(r["branch"] for r in rows)
    assert "代汉自立" in [s["skill"] for s in rows[0]["skills"]]
    assert "琳琅妙笔" in [s["skill"] for s in rows[1]["skills"]]
    assert all("若你在【继任】中选择此角色" in r["label"] for r in rows) and "继任" in rows[0]["notice"]
    _add(game, ev.SUBMIT, pid, {"actions": [{"skill": "自杀", "targets": []},
                                            {"skill": "琳琅妙笔", "targets": [IDS[5]]}]})
    assert [a["skill"] for a in game.current.submissions[pid]] == ["自杀", "琳琅妙笔"]


def test_the_successor_is_shown_to_nobody_else() -> None:
    """The successor is the player's own information: no other player's view, nor the public posts, shows it."""
    game = opened()
    pid = _playing(game, "曹操")
    _add(game, ev.SUBMIT, pid, {"actions": [{"skill": "自杀", "targets": []}]})
    for other in IDS:
        if other == pid:
            continue
        view = game.player_view(other)
        assert "successors" not in view["open"], other
        assert "曹丕" not in repr(view["open"]) and "曹植" not in repr(view["open"]), other
    assert "曹丕" not in repr(game.public_announcements())


def test_a_spent_line_says_the_id_leaves_the_game() -> None:
    """「全部继任者都死亡则退出游戏」: a suicide with no successor left shows the exit, and nothing more is taken."""
    game = opened()
    pid = _playing(game, "糜氏")
    _add(game, ev.SUBMIT, pid, {"actions": [{"skill": "自杀", "targets": []}, {"skill": "自杀", "targets": []}]})
    [row] = game.player_view(pid)["open"]["successors"]
    assert row["character"] is None and "退出游戏" in row["notice"]


def test_a_refused_peace_application_stands_and_the_game_goes_on() -> None:
    """「6夜后三国可在行动提交阶段共提交一次议和申请，如果三国都同意议和，则游戏结束，三国议和。」 Hosted: while night 6
    is open, an application one country did not agree to is recorded on the last published phase (the export's
    ``peace_refused``), the game goes on, and the game's one application is spent: a second is refused."""
    import random

    from tests.hosting.random_hosted import created, play_out

    game = play_out(created("dingli2", IDS, 5, "鼎立"), random.Random(1), lambda base, bot: [],
                    lambda base, bot: {}, max_phases=10)
    assert [(p.kind, p.number) for p in game.phases][-2:] == [("day", 6), ("night", 6)] and game.stage == "open"
    lords = {c: next(p.id for p in game.base.members(c) if p.identity == "君主") for c in ("魏", "蜀", "吴")}
    _add(game, ev.PEACE, ev.JUDGE, {"proposer": lords["魏"], "agreed": [lords["蜀"]]})
    assert not game.over and game.current.kind == "night" and game.stage == "open"
    assert game.phases[-2].peace == {"proposer": lords["魏"], "agreed": [lords["蜀"]]}
    with pytest.raises(Refused) as again:
        _add(game, ev.PEACE, ev.JUDGE, {"proposer": lords["魏"], "agreed": [lords["蜀"], lords["吴"]]})
    assert "只能共提交一次" in again.value.message and not game.over
    _add(game, ev.RESOLVE, ev.JUDGE, {"phase": len(game.phases) - 1})  # night 6 is played as usual
    _add(game, ev.PUBLISH, ev.JUDGE, {})
    _add(game, ev.PEACE, ev.JUDGE, {"judge": True})  # the 北斗's word (D-V3) ends it
    exported = game.export()
    assert exported["over"] and exported["result"]["peace"] is True
    refusals = [p["peace_refused"] for p in exported["transcript"]["phases"] if "peace_refused" in p]
    assert refusals == [{"proposer": lords["魏"], "agreed": [lords["蜀"]], "reason": "以下各方未同意议和：吴"}]
    assert verify_export(exported).failures == []


def _all_in(game: HostedGame, lists: dict[str, list[dict]], at: str) -> None:
    """Every participant sends at ``at`` (their list in ``lists``, else none), the system's follow-ups applied."""
    for pid in game.participants():
        game.apply(Event(game.seq + 1, ev.SUBMIT, pid, {"actions": lists.get(pid, [])}, at))
    for kind, actor, payload in game.follow_ups(at):
        game.apply(Event(game.seq + 1, kind, actor, payload, at))


def test_qiaoshe_fanjian_gives_its_user_fifteen_more_minutes_and_the_named_ids_actions() -> None:
    """「技能巧设反间提交后，在行动提交阶段结束后，向周瑜进行反馈。并实际延长周瑜以及与周瑜互识的角色15分钟的时间提交行动。」
    (D-A7): once everyone is in, the stage ends with an extension instead of the resolution; 周瑜 sees what the id he
    named sent; only he may change his list until the extension ends (another's refusal names nobody); then the
    system resolves."""
    game = opened()
    zhouyu = _playing(game, "周瑜")
    named = next(p for p in IDS if p != zhouyu)
    other = next(p for p in IDS if p not in (zhouyu, named))
    at = "2026-12-01T10:00:00+00:00"
    _all_in(game, {zhouyu: [{"skill": "巧设反间", "targets": [named]}],
                   named: [{"skill": "自杀", "targets": []}]}, at)
    phase = game.current
    assert game.stage == "open" and not phase.resolved
    assert phase.extension["until"] == "2026-12-01T10:15:00+00:00" and phase.extension["players"] == [zhouyu]
    assert game.events[-1].kind == ev.EXTEND and game.events[-1].actor == ev.SYSTEM
    mine = game.player_view(zhouyu)["open"]
    assert mine["extension"]["until"] == "2026-12-01T10:15:00+00:00" and mine["may_act"]
    assert mine["extension"]["report"] == {"target": named, "hidden": False, "lines": ["使用了【自杀】"]}
    theirs = game.player_view(other)["open"]
    assert "extension" not in theirs and not theirs["may_act"] and "巧设反间" not in repr(theirs)
    with pytest.raises(Refused) as late:
        game.apply(Event(game.seq + 1, ev.SUBMIT, other, {"actions": []}, "2026-12-01T10:05:00+00:00"))
    assert late.value.status == 409 and zhouyu not in late.value.message and "已結束" in late.value.message
    game.apply(Event(game.seq + 1, ev.SUBMIT, zhouyu, {"actions": []}, "2026-12-01T10:05:00+00:00"))
    assert game.current.submissions[zhouyu] == []
    assert game.follow_ups("2026-12-01T10:14:59+00:00") == []
    assert game.due() == "2026-12-01T10:15:00+00:00"
    assert game.follow_ups("2026-12-01T10:15:00+00:00") == [
        (ev.RESOLVE, ev.SYSTEM, {"phase": 0, "why": "extension"})]
    with pytest.raises(Refused):  # not before its end, nor for another reason
        game.apply(Event(game.seq + 1, ev.RESOLVE, ev.SYSTEM, {"phase": 0, "why": "extension"},
                         "2026-12-01T10:10:00+00:00"))
    with pytest.raises(Refused):
        game.apply(Event(game.seq + 1, ev.RESOLVE, ev.SYSTEM, {"phase": 0, "why": "all-in"},
                         "2026-12-01T10:16:00+00:00"))
    game.apply(Event(game.seq + 1, ev.RESOLVE, ev.SYSTEM, {"phase": 0, "why": "extension"},
                     "2026-12-01T10:15:00+00:00"))
    assert game.stage == "draft"
    assert HostedGame.fold(list(game.events)).current.extension == phase.extension  # the log replays it


def test_the_extension_starts_at_the_deadline_and_cannot_be_forged() -> None:
    """At the deadline (not everyone in) the stage ends the same way; an ``extend`` event the rule set does not give
    (wrong ids or time, from a judge, with no 巧设反间 sent) is refused and changes nothing."""
    game = opened()
    _add(game, ev.DEADLINE, BEIDOU, {"deadline": "2026-12-01T12:00:00+00:00"})
    zhouyu = _playing(game, "周瑜")
    before = "2026-12-01T11:00:00+00:00"
    with pytest.raises(Refused):  # nothing sent yet: nothing to extend
        game.apply(Event(game.seq + 1, ev.EXTEND, ev.SYSTEM, {"phase": 0, "until": "2026-12-01T12:15:00+00:00",
                                                                "players": [zhouyu]}, "2026-12-01T12:00:00+00:00"))
    game.apply(Event(game.seq + 1, ev.SUBMIT, zhouyu, {"actions": [{"skill": "巧设反间", "targets": [IDS[0]]}]}, before))
    assert game.follow_ups(before) == []
    at = "2026-12-01T12:00:00+00:00"
    [(kind, actor, payload)] = game.follow_ups(at)
    assert (kind, actor) == (ev.EXTEND, ev.SYSTEM) and payload["until"] == "2026-12-01T12:15:00+00:00"
    for forged_actor, forged in [(ev.SYSTEM, {**payload, "players": IDS[:3]}),
                                 (ev.SYSTEM, {**payload, "until": "2026-12-01T13:00:00+00:00"}),
                                 (BEIDOU, payload)]:
        seq = game.seq
        with pytest.raises(Refused):
            game.apply(Event(game.seq + 1, ev.EXTEND, forged_actor, forged, at))
        assert game.seq == seq and game.current.extension is None
    with pytest.raises(Refused):  # before the deadline the stage has not ended
        game.apply(Event(game.seq + 1, ev.EXTEND, ev.SYSTEM, payload, "2026-12-01T11:59:00+00:00"))
    game.apply(Event(game.seq + 1, kind, actor, payload, at))
    assert game.current.extension["players"] == [zhouyu]
    with pytest.raises(Refused):  # the stage is over: the judge may resolve, not move the deadline
        _add(game, ev.DEADLINE, BEIDOU, {"deadline": "2026-12-01T13:00:00+00:00"})
