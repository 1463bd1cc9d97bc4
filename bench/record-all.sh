#!/usr/bin/env bash
# Benchmark (issue 16): what recording costs in whole-program mode. The PDFBox workload of
# examples/pdfbox-workload (`Workload`: text and image extraction, split and merge of the
# four PDFs `MakePdfs` writes, in one JVM) run as is, under `mimic record` with rick's
# plan (`mimic targets`) and with the whole-program plan (`mimic targets --all`: every
# public method and constructor of pdfbox-app 2.0.24, bundled libraries included),
# interleaved in the same run. Prints wall time and peak RSS per configuration (median
# over RUNS rounds, default 5) and the ratios to the plain run; the thesis's debugger-based
# recorder cost 286× on average. Each recorded round also checks that the workload's
# extracted text is the plain run's.
# Env: RUNS, RECORD_FLAGS (extra `mimic record` flags).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-5}
source bench/release.sh
echo "java: $(command -v java) ($(java -version 2>&1 | head -1))"
jar=$(pinned_jar pdfbox-app)
work=$(mktemp -d /tmp/record-all-bench-XXXXXX)
trap 'rm -rf "$work"' EXIT
javac -nowarn --release 17 -cp "$jar" -d "$work/workload" $(find examples/pdfbox-workload/src -name '*.java')
java -Dpdfbox.fontcache="$work" -cp "$jar:$work/workload" se.kth.castor.pdfworkload.MakePdfs "$work/pdfs" > /dev/null 2>&1
"$mimic" targets -c "$jar" --project-package org.apache.pdfbox --project-package org.apache.fontbox -o "$work/rick.json" | tail -n 1
"$mimic" targets --all -c "$jar" -o "$work/all.json" | tail -n 1

python3 - "$mimic" "$jar" "$work" "$runs" "${RECORD_FLAGS:-}" <<'PY'
import glob, os, shutil, statistics, subprocess, sys
mimic, jar, work, runs, flags = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5].split()
pdfs = sorted(glob.glob(f"{work}/pdfs/*.pdf"))
def workload(out):
    return ["java", f"-Dpdfbox.fontcache={work}", "-cp", f"{jar}:{work}/workload",
            "se.kth.castor.pdfworkload.Workload", out, *pdfs]
def timed(cmd):
    r = subprocess.run(["/usr/bin/time", "-f", "TIME %e %M", *cmd], stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True, check=True)
    line = [l for l in r.stderr.splitlines() if l.startswith("TIME ")][-1].split()
    return float(line[1]), int(line[2]) / 1024, r.stderr
def text(out):
    return "".join(open(p, encoding="utf-8").read() for p in sorted(glob.glob(f"{out}/*.txt")))
configs = {"plain": None, "rick's plan": "rick.json", "--all plan": "all.json"}
results = {name: [] for name in configs}
reference = None
for round in range(runs):
    for name, plan in configs.items():
        out = f"{work}/out-{round}-{plan or 'plain'}"
        store = f"{work}/traces-{round}-{plan}.db"
        if plan is None:
            cmd = workload(out)
        else:
            cmd = [mimic, "record", "--plan", f"{work}/{plan}", "--store", store, *flags, "--", *workload(out)]
        wall, rss, stderr = timed(cmd)
        if plan is not None:
            summary = [l for l in stderr.splitlines() if l.startswith("mimic: run")]
            if round == 0 and summary:
                print(f"{name}: {summary[-1][:160]}")
        got = text(out)
        if reference is None:
            reference = got
        elif got != reference:
            sys.exit(f"{name}, round {round + 1}: the extracted text differs from the plain run's")
        results[name].append((wall, rss))
        shutil.rmtree(out, ignore_errors=True)
        for f in glob.glob(store + "*"):
            os.remove(f)
    print(f"round {round + 1}/{runs}: " + ", ".join(f"{n} {results[n][-1][0]:.2f} s" for n in configs), flush=True)
base_wall = statistics.median(w for w, _ in results["plain"])
base_rss = statistics.median(r for _, r in results["plain"])
print(f"{'configuration':<14} {'wall (median)':>14} {'ratio':>7} {'peak RSS (median)':>18} {'ratio':>7}")
for name in configs:
    wall = statistics.median(w for w, _ in results[name])
    rss = statistics.median(r for _, r in results[name])
    print(f"{name:<14} {wall:>12.2f} s {wall / base_wall:>6.2f}× {rss:>15.0f} MB {rss / base_rss:>6.2f}×")
all_ratio = statistics.median(w for w, _ in results["--all plan"]) / base_wall
rick_ratio = statistics.median(w for w, _ in results["rick's plan"]) / base_wall
print(f"whole-program recording: {all_ratio:.2f}× the plain run's wall time "
      f"(rick's plan {rick_ratio:.2f}×; the thesis's recorder: 286× mean)")
PY
