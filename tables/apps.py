from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "tables"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from tables.services.seating import replan_if_drawn, seat_new_entry_if_drawn
        from tables.services.state import keep_counts
        from tournament import changes, extensions

        # Every write recounts who sits at the tables it touched.
        changes.keep_with(keep_counts)
        # A late entry registered at the desk gets his seat here.
        # A late entry registered at the desk gets his seat here; new table
        # sizes are planned at once.
        extensions.seating_answers(
            seat_new_entry=seat_new_entry_if_drawn, replan_floor=replan_if_drawn
        )
