"""Interactive widgets (ipywidgets) that sit above the games.

* ``base``: what every teaching widget shares (message line, errors shown in it, CSS names);
* ``table``: :class:`GameTable`, any registered game against bots, through the protocol;
* ``tricks``, ``try_card``, ``play_out``: the generic trick-game steps (a scripted scene,
  "try a card", "play it out"), given a game's hand order, picture and words;
* ``narration``: bots playing on, each move kept with its explanation;
* ``hearts``, ``blackdiamond``: each game's own teaching widgets, on the same base.
"""

from cardlib.widgets.table import GameTable

__all__ = ["GameTable"]
