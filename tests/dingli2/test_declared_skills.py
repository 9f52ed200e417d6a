"""鼎立三分2.0's declared skills (issue 31): the 8.1 facts the 鼎立 pack shares with the 24人 pack run on 鼎立's
night (seed 003's order), each test citing the fact in our words."""

from __future__ import annotations

import pytest

from tests.declared_steps import injured, without

from .table import Table, act, rule


@pytest.mark.skill("亲冒矢石")
def test_qinmaoshishi_wounds_in_dingli_too() -> None:
    """曹操【亲冒矢石】: the id is wounded unless he has the 猛将 evaluation."""
    t = Table()
    without(t, "曹魏谋主")
    r = t.night(act("曹操", "亲冒矢石", "郭嘉"))
    assert injured(t, "郭嘉")
    assert not any("亲冒矢石" in w for w in r.warnings if w.startswith("请天庭裁定"))


@pytest.mark.skill("水淹七军", "亲冒矢石")
def test_shuiyanqijun_before_the_uses_it_makes_fail() -> None:
    """关羽【水淹七军】 (结算前): every action of the id fails — seed 003 resolves the interfering skills first
    (「干扰技能的可以抵御干扰的技能都在行动使用判定阶段结算其效果」), so 曹操's 亲冒矢石 never lands."""
    t = Table()
    t.night(act("关羽", "水淹七军", "曹操"), act("曹操", "亲冒矢石", "郭嘉"))
    assert not injured(t, "郭嘉")


@pytest.mark.skill("马跃檀溪", "乱世枭雄")
def test_mayuetanxi_defends_liubei_once_in_dingli() -> None:
    """刘备【马跃檀溪】: one 武将杀伤 effect on him is stopped, once (曹操's 亲冒矢石)."""
    t = Table()
    t.night(act("曹操", "亲冒矢石", "刘备"))
    assert not injured(t, "刘备") and t.state.player("刘备").used.get("马跃檀溪") == 1


@pytest.mark.skill("蛮王助阵")
def test_manwangzhuzhen_removes_ganning_recognised() -> None:
    """黄忠【蛮王助阵】: naming 甘宁 rightly takes 甘宁 out of the game (no successor plays on)."""
    t = Table()
    t.night(rulings=(rule("kill", "关羽"),), answers=[{"actor": "关羽", "skill": "继任", "answer": "黄忠"}])
    t.day()
    assert t.character("关羽") == "黄忠"
    t.night(act("关羽", "指认", "甘宁", character="甘宁"))
    assert not t.state.player("甘宁").alive


@pytest.mark.skill("水淹七军")
def test_same_rank_declared_skills_aimed_at_each_other_are_drawn_and_the_judge_told() -> None:
    """Seed 003 「若有多个优先级相同的技能，则由天庭判定从哪个技能结算」 (D-31-1): a judge's pack declares 典韦's
    宛城血战 as a 结算前 「令其所有行动失败」; with 关羽【水淹七军】 on 典韦 and 典韦's on 关羽, both unranked (8) and
    each aimed at, the draw picks 典韦: his use resolves and 关羽's fails; the judge is told he may rule otherwise."""
    import json

    from tianting.core.decisions import DecisionBook
    from tianting.rules.dingli2 import DingliGame
    from tianting.rules.dingli2.pack import bundled_text, load_pack

    from .table import seats

    data = json.loads(bundled_text("tianting.rules.dingli2"))
    dian = next(c for c in data["characters"] if c["name"] == "典韦")
    own = next(sk for sk in dian["skills"] if sk["name"] == "宛城血战")
    own.update({"timing": "结算前生效", "effect": {"do": [{"verb": "void"}]}})
    guan = next(c for c in data["characters"] if c["name"] == "关羽")
    next(sk for sk in guan["skills"] if sk["name"] == "水淹七军")["effect"] = {"do": [{"verb": "void"}]}  # a judge's
    game = DingliGame.create(seats(), 1, load_pack(json.dumps(data, ensure_ascii=False)))
    game.state.rng.force("同级拼点（优先级8）", "典韦")
    uses = [act("关羽", "水淹七军", "典韦"), act("典韦", "宛城血战", "关羽")]
    r = game.resolve_night(uses, DecisionBook(strict=True))
    assert any("同级拼点原则" in w and "典韦 先结算" in w for w in r.warnings)
    states = {(e["actor"], e["skill"]): e["state"] for e in game.state.history[-1]["actions"]}
    assert states == {("关羽", "水淹七军"): "void", ("典韦", "宛城血战"): "done"}


@pytest.mark.skill("单刀赴会")
def test_dandaofuhui_halves_the_wu_strategists_the_next_night() -> None:
    """关羽【单刀赴会】: naming 周瑜 (or 鲁肃) rightly, the next night 吴's 军师 act with half chance: 鲁肃's 鼓舞士气
    loses its draw and fails; the night it was set off, nothing is halved."""
    t = Table()
    t.night(act("关羽", "指认", "周瑜", character="周瑜"), act("鲁肃", "鼓舞士气", "孙坚"))
    assert t.state.history[-1]["actions"][1]["state"] != "failed"
    t2 = Table()  # 鼓舞士气 is used once a game (R53): the next night's halving on a table of its own
    t2.night(act("关羽", "指认", "周瑜", character="周瑜"))
    t2.day()
    t2.force("成功率减半 鲁肃【鼓舞士气】", False)
    t2.night(act("鲁肃", "鼓舞士气", "孙坚"))
    (entry,) = [e for e in t2.state.history[-1]["actions"] if e["skill"] == "鼓舞士气"]
    assert entry["state"] == "failed" and entry["why"] == "成功率减半，未能发动"
    t2.check_unused()


@pytest.mark.skill("水淹下邳")
def test_shuiyanxiapi_makes_lvbu_fail_tonight() -> None:
    """荀攸【水淹下邳】: naming 吕布 rightly, his actions that night fail (his 偷袭徐州, the judge's to rule
    otherwise, is not listed for him)."""
    t = Table()
    r = t.night(act("荀攸", "指认", "吕布", character="吕布"), act("吕布", "威震虎牢"))
    (entry,) = [e for e in t.state.history[-1]["actions"] if e["skill"] == "威震虎牢"]
    assert entry["state"] == "void"
    assert not any("威震虎牢" in w for w in r.warnings if w.startswith("请天庭裁定"))


@pytest.mark.skill("步步为营")
def test_bubuweiying_removes_xiahouyuan_while_huangzhong_lives() -> None:
    """法正【步步为营】: while 黄忠 is in play, naming 夏侯渊 rightly takes him out of the game; before 黄忠 comes in,
    nothing."""
    t = Table()
    t.night(rulings=(rule("kill", "庞统"),))
    t.day()
    t.night(act("庞统", "指认", "夏侯渊", character="夏侯渊"))
    assert t.character("庞统") == "法正" and t.state.player("夏侯渊").alive  # 黄忠 not in play: nothing
    t2 = Table()
    t2.night(rulings=(rule("kill", "庞统"), rule("kill", "关羽")),
             answers=[{"actor": "关羽", "skill": "继任", "answer": "黄忠"}])
    t2.day()
    t2.night(act("庞统", "指认", "夏侯渊", character="夏侯渊"))
    assert not t2.state.player("夏侯渊").alive
