"""Symbolic execution of the analysis' own dense transfer closures over Z3 bit-vectors.

The memory transfers (``vm_transfer``/``um_transfer`` in
:mod:`activity.analysis.activity`) are plain Python over int bitsets.  Called with
:class:`Sym` objects instead of ints they compute Z3 terms; every Python branch on a
symbolic condition (``if inp & pts[a]:``, ``any(flags)``) is explored both ways by
re-running the closure with a different decision sequence, and the paths are merged
into one ``If``-term.  The result is the transfer *as implemented*, as a formula over
bitsets of width :data:`WIDTH` (any number of alias classes up to the width), on which
monotonicity and local soundness are then proven by Z3.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import z3

from activity.engine.graph import Effect
from proofs.snippets import DenseTransfers

WIDTH = 32


class _Explorer:
    def __init__(self, prefix: list[bool]) -> None:
        self.prefix = prefix
        self.taken: list[bool] = []
        self.conds: list[z3.BoolRef] = []

    def decide(self, cond: z3.BoolRef) -> bool:
        i = len(self.taken)
        d = self.prefix[i] if i < len(self.prefix) else True
        self.taken.append(d)
        self.conds.append(cond if d else z3.Not(cond))
        return d


class Sym:
    """A symbolic bitset (Z3 bit-vector) or flag (Z3 Bool) the closures can compute on."""

    ex: _Explorer | None = None  # the current path explorer

    def __init__(self, e: z3.ExprRef) -> None:
        self.e = e

    @staticmethod
    def bv(x: Any) -> z3.BitVecRef:
        if isinstance(x, Sym):
            return x.e  # type: ignore[return-value]
        return z3.BitVecVal(x & ((1 << WIDTH) - 1), WIDTH)

    def __and__(self, o: Any) -> Sym:
        return Sym(Sym.bv(self) & Sym.bv(o))

    __rand__ = __and__

    def __or__(self, o: Any) -> Sym:
        return Sym(Sym.bv(self) | Sym.bv(o))

    __ror__ = __or__

    def __invert__(self) -> Sym:
        return Sym(~Sym.bv(self))

    def __bool__(self) -> bool:
        assert Sym.ex is not None
        c = self.e if z3.is_bool(self.e) else self.e != 0
        return Sym.ex.decide(c)  # type: ignore[arg-type]


class _FlagView:
    """Stands in for a SparseSolver's ``flag`` bytearray: symbolic at chosen ids."""

    def __init__(self, orig: bytearray, sym: dict[int, Sym]) -> None:
        self.orig, self.sym = orig, sym

    def __getitem__(self, i: int) -> Any:
        return self.sym.get(i, self.orig[i])


@dataclass
class SymTransfer:
    """A transfer as formulas: the state variables, the returned bitset, and for each
    watched value whether the transfer sets its flag."""

    state: dict[str, z3.ExprRef]
    out: z3.BitVecRef
    sets: dict[int, z3.BoolRef]
    paths: int


def _effect_values(dt: DenseTransfers, n: int) -> tuple[list[int], list[int]]:
    """(pointer-ish ids whose points-to set is read, value ids whose flags matter)."""
    eff = dt.graph.effects.get(n)  # type: ignore[attr-defined]
    if eff is None:
        return [], []
    kind, a, b = eff
    if kind == Effect.LOAD:
        return [a], [b]
    if kind == Effect.STORE:
        return [b], [a]
    if kind == Effect.COPY:
        return [a, b], []
    if kind == Effect.UNKNOWN:
        return [], list(a) + list(b)
    if kind == getattr(Effect, "RMW", None):  # (value, (ptr, result))
        return [b[0]], [a, b[1]]
    # a summary applied at a call (CALLBACK): its flags are the call's scalar
    # arguments and results; the class maps are fixed by the binding
    return [], list(getattr(a, "arg_ids", [])) + list(getattr(a, "res_ids", []))


def run_symbolic(dt: DenseTransfers, which: str, n: int, tag: str) -> SymTransfer:
    """Execute ``vm_transfer`` (``which="vm"``) or ``um_transfer`` (``"um"``) at node ``n``
    on fresh symbolic state named with ``tag``; all paths merged."""
    transfer: Callable[[int, Any], Any] = dt.vm_transfer if which == "vm" else dt.um_transfer
    solver = dt.varied if which == "vm" else dt.useful
    sol = dt.solution
    pts: list[Any] = sol.pt.pts  # type: ignore[attr-defined]
    reach: dict[int, Any] = sol.reach  # type: ignore[attr-defined]
    ptr_ids, flag_ids = _effect_values(dt, n)
    state: dict[str, z3.ExprRef] = {"in": z3.BitVec(f"in{tag}", WIDTH)}
    for v in ptr_ids:
        state[f"pts{v}"] = z3.BitVec(f"pts{v}{tag}", WIDTH)
    if n in reach and dt.graph.effects[n][0] == Effect.UNKNOWN:  # type: ignore
        state["reach"] = z3.BitVec(f"reach{tag}", WIDTH)
    for v in flag_ids:
        state[f"flag{v}"] = z3.Bool(f"flag{v}{tag}")
    kills: dict[int, Any] = getattr(sol, "kills", {})
    is_store = dt.graph.effects.get(n, (None,))[0] == Effect.STORE  # type: ignore
    if is_store:  # the class a strong update kills: a parameter of the node (untagged,
        # the same in every run), not a lattice input -- the lemmas state when it is
        # justified, and monotonicity holds for each fixed kill mask
        state["kill"] = z3.BitVec(f"kill{n}", WIDTH)

    saved_pts = {v: pts[v] for v in ptr_ids}
    saved_reach = reach.get(n)
    saved_kill = kills.get(n)
    saved_flag, saved_set = solver.flag, solver.set  # type: ignore[attr-defined]
    results: list[tuple[z3.BoolRef, z3.BitVecRef, dict[int, bool]]] = []
    prefix: list[bool] = []
    try:
        for v in ptr_ids:
            pts[v] = Sym(state[f"pts{v}"])
        if "reach" in state:
            reach[n] = Sym(state["reach"])
        if is_store:
            kills[n] = Sym(state["kill"])
        solver.flag = _FlagView(saved_flag, {v: Sym(state[f"flag{v}"])  # type: ignore
                                             for v in flag_ids})
        while True:
            ex = _Explorer(prefix)
            Sym.ex = ex
            called: dict[int, bool] = {}
            solver.set = lambda v, _c=called: _c.__setitem__(v, True)  # type: ignore
            out = transfer(n, Sym(state["in"]))
            results.append((z3.And(*ex.conds) if ex.conds else z3.BoolVal(True),
                            Sym.bv(out), dict(called)))
            # next decision sequence (depth-first): flip the last True decision
            taken = ex.taken
            while taken and not taken[-1]:
                taken.pop()
            if not taken:
                break
            prefix = taken[:-1] + [False]
    finally:
        Sym.ex = None
        for v, p in saved_pts.items():
            pts[v] = p
        if "reach" in state and saved_reach is not None:
            reach[n] = saved_reach
        if is_store:
            if saved_kill is None:
                kills.pop(n, None)
            else:
                kills[n] = saved_kill
        solver.flag, solver.set = saved_flag, saved_set  # type: ignore[attr-defined]
    out_e: z3.BitVecRef = results[-1][1]
    for cond, o, _ in reversed(results[:-1]):
        out_e = z3.If(cond, o, out_e)  # type: ignore[assignment]
    watched = set(flag_ids) | {v for _, _, c in results for v in c}
    sets: dict[int, z3.BoolRef] = {}
    for v in watched:
        sets[v] = z3.Or(*[cond for cond, _, c in results if c.get(v)]) \
            if any(c.get(v) for _, _, c in results) else z3.BoolVal(False)
    return SymTransfer(state, out_e, sets, len(results))


def subset(a: z3.BitVecRef, b: z3.BitVecRef) -> z3.BoolRef:
    """``a`` is a subset of ``b`` (the lattice order, as :func:`activity.lattice.leq`)."""
    return a & ~b == 0


def singleton(c: z3.BitVecRef) -> z3.BoolRef:
    return z3.And(c != 0, c & (c - 1) == 0)
