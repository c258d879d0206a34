"""Composition root (placeholder while the adapters are written; replaced below)."""
