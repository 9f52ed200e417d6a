"""Seed 003: 游戏配置, 游戏开始, 所有角色名单, 游戏流程 and the night's actions. Each test cites its sentence."""

from __future__ import annotations

import pytest

from tests.declared_steps import without
from tianting.core.errors import IllegalAction
from tianting.core.state import Status
from tianting.rules.dingli2 import RULESET, DingliGame, SeatSpec, draw_setup
from tianting.rules.dingli2.game import SetupError
from tianting.rules.dingli2.pack import default_pack

from .table import Table, act, force_deal, judged_table, rule, seats


# ---- 游戏配置 ----------------------------------------------------------------------------
@pytest.mark.parametrize(("size", "ex"), [(26, False), (29, False), (32, False), (26, True), (29, True), (32, True)])
def test_table_sizes_and_countries(size: int, ex: bool) -> None:
    """「玩家共26/29/32人，其中魏国初始9人，蜀国初始7人，吴国初始7人，在野3/6/9人，有EX角色时，在野+1人。」"""
    t = Table(size=size, ex=ex)
    counts = {c: sum(1 for p in t.state.players.values() if p.country == c) for c in ("魏", "蜀", "吴", "在野")}
    assert counts == {"魏": 9, "蜀": 7, "吴": 7, "在野": size - 23 + ex}
    assert t.game.quota() == {26: 1, 29: 2, 32: 3}[size]


def test_other_sizes_and_country_counts_are_refused() -> None:
    """26/29/32 players only (27 only with the EX character); 魏 9, 蜀 7, 吴 7."""
    with pytest.raises(SetupError, match="26、29或32"):
        DingliGame.create(seats(26)[:-1], 1)
    full = seats(27)
    with pytest.raises(SetupError, match="26、29或32"):
        DingliGame.create(full, 1)
    no_wei_lord = [s for s in seats(27) if s.character != "曹操"]
    with pytest.raises(SetupError, match="魏初始应有9人"):
        DingliGame.create(no_wei_lord, 1)


def test_only_starting_characters_and_one_of_a_shared_seat() -> None:
    """「魏国初始角色：曹操；……」 a successor does not start; 「鲁肃/张昭」 is one seat."""
    bad = [s if s.character != "曹操" else s.__class__(s.id, "魏", "君主", "曹丕") for s in seats()]
    with pytest.raises(SetupError, match="不是初始角色"):
        DingliGame.create(bad, 1)
    both = seats() + [seats()[0].__class__("张昭", "吴", "军师", "张昭")]
    with pytest.raises(SetupError, match="鲁肃/张昭是同一个初始位置"):
        DingliGame.create(both, 1)


def test_characters_are_assigned_at_random_and_recorded() -> None:
    """「游戏开始之前每个玩家通过随机分配获得角色。」 The deal is drawn with the seed, every draw recorded."""
    ids = [f"玩家{i}" for i in range(26)]
    a, b = draw_setup(ids, 7), draw_setup(ids, 7)
    assert a == b
    assert a != draw_setup(ids, 8)
    chars = [p["character"] for p in a["players"]]
    assert len(set(chars)) == 26 and len({"鲁肃", "张昭"} & set(chars)) == 1
    assert sum(1 for p in a["players"] if p["country"] == "在野") == 3
    assert any(d["purpose"].startswith("分配角色#") for d in a["setup_draws"])
    assert any(d["purpose"].startswith("在野角色#") for d in a["setup_draws"])
    game = DingliGame.create([seats()[0].__class__(p["id"], p["country"], p["identity"], p["character"])
                              for p in a["players"]], 7)
    assert game.phase.value == "night" and game.number == 1
    with_ex = draw_setup(ids + ["玩家26"], 7, ex=True)
    assert "汉少帝" in [p["character"] for p in with_ex["players"]]


# ---- 所有角色名单 --------------------------------------------------------------------------
def test_every_lineage_of_the_list() -> None:
    """「君主：曹操——曹丕——曹睿（或曹操——曹植）」 and every other line of 「所有角色名单」."""
    pack = default_pack()
    lines = {"曹操": ("曹丕", "曹植"), "曹丕": ("曹睿",), "郭嘉": ("荀彧",), "荀彧": ("司马懿",), "程昱": ("贾诩",),
             "贾诩": ("钟会",), "荀攸": ("陈群",), "张辽": ("徐晃", "乐进"), "夏侯惇": ("于禁", "曹仁"),
             "夏侯渊": ("张郃",), "文鸯": ("邓艾",), "典韦": ("许褚",), "卞氏": ("蔡琰", "甄姬"), "刘备": ("刘禅",),
             "徐庶": ("诸葛亮", "马良"), "诸葛亮": ("姜维",), "马良": ("李严",), "庞统": ("法正",),
             "关羽": ("黄忠", "魏延"), "张飞": ("马超",), "赵云": ("陈到",), "糜氏": ("黄月英",), "孙坚": ("孙策",),
             "孙策": ("孙权",), "周瑜": ("陆逊", "诸葛瑾"), "陆逊": ("陆抗",), "诸葛瑾": ("诸葛恪",), "张昭": ("顾雍",),
             "鲁肃": ("顾雍",), "吕蒙": ("朱然",), "甘宁": ("凌统", "丁奉"), "黄盖": ("周泰",), "小乔": ("孙尚香",),
             "袁绍": (), "陈琳": ("陈寿",), "水镜先生": ("管辂",), "孔融": ("祢衡",), "华佗": ("葛玄",),
             "吕布": ("庞德",), "貂蝉": ("灵雎",), "何进": ("丁原",), "于吉": ("左慈",), "十常侍": (),
             "董卓": ("李傕郭汜",), "王允": ("蔡邕",), "汉少帝": ("汉献帝",)}
    for name, successors in lines.items():
        assert pack.characters[name].successors == successors, name
    assert pack.get("皇帝").name == "汉少帝" and "汉少帝" in pack.ex


def test_the_branch_is_the_players_choice_at_death() -> None:
    """「曹操——曹丕——曹睿（或曹操——曹植）」: at 曹操's death the player chooses the line; 曹丕 leads on to 曹睿."""
    t = Table()
    t.night(rulings=(rule("kill", "曹操"),), answers=[{"actor": "曹操", "skill": "继任", "answer": "曹植"}])
    assert t.character("曹操") == "曹植" and t.status("曹操") == "alive"
    t2 = Table()
    t2.night(rulings=(rule("kill", "曹操"),), answers=[{"actor": "曹操", "skill": "继任", "answer": "曹丕"}])
    t2.day()
    t2.night(rulings=(rule("kill", "曹操"),))
    assert t2.character("曹操") == "曹睿"
    t2.day()
    # night 3: 徐庶, 郭嘉 and 吕蒙 die naturally (the pack's 8.1 facts); 徐庶's line branches
    t2.night(rulings=(rule("kill", "曹操"),), answers=[{"actor": "徐庶", "skill": "继任", "answer": "马良"}])
    assert t2.status("曹操") == "out" and "曹操" in t2.results[-1].announcement["exited"]


def test_first_phase_is_night_and_day_one_has_no_day() -> None:
    """「游戏开始于黑夜，第一天没有白天。」 The first day is 第2日, after night 1."""
    t = Table()
    assert t.game.phase.value == "night"
    t.night()
    assert t.day().announcement["title"] == "第2日"


# ---- 行动 ---------------------------------------------------------------------------------
@pytest.mark.skill("刺杀")
def test_one_active_skill_or_one_stab_a_night() -> None:
    """「每名角色每夜只能使用一个主动技能或进行一次刺杀。」 (On night 3: 【三日五百】 is usable from then, 8.1.)"""
    t = Table()
    t.quiet(2)
    stab = act("夏侯渊", "刺杀", "刘备")
    with pytest.raises(IllegalAction, match="一个主动技能或进行一次刺杀"):
        t.game.check_action(act("夏侯渊", "三日五百", "刘备"), [stab])
    with pytest.raises(IllegalAction, match="一个主动技能或进行一次刺杀"):
        t.game.check_action(stab, [act("夏侯渊", "三日五百", "刘备")])
    with pytest.raises(IllegalAction, match="一个主动技能或进行一次刺杀"):
        t.game.check_action(act("夏侯渊", "刺杀", "孙坚"), [stab])
    with pytest.raises(IllegalAction, match="不是杀手"):
        t.game.check_action(act("典韦", "刺杀", "刘备"), [])


def test_a_wrong_action_is_pointed_out_and_changes_nothing() -> None:
    """「天庭应当指出玩家的提交错误的行动并要求改正。」: refused with the reason, in Chinese."""
    t = Table()
    with pytest.raises(IllegalAction, match="没有技能【连环妙计】"):
        t.game.check_action(act("郭嘉", "连环妙计", "刘备"), [])
    with pytest.raises(IllegalAction, match="不是场上的ID"):
        t.game.check_action(act("张辽", "刺杀", "无名氏"), [])


@pytest.mark.skill("刺杀", "自杀")
def test_a_senseless_action_is_treated_as_none() -> None:
    """「对于不合理的行动，按照没有提交判定。」 A stab on an id that left the game by suicide this night."""
    t = Table()
    r = t.night(act("袁绍", "自杀"), act("张辽", "刺杀", "袁绍"))
    assert any("张辽 的【刺杀】按没有提交判定" in line for line in r.trace)
    assert r.announcement["deaths"] == 0


@pytest.mark.skill("自杀")
def test_suicide_takes_effect_at_once_and_cannot_be_changed() -> None:
    """「角色自杀在行动提交阶段提交，即时生效……角色自杀和行动提交阶段即时生效的技能不可修改。」: once 华佗's suicide is
    in, 华佗 is dead: his own skill is refused (what the id sends now is 葛玄's), unless 葛玄 keeps it (【针灸奇术】
    「可以被继承」, docs/rulings/packs-inherit.md R-inherit-2); when the line is spent (葛玄 killed himself too) the id
    has left the game and nothing more is taken."""
    t = Table()
    suicide = act("华佗", "自杀")
    with pytest.raises(IllegalAction, match="已自杀.*没有技能【刮骨疗毒】"):
        t.game.check_action(act("华佗", "刮骨疗毒"), [suicide])
    t.game.check_action(act("华佗", "针灸奇术", "刘备"), [suicide])  # 葛玄 inherits it
    t.game.check_action(act("华佗", "自杀"), [suicide])  # 葛玄's own
    with pytest.raises(IllegalAction, match="没有继承者"):
        t.game.check_action(act("华佗", "指认", "刘备", evaluation="仁者"), [suicide, suicide])
    r = t.night(suicide, answers=[])
    assert t.character("华佗") == "葛玄" and r.deaths[0].cause == "自杀"


@pytest.mark.skill("自杀")
def test_a_suicide_whose_actions_were_sent_first_is_treated_as_none() -> None:
    """A suicide is at once: what the character sent before it resolves as if not sent (D-A2)."""
    t = Table()
    r = t.night(act("张辽", "刺杀", "刘备"), act("张辽", "自杀"), answers=[{"actor": "张辽", "skill": "继任", "answer": "徐晃"}])
    assert t.status("刘备") == "alive" and t.character("张辽") == "徐晃"
    assert any("其角色已自杀" in line for line in r.trace)


@pytest.mark.skill("自杀", "木牛流马")
def test_the_successor_of_a_suicide_acts_that_night() -> None:
    """「角色自杀在行动提交阶段提交，即时生效」「前者死亡后，继承者立即登场继续游戏」 (D-A2; the 2013 rules: 「在提交
    行动之前，玩家可以使当前角色自杀，当晚即可转世扮演下一个角色」; *8.1* 深明大义: 「当夜黄月英仍可发动自己的技能」):
    糜氏 kills herself and 黄月英 uses 【木牛流马】 that night; 糜氏's 【相夫教子】 is no longer hers to send, nor a
    stab (黄月英 is no 杀手). 【木牛流马】 is declared (heal a wounded id): the engine resolves it that night — 刘备 is
    not wounded, so it fails for want of its condition."""
    t = Table()
    suicide = act("糜氏", "自杀")
    with pytest.raises(IllegalAction, match="没有技能【相夫教子】"):
        t.game.check_action(act("糜氏", "相夫教子", "刘备"), [suicide])
    with pytest.raises(IllegalAction, match="不是杀手"):
        t.game.check_action(act("糜氏", "刺杀", "曹操"), [suicide])
    r = t.night(suicide, act("糜氏", "木牛流马", "刘备"))
    assert t.character("糜氏") == "黄月英" and r.announcement["deaths"] == 0
    (use,) = [e for e in t.state.history[-1]["actions"] if e["skill"] == "木牛流马"]
    assert use["actor"] == "糜氏" and use["state"] == "failed"  # resolved by the engine that night


@pytest.mark.skill("自杀", "刺杀")
def test_a_wounded_killer_kills_himself_and_his_successor_stabs() -> None:
    """「角色处于受伤状态中无法行动，但可以进行自杀」 and 「继承者立即登场继续游戏」: the wounded 关羽 kills himself; his
    successor enters in a normal state and stabs that night (「关羽——黄忠/魏延」: both are 杀手, the branch is chosen
    at the death)."""
    t = Table()
    without(t, "曹魏谋主")
    force_deal(t, "关羽", 1)
    t.night(rulings=(rule("injure", "关羽"),))
    t.day(digits={"关羽": 9})
    assert t.status("关羽") == "injured"
    with pytest.raises(IllegalAction, match="受伤状态"):
        t.game.check_action(act("关羽", "刺杀", "曹操"), [])
    r = t.night(act("关羽", "自杀"), act("关羽", "刺杀", "郭嘉"),
                answers=[{"actor": "关羽", "skill": "继任", "answer": "黄忠"}])
    assert t.character("关羽") == "黄忠" and t.status("关羽") == "alive"
    assert t.character("郭嘉") == "荀彧" and r.announcement["deaths"] == 1


@pytest.mark.skill("自杀")
def test_an_action_only_the_other_branch_could_send_is_treated_as_none() -> None:
    """「张辽——徐晃/乐进」: after 张辽's suicide the id may send 徐晃's 【截烧粮草】 (either branch may enter), but the
    player chose 乐进, who has no such skill: 「对于不合理的行动，按照没有提交判定」."""
    t = Table()
    r = t.night(act("张辽", "自杀"), act("张辽", "截烧粮草", "刘备"),
                answers=[{"actor": "张辽", "skill": "继任", "answer": "乐进"}])
    assert t.character("张辽") == "乐进"
    assert any("张辽 的【截烧粮草】按没有提交判定" in line for line in r.trace)
    assert not any("截烧粮草" in w for w in r.warnings)


@pytest.mark.skill("刺杀", "自杀")
def test_the_wounded_cannot_act_but_may_kill_themselves_and_vote() -> None:
    """「角色处于受伤状态中无法行动，但可以进行自杀和舌辩。」"""
    t = Table()
    force_deal(t, "张辽", 1)
    t.night(rulings=(rule("injure", "张辽"),))
    assert t.status("张辽") == "injured"
    r = t.day({"张辽": "刘备"}, digits={"张辽": 9})
    assert r.announcement["ballot"]["张辽"] == "刘备" and r.announcement["votes"]["张辽"] == "刘备"
    assert t.status("张辽") == "injured"
    with pytest.raises(IllegalAction, match="受伤状态"):
        t.game.check_action(act("张辽", "刺杀", "刘备"), [])
    t.game.check_action(act("张辽", "自杀"), [])


@pytest.mark.skill("饮马长城", "朝秦暮楚", "洞若观火")
def test_skills_said_to_be_used_by_day_are_used_by_day() -> None:
    """「技能中说明“白天使用”的技能可在此时使用。」 (the pack's ``when``, from the 8.1 texts): 陈琳's 【饮马长城】 is one
    the list says is used by day, so it is refused at night; a night's skill is refused by day; a day's use goes to
    the judge when his pack leaves it to him (a judge's own pack: the bundled one's engine resolves 【饮马长城】,
    R-zaiyea-14). 吕布's 【朝秦暮楚】 points at someone each day and its stab comes that night (8.1): the pack lets it be
    sent either way (``when: any``, R-SG26-packdata), and its code takes the day's pointing, the night's stab being
    the strategist's order and 吕布's answer (R-zaiyeb-11)."""
    t = judged_table(("陈琳", "饮马长城"), size=29)
    with pytest.raises(IllegalAction, match="白天使用"):
        t.game.check_action(act("陈琳", "饮马长城"), [])
    with pytest.raises(IllegalAction, match="无需提交"):
        t.game.check_action(act("吕布", "朝秦暮楚", "曹操"), [])
    t.night()
    with pytest.raises(IllegalAction, match="不是白天使用的技能"):
        t.game.check_action(act("郭嘉", "洞若观火", "刘备"), [])
    use = act("吕布", "朝秦暮楚", "曹操")
    t.game.check_action(use, [])
    assert t.game.usable_by_day(t.state.player("吕布"), "朝秦暮楚")
    assert t.game.usable_by_day(t.state.player("陈琳"), "饮马长城")
    r = t.game.resolve_day({}, None, (), actions=[use, act("陈琳", "饮马长城")])
    assert any("请天庭裁定：陈琳 发动【饮马长城】" in w for w in r.warnings)
    assert not any("朝秦暮楚" in w for w in r.warnings)


def test_setup_of_29_32_and_the_ex_seat() -> None:
    """「在野3/6/9人，有EX角色时，在野+1人」: 29 and 32 ids deal 6 and 9 在野; 27, 30, 33 ids seat the EX character."""
    for n, unaligned, ex in ((29, 6, False), (32, 9, False), (27, 4, True), (33, 10, True)):
        script = draw_setup([f"玩家{i}" for i in range(n)], 3)
        chars = [p["character"] for p in script["players"]]
        assert sum(1 for p in script["players"] if p["country"] == "在野") == unaligned
        assert ("汉少帝" in chars) is ex
    assert RULESET.player_counts == (26, 27, 29, 30, 32, 33)


def test_one_id_one_player() -> None:
    """「ID是版面上唯一能代表玩家的媒介。……同一场游戏中，一个玩家不能以不同的ID进行报名，控制多个角色。」: an id
    seated twice is refused (the engine cannot see who is behind two ids: that is the 裁判's to watch)."""
    specs = seats()
    specs[1] = SeatSpec(specs[0].id, specs[1].country, specs[1].identity, specs[1].character)
    with pytest.raises(SetupError, match="重复"):
        DingliGame.create(specs, 1)


@pytest.mark.skill("刺杀")
def test_a_character_dying_by_day_chooses_the_branch_then() -> None:
    """「白天行动投票阶段：……在此阶段死亡角色选择支线进行游戏。」: 张辽, voted top while 魏 has no 君主, dies and
    the player chooses 乐进 of 「张辽——徐晃/乐进」 that day."""
    t = Table()
    t.night()
    t.state.player("曹操").status = Status.OUT
    r = t.day({v: "张辽" for v in ("刘备", "徐庶", "庞统", "关羽", "张飞", "赵云", "糜氏")},
              answers=[{"actor": "张辽", "skill": "继任", "answer": "乐进"}])
    assert t.character("张辽") == "乐进" and r.announcement["voted"] == "张辽"
    assert [d.skill for d in r.decisions] == ["继任"]


@pytest.mark.skill("朝秦暮楚")
def test_the_wounded_cannot_use_a_day_skill() -> None:
    """「角色处于受伤状态中无法行动，但可以进行自杀和舌辩。」: by day too. The wounded 吕布 may vote, but his
    【朝秦暮楚】 (「每天白天」) is refused."""
    t = Table()
    force_deal(t, "吕布", 1)
    t.night(rulings=(rule("injure", "吕布"),))
    with pytest.raises(IllegalAction, match="受伤状态"):
        t.game.check_action(act("吕布", "朝秦暮楚", "刘备"), [])
    t.game.check_vote("吕布", "刘备")
    r = t.day({"吕布": "刘备"}, digits={"吕布": 9})
    assert r.announcement["ballot"]["吕布"] == "刘备"


def test_qiaoshe_fanjian_extension_reaches_those_who_recognise_him_and_qixu_rulin_hides() -> None:
    """「延长周瑜以及与周瑜互识的角色15分钟」: the ids 周瑜 recognises mutually share his extra time (one-sided knowledge
    does not); 「其徐如林……指定1个ID，该ID入夜后的行动无法被【巧设反间】侦查」 (the 8.1 list): a 其徐如林 of the day before on
    the named id hides its actions, unless the judge voided it (D-A7)."""
    from tianting.rules.dingli2 import RULESET
    from tianting.rules.dingli2.extension import hidden, submission_extension

    game = RULESET.game.create(seats(26), 1)
    zhouyu = next(p.id for p in game.state.players.values() if p.character == "周瑜")
    friend, onlooker, named = [p.id for p in game.state.players.values() if p.id != zhouyu][:3]
    state = game.state
    state.player(zhouyu).known[friend] = state.player(friend).character
    state.player(friend).known[zhouyu] = "周瑜"
    state.player(onlooker).known[zhouyu] = "周瑜"  # knows him; he does not know the onlooker
    lists = {zhouyu: [{"skill": "巧设反间", "targets": [named]}], named: [{"skill": "刺杀", "targets": [onlooker]}]}
    out = submission_extension(game, lists)
    assert out is not None and out["minutes"] == 15
    assert set(out["players"]) == {zhouyu, friend}
    assert out["reports"] == {zhouyu: {"target": named, "hidden": False, "lines": [f"对 {onlooker} 使用了【刺杀】"]}}
    day = {"P99": [{"skill": "其徐如林", "targets": [named]}]}
    assert hidden(day) == {named} and hidden(day, [0]) == set()
    assert submission_extension(game, lists, hidden(day))["reports"][zhouyu] == {"target": named, "hidden": True,
                                                                                   "lines": []}
    assert submission_extension(game, {named: [{"skill": "刺杀", "targets": [onlooker]}]}) is None
