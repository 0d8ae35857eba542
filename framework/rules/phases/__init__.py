"""Turn phases: one unit per rule concept; an automatic one is also a consequence a move
option lists under ``then:``.

One folder per keyword, registered as ``phases.<keyword>`` in ``boardspec.rules`` (see
``framework.rules``)."""
