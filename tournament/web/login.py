"""The sign-in page and the admin's sign-in, with the lock-out's message.

The lock-out itself is not here: ``tournament.signin.LockOutBackend`` refuses
a locked name or address inside ``authenticate()``, for every way in. These
forms only say why, when it was the lock and not the password.
"""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.utils.translation import gettext_lazy as _

from tournament.signin import LOCKED

# The director may be the one locked out (README "Staff accounts"): the message
# names every way back in, not only "ask the director".
LOCKED_MESSAGE = _(
    "Too many wrong passwords. Sign-in is locked for %(minutes)s minutes. "
    "Another director can lift the lock sooner on the page Staff accounts. "
    "If you are the only director: wait %(minutes)s minutes, or on the server run "
    "python manage.py unlocksignin %(name)s"
)
PAUSED_MESSAGE = _(
    "Several wrong passwords were just tried for this name, so its sign-in is "
    "paused for a moment. Try again shortly."
)


class LockOutMessage:
    """For a form built on AuthenticationForm: the lock-out's message instead of "wrong password"."""

    @property
    def locked(self) -> bool:
        return self._refusal() is not None

    def _refusal(self) -> str | None:
        return getattr(getattr(self, "request", None), "signin_refused", None)

    def get_invalid_login_error(self) -> forms.ValidationError:
        why = self._refusal()
        if why == LOCKED:
            name = getattr(self, "data", {}).get("username") or _("USER")
            params = {"minutes": settings.LOGIN_LOCKOUT_MINUTES, "name": name}
            return forms.ValidationError(LOCKED_MESSAGE, code="locked", params=params)
        if why is not None:
            return forms.ValidationError(PAUSED_MESSAGE, code="paused")
        return super().get_invalid_login_error()  # type: ignore[misc]


class ThrottledAuthenticationForm(LockOutMessage, AuthenticationForm):
    pass


class ThrottledAdminAuthenticationForm(LockOutMessage, AdminAuthenticationForm):
    pass


class LoginView(auth_views.LoginView):
    form_class = ThrottledAuthenticationForm
