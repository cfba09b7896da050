"""What `activity summarize` and `activity compare` do, as library functions."""

from __future__ import annotations

import json
import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from xdsl.dialects.builtin import ModuleOp, StringAttr
from xdsl.ir import Operation

from activity import progress
from activity.engine.program import Program, has_body, sym_name
from activity.errors import ActivityError
from activity.summaries.attributes import SUMMARY_ATTR, summaries_from_attributes
from activity.summaries.derive import derive_all, reachable
from activity.summaries.model import Summary


def summarize(module: ModuleOp, external: Mapping[str, Summary] | None = None,
              annotate: bool = False) -> dict[str, Summary]:
    """Summaries of every public function with a body (and what they call)."""
    program = Program.of(module)
    roots = program.public_functions()
    if not roots:
        raise ActivityError("the module has no public function with a body to summarize")
    ext = dict(summaries_from_attributes(module))
    ext.update(external or {})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        derived = derive_all(program, reachable(program, roots), external=ext)
    if annotate:
        for name, s in derived.items():
            program.functions[name].attributes[SUMMARY_ATTR] = StringAttr(
                json.dumps(s.to_json(), sort_keys=True))
    return {n: derived[n] for n in sorted(derived)}


@dataclass
class Mismatch:
    function: str
    field: str
    missing: list[str]

    def __str__(self) -> str:
        return (f"function '{self.function}': field '{self.field}' lacks "
                f"{', '.join(self.missing)} (the body shows this dependence)")


def check(claimed: Mapping[str, Summary], derived: Mapping[str, Summary]) -> list[Mismatch]:
    """A claimed summary is sound iff it covers the derived one (every derived dependence
    and effect is claimed).  Returns what the claims lack."""
    out: list[Mismatch] = []
    for name, d in sorted(derived.items()):
        c = claimed.get(name)
        if c is None:
            continue
        for sink, origins in sorted(d.deps.items()):
            miss = sorted(origins - c.deps.get(sink, set()))
            if miss:
                out.append(Mismatch(name, f"deps.{sink}", miss))
        for fld in ("reads", "writes"):
            miss = sorted(getattr(d, fld) - getattr(c, fld))
            if miss:
                out.append(Mismatch(name, fld, miss))
        for r, ts in sorted(d.returns.items()):
            miss = sorted(ts - c.returns.get(r, set()))
            if miss:
                out.append(Mismatch(name, f"returns.{r}", miss))
        if not c.captures:  # (capturing covers every pointer store)
            for m, ts in sorted(d.stores.items()):
                miss = sorted(ts - c.stores.get(m, set()))
                if miss:
                    out.append(Mismatch(name, f"stores.{m}", miss))
        for fld in ("allocates", "captures"):
            if getattr(d, fld) and not getattr(c, fld):
                out.append(Mismatch(name, fld, ["true"]))
    return out


@dataclass
class FunctionComparison:
    name: str
    ops: int
    inactive_whole: int
    inactive_summaries: int
    both_inactive: int
    differing: list[dict[str, Any]] = field(default_factory=list)

    @property
    def parity(self) -> float:
        """Share of whole-program-inactive ops that summaries also prove inactive."""
        if self.inactive_whole == 0:
            return 100.0
        return 100.0 * self.both_inactive / self.inactive_whole


def compare(module_text_or_path: Any, func: str | list[str] | None, args: Any,
            alias_args: str = "distinct",
            summaries: Mapping[str, Summary] | None = None) -> list[FunctionComparison]:
    """Analyse in both modes (separate parses, so nothing is shared) and compare."""
    import activity

    res = {}
    mods = {}
    for mode in ("whole-program", "summaries"):
        progress.phase(f"parsing ({mode})")
        m = activity.parse(module_text_or_path)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            res[mode] = activity.analyze(m, func, args, mode=mode, alias_args=alias_args,
                                         summaries=summaries)
        mods[mode] = m
    wp, sm = res["whole-program"], res["summaries"]
    out: list[FunctionComparison] = []
    fw = {sym_name(f): f for f in wp.function_ops()}
    fs = {sym_name(f): f for f in sm.function_ops()}
    for name in fw:
        if name not in fs or not has_body(fw[name]):
            continue
        ow, os_ = wp.ops_of(fw[name]), sm.ops_of(fs[name])
        cmp = FunctionComparison(name or "?", len(ow), 0, 0, 0)
        for a, b in zip(ow, os_, strict=True):
            ia, ib = not wp.op_active(a), not sm.op_active(b)
            cmp.inactive_whole += ia
            cmp.inactive_summaries += ib
            cmp.both_inactive += ia and ib
            if ia != ib:
                cmp.differing.append({
                    "op": a.name if not hasattr(a, "op_name") else a.op_name.data,  # type: ignore[attr-defined]
                    "tag": _tag(a),
                    "whole_program": "inactive" if ia else "active",
                    "summaries": "inactive" if ib else "active",
                })
        out.append(cmp)
    return out


def _tag(op: Operation) -> str | None:
    t = op.attributes.get("tag")
    return t.data if isinstance(t, StringAttr) else None


def render_compare(rows: list[FunctionComparison], fmt: str) -> str:
    if fmt == "json":
        total_w = sum(r.inactive_whole for r in rows)
        total_b = sum(r.both_inactive for r in rows)
        return json.dumps({
            "functions": {r.name: {
                "ops": r.ops, "inactive_whole_program": r.inactive_whole,
                "inactive_summaries": r.inactive_summaries, "parity": r.parity,
                "differing": r.differing} for r in rows},
            "parity": 100.0 if total_w == 0 else 100.0 * total_b / total_w,
        }, indent=2) + "\n"
    lines = [f"{'function':<24} {'ops':>6} {'inactive(wp)':>13} {'inactive(sum)':>14} "
             f"{'parity':>8}"]
    for r in rows:
        lines.append(f"{r.name:<24} {r.ops:>6} {r.inactive_whole:>13} "
                     f"{r.inactive_summaries:>14} {r.parity:>7.1f}%")
        for d in r.differing:
            tag = f" [{d['tag']}]" if d["tag"] else ""
            lines.append(f"    {d['op']}{tag}: whole-program {d['whole_program']}, "
                         f"summaries {d['summaries']}")
    total_w = sum(r.inactive_whole for r in rows)
    total_b = sum(r.both_inactive for r in rows)
    par = 100.0 if total_w == 0 else 100.0 * total_b / total_w
    lines.append(f"parity: {par:.1f}% of whole-program-inactive ops are inactive with "
                 "summaries")
    return "\n".join(lines) + "\n"
