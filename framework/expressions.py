"""Small expressions over named values, read without executing anything: a game file's
parameter expressions (``${size * size + 1}``, ``framework.spec.params``) and a board's
holes given by a rule over each cell's coordinates (``holes: [{where: "row > 3"}]``).

An expression is read by a small evaluator over Python's syntax tree that knows only whole
numbers and text, ``+ - * / // %``, comparisons, ``and or not``, ``x if c else y`` and the
functions ``min max abs str letter``.
"""

from __future__ import annotations

import ast
import operator
import re
from collections.abc import Callable, Mapping
from typing import Any

from framework.limits import MAX_EXPRESSION_TEXT

Value = int | float | bool | str
#: The longest expression a file may write (expressions are for a number or a choice).
MAX_EXPRESSION = 200
#: An expression inside text, ``${size * size}``: its source is the group. Game files
#: (``framework.spec.params``), the catalogs' extractor and the translations' templates
#: (``framework.i18n``) find them alike.
INLINE = re.compile(r"\$\{([^{}]*)\}")


def show(value: Value) -> str:
    """A value as a game file writes it (true/false for a switch)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class ExpressionError(ValueError):
    def __init__(self, message: str, unknown: str | None = None) -> None:
        super().__init__(message)
        self.unknown = unknown


def letter(number: int) -> str:
    """A board column's letter: 1 → a … 26 → z."""
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= 26:
        raise ExpressionError(f"letter() takes a whole number from 1 to 26; found {number!r}")
    return "abcdefghijklmnopqrstuvwxyz"[number - 1]


FUNCTIONS: dict[str, Callable[..., Any]] = {"min": min, "max": max, "abs": abs,
                                              "str": show, "letter": letter}
_BINARY: dict[type[ast.operator], Callable[[Any, Any], Any]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
    ast.Div: operator.truediv, ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod}
_COMPARE: dict[type[ast.cmpop], Callable[[Any, Any], bool]] = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
    ast.Gt: operator.gt, ast.GtE: operator.ge}
#: No value of an expression may grow past this (a board is far smaller; it keeps text
#: and numbers from growing without end).
_BIG = 10**12


def evaluate(expression: str, values: Mapping[str, Value], names: str = "parameter") -> Value:
    """The value of an expression of named values (parameters: ``size * size + 1``; a
    cell's coordinates: ``row + column > 9``); ``names`` says what the names are."""
    if len(expression) > MAX_EXPRESSION:
        raise ExpressionError(f"an expression is at most {MAX_EXPRESSION} characters; "
                              f"found {len(expression)}")
    try:
        tree = ast.parse(expression.strip(), mode="eval")
    except SyntaxError:
        raise ExpressionError(f"{expression!r} is not an expression of {names}s (such "
                              "as size * size + 1)") from None
    return _value(tree.body, values, expression, names)


def _value(node: ast.AST, values: Mapping[str, Value], text: str, names: str) -> Any:
    def sub(child: ast.AST) -> Any:
        return _value(child, values, text, names)

    result: Any
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float | str):
        result = node.value
    elif isinstance(node, ast.Name):
        if node.id in ("true", "false"):
            result = node.id == "true"
        elif node.id not in values:
            raise ExpressionError(f"unknown {names} {node.id!r}", unknown=node.id)
        else:
            result = values[node.id]
    elif isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        left, right = sub(node.left), sub(node.right)
        if isinstance(left, bool) or isinstance(right, bool):
            raise ExpressionError(f"in {text!r}: + - * / // % take numbers (or + text), "
                                  "not true or false")
        _check_text_operation(node.op, left, right, text)
        try:
            result = _BINARY[type(node.op)](left, right)
        except (TypeError, ZeroDivisionError) as exc:
            raise ExpressionError(f"in {text!r}: {exc}") from None
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        operand = sub(node.operand)
        if not isinstance(operand, int | float) or isinstance(operand, bool):
            raise ExpressionError(f"in {text!r}: a sign goes before a number")
        result = -operand if isinstance(node.op, ast.USub) else operand
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        result = not _truth(sub(node.operand), text)
    elif isinstance(node, ast.BoolOp):
        parts = (_truth(sub(v), text) for v in node.values)
        result = all(parts) if isinstance(node.op, ast.And) else any(parts)
    elif isinstance(node, ast.Compare):
        result, left = True, sub(node.left)
        for op, right_node in zip(node.ops, node.comparators, strict=True):
            right = sub(right_node)
            if type(op) not in _COMPARE:
                raise ExpressionError(f"in {text!r}: only == != < <= > >= compare")
            try:
                result = result and _COMPARE[type(op)](left, right)
            except TypeError as exc:
                raise ExpressionError(f"in {text!r}: {exc}") from None
            left = right
    elif isinstance(node, ast.IfExp):
        result = sub(node.body) if _truth(sub(node.test), text) else sub(node.orelse)
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
            and node.func.id in FUNCTIONS and not node.keywords:
        args = [sub(a) for a in node.args]
        try:
            result = FUNCTIONS[node.func.id](*args)
        except (TypeError, ValueError) as exc:
            raise ExpressionError(f"in {text!r}: {exc}") from None
    else:
        raise ExpressionError(f"{text!r}: an expression of {names}s uses numbers, text, "
                              "+ - * / // %, comparisons, and/or/not, x if c else y and "
                              f"{', '.join(FUNCTIONS)}()")
    if (isinstance(result, str) and len(result) > MAX_EXPRESSION_TEXT) or \
            (isinstance(result, int | float) and not isinstance(result, bool) \
            and abs(result) > _BIG):
        raise ExpressionError(f"in {text!r}: the value grows too large")
    return result


def _check_text_operation(op: ast.operator, left: Any, right: Any, text: str) -> None:
    """Refuse, before it is computed, an operation on text whose result would be too long
    (``"x" * 10**9``), and ``%`` on text: that is Python's formatting, whose ``%0999999999d``
    makes a gigabyte of one number."""
    if isinstance(op, ast.Mod) and isinstance(left, str):
        raise ExpressionError(f"in {text!r}: % takes numbers, not text")
    length = 0
    if isinstance(op, ast.Mult) and isinstance(left, str) and isinstance(right, int):
        length = len(left) * right
    elif isinstance(op, ast.Mult) and isinstance(right, str) and isinstance(left, int):
        length = len(right) * left
    elif isinstance(op, ast.Add) and isinstance(left, str) and isinstance(right, str):
        length = len(left) + len(right)
    if length > MAX_EXPRESSION_TEXT:
        raise ExpressionError(f"in {text!r}: the text would be {length:,} characters; the "
                              f"limit is {MAX_EXPRESSION_TEXT:,} (see docs/limits.md)")


def _truth(value: Any, text: str) -> bool:
    if not isinstance(value, bool):
        raise ExpressionError(f"in {text!r}: and/or/not and conditions take true or false; "
                              f"found {value!r}")
    return value
