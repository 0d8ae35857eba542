"""Masks wider than 64 bits for the kernels of boards over 64 cells: a numba type of its own.

A board of at most 64 cells keeps its masks as one ``uint64`` and its kernels never import
this module (their source is the same as before there was a wide layout). A board of more
cells gets masks of ``W`` words (``W = ceil(cells / 64)``, chosen when the game is
compiled): ``WideMask(W)``, a value type (a tuple of ``W`` uint64 words in a struct) with
the operators the pieces' code uses on masks — ``& | ^ ~``, ``-`` of a small number
(``b & (b - ONE)`` clears the lowest bit), shifts by a number of bits, truthiness and
comparison — and ``low``, ``high`` and ``count`` of its own, so a piece written for the
wide layout reads as it does for one word. What differs is written through the vocabulary of
``framework/kernel/masks.py``: a single bit (``wbit``), a bit test (``wtest``), a mask
field of the state (``mget``/``mset``, ``W`` words each), a row of a mask table (``wrow``)
and a constant (``wconst``).

The operations are written out word by word for each width when first asked for (numba
types a function once per width): LLVM keeps the words in registers.
"""

from __future__ import annotations

import operator
from typing import Any

import numpy as np
from numba import types
from numba.core import cgutils
from numba.core.imputils import lower_constant
from numba.extending import (
    intrinsic,
    make_attribute_wrapper,
    models,
    overload,
    register_model,
    typeof_impl,
)

from framework.native.runtime import ctlz, ctz, popcnt

U64 = np.uint64


class WideMask(types.Type):
    """A mask of ``width`` 64-bit words (bit ``c`` is bit ``c % 64`` of word ``c // 64``)."""

    def __init__(self, width: int) -> None:
        self.width = width
        self.words = types.UniTuple(types.uint64, width)
        super().__init__(name=f"WideMask({width})")


@register_model(WideMask)
class _WideModel(models.StructModel):
    def __init__(self, dmm: Any, fe_type: WideMask) -> None:
        super().__init__(dmm, fe_type, [("w", fe_type.words)])


make_attribute_wrapper(WideMask, "w", "w")


class Wide:
    """A wide mask known when the module is written (``ALL``): a global numba freezes."""

    def __init__(self, words: tuple[int, ...]) -> None:
        self.words = tuple(int(w) for w in words)


@typeof_impl.register(Wide)
def _typeof_wide(value: Wide, context: Any) -> WideMask:
    return WideMask(len(value.words))


@lower_constant(WideMask)
def _constant(context: Any, builder: Any, wide: WideMask, value: Wide) -> Any:
    words = context.get_constant_generic(builder, wide.words,
                                         tuple(U64(w) for w in value.words))
    made = cgutils.create_struct_proxy(wide)(context, builder)
    made.w = words
    return made._getvalue()


@intrinsic
def wmake(typingctx: Any, words: Any) -> Any:
    """The wide mask of a tuple of uint64 words (the lowest first)."""
    if not (isinstance(words, types.UniTuple) and words.dtype == types.uint64):
        return None
    wide = WideMask(words.count)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        made = cgutils.create_struct_proxy(wide)(context, builder)
        made.w = args[0]
        return made._getvalue()

    return wide(words), codegen


def _overload(function: Any, **options: Any) -> Any:
    """``numba.extending.overload``, the typing function's annotations dropped (numba
    compares its signature with the implementation's, which has none)."""

    def register(typer: Any) -> Any:
        typer.__annotations__ = {}
        return overload(function, **options)(typer)

    return register


def _compiled(source: str, name: str) -> Any:
    scope: dict[str, Any] = {"wmake": wmake, "U64": U64, "np": np, "ctz": ctz,
                             "ctlz": ctlz, "popcnt": popcnt}
    exec(source, scope)  # the source is written above, from the width alone
    return scope[name]


def _words(expression: str, width: int) -> str:
    return "(" + "".join(f"{expression.format(i=i)}, " for i in range(width)) + ")"


def _binary(symbol: str) -> Any:
    def typer(a: Any, b: Any) -> Any:
        if isinstance(a, WideMask) and isinstance(b, WideMask) and a.width == b.width:
            body = _words(f"x[{{i}}] {symbol} y[{{i}}]", a.width)
            return _compiled(f"def impl(a, b):\n    x = a.w\n    y = b.w\n"
                             f"    return wmake({body})\n", "impl")
        return None

    return typer


for _op, _symbol in ((operator.and_, "&"), (operator.or_, "|"), (operator.xor, "^"),
                     (operator.iand, "&"), (operator.ior, "|"), (operator.ixor, "^")):
    _overload(_op)(_binary(_symbol))


@_overload(operator.invert)
def _invert(a: Any) -> Any:
    if isinstance(a, WideMask):
        body = _words("~x[{i}]", a.width)
        return _compiled(f"def impl(a):\n    x = a.w\n    return wmake({body})\n", "impl")
    return None


def _subtract(a: Any, b: Any) -> Any:
    """A wide mask less a uint64 (the borrow carried up the words)."""
    if not (isinstance(a, WideMask) and isinstance(b, types.Integer)):
        return None
    lines = ["def impl(a, b):", "    x = a.w", "    v = U64(b)"]
    for i in range(a.width):
        lines += [f"    r{i} = x[{i}] - v", f"    v = U64(1) if x[{i}] < v else U64(0)"]
    lines.append(f"    return wmake({_words('r{i}', a.width)})")
    return _compiled("\n".join(lines) + "\n", "impl")


_overload(operator.sub)(_subtract)
_overload(operator.isub)(_subtract)


def _select(width: int, index: str) -> str:
    """The word ``x[index]`` for a run-time index, 0 outside the mask."""
    found = "U64(0)"
    for i in reversed(range(width)):
        found = f"(x[{i}] if {index} == {i} else {found})"
    return found


def _shift(left: bool) -> Any:
    def typer(a: Any, b: Any) -> Any:
        if not (isinstance(a, WideMask) and isinstance(b, types.Integer)):
            return None
        width = a.width
        lines = ["def impl(a, b):", "    x = a.w", "    k = np.int64(b)", "    q = k >> 6",
                 "    r = U64(k & 63)", "    back = U64(64) - r"]
        for i in range(width):
            near, far = (f"{i} - q", f"{i} - q - 1") if left else (f"{i} + q", f"{i} + q + 1")
            main = f"({_select(width, near)} {'<<' if left else '>>'} r)"
            carry = f"({_select(width, far)} {'>>' if left else '<<'} back)"
            lines.append(f"    r{i} = {main} | ({carry} if r else U64(0))")
        lines.append(f"    return wmake({_words('r{i}', width)})")
        return _compiled("\n".join(lines) + "\n", "impl")

    return typer


for _op, _left in ((operator.lshift, True), (operator.ilshift, True),
                   (operator.rshift, False), (operator.irshift, False)):
    _overload(_op)(_shift(_left))


@_overload(bool)
def _truth(a: Any) -> Any:
    if isinstance(a, WideMask):
        body = " | ".join(f"x[{i}]" for i in range(a.width))
        return _compiled(f"def impl(a):\n    x = a.w\n    return ({body}) != U64(0)\n", "impl")
    return None


def _equal(negated: bool) -> Any:
    def typer(a: Any, b: Any) -> Any:
        if isinstance(a, WideMask) and isinstance(b, WideMask) and a.width == b.width:
            body = " | ".join(f"(x[{i}] ^ y[{i}])" for i in range(a.width))
            test = "!=" if negated else "=="
            return _compiled(f"def impl(a, b):\n    x = a.w\n    y = b.w\n"
                             f"    return ({body}) {test} U64(0)\n", "impl")
        if isinstance(a, WideMask) and isinstance(b, types.Integer):  # against ZERO, ONE
            high = "".join(f" | x[{i}]" for i in range(1, a.width))
            test = "!=" if negated else "=="
            return _compiled(f"def impl(a, b):\n    x = a.w\n"
                             f"    return ((x[0] ^ U64(b)){high}) {test} U64(0)\n", "impl")
        return None

    return typer


_overload(operator.eq)(_equal(False))
_overload(operator.ne)(_equal(True))


# The functions the pieces call ---------------------------------------------------------
def wcount(x: Any) -> Any:  # pragma: no cover - replaced by its overload when compiled
    raise NotImplementedError


def wlow(x: Any) -> Any:  # pragma: no cover
    raise NotImplementedError


def whigh(x: Any) -> Any:  # pragma: no cover
    raise NotImplementedError


@_overload(wcount)
def _count(a: Any) -> Any:
    if isinstance(a, WideMask):
        body = " + ".join(f"popcnt(x[{i}])" for i in range(a.width))
        return _compiled(f"def impl(a):\n    x = a.w\n    return np.int64({body})\n", "impl")
    if isinstance(a, types.Integer):
        return lambda a: np.int64(popcnt(U64(a)))  # type: ignore[call-arg,arg-type]
    return None


@_overload(wlow)
def _low(a: Any) -> Any:
    if isinstance(a, WideMask):
        lines = ["def impl(a):", "    x = a.w"]
        for i in range(a.width - 1):
            lines += [f"    if x[{i}]:",
                      f"        return np.int64({64 * i}) + np.int64(ctz(x[{i}]))"]
        last = a.width - 1
        lines.append(f"    return np.int64({64 * last}) + np.int64(ctz(x[{last}]))")
        return _compiled("\n".join(lines) + "\n", "impl")
    return None


@_overload(whigh)
def _high(a: Any) -> Any:
    if isinstance(a, WideMask):
        lines = ["def impl(a):", "    x = a.w"]
        for i in reversed(range(1, a.width)):
            lines += [f"    if x[{i}]:",
                      f"        return np.int64({64 * i + 63}) - np.int64(ctlz(x[{i}]))"]
        lines.append("    return np.int64(63) - np.int64(ctlz(x[0]))")
        return _compiled("\n".join(lines) + "\n", "impl")
    return None


def wtest(m: Any, c: Any) -> Any:  # pragma: no cover
    raise NotImplementedError


@_overload(wtest)
def _test(m: Any, c: Any) -> Any:
    """Whether cell ``c`` is in the mask (as a uint64 0 or 1)."""
    if isinstance(m, WideMask):
        word = _select(m.width, "(c >> 6)")
        return _compiled(f"def impl(m, c):\n    x = m.w\n"
                         f"    return ({word} >> U64(c & 63)) & U64(1)\n", "impl")
    return None
