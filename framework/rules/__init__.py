"""boardspec's own rule units, one folder per keyword: ``framework/rules/<kind>/<keyword>/``.

A unit's ``__init__.py`` holds the keyword's grammar (``Params``), its checks of meaning
(``check_spec``), its engine semantics, ``describe()`` and the docstring with a YAML
example; ``reference.py`` beside it is its reference twin (``boardspec check``'s oracle)
and ``native.py`` its native kernel piece. The engine class names both
(``Unit.reference``, ``Unit.native``) and is registered once, under the entry-point group
``boardspec.rules`` (``<kind>.<keyword>``), exactly as a third party registers its own.

Nothing outside this package imports a unit: the drivers (the compiler, the reference
game, the native assembler, the docs) find them through the registry
(``framework.plugins.plugins`` and ``twin``). What several units share lives below them, in
``framework.moves``, ``framework.reference`` and ``framework.kernel``.
"""
