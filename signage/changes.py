"""A named screen's change, told to its TV after the commit (README "Named screens").

The services name here the screen they changed; the way out to the TVs
(:func:`signage.push.screen_changed`) registers at start-up (``signage/apps.py``),
as the tournaments' screens register with :mod:`tournament.changes`: no service
imports the screens layer.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from django.db import transaction

Teller = Callable[[int], None]
_tellers: list[Teller] = []


def tell_with(teller: Teller) -> None:
    """The way out registers here (at start-up); the services never import it."""
    _tellers[:] = [teller]


def screen_changed(screen_id: int) -> None:
    """Tell the screen's TV once the write in progress commits."""
    transaction.on_commit(partial(_tell, screen_id))


def _tell(screen_id: int) -> None:
    for teller in _tellers:
        teller(screen_id)
