"""GPU kernels from ``scf.parallel`` loops, at compile time: the outermost loops of a
function (:func:`outermost_parallels`) outlined into kernels (:class:`Kernel`: the
values they take, their reductions), each lowered for NVPTX or for the host
(:func:`lower_kernel`: one thread per iteration, grid-stride, reductions through
atomics), the NVPTX module of a function's kernels (:func:`kernel_module`), and the
host code of a launch (:func:`emit_launch`).  Running them is
:mod:`activity.codegen.gpu`'s."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from llvmlite import ir
from xdsl.dialects.builtin import MemRefType, ModuleOp
from xdsl.ir import Operation, Region, SSAValue

from activity.codegen.errors import CodegenError
from activity.codegen.gpu_ptx import ARCHS, NVPTX_TRIPLE, nvptx_machine
from activity.codegen.lower import (
    FuncLowering,
    ModuleLowering,
    Target,
    opaque,
    unsupported,
)
from activity.codegen.lowering.atomics import RMW_LLVM, cas_loop
from activity.codegen.lowering.scf import parallel_body
from activity.codegen.types import (
    I1,
    I8,
    I32,
    I64,
    PTR,
    VOID,
    descriptor_type,
    flat_types,
    is_float_type,
    value_type,
)
from activity.engine.program import call_target
from activity.ops import op_name
from activity.ops.rmw import rmw_kind

# reduction region op -> (atomic_rmw kind, identity)
_REDUCTIONS: dict[str, tuple[str, Any]] = {
    "arith.addf": ("addf", -0.0), "arith.mulf": ("mulf", 1.0),
    # (maxnum(-inf, NaN) is -inf: the identity of maxnumf/minnumf is NaN, which each
    # gives the other operand for)
    "arith.maximumf": ("maximumf", float("-inf")), "arith.maxnumf": ("maxnumf", float("nan")),
    "arith.minimumf": ("minimumf", float("inf")), "arith.minnumf": ("minnumf", float("nan")),
    "arith.addi": ("addi", 0), "arith.muli": ("muli", 1), "arith.ori": ("ori", 0),
    "arith.xori": ("xori", 0), "arith.andi": ("andi", -1),
    "arith.maxsi": ("maxs", "min"), "arith.minsi": ("mins", "max"),
    "arith.maxui": ("maxu", 0), "arith.minui": ("minu", -1),
}


def reduction_of(region: Region) -> tuple[str, Any]:
    """The (rmw kind, identity) of an ``scf.reduce`` region made of one table op."""
    blk = region.blocks.first
    assert blk is not None
    ops = list(blk.ops)
    if len(ops) == 2 and op_name(ops[1]) == "scf.reduce.return" \
            and ops[1].operands[0] is ops[0].results[0] \
            and set(map(id, ops[0].operands)) == set(map(id, blk.args)) \
            and op_name(ops[0]) in _REDUCTIONS:
        return _REDUCTIONS[op_name(ops[0])]
    raise unsupported(ops[0] if ops else region.parent_op(),  # type: ignore[arg-type]
                      "a GPU reduction must be a single addf/mulf/max/min/addi/... op")


def outermost_parallels(fop: Operation) -> list[Operation]:
    out: list[Operation] = []

    def visit(op: Operation) -> None:
        for region in op.regions:
            for blk in region.blocks:
                for o in blk.ops:
                    if op_name(o) == "scf.parallel":
                        out.append(o)
                    else:
                        visit(o)

    visit(fop)
    return out


_REMATERIALIZE = frozenset({"memref.get_global", "arith.constant"})


def live_ins(pop: Operation) -> list[SSAValue]:
    """Values defined outside ``pop`` that its regions use (first-use order); the
    loop's own bounds and initial values are operands of ``pop``, also included.
    Constants and globals are not passed but redefined in the kernel (a host global's
    address means nothing on the device)."""
    seen: dict[int, SSAValue] = {}

    def outside(v: SSAValue) -> bool:
        owner = v.owner
        op = owner if isinstance(owner, Operation) else owner.parent_op()
        return op is None or not (op is pop or pop.is_ancestor(op))

    for v in pop.operands:
        seen.setdefault(id(v), v)
    for op in pop.walk():
        if op is pop:
            continue
        for v in op.operands:
            if outside(v):
                seen.setdefault(id(v), v)
    return list(seen.values())


def _rematerialized(v: SSAValue) -> bool:
    """Constants, and ``memref.get_global`` of a *constant* global, are redefined in the
    kernel.  A mutable global is passed like any buffer: the host's copy is the only
    one (a device copy would miss the host's writes and keep the kernel's)."""
    owner = v.owner
    if not isinstance(owner, Operation) or op_name(owner) not in _REMATERIALIZE:
        return False
    if op_name(owner) == "memref.get_global":
        return _global_is_constant(owner)
    return True


def _global_is_constant(get: Operation) -> bool:
    from xdsl.traits import SymbolTable

    g = SymbolTable.lookup_symbol(get, get.name_)  # type: ignore[attr-defined]
    return g is not None and getattr(g, "constant", None) is not None


@dataclass
class Kernel:
    """One outlined ``scf.parallel``."""

    name: str
    op: Operation
    params: list[SSAValue]  # live-ins, in parameter order
    reductions: list[tuple[str, Any]]  # (rmw kind, identity) per result
    local: list[SSAValue] = field(default_factory=list)  # constants/globals redefined
    n_flat: int = 0  # LLVM parameters before the reduction pointer
    kid: int = -1  # index in the runtime registry
    functions: dict[str, Any] = field(default_factory=dict)  # arch -> CUfunction
    private: list[int] = field(default_factory=list)  # see add_only_params


def launch_bounds(fl: FuncLowering, pop: Operation) -> tuple[list[ir.Value], list[ir.Value],
                                                          list[ir.Value], list[ir.Value]]:
    n = len(pop.regions[0].blocks.first.args)  # type: ignore[union-attr]
    lbs = [fl.v(x) for x in pop.operands[:n]]
    ubs = [fl.v(x) for x in pop.operands[n:2 * n]]
    steps = [fl.v(x) for x in pop.operands[2 * n:3 * n]]
    b = fl.b
    counts = []
    for lb, ub, st in zip(lbs, ubs, steps, strict=True):
        span = b.sub(ub, lb)
        c = b.sdiv(b.add(span, b.sub(st, ir.Constant(I64, 1))), st)
        counts.append(b.select(b.icmp_signed(">", ub, lb), c, ir.Constant(I64, 0)))
    return lbs, ubs, steps, counts


def add_only_params(k: Kernel) -> list[int]:
    """Indices of ``k.params`` (float buffers) that the kernel only updates with
    ``memref.atomic_rmw addf`` whose old value nothing reads -- the reverse sweep's
    scatter into a shadow.  Sums commute, so on host threads each thread may add into a
    zeroed private copy, summed into the buffer after the launch, instead of paying a
    ``lock cmpxchg`` loop per update (x86 has no atomic float add)."""
    out = []
    for i, v in enumerate(k.params):
        t = v.type
        if not isinstance(t, MemRefType) or not is_float_type(value_type(t.element_type)):
            continue
        seen = False
        for use in v.uses:
            o = use.operation
            if not k.op.is_ancestor(o):
                continue
            if op_name(o) == "memref.atomic_rmw" and use.index == 1 \
                    and rmw_kind(o) == "addf" and not o.results[0].uses:
                seen = True
                continue
            seen = False
            break
        if seen:
            out.append(i)
    return out


SREGS = ("tid.x", "ntid.x", "ctaid.x", "nctaid.x")


def lower_kernel(kml: ModuleLowering, k: Kernel, emulate: bool = False,
                 plain: Sequence[SSAValue] = ()) -> ir.Function:
    """Define the kernel for ``k`` in ``kml``: an NVPTX ``ptx_kernel``, or (``emulate``)
    a host function taking the thread coordinates as four trailing i64 parameters.
    ``plain``: buffers whose ``atomic_rmw`` updates are lowered without atomics (each
    host thread then updates a private copy, see ``_HostThreads``)."""
    pop = k.op
    flat: list[ir.Type] = []
    for v in k.params:
        flat += flat_types(v.type)
    k.n_flat = len(flat)
    if k.reductions:
        flat.append(PTR)
    n_params = len(flat)
    if emulate:
        flat += [I64] * (len(SREGS) + 1)  # the thread coordinates, then ``chunk``
    fn = ir.Function(kml.ir, ir.FunctionType(VOID, flat), name=k.name)
    if not emulate:
        fn.calling_convention = "ptx_kernel"
    fl = FuncLowering(kml, pop, fn)
    fl.plain_rmw = set(plain)
    body = fn.append_basic_block("body")
    b = fl.b
    b.position_at_end(body)
    i = 0
    for v in k.params:
        n = len(flat_types(v.type))
        parts = list(fn.args[i:i + n])
        i += n
        if isinstance(v.type, MemRefType):
            fl.vals[v] = fl.pack(descriptor_type(len(v.type.get_shape())), parts)
        else:
            fl.vals[v] = parts[0]
    red_ptr = fn.args[i] if k.reductions else None
    for v in k.local:
        fl.lower_op(v.owner)  # type: ignore[arg-type]

    def sreg(name: str) -> ir.Value:
        if emulate:
            return fn.args[n_params + SREGS.index(name)]
        f = kml.intrinsic(f"llvm.nvvm.read.ptx.sreg.{name}", I32, [])
        return b.zext(b.call(f, []), I64)

    lbs, _ubs, steps, counts = launch_bounds(fl, pop)
    total = fl.product(counts)
    tid = b.add(b.mul(sreg("ctaid.x"), sreg("ntid.x")), sreg("tid.x"))
    stride = b.mul(sreg("nctaid.x"), sreg("ntid.x"))
    res_types = [value_type(r.type) for r in pop.results]
    idents = [_ident(t, ident) for t, (_, ident) in zip(res_types, k.reductions, strict=True)]

    def step(lin: ir.Value, accs: list[ir.Value]) -> list[ir.Value]:
        ivs: list[ir.Value] = [ir.Constant(I64, 0)] * len(counts)
        rem = lin
        for d in reversed(range(len(counts))):
            if d:
                q = b.udiv(rem, counts[d])
                r = b.urem(rem, counts[d])
            else:
                q, r = rem, rem
            ivs[d] = b.add(lbs[d], b.mul(r, steps[d]))
            rem = q
        return parallel_body(fl, pop, ivs, accs)

    end = total
    if emulate:
        # host runs may ask for a blocked schedule instead: with chunk > 0, block
        # ``ctaid`` covers [ctaid * chunk, min(total, (ctaid + 1) * chunk)) with stride
        # ntid (contiguous memory per host thread); chunk = 0 keeps the grid-stride loop
        chunk = fn.args[n_params + len(SREGS)]
        blocked = b.icmp_signed(">", chunk, ir.Constant(I64, 0))
        lo = b.mul(sreg("ctaid.x"), chunk)
        hi = b.add(lo, chunk)
        hi = b.select(b.icmp_signed("<", hi, total), hi, total)
        tid = b.select(blocked, b.add(lo, sreg("tid.x")), tid)
        stride = b.select(blocked, sreg("ntid.x"), stride)
        end = b.select(blocked, hi, total)
    accs = fl.counted_loop(tid, end, stride, idents, step)
    for j, (acc, (kind, _)) in enumerate(zip(accs, k.reductions, strict=True)):
        assert red_ptr is not None
        slot = b.gep(red_ptr, [ir.Constant(I64, j)], source_etype=I64)
        # (a flag is a byte in its slot, as i1 memory is: no atomicrmw on it)
        if kind in RMW_LLVM and acc.type != I1:
            b.atomic_rmw(RMW_LLVM[kind], slot, acc, "monotonic")
        else:
            cas_loop(fl, slot, acc, kind, acc.type)
    b.ret_void()
    b.position_at_end(fl.entry)
    b.branch(body)
    return fn


def _ident(t: ir.Type, ident: Any) -> ir.Constant:
    if is_float_type(t):
        return ir.Constant(t, float(ident))
    w = t.width  # type: ignore[attr-defined]
    if ident == "min":
        return ir.Constant(t, -(1 << (w - 1)))
    if ident == "max":
        return ir.Constant(t, (1 << (w - 1)) - 1)
    return ir.Constant(t, int(ident))


def callee_of(call: Operation) -> Operation | None:
    """The defined function a direct call calls (None: indirect, or a declaration)."""
    from xdsl.traits import SymbolTable

    name = call_target(call)
    f = SymbolTable.lookup_symbol(call, name) if name is not None else None
    return f if f is not None and f.regions and f.regions[0].blocks else None


def kernel_module(module: ModuleOp, fop: Operation, func: str, opt: int = 3
                  ) -> tuple[ModuleLowering, list[Kernel]]:
    """The NVPTX module holding one kernel per outermost ``scf.parallel`` of ``fop``."""
    pops = outermost_parallels(fop)
    if not pops:
        raise CodegenError(f"@{func} has no scf.parallel to run on the GPU")
    tm = nvptx_machine(ARCHS[0], opt)
    kml = ModuleLowering(module, Target("nvptx", NVPTX_TRIPLE, str(tm.target_data),
                                        atomics=True, math_prefix="__nv_", fill=None),
                         name=f"{func}_kernels")
    kernels: list[Kernel] = []
    for i, pop in enumerate(pops):
        _no_mutable_globals_inside(pop)
        term = pop.regions[0].blocks.first.last_op  # type: ignore[union-attr]
        reds = [reduction_of(r) for r in term.regions] if term is not None else []
        ins = live_ins(pop)
        k = Kernel(f"{func}_kernel{i}", pop, [v for v in ins if not _rematerialized(v)], reds,
                   local=[v for v in ins if _rematerialized(v)])
        lower_kernel(kml, k)
        kernels.append(k)
    define_callees(kml, kernels)
    return kml, kernels


def _no_mutable_globals_inside(pop: Operation) -> None:
    """A kernel (or a function it calls) that takes the address of a mutable global
    would get a device copy of its own, missing the host's writes and losing its own:
    refused (a ``memref.get_global`` hoisted out of the ``scf.parallel`` is passed like
    a buffer instead)."""
    from xdsl.traits import SymbolTable

    todo, done = [pop], set()
    while todo:
        root = todo.pop()
        if id(root) in done:
            continue
        done.add(id(root))
        for op in root.walk():
            name = op_name(op)
            if name == "memref.get_global" and not _global_is_constant(op):
                raise unsupported(op, "a kernel takes the address of a mutable global; "
                                      "hoist the memref.get_global out of the scf.parallel")
            if name == "llvm.mlir.addressof":
                g = SymbolTable.lookup_symbol(op, op.global_name)  # type: ignore[attr-defined]
                if g is not None and getattr(g, "constant", None) is None:
                    raise unsupported(op, "a kernel takes the address of a mutable llvm "
                                          "global")
            if name == "func.call":
                callee = callee_of(op)
                if callee is not None:
                    todo.append(callee)


def define_callees(kml: ModuleLowering, kernels: list[Kernel]) -> None:
    """Functions the kernels call become device (or emulated) functions."""
    for k in kernels:
        for op in k.op.walk():
            if op_name(op) == "func.call":
                t = call_target(op)
                if t is not None:
                    for name in kml.callees([t]):
                        kml.define(name)


def function_of(op: Operation) -> str | None:
    """The name of the function ``op`` is in."""
    p = op.parent_op()
    while p is not None and op_name(p) not in ("func.func", "llvm.func"):
        p = p.parent_op()
    name = p.properties.get("sym_name") if p is not None else None
    return getattr(name, "data", None)


def kernel_may_fail(ml: ModuleLowering, pop: Operation) -> bool:
    """Whether the kernel of ``pop`` may fail a ``cf.assert`` or an allocation (one in
    it, or in a function it calls)."""
    for op in pop.walk():
        name = op_name(op)
        if name in ("cf.assert", "memref.alloc", "memref.alloca") or (
                name in ("func.call", "llvm.call") and call_target(op) in ml.may_fail()):
            return True
    return False


def emit_launch(fl: FuncLowering, k: Kernel) -> None:
    """Host code for one kernel launch: the kernelParams array, the reduction slots,
    ``activity_gpu_launch(kid, params, total, slots)``, the results."""
    b = fl.b
    ab = ir.IRBuilder(fl.entry)
    ab.position_at_start(fl.entry)

    def alloca(t: ir.Type) -> ir.Value:
        return opaque(ab, ab.alloca(t))

    values: list[ir.Value] = []
    for v in k.params:
        x = fl.v(v)
        values += fl.unpack(x) if isinstance(v.type, MemRefType) else [x]
    n = len(values) + (1 if k.reductions else 0)
    arr = alloca(ir.ArrayType(PTR, max(1, n)))

    def at(base: ir.Value, i: int) -> ir.Value:
        return b.gep(base, [ir.Constant(I64, i)], source_etype=I64)  # 8-byte slots

    for i, x in enumerate(values):
        slot = alloca(x.type)
        b.store(x, slot)
        b.store(slot, at(arr, i))
    nred = len(k.reductions)
    red = alloca(ir.ArrayType(I64, max(1, nred)))
    n_dims = len(k.op.regions[0].blocks.first.args)  # type: ignore[union-attr]
    inits = [fl.v(x) for x in k.op.operands[3 * n_dims:]]
    for j, x in enumerate(inits):
        b.store(b.zext(x, I8) if x.type == I1 else x, at(red, j))
    if nred:
        b.store(alloca(PTR), at(arr, n - 1))
    _lbs, _ubs, _steps, counts = launch_bounds(fl, k.op)
    total = fl.product(counts)
    launch = fl.ml.declare("activity_gpu_launch", VOID, [I64, PTR, I64, PTR])
    b.call(launch, [ir.Constant(I64, k.kid), arr, total, red])
    if fl.ml.target.recover and kernel_may_fail(fl.ml, k.op):
        # a failed launch (a kernel's assertion) set the record: leave (Python raises)
        fl.check_after_call()
    outs = []
    for j, r in enumerate(k.op.results):
        t = value_type(r.type)
        if t == I1:
            byte = b.load(at(red, j), typ=I8)
            outs.append(b.icmp_unsigned("!=", byte, ir.Constant(I8, 0)))
        else:
            outs.append(b.load(at(red, j), typ=t))
    fl.set(k.op, *outs)

