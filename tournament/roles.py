"""Staff roles as groups: director, floor, desk.

A director may do everything; floor staff run the tables and the clock;
the desk registers players and takes the money. Superusers count as directors.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, Group

DIRECTOR = "director"
FLOOR = "floor"
DESK = "desk"
ROLES = (DIRECTOR, FLOOR, DESK)

STAFF = ROLES
FLOOR_STAFF = (DIRECTOR, FLOOR)
# The pre-registration lists and phone links, which move no money.
REGISTRATION_STAFF = (DIRECTOR, DESK, FLOOR)
# Whoever takes, pays back or pays out money, or reads the books: registration
# with its buy-in, purchases, payments, corrections, prizes, shifts, tickets and
# pots (README "Cash desk"). The floor runs the tables and touches none of it.
MONEY = (DIRECTOR, DESK)


def ensure_role_groups(**kwargs: Any) -> None:
    for name in ROLES:
        Group.objects.get_or_create(name=name)


def roles_of(user: AbstractBaseUser | AnonymousUser | None) -> set[str]:
    if user is None or not user.is_authenticated:
        return set()
    if user.is_superuser:
        return set(ROLES)
    cached = getattr(user, "_role_names", None)
    if cached is None:
        cached = set(user.groups.values_list("name", flat=True)) & set(ROLES)
        user._role_names = cached
    return cached


def remember_roles(user: Any, names: Iterable[str | None]) -> None:
    """The user's group names, read with the user himself, serve this request's checks."""
    user._role_names = set(names) & set(ROLES)


def has_role(user: Any, allowed: Iterable[str]) -> bool:
    return bool(roles_of(user) & set(allowed))


def assign_role(user: Any, role: str) -> None:
    """The user's one role; a director also reaches the admin (``is_staff``). The user is saved."""
    ensure_role_groups()
    user.is_staff = role == DIRECTOR
    user.save()
    user.groups.set([Group.objects.get(name=role)])
    user._role_names = {role}


def role_of(user: Any) -> str | None:
    """The one role a staff member holds (director first when a superuser holds them all)."""
    held = roles_of(user)
    return next((name for name in ROLES if name in held), None)
