#!/bin/sh
# Known-answer tests for tools/compare/compare. POSIX sh; needs only the
# tool's build dependencies, python3 (json check) and, if present, gnuplot.
#
# Where the expected numbers come from (worked by hand or independently):
#  - {1,2,3,4}: mean 2.5, median 2.5 (even n: (2+3)/2), sample stddev
#    sqrt(5/3) = 1.2909944; {2,3,4,5,6}: mean 4, median 4, stddev
#    sqrt(10/4) = 1.5811388; {3..8}: mean 5.5, median 5.5, sd sqrt(3.5).
#  - Welch p-values were computed outside GSL with python3's math module:
#    t and the Welch-Satterthwaite dof from the formulas, then
#    p = 2 * integral_|t|^inf of the Student t pdf (Gamma via math.lgamma),
#    by Simpson's rule (200000 steps) after the substitution
#    x = |t| + u/(1-u). The same integrator gives 0.050012 for t=2.228,
#    dof=10, the 5% two-sided entry of a printed t-table.
#      {1,2,3,4} vs {2,3,4,5,6}:      t=-1.566699 dof=6.980769 p=0.16128586
#      {10..14} vs {20..24}:          t=-10       dof=8        p=8.4881815e-06
#      {1,2,3,4} vs {3,4,5,6,7,8}:    t=-3        dof=7.941176 p=0.017216459
#      {2,4,6,8} vs {1,2,3,4}:        t=1.732051  dof=4.411765 p=0.15158050
#  - Deltas: min 1->2 +100%, max 4->6 +50%, mean 2.5->4 +60%,
#    stddev 1.2909944->1.5811388 +22.47%.
set -u
cd "$(dirname "$0")/../.."
fx=tests/compare/fixtures
# COMPARE_SRC: another copy of the sources to build and test (a mutant)
src=${COMPARE_SRC:-tools/compare}
cmp=$src/compare
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
npass=0
nfail=0

pass() {
	echo "PASS: $1"
	npass=$((npass + 1))
}

fail() {
	echo "FAIL: $1"
	[ -z "${2:-}" ] || printf '%s\n' "$2" | sed 's/^/    /'
	nfail=$((nfail + 1))
}

# check NAME CMD...: pass when CMD succeeds
check() {
	_n=$1
	shift
	if "$@"; then pass "$_n"; else fail "$_n" "$(head -n 40 "$tmp/out" "$tmp/err" 2>/dev/null)"; fi
}

# run ARGS...: the tool's stdout in $tmp/out, stderr in $tmp/err, status in $rc
run() {
	"$cmp" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
}

# has_line FILE TEXT: FILE has a line exactly TEXT
has_line() {
	grep -qxF -e "$2" "$1"
}

# near A B TOL: |A - B| <= TOL
near() {
	awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN {
		if (a == "" || b == "") exit 1
		d = a - b; if (d < 0) d = -d; exit !(d <= t) }'
}

# near_rel A B RTOL: |A - B| <= RTOL * |B|
near_rel() {
	awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN {
		if (a == "" || b == "") exit 1
		d = a - b; if (d < 0) d = -d; m = b < 0 ? -b : b
		exit !(d <= t * m) }'
}

# csv METRIC VARIANT COLUMN: a field of the last csv output ($tmp/out)
csv() {
	awk -F, -v m="$1" -v v="$2" -v c="$3" '
		NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
		$1 == m && $3 == v { print $(col[c]); exit }' "$tmp/out"
}

# ---- build
echo "== build"
if make -C "$src" >"$tmp/build" 2>&1 && [ -x "$cmp" ]; then
	if grep -qi 'warning' "$tmp/build"; then
		fail "build has no warnings" "$(cat "$tmp/build")"
	else
		pass "build (make -C $src), no warnings"
	fi
else
	fail "build" "$(cat "$tmp/build")"
	echo "$npass passed, $nfail failed"
	exit 1
fi

# ---- table
echo "== table"
run --metric hackbench_pipes_time "$fx/basic"
check "table: exit 0" [ "$rc" -eq 0 ]
check "table: header line as on the slab list" has_line "$tmp/out" \
	'              LABEL             | COUNT |    MIN     |    MAX     |    MEAN    |   MEDIAN   |  STDDEV   |   DIRECTION   | P-VALUE'
check "table: separator line" has_line "$tmp/out" \
	'--------------------------------+-------+------------+------------+------------+------------+-----------+---------------+---------'
check "table: metric row with unit" has_line "$tmp/out" \
	'  hackbench_pipes_time (s)      |       |            |            |            |            |           |               |'
check "table: baseline (A) {1,2,3,4}: n 4 min 1 max 4 mean 2.5 median 2.5 sd 1.291" has_line "$tmp/out" \
	'  (A) base-rt                   | 4     | 1          | 4          | 2.5        | 2.5        | 1.291     |               |'
check "table: (B) {2..6}: mean 4 median 4 sd 1.5811" has_line "$tmp/out" \
	'  (B) series-rt                 | 5     | 2          | 6          | 4          | 4          | 1.5811    |               |'
check "table: delta row percentages, direction and p-value" has_line "$tmp/out" \
	'                                |       | +100.00%   | +50.00%    | +60.00%    | +60.00%    | +22.47%   | - is good     | 0.16'
check "table: sample/variant/metric summary line" has_line "$tmp/out" \
	"# 9 samples, 2 variants, 1 metrics from $fx/basic"
check "table: TCG note from meta accel=tcg" has_line "$tmp/out" \
	'# measured under TCG emulation: absolute numbers are emulated; compare ratios within one run'
check "table: --metric shows only that metric" sh -c "! grep -q ops_per_sec '$tmp/out'"

run "$fx/basic"
check "table: all metrics, in order of first appearance" sh -c \
	"grep -o '^  [A-Za-z][A-Za-z0-9_]* (' '$tmp/out' | tr -d ' (' | tr '\n' ' ' |
	 grep -qx 'hackbench_pipes_time ops_per_sec meminfo_Slab meminfo_SUnreclaim kmalloc8_alloc_free_pair_cycles irq_latency '"
check "p-value: significant difference marked (8.5e-06 *)" sh -c \
	"grep -A3 '^  ops_per_sec' '$tmp/out' | grep -q '| + is good     | 8.5e-06 \*\$'"
check "p-value: p=0.017 < 0.05 marked" sh -c \
	"grep -A3 '^  irq_latency' '$tmp/out' | grep -q '| - is good     | 0.017 \*\$'"
check "p-value: p=0.16 not marked" sh -c \
	"grep -A3 '^  hackbench_pipes_time' '$tmp/out' | grep -q '| 0.16\$'"
check "n<3: printed instead of a p-value, no mark" sh -c \
	"grep -A3 '^  kmalloc8' '$tmp/out' | grep -q '| - is good     | n<3\$'"
check "zero variance, equal means: p-value '-'" sh -c \
	"grep -A3 '^  meminfo_Slab' '$tmp/out' | grep -qx '  *|       | +0.00%  *| +0.00%  *| +0.00%  *| +0.00%  *| +0.00%  *| <not defined> | -'"
check "zero variance, different means: +20% and p-value '-'" sh -c \
	"grep -A3 '^  meminfo_SUnreclaim' '$tmp/out' | grep -qx '  *|       | +20.00%  *| +20.00%  *| +20.00%  *| +20.00%  *| +0.00%  *| <not defined> | -'"
check "long metric label widens the label column" has_line "$tmp/out" \
	'  kmalloc8_alloc_free_pair_cycles (cycles) |       |            |            |            |            |           |               |'

run --alpha 0.01 "$fx/basic"
check "--alpha 0.01: p=0.017 no longer marked" sh -c \
	"grep -A3 '^  irq_latency' '$tmp/out' | grep -q '| 0.017\$'"
check "--alpha 0.01: p=8.5e-06 still marked" sh -c \
	"grep -A3 '^  ops_per_sec' '$tmp/out' | grep -q '| 8.5e-06 \*\$'"

run --baseline series-rt --metric hackbench_pipes_time "$fx/basic"
check "--baseline puts the variant first as (A)" has_line "$tmp/out" \
	'  (A) series-rt                 | 5     | 2          | 6          | 4          | 4          | 1.5811    |               |'
check "--baseline: deltas against it" has_line "$tmp/out" \
	'                                |       | -50.00%    | -33.33%    | -37.50%    | -37.50%    | -18.35%   | - is good     | 0.16'

# ---- csv values at full precision
echo "== csv and json"
run --format csv "$fx/basic"
check "csv: exit 0" [ "$rc" -eq 0 ]
check "csv: header" sh -c "head -n 1 '$tmp/out' | grep -qx 'metric,unit,variant,count,min,max,mean,median,stddev,delta_mean_pct,p_value,significant'"
check "csv: one row per (metric, variant)" [ "$(wc -l <"$tmp/out")" -eq 13 ]
check "stats: {1,2,3,4} mean 2.5" near "$(csv hackbench_pipes_time base-rt mean)" 2.5 1e-12
check "stats: {1,2,3,4} median 2.5 (even n)" near "$(csv hackbench_pipes_time base-rt median)" 2.5 1e-12
check "stats: {1,2,3,4} stddev 1.290994" near "$(csv hackbench_pipes_time base-rt stddev)" 1.290994 1e-6
check "stats: {2..6} median 4 (odd n), stddev 1.581139" sh -c \
	"[ '$(csv hackbench_pipes_time series-rt median)' = 4 ] &&
	 awk 'BEGIN { d = $(csv hackbench_pipes_time series-rt stddev) - 1.581139; exit !(d < 1e-6 && d > -1e-6) }'"
check "stats: {3..8} median 5.5 stddev sqrt(3.5)" sh -c \
	"[ '$(csv irq_latency series-rt median)' = 5.5 ] &&
	 awk 'BEGIN { d = $(csv irq_latency series-rt stddev) - sqrt(3.5); exit !(d < 1e-9 && d > -1e-9) }'"
check "csv: baseline has empty delta, p and significance" sh -c \
	"grep -qx 'hackbench_pipes_time,s,base-rt,4,1,4,2.5,2.5,1.290994449,,,' '$tmp/out'"
check "csv: delta_mean_pct +60" near "$(csv hackbench_pipes_time series-rt delta_mean_pct)" 60 1e-9
check "Welch p, t=-1.5667 dof=6.98: 0.16128586" near_rel "$(csv hackbench_pipes_time series-rt p_value)" 0.16128586 1e-6
check "Welch p, t=-10 dof=8: 8.4881815e-06" near_rel "$(csv ops_per_sec series-rt p_value)" 8.4881815e-06 1e-6
check "Welch p, t=-3 dof=7.94: 0.017216459" near_rel "$(csv irq_latency series-rt p_value)" 0.017216459 1e-6
check "csv: significant yes/no" sh -c \
	"[ '$(csv ops_per_sec series-rt significant)' = yes ] && [ '$(csv hackbench_pipes_time series-rt significant)' = no ]"
check "csv: n<3 has no p-value" sh -c \
	"[ '$(csv kmalloc8_alloc_free_pair_cycles series-rt significant)' = 'n<3' ] && [ -z '$(csv kmalloc8_alloc_free_pair_cycles series-rt p_value)' ]"
check "csv: zero variance has no p-value" sh -c \
	"[ '$(csv meminfo_Slab series-rt significant)' = 'zero variance' ] && [ -z '$(csv meminfo_Slab series-rt p_value)' ]"

run --format json "$fx/basic" "$fx/crashed"
check "json: exit 0" [ "$rc" -eq 0 ]
check "json: valid (python3 -m json.tool)" python3 -m json.tool "$tmp/out" /dev/null
check "json: values and nulls" python3 -c '
import json, sys
rows = json.load(open(sys.argv[1]))
r = {(x["metric"], x["variant"]): x for x in rows}
a = r[("hackbench_pipes_time", "base-rt@1")]
b = r[("ops_per_sec", "series-rt@1")]
c = r[("hackbench_pipes_time", "broken-rt@2")]
assert a["count"] == 4 and a["mean"] == 2.5 and a["p_value"] is None and a["baseline"]
assert abs(b["p_value"] - 8.4881815e-06) < 1e-11 and b["significant"] is True
assert c["count"] == 0 and c["mean"] is None and c["failure"]["status"] == "timeout"
' "$tmp/out"
printf 'round\tvariant\tmetric\tvalue\tunit\tbetter\n1\tv"q\\x\tm,1\t1\tu\tnone\n' >"$tmp/quote.tsv"
mkdir -p "$tmp/quote" && mv "$tmp/quote.tsv" "$tmp/quote/samples.tsv"
run --format json "$tmp/quote"
check "json: quotes and backslashes escaped" sh -c \
	"python3 -m json.tool '$tmp/out' >/dev/null && grep -qF '\"v\\\"q\\\\x\"' '$tmp/out'"
run --format csv "$tmp/quote"
check "csv: a comma in a name is quoted" grep -qF '"m,1",u,' "$tmp/out"

# ---- two results folders
echo "== two results folders"
run "$fx/basic" "$fx/second" --metric hackbench_pipes_time
check "two dirs: exit 0" [ "$rc" -eq 0 ]
check "two dirs: summary names both" has_line "$tmp/out" \
	"# 16 samples, 4 variants, 1 metrics from $fx/basic and $fx/second"
check "two dirs: first run labelled @1" has_line "$tmp/out" \
	'  (A) base-rt@1                 | 4     | 1          | 4          | 2.5        | 2.5        | 1.291     |               |'
check "two dirs: second run labelled @2, {2,4,6,8}" has_line "$tmp/out" \
	'  (C) base-rt@2                 | 4     | 2          | 8          | 5          | 5          | 2.582     |               |'
check "two dirs: same variant compared across runs (+100%)" has_line "$tmp/out" \
	'                                |       | +100.00%   | +100.00%   | +100.00%   | +100.00%   | +100.00%  | - is good     | 0.15'
check "two dirs: different accel warned" grep -q '^# warning: .* accel=tcg, .* accel=kvm$' "$tmp/out"
run --format csv --baseline base-rt@2 "$fx/basic" "$fx/second" --metric hackbench_pipes_time
check "two dirs: --baseline base-rt@2 has no p-value itself" [ -z "$(csv hackbench_pipes_time base-rt@2 p_value)" ]
check "two dirs: Welch p, t=1.732 dof=4.41: 0.15158050" near_rel "$(csv hackbench_pipes_time base-rt@1 p_value)" 0.15158050 1e-6
run --format csv --baseline series-rt "$fx/basic" "$fx/second" --metric hackbench_pipes_time
check "two dirs: bare --baseline name means the first run's" [ "$(csv hackbench_pipes_time series-rt@1 significant)" = "" ]

# ---- failed boots
echo "== failed boots"
run "$fx/crashed"
check "crashed: exit 0" [ "$rc" -eq 0 ]
check "crashed: other rows still print" grep -q '^  (A) base-rt  *| 3     | 1.5 ' "$tmp/out"
check "crashed: its samples still count" grep -q '^  (B) series-rt  *| 2     | 1.3 ' "$tmp/out"
check "crashed: variant without samples gets a row" has_line "$tmp/out" \
	'  (C) broken-rt                 | 0     | no samples (timeout)'
check "crashed: Failed boots section" sh -c "sed -n '/^Failed boots:\$/,\$p' '$tmp/out' |
	grep -qx '  (B) series-rt  *| crashed in round 2 (see logs/2/series-rt.log)'"
check "crashed: timeout listed" grep -qx '  (C) broken-rt  *| timeout in round 1 (see logs/1/broken-rt.log)' "$tmp/out"
check "crashed: no TCG note without meta" sh -c "! grep -q TCG '$tmp/out'"

# ---- bad input
echo "== bad input"
run "$fx/malformed"
check "malformed: exit 0 with valid samples left" [ "$rc" -eq 0 ]
check "malformed: non-numeric value reported as FILE:LINE" \
	grep -qF "compare: $fx/malformed/samples.tsv:3: non-numeric value 'fast'" "$tmp/err"
check "malformed: wrong field count reported" \
	grep -qF "compare: $fx/malformed/samples.tsv:5: expected 6 tab-separated fields, got 5" "$tmp/err"
check "malformed: NaN and inf refused" sh -c \
	"grep -q 'samples.tsv:6: value is not finite' '$tmp/err' && grep -q 'samples.tsv:9: value is not finite' '$tmp/err'"
check "malformed: unknown better reported" grep -q "samples.tsv:7: unknown better 'smaller'" "$tmp/err"
check "malformed: trailing junk refused" grep -q "samples.tsv:8: non-numeric value '4.5x'" "$tmp/err"
check "malformed: final count line" sh -c "tail -n 1 '$tmp/err' | grep -qx 'compare: 6 malformed lines skipped'"
check "malformed: bad lines not counted" grep -q '^  (B) series-rt  *| 1     | 5 ' "$tmp/out"
run "$fx/all-malformed"
check "only malformed lines: exit 1, no samples" sh -c "[ $rc -eq 1 ] && grep -q 'no samples' '$tmp/err'"
run "$fx/nonexistent"
check "missing dir: exit 1 with message" sh -c "[ $rc -eq 1 ] && grep -q 'nonexistent: No such file or directory' '$tmp/err'"
run "$fx/no-samples-file"
check "missing samples.tsv: exit 1 with message" sh -c "[ $rc -eq 1 ] && grep -q 'samples.tsv: No such file or directory' '$tmp/err'"
run "$fx/empty"
check "empty (0 bytes) file: exit 1, no samples" sh -c "[ $rc -eq 1 ] && grep -q 'empty/samples.tsv: no samples' '$tmp/err'"
run "$fx/header-only"
check "header-only file: exit 1, no samples" sh -c "[ $rc -eq 1 ] && grep -q 'header-only/samples.tsv: no samples' '$tmp/err'"
run "$fx/bad-header"
check "wrong header: exit 1 with message" sh -c "[ $rc -eq 1 ] && grep -q 'samples.tsv:1: wrong header' '$tmp/err'"

# ---- usage
echo "== usage"
run --baseline nope "$fx/basic"
check "unknown --baseline: exit 2" sh -c "[ $rc -eq 2 ] && grep -q \"unknown baseline variant 'nope'\" '$tmp/err'"
run --bogus "$fx/basic"
check "bad option: exit 2 with usage" sh -c "[ $rc -eq 2 ] && grep -q '^usage: compare ' '$tmp/err'"
run
check "no results folder: exit 2" [ "$rc" -eq 2 ]
run --format xml "$fx/basic"
check "bad --format: exit 2" [ "$rc" -eq 2 ]
run --alpha 1.5 "$fx/basic"
check "bad --alpha: exit 2" [ "$rc" -eq 2 ]
run "$fx/basic" "$fx/second" "$fx/crashed"
check "three folders: exit 2" [ "$rc" -eq 2 ]
run --metric nope "$fx/basic"
check "unknown --metric: exit 1" sh -c "[ $rc -eq 1 ] && grep -q \"no samples for metric 'nope'\" '$tmp/err'"
run --help
check "--help: exit 0 with usage" sh -c "[ $rc -eq 0 ] && grep -q '^usage: compare ' '$tmp/out'"

# ---- plot
echo "== plot"
if command -v gnuplot >/dev/null 2>&1; then
	run --plot "$tmp/p" "$fx/basic" "$fx/crashed"
	check "plot: exit 0" [ "$rc" -eq 0 ]
	check "plot: .dat .gp .svg .png written" sh -c \
		"[ -s '$tmp/p.dat' ] && [ -s '$tmp/p.gp' ] && [ -s '$tmp/p.svg' ] && [ -s '$tmp/p.png' ]"
	check "plot: PNG magic bytes" sh -c \
		"[ \"\$(od -An -tx1 -N8 '$tmp/p.png' | tr -d ' \n')\" = 89504e470d0a1a0a ]"
	check "plot: SVG is SVG" grep -q '<svg' "$tmp/p.svg"
	check "plot: one panel per metric" [ "$(grep -c '^plot ' "$tmp/p.gp")" -eq 12 ]
	check "plot: table still printed" grep -q '^  (A) base-rt@1 ' "$tmp/out"
else
	echo "SKIP: plot (no gnuplot)"
fi
# gnuplot missing: the tool is run by path with a PATH that has no gnuplot
PATH=/nonexistent "$cmp" --plot "$tmp/q" "$fx/basic" >"$tmp/out" 2>"$tmp/err"
rc=$?
check "plot without gnuplot: exit 1 after the tables" sh -c \
	"[ $rc -eq 1 ] && grep -q 'gnuplot not found' '$tmp/err' && grep -q '^  (A) base-rt ' '$tmp/out'"

echo "$npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
