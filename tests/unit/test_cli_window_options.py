"""``parley`` with only profile options opens the window without building the full parser
(``ui.cli.window_options``): whatever it accepts, the full parser reads the same way, and
anything else is left to the full parser."""

from __future__ import annotations

import pytest

from parley.ui.cli import build_parser, window_options


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["--data-dir", "/d"],
        ["--config-dir", "/c"],
        ["--data-dir=/d", "--config-dir", "/c"],
        ["--config-dir", "/c", "--data-dir", "/d", "--data-dir", "/e"],  # the last one wins
        ["--data-dir", "with space/and=sign"],
    ],
)
def test_what_the_fast_path_accepts_the_full_parser_reads_the_same(argv):
    found = window_options(argv)
    assert found is not None
    args = build_parser().parse_args(argv)
    assert args.command is None
    assert found == {"data_dir": args.data_dir, "config_dir": args.config_dir}


@pytest.mark.parametrize(
    "argv",
    [
        ["--help"],
        ["ask", "hi"],
        ["--data", "/d"],  # an abbreviation: argparse decides
        ["--data-dir"],  # a missing value: argparse says so
        ["--data-dir", "-x"],
        ["--data-dir="],
        ["--data-dir", "/d", "history", "list"],
    ],
)
def test_anything_else_goes_to_the_full_parser(argv):
    assert window_options(argv) is None
