"""Numbers as people type them: ASCII digits only, everywhere.

``str.isdigit``, ``int()``, ``float()`` and the regular expression ``\\d`` take the digits
of every script: ``int("٣")`` and ``int("𝟑")`` are 3, and ``"²".isdigit()`` is true while
``int("²")`` fails. A number typed on the command line (a depth, ``--param size=7``, a
count), in a clock (``5+3``), a FEN, a record, a ``boardspec uai`` command or a web request
is read here, so that only 0-9 are digits and nothing between checking and converting can
disagree.
"""

from __future__ import annotations

import re

#: A whole number with an optional sign; a decimal number.
WHOLE = re.compile(r"[+-]?[0-9]+")
DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]{1,3})?")


def is_digits(text: str, most: int | None = None) -> bool:
    """Whether ``text`` is one or more ASCII digits (at most ``most`` of them)."""
    # str.isdigit alone takes "²" and "٣"; on ASCII text it is exactly 0-9, and cheaper
    # than the pattern (a record's every turn number is read with it).
    return (text.isascii() and text.isdigit()) and (most is None or len(text) <= most)


def whole_number(text: str, most: int = 18) -> int | None:
    """``text`` (spaces around it allowed, a sign) as a whole number of at most ``most``
    ASCII digits, or None."""
    text = text.strip()
    if WHOLE.fullmatch(text) is None or len(text.lstrip("+-")) > most:
        return None
    return int(text)


def decimal_number(text: str) -> float | None:
    """``text`` as a number written with ASCII digits (``2``, ``0.5``, ``1e3``), or None."""
    text = text.strip()
    if len(text) > 40 or DECIMAL.fullmatch(text) is None:
        return None
    return float(text)

