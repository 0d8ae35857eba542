"""Declared invariants: properties of every reachable state, written as data under
``invariants:`` in a game file and registered under ``boardspec.invariants``. They never
change play; ``boardspec check`` tests each one after every action."""
