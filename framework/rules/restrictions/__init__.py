"""Restrictions: rules that filter a player's whole set of legal actions.

One folder per keyword, registered as ``restrictions.<keyword>`` in ``boardspec.rules`` (see
``framework.rules``)."""
