"""A board's holes: cells removed from it, given by name or by a rule over coordinates.

```yaml
board: {type: grid, rows: 7, columns: 7, holes: [d4]}
board:                                   # the 33-point cross: the four 2×2 corners removed
  type: grid
  rows: 7
  columns: 7
  holes: [{where: "(row <= 2 or row >= 6) and (column <= 2 or column >= 6)"}]
```

A rule's ``where`` is an expression over the cell's ``row`` and ``column``, counted from 1
as the board numbers them (on a grid, ``a1`` is row 1, column 1; on a hexagon board, the
row's letter and the cell's number): the cells where it is true are holes. It is read by
the same small evaluator as a parameter's expressions (numbers, ``+ - * / // %``,
comparisons, ``and or not``, ``min max abs``), and nothing is executed. A rule may hold a
parameter (``row + column > ${size}``).
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from framework.expressions import ExpressionError, evaluate
from framework.limits import MAX_CELLS
from framework.plugins import Rule


class HoleRule(Rule):
    """Holes given by a rule: every cell whose coordinates make ``where`` true."""

    where: str = Field(max_length=200, description="a condition over the cell's row and "
                       "column (counted from 1, as the board numbers them): the cells where "
                       "it is true are holes")


def holes_field() -> Any:
    """The ``holes`` field every board type shares."""
    return Field(default_factory=list, max_length=MAX_CELLS,
                 description="cells removed from the board (distances still cross them): "
                             "names, or {where: <a condition over row and column>}")


def holds_at(rule: HoleRule, row: int, column: int) -> bool:
    """Whether ``rule`` makes the cell at (``row``, ``column``), counted from 1, a hole; an
    ExpressionError when it is no condition over them."""
    value = evaluate(rule.where, {"row": row, "column": column}, "coordinate")
    if not isinstance(value, bool):
        raise ExpressionError(f"{rule.where!r} is a condition: it must be true or false, "
                              f"and it is {value!r}")
    return value


def hole_names(board: Any, graph: Any = None) -> list[str]:
    """The names of the board's holes, those listed and then those its rules give, in
    the order of the board's cells, each once. A rule that cannot be read gives none here
    (``validate`` reports it)."""
    listed = [h for h in board.holes if isinstance(h, str)]
    rules = [h for h in board.holes if isinstance(h, HoleRule)]
    if not rules:
        return listed
    names = dict.fromkeys(listed)
    nodes = (graph if graph is not None else board.build()).nodes
    for rule in rules:
        try:
            for node in nodes:
                if holds_at(rule, nodes[node]["row"] + 1, nodes[node]["col"] + 1):
                    names.setdefault(node)
        except ExpressionError:
            continue
    return list(names)
