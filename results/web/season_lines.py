"""The league table's lines as HTML (README "Results out"). Built here rather
than in a template: a season has hundreds of lines, and the first ask after a
correction or a finished tournament builds them all (a template took about
60 ms of processor time for 600 lines, this a tenth of it). Kept per version of
the figures and language with a slot where each name goes; ``results.web.views``
puts the names, read on every ask, in."""

from __future__ import annotations

from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext, ngettext

from results.selectors_league import PublicSeason
from tournament.templatetags.room_format import num

NAME_SLOT = "<!--name-->"  # where a line's name goes

LINE = (
    '  <li>\n    <details>\n      <summary><span class="r-place">{}.</span>\n'
    '        <span class="r-name">' + NAME_SLOT + "</span>\n"
    "        <b>{}</b></summary>\n"
    '      <p class="muted">{} · {}</p>\n'
    '      <div class="r-cells-slot" data-src="{}"><a href="{}">{}</a></div>\n'
    "    </details>\n  </li>\n"
)


def season_lines(table: PublicSeason, lang: str) -> list[str]:
    """The table's lines in the active language, split at each name's slot: one
    piece more than lines."""
    base = reverse("results-season", args=[table.season.pk])
    opens = gettext("Results and corrections")
    lines = []
    for number, line in enumerate(table.lines, 1):
        played = ngettext("%(n)s tournament played", "%(n)s tournaments played", line.played)
        wins = ngettext("%(n)s win", "%(n)s wins", line.wins)
        href = f"{base}{number}/?lang={lang}"
        lines.append(
            format_html(
                LINE,
                line.rank,
                num(line.points),
                played % {"n": line.played},
                wins % {"n": line.wins},
                href,
                href,
                opens,
            )
        )
    return f'<ol class="r-season">\n{"".join(lines)}</ol>\n'.split(NAME_SLOT)
