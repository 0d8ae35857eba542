"""Rulebooks generated from game files: Markdown and standalone HTML, with SVG diagrams, in
every language that has a catalog under ``framework/locale``.

``rulebook.py`` gathers what a game file says (material, setup, the turn's phases described
by their own plugins, goals, notation) and runs its examples into diagrams; the jinja2
templates in ``templates/`` lay it out; ``framework/i18n.py`` loads the gettext catalogs
(managed with Babel; below the compiler, which reads a game's notation words through them);
``extract.py`` lets Babel collect the words of the game files for translation.
"""

from framework.docs.rulebook import (
    DEFAULT_FORMATS,
    RULEBOOK_FORMATS,
    render_rulebook,
    write_rulebooks,
)
from framework.i18n import LANGUAGES

__all__ = ["DEFAULT_FORMATS", "LANGUAGES", "RULEBOOK_FORMATS", "render_rulebook",
           "write_rulebooks"]
