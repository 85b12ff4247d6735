#!/bin/sh
# expect-report.sh RECORD.json REPORT FUNCTION: the run's record
# (lab/verdict/record.sh) has a kernel report REPORT (a fixed string such
# as "BUG: Invalid wait context", found in the report's line or in the
# message a WARN printed before it) whose stack names FUNCTION (within the
# 60 kernel lines after it, as the one console parser, parse.sh, read
# them): the report is about that caller. Says which and exits 0, or says
# what is missing and exits 1.
set -u
. "$(dirname "$0")/../lib/common.sh"
USAGE="expect-report.sh RECORD.json REPORT FUNCTION"
[ $# -eq 3 ] || usage_die "expected a run's record, a report and a function name"
rec=$1 report=$2 fn=$3
[ -n "$report" ] || usage_die "the report is empty"
case $fn in '' | *[!A-Za-z0-9_]*) usage_die "'$fn' is not a function name" ;; esac
[ -r "$rec" ] || die "no run record at $rec"
jq -e '.schema == 1 and .results != null' "$rec" >/dev/null 2>&1 || die "$rec is not a finished run's record (schema 1)"

# found, there (no stack naming it) or none.
case $(jq -r --arg r "$report" --arg f "$fn" '
	[.results.reports[] | select((.text | contains($r)) or ((.message // "") | contains($r)))]
	| if length == 0 then "none" elif any(.[].stack[]; . == $f) then "found" else "there" end' "$rec") in
found) echo "'$report' for $fn" ;;
there) echo "'$report' is there, but no stack naming $fn follows it"; exit 1 ;;
*) echo "no '$report' in the run's kernel reports"; exit 1 ;;
esac
