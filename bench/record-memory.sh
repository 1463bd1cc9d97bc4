#!/usr/bin/env bash
# Benchmark: memory of the observed JVM when every invocation of a hot method is recorded
# (bench/record-memory/Hot.java: N calls, each with a 4 KB string and a 2,000-element
# list). Runs, interleaved, RUNS rounds (default 3) of:
#   plain      java Hot N
#   record     mimic record --first <all> (the default --backlog, 64 MiB)
#   unbounded  the same with --backlog 1 TiB (what the writer backlog bound prevents)
# and prints the median wall time and peak RSS of each, the ratios to plain, and how many
# invocations each recording wrote and dropped.
# Env: RUNS, N (default 200000), THREADS (threads sharing the N calls, default 1; with
#      more producers than the writer can follow, the backlog bound is what holds memory).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
n=${N:-200000}
threads=${THREADS:-1}
cargo build --release --quiet -p mimic-cli -p mimic-agent
# The JVM measured is the `java` on PATH (put a JDK's bin/ first to choose another).
echo "java: $(command -v java) ($(java -version 2>&1 | head -1))"
mimic=$PWD/target/release/mimic
export MIMIC_AGENT=$PWD/target/release/libmimic_agent.so
work=$(mktemp -d /tmp/record-memory-XXXXXX)
trap 'rm -rf "$work"' EXIT
javac -nowarn --release 17 -d "$work/classes" bench/record-memory/Hot.java
"$mimic" targets -c "$work/classes" -o "$work/plan.json" > /dev/null

measure() { # name, command... -> appends "name wall_s rss_kb" to $work/times
  local name=$1; shift
  /usr/bin/time -f "$name %e %M" -a -o "$work/times" "$@" > "$work/$name.out" 2> "$work/$name.err"
}
for r in $(seq "$runs"); do
  echo "round $r/$runs" >&2
  measure plain java -cp "$work/classes" hot.Hot "$n" "$threads"
  rm -f "$work"/r.db*
  measure record "$mimic" record --first 1000000000 --plan "$work/plan.json" --store "$work/r.db" -- java -cp "$work/classes" hot.Hot "$n" "$threads"
  grep -o 'run [0-9]* [a-z]*: [0-9]* invocations[^(]*' "$work/record.err" | tail -1 > "$work/record.summary"
  rm -f "$work"/u.db*
  measure unbounded "$mimic" record --first 1000000000 --backlog 1099511627776 --plan "$work/plan.json" --store "$work/u.db" -- java -cp "$work/classes" hot.Hot "$n" "$threads"
  grep -o 'run [0-9]* [a-z]*: [0-9]* invocations[^(]*' "$work/unbounded.err" | tail -1 > "$work/unbounded.summary"
done
python3 - "$work/times" "$n" "$threads" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    name, wall, rss = line.split()
    rows.setdefault(name, []).append((float(wall), int(rss)))
med = {k: (statistics.median(w for w, _ in v), statistics.median(r for _, r in v)) for k, v in rows.items()}
bw, br = med["plain"]
print(f"hot method recorded on every one of {sys.argv[2]} calls on {sys.argv[3]} thread(s) (median of {len(rows['plain'])} rounds)")
print(f"{'config':<10} {'wall s':>8} {'x plain':>8} {'peak RSS MB':>12} {'x plain':>8}")
for k in ["plain", "record", "unbounded"]:
    w, r = med[k]
    print(f"{k:<10} {w:8.2f} {w / bw:8.2f} {r / 1024:12.0f} {r / br:8.2f}")
PY
echo "record:    $(cat "$work/record.summary")"
echo "unbounded: $(cat "$work/unbounded.summary")"
