"""Texts of the settings, keyring, sync, knowledge and schedules composed below the window are
recognised where they are shown (issue 20).

Each case takes a real English text as the layer below makes it, checks that its template is
marked (so ``make translations`` collects it), and that ``translate_text`` finds that template:
with a fake translation that wraps every text of the case's context in «…», the shown text is
the wrapped template filled with the same values. With the shipped German ``.qm`` the shown text
equals ``QCoreApplication.translate`` of the template, filled (true before and after the ``.ts``
files are filled in).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QCoreApplication, QTranslator

from parley.application.history.costs import _NOT_AN_AMOUNT
from parley.application.knowledge.folders import _NOT_A_FOLDER, FolderIndexSummary
from parley.application.schedules.service import MISSED
from parley.application.sync.engine import _NO_PAYLOAD, _QUARANTINED
from parley.domain.texts import marked
from parley.domain.usage.pricing import _NOT_A_NUMBER
from parley.infrastructure.config.json_settings_store import _NOT_HTTP
from parley.infrastructure.schedules.systemd import _ACTIVE, _NOT_ACTIVE
from parley.infrastructure.secrets.keyring_store import (
    _NO_BACKEND,
    _UNAVAILABLE,
    KeyringSecretStore,
)
from parley.infrastructure.team.postgres_connection import _REFUSED_LOGIN, _UNREACHABLE
from parley.ui.i18n.composed import translate_text
from tests.support.translators import Wrapping, installed
from tests.support.translators import german as german_translation

_CONTEXTS = frozenset(
    {"Costs", "Keyring", "Knowledge", "ProviderSettings", "Schedules", "Sync", "TeamStore"}
)


@pytest.fixture
def wrapping(qapp) -> Iterator[QTranslator]:
    with installed(Wrapping(_CONTEXTS)) as translator:
        yield translator


@pytest.fixture
def german(qapp) -> Iterator[QTranslator]:
    with installed(german_translation()) as translator:
        yield translator


def _no_keyring_reason() -> str:
    from keyring.backends import fail

    return KeyringSecretStore(backend=fail.Keyring()).unavailable_reason


def test_the_keyring_notice_is_marked_and_recognised_with_its_nested_reason(wrapping) -> None:
    reason = _no_keyring_reason()
    assert reason == _UNAVAILABLE.format(problem=_NO_BACKEND)  # the English is unchanged
    assert reason.startswith("no system keyring is available (no keyring backend was found;")
    assert marked()[_UNAVAILABLE] == "Keyring" and marked()[_NO_BACKEND] == "Keyring"
    assert translate_text(reason) == "«" + _UNAVAILABLE.format(problem=f"«{_NO_BACKEND}»") + "»"


@pytest.mark.parametrize(
    ("template", "values"),
    [
        (_REFUSED_LOGIN, {"where": "ana@db.example/team", "detail": "password authentication"}),
        (_UNREACHABLE, {"where": "ana@db.example/team", "detail": "connection refused"}),
        (_NO_PAYLOAD, {}),
        (MISSED, {}),
        (_ACTIVE, {"unit": "parley-schedule-0123456789ab"}),
        (_NOT_ACTIVE, {"problem": "systemctl --user is-active: inactive"}),
        (_NOT_A_NUMBER, {"text": "cheap"}),
        (_NOT_AN_AMOUNT, {"text": "lots"}),
        (_NOT_A_FOLDER, {"root": "/home/ana/notes"}),
        (_NOT_HTTP, {"name": "local", "url": "localhost:11434"}),
    ],
)
def test_sync_team_and_schedule_texts_are_recognised(wrapping, template, values) -> None:
    english = template.format(**values)
    assert template in marked()
    assert translate_text(english) == ("«" + template + "»").format(**values)


def test_a_quarantine_reason_with_a_nested_problem(wrapping) -> None:
    english = _QUARANTINED.format(server_id=7, device="dev-1", seq=3, sid="s1", problem=_NO_PAYLOAD)
    shown = translate_text(english)
    assert shown == ("«" + _QUARANTINED + "»").format(
        server_id=7, device="dev-1", seq=3, sid="s1", problem=f"«{_NO_PAYLOAD}»"
    )


def test_the_index_summary_is_english_by_default_and_translated_piece_by_piece(wrapping) -> None:
    summary = FolderIndexSummary("c", "/f", added=3, failed=1, chunks=1400, cancelled=True)
    assert summary.describe() == "Stopped: 3 added, 1 failed; 1,400 chunks indexed"
    shown = summary.describe(translate_text)
    assert shown == "«Stopped: «3 «added», 1 «failed»; 1,400 chunks indexed»»"


def test_with_the_shipped_german_the_shown_text_is_the_translated_template(german) -> None:
    reason = _no_keyring_reason()
    expected = QCoreApplication.translate("Keyring", _UNAVAILABLE).format(
        problem=QCoreApplication.translate("Keyring", _NO_BACKEND)
    )
    assert translate_text(reason) == expected
    english = _UNREACHABLE.format(where="ana@db/team", detail="timeout")
    assert translate_text(english) == QCoreApplication.translate("TeamStore", _UNREACHABLE).format(
        where="ana@db/team", detail="timeout"
    )


def test_pages_show_their_own_composed_lines_in_english_unchanged(qapp) -> None:
    """English: the lines built in the pages with ``translate`` read as before."""
    from parley.ui.history.costs_view import _rows, _turns
    from parley.ui.settings_pages.prices_page import _cell_problem, _not_saved

    assert _turns(1) == "1 turn" and _turns(1200) == "1,200 turns"
    assert _rows(2) == "2 member/model rows"
    assert _not_saved([_cell_problem(2, "Output $/Mtok", "'x' is not a number")]) == (
        "Not saved. Row 2, Output $/Mtok: 'x' is not a number"
    )


def test_real_errors_from_the_layers_below_are_recognised(wrapping) -> None:
    from parley.application.history.costs import parse_amount as parse_filter
    from parley.application.ports.settings_store import ProviderConfig, SettingsError
    from parley.domain.usage.pricing import PriceError, parse_amount
    from parley.infrastructure.config.json_settings_store import validate_provider

    with pytest.raises(PriceError) as price:
        parse_amount("cheap")
    assert str(price.value) == "'cheap' is not a number; write a price like 2.50"
    assert translate_text(str(price.value)) == "«'cheap' is not a number; write a price like 2.50»"
    with pytest.raises(ValueError) as amount:
        parse_filter("-1")
    assert translate_text(str(amount.value)).startswith("«'-1' is not an amount")
    with pytest.raises(SettingsError) as settings:
        validate_provider(ProviderConfig(name="local", kind="ollama", base_url="localhost"))
    assert translate_text(str(settings.value)) == f"«{settings.value}»"
