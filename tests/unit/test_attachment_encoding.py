"""``encoding.decode_bytes``: UTF-8, BOMs and declarations are not guesses; a guess is the most
plausible strict reading, weighs the user's language, and noise is still refused."""

from __future__ import annotations

import codecs
import random

import pytest

from parley.infrastructure.attachments.detect import ReadFailure
from parley.infrastructure.attachments.encoding import LEGACY_ENV, decode_bytes, encoding_label

# Public-domain sentences (Mickiewicz, Hugo, a Czech pangram), encoded here.
POLISH = "Litwo! Ojczyzno moja! ty jesteś jak zdrowie: ile cię trzeba cenić, ten tylko się dowie"
FRENCH = "l'auteur de ce livre trouva, dans un recoin obscur de l'une des tours, ce mot gravé"
CZECH = "Příliš žluťoučký kůň úpěl ďábelské ódy."


def test_utf8_a_bom_and_a_declaration_are_not_guesses() -> None:
    assert decode_bytes(POLISH.encode(), "a.txt").guessed is False
    assert decode_bytes(codecs.BOM_UTF8 + b"x", "a.txt").guessed is False
    declared = decode_bytes(FRENCH.encode("cp1252"), "a.html", declared="windows-1252")
    assert (declared.text, declared.guessed) == (FRENCH, False)


@pytest.mark.parametrize(
    ("text", "codec", "label"),
    [
        (POLISH, "iso-8859-2", "iso-8859-2"),
        (POLISH, "cp1250", "windows-1250"),
        (CZECH, "iso-8859-2", "iso-8859-2"),
        (CZECH, "cp1250", "windows-1250"),
        (FRENCH, "cp1252", "windows-1252"),
    ],
)
def test_central_and_western_european_texts_are_guessed_right(
    text: str, codec: str, label: str
) -> None:
    got = decode_bytes(text.encode(codec), "a.txt")
    assert got.text == text
    assert got.guessed and got.label == label
    assert 0.0 < got.confidence <= 1.0


def test_a_declared_latin1_page_is_read_as_browsers_read_it() -> None:
    data = "“Ceci tuera cela” — 12 €".encode("cp1252")  # labelled iso-8859-1, as pages often are
    got = decode_bytes(data, "a.html", declared="iso-8859-1")
    assert (got.text, got.guessed) == ("“Ceci tuera cela” — 12 €", False)


def test_the_users_language_breaks_a_tie(monkeypatch: pytest.MonkeyPatch) -> None:
    data = "JASNOŚĆ".encode("cp1250")  # cp1252 reads "JASNOŒÆ": both are letters
    monkeypatch.setenv(LEGACY_ENV, "cp1250")
    assert decode_bytes(data, "a.csv").text == "JASNOŚĆ"


def test_noise_is_refused_although_latin1_decodes_every_byte() -> None:
    noise = b"hello " + random.Random(7).randbytes(3000).replace(b"\0", b"\x01")
    with pytest.raises(ReadFailure) as failure:
        decode_bytes(noise, "noise.txt")
    assert failure.value.kind == "undecodable"


def test_labels_are_the_names_people_know() -> None:
    assert encoding_label("cp1252") == "windows-1252"
    assert encoding_label("latin2") == "iso-8859-2"
    assert encoding_label("cp932") == "shift_jis"
