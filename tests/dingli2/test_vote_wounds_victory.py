"""Seed 003: 舌辨, 受伤、死亡与伤害事件 (伤判 with a committed table), 公告 and 胜利条件."""

from __future__ import annotations

import pytest

from tianting.core.errors import IllegalAction
from tianting.core.state import Status
from tianting.rules.dingli2 import RULESET, wounds
from tianting.rules.dingli2.game import elimination_bonus

from .table import Table, act, force_deal, rule

NINE = ("曹操", "郭嘉", "程昱", "荀攸", "张辽", "夏侯惇", "夏侯渊", "典韦", "卞氏")


def all_vote(t: Table, target: str, voters: tuple[str, ...] | None = None) -> dict[str, str]:
    """Every id of a country votes ``target`` (the rest, not voting, vote themselves)."""
    return {v: target for v in (voters or NINE)}


# ---- 舌辨 ------------------------------------------------------------------------------------
def test_the_top_is_wounded_while_their_country_has_a_lord() -> None:
    """「得到票数最多的角色所属国籍若存在君主则受伤」."""
    t = Table()
    t.night()
    r = t.day(all_vote(t, "刘备"))
    assert r.announcement["voted"] == "刘备" and t.status("刘备") == "injured"


def test_the_top_dies_when_their_country_has_no_lord() -> None:
    """「若不存在君主则死亡」: 吴 without a 君主 (孙坚's line gone); an 在野 not joined has none either (D-D3)."""
    t = Table()
    t.night()
    t.state.player("孙坚").status = Status.OUT
    t.day(all_vote(t, "黄盖"))
    assert t.character("黄盖") == "周泰"
    t.night()
    r = t.day(all_vote(t, "袁绍"))
    assert t.status("袁绍") == "out" and "袁绍" in r.announcement["exited"]


def test_a_tie_harms_nobody() -> None:
    """「（若有平票则不受伤）」."""
    t = Table()
    t.night()
    votes = {**{v: "刘备" for v in NINE[:4]}, **{v: "孙坚" for v in NINE[4:8]}}
    r = t.day(votes)
    assert r.announcement["voted"] is None and t.status("刘备") == t.status("孙坚") == "alive"


def test_no_abstaining_a_late_vote_is_a_self_vote_shown_as_own_id() -> None:
    """「投票不能弃权，过时不投视为自投一票（票面显示为自己的ID）。」"""
    t = Table()
    t.night()
    r = t.day({"曹操": "刘备"})
    assert r.announcement["ballot"]["刘备"] == "刘备" and r.announcement["ballot"]["曹操"] == "刘备"
    assert len(r.announcement["ballot"]) == 26 and "刘备 → 刘备" in r.announcement["text"]


def test_only_the_original_ballot_is_posted_and_hidden_votes_count() -> None:
    """「投票的内容会在版面公布，但只公布原始票面情况，实际投票结果会受到技能影响。」 and 暗票 (「额外投暗票」, one
    vote each, not on the ballot: D-D2); a vote the judge voids stays on the ballot."""
    t = Table()
    t.night()
    votes = {**{v: "刘备" for v in NINE[:4]}, **{v: "孙坚" for v in NINE[4:8]}}
    r = t.day(votes, rulings=(rule("hidden_vote", "孙坚", text="结纳豪俊"), rule("void", voter="曹操")))
    assert r.announcement["voted"] == "孙坚" and t.status("孙坚") == "injured"
    assert r.announcement["ballot"]["曹操"] == "刘备" and "曹操" not in r.announcement["votes"]
    public = RULESET.player_view(t.game, "刘备")["announcements"][-1]
    assert public["ballot"] == r.announcement["ballot"] and "votes" not in public
    assert sum(1 for v in public["ballot"].values() if v == "孙坚") == 5  # four, and 孙坚's own late vote


# ---- 伤害 ------------------------------------------------------------------------------------
def test_two_wounds_kill_and_harm_is_summed_at_the_end() -> None:
    """「受到两次及以上致伤伤害则致死。」「角色受到伤害的判定在结算最后一步进行，将当夜该角色受到所有伤害事件进行汇总。」"""
    t = Table()
    t.night(rulings=(rule("injure", "刘备"), rule("injure", "刘备")))
    assert t.character("刘备") == "刘禅"
    t2 = Table().force("本国刺杀减轻 张辽→典韦", True)
    t2.night(act("张辽", "刺杀", "典韦"), rulings=(rule("injure", "典韦"),))
    assert t2.character("典韦") == "许褚"


def test_a_wound_on_the_wounded_kills() -> None:
    """Two wounds kill: a wound while wounded is the second (D-H1)."""
    t = Table()
    force_deal(t, "刘备", 1)
    t.night(rulings=(rule("injure", "刘备"),))
    t.day(digits={"刘备": 9})
    assert t.status("刘备") == "injured"
    t.night(rulings=(rule("injure", "刘备"),))
    assert t.character("刘备") == "刘禅"


def test_harm_lessened_and_deepened() -> None:
    """「伤害减轻：即受伤改为状态正常，死亡改为受伤。伤害加深：即受伤直接死亡。」"""
    t = Table()
    t.night(rulings=(rule("kill", "刘备"), rule("lessen", "刘备"), rule("injure", "孙坚"), rule("lessen", "孙坚"),
                     rule("injure", "曹操"), rule("deepen", "曹操")),
            answers=[{"actor": "曹操", "skill": "继任", "answer": "曹丕"}])
    assert t.status("刘备") == "injured" and t.status("孙坚") == "alive" and t.character("曹操") == "曹丕"


def test_wound_table_is_committed_before_the_digit_and_revealed_after() -> None:
    """伤判: 「玩家向法官提交一个0-9的数字」 picks from a table shuffled in advance; the hash is told at once."""
    t = Table()
    r = t.night(rulings=(rule("injure", "刘备"),))
    (told,) = [f for f in r.feedback["刘备"] if f.skill == "伤判"]
    digest = told.data["commitment"]
    assert digest in told.text and told.data["nth"] == 1
    r = t.day(digits={"刘备": 4})
    (check,) = [f for f in r.feedback["刘备"] if f.skill == "伤判"]
    revealed = {"table": check.data["table"], "salt": check.data["salt"], "hash": digest}
    assert wounds.check_reveal(revealed) and check.data["commitment"] == digest
    assert check.data["outcome"] == check.data["table"][4] and not check.data["drawn"]
    assert sorted(check.data["table"]) == sorted(wounds.FIRST_TABLE)
    assert wounds.FIRST_TABLE.count("died") == 3 and wounds.FIRST_TABLE.count("healed") == 3
    assert wounds.SECOND_TABLE.count("died") == 5 and wounds.SECOND_TABLE.count("healed") == 5
    forged = dict(revealed, table=sorted(revealed["table"]))
    assert forged["table"] == revealed["table"] or not wounds.check_reveal(forged)


def test_first_check_30_30_40_then_second_50_50() -> None:
    """「受伤第一日有30%的概率死亡，30%概率痊愈，40%概率继续受伤；受伤第二日有50%概率死亡，50%概率痊愈。」"""
    t = Table()
    force_deal(t, "刘备", 1)
    t.night(rulings=(rule("injure", "刘备"),))
    force_deal(t, "刘备", 2)
    r = t.day(digits={"刘备": 7})
    assert r.announcement["wound_checks"] == {"刘备": "injured"}
    t.night()
    r = t.day(digits={"刘备": 6})
    assert r.announcement["wound_checks"] == {"刘备": "died"} and t.character("刘备") == "刘禅"
    t.check_unused()


def test_a_missing_digit_is_drawn_and_recorded() -> None:
    """A wounded player who sends no digit: one is drawn with the game's generator, recorded (``伤判数字``)."""
    t = Table()
    force_deal(t, "刘备", 1)
    t.night(rulings=(rule("injure", "刘备"),))
    t.force("伤判数字 刘备", "1")
    r = t.day()
    assert r.announcement["wound_checks"] == {"刘备": "healed"} and t.status("刘备") == "alive"
    assert any(d["purpose"] == "伤判数字 刘备" for d in r.draws)


def test_the_check_takes_effect_after_the_day() -> None:
    """「伤判的结果在白天结束后生效」: a wounded player voted top dies of the vote, though the check would heal."""
    t = Table()
    force_deal(t, "刘备", 1)
    t.night(rulings=(rule("injure", "刘备"),))
    r = t.day(all_vote(t, "刘备"), digits={"刘备": 0})
    assert t.character("刘备") == "刘禅" and r.announcement["wound_checks"] == {}
    assert any("伤判结果不再生效" in line for line in r.trace)


# ---- 公告 ------------------------------------------------------------------------------------
def test_night_post_counts_leave_out_suicide_and_natural_deaths() -> None:
    """「当夜死亡及受伤的角色人数（今夜共计死亡Y人，受伤Z人）」「自杀、自然死亡、伤判死亡的人不计入公告的死亡数字，
    也无遗言发布。」 and 「退出游戏的玩家ID（XX退出游戏）」, 「当夜死亡角色的遗言」."""
    t = Table()
    r = t.night(act("袁绍", "自杀"), rulings=(rule("kill", "刘备"), rule("injure", "孙坚")),
                last_words={"袁绍": "我去也", "刘备": "云长报仇"})
    a = r.announcement
    assert a["deaths"] == 1 and a["wounds"] == 1
    assert "今夜共计死亡1人，受伤1人。" in a["text"] and "袁绍退出游戏" in a["text"]
    assert a["last_words"] == {"刘备": "云长报仇"} and any("袁绍" in w and "无遗言" in w for w in r.warnings)
    assert "蜀国死亡1人" in a["summary"] and "吴国受伤1人" in a["summary"] and "魏国平安无事" in a["summary"]
    public = RULESET.player_view(t.game, "曹操")["announcements"][-1]
    assert "died" not in public  # counts, not names: whose character died is the judge's record


def test_natural_death_is_not_counted() -> None:
    """「自然死亡……的人不计入公告的死亡数字」: 郭嘉 (the pack's 8.1 fact: dies at night 3's resolution)."""
    t = Table()
    t.night()
    t.day()
    t.night()
    t.day()
    r = t.night(answers=[{"actor": "徐庶", "skill": "继任", "answer": "马良"}])
    assert t.character("郭嘉") == "荀彧" and r.announcement["deaths"] == 0


def test_global_skills_are_in_the_chronicle() -> None:
    """「当夜的大事记（即全局技能或有特殊说明的需要公告的技能）」."""
    t = Table()
    r = t.night(act("张辽", "威震逍遥津"))
    assert "大事记：张文远威震逍遥津" in r.announcement["text"]  # the 8.1 list's line for this global


def test_day_post_ballot_joinings_exits_and_day_four_unaligned() -> None:
    """「当天投票原始票面、昨夜在野入国情况、白天行动投票阶段后退出游戏的玩家ID。第四日投票公告将公布当届所有在野角色
    名字。」"""
    t = Table()
    t.night(act("曹操", "招揽", "袁绍", character="袁绍"), answers=[{"actor": "袁绍", "skill": "入国", "answer": "魏"}])
    r = t.day()
    assert r.announcement["joined"] == {"袁绍": "魏"} and "袁绍加入魏国" in r.announcement["text"]
    assert "unaligned_characters" not in r.announcement
    t.night()
    assert t.day().announcement["joined"] == {}
    t.night(answers=[{"actor": "徐庶", "skill": "继任", "answer": "马良"}])
    r = t.day()
    assert r.announcement["title"] == "第4日"
    assert r.announcement["unaligned_characters"] == ["袁绍", "华佗", "吕布"]


# ---- 胜利条件 ----------------------------------------------------------------------------------
def test_elimination_thresholds_by_table_size() -> None:
    """「君主死亡+人数小于等于3个或君主存活+人数小于等于2个（24人局）。当游戏为27人局时，灭亡条件人数上限加一。当游戏
    为30人局时，灭亡条件人数上限加二。」 (D-V4: by tier, 26 → +0, 29 → +1, 32 → +2; the EX seat changes nothing)"""
    assert [elimination_bonus(n) for n in (24, 26, 27, 29, 30, 32)] == [0, 0, 1, 1, 2, 2]
    ex = Table(ex=True)
    for pid in ("孙坚", "周瑜", "鲁肃", "吕蒙"):
        ex.state.player(pid).status = Status.OUT
    assert ex.game.eliminated_now() == ["吴"]  # 27 ids, a 26 table: no lord, 3 left
    t = Table()
    for pid in ("孙坚", "周瑜", "鲁肃"):
        t.state.player(pid).status = Status.OUT
    assert t.game.eliminated_now() == []  # 吴: no lord, 4 left
    t.state.player("吕蒙").status = Status.OUT
    assert t.game.eliminated_now() == ["吴"]
    t29 = Table(size=29)
    for pid in ("周瑜", "鲁肃", "吕蒙"):
        t29.state.player(pid).status = Status.OUT
    assert t29.game.eliminated_now() == []  # lord alive, 4 left > 2 + 1
    t29.state.player("甘宁").status = Status.OUT
    assert t29.game.eliminated_now() == ["吴"]


def test_joined_unaligned_count_toward_their_country() -> None:
    """「此人数只计算玩家人数，包括投靠此国的在野武将，不计算仍未出场的继承角色。」"""
    t = Table()
    recruit_to = "吴"
    t.night(act("孙坚", "招揽", "袁绍", character="袁绍"), answers=[{"actor": "袁绍", "skill": "入国", "answer": recruit_to}])
    t.day()
    for pid in ("周瑜", "鲁肃", "吕蒙", "甘宁", "黄盖"):
        t.state.player(pid).status = Status.OUT
    assert t.game.eliminated_now() == []  # 孙坚, 小乔 and 袁绍: 3 > 2
    t.state.player("袁绍").status = Status.OUT
    assert t.game.eliminated_now() == ["吴"]


def test_before_formation_wei_falling_gives_the_allies_the_win() -> None:
    """「三足鼎立格局未达成时，魏国灭亡，则吴蜀联军胜利」; the fallen side's ids leave after the post."""
    t = Table()
    for pid in NINE[:7]:
        t.state.player(pid).status = Status.OUT
    r = t.night()
    assert t.state.over and t.state.winners == ["蜀", "吴"]
    assert "魏国灭亡" in r.announcement["text"] and set(r.announcement["exited"]) == {"典韦", "卞氏"}


def test_before_formation_shu_and_wu_falling_gives_wei_the_win() -> None:
    """「吴国蜀国灭亡则魏国胜利」: one of them alone is not enough."""
    t = Table()
    for pid in ("刘备", "徐庶", "庞统", "关羽", "张飞"):
        t.state.player(pid).status = Status.OUT
    t.night()
    assert t.state.eliminated == ["蜀"] and not t.state.over
    for pid in ("孙坚", "周瑜", "鲁肃", "吕蒙", "甘宁"):
        t.state.player(pid).status = Status.OUT
    t.day()
    assert t.state.over and t.state.winners == ["魏"]


def test_after_formation_the_last_of_three_wins() -> None:
    """「三足鼎立格局达成后，三国之中有两国灭亡时，第三国胜利。」 Formation is the judge's ruling (D-V1)."""
    t = Table()
    r = t.night(rulings=(rule("formation", why="三国君主皆已称帝"),))
    assert t.state.extra["formed"] and "大事记：三足鼎立格局达成" in r.announcement["text"]
    for pid in NINE[:7]:
        t.state.player(pid).status = Status.OUT
    t.day()
    assert t.state.eliminated == ["魏"] and not t.state.over
    for pid in ("刘备", "徐庶", "庞统", "关羽", "张飞"):
        t.state.player(pid).status = Status.OUT
    t.night()
    assert t.state.over and t.state.winners == ["吴"]


def test_peace_from_night_six_once_all_three_agree() -> None:
    """「6夜后三国可在行动提交阶段共提交一次议和申请，如果三国都同意议和，则游戏结束，三国议和。」 D-V3: 「6夜后」
    counts the sixth night (as seed 001's 「登场几夜后自动死亡……第三夜结算时自然死亡」), so the application is
    taken from night 6's submission phase on, refused in night 5's and by day; one a game."""
    t = Table()
    assert "第6夜起" in (t.game.peace_agreed("曹操", ["刘备", "孙坚"]) or "")
    natural = {3: [{"actor": "徐庶", "skill": "继任", "answer": "马良"}],  # the pack's natural deaths that branch
               4: [{"actor": "周瑜", "skill": "继任", "answer": "陆逊"}]}
    for _ in range(4):
        t.night(answers=natural.get(t.game.number))
        t.day()
    assert t.game.number == 5 and t.game.phase.value == "night"
    assert "第6夜起" in (t.game.peace_agreed("曹操", ["刘备", "孙坚"]) or "")  # night 5's submission phase
    t.night()
    assert t.game.number == 6 and t.game.phase.value == "day"
    assert "第6夜起" in (t.game.peace_agreed("曹操", ["刘备", "孙坚"]) or "")  # 第6日: by day
    t.day()
    assert t.game.number == 6 and t.game.phase.value == "night"
    assert "蜀" in (t.game.peace_agreed("曹操", ["孙坚"]) or "")  # 蜀 did not agree: the one application is used
    assert "只能共提交一次" in (t.game.peace_agreed("曹操", ["刘备", "孙坚"]) or "")


def test_peace_in_night_six_ends_the_game() -> None:
    """「如果三国都同意议和，则游戏结束，三国议和。」 in night 6's submission phase (D-V3); each country agrees
    through its 君主."""
    t = Table()
    natural = {3: [{"actor": "徐庶", "skill": "继任", "answer": "马良"}],
               4: [{"actor": "周瑜", "skill": "继任", "answer": "陆逊"}]}
    for _ in range(5):
        t.night(answers=natural.get(t.game.number))
        t.day()
    assert t.game.number == 6 and t.game.phase.value == "night"
    lords = {c: next(p.id for p in t.game.members(c) if p.identity == "君主") for c in ("魏", "蜀", "吴")}
    assert t.game.peace_agreed(lords["魏"], [lords["蜀"], lords["吴"]]) is None
    t.game.declare_peace("三国议和")
    assert t.state.over and t.state.peace and t.state.winners == []


def test_every_check_of_a_game_is_proven_against_its_commitment() -> None:
    """「玩家向法官提交一个0-9的数字」: no one chose the outcome. ``wounds.audit`` walks a game's feedback: each
    revealed table hashes to the commitment told a phase earlier, and a tampered one is caught."""
    t = Table()
    for pid in ("刘备", "孙坚", "曹操"):
        force_deal(t, pid, 1)
    for pid in ("刘备", "曹操"):
        force_deal(t, pid, 2)
    t.night(rulings=(rule("injure", "刘备"), rule("injure", "孙坚"), rule("injure", "曹操")))
    t.day(digits={"刘备": 7, "孙坚": 0, "曹操": 8})  # still wounded, healed, still wounded
    t.night()
    t.day(digits={"刘备": 1, "曹操": 2})  # both healed at the second check
    checks = [f for r in t.results for items in r.feedback.values() for f in items if "table" in f.data]
    assert len(checks) >= 3 and wounds.audit(t.results) == []
    victim = checks[0]
    victim.data["table"] = list(reversed(victim.data["table"]))
    assert wounds.audit(t.results) and "不符" in " ".join(wounds.audit(t.results))


def test_wound_checks_are_not_posted() -> None:
    """The posts name no wounded id (counts only, 「不公告白天受伤及死亡人数」): a check is told to its player alone."""
    t = Table()
    t.night(rulings=(rule("injure", "刘备"),))
    t.day(digits={"刘备": 3})
    for pid in ("曹操", "刘备"):
        assert "wound_checks" not in RULESET.player_view(t.game, pid)["announcements"][-1]
    assert any(f["skill"] == "伤判" for f in RULESET.player_view(t.game, "刘备")["feedback"][-1])


def test_an_unaligned_who_leaves_before_joining_does_not_join() -> None:
    """「在野若还没有入国就退出游戏，则不能入国。」"""
    t = Table()
    t.night(act("曹操", "招揽", "袁绍", character="袁绍"), answers=[{"actor": "袁绍", "skill": "入国", "answer": "魏"}])
    r = t.day(all_vote(t, "袁绍"))
    assert t.status("袁绍") == "out" and r.announcement["joined"] == {}
    assert t.state.player("袁绍").country == "在野"


# ---- 退出游戏 and 国家群 --------------------------------------------------------------------------
def test_an_id_sent_out_of_the_game_is_announced_and_not_counted() -> None:
    """「当某ID的最后一名角色死亡，或受到某些造成某ID暂时离开游戏的技能时，公告该ID退出游戏。」 and the 裁判's
    「取消违纪玩家比赛资格」: the ruling ``remove`` (D-X1) — an exit, no death, no successor."""
    t = Table()
    r = t.night(rulings=(rule("remove", "曹操", why="铜雀春深"),))
    assert t.status("曹操") == "out" and t.character("曹操") == "曹操"
    assert r.announcement["deaths"] == 0 and "曹操退出游戏" in r.announcement["text"]
    r = t.day(rulings=(rule("remove", "刘备", why="裁判取消比赛资格"),))
    assert t.status("刘备") == "out" and "刘备" in r.announcement["exited"]


def test_country_group_needs_a_mutual_recognition_with_a_countryman() -> None:
    """「玩家退出游戏时，若其角色没有与任何本国角色互相认识，则不能进入国家群。」"""
    from tianting.engine.recognition import country_group
    from tianting.rules.dingli2.pack import COUNTRIES

    t = Table()
    assert country_group(t.game.state, "曹操", COUNTRIES) is None
    t.night(act("曹操", "招揽", "袁绍", character="袁绍"), answers=[{"actor": "袁绍", "skill": "入国", "answer": "魏"}])
    t.day()
    assert country_group(t.game.state, "袁绍", COUNTRIES) == country_group(t.game.state, "曹操", COUNTRIES) == "魏"
    assert country_group(t.game.state, "华佗", COUNTRIES) is None and country_group(t.game.state, "刘备", COUNTRIES) is None


def test_two_unaligned_who_recognise_each_other_have_no_country_group() -> None:
    """「…若其角色没有与任何本国角色互相认识，则不能进入国家群。」: an 在野 not joined has no 本国, so no group (D-X2); a
    one-sided recognition opens none either (「若A单方认识B且B单方认识A，则两者互相认识。」)."""
    from tianting.engine.recognition import country_group
    from tianting.rules.dingli2.pack import COUNTRIES

    t = Table()
    state = t.game.state
    unaligned = [pid for pid, p in state.players.items() if p.country == "在野"][:2]
    a, b = state.player(unaligned[0]), state.player(unaligned[1])
    a.known[b.id], b.known[a.id] = b.character, a.character
    assert country_group(state, a.id, COUNTRIES) is None and country_group(state, b.id, COUNTRIES) is None
    state.player("曹操").known["夏侯惇"] = "夏侯惇"
    assert country_group(state, "曹操", COUNTRIES) is None
    state.player("夏侯惇").known["曹操"] = "曹操"
    assert country_group(state, "曹操", COUNTRIES) == country_group(state, "夏侯惇", COUNTRIES) == "魏"


def test_the_judge_is_told_who_has_no_last_words() -> None:
    """「自杀、自然死亡、伤判死亡的人……也无遗言发布。」: ``silent`` lists them for the judge (not posted)."""
    t = Table()
    r = t.night(act("袁绍", "自杀"), rulings=(rule("kill", "刘备"),))
    assert r.announcement["silent"] == ["袁绍"] and set(r.announcement["died"]) == {"袁绍", "刘备"}
    assert "silent" not in RULESET.player_view(t.game, "曹操")["announcements"][-1]


def test_a_wound_check_death_is_posted_the_next_night() -> None:
    """「白天判定阶段：在此阶段由进行伤判……判定结果在白天反馈公告阶段后生效。」「伤判的结果在白天结束后生效」 and
    「自杀、自然死亡、伤判死亡的人不计入公告的死亡数字，也无遗言发布」: 袁绍 (no successor) dies of his first check;
    the day's post does not name him, he is out once it is posted, and the next night's post names his exit
    without counting his death. (His own 伤判 skills, 【刚愎自用】 and 【四世三公】, are taken off: they change that,
    docs/rulings/packs-zaiyea.md R-zaiyea-7/8.)"""
    t = Table()
    for skill in ("刚愎自用", "四世三公"):
        t.state.player("袁绍").skills.remove(skill)
    force_deal(t, "袁绍", 1)
    t.night(rulings=(rule("injure", "袁绍"),))
    r = t.day(digits={"袁绍": 4})  # 3–5: died
    assert r.announcement["wound_checks"] == {"袁绍": "died"} and "袁绍" not in r.announcement["exited"]
    assert "袁绍退出游戏" not in r.announcement["text"] and t.status("袁绍") == "out"
    with pytest.raises(IllegalAction):
        t.game.check_action(act("袁绍", "自杀"), [])
    r = t.night(last_words={"袁绍": "……"})
    assert r.announcement["exited"] == ["袁绍"] and "袁绍退出游戏" in r.announcement["text"]
    assert r.announcement["deaths"] == 0 and r.announcement["last_words"] == {}
    t.check_unused()


def test_a_fall_by_a_wound_check_is_posted_the_next_night() -> None:
    """「当一国达到灭国条件，在下一个公告阶段公告该国灭国。」: a 伤判 death after the day's post brings 吴 to two heads
    with its 君主; the fall is in the next post, the night's."""
    t = Table()
    for pid in ("鲁肃", "吕蒙", "甘宁", "黄盖"):
        t.state.player(pid).status = Status.OUT  # 孙坚, 周瑜, 小乔: three heads with a 君主
    t.state.player("小乔").character = "孙尚香"  # the line's last character
    force_deal(t, "小乔", 1)
    t.night(rulings=(rule("injure", "小乔"),))
    r = t.day(digits={"小乔": 3})
    assert r.announcement["fallen"] == [] and t.status("小乔") == "out" and t.state.eliminated == []
    r = t.night()
    assert r.announcement["fallen"] == ["吴"] and r.announcement["exited"] == ["周瑜", "孙坚", "小乔"]  # by id (R52)


def test_last_words_of_every_night_are_posted() -> None:
    """「当夜死亡角色的遗言」: seed 003 has no 快进 and no night after which last words stop (seed 001's 「游戏第七夜及
    之后死亡的角色没有遗言」 is not in it): a death of night 8 has its last words posted, a vote call included
    (「除遗言外，不得以任何形式进行公开号票」)."""
    t = Table()
    natural = {3: [{"actor": "徐庶", "skill": "继任", "answer": "马良"}],
               4: [{"actor": "周瑜", "skill": "继任", "answer": "陆逊"}]}
    for _ in range(7):
        t.night(answers=natural.get(t.game.number))
        t.day()
    assert t.game.number == 8
    r = t.night(rulings=(rule("kill", "典韦"),), last_words={"典韦": "投刘备"})
    assert r.announcement["last_words"] == {"典韦": "投刘备"} and "典韦 的遗言：投刘备" in r.announcement["text"]
    assert not any("遗言" in w for w in r.warnings)


def test_a_joined_unaligned_voted_top_is_wounded_under_the_new_countrys_lord() -> None:
    """「得到票数最多的角色所属国籍若存在君主则受伤」 with 「在野武将入国后变更国籍」: 袁绍, joined to 魏 (曹操 alive), is
    wounded, not killed (D-D3, D-J1)."""
    t = Table()
    t.night(act("曹操", "招揽", "袁绍", character="袁绍"), answers=[{"actor": "袁绍", "skill": "入国", "answer": "魏"}])
    t.day()
    t.night()
    r = t.day(all_vote(t, "袁绍"))
    assert r.announcement["voted"] == "袁绍" and t.status("袁绍") == "injured"


def test_an_id_that_left_for_a_time_comes_back() -> None:
    """「受到某些造成某ID暂时离开游戏的技能时，公告该ID退出游戏」 and 「白天公告……公告出入游戏」: an id sent out for a
    time (``remove``, as *8.1*'s 麻沸散 「经过退出时长后将再次公告该ID回到游戏」) comes back by the ruling ``restore``
    (D-X1): the same character, in a normal state, announced; an id that died cannot, nor one whose country fell."""
    t = Table()
    t.night(rulings=(rule("remove", "关羽", why="麻沸散"), rule("kill", "袁绍")))
    assert t.status("关羽") == "out"
    bad = dict(RULESET.check_rulings(t.game, [rule("restore", "袁绍"), rule("restore", "刘备")]))
    assert set(bad) == {0, 1} and "暂时离开游戏" in bad[0]
    r = t.day(rulings=(rule("restore", "关羽", why="麻沸散时长已过"),))
    assert t.status("关羽") == "alive" and t.character("关羽") == "关羽"
    assert r.announcement["returned"] == ["关羽"] and "关羽回到游戏" in r.announcement["text"]
    assert "returned" in RULESET.player_view(t.game, "曹操")["announcements"][-1]
    t.game.check_action(act("关羽", "刺杀", "曹操"), [])
    t2 = Table()
    for pid in ("鲁肃", "吕蒙", "甘宁", "黄盖"):
        t2.state.player(pid).status = Status.OUT
    t2.night(rulings=(rule("remove", "小乔", why="麻沸散"),))
    assert t2.state.eliminated == ["吴"]
    assert dict(RULESET.check_rulings(t2.game, [rule("restore", "小乔")]))
