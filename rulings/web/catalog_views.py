"""The rule catalog: every rule, searched, and the house rules a director adds."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from rulings.rules.catalog import load_catalog
from rulings.services.catalog import (
    house_rule_create,
    rule_payload,
    rules_all,
    rules_search,
)
from rulings.web.forms import HouseRuleForm
from rulings.web.page_parts import int_or_none
from tournament.errors import DomainError
from tournament.models import Tournament
from tournament.roles import DIRECTOR, STAFF, has_role
from tournament.web.decorators import role_required


@role_required(*STAFF)
def rule_catalog(request: HttpRequest) -> HttpResponse:
    q = (request.GET.get("q") or "").strip()[:200]
    found = rules_search(q) if q else list(rules_all())
    tournament = None
    if int_or_none(request.GET.get("tournament")):
        tournament = Tournament.objects.filter(
            pk=int_or_none(request.GET.get("tournament"))
        ).first()
    is_director = has_role(request.user, (DIRECTOR,))
    form = HouseRuleForm(request.POST or None) if is_director else None
    status = 200
    if request.method == "POST":
        if form is None:
            return redirect("rule-catalog")
        if form.is_valid():
            try:
                rule = house_rule_create(**form.cleaned_data, by=request.user)
            except DomainError as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(request, _("House rule %(id)s added.") % {"id": rule.rule_id})
                return redirect(reverse("rule-catalog") + f"?q={rule.rule_id}")
        status = 400
    return render(
        request,
        "rulings/catalog.html",
        {
            "q": q,
            "rules": [rule_payload(r) for r in found],
            "count": len(load_catalog()),
            "tournament": tournament,
            "form": form,
        },
        status=status,
    )


@role_required(*STAFF)
def rule_search_partial(request: HttpRequest) -> HttpResponse:
    q = (request.GET.get("q") or "").strip()[:200]
    rules = [rule_payload(r) for r in rules_search(q, limit=12)] if q else []
    return render(request, "rulings/_rule_results.html", {"rules": rules, "q": q})
