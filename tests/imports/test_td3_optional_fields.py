"""Every file TD3 writes is read (README "Switching from TD3"): a real file with
fields TD3 may leave out dropped still imports; without a field the import
cannot do without, the answer names the field."""

from __future__ import annotations

import functools

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from imports.rules.td3_read import read_td3
from imports.rules.td3_reader import Td3FormatError
from imports.rules.td3_syntax import decode_td3_bytes, parse_td3
from imports.services.td3_import import td3_import
from tests.imports.td3_files import (
    OPTIONAL_FIELDS,
    optional_places,
    td3_files,
    without_fields,
)

pytestmark = pytest.mark.django_db

# One file of each TD3 version there is (3.0 to 3.7), the smallest first.
SAMPLES = sorted(
    {read_td3(p.read_bytes()).version: p for p in td3_files()}.values(),
    key=lambda p: p.stat().st_size,
)


@functools.cache
def _parsed(index: int):
    return parse_td3(decode_td3_bytes(SAMPLES[index].read_bytes()))


@st.composite
def _file_with_fields_dropped(draw):
    index = draw(st.integers(0, len(SAMPLES) - 1))
    value = _parsed(index)
    places = optional_places(value)
    chosen = draw(st.lists(st.sampled_from(places), max_size=40, unique=True)) if places else []
    drops = {
        place: tuple(draw(st.sets(st.sampled_from(OPTIONAL_FIELDS[place[0]]), min_size=1)))
        for place in chosen
    }
    return SAMPLES[index].name, without_fields(value, drops)


@pytest.mark.skipif(not SAMPLES, reason="the TD3 save files are not here")
@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(dropped=_file_with_fields_dropped())
def test_a_real_file_without_the_fields_td3_may_leave_out_still_imports(director, dropped):
    name, text = dropped
    read_td3(text)
    with transaction.atomic():
        report = td3_import([(name, text.encode())], by=director)
        assert len(report.tournaments) == 1
        transaction.set_rollback(True)


@pytest.mark.skipif(not SAMPLES, reason="the TD3 save files are not here")
def test_every_optional_field_of_every_object_left_out_at_once_still_imports(director):
    value = _parsed(len(SAMPLES) - 1)
    drops = {place: OPTIONAL_FIELDS[place[0]] for place in optional_places(value)}
    report = td3_import([("bare.tdt", without_fields(value, drops).encode())], by=director)
    assert len(report.tournaments) == 1


@pytest.mark.skipif(not SAMPLES, reason="the TD3 save files are not here")
def test_a_file_without_a_purchase_amount_is_refused_naming_the_field():
    value = _parsed(len(SAMPLES) - 1)
    first_buyin = next(place for place in optional_places(value) if place[0] == "GameBuyin")
    text = without_fields(value, {first_buyin: ("Amount",)})
    with pytest.raises(Td3FormatError) as refused:
        read_td3(text)
    assert refused.value.path.endswith(".Buyins[0].Amount")
