"""The sampling policy (``application/mcp/sampling.SamplingService``) with a stand-in completer:
the person is asked every time, a no is a refusal, the caps hold, no model means no question,
the provider's failure and a cancel are refusals, and nothing but sizes is logged."""

from __future__ import annotations

import logging
import threading

import pytest

from parley.application.mcp.sampling import (
    MAX_SAMPLING_CHARS,
    SamplingService,
    cut_at_stop,
)
from parley.application.mcp.server_requests import (
    SamplingMessage,
    SamplingRefused,
    SamplingReply,
    SamplingRequest,
    ServerRequests,
)
from parley.application.ports.chat_provider import RateLimitedError

SECRET_WORDS = "the launch code is 0000"


def request(text: str = SECRET_WORDS, **fields: object) -> SamplingRequest:
    return SamplingRequest(
        "notes",
        (SamplingMessage("user", text),),
        **fields,  # type: ignore[arg-type]
    )


class Completer:
    def __init__(self, text: str = "done") -> None:
        self.text = text
        self.calls: list[SamplingRequest] = []
        self.cancel: threading.Event | None = None

    def __call__(self, req: SamplingRequest, cancel: threading.Event) -> SamplingReply:
        self.calls.append(req)
        self.cancel = cancel
        return SamplingReply(self.text, "m-1")


class Person:
    def __init__(self, *answers: bool) -> None:
        self.answers = list(answers)
        self.asked: list[tuple[SamplingRequest, str]] = []

    def __call__(self, req: SamplingRequest, model: str) -> bool:
        self.asked.append((req, model))
        return self.answers.pop(0)


def test_yes_runs_the_completion_and_says_which_model() -> None:
    complete, person = Completer("a haiku"), Person(True)
    handler = SamplingService(complete, lambda: "OpenAI · gpt-4o-mini").handler(person)

    reply = handler(request(max_tokens=200))

    assert reply == SamplingReply("a haiku", "m-1")
    assert [(r.max_tokens, m) for r, m in person.asked] == [(200, "OpenAI · gpt-4o-mini")]
    assert complete.calls == [request(max_tokens=200)]


def test_no_is_a_refusal_and_nothing_runs() -> None:
    complete = Completer()
    handler = SamplingService(complete, lambda: "M").handler(Person(False))

    with pytest.raises(SamplingRefused, match="declined"):
        handler(request())
    assert complete.calls == []


def test_asked_every_time_no_answer_is_remembered() -> None:
    complete, person = Completer(), Person(True, False, True)
    handler = SamplingService(complete, lambda: "M").handler(person)

    handler(request())
    with pytest.raises(SamplingRefused):
        handler(request())
    handler(request())

    assert len(person.asked) == 3 and len(complete.calls) == 2


def test_max_tokens_is_capped_and_the_person_sees_the_cap() -> None:
    complete, person = Completer(), Person(True)
    SamplingService(complete, lambda: "M", max_tokens=4096).handler(person)(
        request(max_tokens=1_000_000)
    )
    assert person.asked[0][0].max_tokens == 4096
    assert complete.calls[0].max_tokens == 4096


@pytest.mark.parametrize("tokens", [0, -5])
def test_no_tokens_asked_is_refused(tokens: int) -> None:
    person = Person(True)
    with pytest.raises(SamplingRefused, match=f"asks for {tokens} tokens"):
        SamplingService(Completer(), lambda: "M").handler(person)(request(max_tokens=tokens))
    assert person.asked == []


def test_too_much_text_is_refused_before_asking() -> None:
    person, complete = Person(True), Completer()
    handler = SamplingService(complete, lambda: "M").handler(person)
    just_fits = request("x" * (MAX_SAMPLING_CHARS - 10), system_prompt="s" * 10)
    over = request("x" * (MAX_SAMPLING_CHARS - 10), system_prompt="s" * 11)

    handler(just_fits)
    with pytest.raises(SamplingRefused, match=r"too long: 200,001 characters.*at most 200,000"):
        handler(over)
    assert len(person.asked) == 1 and len(complete.calls) == 1


def test_no_messages_is_refused() -> None:
    person = Person(True)
    empty = SamplingRequest("notes", ())
    with pytest.raises(SamplingRefused, match="no messages"):
        SamplingService(Completer(), lambda: "M").handler(person)(empty)
    assert person.asked == []


def test_no_model_configured_refuses_without_asking() -> None:
    person, complete = Person(True), Completer()
    with pytest.raises(SamplingRefused, match="no model is configured"):
        SamplingService(complete, lambda: "").handler(person)(request())
    assert person.asked == [] and complete.calls == []


def test_the_providers_failure_is_a_refusal_naming_it() -> None:
    def failing(_req: SamplingRequest, _cancel: threading.Event) -> SamplingReply:
        raise RateLimitedError(429, "slow down")

    with pytest.raises(SamplingRefused, match=r"the model could not answer: .*slow down"):
        SamplingService(failing, lambda: "M").handler(Person(True))(request())


def test_cancel_all_stops_a_running_completion() -> None:
    started, release = threading.Event(), threading.Event()
    service: SamplingService

    def slow(_req: SamplingRequest, cancel: threading.Event) -> SamplingReply:
        started.set()
        cancel.wait(10)  # as a provider stream does between reads
        release.set()
        return SamplingReply("partial", "m")

    service = SamplingService(slow, lambda: "M")
    outcome: list[BaseException | SamplingReply] = []

    def run() -> None:
        try:
            outcome.append(service.handler(Person(True))(request()))
        except SamplingRefused as exc:
            outcome.append(exc)

    worker = threading.Thread(target=run)
    worker.start()
    assert started.wait(10)
    service.cancel_all()
    worker.join(10)
    assert release.is_set()
    assert isinstance(outcome[0], SamplingRefused) and "cancelled" in str(outcome[0])


def test_only_sizes_are_logged(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    handler = SamplingService(Completer("the answer is 0000"), lambda: "M").handler(Person(True))
    handler(request(system_prompt="secret system words"))
    logged = caplog.text
    assert "notes" in logged and str(len(SECRET_WORDS) + 19) in logged
    assert "launch code" not in logged and "secret system" not in logged
    assert "answer is" not in logged


def test_through_the_relay_a_no_reaches_the_caller_as_refused() -> None:
    relay = ServerRequests()
    relay.install(sample=SamplingService(Completer(), lambda: "M").handler(Person(False)))
    with pytest.raises(SamplingRefused, match="declined"):
        relay.sample(request())


@pytest.mark.parametrize(
    ("text", "searched", "cut"),
    [
        ("one STOP two", 0, ("one ", True)),
        ("one ST", 0, ("one ST", False)),
        ("one STOP", 5, ("one ", True)),  # the stop straddled what was searched before
        ("a END b STOP", 0, ("a ", True)),  # the first of several
    ],
)
def test_cut_at_stop(text: str, searched: int, cut: tuple[str, bool]) -> None:
    assert cut_at_stop(text, ("STOP", "END"), searched) == cut
