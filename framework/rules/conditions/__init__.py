"""Conditions: the tests an ``if:`` holds a phase, a move option, a goal, a result or a
consequence to (``framework.plugins.Condition``)."""
