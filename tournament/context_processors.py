from tournament import fanout
from tournament.roles import DESK, DIRECTOR, FLOOR, roles_of


def roles(request):
    names = roles_of(getattr(request, "user", None))
    return {
        "roles": names,
        "is_director": DIRECTOR in names,
        "is_floor": FLOOR in names or DIRECTOR in names,
        "is_desk": bool(names & {DESK, DIRECTOR, FLOOR}),
    }


def live_status(request):
    """``live_degraded`` for the staff banner in base.html: true while this process
    cannot push to the screens (Redis unreachable). Checked only when a staff
    page renders the banner, never for the public."""
    if not roles_of(getattr(request, "user", None)):
        return {"live_degraded": False}
    return {"live_degraded": lambda: fanout.live_state() == fanout.DEGRADED}
