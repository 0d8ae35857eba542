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
import types
from functools import cache
from importlib.metadata import entry_points
from io import BytesIO
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

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


class GameTranslations(gettext.NullTranslations):
    """A language's catalogs as one game's rulebook reads them: a word is looked up under
    the game's own context first (``msgctxt "chess"``: its pieces' names), then plainly."""

    def __init__(self, base: gettext.NullTranslations, game: str) -> None:
        super().__init__()
        self.base = base
        self.game = game
        #: The sentences and words asked for that no catalog translates (they read in
        #: English): ``docs`` names them. Always empty for English itself.
        self.missing: set[str] = set()

    def _note(self, key: object, message: str) -> None:
        if isinstance(self.base, gettext.GNUTranslations) and not _in_catalogs(self.base, key):
            self.missing.add(message)

    def gettext(self, message: str) -> str:
        own = self.base.pgettext(self.game, message)
        if own != message:
            return own
        self._note(message, message)
        return self.base.gettext(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self._note((msgid1, 0), msgid1)
        return self.base.ngettext(msgid1, msgid2, n)

    def pgettext(self, context: str, message: str) -> str:
        if not _in_catalogs(self.base, f"{context}\x04{message}"):
            self._note(message, message)
        return self.base.pgettext(context, message)

    def case_form(self, case: str, word: str) -> str | None:
        """``word`` in a grammatical case, where the catalogs give it (``msgctxt
        "accusative"``, or ``"accusative chess"`` for a word this game names its own way:
        Russian «ладью», «ферзя»); None where they do not (the sentence then takes the
        plain word, as before)."""
        contexts = (f"{case} {self.game}", case) if \
            self.base.pgettext(self.game, word) != word else (case,)
        for context in contexts:
            if _in_catalogs(self.base, f"{context}\x04{word}"):
                return str(self.base.pgettext(context, word))
        return None

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        # A word this game names its own way is counted with its own forms (chess's kings
        # are no draughts *damas*), under the context "count <game>".
        if context == "count" and self.base.pgettext(self.game, msgid1) != msgid1:
            return self.base.npgettext(f"count {self.game}", msgid1, msgid2, n)
        return self.base.npgettext(context, msgid1, msgid2, n)


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
    return GameTranslations(translations(lang), game)


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
