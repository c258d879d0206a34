"""Token usage and what it is estimated to cost (standard library only)."""
