"""A first check that the server runs on both databases (the full flows are in test_api_flow.py)."""

from tests.server.conftest import started_game


def test_a_started_game_is_at_night_one_on_each_database(client):
    game = started_game(client)
    judge = client.get(f"/api/j/{game['judge_token']}").json()
    assert judge["stage"] == "open"
    assert judge["current"]["kind"] == "night" and judge["current"]["number"] == 1
    assert len(judge["current"]["expected"]) == 22
