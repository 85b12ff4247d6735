#!/bin/sh
# expect-report.sh CONSOLE-LOG REPORT FUNCTION: the kernel printed REPORT (a
# fixed string such as "BUG: Invalid wait context") and, within the 60
# lines after it, a stack naming FUNCTION: the report is about that caller.
# Says which and exits 0, or says what is missing and exits 1.
set -u
. "$(dirname "$0")/../lib/common.sh"
USAGE="expect-report.sh CONSOLE-LOG REPORT FUNCTION"
[ $# -eq 3 ] || usage_die "expected a console log, a report and a function name"
con=$1 report=$2 fn=$3
[ -n "$report" ] || usage_die "the report is empty"
case $fn in '' | *[!A-Za-z0-9_]*) usage_die "'$fn' is not a function name" ;; esac
[ -r "$con" ] || die "no console log at $con"

at=$(awk -v r="$report" -v f="$fn" '
	index($0, r) { seen = NR; left = 60; next }
	left > 0 { left--; if ($0 ~ ("(^|[^A-Za-z0-9_])" f "\\+0x")) { print seen; exit } }
' "$con")
if [ -n "$at" ]; then
	echo "'$report' for $fn (line $at)"
elif grep -q -F -- "$report" "$con"; then
	echo "'$report' is there, but no stack naming $fn follows it"
	exit 1
else
	echo "no '$report' in the log"
	exit 1
fi
