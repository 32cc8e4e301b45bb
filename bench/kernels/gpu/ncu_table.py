#!/usr/bin/env python3
"""What limits each kernel of the GPU suite, from Nsight Compute: reads
`ncu --import R.ncu-rep --csv --page raw --print-units base` (one row per
profiled kernel, a metric per column, the second row their units) or
`--page details` (one row per metric: "Section Name", "Metric Name",
"Metric Unit", "Metric Value"), and the manifest that
`bench_gpu.py --profile --profile-manifest` wrote, and prints a markdown
table: job, implementation, kernel, duration, DRAM and SM throughput (% of
peak), achieved occupancy, registers per thread, shared memory per block,
the top two warp stall reasons and a verdict.

    ncu_table.py MANIFEST.json:REPORT.csv [...] [--title TEXT]
    ncu_table.py --probe REPORT.csv

`--probe` (ncu-suite.sh's probe of one kernel) prints what it reads of
each result and exits 0 if warp stall reasons are among them, 3 if not,
2 if it reads no result.

Attribution: bench_gpu.py begins each profiler range with the marker
kernel kiln_ncu_marker, so the kernels after the n-th marker (in ncu's ID
order) belong to the manifest's n-th range. Kiln's and the nvcc peer's
ranges must hold exactly one kernel; a library peer's may hold several.

Verdict: bandwidth-bound if DRAM throughput >= 70% of peak, else
compute-bound if SM throughput >= 70%, else latency-bound (with the top
stall reason). Used by scripts/ncu-suite.sh; the parser's test is
test/Tools/bench/ncu-table.test.
"""
import argparse
import csv
import io
import json
import re
import sys

MARKER = "kiln_ncu_marker"
BOUND = 70.0

# Each quantity: the raw page's metric names (newer first), then the
# details page's labels.
DURATION = ["gpu__time_duration.sum", "Duration"]
DRAM = ["gpu__dram_throughput.avg.pct_of_peak_sustained_elapsed",
        "dram__throughput.avg.pct_of_peak_sustained_elapsed",
        "DRAM Throughput"]
SM = ["sm__throughput.avg.pct_of_peak_sustained_elapsed",
      "Compute (SM) Throughput"]
OCCUPANCY = ["sm__warps_active.avg.pct_of_peak_sustained_active",
             "Achieved Occupancy"]
REGISTERS = ["launch__registers_per_thread", "Registers Per Thread"]
SHARED_STATIC = ["launch__shared_mem_per_block_static",
                 "Static Shared Memory Per Block"]
SHARED_DYNAMIC = ["launch__shared_mem_per_block_dynamic",
                  "Dynamic Shared Memory Per Block"]
# Warp stall reasons, by family in order of preference: the warps stalled
# per issued instruction (WarpStateStats), then PC sampling's counts.
STALLS = [
    ("cycles per issued instruction",
     re.compile(r"^smsp__average_warps_issue_stalled_(\w+?)"
                r"_per_issue_active\.ratio$")),
    ("cycles per issued instruction",
     re.compile(r"^smsp__average_warp_latency_issue_stalled_(\w+?)"
                r"\.ratio$")),
    ("% of active warps",
     re.compile(r"^smsp__warp_issue_stalled_(\w+?)_per_warp_active\.pct$")),
    ("samples",
     re.compile(r"^smsp__pcsamp_warps_issue_stalled_(\w+?)$")),
]
NOT_A_STALL = {"selected"}  # the warp issued


class NcuTableError(Exception):
    pass


# Reading ncu's CSV --------------------------------------------------------------

def _rows(text):
    # ncu prints its own lines (==PROF==, ==WARNING==) around the CSV.
    lines = [line for line in text.splitlines()
             if line.strip() and not line.startswith("==")]
    return list(csv.reader(io.StringIO("\n".join(lines))))


def read_results(text):
    """ncu's results in ID order: [{"id", "kernel", "metrics": {name:
    (value text, unit)}}], from either the raw or the details page."""
    rows = _rows(text)
    if not rows:
        return []
    header = rows[0]
    for needed in ("ID", "Kernel Name"):
        if needed not in header:
            raise NcuTableError("not ncu CSV: no '%s' column" % needed)
    ident, kernel = header.index("ID"), header.index("Kernel Name")
    results = {}
    if "Metric Name" in header:  # --page details
        name = header.index("Metric Name")
        unit = header.index("Metric Unit")
        value = header.index("Metric Value")
        for row in rows[1:]:
            if len(row) < len(header) or not row[ident].strip().isdigit():
                continue
            result = results.setdefault(int(row[ident]), {
                "id": int(row[ident]), "kernel": row[kernel], "metrics": {}})
            result["metrics"][row[name]] = (row[value], row[unit])
    else:  # --page raw: a units row, then one row per kernel
        body = rows[1:]
        units = [""] * len(header)
        if body and not body[0][ident].strip().isdigit():
            units, body = body[0], body[1:]
        for row in body:
            if len(row) < len(header) or not row[ident].strip().isdigit():
                continue
            results[int(row[ident])] = {
                "id": int(row[ident]), "kernel": row[kernel],
                "metrics": {header[i]: (row[i], units[i])
                            for i in range(len(header))}}
    return [results[i] for i in sorted(results)]


def _number(text):
    text = text.strip().replace(",", "")
    try:
        return float(text)
    except ValueError:
        return None


def _first(metrics, names):
    for name in names:
        if name in metrics:
            value = _number(metrics[name][0])
            if value is not None:
                return value, metrics[name][1]
    return None, None


_TIME = {"ns": 1e-3, "nsecond": 1e-3, "us": 1.0, "usecond": 1.0,
         "ms": 1e3, "msecond": 1e3, "s": 1e6, "second": 1e6}
_BYTES = {"": 1, "K": 1e3, "M": 1e6, "G": 1e9, "Ki": 1024,
          "Mi": 1024 ** 2}


def _microseconds(value, unit):
    unit = (unit or "").strip()
    if unit not in _TIME:
        raise NcuTableError("unknown duration unit '%s'" % unit)
    return value * _TIME[unit]


def _bytes(value, unit):
    match = re.match(r"^\s*(Ki|Mi|K|M|G)?(?:byte|B)(?:/block)?\s*$",
                     unit or "")
    if not match:
        raise NcuTableError("unknown shared-memory unit '%s'" % unit)
    return value * _BYTES[match.group(1) or ""]


def summarize(result):
    """The table's quantities of one result (None where ncu gave none)."""
    m = result["metrics"]
    duration, unit = _first(m, DURATION)
    static, static_unit = _first(m, SHARED_STATIC)
    dynamic, dynamic_unit = _first(m, SHARED_DYNAMIC)
    shared = None
    if static is not None or dynamic is not None:
        shared = ((_bytes(static, static_unit) if static is not None else 0)
                  + (_bytes(dynamic, dynamic_unit)
                     if dynamic is not None else 0))
    stalls, family = {}, None
    for label, pattern in STALLS:
        for name, (value, _) in m.items():
            match = pattern.match(name)
            number = _number(value) if match else None
            if match and number is not None and \
                    match.group(1) not in NOT_A_STALL and \
                    not match.group(1).endswith("_not_issued"):
                stalls[match.group(1)] = number
        if stalls:
            family = label
            break
    return {"kernel": result["kernel"],
            "duration_us": (_microseconds(duration, unit)
                            if duration is not None else None),
            "dram": _first(m, DRAM)[0], "sm": _first(m, SM)[0],
            "occupancy": _first(m, OCCUPANCY)[0],
            "registers": _first(m, REGISTERS)[0], "shared": shared,
            "stalls": stalls, "stall_family": family}


def top_stalls(stalls, count=2):
    """[(reason, share of all stall reasons in %)], largest first."""
    total = sum(stalls.values())
    ranked = sorted(stalls.items(), key=lambda kv: (-kv[1], kv[0]))
    return [(reason, 100.0 * value / total if total else 0.0)
            for reason, value in ranked[:count]]


def verdict(s):
    if s["dram"] is None or s["sm"] is None:
        return "unknown (no throughput)"
    if s["dram"] >= BOUND:
        return "bandwidth-bound"
    if s["sm"] >= BOUND:
        return "compute-bound"
    top = top_stalls(s["stalls"], 1)
    return "latency-bound (%s)" % top[0][0] if top else "latency-bound"


# Attribution ----------------------------------------------------------------------

def _is_marker(kernel):
    return re.match(r"^(void )?%s\b" % MARKER, kernel.strip()) is not None


def attribute(manifest, results):
    """[(range, [result, ...])] in the manifest's order; raises when the
    markers do not match the manifest's ranges."""
    ranges = manifest["ranges"]
    segments = []
    for result in results:
        if _is_marker(result["kernel"]):
            segments.append([])
        elif not segments:
            raise NcuTableError("kernel '%s' (ID %d) was profiled before "
                                "any marker" % (result["kernel"],
                                                result["id"]))
        else:
            segments[-1].append(result)
    if len(segments) != len(ranges):
        raise NcuTableError("%d markers in ncu's results for %d ranges in "
                            "the manifest" % (len(segments), len(ranges)))
    return list(zip(ranges, segments))


# The table ------------------------------------------------------------------------

COLUMNS = ["job", "implementation", "kernel", "duration", "DRAM % of peak",
           "SM % of peak", "achieved occupancy", "registers/thread",
           "shared memory/block", "top warp stalls", "verdict"]


def _duration(us):
    if us is None:
        return "-"
    return "%.2f ms" % (us / 1e3) if us >= 1e3 else "%.1f µs" % us


def _pct(value):
    return "-" if value is None else "%.1f%%" % value


def _kernel(name, width=40):
    name = name.strip()
    return name if len(name) <= width else name[:width - 1] + "…"


def table_rows(pairs):
    """Markdown rows of attributed ranges; problems go in the verdict."""
    rows = []
    for entry, kernels in pairs:
        one = entry["implementation"] in ("Kiln", "nvcc")
        if not kernels:
            rows.append([entry["job"], entry["implementation"], "-"] +
                        ["-"] * 7 + ["NOT CAPTURED: no kernel in its range"])
            continue
        for result in kernels:
            s = summarize(result)
            top = top_stalls(s["stalls"])
            stall_text = ", ".join("%s %.0f%%" % t for t in top) or "-"
            last = verdict(s)
            if one and len(kernels) != 1:
                last += "; %d kernels in a one-launch range" % len(kernels)
            rows.append([
                entry["job"], entry["implementation"], _kernel(s["kernel"]),
                _duration(s["duration_us"]), _pct(s["dram"]), _pct(s["sm"]),
                _pct(s["occupancy"]),
                "-" if s["registers"] is None else "%d" % s["registers"],
                "-" if s["shared"] is None else "%d B" % s["shared"],
                stall_text, last])
    return rows


def markdown(rows):
    out = ["| " + " | ".join(COLUMNS) + " |",
           "|" + "---|" * len(COLUMNS)]
    out += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(out)


def probe(path):
    try:
        with open(path) as f:
            results = read_results(f.read())
    except (OSError, NcuTableError) as error:
        print("ncu_table: %s: %s (exit status 2)" % (path, error))
        return 2
    for result in results:
        s = summarize(result)
        print("ncu_table: ID %d: %s" % (result["id"], ", ".join(
            "%s=%s" % (k, s[k]) for k in sorted(s))))
    if not results:
        print("ncu_table: %s: no result (exit status 2)" % path)
        return 2
    if any(summarize(r)["stalls"] for r in results):
        print("ncu_table: stall reasons: found")
        return 0
    print("ncu_table: stall reasons: none (exit status 3)")
    return 3


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("pairs", nargs="*", metavar="MANIFEST.json:REPORT.csv")
    p.add_argument("--title", default=None)
    p.add_argument("--probe", default=None, metavar="REPORT.csv")
    args = p.parse_args(argv)
    if args.probe:
        return probe(args.probe)
    if not args.pairs:
        p.error("no MANIFEST.json:REPORT.csv")
    rows, problems, families = [], [], set()
    for pair in args.pairs:
        manifest_path, _, csv_path = pair.rpartition(":")
        if not manifest_path:
            p.error("'%s' is not MANIFEST.json:REPORT.csv" % pair)
        try:
            with open(manifest_path) as f:
                manifest = json.load(f)
            with open(csv_path) as f:
                results = read_results(f.read())
            pairs = attribute(manifest, results)
        except (OSError, ValueError, NcuTableError) as error:
            problems.append("%s: %s" % (pair, error))
            continue
        for _, kernels in pairs:
            for result in kernels:
                family = summarize(result)["stall_family"]
                if family:
                    families.add(family)
        rows += table_rows(pairs)
    if args.title:
        print(args.title + "\n")
    print(markdown(rows))
    if families:
        print("\nStall shares: each reason's part of the warps' stall "
              "reasons (%s; 'selected' left out)." %
              " / ".join(sorted(families)))
    for problem in problems:
        print("\nncu_table: %s" % problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
