"""The ui layer of Parley, imported as ``parley.ui`` (ADR-009)."""

# A second copy of the layer's classes, under a bare name, would break isinstance checks.
if __name__ != "parley.ui":
    raise ImportError(f"import parley.ui, not {__name__} (ADR-009: one installed package)")
