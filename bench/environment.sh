#!/usr/bin/env bash
# Issue 17's figures: programs that read their environment, through the whole pipeline
# (`mimic run`, RUNS runs of every test, `--perturb`), then the same generated tests with
# the environment replay stripped (every `environment` line and every static-state line,
# `Fixtures.setStatic`, deleted: they read the real clock, randomness, files, variables,
# stdin and network, and whatever static state earlier tests left, as a plain generated
# test would), verified the same way. Two programs:
#   - examples/environment (stdin answered with a name and a quantity, an HTTP server on
#     loopback, files in a temporary directory, all gone when the workload ends);
#   - commons-io 2.16.1 from Maven Central (FileUtils and PathUtils on a temporary tree the
#     workload, bench/environment/CommonsIoWorkload.java, deletes at the end).
# Then, for each program, the line and branch coverage of the classes with environment
# interactions (the classes of the plan's MUTs with a mockable or deeper call whose
# receiver is `environment`), measured by JaCoCo 0.8.12 (from Maven Central) three ways:
# the workload itself (run again, outside mimic), the generated tests with the replay and
# the tests with the replay stripped (`mimic verify --runs 1`, no `--perturb`). JaCoCo
# instruments the program's classes offline (`jacococli instrument`; the tests run against
# them with JaCoCo's runtime jar on the class path). Its java agent cannot be used: the
# replay redefines the class under test (`Instrumentation.redefineClasses`) from the
# class's bytes on the class path, which lack the `$jacocoInit` method the agent added,
# and the JVM refuses ("class redefinition failed: attempted to delete a method"; every
# test with a replay fails). Offline, the bytes the replay reads are already instrumented
# and the redefined class keeps its probes. A coverage line of the tests also says how many
# of the lines the workload covered they cover again, and ends with the coverage run's own
# count of tests that successfully mimic, to compare with the verify summary above it (the
# replay works the same under JaCoCo).
# The stripped tests write into the workloads' temporary directories for real; the script
# deletes those again. Prints each verify summary line and the coverage lines; the
# reports, JaCoCo's .exec and .xml files and a per-class breakdown (coverage/*.classes.txt)
# stay under WORK (default: a temporary directory, printed). Env: RUNS (default 10), WORK,
# MIMIC_CACHE. Needs java 17+, mvn, python3, cargo.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-10}
cargo build --release --quiet -p mimic-cli -p mimic-agent -p mimic-timeshift
mimic=$PWD/target/release/mimic
export MIMIC_AGENT=$PWD/target/release/libmimic_agent.so
work=${WORK:-$(mktemp -d /tmp/mimic-environment-bench-XXXXXX)}
mkdir -p "$work"
work=$(cd "$work" && pwd)
echo "java: $(command -v java) ($(java -version 2>&1 | head -1)); work: $work"

source bench/jacoco.sh

# The classes with environment interactions, the classes of the plan $1's MUTs with a
# mockable or deeper call whose receiver is `environment`: their class files, copied from
# the class path $2 into $3 (what JaCoCo reports on).
select_classes() {
  python3 - "$1" "$2" "$3" <<'PY'
import json, os, shutil, sys, zipfile
plan, classpath, dest = sys.argv[1:4]
wanted = set()
for m in json.load(open(plan))["muts"]:
    calls = m.get("mockable_calls", []) + m.get("deeper_calls", [])
    if any((c.get("receiver") or {}).get("kind") == "environment" for c in calls):
        wanted.add(m["class"].replace(".", "/") + ".class")
found = set()
for entry in classpath.split(":"):
    for name in sorted(wanted - found):
        target = os.path.join(dest, name)
        if os.path.isdir(entry):
            if os.path.isfile(os.path.join(entry, name)):
                os.makedirs(os.path.dirname(target), exist_ok=True)
                shutil.copyfile(os.path.join(entry, name), target)
                found.add(name)
        elif os.path.isfile(entry):
            with zipfile.ZipFile(entry) as jar:
                if name in jar.namelist():
                    os.makedirs(os.path.dirname(target), exist_ok=True)
                    with open(target, "wb") as out:
                        out.write(jar.read(name))
                    found.add(name)
for name in sorted(wanted - found):
    print(f"select_classes: {name} is not on the class path", file=sys.stderr)
PY
}

# One program: run the pipeline, then verify the tests without their replay; coverage of
# the workload and of both test suites. The workload is java -cp CLASSES:EXTRA MAIN, where
# CLASSES are the classes under test (what JaCoCo instruments) and EXTRA the rest.
measure() {
  local name=$1 classes=$2 extra=$3 stdin=$4 main=$5
  local out=$work/$name
  local cov=$out/coverage
  rm -rf "$out"
  echo "== $name: mimic run --runs $runs --perturb"
  printf '%b' "$stdin" | "$mimic" -q run -c "$classes" --out "$out" --runs "$runs" --perturb \
    -- java -cp "$classes${extra:+:$extra}" "$main" > "$out.run.log" 2>&1 || true
  grep -E '^generated|tests over|^perturbed' "$out.run.log" || tail -5 "$out.run.log"

  # Coverage of the workload and of the tests with the replay (before the stripped tests
  # run: they act on the real file system, which the tests with the replay partly see).
  mkdir -p "$cov"
  select_classes "$out/plan.json" "$classes" "$cov/selected"
  local instrumented
  instrumented=$(instrument "$classes" "$cov/classes")
  printf '%b' "$stdin" | java -Djacoco-agent.destfile="$cov/workload.exec" \
    -cp "$instrumented${extra:+:$extra}" "$main" > "$cov/workload.log" 2>&1 || true
  coverage "$name / the workload" "$cov/workload.exec" "$cov/selected"
  "$mimic" -q verify --tests "$out/src/test/java" -c "$instrumented" --runs 1 \
    --jvm-arg=-Djacoco-agent.destfile="$cov/replay.exec" --work "$cov/replay-verify" \
    > "$cov/replay.log" 2>&1 || true
  coverage "$name / with the replay" "$cov/replay.exec" "$cov/selected" "$cov/workload.xml" \
    "$cov/replay.log"

  rm -rf "$out/noreplay"
  cp -r "$out/src/test/java" "$out/noreplay"
  find "$out/noreplay" -name '*MimicTest.java' -exec sed -i \
    -e '/EnvironmentReplay environment = /d' -e '/^\s*environment\.[a-zA-Z]*(/d' \
    -e '/Fixtures\.setStatic(/d' {} +
  echo "== $name without the replay: mimic verify --runs $runs --perturb"
  "$mimic" -q verify --tests "$out/noreplay" -c "$classes" --runs "$runs" --perturb \
    --work "$out/noreplay-verify" > "$out.noreplay.log" 2>&1 || true
  grep -E 'tests over|^perturbed' "$out.noreplay.log" || tail -5 "$out.noreplay.log"

  "$mimic" -q verify --tests "$out/noreplay" -c "$instrumented" --runs 1 \
    --jvm-arg=-Djacoco-agent.destfile="$cov/noreplay.exec" --work "$cov/noreplay-verify" \
    > "$cov/noreplay.log" 2>&1 || true
  coverage "$name / replay stripped" "$cov/noreplay.exec" "$cov/selected" \
    "$cov/workload.xml" "$cov/noreplay.log"
  # The stripped tests really wrote into the workload's temporary directory (named
  # /tmp/mimic-NAME<digits> by both workloads), which the workload had deleted: delete it.
  { grep -rohE "/tmp/mimic-$name[0-9]+" "$out/noreplay" || true; } | sort -u | xargs -r rm -rf
}

example=$work/environment-classes
rm -rf "$example"
javac -nowarn --release 17 -d "$example" $(find examples/environment/src -name '*.java')
MIMIC_EXAMPLE_REGION=north MIMIC_EXAMPLE_API_TOKEN=s3cr3t \
  measure environment "$example" '' 'Ada\n3\n' se.kth.castor.environment.Main

jar=$repo/commons-io/commons-io/2.16.1/commons-io-2.16.1.jar
fetch commons-io:commons-io:2.16.1 "$jar"
workload=$work/commons-io-workload
rm -rf "$workload"
javac -nowarn -cp "$jar" -d "$workload" bench/environment/CommonsIoWorkload.java
measure commons-io "$jar" "$workload" '' CommonsIoWorkload
