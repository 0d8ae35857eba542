"""The reference core: what the rule units' reference twins are written on and share.

The state (``position``: position JSON as plain values), the board (``board``: the networkx
graph, queried directly), the bases of the twins (``rules``), and helpers several twins use
(``moves``, ``lines``, ``attacks``). A twin itself lives in its unit's folder
(``framework/rules/<kind>/<keyword>/reference.py``); ``framework.check.reference.game``
plays a whole game with them.
"""
