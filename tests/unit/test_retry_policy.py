"""The retry policy: what is retried, when, how long it waits — no network needed.

The inner provider here is a scripted stand-in (the thing under test is the wrapper); the real
adapters are exercised against a local server in tests/integration.
"""

from __future__ import annotations

import threading
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parley.application.conversations.retry import RetryingProvider, RetryPolicy
from parley.application.ports.chat_provider import (
    AuthenticationError,
    ChatRequest,
    FinishDelta,
    IncompleteStreamError,
    ProviderConnectionError,
    ProviderError,
    ProviderTimeout,
    QuotaExceededError,
    RetryDelta,
    TextDelta,
    UsageDelta,
    http_error,
)
from parley.domain.transcript.canonical import Usage

REQUEST = ChatRequest(model="m", messages=())


class Scripted:
    """Each call to ``stream`` plays the next script: deltas to yield, then maybe an error."""

    kind = "test"
    default_model = "m"

    def __init__(self, *scripts):
        self.scripts = list(scripts)
        self.calls = 0

    def list_models(self):
        return ["m"]

    def stream(self, request, cancel):
        deltas, error = self.scripts[self.calls]
        self.calls += 1
        yield from deltas
        if error is not None:
            raise error


def collect(provider, cancel=None):
    cancel = cancel or threading.Event()
    out = []
    try:
        for delta in provider.stream(REQUEST, cancel):
            out.append(delta)
    except ProviderError as exc:
        return out, exc
    return out, None


NO_WAIT = RetryPolicy(max_attempts=4, base_delay=0.0, max_delay=0.0)


def test_retryable_error_before_any_content_is_retried_until_success():
    inner = Scripted(
        ([], http_error(503, "busy")),
        ([UsageDelta(Usage(1))], http_error(429, "slow down")),  # usage is not content
        ([TextDelta("ok"), FinishDelta("stop")], None),
    )
    deltas, error = collect(RetryingProvider(inner, NO_WAIT))
    assert error is None
    assert inner.calls == 3
    retries = [d for d in deltas if isinstance(d, RetryDelta)]
    assert [(r.attempt, r.max_attempts) for r in retries] == [(2, 4), (3, 4)]
    assert "HTTP 503" in retries[0].reason and "HTTP 429" in retries[1].reason
    assert [d.text for d in deltas if isinstance(d, TextDelta)] == ["ok"]


def test_no_retry_once_content_arrived_and_nothing_is_lost():
    inner = Scripted(([TextDelta("half an ")], ProviderConnectionError("reset")), ([], None))
    deltas, error = collect(RetryingProvider(inner, NO_WAIT))
    assert isinstance(error, ProviderConnectionError)
    assert inner.calls == 1
    assert deltas == [TextDelta("half an ")]


@pytest.mark.parametrize(
    "error",
    [
        http_error(400, "bad"),
        http_error(401, "bad key"),
        http_error(403, "forbidden"),
        http_error(404, "no such model"),
        http_error(429, "You exceeded your current quota", code="insufficient_quota"),
        http_error(429, "limit", code="enforced_spend_limit_reached"),
        ProviderTimeout("the provider stopped responding"),
        IncompleteStreamError("cut"),
    ],
)
def test_non_retryable_errors_are_raised_at_once(error):
    inner = Scripted(([], error), ([], None))
    _deltas, raised = collect(RetryingProvider(inner, NO_WAIT))
    assert raised is error
    assert inner.calls == 1


def test_attempts_are_capped_and_the_error_says_so():
    inner = Scripted(*[([], http_error(502, "bad gateway"))] * 5)
    deltas, error = collect(RetryingProvider(inner, RetryPolicy(3, 0.0, 0.0)))
    assert inner.calls == 3
    assert "gave up after 3 attempts" in str(error)
    assert len([d for d in deltas if isinstance(d, RetryDelta)]) == 2


def test_retry_after_longer_than_the_cap_is_not_waited_for():
    inner = Scripted(([], http_error(429, "wait", retry_after=3600.0)), ([], None))
    _deltas, error = collect(RetryingProvider(inner, RetryPolicy(4, 1.0, 30.0)))
    assert inner.calls == 1
    assert "asked to wait 3600 s" in str(error)


def test_cancel_during_the_wait_ends_the_stream_quietly():
    inner = Scripted(([], http_error(503, "busy")), ([TextDelta("never")], None))
    cancel = threading.Event()
    provider = RetryingProvider(inner, RetryPolicy(4, base_delay=30.0, max_delay=30.0, jitter=0))
    threading.Timer(0.2, cancel.set).start()
    started = time.monotonic()
    deltas, error = collect(provider, cancel)
    assert error is None
    assert time.monotonic() - started < 5  # not the 30 s wait
    assert inner.calls == 1
    assert [type(d) for d in deltas] == [RetryDelta]


def test_quota_words_in_a_429_are_not_retried():
    error = http_error(429, "Your credit balance is too low to access the API")
    assert isinstance(error, QuotaExceededError) and not error.retryable


def test_http_error_kinds():
    assert isinstance(http_error(401, "x"), AuthenticationError)
    cases = {
        (403, ""): "permission",
        (404, "model_not_found"): "not_found",
        (408, ""): "server_error",
        (409, ""): "server_error",
        (429, "rate_limit_exceeded"): "rate_limited",
        (529, "overloaded_error"): "overloaded",
        (503, "overloaded_error"): "overloaded",
        (400, "context_length_exceeded"): "context_too_long",
        (400, "content_filter"): "content_filtered",
        (422, ""): "bad_request",
        (500, ""): "server_error",
        (402, ""): "quota_exceeded",
        (429, "RESOURCE_EXHAUSTED"): "rate_limited",
    }
    for (status, code), kind in cases.items():
        error = http_error(status, "msg", code=code)
        assert error.kind == kind, (status, code)
        assert f"(HTTP {status}): msg" in str(error)
    retryable = {s for s in range(400, 600) if http_error(s, "x").retryable}
    assert {408, 409, 429, 500, 502, 503, 504, 529} <= retryable
    assert not {400, 401, 403, 404, 422} & retryable


@settings(deadline=None, max_examples=200)
@given(
    attempt=st.integers(1, 10),
    retry_after=st.none() | st.floats(0, 100, allow_nan=False),
    r=st.floats(0, 1),
)
def test_delay_is_within_bounds_and_honours_retry_after(attempt, retry_after, r):
    policy = RetryPolicy(max_attempts=10, base_delay=0.5, max_delay=20.0, jitter=0.25)
    wait = policy.delay(attempt, retry_after, rng=lambda: r)
    if retry_after is not None and retry_after > policy.max_delay:
        assert wait is None
        return
    assert wait is not None
    assert 0 <= wait <= policy.max_delay
    if retry_after is not None:
        assert wait >= retry_after
    expected = 0.5 * 2 ** (attempt - 1)
    assert wait >= min(expected * 0.75, policy.max_delay) - 1e-9


def test_policy_rejects_nonsense():
    with pytest.raises(ValueError):
        RetryPolicy(max_attempts=0)
    with pytest.raises(ValueError):
        RetryPolicy(jitter=2)
