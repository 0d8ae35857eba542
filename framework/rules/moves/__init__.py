"""Move primitives: the options of a ``moves`` phase (``framework/moves`` holds what they share).

One folder per keyword, registered as ``moves.<keyword>`` in ``boardspec.rules`` (see
``framework.rules``)."""
