"""Victory markers of the 24人 rules (for simulate's statistics): a country wins alone, or peace."""

from __future__ import annotations

from tianting.rules.sg24.pack import COUNTRIES

MARKERS = COUNTRIES + ("议和",)
