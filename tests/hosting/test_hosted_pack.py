"""A hosted game played with its judge's own character pack (issue 31, items 2 and 5): the pack stored in the
creation event deals the seats and resolves every phase, the export's script carries it so that ``tianting run``
replays the game and ``verify`` checks it; a bad pack is refused with its loader's message; a game stored before
(no pack) folds and verifies as ever."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from tests.cli_harness import call
from tests.hosting import random_hosted
from tianting import judge_pack
from tianting.core.errors import ScriptError
from tianting.hosting import events as ev
from tianting.hosting.events import Event
from tianting.hosting.fairness import commitment
from tianting.hosting.game import HostedGame, Refused
from tianting.hosting.verify import verify_export
from tianting.rules.sg24.bots import night_actions, votes
from tianting.rules.sg24.pack import bundled_data
from tianting.script import run_script

IDS = [f"玩家{i:02d}" for i in range(1, 25)]
OWN_TEXT = "指定一人，得知其身份。"


def own_pack() -> dict[str, Any]:
    """The bundled 24人 pack, but 典韦's 【宛城血战】 (the bundled pack's own code: a stab on the id stopped, stabber and
    典韦 wounded) declares another effect, the judge's own: the owner learns the target's identity."""
    data = bundled_data("tianting.rules.sg24")
    data["title"] = "法官甲的角色包"
    dianwei = next(c for c in data["characters"] if c["name"] == "典韦")
    skill = next(s for s in dianwei["skills"] if s["name"] == "宛城血战")
    skill["effect"] = {"do": [{"verb": "learn", "fact": "identity"}]}
    skill["text"] = OWN_TEXT
    return data


def created(pack: Any, seed: int = 5) -> HostedGame:
    game = HostedGame()
    salt = f"{seed:032x}"
    payload = {"rules": "sg24", "ids": IDS, "title": "自带角色包", "seed": seed, "salt": salt,
               "commitment": commitment(seed, salt)}
    if pack is not None:
        payload["pack"] = pack
    random_hosted.add(game, ev.CREATED, ev.JUDGE, payload)
    return game


def by_character(game: HostedGame) -> dict[str, str]:
    return {c: pid for pid, c in game.characters.items()}


def first_night(game: HostedGame) -> dict[str, str]:
    """Night 1 with only 典韦 acting: 【宛城血战】 on 关羽; resolved into the draft."""
    who = by_character(game)
    random_hosted.add(game, ev.START, ev.JUDGE, {})
    random_hosted.add(game, ev.SUBMIT, who["典韦"], {"actions": [{"skill": "宛城血战", "targets": [who["关羽"]]}]})
    random_hosted.add(game, ev.RESOLVE, ev.JUDGE, {"phase": 0})
    return who


def test_the_judges_effect_resolves_the_skill() -> None:
    """The pack's effect says the owner learns the target's identity: 典韦's feedback tells 关羽's seat's identity
    (as dealt); with the bundled pack the same use is the judge's to rule and tells nothing."""
    game = created(own_pack())
    who = first_night(game)
    identity = game.seat(who["关羽"])["identity"]
    told = game.current.draft["feedback"][who["典韦"]]
    assert [(f["skill"], f["target"], f["data"]) for f in told] == \
        [("宛城血战", who["关羽"], {"fact": "identity", "value": identity})]

    bundled = created(None)
    first_night(bundled)
    assert not any(f["skill"] == "宛城血战" for f in bundled.current.draft["feedback"].get(by_character(bundled)["典韦"], []))


def test_the_pack_is_stored_in_the_creation_event_and_the_script() -> None:
    pack = own_pack()
    game = created(pack)
    assert game.events[0].payload["pack"] == pack
    assert game.script()["pack"] == pack
    assert "pack" not in created(None).script()  # the bundled pack: the script says nothing


def played(seed: int = 5, phases: int = 60) -> HostedGame:
    """A whole game with the judge's pack, played by the 24人 bots to its end."""
    game = created(own_pack(), seed)
    return random_hosted.play_out(game, random.Random(seed), night_actions, votes, phases)


def test_the_export_replays_through_tianting_run_and_verifies(tmp_path: Path) -> None:
    game = played()
    assert game.over
    export = json.loads(json.dumps(game.export(reveal=True), ensure_ascii=False))
    assert export["script"]["pack"] == own_pack()
    path = tmp_path / "script.json"
    path.write_text(json.dumps(export["script"], ensure_ascii=False), encoding="utf-8")
    done = call("run", str(path), "--lenient")
    assert done.code == 0, done.err
    assert json.loads(done.out) == export["transcript"]
    verdict = verify_export(export)
    assert verdict.ok, verdict.failures


def test_verify_catches_a_pack_changed_in_the_export() -> None:
    """The events are the record: a pack changed in the creation event replays to another game (or is refused)."""
    export = json.loads(json.dumps(played(phases=2).export(reveal=True), ensure_ascii=False))
    pack = export["events"][0]["payload"]["pack"]
    skill = next(s for c in pack["characters"] if c["name"] == "典韦" for s in c["skills"] if s["name"] == "宛城血战")
    skill["text"] = "另一段文字"
    assert not verify_export(export).ok


@pytest.mark.parametrize(("change", "message"), [
    (lambda p: p["characters"][0]["skills"][0].update(effect={"trigger": "voted_top", "do": [{"verb": "boom"}]}),
     "「曹操」【割发代首】.effect.do[0].verb"),
    (lambda p: p.update(format="tianting-dingli2-pack/1"), "不屬於三国版杀24人规则"),
    (lambda p: p.update(characters=p["characters"][1:]), "初始角色"),
])
def test_a_bad_pack_is_refused_with_the_loaders_message(change: Any, message: str) -> None:
    pack = own_pack()
    change(pack)
    with pytest.raises(Refused, match=message.replace("[", r"\[").replace(".", r"\.")) as refused:
        created(pack)
    assert refused.value.status == 422


def test_a_pack_is_refused_for_kk33() -> None:
    game = HostedGame()
    ids = [f"玩家{i:02d}" for i in range(1, 13)]
    payload = {"rules": "kk33", "ids": ids, "title": "KK", "seed": 1, "salt": "00",
               "commitment": commitment(1, "00"), "pack": own_pack()}
    with pytest.raises(Refused, match="沒有角色包"):
        game.apply(Event(1, ev.CREATED, ev.JUDGE, payload, random_hosted.AT))


def test_an_old_game_without_a_pack_still_folds_and_verifies() -> None:
    """A game stored before packs could be hosted (no ``pack`` in its creation event; here also no
    ``pack_edition``: the first edition) plays with the bundled pack and its export verifies."""
    game = random_hosted.created("sg24", IDS, 9, "舊局")
    game = random_hosted.play_out(game, random.Random(9), night_actions, votes, 60)
    assert game.over
    export = json.loads(json.dumps(game.export(reveal=True), ensure_ascii=False))
    assert "pack" not in export["script"] and "pack" not in export["events"][0]["payload"]
    again = HostedGame.fold([Event.from_json(e) for e in export["events"]])
    assert again.export(reveal=True) == export
    assert verify_export(export).ok


def test_the_script_reader_refuses_a_pack_where_it_cannot_be() -> None:
    script = created(own_pack()).script()
    kk = {"format": "tianting-script/1", "rules": "kk33", "seed": 1, "players": [], "phases": [], "pack": own_pack()}
    with pytest.raises(ScriptError, match="沒有角色包") as refused:
        run_script(kk)
    assert refused.value.where == "pack"
    bad = copy.deepcopy(script)
    bad["pack"]["characters"][0]["skills"][0]["effect"] = {"trigger": "voted_top", "do": [{"verb": "boom"}]}
    with pytest.raises(ScriptError, match=r"「曹操」【割发代首】\.effect\.do\[0\]\.verb") as refused:
        run_script(bad)
    assert refused.value.where == "pack"
    with pytest.raises(ScriptError, match="pack_edition") as refused:
        run_script({**script, "pack_edition": 1})
    assert refused.value.where == "pack"


def test_the_pack_label_names_the_judges_pack_and_its_digest() -> None:
    pack = own_pack()
    shown = judge_pack.label(pack)
    assert shown["title"] == "法官甲的角色包" and shown["own"]
    reordered = dict(reversed(list(pack.items())))  # the same pack, its keys stored in another order
    assert judge_pack.digest(reordered) == shown["digest"] and len(shown["digest"]) == 64
    assert judge_pack.label(None) == {"own": False, "title": judge_pack.BUNDLED, "digest": None}


def test_a_dingli_game_is_dealt_from_the_judges_pack() -> None:
    """鼎立三分2.0 takes a pack of its own format: the bundled pack's facts given as the judge's deal the same seats
    with the same seed (the deal draws from the pack's lines), and the game is played with the judge's pack."""
    from tianting.rules.dingli2.pack import bundled_text

    pack = json.loads(bundled_text("tianting.rules.dingli2"))
    pack["title"] = "鼎立测试包"
    ids = [f"玩家{i:02d}" for i in range(1, 27)]
    games = []
    for own in (pack, None):
        game = HostedGame()
        payload = {"rules": "dingli2", "ids": ids, "title": "鼎立", "seed": 3, "salt": "00",
                   "commitment": commitment(3, "00")}
        payload.update({"pack": own} if own else {"pack_edition": 2})
        random_hosted.add(game, ev.CREATED, ev.JUDGE, payload)
        random_hosted.add(game, ev.START, ev.JUDGE, {})
        games.append(game)
    assert games[0].setup["players"] == games[1].setup["players"]
    assert games[0].base.pack.title == "鼎立测试包" and games[0].script()["pack"] == pack


def test_tianting_setup_deals_from_a_pack_file(tmp_path: Path) -> None:
    """``tianting setup --pack`` deals the seats from the judge's pack and puts it in the script's ``pack``, so that
    ``run`` plays it: 典韦's 【宛城血战】 then resolves by the pack's effect."""
    (tmp_path / "ids.txt").write_text("\n".join(IDS), encoding="utf-8")
    (tmp_path / "pack.json").write_text(json.dumps(own_pack(), ensure_ascii=False), encoding="utf-8")
    done = call("setup", "--rules", "sg24", "--ids", str(tmp_path / "ids.txt"), "--seed", "5",
                "--pack", str(tmp_path / "pack.json"))
    assert done.code == 0, done.err
    script = json.loads(done.out)
    assert script["pack"] == own_pack()
    who = {p["character"]: p["id"] for p in script["players"]}
    script["phases"] = [{"phase": "night", "actions": [
        {"actor": who["典韦"], "skill": "宛城血战", "targets": [who["关羽"]]}]}]
    identity = next(p["identity"] for p in script["players"] if p["id"] == who["关羽"])
    told = run_script(script)["phases"][0]["feedback"][who["典韦"]]
    assert [f["data"] for f in told] == [{"fact": "identity", "value": identity}]
    bad = call("setup", "--rules", "kk33", "--ids", str(tmp_path / "ids.txt"), "--seed", "5",
               "--pack", str(tmp_path / "pack.json"))
    assert bad.code == 2 and "沒有角色包" in bad.err
