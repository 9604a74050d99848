from __future__ import annotations

import pytest

from tests.formats.finished_scenario import finish_with_choices
from tournament.models import Tournament


@pytest.fixture
def finished(api) -> Tournament:
    return finish_with_choices(api)
