"""Writes of pre-registrations (README "Pre-registration and the schedule")."""
