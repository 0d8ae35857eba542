"""The rulebook languages and their gettext catalogs.

Catalogs live as ``framework/locale/<lang>/LC_MESSAGES/boardspec.po`` (edited by people,
updated with ``pybabel``; see ``docs/tutorial.md``). They are compiled in memory when first
needed, so a fresh ``pip install -e .`` renders every language with no build step and no
``.mo`` file can go stale beside its ``.po``.

A third-party package translates its own sentences (its blocks' ``describe()``, its games'
words) the same way: it registers a folder of catalogs under the entry-point group
``boardspec.locales`` (``mypackage = "mypackage:LOCALE_DIR"``, or the package itself, whose
``locale/`` folder is then used), holding ``<lang>/LC_MESSAGES/*.po``. Those catalogs are
consulted after boardspec's own, for the messages boardspec's do not have.
"""

from __future__ import annotations

import gettext
import re
import string
import types
from collections.abc import Callable
from functools import cache
from importlib.metadata import entry_points
from io import BytesIO
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from framework.expressions import INLINE
from framework.limits import MAX_EXPRESSION_TEXT

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "boardspec"
LOCALES_GROUP = "boardspec.locales"
#: Rulebook languages, English (the source language) first, with their own names.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "es": "Español",
    "pt": "Português",
    "ru": "Русский",
    "eo": "Esperanto",
}


def catalog_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The gettext object of ``lang`` (English: the identity)."""
    if lang not in LANGUAGES:
        from framework.errors import BoardspecError

        raise BoardspecError(f"no rulebook language {lang!r}; expected one of: "
                             f"{', '.join(LANGUAGES)}")
    if lang == "en":
        return gettext.NullTranslations()
    main = _compiled(catalog_path(lang), lang)
    for folder in third_party_locales():
        for po in sorted((folder / lang / "LC_MESSAGES").glob("*.po")):
            main.add_fallback(_compiled(po, lang))
    return main


#: A preposition that fuses with the article after it, per language: Portuguese «em as
#: suas covas» is written «nas suas covas», Spanish «de el centro» «del centro». A sentence
#: names a zone or a player through a placeholder ("em {zone}"), so the fusion is made
#: where a placeholder's value, beginning with an article, meets such a preposition.
CONTRACTIONS: dict[str, dict[tuple[str, str], str]] = {
    "pt": {(p, a): c for p, row in {
        "em": {"o": "no", "a": "na", "os": "nos", "as": "nas"},
        "de": {"o": "do", "a": "da", "os": "dos", "as": "das"},
        "a": {"o": "ao", "a": "à", "os": "aos", "as": "às"},
        "por": {"o": "pelo", "a": "pela", "os": "pelos", "as": "pelas"}}.items()
        for a, c in row.items()},
    "es": {("de", "el"): "del", ("a", "el"): "al"},
}
_START, _END = "\x01", "\x02"  # around each placeholder's value while a sentence is made


class Contracting(str):
    """A translated sentence whose ``format`` fuses a preposition with the article that
    begins a placeholder's value (``CONTRACTIONS``). An article is a whole word followed
    by a noun: a cell named ``o`` (a value "o" alone, "o e b7", "o, a1") is left alone.
    Where a language writes a case as an ending after the placeholder (Esperanto's
    «{piece}n», ``ENDINGS``), the ending goes on every word of the value that takes it
    («blankan peonon», not «blanka peonon»)."""

    contractions: dict[tuple[str, str], str] = {}
    #: Such a preposition, then a placeholder's value that begins with such an article
    #: (made once per language: ``contracting``).
    fusing: re.Pattern[str] = re.compile(r"(?!)")
    #: The ending written after a placeholder, and the rule that puts it on the value's
    #: words; empty where the language writes none.
    ending: str = ""
    declined: Callable[[str], str] = staticmethod(str)

    def format(self, *args: object, **kwargs: object) -> str:
        marked = []
        for literal, field, spec, conversion in string.Formatter().parse(self):
            marked.append(literal.replace("{", "{{").replace("}", "}}"))
            if field is not None:
                marked.append(_START + "{" + field + (f"!{conversion}" if conversion else "")
                              + (f":{spec}" if spec else "") + "}" + _END)
        made = "".join(marked).format(*args, **kwargs)
        return self._declined(self._fused(made)).replace(_START, "").replace(_END, "")

    def _declined(self, text: str) -> str:
        if not self.ending:
            return text

        def decline(found: re.Match[str]) -> str:
            value = found.group(1)
            formed = self.declined(value)
            return formed if formed != value else value + self.ending
        return re.sub(f"{_START}([^{_END}]*){_END}{re.escape(self.ending)}(?!\\w)", decline,
                      text)

    def _fused(self, text: str) -> str:
        def fuse(found: re.Match[str]) -> str:
            word = self.contractions[(found.group(1).lower(), found.group(2))]
            if found.group(1)[:1].isupper():
                word = word[:1].upper() + word[1:]
            return f"{_START}{word} "
        return self.fusing.sub(fuse, text)


@cache
def contracting(lang: str) -> type[Contracting] | None:
    """The sentence class of ``lang`` (None: its prepositions never fuse and it writes no
    ending after a placeholder), made once."""
    table, ending = CONTRACTIONS.get(lang), ENDINGS.get(lang)
    if table is None and ending is None:
        return None
    attributes: dict[str, object] = {}
    if table is not None:
        prepositions = "|".join(sorted({p for p, _a in table}, key=len, reverse=True))
        articles = "|".join(sorted({a for _p, a in table}, key=len, reverse=True))
        attributes["contractions"] = table
        attributes["fusing"] = re.compile(
            rf"\b({prepositions}) {_START}({articles}) (?!(?:e|ou|y|o)\b)(?=\w)",
            re.IGNORECASE)
    if ending is not None:
        attributes["ending"], rule = ending
        attributes["declined"] = staticmethod(rule)
    return type(f"Contracting_{lang}", (Contracting,), attributes)


def esperanto_accusative(phrase: str) -> str:
    """Esperanto's accusative, which the grammar forms by rule: every noun and adjective
    (a word of three letters or more ending in -o or -a, plural -oj, -aj) takes -n:
    «damo» → «damon», «blanka peono» → «blankan peonon»; «la» stays."""
    return re.sub(r"\b(\w{2,}[oa]j?)\b", r"\1n", phrase)


#: The endings a language's catalogs write right after a placeholder, with the rule that
#: forms them on the whole value: Esperanto's accusative «{piece}n» («metas novan {piece}n»).
ENDINGS: dict[str, tuple[str, Callable[[str], str]]] = {"eo": ("n", esperanto_accusative)}

#: The cases a language forms by rule, for the words its catalogs give no form of.
#: ``object``: a verb's direct object («elektas damon»); the catalogs' ``accusative``
#: entries give it where a language declines by word (Russian «выбирают ферзя»), and the
#: accusative after a preposition (Russian «в ферзя») stays the catalogs' alone: Esperanto
#: «iĝas damo» takes the plain word there.
CASE_RULES: dict[tuple[str, str], Callable[[str], str]] = {
    ("eo", "object"): esperanto_accusative}
#: The catalog entries (``msgctxt``) a case is looked up under.
CATALOG_CASE = {"object": "accusative"}


class GameTranslations(gettext.NullTranslations):
    """A language's catalogs as one game's rulebook reads them: a word is looked up under
    the game's own context first (``msgctxt "chess"``: its pieces' names), then plainly."""

    def __init__(self, base: gettext.NullTranslations, game: str,
                 sentence: type[Contracting] | None = None, lang: str = "") -> None:
        super().__init__()
        self.base = base
        self.game = game
        self.sentence = sentence
        self.lang = lang
        #: The sentences and words asked for that no catalog translates (they read in
        #: English): ``docs`` names them. Always empty for English itself.
        self.missing: set[str] = set()

    def _note(self, key: object, message: str) -> None:
        if isinstance(self.base, gettext.GNUTranslations) and not _in_catalogs(self.base, key):
            self.missing.add(message)

    def _made(self, text: str) -> str:
        return self.sentence(text) if self.sentence is not None else text

    def gettext(self, message: str) -> str:
        own = self.base.pgettext(self.game, message)
        if own != message:
            return self._made(own)
        if "${" not in message and not _in_catalogs(self.base, message):
            filled = from_template(self.base, message)  # a variant's description
            if filled is not None:
                return self._made(filled)
        self._note(message, message)
        return self._made(self.base.gettext(message))

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self._note((msgid1, 0), msgid1)
        return self._made(self.base.ngettext(msgid1, msgid2, n))

    def pgettext(self, context: str, message: str) -> str:
        if not _in_catalogs(self.base, f"{context}\x04{message}"):
            self._note(message, message)
        return self._made(self.base.pgettext(context, message))

    def case_form(self, case: str, word: str) -> str | None:
        """``word`` in a grammatical case, where the catalogs give it (``msgctxt
        "accusative"``, or ``"accusative chess"`` for a word this game names its own way:
        Russian «ладью», «ферзя»); None where they do not (the sentence then takes the
        plain word, as before)."""
        entry = CATALOG_CASE.get(case, case)
        contexts = (f"{entry} {self.game}", entry) if \
            self.base.pgettext(self.game, word) != word else (entry,)
        for context in contexts:
            if _in_catalogs(self.base, f"{context}\x04{word}"):
                return str(self.base.pgettext(context, word))
        rule = CASE_RULES.get((self.lang, case))
        return rule(str(self.gettext(word))) if rule is not None else None

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        # A word this game names its own way is counted with its own forms (chess's kings
        # are no draughts *damas*), under the context "count <game>".
        if context == "count" and self.base.pgettext(self.game, msgid1) != msgid1:
            return self._made(self.base.npgettext(f"count {self.game}", msgid1, msgid2, n))
        return self._made(self.base.npgettext(context, msgid1, msgid2, n))


def from_template(translations: gettext.NullTranslations, message: str) -> str | None:
    """The translation of ``message`` made from a catalog entry written as a template (a
    game file's ``"Go on a board of ${size} × ${size} points"``, translated with the same
    ``${...}``): the values the English text holds where the template has its fields are
    put into the translation's. None if no template makes ``message``."""
    for written, pattern, fields, translated in _templates(translations):
        # The fields of a text together make at most MAX_EXPRESSION_TEXT characters (a
        # game file's substitution refuses more): a longer message is not this template's,
        # and the lazy groups' matching, quadratic in the message, is never tried on it.
        if len(message) > written + MAX_EXPRESSION_TEXT:
            continue
        found = pattern.fullmatch(message)
        if found is None:
            continue
        values: dict[str, str] = {}
        if all(values.setdefault(field, value) == value
               for field, value in zip(fields, found.groups(), strict=True)):
            return _filled(translated, values)
    return None


def _filled(template: str, values: dict[str, str]) -> str:
    return INLINE.sub(lambda m: values.get(m.group(1), m.group(0)), template)


def _templates(translations: gettext.NullTranslations
               ) -> list[tuple[int, re.Pattern[str], list[str], str]]:
    """The template entries of a catalog and its fallbacks (made once per catalog)."""
    made = getattr(translations, "_boardspec_templates", None)
    if made is not None:
        return made
    found: list[tuple[int, re.Pattern[str], list[str], str]] = []
    catalog: gettext.NullTranslations | None = translations
    while catalog is not None:
        for key, value in getattr(catalog, "_catalog", {}).items():
            if isinstance(key, str) and "${" in key and "\x04" not in key and value:
                parts = INLINE.split(key)  # literal, field, literal, field, …, literal
                pattern = "".join(re.escape(part) if i % 2 == 0 else "(.+?)"
                                  for i, part in enumerate(parts))
                written = len("".join(parts[::2]))
                found.append((written, re.compile(pattern, re.DOTALL), parts[1::2],
                              str(value)))
        catalog = getattr(catalog, "_fallback", None)
    # The most written first: "Chinese checkers for ${players}" would make a whole
    # description that begins so, its field taking the rest.
    made = sorted(found, key=lambda f: -f[0])
    translations._boardspec_templates = made  # type: ignore[attr-defined]
    return made


def _in_catalogs(translations: gettext.NullTranslations | None, key: object) -> bool:
    """Whether ``key`` (a msgid; ``(msgid, 0)`` for plural forms; ``context\x04msgid``) is
    in the catalog or one of its fallbacks (a package's own catalog)."""
    while translations is not None:
        if key in getattr(translations, "_catalog", {}):
            return True
        translations = getattr(translations, "_fallback", None)
    return False


def game_translations(lang: str, game: str) -> GameTranslations:
    """The catalogs of ``lang`` for the rulebook of the game file named ``game`` (its
    stem), with that game's own words first."""
    return GameTranslations(translations(lang), game, contracting(lang), lang)


def _compiled(path: Path, lang: str) -> gettext.GNUTranslations:
    with path.open("rb") as po:
        catalog = read_po(po, locale=lang, domain=DOMAIN)
    compiled = BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def third_party_locales() -> list[Path]:
    """The catalog folders installed packages register under ``boardspec.locales``."""
    folders = []
    for ep in sorted(entry_points(group=LOCALES_GROUP), key=lambda e: e.name):
        found = ep.load()
        if isinstance(found, types.ModuleType):
            found = Path(found.__file__ or "").parent / "locale"
        folders.append(Path(found))
    return folders


def N_(text: str) -> str:  # gettext's name for "mark now, translate later"
    """Mark a word for extraction (keyword ``N_``) that is translated later, at run time."""
    return text


#: Words the plugins pass through ``_()`` from their parameters (``by: first``), so Babel
#: cannot see them where they are used.
RUNTIME_WORDS = (N_("first"), N_("second"))
