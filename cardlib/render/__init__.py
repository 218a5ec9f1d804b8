"""Each game's pictures, one module per game; they register with :mod:`cardlib.display`."""
