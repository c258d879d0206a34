"""Per-feature controllers of the main window: they forward intent and apply "changed" values."""
