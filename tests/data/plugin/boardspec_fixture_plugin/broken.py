"""``fixture_broken``: a move primitive whose package lacks a dependency."""

import boardspec_fixture_missing_dependency  # noqa: F401  not installed: the import fails

from framework.moves.base import Primitive


class FixtureBroken(Primitive):
    keyword = "fixture_broken"
