"""What the host code of a GPU function does with its buffers, from its IR: which
memref arguments kernels or the host may write (:func:`written_args`: copied back),
which only kernels dereference (:func:`device_only_args`: device memory, no
migration), and the helpers the host part's allocation hook uses
(:func:`in_kernel`, :func:`host_derefs`)."""

from __future__ import annotations

from typing import Any

from xdsl.dialects.builtin import MemRefType
from xdsl.ir import Operation, SSAValue

from activity.codegen.gpu_kernels import callee_of, outermost_parallels
from activity.engine.program import call_args
from activity.ops import OpKind, lookup, op_name

# Ops that turn a buffer's address into an integer, which may reach the host code (the
# op table files memref.extract_aligned_pointer_as_index with the shape metadata).
_ADDRESS_USES = {"memref.extract_aligned_pointer_as_index",
                 "memref.extract_strided_metadata", "llvm.ptrtoint"}


def _use_class(use: Any) -> str:
    """What a use of a buffer does with it, from the op table: ``"view"`` (a result
    aliases it), ``"meta"`` (reads the descriptor only), ``"read"`` (loads from it or
    copies from it), ``"address"`` (takes its address as an integer), else ``"other"``
    (a write, a call, a yield, an op the table does not know...)."""
    name = op_name(use.operation)
    if name in _ADDRESS_USES:
        return "address"
    spec = lookup(use.operation)
    if spec is None:
        return "other"
    if spec.view and spec.ptr == use.index:
        return "view"
    if spec.kind is OpKind.META:
        return "meta"
    if (spec.kind is OpKind.MEM_READ and spec.ptr == use.index) or (
            spec.kind is OpKind.MEM_COPY and spec.src == use.index):
        return "read"
    return "other"


def written_args(fop: Operation) -> list[bool]:
    """Per argument of ``fop``: False only for a memref that the function provably
    never writes -- every use, through views, is a load, shape metadata or the source of
    a copy (``_use_class``); anything else (a store, an atomic, a call, a yield, a
    pointer taken) counts as a write.  The GPU runtime does not copy such an argument
    back from its managed buffer, which would move its pages back from the device."""
    out: list[bool] = []
    for a in fop.regions[0].blocks.first.args:  # type: ignore[union-attr]
        out.append(isinstance(a.type, MemRefType) and _may_write(a))
    return out


def device_only_args(fop: Operation) -> list[bool]:
    """Per argument of ``fop``: True for a memref that only the kernels (the outermost
    ``scf.parallel`` loops) dereference -- every use, through views taken anywhere,
    lies inside a kernel or is a ``dim``/``rank`` of the descriptor.  The GPU runtime
    stages such an argument in device memory with explicit copies instead of managed
    memory, whose pages would fault over one by one in each direction."""
    kernels = {id(op) for op in outermost_parallels(fop)}
    out: list[bool] = []
    for a in fop.regions[0].blocks.first.args:  # type: ignore[union-attr]
        out.append(isinstance(a.type, MemRefType) and not host_derefs(a, kernels))
    return out


def in_kernel(op: Operation, kernels: set[int]) -> bool:
    p: Operation | None = op
    while p is not None:
        if id(p) in kernels:
            return True
        p = p.parent_op()
    return False


def host_derefs(v: SSAValue, kernels: set[int], dealloc_ok: bool = False) -> bool:
    """Whether the host code may dereference ``v``: a use outside the kernels other
    than ``dim``/``rank``/views (and, with ``dealloc_ok``, a dealloc), or, anywhere, its
    address taken as an integer (which a kernel could hand back to the host).  Views
    are followed inside kernels too, and so are calls from kernels into the callee."""
    work: list[tuple[SSAValue, bool]] = [(v, False)]
    seen: set[int] = set()
    while work:
        x, in_dev = work.pop()
        if id(x) in seen:
            continue
        seen.add(id(x))
        for use in x.uses:
            op = use.operation
            name = op_name(op)
            inside = in_dev or in_kernel(op, kernels)
            how = _use_class(use)
            if how == "address":
                return True
            if how == "view":
                work.extend((r, inside) for r in op.results)
                continue
            if how == "meta":
                continue
            if inside:
                if name == "func.call":
                    param = _callee_param(op, use.index)
                    if param is None:
                        return True
                    work.append((param, True))
                continue
            if dealloc_ok and name == "memref.dealloc":
                continue  # frees through the runtime's callback, whatever the memory
            return True
    return False


def _callee_param(call: Operation, index: int) -> SSAValue | None:
    """The callee's parameter that operand ``index`` of ``call`` binds, if known."""
    callee = callee_of(call)
    if callee is None:
        return None
    params = callee.regions[0].blocks.first.args  # type: ignore[union-attr]
    k = index - (len(call.operands) - len(call_args(call)))
    return params[k] if 0 <= k < len(params) else None


def _may_write(v: SSAValue) -> bool:
    work = [v]
    while work:
        x = work.pop()
        for use in x.uses:
            how = _use_class(use)
            if how in ("read", "meta"):
                continue
            if how == "view":
                work.extend(use.operation.results)
                continue
            return True
    return False

