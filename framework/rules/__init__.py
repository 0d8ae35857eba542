"""The rule units: one folder per keyword of the game language, by kind
(``framework/rules/<kind>/<keyword>/``).

A unit's folder holds everything its keyword means: ``__init__.py`` its grammar (the
``Params`` model), its checks of meaning (``check_spec``), its engine semantics on masks,
its rulebook text (``describe``) and its docstring with a YAML example; ``reference.py`` its
reference twin, the independent algorithm ``boardspec check`` compares the engine with;
``native.py`` its native kernel piece. The engine class names the other two
(``reference = ".reference:RefCount"``) and is registered once, in the entry-point group
``boardspec.rules`` (``framework.plugins``), exactly as a third party registers its own.
"""
