#!/usr/bin/env python
import os
import sys

if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    # Nothing configured at all is a developer's checkout: the embedded default
    # (SQLite under var/, generated key). Production sets DATABASE_URL and
    # SECRET_KEY, and then DEBUG stays off unless it is set.
    if not any(name in os.environ for name in ("DEBUG", "SECRET_KEY", "DATABASE_URL")):
        os.environ["DEBUG"] = "true"
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)
