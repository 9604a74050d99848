"""The cashier's shift page, the director's money page, receipts and payout slips."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

import pytest

from cashdesk.models import CashBox, Shift
from tests.cashdesk.conftest import signed_in
from tests.conftest import make_staff
from tournament.models import Entry, Tournament
from tournament.models_room import RoomSettings

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german_catalogue")]


@pytest.fixture
def paid(api, tournament):
    """Two players in, the winner's prize paid: receipts and a payout slip to print."""
    RoomSettings.objects.update_or_create(pk=1, defaults={"name": "Spielbank Bad Dürkheim"})
    tid = tournament["id"]
    first = api.post(f"/tournaments/{tid}/entries", {"name": "Zoë Ørsted-Müller"}).json()
    second = api.post(f"/tournaments/{tid}/entries", {"name": "Jürgen Weiß"}).json()
    Entry.objects.filter(pk=second["id"]).update(status="busted", place=2)
    payout = api.post(f"/entries/{first['id']}/prize/pay", {"method": "cash"})
    assert payout.status_code == 200, payout.content
    return {"tournament": tournament, "entry": first, "payout": payout.json()}


def test_a_cashier_opens_and_closes_a_shift_on_the_page_in_german(new_cashier, tournament, api):
    desk_user = new_cashier
    box = CashBox.objects.create(name="Kasse Süd")
    page = signed_in(desk_user, "de")
    url = f"/tournaments/{tournament['id']}/cash/shift/"
    assert "Schicht eröffnen" in page.get(url).content.decode()
    page.post(url, {"action": "open", "box": box.pk, "float": "150,50"})
    shift = Shift.objects.get(cashier=desk_user)
    assert shift.float == Decimal("150.50")
    page.post(
        f"/tournaments/{tournament['id']}/desk/", {"name": "Ärne Öberg", "payment_method": "cash"}
    )
    shown = page.get(url).content.decode()
    assert "205,50" in shown and "Ärne Öberg" in shown
    closed = page.post(
        url, {"action": "close", "shift": shift.pk, "counted": "205,50"}, follow=True
    )
    assert "Soll 205,50\xa0€, gezählt 205,50\xa0€, Differenz 0\xa0€" in closed.content.decode()
    shift.refresh_from_db()
    assert (shift.expected, shift.difference) == (Decimal("205.50"), Decimal("0"))


def test_the_desk_page_offers_the_payment_methods_with_cash_first(desk_user, director, tournament):
    desk = signed_in(desk_user).get(f"/tournaments/{tournament['id']}/desk/").content.decode()
    assert 'value="cash" checked' in desk and 'value="card"' in desk
    assert 'value="account"' not in desk  # pay later: directors only
    as_director = signed_in(director).get(f"/tournaments/{tournament['id']}/desk/").content.decode()
    assert 'value="account"' in as_director


def test_a_card_payment_at_the_desk_says_its_receipt(desk_user, tournament):
    page = signed_in(desk_user)
    answer = page.post(
        f"/tournaments/{tournament['id']}/desk/",
        {"name": "Piet Kaart", "payment_method": "card"},
        follow=True,
    )
    shown = answer.content.decode()
    assert "Piet Kaart registered." in shown and "Card" in shown and "Receipt" in shown
    assert Entry.objects.get(player__name="Piet Kaart").ledger.get().method == "card"


def test_the_money_page_is_the_directors_and_the_floor_sees_none(
    director, desk_user, floor_user, paid
):
    url = f"/tournaments/{paid['tournament']['id']}/cash/money/"
    page = signed_in(director, "de").get(url).content.decode()
    assert "Preisgelder ausgezahlt" in page and "Zoë Ørsted-Müller" in page
    assert signed_in(desk_user).get(url).status_code == 403
    assert signed_in(floor_user).get(url).status_code == 403
    shift_url = f"/tournaments/{paid['tournament']['id']}/cash/shift/"
    assert signed_in(floor_user).get(shift_url).status_code == 403
    floor_nav = signed_in(floor_user).get(f"/tournaments/{paid['tournament']['id']}/").content
    assert b"/cash/" not in floor_nav


def test_the_ledger_exports_for_a_german_spreadsheet(director, paid):
    csv = signed_in(director, "de").get(f"/tournaments/{paid['tournament']['id']}/cash/ledger.csv")
    text = csv.content.decode("utf-8")
    assert text.startswith("\ufeffBelegnummer;")
    assert "Zoë Ørsted-Müller" in text and "55,00" in text and "-100,00" in text


def test_the_ledger_writes_a_prize_paid_out_as_a_negative_number_a_spreadsheet_adds_up(
    director, paid
):
    url = f"/tournaments/{paid['tournament']['id']}/cash/ledger.csv"
    for language, amount in (("de", "-100,00"), ("en", "-100.00")):
        text = signed_in(director, language).get(url).content.decode("utf-8")
        rows = list(csv.reader(io.StringIO(text[1:]), delimiter=";" if language == "de" else ","))
        payout = next(row for row in rows[1:] if row[4].lstrip("'").startswith("-"))
        assert payout[4] == amount  # a number cell: no apostrophe in front


def test_a_payout_slip_says_the_amount_in_words_with_lines_to_sign(director, paid):
    url = f"/cash/slips/{paid['entry']['id']}/"
    german = signed_in(director, "de").get(url).content.decode()
    assert "Spielbank Bad Dürkheim" in german and "Zoë Ørsted-Müller" in german
    assert "einhundert Euro" in german and "Unterschrift" in german and "Ausweis" in german
    english = signed_in(director, "en").get(url).content.decode()
    assert "one hundred euros" in english and "signature" in english


def test_a_payout_slip_says_the_amount_in_the_tournaments_currency(director, paid):
    Tournament.objects.filter(pk=paid["tournament"]["id"]).update(currency="CHF")
    url = f"/cash/slips/{paid['entry']['id']}/"
    assert "einhundert Franken" in signed_in(director, "de").get(url).content.decode()
    english = signed_in(director, "en").get(url).content.decode()
    assert "one hundred Swiss francs" in english and "euro" not in english


def test_receipts_print_on_a4_and_the_till_roll(director, paid):
    receipt = f"/cash/receipts/{paid['entry']['payment']['id']}/"
    a4 = signed_in(director, "de").get(receipt).content.decode()
    roll = signed_in(director, "de").get(receipt + "?layout=roll").content.decode()
    assert "Beleg" in a4 and "layout-a4" in a4 and "receipt_roll.css" in roll


def test_receipts_and_slips_build_as_pdf(director, paid):
    pytest.importorskip("weasyprint")
    client = signed_in(director, "de")
    for url in (
        f"/cash/slips/{paid['entry']['id']}/?format=pdf",
        f"/cash/receipts/{paid['entry']['payment']['id']}/?layout=roll&format=pdf",
    ):
        answer = client.get(url)
        assert answer.status_code == 200 and answer["Content-Type"] == "application/pdf"
        printed = _pdf_text(answer.content)
        assert "Zoë Ørsted-Müller" in printed, printed
        assert "Spielbank Bad Dürkheim" in printed


def _pdf_text(content: bytes) -> str:
    """The PDF's text as a reader copies it out, whitespace folded."""
    import io

    from pypdf import PdfReader

    pages = PdfReader(io.BytesIO(content)).pages
    return " ".join(" ".join(page.extract_text().split()) for page in pages)


def test_the_floor_prints_no_receipt(floor_user, paid):
    assert signed_in(floor_user).get(f"/cash/slips/{paid['entry']['id']}/").status_code == 403


def test_a_second_cashier_cannot_open_a_busy_box(new_cashier, tournament):
    desk_user = new_cashier
    box = CashBox.objects.create(name="Kasse Nord")
    ole = make_staff("ole", "desk", shift=False)
    Shift.objects.create(box=box, cashier=ole, float=Decimal("10"))
    page = signed_in(desk_user, "de")
    url = f"/tournaments/{tournament['id']}/cash/shift/"
    answer = page.post(url, {"action": "open", "box": box.pk, "float": "5"}, follow=True)
    assert "Auf dieser Kassenlade ist bereits eine Schicht offen." in answer.content.decode()
    assert not Shift.objects.filter(cashier=desk_user).exists()


def test_the_standings_show_paid_and_unpaid_prizes_and_the_desk_pays_from_there(
    api, desk_user, tournament
):
    tid = tournament["id"]
    entries = [
        api.post(f"/tournaments/{tid}/entries", {"name": n}).json()
        for n in ("Anna Keller", "Bernd Schulz", "Clara Wolf", "Dieter Roth")
    ]
    for entry, place in zip(entries[1:], (4, 3, 2), strict=True):
        Entry.objects.filter(pk=entry["id"]).update(status="busted", place=place)
    api.put(f"/tournaments/{tid}/payouts", {"percentages": ["70", "30"]})
    page = signed_in(desk_user, "de")
    before = page.get(f"/tournaments/{tid}/standings/").content.decode()
    assert before.count("Noch nicht ausgezahlt") == 2
    paid = page.post(f"/cash/prizes/{entries[0]['id']}/pay/", follow=True).content.decode()
    assert "Preisgeld ausgezahlt: Anna Keller." in paid
    assert paid.count("Noch nicht ausgezahlt") == 1 and "Ausgezahlt" in paid


def test_a_player_who_pays_later_is_marked_on_the_lists_until_he_settles(api, director, tournament):
    tid = tournament["id"]
    later = api.post(
        f"/tournaments/{tid}/entries", {"name": "Lutz Später", "payment": {"method": "account"}}
    ).json()
    page = signed_in(director, "de")
    for url in (f"/tournaments/{tid}/desk/", f"/tournaments/{tid}/entries/"):
        assert "zahlt später" in page.get(url).content.decode()
    api.post(f"/ledger/{later['payment']['id']}/settle", {"method": "cash"})
    for url in (f"/tournaments/{tid}/desk/", f"/tournaments/{tid}/entries/"):
        assert "zahlt später" not in page.get(url).content.decode()
