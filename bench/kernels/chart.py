#!/usr/bin/env python3
"""Bar chart of a kernel suite's ratios (Kiln speed / peer speed).

    python3 bench/kernels/chart.py RESULTS.json [CHART.png] [--title TEXT]

RESULTS.json is what kiln-bench-kernels-cpu --json (and the GPU suite)
write: {"device", "date", "jobs": [{"job", "kiln", "peer", "peer_name",
"unit", "ratio"}, ...]}. One horizontal bar per job and peer, a line at
1.0 (parity; right of it Kiln is faster); a job whose ratio is null (one
side failed) is left out and named. Without matplotlib it says so and
exits 0, so a suite script still finishes where only the numbers can be
had.
"""
import argparse
import json
import sys


def load(path):
    with open(path, encoding="utf-8") as f:
        results = json.load(f)
    for key in ("device", "date", "jobs"):
        if key not in results:
            raise ValueError(f"{path}: no '{key}' field")
    for i, job in enumerate(results["jobs"]):
        for key in ("job", "peer_name", "ratio"):
            if key not in job:
                raise ValueError(f"{path}: job {i} has no '{key}' field")
    return results


def draw(results, jobs, out_path, title, pyplot):
    peers = sorted({job["peer_name"] for job in jobs})
    colors = pyplot.get_cmap("tab10")
    labels = [f'{job["job"]} vs {job["peer_name"]}' for job in jobs]
    ratios = [float(job["ratio"]) for job in jobs]
    figure, axes = pyplot.subplots(figsize=(10, 0.45 * len(jobs) + 1.6))
    rows = range(len(jobs))
    bars = axes.barh(rows, ratios, color=[colors(peers.index(job["peer_name"]))
                                          for job in jobs])
    axes.set_yticks(list(rows), labels, fontsize=8)
    axes.invert_yaxis()  # the first job on top, as in the table
    axes.axvline(1.0, color="black", linewidth=1)
    axes.bar_label(bars, labels=[f"{r:.2f}" for r in ratios], padding=3,
                   fontsize=8)
    axes.set_xlabel("Kiln speed / peer speed (> 1: Kiln faster)")
    axes.set_xlim(0, max(ratios + [1.0]) * 1.15)
    axes.set_title(title or f'{results["device"]}\n{results["date"]}',
                   fontsize=9)
    figure.tight_layout()
    figure.savefig(out_path, dpi=120)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", help="the suite's JSON file")
    parser.add_argument("output", nargs="?",
                        help="PNG to write (default: RESULTS with .png)")
    parser.add_argument("--title", help="chart title (default: device, date)")
    args = parser.parse_args()
    try:
        results = load(args.results)
    except (OSError, ValueError) as error:
        print(f"chart.py: error: {error}", file=sys.stderr)
        return 1
    jobs = [job for job in results["jobs"] if job["ratio"] is not None]
    for job in results["jobs"]:
        if job["ratio"] is None:
            peer = job["peer_name"] or "no peer"
            print(f'chart.py: no ratio for {job["job"]} ({peer}); left out')
    if not jobs:
        print(f"chart.py: no ratios in {args.results}; no chart written")
        return 0
    try:
        import matplotlib
        matplotlib.use("Agg")
        from matplotlib import pyplot
    except ImportError:
        print("chart.py: matplotlib is not installed; skipping the chart "
              f"(the numbers are in {args.results})")
        return 0
    out_path = args.output or args.results.rsplit(".", 1)[0] + ".png"
    draw(results, jobs, out_path, args.title, pyplot)
    print(f"chart.py: wrote {out_path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
