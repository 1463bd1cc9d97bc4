#!/usr/bin/env bash
# The mutate HTML report in a real browser: mimic mutate --project on examples/maven-project
# writes the report (index and source pages), headless Chromium (Debian package chromium)
# renders the index and one source page at 1280 px wide, and the check fails unless
#   - both screenshots are written and not blank,
#   - neither page is wider than the window (no horizontal scrolling at 1280 px),
#   - the index links every method to its source line and the source page shows the
#     numbered source lines with the mutated methods shaded.
#
#   scripts/html-screenshots.sh [out-dir]          (default /tmp/mimic-html-screenshots)
#   MIMIC=target/release/mimic scripts/html-screenshots.sh
#
# Installs chromium with apt-get when it is missing and the script runs as root.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="${1:-/tmp/mimic-html-screenshots}"
rm -rf "$OUT"
mkdir -p "$OUT"

CHROMIUM="$(command -v chromium || command -v chromium-browser || true)"
if [ -z "$CHROMIUM" ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "== installing chromium (apt-get)"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium > "$OUT/apt.log" 2>&1 \
      || { apt-get update -q > /dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium > "$OUT/apt.log" 2>&1; }
    CHROMIUM="$(command -v chromium)"
  else
    echo "chromium is not installed (Debian: apt-get install chromium)" >&2
    exit 2
  fi
fi
if [ -z "${MIMIC:-}" ]; then
  (cd "$ROOT" && cargo build -q --release -p mimic-cli)
  MIMIC="$ROOT/target/release/mimic"
fi

echo "== mimic mutate --project examples/maven-project --html"
cp -r "$ROOT/examples/maven-project" "$OUT/project"
rm -rf "$OUT/project"/*/target "$OUT/project/target"
set +e
"$MIMIC" mutate --project "$OUT/project" --workers 2 --html "$OUT/html" -q > "$OUT/mutate.txt" 2> "$OUT/mutate.err"
STATUS=$?
set -e
[ "$STATUS" -le 1 ] || { cat "$OUT/mutate.err"; exit 1; }

# One module's report (several modules: one directory each).
INDEX="$(find "$OUT/html" -name index.html | sort | tail -1)"
SOURCE="$(find "$(dirname "$INDEX")/src" -name '*.html' | sort | head -1)"
[ -n "$SOURCE" ] || { echo "FAIL: no source page next to $INDEX"; exit 1; }

CHROME=("$CHROMIUM" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run
  --disable-background-networking --disable-component-update --disable-sync --disable-quic
  --user-data-dir="$OUT/chromium-profile" --allow-file-access-from-files)

FAIL=0
check() { # name page
  local name="$1" page="$2"
  timeout 120 "${CHROME[@]}" --window-size=1280,1600 --screenshot="$OUT/$name.png" "file://$page" > /dev/null 2>&1 || true
  local size
  size=$(stat -c %s "$OUT/$name.png" 2>/dev/null || echo 0)
  if [ "$size" -lt 5000 ]; then echo "FAIL: $name: screenshot missing or blank ($size bytes)"; FAIL=1; fi
  # The page's own width, measured in the browser: a wrapper page loads it in a 1280 px
  # frame and writes the frame document's scroll width into its DOM.
  cat > "$OUT/measure-$name.html" <<EOF
<!DOCTYPE html><html><body style="margin:0">
<iframe id="f" src="file://$page" style="width:1280px;height:1600px;border:0"></iframe>
<pre id="w">?</pre>
<script>
document.getElementById('f').onload = function () {
  var d = this.contentDocument.documentElement;
  document.getElementById('w').textContent = 'scrollWidth=' + d.scrollWidth;
};
</script></body></html>
EOF
  local dom width
  dom=$(timeout 120 "${CHROME[@]}" --window-size=1400,1700 --virtual-time-budget=5000 --dump-dom "file://$OUT/measure-$name.html" 2>/dev/null || true)
  width=$(echo "$dom" | grep -o 'scrollWidth=[0-9]*' | cut -d= -f2)
  if [ -z "$width" ]; then echo "FAIL: $name: could not measure the page"; FAIL=1;
  elif [ "$width" -gt 1280 ]; then echo "FAIL: $name: $width px wide at a 1280 px window"; FAIL=1;
  else echo "$name: screenshot $OUT/$name.png ($size bytes), $width px wide at 1280 px"; fi
}
check index "$INDEX"
check source "$SOURCE"

grep -q '<a href="src/' "$INDEX" || { echo "FAIL: the index links no method to its source"; FAIL=1; }
grep -q '<h2>All methods</h2>' "$INDEX" || { echo "FAIL: the index lacks the list of every method"; FAIL=1; }
grep -q '<tr id="L1"' "$SOURCE" || { echo "FAIL: the source page has no numbered lines"; FAIL=1; }
grep -Eq 'class="(tested|partially-tested|pseudo-tested)"' "$SOURCE" || { echo "FAIL: no mutated method shaded on the source page"; FAIL=1; }

if [ "$FAIL" = 0 ]; then
  echo "html screenshots: index and source page readable at 1280 px, source lines shown ($OUT)"
else
  echo "html screenshots: FAILED ($OUT)"
  exit 1
fi
