"""What the cash desk's page tests share: the German catalogue as the .po file
says it now, and a signed-in browser in a language."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from tests.conftest import make_staff


@pytest.fixture(scope="session")
def compiled_locale(tmp_path_factory) -> Path:
    po = Path(settings.BASE_DIR) / "locale" / "de" / "LC_MESSAGES" / "django.po"
    target = tmp_path_factory.mktemp("locale") / "de" / "LC_MESSAGES"
    target.mkdir(parents=True)
    subprocess.run(["msgfmt", "-o", str(target / "django.mo"), str(po)], check=True)
    return target.parent.parent


@pytest.fixture
def german_catalogue(settings, compiled_locale):
    settings.LOCALE_PATHS = [compiled_locale]


def signed_in(user, language: str = "en") -> Client:
    client = Client(headers={"accept-language": language})
    client.force_login(user)
    return client


@pytest.fixture
def new_cashier(db):
    """A desk member who has not opened a shift yet (the shared ``desk_user`` has one)."""
    return make_staff("carla", "desk", shift=False)
