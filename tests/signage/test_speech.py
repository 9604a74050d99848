"""What a speaking screen says, in German and English (README "Named screens",
"Sounds and speech"): the same words the screens show, put together on the server."""

from __future__ import annotations

import pytest

from signage.rules.events import Event
from signage.speech import speech_text

LEVEL = {"kind": "level", "number": 5, "small_blind": 1000, "big_blind": 2000, "ante": 2000}
BREAK = {"kind": "break", "seconds": 900, "color_up": []}
COLOUR_UP = {"kind": "break", "seconds": 900, "color_up": [25]}
MOVE = {"name": "Max Müller", "to_table": 3, "to_seat": 5, "from_table": 7, "from_seat": 2}

SAID = {
    "level_up": (
        Event("level_up", "k", {"level": LEVEL}),
        "Level 5. Blinds 1.000 und 2.000. Ante 2.000.",
        "Level 5. Blinds 1,000 and 2,000. Ante 2,000.",
    ),
    "break_start": (
        Event("break_start", "k", {"level": BREAK}),
        "Pause für 15 Minuten.",
        "Break for 15 minutes.",
    ),
    "break_end": (
        Event("break_end", "k", {"level": BREAK}),
        "Die Pause ist vorbei.",
        "The break is over.",
    ),
    "one_minute_left": (
        Event("one_minute_left", "k"),
        "Noch eine Minute in diesem Level.",
        "One minute left in this level.",
    ),
    "registration_closed": (
        Event("registration_closed", "k"),
        "Nachmeldung geschlossen.",
        "Late registration closed.",
    ),
    "table_break": (
        Event("table_break", "k", {"table": 4}),
        "Tisch 4 wird aufgelöst.",
        "Table 4 is breaking.",
    ),
    "move": (
        Event("move", "k", MOVE),
        "Max Müller, Tisch 3, Sitz 5",
        "Max Müller, Table 3, Seat 5",
    ),
    "final_table": (
        Event("final_table", "k", {"table": 2}),
        "Finaltisch, Tisch 2",
        "Final table, Table 2",
    ),
    "bubble": (
        Event("bubble", "k", {"remaining": 9}),
        "Die Bubble ist geplatzt: Alle verbleibenden Spieler sind im Geld.",
        "The bubble has burst: every player left is in the money.",
    ),
}


@pytest.mark.parametrize("kind", sorted(SAID))
def test_each_event_is_said_in_german(kind):
    event, german, _english = SAID[kind]
    assert speech_text(event, "de") == german


@pytest.mark.parametrize("kind", sorted(SAID))
def test_each_event_is_said_in_english(kind):
    event, _german, english = SAID[kind]
    assert speech_text(event, "en") == english


def test_a_break_with_a_colour_up_says_which_chips_leave():
    event = Event("break_start", "k", {"level": COLOUR_UP})
    assert speech_text(event, "en") == "Break for 15 minutes. Colour-up: the 25 chips leave play."
    assert speech_text(event, "de") == (
        "Pause für 15 Minuten. Farbwechsel: Die 25er-Chips gehen aus dem Spiel."
    )
