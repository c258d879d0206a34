"""Check an MCP tool call's arguments against the tool's own JSON Schema, before the gate.

Why it exists: the validator for built-in tools knows their arguments; an MCP tool brings its own
``inputSchema``. A call whose arguments do not fit is not sent to the server: the model gets
REJECT_RETRY feedback naming the schema error (where, and what was expected), so it can correct
the call, exactly as it would for a built-in tool.

Invariants it keeps:

- deterministic: the same schema and arguments give the same message (the most relevant error,
  by ``jsonschema.exceptions.best_match``, with its path);
- a schema that is itself invalid is the server's fault: it is not held against the model (the
  call goes on; the server checks its own arguments) and is logged once per schema;
- validators are built once per schema text and kept (a turn calls the same tools repeatedly).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Mapping
from typing import Any

log = logging.getLogger(__name__)

_MAX_CACHED = 512
_cache: dict[str, Any] = {}
_lock = threading.Lock()


def _validator(schema_text: str, schema: Mapping[str, Any]) -> Any:
    """The validator for ``schema`` (None when the schema is itself invalid), cached."""
    with _lock:
        if schema_text in _cache:
            return _cache[schema_text]
    # jsonschema is imported on the first MCP call (~65 ms): every command and every turn
    # imports this module, few of them call an MCP tool. jsonschema ships no type information
    # (its stubs are a separate package the app does not need), hence the ignore.
    from jsonschema import exceptions as _exceptions  # type: ignore[import-untyped]
    from jsonschema import validators as _validators

    cls = _validators.validator_for(schema, default=_validators.Draft202012Validator)
    try:
        cls.check_schema(schema)
        validator: Any = cls(schema)
    except _exceptions.SchemaError as exc:
        log.warning("an MCP tool's input schema is invalid (%s); its calls are not checked", exc)
        validator = None
    with _lock:
        if len(_cache) >= _MAX_CACHED:
            _cache.clear()
        _cache[schema_text] = validator
    return validator


def schema_error(schema_text: str, schema: Mapping[str, Any], arguments: Mapping[str, Any]) -> str:
    """Why ``arguments`` do not fit ``schema`` ("" when they do, or the schema is unusable).
    ``schema_text`` is the schema's canonical JSON text (the cache key)."""
    validator = _validator(schema_text, schema)
    if validator is None:
        return ""
    from jsonschema import exceptions as _exceptions

    try:
        error = _exceptions.best_match(validator.iter_errors(dict(arguments)))
    except Exception as exc:  # a pathological schema (e.g. a bad regex) is the server's fault
        log.warning("could not check arguments against an MCP tool's schema: %s", exc)
        return ""
    if error is None:
        return ""
    where = "".join(
        f"[{part}]" if isinstance(part, int) else f".{part}" for part in error.absolute_path
    )
    return f"at ${where}: {error.message}" if where else f"at $: {error.message}"
