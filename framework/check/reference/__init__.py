"""The reference interpreter: every rule block again, written for obviousness, not speed.

It never touches the engine's tables: the board is the networkx graph of the file's board
block (neighbours and distances recomputed by networkx), cells are names, pieces are dicts,
and a position comes in and goes out as position JSON (``docs/positions.md``). ``check``
feeds it the engine's JSON of a state and compares, action by action, the legal action
notations and the JSON of every resulting state.

A rule block without a reference implementation makes :class:`ReferenceGame` raise
:class:`MissingReference`, which the check reports as "not checked" (never as a pass).
Each unit names its twin (``Unit.reference``: boardspec's own are
``framework/rules/<kind>/<keyword>/reference.py``, written on ``framework.reference``).
"""

from framework.check.reference.game import MissingReference, ReferenceGame

__all__ = ["MissingReference", "ReferenceGame"]
