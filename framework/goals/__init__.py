"""Goals (end conditions) and results (scoring), registered under ``boardspec.goals`` and
``boardspec.results``."""
