#!/usr/bin/env bash
# Issue 17's figures: programs that read their environment, through the whole pipeline
# (`mimic run`, RUNS runs of every test, `--perturb`), then the same generated tests with
# the environment replay stripped (every `environment` line deleted: they read the real
# clock, randomness, files, variables, stdin and network, as a plain generated test
# would), verified the same way. Two programs:
#   - examples/environment (stdin answered with a name and a quantity, an HTTP server on
#     loopback, files in a temporary directory, all gone when the workload ends);
#   - commons-io 2.16.1 from Maven Central (FileUtils and PathUtils on a temporary tree the
#     workload, bench/environment/CommonsIoWorkload.java, deletes at the end).
# Prints each verify summary line; the reports stay under WORK (default: a temporary
# directory, printed). Env: RUNS (default 10), WORK.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-10}
cargo build --release --quiet -p mimic-cli -p mimic-agent -p mimic-timeshift
mimic=$PWD/target/release/mimic
export MIMIC_AGENT=$PWD/target/release/libmimic_agent.so
work=${WORK:-$(mktemp -d /tmp/mimic-environment-bench-XXXXXX)}
mkdir -p "$work"
echo "java: $(command -v java) ($(java -version 2>&1 | head -1)); work: $work"

# One program: run the pipeline, then verify the tests without their replay.
measure() {
  local name=$1 classes=$2 stdin=$3
  shift 3
  local out=$work/$name
  rm -rf "$out"
  echo "== $name: mimic run --runs $runs --perturb"
  printf '%b' "$stdin" | "$mimic" -q run -c "$classes" --out "$out" --runs "$runs" --perturb -- "$@" \
    > "$out.run.log" 2>&1 || true
  grep -E '^generated|tests over|^perturbed' "$out.run.log" || tail -5 "$out.run.log"
  rm -rf "$out/noreplay"
  cp -r "$out/src/test/java" "$out/noreplay"
  find "$out/noreplay" -name '*MimicTest.java' -exec sed -i \
    -e '/EnvironmentReplay environment = /d' -e '/^\s*environment\.[a-zA-Z]*(/d' {} +
  echo "== $name without the replay: mimic verify --runs $runs --perturb"
  "$mimic" -q verify --tests "$out/noreplay" -c "$classes" --runs "$runs" --perturb \
    --work "$out/noreplay-verify" > "$out.noreplay.log" 2>&1 || true
  grep -E 'tests over|^perturbed' "$out.noreplay.log" || tail -5 "$out.noreplay.log"
}

example=$work/environment-classes
rm -rf "$example"
javac -nowarn -d "$example" $(find examples/environment/src -name '*.java')
MIMIC_EXAMPLE_REGION=north MIMIC_EXAMPLE_API_TOKEN=s3cr3t \
  measure environment "$example" 'Ada\n3\n' java -cp "$example" se.kth.castor.environment.Main

repo=${MIMIC_CACHE:-$HOME/.cache/mimic}/repository
jar=$repo/commons-io/commons-io/2.16.1/commons-io-2.16.1.jar
[ -f "$jar" ] || mvn -q -B dependency:get -Dartifact=commons-io:commons-io:2.16.1 \
  -Dtransitive=false -Dmaven.repo.local="$repo" > "$work/fetch.log"
workload=$work/commons-io-workload
rm -rf "$workload"
javac -nowarn -cp "$jar" -d "$workload" bench/environment/CommonsIoWorkload.java
measure commons-io "$jar" '' java -cp "$jar:$workload" CommonsIoWorkload
