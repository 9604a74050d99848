from django.apps import AppConfig


class RulingsConfig(AppConfig):
    name = "rulings"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from rulings.services.penalties import seat_penalties
        from tables.presenters import penalties_from

        # The table rows show each player's running sit-out penalty ("2 hands left").
        penalties_from(seat_penalties)
