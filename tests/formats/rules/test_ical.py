"""The iCalendar writer (RFC 5545): CRLF, folding at 75 octets without splitting a
character, escaping of TEXT, a UID and DTSTAMP per event, times in UTC."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from hypothesis import given
from hypothesis import strategies as st

from formats.rules.ical import CalendarEvent, calendar, escape_text, fold

BERLIN_WINTER = timezone(timedelta(hours=1))
STAMP = datetime(2026, 11, 29, 2, 0, tzinfo=UTC)


def unfold(text: str) -> list[str]:
    return text.replace("\r\n ", "").split("\r\n")


def unescape(value: str) -> str:
    out, i = [], 0
    while i < len(value):
        if value[i] == "\\":
            out.append("\n" if value[i + 1] == "n" else value[i + 1])
            i += 2
        else:
            out.append(value[i])
            i += 1
    return "".join(out)


def test_an_event_has_uid_stamp_and_start_in_utc():
    event = CalendarEvent(
        "tournament-7@room", datetime(2026, 12, 4, 19, 30, tzinfo=BERLIN_WINTER), "Freitag"
    )
    lines = unfold(calendar([event], name="Kartenraum", stamp=STAMP))
    assert lines[0] == "BEGIN:VCALENDAR" and lines[-2] == "END:VCALENDAR" and lines[-1] == ""
    assert "UID:tournament-7@room" in lines
    assert "DTSTAMP:20261129T020000Z" in lines
    assert "DTSTART:20261204T183000Z" in lines  # 19:30 in Berlin's winter is 18:30 UTC
    assert "VERSION:2.0" in lines


def test_special_characters_are_escaped():
    assert escape_text("Turnier; Köln, \\ Nacht\nzwei") == "Turnier\\; Köln\\, \\\\ Nacht\\nzwei"


@given(st.text(min_size=0, max_size=400))
def test_folded_lines_keep_75_octets_and_unfold_to_the_text(text):
    line = "SUMMARY:" + escape_text(text)
    folded = fold(line)
    for part in folded.split("\r\n"):
        assert len(part.encode("utf-8")) <= 75
    assert folded.replace("\r\n ", "") == line
    assert unescape(line.removeprefix("SUMMARY:")) == text.replace("\r\n", "\n").replace("\r", "\n")


@given(st.lists(st.text(max_size=120), max_size=5))
def test_every_line_ends_in_crlf(names):
    events = [CalendarEvent(f"t{i}@x", STAMP, n) for i, n in enumerate(names)]
    text = calendar(events, name="Raum", stamp=STAMP)
    assert text.endswith("\r\n")
    assert "\n" not in text.replace("\r\n", "")
    assert text.count("BEGIN:VEVENT") == len(names)
