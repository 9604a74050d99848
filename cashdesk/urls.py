from django.urls import path

from cashdesk.web import printing, ticket_views, views

urlpatterns = [
    path("tournaments/<int:tournament_id>/cash/shift/", views.shift_page, name="cash-shift"),
    path("tournaments/<int:tournament_id>/cash/money/", views.money_page, name="cash-money"),
    path(
        "tournaments/<int:tournament_id>/cash/ledger.csv", views.ledger_csv, name="cash-ledger-csv"
    ),
    path(
        "tournaments/<int:tournament_id>/cash/tickets/",
        ticket_views.tickets_page,
        name="cash-tickets",
    ),
    path("tournaments/<int:tournament_id>/cash/pots/", ticket_views.pots_page, name="cash-pots"),
    path(
        "tournaments/<int:tournament_id>/cash/satellite/",
        ticket_views.satellite_page,
        name="cash-satellite",
    ),
    path("cash/receipts/<int:row_id>/", printing.receipt, name="cash-receipt"),
    path("cash/prizes/<int:entry_id>/pay/", views.prize_pay_page, name="cash-prize-pay"),
    path(
        "cash/special-prizes/<int:prize_id>/pay/",
        views.special_prize_pay_page,
        name="cash-special-prize-pay",
    ),
    path("cash/ledger/<int:row_id>/reverse/", views.ledger_reverse_page, name="cash-reverse"),
    path("cash/slips/<int:entry_id>/", printing.payout_slip, name="cash-payout-slip"),
    path(
        "cash/entries/<int:entry_id>/unregister/",
        views.entry_unregister_page,
        name="cash-unregister",
    ),
]
