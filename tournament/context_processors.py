from tournament.roles import DESK, DIRECTOR, FLOOR, MONEY, roles_of


def roles(request):
    names = roles_of(getattr(request, "user", None))
    return {
        "roles": names,
        "is_director": DIRECTOR in names,
        "is_floor": FLOOR in names or DIRECTOR in names,
        "is_desk": bool(names & {DESK, DIRECTOR, FLOOR}),
        # The desk and directors: the floor takes no money (README "Cash desk").
        "takes_money": bool(names & set(MONEY)),
    }
