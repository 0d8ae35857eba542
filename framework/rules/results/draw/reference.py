"""The reference twin of ``draw``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from framework.reference.position import RefState
from framework.reference.rules import RefResult


class RefDraw(RefResult):
    def winners(self, s: RefState) -> set[str]:
        return set()
