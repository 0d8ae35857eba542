"""``python -m framework`` is the ``boardspec`` command."""

from framework.command import main

main()
