"""Ruling pages: the tablet form, the assistant, the log with its exports, the rule catalog."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl, urlencode

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from rulings.models import Category, PenaltyKindChoice, Ruling
from rulings.rules import assistant
from rulings.rules.catalog import load_catalog
from rulings.rules.ruling_questions import AnswerError, AnswerType, Question, Situation
from rulings.selectors import rulings_filtered
from rulings.services.catalog import (
    house_rule_create,
    rule_payload,
    rules_all,
    rules_search,
)
from rulings.services.penalties import offences_by_entry, penalty_hands_left
from rulings.services.rulings import PenaltyOrder, amendment_add, ruling_create
from rulings.web.forms import AmendmentForm, HouseRuleForm, RulingForm, split_rule_ids
from tables.models import Seat
from tournament.errors import DomainError
from tournament.models import Entry, Tournament
from tournament.roles import DIRECTOR, FLOOR_STAFF, STAFF, has_role
from tournament.rules.spreadsheet import spreadsheet_writer
from tournament.web.decorators import role_required

# The assistant's situations and the log category each belongs to.
SITUATION_CATEGORY = {
    "misdeal": Category.MISDEAL,
    "four_card_flop": Category.MISDEAL,
    "premature_cards": Category.EXPOSED_CARDS,
    "out_of_turn": Category.ACTION_OUT_OF_TURN,
    "string_bet": Category.STRING_BET,
    "undercall": Category.UNDERCALL,
    "oversized_chip": Category.OTHER,
}


def _german() -> bool:
    return (get_language() or "en").startswith("de")


def _entry_label(entry: Entry) -> str:
    seat = getattr(entry, "seat", None)
    if seat is not None:
        return f"{_('Table')} {seat.table.number} / {seat.number} – {entry.player.name}"
    return f"{entry.player.name} ({entry.get_status_display()})"


def _entries(tournament: Tournament) -> list[Entry]:
    entries = list(tournament.entries.select_related("player", "seat__table"))

    def order(e: Entry) -> tuple:
        seat = getattr(e, "seat", None)
        return (0, seat.table.number, seat.number) if seat else (1, e.player.name, e.pk)

    return sorted(entries, key=order)


def _rules_by_id() -> dict[str, Any]:
    return {r.id: r for r in rules_all()}


# --- tablet form -----------------------------------------------------------


@role_required(*FLOOR_STAFF)
def ruling_new(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    entries = _entries(tournament)
    choices = [(e.pk, _entry_label(e)) for e in entries]
    source = request.POST if request.method == "POST" else request.GET
    table_number = _int(source.get("table"))
    seat_number = _int(request.GET.get("seat"))
    at_table = [
        e for e in entries if getattr(e, "seat", None) and e.seat.table.number == table_number
    ]

    if request.method == "POST":
        form = RulingForm(request.POST, entry_choices=choices)
        if form.is_valid():
            response = _ruling_save(request, tournament, form)
            if response is not None:
                return response
        status = 400
    else:
        initial = _initial(request, entries, table_number, seat_number)
        form = RulingForm(initial=initial, entry_choices=choices)
        status = 200

    proposal = _proposal_from(form)
    offences = offences_by_entry(tournament)
    for entry in at_table:
        entry.offences = offences.get(entry.pk)
    selected = form["entries"].value() or []
    return render(
        request,
        "rulings/new.html",
        {
            "tournament": tournament,
            "form": form,
            "at_table": at_table,
            "entries": entries,
            "categories": Category.choices,
            "penalty_kinds": PenaltyKindChoice.choices,
            "selected_entries": {str(v) for v in selected},
            "proposal": proposal,
            "situations": _situation_list(),
            "table_number": table_number,
            "seat_number": seat_number,
        },
        status=status,
    )


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _initial(
    request: HttpRequest, entries: list[Entry], table: int | None, seat: int | None
) -> dict[str, Any]:
    initial: dict[str, Any] = {"table": table}
    at_seat = next(
        (
            e
            for e in entries
            if getattr(e, "seat", None) and e.seat.table.number == table and e.seat.number == seat
        ),
        None,
    )
    if at_seat is not None:
        initial["entries"] = [at_seat.pk]
        initial["penalty_entry"] = at_seat.pk
    for name in ("category", "situation", "decision", "rules"):
        if request.GET.get(name):
            initial[name] = request.GET[name]
    for name in ("assistant_situation", "assistant_answers"):
        if request.GET.get(name):
            initial[name] = request.GET[name]
    return initial


def _assistant_record(data: dict[str, Any], decision: str, rules: list[str]) -> dict[str, Any]:
    key = data.get("assistant_situation") or ""
    if key not in assistant.SITUATIONS:
        return {}
    answers = _parse_answers(key, data.get("assistant_answers") or "")
    try:
        proposal = assistant.propose(key, answers)
    except AnswerError:
        return {}
    proposed = {proposal.decision_de, proposal.decision_en}
    return {
        "situation": key,
        "answers": answers,
        "proposal_rules": list(proposal.rules),
        "confirmed": decision.strip() in proposed and rules == list(proposal.rules),
    }


def _ruling_save(
    request: HttpRequest, tournament: Tournament, form: RulingForm
) -> HttpResponse | None:
    data = form.cleaned_data
    rules = split_rule_ids(data["rules"])
    penalty = None
    if data["penalty_kind"]:
        penalty = PenaltyOrder(
            entry=data["penalty_entry"],
            kind=data["penalty_kind"],
            count=data["penalty_count"],
            # Only a disqualification takes chips out; elsewhere the field is ignored.
            chips=data["penalty_chips"] if data["penalty_kind"] == "disqualification" else None,
        )
    try:
        ruling = ruling_create(
            tournament_id=tournament.pk,
            by=request.user,
            category=data["category"],
            situation=data["situation"],
            decision=data["decision"],
            rules=rules,
            table=data["table"],
            entries=data["entries"],
            penalty=penalty,
            assistant=_assistant_record(data, data["decision"], rules),
        )
    except DomainError as exc:
        form.add_error(None, str(exc))
        return None
    messages.success(request, _("Ruling %(id)s logged.") % {"id": ruling.pk})
    return redirect(reverse("ruling-log", args=[tournament.pk]) + f"#ruling-{ruling.pk}")


# --- assistant --------------------------------------------------------------


def _situation_list() -> list[tuple[str, str]]:
    german = _german()
    return [(s.key, s.title_de if german else s.title_en) for s in assistant.SITUATIONS.values()]


def _parse_answers(key: str, encoded: str) -> dict[str, object]:
    spec = assistant.SITUATIONS[key]
    types = {q.id: q.type for q in spec.questions}
    answers: dict[str, object] = {}
    for name, value in parse_qsl(encoded):
        if name not in types:
            continue
        if types[name] is AnswerType.YES_NO:
            if value in ("yes", "no"):
                answers[name] = value == "yes"
        else:
            answers[name] = value
    return answers


def _encode_answers(answers: dict[str, object]) -> str:
    return urlencode(
        {k: ("yes" if v else "no") if isinstance(v, bool) else v for k, v in answers.items()}
    )


def _proposal_from(form: RulingForm) -> dict[str, Any] | None:
    key = form["assistant_situation"].value() or ""
    if key not in assistant.SITUATIONS:
        return None
    try:
        proposal = assistant.propose(
            key, _parse_answers(key, form["assistant_answers"].value() or "")
        )
    except AnswerError:
        return None
    return {"decision": proposal.decision_de if _german() else proposal.decision_en}


@role_required(*FLOOR_STAFF)
def ruling_assistant(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    german = _german()
    key = request.GET.get("situation") or ""
    context: dict[str, Any] = {
        "tournament": tournament,
        "situations": _situation_list(),
        "situation": None,
        "keep": {k: request.GET[k] for k in ("table", "seat") if request.GET.get(k)},
    }
    if key in assistant.SITUATIONS:
        spec = assistant.SITUATIONS[key]
        answers = _parse_answers(key, urlencode(list(request.GET.items())))
        answers = {k: v for k, v in answers.items() if _accepts(spec, k, v)}
        relevant = assistant.questions(key, answers)
        answers = {k: v for k, v in answers.items() if k in {q.id for q in relevant}}
        context["situation"] = {"key": key, "title": spec.title_de if german else spec.title_en}
        context["questions"] = [_question_view(q, answers, german) for q in relevant]
        if all(q.id in answers for q in relevant):
            proposal = assistant.propose(key, answers)
            decision = proposal.decision_de if german else proposal.decision_en
            rules = _rules_by_id()
            situation_text = "; ".join(
                f"{q['text']} {q['answer_label']}" for q in context["questions"]
            )
            params = {
                **context["keep"],
                "category": SITUATION_CATEGORY[key],
                "situation": f"{context['situation']['title']}: {situation_text}",
                "decision": decision,
                "rules": ", ".join(proposal.rules),
                "assistant_situation": key,
                "assistant_answers": _encode_answers(answers),
            }
            context["proposal"] = {
                "decision": decision,
                "rules": [
                    rule_payload(rules[r]) if r in rules else {"id": r} for r in proposal.rules
                ],
                "confirm_url": reverse("ruling-new", args=[tournament.pk])
                + "?"
                + urlencode(params),
            }
    return render(request, "rulings/assistant.html", context)


def _accepts(spec: Situation, qid: str, value: object) -> bool:
    return any(q.id == qid and q.accepts(value) for q in spec.questions)


def _question_view(question: Question, answers: dict[str, object], german: bool) -> dict:
    if question.type is AnswerType.YES_NO:
        options = [("yes", _("Yes"), True), ("no", _("No"), False)]
    else:
        options = [
            (c.value, c.label_de if german else c.label_en, c.value) for c in question.choices
        ]
    given = answers.get(question.id, None)
    label = next(
        (text for _v, text, value in options if value == given and question.id in answers), ""
    )
    return {
        "id": question.id,
        "text": question.question_de if german else question.question_en,
        "options": [(value, text) for value, text, _raw in options],
        "answer": ("yes" if given else "no") if isinstance(given, bool) else given,
        "answer_label": label,
    }


# --- log, print, CSV ------------------------------------------------------------


def _filters(request: HttpRequest) -> dict[str, Any]:
    penalty = request.GET.get("penalty") or None
    category = request.GET.get("category") or None
    return {
        "table": _int(request.GET.get("table")),
        "entry": _int(request.GET.get("entry")),
        "player": _int(request.GET.get("player")),
        "category": category if category in Category.values else None,
        "penalty": penalty if penalty in ("any", "none", *PenaltyKindChoice.values) else None,
    }


def _log_rows(tournament: Tournament, filters: dict[str, Any]) -> list[dict[str, Any]]:
    rulings = list(rulings_filtered(tournament, **filters))
    penalties = [r.penalty for r in rulings if hasattr(r, "penalty")]
    left = penalty_hands_left(penalties)
    offences = offences_by_entry(tournament)
    rules = _rules_by_id()
    german = _german()
    rows = []
    for ruling in rulings:
        penalty = getattr(ruling, "penalty", None) if hasattr(ruling, "penalty") else None
        rows.append(
            {
                "ruling": ruling,
                "involved": [
                    {"involved": i, "offences": offences.get(i.entry_id)}
                    for i in ruling.involved.all()
                ],
                "rules": [
                    {
                        "id": r,
                        "title": (rules[r].title_de if german else rules[r].title_en)
                        if r in rules
                        else "",
                    }
                    for r in ruling.rules
                ],
                "penalty": penalty,
                "hands_left": left.get(penalty.pk) if penalty is not None else None,
                "amendments": list(ruling.amendments.all()),
            }
        )
    return rows


def _offenders(tournament: Tournament) -> list[dict[str, Any]]:
    offences = offences_by_entry(tournament)
    entries = Entry.objects.filter(pk__in=offences).select_related("player")
    rows = [{"entry": e, "offences": offences[e.pk]} for e in entries]
    return sorted(rows, key=lambda r: (-r["offences"].total, r["entry"].player.name))


@role_required(*STAFF)
def ruling_log(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    filters = _filters(request)
    return render(
        request,
        "rulings/log.html",
        {
            "tournament": tournament,
            "rows": _log_rows(tournament, filters),
            "filters": filters,
            "filter_query": request.GET.urlencode(),
            "offenders": _offenders(tournament),
            "entries": _entries(tournament),
            "tables": sorted(
                set(
                    Seat.objects.filter(table__tournament=tournament).values_list(
                        "table__number", flat=True
                    )
                )
            ),
            "categories": Category.choices,
            "penalty_kinds": PenaltyKindChoice.choices,
            "amendment_form": AmendmentForm(),
            "may_log": has_role(request.user, FLOOR_STAFF),
        },
    )


@role_required(*STAFF)
def ruling_print(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    return render(
        request,
        "rulings/print.html",
        {
            "tournament": tournament,
            "rows": _log_rows(tournament, _filters(request)),
            "printed_at": timezone.now(),
        },
    )


@role_required(*STAFF)
def ruling_csv(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    rows = _log_rows(tournament, _filters(request))
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="rulings-{tournament.pk}.csv"'
    writer = spreadsheet_writer(response)
    writer.writerow(
        [
            _("Ruling"),
            _("Time"),
            _("Level"),
            _("Table"),
            _("Category"),
            _("Players"),
            _("Situation"),
            _("Decision"),
            _("Rules"),
            _("Penalty"),
            _("Penalised player"),
            _("Count"),
            _("Hands"),
            _("Decided by"),
            _("Amendments"),
        ]
    )
    for row in reversed(rows):
        ruling: Ruling = row["ruling"]
        penalty = row["penalty"]
        writer.writerow(
            [
                ruling.pk,
                timezone.localtime(ruling.created_at).isoformat(timespec="seconds"),
                "" if ruling.level_index is None else ruling.level_index + 1,
                ruling.table_number or "",
                ruling.get_category_display(),
                "; ".join(_csv_player(i["involved"]) for i in row["involved"]),
                ruling.situation,
                ruling.decision,
                ", ".join(ruling.rules),
                penalty.get_kind_display() if penalty else "",
                penalty.entry.player.name if penalty else "",
                penalty.count if penalty and penalty.count else "",
                penalty.hands if penalty and penalty.hands else "",
                ruling.decided_by.get_username(),
                " | ".join(
                    f"{timezone.localtime(a.created_at):%Y-%m-%d %H:%M} {a.created_by.get_username()}: "
                    + a.text
                    for a in row["amendments"]
                ),
            ]
        )
    return response


def _csv_player(involved: Any) -> str:
    where = f" ({involved.table_number}/{involved.seat_number})" if involved.seat_number else ""
    return involved.entry.player.name + where


@require_POST
@role_required(*FLOOR_STAFF)
def ruling_amend(request: HttpRequest, ruling_id: int) -> HttpResponse:
    ruling = get_object_or_404(Ruling, pk=ruling_id)
    back = reverse("ruling-log", args=[ruling.tournament_id]) + f"#ruling-{ruling.pk}"
    form = AmendmentForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("An amendment needs a text."))
        return redirect(back)
    try:
        amendment_add(ruling_id=ruling.pk, text=form.cleaned_data["text"], by=request.user)
    except DomainError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("Amendment added."))
    return redirect(back)


# --- rule catalog -----------------------------------------------------------------


@role_required(*STAFF)
def rule_catalog(request: HttpRequest) -> HttpResponse:
    q = (request.GET.get("q") or "").strip()[:200]
    found = rules_search(q) if q else list(rules_all())
    tournament = None
    if _int(request.GET.get("tournament")):
        tournament = Tournament.objects.filter(pk=_int(request.GET.get("tournament"))).first()
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
