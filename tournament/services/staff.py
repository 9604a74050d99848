"""Staff accounts from the pages (README "Staff accounts"): create, role, password, deactivate.

The same accounts ``manage.py createstaff`` makes: one role group each
(``tournament.roles``). A director may not demote or deactivate himself, so a
room always keeps a director who can sign in and undo a mistake.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model, password_validation
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from tournament.errors import Conflict, FieldInvalid, NotFound
from tournament.roles import DIRECTOR, ROLES, assign_role, role_of
from tournament.writes import scopes, write

MAX_NAME = 150


@dataclass(frozen=True)
class StaffMember:
    id: int
    username: str
    role: str | None
    active: bool
    can_sign_in: bool


def staff_list() -> list[StaffMember]:
    """Every account with a role, and those without one that are active (to give them one)."""
    users = get_user_model().objects.prefetch_related("groups").order_by("username")
    result = []
    for user in users:
        role = role_of(user) if user.is_superuser else _role_from_groups(user)
        result.append(
            StaffMember(
                id=user.pk,
                username=user.get_username(),
                role=role,
                active=user.is_active,
                can_sign_in=user.has_usable_password(),
            )
        )
    return result


def _role_from_groups(user: Any) -> str | None:
    names = {group.name for group in user.groups.all()}
    return next((name for name in ROLES if name in names), None)


def _checked_role(role: str) -> str:
    if role not in ROLES:
        raise FieldInvalid("role", _("Choose a role: director, floor or desk."))
    return role


def _checked_password(password: str, user: Any) -> str:
    if not password:
        raise FieldInvalid("password", _("Enter a password."))
    try:
        password_validation.validate_password(password, user)
    except ValidationError as exc:
        raise FieldInvalid("password", " ".join(exc.messages)) from exc
    return password


def staff_member(user_id: int) -> Any:
    user = get_user_model().objects.filter(pk=user_id).first()
    if user is None:
        raise NotFound(_("No such staff account."))
    return user


def _not_yourself(user: Any, by: Any, message: Any) -> None:
    if user.pk == by.pk:
        raise Conflict(message)


NO_SCREEN = "no screen shows the room's staff"


def _member(user: Any) -> dict[str, Any]:
    """Who a staff line is about (never the password: a line says only that it changed)."""
    return {"user": user.pk, "username": user.get_username()}


def staff_create(*, username: str, role: str, password: str, by: Any) -> Any:
    username = username.strip()
    if not username:
        raise FieldInvalid("username", _("Enter a user name."))
    if len(username) > MAX_NAME:
        raise FieldInvalid("username", _("A user name has at most 150 characters."))
    model = get_user_model()
    user = model(username=username)
    _checked_role(role)
    _checked_password(password, user)
    # The room's staff: one change at a time, under the room's scope.
    with write(scopes.room(), by=by) as w:
        if model.objects.filter(username__iexact=username).exists():
            raise FieldInvalid("username", _("This user name is taken."))
        user.set_password(password)
        assign_role(user, role)
        w.log("staff_created", {**_member(user), "role": role})
        w.keep_quiet(NO_SCREEN)
    return user


def staff_set_role(*, user_id: int, role: str, by: Any) -> Any:
    user = staff_member(user_id)
    _checked_role(role)
    if role != DIRECTOR:
        _not_yourself(user, by, _("You cannot take your own director role; ask another director."))
    with write(scopes.room(), by=by) as w:
        before = role_of(user)
        assign_role(user, role)
        w.log("staff_role_set", {**_member(user), "role": [before, role]})
        w.keep_quiet(NO_SCREEN)
    return user


def staff_set_password(*, user_id: int, password: str, by: Any) -> Any:
    user = staff_member(user_id)
    _checked_password(password, user)
    with write(scopes.room(), by=by) as w:
        user.set_password(password)
        user.save(update_fields=["password"])
        w.log("staff_password_set", _member(user))
        w.keep_quiet(NO_SCREEN)
    return user


def staff_set_active(*, user_id: int, active: bool, by: Any) -> Any:
    user = staff_member(user_id)
    if not active:
        _not_yourself(user, by, _("You cannot deactivate your own account."))
    with write(scopes.room(), by=by) as w:
        before = user.is_active
        user.is_active = active
        user.save(update_fields=["is_active"])
        w.log("staff_active_set", {**_member(user), "active": [before, active]})
        w.keep_quiet(NO_SCREEN)
    return user


def staff_set_by_the_house(*, username: str, role: str, password: str | None) -> tuple[Any, bool]:
    """``manage.py createstaff``: the operator's account of a room, created or
    updated by the house and logged as staff changes are (README "Audit trail").
    No password rules: the operator types it at the server. Answers the user and
    whether it was created."""
    _checked_role(role)
    model = get_user_model()
    with write(scopes.room(), by=None) as w:
        user, created = model.objects.get_or_create(username=username)
        before = None if created else role_of(user)
        if password:
            user.set_password(password)
        elif created:
            user.set_unusable_password()
        assign_role(user, role)  # saves the user
        if created:
            w.log("staff_created", {**_member(user), "role": role})
        elif before != role:
            w.log("staff_role_set", {**_member(user), "role": [before, role]})
        if password and not created:
            w.log("staff_password_set", _member(user))
        w.keep_quiet(NO_SCREEN)
    return user, created
