"""The shared core of the lowering: :class:`ModuleLowering` (symbols, globals, loop
IDs, which functions may fail, the driving) and :class:`FuncLowering` (one function
body: values, regions and blocks, ``cf`` branches and switches as block edges, and
the helpers rules share), and the registry that finds an op's lowering.

How an op is lowered: :meth:`FuncLowering.lower_op` looks its name up in
:data:`RULES` (filled by the dialect-family modules of this package with
:func:`lowers`); an op without a rule of its own is lowered by its op-table kind's
rule in :data:`KIND_RULES` (the float ops: :mod:`.arith`), a result-less META op
(a debug annotation) to nothing, anything else is a located ``CodegenError``.
A new dialect family is a new module registering its ops, imported by the package's
``__init__``; this module does not change."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from llvmlite import ir
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    FloatAttr,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    StringAttr,
    UnitAttr,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue

from activity.codegen.checks import record, report_fn
from activity.codegen.extents import CHECKED_OPS as EXTENT_CHECKED_OPS
from activity.codegen.extents import Extents
from activity.codegen.llvmnum import LLVMBackend
from activity.codegen.lowering.common import (
    ALLOC_LIMIT,
    TERMINATORS,
    Target,
    const,
    prop,
    rpo,
    unsupported,
)
from activity.codegen.lowering.loops import LoopSwitches
from activity.codegen.types import (
    F64,
    I64,
    VOID,
    CodegenError,
    Layout,
    descriptor_type,
    flat_types,
    is_float_type,
    layout,
    signature,
    value_type,
)
from activity.engine.program import (
    Program,
    call_target,
    has_body,
    is_public,
    successor_operands,
)
from activity.frontend import place_of as where
from activity.ops import TABLE, OpKind, op_name
from activity.ops.switch import SWITCH_OPS, switch_cases

# ---------------------------------------------------------------------------------------
# The registry: op name -> lowering rule


Rule = Callable[["FuncLowering", Operation], None]
KindRule = Callable[["FuncLowering", Operation, Any], None]

# op name -> the function lowering it (filled by the dialect-family modules of this
# package, which register with @lowers; see docs/codegen.md)
RULES: dict[str, Rule] = {}
# op-table kind -> the function lowering the ops of that kind that have no rule of
# their own (the float ops: their table sem on the LLVM backend)
KIND_RULES: dict[OpKind, KindRule] = {}


def lowers(*names: str) -> Callable[[Rule], Rule]:
    """Register the decorated ``rule(fl, op)`` as the lowering of the ops ``names``."""

    def register(rule: Rule) -> Rule:
        for name in names:
            if name in RULES:
                raise ValueError(f"{name} has two lowerings: {RULES[name].__module__}."
                                 f"{RULES[name].__name__} and {rule.__module__}.{rule.__name__}")
            RULES[name] = rule
        return rule

    return register


def lowers_kind(kind: OpKind) -> Callable[[KindRule], KindRule]:
    """Register the decorated ``rule(fl, op, spec)`` for the table ops of ``kind``
    without a rule of their own (``spec``: the op's table entry)."""

    def register(rule: KindRule) -> KindRule:
        if kind in KIND_RULES:
            raise ValueError(f"two lowerings of the {kind} ops")
        KIND_RULES[kind] = rule
        return rule

    return register


# LLVM intrinsics for math functions (the rest are libm calls on the host).
_INTRINSIC_MATH = {"sqrt", "fabs", "floor", "ceil", "trunc", "copysign", "sin", "cos",
                   "exp", "log", "log2", "log10", "pow"}


# On NVPTX these have native instructions; everything else comes from libdevice.
_NVPTX_NATIVE = {"sqrt", "fabs", "floor", "ceil", "trunc", "copysign"}


class ModuleLowering:
    """Lowers a set of functions of an xDSL module (and what they call) to one llvmlite
    module: the symbols (functions, globals, math functions), the loop IDs, the
    failure sites, and the driving (``lower``, ``define``); each function body is a
    :class:`FuncLowering`.  ``switches``: the loop hints' settings
    (``activity.codegen.lower.ModuleLowering`` passes that module's)."""

    def __init__(self, module: ModuleOp, target: Target, switches: LoopSwitches,
                 name: str = "activity") -> None:
        self.module = module
        self.switches = switches
        self.program = Program.of(module)
        self.target = target
        self.ir = ir.Module(name=name)
        self.ir.triple = target.triple
        if target.data_layout:
            self.ir.data_layout = target.data_layout
        self.fns: dict[str, ir.Function] = {}
        self.gvars: dict[str, ir.GlobalVariable] = {}
        self.defined: set[str] = set()
        self.used_math: set[str] = set()
        self.keep_public: set[str] = set()
        # called for every scf.parallel of a host function; True when it lowered it
        # (the GPU target turns the outermost ones into kernel launches)
        self.parallel_hook: Callable[[FuncLowering, Operation], bool] | None = None
        # the allocation function for one heap memref.alloc, when not target.malloc
        # (the GPU target: device memory for buffers only kernels dereference)
        self.alloc_hook: Callable[[FuncLowering, Operation], str | None] | None = None
        self._loop_ids = 0
        # target.check_bounds: the checked ops, numbered from 1 (the failure record's
        # first word; activity.codegen.checks)
        self.check_sites: list[tuple[str, Operation, str]] = []
        self._may_fail: set[str] | None = None

    def loop_id(self, *hints: tuple[str, ir.Constant | None]) -> ir.MDValue:
        """A fresh loop ID carrying ``hints`` (``("llvm.loop.unroll.full", None)``,
        ``("llvm.loop.vectorize.enable", i1 0)``): ``!N = !{!N, !{...}, ...}``.  A loop
        ID must refer to itself (LLVM keys loops by it), so every loop gets its own
        node; llvmlite has no distinct nodes, and caches metadata by operands, hence the
        unique placeholder that the self-reference then replaces.  (Never pass a loop ID
        to ``add_metadata``: hashing a node that contains itself does not end.)"""
        nodes = [self.ir.add_metadata([ir.MetaDataString(self.ir, name)]
                                      + ([] if value is None else [value]))
                 for name, value in hints]
        self._loop_ids += 1
        node = self.ir.add_metadata([ir.MetaDataString(self.ir,
                                                       f"activity.loop.{self._loop_ids}")])
        node.operands = (node, *nodes)
        return node

    # -- symbols -----------------------------------------------------------------------

    def declare(self, name: str, ret: ir.Type, args: Sequence[ir.Type]) -> ir.Function:
        g = self.ir.globals.get(name)
        if g is not None:
            return g
        return ir.Function(self.ir, ir.FunctionType(ret, list(args)), name=name)

    def intrinsic(self, name: str, ret: ir.Type, args: Sequence[ir.Type]) -> ir.Function:
        return self.declare(name, ret, args)

    def math(self, b: ir.IRBuilder, fname: str, args: list[ir.Value]) -> ir.Value:
        """Call math function ``fname`` on doubles for this target."""
        self.used_math.add(fname)
        if self.target.math_prefix and fname not in _NVPTX_NATIVE:
            fn = self.declare(self.target.math_prefix + fname, F64, [F64] * len(args))
        elif fname in _INTRINSIC_MATH:
            fn = self.intrinsic(f"llvm.{fname}.f64", F64, [F64] * len(args))
        else:
            fn = self.declare(fname, F64, [F64] * len(args))
        return b.call(fn, args)

    @staticmethod
    def signature(fop: Operation) -> tuple[ir.FunctionType, list[Attribute], list[Attribute]]:
        return signature(fop)

    def function(self, name: str, at: Operation | None = None) -> ir.Function:
        fn = self.fns.get(name)
        if fn is not None:
            return fn
        fop = self.program.functions.get(name)
        if fop is None:
            raise CodegenError(f"no function @{name} to call", **where(at))
        fty, _, _ = self.signature(fop)
        existing = self.ir.globals.get(name)
        if existing is not None:  # e.g. a libm declaration made for a math op
            if existing.function_type != fty:
                raise CodegenError(f"@{name} clashes with a library function", **where(fop))
            fn = existing
        else:
            fn = ir.Function(self.ir, fty, name=name)
        self.fns[name] = fn
        return fn

    def global_var(self, name: str, at: Operation) -> tuple[ir.GlobalVariable, Layout]:
        gop = self.program.globals.get(name)
        if gop is None or op_name(gop) != "memref.global":
            raise CodegenError(f"no memref.global @{name}", **where(at))
        t = prop(gop, "type")
        assert isinstance(t, MemRefType)
        lay = layout(t)
        if any(n is None for n in lay.shape):
            raise CodegenError(f"memref.global @{name} has a dynamic shape", **where(gop))
        g = self.gvars.get(name)
        if g is not None:
            return g, lay
        n = 1
        for s in lay.shape:
            n *= s  # type: ignore[operator]
        aty = ir.ArrayType(lay.elem, n)
        g = ir.GlobalVariable(self.ir, aty, name=f"__global_{name}")
        init = prop(gop, "initial_value")
        if isinstance(init, DenseIntOrFPElementsAttr):
            vals = list(init.get_values())
            if len(vals) == 1:
                vals = vals * n
            g.initializer = ir.Constant(aty, [const(lay.elem, v) for v in vals])
        else:
            g.initializer = ir.Constant(aty, None)
        if isinstance(prop(gop, "constant"), UnitAttr):
            g.global_constant = True
        align = prop(gop, "alignment")
        g.align = max(16, int(align.value.data)) if isinstance(align, IntegerAttr) else 16
        self.gvars[name] = g
        return g, lay

    def llvm_global(self, name: str, at: Operation) -> ir.Value:
        """The address of an ``llvm.mlir.global`` (scalar, dense or string initializer;
        zero otherwise)."""
        g = self.gvars.get(name)
        if g is not None:
            return g
        gop = self.program.globals.get(name)
        if gop is None or op_name(gop) != "llvm.mlir.global":
            raise CodegenError(f"no llvm.mlir.global @{name} (function pointers are not "
                               "supported)", **where(at))
        t = value_type(gop.properties["global_type"])
        g = ir.GlobalVariable(self.ir, t, name=f"__global_{name}")
        value = gop.properties.get("value")
        if isinstance(value, FloatAttr | IntegerAttr):
            g.initializer = const(t, value.value.data)
        elif isinstance(value, DenseIntOrFPElementsAttr) and isinstance(t, ir.ArrayType):
            g.initializer = ir.Constant(t, [const(t.element, v) for v in value.get_values()])
        elif isinstance(value, StringAttr) and isinstance(t, ir.ArrayType):
            data = value.data.encode("latin-1", errors="replace")[:t.count]
            g.initializer = ir.Constant(t, bytearray(data.ljust(t.count, b"\0")))
        elif gop.regions and gop.regions[0].blocks:
            raise unsupported(gop, "a global with an initializer region")
        else:
            g.initializer = ir.Constant(t, None)
        if isinstance(gop.properties.get("constant"), UnitAttr):
            g.global_constant = True
        self.gvars[name] = g
        return g

    # -- driving -----------------------------------------------------------------------

    def may_fail(self) -> set[str]:
        """The functions whose call may leave through the failure record, after which
        the caller must look (``check_after_call``): those holding a ``cf.assert`` or
        an allocation (when the target recovers from them or checks) or, in checked
        code, a ``memref`` op (a superset of the ops checked), and their callers,
        transitively.  A call of any other function -- a scalar helper -- needs no look
        at it."""
        if self._may_fail is None:
            import networkx as nx

            from activity.summaries.derive import call_graph

            t = self.target

            def fails(op: Operation) -> bool:
                name = op_name(op)
                # (op_assert records a failed cf.assert under either flag, and so
                # does check_allocated a failed heap allocation)
                return (((t.recover or t.check_bounds)
                         and name in ("cf.assert", "memref.alloc", "memref.alloca"))
                        or (t.check_bounds and (name.startswith("memref.")
                                                or name in EXTENT_CHECKED_OPS)))

            funcs = self.program.functions
            found = {name for name, fop in funcs.items() if has_body(fop)
                     and any(fails(op) for op in fop.walk())}
            if found:
                cg = call_graph(self.program, funcs)
                for name in list(found):
                    found |= nx.ancestors(cg, name)
            self._may_fail = found
        return self._may_fail

    def callees(self, roots: Sequence[str]) -> list[str]:
        """``roots`` and every function with a body they (transitively) call."""
        seen: list[str] = []
        todo = list(roots)
        while todo:
            name = todo.pop()
            if name in seen:
                continue
            fop = self.program.functions.get(name)
            if fop is None:
                raise CodegenError(f"no function @{name} in the module")
            seen.append(name)
            if not has_body(fop):
                continue
            for op in fop.walk():
                if op_name(op) in ("func.call", "llvm.call"):
                    t = call_target(op)
                    if t is not None and t not in seen:
                        todo.append(t)
        return seen

    def lower(self, roots: Sequence[str]) -> ir.Module:
        self.keep_public.update(roots)
        for name in self.callees(roots):
            self.define(name)
        return self.ir

    def define(self, name: str) -> ir.Function:
        fn = self.function(name)
        if name in self.defined:
            return fn
        self.defined.add(name)
        fop = self.program.functions[name]
        if has_body(fop):
            FuncLowering(self, fop, fn).run()
            if not is_public(fop) and name not in self.keep_public:
                fn.linkage = "internal"  # as upstream lowers private functions
        return fn


class FuncLowering:
    """Lowers one function body: the values, the regions and blocks (``cf`` branches
    and switches included: they shape the control flow every family lowers into), the
    dispatch of each op to its rule, and the helpers the rules share (descriptors,
    addresses, checks, allocation sizes, counted loops)."""

    def __init__(self, ml: ModuleLowering, fop: Operation, fn: ir.Function) -> None:
        self.ml = ml
        self.fop = fop
        self.fn = fn
        self.vals: dict[SSAValue, ir.Value] = {}
        self.entry = fn.append_basic_block("entry")
        self.b = ir.IRBuilder(self.entry)
        self.N = LLVMBackend(self.b, lambda f, args: ml.math(self.b, f, args))
        self._alloca_place: dict[int, str] = {}
        self._check_exit: ir.Block | None = None  # target.check_bounds: see check_exit
        # buffers whose atomic_rmw updates may be plain (a host thread's private copy)
        self.plain_rmw: set[SSAValue] = set()
        # target.check_bounds: the extents of pointer values (activity.codegen.extents)
        self.ext: Extents | None = Extents(self) if ml.target.check_bounds else None

    def v(self, x: SSAValue) -> ir.Value:
        try:
            return self.vals[x]
        except KeyError:
            raise CodegenError(f"value {x.name_hint or x} used before it is defined "
                               "(or defined outside the function)") from None

    def i64(self, n: int) -> ir.Constant:
        return ir.Constant(I64, n)

    def const_int(self, x: SSAValue) -> int | None:
        """The value of ``x`` when it is an integer ``arith.constant``."""
        owner = getattr(x, "op", None)
        if owner is not None and op_name(owner) in ("arith.constant", "llvm.mlir.constant"):
            attr = prop(owner, "value")
            if isinstance(attr, IntegerAttr):
                return int(attr.value.data)
        return None

    def fresh_block(self, name: str) -> ir.Block:
        return self.fn.append_basic_block(name)

    def run(self) -> None:
        body = self.fn.append_basic_block("body")
        self.b.position_at_end(body)
        args: list[ir.Value] = []
        k = 0
        _, ins, outs = self.ml.signature(self.fop)
        for t in ins:
            n = len(flat_types(t))
            parts = list(self.fn.args[k:k + n])
            k += n
            if isinstance(t, MemRefType):
                args.append(self.pack(descriptor_type(len(t.get_shape())), parts))
            else:
                args.append(parts[0])
        self._outs = outs
        region = self.fop.regions[0]
        if self.ext is not None:
            self.ext.params(self.fop, list(region.blocks.first.args))  # type: ignore
        self.lower_cfg(region, args, self._return)
        self.b.position_at_end(self.entry)
        self.b.branch(body)

    def _return(self, op: Operation, vals: list[ir.Value]) -> None:
        if op_name(op) not in ("func.return", "llvm.return"):
            raise unsupported(op, "terminator of a function body")
        rt = self.fn.function_type.return_type
        if not vals:
            self.b.ret_void()
        elif len(vals) == 1:
            self.b.ret(vals[0])
        else:
            self.b.ret(self.pack(rt, vals))

    def pack(self, t: ir.Type, parts: Sequence[ir.Value]) -> ir.Value:
        """A struct (descriptor or result tuple) from its flattened fields."""
        agg: ir.Value = ir.Constant(t, ir.Undefined)
        k = 0
        for i, ft in enumerate(t.elements):  # type: ignore[attr-defined]
            if isinstance(ft, ir.ArrayType):
                for j in range(ft.count):
                    agg = self.b.insert_value(agg, parts[k], [i, j])
                    k += 1
            else:
                agg = self.b.insert_value(agg, parts[k], i)
                k += 1
        return agg

    def unpack(self, agg: ir.Value) -> list[ir.Value]:
        """The flattened fields of a descriptor."""
        out: list[ir.Value] = []
        for i, ft in enumerate(agg.type.elements):  # type: ignore[attr-defined]
            if isinstance(ft, ir.ArrayType):
                out += [self.b.extract_value(agg, [i, j]) for j in range(ft.count)]
            else:
                out.append(self.b.extract_value(agg, i))
        return out

    def lower_cfg(self, region: Region, entry_args: Sequence[ir.Value],
                  on_exit: Callable[[Operation, list[ir.Value]], None]) -> None:
        """Lower a (possibly multi-block) region; ``on_exit`` handles the terminators
        that leave it (return / yield), with the builder at the exiting block."""
        first = region.blocks.first
        assert first is not None
        for a, v in zip(first.args, entry_args, strict=True):
            self.vals[a] = v
        if first.next_block is None:  # the common single-block case
            term = self.lower_ops(first)
            self._exit(term, on_exit)
            return
        order = rpo(first)
        bbs = {id(blk): self.fresh_block(f"bb{i}") for i, blk in enumerate(order)}
        self.b.branch(bbs[id(first)])
        for blk in order[1:]:
            self.b.position_at_start(bbs[id(blk)])
            for a in blk.args:
                self.vals[a] = self.b.phi(value_type(a.type))
            if self.ext is not None:
                self.ext.block_args(blk)
        for blk in order:
            self.b.position_at_end(bbs[id(blk)])
            term = self.lower_ops(blk)
            name = op_name(term) if term is not None else ""
            if name in ("cf.br", "llvm.br", "cf.cond_br", "llvm.cond_br", *SWITCH_OPS):
                self._branch(term, bbs)  # type: ignore[arg-type]
            else:
                self._exit(term, on_exit)

    def _exit(self, term: Operation | None, on_exit: Callable[[Operation, list[ir.Value]],
                                                              None]) -> None:
        if term is None:
            raise CodegenError("a block without terminator", **where(self.fop))
        name = op_name(term)
        if name in ("cf.br", "cf.cond_br", "llvm.br", "llvm.cond_br", *SWITCH_OPS):
            raise unsupported(term, "branch out of a single-block region")
        if name == "llvm.unreachable":
            self.b.unreachable()
            return
        on_exit(term, [self.v(x) for x in term.operands])

    def _branch(self, term: Operation, bbs: dict[int, ir.Block]) -> None:
        if op_name(term) in SWITCH_OPS:
            self._switch(term, bbs)
            return
        groups = successor_operands(term)
        if groups is None:
            raise unsupported(term, "cannot tell which operands go to which successor")
        targets = []
        for succ, ops in zip(term.successors, groups, strict=True):
            tb = bbs[id(succ)]
            vals = [self.v(x) for x in ops]
            if not vals:
                targets.append((tb, []))
                continue
            targets.append((tb, vals))
        if len(targets) == 1:
            tb, vals = targets[0]
            self._add_incoming(term.successors[0], vals, groups[0])
            self.b.branch(tb)
            return
        cond = self.v(term.operands[0])
        edges = []
        for succ, (tb, vals), ops in zip(term.successors, targets, groups, strict=True):
            if not vals:
                edges.append(tb)
                continue
            edge = self.fresh_block("edge")
            here = self.b.block
            self.b.position_at_end(edge)
            self._add_incoming(succ, vals, ops)
            self.b.branch(tb)
            self.b.position_at_end(here)
            edges.append(edge)
        self.b.cbranch(cond, edges[0], edges[1])

    def _switch(self, term: Operation, bbs: dict[int, ir.Block]) -> None:
        """An LLVM ``switch``; a successor that takes arguments is reached through an
        edge block of its own per case (a block may be the target of several cases,
        each passing other values, and a phi takes one value per predecessor)."""
        sw = switch_cases(term)
        if sw is None:
            raise unsupported(term, "cannot tell its case values and case operands")
        here = self.b.block

        def edge(succ: Block, ops: list[SSAValue]) -> ir.Block:
            if not ops:
                return bbs[id(succ)]
            vals = [self.v(x) for x in ops]
            e = self.fresh_block("case")
            self.b.position_at_end(e)
            self._add_incoming(succ, vals, ops)
            self.b.branch(bbs[id(succ)])
            self.b.position_at_end(here)
            return e

        flag = self.v(sw.flag)
        inst = self.b.switch(flag, edge(sw.default, sw.default_operands))
        seen: set[int] = set()
        for value, succ, ops in sw.cases:
            if value in seen:  # LLVM refuses duplicate cases; the first one wins
                continue
            seen.add(value)
            inst.add_case(const(flag.type, value), edge(succ, ops))

    def _add_incoming(self, succ: Block, vals: list[ir.Value],
                      ops: Sequence[SSAValue]) -> None:
        for a, v in zip(succ.args, vals, strict=True):
            self.vals[a].add_incoming(v, self.b.block)  # type: ignore[attr-defined]
        if self.ext is not None:
            for a, x in zip(succ.args, ops, strict=True):
                self.ext.incoming(a, x)

    def lower_ops(self, block: Block) -> Operation | None:
        """Lower every op of ``block`` but its terminator, which is returned."""
        term = None
        for op in block.ops:
            if op is block.last_op and (op.successors or op_name(op) in TERMINATORS):
                term = op
                break
            self.lower_op(op)
        return term

    def lower_body(self, region: Region, args: Sequence[ir.Value]) -> list[ir.Value]:
        """Lower a single-block region whose terminator yields values; returns them."""
        blk = region.blocks.first
        if blk is None:
            return []
        if blk.next_block is not None:
            out: list[list[ir.Value]] = []
            merge = self.fresh_block("region.end")
            exits: list[tuple[ir.Block, list[ir.Value]]] = []

            def on_exit(op: Operation, vals: list[ir.Value]) -> None:
                exits.append((self.b.block, vals))
                self.b.branch(merge)

            self.lower_cfg(region, args, on_exit)
            self.b.position_at_end(merge)
            if not exits:
                self.b.unreachable()
                return []
            n = len(exits[0][1])
            for k in range(n):
                phi = self.b.phi(exits[0][1][k].type)
                for bb, vals in exits:
                    phi.add_incoming(vals[k], bb)
                out.append([phi])
            return [o[0] for o in out]
        for a, v in zip(blk.args, args, strict=True):
            self.vals[a] = v
        term = self.lower_ops(blk)
        if term is None:
            return []
        return [self.v(x) for x in term.operands]

    def lower_op(self, op: Operation) -> None:
        """Lower one op: its rule (:data:`RULES`), else its table kind's
        (:data:`KIND_RULES`); an op without results of the table's META kind lowers to
        nothing."""
        name = op_name(op)
        rule = RULES.get(name)
        if rule is not None:
            rule(self, op)
            return
        spec = TABLE.get(name)
        if spec is None:
            raise unsupported(op, "not in the op table")
        kind_rule = KIND_RULES.get(spec.kind)
        if kind_rule is not None:
            kind_rule(self, op, spec)
        elif spec.kind is OpKind.META and not op.results:
            return
        else:
            raise unsupported(op)

    def set(self, op: Operation, *vals: ir.Value) -> None:
        for r, v in zip(op.results, vals, strict=True):
            self.vals[r] = v

    def to_f64(self, v: ir.Value) -> ir.Value:
        if not is_float_type(v.type):
            raise CodegenError(f"float op on a value of type {v.type}")
        return v if v.type == F64 else self.b.fpext(v, F64)

    def from_f64(self, v: ir.Value, t: ir.Type) -> ir.Value:
        return v if t == F64 else self.b.fptrunc(v, t)

    def layout_of(self, x: SSAValue) -> Layout:
        t = x.type
        if not isinstance(t, MemRefType):
            raise CodegenError(f"expected a memref, got {t}")
        return layout(t)

    def dsizes(self, d: ir.Value, lay: Layout) -> list[ir.Value]:
        return [self.i64(n) if n is not None else self.b.extract_value(d, [3, k])
                for k, n in enumerate(lay.shape)]

    def dstrides(self, d: ir.Value, lay: Layout) -> list[ir.Value]:
        return [self.i64(s) if s is not None else self.b.extract_value(d, [4, k])
                for k, s in enumerate(lay.strides)]

    def doffset(self, d: ir.Value, lay: Layout) -> ir.Value:
        return self.i64(lay.offset) if lay.offset is not None else self.b.extract_value(d, 2)

    def linear(self, d: ir.Value, lay: Layout, idxs: Sequence[ir.Value]) -> ir.Value:
        """Element offset (from the aligned pointer) of ``d[idxs]``."""
        off: ir.Value | None = None
        if lay.offset != 0:
            off = self.doffset(d, lay)
        for k, i in enumerate(idxs):
            s = lay.strides[k]
            term = i if s == 1 else self.b.mul(
                i, self.i64(s) if s is not None else self.b.extract_value(d, [4, k]))
            off = term if off is None else self.b.add(off, term)
        return off if off is not None else self.i64(0)

    def elem_ptr(self, d: ir.Value, lay: Layout, idxs: Sequence[ir.Value],
                 op: Operation | None = None) -> ir.Value:
        """The address of ``d[idxs]``; with ``target.check_bounds`` and the accessing
        ``op`` given, every index is checked against its dimension's size first."""
        if op is not None and self.ml.target.check_bounds and idxs:
            sizes = self.dsizes(d, lay)
            self.checked(op, "index", [self.b.icmp_unsigned("<", i, n)
                                       for i, n in zip(idxs, sizes, strict=True)],
                         list(idxs), sizes)
        base = self.b.extract_value(d, 1)
        return self.b.gep(base, [self.linear(d, lay, idxs)], inbounds=True,
                          source_etype=lay.elem)

    def checked(self, op: Operation, kind: str, oks: list[ir.Value], got: list[ir.Value],
                limit: list[ir.Value], dims: Sequence[int] | None = None) -> None:
        """Branch on the checks ``oks`` (one per dimension): where one fails, record the
        site of ``op``, the first failing dimension and its ``got``/``limit`` values,
        and leave the function (:mod:`activity.codegen.checks`); the code after it runs
        only when every check holds.  A target that neither checks nor recovers (a
        kernel on a GPU, ahead-of-time code: no record to leave through) traps
        instead (the allocation checks, made in every mode)."""
        b = self.b
        ok = oks[0]
        for c in oks[1:]:
            ok = b.and_(ok, c)
        bad = self.fresh_block("check.fail")
        cont = self.fresh_block("check.ok")
        b.cbranch(ok, cont, bad)
        b.position_at_end(bad)
        t = self.ml.target
        if not (t.check_bounds or t.recover):  # no record to leave through: trap
            b.call(self.ml.intrinsic("llvm.trap", VOID, []), [])
            b.unreachable()
            b.position_at_end(cont)
            return
        at = list(dims) if dims is not None else list(range(len(oks)))
        dim: ir.Value = self.i64(at[-1])
        g, lim = got[-1], limit[-1]
        for k in range(len(oks) - 2, -1, -1):  # the first failing dimension
            dim = b.select(oks[k], dim, self.i64(at[k]))
            g = b.select(oks[k], g, got[k])
            lim = b.select(oks[k], lim, limit[k])
        self.record_failure(kind, op, dim, g, lim)
        b.branch(self.check_exit())
        b.position_at_end(cont)

    def record_failure(self, kind: str, op: Operation, dim: ir.Value, value: ir.Value,
                       limit: ir.Value) -> None:
        """In the block a failed check branches to: record the failure of ``op`` (a new
        site of the module's failure record, :mod:`activity.codegen.checks`)."""
        ml = self.ml
        ml.check_sites.append((kind, op, self.fn.name))
        site = ir.Constant(I64, len(ml.check_sites))
        self.b.call(report_fn(ml.ir), [site, dim, value, limit])

    def failure_recorded(self) -> ir.Value:
        """Whether a failure is recorded (``i1``): read after calls that may fail one."""
        rec = record(self.ml.ir)
        zero = ir.Constant(I64, 0)
        site = self.b.load(self.b.gep(rec, [zero, zero], inbounds=True), typ=I64)
        return self.b.icmp_unsigned("!=", site, zero)

    def check_exit(self) -> ir.Block:
        """The block a failed check leaves the function through: it returns undefined
        results (the caller -- a function checking after the call, or Python -- sees
        the failure record and never reads them)."""
        if self._check_exit is None:
            if self.fn.name in self.ml.program.functions and \
                    self.fn.name not in self.ml.may_fail():
                # its callers would not look at the record: may_fail must grow
                raise CodegenError(f"internal: @{self.fn.name} may leave through the "
                                   "failure record, which may_fail() does not know")
            here = self.b.block
            bb = self.fresh_block("check.exit")
            self.b.position_at_end(bb)
            rt = self.fn.function_type.return_type
            if isinstance(rt, ir.VoidType):
                self.b.ret_void()
            else:
                self.b.ret(ir.Constant(rt, ir.Undefined))
            self.b.position_at_end(here)
            self._check_exit = bb
        return self._check_exit

    def check_after_call(self) -> None:
        """After a call of a function of the module in checked code: leave too when the
        callee failed a check (it has left already)."""
        bad = self.failure_recorded()
        cont = self.fresh_block("call.ok")
        self.b.cbranch(bad, self.check_exit(), cont)
        self.b.position_at_end(cont)

    def alloc_bytes(self, op: Operation, sizes: list[ir.Value], es: int) -> ir.Value:
        """The byte count of an allocation of ``sizes`` elements of ``es`` bytes,
        checked in every mode: no size negative, the product of the sizes and ``es``
        computed without wrapping around (``llvm.umul.with.overflow``) and below
        ``ALLOC_LIMIT``; where not, the allocation fails (``checks.failure``: a
        ``BoundsError`` for a negative size, an ``AllocationError`` else) -- recorded
        where the target recovers or checks, a trap elsewhere (kernels on a GPU).
        A size that wrapped the byte count around made a small block that the
        accesses ran past (heap corruption, issue 36).  Cost: a multiply with an
        overflow flag per dynamic dimension and one branch per allocation.  Sizes all
        constant are checked here, at compile time."""
        b = self.b
        consts = [int(n.constant) if isinstance(n, ir.Constant) else None  # type: ignore
                  for n in sizes]
        if all(c is not None for c in consts):
            total = es
            for c in consts:
                total *= c  # type: ignore[operator]
            if total < ALLOC_LIMIT:
                return self.i64(total)
        oks: list[ir.Value] = []
        got: list[ir.Value] = []
        limit: list[ir.Value] = []
        dims: list[int] = []
        for k, (n, c) in enumerate(zip(sizes, consts, strict=True)):
            if c is None:  # a negative size first (its unsigned product overflows too)
                oks.append(b.icmp_signed(">=", n, self.i64(0)))
                got.append(n)
                limit.append(self.i64(0))
                dims.append(k)
        nb: ir.Value = self.i64(es)
        for k, (n, c) in enumerate(zip(sizes, consts, strict=True)):
            if c == 1:
                continue
            r = b.umul_with_overflow(nb, n)
            oks.append(b.not_(b.extract_value(r, 1)))
            got.append(n)
            limit.append(nb)  # the element size times the sizes before dimension k
            dims.append(-3 - k)
            nb = b.extract_value(r, 0)
        oks.append(b.icmp_unsigned("<", nb, self.i64(ALLOC_LIMIT)))
        got.append(nb)
        limit.append(self.i64(ALLOC_LIMIT))
        dims.append(-1)
        self.checked(op, "alloc", oks, got, limit, dims=dims)
        return nb

    def product(self, vals: Sequence[ir.Value]) -> ir.Value:
        acc: ir.Value | None = None
        for v in vals:
            acc = v if acc is None else self.b.mul(acc, v)
        return acc if acc is not None else self.i64(1)

    def row_major(self, sizes: Sequence[ir.Value]) -> list[ir.Value]:
        out: list[ir.Value] = []
        acc: ir.Value = self.i64(1)
        for s in reversed(sizes):
            out.append(acc)
            acc = self.b.mul(acc, s)
        return list(reversed(out))

    def counted_loop(self, lb: ir.Value, ub: ir.Value, step: ir.Value,
                     inits: Sequence[ir.Value],
                     body: Callable[[ir.Value, list[ir.Value]], list[ir.Value]],
                     unsigned: bool = False,
                     hints: Sequence[tuple[str, ir.Constant | None]] = (),
                     vector_hints: Sequence[tuple[str, ir.Constant | None]] = ()
                     ) -> list[ir.Value]:
        """``for (iv = lb; iv < ub; iv += step)`` carrying ``inits``; returns the final
        carried values.  ``body(iv, carried)`` returns the next carried values.
        ``hints``: loop metadata for LLVM (see ``ModuleLowering.loop_id``);
        ``vector_hints`` join them unless the lowered body calls a function that is not
        an LLVM intrinsic (a libm call, which LLVM cannot vectorize and, hinted, says so
        on stderr)."""
        b = self.b
        pre = b.block
        n_blocks = len(self.fn.blocks)
        head = self.fresh_block("loop.head")
        body_bb = self.fresh_block("loop.body")
        exit_bb = self.fresh_block("loop.exit")
        b.branch(head)
        b.position_at_end(head)
        iv = b.phi(lb.type)
        iv.add_incoming(lb, pre)
        phis = []
        for v in inits:
            p = b.phi(v.type)
            p.add_incoming(v, pre)
            phis.append(p)
        cond = (b.icmp_unsigned if unsigned else b.icmp_signed)("<", iv, ub)
        b.cbranch(cond, body_bb, exit_bb)
        b.position_at_end(body_bb)
        nxt = body(iv, list(phis))
        latch = b.block
        inc = b.add(iv, step)
        iv.add_incoming(inc, latch)
        for p, v in zip(phis, nxt, strict=True):
            p.add_incoming(v, latch)
        back = b.branch(head)
        if vector_hints and not any(
                isinstance(ins, ir.CallInstr) and not ins.callee.name.startswith("llvm.")
                for bb in self.fn.blocks[n_blocks:] for ins in bb.instructions):
            hints = [*hints, *vector_hints]
        if hints:
            back.set_metadata("llvm.loop", self.ml.loop_id(*hints))
        b.position_at_end(exit_bb)
        return list(phis)

