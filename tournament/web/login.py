"""Sign-in with a lock-out after repeated wrong passwords.

Counted in Django's cache (Redis in production, so every server process sees
the same counts; process memory in the embedded default): per user name and
per client address, each within a window of ``LOGIN_LOCKOUT_MINUTES``. Once a
count reaches its limit, sign-in for that name or address is refused, even
with the right password, until the window has passed. A successful sign-in
clears the name's count. API bearer tokens are not passwords and are not
counted. We use the cache rather than django-axes: two counters are all we
need, and axes would add its own tables, middleware and an authentication
backend for them.
"""

from __future__ import annotations

import hashlib

from django import forms
from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.core.cache import cache
from django.utils.translation import gettext_lazy as _

LOCKED = _(
    "Too many wrong passwords. Sign-in is locked for %(minutes)s minutes; "
    "ask the director if you need in sooner."
)


def _key(kind: str, value: str) -> str:
    return "login-failures:" + kind + ":" + hashlib.sha256(value.lower().encode()).hexdigest()


def _address(request) -> str:
    return request.META.get("REMOTE_ADDR", "") if request is not None else ""


class ThrottledAuthenticationForm(AuthenticationForm):
    locked = False

    def _counters(self) -> list[tuple[str, int]]:
        username = (self.data.get("username") or "").strip()
        return [
            (_key("user", username), settings.LOGIN_FAILURES_PER_USER),
            (_key("address", _address(self.request)), settings.LOGIN_FAILURES_PER_ADDRESS),
        ]

    def clean(self):
        minutes = settings.LOGIN_LOCKOUT_MINUTES
        if any((cache.get(key) or 0) >= limit for key, limit in self._counters()):
            self.locked = True
            raise forms.ValidationError(LOCKED, code="locked", params={"minutes": minutes})
        try:
            cleaned = super().clean()
        except forms.ValidationError:
            for key, _limit in self._counters():
                cache.add(key, 0, timeout=minutes * 60)
                try:
                    cache.incr(key)
                except ValueError:  # expired between add and incr
                    cache.set(key, 1, timeout=minutes * 60)
            raise
        cache.delete(self._counters()[0][0])
        return cleaned


class LoginView(auth_views.LoginView):
    form_class = ThrottledAuthenticationForm
