"""``exp`` on doubles as branch-free LLVM IR, which LLVM's loop vectorizer vectorizes.

``math.exp`` otherwise becomes ``llvm.exp.f64``, a call of the C library's scalar
``exp`` that LLVM cannot vectorize (llvmlite gives no way to name a vector math
library), so a loop of exps runs one call per element (~5 ns).  This function, inlined
into such a loop, is plain arithmetic and selects that the vectorizer widens to AVX2:

* ``k = round(x / ln 2)`` (``x`` first clamped to ``[-746, 710]``: no integer overflow),
  ``r = x - k ln 2`` in two FMAs (Cody-Waite: ``ln 2`` as a high part and the rest),
  ``|r| <= ln 2 / 2``;
* ``e^r = 1 + (r + r^2 q(r))``, ``q`` the Taylor polynomial ``1/2! + r/3! + ... +
  r^11/13!`` by Horner (its truncation about ``2^-57`` of the result: under 1/16 ulp);
* ``2^k`` applied as ``2^(k - k1) 2^k1``, ``k1 = floor(k / 2)`` (each factor a
  double built from its exponent bits): exact where the result is normal, one
  rounding where it is subnormal (``k`` down to -1075);
* ``x > 709.78...`` (``exp`` beyond the largest double) gives ``+inf``, ``x <
  -745.13...`` (below half the least subnormal) ``+0``, a NaN that NaN.

Its results agree with the C library's (glibc's ``exp``, correctly rounded but in rare
cases, < 0.502 ulp) to at most 1 ulp, measured by ``tests/test_vexp.py`` over the whole
range and the special inputs; most are the same bits.  Used for the ``math.exp`` of
linalg bodies the tensor lowering marks (:data:`activity.tensor.loops.VEXP`) -- the
only change of results in the last bit that flag makes.
"""

from __future__ import annotations

from llvmlite import ir

from activity.codegen.types import F64

NAME = "activity.exp"
MARK = "activity.vexp"
"""The attribute on a ``math.exp`` op that asks for this function instead of libm."""

I64 = ir.IntType(64)
_LN2_HI = float.fromhex("0x1.62e42fefa3800p-1")
_LN2_LO = float.fromhex("0x1.ef35793c76730p-45")
_INV_LN2 = float.fromhex("0x1.71547652b82fep0")
_SHIFT = float.fromhex("0x1.8p52")  # x + 2^52 + 2^51: the integer part in the low bits
_OVER = float.fromhex("0x1.62e42fefa39efp9")  # the largest x whose exp is finite
_UNDER = float.fromhex("-0x1.74910d52d3051p9")  # below: exp(x) rounds to +0


def _taylor(n: int) -> float:
    f = 1
    for i in range(2, n + 1):
        f *= i
    return 1.0 / f


def define(module: ir.Module) -> ir.Function:
    """``@activity.exp(double) -> double`` in ``module`` (internal, always inlined),
    defined once."""
    g = module.globals.get(NAME)
    if isinstance(g, ir.Function):
        return g
    fn = ir.Function(module, ir.FunctionType(F64, [F64]), name=NAME)
    fn.linkage = "internal"
    fn.attributes.add("alwaysinline")
    fn.attributes.add("nounwind")
    b = ir.IRBuilder(fn.append_basic_block("entry"))

    def intr(name: str, n: int) -> ir.Function:
        got = module.globals.get(name)
        if isinstance(got, ir.Function):
            return got
        return ir.Function(module, ir.FunctionType(F64, [F64] * n), name=name)

    fma, floor = intr("llvm.fma.f64", 3), intr("llvm.floor.f64", 1)
    fmin, fmax = intr("llvm.minnum.f64", 2), intr("llvm.maxnum.f64", 2)

    def c(v: float) -> ir.Constant:
        return ir.Constant(F64, v)

    (x,) = fn.args
    xc = b.call(fmax, [b.call(fmin, [x, c(710.0)]), c(-746.0)])
    t = b.call(fma, [xc, c(_INV_LN2), c(_SHIFT)])
    k = b.fsub(t, c(_SHIFT))
    r = b.call(fma, [k, c(-_LN2_HI), xc])
    r = b.call(fma, [k, c(-_LN2_LO), r])
    q = c(_taylor(13))
    for n in range(12, 1, -1):
        q = b.call(fma, [q, r, c(_taylor(n))])
    r2 = b.fmul(r, r)
    p = b.fadd(c(1.0), b.call(fma, [r2, q, r]))
    k1 = b.call(floor, [b.fmul(k, c(0.5))])
    k2 = b.fsub(k, k1)

    def pow2(kd: ir.Value) -> ir.Value:
        bits = b.bitcast(b.fadd(kd, c(_SHIFT)), I64)
        e = b.add(bits, ir.Constant(I64, 1023 - 0x4338000000000000))
        return b.bitcast(b.shl(e, ir.Constant(I64, 52)), F64)

    y = b.fmul(b.fmul(p, pow2(k2)), pow2(k1))
    y = b.select(b.fcmp_ordered(">", x, c(_OVER)), c(float("inf")), y)
    y = b.select(b.fcmp_ordered("<", x, c(_UNDER)), c(0.0), y)
    y = b.select(b.fcmp_unordered("uno", x, x), b.fadd(x, x), y)
    b.ret(y)
    return fn


__all__ = ["MARK", "NAME", "define"]
