"""The staff page (README "Staff accounts"): a director creates accounts, sets
roles and passwords, deactivates, and lifts a sign-in lock-out."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth import update_session_auth_hash
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.errors import DomainError, FieldInvalid
from tournament.roles import DESK, DIRECTOR, FLOOR
from tournament.services import staff
from tournament.signin import lift_lock
from tournament.web.decorators import role_required

ROLE_CHOICES = [
    (DIRECTOR, gettext_lazy("Director")),
    (FLOOR, gettext_lazy("Floor")),
    (DESK, gettext_lazy("Desk")),
]


class StaffForm(forms.Form):
    username = forms.CharField(label=gettext_lazy("User name"), max_length=staff.MAX_NAME)
    role = forms.ChoiceField(label=gettext_lazy("Role"), choices=ROLE_CHOICES, initial=DESK)
    password = forms.CharField(
        label=gettext_lazy("Password"),
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )


def _page(request: HttpRequest, form: StaffForm, status: int = 200) -> HttpResponse:
    context = {"form": form, "members": staff.staff_list(), "role_choices": ROLE_CHOICES}
    return render(request, "tournament/staff.html", context, status=status)


@role_required(DIRECTOR)
def staff_page(request: HttpRequest) -> HttpResponse:
    form = StaffForm(request.POST or None)
    if request.method != "POST":
        return _page(request, form)
    if form.is_valid():
        try:
            user = staff.staff_create(**form.cleaned_data, by=request.user)
        except FieldInvalid as exc:
            form.add_error(exc.field if exc.field in form.fields else None, str(exc))
        else:
            messages.success(request, _("Account %(name)s created.") % {"name": user.username})
            return redirect("staff")
    return _page(request, form, status=400)


def _change(request: HttpRequest, user_id: int) -> str:
    action = request.POST.get("action", "")
    by = request.user
    if action == "role":
        user = staff.staff_set_role(user_id=user_id, role=request.POST.get("role", ""), by=by)
        return _("%(name)s is now %(role)s.") % {
            "name": user.username,
            "role": dict(ROLE_CHOICES)[request.POST["role"]],
        }
    if action == "password":
        password = request.POST.get("password", "")
        user = staff.staff_set_password(user_id=user_id, password=password, by=by)
        if user.pk == by.pk:
            update_session_auth_hash(request, user)  # a director's own new password keeps him in
        return _("New password set for %(name)s.") % {"name": user.username}
    if action in ("deactivate", "activate"):
        user = staff.staff_set_active(user_id=user_id, active=action == "activate", by=by)
        if user.is_active:
            return _("%(name)s may sign in again.") % {"name": user.username}
        return _("%(name)s can no longer sign in.") % {"name": user.username}
    if action == "unlock":
        user = staff.staff_member(user_id)
        lift_lock(user.get_username())
        return _("Sign-in lock of %(name)s lifted.") % {"name": user.username}
    raise FieldInvalid("action", _("Unknown action."))


@role_required(DIRECTOR)
def staff_change(request: HttpRequest, user_id: int) -> HttpResponse:
    if request.method != "POST":
        return redirect("staff")
    try:
        done = _change(request, user_id)
    except DomainError as exc:
        messages.error(request, str(exc))
        response: Any = _page(request, StaffForm(), status=exc.status)
        return response
    messages.success(request, done)
    return redirect("staff")
