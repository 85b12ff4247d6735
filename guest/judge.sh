# judge.sh JOB-SCRIPT JOB-OUTPUT KERNEL-LOG (busybox sh, /lab/judge.sh):
# the guest's own verdict on its run, after the job. It prints one result
# line per case it judges,
#
#	LAB-RESULT <id> pass|fail|skip
#
# (ids as /lab/lib.sh lab_result writes them: kunit_<suite>_<case>,
# meminit, expect_<n>, splat_scan) for the host (lab/verdict/scan-log.sh fails a
# log with a failed case) and for a LAVA farm (a monitors test reads the
# same lines, lab/farm/lava-jobs.sh): every KUnit case and suite (KUnit ran at
# boot, before init, so its results are read back from the kernel log),
# test_meminit, each "#lab-expect:" line of the job and a LAB-SELFTEST
# line for each selftest shipped, and the splat scan (lab/verdict/splat-patterns;
# LAVA itself fails a job on none of those reports). The job's own cases
# (selftests, hackbench runs) print their lines as they end.
# JOB-OUTPUT is what the job's helpers printed (/lab/lib.sh say and
# keep), KERNEL-LOG dmesg's output (timestamps allowed). Exits 1 when a
# case it judged failed. The lab's tests run it with busybox on recorded
# logs (tests/judge-recorded.sh), with SPLAT_PATTERNS, SELFTESTS and
# LAB_GUEST_LIB pointing into the repository.

SPLAT_PATTERNS=${SPLAT_PATTERNS:-/lab/splat-patterns}
SELFTESTS=${SELFTESTS:-/lab/selftests}
. "${LAB_GUEST_LIB:-/lab/lib.sh}"

[ $# -eq 3 ] || { echo "usage: judge.sh JOB-SCRIPT JOB-OUTPUT KERNEL-LOG" >&2; exit 2; }
job=$1 out=$2 klog=$3
tmp=$(mktemp -d)
verdict=0

# record ID STATUS: print the case's line and remember a failure.
record() {
	lab_result "$1" "$2"
	[ "$2" != fail ] || verdict=1
}

# KTAP as KUnit prints it: a suite's "# Subtest: NAME" and its cases'
# "ok N NAME" one level (4 spaces) in, the suite's own result line one
# level out. Parameter results (two levels in) are summed up by their
# case's line and not repeated.
sed 's/^\[[^]]*\] \{0,1\}//' "$klog" >"$tmp/klog"
awk '
	/^ *KTAP version/ { ktap = 1 }
	!ktap { next }
	{
		match($0, /^ */)
		depth = int(RLENGTH / 4)
		line = substr($0, RLENGTH + 1)
	}
	line ~ /^# Subtest: / { suite[depth] = substr(line, 12); next }
	line ~ /^(not )?ok [0-9]+ / {
		status = "pass"
		# "not ok" is a failure even with "# SKIP", as for the splat
		# patterns (kunit.py would call it a skip).
		if (line ~ /^not ok/) {
			status = "fail"
			sub(/^not /, "", line)
		} else if (line ~ / # SKIP/) {
			status = "skip"
		}
		sub(/^ok [0-9]+ /, "", line)
		sub(/ # .*/, "", line)
		# The status first: a name may hold spaces.
		if (depth == 0)
			print status, "kunit." line
		else if (depth == 1 && suite[1] != "")
			print status, "kunit." suite[1] "." line
	}
' "$tmp/klog" >"$tmp/kunit"
while read -r status id; do
	record "$id" "$status"
done <"$tmp/kunit"

if grep -q 'test_meminit: all [0-9]* tests passed' "$tmp/klog"; then
	record meminit pass
elif grep -q 'test_meminit: failures' "$tmp/klog"; then
	record meminit fail
fi

# The job's expectations, and a report from every selftest shipped (the
# host requires the same, lab/run/job-initrd.sh), against the kernel log and
# what the job's helpers printed.
cat "$tmp/klog" "$out" >"$tmp/all"
sed -n 's/^#lab-expect: //p' "$job" >"$tmp/expect"
for t in "$SELFTESTS"/*; do
	[ -f "$t" ] && echo "LAB-SELFTEST ${t##*/} status=(0|4)" >>"$tmp/expect"
done
n=0
while IFS= read -r re; do
	n=$((n + 1))
	echo "LAB-EXPECT $n /$re/"
	if grep -q -E -e "$re" "$tmp/all"; then
		record "expect.$n" pass
	else
		record "expect.$n" fail
	fi
done <"$tmp/expect"

grep -v -e '^#' -e '^$' "$SPLAT_PATTERNS" >"$tmp/patterns"
if grep -E -f "$tmp/patterns" "$tmp/all" >"$tmp/splats"; then
	head -n 10 "$tmp/splats" | sed 's/^/LAB-SPLAT /'
	record splat-scan fail
else
	record splat-scan pass
fi

rm -rf "$tmp"
exit $verdict
