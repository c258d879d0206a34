"""The infrastructure layer of Parley, imported as ``parley.infrastructure`` (ADR-009)."""

# A second copy of the layer's classes, under a bare name, would break isinstance checks.
if __name__ != "parley.infrastructure":
    raise ImportError(
        f"import parley.infrastructure, not {__name__} (ADR-009: one installed package)"
    )
