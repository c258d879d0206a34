"""Scheduled tasks (issue 20): what a task is, what a run of it recorded, and when one is due."""
