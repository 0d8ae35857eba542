"""The entry points of the rule units (without importing pydantic: ``perft``'s fast path
reads them too, ``framework.native.ahead``).

Every rule unit, boardspec's own and a third party's alike, is an entry of one group,
``boardspec.rules``, named ``<kind>.<keyword>`` (``moves.step``, ``phases.walk``); it names
the unit's engine class, and the class names its reference twin and native piece itself.
"""

from __future__ import annotations

import importlib.metadata
import os
import re
from importlib.metadata import EntryPoint

#: The one entry-point group of every rule unit.
GROUP = "boardspec.rules"
#: Packages (distribution names, separated by commas) whose rule units this process leaves
#: out, as if they were not installed: boardspec's own test suite sets it to the plugins
#: installed beside it, so that what it compares with the committed schema, reference and
#: libraries is made of boardspec's own units.
IGNORED_VARIABLE = "BOARDSPEC_IGNORED_PACKAGES"


def normal_name(name: str) -> str:
    """A distribution's name as packaging compares it (``My_Plugin`` is ``my-plugin``)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def ignored_packages() -> frozenset[str]:
    """The distributions ``$BOARDSPEC_IGNORED_PACKAGES`` names, normalized."""
    return frozenset(normal_name(n) for n in os.environ.get(IGNORED_VARIABLE, "").split(",")
                     if n.strip())


def unit_entries() -> list[EntryPoint]:
    """The entries of the group, those of the ignored packages left out."""
    ignored = ignored_packages()
    # Looked up on the module at each call: a test may stand other entries in for it.
    return [ep for ep in importlib.metadata.entry_points().select(group=GROUP)
            if ep.dist is None or normal_name(ep.dist.name) not in ignored]


def unit_packages() -> dict[str, str]:
    """Every installed distribution with rule units but boardspec: its name → its version."""
    return {ep.dist.name: ep.dist.version
            for ep in importlib.metadata.entry_points().select(group=GROUP)
            if ep.dist is not None and normal_name(ep.dist.name) != "boardspec"}
