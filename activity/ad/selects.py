"""The backward slices of float selects' arms (:func:`_select_arm_slices`): where a
zero adjoint must stay zero even times an infinite partial (``strong_zero``)."""

from __future__ import annotations

from xdsl.dialects.builtin import AnyFloat
from xdsl.ir import Block, Operation, SSAValue

from activity.ad.facts import Facts
from activity.engine.program import Program, call_target, has_body
from activity.ops import EXTERNAL_ALIASES, OpKind, lookup


def _union(a: int, b: int) -> int:
    """Union of alias-class bitsets, where -1 is every class."""
    return -1 if a == -1 or b == -1 else a | b


def _meets(a: int, b: int) -> bool:
    return a == -1 or b == -1 or bool(a & b)


def min_max_select(op: Operation) -> bool:
    """``select(fcmp(a, b), a, b)`` or ``select(fcmp(a, b), b, a)``: a min or max, whose
    arms the program compares -- so evaluates -- whichever it picks (C's
    ``if (x > m) m = x;``)."""
    c = op.operands[0].owner
    if not isinstance(c, Operation) or lookup(c) is None \
            or lookup(c).kind != OpKind.COMPARE or len(c.operands) != 2:  # type: ignore[union-attr]
        return False
    arms = {id(op.operands[1]), id(op.operands[2])}
    return len(arms) == 2 and arms == {id(c.operands[0]), id(c.operands[1])}


def _select_arm_slices(program: Program, facts: Facts,
                       seeds_of: str = "all") -> set[SSAValue]:
    """The values on which an arm of a float ``select`` depends (its backward slice),
    whose reverse multiplies an adjoint by a partial through a guard: ``adj == 0 ? 0 :
    adj * partial``.  The arm a select does not pick gets a zero adjoint, and the arm
    may be infinite or NaN exactly where it is not picked -- C's ``y != 0 ? x / y : 0``
    at -O2 is a select of a division that is always computed -- so without the guard
    ``0 * inf`` turned the gradient into NaN where the true one is 0.  (This is
    Enzyme's "strong zero", limited to where such a masked zero can flow; elsewhere the
    multiply stays plain IEEE.)

    The slice follows a masked zero wherever the reverse sweep carries it, coarsely:
    to the operands of the op defining a value; to every value of a function where
    it reaches a loop-carried or branch argument, a region op's result or a call's
    result (then the callee's values too); from a function's argument to the
    arguments of its call sites; and from a loaded value to the values stored
    where the load may read (by the analysis's alias classes: a shadow carries the
    zero to whatever was stored there), and through copies to what was stored into
    their sources; a pointer the analysis did not see may alias anything.

    ``seeds_of``: the selects whose arms seed the slice -- ``"all"``, ``"plain"`` (not
    min/max patterns) or ``"minmax"`` (:func:`min_max_select`)."""
    owner_fn: dict[int, str] = {}
    calls_of: dict[str, list[Operation]] = {}
    stores: list[tuple[int, SSAValue]] = []  # (classes written, value stored)
    copies: list[tuple[int, int]] = []  # (classes read, classes written)
    seeds: list[SSAValue] = []
    values_of: dict[str, list[SSAValue]] = {}
    entry_of: dict[int, str] = {}
    func_by_id = {id(f): name for name, f in program.functions.items()}
    analysed = set(facts.result.functions)  # (what the root may call)
    for name, f in program.functions.items():
        if not has_body(f) or name not in analysed:
            continue
        entry_of[id(f.regions[0].blocks[0])] = name
        vals: list[SSAValue] = []
        for op in f.walk():
            if op is f:
                continue
            owner_fn[id(op)] = name
            vals += op.results
            for r in op.regions:
                for blk in r.blocks:
                    vals += blk.args
            target = call_target(op)
            if target is not None:
                calls_of.setdefault(target, []).append(op)
                alias = EXTERNAL_ALIASES.get(target)
                cs = lookup(alias) if alias is not None else None
                callee = program.functions.get(target)
                if (cs is not None and cs.kind == OpKind.MEM_COPY and cs.src is not None
                        and (callee is None or not has_body(callee))):  # C's memcpy
                    copies.append((facts.classes(op.operands[cs.src]),
                                   facts.classes(op.operands[cs.dst or 0])))
            spec = lookup(op)
            if spec is None:
                continue
            if spec.kind == OpKind.MEM_WRITE and spec.value is not None:
                stores.append((facts.classes(op.operands[spec.ptr or 0]),
                               op.operands[spec.value]))
            if spec.kind == OpKind.MEM_COPY and spec.src is not None:
                copies.append((facts.classes(op.operands[spec.src]),
                               facts.classes(op.operands[spec.dst or 0])))
            if (spec.kind == OpKind.SELECT and op.results
                    and isinstance(op.results[0].type, AnyFloat)
                    and (seeds_of == "all"
                         or (seeds_of == "minmax") == min_max_select(op))):
                seeds += [u for u in op.operands[1:] if isinstance(u.type, AnyFloat)]
        values_of[name] = vals + list(f.regions[0].blocks[0].args)
    guarded: set[SSAValue] = set()
    whole: set[str] = set()
    read = 0  # alias classes loads in the slice may read (-1: any)
    work = list(seeds)

    def everything(name: str | None) -> None:
        if name is not None and name in values_of and name not in whole:
            whole.add(name)
            work.extend(values_of[name])

    while work:
        v = work.pop()
        if v in guarded:
            continue
        guarded.add(v)
        owner = v.owner
        if isinstance(owner, Block):
            fn = entry_of.get(id(owner))
            if fn is None:  # a loop-carried or branch argument
                parent = owner.parent_op()
                everything(owner_fn.get(id(parent)) if parent is not None else None)
                everything(func_by_id.get(id(parent)))  # (a block of a function's CFG)
            else:
                for call in calls_of.get(fn, []):
                    work.extend(call.operands)
            continue
        work.extend(owner.operands)
        if owner.regions:
            everything(owner_fn.get(id(owner)))
        target = call_target(owner)
        if target is not None:
            everything(owner_fn.get(id(owner)))
            everything(target)
        spec = lookup(owner)
        if spec is not None and spec.reads and spec.ptr is not None:  # (atomic_rmw too)
            grown = _union(read, facts.classes(owner.operands[spec.ptr]))
            while grown != read:  # what the copies into those classes read, too
                read = grown
                for src, dst in copies:
                    if _meets(dst, read):
                        grown = _union(grown, src)
            work.extend(x for c, x in stores if _meets(c, read) and x not in guarded)
    return guarded
