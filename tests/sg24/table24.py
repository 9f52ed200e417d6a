"""The 24人 rules' scenario tables (:mod:`tianting.rules.sg24.testing`), as the sg24 tests import them."""

from tianting.rules.sg24.testing import Table24, act

__all__ = ["Table24", "act"]
