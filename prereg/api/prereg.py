"""The schedule and pre-registrations over the API (README "Pre-registration and the
schedule"). The schedule, pre-registering and the personal link are public (no
sign-in) and answer display data only: never a phone, an e-mail or notes. The
desk's list, the check-in and revoking a link need the desk, floor or a director."""

from __future__ import annotations

from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from ninja import Query, Router, Status

from cashdesk.services.payments import payment_of, payment_payload
from prereg import presenters
from prereg.api.schemas import (
    CheckedInOut,
    CheckInIn,
    DeskPreRegistrationOut,
    PhoneLinkOut,
    PhoneLinkRevokedOut,
    PreRegisteredOut,
    PreRegisterIn,
    PreRegistrationOut,
    ScheduleRowOut,
    TodayTournamentOut,
)
from prereg.models import PreRegistration
from prereg.selectors import desk_pre_registrations, pre_registration_by_token
from prereg.services.checkin import pre_registration_check_in
from prereg.services.links import phone_link_make, phone_link_revoke
from prereg.services.registrations import (
    NOT_FOUND,
    SWITCHED_OFF,
    deadline_release,
    pre_register,
    pre_registration_cancel,
    pre_registration_revoke,
)
from prereg.web import throttle
from tournament.api.auth import MONEY_AUTH, acting_user, require_role
from tournament.errors import NotFound
from tournament.models import RoomSettings
from tournament.presenters import entry_payload
from tournament.roles import REGISTRATION_STAFF
from tournament.services.tournaments import tournament_get
from tournament.web.addresses import public_address

router = Router(tags=["pre-registration"])

ONLY_DESK = _("Only the desk, floor or a director may do this.")


# A 404 while the room does not publish its schedule: the schema lists it.
SWITCHED_OFF_404 = {
    404: {
        "description": "The room does not publish its schedule.",
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
    }
}


@router.get(
    "/schedule",
    response=list[ScheduleRowOut],
    auth=None,
    openapi_extra={"responses": SWITCHED_OFF_404},
)
def schedule(request: HttpRequest):
    """The room's schedule: the listed tournaments to come, earliest first."""
    if not RoomSettings.current().public_schedule:
        raise NotFound(SWITCHED_OFF)
    return presenters.schedule_rows()


@router.post(
    "/tournaments/{tournament_id}/pre-registrations",
    response={201: PreRegisteredOut},
    auth=None,
)
def pre_register_player(request: HttpRequest, tournament_id: int, payload: PreRegisterIn):
    """A player pre-registers: into the field, or onto the waiting list when it is full."""
    throttle.check_and_count(request, tournament_id=tournament_id)
    prereg = pre_register(
        tournament_id=tournament_id,
        name=payload.name,
        phone=payload.phone or "",
        email=payload.email or "",
        consent=bool(payload.consent),
    )
    return Status(
        201, {"status": prereg.status, "position": prereg.position, "token": prereg.token}
    )


def _by_token(token: str) -> PreRegistration:
    found = pre_registration_by_token(token)
    if found is None:
        raise NotFound(NOT_FOUND)
    # The check-in deadline is applied when read, whether or not its task has run.
    if deadline_release(tournament_id=found.tournament_id):
        found = pre_registration_by_token(token)
        if found is None:
            raise NotFound(NOT_FOUND)
    return found


@router.get("/pre-registrations/{token}", response=PreRegistrationOut, auth=None)
def get_pre_registration(request: HttpRequest, token: str):
    """The player's own pre-registration, through his personal link."""
    return presenters.public_pre_registration(_by_token(token))


@router.delete("/pre-registrations/{token}", response=PreRegistrationOut, auth=None)
def cancel_pre_registration(request: HttpRequest, token: str):
    """The player cancels; the first on the waiting list moves up."""
    throttle.check_and_count(request, tournament_id=None)
    _by_token(token)
    return presenters.public_pre_registration(pre_registration_cancel(token=token))


@router.get("/tournaments/{tournament_id}/pre-registrations", response=list[DeskPreRegistrationOut])
def list_pre_registrations(
    request: HttpRequest, tournament_id: int, q: str = Query("", max_length=100)
):
    """The desk's list: the field, then the waiting list in its order, then the
    cancelled and released; ``q`` finds by code or name."""
    require_role(request, REGISTRATION_STAFF, ONLY_DESK)
    tournament = tournament_get(tournament_id)
    deadline_release(tournament_id=tournament.pk)
    return [presenters.desk_row(p) for p in desk_pre_registrations(tournament, query=q)]


@router.post(
    "/pre-registrations/{pre_registration_id}/check-in",
    response={201: CheckedInOut},
    auth=MONEY_AUTH,
)
def check_in_pre_registration(
    request: HttpRequest, pre_registration_id: int, payload: CheckInIn | None = None
):
    """Check the player in: his entry, registered and paid (cash unless named); the
    desk and directors only, as it takes the buy-in (README "Cash desk")."""
    user = acting_user(request)
    entry, paid = pre_registration_check_in(
        pre_registration_id=pre_registration_id,
        by=user,
        payment=payment_of(payload.payment if payload else None),
    )
    return Status(
        201,
        {
            **entry_payload(entry),
            "payment": payment_payload(paid),
            "pre_registration": pre_registration_id,
        },
    )


@router.post("/pre-registrations/{pre_registration_id}/revoke", response=DeskPreRegistrationOut)
def revoke_pre_registration_link(request: HttpRequest, pre_registration_id: int):
    """The desk revokes the player's personal link (his place stays)."""
    user = require_role(request, REGISTRATION_STAFF, ONLY_DESK)
    prereg = pre_registration_revoke(pre_registration_id=pre_registration_id, by=user)
    return presenters.desk_row(prereg)


@router.post("/entries/{entry_id}/phone-link", response=PhoneLinkOut)
def make_phone_link(request: HttpRequest, entry_id: int):
    """The entry's personal link (README "The player's page"): the one it holds
    (his pre-registration's), else a new one."""
    user = require_role(request, REGISTRATION_STAFF, ONLY_DESK)
    token = phone_link_make(entry_id=entry_id, by=user)
    url = public_address(request, reverse("screens-me", args=[token]))
    return {"entry": entry_id, "token": token, "url": url}


@router.post("/entries/{entry_id}/phone-link/revoke", response=PhoneLinkRevokedOut)
def revoke_phone_link(request: HttpRequest, entry_id: int):
    """Every personal link of the entry answers nothing any more."""
    user = require_role(request, REGISTRATION_STAFF, ONLY_DESK)
    return {"entry": entry_id, "revoked": phone_link_revoke(entry_id=entry_id, by=user)}


@router.get("/today/pre-registrations", response=list[TodayTournamentOut])
def todays_pre_registrations(request: HttpRequest, q: str = Query("", max_length=100)):
    """The pre-registrations of every tournament starting today; ``q`` finds by
    code or name across all of them (tournaments without a match are left out)."""
    require_role(request, REGISTRATION_STAFF, ONLY_DESK)
    return [
        {
            "tournament": group["tournament"].pk,
            "name": group["tournament"].name,
            "starts_at": group["tournament"].starts_at,
            "capacity": group["counts"].capacity,
            "registered": group["counts"].registered,
            "waiting": group["counts"].waiting,
            "pre_registrations": [presenters.desk_row(p) for p in group["rows"]],
        }
        for group in presenters.todays_groups(q)
    ]
