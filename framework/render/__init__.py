"""Pictures of positions: terminal text (and, later, SVG)."""
