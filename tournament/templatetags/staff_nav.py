"""The staff pages' menu: a handful of groups that fit one line on a tablet.

Each group opens to its pages; the group of the page being shown is marked, so
floor staff see where they are without reading every link.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from django import template
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

register = template.Library()


class Page(NamedTuple):
    url_name: str
    label: Any
    directors_only: bool = False
    money: bool = False  # the desk and directors only: the floor sees none of the money


class Group(NamedTuple):
    label: Any
    pages: list[Page]
    # URL names starting with one of these are pages of this group (sub-pages too).
    prefixes: tuple[str, ...]


GROUPS = [
    Group(
        _("Players"),
        [
            Page("registration-desk", _("Registration"), money=True),
            Page("prereg-desk", _("Pre-registrations")),
            Page("entry-list", _("Entries")),
        ],
        ("registration-", "entry-", "seat-card", "prereg-"),
    ),
    Group(
        _("Floor"),
        [
            Page("floor-map", _("Floor")),
            Page("floor-moves", _("Moves")),
            Page("table-plan", _("Table plan")),
            Page("floor-history", _("History")),
            Page("floor-chip-counts", _("Chip counts")),
            Page("floor-director", _("Seating"), directors_only=True),
        ],
        ("floor-", "table-plan"),
    ),
    Group(
        _("Clock"),
        [
            Page("clock-page", _("Clock")),
            Page("structure-page", _("Blind structure"), directors_only=True),
            Page("chips-page", _("Chips")),
            Page("shot-clock-page", _("Shot clock")),
        ],
        ("clock-", "structure-", "chips-", "chip-race-", "shot-clock-"),
    ),
    Group(
        _("Payouts"),
        [Page("payouts", _("Payouts")), Page("deal", _("Deal")), Page("standings", _("Standings"))],
        ("payouts", "deal", "standings"),
    ),
    Group(
        _("Cash desk"),
        [
            Page("cash-shift", _("My shift"), money=True),
            Page("cash-money", _("Money"), directors_only=True),
            Page("cash-tickets", _("Tickets"), money=True),
            Page("cash-pots", _("Pots"), directors_only=True),
            Page("cash-satellite", _("Satellite"), directors_only=True),
        ],
        ("cash-",),
    ),
    Group(
        _("Rulings"),
        [Page("ruling-log", _("Ruling log")), Page("ruling-new", _("Log a ruling"))],
        ("ruling-",),
    ),
]


@register.inclusion_tag("tournament/_nav.html", takes_context=True)
def staff_nav(context: template.Context, tournament: Any) -> dict[str, Any]:
    request = context.get("request")
    match = getattr(request, "resolver_match", None)
    here = (match.url_name if match else None) or ""
    is_director = bool(context.get("is_director"))
    sees_money = is_director or "desk" in (context.get("roles") or ())
    groups = [
        {
            "label": group.label,
            "current": here.startswith(group.prefixes),
            "links": [
                {
                    "url": reverse(page.url_name, args=[tournament.pk]),
                    "label": page.label,
                    "current": page.url_name == here,
                }
                for page in group.pages
                if (is_director or not page.directors_only) and (sees_money or not page.money)
            ],
        }
        for group in GROUPS
    ]
    return {
        "tournament": tournament,
        "groups": [group for group in groups if group["links"]],
        "home": reverse("tournament-detail", args=[tournament.pk]),
        "home_current": here in ("tournament-detail", "tournament-edit"),
    }
