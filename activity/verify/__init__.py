"""Bounded verification of activity claims with Z3 (``activity verify``).

The function is encoded, with primal and forward-mode tangent semantics, into Z3
formulas, and Z3 searches for a counterexample to each *negative* claim -- the only
claims whose error would make AD wrong:

* ``v`` **not varied**: some input and input tangent (on the active arguments and the
  contents of ``dup``/``dupnoneed`` buffers) give some dynamic instance of ``v`` a
  nonzero tangent;
* ``v`` **not useful**: with zero input tangents, adding tangent 1 to every instance of
  ``v`` gives a float result or the final contents of a ``dup``/``dupnoneed`` buffer a
  nonzero tangent (the definition the reference interpreter's ``perturb`` implements);
* ``v`` **not active** (Enzyme's ``enzyme.icv``): ``v`` is both varied and useful
  (two witnesses, possibly at different inputs);
* a store **not active** (``enzyme.ici`` / ``activity.op = "const"``): it writes a
  nonzero tangent for some input, and perturbing what it writes changes an output.

Encoding (the *bound*): ``scf.for``/``scf.while`` loops run at most ``K`` iterations
per execution; a ``cf`` region takes at most ``K`` back edges per activation (a
depth-first numbering decides which edges are back edges); calls are inlined, at most
``inline_depth`` nested activations of the same function; dynamic memref dimensions
and ``!llvm.ptr`` arguments have ``dyn_size`` elements (the llvm dialect's memory:
:mod:`activity.verify.llvm_memory`).  Executions outside the bound, and executions with
undefined behaviour (out-of-bounds access, null dereference, integer division by zero,
a non-positive ``scf.for`` step, a failed ``cf.assert``), are excluded; witnesses that
divide a float by zero are only searched when there are no others; executions that make
an llvm memory access the model does not cover (type punning) make the answer
``unknown``.  Floats are Z3 reals (no rounding; an inf or NaN literal is an
unconstrained real); transcendental functions are uninterpreted
(:mod:`activity.z3backend`).  Every tangent is computed by the op table's ``partials``
(the rule the interpreter and the AD generator use).

Soundness of the answers: *verified* means no counterexample exists within the bound in
the real-number semantics (uninterpreted functions only add behaviours, so this is
implied for the real functions).  A model Z3 finds is replayed on the reference
interpreter (IEEE doubles, real ``sin``/``exp``...) before it is reported as a
*counterexample*; a model that does not replay makes the claim *unknown*, as does a
solver timeout.  Programs using ops outside the encoded subset are rejected
(:class:`Unsupported`, exit 2) rather than verified.

The package: :mod:`~activity.verify.claims` (reading claims),
:mod:`~activity.verify.encoder` (symbolic execution; scalar ops in
:mod:`~activity.verify.scalars`, memory in :mod:`~activity.verify.memref_memory` and
:mod:`~activity.verify.llvm_memory`), :mod:`~activity.verify.check` (queries, random
runs, replay), and here :func:`verify` and the ``activity verify`` command line.
"""

from __future__ import annotations

import time
from typing import Any

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation

from activity.engine.program import (
    Program,
    call_target,
    has_body,
)
from activity.errors import ActivityError
from activity.ops import op_name
from activity.verify.base import (
    Options,
    Unsupported,
)
from activity.verify.check import Finding, VerifyResult, _Checker
from activity.verify.claims import (
    CLAIM_SOURCES,
    Claim,
    claims_from_annotations,
    claims_ours,
)
from activity.verify.encoder import Encoder


def verify(module: ModuleOp, func: str, *, claims: str = "ours", args: Any = None,
           opts: Options | None = None, alias_args: str = "distinct") -> VerifyResult:
    """Check the negative activity claims about ``func`` (and the functions it calls)
    within the bound; see the module docstring."""
    from activity.analysis.args import resolve_args

    if claims not in CLAIM_SOURCES:
        raise ActivityError(f"--claims must be one of {', '.join(CLAIM_SOURCES)}")
    opts = opts or Options()
    if opts.unroll < 0:
        raise ActivityError("--unroll must be at least 0")
    t0 = time.perf_counter()
    program = Program.of(module)
    f = program.functions.get(func)
    if f is None:
        known = ", ".join(sorted(program.functions)) or "none"
        raise ActivityError(f"unknown function '@{func}' (functions: {known})")
    if not has_body(f):
        raise ActivityError(f"function '@{func}' is a declaration without a body")
    if args is not None and not isinstance(args, list | tuple | dict):
        raise ActivityError("args must be a list or a mapping")
    if alias_args != "distinct":
        raise Unsupported("the verifier models distinct (non-aliasing) buffer arguments only")
    if claims == "ours":
        cl, res = claims_ours(module, func, args, alias_args)
        kinds = list(res.arg_activities(func))
    else:
        kinds = resolve_args(f, args)
        funcs = _reachable(program, func)
        cl = claims_from_annotations(module, funcs, claims)
    checker = _Checker(module, func, kinds, cl, opts)
    status, note = checker.run()
    return VerifyResult(status, opts.unroll, func, len(cl), checker.findings, checker.queries,
                        time.perf_counter() - t0, getattr(checker, "encode_seconds", 0.0),
                        getattr(checker, "enc", None) and checker.enc.ops_encoded or 0,
                        claims, note, _remarks(getattr(checker, "enc", None)))


def _remarks(enc: Encoder | None) -> list[str]:
    if enc is None or not enc.ieee_specials:
        return []
    return [f"{enc.ieee_specials} inf/NaN literal(s) encoded as unconstrained reals"]


def _reachable(program: Program, root: str) -> list[Operation]:
    seen: list[str] = []
    work = [root]
    while work:
        n = work.pop()
        if n in seen or n not in program.functions:
            continue
        seen.append(n)
        f = program.functions[n]
        if has_body(f):
            for op in f.walk():
                if op_name(op) in ("func.call", "llvm.call"):
                    t = call_target(op)
                    if t is not None:
                        work.append(t)
    return [program.functions[n] for n in seen]


__all__ = ["CLAIM_SOURCES", "Claim", "Encoder", "Finding", "Options", "Unsupported",
           "VerifyResult", "claims_from_annotations", "claims_ours", "verify"]


# ---------------------------------------------------------------------------
# Command line: ``activity verify`` (registered by activity.cli).

VERIFY_EPILOG = """\
exit status: 0 verified (within the bound), 1 counterexample (replayed on the
reference interpreter), 2 usage or input error (also: an op outside the encoded
subset), 3 unknown (solver timeout, a model that does not replay, no execution within
the bound, or an llvm memory access the verifier does not model).

examples:
  activity verify prog.mlir --func f
  activity verify prog.mlir --func f --unroll 8 --args x=active,buf=dup
  activity verify enzyme_out.mlir --func f --claims enzyme
  activity report prog.mlir --format mlir -o ann.mlir && \\
      activity verify ann.mlir --func f --claims activity
"""


def add_subcommand(sub: Any) -> None:
    import argparse

    v = sub.add_parser(
        "verify", help="search counterexamples to activity claims with Z3 (bounded)",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=VERIFY_EPILOG,
        description="Encode the function (loops unrolled up to K, calls inlined) with "
                    "tangent semantics into Z3 and search for a value claimed not varied "
                    "with a nonzero tangent, or claimed not useful whose perturbation "
                    "changes an active output.  Claims come from our analysis (ours), "
                    "Enzyme's enzyme.icv/enzyme.ici attributes, read by value (enzyme), "
                    "or activity.* annotations (activity).")
    v.add_argument("file", help="the .mlir file ('-' for standard input)")
    v.add_argument("--func", required=True, help="the function whose claims to check")
    v.add_argument("--unroll", type=int, default=Options.unroll, metavar="K",
                   help="iterations per loop execution, nested activations per function "
                        "K+1, back edges per cf region K times their number (default "
                        f"{Options.unroll})")
    v.add_argument("--claims", choices=CLAIM_SOURCES, default="ours")
    v.add_argument("--args", default=None, metavar="SPEC",
                   help="argument activities, as for 'activity report' (default: "
                        "attributes, then floats active, integers const, buffers dup)")
    v.add_argument("--timeout", type=float, default=Options.timeout, metavar="S",
                   help=f"seconds for all solver queries (default {Options.timeout:g})")
    v.add_argument("--random", type=int, default=Options.random_trials, metavar="N",
                   help="random concrete runs on the interpreter before Z3 (their "
                        f"witnesses are real counterexamples; default {Options.random_trials})")
    v.add_argument("--dyn-size", type=int, default=Options.dyn_size, metavar="N",
                   help="elements of each dynamic memref dimension of an argument, and "
                        "of each !llvm.ptr argument (default "
                        f"{Options.dyn_size})")


def dispatch(ns: Any) -> int:
    import sys

    import activity
    from activity import progress
    from activity.argspec import parse_args_spec

    if ns.unroll < 0 or ns.timeout <= 0 or ns.dyn_size <= 0 or ns.random < 0:
        raise ActivityError("--unroll and --random must be >= 0, --timeout and --dyn-size > 0")
    progress.phase("parsing")
    if ns.file == "-":
        module = activity.parse(sys.stdin.read(), name="<stdin>")
    else:
        module = activity.parse(ns.file)
    spec = parse_args_spec(ns.args)
    opts = Options(unroll=ns.unroll, timeout=ns.timeout, dyn_size=ns.dyn_size,
                   query_timeout=min(Options.query_timeout, ns.timeout),
                   random_trials=ns.random)
    progress.phase("verifying")
    res = verify(module, ns.func, claims=ns.claims, args=spec, opts=opts)
    print(res.render())
    if ns.claims != "ours" and not res.claims:
        # (a bare "verified ... 0 enzyme claim(s)" read as a pass: user test.  Not an
        # error: a function whose every op is active carries no constant claims)
        what = ("enzyme.icv/enzyme.ici attributes" if ns.claims == "enzyme" else
                "activity.* attributes")
        print(f"{ns.file}: warning: @{res.func} carries no {ns.claims} claims ({what}): "
              "nothing was verified (--claims ours checks the analysis's own answer)",
              file=sys.stderr)
    return res.exit_code
