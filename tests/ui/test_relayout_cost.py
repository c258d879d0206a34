"""A theme change while a long code block streams re-lays the document out in bounded steps.

The monkey test found a theme change freezing the window for 9 to 17 s while a 300-line code block
streamed: replaying the open block laid it out line by line outside an edit block, and Qt laid
out the whole open table after every one of ~2,500 insertions. Counted here as the document's
``contentsChange`` notifications (each is a layout pass), not as time.
"""

from __future__ import annotations

from parley.ui.transcript import TranscriptView


def _long_open_code_block() -> str:
    lines = "\n".join(f"    value_{i} = compute({i}) + {i * 3}" for i in range(300))
    return f"Here it is:\n\n```python\ndef generated():\n{lines}\n"


def test_a_theme_change_mid_code_block_lays_out_in_few_passes(qtbot) -> None:
    view = TranscriptView()
    qtbot.addWidget(view)
    view.resize(420, 600)
    view.show()
    view.add_user_message("t1", "Write it")
    view.begin_answer("t1", "m")
    text = _long_open_code_block()
    for i in range(0, len(text), 24):
        view.append_text("t1", text[i : i + 24])
        view._flush()
    passes: list[int] = []
    view.document().contentsChange.connect(lambda *args: passes.append(1))
    view.set_dark(True)
    assert "value_299" in view.toPlainText()
    assert len(passes) < 200, len(passes)
