"""The reference twin of ``majority``: its rule text (the docstring of ``__init__.py``)
read again, for obviousness, on cell names and piece dicts (``boardspec check``'s oracle).
"""

from __future__ import annotations

from framework.reference.position import RefState
from framework.reference.rules import RefResult


class RefMajority(RefResult):
    def winners(self, s: RefState) -> set[str]:
        counts = {p: len(s.pieces_of(p, self.params.piece)) for p in self.game.players}
        best = max(counts.values())
        leaders = {p for p, n in counts.items() if n == best}
        return leaders if len(leaders) == 1 or self.params.equal == "shared" else set()
