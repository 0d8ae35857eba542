"""The engine: int cell ids, bitmasks and the state API shared by every game."""
