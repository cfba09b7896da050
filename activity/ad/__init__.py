"""Reverse-mode automatic differentiation of MLIR functions, pruned by activity analysis.

``grad(module, func, args=None, prune=True)`` returns a new module holding everything of
``module`` plus ``<func>_grad`` (Enzyme's reverse-mode calling convention, see
``docs/ad.md``) and the ``_aug``/``_rev`` functions of the callees it differentiates.
"""

from __future__ import annotations

from typing import Any

from xdsl.dialects.builtin import ModuleOp

from activity.ad import stats as _stats
from activity.ad.lift_cf import with_lifted
from activity.ad.measure import measure as _measure
from activity.ad.reverse import Differentiator, GradError

# ``measure`` runs the generator, so it lives above it (activity.ad.measure), not in
# activity.ad.stats, which the generator imports; it stays importable from there.
_stats.measure = _measure  # type: ignore[attr-defined]


def grad(module: ModuleOp, func: str, args: Any = None, prune: bool = True, *,
         alias_args: str = "distinct", inline: bool = False,
         strict_adjoints: bool = False, strong_zero: bool = False) -> ModuleOp:
    """Differentiate ``func`` in reverse mode; returns a new module with ``<func>_grad``.

    Args:
        module: a parsed, verified module (see :func:`activity.parse`); not modified.
        func: the function to differentiate.
        args: argument activities as for :func:`activity.analyze` (``active``, ``const``,
            ``dup``, ``dupnoneed``; default: floats active, integers const, buffers dup).
        prune: use the activity analysis to skip inactive work (``False``: the
            ``all_active`` baseline, every float value and buffer treated as active).
        alias_args: ``"distinct"`` (buffer arguments do not alias, as for Enzyme's
            duplicated arguments) or ``"may"``; passed to the analysis.
        inline: first inline the small leaf functions that ``func`` calls inside loops,
            so that what their reverse needs is taped (or recomputed) in ``func``'s loop
            nest instead of on the run-time stack (:mod:`activity.ad.inline`).
        strict_adjoints: leave the adds that sum contributions to one adjoint without
            fast-math flags (``False``: they get ``fastmath<reassoc,contract>``, and the
            products they sum ``fastmath<contract>``, so that a compiler may reorder
            them and fuse each product with its add into an FMA: the program fixes no
            order for an adjoint's sum; :func:`activity.ad.builder.adjoint_sum_flags`).
            The reference interpreter adds in the written order either way.
        strong_zero: a zero adjoint times a partial gives 0 even where the partial is
            infinite or NaN, in every op (Enzyme's strong zero: ``max(0, log x)`` at
            ``x = 0`` then has gradient 0, not NaN); ``False``: only on the backward
            slices of float selects' arms, where the unpicked arm's zero adjoint meets
            partials that are infinite there (``y != 0 ? x / y : 0``).  Costs a
            compare and a select per partial.
    """
    out, _ = with_lifted(module, lambda m: Differentiator(
        m, func, args, prune, alias_args=alias_args, inline=inline,
        strict_adjoints=strict_adjoints, strong_zero=strong_zero).run())
    return out


__all__ = ["GradError", "grad"]
