#!/bin/sh
# mutation-verdict.sh TEST RECORD.json: did KUnit test TEST catch the
# broken kernel whose (already failed) run this record is
# (lab/verdict/record.sh)? Yes when TEST failed, or when the kernel died
# (oops, hung-task panic, host timeout) while TEST was running: the record
# has it crashed (it had logged a line and no result). Prints how and
# exits 0, or says why not and exits 1.
# mutation-verdict.sh --result ID RECORD.json: did the job's case ID (a
# case of the guest's judge or job) catch it?
set -u
. "$(dirname "$0")/../lib/common.sh"
USAGE="mutation-verdict.sh [--result] TEST RECORD.json"
result=0
[ "${1:-}" = --result ] && { result=1; shift; }
[ $# -eq 2 ] || usage_die "expected a KUnit test name (or --result and a case id) and a run's record"
test=$1 rec=$2
case $test in '' | *[!a-z0-9_]*) usage_die "'$test' is not a KUnit test name or case id" ;; esac
[ -r "$rec" ] || die "no run record at $rec"
jq -e '.schema == 1 and .results != null' "$rec" >/dev/null 2>&1 || die "$rec is not a finished run's record (schema 1)"

if [ $result = 1 ]; then
	case $(jq -r --arg id "$test" '[.results.tests[] | select(.id == $id) | .result][0] // "none"' "$rec") in
	fail) echo "the job's case $test failed" ;;
	none) echo "the job never judged $test"; exit 1 ;;
	*) echo "the job's case $test did not fail"; exit 1 ;;
	esac
	exit 0
fi

# A KUnit case's id is kunit_SUITE_TEST (lab/verdict/ktap.awk).
case $(jq -r --arg s "_$test" '[.results.tests[] | select((.id | startswith("kunit_")) and (.id | endswith($s))) | .result][0] // "none"' "$rec") in
fail) echo "$test reported not ok" ;;
crashed)
	# What ended the run: an oops names its task, a hung-task report
	# the blocked one; neither means the host's timeout.
	echo "the kernel died while $test ran ($(jq -r '.results.stopped_in // "no report: hung until the timeout"' "$rec"))"
	;;
none) echo "$test never logged its start"; exit 1 ;;
*) echo "$test passed; the failure was elsewhere"; exit 1 ;;
esac
