"""``python -m framework`` is the ``boardspec`` command."""

from framework.cli import main

main()
