"""The one base of every teaching widget: a message line, errors shown in it, CSS names.

A widget's callback runs in the kernel when a learner clicks in the page.  An exception
raised there goes to the browser's console, where nobody looks: the click simply seems to
do nothing.  So every callback of every widget here runs under :func:`shown_in_widget`,
which puts the error in the widget's own message line, where the learner (or the teacher
helping them) sees it and can act on it.

The base also fixes the CSS class names that browser tests and notebooks find widgets by:
the message line is ``cardlib-message`` (and ``<prefix>-message``); a game's step widgets
use the game's name as prefix (``hearts-try-card``), so the names read like the page.

Controls that a widget sets itself (to show a state chosen from Python) would fire their
own ``observe`` callbacks; :meth:`TeachingWidget.quietly` mutes them meanwhile.
"""

from __future__ import annotations

import contextlib
import functools
import traceback
from collections.abc import Callable, Iterable, Iterator, Mapping
from html import escape
from typing import Any, ClassVar

import ipywidgets as widgets
import traitlets

MESSAGE = "cardlib-message"
"""The CSS class of every widget's message line."""

COLOURS: Mapping[str, str] = {
    "info": "#1b5e20",     # what happened
    "note": "#23408e",     # a remark on the learner's choice (the board changed it)
    "illegal": "#a15c00",  # what the rules refuse (nothing changed)
    "error": "#b00020",    # input that cannot be read, or a failure in a callback
}
"""The colour of each kind of message."""


def add_classes(widget: widgets.DOMWidget, *names: str) -> widgets.DOMWidget:
    """Give ``widget`` the CSS classes ``names``; returns it, for building in one line."""
    for name in names:
        widget.add_class(name)
    return widget


def swap_class(widget: widgets.DOMWidget, chosen: str | None, among: Iterable[str]) -> None:
    """Show one state of ``widget`` by class: ``chosen`` on, every other of ``among`` off
    (``bd-check-legal`` or ``bd-check-illegal``, never both)."""
    for name in among:
        if name != chosen:
            widget.remove_class(name)
    if chosen is not None:
        widget.add_class(chosen)


def shown_in_widget(method: Callable[..., Any]) -> Callable[..., Any]:
    """Run a callback so that an exception shows in the widget's message line instead of
    vanishing (the widget is the first argument: a :class:`TeachingWidget`)."""

    @functools.wraps(method)
    def wrapper(widget: TeachingWidget, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(widget, *args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - shown to the user, who can act on it
            widget.show_error(exc)
            return None

    return wrapper


@shown_in_widget
def _run(widget: TeachingWidget, action: Callable[..., Any], *args: Any) -> Any:
    return action(*args)


class _SeedText(traitlets.Unicode):
    """Text that also takes a whole number (``box.value = 7`` stores ``"7"``)."""

    def validate(self, obj: Any, value: Any) -> Any:
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        return super().validate(obj, value)


class SeedBox(widgets.Text):
    """The box a seed is typed in, which can also name a deal no seed makes.

    A seed box holds a number, and the same number deals the same game everywhere.  A deal
    pasted by hand has no seed: the box then says so (``"your deal"``) rather than keep
    the number of a game no longer on the table.  ``value`` is text; a whole number may be
    set as it is, and :attr:`seed` reads the number back, refusing anything else by name.
    """

    value = _SeedText("", help="the seed, or the name of a deal no seed makes").tag(sync=True)

    def __init__(self, seed: int | str = 0, **kwargs: Any):
        kwargs.setdefault("description", "Seed")
        super().__init__(value=seed, **kwargs)

    @property
    def seed(self) -> int:
        """The whole number in the box; ``ValueError`` naming what is there otherwise."""
        text = self.value.strip()
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"the seed box says {text!r}: type a seed (a whole number) "
                             "to deal by seed") from None


class TeachingWidget(widgets.VBox):
    """A box of controls with a message line; see the module docstring.

    ``prefix`` starts the widget's CSS names (``cardlib``, ``hearts``, ``bd-check``) and
    ``css`` are the box's own classes.  A subclass builds its controls, then sets
    ``children`` with :attr:`message` where the message line belongs.
    """

    reserve_message_line: ClassVar[bool] = True
    """Keep the message line one line high when empty, so the widget does not jump when
    a message comes; widgets whose message is rare set False and show nothing instead."""

    def __init__(self, *css: str, prefix: str = "cardlib", **kwargs: Any):
        super().__init__(**kwargs)
        self.prefix = prefix
        self.message = add_classes(widgets.HTML(), *dict.fromkeys((MESSAGE,
                                                                   f"{prefix}-message")))
        self.message_kind = "info"
        self.last_error: Exception | None = None
        self._quiet = False
        add_classes(self, *css)

    # --- the message line -----------------------------------------------------------------
    def say(self, html: str, kind: str = "info") -> None:
        """Show ``html`` in the message line; ``kind`` is one of :data:`COLOURS`."""
        self.message_kind = kind
        if not html and not self.reserve_message_line:
            self.message.value = ""
            return
        names = " ".join(dict.fromkeys((f"cardlib-msg-{kind}", f"{self.prefix}-msg-{kind}")))
        height = ";min-height:1.4em" if self.reserve_message_line else ""
        self.message.value = (f"<div class='{names}' style='color:{COLOURS[kind]}{height}'>"
                              f"{html}</div>")

    def show_error(self, exc: Exception) -> None:
        """Report ``exc`` in the message line, with the file and line it came from."""
        self.last_error = exc
        where = traceback.extract_tb(exc.__traceback__)[-1]
        self.say(f"<b>Error</b> {escape(type(exc).__name__)}: {escape(str(exc))} "
                 f"<small>({escape(where.filename.rsplit('/', 1)[-1])}:{where.lineno})"
                 "</small>", kind="error")

    def say_refused(self, why: Any) -> None:
        """Show a refusal by the rules: an :class:`~cardlib.protocol.Explanation` or an
        :class:`~cardlib.protocol.IllegalMove` (both carry ``text`` and ``rule``)."""
        self.say(f"<b>Not allowed</b> — {escape(why.text)} <code>[{escape(why.rule)}]</code>",
                 kind="illegal")

    # --- controls ---------------------------------------------------------------------------
    def button(self, label: str, action: Callable[[], Any], *css: str,
               layout: Mapping[str, str] | None = None, **kwargs: Any) -> widgets.Button:
        """A button running ``action()`` on a click, errors shown in the message line."""
        button = widgets.Button(description=label, layout=dict(layout or {}), **kwargs)
        self.on_click(button, action)
        return add_classes(button, *css)

    def on_click(self, button: widgets.Button, action: Callable[[], Any]) -> None:
        """Run ``action()`` when ``button`` is clicked, errors shown in the message line."""
        button.on_click(lambda _button: _run(self, action))

    def on_change(self, control: widgets.Widget, action: Callable[[Any], Any]) -> None:
        """Run ``action(new_value)`` when the learner changes ``control`` (not while the
        widget sets its own controls), errors shown in the message line."""

        def changed(change: dict[str, Any]) -> None:
            if not self._quiet:
                _run(self, action, change["new"])

        control.observe(changed, names="value")

    @contextlib.contextmanager
    def quietly(self) -> Iterator[None]:
        """Set controls without their ``on_change`` actions running."""
        quiet, self._quiet = self._quiet, True
        try:
            yield
        finally:
            self._quiet = quiet


__all__ = ["COLOURS", "MESSAGE", "SeedBox", "TeachingWidget", "add_classes",
           "shown_in_widget", "swap_class"]
