"""The clock app's readers that are not the clock's own state (README "Finish on time")."""
