"""The ``--args`` specification of the command line, shared by every subcommand that
takes one (``report``, ``compare``, ``grad``, ``verify``)."""

from __future__ import annotations

from activity.errors import ActivityError


def parse_args_spec(spec: str | None) -> list[str] | dict[str, str] | None:
    """``active,const,dup`` (positional) or ``x=active,m=dup`` (by name/tag/index)."""
    if spec is None:
        return None
    parts = [p.strip() for p in spec.split(",") if p.strip()]
    if not parts:
        raise ActivityError("--args is empty")
    if any("=" in p for p in parts):
        out: dict[str, str] = {}
        for p in parts:
            if "=" not in p:
                raise ActivityError(f"--args: mix of positional and named entries ('{p}')")
            k, v = p.split("=", 1)
            if k.strip() in out:  # (x=active,x=const took the last: user test)
                raise ActivityError(f"--args: '{k.strip()}' given twice")
            out[k.strip()] = v.strip()
        return out
    return parts


__all__ = ["parse_args_spec"]
