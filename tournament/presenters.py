from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from tournament import clock_port
from tournament.models import Entry, Tournament
from tournament.rules.payouts import money
from tournament.selectors import bounty_settings_for, pre_registration_capacity
from tournament.summary import tournament_summary


def tournament_payload(tournament: Tournament) -> dict[str, Any]:
    summary = tournament_summary(tournament)
    return {
        "id": tournament.pk,
        "name": tournament.name,
        "status": tournament.status,
        "entries": summary["entries"],
        "remaining": summary["remaining"],
        "waiting": summary["waiting"],
        "average_stack": summary["average_stack"],
        "chips_in_play": summary["chips_in_play"],
        "table_size": tournament.table_size,
        "starting_stack": tournament.starting_stack,
        "buy_in": tournament.buy_in,
        "fee": tournament.fee,
        "currency": tournament.currency,
        "final_table_size": tournament.final_table_size,
        "rulebook": tournament.rulebook,
        "tie_rule": tournament.tie_rule,
        "late_registration_levels": tournament.late_registration_levels,
        "max_entries": tournament.max_entries,
        "max_players": tournament.max_players,
        "registration_closed": tournament.registration_closed,
        "hand_for_hand": tournament.hand_for_hand,
        "options": tournament.rule_options,
        "version": tournament.version,
        "bounty": bounty_payload(tournament),
        "day_stop_players": tournament.day_stop_players,
        "buy_ins": tournament.buy_ins or [],
        "places": tournament.places,
        "late_registration_through_break": tournament.late_registration_through_break,
        "break_during_registration": tournament.break_during_registration,
        "starts_at": tournament.starts_at,
        "hard_stop": tournament.hard_stop,
        "listed": tournament.listed,
        "pre_registration": {
            "open": tournament.pre_registration_open,
            "capacity": pre_registration_capacity(tournament),
            "capacity_set": tournament.pre_registration_capacity is not None,
            "check_in_deadline_minutes": tournament.check_in_deadline_minutes,
        },
    }


def bounty_payload(tournament: Tournament) -> dict[str, Any] | None:
    """The bounty settings as the API gives them; None: no bounties."""
    settings = bounty_settings_for(tournament)
    if not settings.active:
        return None
    return {
        "kind": settings.kind,
        "amount": money(settings.amount),
        "progressive_share": settings.progressive_share,
        "mystery_prizes": list(settings.mystery_prizes or []),
        "mystery_start_level": settings.mystery_start_level,
        "mystery_start_in_money": settings.mystery_start_in_money,
    }


def entry_payload(entry: Entry) -> dict[str, Any]:
    seat = getattr(entry, "seat", None)
    return {
        "id": entry.pk,
        "player": entry.player_id,
        "name": entry.player.name,
        "number": entry.number,
        "start_number": entry.start_number,
        "status": entry.status,
        "table": seat.table.number if seat is not None else None,
        "seat": seat.number if seat is not None else None,
        "wait_for_button": entry.wait_for_button,
        "place": entry.place,
        "buy_in": entry.buy_in_name or None,
    }


def status_word(tournament: Tournament) -> str:
    """The one word every page uses for where a tournament stands (README "Screens"):
    drawn but with the clock still stopped is "Not started", as the player's page says."""
    if tournament.status == Tournament.Status.RUNNING and not clock_port.clock().play_started(
        tournament
    ):
        return _("Not started")
    return str(tournament.get_status_display())
