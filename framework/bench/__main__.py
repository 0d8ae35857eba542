"""``python -m framework.bench worker FIGURE SIDE [SEED]``: one measurement, as JSON."""

import sys

from framework.bench.workers import main

main(sys.argv[1:])
