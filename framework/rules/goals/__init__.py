"""Goals: end conditions, checked at the moments the game file declares.

One folder per keyword, registered as ``goals.<keyword>`` in ``boardspec.rules`` (see
``framework.rules``)."""
