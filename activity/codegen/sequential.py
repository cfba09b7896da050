"""``scf.parallel`` -> nested ``scf.for``: the sequential schedule of a parallel loop.

Running the iterations of an ``scf.parallel`` one after the other in lexicographic
order, folding each ``scf.reduce`` contribution into loop-carried accumulators, is one
of the schedules the parallel loop allows (and the one the interpreter and the host
lowering use).  Tools that only know ``scf.for`` -- e.g. a reverse-mode generator
without ``scf.parallel`` support -- can work on the sequentialized module.
"""

from __future__ import annotations

from xdsl.dialects import scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, Operation, Region, SSAValue

from activity.frontend import carry_location
from activity.ops import op_name


def sequentialize(module: ModuleOp) -> ModuleOp:
    """A copy of ``module`` with every ``scf.parallel`` replaced by an ``scf.for`` nest
    (innermost first, so nested parallel loops are handled too)."""
    clone = module.clone()
    carry_location(clone, module)
    for op in reversed(list(clone.walk())):
        if op_name(op) == "scf.parallel":
            _replace(op)
    return clone


def _replace(pop: Operation) -> None:
    body = pop.regions[0].blocks.first
    assert body is not None
    n = len(body.args)
    ops = list(pop.operands)
    lbs, ubs, steps, inits = ops[:n], ops[n:2 * n], ops[2 * n:3 * n], ops[3 * n:]
    term = body.last_op
    reductions = list(term.regions) if term is not None and op_name(term) == "scf.reduce" \
        else []
    contributions = list(term.operands) if reductions else []
    types = [v.type for v in inits]

    def build(d: int) -> tuple[Block, list[SSAValue]]:
        """The body block of loop ``d`` (iv, accumulators...) and its yielded values."""
        blk = Block(arg_types=[lbs[d].type, *types])
        iv, accs = blk.args[0], list(blk.args[1:])
        if d + 1 < n:
            inner_blk, _ = build(d + 1)
            inner = scf.ForOp(lbs[d + 1], ubs[d + 1], steps[d + 1], accs,
                              Region([inner_blk]))
            blk.add_op(inner)
            new_ivs[d] = iv
            blk.add_op(scf.YieldOp(*inner.results))
            return blk, list(inner.results)
        new_ivs[d] = iv
        for op in list(body.ops):
            if op is term:
                continue
            op.detach()
            blk.add_op(op)
        outs: list[SSAValue] = []
        for region, acc, val in zip(reductions, accs, contributions, strict=True):
            rblk = region.blocks.first
            assert rblk is not None
            mapping: dict[SSAValue, SSAValue] = {rblk.args[0]: acc, rblk.args[1]: val}
            result: SSAValue | None = None
            for rop in rblk.ops:
                if op_name(rop) == "scf.reduce.return":
                    result = mapping.get(rop.operands[0], rop.operands[0])
                    continue
                new = rop.clone(value_mapper=mapping)
                carry_location(new, rop)
                blk.add_op(new)
                for a, b in zip(rop.results, new.results, strict=True):
                    mapping[a] = b
            assert result is not None
            outs.append(result)
        blk.add_op(scf.YieldOp(*outs))
        return blk, outs

    new_ivs: list[SSAValue | None] = [None] * n
    outer_blk, _ = build(0)
    # the ivs of the parallel body are the ivs of the new loops
    for old, new in zip(body.args, new_ivs, strict=True):
        assert new is not None
        old.replace_all_uses_with(new)
    loop = scf.ForOp(lbs[0], ubs[0], steps[0], inits, Region([outer_blk]))
    parent = pop.parent_block()
    assert parent is not None
    parent.insert_op_before(loop, pop)
    for old, new in zip(pop.results, loop.results, strict=True):
        old.replace_all_uses_with(new)
    pop.detach()
    pop.erase(safe_erase=False)
