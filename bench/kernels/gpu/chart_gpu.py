#!/usr/bin/env python3
"""Bar chart of a suite's results JSON (bench/kernels/README.md's format):
one horizontal bar per (job, peer) with its ratio Kiln / peer, a line at
parity. Skipped with a message where matplotlib is missing.

    chart_gpu.py bench-gpu.json bench-gpu.png
"""
import json
import sys


def main(source, target):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("chart skipped: matplotlib is not installed")
        return 0
    with open(source) as f:
        result = json.load(f)
    rows = [r for r in result["jobs"] if r.get("ratio")]
    if not rows:
        print("chart skipped: no ratios in %s" % source)
        return 0
    labels = ["%s\nvs %s" % (r["job"], r["peer_name"]) for r in rows]
    ratios = [r["ratio"] for r in rows]
    fig, ax = plt.subplots(figsize=(10, 0.45 * len(rows) + 1.5))
    colors = ["tab:green" if x >= 0.95 else "tab:orange" if x >= 0.5
              else "tab:red" for x in ratios]
    bars = ax.barh(range(len(rows)), ratios, color=colors)
    for bar, r in zip(bars, rows):
        ax.text(bar.get_width() + 0.01, bar.get_y() + bar.get_height() / 2,
                "%.2f (%.3g vs %.3g %s)" % (r["ratio"], r["kiln"], r["peer"],
                                           r["unit"]),
                va="center", fontsize=7)
    ax.axvline(1.0, color="black", linewidth=0.8)
    ax.set_yticks(range(len(rows)))
    ax.set_yticklabels(labels, fontsize=7)
    ax.invert_yaxis()
    ax.set_xlim(0, max(1.2, max(ratios) * 1.35))
    ax.set_xlabel("Kiln speed / peer speed (higher is better for Kiln)")
    ax.set_title("Kiln GPU kernel suite: %s, %s" % (result["device"],
                                                     result["date"]),
                 fontsize=9)
    fig.tight_layout()
    fig.savefig(target, dpi=120)
    print("wrote %s" % target)
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: chart_gpu.py RESULTS.json CHART.png")
    sys.exit(main(sys.argv[1], sys.argv[2]))
