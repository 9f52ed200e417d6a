"""Seed 003: 夜晚判定结算阶段 (globals, interference, 同级拼点, 结算不可逆), 拼点, 国籍 and 在野入国."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from tianting.core.decisions import DecisionBook
from tianting.core.errors import IllegalAction
from tianting.core.state import Status
from tianting.rules.dingli2 import RULESET, DingliGame, load_pack

from .table import Table, act, rule, seats


# ---- 判定 -----------------------------------------------------------------------------------
def test_globals_are_judged_first_then_interference_by_priority() -> None:
    """「全局技能的使用判定」 comes before 「普通行动的使用判定」; interference skills by 「干扰技能之间的优先级」
    ((6)【连环妙计】 before a skill the pack gives no rank). 刘备's 【五虎封将】, a global the engine resolves (bespoke:
    here it fails, 智算汉中 not yet used, R-shu-3), is settled before the judge is asked of the others."""
    t = Table()
    r = t.night(act("小乔", "国色天香", "刘备"), act("庞统", "连环妙计", "曹操"), act("刘备", "五虎封将"))
    asks = [w for w in r.warnings if w.startswith("请天庭裁定")]
    assert [a.split("【")[1].split("】")[0] for a in asks] == ["连环妙计", "国色天香"]
    assert "优先级6" in asks[0]
    assert any(line.startswith("刘备【五虎封将】发动失败") for line in r.trace)


def test_a_global_happens_whatever_befalls_its_owner() -> None:
    """「令该角色行动失败无法阻挡全局的发生。全局技能之间不会互相无效。」: a void ruling on a global is not applied."""
    t = Table()
    r = t.night(act("张辽", "威震逍遥津"), rulings=(rule("void", action=0),))
    assert any("全局技能【威震逍遥津】不能被无效" in w for w in r.warnings)
    assert "张文远威震逍遥津" in r.announcement["events"]  # declared: the 8.1 list's line
    t2 = Table()
    r2 = t2.night(act("典韦", "宛城血战", "刘备"), rulings=(rule("void", action=0),))
    assert any("典韦 的【宛城血战】失效" in line for line in r2.trace)
    assert not [w for w in r2.warnings if w.startswith("请天庭裁定")]


def test_same_rank_interference_is_the_judges_to_order() -> None:
    """「若有多个优先级相同的技能，则由天庭判定从哪个技能结算。」「已经被判定使用成功技能不能再次被无效」: the draft says so."""
    t = Table()
    pack = t.game.pack
    assert pack.interference("庞统", pack.skill("庞统", "连环妙计")) == 6
    assert pack.interference("张辽", pack.skill("张辽", "威震逍遥津")) == 2
    r = t.night(act("张辽", "威震逍遥津"), act("庞统", "连环妙计", "曹操"))
    assert not any("同级拼点原则" in w for w in r.warnings)
    # a judge's own pack that ranks 典韦's 宛城血战 with 连环妙计 (6): two uses of one rank
    data = json.loads(resources.files("tianting.rules.dingli2").joinpath("data/characters.json").read_text("utf-8"))
    dian = next(c for c in data["characters"] if c["name"] == "典韦")
    next(s for s in dian["skills"] if s["name"] == "宛城血战")["interference"] = 6
    game = DingliGame.create(seats(), 1, load_pack(json.dumps(data)))
    uses = [act("典韦", "宛城血战", "庞统"), act("庞统", "连环妙计", "典韦")]
    r = game.resolve_night(uses, DecisionBook(strict=True))
    (note,) = [w for w in r.warnings if "同级拼点原则" in w]
    assert "典韦【宛城血战】" in note and "庞统【连环妙计】" in note and "结算不可逆原则" in note


# ---- 拼点 -------------------------------------------------------------------------------------
def test_contest_of_two_by_digits_with_the_parity_rule_set_first() -> None:
    """「南斗先设定两个数字之和若为奇数，为哪名角色胜利；若为偶数，为哪名角色胜利，再向玩家收取数字。」"""
    t = Table().force("拼点奇偶 刘备/曹操", "曹操")
    r = t.night(rulings=(rule("contest", text="曹操、刘备"),), digits={"曹操": 4, "刘备": 3})
    (c,) = r.announcement["contests"]
    assert c["odd_wins"] == "曹操" and c["digits"] == {"刘备": 3, "曹操": 4} and c["winner"] == "曹操"
    purposes = [d["purpose"] for d in r.draws]
    assert purposes.index("拼点奇偶 刘备/曹操") >= 0 and not any(p.startswith("拼点数字") for p in purposes)
    t2 = Table().force("拼点奇偶 刘备/曹操", "曹操")
    r2 = t2.night(rulings=(rule("contest", text="曹操、刘备"),), digits={"曹操": 4, "刘备": 4})
    assert r2.announcement["contests"][0]["winner"] == "刘备"


def test_contest_result_is_not_told_and_missing_digits_are_drawn() -> None:
    """「拼点的结果不会直接告诉玩家。」 A digit not sent is drawn and recorded; 「一名角色需要与多名角色拼点时，需要
    分别提交拼点的数字」: a digit per opponent."""
    t = Table().force("拼点奇偶 刘备/曹操", "刘备").force("拼点数字 刘备对曹操", "2")
    r = t.night(rulings=(rule("contest", text="曹操、刘备"),), digits={"曹操": {"刘备": 1, "孙坚": 8}})
    c = r.announcement["contests"][0]
    assert c["digits"] == {"刘备": 2, "曹操": 1} and c["drawn"] == ["刘备"] and c["winner"] == "刘备"
    for pid in ("曹操", "刘备"):
        view = RULESET.player_view(t.game, pid)
        assert "contests" not in view["announcements"][-1] and "拼点" not in repr(view["feedback"])
    t.check_unused()


def test_more_than_two_are_ordered_by_a_random_draw() -> None:
    """「当多名玩家提交的行动，可因结算顺序的不同而产生不同的后果时……由两位天庭在裁判监督下进行随机判定」."""
    t = Table()
    for k, pid in enumerate(("孙坚", "刘备", "曹操"), start=1):
        t.force(f"拼点顺序 刘备、孙坚、曹操#{k}", pid)
    r = t.night(rulings=(rule("contest", text="曹操、刘备、孙坚"),))
    assert r.announcement["contests"][0]["order"] == ["孙坚", "刘备", "曹操"]


# ---- 国籍与在野入国 ------------------------------------------------------------------------------
def recruit(t: Table, lord: str, pid: str, answer: str = "魏") -> None:
    t.night(act(lord, "招揽", pid, character=pid), answers=[{"actor": pid, "skill": "入国", "answer": answer}])
    t.day()


@pytest.mark.skill("招揽")
def test_recruited_unaligned_joins_next_night_and_knows_the_lord() -> None:
    """「君主招揽：当君主每夜的指认中若包含在野角色时，由法官对在野角色进行询问是否加入此国，若同意，则次夜开始后加入此国
    并和君主相互认识」."""
    t = Table()
    t.night(act("曹操", "招揽", "袁绍", character="袁绍"), answers=[{"actor": "袁绍", "skill": "入国", "answer": "魏"}])
    assert t.state.player("袁绍").country == "在野"
    t.day()
    assert t.state.player("袁绍").country == "魏" and t.game.mutual("袁绍", "曹操")


@pytest.mark.skill("招揽")
def test_refusal_tells_nothing_to_the_unaligned() -> None:
    """「若不同意，则无反馈。」"""
    t = Table()
    r = t.night(act("曹操", "招揽", "袁绍", character="袁绍"), answers=[{"actor": "袁绍", "skill": "入国", "answer": "拒绝"}])
    assert r.feedback.get("袁绍", []) == []
    t.day()
    assert t.state.player("袁绍").country == "在野"


@pytest.mark.skill("刺杀")
def test_a_changed_country_takes_the_countrys_effects_but_not_its_lord_or_killer_rules() -> None:
    """「国籍被修改时，受到一切针对该国角色的技能、指令效果影响。但是在判定君主，军师存在，仍然按照原来的国籍结算。……
    在判定杀手国籍时，视作被更改后国籍的杀手。」 A 魏 killer's stab on a joined 袁绍 is a stab on his own country."""
    t = Table()
    recruit(t, "曹操", "袁绍")
    assert t.game.origin("袁绍") == "在野" and t.state.player("袁绍").country == "魏"
    t.state.player("袁绍").identity = "君主"  # as if a skill made him one: still not 魏's 君主
    assert [p.id for p in t.game.members("魏") if p.identity == "君主" and t.game.origin(p.id) == "魏"] == ["曹操"]
    t.state.player("曹操").status = Status.OUT
    assert not t.game.has_lord("魏")
    t.state.player("曹操").status = Status.ALIVE
    t.state.player("袁绍").identity = "平民"
    t.state.player("袁绍").skills.remove("空墙苟活")  # his own defence would stop the stab (R-dlqun1-1)
    t.force("本国刺杀减轻 张辽→袁绍", True)
    t.night(act("张辽", "刺杀", "袁绍"))
    assert t.status("袁绍") == "injured"
    t.check_unused()


@pytest.mark.skill("投奔")
def test_application_is_answered_by_the_chief_strategist() -> None:
    """「申请入国」 (its 「指令」 section is cut off; D-J2): the 正军师 answers, and the two know each other."""
    t = Table()
    t.night()
    t.day()
    with pytest.raises(IllegalAction, match="投奔须指明"):
        t.game.check_action(act("华佗", "投奔", country="群"), [])
    t.night(act("华佗", "投奔", country="蜀"), answers=[{"actor": "徐庶", "skill": "投奔", "answer": "同意"}])
    t.day()
    assert t.state.player("华佗").country == "蜀" and t.game.mutual("华佗", "徐庶")


@pytest.mark.skill("招揽", "投奔")
def test_recruited_and_applied_to_the_same_country_counts_as_recruited() -> None:
    """「如果在野角色同意某国招揽，又被通过该国入国申请，则视为被招揽，与君主认识，不得与正军师认识。」"""
    t = Table()
    t.night()
    t.day()
    r = t.night(act("刘备", "招揽", "华佗", character="华佗"), act("华佗", "投奔", country="蜀"),
                answers=[{"actor": "华佗", "skill": "入国", "answer": "蜀"}])
    assert any("视为被招揽" in line for line in r.trace)
    t.day()
    assert t.game.mutual("华佗", "刘备") and not t.game.knows("华佗", "徐庶")


@pytest.mark.skill("招揽", "投奔")
def test_priority_alliance_then_recruitment_then_application_and_quota_one() -> None:
    """「如果三种方式同时进行，则优先处理联盟达成，其次君主招揽，最后主动投奔。」「在26/29/32名玩家参加的游戏中，每个国家
    分别只能有1/2/3名在野角色加入。」 联盟达成 is the judge's ruling (``join``, D-J3)."""
    t = Table()
    t.night()
    t.day()
    r = t.night(act("曹操", "招揽", "华佗", character="华佗"), act("吕布", "投奔", country="魏"),
                rulings=(rule("join", "袁绍", text="魏"),),
                answers=[{"actor": "华佗", "skill": "入国", "answer": "魏"},
                         {"actor": "郭嘉", "skill": "投奔", "answer": "同意"}])
    assert "魏的在野名额已满，未能加入" in [f.text for f in r.feedback["华佗"]]
    assert "魏的在野名额已满，未能加入" in [f.text for f in r.feedback["吕布"]]
    t.day()
    assert t.state.player("袁绍").country == "魏" and t.game.mutual("袁绍", "曹操")
    assert t.state.player("华佗").country == "在野"


@pytest.mark.skill("招揽")
def test_quota_two_at_29_players() -> None:
    """「……每个国家分别只能有1/2/3名在野角色加入」: 29 players, two per country."""
    t = Table(size=29)
    t.night(act("曹操", "招揽", "袁绍", character="袁绍"), rulings=(rule("join", "华佗", text="魏"),),
            answers=[{"actor": "袁绍", "skill": "入国", "answer": "魏"}])
    t.day()
    assert t.state.player("袁绍").country == "魏" and t.state.player("华佗").country == "魏"


@pytest.mark.skill("招揽", "投奔")
def test_no_joining_a_country_whose_strategists_are_all_dead() -> None:
    """「如果某国军师全部死亡，在野无法加入此国。」"""
    t = Table()
    t.night()
    t.day()
    for pid in ("郭嘉", "程昱", "荀攸"):
        t.state.player(pid).status = Status.OUT  # the three 魏 军师 lines are gone
    with pytest.raises(IllegalAction, match="军师已全部死亡"):
        t.game.check_action(act("华佗", "投奔", country="魏"), [])
    r = t.night(act("曹操", "招揽", "袁绍", character="袁绍"), answers=[{"actor": "袁绍", "skill": "入国", "answer": "魏"}])
    assert any("袁绍 未能加入魏：魏军师已全部死亡" in line for line in r.trace)


def test_unaligned_votes_are_void_until_they_join() -> None:
    """「在野角色每天白天可投票，但是投票无效。在野角色加入任何一国后，投票将变为有效。」"""
    t = Table()
    t.night(act("曹操", "招揽", "袁绍", character="袁绍"), answers=[{"actor": "袁绍", "skill": "入国", "answer": "魏"}])
    r = t.day({"袁绍": "刘备", "华佗": "刘备"})
    assert "袁绍" not in r.announcement["votes"] and r.announcement["ballot"]["袁绍"] == "刘备"
    t.night()
    r = t.day({"袁绍": "刘备", "华佗": "刘备"})
    assert r.announcement["votes"]["袁绍"] == "刘备" and "华佗" not in r.announcement["votes"]


@pytest.mark.skill("指认")
def test_recognition_needs_no_strategist() -> None:
    """「指认」 as the family has it (同国指认, 评价指认); seed 003 keeps no 「军师存在时才能指认」 (D-A4): with 魏's
    军师 gone, 典韦 still asks whether 关羽 is a 猛将, and 曹操 recognises 夏侯惇 one way."""
    t = Table()
    for pid in ("郭嘉", "程昱", "荀攸"):
        t.state.player(pid).status = Status.OUT
    r = t.night(act("典韦", "指认", "关羽", evaluation="猛将"), act("曹操", "指认", "夏侯惇", character="夏侯惇"))
    assert "关羽是猛将" in [f.text for f in r.feedback["典韦"]]
    assert t.game.knows("曹操", "夏侯惇") and not t.game.mutual("曹操", "夏侯惇")


def test_rulings_that_cannot_apply_are_refused_with_the_reason() -> None:
    """Bad input changes nothing and is told in Chinese: a 联盟入国 of an id not 在野 or to no country, a 暗票 by
    night, an effect the rule set does not know, an id not in the game."""
    t = Table()
    bad = (rule("join", "曹操", text="蜀"), rule("join", "袁绍", text="群"), rule("hidden_vote", "刘备"),
           rule("fly", "刘备"), rule("kill", "无名氏"), rule("join", "袁绍", text="蜀"))
    found = dict(RULESET.check_rulings(t.game, bad))
    assert set(found) == {0, 1, 2, 3, 4}
    assert "在野ID" in found[0] and "在野ID" in found[1] and "白天" in found[2]
    assert "未知的裁定" in found[3] and "不是场上的ID" in found[4]


@pytest.mark.skill("招揽")
def test_no_joining_a_country_that_fell() -> None:
    """「当一国达到灭国条件，在下一个公告阶段公告该国灭国。……一国灭国后，该国角色不能以任何方式回到游戏或存在游戏。」
    An 在野 who agreed to join 吴 the night 吴 falls never joins it: not announced as joining, told, still 在野;
    a 联盟入国 to a fallen country is refused."""
    t = Table()
    for pid in ("鲁肃", "吕蒙", "甘宁", "黄盖", "小乔"):
        t.state.player(pid).status = Status.OUT  # 孙坚 and 周瑜 are left: a 君主 and two heads
    r = t.night(act("孙坚", "招揽", "袁绍", character="袁绍"), answers=[{"actor": "袁绍", "skill": "入国", "answer": "吴"}])
    assert r.announcement["fallen"] == ["吴"] and not t.state.over
    assert "吴国已灭国，你未能加入吴国" in t.said("袁绍")
    r = t.day()
    assert r.announcement["joined"] == {} and "加入吴国" not in r.announcement["text"]
    assert t.state.player("袁绍").country == "在野" and t.status("袁绍") == "alive"
    found = dict(RULESET.check_rulings(t.game, [rule("join", "华佗", text="吴")]))
    assert "已灭国" in found[0]


@pytest.mark.skill("招揽")
def test_a_place_is_freed_when_the_unaligned_leaves_before_joining() -> None:
    """「在野若还没有入国就退出游戏，则不能入国。」 and 「每个国家分别只能有1/2/3名在野角色加入」: 袁绍 agreed to join
    魏 and was voted out before he joined; he took none of 魏's one place, so 华佗 may join 魏 later."""
    t = Table()
    t.night(act("曹操", "招揽", "袁绍", character="袁绍"), answers=[{"actor": "袁绍", "skill": "入国", "answer": "魏"}])
    t.day({v: "袁绍" for v in ("曹操", "郭嘉", "程昱", "荀攸", "张辽", "夏侯惇", "夏侯渊", "典韦", "卞氏")})
    assert t.status("袁绍") == "out"
    t.night(act("曹操", "招揽", "华佗", character="华佗"), answers=[{"actor": "华佗", "skill": "入国", "answer": "魏"}])
    assert "你将于次夜开始时加入魏" in t.said("华佗")
    t.day()
    assert t.state.player("华佗").country == "魏" and t.game.mutual("华佗", "曹操")


@pytest.mark.skill("招揽")
def test_an_unaligned_whose_character_dies_still_joins() -> None:
    """「在野若还没有入国就退出游戏，则不能入国。」: only leaving the game stops a joining. 华佗 agrees to join 魏 and dies
    the same night; the id plays on as 葛玄 (「华佗——葛玄」) and joins 魏 as the next night begins (D-J4)."""
    t = Table()
    t.night(act("曹操", "招揽", "华佗", character="华佗"), rulings=(rule("kill", "华佗"),),
            answers=[{"actor": "华佗", "skill": "入国", "answer": "魏"}])
    assert t.character("华佗") == "葛玄"
    r = t.day()
    assert r.announcement["joined"] == {"华佗": "魏"}
    assert t.state.player("华佗").country == "魏" and t.game.mutual("华佗", "曹操")


def test_the_interference_list_ranks_as_the_text() -> None:
    """「（3）【武侯八阵】（4）【地盾】【麻沸散】【直言进谏】【歌舞升平】（5）【人遁】（6）【连环妙计】中连环的移动」 and
    「（2）全局技能」: the pack's ranks; in the draft (4)【麻沸散】 comes before (6)【连环妙计】 (the global 五虎封将 is the
    engine's now, resolved before both)."""
    from tianting.rules.dingli2.data.build_pack import INTERFERENCE

    assert INTERFERENCE == {"武侯八阵": 3, "地盾": 4, "麻沸散": 4, "直言进谏": 4, "歌舞升平": 4, "人遁": 5, "连环妙计": 6}
    pack = Table().game.pack
    for name, skill, rank in (("诸葛亮", "武侯八阵", 3), ("华佗", "麻沸散", 4), ("左慈", "人遁", 5), ("庞统", "连环妙计", 6)):
        assert pack.interference(name, pack.skill(name, skill)) == rank
    t = Table()
    r = t.night(act("庞统", "连环妙计", "曹操"), act("华佗", "麻沸散", "刘备"), act("刘备", "五虎封将"))
    asks = [w for w in r.warnings if w.startswith("请天庭裁定")]
    assert [a.split("【")[1].split("】")[0] for a in asks] == ["麻沸散", "连环妙计"]  # 五虎封将: the engine's
    assert "优先级4" in asks[0] and "优先级6" in asks[1]


def test_the_nine_evaluations() -> None:
    """「评价包括：“智者”、“猛将”、“统帅”、“义士”、“仁者”、“文豪”、“雅士”、“能吏”、“异人”。」: the pack's
    evaluations are these nine (the loader refuses any other)."""
    from tianting.rules.sg24.pack import EVALUATIONS

    assert set(EVALUATIONS) == {"智者", "猛将", "统帅", "义士", "仁者", "文豪", "雅士", "能吏", "异人"}
    pack = Table().game.pack
    assert set().union(*(c.evaluations for c in pack.characters.values())) <= set(EVALUATIONS)


@pytest.mark.skill("招揽")
def test_a_recruitment_comes_next_when_the_alliance_fails() -> None:
    """「当君主每夜的指认中若包含在野角色时，由法官对在野角色进行询问是否加入此国」 and 「如果三种方式同时进行，则优先处理
    联盟达成，其次君主招揽，最后主动投奔。」: 袁绍's 联盟 is to 魏, whose one place 华佗 already holds; 刘备's 招揽 of
    the same night is still put to him, and he joins 蜀. With a place free, the alliance wins."""
    t = Table()
    t.night(act("曹操", "招揽", "华佗", character="华佗"), answers=[{"actor": "华佗", "skill": "入国", "answer": "魏"}])
    t.day()
    t.night(act("刘备", "招揽", "袁绍", character="袁绍"), rulings=(rule("join", "袁绍", text="魏"),),
            answers=[{"actor": "袁绍", "skill": "入国", "answer": "蜀"}])
    assert "魏的在野名额已满，未能加入" in t.said("袁绍") and "你将于次夜开始时加入蜀" in t.said("袁绍")
    t.day()
    assert t.state.player("袁绍").country == "蜀" and t.game.mutual("袁绍", "刘备")
    t2 = Table()
    t2.night(act("刘备", "招揽", "袁绍", character="袁绍"), rulings=(rule("join", "袁绍", text="魏"),),
             answers=[{"actor": "袁绍", "skill": "入国", "answer": "蜀"}])
    t2.day()
    assert t2.state.player("袁绍").country == "魏" and t2.game.mutual("袁绍", "曹操")


@pytest.mark.skill("招揽")
def test_a_joining_is_for_good() -> None:
    """「在野角色通过以上三种方式之一加入某国后，视为永久加入。」: a 联盟入国 of an 在野 who has joined (or will join
    as the next night begins) is refused with the reason; a 君主's 招揽 no longer reaches him."""
    t = Table()
    t.night(act("曹操", "招揽", "袁绍", character="袁绍"), answers=[{"actor": "袁绍", "skill": "入国", "answer": "魏"}])
    assert "永久加入" in dict(RULESET.check_rulings(t.game, [rule("join", "袁绍", text="蜀")]))[0]
    t.day()
    assert "永久加入" in dict(RULESET.check_rulings(t.game, [rule("join", "袁绍", text="蜀")]))[0]
    r = t.night(act("刘备", "招揽", "袁绍", character="袁绍"))
    assert t.said("刘备") and t.state.player("袁绍").country == "魏" and not r.decisions


def test_night_only_rulings_are_refused_by_day() -> None:
    """Bad input changes nothing and is told: a 联盟入国 (「次夜开始后」 after a night's settling) or the 三足鼎立
    formation (a night post's 大事记) ruled on a day is refused with the reason, not dropped in silence."""
    t = Table()
    t.night()
    found = dict(RULESET.check_rulings(t.game, [rule("join", "袁绍", text="魏"), rule("formation")]))
    assert set(found) == {0, 1} and all("白天不能裁定" in m for m in found.values())


def test_a_contest_names_two_or_more_ids_in_the_game() -> None:
    """「当两名玩家提交的行动……需通过拼点」「当多名玩家……」: a 拼点 of one id, of an id not in the game or of one id
    twice is refused with the reason (it used to be recorded as given)."""
    t = Table()
    bad = [rule("contest", text="张辽、无名氏"), rule("contest", text="张辽"), rule("contest"),
           rule("contest", text="张辽、张辽")]
    found = dict(RULESET.check_rulings(t.game, bad))
    assert set(found) == {0, 1, 2, 3} and all("拼点" in m for m in found.values())
    assert RULESET.check_rulings(t.game, [rule("contest", text="张辽、关羽、甘宁")]) == []
