"""A test plugin of boardspec: ``fixture_full`` works, ``fixture_broken`` cannot load."""
