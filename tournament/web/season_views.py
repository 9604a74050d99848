"""League season pages: the list with the new-season form, and each season's
table with its form to change it (README "League seasons", "Switching from
TD3"). The form's preview posts to ``POST /api/v1/seasons/formula-preview``
and draws what the server returns (static/js/formula_preview.js)."""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.api.payouts import SeasonIn
from tournament.errors import DomainError, Invalid
from tournament.models import LeagueSeason
from tournament.roles import DIRECTOR, STAFF, has_role
from tournament.rules.points_formula import MAX_LENGTH
from tournament.services import league as league_services
from tournament.web.decorators import not_a_director, role_required, run_action
from tournament.web.local_numbers import LocalDecimalField, amount_for_input, parse_amount
from tournament.web.whole_numbers import api_range

TABLE_UNREADABLE = gettext_lazy("Write the points per place separated by spaces.")
CHECK_THE_FORM = gettext_lazy("Please check the form.")


class SeasonForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=120)
    formula = forms.ChoiceField(
        label=gettext_lazy("Points formula"), choices=LeagueSeason.Formula.choices
    )
    formula_text = forms.CharField(
        label=gettext_lazy("Own formula (TD3 formula language)"),
        required=False,
        max_length=MAX_LENGTH,
        widget=forms.Textarea(
            attrs={"rows": 8, "spellcheck": "false", "placeholder": "n - r + 1 + numberOfHits * 5"}
        ),
    )
    table = forms.CharField(
        label=gettext_lazy("Points by place (table formula)"), required=False, max_length=4000
    )
    # The ranges of the API's SeasonIn and the column.
    participation = LocalDecimalField(
        label=gettext_lazy("Points for taking part"),
        min_value=0,
        initial=0,
        max_digits=LeagueSeason._meta.get_field("participation").max_digits,
        decimal_places=2,
    )
    best_of = forms.IntegerField(
        label=gettext_lazy("Count only the best results"),
        min_value=1,
        max_value=api_range(SeasonIn, "best_of")[1],
        required=False,
    )


def _table(text: str) -> list[Decimal] | None:
    if not text.strip():
        return None
    try:
        tokens = [token.rstrip(",") for token in re.split(r"[\s;]+", text.strip())]
        return [parse_amount(token) for token in tokens if token]
    except InvalidOperation as exc:
        raise Invalid(TABLE_UNREADABLE) from exc


def _season_args(form: SeasonForm) -> dict[str, Any]:
    if not form.is_valid():
        raise Invalid(CHECK_THE_FORM)
    data = form.cleaned_data
    return {
        "name": data["name"],
        "formula": data["formula"],
        "formula_text": data["formula_text"],
        "table": _table(data["table"]),
        "participation": data["participation"],
        "best_of": data["best_of"],
    }


def _answer(
    request: HttpRequest,
    page: Callable[[], HttpResponse],
    action: Callable[[], Any],
    *,
    success: str,
    back: str,
) -> HttpResponse:
    """The page, or for a director's post the action (the page again, with the
    text as typed, when it is refused)."""
    if request.method != "POST":
        return page()
    if refused := not_a_director(request):
        return refused
    return run_action(request, action, success=success, back=back, page=page)


def _preview(request: HttpRequest) -> dict[str, Any]:
    return {"preview_url": reverse("api-v1:preview_season_formula"), "preview_field": 10}


@role_required(*STAFF)
def seasons_page(request: HttpRequest) -> HttpResponse:
    form = SeasonForm(request.POST or None)

    def page() -> HttpResponse:
        return render(
            request,
            "payouts/seasons.html",
            {
                "seasons": LeagueSeason.objects.all(),
                "form": form,
                "is_director": has_role(request.user, (DIRECTOR,)),
                **_preview(request),
            },
        )

    return _answer(
        request,
        page,
        lambda: league_services.season_create(by=request.user, **_season_args(form)),
        success=_("Season created."),
        back=reverse("seasons"),
    )


def _initial(season: LeagueSeason) -> dict[str, Any]:
    return {
        "name": season.name,
        "formula": season.formula,
        "formula_text": season.formula_text,
        "table": " ".join(amount_for_input(p, None) for p in season.table),
        "participation": season.participation,
        "best_of": season.best_of,
    }


@role_required(*STAFF)
def season_page(request: HttpRequest, season_id: int) -> HttpResponse:
    season = get_object_or_404(LeagueSeason, pk=season_id)
    form = SeasonForm(request.POST or None, initial=_initial(season))

    def page() -> HttpResponse:
        context: dict[str, Any] = {
            "season": season,
            "form": form,
            "is_director": has_role(request.user, (DIRECTOR,)),
            "tournaments": [],
            "rows": [],
            **_preview(request),
        }
        try:
            _season, context["tournaments"], context["rows"] = league_services.season_standings(
                season_id=season.pk
            )
        except DomainError as exc:
            context["standings_problem"] = str(exc)
        return render(request, "payouts/season.html", context)

    return _answer(
        request,
        page,
        # The form has no field for the sqrt formula's scale: it stays as set.
        lambda: league_services.season_update(
            season_id=season.pk, by=request.user, scale=season.scale, **_season_args(form)
        ),
        success=_("Season saved; the table follows the new formula."),
        back=reverse("season", args=[season.pk]),
    )
