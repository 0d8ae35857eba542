"""Rulebooks as PDF: the HTML rulebook laid out for print by WeasyPrint (the ``pdf`` extra),
a real HTML-to-PDF renderer, so the text stays text and the inline SVG diagrams stay vectors.

The page size, margins, page numbers and page breaks come from the print part of
``templates/rulebook.css`` (the same stylesheet a browser uses when the page is printed).
WeasyPrint needs the Pango library of the system (Debian: ``libpango-1.0-0`` and
``libpangoft2-1.0-0``); the import is deferred so the core install never needs either.
"""

from __future__ import annotations

from pathlib import Path

from framework.errors import BoardspecError


def html_to_pdf(html: str, target: Path, *, base: Path | None = None) -> Path:
    """Lay ``html`` out for print and write it to ``target``."""
    try:
        from weasyprint import HTML
    except (ImportError, OSError) as exc:  # the extra is missing, or the system lacks Pango
        raise BoardspecError(
            "PDF rulebooks need WeasyPrint: pip install 'boardspec[pdf]' (and, on Debian, "
            f"apt-get install libpango-1.0-0 libpangoft2-1.0-0); could not import it: {exc}"
        ) from None
    target.parent.mkdir(parents=True, exist_ok=True)
    document = HTML(string=html, base_url=str(base or target.parent))
    document.write_pdf(target, pdf_identifier=b"boardspec", uncompressed_pdf=False)
    return target
