#!/usr/bin/env bash
# Benchmark: `mimic targets` on the pdfbox-app 2.0.24 jar (the whole process: reading the
# jar, parsing every class, the dataflow over every candidate method, writing the plan).
# Prints min / median / max wall time over RUNS runs (default 10) on this machine.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-10}
source bench/release.sh
mimic=target/release/mimic
jar=$(pinned_jar pdfbox-app)
out=$(mktemp -d)
python3 - "$mimic" "$jar" "$out" "$runs" <<'PY'
import subprocess, sys, time, statistics, json
mimic, jar, out, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
cmd = [mimic, "targets", "-c", jar, "--project-package", "org.apache.pdfbox",
       "--project-package", "org.apache.fontbox", "-o", f"{out}/plan.json"]
times = []
for _ in range(runs):
    t = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    times.append(time.perf_counter() - t)
plan = json.load(open(f"{out}/plan.json"))
s = plan["summary"]
print(f"mimic targets on pdfbox-app-2.0.24.jar ({s['classes']} classes, {s['project_classes']} project classes, "
      f"{s['muts']} MUTs, {s['mockable_calls']} mockable calls, {s['deeper_calls']} deeper calls)")
print(f"wall time over {runs} runs: min {min(times):.3f} s, median {statistics.median(times):.3f} s, max {max(times):.3f} s (goal < 2 s)")
PY
rm -rf "$out"
