"""The window's translations (issue 20): complete, faithful to the source's placeholders, compiled.

- every ``.ts`` of a shipped language (German, French, Spanish, Simplified Chinese) has a
  finished, non-empty translation for each source text, and no obsolete or vanished entries;
- a translation keeps the source's placeholders (``{name}``, ``{count:,}``, ``%1``, ``%n``), its
  HTML tags and its ``&`` mnemonic (one if the source has one);
- the shipped ``.qm`` files are what ``pyside6-lrelease`` makes of the ``.ts`` today;
- no user-visible Qt text is passed as a bare string literal in ``ui/`` (the command line,
  ``ui/cli``, stays English): a lint over the syntax tree, so new code cannot slip back.
"""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
I18N = ROOT / "ui" / "i18n"
SHIPPED = ("de", "fr", "es", "zh_CN")
ALL_LANGUAGES = (*SHIPPED, "ar")

_PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*(?:![rsa])?(?::[^{}]*)?\}|%[0-9n]")
_TAG = re.compile(r"</?([a-zA-Z][a-zA-Z0-9]*)\b")
_MNEMONIC = re.compile(r"&(?!&)(?=\S)(?!(?:amp|lt|gt|quot|nbsp|#\d+);)")


def messages(lang: str) -> list[tuple[str, ET.Element]]:
    tree = ET.parse(I18N / f"parley_{lang}.ts")
    found = []
    for context in tree.getroot().iter("context"):
        name = context.findtext("name") or ""
        found.extend((name, message) for message in context.iter("message"))
    return found


def translations_of(message: ET.Element) -> list[str]:
    node = message.find("translation")
    assert node is not None
    forms = node.findall("numerusform")
    return [form.text or "" for form in forms] if forms else [node.text or ""]


def placeholders(text: str) -> Counter[str]:
    return Counter(_PLACEHOLDER.findall(text))


def tags(text: str) -> Counter[str]:
    return Counter(tag.lower() for tag in _TAG.findall(text))


def test_the_placeholder_check_can_fail() -> None:
    assert placeholders("Delete {title!r} and its {count:,} turns?") == Counter(
        {"{title!r}": 1, "{count:,}": 1}
    )
    assert placeholders("{title} löschen?") != placeholders("Delete {title!r}?")
    assert tags("<b>Bold</b> and <a href='x'>link</a>") == Counter({"b": 2, "a": 2})
    assert _MNEMONIC.findall("&Save && close") == ["&"]


@pytest.mark.parametrize("lang", ALL_LANGUAGES)
def test_each_language_has_its_ts_and_qm(lang: str) -> None:
    assert (I18N / f"parley_{lang}.ts").is_file()
    assert (I18N / f"parley_{lang}.qm").is_file()


@pytest.mark.parametrize("lang", SHIPPED)
def test_a_shipped_language_is_complete(lang: str) -> None:
    found = messages(lang)
    assert len(found) > 500  # the window's words, not a sample
    unfinished = []
    for context, message in found:
        source = message.findtext("source") or ""
        node = message.find("translation")
        assert node is not None
        kind = node.get("type", "")
        if kind in ("unfinished", "obsolete", "vanished") or not all(translations_of(message)):
            unfinished.append(f"{context}: {source!r} ({kind or 'empty'})")
    assert not unfinished, f"{len(unfinished)} unfinished in {lang}: {unfinished[:10]}"


@pytest.mark.parametrize("lang", ALL_LANGUAGES)
def test_translations_keep_the_placeholders_tags_and_mnemonics(lang: str) -> None:
    wrong = []
    for context, message in messages(lang):
        source = message.findtext("source") or ""
        for text in translations_of(message):
            if not text:
                continue  # unfinished (Arabic is partial): the source is shown
            where = f"{context}: {source!r} -> {text!r}"
            if placeholders(text) != placeholders(source):
                wrong.append(f"placeholders {where}")
            if tags(text) != tags(source):
                wrong.append(f"tags {where}")
            if bool(_MNEMONIC.search(source)) != bool(_MNEMONIC.search(text)):
                wrong.append(f"mnemonic {where}")
            if source.endswith("…") != text.endswith("…"):
                wrong.append(f"ellipsis {where}")
    assert not wrong, "\n".join(wrong[:20])


def test_the_qm_files_are_compiled_from_the_ts_files(tmp_path: Path) -> None:
    lrelease = shutil.which("pyside6-lrelease") or str(
        Path(__file__).parents[2] / ".venv/bin/pyside6-lrelease"
    )
    if not Path(lrelease).exists():
        pytest.skip("pyside6-lrelease missing (package PySide6)")
    stale = []
    for lang in ALL_LANGUAGES:
        fresh = tmp_path / f"parley_{lang}.qm"
        subprocess.run(
            [lrelease, "-silent", str(I18N / f"parley_{lang}.ts"), "-qm", str(fresh)],
            check=True,
            capture_output=True,
        )
        if fresh.read_bytes() != (I18N / f"parley_{lang}.qm").read_bytes():
            stale.append(lang)
    assert not stale, f"run `make translations`: the .qm of {stale} differ from their .ts"


def test_every_translatable_text_of_the_window_is_in_the_ts() -> None:
    """Each literal ``translate("Context", "text")`` of ui/ is an entry of the .ts (``make
    translations`` was run after the text was written)."""
    entries = {(context, message.findtext("source") or "") for context, message in messages("de")}
    missing = []
    for path, call in _calls(lambda name: name in ("translate", "tr")):
        if call.func.__class__ is ast.Attribute and getattr(call.func, "attr", "") == "tr":
            continue  # self.tr: the context is the class (checked by lupdate itself)
        if len(call.args) >= 2 and all(_literal(a) is not None for a in call.args[:2]):
            key = (_literal(call.args[0]), _literal(call.args[1]))
            if key not in entries:
                missing.append(f"{path.relative_to(ROOT)}:{call.lineno} {key}")
    assert not missing, "run `make translations`:\n" + "\n".join(missing[:20])


# -- the lint: no bare user-visible literal ---------------------------------------------------

#: Qt calls whose string arguments the user reads: name -> positions ("*" for every one).
QT_TEXT_CALLS: dict[str, tuple[int, ...] | str] = {
    "setText": (0,),
    "setWindowTitle": (0,),
    "setToolTip": (0,),
    "setPlaceholderText": (0,),
    "setStatusTip": (0,),
    "setWhatsThis": (0,),
    "setTitle": (0,),
    "setAccessibleName": (0,),
    "setAccessibleDescription": (0,),
    "setLabelText": (0,),
    "setInformativeText": (0,),
    "setDetailedText": (0,),
    "showMessage": (0,),
    "setTabText": (1,),
    "setTabToolTip": (1,),
    "setItemText": (1,),
    "addTab": "*",
    "insertTab": "*",
    "addAction": "*",
    "addMenu": "*",
    "setSuffix": (0,),
    "setPrefix": (0,),
    "setSpecialValueText": (0,),
    "addRow": (0,),
    "QLabel": "*",
    "QPushButton": "*",
    "QCheckBox": "*",
    "QRadioButton": "*",
    "QGroupBox": "*",
    "QAction": "*",
    "QMenu": "*",
    "QCommandLinkButton": "*",
    "getText": (1, 2),
    "getItem": (1, 2),
    "getOpenFileName": (1,),
    "getOpenFileNames": (1,),
    "getSaveFileName": (1,),
    "getExistingDirectory": (1,),
}
#: QMessageBox's static dialogs: the title and the text.
MESSAGE_BOX_CALLS = ("question", "information", "warning", "critical", "about")
#: Files that are not the window's: the command line stays English (docs/translations.md).
NOT_TRANSLATED = ("ui/cli/",)
#: Literals that are not words (symbols, marks): shown as they are in every language.
NOT_WORDS = re.compile(r"^[\W\d_]*$")
#: Literals that are the same in every language: the product's name, code shown as an example.
SAME_IN_EVERY_LANGUAGE = re.compile(r"^(Parley|\{.*\})$", re.DOTALL)


def _literal(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _calls(wanted) -> list[tuple[Path, ast.Call]]:  # type: ignore[no-untyped-def]
    found = []
    for path in sorted((ROOT / "ui").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith(NOT_TRANSLATED):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if wanted(name):
                    found.append((path, node))
    return found


def _bare(node: ast.AST) -> bool:
    """A string literal or f-string with words in it (not wrapped in translate/tr)."""
    if isinstance(node, ast.IfExp):
        return _bare(node.body) or _bare(node.orelse)
    if isinstance(node, ast.JoinedStr):
        text = "".join(v.value if isinstance(v, ast.Constant) else "" for v in node.values)
        return not NOT_WORDS.match(text)
    text = _literal(node)
    return text is not None and not (NOT_WORDS.match(text) or SAME_IN_EVERY_LANGUAGE.match(text))


def bare_texts() -> list[str]:
    found = []
    for path, call in _calls(lambda name: name in QT_TEXT_CALLS or name in MESSAGE_BOX_CALLS):
        func = call.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name in MESSAGE_BOX_CALLS:
            owner = func.value if isinstance(func, ast.Attribute) else None
            if not (isinstance(owner, ast.Name) and owner.id == "QMessageBox"):
                continue  # log.warning, not a dialog
            positions: tuple[int, ...] | str = (1, 2)
        else:
            positions = QT_TEXT_CALLS[name]
        for i, arg in enumerate(call.args):
            if (positions == "*" or i in positions) and _bare(arg):
                found.append(f"{path.relative_to(ROOT)}:{call.lineno} {ast.unparse(arg)[:60]}")
    return found


def test_the_lint_finds_a_bare_text() -> None:
    call = ast.parse('label.setText("Save")').body[0].value  # type: ignore[attr-defined]
    assert _bare(call.args[0])
    assert not _bare(ast.parse('translate("Ctx", "Save")').body[0].value)  # type: ignore[attr-defined]
    assert not _bare(ast.parse('"→ 100 %"').body[0].value)  # type: ignore[attr-defined]
    assert not _bare(ast.parse('"Parley"').body[0].value)  # type: ignore[attr-defined]
    assert _bare(ast.parse('f"Saved {name}."').body[0].value)  # type: ignore[attr-defined]


def test_no_user_visible_text_is_a_bare_literal() -> None:
    found = bare_texts()
    assert not found, (
        f"{len(found)} texts are not translatable; wrap them in "
        'translate("Context", "…") (docs/translations.md):\n' + "\n".join(found[:30])
    )
