"""``tianting qq`` refuses to start without what keeps it safe: the server's bridge key and a OneBot access token
(without one any program on the network could pose as the QQ side)."""

from __future__ import annotations

import pytest

from tianting.cli import main


@pytest.fixture(autouse=True)
def no_keys_from_the_environment(monkeypatch):
    monkeypatch.delenv("TIANTING_BRIDGE_KEY", raising=False)
    monkeypatch.delenv("TIANTING_ONEBOT_TOKEN", raising=False)


def test_without_the_bridge_key_it_says_so_and_exits_2(capsys):
    assert main(["qq", "--server", "http://127.0.0.1:8000", "--access-token", "t"]) == 2
    assert "--bridge-key" in capsys.readouterr().err


def test_without_an_access_token_it_says_so_and_exits_2(capsys):
    assert main(["qq", "--server", "http://127.0.0.1:8000", "--bridge-key", "k"]) == 2
    assert "--access-token" in capsys.readouterr().err
