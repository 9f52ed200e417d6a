"""``tianting qq``: the QQ bridge over OneBot v11 (issue 32), a process of its own beside the game server.

It needs the ``qq`` extra (NoneBot2 with the OneBot adapter: ``pip install -e '.[qq]'``); the server's
side is :mod:`tianting.server.bridge`. :mod:`tianting.qq.client` talks to the server's JSON API,
:mod:`tianting.qq.bot` is the NoneBot application (the reverse WebSocket at ``/onebot/v11/ws``, the
forward mode, the private-message handler and the group posts).
"""
