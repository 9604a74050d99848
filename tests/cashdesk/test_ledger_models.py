"""The ledger is written once: the model, the database and the admin refuse changes."""

from decimal import Decimal

import pytest
from django.db import DatabaseError, connection, transaction

from cashdesk.models import Kind, LedgerRow, Method, receipt_label
from cashdesk.services.ledger import Split, ledger_append
from cashdesk.triggers import guards_missing
from tournament.writes import scopes, write


def _row(**fields) -> LedgerRow:
    # No cashier, no box, no tournament: the room's series.
    with write(scopes.room(), by=None) as w:
        row = ledger_append(
            w,
            kind=Kind.BUY_IN,
            amount=Decimal("55.00"),
            split=Split(Decimal("50.00"), Decimal("5.00")),
            **fields,
        )
        w.keep_quiet("a row of no tournament")
    return row


@pytest.mark.django_db
def test_receipt_numbers_follow_each_other_without_a_gap():
    rows = [_row() for _ in range(5)]
    assert [row.receipt_number for row in rows] == [1, 2, 3, 4, 5]
    assert {row.receipt_series for row in rows} == {"room"}
    assert [row.receipt for row in rows[:2]] == ["R-1", "R-2"]


@pytest.mark.django_db
def test_a_receipt_number_taken_in_a_write_that_fails_is_given_again():
    first = _row().receipt_number
    with pytest.raises(RuntimeError), write(scopes.room(), by=None) as w:
        ledger_append(w, kind=Kind.BUY_IN, amount=Decimal("1"))
        raise RuntimeError("the registration failed")
    assert _row().receipt_number == first + 1


def test_a_receipt_reads_as_its_series_and_number_and_old_ones_as_they_were():
    assert receipt_label("cashbox:3", 17) == "3-17"
    assert receipt_label("tournament:12", 4) == "T12-4"
    assert receipt_label("room", 2) == "R-2"
    assert receipt_label("", 317) == "317"  # booked before the series


@pytest.mark.django_db
def test_a_ledger_row_cannot_be_saved_again_or_deleted():
    row = _row()
    row.amount = Decimal("1.00")
    with pytest.raises(TypeError):
        row.save()
    with pytest.raises(TypeError):
        row.delete()
    assert LedgerRow.objects.get(pk=row.pk).amount == Decimal("55.00")


@pytest.mark.django_db
def test_the_database_refuses_an_update_or_delete_of_a_ledger_row():
    row = _row()
    assert guards_missing(connection) == set()
    with pytest.raises(DatabaseError), transaction.atomic():
        LedgerRow.objects.filter(pk=row.pk).update(method=Method.CARD)
    with pytest.raises(DatabaseError), transaction.atomic():
        LedgerRow.objects.filter(pk=row.pk).delete()
    assert LedgerRow.objects.get(pk=row.pk).method == Method.CASH


@pytest.mark.django_db
def test_the_admin_shows_the_ledger_read_only(admin_client):
    row = _row()
    page = admin_client.get(f"/admin/cashdesk/ledgerrow/{row.pk}/change/")
    assert page.status_code == 200
    assert b'name="amount"' not in page.content
    assert admin_client.post(f"/admin/cashdesk/ledgerrow/{row.pk}/delete/").status_code == 403
    assert LedgerRow.objects.filter(pk=row.pk).exists()


@pytest.mark.django_db(transaction=True)
def test_a_transactional_test_with_ledger_rows_is_emptied_after_it():
    # The runner empties the tables after this test (conftest: the guards step aside).
    _row()
    assert LedgerRow.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_the_next_transactional_test_starts_with_an_empty_ledger():
    assert LedgerRow.objects.count() == 0
    assert guards_missing(connection) == set()
