"""Issue 27 item 4, the server's game creation: ids that look alike or hold a format character are refused
(422, both ids named, in Chinese), whether the ids come as a list or as the text of one id a line."""

from __future__ import annotations

from tests.test_forum_ids import CYRILLIC_ALICE, IDS


def test_the_servers_new_game_refuses_look_alike_ids(client):
    answer = client.post("/api/games", json={"title": "測試局", "rules": "kk33",
                                             "ids": IDS[:-2] + ["Alice", CYRILLIC_ALICE]})
    assert answer.status_code == 422 and "Alice" in answer.text and CYRILLIC_ALICE in answer.text
    listed = client.post("/api/games", json={"title": "測試局", "rules": "kk33",
                                             "ids": "\n".join(IDS[:-1] + ["玩家\u200b"])})
    assert listed.status_code == 422 and "U+200B" in answer.text + listed.text
