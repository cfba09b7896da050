"""The ``activity`` command line.

Errors the user can fix (bad file, malformed IR, unknown function, bad argument spec)
print one ``FILE:LINE:COL: error: ...`` line and exit with status 2, never a traceback.
A bug of ours prints one ``FILE: internal error: ...`` line and exits with status 3
(``ACTIVITY_TRACEBACK=1`` shows the traceback).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
import warnings
from collections.abc import Sequence

from activity.argspec import parse_args_spec as _parse_args_spec
from activity.errors import ActivityError
from activity.output import write_output as _write

EPILOG = """\
examples:
  activity report examples/quickstart.mlir
  activity report prog.mlir --func f --args x=active,buf=dup,n=const
  activity report prog.mlir --func f --args active,const,dup --format json
  activity report prog.mlir --format enzyme        # Enzyme's print-activity-analysis lines
  activity report prog.mlir --format mlir -o annotated.mlir
"""


# subcommands defined by other packages, loaded only when named (``activity --help``
# lists them by these lines; tests/test_cli.py checks they match the real parsers)
LAZY_COMMANDS = {
    "grad": "generate the reverse-mode gradient of a function",
    "run": "run a function with the reference interpreter",
    "verify": "search counterexamples to activity claims with Z3 (bounded)",
    "cc": "compile C that calls __enzyme_autodiff into a native program",
}


def _command_of(argv: Sequence[str]) -> str | None:
    """The subcommand named in ``argv`` (the first argument not an option)."""
    for a in argv:
        if not a.startswith("-"):
            return a
    return None


def _build_parser(command: str | None = "*") -> argparse.ArgumentParser:
    """The parser; the subcommands of other packages are built (and their packages
    imported) only for ``command`` (``"*"``: all of them)."""
    p = argparse.ArgumentParser(
        prog="activity",
        description="Sound activity analysis for automatic differentiation of MLIR programs.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=EPILOG,
    )
    p.add_argument("--version", action="store_true", help="print the version and exit")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    r = sub.add_parser(
        "report", help="report which values and ops are active",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=EPILOG,
        description="Analyse FILE (MLIR, custom or generic syntax) and report activity: "
                    "a value is varied if it depends on an active input, useful if an "
                    "active output depends on it, active if both.",
    )
    r.add_argument("file", help="the .mlir file ('-' for standard input)")
    r.add_argument("--func", action="append", default=None,
                   help="function to analyse (repeatable; default: every public function)")
    r.add_argument("--args", default=None, metavar="SPEC",
                   help="argument activities: 'active,const,dup' by position or "
                        "'x=active,m=dup' by name/tag/index (default: arg attributes, "
                        "then floats active, integers const, buffers dup)")
    r.add_argument("--format", choices=("text", "json", "enzyme", "mlir"), default="text")
    r.add_argument("--alias-args", choices=("distinct", "may"), default="distinct",
                   help="whether distinct pointer/memref arguments may alias "
                        "(default: distinct)")
    r.add_argument("--strict", action="store_true",
                   help="fail instead of warning when an op or function outside the "
                        "subset forces the conservative fallback")
    r.add_argument("--mode", choices=("whole-program", "summaries"), default="whole-program",
                   help="whole-program (callees analysed in place) or summaries (each "
                        "function alone, calls through derived summaries)")
    r.add_argument("--summaries", action="append", default=[], metavar="FILE",
                   help="summary file for declarations without a body (repeatable; "
                        "'libc' names the shipped C math/memory set)")
    r.add_argument("-o", "--output", default=None, help="write the report here")

    s = sub.add_parser(
        "summarize", help="derive function summaries of a library",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Derive a summary (which results and argument memory may depend on "
                    "which arguments and argument memory; what it reads, writes, "
                    "allocates, returns, captures) for every public function of LIB. "
                    "Several modules (files, directories) are linked by name: a call "
                    "into another module uses that module's summary.  Modules are "
                    "derived callees first, in parallel, and every derived summary is "
                    "cached, so an unchanged function is never derived again.",
        epilog="examples:\n  activity summarize lib.mlir -o lib.summaries.json\n"
               "  activity summarize lib.mlir --check lib.summaries.json\n"
               "  activity summarize lib.mlir --annotate lib.summarized.mlir\n"
               "  activity summarize src/ more.mlir -j 8 -o all.summaries.json\n",
    )
    s.add_argument("file", nargs="+", metavar="LIB",
                   help="the library: .mlir files or directories (searched for .mlir)")
    s.add_argument("-j", "--jobs", type=int, default=None, metavar="N",
                   help="worker processes (default: one per core, at most one per file)")
    s.add_argument("--cache", default=None, metavar="DIR",
                   help="the summary cache (default: $ACTIVITY_CACHE_DIR, else "
                        "~/.cache/activity)")
    s.add_argument("--no-cache", action="store_true", help="derive everything afresh")
    s.add_argument("-o", "--output", default=None, help="write the summary JSON here "
                   "(default: standard output)")
    s.add_argument("--summaries", action="append", default=[], metavar="FILE",
                   help="summaries of functions the library calls but does not define")
    s.add_argument("--check", default=None, metavar="FILE",
                   help="check that FILE's summaries cover what the bodies do (exit 1 if not)")
    s.add_argument("--annotate", default=None, metavar="OUT",
                   help="also write the module with activity.summary attributes to OUT")

    c = sub.add_parser(
        "compare", help="compare whole-program and summaries modes",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Per function: inactive ops under whole-program and summaries modes, "
                    "the ops where they differ, and the parity percentage.",
        epilog="examples:\n  activity compare prog.mlir\n"
               "  activity compare prog.mlir --func f --format json\n",
    )
    c.add_argument("file")
    c.add_argument("--func", action="append", default=None)
    c.add_argument("--args", default=None, metavar="SPEC")
    c.add_argument("--alias-args", choices=("distinct", "may"), default="distinct")
    c.add_argument("--summaries", action="append", default=[], metavar="FILE")
    c.add_argument("--format", choices=("text", "json"), default="text")
    if command in ("*", "grad", "run"):
        from activity.ad.cli import add_subcommands

        add_subcommands(sub)  # grad, run
    if command in ("*", "verify"):
        from activity.verify import add_subcommand as add_verify

        add_verify(sub)  # verify
    if command in ("*", "cc"):
        from activity.cc import add_subcommand as add_cc

        add_cc(sub)  # cc
    real = dict(sub.choices)
    for name, text in LAZY_COMMANDS.items():
        if name not in real:
            sub.add_parser(name, help=text)
    for sp in real.values():
        sp.add_argument("-q", "--quiet", action="store_true",
                            help="no progress line on standard error (shown only on a "
                                 "terminal, after about two seconds)")
    for name in ("report", "compare", "grad", "run", "verify", "cc"):
        if name in real:  # (a .c or .ll FILE is compiled: activity.cfront)
            real[name].add_argument("--cflags", default=None, metavar="FLAGS",
                                    help="clang-22 flags for a .c FILE, written "
                                         "--cflags='-O1 -DN=4' (default: -O2 "
                                         "-fno-vectorize -fno-slp-vectorize "
                                         "-fno-unroll-loops -ffast-math)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    parser = _build_parser(_command_of(args))
    ns = parser.parse_args(args)
    if ns.version:
        from activity import __version__

        print(f"activity {__version__}")
        return 0
    if ns.command is None:
        parser.print_help()
        return 2
    from activity import progress
    from activity.cfront import using_cflags

    try:
        with progress.reporting(quiet=getattr(ns, "quiet", False)), \
                using_cflags(getattr(ns, "cflags", None)):
            return _dispatch(ns)
    except ActivityError as e:
        if e.file is None and getattr(ns, "file", None) not in (None, "-"):
            e.file = ns.file
        print(f"activity: {e}" if not e.where else str(e), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("activity: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (``activity grad f.mlir | head``)
        try:  # (so that the interpreter's last flush of stdout does not complain)
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError, io.UnsupportedOperation):
            pass
        return 141
    except Exception as e:  # noqa: BLE001 - a bug of ours: one line, not a traceback
        if os.environ.get("ACTIVITY_TRACEBACK"):
            raise
        where = getattr(ns, "file", None)
        print(f"{where + ': ' if where not in (None, '-') else ''}internal error: "
              f"{type(e).__name__}: {e} (a bug in activity; ACTIVITY_TRACEBACK=1 shows "
              "where)", file=sys.stderr)
        return 3
    return 2


def _dispatch(ns: argparse.Namespace) -> int:
    if ns.command == "report":
        return _report(ns)
    if ns.command == "summarize":
        return _summarize(ns)
    if ns.command == "compare":
        return _compare(ns)
    if ns.command in ("grad", "run"):
        from activity.ad.cli import dispatch

        return dispatch(ns)
    if ns.command == "verify":
        from activity.verify import dispatch as verify_dispatch

        return verify_dispatch(ns)
    if ns.command == "cc":
        from activity.cc import dispatch as cc_dispatch

        return cc_dispatch(ns)
    return 2


def _read_input(path: str) -> tuple[object, str]:
    if path == "-":
        return sys.stdin.read(), "<stdin>"
    return path, path


def _report(ns: argparse.Namespace) -> int:
    import activity
    from activity import progress
    from activity.report import render_enzyme, render_text

    progress.phase("parsing")
    source, name = _read_input(ns.file)
    module = activity.parse(source, name=name) if name == "<stdin>" else activity.parse(source)
    funcs = ns.func[0] if ns.func and len(ns.func) == 1 else ns.func
    spec = _parse_args_spec(ns.args)
    if spec is not None and isinstance(funcs, list):
        raise ActivityError("--args needs exactly one --func")
    if not ns.func and spec is None:  # one analysis per __enzyme_autodiff call
        from activity.report import report_calls

        if (text := report_calls(module, ns)) is not None:
            _write(text, ns.output)
            return 0
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = activity.analyze(module, funcs, spec, alias_args=ns.alias_args,
                                  strict=ns.strict, mode=ns.mode,
                                  summaries=ns.summaries or None)
    for w in caught:
        print(f"{w.message}".replace(": ", ": warning: ", 1), file=sys.stderr)
    progress.phase("writing the report")
    if ns.format == "json":
        text = json.dumps(result.to_json(), indent=2) + "\n"
    elif ns.format == "enzyme":
        text = render_enzyme(result)
    elif ns.format == "mlir":
        result.annotate("activity")
        from activity.printing import module_text

        text = module_text(module, True) + "\n"
    else:
        text = render_text(result)
    if ns.output:
        try:
            with open(ns.output, "w") as fh:
                fh.write(text)
        except OSError as e:
            raise ActivityError(f"cannot write {ns.output}: {e.strerror}") from None
    else:
        sys.stdout.write(text)
    return 0


def _summarize(ns: argparse.Namespace) -> int:
    import activity
    from activity import progress
    from activity.api import load_summaries
    from activity.summaries.model import dump_file, load_file
    from activity.summaries.tools import check, summarize

    ext = load_summaries(ns.summaries or None)
    annotate = ns.annotate is not None
    files = ns.file
    if ns.jobs is not None and ns.jobs < 1:
        raise ActivityError("-j must be at least 1")
    if annotate:
        if len(files) != 1 or os.path.isdir(files[0]):
            raise ActivityError("--annotate takes exactly one module file")
        ns.file = files[0]
        progress.phase("parsing")
        module = activity.parse(ns.file)
        derived = summarize(module, ext, annotate=annotate)
        print(f"activity: summarized {len(derived)} function(s)", file=sys.stderr)
    else:
        from activity.summaries.cache import default_dir
        from activity.summaries.multimodule import Stats, summarize_modules

        if len(files) == 1:
            ns.file = files[0]  # (errors name it)
        else:
            ns.file = None
        st = Stats()
        cache = None if ns.no_cache else (ns.cache or default_dir())
        derived = summarize_modules(files, ext, jobs=ns.jobs, cache_dir=cache, stats=st)
        for n in st.ambiguous:
            print(f"activity: note: private function '@{n}' is defined in several "
                  "modules; its summaries are left out", file=sys.stderr)
        more = (f" from {st.modules} module(s)" if st.modules > 1 else "")
        print(f"activity: summarized {len(derived)} function(s){more} "
              f"({len(st.derived)} derived, {len(st.cached)} from the cache)",
              file=sys.stderr)
    where = " ".join(files)
    if ns.check:
        claimed = load_file(ns.check)
        bad = check(claimed, derived)
        unknown = sorted(set(claimed) - set(derived))
        for name in unknown:
            print(f"{ns.check}: warning: function '{name}' has no body in {where}; "
                  "not checked", file=sys.stderr)
        for b in bad:
            print(f"{ns.check}: error: {b}", file=sys.stderr)
        if bad:
            return 1
        print(f"{ns.check}: ok: every summary covers its function's body", file=sys.stderr)
        if ns.output is None and not annotate:
            return 0
    if annotate:
        from activity.printing import module_text

        _write(module_text(module, True) + "\n", ns.annotate)
    if ns.output is not None or not annotate:
        _write(dump_file(derived), ns.output)
    return 0


def _compare(ns: argparse.Namespace) -> int:
    from activity.api import load_summaries
    from activity.summaries.tools import compare, render_compare

    funcs = ns.func[0] if ns.func and len(ns.func) == 1 else ns.func
    spec = _parse_args_spec(ns.args)
    rows = compare(ns.file, funcs, spec, alias_args=ns.alias_args,
                   summaries=load_summaries(ns.summaries or None))
    sys.stdout.write(render_compare(rows, ns.format))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
