"""``parley providers``: add, list, test and remove providers, and keep their API keys.

Why it exists: a provider is configured once (from a preset or by hand) and its key kept in the
system keyring; this module is the terminal's way to do that and to check that it works.

Invariants it keeps:

- API keys go to the system keyring only, read from a hidden prompt or standard input, never from
  an argument (it would show in the process list and the shell history); no command prints a key:
  ``providers list`` says where each key comes from (keyring, env VAR, none);
- without a working keyring the key commands exit 2 with the plain reason and the environment
  variable to use instead, and store nothing anywhere (``providers add --api-key-stdin`` puts the
  settings back when the keyring refuses the key);
- an unknown provider is a usage error (exit 2);
- a closed stdout (``parley providers list | head -1``) ends the output quietly
  (``common.stdout_closed``).
"""

from __future__ import annotations

import argparse
import getpass
import sys
import threading

from parley.application.ports.chat_provider import ProviderError
from parley.application.ports.provider_catalog import ADD_PROVIDER_HINT, KeySource
from parley.application.ports.secret_store import SecretStoreError
from parley.application.ports.settings_store import ProviderConfig, SettingsError, UnknownProvider
from parley.application.providers.probe import probe_provider
from parley.ui.bootstrap import Services
from parley.ui.cli.common import (
    EXIT_FAILED,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    UsageError,
    print_json,
)


def run_providers(
    services: Services, args: argparse.Namespace, parser: argparse.ArgumentParser
) -> int:
    handlers = {
        "add": _providers_add,
        "list": _providers_list,
        "presets": _providers_presets,
        "set-key": _providers_set_key,
        "delete-key": _providers_delete_key,
        "remove": _providers_remove,
        "models": _providers_models,
        "test": _providers_test,
    }
    handler = handlers.get(args.providers_command)
    if handler is None:
        parser.parse_args(["providers", "--help"])
        return EXIT_USAGE
    try:
        code = handler(services, args)
        sys.stdout.flush()  # a closed stdout raises here: ui.cli.main ends it quietly (141)
    except UnknownProvider as exc:
        raise UsageError(str(exc)) from exc
    return code


def _providers_add(services: Services, args: argparse.Namespace) -> int:
    preset = services.catalog.find_preset(args.preset) if args.preset else None
    base_url = args.base_url if args.base_url is not None else (preset.base_url if preset else "")
    if not base_url:
        raise UsageError("--base-url is required without --preset (see: parley providers presets)")
    if args.api_key_env is not None:
        key_env = args.api_key_env
    else:
        key_env = preset.key_env_for(base_url) if preset else ""
    if args.default_model is not None:
        default_model = args.default_model
    else:
        default_model = preset.default_model if preset else ""
    config = ProviderConfig(
        name=args.name,
        kind=args.kind or (preset.kind if preset else "openai"),
        base_url=base_url,
        api_key_env=key_env,
        default_model=default_model,
        preset=args.preset,
    )
    key = None
    if args.api_key_stdin:
        _require_keyring(services, config)
        key = _read_key(args.name)
    try:
        previous: ProviderConfig | None = services.settings.provider(args.name)
    except UnknownProvider:
        previous = None
    try:
        services.settings.add_provider(config, replace=args.replace)
    except SettingsError as exc:
        raise UsageError(str(exc)) from exc
    if key is not None:
        try:
            services.secrets.set(args.name, key)
        except SecretStoreError as exc:
            # Store nothing rather than half: put the settings back as they were.
            if previous is None:
                services.settings.remove_provider(args.name)
            else:
                services.settings.add_provider(previous, replace=True)
            print(f"parley: {exc}; the provider was not added", file=sys.stderr)
            return EXIT_FAILED
    try:
        if args.make_default:
            services.settings.set_default_provider(args.name)
    except SettingsError as exc:
        raise UsageError(str(exc)) from exc
    model = f", model {default_model}" if default_model else ""
    print(f"added provider {args.name!r} ({config.kind} at {base_url}{model})", file=sys.stderr)
    if key is not None:
        print(f"its API key is stored in {services.secrets.description}", file=sys.stderr)
    else:
        source = services.key_source(config)
        if source.where == "none" and source.needed:
            print(f"note: it needs an API key; {_how_to_add_key(config, source)}", file=sys.stderr)
    if not default_model:
        print(
            f"note: no default model; list them with: parley providers models {args.name}, "
            "then pass --model or add again with --default-model MODEL --replace",
            file=sys.stderr,
        )
    return EXIT_OK


def _providers_list(services: Services, args: argparse.Namespace) -> int:
    default = services.settings.default_provider()
    entries = [(p, services.key_source(p)) for p in services.settings.providers()]
    rows = [
        {
            "name": p.name,
            "kind": p.kind,
            "preset": p.preset,
            "base_url": p.base_url,
            "api_key_env": p.api_key_env,
            "default_model": p.default_model,
            "default": default is not None and default.name == p.name,
            "key_source": str(source),
            "key_needed": source.needed,
        }
        for p, source in entries
    ]
    if args.json:
        print_json(rows)
    elif not rows:
        print(f"no providers configured; {ADD_PROVIDER_HINT}", file=sys.stderr)
    else:
        for row, (_p, source) in zip(rows, entries, strict=True):
            mark = "*" if row["default"] else " "
            model = row["default_model"] or "-"
            print(
                f"{mark} {row['name']:<16} {row['base_url']:<40} {model:<24} {_key_column(source)}"
            )
    problem = next((s.keyring_problem for _p, s in entries if s.keyring_problem), "")
    if problem:
        print(f"note: {problem}", file=sys.stderr)
    return EXIT_OK


def _key_column(source: KeySource) -> str:
    if source.where == "keyring":
        return "key: keyring"
    if source.where == "env":
        return f"key: env ${source.variable}"
    if not source.needed:
        return "key: none"
    fixes = [f"set ${source.env_candidates[0]}"] if source.env_candidates else []
    if not source.keyring_problem:
        fixes.append("use set-key")
    return f"key: MISSING ({' or '.join(fixes) or 'name a variable with --api-key-env'})"


def _providers_presets(services: Services, args: argparse.Namespace) -> int:
    rows = [
        {
            "name": p.name,
            "label": p.label,
            "kind": p.kind,
            "base_url": p.base_url,
            "key_env": p.key_env,
            "needs_key": p.needs_key,
            "default_model": p.default_model,
        }
        for p in services.catalog.presets()
    ]
    if args.json:
        print_json(rows)
        return EXIT_OK
    print(f"{'PRESET':<14} {'KIND':<10} {'BASE URL':<50} {'KEY VARIABLE':<20} DEFAULT MODEL")
    for row in rows:
        key = row["key_env"] or "(none: local)"
        model = row["default_model"] or "-"
        print(f"{row['name']:<14} {row['kind']:<10} {row['base_url']:<50} {key:<20} {model}")
    return EXIT_OK


def _providers_set_key(services: Services, args: argparse.Namespace) -> int:
    config = services.settings.provider(args.name)
    _require_keyring(services, config)
    key = _read_key(args.name)
    services.secrets.set(args.name, key)  # SecretStoreError -> exit 1
    print(
        f"stored the API key for {args.name!r} in {services.secrets.description}",
        file=sys.stderr,
    )
    return EXIT_OK


def _providers_delete_key(services: Services, args: argparse.Namespace) -> int:
    if not services.secrets.available:
        raise UsageError(services.secrets.unavailable_reason)
    if services.secrets.delete(args.name):
        print(f"deleted the API key for {args.name!r} from the keyring", file=sys.stderr)
    else:
        print(f"no API key for {args.name!r} was stored in the keyring", file=sys.stderr)
    return EXIT_OK


def _providers_remove(services: Services, args: argparse.Namespace) -> int:
    services.settings.remove_provider(args.name)
    print(f"removed provider {args.name!r}", file=sys.stderr)
    if args.keep_key or not services.secrets.available:
        return EXIT_OK
    try:
        if services.secrets.delete(args.name):
            print("and deleted its API key from the keyring", file=sys.stderr)
    except SecretStoreError as exc:
        print(
            f"parley: warning: its API key may still be in the keyring ({exc}); delete it "
            f"later with: parley providers delete-key {args.name}",
            file=sys.stderr,
        )
    return EXIT_OK


def _providers_models(services: Services, args: argparse.Namespace) -> int:
    services.settings.provider(args.name)  # UnknownProvider -> exit 2
    try:
        resolved = services.providers.resolve(args.name)
        names = resolved.provider.list_models()
    except ProviderError as exc:
        print(f"parley: {exc.kind}: {exc}", file=sys.stderr)
        return EXIT_FAILED
    if args.json:
        print_json(names)
    elif not names:
        print(f"{args.name!r} lists no models", file=sys.stderr)
    else:
        for name in names:
            print(name)
    return EXIT_OK


def _providers_test(services: Services, args: argparse.Namespace) -> int:
    config = services.settings.provider(args.name)  # UnknownProvider -> exit 2
    if args.timeout <= 0:
        raise UsageError("--timeout must be a positive number of seconds")
    model = args.model or config.default_model
    if not model:
        return _test_failed(
            "config",
            f"no model to test with: pass --model, or set the provider's default model "
            f"(parley providers models {args.name} lists them)",
        )
    try:
        resolved = services.providers.resolve(args.name)
    except ProviderError as exc:
        return _test_failed(exc.kind, str(exc))
    cancel = threading.Event()
    try:
        result = probe_provider(resolved.provider, model, timeout=args.timeout, cancel=cancel)
    except KeyboardInterrupt:
        cancel.set()
        print("parley: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    if not result.ok:
        return _test_failed(result.error_kind, result.error)
    print(result.summary())
    return EXIT_OK


def _test_failed(kind: str, message: str) -> int:
    print(f"FAILED · {kind}: {message}", file=sys.stderr)
    return EXIT_FAILED


# -- keys -----------------------------------------------------------------------------------------


def _require_keyring(services: Services, config: ProviderConfig) -> None:
    """Exit 2 (storing nothing) when no system keyring can keep a key."""
    if services.secrets.available:
        return
    source = services.key_source(config)
    if source.env_candidates:
        advice = f"for {config.name!r} Parley reads ${source.env_candidates[0]}"
    else:
        advice = (
            f"name the variable for {config.name!r} with: parley providers add {config.name} "
            "--replace --api-key-env VAR ..."
        )
    raise UsageError(f"{services.secrets.unavailable_reason}: {advice}; nothing was stored")


def _how_to_add_key(config: ProviderConfig, source: KeySource) -> str:
    fixes = []
    if not source.keyring_problem:
        fixes.append(f"parley providers set-key {config.name}")
    if source.env_candidates:
        fixes.append(f"set ${source.env_candidates[0]}")
    else:
        fixes.append("add it again with --api-key-env VAR --replace and set $VAR")
    return "add one with: " + ", or ".join(fixes)


def _read_key(name: str) -> str:
    """The key from standard input when it is piped, else from a hidden prompt: a key typed at a
    terminal is never echoed."""
    if sys.stdin is None:
        raise UsageError("no standard input to read the key from")
    if sys.stdin.isatty():
        text = getpass.getpass(f"API key for {name} (input hidden): ")
    else:
        text = sys.stdin.read()
    key = text.strip()
    if not key:
        raise UsageError("no key was given (the input was empty)")
    if any(ch.isspace() or ord(ch) < 32 or ord(ch) == 127 for ch in key):
        raise UsageError(
            "the key contains spaces, line breaks or control characters; give only the key"
        )
    return key
