"""Token totals over turns: ``Usage.plus`` adds, ``Usage.merged`` updates (issue 13).

The conversation total in the main window showed only the last turn, because it was built with
``merged`` (later figure wins — right for one provider call reporting growing counts, wrong for
adding turns up). The History window's figures (``application.history.documents._figures``) were
right; the two must agree.
"""

from __future__ import annotations

import dataclasses
import functools

from hypothesis import given, settings
from hypothesis import strategies as st

from parley.application.history.documents import _figures
from parley.domain.transcript.canonical import StoredEvent, TurnFinished, TurnStarted, Usage

FAST = settings(deadline=None, max_examples=60)

counts = st.none() | st.integers(min_value=0, max_value=10**9)
usages = st.builds(
    Usage,
    input_tokens=counts,
    output_tokens=counts,
    total_tokens=counts,
    reasoning_tokens=counts,
    cached_tokens=counts,
)


def total(items: list[Usage]) -> Usage:
    return functools.reduce(Usage.plus, items, Usage())


@FAST
@given(items=st.lists(usages, max_size=12))
def test_the_total_of_turns_is_the_sum_of_each_figure(items):
    summed = total(items)
    for f in dataclasses.fields(Usage):
        figures = [getattr(u, f.name) for u in items]
        reported = [x for x in figures if x is not None]
        # A figure no turn reported stays unknown; otherwise the unknown ones count as nothing.
        assert getattr(summed, f.name) == (sum(reported) if reported else None)


@FAST
@given(a=usages, b=usages, c=usages)
def test_plus_is_commutative_and_associative_with_an_empty_usage_as_zero(a, b, c):
    assert a.plus(b) == b.plus(a)
    assert a.plus(b).plus(c) == a.plus(b.plus(c))
    assert a.plus(Usage()) == a == Usage().plus(a)


def test_two_turns_add_up_where_merged_would_keep_only_the_last():
    first, second = Usage(input_tokens=5, output_tokens=7), Usage(input_tokens=11, output_tokens=3)
    assert first.plus(second) == Usage(input_tokens=16, output_tokens=10)
    assert first.merged(second) == second  # merged keeps its meaning: the later figures win


@FAST
@given(items=st.lists(usages, min_size=1, max_size=8))
def test_the_sum_agrees_with_the_history_windows_figures(items):
    events = []
    for i, usage in enumerate(items):
        turn = f"t{i}"
        started = TurnStarted(provider_id="p", model="m")
        finished = TurnFinished(status="completed", usage=usage)
        events.append(StoredEvent(2 * i + 1, "2026-01-01T00:00:00Z", "s", turn, started))
        events.append(StoredEvent(2 * i + 2, "2026-01-01T00:00:01Z", "s", turn, finished))
    figures = _figures(events)
    summed = total(items)
    assert (summed.input_tokens or 0) == figures.input_tokens
    assert (summed.output_tokens or 0) == figures.output_tokens
