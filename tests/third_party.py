"""A third-party package for tests: the ``drop`` phase (and its reference version),
"installed" for one test by writing the module and a dist-info with entry points onto
``sys.path``, so boardspec finds it exactly as it finds any installed plugin."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

DROP_PHASE = '''
"""``drop``: put a new piece on any empty cell."""
from typing import Literal
from framework.engine.action import Action
from framework.engine.bits import iter_bits
from framework.plugins import Phase, PhaseParams

class DropParams(PhaseParams):
    type: Literal["drop"]

class Drop(Phase):
    keyword = "drop"
    Params = DropParams
    pattern = r"\\*[a-z]+\\d+"

    def actions(self, state):
        names = self.game.board.names
        return [Action(self.name, "drop", at=c, notation="*" + names[c])
                for c in iter_bits(state.empty())]

    def apply(self, state, action):
        state.place(action.at, state.to_move)
'''

#: A game of the ``drop`` phase alone.
DROP_GAME = """name: Drop three
players: [white, black]
board: {type: grid, rows: 3, columns: 3}
pieces: {stone: {}}
turn: [{name: drop, type: drop}]
result: {type: majority}
"""

DROP_REFERENCE = '''
from framework.reference.rules import RefPhase

class RefDrop(RefPhase):
    def moves(self, s):
        return {"*" + cell: self.dropper(cell) for cell in self.board.cells if s.empty(cell)}

    def dropper(self, cell):
        def play(s):
            s.cells[cell] = self.game.new_piece(s.to_move, self.kind(None))
        return play

Drop.reference = ":RefDrop"  # the unit names its twin: here, beside it in this module
'''


def written(folder: Path, module: str, source: str, entry_points: str) -> Path:
    """``module`` (with ``source``) and a dist-info of its entry points in ``folder``, as
    an install writes them into site-packages (``folder`` on the path finds them)."""
    (folder / f"{module}.py").write_text(source)
    info = folder / f"{module}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {module}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(entry_points)
    return folder


@contextmanager
def installed(folder: Path, module: str, source: str, entry_points: str) -> Iterator[None]:
    """Make ``module`` (with ``source``) importable and its entry points visible, then undo."""
    from framework.plugins import refresh

    written(folder, module, source, entry_points)
    sys.path.insert(0, str(folder))
    refresh()
    try:
        yield
    finally:
        sys.path.remove(str(folder))
        sys.modules.pop(module, None)
        refresh()
