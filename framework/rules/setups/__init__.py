"""Setups: how a game begins.

One folder per keyword, registered as ``setups.<keyword>`` in ``boardspec.rules`` (see
``framework.rules``)."""
