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


def test_a_value_a_rule_reuses_is_named_once() -> None:
    """A partial that reuses a value (atan2's ratio of the smaller magnitude to the
    larger) prints it once, named in a ``where`` clause, inner names first; short ones
    (``(1 / b)``) stay written out."""
    from activity.ops import TABLE
    from activity.ops.doc import _partials_src

    text = _partials_src(TABLE["math.atan2"])
    assert text.startswith("(select(t1, t3, 1) * t4), -(select(t1, 1, t3) * t4) where "
                           "t1 = lt(abs(b), abs(a)), t2 = select(t1, a, b), "), text
    assert text.count("abs(") == 2
    assert _partials_src(TABLE["arith.divf"]) == "(1 / b), -((a * (1 / b)) * (1 / b))"


def test_a_name_is_no_part_of_a_longer_one() -> None:
    """``sin(x)`` inside ``asin(x)`` is not a second use of it (review: it printed
    ``(t1 + at1) where t1 = sin(...)``); their shared argument is."""
    import dataclasses

    from activity.ops import TABLE
    from activity.ops.doc import _partials_src

    spec = dataclasses.replace(TABLE["math.sin"],
                               partials=lambda N, a: (N.sin(a * a + 1) + N.asin(a * a + 1),))
    assert _partials_src(spec) == "(sin(t1) + asin(t1)) where t1 = ((a * a) + 1)"


def test_the_codegen_docs_first_example_says_what_it_gives() -> None:
    """docs/codegen.md's opening example runs, and each ``# -> value...`` comment is
    what its line gives (it said 5.40 for a call that gives 7.864: user test)."""
    import os
    import re

    text = (DOCS / "codegen.md").read_text()
    block = text.split("```python\n", 1)[1].split("```", 1)[0]
    claims = re.findall(r"^(.*?)\s+# -> ([-\d.e]+)\.\.\.$", block, re.M)
    assert claims
    env: dict = {}
    here = os.getcwd()
    os.chdir(DOCS.parent)  # (the example names examples/quickstart.mlir)
    try:
        lines = block.splitlines()
        exec("\n".join(ln for ln in lines if "# ->" not in ln), env)
        for expr, want in claims:
            got = repr(float(eval(expr, env)))
            assert got.startswith(want), (expr, got, want)
    finally:
        os.chdir(here)


def test_activity_gradient_names_every_option_in_its_help() -> None:
    """``help(activity.gradient)`` showed ``**kw``: its docstring names every keyword
    option of the function it forwards to (user test)."""
    import inspect

    import activity
    from activity.codegen.compiled_gradient import gradient as full

    doc = activity.gradient.__doc__ or ""
    for name, p in inspect.signature(full).parameters.items():
        if p.kind == p.KEYWORD_ONLY:
            assert f"``{name}``" in doc, name
