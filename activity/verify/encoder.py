"""The encoder: predicated symbolic execution of one function into Z3 (primal values
and tangent lanes), loops unrolled and calls inlined up to the bound."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import z3
from xdsl.dialects.builtin import (
    AnyFloat,
    IndexType,
    IntegerType,
    MemRefType,
    ModuleOp,
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
    DEALLOCATORS,
)
from activity.verify.base import (
    _DYN,
    Guard,
    Lanes,
    Options,
    Unsupported,
    _and,
    _bvv,
    _elem,
    _lane_ite,
    _leaf_lanes,
    _numeral,
    _row_major,
    _width,
    defined_values,
)
from activity.verify.claims import (
    _result_types,
)
from activity.verify.llvm_memory import (
    NULL,
    LLVMMemory,
    LLVMUnsupported,
    Ptr,
    desc_of,
    flatten,
    infer_layout,
    null_ptr,
    unknown_ptr,
)
from activity.verify.memref_memory import Buf, MemrefMemory, MRef
from activity.verify.scalars import ScalarEncoding
from activity.z3backend import Z3Backend, real


class _Exit:
    def __init__(self, guard: Guard, op: Operation, vals: list[Any], lanes: list[Lanes]):
        self.guard, self.op, self.vals, self.lanes = guard, op, vals, lanes


# ---------------------------------------------------------------------------
# The encoder.


class Encoder(ScalarEncoding, MemrefMemory, LLVMMemory):
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
        self.lmem: dict[int, Any] = {}  # llvm-dialect blocks (activity.verify.llvm_memory)
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

        t = pointee(a)
        n = self.opts.dyn_size
        cells: list[tuple[int, Any]] | None = None
        elem = 8
        st = _struct_of(a) if t is None else None
        if t is not None:
            d = desc_of(t)
            cells, elem = [(0, d)], d[1]
        elif st is not None:
            cells, elem = flatten(st), layout(st)[0]
        else:
            got = infer_layout(a)
            if got is not None:
                cells, elem = got
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
            dims = None
            if a.dims is not None or b.dims is not None:
                da = a.dims or tuple(_bvv(n) for n in a.sizes)
                db = b.dims or tuple(_bvv(n) for n in b.sizes)
                dims = tuple(z3.If(c, x, y) for x, y in zip(da, db, strict=True))
            return MRef(z3.If(c, a.buf, b.buf), a.cands | b.cands, z3.If(c, a.offset, b.offset),
                        a.sizes, a.strides, dims)
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
            size = m.dims[k_] if m.dims is not None else _bvv(m.sizes[k_])
            self.bind(env, tenv, op.results[0], size, {}, guard)
            return
        if k == OpKind.META and not op.results:
            return  # no value semantics (lifetime markers, debug info, ...)
        if k == OpKind.MEM_ALLOC and name in ("memref.alloc", "memref.alloca"):
            t = op.results[0].type
            assert isinstance(t, MemRefType)
            is_float, w = _elem(t.element_type)
            # a symbolic dynamic size: at most --dyn-size elements (larger allocations
            # are outside the bound), accesses bounds-checked against the size itself
            dyn = [env[u] for u in op.operands]
            dims: list[Any] = []
            shape_: list[int] = []
            it = iter(dyn)
            for s in t.get_shape():
                if s in (_DYN, -1):
                    d = next(it)
                    k_ = _numeral(d)
                    if k_ is None:
                        self.require(guard, z3.ULE(d, _bvv(self.opts.dyn_size, d.size())))
                        k_ = self.opts.dyn_size
                    dims.append(d)
                    shape_.append(k_)
                else:
                    dims.append(_bvv(s))
                    shape_.append(s)
            shape = tuple(shape_)
            n = int(np.prod(shape)) if shape else 1
            bid = self.new_bid()
            zero = real(0) if is_float else _bvv(0, w)
            self.mem[bid] = Buf([(zero, {}) for _ in range(n)], is_float, w)
            symbolic = any(_numeral(d) is None for d in dims)
            v = MRef(z3.IntVal(bid), frozenset({bid}), _bvv(0), shape, _row_major(shape),
                     tuple(dims) if symbolic else None)
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
            self.bind(env, tenv, op.results[0], self.subview(op, env, guard), {}, guard)
            return
        if name == "memref.copy":
            src, dst = env[op.operands[0]], env[op.operands[1]]
            if src.sizes != dst.sizes:
                raise Unsupported("memref.copy between different shapes")
            dims = [m.dims for m in (src, dst) if m.dims is not None]
            if dims:  # a runtime size: the shapes must agree, and only those elements move
                self.require(guard, z3.And(*[a == b for a, b in zip(
                    src.dims or [_bvv(n) for n in src.sizes],
                    dst.dims or [_bvv(n) for n in dst.sizes], strict=True)]))
            for idx in np.ndindex(*src.sizes) if src.sizes else [()]:
                iv = [_bvv(i) for i in idx]
                g = guard
                if dims:
                    g = _and(guard, z3.And(*[z3.ULT(i, d) for i, d in zip(iv, dims[0],
                                                                          strict=True)]))
                val, lanes = self.read(src, self.address(src, iv, g))
                self.write(dst, self.address(dst, iv, g), val, lanes, g)
            return
        raise Unsupported(f"op '{name}' is outside the verifier's subset")

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


def _struct_of(a: SSAValue) -> Attribute | None:
    """The struct type every ``getelementptr`` on ``a`` (directly) indexes, if one."""
    from xdsl.dialects.llvm import LLVMStructType

    seen = {u.operation.properties.get("elem_type") for u in a.uses
            if op_name(u.operation) == "llvm.getelementptr" and u.index == 0}
    structs = {t for t in seen if isinstance(t, LLVMStructType)}
    return next(iter(structs)) if len(structs) == 1 else None


def _defined(b: Block) -> list[SSAValue]:
    return defined_values([b])
