"""Rulebooks generated from game files: Markdown and standalone HTML, with SVG diagrams, in
every language that has a catalog under ``framework/locale``.

``rulebook.py`` gathers what a game file says (material, setup, the turn's phases described
by their own plugins, goals, notation) and runs its examples into diagrams; the jinja2
templates in ``templates/`` lay it out; ``i18n.py`` loads the gettext catalogs (managed with
Babel); ``extract.py`` lets Babel collect the words of the game files for translation.
"""

from framework.docs.i18n import LANGUAGES
from framework.docs.rulebook import (
    DEFAULT_FORMATS,
    RULEBOOK_FORMATS,
    render_rulebook,
    write_rulebooks,
)

__all__ = ["DEFAULT_FORMATS", "LANGUAGES", "RULEBOOK_FORMATS", "render_rulebook",
           "write_rulebooks"]
