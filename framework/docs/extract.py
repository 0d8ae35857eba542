"""A Babel extractor for game files: the words a rulebook shows from the file itself (name,
description, players, pieces, attributes, counters, phase names, zone names, example names
and captions), so they are translated in the same catalogs as the framework's sentences.

Registered as the ``babel.extractors`` entry point ``boardspec_game`` and used by
``framework/locale/babel.cfg`` (``[boardspec_game: games/*.yaml]``). Reading uses
``yaml.safe_load``: extraction never runs code from a game file.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

import yaml


def game_words(data: Any) -> list[str]:
    """The names a game file gives: the game, players, pieces, attributes, counters and
    phases (every rulebook sentence about the game uses them)."""
    if not isinstance(data, dict):
        return []
    texts: list[Any] = _fixed(data.get("name"))
    for player in _branches(data.get("players")):  # a name, {name, forward}, or a $if
        if isinstance(player, dict) and "$if" in player:  # a player of some variants
            texts += [p.get("name") if isinstance(p, dict) else p for p in _fixed(player)]
        else:
            texts.append(player.get("name") if isinstance(player, dict) else player)
    for kind, piece in (data.get("pieces") or {}).items():
        texts.append(kind)
        texts += list((piece or {}).get("attributes") or {})
    texts += list(data.get("counters") or [])
    texts += [phase.get("name") for phase in data.get("turn") or [] if isinstance(phase, dict)]
    texts += list(data.get("zones") or {})
    texts += list(data.get("regions") or {})
    fen = (data.get("notation") or {}).get("fen") if isinstance(data.get("notation"),
                                                                dict) else None
    if isinstance(fen, dict):  # slots written as FEN fields of their own
        texts += list(fen.get("fields") or [])
    return _unique(texts)


def game_texts(data: Any) -> list[str]:
    """Every translatable text of a parsed game file: its words, then its description and
    the names and captions of its examples."""
    if not isinstance(data, dict):
        return []
    parameters = data.get("parameters")
    texts: list[Any] = [*game_words(data),
                        *_fixed(data.get("description"), _defaults(parameters))]
    if isinstance(parameters, dict):  # what each parameter changes (the rulebook's Variants)
        texts += [p.get("description") for p in parameters.values() if isinstance(p, dict)]
    for example in data.get("examples") or []:
        if isinstance(example, dict):
            texts += [*_fixed(example.get("name")), *_fixed(example.get("caption"))]
    prose = data.get("prose")
    if isinstance(prose, dict) and isinstance(prose.get("en"), dict):
        # The English prose a language reads through the catalogs: where it has none of
        # its own in the file.
        others = [t for lang, t in prose.items() if lang != "en" and isinstance(t, dict)]
        texts += [text.strip() for place, text in prose["en"].items()
                  if isinstance(text, str) and text.strip()
                  and (len(others) < 4 or any(place not in t for t in others))]
    return _unique(texts)


def _fixed(value: Any, defaults: dict[str, Any] | None = None) -> list[Any]:
    """The texts a value may be whatever the game's parameters: each branch of a ``$if``;
    a text with ``${...}`` in it as it is written (a template: its translation keeps the
    ``${...}``, and ``framework.i18n`` fills them with the values the English text was
    made with, for any variant), and also as the default values write it, when
    ``defaults`` are given (the bundled rulebook is of the default game)."""
    if isinstance(value, dict) and "$if" in value:  # a branch is written for its values
        return [*_fixed(value.get("then")), *_fixed(value.get("else"))]
    if not isinstance(value, str):
        return []
    if "${" not in value:
        return [value]
    if defaults is None:
        return [value]
    from framework.expressions import INLINE
    from framework.spec.params import ExpressionError, evaluate, show_value

    try:
        return [value, INLINE.sub(lambda m: show_value(evaluate(m.group(1), defaults)),
                                  value)]
    except ExpressionError:
        return [value]


def _defaults(parameters: Any) -> dict[str, Any] | None:
    """The parameters' default values, as a file's ``parameters:`` declares them."""
    if not isinstance(parameters, dict):
        return None
    return {name: p.get("default") for name, p in parameters.items() if isinstance(p, dict)}


def _branches(value: Any) -> list[Any]:
    """The items of a list a game file may write whole or as a ``$if`` of lists (players
    that change with a parameter): every branch's items."""
    if isinstance(value, dict) and "$if" in value:
        return [*_branches(value.get("then")), *_branches(value.get("else"))]
    return list(value) if isinstance(value, list) else []


def _unique(texts: list[Any]) -> list[str]:
    seen: dict[str, None] = {}
    for text in texts:
        if isinstance(text, str) and text.strip():
            seen.setdefault(text.strip(), None)
    return list(seen)


def counted_words(data: Any) -> list[str]:
    """The words a rulebook writes after a number ("12 adaptoids", "5 captures"): pieces,
    attributes and counters. Each gets a ``msgctxt "count"`` plural entry, so a catalog
    gives every form its language's plural rules need."""
    if not isinstance(data, dict):
        return []
    texts: list[Any] = []
    for kind, piece in (data.get("pieces") or {}).items():
        texts += [kind, *list((piece or {}).get("attributes") or {})]
    texts += list(data.get("counters") or [])
    return _unique(texts)


#: The grammatical cases a rulebook's sentences ask a piece's name in (``in_case``).
CASES = ("accusative",)


def extract_game(fileobj: IO[bytes], keywords: Mapping[str, Any],
                 comment_tags: Collection[str], options: Mapping[str, Any]
                 ) -> Iterator[tuple[int, str | None, str | tuple[str, ...], list[str]]]:
    source = fileobj.read().decode("utf-8")
    lines = source.splitlines()
    data = yaml.safe_load(source)

    def line_of(text: str) -> int:
        probe = text.split()[0] if text.split() else text
        return next((i for i, line in enumerate(lines, 1) if probe in line), 1)

    for text in game_texts(data):
        yield line_of(text), None, text, []
    for word in counted_words(data):  # pgettext-style: (context, singular, plural)
        yield line_of(word), "npgettext", ("count", word, word), []
    # A piece's name in this game alone (msgctxt: the file's stem), for a word that two
    # games translate apart: draughts' king is a *dama* in Spanish, chess's a *rey*. Left
    # empty, the plain entry is used.
    stem = Path(getattr(fileobj, "name", "") or "").stem
    if stem and isinstance(data, dict):
        for kind in data.get("pieces") or {}:
            yield line_of(kind), "pgettext", (stem, kind), []
            yield line_of(kind), "npgettext", (f"count {stem}", kind, kind), []
            # Its grammatical cases (Russian «пешку» as a sentence's object), for every
            # game and for this one; left empty, a sentence takes the plain word.
            for case in CASES:
                yield line_of(kind), "pgettext", (case, kind), []
                yield line_of(kind), "pgettext", (f"{case} {stem}", kind), []
