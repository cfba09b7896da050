"""Random well-typed MLIR programs over the analysed subset.

The generator writes MLIR text (custom syntax where xDSL has one, generic syntax for
``memref.cast`` / ``memref.copy``) for a small module: a main function ``@f`` and,
optionally, helper functions it calls (a small call DAG), a self-recursive function with
an ``index`` depth counter and a pair of mutually recursive functions.  Function bodies
are either structured (``scf.if`` / ``scf.for`` / ``scf.while``) or unstructured
(several blocks joined by ``cf.br`` / ``cf.cond_br`` with block arguments), over:

* f64 and f32 arithmetic (``arith`` and ``math``), constants, ``arith.select`` on a
  ``cmpf`` / ``cmpi`` condition;
* ``i64`` / ``index`` arithmetic and comparisons, casts (``sitofp``, ``fptosi``,
  ``extf``, ``truncf``, ``index_cast``, ``bitcast`` float -> int -> float round trips);
* memrefs: ``memref<4xf64>`` / ``memref<?xf64>`` arguments, ``alloc`` / ``alloca``
  (always initialised before they are read), in-bounds ``load`` / ``store`` (indices are
  constants or ``arith.remui`` of an index), aliasing views (``memref.cast``,
  ``memref.subview``), ``memref.copy`` and ``memref.dim``.

Every value-producing op whose custom syntax allows it carries a unique ``tag`` string
attribute (comparisons and ``scf.while`` do not), and every SSA name is unique in the
module, so a value can be named in a report.  Trip counts and recursion depths are small
(at most 5), so programs terminate quickly.

Two entry points draw programs: :func:`programs` is a Hypothesis strategy (every choice
is a Hypothesis draw, so failing programs shrink), :func:`generate` is deterministic in
an integer seed (``random.Random(seed)``), for benchmarks and long runs.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

import numpy as np
from hypothesis import strategies as st
from xdsl.dialects.builtin import ModuleOp

T = TypeVar("T")

F64 = "f64"
F32 = "f32"
I64 = "i64"
INDEX = "index"
I1 = "i1"
M4 = "memref<4xf64>"
MDYN = "memref<?xf64>"
MF32 = "memref<4xf32>"
MI64 = "memref<4xi64>"
FLOAT_TYPES = (F64, F32)
# one-element stack slots (GenConfig.slot_weight): private Val types, the memref types
SLOT0, SLOT1 = "slot0", "slot1"
SLOT_TYPES = (SLOT0, SLOT1)
SLOT_MEMREF = {SLOT0: "memref<f64>", SLOT1: "memref<1xf64>"}
GLOBAL = "gbuf"
INT_TYPES = (I64, INDEX)


def subview_type(offset: int) -> str:
    """The type of ``memref.subview %m[offset] [2] [1]`` of a ``memref<4xf64>``."""
    if offset == 0:
        return "memref<2xf64, strided<[1]>>"
    return f"memref<2xf64, strided<[1], offset: {offset}>>"


def memref_size(t: str) -> int:
    """The (runtime) number of elements of a generated memref type."""
    return 2 if t.startswith("memref<2x") else 4


def is_memref(t: str) -> bool:
    return t.startswith("memref<")


def element_type(t: str) -> str:
    """The element type of a generated memref type."""
    return {MF32: F32, MI64: I64}.get(t, F64)


# Activities allowed per argument kind (the analysis API's vocabulary).
FLOAT_ACTIVITIES = ("active", "const")
MEMREF_ACTIVITIES = ("dup", "dupnoneed", "const")


# ---------------------------------------------------------------------------
# Sources of choices: Python's random module or Hypothesis draws.


class Chooser(Protocol):
    """Where the generator's decisions come from."""

    def integer(self, lo: int, hi: int) -> int:
        """An integer in ``[lo, hi]`` (shrinks towards ``lo``)."""
        ...

    def chance(self, p: float) -> bool:
        """True with probability ``p`` (shrinks towards False)."""
        ...

    def more(self, p: float) -> bool:
        """Whether a list goes on: :meth:`chance`, but compensating for Hypothesis'
        bias towards small integers, which would otherwise cut lists short."""
        ...


class RandomChooser:
    """Decisions from a seeded :class:`random.Random`."""

    def __init__(self, rnd: random.Random) -> None:
        self.rnd = rnd

    def integer(self, lo: int, hi: int) -> int:
        return self.rnd.randint(lo, hi)

    def chance(self, p: float) -> bool:
        return self.rnd.random() < p

    def more(self, p: float) -> bool:
        return self.chance(p)


class DrawChooser:
    """Decisions drawn from Hypothesis (so that programs shrink)."""

    def __init__(self, draw: Callable[[st.SearchStrategy[Any]], Any]) -> None:
        self.draw = draw

    def integer(self, lo: int, hi: int) -> int:
        if hi <= lo:
            return lo
        return int(self.draw(st.integers(lo, hi)))

    def chance(self, p: float) -> bool:
        if p <= 0:
            return False
        if p >= 1:
            return True
        return int(self.draw(st.integers(0, 999))) >= round(1000 * (1 - p))

    def more(self, p: float) -> bool:
        # About a fifth of Hypothesis' draws from [0, 999] are small "simple" values, so
        # a single draw says "stop" about twice as often as asked; a second try undoes it.
        return self.chance(p) or self.chance(p)


def pick(ch: Chooser, seq: Sequence[T]) -> T:
    """A uniformly chosen element (shrinks towards the first)."""
    return seq[ch.integer(0, len(seq) - 1)]


def weighted(ch: Chooser, items: Sequence[tuple[int, T]]) -> T:
    """An element chosen with integer weights (shrinks towards the first)."""
    live = [(w, x) for w, x in items if w > 0]
    k = ch.integer(0, sum(w for w, _ in live) - 1)
    for w, x in live:
        if k < w:
            return x
        k -= w
    raise AssertionError("unreachable")


# ---------------------------------------------------------------------------
# Inputs.


class _Rng:
    """Adapter over ``random.Random`` and ``numpy.random.Generator``."""

    def __init__(self, rng: Any) -> None:
        self.rng = rng

    def uniform(self, lo: float, hi: float) -> float:
        return float(self.rng.uniform(lo, hi))

    def integer(self, lo: int, hi: int) -> int:
        if isinstance(self.rng, np.random.Generator):
            return int(self.rng.integers(lo, hi + 1))
        return int(self.rng.randint(lo, hi))

    def signed(self, lo: float, hi: float) -> float:
        v = self.uniform(lo, hi)
        return -v if self.integer(0, 1) else v


def _round_to(t: str, x: float) -> float:
    return float(np.float32(x)) if t == F32 else x


@dataclass(frozen=True)
class GeneratedProgram:
    """A generated module and how to call its main function.

    Attributes:
        text: the MLIR module text.
        func: the name of the function to analyse and run.
        args: one activity per argument of ``func`` (``active``/``const`` for floats,
            ``const`` for integers, ``dup``/``dupnoneed``/``const`` for memrefs).
        arg_types: the MLIR types of ``func``'s arguments.
        result_types: the MLIR types of ``func``'s results.
        seed: the seed of :func:`generate`, if drawn that way.
        alias_args: ``"distinct"``, or ``"may"`` when :meth:`make_inputs` passes one
            array for all ``memref<4xf64>`` arguments (which then share an activity);
            analyse with ``alias_args=prog.alias_args``.
    """

    text: str
    func: str
    args: tuple[str, ...]
    arg_types: tuple[str, ...]
    result_types: tuple[str, ...] = ()
    seed: int | None = None
    alias_args: str = "distinct"

    def _share(self, values: list[Any]) -> list[Any]:
        """With ``alias_args == "may"``, every memref<4xf64> argument gets the first's
        array (the same object)."""
        if self.alias_args != "may":
            return values
        first = None
        for k, t in enumerate(self.arg_types):
            if t == M4:
                if first is None:
                    first = values[k]
                else:
                    values[k] = first
        return values

    def make_inputs(self, rng: Any) -> list[Any]:
        """Concrete inputs: floats of magnitude in [0.25, 2], i64 in [-6, 6], index in
        [0, 4], fresh float64 arrays of 4 elements for memrefs.  ``rng`` is a
        ``random.Random`` or a ``numpy.random.Generator``."""
        r = _Rng(rng)
        out: list[Any] = []
        for t in self.arg_types:
            if t in FLOAT_TYPES:
                out.append(_round_to(t, r.signed(0.25, 2.0)))
            elif t == I64:
                out.append(r.integer(-6, 6))
            elif t == INDEX:
                out.append(r.integer(0, 4))
            elif is_memref(t):
                out.append(np.array([r.signed(0.25, 2.0) for _ in range(4)], dtype=np.float64))
            else:  # pragma: no cover - the generator emits no other argument type
                raise ValueError(f"no inputs for type {t}")
        return self._share(out)

    def make_tangents(self, rng: Any) -> list[Any]:
        """Input tangents: nonzero for ``active`` floats and for the contents of
        ``dup``/``dupnoneed`` memrefs, zero for ``const`` floats and memrefs, None for
        integers."""
        r = _Rng(rng)
        out: list[Any] = []
        for t, a in zip(self.arg_types, self.args, strict=True):
            if t in FLOAT_TYPES:
                out.append(_round_to(t, r.signed(0.5, 1.5)) if a == "active" else 0.0)
            elif is_memref(t):
                if a in ("dup", "dupnoneed"):
                    out.append(np.array([r.signed(0.5, 1.5) for _ in range(4)]))
                else:
                    out.append(np.zeros(4))
            else:
                out.append(None)
        return self._share(out)

    def zero_tangents(self) -> list[Any]:
        """All-zero input tangents (None for integers)."""
        return [
            0.0 if t in FLOAT_TYPES else (np.zeros(4) if is_memref(t) else None)
            for t in self.arg_types
        ]

    def parse(self) -> ModuleOp:
        """Parse (and verify) :attr:`text`."""
        return parse_module(self.text)


def parse_module(text: str) -> ModuleOp:
    """Parse and verify MLIR text, through ``activity.parse`` when it exists."""
    try:
        from activity import parse  # type: ignore[attr-defined]
    except ImportError:
        parse = None
    if parse is not None:
        module = parse(text)
    else:
        from xdsl.context import Context
        from xdsl.dialects import get_all_dialects
        from xdsl.parser import Parser

        ctx = Context(allow_unregistered=True)
        for name, factory in get_all_dialects().items():
            ctx.register_dialect(name, factory)
        module = Parser(ctx, text).parse_module()
    module.verify()
    return module


# ---------------------------------------------------------------------------
# The generator.


@dataclass
class GenConfig:
    """Size and feature knobs of the generator."""

    main_stmts: tuple[int, int] = (2, 14)
    helper_stmts: tuple[int, int] = (1, 5)
    max_depth: int = 2
    max_helpers: int = 2
    p_recursion: float = 0.25
    p_mutual: float = 0.2
    p_cf_body: float = 0.3
    p_global: float = 0.2
    p_alias: float = 0.25
    # weight of the one-element stack slot statement (:meth:`_FnGen.s_slot`); 0 (the
    # default) draws nothing for it, so seeded programs stay what they were
    slot_weight: int = 0
    # Weight of the opaque region op statement (``test.opaque_region``, outside the
    # subset: see activity.testing.opaque); 0, the default, never draws it (and draws
    # the same programs as before it existed).  Only the analysis and the oracle take
    # such programs: the AD generator, the verifier and the JIT refuse the op.
    opaque: int = 0


@dataclass
class Val:
    """A visible SSA value: its name (with ``%``), type and whether it is an index known
    to be in ``[0, 5]``."""

    name: str
    type: str
    small: bool = False


@dataclass
class Sig:
    """A generated function's signature."""

    name: str
    params: list[str]
    results: list[str]


@dataclass
class Scope:
    """Values visible at a program point: this block's plus the enclosing ones'."""

    parent: Scope | None = None
    vals: list[Val] = field(default_factory=list)

    def add(self, v: Val) -> Val:
        self.vals.append(v)
        return v

    def visible(self, pred: Callable[[Val], bool]) -> list[Val]:
        out: list[Val] = []
        s: Scope | None = self
        chain = []
        while s is not None:
            chain.append(s)
            s = s.parent
        for s in reversed(chain):
            out.extend(v for v in s.vals if pred(v))
        return out

    def of(self, t: str) -> list[Val]:
        return self.visible(lambda v: v.type == t)


FLOAT_CONSTS = (1.0, 0.5, 2.0, -1.5, 0.25, 3.0, -0.75, 0.0)
BINARY = (
    "arith.addf", "arith.mulf", "arith.subf", "arith.divf", "arith.maximumf",
    "arith.minimumf", "math.powf", "math.atan2",
)
UNARY = (
    "math.sin", "arith.negf", "math.cos", "math.exp", "math.log", "math.sqrt", "math.tanh",
    "math.absf", "math.atan", "math.erf", "math.floor", "math.log1p", "math.expm1",
)
POSITIVE_DOMAIN = ("math.log", "math.sqrt", "math.log1p")
CMPF_PREDS = ("olt", "ogt", "ole", "oge", "une", "ult", "oeq")
CMPI_PREDS = ("slt", "ult", "eq", "ne", "sgt", "uge")


class _ProgGen:
    """Shared state while generating one module: fresh names and tags."""

    def __init__(self, ch: Chooser, cfg: GenConfig) -> None:
        self.ch = ch
        self.cfg = cfg
        self.n_names = 0
        self.n_tags = 0
        self.called: set[str] = set()
        self.has_global = False

    def fresh(self, prefix: str = "v") -> str:
        self.n_names += 1
        return f"%{prefix}{self.n_names}"

    def block(self) -> str:
        self.n_names += 1
        return f"^bb{self.n_names}"

    def tag(self) -> str:
        self.n_tags += 1
        return f'{{tag = "t{self.n_tags}"}}'


class _FnGen:
    """Generates one function body."""

    def __init__(
        self, pg: _ProgGen, sig: Sig, callees: list[Sig], budget: int,
        rec_target: Sig | None = None,
    ) -> None:
        self.pg = pg
        self.ch = pg.ch
        self.sig = sig
        self.callees = callees
        self.budget = budget
        self.rec_target = rec_target
        self.prologue: list[str] = []
        self.consts: dict[tuple[str, str], Val] = {}
        self.slots: list[Val] = []  # slots allocated in the entry block (s_slot)
        self.opaque_depth = 0  # how many test.opaque_region bodies enclose the point

    # -- helpers ----------------------------------------------------------------

    def emit_const(self, value: Any, t: str) -> Val:
        """A constant, defined once in the entry block (dominates every use)."""
        key = (repr(value), t)
        if key not in self.consts:
            name = self.pg.fresh("k")
            self.prologue.append(f"{name} = arith.constant {self.pg.tag()} {value} : {t}")
            self.consts[key] = Val(name, t, small=(t == INDEX and 0 <= value <= 5))
        return self.consts[key]

    def choose(self, vals: list[Val]) -> Val:
        """Bias towards recently defined values, so that computations chain."""
        if len(vals) > 2 and self.ch.chance(0.6):
            return vals[len(vals) - 1 - self.ch.integer(0, min(3, len(vals) - 1))]
        return pick(self.ch, vals)

    def fval(self, sc: Scope, t: str, out: list[str], ind: int) -> Val:
        """A float value of type ``t`` (a constant or cast when none is visible)."""
        vals = sc.of(t)
        if vals and not self.ch.chance(0.08):
            return self.choose(vals)
        if t == F32:
            src = sc.of(F64)
            if src and self.ch.chance(0.6):
                v = self.choose(src)
                return self.define(sc, out, ind, F32, f"arith.truncf {v.name} {{}} : f64 to f32")
        elif not vals and self.f64_memrefs(sc) and self.ch.chance(0.7):
            m = self.choose(self.f64_memrefs(sc))
            i = self.mem_index(sc, m, out, ind)
            return self.define(sc, out, ind, F64, f"memref.load {m.name}[{i.name}] {{}} : {m.type}")
        return self.emit_const(pick(self.ch, FLOAT_CONSTS), t)

    def ival(self, sc: Scope, t: str) -> Val:
        vals = sc.of(t)
        if vals and self.ch.chance(0.85):
            return self.choose(vals)
        return self.emit_const(self.ch.integer(0, 4) if t == INDEX else
                               self.ch.integer(-3, 7), t)

    def small_index(self, sc: Scope, out: list[str], ind: int) -> Val:
        """An index in [0, 5]: a constant, a known-small value, or ``x mod 5``."""
        k = self.ch.integer(0, 2)
        if k == 0:
            return self.emit_const(self.ch.integer(0, 4), INDEX)
        smalls = sc.visible(lambda v: v.type == INDEX and v.small)
        if k == 1 and smalls:
            return self.choose(smalls)
        idx = sc.of(INDEX)
        if not idx:
            return self.emit_const(self.ch.integer(0, 4), INDEX)
        v = self.choose(idx)
        if v.small:
            return v
        c5 = self.emit_const(5, INDEX)
        r = self.define(sc, out, ind, INDEX, f"arith.remui {v.name}, {c5.name} {{}} : index")
        r.small = True
        return r

    def mem_index(self, sc: Scope, m: Val, out: list[str], ind: int) -> Val:
        """An in-bounds index for memref ``m``."""
        size = memref_size(m.type)
        idx = sc.of(INDEX)
        if not idx or self.ch.chance(0.5):
            return self.emit_const(self.ch.integer(0, size - 1), INDEX)
        v = self.choose(idx)
        cs = self.emit_const(size, INDEX)
        return self.define(sc, out, ind, INDEX, f"arith.remui {v.name}, {cs.name} {{}} : index")

    def define(self, sc: Scope, out: list[str], ind: int, t: str, rhs: str) -> Val:
        """Emit ``%new = rhs`` where ``{}`` in ``rhs`` is replaced by the tag."""
        name = self.pg.fresh()
        out.append("  " * ind + f"{name} = " + rhs.replace("{}", self.pg.tag(), 1))
        return sc.add(Val(name, t))

    def cond(self, sc: Scope, out: list[str], ind: int) -> Val:
        """An i1: an existing one, or a fresh cmpf / cmpi."""
        olds = sc.of(I1)
        if olds and self.ch.chance(0.25):
            return self.choose(olds)
        name = self.pg.fresh("c")
        ints = [t for t in INT_TYPES if sc.of(t)]
        if ints and self.ch.chance(0.3):
            t = pick(self.ch, ints)
            a, b = self.ival(sc, t), self.ival(sc, t)
            out.append("  " * ind + f"{name} = arith.cmpi {pick(self.ch, CMPI_PREDS)}, "
                       f"{a.name}, {b.name} : {t}")
        else:
            t = self.float_type(sc)
            a, b = self.fval(sc, t, out, ind), self.fval(sc, t, out, ind)
            out.append("  " * ind + f"{name} = arith.cmpf {pick(self.ch, CMPF_PREDS)}, "
                       f"{a.name}, {b.name} : {t}")
        return sc.add(Val(name, I1))

    def float_type(self, sc: Scope) -> str:
        if sc.of(F32) and self.ch.chance(0.25):
            return F32
        return F64

    def positive(self, sc: Scope, v: Val, out: list[str], ind: int) -> Val:
        """Usually ``|v| + 0.5`` (keeps log / sqrt / pow in their domain)."""
        if not self.ch.chance(0.85):
            return v
        a = self.define(sc, out, ind, v.type, f"math.absf {v.name} {{}} : {v.type}")
        h = self.emit_const(0.5, v.type)
        return self.define(sc, out, ind, v.type, f"arith.addf {a.name}, {h.name} {{}} : {v.type}")

    def memrefs(self, sc: Scope) -> list[Val]:
        return sc.visible(lambda v: is_memref(v.type))

    def f64_memrefs(self, sc: Scope) -> list[Val]:
        return sc.visible(lambda v: is_memref(v.type) and element_type(v.type) == F64)

    def scalar(self, sc: Scope, t: str, out: list[str], ind: int) -> Val:
        """A float or integer value of type ``t``."""
        return self.fval(sc, t, out, ind) if t in FLOAT_TYPES else self.ival(sc, t)

    def fresh_buffer(self, sc: Scope, out: list[str], ind: int, t: str = M4) -> Val:
        """``memref.alloc`` / ``alloca`` of a 4-element buffer, initialised right away."""
        op = pick(self.ch, ("memref.alloc", "memref.alloca"))
        m = self.define(sc, out, ind, t, f"{op}() {{}} : {t}")
        srcs = [v for v in sc.of(t) if v.name != m.name]
        if srcs and self.ch.chance(0.3):
            s = self.choose(srcs)
            out.append("  " * ind + f'"memref.copy"({s.name}, {m.name}) : ({t}, {t}) -> ()')
        else:
            x = self.scalar(sc, element_type(t), out, ind)
            c0, c4, c1 = (self.emit_const(k, INDEX) for k in (0, 4, 1))
            iv = self.pg.fresh("i")
            out.append("  " * ind + f"scf.for {iv} = {c0.name} to {c4.name} step {c1.name} {{")
            if t == M4 and self.ch.chance(0.5):
                # Fill with x * iv so that the elements differ.
                inner = Scope(sc)
                i64 = self.define(inner, out, ind + 1, I64,
                                  f"arith.index_cast {iv} {{}} : index to i64")
                fi = self.define(inner, out, ind + 1, F64, f"arith.sitofp {i64.name} {{}} : "
                                                           "i64 to f64")
                x = self.define(inner, out, ind + 1, F64,
                                f"arith.mulf {x.name}, {fi.name} {{}} : f64")
            out.append("  " * (ind + 1) + f"memref.store {x.name}, {m.name}[{iv}] : {t}")
            out.append("  " * ind + f"}} {self.pg.tag()}")
        return m

    # -- statements ----------------------------------------------------------------

    def stmts(self, sc: Scope, out: list[str], ind: int, depth: int, mean: float) -> None:
        """About ``mean`` statements (a geometric count, each preceded by a "more?"
        draw, so that Hypothesis can delete any statement while shrinking), within the
        function's budget."""
        p = mean / (mean + 1)
        while self.budget > 0 and self.ch.more(p):
            self.budget -= 1
            self.stmt(sc, out, ind, depth)

    def stmt(self, sc: Scope, out: list[str], ind: int, depth: int) -> None:
        ms = self.memrefs(sc)
        m4 = sc.of(M4)
        nested = depth < self.pg.cfg.max_depth and self.budget > 0
        kind = weighted(self.ch, [
            (8, "fbin"), (8, "fun"), (1, "fconst"), (1, "fma"), (3, "select"),
            (3, "int"), (5, "cast"),
            (5 if ms else 0, "load"), (5 if ms else 0, "store"),
            (2 if m4 else 0, "view"), (1, "alloc"), (1 if m4 else 0, "copy"),
            (1 if sc.of(MDYN) else 0, "dim"),
            # (xDSL's verifier resolves no symbol from inside an unregistered op)
            (2 if self.pg.has_global and not self.opaque_depth else 0, "global"),
            (4 if self.callees and not self.opaque_depth else 0, "call"),
            (3 if nested else 0, "if"), (3 if nested else 0, "for"),
            (2 if nested else 0, "while"),
            (2 if nested else 0, "fold"),
            (self.pg.cfg.slot_weight, "slot"),
            (self.pg.cfg.opaque if nested else 0, "opaque"),
        ])
        getattr(self, "s_" + kind)(sc, out, ind, depth)

    def s_fconst(self, sc: Scope, out: list[str], ind: int, depth: int) -> None:
        t = self.float_type(sc)
        self.define(sc, out, ind, t,
                    f"arith.constant {{}} {pick(self.ch, FLOAT_CONSTS)} : {t}")

    def s_fbin(self, sc: Scope, out: list[str], ind: int, depth: int) -> None:
        t = self.float_type(sc)
        op = pick(self.ch, BINARY)
        a, b = self.fval(sc, t, out, ind), self.fval(sc, t, out, ind)
        if op == "math.powf":
            a = self.positive(sc, a, out, ind)
        self.define(sc, out, ind, t, f"{op} {a.name}, {b.name} {{}} : {t}")

    def s_fun(self, sc: Scope, out: list[str], ind: int, depth: int) -> None:
        t = self.float_type(sc)
        op = pick(self.ch, UNARY)
        a = self.fval(sc, t, out, ind)
        if op in POSITIVE_DOMAIN:
            a = self.positive(sc, a, out, ind)
        self.define(sc, out, ind, t, f"{op} {a.name} {{}} : {t}")

    def s_fma(self, sc: Scope, out: list[str], ind: int, depth: int) -> None:
        t = self.float_type(sc)
        a, b, c = (self.fval(sc, t, out, ind) for _ in range(3))
        self.define(sc, out, ind, t, f"math.fma {a.name}, {b.name}, {c.name} {{}} : {t}")

    def s_select(self, sc: Scope, out: list[str], ind: int, depth: int) -> None:
        c = self.cond(sc, out, ind)
        if len(sc.of(M4)) > 1 and self.ch.chance(0.2):
            # Select between buffers: the result may alias either.
            a, b = self.choose(sc.of(M4)), self.choose(sc.of(M4))
            self.define(sc, out, ind, M4, f"arith.select {c.name}, {a.name}, {b.name} {{}} : {M4}")
            return
        if sc.of(I64) and self.ch.chance(0.2):
            a, b = self.ival(sc, I64), self.ival(sc, I64)
            self.define(sc, out, ind, I64, f"arith.select {c.name}, {a.name}, {b.name} {{}} : i64")
            return
        t = self.float_type(sc)
        a, b = self.fval(sc, t, out, ind), self.fval(sc, t, out, ind)
        self.define(sc, out, ind, t, f"arith.select {c.name}, {a.name}, {b.name} {{}} : {t}")

    def s_int(self, sc: Scope, out: list[str], ind: int, depth: int) -> None:
        t = INDEX if sc.of(INDEX) and self.ch.chance(0.5) else I64
        op = pick(self.ch, ("arith.addi", "arith.muli", "arith.subi", "arith.remui"))
        a = self.ival(sc, t)
        if op == "arith.remui":
            b = self.emit_const(self.ch.integer(2, 5), t)
        else:
            b = self.ival(sc, t)
        r = self.define(sc, out, ind, t, f"{op} {a.name}, {b.name} {{}} : {t}")
        if op == "arith.remui" and t == INDEX:
            r.small = True

    def s_cast(self, sc: Scope, out: list[str], ind: int, depth: int) -> None:
        kind = pick(self.ch, ("bitcast", "sitofp", "fptosi", "extf", "truncf", "index_cast",
                              "bits_to_float"))
        if kind == "bits_to_float" and sc.of(I64):
            i = self.choose(sc.of(I64))
            self.define(sc, out, ind, F64, f"arith.bitcast {i.name} {{}} : i64 to f64")
        elif kind in ("bitcast", "bits_to_float"):
            t = self.float_type(sc)
            it = "i64" if t == F64 else "i32"
            x = self.fval(sc, t, out, ind)
            b = self.define(sc, out, ind, it, f"arith.bitcast {x.name} {{}} : {t} to {it}")
            if it != I64:
                sc.vals.remove(b)
            elif self.ch.chance(0.3):
                # Select between two bit patterns: the derivative rides along.
                y = self.fval(sc, t, out, ind)
                b2 = self.define(sc, out, ind, it, f"arith.bitcast {y.name} {{}} : {t} to {it}")
                c = self.cond(sc, out, ind)
                b = self.define(sc, out, ind, it,
                                f"arith.select {c.name}, {b.name}, {b2.name} {{}} : {it}")
            self.define(sc, out, ind, t, f"arith.bitcast {b.name} {{}} : {it} to {t}")
        elif kind == "sitofp":
            i = self.ival(sc, I64)
            t = pick(self.ch, FLOAT_TYPES)
            self.define(sc, out, ind, t, f"arith.sitofp {i.name} {{}} : i64 to {t}")
        elif kind == "fptosi":
            t = self.float_type(sc)
            x = self.fval(sc, t, out, ind)
            self.define(sc, out, ind, I64, f"arith.fptosi {x.name} {{}} : {t} to i64")
        elif kind == "extf":
            x = self.fval(sc, F32, out, ind)
            self.define(sc, out, ind, F64, f"arith.extf {x.name} {{}} : f32 to f64")
        elif kind == "truncf":
            x = self.fval(sc, F64, out, ind)
            self.define(sc, out, ind, F32, f"arith.truncf {x.name} {{}} : f64 to f32")
        else:
            if sc.of(INDEX) and self.ch.chance(0.5):
                i = self.ival(sc, INDEX)
                self.define(sc, out, ind, I64, f"arith.index_cast {i.name} {{}} : index to i64")
            else:
                i = self.ival(sc, I64)
                self.define(sc, out, ind, INDEX, f"arith.index_cast {i.name} {{}} : i64 to index")

    def s_load(self, sc: Scope, out: list[str], ind: int, depth: int) -> None:
        m = self.choose(self.memrefs(sc))
        i = self.mem_index(sc, m, out, ind)
        self.define(sc, out, ind, element_type(m.type),
                    f"memref.load {m.name}[{i.name}] {{}} : {m.type}")

    def s_store(self, sc: Scope, out: list[str], ind: int, depth: int) -> None:
        self.s_store_into(self.choose(self.memrefs(sc)), sc, out, ind)

    def s_store_into(self, m: Val, sc: Scope, out: list[str], ind: int) -> None:
        x = self.scalar(sc, element_type(m.type), out, ind)
        i = self.mem_index(sc, m, out, ind)
        out.append("  " * ind + f"memref.store {x.name}, {m.name}[{i.name}] : {m.type}")

    def s_view(self, sc: Scope, out: list[str], ind: int, depth: int) -> None:
        kind = pick(self.ch, ("subview", "cast", "cast_back"))
        if kind == "cast_back" and sc.of(MDYN):
            d = self.choose(sc.of(MDYN))
            self.define(sc, out, ind, M4, f'"memref.cast"({d.name}) {{}} : ({MDYN}) -> {M4}')
            return
        m = self.choose(sc.of(M4))
        if kind == "subview":
            off = self.ch.integer(0, 2)
            t = subview_type(off)
            self.define(sc, out, ind, t, f"memref.subview {m.name}[{off}] [2] [1] {{}} : "
                                         f"{M4} to {t}")
        else:
            self.define(sc, out, ind, MDYN, f'"memref.cast"({m.name}) {{}} : ({M4}) -> {MDYN}')

    def s_alloc(self, sc: Scope, out: list[str], ind: int, depth: int) -> None:
        self.fresh_buffer(sc, out, ind, weighted(self.ch, [(6, M4), (1, MF32), (1, MI64)]))

    def s_copy(self, sc: Scope, out: list[str], ind: int, depth: int) -> None:
        subviews = [v.type for v in self.memrefs(sc) if v.type.startswith("memref<2x")]
        t = weighted(self.ch, [(4, M4), (1 if sc.of(MDYN) else 0, MDYN),
                               (1 if subviews else 0, subviews[0] if subviews else M4),
                               (1 if sc.of(MF32) else 0, MF32), (1 if sc.of(MI64) else 0, MI64)])
        vals = sc.of(t)
        a, b = self.choose(vals), self.choose(vals)
        out.append("  " * ind + f'"memref.copy"({a.name}, {b.name}) : ({t}, {t}) -> ()')

    def s_global(self, sc: Scope, out: list[str], ind: int, depth: int) -> None:
        self.define(sc, out, ind, M4, f"memref.get_global @{GLOBAL} : {M4} {{}}")

    def s_dim(self, sc: Scope, out: list[str], ind: int, depth: int) -> None:
        m = self.choose(sc.of(MDYN))
        c0 = self.emit_const(0, INDEX)
        d = self.define(sc, out, ind, INDEX, f"memref.dim {m.name}, {c0.name} {{}} : {MDYN}")
        d.small = True

    def call_args(self, callee: Sig, sc: Scope, out: list[str], ind: int) -> list[Val]:
        args: list[Val] = []
        for t in callee.params:
            if t == M4 and self.ch.chance(0.1):
                args.append(self.fresh_buffer(sc, out, ind))
            else:
                args += self.yield_vals(sc, [t], out, ind)
        return args

    def emit_call(self, callee: Sig, args: list[Val], sc: Scope, out: list[str],
                  ind: int) -> list[Val]:
        self.pg.called.add(callee.name)
        sig = f"({', '.join(callee.params)}) -> ({', '.join(callee.results)})"
        call = f"func.call @{callee.name}({', '.join(a.name for a in args)}) "
        call += f"{self.pg.tag()} : {sig}"
        n = len(callee.results)
        if n == 0:
            out.append("  " * ind + call)
            return []
        name = self.pg.fresh("r")
        if n == 1:
            out.append("  " * ind + f"{name} = {call}")
            return [sc.add(Val(name, callee.results[0]))]
        out.append("  " * ind + f"{name}:{n} = {call}")
        return [sc.add(Val(f"{name}#{k}", t)) for k, t in enumerate(callee.results)]

    def s_call(self, sc: Scope, out: list[str], ind: int, depth: int) -> None:
        callee = pick(self.ch, self.callees)
        self.emit_call(callee, self.call_args(callee, sc, out, ind), sc, out, ind)

    def result_types(self, sc: Scope, lo: int, hi: int) -> list[str]:
        ts = []
        for _ in range(self.ch.integer(lo, hi)):
            t = weighted(self.ch, [(6, F64), (1 if sc.of(F32) else 0, F32),
                                   (1 if sc.of(I64) else 0, I64), (1 if sc.of(M4) else 0, M4)])
            ts.append(t)
        return ts

    def yield_vals(self, sc: Scope, types: list[str], out: list[str], ind: int) -> list[Val]:
        vals = []
        for t in types:
            if t in FLOAT_TYPES:
                vals.append(self.fval(sc, t, out, ind))
            elif t == INDEX:
                vals.append(self.small_index(sc, out, ind))
            elif t == M4:
                ms = sc.of(M4)
                vals.append(self.choose(ms) if ms else self.fresh_buffer(sc, out, ind))
            else:
                vals.append(self.ival(sc, t))
        return vals

    def region_body(self, sc: Scope, out: list[str], ind: int, depth: int) -> None:
        self.stmts(sc, out, ind, depth + 1, 2)

    def bind_results(self, sc: Scope, types: list[str]) -> tuple[str, list[Val]]:
        """The result-name prefix (``%r`` or ``%r:2 =``) and the values it defines."""
        if not types:
            return "", []
        name = self.pg.fresh("r")
        if len(types) == 1:
            return f"{name} = ", [Val(name, types[0])]
        return f"{name}:{len(types)} = ", [Val(f"{name}#{k}", t) for k, t in enumerate(types)]

    def s_if(self, sc: Scope, out: list[str], ind: int, depth: int) -> None:
        c = self.cond(sc, out, ind)
        types = self.result_types(sc, 0 if self.memrefs(sc) else 1, 2)
        head, vals = self.bind_results(sc, types)
        ty = ", ".join(types)
        out.append("  " * ind + f"{head}scf.if {c.name}" + (f" -> ({ty})" if types else "") + " {")
        for branch in range(2):
            if branch == 1:
                if not types and self.ch.chance(0.5):
                    break
                out.append("  " * ind + "} else {")
            inner = Scope(sc)
            self.region_body(inner, out, ind + 1, depth)
            ys = self.yield_vals(inner, types, out, ind + 1)
            if types:
                out.append("  " * (ind + 1) + f"scf.yield {', '.join(y.name for y in ys)} : {ty}")
        out.append("  " * ind + "} " + (self.pg.tag() if types else ""))
        for v in vals:
            sc.add(v)

    def s_for(self, sc: Scope, out: list[str], ind: int, depth: int) -> None:
        lb = self.emit_const(self.ch.integer(0, 1), INDEX)
        ub = self.small_index(sc, out, ind)
        st1 = self.emit_const(1, INDEX)
        types = [weighted(self.ch, [(5, F64), (1 if sc.of(F32) else 0, F32),
                                    (1 if sc.of(M4) else 0, M4)])
                 for _ in range(self.ch.integer(0 if self.memrefs(sc) else 1, 2))]
        inits = self.yield_vals(sc, types, out, ind)
        head, vals = self.bind_results(sc, types)
        iv = self.pg.fresh("i")
        inner = Scope(sc)
        inner.add(Val(iv, INDEX, small=True))
        line = f"{head}scf.for {iv} = {lb.name} to {ub.name} step {st1.name}"
        if types:
            params = [inner.add(Val(self.pg.fresh("a"), t)) for t in types]
            line += " iter_args(" + ", ".join(
                f"{p.name} = {x.name}" for p, x in zip(params, inits, strict=True))
            line += f") -> ({', '.join(types)})"
        out.append("  " * ind + line + " {")
        self.region_body(inner, out, ind + 1, depth)
        ys = self.yield_vals(inner, types, out, ind + 1)
        if types:
            out.append("  " * (ind + 1) +
                       f"scf.yield {', '.join(y.name for y in ys)} : {', '.join(types)}")
        out.append("  " * ind + f"}} {self.pg.tag()}")
        for v in vals:
            sc.add(v)

    def s_fold(self, sc: Scope, out: list[str], ind: int, depth: int) -> None:
        """A loop over all four elements of a buffer (mostly a fresh one, often
        overwritten afterwards; the bounds of ``fresh_buffer``'s fill loop), folding each
        element nonlinearly into an accumulator: the AD generator may rebuild such loads
        from the store that filled the buffer."""
        fresh = not sc.of(M4) or self.ch.chance(0.7)
        m = self.fresh_buffer(sc, out, ind) if fresh else self.choose(sc.of(M4))
        if fresh and self.ch.chance(0.4):  # a write between the fill and the fold
            self.s_store_into(m, sc, out, ind)
        c0, c4, c1 = (self.emit_const(k, INDEX) for k in (0, 4, 1))
        init = self.fval(sc, F64, out, ind)
        head, vals = self.bind_results(sc, [F64])
        iv, acc = self.pg.fresh("i"), self.pg.fresh("a")
        out.append("  " * ind + f"{head}scf.for {iv} = {c0.name} to {c4.name} step {c1.name}"
                   f" iter_args({acc} = {init.name}) -> (f64) {{")
        inner = Scope(sc)
        inner.add(Val(iv, INDEX, small=True))
        a = inner.add(Val(acc, F64))
        e = self.define(inner, out, ind + 1, F64, f"memref.load {m.name}[{iv}] {{}} : {M4}")
        op = pick(self.ch, ("arith.mulf", "arith.addf", "math.atan2"))
        if op == "arith.addf":
            e = self.define(inner, out, ind + 1, F64, f"math.sin {e.name} {{}} : f64")
        r = self.define(inner, out, ind + 1, F64, f"{op} {a.name}, {e.name} {{}} : f64")
        self.region_body(inner, out, ind + 1, depth)
        out.append("  " * (ind + 1) + f"scf.yield {r.name} : f64")
        out.append("  " * ind + f"}} {self.pg.tag()}")
        for v in vals:
            sc.add(v)
        if fresh and self.ch.chance(0.6):  # overwritten afterwards: no re-reading it
            x = self.fval(sc, F64, out, ind)
            out.append("  " * ind + f"memref.store {x.name}, {m.name}[{c0.name}] : {M4}")

    # -- one-element stack slots (strong updates) ---------------------------------------

    def slot(self, sc: Scope, out: list[str], ind: int) -> Val:
        """A visible one-element slot (``memref<f64>`` or ``memref<1xf64>``, its Val typed
        ``SLOT0``/``SLOT1`` so that no other statement picks it), else a new one: in the
        entry block (the prologue; initialised there with a constant) or, less often,
        right here -- in a loop body or a later ``cf`` block it is a new cell each time,
        which the analysis must keep weak."""
        have = self.slots + sc.visible(lambda v: v.type in SLOT_TYPES)
        if have and self.ch.chance(0.8):
            return self.choose(have)
        t = pick(self.ch, SLOT_TYPES)
        name = self.pg.fresh("s")
        s = Val(name, t)
        if self.ch.chance(0.7):
            k = self.emit_const(pick(self.ch, FLOAT_CONSTS), F64)
            self.prologue.append(f"{name} = memref.alloca() {self.pg.tag()} : {SLOT_MEMREF[t]}")
            self.prologue.append(self.slot_store(s, k))
            self.slots.append(s)  # visible everywhere in the function
            return s
        out.append("  " * ind + f"{name} = memref.alloca() {self.pg.tag()} : {SLOT_MEMREF[t]}")
        sc.add(s)
        out.append("  " * ind + self.slot_store(s, self.fval(sc, F64, out, ind)))
        return s

    def slot_access(self, s: Val) -> str:
        if s.type == SLOT0:
            return f"{s.name}[]"
        return f"{s.name}[{self.emit_const(0, INDEX).name}]"

    def slot_store(self, s: Val, x: Val) -> str:
        return f"memref.store {x.name}, {self.slot_access(s)} : {SLOT_MEMREF[s.type]}"

    def s_slot(self, sc: Scope, out: list[str], ind: int, depth: int) -> None:
        """Stores into and loads from a slot: usually a value (often varied) overwritten
        by a constant or another value before the load, sometimes with a load in
        between (C's ``t = x*x; t = 3.0; ... t``)."""
        s = self.slot(sc, out, ind)
        pad = "  " * ind
        for _ in range(self.ch.integer(0, 2)):
            if self.ch.chance(0.3):
                self.define(sc, out, ind, F64, f"memref.load {self.slot_access(s)} {{}} : "
                                               f"{SLOT_MEMREF[s.type]}")
            x = (self.emit_const(pick(self.ch, FLOAT_CONSTS), F64) if self.ch.chance(0.4)
                 else self.fval(sc, F64, out, ind))
            out.append(pad + self.slot_store(s, x))
        if self.ch.chance(0.85):
            self.define(sc, out, ind, F64,
                        f"memref.load {self.slot_access(s)} {{}} : {SLOT_MEMREF[s.type]}")
    def s_opaque(self, sc: Scope, out: list[str], ind: int, depth: int) -> None:
        """``test.opaque_region`` (generic form): float and f64-memref operands, one
        block argument each (a memref's element 0), a body of ordinary code that may
        use outer values, and a terminator yielding the results, then one value per
        memref operand (written to its element 0)."""
        opnds: list[Val] = []
        for _ in range(self.ch.integer(0, 2)):
            opnds.append(self.fval(sc, self.float_type(sc), out, ind))
        mems = self.f64_memrefs(sc)
        # (mostly with a memref, also while Hypothesis shrinks: a buffer the op reads and
        # writes behind the SSA edges is what the fallback must get right)
        if mems and not self.ch.chance(0.25):
            for _ in range(self.ch.integer(1, 2)):
                opnds.append(self.choose(mems))
        types = [self.float_type(sc) for _ in range(self.ch.integer(0, 2))]
        head, vals = self.bind_results(sc, types)
        inner = Scope(sc)
        params = [inner.add(Val(self.pg.fresh("p"), element_type(v.type) if is_memref(v.type)
                                else v.type)) for v in opnds]
        out.append("  " * ind + f'{head}"test.opaque_region"('
                   f"{', '.join(v.name for v in opnds)}) ({{")
        out.append("  " * ind + _block_header("^bb0", params))
        self.opaque_depth += 1
        self.region_body(inner, out, ind + 1, depth)
        self.opaque_depth -= 1
        yt = types + [element_type(v.type) for v in opnds if is_memref(v.type)]
        ys = self.yield_vals(inner, yt, out, ind + 1)
        out.append("  " * (ind + 1) + f'"test.opaque_yield"({", ".join(y.name for y in ys)})'
                   f" : ({', '.join(yt)}) -> ()")
        out.append("  " * ind + f"}}) {self.pg.tag()} : ({', '.join(v.type for v in opnds)})"
                   f" -> ({', '.join(types)})")
        for v in vals:
            sc.add(v)
        # An op after it: xDSL takes an unregistered op ending a block for its
        # terminator (no implicit scf.yield would follow).
        self.s_fun(sc, out, ind, depth)

    def s_while(self, sc: Scope, out: list[str], ind: int, depth: int) -> None:
        bound = self.small_index(sc, out, ind)
        c0, c1 = self.emit_const(0, INDEX), self.emit_const(1, INDEX)
        x = self.fval(sc, F64, out, ind)
        r = self.pg.fresh("w")
        i0, a0 = self.pg.fresh("wi"), self.pg.fresh("wa")
        out.append("  " * ind + f"{r}:2 = scf.while ({i0} = {c0.name}, {a0} = {x.name}) : "
                   "(index, f64) -> (index, f64) {")
        before = Scope(sc)
        before.add(Val(i0, INDEX, small=True))
        before.add(Val(a0, F64))
        if self.budget > 0 and self.ch.chance(0.5):
            self.budget -= 1
            self.stmt(before, out, ind + 1, depth + 1)
        y = self.fval(before, F64, out, ind + 1)
        cc = self.pg.fresh("c")
        out.append("  " * (ind + 1) + f"{cc} = arith.cmpi ult, {i0}, {bound.name} : index")
        out.append("  " * (ind + 1) + f"scf.condition({cc}) {i0}, {y.name} : index, f64")
        out.append("  " * ind + "} do {")
        i1, a1 = self.pg.fresh("wi"), self.pg.fresh("wa")
        out.append("  " * ind + f"^bb0({i1}: index, {a1}: f64):")
        after = Scope(sc)
        after.add(Val(i1, INDEX, small=True))
        after.add(Val(a1, F64))
        self.region_body(after, out, ind + 1, depth)
        z = self.fval(after, F64, out, ind + 1)
        nx = self.define(after, out, ind + 1, INDEX, f"arith.addi {i1}, {c1.name} {{}} : index")
        out.append("  " * (ind + 1) + f"scf.yield {nx.name}, {z.name} : index, f64")
        out.append("  " * ind + "}")
        sc.add(Val(f"{r}#0", INDEX, small=True))
        sc.add(Val(f"{r}#1", F64))

    # -- function bodies ------------------------------------------------------------

    def ret(self, sc: Scope, out: list[str], ind: int) -> None:
        if self.sig.name == "f":
            self.finish_main(sc, out, ind)
        ys = self.yield_vals(sc, self.sig.results, out, ind)
        if ys:
            out.append("  " * ind + f"func.return {', '.join(y.name for y in ys)} : "
                       f"{', '.join(self.sig.results)}")
        else:
            out.append("  " * ind + "func.return")

    def finish_main(self, sc: Scope, out: list[str], ind: int) -> None:
        """Call every function nothing called yet, and often fold a few recent values
        into one, so that more of the program reaches the outputs."""
        for callee in self.callees:
            if callee.name not in self.pg.called:
                self.emit_call(callee, self.call_args(callee, sc, out, ind), sc, out, ind)
        for t in FLOAT_TYPES:
            vals = sc.of(t)
            if len(vals) < 2 or not self.ch.chance(0.5):
                continue
            acc = vals[-1]
            for v in vals[-2:-1 - min(3, len(vals) - 1):-1]:
                op = pick(self.ch, ("arith.addf", "arith.mulf", "arith.subf"))
                acc = self.define(sc, out, ind, t, f"{op} {acc.name}, {v.name} {{}} : {t}")
        if self.memrefs(sc) and self.ch.chance(
                0.3 if any(t in FLOAT_TYPES for t in self.sig.results) else 0.9):
            self.s_store(sc, out, ind, 0)

    def structured_body(self, sc: Scope, out: list[str]) -> None:
        self.stmts(sc, out, 1, 0, 4 * self.budget)
        self.ret(sc, out, 1)

    def cf_body(self, sc: Scope, out: list[str]) -> None:
        """Blocks: straight-line chunks joined by diamonds and counted loops."""
        segments = self.ch.integer(1, 2)
        self.stmts(sc, out, 1, 0, 1.5)
        for _ in range(segments):
            if self.ch.chance(0.5):
                sc = self.cf_diamond(sc, out)
            else:
                sc = self.cf_loop(sc, out)
            self.stmts(sc, out, 1, 0, 1.5)
        self.stmts(sc, out, 1, 0, 4 * self.budget)
        self.ret(sc, out, 1)

    def cf_diamond(self, sc: Scope, out: list[str]) -> Scope:
        c = self.cond(sc, out, 1)
        bt, bf, bj = self.pg.block(), self.pg.block(), self.pg.block()
        ttypes = [F64] * self.ch.integer(0, 1)
        ftypes = [F64] * self.ch.integer(0, 1)
        jtypes = [weighted(self.ch, [(4, F64), (1 if sc.of(F32) else 0, F32),
                                     (1 if sc.of(M4) else 0, M4)])
                  for _ in range(self.ch.integer(1, 2))]
        targs = [self.fval(sc, t, out, 1) for t in ttypes]
        fargs = [self.fval(sc, t, out, 1) for t in ftypes]
        out.append(f"  cf.cond_br {c.name}, {_succ(bt, targs)}, {_succ(bf, fargs)}")
        for blk, types in ((bt, ttypes), (bf, ftypes)):
            inner = Scope(sc)
            params = [inner.add(Val(self.pg.fresh("p"), t)) for t in types]
            out.append(_block_header(blk, params))
            self.stmts(inner, out, 1, 0, 1.5)
            ys = self.yield_vals(inner, jtypes, out, 1)
            out.append(f"  cf.br {_succ(bj, ys)}")
        join = Scope(sc)
        params = [join.add(Val(self.pg.fresh("p"), t)) for t in jtypes]
        out.append(_block_header(bj, params))
        return join

    def cf_loop(self, sc: Scope, out: list[str]) -> Scope:
        bound = self.small_index(sc, out, 1)
        c0, c1 = self.emit_const(0, INDEX), self.emit_const(1, INDEX)
        x = self.fval(sc, F64, out, 1)
        hdr, body, ex = self.pg.block(), self.pg.block(), self.pg.block()
        out.append(f"  cf.br {_succ(hdr, [c0, x])}")
        hs = Scope(sc)
        i, acc = hs.add(Val(self.pg.fresh("p"), INDEX, small=True)), hs.add(
            Val(self.pg.fresh("p"), F64))
        out.append(_block_header(hdr, [i, acc]))
        cc = self.pg.fresh("c")
        out.append(f"  {cc} = arith.cmpi ult, {i.name}, {bound.name} : index")
        out.append(f"  cf.cond_br {cc}, {body}, {_succ(ex, [acc])}")
        bs = Scope(hs)
        out.append(f"{body}:")
        self.stmts(bs, out, 1, 0, 2)
        y = self.fval(bs, F64, out, 1)
        nx = self.define(bs, out, 1, INDEX, f"arith.addi {i.name}, {c1.name} {{}} : index")
        out.append(f"  cf.br {_succ(hdr, [nx, y])}")
        es = Scope(hs)
        r = es.add(Val(self.pg.fresh("p"), F64))
        out.append(_block_header(ex, [r]))
        return es

    def recursive_body(self, sc: Scope, out: list[str]) -> None:
        """``if depth > 0 { ... call target(depth - 1, ...) ... } else { ... }``."""
        assert self.rec_target is not None
        depth_arg = sc.vals[0]
        self.stmts(sc, out, 1, 1, 1)
        c0, c1 = self.emit_const(0, INDEX), self.emit_const(1, INDEX)
        cc = self.pg.fresh("c")
        out.append(f"  {cc} = arith.cmpi ugt, {depth_arg.name}, {c0.name} : index")
        types = self.sig.results
        head, vals = self.bind_results(sc, types)
        out.append(f"  {head}scf.if {cc} -> ({', '.join(types)}) {{")
        then = Scope(sc)
        d1 = self.define(then, out, 2, INDEX, f"arith.subi {depth_arg.name}, {c1.name} {{}} : "
                                              "index")
        d1.small = True
        self.stmts(then, out, 2, 1, 1)
        args = [d1] + self.call_args(
            Sig("", self.rec_target.params[1:], []), then, out, 2)
        self.emit_call(self.rec_target, args, then, out, 2)
        self.stmts(then, out, 2, 1, 1)
        ys = self.yield_vals(then, types, out, 2)
        out.append(f"    scf.yield {', '.join(y.name for y in ys)} : {', '.join(types)}")
        out.append("  } else {")
        other = Scope(sc)
        self.stmts(other, out, 2, 1, 1)
        ys = self.yield_vals(other, types, out, 2)
        out.append(f"    scf.yield {', '.join(y.name for y in ys)} : {', '.join(types)}")
        out.append(f"  }} {self.pg.tag()}")
        for v in vals:
            sc.add(v)
        self.stmts(sc, out, 1, 1, 0.5)
        self.ret(sc, out, 1)

    def function(self, style: str) -> str:
        sc = Scope()
        params = []
        for t in self.sig.params:
            params.append(sc.add(Val(self.pg.fresh("x"), t, small=(t == INDEX))))
        body: list[str] = []
        if style == "cf":
            self.cf_body(sc, body)
        elif style == "rec":
            self.recursive_body(sc, body)
        else:
            self.structured_body(sc, body)
        head = (f"func.func @{self.sig.name}(" +
                ", ".join(f"{p.name}: {p.type}" for p in params) + ")")
        if self.sig.results:
            head += f" -> ({', '.join(self.sig.results)})"
        lines = [head + " {"] + ["  " + p for p in self.prologue] + body + ["}"]
        return "\n".join(lines)


def _succ(block: str, args: Sequence[Val]) -> str:
    if not args:
        return block
    return (f"{block}({', '.join(a.name for a in args)} : "
            f"{', '.join(a.type for a in args)})")


def _block_header(block: str, params: Sequence[Val]) -> str:
    if not params:
        return f"{block}:"
    return f"{block}({', '.join(f'{p.name}: {p.type}' for p in params)}):"


def _param_types(ch: Chooser, lo: int, hi: int, weights: list[tuple[int, str]]) -> list[str]:
    return [weighted(ch, weights) for _ in range(ch.integer(lo, hi))]


def _generate(ch: Chooser, cfg: GenConfig | None = None, seed: int | None = None
              ) -> GeneratedProgram:
    cfg = cfg or GenConfig()
    pg = _ProgGen(ch, cfg)
    funcs: list[str] = []
    if ch.chance(cfg.p_global):
        pg.has_global = True
        funcs.append(
            f'"memref.global"() <{{sym_name = "{GLOBAL}", sym_visibility = "private", '
            f"type = {M4}, initial_value = dense<[0.5, -1.0, 1.5, 2.0]> : tensor<4xf64>}}> "
            ": () -> ()")
    callables: list[Sig] = []

    if ch.chance(cfg.p_recursion):
        extra = [M4] if ch.chance(0.4) else []
        rec = Sig("rec", [INDEX, F64] + extra, [F64])
        gen = _FnGen(pg, rec, [], ch.integer(*cfg.helper_stmts), rec_target=rec)
        funcs.append(gen.function("rec"))
        callables.append(rec)
    if ch.chance(cfg.p_mutual):
        even, odd = Sig("even", [INDEX, F64], [F64]), Sig("odd", [INDEX, F64], [F64])
        for sig, target in ((even, odd), (odd, even)):
            gen = _FnGen(pg, sig, [], ch.integer(*cfg.helper_stmts), rec_target=target)
            funcs.append(gen.function("rec"))
        callables.append(even)
    for k in range(ch.integer(0, cfg.max_helpers)):
        params = [F64] + _param_types(ch, 0, 2, [(5, F64), (2, M4), (1, F32), (1, INDEX),
                                                  (1, I64)])
        results = [weighted(ch, [(4, F64), (1, F32), (1, M4), (1, I64)])
                   for _ in range(ch.integer(0, 2))]
        if not any(t in FLOAT_TYPES for t in results) and M4 not in params:
            results = [F64]
        sig = Sig(f"g{k}", params, results)
        gen = _FnGen(pg, sig, list(callables), ch.integer(*cfg.helper_stmts))
        funcs.append(gen.function("cf" if ch.chance(cfg.p_cf_body) else "structured"))
        callables.append(sig)

    first = weighted(ch, [(3, F64), (2, M4)])
    params = [first] + _param_types(
        ch, 0, 3, [(6, F64), (3, M4), (1, F32), (1, I64), (1, INDEX), (1, MDYN)])
    results = [weighted(ch, [(5, F64), (1, F32)]) for _ in range(ch.integer(0, 2))]
    if not results and not any(is_memref(t) for t in params):
        results = [F64]
    acts: list[str] = []
    for t in params:
        if t in FLOAT_TYPES:
            acts.append("const" if ch.chance(0.25) else "active")
        elif is_memref(t):
            acts.append(weighted(ch, [(6, "dup"), (3, "const"), (1, "dupnoneed")]))
        else:
            acts.append("const")
    alias = "distinct"
    m4s = [k for k, t in enumerate(params) if t == M4]
    if len(m4s) > 1 and ch.chance(cfg.p_alias):
        alias = "may"
        for k in m4s:
            acts[k] = acts[m4s[0]]
    main = Sig("f", params, results)
    gen = _FnGen(pg, main, list(callables), ch.integer(*cfg.main_stmts))
    funcs.append(gen.function("cf" if ch.chance(cfg.p_cf_body) else "structured"))
    return GeneratedProgram(
        text="\n".join(funcs) + "\n",
        func="f",
        args=tuple(acts),
        arg_types=tuple(params),
        result_types=tuple(results),
        seed=seed,
        alias_args=alias,
    )


def generate(seed: int, config: GenConfig | None = None) -> GeneratedProgram:
    """A program drawn deterministically from ``random.Random(seed)``."""
    return _generate(RandomChooser(random.Random(seed)), config, seed=seed)


@st.composite
def programs(draw: Callable[[st.SearchStrategy[Any]], Any],
             config: GenConfig | None = None) -> GeneratedProgram:
    """Hypothesis strategy for :class:`GeneratedProgram` (shrinks towards small ones)."""
    return _generate(DrawChooser(draw), config)


def op_names(text: str) -> set[str]:
    """Op names occurring in a generated program (parsed, so custom syntax counts)."""
    module = parse_module(text)
    return {op.name for op in module.walk()}


__all__ = [
    "Chooser",
    "DrawChooser",
    "GenConfig",
    "GeneratedProgram",
    "RandomChooser",
    "generate",
    "op_names",
    "parse_module",
    "programs",
]
