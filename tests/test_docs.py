"""docs/subset.md's op table is generated from the op table and must stay current."""

from pathlib import Path

from activity.ops.doc import BEGIN, END, render_markdown

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_subset_doc_matches_op_table() -> None:
    text = (DOCS / "subset.md").read_text()
    assert BEGIN in text and END in text
    start = text.index(BEGIN)
    end = text.index(END) + len(END)
    assert text[start:end] + "\n" == render_markdown(), (
        "docs/subset.md is stale: regenerate its table with `python -m activity.ops --markdown`"
    )


def test_every_table_entry_is_documented() -> None:
    from activity.ops import TABLE

    text = (DOCS / "subset.md").read_text()
    for name in TABLE:
        assert f"`{name}`" in text
