from django.core.management.base import BaseCommand

from results.selectors_league import results_keep_all


class Command(BaseCommand):
    help = (
        "Work out every finished tournament's public figures and every season's "
        "standings into the shared cache (after it was emptied), so the public "
        'pages\' first asks read them (README "Results out").'
    )

    def handle(self, *args, **options):
        count = results_keep_all()
        self.stdout.write(f"{count} tournaments kept.")
