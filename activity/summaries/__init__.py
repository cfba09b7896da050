"""Modular activity: derived function summaries, summary files, summaries mode."""

from activity.summaries.model import Summary, dump_file, load_file, loads

__all__ = ["Summary", "dump_file", "load_file", "loads"]
