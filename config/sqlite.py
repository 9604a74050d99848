"""How the embedded default opens its SQLite file (README "Configuration").

Floor tablets, screens and the composer thread read while a floor action
writes. In SQLite's default rollback journal a commit waits until every open
read has finished and new reads wait for the commit; in write-ahead-log mode
readers see the last committed state and never hold up a writer, and a commit
appends to the log and syncs it once (README "Benchmarks"). Commits stay fully
synchronous, so neither a killed process nor a power cut loses an answered write.
"""

from __future__ import annotations

OPTIONS: dict[str, object] = {
    # Several floor tablets write at once: wait for the write lock instead of failing.
    "timeout": 20,
    "transaction_mode": "IMMEDIATE",
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;",
}
