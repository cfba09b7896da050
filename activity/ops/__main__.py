"""``python -m activity.ops --markdown``: print the op table as docs/subset.md's table."""

from __future__ import annotations

import sys

from activity.ops.doc import render_markdown

if __name__ == "__main__":
    if "--markdown" not in sys.argv[1:]:
        print("usage: python -m activity.ops --markdown", file=sys.stderr)
        sys.exit(2)
    sys.stdout.write(render_markdown())
