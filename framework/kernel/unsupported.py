"""The refusal of the native backend, apart from the pieces' bases so that a helper they
load (``framework.kernel.candidate``) can raise it without importing them back."""

from __future__ import annotations

from framework.errors import BoardspecError


class Unsupported(BoardspecError):
    """A block, or a parameter of one, that the native backend has no kernel piece for."""
