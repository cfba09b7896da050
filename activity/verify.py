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
:mod:`activity.verify_llvm`).  Executions outside the bound, and executions with
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
"""

from __future__ import annotations

import math
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import z3
from xdsl.dialects import llvm
from xdsl.dialects.builtin import (
    AnyFloat,
    ArrayAttr,
    DictionaryAttr,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    ModuleOp,
    StringAttr,
    UnitAttr,
)
from xdsl.dialects.llvm import LLVMArrayType, LLVMStructType
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue

from activity.engine.program import (
    Program,
    call_args,
    call_target,
    entry_args,
    has_body,
    sym_name,
)
from activity.engine.types import is_float_like, is_pointer
from activity.errors import ActivityError
from activity.ops import EXTERNAL_ALIASES, OpKind, OpSpec, lookup, op_name
from activity.ops.table import (
    ALLOCATORS,
    CMPF_PREDICATES,
    CMPI_PREDICATES,
    DEALLOCATORS,
    predicate_name,
    signed,
)
from activity.semantics import nonzero_tangent
from activity.verify_llvm import (
    NULL,
    LLVMMemory,
    LLVMUnsupported,
    Ptr,
    access_type,
    desc_of,
    flatten,
    null_ptr,
    unknown_ptr,
)
from activity.z3backend import Z3Backend, real, to_float

CLAIM_SOURCES = ("ours", "enzyme", "activity")
_DYN = -(2**63)

Lanes = dict[int, Any]  # tangent lane -> Z3 real (absent: structurally zero)
Guard = Any  # True or a Z3 Bool


class Unsupported(ActivityError):
    """The program uses something the verifier does not encode (exit 2)."""


# ---------------------------------------------------------------------------
# Claims.


@dataclass(frozen=True)
class Claim:
    """A negative claim: ``kind`` is ``"varied"`` (v is not varied), ``"useful"`` (not
    useful), ``"active"`` (not active) or ``"write"`` (the store ``op`` is not active)."""

    kind: str
    value: SSAValue | None = None
    op: Operation | None = None
    source: str = "ours"

    def describe(self) -> str:
        from activity.testing.oracle import describe_value

        what = describe_value(self.value) if self.value is not None else _describe_op(self.op)
        return f"{what} claimed not {'active' if self.kind == 'write' else self.kind}"


def _result_types(f: Operation) -> list[Attribute]:
    """The result types of a ``func.func`` or an ``llvm.func`` (whose function type has
    one ``output``, ``void`` for none: reading ``outputs`` off it crashed ``verify`` on
    every imported C function with scalar arguments)."""
    ftype = getattr(f, "function_type", None)
    if isinstance(ftype, llvm.LLVMFunctionType):
        out = ftype.output
        return [] if isinstance(out, llvm.LLVMVoidType) else [out]
    return list(ftype.outputs.data) if ftype is not None else []  # type: ignore[attr-defined]


def _describe_op(op: Operation | None) -> str:
    if op is None:
        return "?"
    tag = op.attributes.get("tag")
    t = f' {{tag = "{tag.data}"}}' if isinstance(tag, StringAttr) else ""
    return f"{op_name(op)}{t}"


def _nonptr(v: SSAValue) -> bool:
    """Whether claims on ``v`` are checked: not pointers, not aggregates (whose
    members are checked where they are extracted)."""
    from xdsl.dialects.llvm import LLVMArrayType, LLVMStructType

    return not is_pointer(v.type) and not isinstance(v.type, LLVMStructType | LLVMArrayType)


def _values_of(f: Operation) -> list[SSAValue]:
    out: list[SSAValue] = []
    for region in f.regions:
        for b in region.blocks:
            out.extend(b.args)
    for op in f.walk():
        if op is f:
            continue
        out.extend(op.results)
        for region in op.regions:
            for b in region.blocks:
                out.extend(b.args)
    return out


def claims_ours(module: ModuleOp, func: str, args: Any, alias_args: str = "distinct"
                ) -> tuple[list[Claim], Any]:
    """Our analysis' negative claims on every non-pointer value of the analysed
    functions."""
    import activity

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        res = activity.analyze(module, func, args, alias_args=alias_args)
    out: list[Claim] = []
    for f in res.graph.functions:
        if not has_body(f):
            continue
        for v in _values_of(f):
            if not _nonptr(v) or not res.analysed(v):
                continue
            a = res.value(v)
            if not a.varied:
                out.append(Claim("varied", v))
            if not a.useful:
                out.append(Claim("useful", v))
    return out, res


_WORD_CLAIMS = {"const": ("varied", "useful"), "varied": ("useful",),
                "useful": ("varied",), "active": ()}


def _arg_dicts(f: Operation) -> list[dict[str, Attribute]]:
    attrs = f.properties.get("arg_attrs") or f.attributes.get("arg_attrs")
    if not isinstance(attrs, ArrayAttr):
        return []
    return [dict(d.data) if isinstance(d, DictionaryAttr) else {} for d in attrs.data]


def _op_const_claims(op: Operation, source: str) -> list[Claim]:
    """An op claimed inactive: its results are not active; a store's write is not
    active; a terminator forwards no active value."""
    out = [Claim("active", r, source=source) for r in op.results if _nonptr(r)]
    spec = lookup(op)
    if spec is not None and spec.kind == OpKind.MEM_WRITE:
        out.append(Claim("write", op=op, source=source))
    elif not op.results and (op.successors or op_name(op) in (
            "func.return", "scf.yield", "scf.condition", "llvm.return")):
        out += [Claim("active", u, source=source) for u in op.operands if _nonptr(u)]
    return out


def _flag(attr: Attribute | None, what: str) -> bool | None:
    """The truth value of a claim attribute: ``true``/``false`` (a ``BoolAttr``, which is
    an ``i1`` ``IntegerAttr``, or any integer), a unit attribute (true), or None when
    absent.  Enzyme-MLIR's ``print-activity-analysis{annotate=true}`` writes
    ``enzyme.icv = false`` on every op it finds active: reading the attribute's presence
    as a claim made each of them a false counterexample."""
    if attr is None:
        return None
    if isinstance(attr, UnitAttr):
        return True
    if isinstance(attr, IntegerAttr):
        return int(attr.value.data) != 0
    raise ActivityError(f"{what} = {attr} is not a boolean (expected true, false or a "
                        "unit attribute)")


def _arg_flags(f: Operation) -> list[bool | None]:
    """Enzyme's per-argument ``enzyme.icv`` on the function op (``array<i1: ...>``)."""
    attr = f.attributes.get("enzyme.icv")
    if attr is None:
        return []
    get = getattr(attr, "get_values", None)
    if get is None:
        raise ActivityError(f"enzyme.icv = {attr} on @{sym_name(f)} is not an array<i1: ...> "
                            "of per-argument flags")
    return [int(x) != 0 for x in get()]


def claims_from_annotations(module: ModuleOp, funcs: Sequence[Operation], source: str
                            ) -> list[Claim]:
    """Claims another tool wrote into the IR, read by value: Enzyme's ``enzyme.icv``
    (value constant) and ``enzyme.ici`` (instruction constant) -- ``true`` or a unit
    attribute is a claim, ``false`` is none -- or our own ``activity.results`` /
    ``activity.op`` / ``activity.value`` annotations."""
    out: list[Claim] = []
    for f in funcs:
        if not has_body(f):
            continue
        fargs = _arg_flags(f) if source == "enzyme" else []
        for i, (arg, d) in enumerate(zip(entry_args(f), _arg_dicts(f) or [{}] * len(
                entry_args(f)), strict=False)):
            if not _nonptr(arg):
                continue
            if source == "enzyme":
                icv = _flag(d.get("enzyme.icv"), "enzyme.icv")
                if icv is None and i < len(fargs):
                    icv = fargs[i]
                if icv:
                    out.append(Claim("active", arg, source=source))
            w = d.get("activity.value")
            if source == "activity" and isinstance(w, StringAttr):
                out += [Claim(k, arg, source=source) for k in _word(w.data)]
        for op in f.walk():
            if op is f:
                continue
            if source == "enzyme":
                if _flag(op.attributes.get("enzyme.icv"), "enzyme.icv"):
                    out += [Claim("active", r, source=source) for r in op.results
                            if _nonptr(r)]
                if _flag(op.attributes.get("enzyme.ici"), "enzyme.ici"):
                    # (not on terminators: Enzyme calls every return a constant
                    # instruction, its values are handled by the adjoint generation)
                    out += [c for c in _op_const_claims(op, source)
                            if c.kind == "write" or c.value in op.results]
            else:
                words = op.attributes.get("activity.results")
                if isinstance(words, ArrayAttr):
                    for r, w in zip(op.results, words.data, strict=False):
                        if _nonptr(r) and isinstance(w, StringAttr):
                            out += [Claim(k, r, source=source) for k in _word(w.data)]
                o = op.attributes.get("activity.op")
                if isinstance(o, StringAttr) and o.data == "const":
                    out += [c for c in _op_const_claims(op, source) if c.kind == "write"
                            or c.value not in op.results]
    seen: set[Claim] = set()
    uniq = []
    for c in out:
        if c not in seen:
            seen.add(c)
            uniq.append(c)
    return uniq


def _word(w: str) -> tuple[str, ...]:
    if w not in _WORD_CLAIMS:
        raise ActivityError(f"unknown activity annotation '{w}' "
                            f"(expected one of {', '.join(_WORD_CLAIMS)})")
    return _WORD_CLAIMS[w]


# ---------------------------------------------------------------------------
# Symbolic values.


@dataclass
class MRef:
    """A memref value: which buffer (a Z3 int over candidate ids), the element offset,
    sizes and strides (static)."""

    buf: z3.ArithRef
    cands: frozenset[int]
    offset: Any  # Z3 64-bit vector
    sizes: tuple[int, ...]
    strides: tuple[int, ...]


@dataclass
class Buf:
    cells: list[tuple[Any, Lanes]]
    is_float: bool
    width: int


@dataclass
class Options:
    unroll: int = 5
    inline_depth: int | None = None  # nested activations per function (default K + 1)
    dyn_size: int = 4
    timeout: float = 60.0  # seconds for all queries
    query_timeout: float = 10.0  # seconds per query
    random_trials: int = 3  # random concrete runs on the interpreter before Z3


def _bvv(x: int, w: int = 64) -> z3.BitVecRef:
    return z3.BitVecVal(x % (1 << w), w)


def _and(g: Guard, c: Any) -> Guard:
    if g is True:
        return c
    if c is True:
        return g
    return z3.And(g, c)


def _ite(c: Guard, a: Any, b: Any) -> Any:
    if c is True or a is b:
        return a
    return z3.If(c, a, b)


def _lane_ite(c: Guard, a: Lanes, b: Lanes) -> Lanes:
    if a is b or c is True:
        return a
    if isinstance(a, tuple) or isinstance(b, tuple):  # an aggregate: lanes per member
        return tuple(_lane_ite(c, x, y) for x, y in zip(a, b, strict=True))  # type: ignore
    out: Lanes = {}
    for k in set(a) | set(b):
        x, y = a.get(k), b.get(k)
        if x is y:
            out[k] = x
        else:
            out[k] = z3.If(c, x if x is not None else real(0), y if y is not None else real(0))
    return out


def _elem(t: Attribute) -> tuple[bool, int]:
    if isinstance(t, AnyFloat):
        return True, 64
    if isinstance(t, IntegerType):
        return False, t.width.data
    if isinstance(t, IndexType):
        return False, 64
    raise Unsupported(f"memref element type {t} is outside the verifier's subset")


def _scalar_sort_zero(t: Attribute) -> Any:
    if isinstance(t, AnyFloat):
        return real(0)
    if isinstance(t, IntegerType | IndexType):
        return _bvv(0, 64 if isinstance(t, IndexType) else t.width.data)
    raise Unsupported(f"type {t} is outside the verifier's subset")


def _width(t: Attribute) -> int:
    if isinstance(t, IndexType):
        return 64
    if isinstance(t, IntegerType):
        return t.width.data
    raise Unsupported(f"expected an integer type, got {t}")


class _Exit:
    def __init__(self, guard: Guard, op: Operation, vals: list[Any], lanes: list[Lanes]):
        self.guard, self.op, self.vals, self.lanes = guard, op, vals, lanes


# ---------------------------------------------------------------------------
# The encoder.


class Encoder(LLVMMemory):
    """Symbolically executes one function (predicated, loops unrolled, calls inlined),
    computing Z3 primal values and tangent *lanes*: lane 0 carries the input tangents;
    every other lane starts at zero and adds 1 at each instance of one value (or at the
    write of one store) -- the perturbations of the usefulness checks."""

    def __init__(self, module: ModuleOp, func: str, kinds: Sequence[str], opts: Options,
                 value_lanes: dict[SSAValue, int], store_lanes: dict[Operation, int]
                 ) -> None:
        self.module = module
        self.program = Program.of(module)
        self.func = func
        self.kinds = list(kinds)
        self.opts = opts
        self.value_lanes = value_lanes
        self.store_lanes = store_lanes
        self.N = Z3Backend("uf_")
        self.assume: list[Any] = []
        self.domain: list[Any] = []  # preferred (not required) for witnesses
        self.instances: dict[SSAValue, list[tuple[Guard, Lanes]]] = {}
        self.store_instances: dict[Operation, list[tuple[Guard, Lanes]]] = {}
        self.mem: dict[int, Buf] = {}
        self.inputs: list[tuple[str, Any]] = []  # per argument: kind, data (for replay)
        self.outputs: list[Lanes] = []
        self.depth: dict[str, int] = {}
        self.ops_encoded = 0
        self._bits: dict[int, z3.FuncDeclRef] = {}
        self._unbits: dict[int, z3.FuncDeclRef] = {}
        self._fresh = 0
        self.initial: dict[int, list[tuple[Any, Lanes]]] = {}
        self._globals: dict[str, MRef] = {}
        self.ieee_specials = 0  # inf/NaN literals encoded as unconstrained reals
        self.lmem: dict[int, Any] = {}  # llvm-dialect blocks (activity.verify_llvm)
        self.unmodelled: list[tuple[Any, str]] = []  # (condition, what) not modelled
        self.linitial: dict[int, dict[int, Any]] = {}  # pointer arguments' first cells
        self._bids = 0

    def new_bid(self) -> int:
        self._bids += 1
        return self._bids - 1

    # -- entry ----------------------------------------------------------------------
    def run(self) -> None:
        f = self.program.functions.get(self.func)
        if f is None or not has_body(f):
            raise ActivityError(f"no function '@{self.func}' with a body")
        vals: list[Any] = []
        lanes: list[Lanes] = []
        for i, (a, kind) in enumerate(zip(entry_args(f), self.kinds, strict=True)):
            t = a.type
            if isinstance(t, AnyFloat):
                x = z3.Real(f"arg{i}")
                seed = z3.Real(f"arg{i}_dot") if kind == "active" else None
                vals.append(x)
                lanes.append({0: seed} if seed is not None else {})
                self.inputs.append(("float", (x, seed)))
            elif isinstance(t, IntegerType | IndexType):
                w = _width(t)
                x = z3.BitVec(f"arg{i}", w)
                vals.append(x)
                lanes.append({})
                self.inputs.append(("int", (x, w)))
            elif isinstance(t, MemRefType):
                is_float, w = _elem(t.element_type)
                shape = tuple(self.opts.dyn_size if s in (_DYN, -1) else s
                              for s in t.get_shape())
                n = int(np.prod(shape)) if shape else 1
                bid = self.new_bid()
                cells: list[tuple[Any, Lanes]] = []
                seeds = []
                for j in range(n):
                    p = z3.Real(f"arg{i}_{j}") if is_float else z3.BitVec(f"arg{i}_{j}", w)
                    s = z3.Real(f"arg{i}_{j}_dot") if kind in ("dup", "dupnoneed") \
                        and is_float else None
                    cells.append((p, {0: s} if s is not None else {}))
                    seeds.append(s)
                self.mem[bid] = Buf(cells, is_float, w)
                vals.append(MRef(z3.IntVal(bid), frozenset({bid}), _bvv(0), shape,
                                 _row_major(shape)))
                lanes.append({})
                self.inputs.append(("memref", (bid, shape, is_float, kind)))
            elif is_pointer(t) and not isinstance(t, MemRefType):
                vals.append(self.pointer_arg(i, a, kind))
                lanes.append({})
            else:
                raise Unsupported(f"argument {i} of @{self.func} has type {t}, outside the "
                                  "verifier's subset")
        self.initial = {bid: list(b.cells) for bid, b in self.mem.items()}
        _results, rlanes = self.call(f, vals, lanes, True)
        outs = _result_types(f)
        for t, ln in zip(outs, rlanes, strict=False):
            if is_float_like(t):
                self.outputs.extend(_leaf_lanes(ln))
        for kind, data in self.inputs:
            if kind == "memref" and data[3] in ("dup", "dupnoneed"):
                for _p, ln in self.mem[data[0]].cells:
                    self.outputs.append(ln)
            if kind == "ptr" and data[1] in ("dup", "dupnoneed"):
                for _d, _v, ln in (self.lmem[data[0]].cells or {}).values():
                    self.outputs.append(ln)

    def pointer_arg(self, i: int, a: SSAValue, kind: str) -> Ptr:
        """An ``!llvm.ptr`` argument (null, or distinct from every other): a block of
        ``dyn_size`` elements of the scalar type read through it, or of the struct its
        ``getelementptr``s index (else of the first type the encoding accesses it
        with).  Pointers stored in it point outside the model."""
        from activity.engine.types import pointee
        from activity.semantics.memory import layout

        t = pointee(a) or (access_type(a) if _struct_of(a) is None else None)
        n = self.opts.dyn_size
        cells: list[tuple[int, Any]] | None = None
        elem = 8
        if t is not None:
            d = desc_of(t)
            cells, elem = [(0, d)], d[1]
        else:
            st = _struct_of(a)
            if st is not None:
                cells, elem = flatten(st), layout(st)[0]
        size = n * elem
        bid, blk = self.new_block(f"argument {i}", _bvv(size), size, None, elem)
        blk.arg = (i, kind)
        if cells is not None:
            self.arg_cells(blk, bid, cells, elem)
        isnull = z3.Bool(f"arg{i}_null")
        self.inputs.append(("ptr", (bid, kind, isnull)))
        return Ptr(z3.If(isnull, z3.IntVal(NULL), z3.IntVal(bid)), frozenset({bid}), _bvv(0))

    def arg_cells(self, blk: Any, bid: int, cells: list[tuple[int, Any]], elem: int
                  ) -> None:
        """Fill an argument's block with input cells (tangent seeds where ``dup``)."""
        i, kind = blk.arg
        blk.elem = elem
        blk.cells = {}
        for j in range(blk.cap // elem):
            for o, d in cells:
                at = j * elem + o
                if d[0] == "f":
                    p = z3.Real(f"arg{i}_{at}")
                    seed = z3.Real(f"arg{i}_{at}_dot") if kind in ("dup", "dupnoneed") \
                        else None
                    blk.cells[at] = (d, p, {0: seed} if seed is not None else {})
                elif d[0] == "i":
                    blk.cells[at] = (d, z3.BitVec(f"arg{i}_{at}", d[2]), {})
                else:
                    blk.cells[at] = (d, unknown_ptr(z3.BitVec(f"arg{i}_{at}", 64)), {})
        self.linitial[bid] = dict(blk.cells)

    def type_block(self, blk: Any, d: Any) -> None:
        if blk.cells is not None or blk.arg is None:
            return super().type_block(blk, d)
        bid = next(b for b, x in self.lmem.items() if x is blk)
        return self.arg_cells(blk, bid, [(0, d)], d[1])

    # -- bookkeeping ----------------------------------------------------------------
    def bind(self, env: dict[SSAValue, Any], tenv: dict[SSAValue, Lanes], v: SSAValue,
             val: Any, lanes: Lanes, guard: Guard) -> None:
        if not is_pointer(v.type):
            lane = self.value_lanes.get(v)
            if lane is not None:
                lanes = dict(lanes)
                lanes[lane] = lanes[lane] + 1 if lane in lanes else real(1)
            self.instances.setdefault(v, []).append((guard, lanes))
        env[v] = val
        tenv[v] = lanes

    def fresh(self, t: Attribute) -> Any:
        self._fresh += 1
        if isinstance(t, AnyFloat):
            return z3.Real(f"havoc{self._fresh}")
        if isinstance(t, IntegerType | IndexType):
            return z3.BitVec(f"havoc{self._fresh}", _width(t))
        return None

    def require(self, guard: Guard, cond: Any) -> None:
        """Executions reaching ``guard`` must satisfy ``cond`` (else excluded)."""
        if cond is True:
            return
        self.assume.append(cond if guard is True else z3.Implies(guard, cond))

    # -- functions and regions ------------------------------------------------------
    def call(self, f: Operation, vals: list[Any], lanes: list[Lanes], guard: Guard
             ) -> tuple[list[Any], list[Lanes]]:
        name = sym_name(f) or "?"
        d = self.depth.get(name, 0)
        outs = _result_types(f)
        limit = self.opts.inline_depth
        if d >= (self.opts.unroll + 1 if limit is None else limit):
            self.require(guard, False)  # deeper recursion is outside the bound
            return [self.fresh(t) for t in outs], [{} for _ in outs]
        self.depth[name] = d + 1
        try:
            env: dict[SSAValue, Any] = {}
            tenv: dict[SSAValue, Lanes] = {}
            exits = self.region(f.regions[0], vals, lanes, guard, env, tenv)
        finally:
            self.depth[name] = d
        return self.merge_exits(exits, guard, outs)

    def merge_exits(self, exits: list[_Exit], guard: Guard, types: Sequence[Attribute]
                    ) -> tuple[list[Any], list[Lanes]]:
        if not exits:
            self.require(guard, False)
            return [self.fresh(t) for t in types], [{} for _ in types]
        if len(exits) > 1:
            self.require(guard, z3.Or(*[e.guard if e.guard is not True else z3.BoolVal(True)
                                        for e in exits]))
        vals, lanes = list(exits[-1].vals), list(exits[-1].lanes)
        for e in reversed(exits[:-1]):
            vals = [self.merge(e.guard, a, b) for a, b in zip(e.vals, vals, strict=True)]
            lanes = [_lane_ite(e.guard, a, b) for a, b in zip(e.lanes, lanes, strict=True)]
        return vals, lanes

    def merge(self, c: Guard, a: Any, b: Any) -> Any:
        if a is b or c is True:
            return a
        if isinstance(a, MRef) or isinstance(b, MRef):
            if not (isinstance(a, MRef) and isinstance(b, MRef)) or a.sizes != b.sizes \
                    or a.strides != b.strides:
                raise Unsupported("a merge of memrefs with different layouts")
            return MRef(z3.If(c, a.buf, b.buf), a.cands | b.cands, z3.If(c, a.offset, b.offset),
                        a.sizes, a.strides)
        if isinstance(a, tuple) or isinstance(b, tuple):  # an aggregate, member-wise
            return tuple(self.merge(c, x, y) for x, y in zip(a, b, strict=True))
        if isinstance(a, Ptr) or isinstance(b, Ptr):
            if not (isinstance(a, Ptr) and isinstance(b, Ptr)):
                raise Unsupported("a merge of a pointer with another value")
            return Ptr(z3.If(c, a.buf, b.buf), a.cands | b.cands, z3.If(c, a.off, b.off))
        if a is None or b is None:
            return a if b is None else b
        return z3.If(c, a, b)

    def region(self, region: Region, vals: list[Any], lanes: list[Lanes], guard: Guard,
               env: dict[SSAValue, Any], tenv: dict[SSAValue, Lanes]) -> list[_Exit]:
        blocks = list(region.blocks)
        if not blocks:
            return []
        if len(blocks) == 1:
            b = blocks[0]
            for a, v, ln in zip(b.args, vals, lanes, strict=True):
                self.bind(env, tenv, a, v, ln, guard)
            return self.block_ops(b, guard, env, tenv)
        return self.cfg(blocks, vals, lanes, guard, env, tenv)

    def block_ops(self, b: Block, guard: Guard, env: dict[SSAValue, Any],
                  tenv: dict[SSAValue, Lanes]) -> list[_Exit]:
        """Run a block's ops; return the exits of its terminator (return/yield/condition),
        or, for a branch, one pseudo-exit per successor with the forwarded values."""
        for op in b.ops:
            name = op_name(op)
            if op.successors or name in ("func.return", "llvm.return", "scf.yield",
                                         "scf.condition"):
                return self.terminator(op, guard, env, tenv)
            self.op(op, guard, env, tenv)
        return []

    def terminator(self, op: Operation, guard: Guard, env: dict[SSAValue, Any],
                   tenv: dict[SSAValue, Lanes]) -> list[_Exit]:
        name = op_name(op)
        ins = [env[u] for u in op.operands]
        tins = [tenv[u] for u in op.operands]
        if name in ("cf.br", "llvm.br"):
            return [_Exit(guard, op.successors[0], ins, tins)]  # type: ignore[arg-type]
        if name in ("cf.cond_br", "llvm.cond_br"):
            from activity.engine.program import successor_operands

            fwd = successor_operands(op)
            if fwd is None:
                raise Unsupported(f"branch '{name}' with unknown operand forwarding")
            c = env[op.operands[0]] == 1
            out = []
            for k, (blk, cond) in enumerate(zip(op.successors, (c, z3.Not(c)), strict=True)):
                out.append(_Exit(_and(guard, cond), blk,  # type: ignore[arg-type]
                                 [env[u] for u in fwd[k]], [tenv[u] for u in fwd[k]]))
            return out
        if op.successors:
            from activity.ops.switch import SWITCH_OPS, switch_cases

            sw = switch_cases(op) if name in SWITCH_OPS else None
            if sw is None:
                raise Unsupported(f"op '{name}' (multi-way branch) is outside the "
                                  "verifier's subset")
            flag = env[sw.flag]
            out, none = [], []
            for value, blk, fwd in sw.cases:  # the first equal case wins
                hit = flag == _bvv(value, sw.width)
                out.append(_Exit(_and(guard, z3.And(hit, *none) if none else hit), blk,
                                 [env[u] for u in fwd], [tenv[u] for u in fwd]))
                none.append(z3.Not(hit))
            out.append(_Exit(_and(guard, z3.And(*none)) if none else guard, sw.default,
                             [env[u] for u in sw.default_operands],
                             [tenv[u] for u in sw.default_operands]))
            return out
        return [_Exit(guard, op, ins, tins)]

    def cfg(self, blocks: list[Block], vals: list[Any], lanes: list[Lanes], guard: Guard,
            env: dict[SSAValue, Any], tenv: dict[SSAValue, Lanes]) -> list[_Exit]:
        """A multi-block region unrolled into a DAG of (block, back edges taken) nodes: at
        most ``K * B`` back-edge traversals per activation (``B`` back edges)."""
        index = {b: i for i, b in enumerate(blocks)}
        succ: dict[Block, list[Block]] = {}
        for b in blocks:
            t = b.last_op
            succ[b] = list(t.successors) if t is not None else []
        back: set[tuple[Block, Block]] = set()
        state: dict[Block, int] = {}
        order: list[Block] = []

        def dfs(b: Block) -> None:  # iterative enough for small regions
            state[b] = 1
            for s in succ[b]:
                if state.get(s) == 1:
                    back.add((b, s))
                elif s not in state:
                    dfs(s)
            state[b] = 2
            order.append(b)

        dfs(blocks[0])
        K = self.opts.unroll * max(1, len(back))
        topo = list(reversed(order))  # reverse postorder: forward edges go forward
        incoming: dict[tuple[Block, int], list[_Exit]] = {}
        incoming[(blocks[0], 0)] = [_Exit(guard, blocks[0].first_op, vals, lanes)]  # type: ignore
        exits: list[_Exit] = []
        del index
        for k in range(K + 1):
            for b in topo:
                ins = incoming.get((b, k))
                if not ins:
                    continue
                g: Guard = ins[0].guard if len(ins) == 1 else z3.Or(
                    *[e.guard if e.guard is not True else z3.BoolVal(True) for e in ins])
                avals, alanes = list(ins[-1].vals), list(ins[-1].lanes)
                for e in reversed(ins[:-1]):
                    avals = [self.merge(e.guard, x, y) for x, y in zip(e.vals, avals,
                                                                        strict=True)]
                    alanes = [_lane_ite(e.guard, x, y) for x, y in zip(e.lanes, alanes,
                                                                        strict=True)]
                old = {v: (env[v], tenv[v]) for v in _defined(b) if v in env}
                for a, v, ln in zip(b.args, avals, alanes, strict=True):
                    self.bind(env, tenv, a, v, ln, g)
                outs = self.block_ops(b, g, env, tenv)
                for v, (ov, ol) in old.items():  # later nodes see the latest instance
                    env[v] = self.merge(g, env[v], ov)
                    tenv[v] = _lane_ite(g, tenv[v], ol)
                for e in outs:
                    if isinstance(e.op, Block):
                        tgt = e.op
                        kk = k + 1 if (b, tgt) in back else k
                        if kk > K:
                            self.require(e.guard, False)  # more back edges than the bound
                            continue
                        incoming.setdefault((tgt, kk), []).append(e)
                    else:
                        exits.append(e)
        return exits

    # -- ops --------------------------------------------------------------------------
    def op(self, op: Operation, guard: Guard, env: dict[SSAValue, Any],
           tenv: dict[SSAValue, Lanes]) -> None:
        self.ops_encoded += 1
        name = op_name(op)
        if name == "scf.if":
            return self.scf_if(op, guard, env, tenv)
        if name == "scf.for":
            return self.scf_for(op, guard, env, tenv)
        if name == "scf.while":
            return self.scf_while(op, guard, env, tenv)
        if name == "scf.execute_region":
            exits = self.region(op.regions[0], [], [], guard, env, tenv)
            vals, lanes = self.merge_exits(exits, guard, [r.type for r in op.results])
            for r, v, ln in zip(op.results, vals, lanes, strict=True):
                self.bind(env, tenv, r, v, ln, guard)
            return None
        if name in ("func.call", "llvm.call"):
            return self.call_op(op, guard, env, tenv)
        if name == "cf.assert":
            self.require(guard, env[op.operands[0]] == 1)
            return None
        if name.startswith("llvm.") and (
                name != "llvm.select" or not is_pointer(op.results[0].type)):
            if name in ("llvm.mlir.undef", "llvm.mlir.poison") and op.results \
                    and is_pointer(op.results[0].type):
                self.bind(env, tenv, op.results[0], null_ptr(), {}, guard)
                return None
            if name in ("llvm.mlir.undef", "llvm.mlir.poison", "llvm.mlir.zero") \
                    and op.results and isinstance(op.results[0].type, LLVMStructType
                                                  | LLVMArrayType):
                v, ln = self.zero_aggregate(op.results[0].type)
                self.bind(env, tenv, op.results[0], v, ln, guard)
                return None
            try:
                if self.llvm_mem_op(op, name, guard, env, tenv):
                    return None
            except LLVMUnsupported as e:
                raise Unsupported(f"{e} is outside the verifier's subset") from None
        spec = lookup(name)
        if spec is None:
            raise Unsupported(f"op '{name}' is outside the verifier's subset")
        return self.spec_op(op, spec, guard, env, tenv)

    def call_op(self, op: Operation, guard: Guard, env: dict[SSAValue, Any],
                tenv: dict[SSAValue, Lanes]) -> None:
        target = call_target(op)
        args = list(call_args(op))
        f = self.program.functions.get(target) if target is not None else None
        if f is not None and has_body(f):
            vals, lanes = self.call(f, [env[a] for a in args], [tenv[a] for a in args], guard)
            for r, v, ln in zip(op.results, vals, lanes, strict=True):
                self.bind(env, tenv, r, v, ln, guard)
            return
        if target in ALLOCATORS or target in DEALLOCATORS:
            if target in DEALLOCATORS:
                return
            try:
                p = self.allocate(target, [env[a] for a in args], guard)  # type: ignore
            except LLVMUnsupported as e:
                raise Unsupported(f"{e} is outside the verifier's subset") from None
            self.bind(env, tenv, op.results[0], p, {}, guard)
            return
        alias = EXTERNAL_ALIASES.get(target or "")
        if alias in ("llvm.intr.memcpy", "llvm.intr.memmove", "llvm.intr.memset"):
            d, s, n = (env[a] for a in args[:3])
            n = z3.SignExt(64 - n.size(), n) if n.size() < 64 else n
            if alias == "llvm.intr.memset":
                self.memset(d, z3.Extract(7, 0, s), n, guard)
            else:
                self.memcpy(d, s, n, guard, (args[0], args[1]))
            for r in op.results:  # memcpy/memset return their destination
                self.bind(env, tenv, r, d, {}, guard)
            return
        spec = lookup(alias) if alias is not None else None
        if spec is not None and spec.kind == OpKind.FLOAT:
            self.scalar(op, spec, [env[a] for a in args], [tenv[a] for a in args], guard,
                        env, tenv)
            return
        raise Unsupported(f"call to '@{target}' (no body, not a known math function) is "
                          "outside the verifier's subset")

    def spec_op(self, op: Operation, spec: OpSpec, guard: Guard, env: dict[SSAValue, Any],
                tenv: dict[SSAValue, Lanes]) -> None:
        k = spec.kind
        name = spec.name
        if k in (OpKind.FLOAT, OpKind.SELECT, OpKind.CAST, OpKind.INT, OpKind.COMPARE):
            if k == OpKind.SELECT and op.results and is_pointer(op.results[0].type):
                c = env[op.operands[0]] == 1
                v = self.merge(c, env[op.operands[1]], env[op.operands[2]])
                self.bind(env, tenv, op.results[0], v, {}, guard)
                return
            self.scalar(op, spec, [env[u] for u in op.operands],
                        [tenv[u] for u in op.operands], guard, env, tenv)
            return
        if k == OpKind.CONSTANT:
            r = op.results[0]
            self.bind(env, tenv, r, self.constant(op, r.type), {}, guard)
            return
        if k == OpKind.META and name == "memref.dim":
            m = env[op.operands[0]]
            idx = env[op.operands[1]]
            k_ = _numeral(idx)
            if k_ is None or not isinstance(m, MRef) or k_ >= len(m.sizes):
                raise Unsupported("memref.dim with a non-constant or out-of-range index")
            self.bind(env, tenv, op.results[0], _bvv(m.sizes[k_]), {}, guard)
            return
        if k == OpKind.META and not op.results:
            return  # no value semantics (lifetime markers, debug info, ...)
        if k == OpKind.MEM_ALLOC and name in ("memref.alloc", "memref.alloca"):
            t = op.results[0].type
            assert isinstance(t, MemRefType)
            is_float, w = _elem(t.element_type)
            dyn = [_numeral(env[u]) for u in op.operands]
            if any(d is None for d in dyn):
                raise Unsupported(f"{name} with a symbolic size")
            it = iter(dyn)
            shape = tuple(next(it) if s in (_DYN, -1) else s for s in t.get_shape())  # type: ignore
            n = int(np.prod(shape)) if shape else 1
            bid = self.new_bid()
            zero = real(0) if is_float else _bvv(0, w)
            self.mem[bid] = Buf([(zero, {}) for _ in range(n)], is_float, w)
            v = MRef(z3.IntVal(bid), frozenset({bid}), _bvv(0), shape,  # type: ignore[arg-type]
                     _row_major(shape))  # type: ignore[arg-type]
            self.bind(env, tenv, op.results[0], v, {}, guard)
            return
        if k == OpKind.MEM_FREE:
            return
        if name == "memref.load":
            m = env[op.operands[0]]
            addr = self.address(m, [env[u] for u in op.operands[1:]], guard)
            val, lanes = self.read(m, addr)
            self.bind(env, tenv, op.results[0], val, lanes, guard)
            return
        if name == "memref.store":
            m = env[op.operands[1]]
            addr = self.address(m, [env[u] for u in op.operands[2:]], guard)
            lanes = dict(tenv[op.operands[0]])
            lane = self.store_lanes.get(op)
            if lane is not None:
                lanes[lane] = lanes[lane] + 1 if lane in lanes else real(1)
            self.store_instances.setdefault(op, []).append((guard, lanes))
            self.write(m, addr, env[op.operands[0]], lanes, guard)
            return
        if name == "memref.atomic_rmw":
            self.atomic_rmw(op, spec, guard, env, tenv)
            return
        if name in ("memref.cast", "memref.memory_space_cast", "memref.assume_alignment"):
            if op.results:
                self.bind(env, tenv, op.results[0], env[op.operands[0]], {}, guard)
            return
        if name == "memref.get_global":
            self.bind(env, tenv, op.results[0], self.global_buffer(op), {}, guard)
            return
        if name == "memref.subview":
            self.bind(env, tenv, op.results[0], self.subview(op, env), {}, guard)
            return
        if name == "memref.copy":
            src, dst = env[op.operands[0]], env[op.operands[1]]
            if src.sizes != dst.sizes:
                raise Unsupported("memref.copy between different shapes")
            for idx in np.ndindex(*src.sizes) if src.sizes else [()]:
                iv = [_bvv(i) for i in idx]
                val, lanes = self.read(src, self.address(src, iv, guard))
                self.write(dst, self.address(dst, iv, guard), val, lanes, guard)
            return
        raise Unsupported(f"op '{name}' is outside the verifier's subset")

    # -- scalar ops -----------------------------------------------------------------
    def scalar(self, op: Operation, spec: OpSpec, ins: list[Any], tins: list[Lanes],
               guard: Guard, env: dict[SSAValue, Any], tenv: dict[SSAValue, Lanes]) -> None:
        if len(op.results) != 1:
            raise Unsupported(f"{spec.name} with {len(op.results)} results")
        res = op.results[0]
        if spec.kind == OpKind.FLOAT and spec.summary in ("a / b", "fmod(a, b)"):
            # real division by zero is unspecified in Z3 (inf/NaN on doubles): witnesses
            # are searched without it first (they replay), then with it (verification
            # covers those executions too, with an arbitrary quotient)
            self.domain.append(ins[1] != 0 if guard is True
                               else z3.Implies(guard, ins[1] != 0))
        val = self.primal(op, spec, ins, res.type, guard)
        lanes: Lanes = {}
        if spec.partials is not None and spec.diff:
            diff = [i for i in spec.diff_operands(op) if i < len(ins)]
            keys = set().union(*[tins[i].keys() for i in diff]) if diff else set()
            if keys:
                ps = spec.partials(self.N, *ins)
                for lane in keys:
                    total: Any = None
                    for i, p in zip(diff, ps, strict=False):
                        t = tins[i].get(lane)
                        if t is None:
                            continue
                        term = t if (isinstance(p, int | float) and p == 1) else real(p) * t
                        total = term if total is None else total + term
                    if total is not None:
                        lanes[lane] = total
        self.bind(env, tenv, res, val, lanes, guard)

    def primal(self, op: Operation, spec: OpSpec, ins: list[Any], rt: Attribute,
               guard: Guard) -> Any:
        k, name = spec.kind, spec.name
        if k == OpKind.FLOAT:
            return real(spec.sem(self.N, op, *ins)[0])  # type: ignore[misc]
        if k == OpKind.SELECT:
            c = ins[0] == 1
            return z3.If(c, ins[1], ins[2])
        if k == OpKind.COMPARE:
            return self.compare(op, name, ins)
        if k == OpKind.INT:
            return self.integer(name, ins, _width(rt), guard)
        return self.cast(op, spec, ins[0], rt)

    def compare(self, op: Operation, name: str, ins: list[Any]) -> Any:
        a, b = ins
        if name in ("arith.cmpf", "llvm.fcmp"):
            p = predicate_name(op, CMPF_PREDICATES)
            if p in ("false", "_false", "uno"):
                c: Any = z3.BoolVal(False)
            elif p in ("true", "_true", "ord"):
                c = z3.BoolVal(True)
            else:  # reals are never NaN: ordered and unordered predicates agree
                base = p[1:]
                c = {"eq": a == b, "gt": a > b, "ge": a >= b, "lt": a < b, "le": a <= b,
                     "ne": a != b}[base]
        else:
            p = predicate_name(op, CMPI_PREDICATES)
            c = {"eq": a == b, "ne": a != b, "slt": a < b, "sle": a <= b, "sgt": a > b,
                 "sge": a >= b, "ult": z3.ULT(a, b), "ule": z3.ULE(a, b),
                 "ugt": z3.UGT(a, b), "uge": z3.UGE(a, b)}[p]
        return z3.If(c, _bvv(1, 1), _bvv(0, 1))

    def integer(self, name: str, ins: list[Any], w: int, guard: Guard) -> Any:
        a = ins[0]
        b = ins[1] if len(ins) > 1 else None
        base = name.split(".")[-1]
        zero = _bvv(0, w)
        if base in ("divsi", "sdiv", "divui", "udiv", "remsi", "srem", "remui", "urem",
                    "floordivsi", "ceildivsi", "ceildivui"):
            self.require(guard, b != 0)
        ops: dict[str, Callable[[], Any]] = {
            "addi": lambda: a + b, "add": lambda: a + b, "subi": lambda: a - b,
            "sub": lambda: a - b, "muli": lambda: a * b, "mul": lambda: a * b,
            "divsi": lambda: a / b, "sdiv": lambda: a / b,
            "divui": lambda: z3.UDiv(a, b), "udiv": lambda: z3.UDiv(a, b),
            "remsi": lambda: z3.SRem(a, b), "srem": lambda: z3.SRem(a, b),
            "remui": lambda: z3.URem(a, b), "urem": lambda: z3.URem(a, b),
            "floordivsi": lambda: z3.If(z3.And(z3.SRem(a, b) != 0, (a < 0) != (b < 0)),
                                        a / b - 1, a / b),
            "ceildivsi": lambda: z3.If(z3.And(z3.SRem(a, b) != 0, (a < 0) == (b < 0)),
                                       a / b + 1, a / b),
            "ceildivui": lambda: z3.UDiv(a, b) + z3.If(z3.URem(a, b) != 0, _bvv(1, w), zero),
            "andi": lambda: a & b, "and": lambda: a & b, "ori": lambda: a | b,
            "or": lambda: a | b, "xori": lambda: a ^ b, "xor": lambda: a ^ b,
            "shli": lambda: z3.If(z3.ULT(b, w), a << b, zero),
            "shl": lambda: z3.If(z3.ULT(b, w), a << b, zero),
            "shrui": lambda: z3.If(z3.ULT(b, w), z3.LShR(a, b), zero),
            "lshr": lambda: z3.If(z3.ULT(b, w), z3.LShR(a, b), zero),
            "shrsi": lambda: z3.If(z3.ULT(b, w), a >> b, a >> (w - 1)),
            "ashr": lambda: z3.If(z3.ULT(b, w), a >> b, a >> (w - 1)),
            "maxsi": lambda: z3.If(a >= b, a, b), "smax": lambda: z3.If(a >= b, a, b),
            "minsi": lambda: z3.If(a <= b, a, b), "smin": lambda: z3.If(a <= b, a, b),
            "maxui": lambda: z3.If(z3.UGE(a, b), a, b), "umax": lambda: z3.If(z3.UGE(a, b), a, b),
            "minui": lambda: z3.If(z3.ULE(a, b), a, b), "umin": lambda: z3.If(z3.ULE(a, b), a, b),
            "abs": lambda: z3.If(a < 0, -a, a),
            "ctpop": lambda: z3.Sum([z3.ZeroExt(w - 1, z3.Extract(i, i, a)) for i in range(w)])
            if w > 1 else a,
            "ctlz": lambda: _ctlz(a, w), "cttz": lambda: _cttz(a, w),
        }
        fn = ops.get(base)
        if fn is None:
            raise Unsupported(f"integer op '{name}' is outside the verifier's subset")
        return fn()

    def cast(self, op: Operation, spec: OpSpec, a: Any, rt: Attribute) -> Any:
        name = spec.name
        src = op.operands[0].type
        if spec.sem is not None and spec.kind == OpKind.CAST and name == "llvm.freeze":
            return a
        if name in ("arith.extf", "llvm.fpext", "arith.truncf", "llvm.fptrunc"):
            return a  # rounding is not modelled (reals)
        if name in ("arith.sitofp", "llvm.sitofp"):
            return z3.ToReal(z3.BV2Int(a, is_signed=True))
        if name in ("arith.uitofp", "llvm.uitofp"):
            return z3.ToReal(z3.BV2Int(a, is_signed=False))
        if name in ("arith.fptosi", "llvm.fptosi", "arith.fptoui", "llvm.fptoui"):
            ti = z3.If(a >= 0, z3.ToInt(a), -z3.ToInt(-a))
            return z3.Int2BV(ti, _width(rt))
        if name in ("arith.index_cast", "arith.extsi", "llvm.sext", "arith.index_castui",
                    "arith.extui", "llvm.zext", "arith.trunci", "llvm.trunc"):
            ws, wd = _width(src), _width(rt)
            if wd == ws:
                return a
            if wd < ws:
                return z3.Extract(wd - 1, 0, a)
            signed_ = name in ("arith.index_cast", "arith.extsi", "llvm.sext")
            return z3.SignExt(wd - ws, a) if signed_ else z3.ZeroExt(wd - ws, a)
        if name in ("arith.bitcast", "llvm.bitcast"):
            sf, df = isinstance(src, AnyFloat), isinstance(rt, AnyFloat)
            if sf == df:
                return a
            if sf:  # float -> bits: an injective function, inverted by the other way
                w = _width(rt)
                bits, unbits = self._bitfns(w)
                self.assume.append(unbits(bits(a)) == a)
                return bits(a)
            w = _width(src)
            _bits, unbits = self._bitfns(w)
            return unbits(a)
        raise Unsupported(f"cast '{name}' is outside the verifier's subset")

    def _bitfns(self, w: int) -> tuple[z3.FuncDeclRef, z3.FuncDeclRef]:
        if w not in self._bits:
            self._bits[w] = z3.Function(f"bits{w}", z3.RealSort(), z3.BitVecSort(w))
            self._unbits[w] = z3.Function(f"unbits{w}", z3.BitVecSort(w), z3.RealSort())
        return self._bits[w], self._unbits[w]

    def constant(self, op: Operation, t: Attribute) -> Any:
        name = op_name(op)
        if name in ("llvm.mlir.zero", "llvm.mlir.undef", "llvm.mlir.poison", "ub.poison"):
            return _scalar_sort_zero(t)
        attr = op.properties.get("value")
        if attr is None:  # (not ``or``: a zero IntegerAttr is falsy)
            attr = op.attributes.get("value")
        if isinstance(attr, FloatAttr):
            return self.float_const(float(attr.value.data))
        if isinstance(attr, IntegerAttr):
            v = int(attr.value.data)
            if isinstance(t, AnyFloat):
                return real(v)
            return _bvv(v, _width(t))
        raise Unsupported(f"constant {attr} : {t} is outside the verifier's subset")

    def float_const(self, x: float) -> Any:
        """A float literal as a Z3 real; an IEEE special (inf, NaN), which no real is,
        as a fresh unconstrained real: every behaviour a finite stand-in could have is
        kept (an over-approximation, so "verified" stays sound within the real model),
        and witnesses still replay on the interpreter's doubles."""
        if math.isfinite(x):
            return real(x)
        self._fresh += 1
        self.ieee_specials += 1
        return z3.Real(f"ieee{self._fresh}")

    # -- memory -----------------------------------------------------------------------
    def address(self, m: Any, idx: list[Any], guard: Guard) -> Any:
        if not isinstance(m, MRef):
            raise Unsupported("memory access through a non-memref value")
        if len(idx) != len(m.sizes):
            raise Unsupported("memref access with the wrong number of indices")
        addr = m.offset
        conds = []
        for i, n, s in zip(idx, m.sizes, m.strides, strict=True):
            conds.append(z3.ULT(i, _bvv(n)))
            addr = addr + i * _bvv(s)
        if conds:
            self.require(guard, z3.And(*conds))
        return z3.simplify(addr)

    def _targets(self, m: MRef, addr: Any) -> list[tuple[Any, int, int]]:
        """(condition, buffer, cell) pairs an access may touch."""
        out = []
        single = len(m.cands) == 1
        a = _numeral(addr)
        for bid in sorted(m.cands):
            n = len(self.mem[bid].cells)
            bc = True if single else (m.buf == bid)
            if a is not None:
                if 0 <= a < n:
                    out.append((bc, bid, a))
                continue
            for j in range(n):
                out.append((_and(bc, addr == _bvv(j)), bid, j))
        return out

    def read(self, m: MRef, addr: Any) -> tuple[Any, Lanes]:
        ts = self._targets(m, addr)
        if not ts:  # out of bounds: the bounds requirement already excludes this path
            buf = self.mem[min(m.cands)]
            self._fresh += 1
            return (z3.Real(f"oob{self._fresh}") if buf.is_float
                    else z3.BitVec(f"oob{self._fresh}", buf.width)), {}
        val, lanes = self.mem[ts[-1][1]].cells[ts[-1][2]]
        for c, bid, j in reversed(ts[:-1]):
            v2, l2 = self.mem[bid].cells[j]
            val = _ite(c, v2, val)
            lanes = _lane_ite(c, l2, lanes)
        return val, lanes

    def write(self, m: MRef, addr: Any, val: Any, lanes: Lanes, guard: Guard) -> None:
        for c, bid, j in self._targets(m, addr):
            cond = _and(guard, c)
            buf = self.mem[bid]
            old, olanes = buf.cells[j]
            cells = list(buf.cells)
            cells[j] = (_ite(cond, val, old), _lane_ite(cond, lanes, olanes))
            self.mem[bid] = Buf(cells, buf.is_float, buf.width)

    def atomic_rmw(self, op: Operation, spec: OpSpec, guard: Guard,
                   env: dict[SSAValue, Any], tenv: dict[SSAValue, Lanes]) -> None:
        """``old = m[i]; m[i] = old (kind) v``: the kind's table op combines them."""
        from activity.ops.rmw import RMW_TABLE_OP, rmw_kind

        try:
            kind = rmw_kind(op)
        except ValueError as e:
            raise Unsupported(str(e)) from None
        vi, pi = spec.value or 0, spec.ptr or 1
        m = env[op.operands[pi]]
        addr = self.address(m, [env[u] for u in op.operands[pi + 1:]], guard)
        old, olanes = self.read(m, addr)
        v, vlanes = env[op.operands[vi]], tenv[op.operands[vi]]
        if kind == "assign":
            new, nlanes = v, dict(vlanes)
        else:
            cspec = lookup(RMW_TABLE_OP[kind])
            assert cspec is not None
            if cspec.kind == OpKind.INT:
                new = self.integer(cspec.name, [old, v], _width(op.operands[vi].type), guard)
                nlanes = {}
            else:
                new = real(cspec.sem(self.N, op, old, v)[0])  # type: ignore[misc]
                nlanes = {}
                keys = set(olanes) | set(vlanes)
                if keys and cspec.partials is not None:
                    ps = cspec.partials(self.N, old, v)
                    for lane in keys:
                        total: Any = None
                        for i, ln in zip(cspec.diff, (olanes, vlanes), strict=False):
                            t = ln.get(lane)
                            if t is not None:
                                term = real(ps[cspec.diff.index(i)]) * t
                                total = term if total is None else total + term
                        if total is not None:
                            nlanes[lane] = total
        lane = self.store_lanes.get(op)
        if lane is not None:
            nlanes[lane] = nlanes[lane] + 1 if lane in nlanes else real(1)
        self.store_instances.setdefault(op, []).append((guard, nlanes))
        self.write(m, addr, new, nlanes, guard)
        self.bind(env, tenv, op.results[0], old, olanes, guard)

    def global_buffer(self, op: Operation) -> MRef:
        """The buffer of a ``memref.global`` (created on first use: initial value or
        zeros, tangent zero -- as in the interpreter, each run starts afresh)."""
        from activity.engine.program import global_ref

        name = global_ref(op)
        gop = self.program.globals.get(name or "")
        if gop is None or op_name(gop) != "memref.global":
            raise Unsupported(f"memref.get_global of unknown global '@{name}'")
        if name in self._globals:
            return self._globals[name]
        t = gop.properties.get("type")
        if not isinstance(t, MemRefType) or any(x < 0 for x in t.get_shape()):
            raise Unsupported(f"memref.global @{name} without a static memref type")
        is_float, w = _elem(t.element_type)
        shape = tuple(t.get_shape())
        n = int(np.prod(shape)) if shape else 1
        init = gop.properties.get("initial_value")
        vals: list[Any] = [0] * n
        if init is not None and hasattr(init, "get_values"):
            got = list(init.get_values())
            vals = got * n if len(got) == 1 else got
        cells = [(self.float_const(float(v)) if is_float else _bvv(int(v), w), {})
                 for v in vals]
        bid = self.new_bid()
        self.mem[bid] = Buf(cells, is_float, w)
        m = MRef(z3.IntVal(bid), frozenset({bid}), _bvv(0), shape, _row_major(shape))
        self._globals[name] = m  # type: ignore[index]
        return m

    def subview(self, op: Operation, env: dict[SSAValue, Any]) -> MRef:
        m = env[op.operands[0]]
        props = op.properties
        try:
            offs = _ints(props["static_offsets"])
            sizes = _ints(props["static_sizes"])
            strides = _ints(props["static_strides"])
        except KeyError:
            raise Unsupported("memref.subview without static offsets/sizes/strides") from None
        if any(x == _DYN for x in offs + sizes + strides) or len(sizes) != len(m.sizes):
            raise Unsupported("memref.subview with dynamic or rank-reducing parameters")
        off = m.offset
        for o, s in zip(offs, m.strides, strict=True):
            off = off + _bvv(o * s)
        return MRef(m.buf, m.cands, z3.simplify(off), tuple(sizes),
                    tuple(a * b for a, b in zip(m.strides, strides, strict=True)))

    # -- structured control flow ------------------------------------------------------
    def scf_if(self, op: Operation, guard: Guard, env: dict[SSAValue, Any],
               tenv: dict[SSAValue, Lanes]) -> None:
        c = env[op.operands[0]] == 1
        branches = []
        for region, cond in zip(op.regions, (c, z3.Not(c)), strict=False):
            if not region.blocks:
                branches.append(None)
                continue
            exits = self.region(region, [], [], _and(guard, cond), env, tenv)
            branches.append(exits[0] if exits else None)
        if not op.results:
            return
        th, el = branches[0], branches[1] if len(branches) > 1 else None
        if th is None or el is None:
            raise Unsupported("scf.if with results but a missing branch")
        for i, r in enumerate(op.results):
            self.bind(env, tenv, r, self.merge(c, th.vals[i], el.vals[i]),
                      _lane_ite(c, th.lanes[i], el.lanes[i]), guard)

    def scf_for(self, op: Operation, guard: Guard, env: dict[SSAValue, Any],
                tenv: dict[SSAValue, Lanes]) -> None:
        lb, ub, step = (env[u] for u in op.operands[:3])
        inits = list(op.operands[3:])
        vals = [env[u] for u in inits]
        lanes = [tenv[u] for u in inits]
        self.require(guard, z3.Implies(lb < ub, step > 0))
        g: Guard = guard
        body = op.regions[0]
        for i in range(self.opts.unroll + 1):
            iv = z3.simplify(lb + step * _bvv(i, lb.size()))
            g = _and(g, iv < ub)
            if i == self.opts.unroll:
                self.require(g, False)  # more iterations than the bound
                break
            exits = self.region(body, [iv] + vals, [{}] + lanes, g, env, tenv)
            y = exits[0]
            vals = [self.merge(g, a, b) for a, b in zip(y.vals, vals, strict=True)]
            lanes = [_lane_ite(g, a, b) for a, b in zip(y.lanes, lanes, strict=True)]
        for r, v, ln in zip(op.results, vals, lanes, strict=True):
            self.bind(env, tenv, r, v, ln, guard)

    def scf_while(self, op: Operation, guard: Guard, env: dict[SSAValue, Any],
                  tenv: dict[SSAValue, Lanes]) -> None:
        vals = [env[u] for u in op.operands]
        lanes = [tenv[u] for u in op.operands]
        g: Guard = guard
        exits: list[_Exit] = []
        for i in range(self.opts.unroll + 1):
            cond_exit = self.region(op.regions[0], vals, lanes, g, env, tenv)[0]
            c = cond_exit.vals[0] == 1
            fwd, flanes = cond_exit.vals[1:], cond_exit.lanes[1:]
            exits.append(_Exit(_and(g, z3.Not(c)), op, fwd, flanes))
            g = _and(g, c)
            if i == self.opts.unroll:
                self.require(g, False)
                break
            y = self.region(op.regions[1], fwd, flanes, g, env, tenv)[0]
            vals, lanes = y.vals, y.lanes
        out_vals, out_lanes = list(exits[-1].vals), list(exits[-1].lanes)
        for e in reversed(exits[:-1]):
            out_vals = [self.merge(e.guard, a, b) for a, b in zip(e.vals, out_vals,
                                                                  strict=True)]
            out_lanes = [_lane_ite(e.guard, a, b) for a, b in zip(e.lanes, out_lanes,
                                                                  strict=True)]
        for r, v, ln in zip(op.results, out_vals, out_lanes, strict=True):
            self.bind(env, tenv, r, v, ln, guard)


def _leaf_lanes(ln: Any) -> list[Lanes]:
    return [x for m in ln for x in _leaf_lanes(m)] if isinstance(ln, tuple) else [ln]


def _struct_of(a: SSAValue) -> Attribute | None:
    """The struct type every ``getelementptr`` on ``a`` (directly) indexes, if one."""
    from xdsl.dialects.llvm import LLVMStructType

    seen = {u.operation.properties.get("elem_type") for u in a.uses
            if op_name(u.operation) == "llvm.getelementptr" and u.index == 0}
    structs = {t for t in seen if isinstance(t, LLVMStructType)}
    return next(iter(structs)) if len(structs) == 1 else None


def _defined(b: Block) -> list[SSAValue]:
    out: list[SSAValue] = list(b.args)
    for op in b.ops:
        out.extend(op.results)
        for inner in op.walk():
            if inner is op:
                continue
            out.extend(inner.results)
            for region in inner.regions:
                for blk in region.blocks:
                    out.extend(blk.args)
        for region in op.regions:
            for blk in region.blocks:
                out.extend(blk.args)
    return out


def _row_major(shape: tuple[int, ...]) -> tuple[int, ...]:
    out = []
    acc = 1
    for s in reversed(shape):
        out.append(acc)
        acc *= s
    return tuple(reversed(out))


def _ints(attr: Attribute) -> tuple[int, ...]:
    get = getattr(attr, "get_values", None)
    if get is not None:
        return tuple(int(x) for x in get())
    return tuple(int(getattr(x, "value", x).data) for x in attr.data)  # type: ignore


def _numeral(x: Any) -> int | None:
    if isinstance(x, int):
        return x
    if isinstance(x, z3.BitVecRef):
        s = z3.simplify(x)
        if z3.is_bv_value(s):
            return s.as_long()  # type: ignore[attr-defined]
    return None


def _ctlz(a: Any, w: int) -> Any:
    out: Any = _bvv(w, w)
    for i in range(w):  # the highest set bit wins (iterate upwards, later overrides)
        out = z3.If(z3.Extract(i, i, a) == 1, _bvv(w - 1 - i, w), out)
    return out


def _cttz(a: Any, w: int) -> Any:
    out: Any = _bvv(w, w)
    for i in reversed(range(w)):  # the lowest set bit wins
        out = z3.If(z3.Extract(i, i, a) == 1, _bvv(i, w), out)
    return out


# ---------------------------------------------------------------------------
# Checking claims.


@dataclass
class Finding:
    """A refuted claim (``counterexample``) or one the verifier could not decide."""

    claim: Claim
    status: str  # "counterexample" | "unknown"
    message: str
    inputs: list[Any] = field(default_factory=list)


@dataclass
class VerifyResult:
    status: str  # "verified" | "counterexample" | "unknown"
    unroll: int
    func: str
    claims: int
    findings: list[Finding]
    queries: int
    seconds: float
    encode_seconds: float
    ops: int
    source: str
    note: str = ""
    remarks: list[str] = field(default_factory=list)  # said, without changing the answer

    @property
    def exit_code(self) -> int:
        return {"verified": 0, "counterexample": 1, "unknown": 3}[self.status]

    def render(self) -> str:
        head = {"verified": f"verified (bounded, K={self.unroll})",
                "counterexample": "counterexample",
                "unknown": f"unknown (bounded, K={self.unroll})"}[self.status]
        lines = [f"@{self.func}: {head}: {self.claims} {self.source} claim(s), "
                 f"{self.ops} ops encoded, {self.queries} solver queries, "
                 f"{self.seconds:.2f}s"]
        if self.note:
            lines.append(f"  note: {self.note}")
        lines += [f"  note: {r}" for r in self.remarks]
        for fd in self.findings:
            if fd.status == "counterexample":
                lines.append(f"  counterexample: {fd.claim.describe()}")
            else:
                lines.append(f"  unknown: {fd.claim.describe()}")
            for ln in fd.message.splitlines():
                lines.append(f"    {ln}")
        return "\n".join(lines)


class _Checker:
    def __init__(self, module: ModuleOp, func: str, kinds: list[str], claims: list[Claim],
                 opts: Options) -> None:
        self.module, self.func, self.kinds, self.claims, self.opts = (
            module, func, kinds, claims, opts)
        self.queries = 0
        self.deadline = time.perf_counter() + opts.timeout
        self.findings: list[Finding] = []
        self._interp: Any = None

    # -- driving --------------------------------------------------------------------
    def run(self) -> tuple[str, str]:
        lanes: dict[SSAValue, int] = {}
        store_lanes: dict[Operation, int] = {}
        for c in self.claims:
            if c.kind in ("useful", "active") and c.value is not None and c.value not in lanes:
                lanes[c.value] = len(lanes) + len(store_lanes) + 1
            if c.kind == "write" and c.op is not None and c.op not in store_lanes:
                store_lanes[c.op] = len(lanes) + len(store_lanes) + 1
        self.enc = enc = Encoder(self.module, self.func, self.kinds, self.opts, lanes,
                                 store_lanes)
        t0 = time.perf_counter()
        enc.run()
        self.encode_seconds = time.perf_counter() - t0
        self.lanes, self.store_lanes = lanes, store_lanes
        self.solver = z3.Solver()
        self.solver.add(*enc.assume)
        # true facts about the uninterpreted functions: only used to retry a model that
        # did not replay (they slow the solver down and cannot remove real witnesses)
        self.facts = enc.N.facts()
        note = ""
        if enc.assume:
            feasible, _ = self.check([], timeout=5.0)
            if feasible == "unsat":
                return "unknown", ("no execution of @" + self.func + " stays within the "
                                   f"bound (K={self.opts.unroll}) without undefined behaviour")
            if feasible == "unknown":
                note = "could not decide whether executions within the bound exist"
        if enc.unmodelled and not note:
            st, m = self.check([z3.Or(*[c for c, _w in enc.unmodelled])], timeout=5.0)
            if st != "unsat":
                what = "some llvm memory access is unusual"
                if m is not None:
                    what = next((w for c, w in enc.unmodelled
                                 if z3.is_true(m.eval(c, model_completion=True))), what)
                note = (f"executions where {what} are not modelled"
                        if st == "sat" else "could not decide whether every llvm memory "
                        "access is modelled")
        self._witness_text: dict[Claim, str] = {}
        # cheap first: random concrete runs refute most wrong claims (real witnesses by
        # construction); Z3 then searches the rest
        rv, ru = self.random_witnesses(self.opts.random_trials)
        varied = [c for c in self.claims if c.kind == "varied"]
        useful = [c for c in self.claims if c.kind == "useful"]
        active = [c for c in self.claims if c.kind in ("active", "write")]
        for c in varied:
            if c in rv:
                self.findings.append(Finding(c, "counterexample", rv[c]))
        for c in useful:
            if c in ru:
                self.findings.append(Finding(c, "counterexample", ru[c]))
        self.refute([c for c in varied if c not in rv], self.varied_formula,
                    self.replay_varied, "varied")
        self.refute([c for c in useful if c not in ru], self.useful_formula,
                    self.replay_useful, "useful")
        # not active: refuted by a varied witness and a useful witness
        for c in active:
            if c in rv:
                self._witness_text[c] = rv[c]
        witnessed = [c for c in active if c in rv] + self.refute(
            [c for c in active if c not in rv], self.varied_formula, self.replay_varied,
            "varied", report=False)
        for c in witnessed:
            if c in ru:
                self._witness_text[c] += "\n" + ru[c]
        both = [c for c in witnessed if c in ru] + self.refute(
            [c for c in witnessed if c not in ru], self.useful_formula, self.replay_useful,
            "useful", report=False)
        for c in both:
            self.findings.append(Finding(c, "counterexample", self._witness_text.get(c, "")))
        if any(f.status == "counterexample" for f in self.findings):
            return "counterexample", note
        if self.findings or note:
            return "unknown", note
        return "verified", note

    def check(self, extra: list[Any], timeout: float | None = None
              ) -> tuple[str, z3.ModelRef | None]:
        left = self.deadline - time.perf_counter()
        if left <= 0:
            return "unknown", None
        self.queries += 1
        self.solver.push()
        try:
            self.solver.add(*extra)
            t = min(left, self.opts.query_timeout, timeout or left)
            self.solver.set(timeout=max(1, int(1000 * t)))
            r = self.solver.check()
            if r == z3.sat:
                return "sat", self.solver.model()
            return ("unsat" if r == z3.unsat else "unknown"), None
        finally:
            self.solver.pop()

    # -- formulas -------------------------------------------------------------------
    def varied_formula(self, c: Claim) -> Any:
        if c.kind == "write":
            inst = self.enc.store_instances.get(c.op, [])  # type: ignore[arg-type]
        else:
            inst = self.enc.instances.get(c.value, [])  # type: ignore[arg-type]
        terms = [_and(g, t[0] != 0) for g, t in inst if 0 in t]
        if not terms:
            return None
        return z3.Or(*[z3.BoolVal(True) if t is True else t for t in terms])

    def useful_formula(self, c: Claim) -> Any:
        lane = self.store_lanes.get(c.op) if c.kind == "write" else self.lanes.get(c.value)  # type: ignore
        if lane is None:
            return None
        terms = [ln[lane] != 0 for ln in self.enc.outputs if lane in ln]
        return z3.Or(*terms) if terms else None

    def refute(self, claims: list[Claim], formula: Callable[[Claim], Any],
               replay: Callable[[Claim, z3.ModelRef], tuple[bool, str]], what: str,
               report: bool = True) -> list[Claim]:
        """Search counterexamples to ``claims`` in batches; returns the claims whose
        counterexample replayed.  With ``report``, those become findings."""
        todo: dict[Claim, Any] = {}
        for c in claims:
            f = formula(c)
            if f is not None:
                todo[c] = f
        refuted: list[Claim] = []
        while todo:
            query = z3.Or(*todo.values())
            status, model = self.check([query, *self.enc.domain])
            if status == "unsat" and self.enc.domain:
                status, model = self.check([query])
            if status == "unsat":
                return refuted
            if status == "unknown":
                # localise: one query per claim
                for c, f in list(todo.items()):
                    st, m = self.check([f, *self.enc.domain])
                    if st != "sat" and self.enc.domain:
                        st, m = self.check([f])
                    if st == "sat":
                        self._accept(c, m, replay, what, report, refuted, f)
                    elif st == "unknown":
                        self.findings.append(Finding(c, "unknown",
                                                     f"solver timeout ({what} query)"))
                return refuted
            assert model is not None
            hit = [c for c, f in todo.items()
                   if z3.is_true(model.eval(f, model_completion=True))]
            if not hit:  # pragma: no cover - the disjunction holds, so one disjunct does
                hit = list(todo)[:1]
            for c in hit:
                f = todo.pop(c)
                self._accept(c, model, replay, what, report, refuted, f)
        return refuted

    def _accept(self, c: Claim, model: z3.ModelRef, replay: Callable[..., tuple[bool, str]],
                what: str, report: bool, refuted: list[Claim],
                formula: Any = None) -> None:
        ok, text = replay(c, model)
        if not ok and formula is not None and self.facts:
            # the model may rely on impossible values of sin/exp/...: retry with the facts
            st, m2 = self.check([formula, *self.facts])
            if st == "sat" and m2 is not None:
                ok, text = replay(c, m2)
        if ok:
            refuted.append(c)
            prev = self._witness_text.get(c)
            self._witness_text[c] = (prev + "\n" if prev else "") + text
            if report:
                self.findings.append(Finding(c, "counterexample", text))
        else:
            self.findings.append(Finding(c, "unknown", f"Z3 found a {what} witness that "
                                         f"does not replay on the interpreter: {text}"))

    # -- random concrete runs -------------------------------------------------------------
    def random_witnesses(self, trials: int = 3, seed: int = 0
                         ) -> tuple[dict[Claim, str], dict[Claim, str]]:
        """Varied and useful witnesses for the claims from random inputs on the
        interpreter (as the dynamic oracle does)."""
        import random

        rng = random.Random(seed)
        rv: dict[Claim, str] = {}
        ru: dict[Claim, str] = {}
        vclaims = [c for c in self.claims if c.kind in ("varied", "active", "write")]
        uclaims = [c for c in self.claims if c.kind in ("useful", "active")
                   and c.value is not None]
        for _ in range(trials):
            if time.perf_counter() > self.deadline:
                break
            inputs, tans, zeros = self.random_inputs(rng)
            out = self._run(self.interp(), inputs, tans, record=True)
            if isinstance(out, str):
                continue
            for c in vclaims:
                if c in rv:
                    continue
                hit = (c.op in out.memory_nonzero) if c.kind == "write" \
                    else (c.value in out.nonzero)
                if hit:
                    rv[c] = (f"varied: inputs {_fmt(inputs)}, input tangents {_fmt(tans)}: "
                             f"{'the write has' if c.kind == 'write' else 'the value has'} "
                             "a nonzero tangent (random run on the interpreter)")
            cands = [c for c in uclaims if c not in ru and c.value in out.executed]

            def search(cs: list[Claim], inputs: list[Any] = inputs,
                       zeros: list[Any] = zeros) -> None:
                if not cs or time.perf_counter() > self.deadline:
                    return
                pert = {c.value: (1.0 if len(cs) == 1 else rng.uniform(0.5, 1.5)) for c in cs}
                o = self._run(self.interp(), inputs, zeros, perturb=pert)
                if isinstance(o, str) or not self._leaks(o):
                    return
                if len(cs) == 1:
                    ru[cs[0]] = (f"useful: inputs {_fmt(inputs)}, perturbing the value by 1.0 "
                                 f"gives {self._leaks(o)} (random run on the interpreter)")
                    return
                mid = len(cs) // 2
                search(cs[:mid])
                search(cs[mid:])

            search(list({c.value: c for c in cands}.values()))
            # claims sharing a value share the witness
            for c in uclaims:
                if c not in ru:
                    same = next((d for d in ru if d.value is c.value), None)
                    if same is not None:
                        ru[c] = ru[same]
        return rv, ru

    def random_inputs(self, rng: Any) -> tuple[list[Any], list[Any], list[Any]]:
        inputs: list[Any] = []
        tans: list[Any] = []
        zeros: list[Any] = []

        def fl() -> float:
            return rng.choice((-1.0, 1.0)) * rng.uniform(0.25, 2.0)

        for kind, data in self.enc.inputs:
            if kind == "float":
                inputs.append(fl())
                tans.append(fl() if data[1] is not None else 0.0)
                zeros.append(0.0)
            elif kind == "int":
                inputs.append(rng.randint(0, 4))
                tans.append(None)
                zeros.append(None)
            elif kind == "ptr":
                bid, akind, _null = data
                dup = akind in ("dup", "dupnoneed")
                vals = {o: ((fl(), fl() if dup else 0.0) if d[0] == "f"
                            else (rng.randint(0, 4), 0.0))
                        for o, (d, _v, _l) in self.enc.linitial.get(bid, {}).items()}
                arr, tan = self._ptr_array(bid, vals)
                inputs.append(arr)
                tans.append(tan)
                zeros.append(np.zeros_like(tan))
            else:
                _bid, shape, is_float, akind = data
                n = int(np.prod(shape)) if shape else 1
                if is_float:
                    arr = np.array([fl() for _ in range(n)], dtype=np.float64)
                else:
                    arr = np.array([rng.randint(0, 4) for _ in range(n)], dtype=np.int64)
                inputs.append(arr.reshape(shape))
                dup = akind in ("dup", "dupnoneed") and is_float
                tans.append(np.array([fl() if dup else 0.0 for _ in range(n)]).reshape(shape))
                zeros.append(np.zeros(shape))
        return inputs, tans, zeros

    # -- replay on the reference interpreter -------------------------------------------
    def concrete(self, model: z3.ModelRef) -> tuple[list[Any], list[Any], list[Any]]:
        """(inputs, tangents, zero tangents) of the interpreter from a model."""
        ev = lambda e: model.eval(e, model_completion=True)  # noqa: E731
        inputs: list[Any] = []
        tans: list[Any] = []
        zeros: list[Any] = []
        for kind, data in self.enc.inputs:
            if kind == "float":
                x, seed = data
                inputs.append(to_float(ev(x)))
                tans.append(to_float(ev(seed)) if seed is not None else 0.0)
                zeros.append(0.0)
            elif kind == "int":
                x, w = data
                inputs.append(ev(x).as_long())
                tans.append(None)
                zeros.append(None)
            elif kind == "ptr":
                bid, _k, isnull = data
                if z3.is_true(ev(isnull)):
                    inputs.append(0)  # a null pointer
                    tans.append(None)
                    zeros.append(None)
                    continue
                vals = {o: ((to_float(ev(v)), to_float(ev(ln[0])) if 0 in ln else 0.0)
                            if d[0] == "f" else (ev(v).as_long(), 0.0))
                        for o, (d, v, ln) in self.enc.linitial.get(bid, {}).items()}
                arr, tan = self._ptr_array(bid, vals)
                inputs.append(arr)
                tans.append(tan)
                zeros.append(np.zeros_like(tan))
            else:
                bid, shape, is_float, _k = data
                init = self.enc.initial[bid]
                if is_float:
                    arr = np.array([to_float(ev(p)) for p, _ in init], dtype=np.float64)
                    tan = np.array([to_float(ev(ln[0])) if 0 in ln else 0.0 for _, ln in init])
                else:
                    arr = np.array([signed(ev(p).as_long(), data[2]) for p, _ in init],
                                   dtype=np.int64)
                    tan = np.zeros(len(init))
                inputs.append(arr.reshape(shape))
                tans.append(tan.reshape(shape))
                zeros.append(np.zeros(shape))
        return inputs, tans, zeros

    def _ptr_array(self, bid: int, vals: dict[int, tuple[Any, float]]) -> tuple[Any, Any]:
        """The numpy array (and tangents) that a pointer argument's block stands for,
        from ``offset -> (value, tangent)`` of its cells: of the cells' one type, or
        float64 words (a struct of doubles and integers), else bytes."""
        import struct

        blk = self.enc.lmem[bid]
        descs = {o: d for o, (d, _v, _l) in (self.enc.linitial.get(bid) or {}).items()}
        kinds = set(descs.values())
        if len(kinds) == 1:
            kind, size, _w = next(iter(kinds))
            dtype = np.dtype({("f", 8): np.float64, ("f", 4): np.float32,
                              ("f", 2): np.float16, ("i", 8): np.int64, ("i", 4): np.int32,
                              ("i", 2): np.int16, ("i", 1): np.int8,
                              ("p", 8): np.int64}[(kind, size)])
        elif blk.cap % 8 == 0 and all(d[0] != "f" or (d[1] == 8 and o % 8 == 0)
                                      for o, d in descs.items()):
            dtype = np.dtype(np.float64)
        else:
            dtype = np.dtype(np.uint8)
        buf = bytearray(blk.cap)
        n = blk.cap // dtype.itemsize
        tan = np.zeros(n)
        for o, (v, t) in vals.items():
            kind, size, w = descs[o]
            if kind == "f":
                struct.pack_into({8: "<d", 4: "<f", 2: "<e"}[size], buf, o, v)
                if t and size == dtype.itemsize and o % size == 0:
                    tan[o // size] = t
            elif kind == "i":
                buf[o:o + size] = (int(v) % (1 << (8 * size))).to_bytes(size, "little")
        return np.frombuffer(bytes(buf), dtype=dtype).copy(), tan

    def interp(self, module: ModuleOp | None = None) -> Any:
        from activity.semantics import Interpreter

        if module is not None:
            return Interpreter(module, max_steps=200_000)
        if self._interp is None:
            self._interp = Interpreter(self.module, max_steps=200_000)
        return self._interp

    def _run(self, interp: Any, inputs: list[Any], tans: list[Any], **kw: Any) -> Any:
        from activity.semantics import InterpreterError

        try:
            return interp.run(self.func, _copy(inputs), tangents=_copy(tans), **kw)
        except (InterpreterError, ZeroDivisionError, OverflowError, RecursionError) as e:
            return str(e) or type(e).__name__

    def replay_varied(self, c: Claim, model: z3.ModelRef) -> tuple[bool, str]:
        inputs, tans, _ = self.concrete(model)
        out = self._run(self.interp(), inputs, tans, record=True)
        if isinstance(out, str):
            return False, f"the interpreter could not run the inputs ({out})"
        hit = (c.op in out.memory_nonzero) if c.kind == "write" else (c.value in out.nonzero)
        text = (f"varied: inputs {_fmt(inputs)}, input tangents {_fmt(tans)}: "
                f"{'the write has' if c.kind == 'write' else 'the value has'} a nonzero "
                "tangent (replayed on the interpreter)")
        return hit, text if hit else f"inputs {_fmt(inputs)}: tangent is zero on doubles"

    def replay_useful(self, c: Claim, model: z3.ModelRef) -> tuple[bool, str]:
        inputs, _, zeros = self.concrete(model)
        if c.kind == "write":
            probe = _probe_store(self.module, c.op)  # type: ignore[arg-type]
            if probe is None:
                return False, "cannot perturb this store's write on the interpreter"
            m2, v2 = probe
            out = self._run(self.interp(m2), inputs, zeros, perturb={v2: 1.0})
        else:
            out = self._run(self.interp(), inputs, zeros, perturb={c.value: 1.0})
        if isinstance(out, str):
            return False, f"the interpreter could not run the inputs ({out})"
        leak = self._leaks(out)
        text = (f"useful: inputs {_fmt(inputs)}, perturbing "
                f"{'the write' if c.kind == 'write' else 'the value'} by 1.0 gives "
                f"{leak} (replayed on the interpreter)")
        return bool(leak), text if leak else f"inputs {_fmt(inputs)}: no output changes " \
                                             "on doubles"

    def _leaks(self, out: Any) -> str:
        parts = []
        f = self.enc.program.functions[self.func]
        outs = _result_types(f)
        for j, (t, x) in enumerate(zip(outs, out.result_tangents, strict=False)):
            if is_float_like(t) and _any_nonzero(x):
                parts.append(f"result {j} tangent {x!r}")
        for i, (kind, data) in enumerate(self.enc.inputs):
            akind = data[3] if kind == "memref" else data[1] if kind == "ptr" else None
            if akind in ("dup", "dupnoneed") and out.buffer_tangents[i] is not None \
                    and nonzero_tangent(out.buffer_tangents[i]):
                parts.append(f"argument {i} buffer tangents {_fmt(out.buffer_tangents[i])}")
        return ", ".join(parts)


def _any_nonzero(x: Any) -> bool:
    if isinstance(x, tuple):  # an aggregate's tangent
        return any(_any_nonzero(m) for m in x)
    return nonzero_tangent(x)


def _copy(xs: Sequence[Any]) -> list[Any]:
    return [x.copy() if isinstance(x, np.ndarray) else x for x in xs]


def _fmt(xs: Any) -> str:
    if isinstance(xs, np.ndarray):
        return repr(xs.tolist())
    if isinstance(xs, list):
        return "[" + ", ".join(_fmt(x) for x in xs) + "]"
    return repr(xs)


def _probe_store(module: ModuleOp, store: Operation) -> tuple[ModuleOp, SSAValue] | None:
    """A copy of ``module`` where the store writes ``v + 0.0`` (a fresh value the
    interpreter can perturb), and that fresh value."""
    from xdsl.dialects import arith

    ops = list(module.walk())
    try:
        idx = ops.index(store)
    except ValueError:
        return None
    m2 = module.clone()
    st = list(m2.walk())[idx]
    v = st.operands[0]
    if not isinstance(v.type, AnyFloat):
        return None
    zero = arith.ConstantOp(FloatAttr(0.0, v.type))
    add = arith.AddfOp(v, zero.result)
    blk = st.parent_block()
    assert blk is not None
    blk.insert_ops_before([zero, add], st)
    st.operands = (add.result,) + tuple(st.operands[1:])
    return m2, add.result


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


__all__ = ["CLAIM_SOURCES", "Claim", "Finding", "Options", "Unsupported", "VerifyResult",
           "claims_from_annotations", "claims_ours", "verify"]


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
    from activity.cli import _parse_args_spec

    if ns.unroll < 0 or ns.timeout <= 0 or ns.dyn_size <= 0 or ns.random < 0:
        raise ActivityError("--unroll and --random must be >= 0, --timeout and --dyn-size > 0")
    if ns.file == "-":
        module = activity.parse(sys.stdin.read(), name="<stdin>")
    else:
        module = activity.parse(ns.file)
    spec = _parse_args_spec(ns.args)
    opts = Options(unroll=ns.unroll, timeout=ns.timeout, dyn_size=ns.dyn_size,
                   query_timeout=min(Options.query_timeout, ns.timeout),
                   random_trials=ns.random)
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
