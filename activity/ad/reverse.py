"""Reverse-mode AD of MLIR functions, pruned by activity analysis.

See ``docs/ad.md`` for the calling convention and the design.  In short:

* The differentiated function ``F`` becomes ``F_grad``.  When ``F`` is a single block of
  structured code (the usual case) ``F_grad`` holds a *forward sweep* (a copy of ``F``
  that also writes tapes) followed by the *reverse sweep* in the same block, so every
  value defined at ``F``'s top level is simply available to the reverse sweep.  Loops
  and branches are mirrored structurally: the reverse of an ``scf.for`` is an
  ``scf.for`` over the same iterations backwards, the reverse of an ``scf.if`` an
  ``scf.if`` on the same condition, the reverse of an ``scf.while`` an ``scf.for`` over
  its recorded trip count, the reverse of an ``scf.parallel`` an ``scf.parallel`` over
  the same bounds (``addf`` reductions: the result's adjoint goes to every
  contribution; shadow updates atomic unless provably iteration-private; tapes static,
  indexed by the iteration numbers).
* A callee ``G`` (and ``F`` itself when it is unstructured) becomes a pair:
  ``G_aug`` (the forward sweep, pushing what ``G_rev`` needs on the stacks) and ``G_rev``
  (pops, then runs the reverse sweep and returns the adjoints of ``G``'s scalar
  arguments, accumulating into the shadows of its buffers).  Recursion just works: each
  activation pops what it pushed.
* Every primal value an adjoint needs is *materialised* in the mirror of the block that
  defines it: available (top level of ``F``), recomputed (pure and cheap: arithmetic,
  casts, comparisons, loads from memory no op ever writes) or read from a tape
  (:mod:`activity.ad.tape`).  Which ones are needed is decided by a first, planning run
  of the generator over the same code, so the forward sweep knows what to record.
* Derivative rules come from the op table, evaluated with the IR backend
  (:mod:`activity.ad.irnum`); this module never restates an op's math.
* Pruning: ``Facts`` answers from the activity analysis (``prune=True``) or says "all
  active" (``prune=False``).  Inactive ops get no adjoint, inactive buffers no shadow,
  values only inactive adjoints would read are never materialised, hence never taped.
"""

from __future__ import annotations

import warnings
from typing import Any

from xdsl.dialects import func, memref
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AnyFloat,
    MemRefType,
    ModuleOp,
    StringAttr,
    UnitAttr,
)
from xdsl.ir import Attribute, Block, BlockArgument, Operation, Region, SSAValue

from activity.ad.builder import INDEX, IP, Builder
from activity.ad.costs import GATHER_WEIGHT
from activity.ad.costs import _op_weight as _op_weight  # (tests read it from here)
from activity.ad.costs import _searched as _searched  # (tests read it from here)
from activity.ad.errors import GradError, describe
from activity.ad.facts import Facts
from activity.ad.forall import normalize_forall
from activity.ad.funcgen import FuncGen
from activity.ad.llvmmem import is_llvm_ptr, normalize_llvm
from activity.ad.plan import INLINE, SPLIT, TAPE_ATTR, CameFrom, FwdShadow, Plan, PtrOffset, Trip
from activity.ad.rules.tensor import is_float_tensor
from activity.ad.selects import _select_arm_slices
from activity.ad.signature import (
    Names,
    RevSignature,
    _check_root_types,
    _warn_nothing_to_seed,
    grad_layout,
)
from activity.ad.tape import STACK_TYPES, Stack, free_stack, init_stack, reserve_function
from activity.ad.untape import _tape_weight, untape
from activity.engine.program import Program, has_body
from activity.engine.types import is_pointer
from activity.errors import ActivityError, outside_stacklevel
from activity.frontend import carry_location
from activity.ops import OpKind, lookup, op_name


class Differentiator:
    """Drives the generation of ``F_grad`` and the ``_aug``/``_rev`` pairs it needs."""

    def __init__(self, module: ModuleOp, func_name: str, args: Any, prune: bool,
                 measure: bool = False, alias_args: str = "distinct",
                 inline: bool = False, strict_adjoints: bool = False,
                 strong_zero: bool = False) -> None:
        from activity.analyses import analyze

        # adjoint sums in the reverse sweep's order and roundings (False: reassoc,contract
        # on the sums, contract on the products they sum: FMAs)
        self.strict_adjoints = strict_adjoints
        # every adjoint * partial guarded (else: the select slices', _select_arm_slices)
        self.strong_zero = strong_zero

        self.measure = measure  # F_grad also returns the stacks' heights (for stats)
        # what a load at an index a search found adds to a recompute's cost (read
        # here, so that a test may set this module's GATHER_WEIGHT)
        self.gather_weight = GATHER_WEIGHT
        self.root_builder_made: dict[int, tuple[str, str]] = {}

        self.module = module.clone()
        # ``orig`` maps id(op of our clone) -> the user's op, for messages.  Ids are only
        # unique among live objects: ``alive`` holds every op that is or was a key, so
        # that no op erased below (a normalized llvm op, an inlined call) frees its id for
        # a new op to take -- and with it another op's source location.
        self.alive: list[Operation] = list(self.module.walk())
        self.orig = {id(c): o for c, o in zip(self.alive, module.walk(), strict=False)}
        carry_location(self.module, module)
        for new, old in [*normalize_llvm(self.module).items(),
                         *normalize_forall(self.module, GradError).items()]:
            if id(old) in self.orig:
                self.orig[new] = self.orig[id(old)]
        self.alive += self.module.walk()
        self.program = Program.of(self.module)
        if func_name not in self.program.functions:
            known = ", ".join(sorted(self.program.functions)) or "none"
            raise ActivityError(f"unknown function '@{func_name}' (functions: {known})")
        if not has_body(self.program.functions[func_name]):
            raise ActivityError(f"function '@{func_name}' is a declaration without a body")
        if inline:  # small leaf callees in loops (activity.ad.inline)
            from activity.ad.inline import inline_loop_calls

            n_inlined, made = inline_loop_calls(self.module, func_name)
            self.alive += self.module.walk()
            for new, src in made.items():
                self.orig[new] = self.orig.get(id(src), src)
            if n_inlined:
                self.program = Program.of(self.module)
        self.tapebody: list[Any] = []  # (extended generic, its original): tapebody.py
        from activity.tensor import opts

        if opts.enabled("tapebody"):
            from activity.ad.tapebody import origins, tape_bodies

            self.tapebody = tape_bodies(self.module)
            for new_op, old_op in origins(self.tapebody):
                self.alive.append(new_op)
                if id(old_op) in self.orig:
                    self.orig[id(new_op)] = self.orig[id(old_op)]
            for _new, old_op in self.tapebody:
                old_op.detach()
                old_op.erase(safe_erase=False)
            if self.tapebody:
                self.program = Program.of(self.module)
        # max/min/product reductions: bodies without fast-math flags, the same bits in
        # every nest that recomputes them (activity/ad/exactbody.py)
        from activity.ad.exactbody import exact_bodies

        self.exact = exact_bodies(self.module)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            self.result = analyze(self.module, func_name, args, alias_args=alias_args)
        from activity.errors import ActivityWarning

        for wop, msg in self.result.warnings:  # re-issued with the user's locations
            src = self.orig.get(id(wop), wop) if wop is not None else None
            warnings.warn(f"{describe(src)}: {msg}; assuming the conservative fallback",
                          ActivityWarning, stacklevel=outside_stacklevel())
        self.facts = Facts(self.result, prune)
        self.root = func_name
        self.root_kinds = self.result.arg_activities(func_name)
        # values whose adjoint may be a select's masked zero (see _select_arm_slices)
        self.guarded = _select_arm_slices(self.program, self.facts, "plain")
        # ... where the masked zero can only come from min/max selects (rules/scalar.py)
        self.guarded_minmax = _select_arm_slices(self.program, self.facts,
                                                 "minmax") - self.guarded
        root = self.program.functions[func_name]
        if not prune:
            for param, kind in zip(root.regions[0].blocks[0].args, self.root_kinds,
                                   strict=False):
                if kind == "const" and is_llvm_ptr(param.type):
                    c = self.facts.classes(param)
                    if c not in (-1, 0):
                        self.facts.const_ptr_classes |= c
        _check_root_types(self.orig.get(id(root), root), root, self.root_kinds, self.facts)
        _warn_nothing_to_seed(self.orig.get(id(root), root), self.root_kinds)
        self.prune = prune
        self.atomic_updates = 0  # scf.parallel shadow updates made atomic
        self.atomics_avoided = 0  # ... and proved iteration-private (plain)
        self.scalar_reductions = 0  # adjoints of outer scalars summed by scf.reduce
        self._trips: dict[int, Trip] = {}
        self._came: dict[int, CameFrom] = {}
        self._ptr_offsets: dict[int, PtrOffset] = {}
        self._fwd_shadows: dict[int, FwdShadow] = {}
        self._names: dict[str, Names] = {}
        self._sigs: dict[str, RevSignature] = {}
        taken = set(self.program.functions) | set(self.program.globals)
        self.grad_name = self._fresh(func_name + "_grad", taken)
        self._taken = taken
        self.uses_stack: dict[tuple[str, str], bool] = {}
        self.reserve: tuple[str, str] | None = None  # the stack-growth helper functions
        self.shadow_globals: dict[str, tuple[str, Attribute]] = {}
        self.plans: dict[tuple[str, str], Plan] = {}
        # checkpointed loops emitted: (function, loop, K or None, written buffers)
        self.checkpoints: list[tuple[str, Any, int | None, list[Any]]] = []
        self.gens: dict[tuple[str, str], FuncGen] = {}

    @staticmethod
    def _fresh(name: str, taken: set[str]) -> str:
        out, k = name, 1
        while out in taken:
            out = f"{name}_{k}"
            k += 1
        taken.add(out)
        return out

    def shadow_global(self, sym: str, t: Attribute) -> str:
        """The symbol of the zero-initialised shadow of global ``sym``."""
        got = self.shadow_globals.get(sym)
        if got is None:
            got = (self._fresh(sym + "_shadow", self._taken), t)
            self.shadow_globals[sym] = got
        return got[0]

    def zero_shadow_globals(self, gen: FuncGen) -> None:
        """At the start of ``F_grad``: the shadows of globals start at zero."""
        for name, t in self.shadow_globals.values():
            g = gen.b.v(memref.GetGlobalOp(name, t))
            gen.b.fill(g, gen.zero(t.element_type))  # type: ignore[attr-defined]

    def came(self, blk: Block) -> CameFrom:
        t = self._came.get(id(blk))
        if t is None:
            t = self._came[id(blk)] = CameFrom(blk)
        return t

    def fwd_shadow(self, v: SSAValue) -> FwdShadow:
        t = self._fwd_shadows.get(id(v))
        if t is None:
            t = self._fwd_shadows[id(v)] = FwdShadow(v)
        return t

    def ptr_offset(self, arg: BlockArgument) -> PtrOffset:
        t = self._ptr_offsets.get(id(arg))
        if t is None:
            t = self._ptr_offsets[id(arg)] = PtrOffset(arg)
        return t

    def trip(self, op: Operation) -> Trip:
        t = self._trips.get(id(op))
        if t is None:
            t = self._trips[id(op)] = Trip(op)
        return t

    def names(self, fname: str) -> Names:
        n = self._names.get(fname)
        if n is None:
            n = Names(self._fresh(fname + "_aug", self._taken),
                      self._fresh(fname + "_rev", self._taken))
            self._names[fname] = n
        return n

    def rev_signature(self, fname: str) -> RevSignature:
        s = self._sigs.get(fname)
        if s is not None:
            return s
        f = self.program.functions[fname]
        params = list(f.regions[0].blocks[0].args)
        outs = list(f.function_type.outputs.data)  # type: ignore[attr-defined]
        ins = [p.type for p in params]
        shadow_params = [i for i, p in enumerate(params) if self.facts.has_shadow(p)]
        ins += [params[i].type for i in shadow_params]
        # (tensors of floats too: their seeds and adjoints are tensors, rules/tensor.py)
        seed_results = [j for j, t in enumerate(outs)
                        if isinstance(t, AnyFloat) or is_float_tensor(t)]
        ins += [outs[j] for j in seed_results]
        adj_params = [i for i, p in enumerate(params)
                      if (isinstance(p.type, AnyFloat) or is_float_tensor(p.type))
                      and self.facts.has_adjoint(p)]
        result_shadows: list[tuple[int, SSAValue]] = []
        blocks = f.regions[0].blocks
        ret = blocks[0].last_op if len(blocks) == 1 else None
        for j, t in enumerate(outs):
            if not is_pointer(t) or ret is None or op_name(ret) != "func.return":
                continue
            u = ret.operands[j]
            spec = lookup(u.owner) if isinstance(u.owner, Operation) else None
            if (spec is not None and spec.kind == OpKind.MEM_ALLOC and self.facts.has_shadow(u)
                    and u.owner.parent_block() is blocks[0]  # type: ignore[union-attr]
                    and isinstance(t, MemRefType) and DYNAMIC_INDEX not in t.get_shape()):
                result_shadows.append((j, u))
                ins.append(t)
        s = RevSignature(ins, [params[i].type for i in adj_params], shadow_params,
                         seed_results, adj_params, result_shadows)
        self._sigs[fname] = s
        return s

    def _plan(self, key: tuple[str, str]) -> tuple[Plan, FuncGen]:
        """The planning run for one (function, role), twice where it tapes values of
        ``scf.parallel`` iterations: the second run may read what the first one tapes
        when it decides whether such a value is recomputable (``TapePlan.decide``), so a
        value computed from taped ones (LBM's per-direction ``s3``, from the taped
        ``rho``, ``jx``, ``jy``) is recomputed rather than taped too.  Elsewhere the
        second run would decide the same, so it does not run.  The second plan is kept
        when its tapes weigh less (a tape counts 1000^d for d enclosing loops) and it
        plans without error."""
        plan = Plan()
        from activity.tensor import opts

        gen = FuncGen(self, key[0], key[1], plan, "plan")
        with opts.muted():  # (discarded code: only the emission counts)
            for fop in gen.generate():
                fop.drop_all_references()
        if not any(keys and gen.par.enclosing_parallel(b) is not None
                   for b, keys in plan.tapes.items()):
            return plan, gen
        hint = frozenset(k for k, d in plan.decisions.items() if d == "tape")
        again = Plan(hint=hint)
        gen2 = FuncGen(self, key[0], key[1], again, "plan")
        try:
            with opts.muted():
                for fop in gen2.generate():
                    fop.drop_all_references()
        except GradError:
            return plan, gen
        if _tape_weight(again) < _tape_weight(plan):
            return again, gen2
        return plan, gen

    def run(self) -> tuple[ModuleOp, list[func.FuncOp]]:
        root_f = self.program.functions[self.root]
        blocks = root_f.regions[0].blocks
        single = len(blocks) == 1 and op_name(blocks[0].last_op) == "func.return"  # type: ignore[arg-type]
        root_role = INLINE if single else SPLIT
        # 1. planning runs (discarded code), discovering the callees whose reverse is needed
        work = [(self.root, root_role)]
        while work:
            key = work.pop(0)
            if key in self.plans:
                continue
            plan, gen = self._plan(key)
            self.plans[key] = plan
            untape(gen, plan)
            for c in plan.callees:
                work.append((c, SPLIT))
        # 2. which (function, role) needs the stacks (fixpoint over calls)
        for key, plan in self.plans.items():
            self.uses_stack[key] = any(plan.dynamic_keys(b) for b in plan.tapes) or \
                plan.ret_push or bool(plan.edge_blocks)
        changed = True
        while changed:
            changed = False
            for key, plan in self.plans.items():
                if self.uses_stack[key]:
                    continue
                if any(self.uses_stack.get((c, SPLIT), False) for c in plan.callees):
                    self.uses_stack[key] = True
                    changed = True
        # 3. emission
        made: list[func.FuncOp] = []
        if any(self.uses_stack.values()):
            self.reserve = (self._fresh("__ad_reserve_f64", self._taken),
                            self._fresh("__ad_reserve_index", self._taken))
            made += [reserve_function(self.reserve[0], STACK_TYPES[0]),  # type: ignore[list-item]
                     reserve_function(self.reserve[1], STACK_TYPES[1])]  # type: ignore[list-item]
        from activity.tensor import opts

        with opts.counting() as tensor_opts:  # (the emission only: planning runs discard)
            for key, plan in self.plans.items():
                gen = FuncGen(self, key[0], key[1], plan, "emit")
                self.gens[key] = gen
                made.extend(gen.generate())
            if self.tapebody:  # (extra outputs nothing reads dropped: tapebody.py)
                from activity.ad.tapebody import restore, strip_unused

                for fop in made:
                    strip_unused(fop)
                restore(self.tapebody)
            from activity.ad.exactbody import restore as restore_flags

            restore_flags(self.exact)
            from activity.ad.tensor_recompute import recompute_tensors
            from activity.tensor.bufferize import has_tensors

            for fop in made:
                if has_tensors(fop):
                    recompute_tensors(fop)
        self.tensor_opts = dict(tensor_opts)
        if root_role == SPLIT:
            made.append(self._split_root())
        for sym, (name, t) in self.shadow_globals.items():
            self.module.body.block.add_op(memref.GlobalOp.get(
                StringAttr(name), t, UnitAttr(), StringAttr("private")))
            del sym
        for fop in made:
            self.module.body.block.add_op(fop)
        from activity.ad.dce import dce

        for fop in made:
            dce(fop)
        from activity.ad.stats import collect

        self.stats = collect(self, made)
        return self.module, made

    def _split_root(self) -> func.FuncOp:
        """``F_grad`` for an unstructured root: ``F_aug`` then ``F_rev``."""
        f = self.program.functions[self.root]
        params = list(f.regions[0].blocks[0].args)
        outs = list(f.function_type.outputs.data)  # type: ignore[attr-defined]
        kinds = self.root_kinds
        ins, ppos, shadow_pos = grad_layout(params, kinds)
        seeds_at = len(ins)
        float_res = [j for j, t in enumerate(outs) if isinstance(t, AnyFloat)]
        ins += [outs[j] for j in float_res]
        active = [i for i, kd in enumerate(kinds) if kd == "active"]
        blk = Block(arg_types=ins)
        fop = func.FuncOp(self.grad_name, (ins, [params[i].type for i in active]
                                           + ([INDEX, INDEX] if self.measure else [])),
                          Region([blk]))
        b = Builder()
        b.ip = IP(blk)
        gen = self.gens[(self.root, SPLIT)]
        saved_b = gen.b
        gen.b = b
        gen.const_ip = IP(blk)
        gen.consts = {}
        stack = self.uses_stack.get((self.root, SPLIT), False)
        args = [blk.args[ppos[i]] for i in range(len(params))]
        with b.in_pass("adjoint"):
            self.zero_shadow_globals(gen)
        st = None
        if stack:
            with b.in_pass("tape"):
                st = init_stack(b)
        names = self.names(self.root)
        call = func.CallOp(names.aug, args + ([st.fbuf, st.ibuf, st.cursors] if st else []),
                           outs + (list(STACK_TYPES) if st else []))
        b.emit(call)
        if st is not None:
            st = Stack(call.results[-2], call.results[-1], st.cursors)
        heights: list[SSAValue] = []
        if self.measure:
            heights = ([b.load(st.cursors, [b.index(k)]) for k in (0, 1)] if st is not None
                       else [b.index(0), b.index(0)])
        b.sweep = "reverse"
        sig = self.rev_signature(self.root)
        rargs = list(args)
        temps = []
        for i in sig.shadow_params:
            if i in shadow_pos:
                rargs.append(blk.args[shadow_pos[i]])
            else:
                sh = gen.shadows.dummy_shadow(params[i].type, args[i], f)
                temps.append(sh)
                rargs.append(sh)
        for k in range(len(float_res)):
            rargs.append(blk.args[seeds_at + k])
        for j, _u in sig.result_shadows:  # nobody reads F's returned buffers' shadows
            sh = gen.shadows.dummy_shadow(outs[j], None, f)
            temps.append(sh)
            rargs.append(sh)
        if st is not None:
            rargs += [st.fbuf, st.ibuf, st.cursors]
        rcall = func.CallOp(names.rev, rargs, sig.out_types)
        b.emit(rcall)
        res = []
        for i in active:
            if i in sig.adj_params:
                res.append(rcall.results[sig.adj_params.index(i)])
            else:
                res.append(gen.zero(params[i].type))
        if st is not None:
            free_stack(b, st)
        for m in temps:
            b.emit(memref.DeallocOp.get(m))
        b.emit(func.ReturnOp(*res, *heights))
        gen.functions.append(fop)
        gen.b = saved_b
        self.root_builder_made = b.made
        return fop



# The generator was one module; the names other modules and tests import from here
# stay importable from here.
__all__ = ["GATHER_WEIGHT", "TAPE_ATTR", "CameFrom", "Differentiator", "FuncGen", "GradError",
           "Plan", "RevSignature", "Trip", "describe", "grad_layout", "untape"]
