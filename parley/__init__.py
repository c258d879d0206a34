"""Parley, a desktop chat client for large language models: the one installed package.

Why it exists: the four layers live in the repository as top-level folders (``domain``,
``application``, ``infrastructure``, ``ui``), but installing them as four top-level packages
let any other distribution with a ``ui`` package overwrite Parley's files (issue 14, item 17).
They are installed as ``parley.domain``, ``parley.application``, ``parley.infrastructure`` and
``parley.ui``; in the repository this folder holds a symbolic link to each layer
(docs/architecture/ADR-009-one-installed-package.md).

Invariant: every module of Parley is imported under ``parley.``. Each layer's ``__init__``
refuses to be imported under its bare name, so a stray ``import domain`` fails at once instead
of loading a second copy of the same classes.
"""
