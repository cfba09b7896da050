"""Small leaf functions called inside loops, inlined before differentiation.

Why: a callee differentiated on its own (``@f_aug`` / ``@f_rev``) cannot know how often
it is called, so what its reverse needs goes on the run-time stack tape: a push per
value, each with a growth check, and a pop in the reverse sweep.  Called once per
iteration of a loop -- GMM's ``logsumexp`` over the components, once per sample -- that
is most of the callee's cost.  Inlined, the same values sit in the caller's loop nest,
where the tape planner sizes them from the trip counts (a static tape, indexed by the
loop counters) or recomputes them.  Enzyme gets the same effect from LLVM's inliner,
which runs before it.

What is inlined: a ``func.call`` inside a loop of the differentiated function, to a
function of the module with one block ending in ``func.return``, no calls of its own
(so no recursion), no stack allocation (``memref.alloca`` in a loop would grow the
stack per iteration) and at most ``MAX_OPS`` ops.  The module is changed in place (the
differentiator inlines into its own copy); the callee stays for its other callers.
"""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, SSAValue

from activity.engine.program import Program, call_target
from activity.frontend import carry_location
from activity.ops import LOOP_OPS, op_name

MAX_OPS = 200

_CALLS = frozenset({"func.call", "func.call_indirect", "llvm.call"})
_NO_INLINE = _CALLS | {"memref.alloca", "llvm.alloca", "memref.alloca_scope"}


def inlinable(fop: Operation) -> bool:
    """Whether function ``fop`` is a small single-block leaf (see the module docstring)."""
    if op_name(fop) != "func.func" or not fop.regions or len(fop.regions[0].blocks) != 1:
        return False
    block = fop.regions[0].blocks.first
    if block is None or block.last_op is None or op_name(block.last_op) != "func.return":
        return False
    n = 0
    for op in fop.walk():
        if op is fop:
            continue
        name = op_name(op)
        if name in _NO_INLINE or name.startswith("cf."):
            return False
        n += 1
        if n > MAX_OPS:
            return False
    return True


def _in_loop(op: Operation, root: Operation) -> bool:
    p = op.parent_op()
    while p is not None and p is not root:
        if op_name(p) in LOOP_OPS:
            return True
        p = p.parent_op()
    return False


def inline_loop_calls(module: ModuleOp, func: str) -> tuple[int, dict[int, Operation]]:
    """Inline, in ``module`` itself, the calls in loops of ``func`` to inlinable
    functions; returns how many calls were inlined and, for every op made,
    ``id(op)`` -> the callee's op it copies (for locations in messages; a callee that
    returns its argument makes none)."""
    funcs = Program.of(module).functions
    root = funcs.get(func)
    if root is None:
        return 0, {}
    sites = [op for op in root.walk() if op_name(op) == "func.call"
             and (t := call_target(op)) in funcs and t != func
             and inlinable(funcs[t]) and _in_loop(op, root)]
    made: dict[int, Operation] = {}
    for call in sites:
        callee = funcs[call_target(call)]  # type: ignore[index]
        body = callee.regions[0].blocks.first
        assert body is not None and body.last_op is not None
        mapping: dict[SSAValue, SSAValue] = dict(zip(body.args, call.operands, strict=True))
        parent = call.parent_block()
        assert parent is not None
        for op in body.ops:
            if op is body.last_op:
                break
            new = op.clone(value_mapper=mapping)
            carry_location(new, op)
            for a, b in zip(new.walk(), op.walk(), strict=True):
                made[id(a)] = b
            parent.insert_op_before(new, call)
        for r, v in zip(call.results, body.last_op.operands, strict=True):
            r.replace_all_uses_with(mapping.get(v, v))
        call.detach()
        call.erase()
    return len(sites), made


__all__ = ["MAX_OPS", "inline_loop_calls", "inlinable"]
