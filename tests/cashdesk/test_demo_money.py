"""The demo's money adds up from the first look (README "Cash desk")."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from cashdesk.models import LedgerRow, Shift
from tests.cashdesk.conftest import signed_in
from tournament.models import Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german_catalogue")]


def _figure(page: str, element_id: str) -> str:
    return page.split(f'id="{element_id}">')[1].split("<")[0]


def test_the_demos_money_page_and_payout_page_show_the_same_pool(settings, tmp_path, capsys):
    settings.VAR_DIR = tmp_path
    call_command("demo")
    assert "Kasse 1" in capsys.readouterr().out
    tournament = Tournament.objects.get()
    shift = Shift.objects.get(closed_at__isnull=True)
    assert shift.cashier.get_username() == "director"
    rows = LedgerRow.objects.filter(tournament=tournament)
    assert rows.count() == tournament.entries.count() == 45
    assert all(row.shift_id == shift.pk and row.receipt_number for row in rows)
    page = signed_in(shift.cashier, "de")
    money = page.get(f"/tournaments/{tournament.pk}/cash/money/").content.decode()
    payouts = page.get(f"/tournaments/{tournament.pk}/payouts/").content.decode()
    assert _figure(money, "ledger-pool") == _figure(payouts, "prize-pool") == "4.050\xa0€"
