"""The benchmark harnesses of ``boardspec bench``: outside the engine's layers.

Nothing in the library imports this package; only the ``bench`` command
(``framework/cli/bench.py``) and the tests do (``tests/test_layers.py`` keeps it so).

- ``figures``: what is measured, one ``Figure`` per row;
- ``workers``: one measurement each, run in a fresh process (``python -m framework.bench``);
- ``native``: the native backend's workers (numba, the [fast] extra);
- ``peer_perft``: python-chess's perft in its users' idiom, the peer of the chess figures;
- ``runner``: runs the workers interleaved with their peers' and writes the table and JSON.
"""
