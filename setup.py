"""The build's steps beyond pyproject.toml: the wheel carries the bundled games and the
JSON Schema as package data (``framework/data/games``, ``framework/data/schemas``), copied
from the checkout's ``games/`` and ``schemas/`` folders, which stay where designers and the
tests use them (``framework.bundled`` finds them in either place); and
``boardspec-gymnasium.pth`` beside the package, which registers the Gymnasium ids when
Gymnasium is imported (``framework/interop/gym_hook.py`` says why it takes a ``.pth``)."""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

#: folder of the checkout → the file patterns the wheel carries from it
BUNDLED = {"games": ("*.yaml", "published/*.yaml"), "schemas": ("*.json",)}
#: Files put beside the package, at the top of site-packages.
TOP_LEVEL = ("boardspec-gymnasium.pth",)


class BuildWithBundledData(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the checkout's folders themselves
        target = Path(self.build_lib) / "framework" / "data"
        for folder, patterns in BUNDLED.items():
            for pattern in patterns:
                for path in sorted(Path(folder).glob(pattern)):
                    if path.is_file():
                        out = target / path
                        out.parent.mkdir(parents=True, exist_ok=True)
                        shutil.copyfile(path, out)
        for name in TOP_LEVEL:
            shutil.copyfile(name, Path(self.build_lib) / name)


setup(cmdclass={"build_py": BuildWithBundledData})
