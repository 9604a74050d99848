"""A club's real evenings, recorded by TD3, replayed through our API (README "Places, re-entries and moves").

Every evening of ``../shared/td3/ORF 2025/`` is run as the floor ran it; each
player's place and prize and the pool must equal what the file records. The
other seasons of the same clubs are replayed the same way, independently.
"""

from __future__ import annotations

import pytest

from imports.rules.td3_read import read_td3
from tests.imports.td3_files import td3_params
from tests.imports.td3_replay import Td3Replay

OTHER_SEASONS = ("ORF 2018", "Koffsta 2021 Off season")


def _replay(api, path) -> None:
    td3 = read_td3(path.read_bytes())
    replay = Td3Replay(api, td3, path.stem)
    replay.run()
    differences = replay.differences()
    assert not differences, f"{path.stem}: " + "; ".join(differences)


@pytest.mark.parametrize("path", td3_params("ORF 2025"))
def test_every_evening_of_the_2025_season_ends_as_the_file_says(api, path):
    _replay(api, path)


@pytest.mark.parametrize(
    "path", [param for season in OTHER_SEASONS for param in td3_params(season)]
)
def test_other_seasons_end_as_their_files_say(api, path):
    _replay(api, path)
