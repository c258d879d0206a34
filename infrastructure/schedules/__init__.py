"""Scheduled tasks' adapters: croniter for cron, SQLite for tasks and runs, systemd timers."""
