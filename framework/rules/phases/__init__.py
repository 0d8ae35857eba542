"""Turn phases (``framework.plugins.Phase``); an automatic one is also a consequence a
move option lists under ``then:``."""
