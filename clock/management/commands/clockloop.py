"""Run the clock loop (production: one process beside the web and worker processes)."""

import asyncio

from django.core.management.base import BaseCommand

from clock.loop import run_forever


class Command(BaseCommand):
    help = "Fire level boundaries (announcements, registration closing) on time."

    def handle(self, *args, **options):
        self.stdout.write("Clock loop running.")
        try:
            asyncio.run(run_forever())
        except KeyboardInterrupt:
            pass
