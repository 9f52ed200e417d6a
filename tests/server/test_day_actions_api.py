"""Actions by day through the server (issue 13): the API and the player page offer them by day to a
player who holds a skill usable by day, check them with the engine, and the day's result shows them.

奇襲：*被*你的【刺殺】的發動時機為白天投票階段。 (甘寧, chosen by a 吳 killer)
"""

from __future__ import annotations

from typing import Any

from tests.server.conftest import IDS, choose_all
from tests.server.test_api_flow import Api


def day_two_with_ganning(client: Any) -> tuple[Api, str]:
    """A seeded game whose first 吳 killer plays 甘寧, at day 2 (night 1 passed quietly)."""
    api = Api.seeded(client, seed=1)
    links = {"players": {pid: {"token": t} for pid, t in api.tokens.items()}}
    choose_all(client, links)
    ganning = api.who("吳", "殺手")[0]
    api.player(ganning, "choose", {"character": "甘寧"})
    api.judge("start")
    for pid in IDS:
        api.player(pid, "actions", {"actions": []})
    api.judge("publish")
    assert api.console()["current"]["kind"] == "day"
    return api, ganning


def test_a_day_stab_through_the_api_and_the_page(client):
    api, ganning = day_two_with_ganning(client)
    [wei_guard], [wei_lord] = api.who("魏", "護衛"), api.who("魏", "君主")
    view = api.view(ganning)
    assert view["open"]["by_day"] is True and [r["skill"] for r in view["skills"] if r.get("by_day")] == ["刺殺"]
    # the page: the action form beside the vote, offering only the day's skill
    page = client.get(f"/p/{api.tokens[ganning]}").text
    assert 'id="day-actions"' in page and 'id="submit-vote"' in page and 'id="submit-actions"' in page
    assert '<option value="刺殺"' in page and '<option value="援護"' not in page
    other = client.get(f"/p/{api.tokens[wei_lord]}").text
    assert 'id="submit-actions"' not in other
    assert "白天只能投票" in api.refused(wei_lord, "actions", {"actions": []}, 409)
    assert "只能於夜間使用" not in api.refused(ganning, "actions", {"actions": [{"skill": "刺殺", "targets": ["路人"]}]},
                                              422)
    api.player(ganning, "actions", {"actions": [{"skill": "刺殺", "targets": [wei_guard]}]})
    assert api.view(ganning)["open"]["actions"] == [{"actor": ganning, "skill": "刺殺", "targets": [wei_guard]}]
    for pid in IDS:
        if pid != wei_guard:
            api.player(pid, "vote", {"target": wei_lord if pid != wei_lord else ganning})
    api.player(wei_guard, "vote", {"target": ganning})  # the last vote: all in, the system resolves
    draft = api.draft()
    assert wei_guard in draft["announcement"]["exited"]  # the stab at the vote, with the vote's death
    assert any(d["id"] == wei_guard and d["cause"] == "刺殺" for d in draft["truth"]["deaths"])
    api.judge("publish")
    posted = api.public()["announcements"][-1]
    assert wei_guard in posted["exited"]


def test_the_console_lists_a_day_action_beside_the_vote(client):
    api, ganning = day_two_with_ganning(client)
    [wei_guard] = api.who("魏", "護衛")
    api.player(ganning, "actions", {"actions": [{"skill": "刺殺", "targets": [wei_guard]}]})
    api.player(ganning, "vote", {"target": wei_guard})
    console = client.get(f"/j/{api.judge_token}").text
    assert f"【刺殺】 → {wei_guard}" in console and f"→ {wei_guard}" in console


def test_the_page_says_the_days_actions_were_submitted_by_day_and_the_nights_by_night(client):
    """The OK message after a submission on the player page names the phase: 「已提交本日行動」 by day (the
    actions resolve at the vote), 「已提交本夜行動」 by night."""
    import re

    api, ganning = day_two_with_ganning(client)
    [wei_guard] = api.who("魏", "護衛")
    token = api.tokens[ganning]
    csrf = re.search(r'name="csrf" value="([^"]+)"', client.get(f"/p/{token}").text).group(1)
    answer = client.post(f"/p/{token}/actions", data={"csrf": csrf, "skill-0": "刺殺", "target-0-0": wei_guard})
    assert answer.status_code == 200 and str(answer.url).endswith("?ok=day-actions")
    flash = re.search(r'id="ok">([^<]*)<', answer.text).group(1)
    assert "已提交本日行動" in flash and "本夜" not in flash
    assert api.view(ganning)["open"]["actions"] == [{"actor": ganning, "skill": "刺殺", "targets": [wei_guard]}]
    # by night the same form says the night's
    for pid in IDS:
        api.player(pid, "vote", {"target": pid})
    api.judge("publish")
    assert api.console()["current"]["kind"] == "night"
    [wei_lord] = api.who("魏", "君主")
    lord_token = api.tokens[wei_lord]
    csrf = re.search(r'name="csrf" value="([^"]+)"', client.get(f"/p/{lord_token}").text).group(1)
    answer = client.post(f"/p/{lord_token}/actions", data={"csrf": csrf, "none": "1"})
    assert "已提交本夜行動" in re.search(r'id="ok">([^<]*)<', answer.text).group(1)
