"""Seating rules as plain Python: button and blinds, seat draw, late seats, balancing.

- `button`: dead button, heads-up, next big blind, worst seat, wait for
  the button, high-card button draw.
- `seating`: initial random draw and seats for late entries.
- `balancing`: the planner for breaks, balancing moves, halts and the
  final-table redraw.
- `options`: `SeatingOptions`, the rulebook-dependent choices.

No Django (or channels, celery, ninja) import is allowed in this package.
"""
