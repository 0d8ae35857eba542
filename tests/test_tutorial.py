"""docs/tutorial.md runs top to bottom, as written, on a copy of the repository: every
```bash block in order, with the installed `boardspec` and `pybabel`; what the text says
they print, they print."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT

TUTORIAL = (ROOT / "docs" / "tutorial.md").read_text(encoding="utf-8")


def _blocks(language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```$", TUTORIAL, re.DOTALL | re.MULTILINE)


def _content(catalog: Path) -> str:
    return re.sub(r'"POT-Creation-Date: [^"]*"', "", catalog.read_text(encoding="utf-8"))


def _clone(target: Path) -> Path:
    """The repository's tracked files, as a fresh clone has them."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                            check=False)
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    for name in listed.stdout.decode().split("\0"):
        source = ROOT / name
        if name and source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


@pytest.mark.slow  # every step in a clone, the catalogs extracted (CI's 15 minutes)
def test_the_tutorial_runs_as_written(tmp_path: Path) -> None:
    clone = _clone(tmp_path / "clone")
    catalogs = {p: _content(p) for p in (clone / "framework" / "locale").rglob("*.po")}
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}"
                                 f"{os.environ.get('PATH', '')}"}
    outputs = []
    blocks = _blocks("bash")
    assert len(blocks) >= 8
    for block in blocks:
        done = subprocess.run(["bash", "-euo", "pipefail", "-c", block], cwd=clone, env=env,
                              capture_output=True, text=True, check=False, timeout=300)
        assert done.returncode == 0, f"{block}\n--- failed:\n{done.stdout}\n{done.stderr}"
        outputs.append(done.stdout)
    everything = "\n".join(outputs)
    said = re.findall(r"prints `(ok .*?)`", TUTORIAL)
    assert len(said) == 2 and all(s in everything for s in said)  # steps 2 and 8 promise
    assert "Crosses complete the bottom row" in \
        (clone / "build" / "rules" / "en" / "tictactoe.md").read_text(encoding="utf-8")
    assert "b6, a1, b2" in TUTORIAL and "b6" in everything
    assert (clone / "build" / "spider.svg").read_text(encoding="utf-8").startswith("<svg")
    for lang in ("en", "es", "pt", "ru", "eo"):
        assert (clone / "build" / "rules" / lang / "spider.html").is_file()
    # Step 7 on an up-to-date repository changes no catalog (no line-width churn either),
    # only the extraction date in its header.
    assert {p: _content(p) for p in catalogs} == catalogs
    # The mistake shown in step 2 is the message boardspec gives for it.
    shown = _blocks("text")[0].strip()
    spider = clone / "mygames" / "spider.yaml"
    spider.write_text(spider.read_text().replace("clone: {distance: 1}",
                                                 "clone: {distanse: 1}"))
    refused = subprocess.run(["boardspec", "validate", "mygames/spider.yaml"], cwd=clone,
                             env=env, capture_output=True, text=True, check=False)
    assert refused.returncode != 0 and shown in refused.stdout + refused.stderr
