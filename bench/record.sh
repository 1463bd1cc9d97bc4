#!/usr/bin/env bash
# Benchmark: the PDFBox text-extraction workload (ExtractText on each PDF of
# examples/pdfbox-workload, one JVM per PDF) run as is, under `mimic record` (plan from
# `mimic targets` over pdfbox-app 2.0.24), and under Glowroot's agent (-javaagent, from
# Maven Central), interleaved in the same run. Prints wall time (sum over the PDFs) and
# peak RSS (max over the PDFs) per configuration, median over RUNS rounds (default 5),
# and the ratios to the baseline.
# Env: RUNS, GLOWROOT_VERSION (default 0.14.0-beta.2), GLOWROOT_JAR (a glowroot.jar with
#      its lib/ beside it, instead of the download),
#      RECORD_FLAGS (extra `mimic record` flags, e.g. "--first 10").
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-5}
source bench/release.sh
# The JVM measured is the `java` on PATH (put a JDK's bin/ first to choose another).
echo "java: $(command -v java) ($(java -version 2>&1 | head -1))"
jar=$(pinned_jar pdfbox-app)
work=$(mktemp -d /tmp/agent-bench-XXXXXX)
trap 'rm -rf "$work"' EXIT
javac -nowarn --release 17 -cp "$jar" -d "$work/makepdfs" $(find examples/pdfbox-workload/src -name '*.java')
java -Dpdfbox.fontcache="$work" -cp "$jar:$work/makepdfs" se.kth.castor.pdfworkload.MakePdfs "$work/pdfs" > /dev/null
"$mimic" targets -c "$jar" --project-package org.apache.pdfbox --project-package org.apache.fontbox -o "$work/plan.json" > /dev/null

# Glowroot: the agent's distribution (glowroot.jar with lib/: the embedded collector,
# H2 storage and local UI) from Maven Central. 0.14.0-beta.2 is the release the registry
# serves (0.13.x and 0.14.0 are not there) and the one that runs on Java 17.
glowroot=${GLOWROOT_JAR:-}
if [ -z "$glowroot" ]; then
  v=${GLOWROOT_VERSION:-0.14.0-beta.2}
  repo=${MIMIC_CACHE:-$HOME/.cache/mimic}/repository
  zip=$repo/org/glowroot/glowroot-agent/$v/glowroot-agent-$v-dist.zip
  if [ -f "$zip" ] || mvn -q -B dependency:get -Dartifact=org.glowroot:glowroot-agent:$v:zip:dist -Dtransitive=false -Dmaven.repo.local="$repo" > "$work/glowroot-fetch.log" 2>&1; then
    # Glowroot writes its data beside its jar: a private copy of the distribution.
    (cd "$work" && unzip -q "$zip")
    glowroot=$work/glowroot/glowroot.jar
  else
    echo "glowroot: org.glowroot:glowroot-agent:$v:zip:dist could not be fetched from Maven Central here; skipped (set GLOWROOT_JAR)"
  fi
else
  # A glowroot.jar given by hand: copy its directory (it needs lib/ beside it).
  mkdir -p "$work/glowroot" && cp -r "$(dirname "$glowroot")"/. "$work/glowroot/"
  glowroot=$work/glowroot/glowroot.jar
fi
if [ -n "$glowroot" ]; then
  # Glowroot creates its schema on the first start: do that before timing.
  java -javaagent:"$glowroot" -Dpdfbox.fontcache="$work" -cp "$jar" org.apache.pdfbox.tools.ExtractText -encoding UTF-8 "$(ls "$work"/pdfs/*.pdf | head -1)" "$work/glowroot-warmup.txt" > /dev/null 2>&1 || true
fi

python3 - "$mimic" "$jar" "$work" "$runs" "${RECORD_FLAGS:-}" "$([ -n "$glowroot" ] && echo yes || echo no)" <<'PY'
import glob, os, statistics, subprocess, sys
mimic, jar, work, runs, flags, with_glowroot = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5].split(), sys.argv[6] == "yes"
pdfs = sorted(glob.glob(f"{work}/pdfs/*.pdf"))
def java(extra, pdf, out):
    return ["java", *extra, f"-Dpdfbox.fontcache={work}", "-cp", jar,
            "org.apache.pdfbox.tools.ExtractText", "-encoding", "UTF-8", pdf, out]
def timed(cmd):
    r = subprocess.run(["/usr/bin/time", "-f", "TIME %e %M", *cmd], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True)
    line = [l for l in r.stderr.splitlines() if l.startswith("TIME ")][-1]
    _, wall, rss = line.split()
    return float(wall), int(rss)
configs = {
    "baseline": lambda pdf, out: java([], pdf, out),
    "mimic record": lambda pdf, out: [mimic, "record", "--plan", f"{work}/plan.json", "--store", f"{work}/traces.db", *flags, "--", *java([], pdf, out)],
}
if with_glowroot:
    configs["glowroot"] = lambda pdf, out: java([f"-javaagent:{work}/glowroot/glowroot.jar"], pdf, out)
results = {name: [] for name in configs}
for r in range(runs):
    for name, make in configs.items():
        if name == "mimic record" and os.path.exists(f"{work}/traces.db"):
            for suffix in ["", "-wal", "-shm", ".log"]:
                if os.path.exists(f"{work}/traces.db{suffix}"):
                    os.remove(f"{work}/traces.db{suffix}")
        wall, rss = 0.0, 0
        for pdf in pdfs:
            out = f"{work}/{os.path.basename(pdf)}.{name.replace(' ', '-')}.txt"
            w, m = timed(make(pdf, out))
            wall += w
            rss = max(rss, m)
            base = f"{work}/{os.path.basename(pdf)}.baseline.txt"
            if name != "baseline" and open(out, "rb").read() != open(base, "rb").read():
                sys.exit(f"{name}: the extracted text of {pdf} differs from the baseline")
        results[name].append((wall, rss))
summary = subprocess.run([mimic, "traces", f"{work}/traces.db", "--json"], capture_output=True, text=True, check=True)
import json
runs_json = json.loads(summary.stdout)["runs"]
print(f"PDFBox ExtractText on {len(pdfs)} PDFs (one JVM each), {runs} interleaved rounds, medians:")
bw = statistics.median(w for w, _ in results["baseline"])
bm = statistics.median(m for _, m in results["baseline"])
for name, rs in results.items():
    w = statistics.median(x for x, _ in rs)
    m = statistics.median(x for _, x in rs)
    print(f"  {name:<13} wall {w:6.2f} s ({w / bw:4.2f}x)   peak RSS {m / 1024:6.0f} MiB ({m / bm:4.2f}x)")
inv = sum(r["invocations"] for r in runs_json)
calls = sum(r["calls"] for r in runs_json)
print(f"  last mimic round recorded {inv} invocations, {calls} calls, {sum(r['bytes'] for r in runs_json) / 1e6:.1f} MB of values over {len(runs_json)} JVMs")
PY
