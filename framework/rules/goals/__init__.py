"""Goals: the end conditions of ``goals:`` (``framework.plugins.Goal``)."""
