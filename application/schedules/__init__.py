"""Scheduled tasks (issue 20): the ports, the use cases and the frozen request of a run."""
