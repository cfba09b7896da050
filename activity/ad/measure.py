"""``--stats`` measured: generate a gradient, run it once in the reference interpreter,
and record the height its stacks reached (:func:`measure`).

It sits above the generator (:mod:`activity.ad.reverse`), which itself collects the
static part of the stats (:func:`activity.ad.stats.collect`): so neither imports the
other both ways.
"""

from __future__ import annotations

from typing import Any

from xdsl.dialects.builtin import AnyFloat

from activity.ad.lift_cf import with_lifted
from activity.ad.reverse import Differentiator
from activity.ad.stats import GradStats


def measure(module: Any, func: str, inputs: list[Any], args: Any = None,
            prune: bool = True) -> GradStats:
    """Generate the gradient, run it once on ``inputs`` (with seeds 1 and zero shadows)
    and record the stack height the forward sweep reached."""
    import numpy as np

    from activity.semantics import Interpreter  # (the interpreter loads only when measuring)

    def make(m: Any) -> tuple[Differentiator, Any]:
        d = Differentiator(m, func, args, prune, measure=True)
        return d, d.run()[0]

    d, gmod = with_lifted(module, make)
    st = d.stats
    kinds = d.root_kinds
    call: list[Any] = []
    for x, k in zip(inputs, kinds, strict=True):
        x = x.copy() if isinstance(x, np.ndarray) else x
        call.append(x)
        if k in ("dup", "dupnoneed"):
            call.append(np.zeros(np.shape(x)))
    f = d.program.functions[func]
    outs = list(f.function_type.outputs.data)  # type: ignore[attr-defined]
    call += [1.0 for t in outs if isinstance(t, AnyFloat)]
    res = Interpreter(gmod, max_steps=50_000_000).run(d.grad_name, call).results
    st.measured_stack_bytes = 8 * (int(res[-2]) + int(res[-1]))
    return st


__all__ = ["measure"]
