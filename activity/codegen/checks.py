"""Checked compiled code: every memref access within its memref's sizes, or an error.

Why: compiled code trusts its arguments as upstream MLIR's does.  A size argument
that disagrees with an array (``n = 8`` for 7 elements) reads or writes past the
array: wrong results, or the Python process killed by a segmentation fault.  A
user chasing such a bug wants what the reference interpreter gives -- the op, its
place in the source, the index and the size -- from the compiled code, on inputs too
large to interpret.  ``compile(..., check_bounds=True)`` and
``gradient(..., check_bounds=True)`` give it.

How: the lowering (``Target.check_bounds``) compares every index of a
``memref.load``/``store``/``atomic_rmw`` with its dimension's size (unsigned, so a
negative index fails too), the shapes of a ``memref.copy``'s two sides, and a
``memref.subview``'s first and last index in each dimension with its source's size;
a ``cf.assert`` is recorded instead of trapping.  Where a check fails, the code
records the first failure of the call -- the site (the op), the first failing
dimension, the value and its limit -- in a module global, and goes on as if nothing
happened, harmlessly: the access goes to a scratch slot (a load reads whatever is
there), a copy copies nothing, a view gets no elements, so no access leaves the
memory the function was given.  After the call, the Python side reads the record
and raises :class:`BoundsError` (an ``IndexError``) or :class:`CheckedAssertionError`
(an ``AssertionError``), with the op's ``FILE:LINE:COL`` when it came from a file.
Arrays the function writes may have been partly written by then.

Cost: a compare and a branch per access, and loops LLVM can no longer vectorize
(the branch), so checks are off by default.  Not checked: ``llvm.load``/``store``
through raw pointers (no sizes to check against), ``memref.reinterpret_cast``
(whatever the user says the layout is), reads of memory never written, and use
after ``memref.dealloc``.  ``scf.parallel`` loops run on one thread in checked code
(``threads`` is ignored, with a warning); the GPU target has no checks.
"""

from __future__ import annotations

import ctypes
from typing import TYPE_CHECKING

from llvmlite import ir
from xdsl.ir import Operation

from activity.errors import ActivityError
from activity.ops import op_name

if TYPE_CHECKING:
    from activity.codegen.lower import FuncLowering, ModuleLowering

RECORD = "activity_check_failed"  # [4 x i64]: site (from 1; 0: none), dim, value, limit
SCRATCH = "activity_check_scratch"  # where a failed access goes instead
REPORT = "activity_check_report"
_SCRATCH_BYTES = 256  # more than any element (the widest is a vector of 4 doubles)

I64 = ir.IntType(64)


class BoundsError(ActivityError, IndexError):
    """A checked compiled function accessed a memref out of its bounds (or copied
    between memrefs of different shapes, or made a view reaching past its source)."""


class CheckedAssertionError(ActivityError, AssertionError):
    """A ``cf.assert`` failed in a checked compiled function."""


def _record(ml: ModuleLowering) -> ir.GlobalVariable:
    g = ml.ir.globals.get(RECORD)
    if g is None:
        t = ir.ArrayType(I64, 4)
        g = ir.GlobalVariable(ml.ir, t, name=RECORD)
        g.initializer = ir.Constant(t, None)
        g.align = 8
    return g


def scratch(ml: ModuleLowering) -> ir.GlobalVariable:
    """The slot a failed access reads or writes instead."""
    g = ml.ir.globals.get(SCRATCH)
    if g is None:
        t = ir.ArrayType(ir.IntType(8), _SCRATCH_BYTES)
        g = ir.GlobalVariable(ml.ir, t, name=SCRATCH)
        g.initializer = ir.Constant(t, None)
        g.align = 64
    return g


def _report_fn(ml: ModuleLowering) -> ir.Function:
    """``activity_check_report(site, dim, value, limit)``: records the call's first
    failure (a compare-and-swap on the site word, so a later failure keeps the
    first); out of line and cold, off the checked code's hot path."""
    fn = ml.ir.globals.get(REPORT)
    if fn is not None:
        return fn
    fn = ir.Function(ml.ir, ir.FunctionType(ir.VoidType(), [I64] * 4), name=REPORT)
    fn.linkage = "internal"
    fn.attributes.add("noinline")
    fn.attributes.add("cold")
    site, dim, value, limit = fn.args
    b = ir.IRBuilder(fn.append_basic_block("entry"))
    rec = _record(ml)
    zero = ir.Constant(I64, 0)
    first = b.extract_value(b.cmpxchg(b.gep(rec, [zero, zero], inbounds=True), zero, site,
                                      "monotonic", "monotonic"), 1)
    fill = fn.append_basic_block("fill")
    done = fn.append_basic_block("done")
    b.cbranch(first, fill, done)
    b.position_at_end(fill)
    for k, v in ((1, dim), (2, value), (3, limit)):
        b.store(v, b.gep(rec, [zero, ir.Constant(I64, k)], inbounds=True))
    b.branch(done)
    b.position_at_end(done)
    b.ret_void()
    return fn


def failed_block(fl: FuncLowering, kind: str, op: Operation, dim: ir.Value,
                 value: ir.Value, limit: ir.Value) -> None:
    """In the block a failed check branches to: record the failure of ``op``."""
    ml = fl.ml
    ml.check_sites.append((kind, op, fl.fn.name))
    site = ir.Constant(I64, len(ml.check_sites))
    fl.b.call(_report_fn(ml), [site, dim, value, limit])


class Checks:
    """The failure record of one compiled module, read after each call."""

    def __init__(self, address: int, sites: list[tuple[str, Operation, str]]) -> None:
        self.record = (ctypes.c_int64 * 4).from_address(address)
        self.sites = sites

    def raise_failure(self) -> None:
        """Raise the recorded failure, if any (and clear the record)."""
        site, dim, value, limit = list(self.record)
        if not site:
            return
        for k in range(4):
            self.record[k] = 0
        raise failure(self.sites[site - 1], dim, value, limit)


def failure(site: tuple[str, Operation, str], dim: int, value: int,
            limit: int) -> ActivityError:
    from activity.codegen.lower import where

    kind, op, fn = site
    name = op_name(op)
    if kind == "assert":
        msg = op.properties.get("msg")
        text = getattr(msg, "data", None)
        return CheckedAssertionError(
            f"{name} failed in @{fn}" + (f": {text}" if text else ""), **where(op))
    if kind == "copy":
        return BoundsError(f"{name} in @{fn}: dimension {dim} has size {value} in the "
                           f"source and {limit} in the target", **where(op))
    if kind == "view":
        return BoundsError(f"{name} in @{fn}: index {value} of dimension {dim} is out of "
                           f"bounds for the source's size {limit}", **where(op))
    return BoundsError(f"{name} in @{fn}: index {value} is out of bounds for dimension "
                       f"{dim} of size {limit}", **where(op))
