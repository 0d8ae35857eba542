"""Turn phases: one module per rule concept, each registered under ``boardspec.phases``."""
