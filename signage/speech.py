"""What a screen says for an event (README "Named screens", "Sounds and speech").

The words are the screens' own translated labels (:func:`screen_labels`), put
together here on the server in the screen's voice language: the TV only speaks
the text it is sent ("Max Müller, Tisch 3, Sitz 5").
"""

from __future__ import annotations

import re
from typing import Any

from django.utils import formats, translation
from django.utils.translation import gettext as _

from signage.rules.events import Event
from tournament.web.labels import screen_labels

PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _fill(template: Any, **values: Any) -> str:
    if isinstance(template, dict):  # {"one": ..., "other": ...}
        template = template["one"] if values.get("count") == 1 else template["other"]
    return PLACEHOLDER.sub(lambda m: str(values.get(m.group(1), m.group(0))), str(template))


def _said(text: str) -> str:
    """A screen's line as a sentence: "Tisch 3 · Sitz 5" is read "Tisch 3, Sitz 5"."""
    return text.replace(" · ", ", ")


def _number(value: Any) -> str:
    return formats.number_format(value, use_l10n=True, force_grouping=True)


def _level_words(labels: dict[str, Any], level: dict[str, Any] | None) -> str:
    if not level:
        return ""
    if level.get("kind") == "break":
        text = _fill(labels["say_break"], count=round((level.get("seconds") or 0) / 60))
        if level.get("color_up"):
            chips = ", ".join(_number(c) for c in level["color_up"])
            text += " " + _fill(labels["say_color_up"], chips=chips)
        return text
    text = _fill(
        labels["say_level"],
        number=level.get("number"),
        small=_number(level.get("small_blind")),
        big=_number(level.get("big_blind")),
    )
    if level.get("ante"):
        text += " " + _fill(labels["say_ante"], ante=_number(level["ante"]))
    return text


def _move(labels: dict[str, Any], event: Event) -> str:
    place = _fill(labels["table_seat"], table=event.data["to_table"], seat=event.data["to_seat"])
    return _said(f"{event.data['name']} · {place}")


SAYINGS = {
    "level_up": lambda labels, e: _level_words(labels, e.data.get("level")),
    "break_start": lambda labels, e: _level_words(labels, e.data.get("level")),
    # The level that follows is said as its own event.
    "break_end": lambda labels, e: _("The break is over."),
    "one_minute_left": lambda labels, e: labels["say_one_minute"],
    "registration_closed": lambda labels, e: labels["registration_closed"] + ".",
    "table_break": lambda labels, e: _("Table {table} is breaking.").format(**e.data),
    "move": _move,
    "final_table": lambda labels, e: _said(_fill(labels["final_table"], table=e.data["table"])),
    "bubble": lambda labels, e: _("The bubble has burst: every player left is in the money."),
}


def speech_text(event: Event, language: str) -> str:
    """The sentence the screen speaks for `event`, in `language`."""
    with translation.override(language):
        return SAYINGS[event.kind](screen_labels(), event)
