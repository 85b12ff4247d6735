#!/bin/sh
# scan-log.sh [--expect REGEX]... CONSOLE-LOG [JOB-SCRIPT]
# Judge a guest console log. It fails, quoting the lines, on any match of
# lab/verdict/splat-patterns (kernel splats, lockdep reports, KUnit or kselftest
# "not ok"), on a missing end marker (hang, panic, crash), on a non-zero job
# status, on a case the guest judged failed ("LAB-RESULT ID fail", or no
# guest verdict at all: guest/judge.sh), and on any --expect REGEX or
# "#lab-expect: REGEX" line of the job script that no line matches.
set -eu
. "$(dirname "$0")/../lib/common.sh"
USAGE="scan-log.sh [--expect REGEX]... CONSOLE-LOG [JOB-SCRIPT]"
expect_file=$(mktemp)
trap 'rm -f "$expect_file"' EXIT
while [ $# -gt 0 ]; do
	case $1 in
	--expect) [ $# -ge 2 ] || usage_die "--expect needs a value"; printf '%s\n' "$2" >>"$expect_file"; shift 2 ;;
	-*) usage_die "unknown option $1" ;;
	*) break ;;
	esac
done
[ $# -ge 1 ] && [ $# -le 2 ] || usage_die "expected a console log and optionally a job script"
log_file=$1
job=${2:-}
[ -f "$log_file" ] || die "no console log at $log_file"
[ -z "$job" ] || [ -f "$job" ] || die "no job script at $job"

clean=$(mktemp)
own=$(mktemp)
trap 'rm -f "$clean" "$own" "$expect_file"' EXIT
tr -d '\r' <"$log_file" >"$clean"
# The host's own checks read the log without the guest's verdict lines:
# those quote the patterns and regexes (LAB-EXPECT, LAB-SPLAT), which
# would otherwise match themselves. Line numbers stay the log's.
awk '/LAB-(EXPECT|SPLAT|RESULT) / { print ""; next } { print }' "$clean" >"$own"
failed=0

splats=$(grep -v -e '^#' -e '^$' "$LAB_ROOT/lab/verdict/splat-patterns" | grep -n -E -f - "$own" | head -30 || true)
if [ -n "$splats" ]; then
	echo "FAIL: the kernel or a test reported problems ($log_file):"
	printf '%s\n' "$splats" | sed 's/^/    line /'
	failed=1
fi

end=$(grep -o -E 'LAB-JOB-END status=[0-9]+' "$clean" | tail -n 1 || true)
if [ -z "$end" ]; then
	echo "FAIL: no LAB-JOB-END marker: the guest hung, panicked or crashed before its job ended"
	echo "    last lines of $log_file:"
	tail -n 8 "$clean" | sed 's/^/    | /'
	failed=1
elif [ "${end#*status=}" != 0 ]; then
	echo "FAIL: the guest job exited with ${end#LAB-JOB-END }"
	failed=1
fi

# The guest's own verdict (guest/judge.sh), which a LAVA farm reads too: a
# case it failed fails here, and a run that ended must carry its splat
# scan, so the lab cannot pass a run a farm fails.
# A result line is read wherever it starts in a line, as LAVA's pattern
# reads it (a kernel message may have been printed in front of it).
cases=$(sed -n -E 's/.*LAB-RESULT ([^ ]+) fail([[:space:]].*)?$/\1/p' "$clean" | head -n 20 | tr '\n' ' ')
if [ -n "$cases" ]; then
	echo "FAIL: the guest judged these cases failed: $cases"
	failed=1
fi
if [ -n "$end" ] && ! grep -q -E 'LAB-RESULT splat_scan (pass|fail)([[:space:]]|$)' "$clean"; then
	echo "FAIL: the guest did not judge its run (no 'LAB-RESULT splat_scan' line before LAB-JOB-END)"
	failed=1
fi

[ -z "$job" ] || sed -n 's/^#lab-expect: //p' "$job" >>"$expect_file"
while IFS= read -r re; do
	grep -q -E -e "$re" "$own" ||
		{ echo "FAIL: expected output missing: /$re/"; failed=1; }
done <"$expect_file"

[ $failed = 0 ] && echo "ok: $log_file"
exit $failed
