"""The core app's API face: schemas, auth, the tournaments and payouts routers.

The API object that gathers every app's router is in the project package
(:mod:`config.api`).
"""
