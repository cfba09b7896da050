"""Globals declared but not defined (C's ``extern double params[3];``) and read by the
code run in this process.

Another translation unit defines such a global; in the interpreter and the JIT
(``activity.evaluate``, ``activity.compile``, ``activity.gradient``) there is none,
and both used to run on zero storage instead, without a word: the primal and the
gradient all zeros (issue 31's miniBUDE).  :func:`bind` refuses that -- an
:class:`ActivityError` naming the global, at the op that takes its address -- unless
the caller binds it: ``globals={"params": np.array([...])}`` gives the global those
initial contents (copied: the run starts from them, as from a C initializer).
``activity cc`` needs none of this: there the linker resolves ``extern`` globals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from xdsl.dialects.builtin import (
    AnyFloat,
    DenseIntOrFPElementsAttr,
    FloatAttr,
    IntegerAttr,
    IntegerType,
    MemRefType,
    ModuleOp,
    SymbolRefAttr,
    TensorType,
)
from xdsl.dialects.llvm import LLVMArrayType
from xdsl.ir import Attribute, Operation

from activity.engine.program import Program, call_target, has_body
from activity.errors import ActivityError
from activity.frontend import place_of


def _prop(op: Operation, key: str) -> Attribute | None:
    return op.properties.get(key) or op.attributes.get(key)


def is_declaration(gop: Operation) -> bool:
    """A global with no contents of its own: an ``llvm.mlir.global`` of external
    linkage with neither a value nor an initializer region, or a ``memref.global``
    without ``initial_value``."""
    if gop.name == "llvm.mlir.global":
        link = _prop(gop, "linkage")
        external = link is None or "external" in str(link)
        region = bool(gop.regions and gop.regions[0].blocks and gop.regions[0].blocks[0].ops)
        return external and _prop(gop, "value") is None and not region
    if gop.name == "memref.global":
        return _prop(gop, "initial_value") is None
    return False


def reachable(program: Program, roots: Sequence[str]) -> list[Operation]:
    """The functions with a body that ``roots`` call, transitively (roots included)."""
    seen: dict[str, Operation] = {}
    todo = list(roots)
    while todo:
        name = todo.pop()
        fop = program.functions.get(name)
        if name in seen or fop is None or not has_body(fop):
            continue
        seen[name] = fop
        for op in fop.walk():
            if op.name in ("func.call", "llvm.call"):
                t = call_target(op)
                if t is not None:
                    todo.append(t)
    return list(seen.values())


def unbound(module: ModuleOp, roots: Sequence[str]) -> list[tuple[str, Operation]]:
    """``(global, op)`` for every declared-only global the code of ``roots`` takes the
    address of, in order."""
    program = Program.of(module)
    out: dict[str, Operation] = {}
    for fop in reachable(program, roots):
        for op in fop.walk():
            if op.name not in ("llvm.mlir.addressof", "memref.get_global"):
                continue
            ref = _prop(op, "global_name") or _prop(op, "name")
            if not isinstance(ref, SymbolRefAttr):
                continue
            name = ref.string_value()
            gop = program.globals.get(name)
            if gop is not None and is_declaration(gop) and name not in out:
                # (clang hoists the address to the entry: name the first access)
                users = [u.operation for r in op.results for u in r.uses]
                out[name] = users[0] if users else op
    return list(out.items())


def bind(module: ModuleOp, roots: Sequence[str],
         values: Mapping[str, Any] | None = None) -> ModuleOp:
    """``module`` if the code of ``roots`` reads no declared-only global; else a copy
    whose globals named in ``values`` have those contents; an error for one not
    bound."""
    values = dict(values or {})
    program = Program.of(module)
    for name in values:
        gop = program.globals.get(name)
        if gop is None or not is_declaration(gop):
            what = "no global" if gop is None else "a global with contents of its own"
            raise ActivityError(f"globals: the module has {what} named '{name}' "
                                "(only extern globals, declared without contents, are "
                                "bound)")
    for name, op in unbound(module, roots):
        if name not in values:
            raise ActivityError(
                f"the code reads the extern global '{name}', which has no contents here "
                f"(another file defines it): bind it, globals={{'{name}': contents}} "
                "(activity cc links it)", **place_of(op))
    if not values:
        return module
    out = module.clone()
    cp = Program.of(out)
    for name, value in values.items():
        _initialize(cp.globals[name], name, value)
    return out


def _initialize(gop: Operation, name: str, value: Any) -> None:
    if gop.name == "memref.global":
        t = _prop(gop, "type")
        assert isinstance(t, MemRefType)
        elem, shape = t.element_type, list(t.get_shape())
    else:
        t = _prop(gop, "global_type")
        shape = []
        while isinstance(t, LLVMArrayType):
            shape.append(t.size.data)
            t = t.type
        elem = t
    if not isinstance(elem, AnyFloat | IntegerType) or (gop.name != "memref.global"
                                                          and len(shape) > 1):
        raise ActivityError(f"globals: '{name}' holds {elem}: only arrays of numbers are "
                            "bound (scalars, one-dimensional arrays, memref globals)")
    arr = np.asarray(value)
    n = int(np.prod(shape)) if shape else 1
    if arr.size != n:
        raise ActivityError(f"globals: '{name}' holds {n} element(s), got {arr.size}")
    flat = [float(v) if isinstance(elem, AnyFloat) else int(v) for v in arr.ravel()]
    if gop.name == "memref.global":
        gop.properties["initial_value"] = DenseIntOrFPElementsAttr.from_list(
            TensorType(elem, shape), flat)
    elif not shape:
        gop.properties["value"] = (FloatAttr(flat[0], elem) if isinstance(elem, AnyFloat)
                                   else IntegerAttr(flat[0], elem))
    else:
        gop.properties["value"] = DenseIntOrFPElementsAttr.from_list(
            TensorType(elem, [n]), flat)


__all__ = ["bind", "is_declaration", "unbound"]
