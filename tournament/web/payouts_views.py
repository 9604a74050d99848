"""Pages for the prize pool and payouts: the structure, prices, additions and
purchases (standings and player history: standings_views; deals: deal_views)."""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from cashdesk.models import LedgerRow
from cashdesk.selectors import purchase_receipts
from cashdesk.services.payments import Payment, entry_purchase_paid
from tournament.errors import Invalid
from tournament.models import PayoutSettings, PrizeAddition, Tournament
from tournament.roles import DIRECTOR, MONEY, STAFF, has_role
from tournament.rules.payouts import ROUNDING_UNITS
from tournament.selectors import bounty_list, bounty_part, bounty_settings_for
from tournament.services import deals as deal_services
from tournament.services import payouts as payout_services
from tournament.services import prize_pool as pool_services
from tournament.services.buy_ins import buy_ins_sold
from tournament.web.decorators import money_required, role_required, run_action
from tournament.web.local_numbers import (
    LocalIntegerField,
    amount_for_input,
    local_formfield,
    money_field,
)
from tournament.web.structure_input import (
    amounts_typed,
    pay_by,
    structure_typed,
)

TABLE_UNREADABLE = gettext_lazy("Write the points per place separated by spaces.")
CHOOSE_THE_BUYER = gettext_lazy("Choose the player who buys.")


class StructureForm(forms.Form):
    use_template = forms.BooleanField(
        label=gettext_lazy("Use the template for the field size"), required=False
    )
    pay_by = forms.ChoiceField(
        label=gettext_lazy("Pay by"),
        choices=[
            ("percentages", gettext_lazy("Percentages of the pool")),
            ("amounts", gettext_lazy("Fixed amounts, the rest kept back")),
            ("mixed", gettext_lazy("Fixed places and percentages of the rest")),
        ],
        initial="percentages",
        required=False,
        widget=forms.RadioSelect,
    )
    amounts = forms.CharField(
        label=gettext_lazy("Amounts, best place first"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4, "inputmode": "decimal"}),
        max_length=16000,
    )
    kept_back_reason = forms.CharField(
        label=gettext_lazy("Kept back for"),
        required=False,
        max_length=120,
        widget=forms.TextInput(attrs={"placeholder": gettext_lazy("e.g. season final")}),
    )
    percentages = forms.CharField(
        label=gettext_lazy("Percentages, best place first"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        max_length=8000,
    )
    rounding = forms.ChoiceField(
        label=gettext_lazy("Round to"),
        # Shown as the reader writes amounts (0,01 in German); posted as the unit itself.
        choices=lambda: [(str(u), amount_for_input(u, None)) for u in ROUNDING_UNITS],
    )
    rounding_mode = forms.ChoiceField(
        label=gettext_lazy("Rounding"), choices=PayoutSettings.RoundingMode.choices
    )
    guarantee = money_field(gettext_lazy("Guarantee"))


class PricesForm(forms.ModelForm):
    class Meta:
        model = PayoutSettings
        formfield_callback = local_formfield
        field_classes = {"rebuy_chips": LocalIntegerField, "addon_chips": LocalIntegerField}
        fields = list(pool_services.SETTINGS_FIELDS)


class AdditionForm(forms.Form):
    amount = money_field(gettext_lazy("Amount"), required=True)
    note = forms.CharField(label=gettext_lazy("Note"), max_length=200, required=False)


class PurchaseForm(forms.Form):
    entry = forms.IntegerField(min_value=1)
    kind = forms.ChoiceField(choices=[("rebuy", "rebuy"), ("addon", "addon")])
    count = forms.IntegerField(min_value=1, max_value=100, initial=1)


def _tournament(tournament_id: int) -> Tournament:
    return get_object_or_404(Tournament, pk=tournament_id)


def _bad_form(form: forms.Form) -> None:
    """The first wrong field by its label and what is wrong with it ("Amount: Enter a
    number."), not only "check the form"."""
    for name, errors in form.errors.items():
        field = form.fields.get(name)
        if field is not None and field.label:
            raise Invalid(f"{field.label}: {errors[0]}")
        raise Invalid(str(errors[0]))
    raise Invalid(gettext_lazy("Please check the form."))


# --- prize pool and payouts --------------------------------------------------


@role_required(*STAFF)
def payouts_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament, view = payout_services.payouts_get(tournament_id=tournament_id)
    settings = pool_services.payout_settings_for(tournament)
    initial = {
        "use_template": settings.percentages is None and settings.amounts is None,
        "pay_by": pay_by(view.source),
        "amounts": amounts_typed(settings.amounts or [], mixed=view.source == "mixed"),
        "kept_back_reason": settings.kept_back_reason,
        # Under fixed amounts the shares shown beside them are no structure to edit.
        "percentages": ""
        if view.source == "amounts"
        else "\n".join(
            amount_for_input(p, None)
            for p in (settings.percentages if view.source == "mixed" else view.percentages) or []
        ),
        "rounding": next((str(u) for u in ROUNDING_UNITS if u == settings.rounding), "1"),
        "rounding_mode": settings.rounding_mode,
        "guarantee": settings.guarantee,
    }
    live_entries = deal_services.remaining_entries(tournament)
    return render(
        request,
        "payouts/prize_pool.html",
        {
            "tournament": tournament,
            "view": view,
            # Amounts as numbers, so the page formats them for its language (240,00).
            "places": [{**p, "amount": Decimal(p["amount"])} for p in view.places()],
            "structure_form": StructureForm(initial=initial),
            "prices_form": PricesForm(instance=settings),
            "addition_form": AdditionForm(),
            "additions": PrizeAddition.objects.filter(tournament=tournament),
            "buy_ins_sold": buy_ins_sold(tournament),
            "bounty": bounty_part(tournament, public=False),
            "bounty_kind": bounty_settings_for(tournament).get_kind_display(),
            # Who holds a bounty and who won some: what the cashier pays out.
            "bounty_list": [
                row for row in bounty_list(tournament) if row["bounty"] or Decimal(row["won"])
            ],
            "live_entries": live_entries,
            "purchase_receipts": purchase_receipts(tournament),
            "is_director": has_role(request.user, (DIRECTOR,)),
            "can_sell": has_role(request.user, MONEY),
        },
    )


def _back(tournament_id: int) -> str:
    return reverse("payouts", args=[tournament_id])


@role_required(DIRECTOR)
@require_POST
def payouts_structure(request: HttpRequest, tournament_id: int) -> HttpResponse:
    form = StructureForm(request.POST or None)

    def action() -> None:
        if not form.is_valid():
            _bad_form(form)
        data = form.cleaned_data
        percentages, amounts, places, unused = structure_typed(data)
        payout_services.payouts_update(
            tournament_id=tournament_id,
            percentages=percentages,
            amounts=amounts,
            places=places,
            kept_back_reason=data["kept_back_reason"],
            rounding=Decimal(data["rounding"]),
            rounding_mode=data["rounding_mode"],
            guarantee=data["guarantee"],
            by=request.user,
        )
        if unused:
            messages.warning(request, unused)

    return run_action(request, action, success=_("Payouts saved."), back=_back(tournament_id))


@role_required(DIRECTOR)
@require_POST
def payouts_prices(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _tournament(tournament_id)
    form = PricesForm(request.POST or None, instance=pool_services.payout_settings_for(tournament))

    def action() -> None:
        if not form.is_valid():
            _bad_form(form)
        changes = dict(form.cleaned_data)
        season = changes.pop("season")
        changes["season"] = season.pk if season else None
        pool_services.payout_settings_update(
            tournament_id=tournament_id, changes=changes, by=request.user
        )

    return run_action(request, action, success=_("Prices saved."), back=_back(tournament_id))


@money_required(DIRECTOR)
@require_POST
def payouts_addition(request: HttpRequest, tournament_id: int) -> HttpResponse:
    form = AdditionForm(request.POST or None)

    def action() -> None:
        if not form.is_valid():
            _bad_form(form)
        pool_services.prize_addition_add(
            tournament_id=tournament_id,
            amount=form.cleaned_data["amount"],
            note=form.cleaned_data["note"],
            by=request.user,
        )

    return run_action(
        request, action, success=_("Added to the prize pool."), back=_back(tournament_id)
    )


@money_required(DIRECTOR)
@require_POST
def payouts_addition_remove(
    request: HttpRequest, tournament_id: int, addition_id: int
) -> HttpResponse:
    return run_action(
        request,
        lambda: pool_services.prize_addition_remove(
            tournament_id=tournament_id, addition_id=addition_id, by=request.user
        ),
        success=_("Addition removed."),
        back=_back(tournament_id),
    )


@money_required()
@require_POST
def payouts_purchase(request: HttpRequest, tournament_id: int) -> HttpResponse:
    form = PurchaseForm(request.POST or None)

    def action() -> None:
        if not request.POST.get("entry"):
            # Nothing is preselected: a purchase booked to the first name in the list
            # went to the wrong player.
            raise Invalid(CHOOSE_THE_BUYER)
        if not form.is_valid():
            _bad_form(form)
        data = form.cleaned_data
        if not _tournament(tournament_id).entries.filter(pk=data["entry"]).exists():
            _bad_form(form)
        # Sold with its payment: a ledger row with its method and receipt, or
        # refused (README "Cash desk": one money truth).
        return entry_purchase_paid(
            entry_id=data["entry"],
            kind=data["kind"],
            count=data["count"],
            by=request.user,
            payment=Payment(method=request.POST.get("payment_method") or "cash"),
        )

    return run_action(request, action, success=_said_of_purchase, back=_back(tournament_id))


def _said_of_purchase(sold: tuple[object, LedgerRow | None]) -> str:
    row = sold[1]
    if row is None:  # a freeroll's purchase moves no money
        return _("Recorded.")
    return _("Recorded: receipt %(number)s, %(method)s.") % {
        "number": row.receipt,
        "method": row.get_method_display(),
    }
