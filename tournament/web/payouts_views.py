"""Pages for the prize pool, payouts, standings, deals, player history and league seasons."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from cashdesk.models import LedgerRow
from cashdesk.selectors import payouts_of, purchase_receipts
from cashdesk.selectors_tickets import tickets_list
from cashdesk.services.payments import Payment, entry_purchase_paid
from tournament.errors import DomainError, Invalid
from tournament.models import Deal, PayoutSettings, PrizeAddition, Tournament
from tournament.roles import DESK, DIRECTOR, FLOOR_STAFF, MONEY, STAFF, has_role
from tournament.rules.payouts import ROUNDING_UNITS
from tournament.selectors import bounty_list, bounty_part, bounty_settings_for
from tournament.services import deals as deal_services
from tournament.services import league as league_services
from tournament.services import payouts as payout_services
from tournament.services import prize_pool as pool_services
from tournament.services.buy_ins import buy_ins_sold
from tournament.services.results import player_history, results_compute
from tournament.web.decorators import money_required, not_a_director, role_required, run_action
from tournament.web.local_numbers import (
    LocalIntegerField,
    amount_for_input,
    local_formfield,
    money_field,
    parse_amount,
)
from tournament.web.public_name_views import PublicNameForm
from tournament.web.structure_input import (
    amounts_typed,
    pay_by,
    structure_typed,
)
from tournament.web.whole_numbers import NumberRefused, whole_number

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


# --- standings -------------------------------------------------------------------


@role_required(*STAFF)
def standings_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _tournament(tournament_id)
    view, rows = results_compute(tournament)
    deal = Deal.objects.filter(tournament=tournament).first()
    settings = pool_services.payout_settings_for(tournament)
    points = {}
    if settings.season_id:
        points = {
            r.player.pk: r.points
            for r in league_services.tournament_points(tournament, settings.season)
        }
    return render(
        request,
        "payouts/standings.html",
        {
            "tournament": tournament,
            "view": view,
            # A bullet without a place (re-entered, by player) earns no points of its own.
            "rows": [(row, points.get(row.entry.player_id) if row.place else None) for row in rows],
            "deal": deal,
            "season": settings.season,
            "remaining": len(deal_services.remaining_entries(tournament)),
            "bounty": bounty_settings_for(tournament).active,
            "paid": payouts_of(tournament),
        },
    )


# --- deals -----------------------------------------------------------------------------


# The API's limit of one chip count in a deal (tournament/api/payouts.py).
MAX_DEAL_CHIPS = 10**15


def chip_count_errors(request: HttpRequest, tournament: Tournament) -> dict[int, str]:
    """Each player whose chip count is no positive whole number, with why: shown
    beside his field, not once for the whole form."""
    errors = {}
    for entry in deal_services.remaining_entries(tournament):
        try:
            _deal_chips(request, entry.pk)
        except NumberRefused:
            errors[entry.pk] = str(deal_services.STACK_NOT_POSITIVE)
    return errors


def _deal_chips(request: HttpRequest, entry_id: int) -> int:
    """One player's typed chip count ("12.500" or "12 500"); NumberRefused if none."""
    raw = request.POST.get(f"chips_{entry_id}", "").strip().replace(".", "").replace(" ", "")
    if not (raw.isascii() and raw.isdigit()):
        raise NumberRefused(deal_services.STACK_NOT_POSITIVE)
    return whole_number(raw, low=1, high=MAX_DEAL_CHIPS)


def _deal_input(request: HttpRequest, tournament: Tournament) -> dict:
    if chip_count_errors(request, tournament):
        raise Invalid(deal_services.STACK_NOT_POSITIVE)
    stacks = [
        (entry.pk, _deal_chips(request, entry.pk))
        for entry in deal_services.remaining_entries(tournament)
    ]
    method = request.POST.get("method", "")
    try:
        reserve = parse_amount(request.POST.get("reserve") or "0")
    except InvalidOperation as exc:
        raise Invalid(deal_services.RESERVE_INVALID) from exc
    return {"method": method, "stacks": stacks, "reserve": reserve}


@role_required(*FLOOR_STAFF)
def deal_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _tournament(tournament_id)
    plan = None
    status = 200
    if request.method == "POST" and request.POST.get("do") == "record":
        if refused := not_a_director(request):
            return refused
        return run_action(
            request,
            lambda: deal_services.deal_record(
                tournament_id=tournament.pk,
                by=request.user,
                note=request.POST.get("note", "")[:200],
                **_deal_input(request, tournament),
            ),
            success=_("Deal recorded."),
            back=reverse("standings", args=[tournament.pk]),
            page=lambda: deal_page_render(request, tournament, None),
        )
    if request.method == "POST" and request.POST.get("do") == "cancel":
        if refused := not_a_director(request):
            return refused
        return run_action(
            request,
            lambda: deal_services.deal_cancel(tournament_id=tournament.pk, by=request.user),
            success=_("Deal cancelled."),
            back=reverse("deal", args=[tournament.pk]),
        )
    if request.method == "POST":
        if chip_count_errors(request, tournament):
            status = 422  # said beside each field by deal_page_render
        else:
            try:
                plan = deal_services.deal_preview(
                    tournament_id=tournament.pk, **_deal_input(request, tournament)
                )
            except DomainError as exc:
                messages.error(request, str(exc))
                status = exc.status
    response = deal_page_render(request, tournament, plan)
    response.status_code = status
    return response


def deal_page_render(
    request: HttpRequest, tournament: Tournament, plan: deal_services.DealPlan | None
) -> HttpResponse:
    entries = deal_services.remaining_entries(tournament)
    amounts = dict(plan.amounts) if plan else {}
    errors = chip_count_errors(request, tournament) if request.method == "POST" else {}
    rows = [
        (e, request.POST.get(f"chips_{e.pk}", ""), amounts.get(e.pk), errors.get(e.pk))
        for e in entries
    ]
    deal = (
        Deal.objects.filter(tournament=tournament).prefetch_related("shares__entry__player").first()
    )
    _tournament_obj, view = payout_services.payouts_get(tournament_id=tournament.pk)
    return render(
        request,
        "payouts/deal.html",
        {
            "tournament": tournament,
            "rows": rows,
            "plan": plan,
            "deal": deal,
            "open_prizes": view.amounts[: len(entries)],
            # The hard stop's deal proposal opens the page with its method
            # (README "Finish on time: hard stop").
            "method": request.POST.get("method", request.GET.get("method", "icm")),
            "reserve": request.POST.get("reserve", ""),
            "methods": Deal.Method.choices,
            "max_chips": MAX_DEAL_CHIPS,
            "is_director": has_role(request.user, (DIRECTOR,)),
        },
    )


# --- players --------------------------------------------------------------------------


@role_required(*STAFF)
def player_history_page(request: HttpRequest, player_id: int) -> HttpResponse:
    try:
        player, rows = player_history(player_id=player_id)
    except DomainError as exc:
        raise Http404(str(exc)) from exc
    # His satellite tickets (the desk and directors see the money; the floor does not).
    tickets = tickets_list(player_id=player.pk) if has_role(request.user, (DIRECTOR, DESK)) else []
    return render(
        request,
        "payouts/player_history.html",
        {
            "player": player,
            "rows": rows,
            "tickets": tickets,
            # How he appears in public (README "Results out"): the desk and directors set it.
            "public_name_form": PublicNameForm.of(player)
            if has_role(request.user, (DIRECTOR, DESK))
            else None,
        },
    )
