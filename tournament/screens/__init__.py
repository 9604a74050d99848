"""Live screens: the display board, the lobby with its seat finder, the table
view for a tablet at one table, director's announcements and floor calls.

Not a Django app (no models): announcements and floor calls are kept in the
append-only :class:`tournament.models.ActionLog`.
"""
