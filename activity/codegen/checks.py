"""Checked compiled code: memref accesses within their memrefs' sizes, or an error.

Why: compiled code trusts its arguments as upstream MLIR's does.  A size argument
that disagrees with an array (``n = 8`` for 7 elements) reads or writes past the
array: wrong results, or the Python process killed by a segmentation fault.  A
user chasing such a bug wants what the reference interpreter gives -- the op, its
place in the source, the index and the size -- from the compiled code, on inputs too
large to interpret.  ``compile(..., check_bounds=True)`` and
``gradient(..., check_bounds=True)`` give it.

What the lowering checks (``Target.check_bounds``):

* every index of a ``memref.load``/``store``/``atomic_rmw`` against its dimension's
  size (unsigned, so a negative index fails too);
* a ``memref.copy``: both sides of one shape;
* a ``memref.subview``: in each dimension empty, or its first and last index below
  its source's size (the last computed without wrapping around);
* a ``memref.cast``: the sizes, strides and offset its result type states are the
  descriptor's (accesses through the result use the type's; the stride of a dimension
  of size 1, which no access uses, is not checked);
* ``memref.expand_shape``/``collapse_shape``: the result's sizes span the source's
  (none negative, their product not wrapping around);
* ``memref.alloc``/``alloca`` -- in every mode, checked or not
  (``FuncLowering.alloc_bytes``): no size negative (a ``BoundsError``), the byte
  count below 2**47 without wrapping around, and a block obtained (else an
  :class:`AllocationError`, a ``MemoryError``: a byte count that wrapped around made
  a small block the accesses ran past, a null block was written through);
* ``llvm.load``/``store`` and ``memcpy``/``memmove``/``memset`` through an
  ``!llvm.ptr`` whose block is known, against the block's extent
  (:mod:`activity.codegen.extents`);
* a ``cf.assert`` fails like a check instead of trapping -- in unchecked code too
  (``Target.recover``: host code the JIT compiles, the host part of ``threads=n`` and
  GPU code included, whose Python side reads the record; after calls of functions
  that may fail an assertion, unchecked code reads it too).  Kernels on host threads
  (``threads=n``; the emulated GPU too) leave at a failed assertion, Python raises it
  after the launch and the host code leaves after the launch (the launch callback
  marks the host's record ``LAUNCH_FAILED``); kernels on a real GPU and ahead-of-time
  code still trap.

Where a check fails, the code records the call's first failure -- the site (the op),
the dimension, the value and its limit -- in a module global and leaves the function
at once, returning undefined results; after every call of a function of the module,
checked code looks at the record and leaves too.  So nothing after a failure runs, and
no checked access leaves the memory the function was given.  After the call, Python reads the
record and raises :class:`BoundsError` (an ``IndexError``) or
:class:`CompiledAssertionError` (an ``AssertionError``), with the op's
``FILE:LINE:COL`` when it came from a file.  Arrays the function writes may have been
partly written by then, and what the function allocated before the failure is not
freed.

Cost: a compare and a branch per access, and loops LLVM can no longer vectorize
(the branch), so checks are off by default (``benchmarks/check_cost.py``).  Not
checked: accesses through pointers whose block is unknown (read from memory,
returned by a call: ``activity.codegen.extents``),
``memref.reinterpret_cast`` (the layout is whatever it states), the stack's size
(a large dynamic ``alloca``), reads of memory never written, and use after
``memref.dealloc``.  ``scf.parallel`` loops run on one thread in checked code
(``threads`` is ignored, with a warning); the GPU target has no checks.
"""

from __future__ import annotations

import ctypes

from llvmlite import ir
from xdsl.ir import Operation

from activity.codegen.errors import AllocationError, BoundsError, CompiledAssertionError
from activity.errors import ActivityError
from activity.frontend import place_of as where
from activity.ops import op_name

# the site of a kernel launch that failed (host threads, a GPU): set from Python by the
# launch callback so that the host code leaves (where a kernel may fail an assertion);
# its results are undefined then: raise_failure raises LaunchFailed, which
# GPUFunction.call replaces with the launch's own error
LAUNCH_FAILED = -1


class LaunchFailed(ActivityError):
    """The host code left after a failed kernel launch (internal: the launch's own
    error is raised instead)."""


RECORD = "activity_check_failed"  # [4 x i64]: site (from 1; 0: none), dim, value, limit
REPORT = "activity_check_report"

I64 = ir.IntType(64)


def record(mod: ir.Module) -> ir.GlobalVariable:
    """The failure record of module ``mod`` (made on first use)."""
    g = mod.globals.get(RECORD)
    if g is None:
        t = ir.ArrayType(I64, 4)
        g = ir.GlobalVariable(mod, t, name=RECORD)
        g.initializer = ir.Constant(t, None)
        g.align = 8
    return g


def report_fn(mod: ir.Module) -> ir.Function:
    """``activity_check_report(site, dim, value, limit)``: records the call's first
    failure (a compare-and-swap on the site word, so a later failure keeps the
    first); out of line and cold, off the checked code's hot path.  (The lowering
    calls it where a check fails: ``FuncLowering.record_failure``.)"""
    fn = mod.globals.get(REPORT)
    if fn is not None:
        return fn
    fn = ir.Function(mod, ir.FunctionType(ir.VoidType(), [I64] * 4), name=REPORT)
    fn.linkage = "internal"
    fn.attributes.add("noinline")
    fn.attributes.add("cold")
    site, dim, value, limit = fn.args
    b = ir.IRBuilder(fn.append_basic_block("entry"))
    rec = record(mod)
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


class Checks:
    """The failure record of one compiled module, read after each call."""

    def __init__(self, address: int, sites: list[tuple[str, Operation, str]]) -> None:
        self.record = (ctypes.c_int64 * 4).from_address(address)
        self.sites = sites

    def raise_failure(self) -> None:
        """Raise the recorded failure, if any (and clear the record)."""
        if not self.record[0]:  # (one item: reading all four costs 0.66 us a call --
            return              # BA's all_active gradient per call 3.7 -> 4.2 us)
        site, dim, value, limit = list(self.record)
        for k in range(4):
            self.record[k] = 0
        if site == LAUNCH_FAILED:
            raise LaunchFailed("a kernel launch failed")
        raise failure(self.sites[site - 1], dim, value, limit)


def failure(site: tuple[str, Operation, str], dim: int, value: int,
            limit: int) -> ActivityError:
    kind, op, fn = site
    at = f"{op_name(op)} in @{fn}"
    if kind == "assert":
        msg = op.properties.get("msg")
        text = getattr(msg, "data", None)
        return CompiledAssertionError(f"{at} failed" + (f": {text}" if text else ""),
                                     **where(op))
    if kind == "copy":
        text = f"dimension {dim} has size {value} in the source and {limit} in the target"
    elif kind == "view":
        text = (f"the last index of dimension {dim} wraps around" if value < 0 else
                f"index {value} of dimension {dim} is out of bounds for the source's "
                f"size {limit}")
    elif kind == "cast":
        rank = len(getattr(op.results[0].type, "shape", ()))
        what = (f"dimension {dim} has size" if dim < rank else
                f"dimension {dim - rank} has stride" if dim < 2 * rank else "the offset is")
        text = f"{what} {value}, its type says {limit}"
    elif kind == "shape" and op_name(op) == "memref.expand_shape":
        groups = [[int(getattr(x, "value", x).data) for x in g.data]  # type: ignore
                  for g in op.properties["reassociation"].data]  # type: ignore
        dims = ", ".join(str(j) for j in groups[dim]) if 0 <= dim < len(groups) else "?"
        span = "an invalid size" if value < 0 else f"{value} elements"
        text = (f"the result's dimensions {dims} span {span}, the source's dimension "
                f"{dim} has {limit}")
    elif kind == "shape":
        text = f"dimension {dim} of the result has size {value}, its type says {limit}"
    elif kind == "alloc":
        return _alloc_failure(at, op, dim, value, limit)
    elif kind.startswith("ptr"):
        text = pointer_failure_text(kind, op, dim, value, limit)
    else:
        text = f"index {value} is out of bounds for dimension {dim} of size {limit}"
    return BoundsError(f"{at}: {text}", **where(op))


def _alloc_failure(at: str, op: Operation, dim: int, value: int, limit: int
                   ) -> ActivityError:
    """The error of a failed allocation (``FuncLowering.alloc_bytes`` and
    ``check_allocated`` record it): dimension ``dim >= 0`` of size ``value`` negative
    (a ``BoundsError``, as the interpreter refuses it); the byte count ``value`` at or
    past ``limit`` (``dim == -1``), the product wrapping around at dimension ``-3 - dim``
    of size ``value`` times the ``limit`` bytes before it (``dim <= -3``), or the
    allocator returning null for ``value`` bytes (``dim == -2``): an
    :class:`AllocationError` (a ``MemoryError``)."""
    if "activity.tape" in op.attributes:  # (activity.ad.reverse.TAPE_ATTR)
        at = f"{at} (the tape of this loop's values for the reverse sweep)"
    if dim >= 0:
        return BoundsError(f"{at}: size {value} of dimension {dim} is negative", **where(op))
    if dim == -2:
        return AllocationError(f"{at}: could not allocate {value % (1 << 64)} bytes",
                               **where(op))
    if dim == -1:
        text = (f"{value % (1 << 64)} bytes are too many (the limit is 2**"
                f"{limit.bit_length() - 1} bytes)")
    else:
        k = -3 - dim
        size = value % (1 << 64)
        text = (f"the size in bytes overflows 64 bits: {size} elements of {limit} bytes"
                if k == 0 else
                f"the size in bytes overflows 64 bits: {limit} bytes (the element size "
                f"times the sizes of dimensions 0..{k - 1}) times dimension {k}'s size "
                f"{size}")
    return AllocationError(f"{at}: {text}", **where(op))


def pointer_failure_text(kind: str, op: Operation, n: int, off: int, size: int) -> str:
    """The message of a failed pointer check (:mod:`activity.codegen.extents`): ``n``
    bytes at byte offset ``off`` of a block of ``size`` bytes."""
    what = kind[len("ptr"):].strip()
    access = f"{what} " if what else ""
    if off < 0:
        return (f"the {access}access of {n} bytes is {-off} bytes before the start of "
                f"the {size}-byte block its pointer points into")
    return (f"the {access}access of bytes {off}..{off + n - 1} is out of bounds of the "
            f"{size}-byte block its pointer points into")
