"""Check a rendered request body against a vendor's own request type, strictly.

Why it exists: the official SDKs describe each API's request body as TypedDicts (``openai``,
``anthropic``, ``mistralai``) or pydantic models (``google-genai``, ``ollama``, ``mistralai``).
Validating with pydantic alone is not enough: a TypedDict (and most of these models) *ignores*
unknown keys, while the real APIs refuse them (Mistral: 422 ``extra_forbidden``) or drop them.
So ``violations`` walks the body and the type together: an unknown key, a missing required key,
a value outside a ``Literal`` or of the wrong JSON kind is a violation, named by its path.

Invariant it keeps: nothing here is written from memory of an API; every rule comes from the
vendor package's type hints (resolved with ``typing.get_type_hints``). Only the JSON kinds map to
Python types by hand (``str``, ``int``, ``float``, ``bool``, ``None``, list, dict).

Test support only (the vendor packages are test extras).
"""

from __future__ import annotations

import collections.abc
import types
import typing
from typing import Any

import pydantic

try:  # typing_extensions' markers, used by every SDK here
    from typing import NotRequired, Required

    from typing_extensions import is_typeddict
except ImportError:  # pragma: no cover
    from typing import NotRequired, Required, is_typeddict  # type: ignore[assignment]

_SEQUENCES = (
    list,
    tuple,
    collections.abc.Iterable,
    collections.abc.Sequence,
    typing.Iterable,
    typing.Sequence,
    list,
)
_MAPPINGS = (dict, collections.abc.Mapping, dict, typing.Mapping)


def violations(value: Any, hint: Any, path: str = "$") -> list[str]:
    """Every way ``value`` (decoded JSON) breaks ``hint`` (a vendor type); empty when none."""
    return _check(value, hint, path, depth=0)


def _check(value: Any, hint: Any, path: str, depth: int) -> list[str]:
    if depth > 60:
        return []
    origin = typing.get_origin(hint)
    if hint is Any or hint is object:
        return []
    if origin is typing.Annotated:
        return _check(value, typing.get_args(hint)[0], path, depth + 1)
    if origin in (Required, NotRequired):
        return _check(value, typing.get_args(hint)[0], path, depth + 1)
    if isinstance(hint, typing.TypeAliasType if hasattr(typing, "TypeAliasType") else ()):
        return _check(value, hint.__value__, path, depth + 1)
    if origin in (typing.Union, types.UnionType):
        options = [o for o in typing.get_args(hint) if value is None or o not in (None, type(None))]
        results = [_check(value, option, path, depth + 1) for option in options]
        if not results:
            return [f"{path}: expected null"]
        if any(not r for r in results):
            return []
        best = min(results, key=len)
        return best if len(results) == 1 else [f"{path}: matches no branch of the union", *best]
    if origin is typing.Literal:
        allowed = typing.get_args(hint)
        return [] if value in allowed else [f"{path}: {value!r} not one of {allowed!r}"]
    if hint is type(None) or hint is None:
        return [] if value is None else [f"{path}: expected null"]
    if hint is str:
        return [] if isinstance(value, str) else [f"{path}: expected a string"]
    if hint is bool:
        return [] if isinstance(value, bool) else [f"{path}: expected a boolean"]
    if hint is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
        return [] if ok else [f"{path}: expected an integer"]
    if hint is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        return [] if ok else [f"{path}: expected a number"]
    if hint is bytes:
        return [] if isinstance(value, (str, bytes)) else [f"{path}: expected base64 text"]
    if isinstance(hint, type) and is_typeddict(hint):
        return _typeddict(value, hint, path, depth)
    if isinstance(hint, type) and issubclass(hint, pydantic.BaseModel):
        return _model(value, hint, path, depth)
    if origin in _MAPPINGS or hint in _MAPPINGS:
        if not isinstance(value, dict):
            return [f"{path}: expected an object"]
        args = typing.get_args(hint)
        if len(args) == 2:
            out: list[str] = []
            for key, item in value.items():
                out += _check(item, args[1], f"{path}.{key}", depth + 1)
            return out
        return []
    if origin in _SEQUENCES or hint in _SEQUENCES:
        if not isinstance(value, list):
            return [f"{path}: expected an array"]
        args = typing.get_args(hint)
        out = []
        if args:
            for index, item in enumerate(value):
                out += _check(item, args[0], f"{path}[{index}]", depth + 1)
        return out
    if isinstance(hint, type) and hint.__name__ in ("Unset", "UnsetType"):
        return [f"{path}: unset"]
    # Anything else (an enum, a class the SDK validates itself): let pydantic decide.
    try:
        pydantic.TypeAdapter(hint).validate_python(value)
    except Exception as exc:
        return [f"{path}: {type(exc).__name__}: {str(exc)[:200]}"]
    return []


def _typeddict(value: Any, hint: type, path: str, depth: int) -> list[str]:
    if not isinstance(value, dict):
        return [f"{path}: expected an object ({hint.__name__})"]
    fields = typing.get_type_hints(hint, include_extras=True)
    out = [f"{path}.{key}: unknown field of {hint.__name__}" for key in value if key not in fields]
    required = getattr(hint, "__required_keys__", frozenset())
    out += [f"{path}.{key}: required by {hint.__name__}" for key in required if key not in value]
    for key, item in value.items():
        if key in fields:
            out += _check(item, fields[key], f"{path}.{key}", depth + 1)
    return out


def _model(value: Any, hint: type[pydantic.BaseModel], path: str, depth: int) -> list[str]:
    if not isinstance(value, dict):
        return [f"{path}: expected an object ({hint.__name__})"]
    by_key: dict[str, Any] = {}
    out: list[str] = []
    for name, field in hint.model_fields.items():
        keys = {name, field.alias or name, field.validation_alias or name}
        keys = {k for k in keys if isinstance(k, str)}
        if field.is_required() and not keys & set(value):
            out.append(f"{path}.{name}: required by {hint.__name__}")
        for key in keys:
            by_key[key] = field.annotation
    out += [f"{path}.{key}: unknown field of {hint.__name__}" for key in value if key not in by_key]
    for key, item in value.items():
        if key in by_key:
            out += _check(item, by_key[key], f"{path}.{key}", depth + 1)
    return out
