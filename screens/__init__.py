"""Live screens: the display board, the lobby with its seat finder, the table
view for a tablet at one table, director's announcements and floor calls.

The screens layer above the domain apps: snapshots (:mod:`screens.snapshots`),
each write's messages (:mod:`screens.compose`), the sockets
(:mod:`screens.consumers`, :mod:`screens.live`, :mod:`screens.fanout`). No
models: announcements and floor calls are kept in the append-only
:class:`tournament.models.ActionLog`.
"""
