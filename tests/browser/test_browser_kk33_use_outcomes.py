"""What came of each use, on a KK 3.3 judge's console in a real browser (headless Chromium through Playwright): KK
3.3's transcript has no ``uses`` (its bytes are pinned), so the console reads them from the drafted game's history
and trace (rules/kk33/outcomes.py). A killer stabs through his night form a player whom a 護衛 guards (援護：「指定一個
ID，當夜其受到的刺殺無效」); the draft lists the 刺殺 as 無效 with the engine's reason (「…援護」) and the 援護 as 生效,
the published night keeps them behind a summary the judge opens, the judge's 復盤 shows them, and the killer's own
page shows no table and no reason."""

from __future__ import annotations

from typing import Any

import httpx

from tests.browser.conftest import Pages, player_links, submit, sync_api
from tests.browser.test_browser_flow import judge_state, passive_free, player_view, reload
from tests.browser.test_browser_use_outcomes import (
    draft_outcomes,
    no_outcome_on,
    published_outcomes,
    stab_by_form_others_by_api,
)

expect = sync_api().expect

IDS = [f"果{i:02d}" for i in range(1, 23)]


def test_a_kk33_console_shows_each_outcome_and_the_player_page_does_not(
        pages: Pages, server_url: str, api: httpx.Client, shots: Any, create_game: Any) -> None:
    judge, response = create_game("judge", "結果瀏覽器局", "\n".join(IDS) + "\n")
    assert response.status == 200 and "/j/" in judge.url
    judge_token = judge.input_value("#link-judge").rsplit("/", 1)[1]
    urls = player_links(judge)
    tokens = {pid: url.rsplit("/", 1)[1] for pid, url in urls.items()}
    views = {pid: player_view(api, tokens[pid]) for pid in IDS}
    # everyone takes a character without passive skills where there is one: nothing but the 援護 changes the stab
    for pid in IDS:
        for character in sorted(views[pid]["choices"], key=lambda c: not passive_free(c)):
            if api.post(f"/api/p/{tokens[pid]}/choose", json={"character": character}).status_code == 200:
                break
    views = {pid: player_view(api, tokens[pid]) for pid in IDS}
    killer = next(p for p in IDS if views[p]["identity"] == "殺手" and passive_free(views[p]["character"]))
    guard = next(p for p in IDS if views[p]["identity"] == "護衛" and passive_free(views[p]["character"]))
    victim = next(p for p in IDS if views[p]["country"] not in (views[killer]["country"], "群") and p != guard
                  and views[p]["identity"] != "君主" and passive_free(views[p]["character"]))
    reload(judge)
    assert submit(judge, "#start").status == 200

    # -- the killer stabs through his night form; the guard guards the victim through the API; the rest pass
    page = stab_by_form_others_by_api(pages, api, urls[killer], tokens, killer, ("刺殺", victim),
                                      guard, {"skill": "援護", "targets": [victim]})
    assert judge_state(api, judge_token)["stage"] == "draft"

    # -- the draft: one row per action, its outcome and the engine's reason
    table = draft_outcomes(judge, killer, "無效", f"{guard} 援護", shots / "tianting-kk33-use-outcomes.png")
    expect(table.locator("tr.use-done")).to_contain_text(guard)
    expect(table.locator("tr.use-done .badge")).to_have_text("生效")
    no_outcome_on(page, f"{guard} 援護")

    # -- published: the console keeps the night's outcomes behind a summary; the 復盤 shows them
    published_outcomes(judge, "各行動的結果（2）", f"{guard} 援護")
    replay = pages.new("replay")
    replay.goto(f"{server_url}/j/{judge_token}/replay")
    expect(replay.locator("#replay-uses-0 tr.use-void")).to_contain_text(f"{guard} 援護")
    no_outcome_on(page, f"{guard} 援護")
    assert pages.errors == []
