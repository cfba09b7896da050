"""Checked code (``check_bounds=True``) for ``!llvm.ptr`` accesses: every pointer
value whose block the lowering can tell carries that block's extent, and each
``llvm.load``/``store`` and ``memcpy``/``memmove``/``memset`` through it is checked
against it.

Why: C imported with clang (``mlir-translate --import-llvm``) reaches memory through
raw pointers, not memrefs, so the memref checks of :mod:`activity.codegen.checks` saw
none of its accesses: a size argument larger than the array (``n = 6`` for four
doubles) read and wrote past the array -- in a gradient past the shadow the library
allocated, an ``munmap_chunk(): invalid pointer`` abort after the call, or a
segmentation fault (issue 36).

The extent of a pointer is the pair ``(base, size)``: the address of the first byte of
the block it derives from and the block's size in bytes (both ``i64``):

* a pointer parameter: what the caller passes.  Python writes, before each call, the
  address and ``nbytes`` of each array it passes for a pointer (``CompiledFunction``);
  a call inside the module writes the extents of its pointer arguments.  They travel
  in a module global per function (``activity_extents.<name>``, two words per pointer
  parameter) that the callee reads at its entry, before it calls anything: no
  signature changes (checked code runs on one thread);
* ``llvm.alloca`` (count times the element's size), ``malloc``/``calloc``/
  ``realloc``/``aligned_alloc``/``new`` (the size asked for), ``llvm.mlir.addressof``
  (the global's size);
* ``llvm.getelementptr``, ``addrspacecast``: their source's;
* ``llvm.select``/``arith.select`` of pointers and the arguments of blocks (phis):
  selected, or merged with phis, from the incoming pointers'.

Where the block is unknown -- a pointer loaded from memory, returned by a call,
made by ``inttoptr``, carried round an ``scf`` loop, or an argument from a caller that
does not know its own -- the extent is ``(0, 2**64 - 1)``, which every address passes:
never a false failure on a correct program, only a missed one.  An access of ``n``
bytes at ``addr`` fails when ``addr - base`` is not within ``0 .. size - n``
(unsigned: below the base fails too).  A failure is recorded as the memref checks'
are (the op, the offset, the access's size, the block's size) and raises
:class:`~activity.codegen.errors.BoundsError`.  Pointer arithmetic itself is not
checked (C forms pointers one past the end, and clang's -O2 may form others it never
dereferences); only accesses are.
"""

from __future__ import annotations

from typing import Any, Protocol

from llvmlite import ir
from xdsl.dialects.llvm import LLVMPointerType
from xdsl.ir import Attribute, Block, Operation, SSAValue

from activity.codegen.types import signature
from activity.ops import op_name
from activity.ops.table import ALLOCATORS

I64 = ir.IntType(64)
UNKNOWN_SIZE = -1  # (as unsigned: 2**64 - 1 bytes from address 0: every access passes)
TABLE = "activity_extents."  # + the function's name: [2 * pointer parameters x i64]

# the ops whose accesses are checked (ModuleLowering.may_fail: they may fail)
CHECKED_OPS = frozenset({"llvm.load", "llvm.store", "llvm.intr.memcpy",
                         "llvm.intr.memmove", "llvm.intr.memcpy.inline",
                         "llvm.intr.memset", "llvm.intr.memset.inline"})

Extent = tuple[ir.Value, ir.Value]  # (base address, size in bytes), both i64


def is_ptr(t: Attribute) -> bool:
    return isinstance(t, LLVMPointerType)


def pointer_params(fop: Operation) -> list[int]:
    """The positions of the ``!llvm.ptr`` parameters of function ``fop``."""
    _, ins, _ = signature(fop)
    return [i for i, t in enumerate(ins) if is_ptr(t)]


def table(ml: Any, name: str, n: int) -> ir.GlobalVariable:
    """The extents of function ``name``'s ``n`` pointer parameters (two words each)."""
    g = ml.ir.globals.get(TABLE + name)
    if g is None:
        t = ir.ArrayType(I64, 2 * n)
        g = ir.GlobalVariable(ml.ir, t, name=TABLE + name)
        g.initializer = ir.Constant(t, [0, UNKNOWN_SIZE] * n)
        g.align = 8
    return g


class FunctionLowering(Protocol):
    """What :class:`Extents` uses of the function lowering it checks for
    (:class:`activity.codegen.lowering.core.FuncLowering`, which makes it)."""

    ml: Any  # its ModuleLowering
    fn: ir.Function
    b: ir.IRBuilder
    entry: ir.Block

    def fresh_block(self, name: str) -> ir.Block: ...

    def check_exit(self) -> ir.Block: ...

    def record_failure(self, kind: str, op: Operation, dim: ir.Value, value: ir.Value,
                       limit: ir.Value) -> None: ...


class Extents:
    """The extents of one function's pointer values, and the checks on its accesses."""

    def __init__(self, fl: FunctionLowering) -> None:
        self.fl = fl
        self.of: dict[SSAValue, Extent] = {}
        self.phis: dict[SSAValue, Extent] = {}  # block arguments: phis to fill
        # llvm.alloca slots holding pointers (clang -O0's homes of pointer variables):
        # two i64 slots each, beside, holding the extent of the pointer stored
        self.slots: dict[SSAValue, tuple[ir.Value, ir.Value]] = {}

    @property
    def b(self) -> ir.IRBuilder:
        return self.fl.b

    def unknown(self) -> Extent:
        return ir.Constant(I64, 0), ir.Constant(I64, UNKNOWN_SIZE)

    def get(self, v: SSAValue) -> Extent:
        return self.of.get(v) or self.unknown()

    # -- sources ---------------------------------------------------------------------

    def params(self, fop: Operation, args: list[SSAValue]) -> None:
        """At the function's entry: the pointer parameters' extents from its table."""
        ptrs = pointer_params(fop)
        if not ptrs:
            return
        g = table(self.fl.ml, self.fl.fn.name, len(ptrs))
        zero = ir.Constant(I64, 0)
        for j, i in enumerate(ptrs):
            base, size = (self.b.load(self.b.gep(g, [zero, ir.Constant(I64, 2 * j + k)],
                                                 inbounds=True), typ=I64)
                          for k in (0, 1))
            self.of[args[i]] = (base, size)

    def block(self, v: SSAValue, p: ir.Value, nbytes: ir.Value) -> None:
        """``v`` (lowered to ``p``) points to a fresh block of ``nbytes`` bytes."""
        if nbytes.type != I64:
            nbytes = self.b.zext(nbytes, I64)
        self.of[v] = (self.b.ptrtoint(p, I64), nbytes)

    def slot(self, op: Operation) -> None:
        """An ``llvm.alloca`` used only as the address of loads and stores of pointers
        (clang -O0 keeps each pointer variable in one): the extent of the pointer it
        holds is kept beside it, in two ``i64`` slots of the function's entry, so that
        a pointer loaded from it keeps its block's extent.  (Any other use -- its
        address stored, passed, offset -- and the slot is not followed: a write
        through another pointer would leave the extent kept beside it stale.)"""
        v = op.results[0]
        if not v.uses:
            return
        for u in v.uses:
            name = op_name(u.operation)
            if name == "llvm.load" and u.index == 0 and is_ptr(u.operation.results[0].type):
                continue
            if name == "llvm.store" and u.index == 1 and is_ptr(u.operation.operands[0].type):
                continue
            return
        fl = self.fl
        ab = ir.IRBuilder(fl.entry)
        ab.position_at_start(fl.entry)
        pair = (ab.alloca(I64), ab.alloca(I64))
        for x, init in zip(pair, self.unknown(), strict=True):
            ab.store(init, x)
        self.slots[v] = pair

    def stored(self, op: Operation) -> None:
        """``llvm.store`` of a pointer into a followed slot: keep its extent beside."""
        pair = self.slots.get(op.operands[1])
        if pair is not None:
            for x, slot in zip(self.get(op.operands[0]), pair, strict=True):
                self.b.store(x, slot)

    def loaded(self, op: Operation) -> None:
        """``llvm.load`` of a pointer from a followed slot: the extent kept beside."""
        pair = self.slots.get(op.operands[0])
        if pair is not None:
            self.of[op.results[0]] = (self.b.load(pair[0], typ=I64),
                                      self.b.load(pair[1], typ=I64))

    def same(self, v: SSAValue, src: SSAValue) -> None:
        """``v`` points into ``src``'s block (a GEP, a cast)."""
        e = self.of.get(src)
        if e is not None:
            self.of[v] = e

    def call_result(self, op: Operation, callee: str, args: list[ir.Value],
                    r: ir.Value) -> None:
        """The block an allocator's call returns (``ALLOCATORS``)."""
        if callee not in ALLOCATORS or not op.results or not is_ptr(op.results[0].type):
            return
        if callee == "calloc" and len(args) == 2:
            n = self.b.mul(*(self.b.zext(a, I64) if a.type != I64 else a for a in args))
        elif callee == "aligned_alloc" and len(args) == 2:
            n = args[1]
        elif callee in ("malloc", "_Znwm", "_Znam") and len(args) == 1:
            n = args[0]
        elif callee == "realloc" and len(args) == 2:
            n = args[1]
        else:
            return
        self.block(op.results[0], r, n)

    def select(self, op: Operation, c: ir.Value) -> None:
        a, b_ = op.operands[1], op.operands[2]
        if a not in self.of and b_ not in self.of:
            return
        (ba, sa), (bb, sb) = self.get(a), self.get(b_)
        self.of[op.results[0]] = (self.b.select(c, ba, bb), self.b.select(c, sa, sb))

    def block_args(self, blk: Block) -> None:
        """Phis for the extents of ``blk``'s pointer arguments (the builder at the
        start of its lowered block)."""
        for a in blk.args:
            if is_ptr(a.type):
                e = (self.b.phi(I64), self.b.phi(I64))
                self.of[a] = e
                self.phis[a] = e

    def incoming(self, a: SSAValue, v: SSAValue) -> None:
        """The branch at the builder's block passes ``v`` to block argument ``a``."""
        e = self.phis.get(a)
        if e is None:
            return
        for phi, x in zip(e, self.get(v), strict=True):
            phi.add_incoming(x, self.b.block)  # type: ignore[attr-defined]

    def before_call(self, callee: str, operands: list[SSAValue]) -> None:
        """Write the extents of the pointer arguments of a call of a function of the
        module into its table."""
        ml = self.fl.ml
        fop = ml.program.functions.get(callee)
        from activity.engine.program import has_body

        if fop is None or not has_body(fop):
            return
        ptrs = pointer_params(fop)
        if not ptrs:
            return
        g = table(ml, callee, len(ptrs))
        zero = ir.Constant(I64, 0)
        for j, i in enumerate(ptrs):
            if i >= len(operands):
                continue
            for k, x in enumerate(self.get(operands[i])):
                self.b.store(x, self.b.gep(g, [zero, ir.Constant(I64, 2 * j + k)],
                                           inbounds=True))

    # -- checks ----------------------------------------------------------------------

    def check(self, op: Operation, ptr: SSAValue, p: ir.Value, nbytes: ir.Value,
              what: str = "") -> None:
        """An access of ``nbytes`` bytes at ``p`` (the value of ``ptr``) by ``op``:
        within the extent of ``ptr``'s block, or a recorded failure."""
        e = self.of.get(ptr)
        if e is None:
            return
        fl = self.fl
        b = self.b
        base, size = e
        if nbytes.type != I64:
            nbytes = b.zext(nbytes, I64)
        off = b.sub(b.ptrtoint(p, I64), base)
        ok = b.and_(b.icmp_unsigned("<=", off, size),
                    b.icmp_unsigned(">=", b.sub(size, off), nbytes))
        if not (isinstance(nbytes, ir.Constant) and nbytes.constant):
            ok = b.or_(ok, b.icmp_unsigned("==", nbytes, ir.Constant(I64, 0)))
        bad = fl.fresh_block("ptr.fail")
        cont = fl.fresh_block("ptr.ok")
        b.cbranch(ok, cont, bad)
        b.position_at_end(bad)
        fl.record_failure("ptr" + what, op, nbytes, off, size)
        b.branch(fl.check_exit())
        b.position_at_end(cont)


def is_checked(op: Operation) -> bool:
    return op_name(op) in CHECKED_OPS
