"""The reader's words for a game file's identifiers: a zone, a rule, a state slot.

A rulebook never shows a name the file uses for the machine (``crownhead``, ``en_passant``).
A game file may say, per rulebook language, how its readers call each of them:

```yaml
terms:
  en: {promotion: the last rank, halfmove_clock: the fifty-move rule}
  es: {promotion: la última fila, halfmove_clock: la regla de los cincuenta movimientos}
```

A key is a zone's name, a rule's ``type`` (the tradition's name of that rule: the
fifty-move rule), a phase's name (the name of what it does: crowning), a state slot's
name or a counter's (as written after a number: "checkers borne off"). A language the
file leaves out reads the English term through the catalogs (under the game's own context,
as a bundled game's words are); a zone with no term at all is described by its cells ("the
far row", "the second row from your side"); any other key falls back to the identifier
with its underscores as spaces.

The rulebook sets :data:`TERMS` to the file's terms in the rulebook's language while it
writes; a unit's ``describe()`` asks :func:`term` or :func:`zone_words`.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from framework.spec.yamlsource import YamlSource

    Translate = Callable[[str], str]

#: The terms of the game being written, in the rulebook's language: identifier → words,
#: each already in that language (see :func:`terms_in`).
TERMS: ContextVar[dict[str, str] | None] = ContextVar("TERMS", default=None)


def terms_in(spec: Any, lang: str, _: Translate) -> dict[str, str]:
    """The file's terms in ``lang``: its own for that language, else its English ones
    through the catalogs."""
    declared: dict[str, dict[str, str]] = getattr(spec, "terms", {}) or {}
    own = dict(declared.get(lang, {}))
    for key, english in declared.get("en", {}).items():
        if key not in own:  # asked only when missing: the catalogs say what is untranslated
            own[key] = _(english)
    return own


def term(key: str) -> str | None:
    """The file's term for ``key`` in the rulebook's language, if it gives one."""
    return (TERMS.get() or {}).get(key)


def counter_words(counter: str, _: Translate, n: int = 5) -> str:
    """A counter as a sentence names it after a number: the file's term for it when it
    gives one (``terms: {en: {borne_off: checkers borne off}}``), else ``counted``."""
    from framework.plugins import counted

    return term(counter) or counted(_, counter, n)


def shown_key(key: str, _: Translate) -> str:
    """An identifier as a reader sees it: the file's term, else its words (``en_passant``:
    "en passant")."""
    return term(key) or _(key).replace("_", " ")


def zone_words(game: Any, zone: str, _: Translate) -> str:
    """A zone as a sentence names it ("the far row", "the last rank"): the file's term,
    else what its cells are, else its name translated."""
    found = term(zone)
    if found:
        return found
    described = _described(game, zone, _)
    if described:
        return described
    return _("the cells of {zone}").format(zone=_(zone).replace("_", " "))


def _described(game: Any, zone: str, _: Translate) -> str | None:
    """A zone of one row per player, counted from that player's side of the board."""
    from framework.spec.zones import RowZone

    spec = game.spec
    declared = spec.zones.get(zone)
    rows = getattr(spec.board, "rows", None)
    if not isinstance(declared, dict) or rows is None:
        return None
    from_own_side = set()
    for player, forward in zip(game.players, game.forward, strict=True):
        items = declared.get(str(player), [])
        if len(items) != 1 or not isinstance(items[0], RowZone) or forward not in ("n", "s"):
            return None
        row = items[0].row
        from_own_side.add(row if forward == "n" else rows + 1 - row)
    if len(from_own_side) != 1:
        return None
    counted = from_own_side.pop()
    if counted == rows:
        return _("the far row")
    if counted == 1:
        return _("your own first row")
    if counted == 2:
        return _("the second row from your side")
    return _("row {n} counted from your side").format(n=counted)


def term_keys(game: Any) -> set[str]:
    """What a term may name: the game's zones, rule types, phase names, state slots and
    counters (a counter's term is written after a number: "15 checkers borne off")."""
    blocks = [*game.setups, *game.phases, *game.goals, *game.restrictions,
              *([game.result] if game.result is not None else [])]
    return set(game.spec.zones) | {b.keyword for b in blocks} | \
        {p.name for p in game.phases} | set(game.slots.index) | set(game.counters)


def term_issues(game: Any) -> Iterator[tuple[tuple[str | int, ...], str]]:
    from framework.i18n import LANGUAGES

    keys = term_keys(game)
    for lang, table in game.spec.terms.items():
        if lang not in LANGUAGES:
            yield ("terms", lang), (f"{lang!r} is not a rulebook language; expected one of: "
                                    f"{', '.join(LANGUAGES)}")
            continue
        for key, words in table.items():
            if key not in keys:
                yield ("terms", lang, key), (
                    f"{key!r} names nothing a rulebook shows: a term names a zone, a rule's "
                    f"type, a phase, a state slot or a counter ({', '.join(sorted(keys))})")
            elif not words.strip():
                yield ("terms", lang, key), "a term is the words a reader sees: not empty"


def check_terms(game: Any, src: YamlSource | None) -> None:
    """A SpecError naming every wrong entry of ``terms`` and ``prose``."""
    from framework.errors import SpecError, SpecIssue

    issues = [src.issue(loc, message) if src else SpecIssue("<spec>", 0, 0, "", message)
              for loc, message in [*term_issues(game), *prose_issues(game)]]
    if issues:
        raise SpecError(issues)


def prose_issues(game: Any) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """Where ``prose`` names a language that has no rulebook, or says nothing."""
    from framework.i18n import LANGUAGES

    for lang, table in game.spec.prose.items():
        if lang not in LANGUAGES:
            yield ("prose", lang), (f"{lang!r} is not a rulebook language; expected one of: "
                                    f"{', '.join(LANGUAGES)}")
            continue
        for place, text in table.items():
            if not text.strip():
                yield ("prose", lang, place), "the designer's text for a place: not blank"


def prose_in(spec: Any, lang: str, _: Translate) -> dict[str, str]:
    """The file's own prose in ``lang`` per place: its own for that language, else its
    English text through the catalogs."""
    declared: dict[str, dict[str, str]] = getattr(spec, "prose", {}) or {}
    own = {place: text.strip() for place, text in declared.get(lang, {}).items()}
    for place, english in declared.get("en", {}).items():
        if place not in own:
            own[place] = _(english.strip())
    return own
