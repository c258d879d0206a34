"""The skill library over Markdown files: ``<config>/skills/*.md`` and ``<config>/agents/*.md``.

Why it exists: skills and agents are documents a person writes and edits — in Parley's Settings or
in any text editor — so they live as plain UTF-8 Markdown files named ``<name>.md`` (format:
``domain.agents.skills``). This adapter reads them, reports the ones it cannot use, and writes them
safely.

Invariants it keeps:

- a file is never half-written: writes go to a temporary file in the same folder, are fsynced,
  then ``os.replace``-d over the target;
- a file that cannot be used (not UTF-8, larger than 64 KiB, a bad header, a bad name, a name
  another file already claims) is skipped and reported by ``problems`` — never guessed at and never
  overwritten unless the caller says ``replace``;
- the header's ``name`` wins over the file name; when two files claim one name, the file called
  ``<name>.md`` is used (else the first by file name) and the other is reported as a duplicate;
- folders are created lazily, on the first save (or when "Open folder" asks for them);
- nothing is cached: every call reads the folder, so edits made in another program show at once.

Within one process a lock serialises read-modify-write; several processes are not coordinated.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from parley.application.ports.skill_library import SkillExists, SkillLibraryError, SkillNotFound
from parley.domain.agents.skills import KINDS, SkillDoc, SkillFormatError, parse_skill, render_skill

#: The largest skill or agent file Parley reads (it becomes part of every prompt it is used in).
MAX_FILE_BYTES = 64 * 1024
FOLDERS = {"skill": "skills", "agent": "agents"}


@dataclass
class _Scan:
    """One kind's folder, read: usable documents by name, their files, and what was skipped."""

    docs: dict[str, SkillDoc] = field(default_factory=dict)
    files: dict[str, Path] = field(default_factory=dict)
    #: file stem -> why that file was skipped
    broken: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


class MarkdownSkillLibrary:
    """``SkillLibrary`` over ``config_dir/skills`` and ``config_dir/agents`` (see the module
    docstring)."""

    def __init__(self, config_dir: Path) -> None:
        self.config_dir = Path(config_dir)
        self._lock = threading.Lock()

    # -- reading -------------------------------------------------------------------------------

    def folder(self, kind: str, *, create: bool = False) -> Path:
        path = self.config_dir / FOLDERS[_check_kind(kind)]
        if create:
            try:
                path.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise SkillLibraryError(f"cannot create {path}: {exc}") from exc
        return path

    def list(self, kind: str) -> Sequence[SkillDoc]:
        scan = self._scan(kind)
        return [scan.docs[name] for name in sorted(scan.docs)]

    def problems(self) -> Sequence[str]:
        return [problem for kind in KINDS for problem in self._scan(kind).problems]

    def get(self, kind: str, name: str) -> SkillDoc:
        scan = self._scan(kind)
        try:
            return scan.docs[name]
        except KeyError:
            raise SkillNotFound(
                kind, name, sorted(scan.docs), problem=scan.broken.get(name, "")
            ) from None

    # -- changing ------------------------------------------------------------------------------

    def save(
        self, doc: SkillDoc, *, replace: bool = False, previous_name: str | None = None
    ) -> None:
        kind = _check_kind(doc.kind)
        data = render_skill(doc).encode("utf-8")
        if len(data) > MAX_FILE_BYTES:
            raise SkillLibraryError(
                f"{kind} {doc.name!r} is {len(data):,} bytes; a {kind} may be at most "
                f"{MAX_FILE_BYTES // 1024} KiB"
            )
        renaming = previous_name is not None and previous_name != doc.name
        with self._lock:
            scan = self._scan(kind)
            folder = self.folder(kind)
            target = folder / f"{doc.name}.md"
            old_file: Path | None = None
            if renaming:
                assert previous_name is not None
                if previous_name not in scan.docs:
                    raise SkillNotFound(kind, previous_name, sorted(scan.docs))
                old_file = scan.files[previous_name]
            holder = scan.files.get(doc.name)
            if holder is not None and not replace:
                raise SkillExists(kind, doc.name, _where(holder))
            owners = {path: name for name, path in scan.files.items()}
            owner = owners.get(target)
            if owner is not None and owner not in (doc.name, previous_name):
                raise SkillLibraryError(
                    f"{_where(target)} holds the {kind} {owner!r} (its header names it so); "
                    "rename or fix that file first"
                )
            if owner is None and target.exists() and not replace:
                reason = scan.broken.get(doc.name, "it cannot be read")
                raise SkillExists(kind, doc.name, f"{_where(target)} exists: {reason}")
            self._write(folder, target, data)
            for stale in {old_file, holder} - {None, target}:
                assert stale is not None
                try:
                    stale.unlink()
                except FileNotFoundError:
                    pass
                except OSError as exc:
                    raise SkillLibraryError(
                        f"saved {_where(target)} but cannot remove {_where(stale)}: {exc}"
                    ) from exc

    def delete(self, kind: str, name: str) -> None:
        with self._lock:
            scan = self._scan(kind)
            path = scan.files.get(name)
            if path is None and name in scan.broken:
                # A file that cannot be read can still be removed by its file name.
                path = self.folder(kind) / f"{name}.md"
            if path is None:
                raise SkillNotFound(kind, name, sorted(scan.docs))
            try:
                path.unlink()
            except FileNotFoundError:
                raise SkillNotFound(kind, name, sorted(scan.docs)) from None
            except OSError as exc:
                raise SkillLibraryError(f"cannot delete {_where(path)}: {exc}") from exc

    # -- the files -----------------------------------------------------------------------------

    def _scan(self, kind: str) -> _Scan:
        folder = self.folder(kind)
        scan = _Scan()
        try:
            paths = sorted(
                p
                for p in folder.iterdir()
                if p.suffix == ".md" and not p.name.startswith(".") and p.is_file()
            )
        except FileNotFoundError:
            return scan
        except OSError as exc:
            raise SkillLibraryError(f"cannot read {folder}: {exc}") from exc
        parsed: list[tuple[Path, SkillDoc]] = []
        for path in paths:
            try:
                parsed.append((path, _read(path, kind)))
            except SkillLibraryError as exc:
                scan.broken[path.stem] = str(exc)
                scan.problems.append(f"{_where(path)}: {exc}")
        # The file named after the document wins a duplicate; then the first by file name.
        parsed.sort(key=lambda item: (item[1].name, item[0].stem != item[1].name, item[0].name))
        for path, doc in parsed:
            if doc.name in scan.docs:
                first = scan.files[doc.name]
                reason = f"it is named {doc.name!r} like {_where(first)}, which is used instead"
                scan.broken.setdefault(path.stem, reason)
                scan.problems.append(f"{_where(path)}: duplicate: {reason}")
                continue
            scan.docs[doc.name] = doc
            scan.files[doc.name] = path
        scan.problems.sort()
        return scan

    def _write(self, folder: Path, target: Path, data: bytes) -> None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd, tmp_name = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
        except OSError as exc:
            raise SkillLibraryError(f"cannot write {target}: {exc}") from exc
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp_name, target)
        except OSError as exc:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)
            raise SkillLibraryError(f"cannot write {target}: {exc}") from exc
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)
            raise


def _check_kind(kind: str) -> str:
    if kind not in FOLDERS:
        raise SkillLibraryError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
    return kind


def _where(path: Path) -> str:
    """A file as the user knows it: ``skills/name.md``."""
    return f"{path.parent.name}/{path.name}"


def _read(path: Path, kind: str) -> SkillDoc:
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise SkillLibraryError(f"cannot be read ({exc.strerror or exc})") from exc
    if len(raw) > MAX_FILE_BYTES:
        raise SkillLibraryError(
            f"larger than {MAX_FILE_BYTES // 1024} KiB; Parley reads {kind} files up to "
            f"{MAX_FILE_BYTES // 1024} KiB"
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SkillLibraryError(f"is not UTF-8 text (byte {exc.start})") from None
    try:
        return parse_skill(text, kind=kind, fallback_name=path.stem)
    except SkillFormatError as exc:
        raise SkillLibraryError(str(exc)) from None


__all__ = ["FOLDERS", "MAX_FILE_BYTES", "MarkdownSkillLibrary"]
