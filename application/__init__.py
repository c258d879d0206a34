"""The application layer of Parley, imported as ``parley.application`` (ADR-009)."""

# A second copy of the layer's classes, under a bare name, would break isinstance checks.
if __name__ != "parley.application":
    raise ImportError(f"import parley.application, not {__name__} (ADR-009: one installed package)")
