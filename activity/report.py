"""Human-readable and Enzyme-style renderings of an :class:`ActivityResult`."""

from __future__ import annotations

from xdsl.dialects.builtin import StringAttr
from xdsl.ir import Operation

from activity.analysis.args import arg_label
from activity.analysis.result import ActivityResult, ValueActivity, arg_tag, op_tag, value_names
from activity.engine.program import entry_args, has_body
from activity.frontend import location_of
from activity.ops import op_name

_LONG = {"active": "active", "varied": "varied (not useful)",
         "useful": "useful (not varied)", "const": "constant"}


def _word(v: ValueActivity) -> str:
    return _LONG[v.word]


def _depth(op: Operation, func: Operation) -> int:
    d = 0
    p = op.parent_op()
    while p is not None and p is not func:
        d += 1
        p = p.parent_op()
    return d


def render_text(result: ActivityResult) -> str:
    out: list[str] = []
    for f in result.function_ops():
        name = f.properties.get("sym_name") or f.attributes.get("sym_name")
        fname = name.data if isinstance(name, StringAttr) else "?"
        if not has_body(f):
            out.append(f"@{fname}: declaration (no body)\n")
            continue
        st = result.stats(fname)
        inactive = st.ops - st.active_ops
        share = 100.0 * inactive / st.ops if st.ops else 100.0
        out.append(f"@{fname}: {inactive} of {st.ops} ops inactive ({share:.1f}%), "
                   f"{st.active_values} of {st.values} values active")
        kinds = result.arg_activities(fname)
        for i, (a, k) in enumerate(zip(entry_args(f), kinds, strict=False)):
            out.append(f"  arg {i} {arg_label(f, i, a):<10} {str(a.type):<22} {k:<9} "
                       f"-> {_word(result.value(a))}")
        names = value_names(f)
        for op in result.ops_of(f):
            loc = location_of(op)
            where = f"{loc[1]}:{loc[2]}" if loc else ""
            res = ", ".join("%" + names.get(r, "?") for r in op.results)
            lhs = f"{res} = " if res else ""
            acts = ", ".join(_word(result.value(r)) for r in op.results)
            tag = op.attributes.get("tag")
            tagtxt = f"  [{tag.data}]" if isinstance(tag, StringAttr) else ""
            opw = "ACTIVE" if result.op_active(op) else "const "
            indent = "  " * _depth(op, f)
            detail = f"  ({acts})" if acts else ""
            out.append(f"  {where:>8} {opw} {indent}{lhs}{op_name(op)}{detail}{tagtxt}")
        out.append("")
    return "\n".join(out) + ("\n" if out and out[-1] != "" else "")


def render_enzyme(result: ActivityResult) -> str:
    """The lines Enzyme's ``print-activity-analysis`` prints: ``@f:`` then, for every
    tagged argument and op, ``"tag": Active|Constant``, then for every other value
    ``%name: Active|Constant`` (names as in :func:`value_names`)."""
    out: list[str] = []
    functions = result.to_json()["functions"]
    for f in result.function_ops():
        name = f.properties.get("sym_name") or f.attributes.get("sym_name")
        fname = name.data if isinstance(name, StringAttr) else "?"
        if not has_body(f):
            continue
        out.append(f"@{fname}:")
        data = functions[fname]["values"]
        for tag, d in data.items():
            out.append(f'"{tag}": {"Active" if d["active"] else "Constant"}')
        tagged = {a for i, a in enumerate(entry_args(f)) if arg_tag(f, i) is not None}
        tagged |= {r for op in result.ops_of(f) if op_tag(op) is not None for r in op.results}
        for v, vname in value_names(f).items():
            if v not in tagged and result.analysed(v):
                out.append(f'%{vname}: {"Active" if result.value(v).active else "Constant"}')
    return "\n".join(out) + "\n"


def calls_json(pairs: list) -> dict:
    """The JSON report of :func:`activity.api.analyze_calls`: the first call's
    ``functions`` and every call's warnings at the top level (the contract of
    ``docs/conventions.md``), and ``autodiff_calls``: per call site, in module order,
    ``{"function", "location", "callee", "args", "stats", "functions"}`` (``stats``:
    the differentiated function's, ``functions``: that call's whole report)."""
    items = []
    warnings: list[str] = []
    for call, result in pairs:
        js = result.to_json()
        warnings += [w for w in js.get("warnings", []) if w not in warnings]
        items.append({"function": call.function, "location": call.location,
                      "callee": call.callee, "args": list(call.args),
                      "stats": js["functions"][call.function]["stats"],
                      "functions": js["functions"]})
    return {"functions": items[0]["functions"] if items else {}, "warnings": warnings,
            "autodiff_calls": items}


def _call_header(call: object) -> str:
    c = call
    return (f"{c.callee} at {c.location}: @{c.function}("  # type: ignore[attr-defined]
            f"{', '.join(c.args)})")  # type: ignore[attr-defined]


def render_calls_text(pairs: list) -> str:
    """The text report of each call site, under a line naming the call."""
    return "".join(f"{_call_header(call)}\n{render_text(result)}" for call, result in pairs)


def render_calls_enzyme(pairs: list) -> str:
    """Enzyme's lines for each call site, under a ``// call`` comment line."""
    return "".join(f"// {_call_header(call)}\n{render_enzyme(result)}"
                   for call, result in pairs)


def report_calls(module: object, ns: object) -> str | None:
    """``activity report`` of a module with ``__enzyme_autodiff`` calls and no
    ``--func``/``--args``: one analysis per call site, rendered in ``ns.format``
    (warnings printed on standard error); None when the module has no such call."""
    import json
    import sys
    import warnings

    from activity.api import analyze_calls
    from activity.autodiff_calls import find_calls
    from activity.errors import ActivityError

    calls = find_calls(module)  # type: ignore[arg-type]
    if not calls:
        return None
    if ns.format == "mlir" and len({c.key() for c in calls}) > 1:  # type: ignore[attr-defined]
        raise ActivityError(f"--format mlir annotates one analysis, but the module has "
                            f"{len(calls)} __enzyme_autodiff calls with different "
                            "activities: choose one with --func and --args")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pairs = analyze_calls(module, alias_args=ns.alias_args,  # type: ignore
                              strict=ns.strict, mode=ns.mode,  # type: ignore[attr-defined]
                              summaries=ns.summaries or None)  # type: ignore[attr-defined]
    for w in caught:
        print(f"{w.message}".replace(": ", ": warning: ", 1), file=sys.stderr)
    fmt = ns.format  # type: ignore[attr-defined]
    if fmt == "json":
        return json.dumps(calls_json(pairs), indent=2) + "\n"
    if fmt == "enzyme":
        return render_calls_enzyme(pairs)
    if fmt == "mlir":
        from activity.printing import module_text

        pairs[0][1].annotate("activity")
        return module_text(module, True) + "\n"  # type: ignore[arg-type]
    return render_calls_text(pairs)
