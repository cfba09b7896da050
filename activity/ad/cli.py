"""The ``activity grad`` and ``activity run`` subcommands (hooked into activity.cli)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from activity.argspec import parse_args_spec
from activity.errors import ActivityError
from activity.output import write_output as _write

GRAD_EPILOG = """\
examples:
  activity grad prog.mlir --func f                       # prints the module with @f_grad
  activity grad prog.mlir --func f --args x=active,m=dup -o grad.mlir
  activity grad prog.mlir --func f --stats --bounds n=100   # cached values, tape bytes, ops
  activity grad prog.mlir --func f --no-prune --stats       # the all_active baseline
  activity grad prog.mlir --func f --static n=100 --inline --emit obj -o f.o   # for n=100
  activity run grad.mlir --func f_grad --inputs '[1.5, [1, 2, 3], [0, 0, 0], 1.0]'
"""

RUN_EPILOG = """\
inputs: a JSON list, one entry per argument: numbers for scalars, (nested) lists for
memrefs.  Prints {"results": [...], "buffers": [...]}: the results and the final
contents of every memref argument (null for scalars).
examples:
  activity run prog.mlir --func f --inputs '[0.5, [1.0, 2.0]]'
"""


def add_subcommands(sub: Any) -> None:
    g = sub.add_parser(
        "grad", help="generate the reverse-mode gradient of a function",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=GRAD_EPILOG,
        description="Differentiate --func in reverse mode (Enzyme's calling convention: "
                    "primal args, each dup/dupnoneed arg followed by its shadow, then one "
                    "seed per float result; returns the adjoints of the active scalar "
                    "args). Activity analysis prunes inactive work unless --no-prune.",
    )
    g.add_argument("file", help="the .mlir file ('-' for standard input)")
    g.add_argument("--func", default=None, help="the function to differentiate (default: "
                   "the one the module's __enzyme_autodiff calls differentiate)")
    g.add_argument("--args", default=None, metavar="SPEC",
                   help="argument activities: 'active,const,dup' by position or "
                        "'x=active,m=dup' by name (default: floats active, integers "
                        "const, buffers dup)")
    g.add_argument("--no-prune", action="store_true",
                   help="the all_active baseline: treat every float value and buffer as "
                        "active")
    g.add_argument("--stats", nargs="?", const="text", choices=("text", "json"), default=None,
                   help="report cached values, tape bytes and ops per sweep (text or json); "
                        "printed instead of the module unless -o is given")
    g.add_argument("--bounds", default=None, metavar="N=V,...",
                   help="integer arguments for evaluating the tape size (with --stats); "
                        "dim(BUF)=N: the length of buffer BUF (checkpointed loops' snapshots)")
    g.add_argument("--static", default=None, metavar="N=V,...",
                   help="integer arguments compiled in as constants before differentiating "
                        "(as activity.gradient's static_argnums): @F keeps its signature "
                        "and ignores the values passed for them")
    g.add_argument("--inline", action="store_true",
                   help="inline the small leaf functions that --func calls inside loops "
                        "before differentiating (static tapes instead of the run-time "
                        "stack; activity.gradient does by default)")
    g.add_argument("--strict-adjoints", action="store_true",
                   help="no fastmath<reassoc,contract> on the adds that sum contributions "
                        "to one adjoint, nor contract on the products they sum (no FMAs), "
                        "so that compiled gradients keep the reverse sweep's order and "
                        "roundings (bit-identical to 'activity run' without --reassoc)")
    g.add_argument("--strong-zero", action="store_true",
                   help="a zero adjoint times an infinite or NaN partial gives 0, in every "
                        "op (Enzyme's strong zero); by default only where a select's "
                        "unpicked arm can send one (docs/ad.md)")
    g.add_argument("--generic", action="store_true", help="print MLIR's generic op syntax")
    g.add_argument("-o", "--output", default=None, help="write the module here")
    from activity.codegen.emit import add_emit_arguments

    add_emit_arguments(g)
    r = sub.add_parser(
        "run", help="run a function with the reference interpreter",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=RUN_EPILOG,
        description="Execute --func of FILE (gradients included) on --inputs.",
    )
    r.add_argument("file", help="the .mlir file ('-' for standard input)")
    r.add_argument("--func", required=True)
    r.add_argument("--inputs", required=True, metavar="JSON",
                   help="JSON list of arguments (or @FILE to read it from a file): numbers "
                        "for scalars, nested lists for memrefs, flat lists for !llvm.ptr "
                        "(typed as the code reads through the pointer)")
    r.add_argument("--max-steps", type=_positive_int, default=MAX_STEPS, metavar="N",
                   help="stop (exit 2) after N executed ops "
                        f"(default {MAX_STEPS:,})")
    r.add_argument("--timeout", type=_positive_float, default=None, metavar="SECONDS",
                   help="stop (exit 2) after SECONDS of run time (default: none)")


MAX_STEPS = 100_000_000  # activity run's default --max-steps


def _positive_int(text: str) -> int:
    try:
        n = int(text.replace("_", "").replace(",", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got '{text}'"
                                         ) from None
    if n <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got '{text}'")
    return n


def _positive_float(text: str) -> float:
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got '{text}'"
                                         ) from None
    if not x > 0 or x == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got "
                                         f"'{text}'")
    return x


def _specialize(module: Any, func: str, values: dict[str, int]) -> Any:
    """``module`` (changed in place) with ``func``'s integer arguments named in
    ``values`` (by the names ``--bounds`` uses) as constants."""
    from activity.codegen.specialize import check_value, specialize_in_place, static_positions
    from activity.engine.program import Program, entry_args, has_body

    fop = Program.of(module).functions.get(func)
    if fop is None:
        raise ActivityError(f"unknown function '@{func}'")
    if not has_body(fop):
        raise ActivityError(f"function '@{func}' is a declaration without a body")
    labels = _check_names(module, func, values, "--static")
    at = {labels[name]: v for name, v in values.items()}
    try:
        static_positions(module, func, list(at))
        for i, v in at.items():
            check_value(func, i, entry_args(fop)[i].type, v)
    except (TypeError, ValueError) as e:
        raise ActivityError(f"--static: {str(e).removeprefix('static_argnums: ')}") from None
    specialize_in_place(module, func, at)  # (the ops keep their locations)
    return module


def _check_names(module: Any, func: str, values: dict[str, int], flag: str
                 ) -> dict[str, int]:
    """The arguments of ``func`` by label (as ``--static`` and ``--bounds`` name them);
    an error for a name in ``values`` that is none of them (``--bounds`` took any name,
    silently: user test)."""
    from activity.analysis.args import arg_label
    from activity.engine.program import Program, entry_args

    fop = Program.of(module).functions.get(func)
    if fop is None:
        raise ActivityError(f"unknown function '@{func}'")
    labels = {arg_label(fop, i, a): i for i, a in enumerate(entry_args(fop))}
    for name in values:
        # dim(<buffer>): a buffer's length, for the snapshots of checkpointed loops
        if flag == "--bounds" and name.startswith("dim(") and name.endswith(")") \
                and name[4:-1] in labels:
            continue
        if name not in labels:
            raise ActivityError(f"{flag}: @{func} has no argument '{name}' (arguments: "
                                f"{', '.join(labels) or 'none'})")
    return labels


def _bounds(spec: str | None, flag: str = "--bounds") -> dict[str, int]:
    out: dict[str, int] = {}
    if not spec:
        return out
    for part in spec.split(","):
        if not part.strip():
            continue
        if "=" not in part:
            raise ActivityError(f"{flag}: expected NAME=VALUE, got '{part}'")
        k, v = part.split("=", 1)
        if k.strip() in out:
            raise ActivityError(f"{flag}: '{k.strip()}' given twice")
        try:
            out[k.strip()] = int(v)
        except ValueError:
            raise ActivityError(f"{flag}: '{v}' is not an integer") from None
    return out


def _load(path: str) -> Any:
    import activity
    from activity import progress

    progress.phase("parsing")

    if path == "-":
        return activity.parse(sys.stdin.read(), name="<stdin>")
    return activity.parse(path)


def _print_module(module: Any, generic: bool) -> str:
    from activity.printing import module_text

    return module_text(module, generic) + "\n"


def run_grad(ns: argparse.Namespace) -> int:
    from activity.ad.lift_cf import with_lifted
    from activity.ad.reverse import Differentiator

    module = _load(ns.file)
    spec = parse_args_spec(ns.args)
    if spec is None:  # (from the module's __enzyme_autodiff calls, if any)
        from activity.autodiff_calls import from_calls

        ns.func, spec = from_calls(module, ns.func, None)
    bounds = _bounds(ns.bounds)
    if bounds:
        _check_names(module, ns.func, bounds, "--bounds")
    if ns.static:
        module = _specialize(module, ns.func, _bounds(ns.static, "--static"))
    import warnings

    from activity import progress

    progress.phase("differentiating")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            def make(m: Any) -> tuple[Differentiator, Any]:
                d = Differentiator(m, ns.func, spec, prune=not ns.no_prune,
                                   inline=ns.inline, strict_adjoints=ns.strict_adjoints,
                                   strong_zero=ns.strong_zero)
                return d, d.run()[0]

            d, out = with_lifted(module, make)
        finally:
            for w in caught:
                print(f"{w.message}".replace(": ", ": warning: ", 1), file=sys.stderr)
    from activity.codegen.emit import emit_from_args

    progress.phase("compiling" if getattr(ns, "emit", None) else "printing")
    if not emit_from_args(ns, out, [d.grad_name]):  # --emit llvm|obj|ptx wrote it
        text = _print_module(out, ns.generic)
        if ns.stats is None or ns.output:
            _write(text, ns.output)
    if ns.stats is None:
        return 0
    st = d.stats
    from activity.tensor.bufferize import has_tensors

    if has_tensors(out):  # what the bufferization and loops of this gradient do
        from activity.tensor import opts
        from activity.tensor.bufferize import lower_tensors

        with opts.counting() as lowered:
            lower_tensors(out)
        st.lowering_opts = dict(lowered)
    sys.stdout.write(st.dumps(bounds) if ns.stats == "json" else st.render(bounds))
    return 0


class _Big(float):
    """A JSON number beyond every float (``1e400``), which ``json`` reads as infinity:
    kept apart so that it is refused with its argument named, not run as ``inf``."""

    text: str


def _parse_float(text: str) -> float:
    v = float(text)
    if v in (float("inf"), float("-inf")):
        big = _Big(v)
        big.text = text
        return big
    return v


def _convert_inputs(func: Any, raw: list[Any]) -> list[Any]:
    import numpy as np
    from xdsl.dialects.builtin import AnyFloat, IndexType, IntegerType, MemRefType, TensorType
    from xdsl.dialects.llvm import LLVMPointerType

    from activity.arguments import label, scalar_arg
    from activity.engine.types import pointee, pointee_spec

    params = list(func.regions[0].blocks[0].args)
    if len(raw) != len(params):
        raise ActivityError(f"--inputs: the function takes {len(params)} argument(s), "
                            f"got {len(raw)}")
    def number(x: Any, floats: bool, flag: bool = False) -> bool:
        # (JSON's true, "3", 3.9 for an index and null inside an array were taken
        # as 1, 3, 3 and NaN: user test; true/false are an i1's)
        if isinstance(x, bool):
            return flag
        return isinstance(x, int) or (floats and isinstance(x, float))

    def leaves(x: Any) -> list[Any]:
        return [y for e in x for y in leaves(e)] if isinstance(x, list) else [x]

    def in_range(xs: list[Any], t: Any, what: str) -> list[Any]:
        """The numbers ``xs`` for type ``t`` checked (activity.arguments: an index of
        2**63, an i8 of 300, a float of 1e400 ran wrapped or infinite: user test),
        integers as their signed residues."""
        vals = []
        for y in xs:
            if isinstance(y, _Big):
                raise ActivityError(f"{what}: {y.text} is out of range for {t}")
            try:
                v = scalar_arg(y, t, what)
            except (TypeError, ValueError) as e:
                raise ActivityError(str(e)) from None
            if isinstance(v, int) and not isinstance(t, AnyFloat):
                w = 64 if isinstance(t, IndexType) else t.width.data
                if w > 1 and v >= 1 << (w - 1):
                    v -= 1 << w
            vals.append(v)
        return vals

    out: list[Any] = []
    for k, (p, x) in enumerate(zip(params, raw, strict=True)):
        t = p.type
        what = f"--inputs: {label(func, k, p)}"
        if isinstance(t, MemRefType | TensorType):  # (tensors: arrays, as memrefs)
            floats = isinstance(t.element_type, AnyFloat)
            bad = [y for y in leaves(x) if not number(y, floats)]
            if bad or not isinstance(x, list) and t.get_shape():
                got = bad[0] if bad else x
                raise ActivityError(f"{what}: expected {'numbers' if floats else 'integers'}"
                                    f" in nested lists, got {json.dumps(got)}")
            if isinstance(t.element_type, AnyFloat | IntegerType | IndexType):
                in_range(leaves(x), t.element_type, f"{what}: an element")
            try:
                a = np.array(x, dtype=np.float64 if floats else np.int64)
            except (TypeError, ValueError, OverflowError):
                raise ActivityError(f"{what}: not a rectangular array of numbers: "
                                    f"{json.dumps(x)[:60]}") from None
            shape = t.get_shape()
            if a.ndim != len(shape) or any(n >= 0 and n != m for n, m in zip(shape, a.shape,
                                                                               strict=False)):
                want = "x".join("?" if n < 0 else str(n) for n in shape)
                raise ActivityError(f"{what}: expected shape {want or '() (a number)'}, "
                                    f"got {'x'.join(map(str, a.shape)) or 'a number'}")
            out.append(a)
        elif isinstance(t, AnyFloat | IntegerType | IndexType):
            floats = isinstance(t, AnyFloat)
            if not number(x, floats, isinstance(t, IntegerType) and t.width.data == 1):
                raise ActivityError(f"{what}: expected {'a number' if floats else 'an integer'}"
                                    f", got {json.dumps(x)}")
            out.append(in_range([x], t, what)[0])
        elif isinstance(t, LLVMPointerType):
            # (C's pointers: a flat list, typed as the code reads through the pointer;
            # they were refused, so no C function taking an array could run: user test)
            et = pointee(p)
            spec = pointee_spec(et)  # (bytes, floats, name): the dtype it fits
            dt = f"{'float' if spec[1] else 'int'}{8 * spec[0]}" if spec else None
            if dt is None:
                raise ActivityError(f"{what}: the code does not read this pointer as one "
                                    "scalar type, so --inputs cannot type it (call "
                                    "activity.evaluate from Python with a numpy array)")
            floats = dt.startswith("float")
            if not isinstance(x, list) or any(not number(y, floats) or isinstance(y, list)
                                              for y in x):
                raise ActivityError(f"{what}: expected a flat list of "
                                    f"{'numbers' if floats else 'integers'} (the {et} the "
                                    f"code reads), got {json.dumps(x)[:60]}")
            out.append(np.array(in_range(x, et, f"{what}: an element"), dtype=dt))
        else:
            raise ActivityError(f"{what}: unsupported type")
    return out


def _jsonable(x: Any) -> Any:
    import numpy as np

    if isinstance(x, np.ndarray):
        return x.tolist()
    if isinstance(x, float | int):
        return x
    if isinstance(x, np.generic):
        return x.item()
    if isinstance(x, tuple | list):
        return [_jsonable(y) for y in x]
    return repr(x)


def run_run(ns: argparse.Namespace) -> int:
    import numpy as np
    from xdsl.dialects.builtin import TensorType

    from activity.engine.program import Program
    from activity.semantics import Interpreter, InterpreterError, StepLimitExceeded

    module = _load(ns.file)
    text = ns.inputs
    if text.startswith("@"):
        try:
            with open(text[1:]) as fh:
                text = fh.read()
        except OSError as e:
            raise ActivityError(f"cannot read {text[1:]}: {e.strerror}") from None
    try:
        raw = json.loads(text, parse_float=_parse_float)
    except json.JSONDecodeError as e:
        raise ActivityError(f"--inputs is not valid JSON: {e.msg}") from None
    if not isinstance(raw, list):
        raise ActivityError("--inputs must be a JSON list (one entry per argument)")
    f = Program.of(module).functions.get(ns.func)
    if f is None or not f.regions or not f.regions[0].blocks:
        raise ActivityError(f"no function '@{ns.func}' with a body")
    inputs = _convert_inputs(f, raw)
    from activity import progress

    progress.phase("running")
    try:
        res = Interpreter(module, max_steps=ns.max_steps, timeout=ns.timeout).run(ns.func,
                                                                                  inputs)
    except StepLimitExceeded as e:
        from activity.evaluate import limit_hint

        # (it stopped only after 100,000,000 steps, 141 s, with no option to lower it:
        # user test)
        raise ActivityError(f"run stopped: {e}" + limit_hint(
            e, ns.max_steps, ns.timeout, "--max-steps", "--timeout").replace("=", " ")
            ) from None
    except InterpreterError as e:
        from activity.frontend import place_of

        raise ActivityError(f"run failed: {e}", **place_of(getattr(e, "op", None))) from None
    out = {"results": _jsonable(list(res.results)),
           "buffers": [_jsonable(x) if isinstance(x, np.ndarray) and not isinstance(
               p.type, TensorType) else None for x, p in zip(inputs, f.regions[0].blocks[0].args,
                                                             strict=True)]}
    sys.stdout.write(json.dumps(out) + "\n")
    return 0


def dispatch(ns: argparse.Namespace) -> int:
    if ns.command == "grad":
        return run_grad(ns)
    return run_run(ns)


__all__ = ["add_subcommands", "dispatch"]
