"""The Markdown skill library on a real folder: list, get, save, rename, delete, the problems it
reports, suggestions for typos, the size limit and atomic writes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from parley.application.ports.skill_library import (
    SkillExists,
    SkillLibraryError,
    SkillNotFound,
)
from parley.domain.agents.skills import SkillDoc, render_skill
from parley.infrastructure.config.skill_library import MAX_FILE_BYTES, MarkdownSkillLibrary

REVIEW = SkillDoc("skill", "code-review", "Review a diff", "Bugs first.\n\nStyle last.")
TESTS = SkillDoc("skill", "tests-first", "Tests first", "Ask for a failing test.")
PIRATE = SkillDoc("agent", "pirate", "Talks like a pirate", "Arr.")


@pytest.fixture
def library(tmp_path: Path) -> MarkdownSkillLibrary:
    return MarkdownSkillLibrary(tmp_path / "config")


def write(library: MarkdownSkillLibrary, relative: str, content: str | bytes) -> Path:
    path = library.config_dir / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, str):
        content = content.encode("utf-8")
    path.write_bytes(content)
    return path


def test_an_empty_profile_has_nothing_and_creates_nothing(library: MarkdownSkillLibrary) -> None:
    assert library.list("skill") == []
    assert library.list("agent") == []
    assert library.problems() == []
    assert not library.config_dir.exists()
    with pytest.raises(SkillNotFound, match="there are no skills yet"):
        library.get("skill", "x")


def test_save_writes_the_rendered_file_and_lists_it_sorted(library: MarkdownSkillLibrary) -> None:
    library.save(TESTS)
    library.save(REVIEW)
    library.save(PIRATE)
    path = library.config_dir / "skills" / "code-review.md"
    assert path.read_bytes() == render_skill(REVIEW).encode("utf-8")
    assert (library.config_dir / "agents" / "pirate.md").is_file()
    assert library.list("skill") == [REVIEW, TESTS]
    assert library.list("agent") == [PIRATE]
    assert library.get("skill", "tests-first") == TESTS
    assert MarkdownSkillLibrary(library.config_dir).get("agent", "pirate") == PIRATE


def test_files_written_by_hand_are_read(library: MarkdownSkillLibrary) -> None:
    write(library, "skills/terse.md", "\ufeff# Be terse\r\nOne line answers.\r\n")
    write(library, "skills/notes.txt", "not a skill")
    write(library, "skills/.hidden.md", "---\nname: hidden\n---\nx")
    (library.config_dir / "skills" / "folder.md").mkdir()
    assert library.list("skill") == [
        SkillDoc("skill", "terse", "Be terse", "# Be terse\nOne line answers.")
    ]
    assert library.problems() == []


def test_existing_name_needs_replace(library: MarkdownSkillLibrary) -> None:
    library.save(REVIEW)
    changed = SkillDoc("skill", "code-review", "Review", "New rules.")
    with pytest.raises(SkillExists, match="a skill named 'code-review' exists already"):
        library.save(changed)
    assert library.get("skill", "code-review") == REVIEW
    library.save(changed, replace=True)
    assert library.get("skill", "code-review") == changed


def test_rename_leaves_exactly_one_file(library: MarkdownSkillLibrary) -> None:
    library.save(REVIEW)
    renamed = SkillDoc("skill", "review", REVIEW.description, REVIEW.body)
    library.save(renamed, previous_name="code-review")
    assert library.list("skill") == [renamed]
    assert sorted(p.name for p in (library.config_dir / "skills").iterdir()) == ["review.md"]


def test_rename_onto_another_document_is_refused(library: MarkdownSkillLibrary) -> None:
    library.save(REVIEW)
    library.save(TESTS)
    clash = SkillDoc("skill", "tests-first", "x", "y")
    with pytest.raises(SkillExists):
        library.save(clash, previous_name="code-review")
    assert library.list("skill") == [REVIEW, TESTS]
    with pytest.raises(SkillNotFound, match="no skill named 'gone'"):
        library.save(REVIEW, previous_name="gone")


def test_delete(library: MarkdownSkillLibrary) -> None:
    library.save(REVIEW)
    library.save(TESTS)
    library.delete("skill", "code-review")
    assert library.list("skill") == [TESTS]
    assert not (library.config_dir / "skills" / "code-review.md").exists()
    with pytest.raises(SkillNotFound):
        library.delete("skill", "code-review")
    with pytest.raises(SkillNotFound):
        library.delete("agent", "tests-first")  # kinds are separate


def test_not_found_suggests_the_nearest_names(library: MarkdownSkillLibrary) -> None:
    library.save(REVIEW)
    library.save(TESTS)
    with pytest.raises(
        SkillNotFound, match=r"no skill named 'code-reveiw'; did you mean code-review"
    ):
        library.get("skill", "code-reveiw")
    with pytest.raises(SkillNotFound, match="known: code-review, tests-first") as caught:
        library.get("skill", "zzz")
    assert caught.value.known == ("code-review", "tests-first")


def test_unusable_files_are_skipped_and_reported(library: MarkdownSkillLibrary) -> None:
    library.save(REVIEW)
    write(library, "skills/bad.md", "---\nname: bad\nnot a pair\n---\nbody")
    write(library, "skills/Upper.md", "no header here")
    write(library, "skills/latin1.md", "caf\xe9".encode("latin-1"))
    write(library, "agents/empty.md", "---\nname: empty\n---\n")
    assert library.list("skill") == [REVIEW]
    assert library.list("agent") == []
    problems = library.problems()
    assert problems == [
        "skills/Upper.md: 'Upper' is not a usable name: use 1-40 lower-case letters, digits, "
        "'-' or '_', starting with a letter or digit",
        "skills/bad.md: header line 3 is not 'key: value': 'not a pair'",
        "skills/latin1.md: is not UTF-8 text (byte 3)",
        "agents/empty.md: agent 'empty' has no text",
    ]
    with pytest.raises(SkillNotFound, match="no skill named 'bad' can be used: header line 3"):
        library.get("skill", "bad")


def test_the_header_name_wins_and_duplicates_are_reported(library: MarkdownSkillLibrary) -> None:
    write(library, "skills/a-file.md", "---\nname: shared\n---\nfrom a-file")
    write(library, "skills/shared.md", "---\nname: shared\n---\nfrom shared")
    write(library, "skills/other.md", "---\nname: renamed\n---\nfrom other")
    assert [(d.name, d.body) for d in library.list("skill")] == [
        ("renamed", "from other"),
        ("shared", "from shared"),
    ]
    assert library.problems() == [
        "skills/a-file.md: duplicate: it is named 'shared' like skills/shared.md, which is used "
        "instead"
    ]
    # Saving the document named by a header rewrites it under its own file name.
    library.save(SkillDoc("skill", "renamed", "d", "new"), replace=True)
    assert not (library.config_dir / "skills" / "other.md").exists()
    assert library.get("skill", "renamed").body == "new"


def test_a_file_holding_another_name_is_never_overwritten(library: MarkdownSkillLibrary) -> None:
    path = write(library, "skills/alpha.md", "---\nname: beta\n---\nbeta's text")
    with pytest.raises(SkillLibraryError, match="holds the skill 'beta'"):
        library.save(SkillDoc("skill", "alpha", "", "x"), replace=True)
    assert path.read_text(encoding="utf-8") == "---\nname: beta\n---\nbeta's text"


def test_a_broken_file_is_not_overwritten_unless_replace(library: MarkdownSkillLibrary) -> None:
    path = write(library, "skills/fix-me.md", "---\nname: fix-me\n")
    with pytest.raises(SkillExists, match=r"skills/fix-me\.md exists"):
        library.save(SkillDoc("skill", "fix-me", "", "fixed"))
    assert path.read_text(encoding="utf-8") == "---\nname: fix-me\n"
    library.save(SkillDoc("skill", "fix-me", "", "fixed"), replace=True)
    assert library.get("skill", "fix-me").body == "fixed"
    assert library.problems() == []


def test_a_broken_file_can_be_deleted_by_its_name(library: MarkdownSkillLibrary) -> None:
    write(library, "skills/broken.md", "---\nname: broken\n")
    library.delete("skill", "broken")
    assert library.problems() == []


def test_oversize_files_are_refused_both_ways(library: MarkdownSkillLibrary) -> None:
    big = "---\nname: big\n---\n" + "x" * MAX_FILE_BYTES
    write(library, "skills/big.md", big)
    assert library.list("skill") == []
    assert library.problems() == [
        "skills/big.md: larger than 64 KiB; Parley reads skill files up to 64 KiB"
    ]
    with pytest.raises(SkillLibraryError, match="at most 64 KiB"):
        library.save(SkillDoc("skill", "huge", "", "y" * MAX_FILE_BYTES), replace=True)
    assert not (library.config_dir / "skills" / "huge.md").exists()
    just_fits = SkillDoc("skill", "fits", "d", "z" * (MAX_FILE_BYTES - 100))
    library.save(just_fits)
    assert library.get("skill", "fits") == just_fits


def test_writes_are_atomic_and_leave_no_temporary_files(
    library: MarkdownSkillLibrary, monkeypatch: pytest.MonkeyPatch
) -> None:
    library.save(REVIEW)
    path = library.config_dir / "skills" / "code-review.md"
    before = path.read_bytes()

    def fail_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail_replace)
    with pytest.raises(SkillLibraryError, match=r"cannot write .*No space left"):
        library.save(SkillDoc("skill", "code-review", "x", "half"), replace=True)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == ["code-review.md"]


def test_unknown_kind_is_an_error(library: MarkdownSkillLibrary) -> None:
    with pytest.raises(SkillLibraryError, match="kind must be one of skill, agent"):
        library.list("persona")


def test_folder_is_created_on_request(library: MarkdownSkillLibrary) -> None:
    folder = library.folder("agent")
    assert folder == library.config_dir / "agents" and not folder.exists()
    assert library.folder("agent", create=True).is_dir()
