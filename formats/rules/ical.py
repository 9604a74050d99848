"""A small iCalendar writer (RFC 5545) for the public schedule: plain data in, text out.

What RFC 5545 asks and this writer does: lines end in CRLF (3.1); a content line
longer than 75 octets is folded, the rest going on after CRLF and one space,
never splitting a UTF-8 character (3.1); in TEXT values a backslash, a comma, a
semicolon and a newline are escaped (3.3.11); every event has a UID and a
DTSTAMP (3.6.1); times are written in UTC with a trailing "Z" (3.3.5, form #2),
so a calendar needs no VTIMEZONE to place them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

CRLF = "\r\n"
LINE_OCTETS = 75
PRODID = "-//Tournament Director//Schedule//EN"


@dataclass(frozen=True)
class CalendarEvent:
    uid: str
    starts_at: datetime  # aware
    summary: str
    description: str = ""
    url: str = ""
    location: str = ""
    ends_at: datetime | None = None  # aware; a running tournament's forecast end


def escape_text(value: str) -> str:
    """A TEXT value: backslash first, then ; , and newlines (RFC 5545 3.3.11)."""
    value = value.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
    return value.replace("\r\n", "\\n").replace("\r", "\\n").replace("\n", "\\n")


def fold(line: str) -> str:
    """One content line folded at 75 octets, a fold never splitting a character."""
    out: list[str] = []
    current = ""
    limit = LINE_OCTETS
    for char in line:
        if len((current + char).encode("utf-8")) > limit:
            out.append(current)
            current = ""
            limit = LINE_OCTETS - 1  # a continuation line starts with one space
        current += char
    out.append(current)
    return (CRLF + " ").join(out)


def utc_stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def calendar(events: list[CalendarEvent], *, name: str, stamp: datetime) -> str:
    """The whole VCALENDAR; ``stamp`` is when it was written (DTSTAMP)."""
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        f"PRODID:{PRODID}",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        f"X-WR-CALNAME:{escape_text(name)}",
    ]
    for event in events:
        lines += [
            "BEGIN:VEVENT",
            f"UID:{event.uid}",
            f"DTSTAMP:{utc_stamp(stamp)}",
            f"DTSTART:{utc_stamp(event.starts_at)}",
            f"SUMMARY:{escape_text(event.summary)}",
        ]
        if event.ends_at is not None:
            lines.append(f"DTEND:{utc_stamp(event.ends_at)}")
        if event.description:
            lines.append(f"DESCRIPTION:{escape_text(event.description)}")
        if event.location:
            lines.append(f"LOCATION:{escape_text(event.location)}")
        if event.url:
            lines.append(f"URL:{event.url}")
        lines.append("END:VEVENT")
    lines.append("END:VCALENDAR")
    return "".join(fold(line) + CRLF for line in lines)
