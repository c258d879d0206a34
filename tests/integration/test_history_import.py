"""Importing ChatGPT and Claude data exports (and Parley's own) into a real SQLite event store.

The fixtures below are small, made-up conversations written in the documented shape of each
service's ``conversations.json`` (see ``application.history.importers``), with the parts that make
importing hard: branches (an edited message), hidden system context, tool invocations, image parts,
attachments, thinking blocks and fields this importer does not know.
"""

from __future__ import annotations

import json
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from parley.application.conversations.render import history_messages
from parley.application.history.export import export_session
from parley.application.history.importers import (
    CHATGPT_PROVIDER,
    CLAUDE_PROVIDER,
    ImportFormatError,
    import_data,
    import_file,
    import_session_id,
    parse_export,
)
from parley.application.ports.event_store import EventStoreError
from parley.domain.transcript.canonical import (
    AttachmentAdded,
    Fact,
    StoredEvent,
    TurnStarted,
    UserMessage,
    event_type,
    to_payload,
)
from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore, default_db_path
from tests.integration.test_cli import Profile
from tests.support.cli_profile import headless  # noqa: F401 (a fixture)

# Every test runs as on a headless machine, whatever the environment says.
pytestmark = pytest.mark.usefixtures("headless")

LISBON_ID = "6790c1a2-4f1e-8000-a3b1-0c9d2e7f1a01"
ARITHMETIC_ID = "6790c1a2-4f1e-8000-a3b1-0c9d2e7f1a02"
PARSER_UUID = "c0ffee00-1111-4222-8333-444455556666"
COLOURS_UUID = "c0ffee00-1111-4222-8333-777788889999"
EMPTY_UUID = "c0ffee00-1111-4222-8333-000000000000"
CLAUDE_ROOT = "00000000-0000-4000-8000-000000000000"


# -- fixtures: a ChatGPT export -------------------------------------------------------------------


def gpt_node(
    node_id: str,
    parent: str | None,
    children: list[str],
    role: str | None = None,
    parts: list[Any] | None = None,
    *,
    content_type: str = "text",
    recipient: str = "all",
    metadata: dict[str, Any] | None = None,
    create_time: float | None = 1_714_550_400.0,
) -> dict[str, Any]:
    message = None
    if role is not None:
        message = {
            "id": node_id,
            "author": {"role": role, "name": None, "metadata": {}},
            "create_time": create_time,
            "update_time": None,
            "content": {"content_type": content_type, "parts": parts or []},
            "status": "finished_successfully",
            "end_turn": True,
            "weight": 1.0,
            "metadata": metadata or {},
            "recipient": recipient,
            "channel": None,  # a field this importer does not know
        }
    return {"id": node_id, "message": message, "parent": parent, "children": children}


def chatgpt_export() -> list[dict[str, Any]]:
    lisbon_nodes = [
        gpt_node("root", None, ["sys"]),
        gpt_node(
            "sys", "root", ["u1"], "system", [""],
            metadata={"is_visually_hidden_from_conversation": True},
        ),
        gpt_node("u1", "sys", ["a1"], "user", ["Plan three days in Lisbon for me."]),
        gpt_node(
            "a1", "u1", ["u2-old", "u2"], "assistant",
            ["Day 1: Alfama and the castle.\nDay 2: Belém.\nDay 3: LX Factory."],
            metadata={"model_slug": "gpt-4o", "finish_details": {"type": "stop"}},
        ),
        # the branch the user abandoned by editing their message
        gpt_node("u2-old", "a1", ["a2-old"], "user", ["Make it cheaper."]),
        gpt_node(
            "a2-old", "u2-old", [], "assistant", ["A cheaper plan: picnic in the park."],
            metadata={"model_slug": "gpt-4o"},
        ),
        # the displayed branch: an image part, an attachment, a code-interpreter detour
        gpt_node(
            "u2", "a1", ["t1"], "user",
            [
                {"content_type": "image_asset_pointer", "asset_pointer": "file-service://f-1",
                 "size_bytes": 12345, "width": 640, "height": 480},
                "Add a day trip to Sintra; here is the map.",
            ],
            content_type="multimodal_text",
            metadata={"attachments": [
                {"id": "f-1", "name": "map.png", "size": 12345, "mimeType": "image/png"}
            ]},
        ),
        gpt_node(
            "t1", "u2", ["t2"], "assistant", None, content_type="code", recipient="python",
            metadata={"model_slug": "gpt-4o"},
        ),
        gpt_node("t2", "t1", ["a2"], "tool", ["train times: 09:11, 09:31"],
                 content_type="execution_output"),
        gpt_node(
            "a2", "t2", [], "assistant",
            ["Day 4: Sintra — take the 09:11 train from Rossio."],
            metadata={"model_slug": "gpt-4o"},
        ),
    ]  # fmt: skip
    lisbon_nodes[7]["message"]["content"] = {  # code content has text, not parts
        "content_type": "code",
        "language": "python",
        "text": "print(timetable('Rossio', 'Sintra'))",
    }
    arithmetic_nodes = [
        gpt_node("r", None, ["q"]),
        gpt_node("q", "r", ["a"], "user", ["What is 2 + 2?"], create_time=1_714_640_000.0),
        gpt_node("a", "q", [], "assistant", ["4."], create_time=1_714_640_001.0),
    ]
    return [
        {
            "title": "Trip to Lisbon",
            "create_time": 1_714_550_400.0,
            "update_time": 1_714_554_000.0,
            "mapping": {n["id"]: n for n in lisbon_nodes},
            "moderation_results": [],
            "current_node": "a2",
            "plugin_ids": None,
            "conversation_id": LISBON_ID,
            "conversation_template_id": None,
            "gizmo_id": None,
            "is_archived": False,
            "safe_urls": [],
            "default_model_slug": "gpt-4o",
            "id": LISBON_ID,
        },
        {
            "title": "",
            "create_time": 1_714_640_000.0,
            "mapping": {n["id"]: n for n in arithmetic_nodes},
            # no current_node: the newest leaf is the displayed one
            "id": ARITHMETIC_ID,
        },
    ]


# -- fixtures: a Claude export --------------------------------------------------------------------


def claude_message(
    uuid: str, sender: str, text: str, created: str, parent: str | None = None, **extra: Any
) -> dict[str, Any]:
    message: dict[str, Any] = {
        "uuid": uuid,
        "text": text,
        "content": [
            {
                "start_timestamp": created,
                "stop_timestamp": created,
                "type": "text",
                "text": text,
                "citations": [],
            }
        ],
        "sender": sender,
        "created_at": created,
        "updated_at": created,
        "attachments": [],
        "files": [],
    }
    if parent is not None:
        message["parent_message_uuid"] = parent
    message.update(extra)
    return message


def claude_export() -> list[dict[str, Any]]:
    review_answer = claude_message(
        "p2", "assistant", "", "2024-06-01T08:00:20.000000Z",
    )  # fmt: skip
    review_answer["content"] = [
        {"type": "thinking", "thinking": "Check the edge cases first.", "summaries": []},
        {"type": "text", "text": "It works, but `parse('')` returns '' instead of raising."},
        {"type": "tool_use", "name": "repl", "input": {"code": "parse('')"}},
    ]
    review_answer["text"] = ""
    return [
        {
            "uuid": PARSER_UUID,
            "name": "Review the parser",
            "created_at": "2024-06-01T08:00:00.000000Z",
            "updated_at": "2024-06-01T08:05:00.000000Z",
            "account": {"uuid": "acc-0001"},
            "chat_messages": [
                claude_message(
                    "p1", "human", "Can you review parser.py?", "2024-06-01T08:00:10.000000Z",
                    attachments=[{
                        "file_name": "parser.py",
                        "file_size": 27,
                        "file_type": "text/x-python",
                        "extracted_content": "def parse(x):\n    return x\n",
                    }],
                    files=[{"file_name": "diagram.png", "file_uuid": "f-9"}],
                ),
                review_answer,
                claude_message("p3", "human", "Thanks!", "2024-06-01T08:01:00.000000Z"),
                claude_message(
                    "p4", "assistant", "You're welcome.", "2024-06-01T08:01:05.000000Z"
                ),
            ],
        },
        {
            "uuid": COLOURS_UUID,
            "name": "Colours",
            "created_at": "2024-06-02T10:00:00.000000Z",
            "updated_at": "2024-06-02T10:06:00.000000Z",
            "chat_messages": [
                claude_message("c1", "human", "Name a colour.", "2024-06-02T10:00:00Z",
                               CLAUDE_ROOT),
                claude_message("c2", "assistant", "Blue.", "2024-06-02T10:01:00Z", "c1"),
                claude_message("c3", "human", "Another one.", "2024-06-02T10:02:00Z", "c2"),
                claude_message("c4", "assistant", "Green.", "2024-06-02T10:03:00Z", "c3"),
                # the user edited "Another one." into this: the branch Claude now shows
                claude_message("c3b", "human", "Name a fruit instead.", "2024-06-02T10:05:00Z",
                               "c2"),
                claude_message("c4b", "assistant", "An apple.", "2024-06-02T10:06:00Z", "c3b"),
            ],
        },
        {
            "uuid": EMPTY_UUID,
            "name": "",
            "created_at": "2024-06-03T00:00:00Z",
            "updated_at": "2024-06-03T00:00:00Z",
            "chat_messages": [],
        },
    ]  # fmt: skip


# -- helpers --------------------------------------------------------------------------------------


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SqliteEventStore]:
    with SqliteEventStore(tmp_path / "parley.db") as s:
        yield s


def write_json(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def shape(events: list[StoredEvent]) -> list[tuple[str, dict[str, Any]]]:
    """Each event's type and payload, with the turn boundaries visible through turn_started."""
    return [(e.type_name, to_payload(e.event)) for e in events]


def turn_started(provider: str, model: str) -> tuple[str, dict[str, Any]]:
    return ("turn_started", to_payload(TurnStarted(provider_id=provider, model=model)))


def user(text: str) -> tuple[str, dict[str, Any]]:
    return ("user_message", {"text": text, "source": "import"})


def answer(text: str, model: str) -> tuple[str, dict[str, Any]]:
    return (
        "assistant_text",
        {"text": text, "model": model, "finish_reason": "", "partial": False},
    )


FINISHED = (
    "turn_finished",
    {"status": "completed", "usage": {}, "duration_s": 0.0, "error": "", "error_kind": ""},
)


def fact(text: str) -> tuple[str, dict[str, Any]]:
    return ("fact", {"text": text})


def attachment(**fields: Any) -> tuple[str, dict[str, Any]]:
    return ("attachment_added", to_payload(AttachmentAdded(**fields)))


# -- ChatGPT --------------------------------------------------------------------------------------


def test_chatgpt_export_imports_the_displayed_branch(
    store: SqliteEventStore, tmp_path: Path
) -> None:
    report = import_file(store, write_json(tmp_path / "conversations.json", chatgpt_export()))

    assert report.source == "chatgpt" and report.label == "ChatGPT export"
    assert [c.status for c in report.conversations] == ["imported", "imported"]
    lisbon, arithmetic = report.conversations
    assert lisbon.session_id == import_session_id("chatgpt", LISBON_ID)
    assert (lisbon.messages, lisbon.skipped_messages, lisbon.events) == (4, 3, 10)
    assert store.get_session(lisbon.session_id).title == "Trip to Lisbon"

    events = list(store.events(lisbon.session_id))
    assert shape(events) == [
        turn_started(CHATGPT_PROVIDER, "gpt-4o"),
        fact(
            f"Imported from ChatGPT export (conversation id {LISBON_ID}, 4 messages, 3 skipped, "
            "1 non-text parts left out, created 2024-05-01T08:00:00Z)"
        ),
        user("Plan three days in Lisbon for me."),
        answer("Day 1: Alfama and the castle.\nDay 2: Belém.\nDay 3: LX Factory.", "gpt-4o"),
        FINISHED,
        turn_started(CHATGPT_PROVIDER, "gpt-4o"),
        user("Add a day trip to Sintra; here is the map."),
        attachment(
            name="map.png",
            media_type="image/png",
            size=12345,
            extractor="import",
            error="the ChatGPT export holds only the file's name, not its content",
            error_kind="not_exported",
        ),
        answer("Day 4: Sintra — take the 09:11 train from Rossio.", "gpt-4o"),
        FINISHED,
    ]
    assert len({e.turn_id for e in events}) == 2
    assert all(e.actor == "import" for e in events)
    everything = json.dumps([to_payload(e.event) for e in events], ensure_ascii=False)
    assert "cheaper" not in everything and "picnic" not in everything  # the abandoned branch
    assert "timetable" not in everything and "09:31" not in everything  # tool detour

    # untitled, no current_node, no model: titled from the first prompt, model "unknown"
    assert arithmetic.title == "What is 2 + 2?"
    assert shape(list(store.events(arithmetic.session_id))) == [
        turn_started(CHATGPT_PROVIDER, "unknown"),
        fact(
            f"Imported from ChatGPT export (conversation id {ARITHMETIC_ID}, 2 messages, "
            "0 skipped, created 2024-05-02T08:53:20Z)"
        ),
        user("What is 2 + 2?"),
        answer("4.", "unknown"),
        FINISHED,
    ]


def times(store: SqliteEventStore, session_id: str) -> list[tuple[str, str]]:
    return [(e.ts, event_type(e.event)) for e in store.events(session_id)]


def test_chatgpt_conversations_keep_their_original_times(store: SqliteEventStore) -> None:
    lisbon, arithmetic = import_data(store, chatgpt_export()).conversations

    may_1 = "2024-05-01T08:00:00.000000Z"  # every Lisbon message has create_time 1714550400
    assert {ts for ts, _type in times(store, lisbon.session_id)} == {may_1}
    asked, answered = "2024-05-02T08:53:20.000000Z", "2024-05-02T08:53:21.000000Z"
    assert times(store, arithmetic.session_id) == [
        (asked, "turn_started"),
        (asked, "fact"),
        (asked, "user_message"),
        (answered, "assistant_text"),
        (answered, "turn_finished"),
    ]
    record = store.get_session(arithmetic.session_id)
    assert (record.created_at, record.updated_at) == (asked, answered)
    record = store.get_session(lisbon.session_id)
    assert (record.created_at, record.updated_at) == (may_1, may_1)
    # sorted by when they happened, not by when they were imported
    assert [s.id for s in store.list_sessions()] == [arithmetic.session_id, lisbon.session_id]
    assert all(store.verify_chain(c.session_id).ok for c in (lisbon, arithmetic))


def test_times_that_go_back_or_are_missing_are_clamped(store: SqliteEventStore) -> None:
    nodes = [
        gpt_node("r", None, ["q1"]),
        gpt_node("q1", "r", ["a1"], "user", ["First?"], create_time=1_714_640_010.0),
        gpt_node("a1", "q1", ["q2"], "assistant", ["Yes."], create_time=None),
        gpt_node("q2", "a1", ["a2"], "user", ["Second?"], create_time=1_714_640_005.0),
        gpt_node("a2", "q2", [], "assistant", ["No."], create_time=1_714_640_020.0),
    ]
    conversation = {
        "id": "clock-skew",
        "title": "Skewed",
        "create_time": 1_714_640_000.0,  # before its first message: the first turn starts here
        "mapping": {n["id"]: n for n in nodes},
    }
    (result,) = import_data(store, [conversation]).conversations

    start, first = "2024-05-02T08:53:20.000000Z", "2024-05-02T08:53:30.000000Z"
    last = "2024-05-02T08:53:40.000000Z"
    assert [ts for ts, _type in times(store, result.session_id)] == [
        start, start, first, first, first,  # the answer without a time takes the question's
        first, first, last, last,  # the second question is earlier than the first: clamped
    ]  # fmt: skip
    record = store.get_session(result.session_id)
    assert (record.created_at, record.updated_at) == (start, last)
    assert store.verify_chain(result.session_id).ok


def test_claude_conversations_keep_their_original_times(store: SqliteEventStore) -> None:
    parser, colours, _empty = import_data(store, claude_export()).conversations

    assert times(store, parser.session_id) == [
        ("2024-06-01T08:00:00.000000Z", "turn_started"),  # the conversation's created_at
        ("2024-06-01T08:00:00.000000Z", "fact"),
        ("2024-06-01T08:00:10.000000Z", "user_message"),
        ("2024-06-01T08:00:10.000000Z", "attachment_added"),
        ("2024-06-01T08:00:10.000000Z", "attachment_added"),
        ("2024-06-01T08:00:20.000000Z", "assistant_text"),
        ("2024-06-01T08:00:20.000000Z", "turn_finished"),
        ("2024-06-01T08:01:00.000000Z", "turn_started"),
        ("2024-06-01T08:01:00.000000Z", "user_message"),
        ("2024-06-01T08:01:05.000000Z", "assistant_text"),
        ("2024-06-01T08:01:05.000000Z", "turn_finished"),
    ]
    record = store.get_session(parser.session_id)
    assert (record.created_at, record.updated_at) == (
        "2024-06-01T08:00:00.000000Z",
        "2024-06-01T08:01:05.000000Z",
    )
    record = store.get_session(colours.session_id)  # "…10:00:00Z" read as UTC, displayed branch
    assert (record.created_at, record.updated_at) == (
        "2024-06-02T10:00:00.000000Z",
        "2024-06-02T10:06:00.000000Z",
    )
    assert [s.id for s in store.list_sessions()] == [colours.session_id, parser.session_id]
    assert all(store.verify_chain(c.session_id).ok for c in (parser, colours))


def test_history_list_since_filters_imports_by_their_original_time(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    profile = Profile(tmp_path, capsys)
    with SqliteEventStore(default_db_path(profile.data)) as store:
        parser, colours, _empty = import_data(store, claude_export()).conversations

    def ids(*options: str) -> list[str]:
        code, out, err = profile.run("history", "list", "--json", *options)
        assert code == 0, err
        return [row["id"] for row in json.loads(out)]

    assert ids() == [colours.session_id, parser.session_id]
    assert ids("--since", "2024-06-01") == [colours.session_id, parser.session_id]
    assert ids("--since", "2024-06-02") == [colours.session_id]
    assert ids("--since", "2024-06-03") == []


def test_imported_conversation_can_be_continued(store: SqliteEventStore) -> None:
    report = import_data(store, chatgpt_export())
    messages = history_messages(store.events(report.conversations[0].session_id))

    assert [(m.role, m.content[:20]) for m in messages] == [
        ("user", "Plan three days in L"),
        ("assistant", "Day 1: Alfama and th"),
        ("user", "Add a day trip to Si"),
        ("assistant", "Day 4: Sintra — take"),
    ]


def test_reimporting_skips_what_is_already_there(store: SqliteEventStore) -> None:
    first = import_data(store, chatgpt_export())
    counts = {s.id: len(store.events(s.id)) for s in store.list_sessions()}

    again = import_data(store, chatgpt_export())

    assert [c.status for c in again.conversations] == ["skipped", "skipped"]
    for before, after in zip(first.conversations, again.conversations, strict=True):
        assert after.session_id == before.session_id
        assert after.note == f"already imported as {before.session_id}"
    assert {s.id: len(store.events(s.id)) for s in store.list_sessions()} == counts


def test_a_broken_conversation_fails_alone(store: SqliteEventStore) -> None:
    data = chatgpt_export()
    data.insert(1, {"id": "broken-1", "title": "Broken", "mapping": ["not", "a", "mapping"]})
    data.append("not even an object")

    report = import_data(store, data)

    assert [c.status for c in report.conversations] == ["imported", "failed", "imported", "failed"]
    assert report.conversations[1].source_id == "broken-1"
    assert report.conversations[1].note == 'it has no "mapping" of messages'
    assert report.conversations[3].note == "item 4 is not a conversation object"
    assert len(store.list_sessions()) == 2


def test_a_looping_tree_is_refused(store: SqliteEventStore) -> None:
    conv = chatgpt_export()[1]
    conv["mapping"]["r"]["parent"] = "a"  # a -> q -> r -> a
    conv["current_node"] = "a"

    (result,) = import_data(store, [conv]).conversations

    assert result.status == "failed" and "loops" in result.note
    assert store.list_sessions() == []


def test_a_zip_of_the_whole_data_export_is_read(store: SqliteEventStore, tmp_path: Path) -> None:
    archive = tmp_path / "chatgpt-export.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("export/chat.html", "<html></html>")
        z.writestr("export/user.json", "{}")
        z.writestr("export/conversations.json", json.dumps(chatgpt_export()))

    report = import_file(store, archive)

    assert len(report.imported) == 2


# -- Claude ---------------------------------------------------------------------------------------


def test_claude_export_imports_messages_attachments_and_the_displayed_branch(
    store: SqliteEventStore, tmp_path: Path
) -> None:
    report = import_file(store, write_json(tmp_path / "conversations.json", claude_export()))

    assert report.source == "claude"
    assert [c.status for c in report.conversations] == ["imported", "imported", "skipped"]
    review, colours, empty = report.conversations
    assert empty.note == "no human or assistant text in the conversation"
    assert review.session_id == import_session_id("claude", PARSER_UUID)
    assert store.get_session(review.session_id).title == "Review the parser"

    assert shape(list(store.events(review.session_id))) == [
        turn_started(CLAUDE_PROVIDER, "unknown"),
        fact(
            f"Imported from Claude export (conversation id {PARSER_UUID}, 4 messages, 0 skipped, "
            "2 non-text parts left out, created 2024-06-01T08:00:00.000000Z)"
        ),
        user("Can you review parser.py?"),
        attachment(
            name="parser.py",
            media_type="text/x-python",
            size=27,
            extractor="import",
            chars=27,
            text="def parse(x):\n    return x\n",
        ),
        attachment(
            name="diagram.png",
            extractor="import",
            error="the Claude export holds only the file's name, not its content",
            error_kind="not_exported",
        ),
        answer("It works, but `parse('')` returns '' instead of raising.", "unknown"),
        FINISHED,
        turn_started(CLAUDE_PROVIDER, "unknown"),
        user("Thanks!"),
        answer("You're welcome.", "unknown"),
        FINISHED,
    ]
    texts = [
        e.event.text
        for e in store.events(colours.session_id)
        if isinstance(e.event, UserMessage | Fact) or e.type_name == "assistant_text"
    ]
    assert texts == [
        f"Imported from Claude export (conversation id {COLOURS_UUID}, 4 messages, 0 skipped, "
        "created 2024-06-02T10:00:00.000000Z)",
        "Name a colour.",
        "Blue.",
        "Name a fruit instead.",
        "An apple.",
    ]


def test_claude_reimport_is_skipped(store: SqliteEventStore) -> None:
    import_data(store, claude_export())
    again = import_data(store, claude_export())
    assert [c.status for c in again.conversations] == ["skipped", "skipped", "skipped"]
    assert len(store.list_sessions()) == 2


def test_claude_attachment_text_reaches_the_model_when_continued(store: SqliteEventStore) -> None:
    from parley.application.conversations.render import render_chat_request

    report = import_data(store, claude_export())
    events = list(store.events(report.conversations[0].session_id))
    request = render_chat_request(events, current_turn_id="next", model="m")

    first_user = next(m for m in request.messages if m.role == "user")
    assert '<attachment name="parser.py" type="text/x-python" chars="27">' in first_user.content
    assert first_user.content.endswith("Can you review parser.py?")
    assert "diagram.png" not in first_user.content  # unread: a name is not content


# -- files that are not exports -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"<html>not json</html>", "conversations.json is not JSON"),
        (b"\xff\xfe\x00garbage", "is not UTF-8 text"),
        (b'{"messages": []}', "an object with keys messages"),
        (b'"just a string"', "a JSON str; expected a list of conversations"),
        (b'[{"question": "?", "answer": "!"}]', "its first item has keys answer, question"),
        (b"[1, 2, 3]", "its first item is a JSON int"),
    ],
)
def test_unreadable_files_are_refused_clearly(
    store: SqliteEventStore, tmp_path: Path, raw: bytes, message: str
) -> None:
    path = tmp_path / "conversations.json"
    path.write_bytes(raw)

    with pytest.raises(ImportFormatError) as caught:
        import_file(store, path)

    assert message in str(caught.value)
    assert store.list_sessions() == []


def test_an_empty_list_imports_nothing(store: SqliteEventStore) -> None:
    report = import_data(store, parse_export(b"[]"))
    assert report.source == "" and report.conversations == ()


# -- Parley's own export --------------------------------------------------------------------------


def comparable(export: dict[str, Any], *, session: bool = True) -> list[dict[str, Any]]:
    """The events of an export without what the store assigns (ids, times, chain links) and,
    with ``session=False``, without the session id."""
    drop = {"id", "ts", "hash", "prev_hash"} | (set() if session else {"session_id"})
    return [{k: v for k, v in e.items() if k not in drop} for e in export["events"]]


def test_parley_export_round_trips_into_a_fresh_store(tmp_path: Path) -> None:
    with SqliteEventStore(tmp_path / "a.db") as first:
        imported = import_data(first, chatgpt_export())
        session_id = imported.conversations[0].session_id
        original = export_session(first, session_id)

    with SqliteEventStore(tmp_path / "b.db") as fresh:
        report = import_data(fresh, json.loads(json.dumps(original)))
        (result,) = report.conversations
        assert (report.source, result.status, result.session_id) == (
            "parley",
            "imported",
            session_id,
        )
        assert result.note == ""
        again = export_session(fresh, session_id)

        assert comparable(again) == comparable(original)
        assert [e["ts"] for e in again["events"]] == [e["ts"] for e in original["events"]]
        assert again["session"]["title"] == original["session"]["title"]
        for when in ("created_at", "updated_at"):
            assert again["session"][when] == original["session"][when]
        assert again["chain"]["ok"] is True

        # the same file again: the id is taken, so a new one is minted and said
        (second,) = import_data(fresh, original).conversations
        assert second.status == "imported" and second.session_id != session_id
        assert second.note == f"a conversation with id {session_id} exists here; imported as " + (
            second.session_id
        )
        copy = export_session(fresh, second.session_id)
        assert comparable(copy, session=False) == comparable(original, session=False)
        assert [e["ts"] for e in copy["events"]] == [e["ts"] for e in original["events"]]


def test_parley_export_with_a_bad_event_is_refused_whole(tmp_path: Path) -> None:
    with SqliteEventStore(tmp_path / "a.db") as first:
        session_id = import_data(first, chatgpt_export()).conversations[0].session_id
        data = export_session(first, session_id)
    data["events"][3]["payload"]["surprise"] = True
    newer = json.loads(json.dumps(data)) | {"version": 99}

    with SqliteEventStore(tmp_path / "b.db") as fresh:
        report = import_data(fresh, [data, newer])

        assert [c.status for c in report.conversations] == ["failed", "failed"]
        assert "event 4 ('assistant_text'" in report.conversations[0].note
        assert "unknown field(s) surprise" in report.conversations[0].note
        assert "newer Parley" in report.conversations[1].note
        assert fresh.list_sessions() == []


def test_a_store_failure_part_way_leaves_no_half_conversation(tmp_path: Path) -> None:
    # The third event's insert fails inside the import's transaction (a conversation is
    # imported in one: issue 14), as a full disk would fail it.
    class FailingStore(SqliteEventStore):
        appended = 0

        def _insert(self, *args: Any, **kwargs: Any) -> Any:
            FailingStore.appended += 1
            if FailingStore.appended == 3:
                raise EventStoreError("disk full")
            return super()._insert(*args, **kwargs)

    with FailingStore(tmp_path / "parley.db") as store:
        with pytest.raises(EventStoreError, match="disk full"):
            import_data(store, chatgpt_export())

        assert store.list_sessions() == []
        # the conversation can be imported once the store works again
        FailingStore.appended = -1000
        assert len(import_data(store, chatgpt_export()).imported) == 2
