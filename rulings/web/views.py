"""Ruling pages: the tablet form and the assistant (the log with its exports:
log_views; the rule catalog: catalog_views)."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl, urlencode

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from rulings.models import Category, PenaltyKindChoice
from rulings.rules import assistant
from rulings.rules.ruling_questions import AnswerError, AnswerType, Question, Situation
from rulings.services.catalog import (
    rule_payload,
)
from rulings.services.penalties import offences_by_entry
from rulings.services.rulings import PenaltyOrder, ruling_create
from rulings.web.forms import RulingForm, split_rule_ids
from rulings.web.page_parts import entries_in_seat_order, int_or_none, rules_by_id, speaks_german
from tournament.errors import DomainError
from tournament.models import Entry, Tournament
from tournament.roles import FLOOR_STAFF
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


def _entry_label(entry: Entry) -> str:
    seat = getattr(entry, "seat", None)
    if seat is not None:
        return f"{_('Table')} {seat.table.number} / {seat.number} – {entry.player.name}"
    return f"{entry.player.name} ({entry.get_status_display()})"


# --- tablet form -----------------------------------------------------------


@role_required(*FLOOR_STAFF)
def ruling_new(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    entries = entries_in_seat_order(tournament)
    choices = [(e.pk, _entry_label(e)) for e in entries]
    source = request.POST if request.method == "POST" else request.GET
    table_number = int_or_none(source.get("table"))
    seat_number = int_or_none(request.GET.get("seat"))
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
    german = speaks_german()
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
    return {"decision": proposal.decision_de if speaks_german() else proposal.decision_en}


@role_required(*FLOOR_STAFF)
def ruling_assistant(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    german = speaks_german()
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
            rules = rules_by_id()
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
