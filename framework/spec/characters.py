"""The characters a game file may write: visible ones in names, and in prose line breaks too.

Every key and every text value of a game file is read here, before any model sees it, so
that a rule unit's own fields (a phase's name, a notation template, a zone, a choice's
values) are covered without knowing of them. A name — anything but the prose below — is
refused with a control character (C0 and C1, NUL, tab, line breaks), a format character
(zero-width spaces and joiners, bidirectional embeddings, overrides and isolates, the
byte-order mark), a line or paragraph separator (U+2028, U+2029), a private-use, surrogate
or unassigned code point, or one of the invisible fillers that pass for letters (U+034F,
the Hangul fillers): each would make two names that read alike, turn a message or a
terminal's line around, or end a line of whatever the name is written into. Prose (a
description, a caption, the credits, the rulebook's own text) may break lines and hold
tabs, and the zero-width joiner and non-joiner that scripts and emoji need; the rest is
refused there too. Each refusal names the file, the line and column of the key or value,
and the character (docs/limits.md).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from framework.errors import SpecIssue

if TYPE_CHECKING:  # yamlsource writes names in paths with ``escaped``
    from framework.spec.yamlsource import Loc, YamlSource

#: Categories no written character of a name has: controls, format characters, line and
#: paragraph separators, private use, surrogates, unassigned.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Co", "Cs", "Cn"})
#: Invisible characters of other categories (a combining grapheme joiner, Hangul fillers).
INVISIBLE = frozenset("\u034f\u115f\u1160\u3164\uffa0")
#: What prose keeps of the characters refused in names: line breaks, tabs, and the joiners
#: of scripts and emoji sequences (ZWNJ, ZWJ).
PROSE_ALLOWS = frozenset("\n\t\u200c\u200d")
#: The keys whose text is prose, wherever they stand (and all below them: the branches of
#: a parameter's ``$if``), and the top-level blocks that are prose throughout.
PROSE_KEYS = frozenset({"description", "caption"})
PROSE_BLOCKS = frozenset({"credits", "prose"})
#: How much of a refused text a message shows.
SHOWN = 60


def refused_character(text: str, prose: bool = False) -> tuple[int, str] | None:
    """The position and character of the first character ``text`` may not hold (a name's
    rules, or prose's), or None."""
    for i, char in enumerate(text):
        if prose and char in PROSE_ALLOWS:
            continue
        if char in INVISIBLE or unicodedata.category(char) in REFUSED_CATEGORIES:
            return i, char
    return None


def describe_character(char: str) -> str:
    """``U+202E (RIGHT-TO-LEFT OVERRIDE)``: a character named for people, never shown."""
    name = unicodedata.name(char, "") or {
        "\x00": "NUL", "\t": "TAB", "\n": "LINE FEED", "\r": "CARRIAGE RETURN"}.get(char, "")
    return f"U+{ord(char):04X}" + (f" ({name})" if name else "")


def escaped(text: str) -> str:
    """``text`` quoted, with every character a name may not hold written as an escape
    (``repr`` leaves the invisible fillers, which are letters, as they are)."""
    quoted = repr(text)
    return "".join(f"\\u{ord(c):04x}" if c in INVISIBLE else c for c in quoted)


def visible(text: str) -> bool:
    """Whether ``text`` may be printed as it is, in a path or a message."""
    return text.isprintable() and refused_character(text) is None


def shown(text: str) -> str:
    """``text`` as a message may print it: escaped, and cut short."""
    quoted = escaped(text)
    return quoted if len(quoted) <= SHOWN else quoted[:SHOWN - 4] + "...'"


def _is_prose(loc: Loc) -> bool:
    # Anywhere below a prose key: a description chosen by a parameter's $if: is prose.
    return bool(loc) and (loc[0] in PROSE_BLOCKS or any(part in PROSE_KEYS for part in loc))


def _texts(node: Any, loc: Loc) -> Iterator[tuple[Loc, str, bool]]:
    """Every text of the document: (where, the text, whether it is a key)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if isinstance(key, str):
                yield (*loc, key), key, True
            yield from _texts(value, (*loc, key))
    elif isinstance(node, list):
        for i, item in enumerate(node):
            yield from _texts(item, (*loc, i))
    elif isinstance(node, str):
        yield loc, node, False


def character_issues(src: YamlSource) -> list[SpecIssue]:
    """One issue per key or text value of the document holding a character its kind of
    text may not (``refused_character``), at that key's or value's line and column."""
    issues = []
    for loc, text, key in _texts(src.data, ()):
        prose = not key and _is_prose(loc)
        found = refused_character(text, prose)
        if found is None:
            continue
        at, char = found
        what = "this text" if prose else "this name" if key else "this value"
        rule = ("prose may break lines, but holds no other control or invisible character"
                if prose else "names and values are written with visible characters only")
        issues.append(src.issue(loc, f"{what} {shown(text)} holds the invisible or control "
                                     f"character {describe_character(char)} (its character "
                                     f"{at + 1}); {rule} (see docs/limits.md)", key=key))
    return issues
