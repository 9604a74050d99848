from screens import fanout
from screens.live_data import SCREEN_PARTS
from tournament.roles import roles_of


def live_status(request):
    """``live_degraded`` for the staff banner in base.html: true while this process
    cannot push to the screens (Redis unreachable). Checked only when a staff
    page renders the banner, never for the public."""
    if not roles_of(getattr(request, "user", None)):
        return {"live_degraded": False}
    return {"live_degraded": lambda: fanout.live_state() == fanout.DEGRADED}


def live_parts(request):
    """``live_parts``: the parts of a screen message, rendered as ``#live-parts``
    for static/js/live.js, which keeps no list of its own (README "Screen messages")."""
    return {"live_parts": SCREEN_PARTS}
