"""Clock services: each applies the pure rules of ``clock.rules`` to the
database in one locked transaction and publishes the change after commit."""
