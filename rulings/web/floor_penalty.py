"""A penalty given from the floor tablet's seat panel (README "When the network
drops"): the kind, the hands or rounds and what happened, logged as a ruling
with its penalty, as the rulings page does. The tablet sends it with fetch
(``data-fetch``) and, with no server, keeps it in its queue like a bust.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from rulings.models import Category, PenaltyKindChoice, Ruling
from rulings.services.rulings import PenaltyOrder, ruling_create
from tournament.api.fields import DB_SMALLINT_MAX
from tournament.errors import Invalid
from tournament.models import Entry
from tournament.roles import FLOOR_STAFF
from tournament.web.decorators import back_to, role_required, run_action
from tournament.web.whole_numbers import NumberRefused, whole_number

# What the floor gives at the table; a disqualification is decided on the rulings page.
FLOOR_KINDS = (
    PenaltyKindChoice.WARNING,
    PenaltyKindChoice.MISSED_HANDS,
    PenaltyKindChoice.MISSED_ROUNDS,
)


def floor_penalty_choices() -> dict[str, list[list[str]]]:
    """The form's choices in the reader's language (the seat panel and the
    panel the tablet draws itself while the server is away)."""
    return {
        "kinds": [[k.value, str(k.label)] for k in FLOOR_KINDS],
        "categories": [[value, str(label)] for value, label in Category.choices],
    }


def _decision(kind: str, count: int | None) -> str:
    """The ruling's decision, said as the floor says it at the table."""
    if kind == PenaltyKindChoice.MISSED_HANDS and count:
        return ngettext("Sits out %(count)s hand.", "Sits out %(count)s hands.", count) % {
            "count": count
        }
    if kind == PenaltyKindChoice.MISSED_ROUNDS and count:
        return ngettext("Sits out %(count)s round.", "Sits out %(count)s rounds.", count) % {
            "count": count
        }
    labels = dict(PenaltyKindChoice.choices)
    return str(labels.get(kind, kind)) + "."


@require_POST
@role_required(*FLOOR_STAFF)
def floor_penalty(request: HttpRequest, pk: int) -> HttpResponse:
    """``kind``, ``count`` (hands or rounds), ``category`` and ``situation`` (optional)."""
    entry = get_object_or_404(Entry.objects.select_related("player"), pk=pk)
    back = back_to(request, reverse("floor-map", args=[entry.tournament_id]))
    kind = request.POST.get("kind", "").strip()
    category = request.POST.get("category", "").strip() or Category.ETIQUETTE.value
    situation = request.POST.get("situation", "").strip()[:4000]
    if not situation:
        situation = str(dict(Category.choices).get(category, category))

    def give() -> Ruling:
        count = _count(request.POST.get("count", ""))
        return ruling_create(
            tournament_id=entry.tournament_id,
            by=request.user,
            category=category,
            situation=situation,
            decision=_decision(kind, count),
            penalty=PenaltyOrder(entry=entry.pk, kind=kind, count=count),
        )

    def said(ruling: Ruling) -> str:
        return _("Penalty for %(name)s logged: %(decision)s") % {
            "name": entry.player.name,
            "decision": ruling.decision,
        }

    return run_action(request, give, success=said, back=back)


def _count(value: str) -> int | None:
    """Hands or rounds: empty for a warning; a typed number refused is a 422."""
    text = value.strip()
    if not text:
        return None
    try:
        return whole_number(text, low=1, high=DB_SMALLINT_MAX)
    except NumberRefused as refused:
        raise Invalid(str(refused)) from None
