"""Issue 27 item 4: 「A ruling whose target or owner is a list or an object crashes run (exit 70) and the server
(500)」. In a hosted game the judge's ruling with a field of the wrong type is refused (422, in Chinese) and
changes nothing: the draft, the events and the game stay as they were."""

from __future__ import annotations

import pytest

from tests.hosting.test_hosted_game import Night1, refused
from tianting.hosting import events as ev


@pytest.mark.parametrize("key", ["target", "owner", "voter"])
@pytest.mark.parametrize("shape", ["list", "object", "number", "boolean"])
def test_a_ruling_field_of_the_wrong_type_is_refused_and_changes_nothing(key, shape):
    n = Night1().resolved()
    value = {"list": [n.shu_lady], "object": {"id": n.shu_lady}, "number": 3, "boolean": True}[shape]
    ruling = {"effect": "spare", "target": n.shu_lady, key: value}
    exc = refused(n.t, ev.RULE, ev.JUDGE, {"ruling": ruling})
    assert exc.status == 422 and f"{key} 必須是玩家ID字串" in exc.message
