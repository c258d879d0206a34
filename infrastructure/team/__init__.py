"""A team's shared store on PostgreSQL (issue 19, ADR-012): the event-store and team-store ports
over one database with row-level security, its schema and its roles.

Each desktop keeps its own SQLite store and syncs with this one (``application/sync``); a
member's conversations are readable and writable by that member only, an operator reads all
(the database enforces it, not this code).
"""
