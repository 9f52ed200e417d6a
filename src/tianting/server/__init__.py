"""The game server, ``tianting serve``: players and judges in the browser."""
