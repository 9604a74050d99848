"""Structure templates: the built-in ones (``clock.rules.structure_templates.TEMPLATES``) and
those the room saved from a tournament (README "Blind structure templates").

A template is named by its key: a built-in one by its own (``club20``), a saved
one by ``saved-<id>``. Saving takes the tournament's stored structure, whatever
the tournament's state (a finished or imported one too): it reads the
tournament and writes no tournament row, so it takes no tournament lock. A name
already taken is a 409 unless the caller confirms the replacement.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from django.db import IntegrityError
from django.utils.translation import gettext_lazy as _

from clock.models import SavedTemplate
from clock.rules.structure import (
    Entry,
    StructureDataError,
    from_json_data,
    to_json_data,
)
from clock.rules.structure_templates import TEMPLATES
from clock.services import clock_state
from tournament.errors import Conflict, FieldInvalid, NotFound
from tournament.services.tournaments import tournament_get
from tournament.writes import scopes, write

UNKNOWN_TEMPLATE = _("There is no such template.")
NO_STRUCTURE_TO_SAVE = _("This tournament has no blind structure to save yet.")
TEMPLATE_NAME_REQUIRED = _("A template needs a name.")
TEMPLATE_NAME_TOO_LONG = _("A template name has at most 120 characters.")
TEMPLATE_NAME_TAKEN = _(
    "A template named “%(name)s” already exists. Choose another name or replace it."
)
TEMPLATE_UNREADABLE = _("This saved template cannot be read; delete it and save it again.")

NAME_MAX = 120
SAVED_PREFIX = "saved-"
BUILTIN: Literal["builtin"] = "builtin"
SAVED: Literal["saved"] = "saved"
TemplateKind = Literal["builtin", "saved"]

# The built-in templates' titles in the reader's language (the rules keep English ones).
BUILTIN_TITLES = {
    "club20": _("Club, 20-minute levels, big blind ante"),
    "turbo": _("Turbo, 10-minute levels"),
    "deepstack": _("Deep stack, 40-minute levels, antes"),
}


class TemplateNameTaken(Conflict):
    """A saved template already has this name: 409 until the caller confirms."""

    def __init__(self, name: str) -> None:
        super().__init__(TEMPLATE_NAME_TAKEN % {"name": name})
        self.name = name


@dataclass(frozen=True)
class TemplateChoice:
    """One template as the chooser and the API list it."""

    key: str
    kind: TemplateKind
    id: int | None  # the saved template's id; None for a built-in one
    title: str
    starting_stack: int | None
    entries: tuple[Entry, ...]


@dataclass(frozen=True)
class SavedOutcome:
    template: TemplateChoice
    created: bool  # False: an existing template of that name was replaced


def saved_key(template_id: int) -> str:
    return f"{SAVED_PREFIX}{template_id}"


def _saved_choice(row: SavedTemplate) -> TemplateChoice:
    try:
        entries = from_json_data({"levels": row.levels})
    except StructureDataError:
        entries = ()
    return TemplateChoice(
        key=saved_key(row.pk),
        kind=SAVED,
        id=row.pk,
        title=row.name,
        starting_stack=row.starting_stack,
        entries=entries,
    )


def templates_list() -> list[TemplateChoice]:
    """The built-in templates in their order, then the saved ones by name."""
    built_in = [
        TemplateChoice(
            key=key,
            kind=BUILTIN,
            id=None,
            title=str(BUILTIN_TITLES.get(key, template.title)),
            starting_stack=template.starting_stack,
            entries=template.entries,
        )
        for key, template in TEMPLATES.items()
    ]
    return built_in + [_saved_choice(row) for row in SavedTemplate.objects.all()]


def _saved_row(key: str) -> SavedTemplate | None:
    number = key.removeprefix(SAVED_PREFIX)
    if not key.startswith(SAVED_PREFIX) or not number.isascii() or not number.isdigit():
        return None
    return SavedTemplate.objects.filter(pk=int(number)).first()


def template_entries(key: str) -> tuple[Entry, ...]:
    """The levels and breaks of a template by key; 404 for an unknown key."""
    built_in = TEMPLATES.get(key)
    if built_in is not None:
        return built_in.entries
    row = _saved_row(key)
    if row is None:
        raise NotFound(UNKNOWN_TEMPLATE)
    try:
        return from_json_data({"levels": row.levels})
    except StructureDataError as exc:
        raise Conflict(TEMPLATE_UNREADABLE) from exc


def template_name(name: str | None, *, default: str) -> str:
    """The name as it is stored: spaces collapsed, the default when none is given."""
    cleaned = " ".join((name if name is not None else default).split())
    if not cleaned:
        raise FieldInvalid("name", TEMPLATE_NAME_REQUIRED)
    if len(cleaned) > NAME_MAX:
        raise FieldInvalid("name", TEMPLATE_NAME_TOO_LONG)
    return cleaned


def template_save(
    *, tournament_id: int, by: Any, name: str | None = None, replace: bool = False
) -> SavedOutcome:
    """Save the tournament's structure as a template named ``name`` (default: the
    tournament's name). A name taken (ignoring case) is a 409 unless ``replace``."""
    tournament = tournament_get(tournament_id)
    entries = clock_state.structure_entries(tournament)
    if not entries:
        raise Conflict(NO_STRUCTURE_TO_SAVE)
    cleaned = template_name(name, default=tournament.name)
    values = {
        "levels": to_json_data(entries)["levels"],
        "starting_stack": tournament.starting_stack,
        "source": tournament,
    }
    taken = TemplateNameTaken(cleaned)
    # The room's catalogue of templates: one save at a time (a name is looked up
    # before it is taken), the template itself locked when it is replaced.
    with write(scopes.room(), by=by) as w:
        w.keep_quiet(NO_SCREEN)
        found = SavedTemplate.objects.filter(name__iexact=cleaned).values_list("pk").first()
        if found is not None and not replace:
            raise taken
        if found is not None:
            existing: SavedTemplate = w.lock(scopes.template(found[0]))
            for field, value in {**values, "name": cleaned}.items():
                setattr(existing, field, value)
            existing.save()
            facts = {"name": cleaned, "levels": len(entries), "tournament": tournament.pk}
            w.log("template_replaced", facts, scope=scopes.template(existing.pk))
            return SavedOutcome(_saved_choice(existing), created=False)
        try:
            with w.attempt():
                row = SavedTemplate.objects.create(name=cleaned, created_by=_user(by), **values)
        except IntegrityError as exc:  # saved under the same name at the same moment
            raise taken from exc
        facts = {"name": cleaned, "levels": len(entries), "tournament": tournament.pk}
        w.log("template_saved", facts, scope=w.adopt(row))
    return SavedOutcome(_saved_choice(row), created=True)


NO_SCREEN = "no screen shows the room's templates"


def _user(by: Any) -> Any:
    return by if getattr(by, "is_authenticated", False) else None


def template_delete(*, template_id: int, by: Any) -> None:
    """Delete a saved template (the built-in ones stay); 404 when there is none."""
    scope = scopes.template(template_id, missing=UNKNOWN_TEMPLATE)
    with write(scope, by=by) as w:
        name = w.row(scope).name
        SavedTemplate.objects.filter(pk=template_id).delete()
        w.log("template_deleted", {"name": name})
        w.keep_quiet(NO_SCREEN)
