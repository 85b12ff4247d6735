#!/bin/sh
# judge-recorded.sh CONSOLE-LOG JOB-SCRIPT: run the guest's judge
# (guest/judge.sh, or JUDGE) under busybox, as the guest does, on a recorded console
# log: the lines before LAB-JOB-BEGIN stand for the kernel log, the job's
# lines (up to the guest's verdict or the end marker) for its output, and
# the cases the job itself recorded are read back from the recorded
# verdict (its KTAP document, less the judge's own cases).
set -eu
cd "$(dirname "$0")/.."
[ $# -eq 2 ] || { echo "usage: tests/judge-recorded.sh CONSOLE-LOG JOB-SCRIPT" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tr -d '\r' <"$1" | sed -n '/LAB-JOB-BEGIN/q;p' >"$tmp/kernel.log"
# The job's output ends where the guest's verdict starts.
tr -d '\r' <"$1" | sed -n '/LAB-JOB-BEGIN/,$p' |
	sed -e '1d' -e '/LAB-JUDGE$/,$d' -e '/^LAB-JOB-END/,$d' >"$tmp/job.out"
# No selftest shipped, unless SELFTESTS names a folder of them.
mkdir "$tmp/selftests"
tr -d '\r' <"$1" | sed -n '/^LAB-JUDGE$/,/^LAB-JOB-END/p' | sed '1d' |
	awk -f lab/verdict/ktap.awk |
	awk -F '\t' '$1 ~ /^(pass|fail|skip|timeout)$/ && $2 !~ /^(kunit_|expect_|case_)/ &&
		$2 != "meminit" && $2 != "splat_scan" { print $1 " " $2 }' >"$tmp/cases"
SPLAT_PATTERNS=lab/verdict/splat-patterns KTAP_READER=lab/verdict/ktap.awk KTAP_WRITER=guest/ktap.sh LAB_GUEST_LIB=guest/lib.sh \
	LAB_CASES=$tmp/cases SELFTESTS=${SELFTESTS:-$tmp/selftests} \
	busybox sh "${JUDGE:-guest/judge.sh}" "$2" "$tmp/job.out" "$tmp/kernel.log"
