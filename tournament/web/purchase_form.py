"""Re-entry, rebuy and add-on prices and limits on the tournament's own form
(README "Rebuys and add-ons"), beside the entries per player: the same
settings and service as the payouts page's "Prices" card."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest

from tournament.models import Tournament
from tournament.models_payouts import PayoutSettings
from tournament.services import prize_pool as pool_services
from tournament.web.local_numbers import LocalIntegerField, local_formfield

FIELDS = [name for name in pool_services.SETTINGS_FIELDS if name != "season"]


class PurchasePricesForm(forms.ModelForm):
    class Meta:
        model = PayoutSettings
        formfield_callback = local_formfield
        field_classes = {"rebuy_chips": LocalIntegerField, "addon_chips": LocalIntegerField}
        fields = FIELDS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # A form posted without them (an older script) keeps the prices as they are.
        for field in self.fields.values():
            field.required = False

    def changes(self, request: HttpRequest) -> dict[str, Any]:
        """The prices the post named (a field it left out is kept)."""
        return {name: self.cleaned_data[name] for name in FIELDS if name in request.POST}


def purchase_prices_form(request: HttpRequest, tournament: Tournament | None) -> PurchasePricesForm:
    settings = pool_services.payout_settings_for(tournament) if tournament else PayoutSettings()
    return PurchasePricesForm(request.POST or None, instance=settings)


def purchase_prices_save(
    request: HttpRequest, form: PurchasePricesForm, tournament_id: int
) -> None:
    changes = form.changes(request)
    if changes:
        pool_services.payout_settings_update(
            tournament_id=tournament_id, changes=changes, by=request.user
        )
