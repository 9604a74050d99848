"""How a player appears in public, set at the desk (README "Results out"): a form on
his results page for the desk and directors."""

from __future__ import annotations

from django import forms
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from tournament.models import Player
from tournament.public_labels import room_default
from tournament.roles import MONEY
from tournament.rules import public_names
from tournament.services.public_names import player_public_name_set
from tournament.web.decorators import role_required, run_action


class PublicNameForm(forms.Form):
    public_name = forms.ChoiceField(
        label=_("Name in public"),
        choices=[c for c in Player._meta.get_field("public_name_choice").choices if c[0]],
        widget=forms.RadioSelect,
    )
    pseudonym = forms.CharField(
        label=_("Pseudonym"), required=False, max_length=public_names.PSEUDONYM_MAX_LENGTH
    )

    shown: str | None = None  # what the results pages show of him now

    @classmethod
    def of(cls, player: Player) -> PublicNameForm:
        form = cls(
            initial={"public_name": player.public_name_choice, "pseudonym": player.pseudonym}
        )
        form.shown = player.shown_name(room_default())
        return form


@require_POST
@role_required(*MONEY)
def player_public_name_page(request: HttpRequest, player_id: int) -> HttpResponse:
    return run_action(
        request,
        lambda: player_public_name_set(
            player_id=player_id,
            choice=request.POST.get("public_name", ""),
            pseudonym=request.POST.get("pseudonym", "")[:80],
            by=request.user,
        ),
        success=str(_("Saved: how the player appears in public.")),
        back=reverse("player-history", args=[player_id]) + "#public-name",
    )
