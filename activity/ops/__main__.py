"""``python -m activity.ops --markdown`` prints the op table as Markdown;
``python -m activity.ops --update docs/subset.md`` rewrites the generated part."""

from __future__ import annotations

import sys

from activity.ops.doc import render_markdown, update_file

if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["--markdown"]:
        sys.stdout.write(render_markdown())
    elif args[:1] == ["--update"] and len(args) == 2:
        update_file(args[1])
    else:
        print("usage: python -m activity.ops --markdown | --update FILE", file=sys.stderr)
        sys.exit(2)
