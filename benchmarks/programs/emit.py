"""A tiny MLIR text emitter for the benchmark objectives.

It writes the subset the activity analysis targets (func, arith, math, scf, memref) in
xDSL/MLIR custom syntax, tracks the type of every SSA value so that ``add``/``mul``/...
pick the float or integer op, and hoists every constant to the function entry so that
a constant can be reused anywhere in the body without dominance trouble.

Structured control flow takes Python callables for its regions::

    (total,) = fn.for_(c0, n, inits=[zero], body=lambda i, acc: [fn.add(acc, ...)])
    (y,) = fn.if_(cond, ["f64"], then=lambda: [a], els=lambda: [b])
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

_ELEM = re.compile(r"memref<(?:[0-9?]+x)*([a-z]+[0-9]*)")
DYN1 = "memref<?xf64>"
STRIDED1 = "memref<?xf64, strided<[1], offset: ?>>"


def fmt_float(x: float) -> str:
    """An MLIR float literal (always with a '.', exactly round-tripping)."""
    r = repr(float(x))
    if "inf" in r or "nan" in r:
        raise ValueError(f"no literal for {x}")
    if "e" in r and "." not in r:
        r = r.replace("e", ".0e")
    return r


def is_float_type(t: str) -> bool:
    return t in ("f16", "bf16", "f32", "f64")


class Fn:
    """One ``func.func`` under construction."""

    def __init__(self, name: str, params: Sequence[tuple[str, str]],
                 results: Sequence[str] = ("f64",), private: bool = False) -> None:
        self.name = name
        self.params = list(params)
        self.results = list(results)
        self.private = private
        self.types: dict[str, str] = {f"%{n}": t for n, t in params}
        self.prologue: list[str] = []
        self.body: list[str] = []
        self.consts: dict[tuple[str, object], str] = {}
        self.tags: set[str] = set()
        self.indent = 2
        self.n = 0

    # -- basics -------------------------------------------------------------------------
    def arg(self, name: str) -> str:
        v = f"%{name}"
        assert v in self.types, name
        return v

    def fresh(self, hint: str = "v", ty: str | None = None) -> str:
        self.n += 1
        v = f"%{hint}{self.n}"
        if ty is not None:
            self.types[v] = ty
        return v

    def emit(self, line: str) -> None:
        self.body.append("  " * self.indent + line)

    def _attrs(self, tag: str | None) -> str:
        if tag is None:
            return ""
        assert tag not in self.tags, f"duplicate tag {tag}"
        self.tags.add(tag)
        return f' {{tag = "{tag}"}}'

    def ty(self, v: str) -> str:
        return self.types[v]

    def elem(self, mem: str) -> str:
        m = _ELEM.match(self.types[mem])
        assert m, self.types[mem]
        return m.group(1)

    # -- constants (hoisted to the entry block) -------------------------------------------
    def const(self, value: float | int, ty: str) -> str:
        key = (ty, float(value) if is_float_type(ty) else int(value))
        v = self.consts.get(key)
        if v is None:
            if is_float_type(ty):
                v = self.fresh("cst", ty)
            else:
                iv = int(value)
                v = f"%c{'n' if iv < 0 else ''}{abs(iv)}" + ("" if ty == "index" else f"_{ty}")
                self.types[v] = ty
            lit = fmt_float(value) if is_float_type(ty) else str(int(value))
            self.prologue.append(f"    {v} = arith.constant {lit} : {ty}")
            self.consts[key] = v
        return v

    def f(self, x: float) -> str:
        return self.const(x, "f64")

    def i(self, x: int) -> str:
        return self.const(x, "index")

    # -- generic ops ------------------------------------------------------------------------
    def op(self, name: str, args: Sequence[str], ty: str, tag: str | None = None,
           hint: str = "v", rty: str | None = None) -> str:
        r = self.fresh(hint, rty or ty)
        self.emit(f"{r} = {name} {', '.join(args)}{self._attrs(tag)} : {ty}")
        return r

    def _bin(self, fop: str, iop: str | None, a: str, b: str, tag: str | None,
             hint: str) -> str:
        t = self.ty(a)
        assert t == self.ty(b), (fop, a, b, t, self.ty(b))
        if is_float_type(t):
            return self.op(f"arith.{fop}", [a, b], t, tag, hint)
        assert iop is not None, fop
        return self.op(f"arith.{iop}", [a, b], t, tag, hint)

    def add(self, a: str, b: str, tag: str | None = None, hint: str = "v") -> str:
        return self._bin("addf", "addi", a, b, tag, hint)

    def sub(self, a: str, b: str, tag: str | None = None, hint: str = "v") -> str:
        return self._bin("subf", "subi", a, b, tag, hint)

    def mul(self, a: str, b: str, tag: str | None = None, hint: str = "v") -> str:
        return self._bin("mulf", "muli", a, b, tag, hint)

    def div(self, a: str, b: str, tag: str | None = None, hint: str = "v") -> str:
        return self._bin("divf", "divui", a, b, tag, hint)

    def max(self, a: str, b: str, tag: str | None = None, hint: str = "v") -> str:
        return self._bin("maximumf", "maxui", a, b, tag, hint)

    def andi(self, a: str, b: str) -> str:
        return self.op("arith.andi", [a, b], self.ty(a), hint="b")

    def ori(self, a: str, b: str) -> str:
        return self.op("arith.ori", [a, b], self.ty(a), hint="b")

    def neg(self, a: str, tag: str | None = None) -> str:
        return self.op("arith.negf", [a], self.ty(a), tag)

    def math(self, fn: str, a: str, tag: str | None = None, hint: str = "v") -> str:
        return self.op(f"math.{fn}", [a], self.ty(a), tag, hint)

    def cmpf(self, pred: str, a: str, b: str) -> str:
        # no attribute dict: xDSL's custom arith.cmpf printer/parser drops it
        r = self.fresh("p", "i1")
        self.emit(f"{r} = arith.cmpf {pred}, {a}, {b} : {self.ty(a)}")
        return r

    def cmpi(self, pred: str, a: str, b: str) -> str:
        r = self.fresh("p", "i1")
        self.emit(f"{r} = arith.cmpi {pred}, {a}, {b} : {self.ty(a)}")
        return r

    def select(self, c: str, a: str, b: str, tag: str | None = None) -> str:
        return self.op("arith.select", [c, a, b], self.ty(a), tag, "s")

    def cast(self, name: str, a: str, to: str, hint: str = "x", tag: str | None = None) -> str:
        r = self.fresh(hint, to)
        self.emit(f"{r} = arith.{name} {a}{self._attrs(tag)} : {self.ty(a)} to {to}")
        return r

    def index_to_f64(self, a: str, tag: str | None = None) -> str:
        """index -> i64 -> f64 (integer work the analysis should find inactive)."""
        return self.cast("sitofp", self.cast("index_cast", a, "i64"), "f64", "fl", tag)

    def to_index(self, a: str) -> str:
        return self.cast("index_cast", a, "index", "ix")

    # -- memory ----------------------------------------------------------------------------
    def load(self, mem: str, idx: Sequence[str] | str, tag: str | None = None,
             hint: str = "ld") -> str:
        idx = [idx] if isinstance(idx, str) else list(idx)
        r = self.fresh(hint, self.elem(mem))
        self.emit(f"{r} = memref.load {mem}[{', '.join(idx)}]{self._attrs(tag)} "
                  f": {self.types[mem]}")
        return r

    def store(self, val: str, mem: str, idx: Sequence[str] | str,
              tag: str | None = None) -> None:
        idx = [idx] if isinstance(idx, str) else list(idx)
        assert self.ty(val) == self.elem(mem), (val, mem)
        self.emit(f"memref.store {val}, {mem}[{', '.join(idx)}]{self._attrs(tag)} "
                  f": {self.types[mem]}")

    def alloc(self, ty: str, dyn: Sequence[str] = (), stack: bool = False,
              tag: str | None = None, hint: str = "buf") -> str:
        r = self.fresh(hint, ty)
        kind = "alloca" if stack else "alloc"
        self.emit(f"{r} = memref.{kind}({', '.join(dyn)}){self._attrs(tag)} : {ty}")
        return r

    def dealloc(self, mem: str) -> None:
        self.emit(f"memref.dealloc {mem} : {self.types[mem]}")

    def subview1(self, mem: str, off: str, size: str, tag: str | None = None,
                 hint: str = "sv") -> str:
        """A 1-D unit-stride window ``mem[off : off + size]``."""
        r = self.fresh(hint, STRIDED1)
        self.emit(f"{r} = memref.subview {mem}[{off}] [{size}] [1]{self._attrs(tag)} "
                  f": {self.types[mem]} to {STRIDED1}")
        return r

    def copy(self, src: str, dst: str, tag: str | None = None) -> None:
        # generic form: xDSL has no custom syntax for memref.copy
        self.emit(f'"memref.copy"({src}, {dst}){self._attrs(tag)} '
                  f": ({self.types[src]}, {self.types[dst]}) -> ()")

    def call(self, callee: Fn | str, args: Sequence[str], results: Sequence[str] = ("f64",),
             tag: str | None = None, hint: str = "call") -> list[str]:
        name = callee.name if isinstance(callee, Fn) else callee
        ats = ", ".join(self.ty(a) for a in args)
        rts = ", ".join(results)
        res: list[str] = []
        lhs = ""
        if results:
            r = self.fresh(hint)
            if len(results) == 1:
                res = [r]
                lhs = f"{r} = "
            else:
                res = [f"{r}#{k}" for k in range(len(results))]
                lhs = f"{r}:{len(results)} = "
            for v, t in zip(res, results, strict=True):
                self.types[v] = t
        rt = rts if len(results) == 1 else f"({rts})"
        self.emit(f"{lhs}func.call @{name}({', '.join(args)}){self._attrs(tag)} "
                  f": ({ats}) -> {rt}")
        return res

    # -- structured control flow -----------------------------------------------------------
    def _results(self, hint: str, types: Sequence[str]) -> tuple[str, list[str]]:
        if not types:
            return "", []
        r = self.fresh(hint)
        if len(types) == 1:
            self.types[r] = types[0]
            return f"{r} = ", [r]
        res = [f"{r}#{k}" for k in range(len(types))]
        for v, t in zip(res, types, strict=True):
            self.types[v] = t
        return f"{r}:{len(types)} = ", res

    def _yield(self, vals: Sequence[str] | None, types: Sequence[str]) -> None:
        vals = list(vals or [])
        assert len(vals) == len(types), (vals, types)
        for v, t in zip(vals, types, strict=True):
            assert self.ty(v) == t, (v, self.ty(v), t)
        if vals:
            self.emit(f"scf.yield {', '.join(vals)} : {', '.join(types)}")
        else:
            self.emit("scf.yield")

    def for_(self, lb: str, ub: str, body: Callable[..., Sequence[str] | None],
             inits: Sequence[str] = (), step: str | None = None, tag: str | None = None,
             hint: str = "i") -> list[str]:
        """``scf.for``; ``body(iv, *iter_args)`` emits the body and returns the yields."""
        step = step or self.i(1)
        types = [self.ty(v) for v in inits]
        lhs, res = self._results("r", types)
        iv = self.fresh(hint, "index")
        accs = [self.fresh("acc", t) for t in types]
        head = f"{lhs}scf.for {iv} = {lb} to {ub} step {step}"
        if inits:
            pairs = ", ".join(f"{a} = {v}" for a, v in zip(accs, inits, strict=True))
            head += f" iter_args({pairs}) -> ({', '.join(types)})"
        self.emit(head + " {")
        self.indent += 1
        out = body(iv, *accs)
        self._yield(out, types)
        self.indent -= 1
        self.emit("}" + self._attrs(tag))
        return res

    def if_(self, cond: str, types: Sequence[str], then: Callable[[], Sequence[str] | None],
            els: Callable[[], Sequence[str] | None] | None = None,
            tag: str | None = None) -> list[str]:
        """``scf.if``; the branches return the values they yield (``types``)."""
        lhs, res = self._results("y", types)
        head = f"{lhs}scf.if {cond}"
        if types:
            head += f" -> ({', '.join(types)})"
        self.emit(head + " {")
        self.indent += 1
        self._yield(then(), types)
        self.indent -= 1
        if els is not None:
            self.emit("} else {")
            self.indent += 1
            self._yield(els(), types)
            self.indent -= 1
        else:
            assert not types, "an scf.if with results needs an else branch"
        self.emit("}" + self._attrs(tag))
        return res

    # -- helpers shared by several objectives ----------------------------------------------
    def sum_loop(self, lb: str, ub: str, term: Callable[[str], str], init: str | None = None,
                 tag: str | None = None) -> str:
        """``init + sum_{j=lb}^{ub-1} term(j)`` as an ``scf.for`` with an iter_arg."""
        init = init or self.f(0.0)
        (r,) = self.for_(lb, ub, inits=[init], tag=tag, hint="j",
                         body=lambda j, acc: [self.add(acc, term(j))])
        return r

    def ret(self, vals: Sequence[str]) -> None:
        if vals:
            self.emit(f"func.return {', '.join(vals)} : "
                      f"{', '.join(self.ty(v) for v in vals)}")
        else:
            self.emit("func.return")

    # -- output ----------------------------------------------------------------------------
    def text(self) -> str:
        ps = ", ".join(f"%{n}: {t}" for n, t in self.params)
        rs = ""
        if self.results:
            rs = " -> " + (self.results[0] if len(self.results) == 1
                           else f"({', '.join(self.results)})")
        vis = "private " if self.private else ""
        lines = [f"  func.func {vis}@{self.name}({ps}){rs} {{"]
        lines += self.prologue
        lines += self.body
        lines.append("  }")
        return "\n".join(lines)


def module(header: str, *fns: Fn) -> str:
    """Module text: a ``//`` comment header then the functions (callees first is fine)."""
    comment = "\n".join(f"// {ln}".rstrip() for ln in header.strip().splitlines())
    return comment + "\nmodule {\n" + "\n\n".join(f.text() for f in fns) + "\n}\n"
