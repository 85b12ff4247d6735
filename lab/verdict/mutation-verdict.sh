#!/bin/sh
# mutation-verdict.sh TEST CONSOLE-LOG: did KUnit test TEST catch the
# broken kernel whose (already failed) console log this is? Yes when TEST
# reported "not ok", or when the kernel died (oops, hung-task panic, host
# timeout) after TEST logged its start ("# TEST: ...") and before it logged
# a result. Prints how and exits 0, or says why not and exits 1.
# mutation-verdict.sh --result ID CONSOLE-LOG: did the job's case ID (a
# "LAB-RESULT ID fail" line of the guest's judge or job) catch it?
set -u
. "$(dirname "$0")/../lib/common.sh"
USAGE="mutation-verdict.sh [--result] TEST CONSOLE-LOG"
result=0
[ "${1:-}" = --result ] && { result=1; shift; }
[ $# -eq 2 ] || usage_die "expected a KUnit test name (or --result and a case id) and a console log"
test=$1 con=$2
case $test in '' | *[!a-z0-9_]*) usage_die "'$test' is not a KUnit test name or case id" ;; esac
[ -r "$con" ] || die "no console log at $con"

if [ $result = 1 ]; then
	if grep -q -E "^LAB-RESULT $test fail" "$con"; then
		echo "the job's case $test failed"
	elif grep -q -E "^LAB-RESULT $test " "$con"; then
		echo "the job's case $test did not fail"
		exit 1
	else
		echo "the job never judged $test"
		exit 1
	fi
	exit 0
fi

# Console lines start with a printk timestamp; "not ok" ends in "ok" too.
end="([^a-z0-9_]|\$)"
if grep -q -E "not ok [0-9]+ $test$end" "$con"; then
	echo "$test reported not ok"
elif ! grep -q -E "# $test: " "$con"; then
	echo "$test never logged its start"
	exit 1
elif grep -q -E "(^|\] +)ok [0-9]+ $test$end" "$con"; then
	echo "$test passed; the failure was elsewhere"
	exit 1
else
	# Name what ended the run: an oops names its task, a hung-task
	# report the blocked one; neither means the host's timeout.
	what=$(grep -m 1 -o -E 'Comm: [^ ]+|INFO: task [^ ]+ blocked' "$con")
	echo "the kernel died while $test ran (${what:-no report: hung until the timeout})"
fi
