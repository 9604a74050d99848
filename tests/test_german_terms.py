"""German as a card room speaks it, one term per thing (README "Screens"):
a clock call is "Zeit nehmen" everywhere (never "Uhr ausgerufen"), a colour-up
is a "Farbwechsel" (never "Chip-up"), and the poker words rooms say in English
stay English."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = sorted(ROOT.glob("*/de/LC_MESSAGES/django.mo")) + sorted(
    ROOT.glob("*/locale/de/LC_MESSAGES/django.mo")
)


def german() -> dict[str, str]:
    if not CATALOGS:
        pytest.skip("compile the messages first (./dev test does)")
    pairs: dict[str, str] = {}
    for path in CATALOGS:
        with path.open("rb") as handle:
            catalog = gettext.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]
        for msgid, msgstr in catalog.items():
            if isinstance(msgid, tuple):  # a plural form
                msgid = msgid[0]
            if msgid:
                pairs[msgid] = msgstr
    return pairs


# (what the English says, the German term it must use, words it must not use)
GLOSSARY = [
    (r"\b(colou?r|chip)-ups?\b", "Farbwechsel", ("Chip-up", "Chip-Up", "Color-Up")),
    (r"\bclock (call|called)|call(ing)? the clock\b", "Zeit", ("ausgerufen", "Uhr rufen")),
]
KEPT_IN_ENGLISH = ["Level", "Rebuy", "Add-on", "Bubble", "Deal"]


def test_one_german_term_per_thing():
    wrong = []
    for msgid, msgstr in german().items():
        for english, term, never in GLOSSARY:
            if re.search(english, msgid, re.I):
                if term not in msgstr or any(word in msgstr for word in never):
                    wrong.append((msgid, msgstr))
    assert wrong == []


def test_the_poker_words_rooms_say_in_english_stay_english():
    pairs = german()
    for word in KEPT_IN_ENGLISH:
        assert pairs.get(word, word) == word, f"{word} is translated as {pairs.get(word)}"


def test_a_seat_is_a_sitz_and_a_place_is_a_platz():
    """One word, one thing (README "Places, re-entries and moves"): "Platz" titled both the seat and
    the finishing place; the seat is "Sitz", the place "Platz"."""
    wrong = []
    for msgid, msgstr in german().items():
        words = re.sub(r"%\(\w+\)s|\{\w+\}", " ", msgid)  # not the placeholders
        seat = re.search(r"\bseats?\b", words, re.I)
        place = re.search(r"\bplaces?\b", words, re.I)
        if (
            seat
            and not place
            and ("sitz" not in msgstr.lower() or re.search(r"\bPl(a|ä)tze?\b", msgstr))
        ):
            wrong.append((msgid, msgstr))
        if place and not seat and re.search(r"\bSitze?\b", msgstr):
            wrong.append((msgid, msgstr))
    assert wrong == []


def test_chip_counts_are_said_in_german():
    """ "Count" and "Counts" are English on a German page: a count is a Chipstand."""
    said_in_english = [
        (msgid, msgstr) for msgid, msgstr in german().items() if re.search(r"\bCounts?\b", msgstr)
    ]
    assert said_in_english == []


def test_late_registration_is_a_nachmeldung():
    wrong = [
        (msgid, msgstr)
        for msgid, msgstr in german().items()
        if re.search(r"\blate reg", msgid, re.I)
        and ("Nachmeldung" not in msgstr or "Späte Anmeldung" in msgstr)
    ]
    assert wrong == []


def test_an_entry_is_an_eintrag_and_a_re_entry_a_re_entry():
    """One word each, and no English noun inside a German sentence ("Für diesen Entry"):
    an entry is an "Eintrag" (never "Entry" or "Einstieg"), a re-entry "das Re-Entry"."""
    wrong = [
        (msgid, msgstr)
        for msgid, msgstr in german().items()
        if re.search(r"(?<!Re-)\bEntr(y|ies|ys)\b|Einstieg", msgstr)
        or re.search(r"\b(dieser|diesen|einen|der erste) Re-Entry\b", msgstr, re.I)
    ]
    assert wrong == []
