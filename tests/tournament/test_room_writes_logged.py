"""Every write on the room's own things leaves a line in the audit trail (README
"Audit trail"): staff, seasons, the room's settings, structure templates, house
rules, images, a players' file, the retention run, expired tickets. Each line
names who, what and (for an edit) before and after; no password ever; and
``manage.py audit verify`` accepts the trail they make."""

from __future__ import annotations

import datetime
import io
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.utils import timezone

from cashdesk.models import Ticket
from cashdesk.services.tickets import tickets_expire
from clock.services import templates
from layouts.services import image_upload, look_update
from rulings.services.catalog import house_rule_create
from tests.clock.test_structure_templates import structured  # noqa: F401 - a fixture
from tests.layouts.test_layout_pages import PNG
from tests.tournament.test_player_import import GERMAN_EXCEL
from tournament.models import ActionLog, Player
from tournament.services import league, players, retention, staff

pytestmark = pytest.mark.django_db

SECRET = "s3cret-Passw0rd!"


def line(kind: str) -> ActionLog:
    return ActionLog.objects.filter(kind=kind).order_by("-id").first() or pytest.fail(
        f"no line of kind {kind}"
    )


def verified() -> str:
    out = io.StringIO()
    call_command("audit", "verify", stdout=out)
    return out.getvalue()


def test_staff_changes_are_logged_by_whom_and_never_with_the_password(director):
    member = staff.staff_create(username="mia", role="floor", password=SECRET, by=director)
    staff.staff_set_role(user_id=member.pk, role="desk", by=director)
    staff.staff_set_password(user_id=member.pk, password=SECRET + "2", by=director)
    staff.staff_set_active(user_id=member.pk, active=False, by=director)
    made, role = line("staff_created"), line("staff_role_set")
    assert (made.scope, made.by, made.data["username"], made.data["role"]) == (
        "room",
        director,
        "mia",
        "floor",
    )
    assert role.data["role"] == ["floor", "desk"]
    assert line("staff_active_set").data["active"] == [True, False]
    assert line("staff_password_set").data == {"user": member.pk, "username": "mia"}
    member.refresh_from_db()
    for row in ActionLog.objects.all():
        assert SECRET not in str(row.data) and member.password not in str(row.data)
    assert "audit trail verified" in verified()


def test_the_operators_createstaff_is_logged_as_the_houses():
    call_command(
        "createstaff", "olga", "--role", "floor", "--password", SECRET, stdout=io.StringIO()
    )
    call_command("createstaff", "olga", "--role", "director", stdout=io.StringIO())
    call_command(
        "createstaff",
        "olga",
        "--role",
        "director",
        "--password",
        SECRET + "2",
        stdout=io.StringIO(),
    )
    made, role = line("staff_created"), line("staff_role_set")
    assert (made.scope, made.by, made.data["username"], made.data["role"]) == (
        "room",
        None,
        "olga",
        "floor",
    )
    assert role.data["role"] == ["floor", "director"]
    assert ActionLog.objects.filter(kind="staff_role_set").count() == 1  # unchanged: no line
    assert line("staff_password_set").data["username"] == "olga"
    assert SECRET not in str(list(ActionLog.objects.values_list("data", flat=True)))
    assert "verified" in verified().lower()


def test_a_season_made_and_changed_is_logged_in_its_own_scope(director):
    season = league.season_create(name="Winter", by=director)
    league.season_update(
        season_id=season.pk, name="Winterliga", scale=Decimal("12"), by=director, formula="linear"
    )
    made, changed = line("season_created"), line("season_changed")
    assert made.scope == changed.scope == f"season:{season.pk}"
    assert made.data["name"] == "Winter"
    assert changed.data["changed"] == {"name": ["Winter", "Winterliga"], "scale": ["10", "12"]}
    assert "audit trail verified" in verified()


def test_the_rooms_settings_and_look_are_logged_with_before_and_after(director):
    retention.room_settings_update(changes={"name": "Casino Royal"}, by=director)
    retention.room_settings_update(
        changes={"name": "Casino Royale", "retention_months": 12}, by=director
    )
    changed = line("room_settings_changed")
    assert (changed.scope, changed.by) == ("room", director)
    assert changed.data["changed"]["name"] == ["Casino Royal", "Casino Royale"]
    assert changed.data["changed"]["retention_months"][1] == 12
    look_update(values={"accent_colour": "#ff0000"}, by=director)
    assert line("look_changed").data["changed"]["accent_colour"][1] == "#ff0000"
    image_upload(data=PNG, name="bar.png", by=director)
    assert line("image_uploaded").data["name"] == "bar.png"
    retention.contact_retention_run()
    assert line("retention_run").by is None  # the house
    assert "audit trail verified" in verified()


def test_templates_and_house_rules_are_logged(structured, director):  # noqa: F811
    saved = templates.template_save(tournament_id=structured["id"], name="Club", by=director)
    templates.template_save(tournament_id=structured["id"], name="Club", replace=True, by=director)
    template_id = saved.template.id
    templates.template_delete(template_id=template_id, by=director)
    scopes = {line(kind).scope for kind in ("template_saved", "template_replaced")}
    assert scopes == {f"template:{template_id}"}
    assert line("template_deleted").data == {"name": "Club"}
    house_rule_create(
        title_de="Handys", title_en="Phones", summary_de="Aus.", summary_en="Off.", by=director
    )
    assert line("house_rule_created").data["title_en"] == "Phones"
    assert "audit trail verified" in verified()


def test_a_players_file_and_expired_tickets_are_logged(director):
    players.players_import(text=GERMAN_EXCEL, by=director)
    assert line("players_imported").data["created"] == 2
    yesterday = timezone.localdate() - datetime.timedelta(days=1)
    holder = Player.objects.create(name="Carla")
    ticket = Ticket.objects.create(
        number="T-1", value=Decimal(50), holder=holder, expires=yesterday
    )
    assert tickets_expire() == 1
    expired = line("ticket_expired")
    assert (expired.scope, expired.data["number"]) == (f"ticket:{ticket.pk}", "T-1")
    assert "audit trail verified" in verified()
