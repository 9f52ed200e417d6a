"""``tianting import`` (issue 28, item 4): a game moves to another server with its links still working.

The judge downloads the export and the judges' file beside it from the console; ``tianting import`` checks the
pair (as ``verify`` does) and loads it into a fresh database; the old judge and player links open the same game
there. A game already there, and a tampered export, are refused in one Chinese line (exit 2)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import IDS, _postgres_database, new_game, started_game
from tianting.cli import main
from tianting.server.app import create_app


@pytest.fixture
def other_url(db_url: str, tmp_path: Path) -> Iterator[str]:
    """A second fresh database of the same kind: the new host's."""
    if db_url.startswith("sqlite"):
        yield f"sqlite:///{tmp_path / 'new-host.sqlite3'}"
    else:
        yield from _postgres_database()


def downloaded(client: TestClient, game: dict[str, Any], folder: Path) -> Path:
    """The console's two downloads, saved side by side as a browser would."""
    judge = f"/j/{game['judge_token']}"
    export = client.get(judge + "/export.json")
    moving = client.get(judge + "/export.judge.json")
    assert export.status_code == moving.status_code == 200
    assert "export.judge.json" in moving.headers["content-disposition"]
    (folder / "export.json").write_bytes(export.content)
    (folder / "export.judge.json").write_bytes(moving.content)
    return folder / "export.json"


def page(client: TestClient, url: str) -> str:
    """A page as its reader sees it, but for the fields each server renders afresh (its CSRF field, every
    form's idempotency key)."""
    response = client.get(url)
    assert response.status_code == 200
    return re.sub(r'name="(csrf|idem)" value="[^"]*"', r'name="\1" value=""', response.text)


def views(client: TestClient, game: dict[str, Any]) -> dict[str, Any]:
    return {"judge": client.get(f"/api/j/{game['judge_token']}").json(),
            **{pid: client.get(f"/api/p/{link['token']}").json() for pid, link in game["players"].items()}}


def test_a_running_game_moves_hosts_and_the_old_links_open_the_same_pages(client, other_url, tmp_path, capsys):
    game = started_game(client)
    assert client.post(f"/api/p/{game['players'][IDS[0]]['token']}/actions", json={"actions": []}).status_code == 200
    before = views(client, game)
    urls = [f"/j/{game['judge_token']}", f"/j/{game['judge_token']}/replay",
            *(f"/p/{link['token']}" for link in list(game["players"].values())[:3]), f"/g/{before['judge']['public_id']}"]
    pages = [page(client, url) for url in urls]
    path = downloaded(client, game, tmp_path)
    judges_file = json.loads((tmp_path / "export.judge.json").read_text())
    assert game["judge_token"] not in json.dumps(judges_file)  # the links' hashes only
    assert all(link["token"] not in json.dumps(judges_file) for link in game["players"].values())
    assert main(["import", str(path), "--database-url", other_url]) == 0
    assert "原有的裁判與玩家連結照常可用" in capsys.readouterr().out
    with TestClient(create_app(other_url, scheduler_interval=None)) as moved:
        assert views(moved, game) == before
        assert [page(moved, url) for url in urls] == pages
        # the game goes on there: a player submits with their old link
        answer = moved.post(f"/api/p/{game['players'][IDS[1]]['token']}/actions", json={"actions": []})
        assert answer.status_code == 200, answer.text


def test_a_game_already_in_the_database_is_refused_in_one_line(client, other_url, tmp_path, capsys):
    path = downloaded(client, started_game(client), tmp_path)
    assert main(["import", str(path), "--database-url", other_url]) == 0
    capsys.readouterr()
    assert main(["import", str(path), "--database-url", other_url]) == 2
    err = capsys.readouterr().err
    assert "已在此資料庫中" in err and err.count("\n") == 1


def test_a_tampered_export_is_refused_and_nothing_is_imported(client, other_url, tmp_path, capsys):
    game = started_game(client)
    path = downloaded(client, game, tmp_path)
    export = json.loads(path.read_text())
    export["events"][1]["payload"]["character"] = "曹操" if export["events"][1]["payload"].get("character") != "曹操" \
        else "劉備"
    path.write_text(json.dumps(export, ensure_ascii=False))
    assert main(["import", str(path), "--database-url", other_url]) == 2
    assert "不相符" in capsys.readouterr().err
    assert not (tmp_path / "never.sqlite3").exists()
    assert main(["import", str(path), "--data", str(tmp_path / "never.sqlite3")]) == 2
    assert not (tmp_path / "never.sqlite3").exists()  # refused before any database is made
    # the judges' file made to match the doctored export: the replay itself refuses it
    from tianting.server.moving import digest

    judge = tmp_path / "export.judge.json"
    moving = json.loads(judge.read_text())
    moving["export_sha256"] = digest(export)
    judge.write_text(json.dumps(moving, ensure_ascii=False))
    assert main(["import", str(path), "--database-url", other_url]) == 2
    assert "驗證失敗" in capsys.readouterr().err
    with TestClient(create_app(other_url, scheduler_interval=None)) as moved:
        assert moved.get(f"/api/j/{game['judge_token']}").status_code == 404


def test_an_export_without_its_judges_file_is_refused(client, other_url, tmp_path, capsys):
    path = downloaded(client, started_game(client), tmp_path)
    (tmp_path / "export.judge.json").unlink()
    assert main(["import", str(path), "--database-url", other_url]) == 2
    assert "裁判搬移檔" in capsys.readouterr().err


def test_a_finished_game_moves_hosts_verified_as_verify_does_and_its_replay_opens_there(client, other_url, tmp_path):
    game = started_game(client)
    judge = f"/api/j/{game['judge_token']}"
    for command, body in (("resolve", {}), ("publish", {"confirm": True}), ("peace", {"judge": True})):
        assert client.post(f"{judge}/{command}", json=body).status_code == 200, command
    before = views(client, game)
    public_id = before["judge"]["public_id"]
    replay = client.get(f"/g/{public_id}/replay")
    assert before["judge"]["stage"] == "over" and replay.status_code == 200
    path = downloaded(client, game, tmp_path)
    assert main(["verify", str(path)]) == 0  # what import checks first
    assert main(["import", str(path), "--database-url", other_url]) == 0
    with TestClient(create_app(other_url, scheduler_interval=None)) as moved:
        assert views(moved, game) == before
        assert moved.get(f"/g/{public_id}/export.json").json() == json.loads(path.read_text())
        assert moved.get(f"/g/{public_id}/replay").status_code == 200


def test_the_api_gives_the_same_judges_file_as_the_console(client):
    game = started_game(client)
    by_api = client.get(f"/api/j/{game['judge_token']}/export/judge").json()
    assert by_api == client.get(f"/j/{game['judge_token']}/export.judge.json").json()
    assert client.get(f"/api/j/{game['players'][IDS[0]]['token']}/export/judge").status_code == 404  # judges only


def test_with_three_judges_only_the_beidou_may_download_the_judges_file(client):
    """It holds the running game's seed: the 南斗 (who enters digits) and the 裁判 must not compute the draws."""
    game = new_game(client, judges=3)
    seats = game["judges"]
    for seat, link in seats.items():
        page = client.get(f"/j/{link['token']}/export.judge.json")
        api = client.get(f"/api/j/{link['token']}/export/judge")
        shown = 'id="export-judge-json"' in client.get(f"/j/{link['token']}").text
        if seat == "北斗":
            assert page.status_code == api.status_code == 200 and shown
        else:
            assert page.status_code == api.status_code == 403 and not shown
            assert api.json() == {"error": "裁判搬移檔只給北斗下載（其中有進行中遊戲的種子）"}
