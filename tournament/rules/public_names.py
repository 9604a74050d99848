"""How a player appears in public (README "Results out"): plain data in, plain data out.

Each player chooses (on his page or at the desk) how his name shows in every public
output: the results and league pages, the feeds, the share image, the public exports,
the board and the lobby. Without a choice of his own the room's default applies. An
erased player is hidden everywhere, whatever he chose before (README "Player data").
"""

from __future__ import annotations

from dataclasses import dataclass

FULL = "full"
INITIALS = "initials"
PSEUDONYM = "pseudonym"
HIDDEN = "hidden"
CHOICES = (FULL, INITIALS, PSEUDONYM, HIDDEN)
# What a room shows of a player who has not chosen: first name and initial.
ROOM_DEFAULT = INITIALS
PSEUDONYM_MAX_LENGTH = 40


@dataclass(frozen=True)
class Appearance:
    """What is known of a player for his public name."""

    name: str
    choice: str = ""  # "" = the room's default
    pseudonym: str = ""
    erased: bool = False


def initials_name(name: str) -> str:
    """First name and the initial of the last: "Anna Müller" -> "Anna M.".

    A single word stays whole, and so does a name ending in a number (an erased
    player's "Spieler 93" is no "Spieler 9.").
    """
    parts = name.split()
    if len(parts) < 2 or parts[-1].isdigit():
        return name.strip()
    return f"{parts[0]} {parts[-1][0]}."


def effective_choice(appearance: Appearance, room_default: str = ROOM_DEFAULT) -> str:
    """The choice that applies: hidden when erased, else his own, else the room's."""
    if appearance.erased:
        return HIDDEN
    if appearance.choice in CHOICES:
        return appearance.choice
    return room_default if room_default in CHOICES else ROOM_DEFAULT


def shown_name(appearance: Appearance, room_default: str = ROOM_DEFAULT) -> str | None:
    """The name public outputs show, or None when the player is hidden.

    A hidden player is left to the caller to label ("Spieler 7" by his place in
    that list): a rule knows no language and no list.
    """
    choice = effective_choice(appearance, room_default)
    if choice == HIDDEN:
        return None
    if choice == PSEUDONYM:
        # A pseudonym chosen but left empty falls back to the safer initials.
        return appearance.pseudonym.strip() or initials_name(appearance.name)
    if choice == FULL:
        return appearance.name.strip()
    return initials_name(appearance.name)
