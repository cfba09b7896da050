"""Checking claims: Z3 queries, random runs, and replay on the reference interpreter."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import z3
from xdsl.dialects.builtin import (
    AnyFloat,
    FloatAttr,
    ModuleOp,
)
from xdsl.ir import Operation, SSAValue

from activity.engine.types import is_float_like
from activity.ops.table import (
    signed,
)
from activity.semantics import nonzero_tangent
from activity.verify.base import (
    Options,
    _and,
)
from activity.verify.claims import (
    Claim,
    _result_types,
)
from activity.verify.encoder import Encoder
from activity.z3backend import to_float

# ---------------------------------------------------------------------------
# Checking claims.


@dataclass
class Finding:
    """A refuted claim (``counterexample``) or one the verifier could not decide."""

    claim: Claim
    status: str  # "counterexample" | "unknown"
    message: str
    inputs: list[Any] = field(default_factory=list)


@dataclass
class VerifyResult:
    status: str  # "verified" | "counterexample" | "unknown"
    unroll: int
    func: str
    claims: int
    findings: list[Finding]
    queries: int
    seconds: float
    encode_seconds: float
    ops: int
    source: str
    note: str = ""
    remarks: list[str] = field(default_factory=list)  # said, without changing the answer

    @property
    def exit_code(self) -> int:
        return {"verified": 0, "counterexample": 1, "unknown": 3}[self.status]

    def render(self) -> str:
        head = {"verified": f"verified (bounded, K={self.unroll})",
                "counterexample": "counterexample",
                "unknown": f"unknown (bounded, K={self.unroll})"}[self.status]
        lines = [f"@{self.func}: {head}: {self.claims} {self.source} claim(s), "
                 f"{self.ops} ops encoded, {self.queries} solver queries, "
                 f"{self.seconds:.2f}s"]
        if self.note:
            lines.append(f"  note: {self.note}")
        lines += [f"  note: {r}" for r in self.remarks]
        for fd in self.findings:
            if fd.status == "counterexample":
                lines.append(f"  counterexample: {fd.claim.describe()}")
            else:
                lines.append(f"  unknown: {fd.claim.describe()}")
            for ln in fd.message.splitlines():
                lines.append(f"    {ln}")
        return "\n".join(lines)


class _Checker:
    def __init__(self, module: ModuleOp, func: str, kinds: list[str], claims: list[Claim],
                 opts: Options) -> None:
        self.module, self.func, self.kinds, self.claims, self.opts = (
            module, func, kinds, claims, opts)
        self.queries = 0
        self.deadline = time.perf_counter() + opts.timeout
        self.findings: list[Finding] = []
        self._interp: Any = None

    # -- driving --------------------------------------------------------------------
    def run(self) -> tuple[str, str]:
        lanes: dict[SSAValue, int] = {}
        store_lanes: dict[Operation, int] = {}
        for c in self.claims:
            if c.kind in ("useful", "active") and c.value is not None and c.value not in lanes:
                lanes[c.value] = len(lanes) + len(store_lanes) + 1
            if c.kind == "write" and c.op is not None and c.op not in store_lanes:
                store_lanes[c.op] = len(lanes) + len(store_lanes) + 1
        self.enc = enc = Encoder(self.module, self.func, self.kinds, self.opts, lanes,
                                 store_lanes)
        t0 = time.perf_counter()
        enc.run()
        self.encode_seconds = time.perf_counter() - t0
        self.lanes, self.store_lanes = lanes, store_lanes
        self.solver = z3.Solver()
        self.solver.add(*enc.assume)
        # true facts about the uninterpreted functions: only used to retry a model that
        # did not replay (they slow the solver down and cannot remove real witnesses)
        self.facts = enc.N.facts()
        note = ""
        if enc.assume:
            feasible, _ = self.check([])
            if feasible == "unsat":
                return "unknown", ("no execution of @" + self.func + " stays within the "
                                   f"bound (K={self.opts.unroll}) without undefined behaviour")
            if feasible == "unknown":
                note = "could not decide whether executions within the bound exist"
        if enc.unmodelled and not note:
            st, m = self.check([z3.Or(*[c for c, _w in enc.unmodelled])])
            if st != "unsat":
                what = "some llvm memory access is unusual"
                if m is not None:
                    what = next((w for c, w in enc.unmodelled
                                 if z3.is_true(m.eval(c, model_completion=True))), what)
                note = (f"executions where {what} are not modelled"
                        if st == "sat" else "could not decide whether every llvm memory "
                        "access is modelled")
        self._witness_text: dict[Claim, str] = {}
        # cheap first: random concrete runs refute most wrong claims (real witnesses by
        # construction); Z3 then searches the rest
        rv, ru = self.random_witnesses(self.opts.random_trials)
        varied = [c for c in self.claims if c.kind == "varied"]
        useful = [c for c in self.claims if c.kind == "useful"]
        active = [c for c in self.claims if c.kind in ("active", "write")]
        for c in varied:
            if c in rv:
                self.findings.append(Finding(c, "counterexample", rv[c]))
        for c in useful:
            if c in ru:
                self.findings.append(Finding(c, "counterexample", ru[c]))
        self.refute([c for c in varied if c not in rv], self.varied_formula,
                    self.replay_varied, "varied")
        self.refute([c for c in useful if c not in ru], self.useful_formula,
                    self.replay_useful, "useful")
        # not active: refuted by a varied witness and a useful witness
        for c in active:
            if c in rv:
                self._witness_text[c] = rv[c]
        witnessed = [c for c in active if c in rv] + self.refute(
            [c for c in active if c not in rv], self.varied_formula, self.replay_varied,
            "varied", report=False)
        for c in witnessed:
            if c in ru:
                self._witness_text[c] += "\n" + ru[c]
        both = [c for c in witnessed if c in ru] + self.refute(
            [c for c in witnessed if c not in ru], self.useful_formula, self.replay_useful,
            "useful", report=False)
        for c in both:
            self.findings.append(Finding(c, "counterexample", self._witness_text.get(c, "")))
        if any(f.status == "counterexample" for f in self.findings):
            return "counterexample", note
        if self.findings or note:
            return "unknown", note
        return "verified", note

    def check(self, extra: list[Any], timeout: float | None = None
              ) -> tuple[str, z3.ModelRef | None]:
        left = self.deadline - time.perf_counter()
        if left <= 0:
            return "unknown", None
        self.queries += 1
        self.solver.push()
        try:
            self.solver.add(*extra)
            t = min(left, self.opts.query_timeout, timeout or left)
            self.solver.set(timeout=max(1, int(1000 * t)))
            r = self.solver.check()
            if r == z3.sat:
                return "sat", self.solver.model()
            return ("unsat" if r == z3.unsat else "unknown"), None
        finally:
            self.solver.pop()

    # -- formulas -------------------------------------------------------------------
    def varied_formula(self, c: Claim) -> Any:
        if c.kind == "write":
            inst = self.enc.store_instances.get(c.op, [])  # type: ignore[arg-type]
        else:
            inst = self.enc.instances.get(c.value, [])  # type: ignore[arg-type]
        terms = [_and(g, t[0] != 0) for g, t in inst if 0 in t]
        if not terms:
            return None
        return z3.Or(*[z3.BoolVal(True) if t is True else t for t in terms])

    def useful_formula(self, c: Claim) -> Any:
        lane = self.store_lanes.get(c.op) if c.kind == "write" else self.lanes.get(c.value)  # type: ignore
        if lane is None:
            return None
        terms = [ln[lane] != 0 for ln in self.enc.outputs if lane in ln]
        return z3.Or(*terms) if terms else None

    def refute(self, claims: list[Claim], formula: Callable[[Claim], Any],
               replay: Callable[[Claim, z3.ModelRef], tuple[bool, str]], what: str,
               report: bool = True) -> list[Claim]:
        """Search counterexamples to ``claims`` in batches; returns the claims whose
        counterexample replayed.  With ``report``, those become findings."""
        todo: dict[Claim, Any] = {}
        for c in claims:
            f = formula(c)
            if f is not None:
                todo[c] = f
        refuted: list[Claim] = []
        while todo:
            query = z3.Or(*todo.values())
            status, model = self.check([query, *self.enc.domain])
            if status == "unsat" and self.enc.domain:
                status, model = self.check([query])
            if status == "unsat":
                return refuted
            if status == "unknown":
                # localise: one query per claim
                for c, f in list(todo.items()):
                    st, m = self.check([f, *self.enc.domain])
                    if st != "sat" and self.enc.domain:
                        st, m = self.check([f])
                    if st == "sat":
                        self._accept(c, m, replay, what, report, refuted, f)
                    elif st == "unknown":
                        self.findings.append(Finding(c, "unknown",
                                                     f"solver timeout ({what} query)"))
                return refuted
            assert model is not None
            hit = [c for c, f in todo.items()
                   if z3.is_true(model.eval(f, model_completion=True))]
            if not hit:  # pragma: no cover - the disjunction holds, so one disjunct does
                hit = list(todo)[:1]
            for c in hit:
                f = todo.pop(c)
                self._accept(c, model, replay, what, report, refuted, f)
        return refuted

    def _accept(self, c: Claim, model: z3.ModelRef, replay: Callable[..., tuple[bool, str]],
                what: str, report: bool, refuted: list[Claim],
                formula: Any = None) -> None:
        ok, text = replay(c, model)
        if not ok and formula is not None and self.facts:
            # the model may rely on impossible values of sin/exp/...: retry with the facts
            st, m2 = self.check([formula, *self.facts])
            if st == "sat" and m2 is not None:
                ok, text = replay(c, m2)
        if ok:
            refuted.append(c)
            prev = self._witness_text.get(c)
            self._witness_text[c] = (prev + "\n" if prev else "") + text
            if report:
                self.findings.append(Finding(c, "counterexample", text))
        else:
            self.findings.append(Finding(c, "unknown", f"Z3 found a {what} witness that "
                                         f"does not replay on the interpreter: {text}"))

    # -- random concrete runs -------------------------------------------------------------
    def random_witnesses(self, trials: int = 3, seed: int = 0
                         ) -> tuple[dict[Claim, str], dict[Claim, str]]:
        """Varied and useful witnesses for the claims from random inputs on the
        interpreter (as the dynamic oracle does)."""
        import random

        rng = random.Random(seed)
        rv: dict[Claim, str] = {}
        ru: dict[Claim, str] = {}
        vclaims = [c for c in self.claims if c.kind in ("varied", "active", "write")]
        uclaims = [c for c in self.claims if c.kind in ("useful", "active")
                   and c.value is not None]
        for _ in range(trials):
            if time.perf_counter() > self.deadline:
                break
            inputs, tans, zeros = self.random_inputs(rng)
            out = self._run(self.interp(), inputs, tans, record=True)
            if isinstance(out, str):
                continue
            for c in vclaims:
                if c in rv:
                    continue
                hit = (c.op in out.memory_nonzero) if c.kind == "write" \
                    else (c.value in out.nonzero)
                if hit:
                    rv[c] = (f"varied: inputs {_fmt(inputs)}, input tangents {_fmt(tans)}: "
                             f"{'the write has' if c.kind == 'write' else 'the value has'} "
                             "a nonzero tangent (random run on the interpreter)")
            cands = [c for c in uclaims if c not in ru and c.value in out.executed]

            def search(cs: list[Claim], inputs: list[Any] = inputs,
                       zeros: list[Any] = zeros) -> None:
                if not cs or time.perf_counter() > self.deadline:
                    return
                pert = {c.value: (1.0 if len(cs) == 1 else rng.uniform(0.5, 1.5)) for c in cs}
                o = self._run(self.interp(), inputs, zeros, perturb=pert)
                if isinstance(o, str) or not self._leaks(o):
                    return
                if len(cs) == 1:
                    ru[cs[0]] = (f"useful: inputs {_fmt(inputs)}, perturbing the value by 1.0 "
                                 f"gives {self._leaks(o)} (random run on the interpreter)")
                    return
                mid = len(cs) // 2
                search(cs[:mid])
                search(cs[mid:])

            search(list({c.value: c for c in cands}.values()))
            # claims sharing a value share the witness
            for c in uclaims:
                if c not in ru:
                    same = next((d for d in ru if d.value is c.value), None)
                    if same is not None:
                        ru[c] = ru[same]
        return rv, ru

    def random_inputs(self, rng: Any) -> tuple[list[Any], list[Any], list[Any]]:
        inputs: list[Any] = []
        tans: list[Any] = []
        zeros: list[Any] = []

        def fl() -> float:
            return rng.choice((-1.0, 1.0)) * rng.uniform(0.25, 2.0)

        for kind, data in self.enc.inputs:
            if kind == "float":
                inputs.append(fl())
                tans.append(fl() if data[1] is not None else 0.0)
                zeros.append(0.0)
            elif kind == "int":
                inputs.append(rng.randint(0, 4))
                tans.append(None)
                zeros.append(None)
            elif kind == "ptr":
                bid, akind, _null = data
                dup = akind in ("dup", "dupnoneed")
                vals = {o: ((fl(), fl() if dup else 0.0) if d[0] == "f"
                            else (rng.randint(0, 4), 0.0))
                        for o, (d, _v, _l) in self.enc.linitial.get(bid, {}).items()}
                arr, tan = self._ptr_array(bid, vals)
                inputs.append(arr)
                tans.append(tan)
                zeros.append(np.zeros_like(tan))
            else:
                _bid, shape, is_float, akind = data
                n = int(np.prod(shape)) if shape else 1
                if is_float:
                    arr = np.array([fl() for _ in range(n)], dtype=np.float64)
                else:
                    arr = np.array([rng.randint(0, 4) for _ in range(n)], dtype=np.int64)
                inputs.append(arr.reshape(shape))
                dup = akind in ("dup", "dupnoneed") and is_float
                tans.append(np.array([fl() if dup else 0.0 for _ in range(n)]).reshape(shape))
                zeros.append(np.zeros(shape))
        return inputs, tans, zeros

    # -- replay on the reference interpreter -------------------------------------------
    def concrete(self, model: z3.ModelRef) -> tuple[list[Any], list[Any], list[Any]]:
        """(inputs, tangents, zero tangents) of the interpreter from a model."""
        ev = lambda e: model.eval(e, model_completion=True)  # noqa: E731
        inputs: list[Any] = []
        tans: list[Any] = []
        zeros: list[Any] = []
        for kind, data in self.enc.inputs:
            if kind == "float":
                x, seed = data
                inputs.append(to_float(ev(x)))
                tans.append(to_float(ev(seed)) if seed is not None else 0.0)
                zeros.append(0.0)
            elif kind == "int":
                x, w = data
                inputs.append(ev(x).as_long())
                tans.append(None)
                zeros.append(None)
            elif kind == "ptr":
                bid, _k, isnull = data
                if z3.is_true(ev(isnull)):
                    inputs.append(0)  # a null pointer
                    tans.append(None)
                    zeros.append(None)
                    continue
                vals = {o: ((to_float(ev(v)), to_float(ev(ln[0])) if 0 in ln else 0.0)
                            if d[0] == "f" else (ev(v).as_long(), 0.0))
                        for o, (d, v, ln) in self.enc.linitial.get(bid, {}).items()}
                arr, tan = self._ptr_array(bid, vals)
                inputs.append(arr)
                tans.append(tan)
                zeros.append(np.zeros_like(tan))
            else:
                bid, shape, is_float, _k = data
                init = self.enc.initial[bid]
                if is_float:
                    arr = np.array([to_float(ev(p)) for p, _ in init], dtype=np.float64)
                    tan = np.array([to_float(ev(ln[0])) if 0 in ln else 0.0 for _, ln in init])
                else:
                    arr = np.array([signed(ev(p).as_long(), data[2]) for p, _ in init],
                                   dtype=np.int64)
                    tan = np.zeros(len(init))
                inputs.append(arr.reshape(shape))
                tans.append(tan.reshape(shape))
                zeros.append(np.zeros(shape))
        return inputs, tans, zeros

    def _ptr_array(self, bid: int, vals: dict[int, tuple[Any, float]]) -> tuple[Any, Any]:
        """The numpy array (and tangents) that a pointer argument's block stands for,
        from ``offset -> (value, tangent)`` of its cells: of the cells' one type, or
        float64 words (a struct of doubles and integers), else bytes."""
        import struct

        blk = self.enc.lmem[bid]
        descs = {o: d for o, (d, _v, _l) in (self.enc.linitial.get(bid) or {}).items()}
        kinds = set(descs.values())
        if len(kinds) == 1:
            kind, size, _w = next(iter(kinds))
            dtype = np.dtype({("f", 8): np.float64, ("f", 4): np.float32,
                              ("f", 2): np.float16, ("i", 8): np.int64, ("i", 4): np.int32,
                              ("i", 2): np.int16, ("i", 1): np.int8,
                              ("p", 8): np.int64}[(kind, size)])
        elif blk.cap % 8 == 0 and all(d[0] != "f" or (d[1] == 8 and o % 8 == 0)
                                      for o, d in descs.items()):
            dtype = np.dtype(np.float64)
        else:
            dtype = np.dtype(np.uint8)
        buf = bytearray(blk.cap)
        n = blk.cap // dtype.itemsize
        tan = np.zeros(n)
        for o, (v, t) in vals.items():
            kind, size, w = descs[o]
            if kind == "f":
                struct.pack_into({8: "<d", 4: "<f", 2: "<e"}[size], buf, o, v)
                if t and size == dtype.itemsize and o % size == 0:
                    tan[o // size] = t
            elif kind == "i":
                buf[o:o + size] = (int(v) % (1 << (8 * size))).to_bytes(size, "little")
        return np.frombuffer(bytes(buf), dtype=dtype).copy(), tan

    def interp(self, module: ModuleOp | None = None) -> Any:
        from activity.semantics import Interpreter

        if module is not None:
            return Interpreter(module, max_steps=200_000)
        if self._interp is None:
            self._interp = Interpreter(self.module, max_steps=200_000)
        return self._interp

    def _run(self, interp: Any, inputs: list[Any], tans: list[Any], **kw: Any) -> Any:
        from activity.semantics import InterpreterError

        try:
            return interp.run(self.func, _copy(inputs), tangents=_copy(tans), **kw)
        except (InterpreterError, ZeroDivisionError, OverflowError, RecursionError) as e:
            return str(e) or type(e).__name__

    def replay_varied(self, c: Claim, model: z3.ModelRef) -> tuple[bool, str]:
        inputs, tans, _ = self.concrete(model)
        out = self._run(self.interp(), inputs, tans, record=True)
        if isinstance(out, str):
            return False, f"the interpreter could not run the inputs ({out})"
        hit = (c.op in out.memory_nonzero) if c.kind == "write" else (c.value in out.nonzero)
        text = (f"varied: inputs {_fmt(inputs)}, input tangents {_fmt(tans)}: "
                f"{'the write has' if c.kind == 'write' else 'the value has'} a nonzero "
                "tangent (replayed on the interpreter)")
        return hit, text if hit else f"inputs {_fmt(inputs)}: tangent is zero on doubles"

    def replay_useful(self, c: Claim, model: z3.ModelRef) -> tuple[bool, str]:
        inputs, _, zeros = self.concrete(model)
        if c.kind == "write":
            probe = _probe_store(self.module, c.op)  # type: ignore[arg-type]
            if probe is None:
                return False, "cannot perturb this store's write on the interpreter"
            m2, v2 = probe
            out = self._run(self.interp(m2), inputs, zeros, perturb={v2: 1.0})
        else:
            out = self._run(self.interp(), inputs, zeros, perturb={c.value: 1.0})
        if isinstance(out, str):
            return False, f"the interpreter could not run the inputs ({out})"
        leak = self._leaks(out)
        text = (f"useful: inputs {_fmt(inputs)}, perturbing "
                f"{'the write' if c.kind == 'write' else 'the value'} by 1.0 gives "
                f"{leak} (replayed on the interpreter)")
        return bool(leak), text if leak else f"inputs {_fmt(inputs)}: no output changes " \
                                             "on doubles"

    def _leaks(self, out: Any) -> str:
        parts = []
        f = self.enc.program.functions[self.func]
        outs = _result_types(f)
        for j, (t, x) in enumerate(zip(outs, out.result_tangents, strict=False)):
            if is_float_like(t) and _any_nonzero(x):
                parts.append(f"result {j} tangent {x!r}")
        for i, (kind, data) in enumerate(self.enc.inputs):
            akind = data[3] if kind == "memref" else data[1] if kind == "ptr" else None
            if akind in ("dup", "dupnoneed") and out.buffer_tangents[i] is not None \
                    and nonzero_tangent(out.buffer_tangents[i]):
                parts.append(f"argument {i} buffer tangents {_fmt(out.buffer_tangents[i])}")
        return ", ".join(parts)


def _any_nonzero(x: Any) -> bool:
    if isinstance(x, tuple):  # an aggregate's tangent
        return any(_any_nonzero(m) for m in x)
    return nonzero_tangent(x)


def _copy(xs: Sequence[Any]) -> list[Any]:
    return [x.copy() if isinstance(x, np.ndarray) else x for x in xs]


def _fmt(xs: Any) -> str:
    if isinstance(xs, np.ndarray):
        return repr(xs.tolist())
    if isinstance(xs, list):
        return "[" + ", ".join(_fmt(x) for x in xs) + "]"
    return repr(xs)


def _probe_store(module: ModuleOp, store: Operation) -> tuple[ModuleOp, SSAValue] | None:
    """A copy of ``module`` where the store writes ``v + 0.0`` (a fresh value the
    interpreter can perturb), and that fresh value."""
    from xdsl.dialects import arith

    ops = list(module.walk())
    try:
        idx = ops.index(store)
    except ValueError:
        return None
    m2 = module.clone()
    st = list(m2.walk())[idx]
    v = st.operands[0]
    if not isinstance(v.type, AnyFloat):
        return None
    zero = arith.ConstantOp(FloatAttr(0.0, v.type))
    add = arith.AddfOp(v, zero.result)
    blk = st.parent_block()
    assert blk is not None
    blk.insert_ops_before([zero, add], st)
    st.operands = (add.result,) + tuple(st.operands[1:])
    return m2, add.result
