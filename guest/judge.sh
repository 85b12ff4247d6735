# judge.sh JOB-SCRIPT JOB-OUTPUT KERNEL-LOG (busybox sh, /lab/judge.sh):
# the guest's verdict on its run, after the job, printed as one KTAP
# document that the host (lab/verdict/record.sh) and a LAVA farm's
# monitors test read:
#
#	KTAP version 1
#	1..N
#	ok 1 job
#	# expect_3: no line matches /regex/
#	not ok 2 expect_3
#	...
#	# Totals: pass:... fail:... xfail:0 xpass:0 skip:... error:0
#
# (/lab/ktap.sh writes it: a failed case's diagnostics come directly
# before it, as KTAP has them.)
# Its cases: those the job recorded as they ended (/lab/lib.sh lab_result:
# selftests, hackbench runs, the job's exit), every KUnit case and suite
# (KUnit ran at boot, before init: read back from the kernel log with
# /lab/ktap.awk), test_meminit, each "#lab-expect:" line of the job (a
# regex the kernel log or a program's output must match), each
# "#lab-case:" line (a case the job must have recorded as passed: a
# helper's result is its case, never a line it printed) and the case of
# each selftest shipped (the one place that requires them), and the splat scan (lab/verdict/splat-patterns, over the kernel
# log and the job's output; a farm fails a job on none of those reports).
# A failed case has diagnostic lines saying why: a failed KUnit case
# KUnit's own (at most 20 lines a case).
# JOB-OUTPUT is what the job's helpers printed (/lab/lib.sh say and keep),
# KERNEL-LOG dmesg's output (timestamps allowed). Exits 1 when a case
# failed. The lab's tests run it with busybox on recorded logs
# (tests/judge-recorded.sh), with SPLAT_PATTERNS, KTAP_READER,
# KTAP_WRITER, SELFTESTS, LAB_CASES and LAB_GUEST_LIB pointing into the
# repository.

SPLAT_PATTERNS=${SPLAT_PATTERNS:-/lab/splat-patterns}
KTAP_READER=${KTAP_READER:-/lab/ktap.awk}
SELFTESTS=${SELFTESTS:-/lab/selftests}
. "${LAB_GUEST_LIB:-/lab/lib.sh}"

[ $# -eq 3 ] || { echo "usage: judge.sh JOB-SCRIPT JOB-OUTPUT KERNEL-LOG" >&2; exit 2; }
job=$1 out=$2 klog=$3
tmp=$(mktemp -d)
mkdir "$tmp/diag"
touch "$LAB_CASES"

# diagnose ID LINE...: a line that says why case ID failed (at most 20).
diagnose() {
	_id=$1
	shift
	[ "$(cat "$tmp/diag/$_id" 2>/dev/null | wc -l)" -ge 20 ] ||
		printf '%s\n' "$*" >>"$tmp/diag/$_id"
}

# KUnit's cases, and the diagnostics of a failed one (they follow its
# result in the reader's output).
sed 's/^\[[^]]*\] \{0,1\}//' "$klog" >"$tmp/klog"
awk -v prefix=kunit. -f "$KTAP_READER" "$tmp/klog" >"$tmp/kunit"
last=
while IFS='	' read -r kind id text; do
	case $kind in
	pass | fail | skip) lab_result "$id" "$kind"; last=$kind ;;
	diag) [ "$last" != fail ] || diagnose "$id" "$text" ;;
	esac
done <"$tmp/kunit"

if grep -q 'test_meminit: all [0-9]* tests passed' "$tmp/klog"; then
	lab_result meminit pass
elif grep -q 'test_meminit: failures' "$tmp/klog"; then
	lab_result meminit fail
fi

# require_case ID STATUS...: case "case.ID" passes when the job recorded
# ID, each time with one of the STATUSes.
require_case() {
	_rid=$(ktap_id "$1")
	shift
	_got=$(awk -v id="$_rid" '$2 == id { s = s sep $1; sep = " " } END { print s }' "$LAB_CASES")
	_ok=${_got:+1}
	for _s in $_got; do
		case " $* " in *" $_s "*) ;; *) _ok= ;; esac
	done
	if [ -n "$_ok" ]; then
		lab_result "case.$_rid" pass
	else
		lab_result "case.$_rid" fail
		diagnose "case_$_rid" "case_$_rid: the job recorded ${_got:-no such case} where it must record $*"
	fi
}

# The cases the job must record: its "#lab-case:" lines, and a pass or a
# skip of each selftest shipped.
sed -n 's/^#lab-case: //p' "$job" >"$tmp/required"
for t in "$SELFTESTS"/*; do
	[ -f "$t" ] && echo "selftest.${t##*/} skip" >>"$tmp/required"
done
while read -r id also; do
	# shellcheck disable=SC2086 # also: more statuses, one word each
	require_case "$id" pass $also
done <"$tmp/required"

# The job's expectations, against the kernel log and what its programs
# printed.
cat "$tmp/klog" "$out" >"$tmp/all"
sed -n 's/^#lab-expect: //p' "$job" >"$tmp/expect"
n=0
while IFS= read -r re; do
	n=$((n + 1))
	if grep -q -E -e "$re" "$tmp/all"; then
		lab_result "expect.$n" pass
	else
		lab_result "expect.$n" fail
		diagnose "expect_$n" "expect_$n: no line matches /$re/"
	fi
done <"$tmp/expect"

grep -v -e '^#' -e '^$' "$SPLAT_PATTERNS" >"$tmp/patterns"
if grep -E -f "$tmp/patterns" "$tmp/all" >"$tmp/splats"; then
	lab_result splat_scan fail
	head -n 10 "$tmp/splats" | while IFS= read -r l; do diagnose splat_scan "splat: $l"; done
else
	lab_result splat_scan pass
fi

# The KTAP document: the plan first, every case with its diagnostics.
verdict=0
ktap_document "$LAB_CASES" "$tmp/diag" || verdict=1
rm -rf "$tmp"
exit $verdict
