# Shared by the bench scripts that measure coverage with JaCoCo 0.8.12 (Maven Central):
# `source bench/jacoco.sh` after setting `work` (a directory for logs). Defines `repo`
# (mimic's Maven cache), `fetch COORDINATE FILE`, `jacoco_cli`, `jacoco_rt`,
# `instrument CLASSPATH DEST` (offline instrumentation, the way that keeps the
# environment replay working: see bench/environment.sh) and
# `coverage LABEL EXEC CLASSFILES [WORKLOAD_XML] [VERIFY_LOG]` (one summary line).
# JaCoCo 0.8.12 reads class files up to Java 23: the scripts compile the examples with
# `--release 17`, so that they run under a Java 25 JDK too.

# Maven artifacts go into mimic's cache.
repo=${MIMIC_CACHE:-$HOME/.cache/mimic}/repository
fetch() {
  local coordinate=$1 file=$2
  [ -f "$file" ] || mvn -q -B dependency:get -Dartifact="$coordinate" -Dtransitive=false \
    -Dmaven.repo.local="$repo" >> "$work/fetch.log"
}
jacoco_cli=$repo/org/jacoco/org.jacoco.cli/0.8.12/org.jacoco.cli-0.8.12-nodeps.jar
jacoco_rt=$repo/org/jacoco/org.jacoco.agent/0.8.12/org.jacoco.agent-0.8.12-runtime.jar
fetch org.jacoco:org.jacoco.cli:0.8.12:jar:nodeps "$jacoco_cli"
fetch org.jacoco:org.jacoco.agent:0.8.12:jar:runtime "$jacoco_rt"

# Instrument every entry of the class path $1 (directories and jars) offline into $2;
# prints the instrumented class path, JaCoCo's runtime included.
instrument() {
  local classes=$1 dest=$2 entry cp= i=0
  local -a entries
  IFS=: read -ra entries <<< "$classes"
  for entry in "${entries[@]}"; do
    i=$((i + 1))
    java -jar "$jacoco_cli" instrument "$entry" --dest "$dest/$i" --quiet >&2
    if [ -d "$entry" ]; then
      cp+="$dest/$i:"
    else
      cp+="$dest/$i/$(basename "$entry"):"
    fi
  done
  echo "$cp$jacoco_rt"
}

# One coverage line, $1 naming the program and the way: JaCoCo's XML report of the .exec
# file $2 over the selected classes $3, with a per-class breakdown beside it; $4
# (optional) the workload's XML report, to count the workload's lines covered again;
# $5 (optional) the verify log of the coverage run.
coverage() {
  local label=$1 exec=$2 selected=$3 workload=${4:-} log=${5:-} passed=
  [ -f "$workload" ] || workload=
  if [ -n "$log" ]; then
    passed=$(sed -nE 's/^([0-9]+) tests over [0-9]+ runs?: ([0-9]+) successfully mimic.*/; \2 of \1 tests successfully mimic under JaCoCo/p' "$log")
    [ -n "$passed" ] || passed="; the coverage run gave no verify summary (see $log)"
  fi
  if [ ! -s "$exec" ]; then
    echo "coverage $label: no coverage data ($exec missing)$passed"
    return
  fi
  java -jar "$jacoco_cli" report "$exec" --classfiles "$selected" --xml "${exec%.exec}.xml" --quiet
  python3 - "$label" "${exec%.exec}.xml" "$workload" "$passed" <<'PY'
import sys, xml.etree.ElementTree as ET
label, report, workload, passed = sys.argv[1:5]

def load(path):
    root = ET.parse(path).getroot()
    lines = {(p.get("name"), f.get("name"), l.get("nr"))
             for p in root.iter("package") for f in p.iter("sourcefile")
             for l in f.iter("line") if int(l.get("ci")) > 0}
    return root, lines

def counters(element):
    return {c.get("type"): (int(c.get("covered")), int(c.get("covered")) + int(c.get("missed")))
            for c in element.findall("counter")}

def ratio(pair):
    covered, every = pair
    return f"{covered}/{every} ({100 * covered / every:.1f}%)" if every else "0/0"

root, lines = load(report)
total = counters(root)
classes = list(root.iter("class"))
with open(report[: -len(".xml")] + ".classes.txt", "w") as out:
    out.write("class: lines covered/all, branches covered/all\n")
    for c in classes:
        n = counters(c)
        out.write(f"{c.get('name').replace('/', '.')}: {ratio(n.get('LINE', (0, 0)))}, "
                  f"{ratio(n.get('BRANCH', (0, 0)))}\n")
again = ""
if workload:
    _, production = load(workload)
    again = f"; {len(lines & production)} of the workload's {len(production)} lines"
print(f"coverage {label}: lines {ratio(total.get('LINE', (0, 0)))}, branches "
      f"{ratio(total.get('BRANCH', (0, 0)))}, methods {ratio(total.get('METHOD', (0, 0)))} "
      f"over {len(classes)} classes{again}{passed}")
PY
}

