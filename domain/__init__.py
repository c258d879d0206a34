"""The domain layer of Parley, imported as ``parley.domain`` (ADR-009)."""

# A second copy of the layer's classes, under a bare name, would break isinstance checks.
if __name__ != "parley.domain":
    raise ImportError(f"import parley.domain, not {__name__} (ADR-009: one installed package)")
