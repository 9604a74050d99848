"""The room's log in words (README "Audit trail"): the lines of every scope, told
the way the tournament's history page tells a tournament's (``tables.history``).

A tournament's lines keep their sentences from ``tables.history``; the lines of
the room's own things (staff, settings, seasons, templates, cash boxes, tickets,
screens, a player's data) get theirs here. Where a line is an edit it says
before and after; a line never held a secret, so none is shown.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from django.apps import apps
from django.utils.translation import gettext_lazy as _

from cashdesk.models import Kind as LedgerKind
from tables.web.action_names import ACTION_NAMES
from tables.web.history import described
from tournament.models import ActionLog
from tournament.models_privacy import PrivacyLog
from tournament.web.staff_views import ROLE_CHOICES
from tournament.writes.scopes import KINDS, MODELS, ROOM

# What each room-level kind is called (the filter's list, and a line of no sentence).
ROOM_NAMES: Mapping[str, Any] = {
    "staff_created": _("Staff account created"),
    "staff_role_set": _("Staff role changed"),
    "staff_password_set": _("Staff password changed"),
    "staff_active_set": _("Staff account (de)activated"),
    "season_created": _("League season created"),
    "season_changed": _("League season changed"),
    "room_settings_changed": _("Room settings changed"),
    "retention_run": _("Retention run"),
    "look_changed": _("Screens' look changed"),
    "image_uploaded": _("Image uploaded"),
    "layout_created": _("Layout created"),
    "layout_changed": _("Layout changed"),
    "layout_deleted": _("Layout deleted"),
    "screen_created": _("Screen created"),
    "screen_changed": _("Screen changed"),
    "screen_deleted": _("Screen deleted"),
    "template_saved": _("Structure template saved"),
    "template_replaced": _("Structure template replaced"),
    "template_deleted": _("Structure template deleted"),
    "house_rule_created": _("House rule added"),
    "players_imported": _("Players imported"),
    "public_name_chosen": _("Name in public chosen"),
    "cash_box_created": _("Cash box created"),
    "cash_box_changed": _("Cash box changed"),
    "shift_opened": _("Shift opened"),
    "shift_closed": _("Shift closed"),
    "pot_paid_out": _("Paid out of a pot"),
    "ticket_transferred": _("Ticket transferred"),
    "ticket_refunded": _("Ticket refunded"),
    "ticket_expired": _("Ticket expired"),
    "ticket_used": _("Ticket used"),
    "ticket_change_set": _("Ticket change rule set"),
    "ledger": _("Ledger row"),
    "privacy": _("Player data"),
    "lines_withdrawn": _("Earlier import replaced"),
}

# A scope's kind as a director says it ("Cash box Bar", "Player Anna Berg").
SCOPE_NAMES: Mapping[str, Any] = {
    "tournament": _("Tournament"),
    "room": _("Room"),
    "season": _("League season"),
    "template": _("Structure template"),
    "player": _("Player"),
    "ticket": _("Ticket"),
    "pot": _("Pot"),
    "cashbox": _("Cash box"),
    "shift": _("Shift"),
    "screen": _("Screen"),
    "layout": _("Layout"),
    "ledger": _("Ledger"),
}

# The field that names a row of each scope's kind (else its number).
_LABEL_FIELDS = {"ticket": "number"}

# Field names of an edit, as the reader says them.
FIELD_NAMES: Mapping[str, Any] = {
    "name": _("name"),
    "address": _("address"),
    "contact_email": _("contact e-mail"),
    "contact_phone": _("contact phone"),
    "retention_months": _("months contact data are kept"),
    "public_schedule": _("public schedule"),
    "cash_shifts": _("cash shifts"),
    "public_forecast": _("forecast end on the public screens"),
    "formula": _("points formula"),
    "formula_text": _("formula text"),
    "scale": _("scale"),
    "table": _("points table"),
    "participation": _("points for taking part"),
    "best_of": _("best results counted"),
    "font": _("font"),
    "message": _("message"),
    "logo": _("logo"),
    "background": _("background"),
    "background_colour": _("background colour"),
    "text_colour": _("text colour"),
    "accent_colour": _("accent colour"),
    "tile_colour": _("tile colour"),
    "role": _("role"),
    "active": _("active"),
}


def role_label(role: Any) -> str:
    return str(dict(ROLE_CHOICES).get(role, "–"))


def _value(value: Any) -> str:
    if value is True:
        return str(_("yes"))
    if value is False:
        return str(_("no"))
    if value is None or value == "":
        return "–"
    return ", ".join(map(str, value)) if isinstance(value, list) else str(value)


def edits_text(changed: Mapping[str, Any]) -> str:
    """``{field: [before, after]}`` as "name: Casino Royal → Casino Royale; …"."""
    return "; ".join(
        f"{FIELD_NAMES.get(field, field.replace('_', ' '))}: {_value(pair[0])} → {_value(pair[1])}"
        for field, pair in changed.items()
        if isinstance(pair, list) and len(pair) == 2
    )


def _with_edits(text: Any, key: str = "changed") -> Callable[[dict], str]:
    def describe(data: dict) -> str:
        said = str(text % data)
        changes = edits_text(data.get(key) or {})
        return f"{said}: {changes}" if changes else said

    return describe


def _role(data: dict) -> str:
    before, after = (data.get("role") or [None, None])[:2]
    values = {**data, "before": role_label(before), "after": role_label(after)}
    return str(_("%(username)s: role %(before)s → %(after)s") % values)


def _active(data: dict) -> str:
    active = (data.get("active") or [None, None])[-1]
    text = _("%(username)s can sign in again") if active else _("%(username)s deactivated")
    return str(text % data)


def _ledger(data: dict) -> str:
    kind = LedgerKind(data["kind"]).label if data.get("kind") in LedgerKind.values else "?"
    values = {**data, "kind": kind}
    return str(_("Receipt %(receipt)s: %(kind)s, %(amount)s (%(method)s)") % values)


def _privacy(data: dict) -> str:
    kind = data.get("kind")
    said = PrivacyLog.Kind(kind).label if kind in PrivacyLog.Kind.values else kind
    note = data.get("note")
    return f"{said}: {note}" if note else str(said)


ROOM_DESCRIBE: Mapping[str, Callable[[dict], str]] = {
    "staff_created": lambda d: str(
        _("Staff account %(username)s created (%(role)s)")
        % {**d, "role": role_label(d.get("role"))}
    ),
    "staff_role_set": _role,
    "staff_password_set": lambda d: str(_("Password of %(username)s changed") % d),
    "staff_active_set": _active,
    "season_created": lambda d: str(_("League season %(name)s created") % d),
    "season_changed": _with_edits(_("League season %(name)s changed")),
    "room_settings_changed": _with_edits(_("Room settings changed")),
    "look_changed": _with_edits(_("Screens' look changed")),
    "retention_run": lambda d: str(
        _("Retention run: contact data of %(removed)s players removed") % d
    ),
    "image_uploaded": lambda d: str(_("Image %(name)s uploaded") % d),
    "layout_created": lambda d: str(_("Layout %(name)s created") % d),
    "layout_changed": lambda d: str(_("Layout %(name)s changed") % d),
    "layout_deleted": lambda d: str(_("Layout %(name)s deleted") % d),
    "screen_created": lambda d: str(_("Screen %(name)s created") % d),
    "screen_changed": lambda d: str(_("Screen %(name)s changed") % d),
    "screen_deleted": lambda d: str(_("Screen %(name)s deleted") % d),
    "template_saved": lambda d: str(_("Structure template %(name)s saved (%(levels)s levels)") % d),
    "template_replaced": lambda d: str(
        _("Structure template %(name)s replaced (%(levels)s levels)") % d
    ),
    "template_deleted": lambda d: str(_("Structure template %(name)s deleted") % d),
    "house_rule_created": lambda d: str(_("House rule %(number)s added: %(title_en)s") % d),
    "players_imported": lambda d: str(
        _("Players imported: %(created)s new, %(skipped)s already on file") % d
    ),
    "cash_box_created": lambda d: str(_("Cash box %(name)s created") % d),
    "shift_opened": lambda d: str(_("Shift opened with a float of %(float)s") % d),
    "shift_closed": lambda d: str(
        _("Shift closed: counted %(counted)s, difference %(difference)s") % d
    ),
    "ticket_expired": lambda d: str(_("Ticket %(number)s expired") % d),
    "ticket_change_set": lambda d: str(
        _("Tickets worth more than the buy-in leave the difference in cash")
        if d.get("ticket_change")
        else _("Tickets worth more than the buy-in leave no cash")
    ),
    "ledger": _ledger,
    "privacy": _privacy,
}


def kind_name(kind: str) -> str:
    """What a kind of line is called (the filter's list)."""
    name = ROOM_NAMES.get(kind) or ACTION_NAMES.get(kind)
    return str(name) if name is not None else kind.replace("_", " ")


def _room_text(action: ActionLog) -> str | None:
    describe = ROOM_DESCRIBE.get(action.kind)
    if describe is None:
        return str(ROOM_NAMES[action.kind]) if action.kind in ROOM_NAMES else None
    try:
        return describe(action.data if isinstance(action.data, dict) else {})
    except (KeyError, TypeError, IndexError, ValueError):  # a line of other fields
        return kind_name(action.kind)


def lines_in_words(actions: Iterable[ActionLog]) -> list[tuple[ActionLog, str]]:
    """Each line with its sentence: the room's kinds here, a tournament's as its
    history page says them (names read once for the whole page)."""
    return [(action, _room_text(action) or text) for action, text in described(actions)]


def scope_names(actions: Iterable[ActionLog]) -> dict[str, str]:
    """Each scope of the lines as a director says it, a query per kind of scope."""
    wanted: dict[str, set[int]] = {}
    for action in actions:
        kind, _sep, pk = action.scope.partition(":")
        if kind in MODELS and pk.isdigit():
            wanted.setdefault(kind, set()).add(int(pk))
    found: dict[str, str] = {ROOM: str(SCOPE_NAMES[ROOM]), "ledger": str(SCOPE_NAMES["ledger"])}
    for kind, ids in wanted.items():
        field = _LABEL_FIELDS.get(kind, "name")
        model = apps.get_model(MODELS[kind])
        names = {}
        if any(f.name == field for f in model._meta.get_fields()):
            names = dict(model._default_manager.filter(pk__in=ids).values_list("pk", field))
        for pk in ids:
            found[f"{kind}:{pk}"] = f"{SCOPE_NAMES[kind]} {names.get(pk) or pk}"
    return found


def scope_choices() -> list[tuple[str, str]]:
    """The filter's kinds of scope, in the room's order."""
    return [(kind, str(SCOPE_NAMES[kind])) for kind in (*KINDS, "ledger")]
