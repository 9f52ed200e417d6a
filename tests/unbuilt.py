"""A passive skill not built, for the tests of how the judge is told of one.

Once the 群雄 are built every passive of KK 3.3 is: a table shows the judge no 「尚未實作」 notice any
more. The tests of that notice take the 群雄's passives out of the registry for their duration (the
one seat of the 群 plays one of them in every game), as if they were not built yet.
"""

from __future__ import annotations

import pytest

QUN_PASSIVES = ("黃天", "青囊", "化身", "神隱", "借物代形")
"""The passive skills of 張角, 華佗 and 左慈."""


def unbuild_qun_passives(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games created during the test treat the 群雄's passive skills as not built."""
    from tianting.rules.kk33.characters import CHARACTER_SKILLS

    for name in QUN_PASSIVES:
        if name in CHARACTER_SKILLS:
            monkeypatch.delitem(CHARACTER_SKILLS, name)
