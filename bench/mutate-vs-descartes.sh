#!/usr/bin/env bash
# mimic mutate side by side with PIT + Descartes (both from Maven Central), in the same
# run, on Apache Commons CLI 1.5.0 (JUnit 4 tests) and 1.9.0 (JUnit 5 tests,
# parameterized) and Apache Commons Codec 1.17.1 (JUnit 5). Same classes, same tests,
# same operators (Reneri Table I), default stop methods on both sides, two threads / two
# test JVMs each, both run from a directory holding the tests jar's resources under
# src/test/resources (as Maven runs them). Prints per-method agreement, every
# disagreement, the wall-time ratio, and whether RUNS mimic runs wrote identical
# methods.json files.
#
#   bench/mutate-vs-descartes.sh [work-dir]            (default /tmp/mutate-bench-run)
#   MIMIC=path/to/mimic bench/mutate-vs-descartes.sh   (skip building mimic)
#   SUBJECTS="codec-1.17.1" bench/mutate-vs-descartes.sh  (cli-1.5.0 cli-1.9.0 codec-1.17.1)
#   RUNS=3 bench/mutate-vs-descartes.sh                (mimic three times: identical files?)
#   PIT=0 bench/mutate-vs-descartes.sh                 (mimic only)
#   MIMIC_ARGS="--jvm-arg=-Xmx12g" bench/...           (more flags for mimic mutate)
#   SHARDS=2 bench/mutate-vs-descartes.sh              (then the run split in 2 shards: the
#       baseline job, each shard's time against the unsplit run's, and whether the merged
#       shards give the unsplit verdicts; bench/shards.sh; ROUNDS=5 repeats unsplit run and
#       shards five times, back to back, and prints the median share per shard)
#   EXPLAIN=3 bench/mutate-vs-descartes.sh             (then mimic mutate --explain with 3
#       runs per side: its time against the plain run's, the symptom split and Table III
#       row from its Markdown report, and Reneri's named commons-cli cases; bench/explain.sh)
#
# commons-codec's Base64Test#testCodec265 needs more heap than the JVM gives by default on
# a 24 GiB machine (6 GiB): PIT's coverage minion dies of it unless given -Xmx12g (so it
# is, on codec), and mimic with its defaults reports it red (its coverage not counted)
# unless MIMIC_ARGS gives the same.
#   JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 PATH=/usr/lib/jvm/temurin-25-jdk-amd64/bin:$PATH \
#     bench/mutate-vs-descartes.sh                     (another JDK: the java on PATH runs both)
#
# Both tools run the tests the subject's own build runs: commons-codec's pom leaves
# **/*PerformanceTest.java and **/*AbstractTest.java out of Surefire's run (benchmarks, and
# abstract bases), so both get them as excluded test classes (PIT's excludedTestClasses,
# mimic's --exclude-tests; `mimic mutate --project` reads them from the pom itself).
# BUILD_EXCLUDES=none runs every test class instead, as this script did up to session 46.
#
# The old subject names 1.5.0 and 1.9.0 still mean cli-1.5.0 and cli-1.9.0. The figures
# (agreement, disagreements, wall-time ratio) come from the first mimic run; every run's
# wall time is printed. On Java 25, PIT 1.6.8 starts and finishes but its ASM cannot read
# the JDK's class files ("Unsupported class file major version 69" in pit.log) and it drops
# the coverage of every class whose instrumentation needs them (16 on codec: 61 methods
# not covered instead of 21), so its figures there are not comparable (the script warns):
# run mimic alone there with PIT=0.
#
# Needs java 17+, mvn, python3, cargo. Downloads once (into ~/.m2): pitest-command-line
# 1.6.8, descartes 1.2.6 (the newest on Maven Central; PIT 1.6.8 is the newest PIT that
# loads it, 1.4.10 cannot read Java 17 classes), pitest-junit5-plugin 0.14, the subjects
# with their tests jars and test dependencies.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="${1:-/tmp/mutate-bench-run}"
SUBJECTS="${SUBJECTS:-cli-1.5.0 cli-1.9.0 codec-1.17.1}"
RUNS="${RUNS:-1}"
PIT="${PIT:-1}"
THREADS=2
# Reneri Table I as Descartes operator ids ('\40' is the space character).
OPERATORS="void,null,true,false,empty,0,1,(byte)0,(byte)1,(short)0,(short)1,0L,1L,0.0,0.1,0.0f,0.1f,'\\40','A',\"\",\"A\""

mkdir -p "$WORK"
cd "$WORK"
echo "java: $(java -version 2>&1 | head -1)"

# fetch DIR DEPENDENCIES_XML: copy the jars (with their dependencies) into DIR.
fetch() {
  mkdir -p "$1"
  cat > "$1.pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
<groupId>mimic.bench</groupId><artifactId>$(basename "$1")</artifactId><version>1</version>
<dependencies>$2</dependencies></project>
EOF
  rm -rf "$1"
  mvn -q -B -f "$1.pom.xml" org.apache.maven.plugins:maven-dependency-plugin:3.6.1:copy-dependencies -DoutputDirectory="$1"
}
dep() { echo "<dependency><groupId>$1</groupId><artifactId>$2</artifactId><version>$3</version>${4:+<classifier>$4</classifier>}</dependency>"; }
jars() { ls "$@" | tr '\n' ':' | sed 's/:$//'; }
seconds() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$1" "$2"; }

echo "== fetching jars (Maven Central, cached in ~/.m2)"
fetch "$WORK/pit-lib" "$(dep org.pitest pitest-command-line 1.6.8)$(dep eu.stamp-project descartes 1.2.6)"
fetch "$WORK/junit5-plugin" "$(dep org.pitest pitest-junit5-plugin 0.14)"

if [ -z "${MIMIC:-}" ]; then
  echo "== building mimic"
  (cd "$ROOT" && cargo build -q --release -p mimic-cli)
  MIMIC="$ROOT/target/release/mimic"
fi

JUPITER="$(dep org.junit.jupiter junit-jupiter-engine 5.11.4)$(dep org.junit.jupiter junit-jupiter-params 5.11.4)$(dep org.junit.platform junit-platform-launcher 1.11.4)"
for SUBJECT in $SUBJECTS; do
  PIT_JVM=""
  EXCLUDES=""
  case "$SUBJECT" in 1.*) SUBJECT="cli-$SUBJECT" ;; esac
  VERSION="${SUBJECT#*-}"
  case "$SUBJECT" in
    cli-1.5.*) GROUP=commons-cli; ARTIFACT=commons-cli; PKG=org.apache.commons.cli; JUNIT5=0
      TEST_DEPS="$(dep junit junit 4.13.2)" ;;
    cli-*) GROUP=commons-cli; ARTIFACT=commons-cli; PKG=org.apache.commons.cli; JUNIT5=1
      TEST_DEPS="$JUPITER$(dep commons-io commons-io 2.16.1)$(dep org.mockito mockito-core 4.11.0)" ;;
    codec-*) GROUP=commons-codec; ARTIFACT=commons-codec; PKG=org.apache.commons.codec; JUNIT5=1
      PIT_JVM="--jvmArgs=-Xmx12g"
      # commons-codec 1.17.1's pom: Surefire excludes **/*AbstractTest.java, **/*PerformanceTest.java.
      EXCLUDES="*AbstractTest *PerformanceTest"
      # The test-scope dependencies of commons-codec 1.17.1's pom.
      TEST_DEPS="$JUPITER$(dep org.apache.commons commons-lang3 3.14.0)$(dep commons-io commons-io 2.16.1)$(dep org.hamcrest hamcrest 2.2)" ;;
    *) echo "unknown subject $SUBJECT (cli-1.5.0, cli-1.9.0, codec-1.17.1)"; exit 2 ;;
  esac
  [ "${BUILD_EXCLUDES:-}" != none ] || EXCLUDES=""
  PIT_EXCLUDES=""; MIMIC_EXCLUDES=""
  set -f  # the patterns are globs for the tools, not for the shell
  for E in $EXCLUDES; do
    PIT_EXCLUDES="${PIT_EXCLUDES:+$PIT_EXCLUDES,}$E"
    MIMIC_EXCLUDES="$MIMIC_EXCLUDES --exclude-tests=$E"
  done
  set +f
  S="$WORK/$ARTIFACT-$VERSION"
  echo
  echo "######## $ARTIFACT $VERSION"
  [ -z "$EXCLUDES" ] || echo "test classes the build leaves out, for both tools: $EXCLUDES"
  fetch "$S/lib" "$(dep "$GROUP" "$ARTIFACT" "$VERSION")$(dep "$GROUP" "$ARTIFACT" "$VERSION" tests)$TEST_DEPS"
  rm -rf "$S/classes" "$S/test-classes" "$S/run" "$S/pit" "$S"/mimic-work* "$S"/mimic-html* "$S"/mimic-methods*.json
  mkdir -p "$S/classes" "$S/test-classes" "$S/src" "$S/run/src/test/resources"
  (cd "$S/classes" && unzip -q "../lib/$ARTIFACT-$VERSION.jar" -x 'META-INF/*')
  (cd "$S/test-classes" && unzip -q "../lib/$ARTIFACT-$VERSION-tests.jar" -x 'META-INF/*')
  # Tests read src/test/resources/... relative to the working directory, as under Maven:
  # the tests jar's resources go there.
  (cd "$S/run/src/test/resources" && unzip -q "$S/lib/$ARTIFACT-$VERSION-tests.jar" -x 'META-INF/*' '*.class')
  DEPS="$(jars "$S"/lib/*.jar | tr ':' '\n' | grep -v "/lib/$ARTIFACT-$VERSION" | tr '\n' ':' | sed 's/:$//')"
  PIT_DEPS="$DEPS"
  [ "$JUNIT5" = 0 ] || PIT_DEPS="$DEPS:$(jars "$WORK"/junit5-plugin/*.jar)"
  cd "$S/run"

  if [ "$PIT" != 0 ]; then
    echo "== PIT 1.6.8 + Descartes 1.2.6 ($THREADS threads)"
    PIT_START=$(date +%s.%N)
    java -cp "$(jars "$WORK"/pit-lib/*.jar):$PIT_DEPS:../classes:../test-classes" \
      org.pitest.mutationtest.commandline.MutationCoverageReport \
      --reportDir ../pit --targetClasses "$PKG.*" --targetTests "$PKG.*" \
      --sourceDirs ../src --mutationEngine descartes --mutators "$OPERATORS" --outputFormats METHODS \
      --threads "$THREADS" --timestampedReports=false $PIT_JVM \
      ${PIT_EXCLUDES:+--excludedTestClasses=$PIT_EXCLUDES} \
      --classPath "../classes,../test-classes,${PIT_DEPS//:/,}" \
      > ../pit.log 2>&1 || { tail -30 ../pit.log; exit 1; }
    PIT_END=$(date +%s.%N)
    echo "PIT + Descartes: $(seconds "$PIT_START" "$PIT_END") s"
    UNREADABLE=$(grep -c "Unsupported class file major version" ../pit.log || true)
    [ "$UNREADABLE" = 0 ] || echo "WARNING: PIT failed to instrument $UNREADABLE class(es) on this JDK" \
      "(Unsupported class file major version, see $S/pit.log): its coverage is incomplete, compare on Java 17"
  fi

  TIMES=""
  for RUN in $(seq 1 "$RUNS"); do
    SUFFIX=""; [ "$RUN" = 1 ] || SUFFIX="-$RUN"
    echo "== mimic mutate ($THREADS test JVMs), run $RUN/$RUNS"
    START=$(date +%s.%N)
    set +e
    "$MIMIC" mutate --classes ../classes --tests ../test-classes --classpath "$DEPS" \
      --operators "$OPERATORS" --workers "$THREADS" $MIMIC_EXCLUDES ${MIMIC_ARGS:-} \
      -o "../mimic-methods$SUFFIX.json" --html "../mimic-html$SUFFIX" --work-dir "../mimic-work$SUFFIX" \
      > "../mimic$SUFFIX.txt" 2> "../mimic$SUFFIX.err"
    STATUS=$?
    set -e
    END=$(date +%s.%N)
    [ "$STATUS" -le 1 ] || { cat "../mimic$SUFFIX.txt" "../mimic$SUFFIX.err"; exit 1; }
    if [ "$RUN" = 1 ]; then MIMIC_START=$START; MIMIC_END=$END; fi
    TIMES="$TIMES $(seconds "$START" "$END") s"
    tail -1 "../mimic$SUFFIX.err"
  done
  cd "$S"
  echo "mimic wall times:$TIMES"
  # The summary line counts the tests stopped past their budgets (looping mutants).
  grep -E "^(phases|[0-9]+ tests|test JVMs|red baseline)" mimic.txt || true

  if [ "${EXPLAIN:-0}" != 0 ]; then
    echo "== mimic mutate --explain --explain-runs $EXPLAIN ($THREADS test JVMs)"
    cd "$S/run"
    START=$(date +%s.%N)
    set +e
    "$MIMIC" mutate --classes ../classes --tests ../test-classes --classpath "$DEPS" \
      --operators "$OPERATORS" --workers "$THREADS" $MIMIC_EXCLUDES ${MIMIC_ARGS:-} \
      --explain --explain-runs "$EXPLAIN" --explain-report ../mimic-explain.md \
      -o ../mimic-explain-methods.json --work-dir ../mimic-work-explain \
      > ../mimic-explain.txt 2> ../mimic-explain.err
    STATUS=$?
    set -e
    END=$(date +%s.%N)
    cd "$S"
    [ "$STATUS" -le 1 ] || { cat mimic-explain.txt mimic-explain.err; exit 1; }
    tail -1 mimic-explain.err
    grep -E "^phases" mimic-explain.txt || true
    echo "mimic mutate --explain: $(seconds "$START" "$END") s, plain mimic mutate: $(seconds "$MIMIC_START" "$MIMIC_END") s," \
      "ratio $(python3 -c "print(f'{($END - $START) / ($MIMIC_END - $MIMIC_START):.2f}x')")"
    sed -n '/^| Symptom/,/^$/p;/^| Non-void/,/^$/p' mimic-explain.md
    python3 - <<'EOF'
import json
cases = [("DefaultParser", "isLongOption", "false"), ("Option", "hasValueSeparator", "true")]
methods = json.load(open("mimic-explain-methods.json"))["methods"]
for cls, name, op in cases:
    found = [m for m in methods if m["class"] == cls and m["name"] == name]
    if not found:
        continue
    m = found[0]
    d = [x["diagnosis"] for x in m.get("diagnoses", []) if x["mutator"] == op]
    verdict = d[0]["symptom"] if d else ("detected" if op in m["detected"] else "not diagnosed")
    print(f"Reneri's case {cls}.{name} -> {op}: {verdict} ({m['classification']})")
EOF
  fi

  if [ "${SHARDS:-0}" != 0 ]; then
    echo "== mimic mutate split in $SHARDS shards: the baseline once (--baseline-only), then each shard from it"
    cd "$S/run"
    rm -f ../mimic-baseline.json ../mimic-shard-*.json
    COMMON=(--classes ../classes --tests ../test-classes --classpath "$DEPS" --operators "$OPERATORS" --workers "$THREADS" $MIMIC_EXCLUDES)
    START=$(date +%s.%N)
    "$MIMIC" mutate "${COMMON[@]}" ${MIMIC_ARGS:-} --baseline ../mimic-baseline.json --baseline-only -q
    END=$(date +%s.%N)
    echo "baseline job: $(seconds "$START" "$END") s"
    # ROUNDS rounds of (unsplit run, shard 1, …, shard n) one right after the other, so
    # that each ratio compares runs made within seconds of each other on this machine
    # (its speed drifts by up to 1.7x over minutes); the first round's unsplit run is the
    # run above. Prints each round's ratios and, per shard, the median.
    RATIOS=""
    for ROUND in $(seq 1 "${ROUNDS:-1}"); do
      if [ "$ROUND" = 1 ]; then
        UNSPLIT=$(python3 -c "print($MIMIC_END - $MIMIC_START)")
      else
        START=$(date +%s.%N)
        set +e
        "$MIMIC" mutate "${COMMON[@]}" ${MIMIC_ARGS:-} -o ../mimic-methods-round.json -q > /dev/null
        STATUS=$?
        set -e
        END=$(date +%s.%N)
        [ "$STATUS" -le 1 ] || exit 1
        UNSPLIT=$(python3 -c "print($END - $START)")
      fi
      LINE="round $ROUND: unsplit $(python3 -c "print(f'{$UNSPLIT:.1f}')") s"
      for K in $(seq 1 "$SHARDS"); do
        START=$(date +%s.%N)
        set +e
        "$MIMIC" mutate "${COMMON[@]}" ${MIMIC_ARGS:-} --baseline ../mimic-baseline.json --shard "$K/$SHARDS" \
          --report "../mimic-shard-$K.json" -q > /dev/null
        STATUS=$?
        set -e
        END=$(date +%s.%N)
        [ "$STATUS" -le 1 ] || exit 1
        RATIO=$(python3 -c "print(f'{($END - $START) / $UNSPLIT * 100:.0f}')")
        RATIOS="$RATIOS $K:$RATIO"
        LINE="$LINE, shard $K/$SHARDS $(seconds "$START" "$END") s ($RATIO%)"
      done
      echo "$LINE"
    done
    python3 - "$SHARDS" $RATIOS <<'PY'
import statistics, sys
n = int(sys.argv[1])
per = {k: [] for k in range(1, n + 1)}
for item in sys.argv[2:]:
    k, r = item.split(":")
    per[int(k)].append(int(r))
print("median share of the unsplit run: " + ", ".join(
    f"shard {k}/{n} {statistics.median(v):.0f}%" for k, v in per.items())
    + f" ({len(per[1])} round(s))")
PY
    set +e
    "$MIMIC" mutate merge ../mimic-shard-*.json -o ../mimic-merged.json -q > /dev/null
    set -e
    cd "$S"
    python3 - <<'PY'
import json
def load(p):
    return {(m["package"] + "/" + m["class"], m["name"], m["description"]): m for m in json.load(open(p))["methods"]}
one, merged = load("mimic-methods.json"), load("mimic-merged.json")
verdict = lambda m: (m["classification"], m["detected"], m["not-detected"], m["tests"])
same = [k for k in one if k in merged and verdict(one[k]) == verdict(merged[k])]
print(f"merged shards: {len(merged)} methods, {len(same)}/{len(one)} with the unsplit run's verdicts"
      + ("; methods.json identical" if open("mimic-methods.json").read() == open("mimic-merged.json").read() else ""))
for k in sorted(set(one) | set(merged)):
    if k not in same:
        print("  differs:", k, one.get(k, {}).get("classification"), merged.get(k, {}).get("classification"))
PY
  fi

  if [ "$RUNS" -gt 1 ]; then
    python3 - "$RUNS" <<'EOF'
import json, sys
runs = int(sys.argv[1])
texts = [open("mimic-methods.json").read()] + [open(f"mimic-methods-{r}.json").read() for r in range(2, runs + 1)]
print("mimic runs identical: " + ("yes" if all(t == texts[0] for t in texts) else "no"))
def load(text):
    return {(m["package"] + "/" + m["class"], m["name"], m["description"]): m
            for m in json.loads(text)["methods"]}
first = load(texts[0])
for r, text in enumerate(texts[1:], start=2):
    other = load(text)
    for k in sorted(set(first) | set(other)):
        a, b = first.get(k), other.get(k)
        if a != b:
            print(f"  run 1 vs {r}: {k[0]}.{k[1]}{k[2]}: {a and a['classification']} / {b and b['classification']}")
            for field in sorted(set(a or {}) | set(b or {})):
                x, y = (a or {}).get(field), (b or {}).get(field)
                if x == y:
                    continue
                if field == "mutations":
                    for mx, my in zip(x or [], y or []):
                        if mx != my:
                            print(f"    {mx['mutator']}: {mx['status']} {mx['killing-tests']} {mx['killing-failures']} / "
                                  f"{my['status']} {my['killing-tests']} {my['killing-failures']}")
                elif isinstance(x, list) and isinstance(y, list):
                    print(f"    {field}: only in run 1 {sorted(set(x) - set(y))}, only in run {r} {sorted(set(y) - set(x))}")
                else:
                    print(f"    {field}: {x!r} / {y!r}")
EOF
  fi

  if [ "$PIT" != 0 ]; then
    python3 - "$PIT_START" "$PIT_END" "$MIMIC_START" "$MIMIC_END" <<'EOF'
import json, sys
from collections import Counter
pit_s = float(sys.argv[2]) - float(sys.argv[1])
mimic_s = float(sys.argv[4]) - float(sys.argv[3])
def load(path):
    return {(m["package"] + "/" + m["class"], m["name"], m["description"]): m
            for m in json.load(open(path))["methods"]}
pit, mimic = load("pit/methods.json"), load("mimic-methods.json")
keys = sorted(set(pit) | set(mimic))
agree, rows = 0, []
for k in keys:
    p, m = pit.get(k), mimic.get(k)
    pc = p["classification"] if p else "(not mutated)"
    mc = m["classification"] if m else "(not mutated)"
    if pc == mc:
        agree += 1
    else:
        detail = ""
        if p and m:
            detail = f"  pit not-detected={sorted(p['not-detected'])} mimic not-detected={sorted(m['not-detected'])}"
        rows.append(f"  {k[0]}.{k[1]}{k[2]}: PIT+Descartes {pc}, mimic {mc}{detail}")
print(f"methods: PIT+Descartes {len(pit)}, mimic {len(mimic)}, union {len(keys)}")
for name, d in (("PIT+Descartes", pit), ("mimic", mimic)):
    c = Counter(m["classification"] for m in d.values())
    print(f"  {name}: " + ", ".join(f"{x} {c[x]}" for x in ("tested", "partially-tested", "pseudo-tested", "not-covered")))
print(f"agreement: {agree}/{len(keys)} methods = {100.0 * agree / len(keys):.1f}%")
print("disagreements:" if rows else "disagreements: none")
if rows:
    print("\n".join(rows))
print(f"wall time: PIT+Descartes {pit_s:.1f} s, mimic {mimic_s:.1f} s, ratio {pit_s / mimic_s:.2f}x")
EOF
  fi
  cd "$WORK"
done
