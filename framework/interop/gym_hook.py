"""Gymnasium ids with no import: the wheel's ``boardspec-gymnasium.pth`` imports this
module when Python starts.

Gymnasium 1.x has no plugin entry points (``gymnasium/envs/registration.py`` registers
only its own environments, and ``make`` imports only a module named in the id, as in
``"framework.interop.gym_ids:boardspec/hex-v0"``), so a package can put its ids in the
registry of a fresh interpreter only by running when Gymnasium is imported. This module
does no more at start-up than put a finder first on ``sys.meta_path``; the finder steps
aside for every module but ``gymnasium``, and once Gymnasium's own ``__init__`` has run it
imports ``framework.interop.gym_ids``, which registers ``boardspec/<name>-v0`` for every
game found by name (a YAML read of each file, no compile: about 50 ms). A program that
never imports Gymnasium pays for nothing but this module.

``BOARDSPEC_GYMNASIUM_IDS=0`` in the environment turns it off. A failure to register is a
warning, never an error of the program importing Gymnasium.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the start-up imports nothing that Python has not imported already
    from collections.abc import Sequence
    from importlib.machinery import ModuleSpec
    from types import ModuleType

#: The environment variable that turns the hook off (``0``, ``false``, ``no``, ``off``).
SWITCH = "BOARDSPEC_GYMNASIUM_IDS"


class RegisterWithGymnasium:
    """A finder of ``sys.meta_path`` (``importlib.abc.MetaPathFinder``'s protocol, not its
    class: importing ``importlib.abc`` at start-up costs more than this whole hook) that
    finds nothing itself: when ``gymnasium`` is found, its loader registers our ids after
    running Gymnasium's ``__init__``."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if fullname != "gymnasium":
            return None
        uninstall()  # once: the real finders find Gymnasium
        spec = None
        for finder in sys.meta_path:
            find = getattr(finder, "find_spec", None)
            spec = find(fullname, path, target) if find is not None else None
            if spec is not None:
                break
        loader: Any = spec.loader if spec is not None else None
        if loader is None or not hasattr(loader, "exec_module"):
            return spec
        run = loader.exec_module

        def exec_module(module: ModuleType) -> None:
            run(module)
            try:
                import framework.interop.gym_ids  # noqa: F401 - it registers on import
            except Exception as exc:  # never break the program's import
                import warnings

                warnings.warn(f"boardspec: the Gymnasium ids boardspec/<game>-v0 are not "
                              f"registered: {exc}", RuntimeWarning, stacklevel=2)

        loader.exec_module = exec_module
        return spec


def install() -> None:
    """Put the finder on ``sys.meta_path`` (nothing if Gymnasium is imported already, or
    the switch is off)."""
    if os.environ.get(SWITCH, "").strip().lower() in ("0", "false", "no", "off"):
        return
    if "gymnasium" in sys.modules:
        return
    if not any(isinstance(f, RegisterWithGymnasium) for f in sys.meta_path):
        sys.meta_path.insert(0, RegisterWithGymnasium())


def uninstall() -> None:
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, RegisterWithGymnasium)]


install()
