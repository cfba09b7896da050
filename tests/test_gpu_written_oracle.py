"""An oracle for ``gpu.written_args`` (issue 6): the GPU runtime copies an array argument
back from the device only when the function may write it, so calling an argument
"never written" when the function does write it would silently lose results on a GPU.

Random programs from ``activity.testing.progen`` (views, casts, copies, calls, stores
through subviews, unstructured control flow) run in the reference interpreter; every
memref argument whose contents changed must be classified as written.  The check is
one-sided (a write of an unchanged value, or an unexecuted store, is invisible), so it
also counts how often "not written" is claimed, to be sure the classification is not
trivially "everything is written".
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from xdsl.dialects import func as xfunc

from activity.codegen.gpu import written_args
from activity.semantics import Interpreter, InterpreterError
from activity.testing.progen import generate


def _copies(xs: list[Any]) -> list[Any]:
    return [x.copy() if isinstance(x, np.ndarray) else x for x in xs]


def _check(seed: int) -> tuple[int, int]:
    """(arguments claimed never written, memref arguments) of seed's program."""
    g = generate(seed)
    m = g.parse()
    inputs = g.make_inputs(random.Random(seed))
    after = _copies(inputs)
    try:
        Interpreter(m).run(g.func, after)
    except InterpreterError:
        return 0, 0
    fop = next(op for op in m.walk()
               if isinstance(op, xfunc.FuncOp) and op.sym_name.data == g.func)
    written = written_args(fop)
    claimed = memrefs = 0
    for k, (x, y) in enumerate(zip(inputs, after, strict=True)):
        if not isinstance(x, np.ndarray):
            continue
        memrefs += 1
        changed = x.tobytes() != y.tobytes()
        if not written[k]:
            claimed += 1
            assert not changed, f"seed {seed}: argument {k} written but classified " \
                                f"never written\n{g.text}"
    return claimed, memrefs


def test_written_args_agree_with_the_interpreter() -> None:
    claimed = memrefs = 0
    for seed in range(60):
        c, n = _check(seed)
        claimed, memrefs = claimed + c, memrefs + n
    assert memrefs > 30 and 0 < claimed < memrefs, (claimed, memrefs)


@pytest.mark.slow
def test_written_args_agree_with_the_interpreter_many() -> None:
    for seed in range(60, 1060):
        _check(seed)
