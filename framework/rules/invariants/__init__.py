"""Declared invariants: properties of every reachable state, written as data under
``invariants:`` in a game file. They never change play; ``boardspec check`` tests each one
after every action.

One folder per keyword, registered as ``invariants.<keyword>`` in ``boardspec.rules`` (see
``framework.rules``). An invariant is check-only: it has neither a reference twin nor a
native kernel piece (``framework.plugins.Invariant``)."""
