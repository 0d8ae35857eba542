"""Results: how a finished game is scored when no goal named the winner.

One folder per keyword, registered as ``results.<keyword>`` in ``boardspec.rules`` (see
``framework.rules``)."""
