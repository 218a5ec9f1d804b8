"""Interactive widgets (ipywidgets) that sit above the games and use only the protocol."""

from cardlib.widgets.table import GameTable

__all__ = ["GameTable"]
