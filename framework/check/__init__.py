"""``boardspec check``: property-based checks of any game file.

- :mod:`framework.check.strategies` — hypothesis strategies: states reached by random legal
  play (from the start or the file's example positions, shrinking to the shortest failing
  action sequence) and arbitrary positions the file allows.
- :mod:`framework.check.properties` — the conformance properties every game must keep, the
  file's declared ``invariants:``, and agreement with the reference interpreter.
- :mod:`framework.check.reference` — a slow, obviously correct interpreter of every rule
  block, working on the networkx board and position JSON; the fast engine is trusted
  because it agrees with it action by action.
- :mod:`framework.check.runner` — runs the properties of one game with a budget and
  collects a report; :mod:`framework.check.report` prints it.

Only the runner imports hypothesis, so importing this package stays cheap.
"""

#: Generated plays or positions per property when not told otherwise: all bundled games
#: check in well under a minute together.
DEFAULT_EXAMPLES = 30
