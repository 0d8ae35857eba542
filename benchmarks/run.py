"""Run the speed figures of boardspec beside python-ataxx: the same as ``boardspec bench``.

    pip install -e '.[bench]'
    python benchmarks/run.py [--repeats 3] [--only ataxx_perft5 ...]

Writes ``benchmarks/results/latest.json`` and prints the table that the README shows.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from framework.cli import main

sys.argv = ["boardspec", "bench", *sys.argv[1:]]
main()
