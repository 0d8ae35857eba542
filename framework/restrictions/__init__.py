"""Restrictions: rules that filter a player's whole set of legal actions, in one place.

A restriction sees every action the current phase offers and keeps some of them: "if a
capture is possible, you must capture", "no move may leave your royal piece attacked". The
compiler wraps each deciding phase of a game that declares restrictions (``restrictions:``
in the game file) once, at load time, so the phases themselves never know about them and a
game without restrictions pays nothing on its hot paths.
"""
