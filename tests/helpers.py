"""Small helpers for tests: analyse MLIR text and look values up by tag; load the
benchmark kernels; run the CLI in-process."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import sys
import warnings
from pathlib import Path
from typing import Any

from xdsl.dialects.builtin import StringAttr
from xdsl.ir import Operation

import activity


def run(text: str, func: str | None = "f", args: Any = None, **kw: Any) -> tuple[Any, dict]:
    """Analyse and return (result, tag -> op)."""
    m = activity.parse(text)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        r = activity.analyze(m, func, args, **kw)
    tags: dict[str, Operation] = {}
    for op in m.walk():
        t = op.attributes.get("tag")
        if isinstance(t, StringAttr):
            tags[t.data] = op
    return r, tags


def act(r: Any, tags: dict, tag: str) -> str:
    """'active' | 'varied' | 'useful' | 'const' for the (first) result of a tagged op."""
    return r.value(tags[tag].results[0]).word


def benchmark_kernels() -> Any:
    """``benchmarks/kernels`` loaded by path (``benchmarks`` collides with a package
    xDSL installs), once per session."""
    name = "activity_benchmark_kernels"
    if name not in sys.modules:
        path = Path(__file__).resolve().parents[1] / "benchmarks" / "kernels" / "__init__.py"
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return sys.modules[name]


def cli(*args: str) -> tuple[int, str, str]:
    """``activity ARGS...`` in this process: (exit code, stdout, stderr)."""
    from activity.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            rc = main(list(args))
        except SystemExit as e:
            rc = int(e.code or 0)
    return rc, out.getvalue(), err.getvalue()
