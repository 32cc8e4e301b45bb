#!/usr/bin/env python3
"""peak_rss.py LIMIT_MB CMD...: runs CMD (its stdout passes through) and
prints "peak rss ok" on stderr if its peak resident memory stayed under
LIMIT_MB, else "peak rss N MB over LIMIT_MB"; exits with CMD's status. A
memory bound, not a time limit, is the regression signal of a stress test:
it does not depend on the machine's load."""
import resource
import subprocess
import sys

limit_mb = int(sys.argv[1])
status = subprocess.call(sys.argv[2:])
peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
if peak_mb < limit_mb:
    print("peak rss ok", file=sys.stderr)
else:
    print(f"peak rss {peak_mb} MB over {limit_mb} MB", file=sys.stderr)
sys.exit(status)
