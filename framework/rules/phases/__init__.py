"""Turn phases: one unit per rule concept.

One folder per keyword, registered as ``phases.<keyword>`` in ``boardspec.rules`` (see
``framework.rules``)."""
