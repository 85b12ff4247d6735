#!/bin/sh
# scan-log.sh [--expect REGEX]... CONSOLE-LOG [JOB-SCRIPT]
# Judge a guest console log. It fails, quoting the lines, on any match of
# lab/splat-patterns (kernel splats, lockdep reports, KUnit or kselftest
# "not ok"), on a missing end marker (hang, panic, crash), on a non-zero job
# status, and on any --expect REGEX or "#lab-expect: REGEX" line of the job
# script that no line matches.
set -eu
. "$(dirname "$0")/lib.sh"
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
trap 'rm -f "$clean" "$expect_file"' EXIT
tr -d '\r' <"$log_file" >"$clean"
failed=0

splats=$(grep -v -e '^#' -e '^$' "$LAB_ROOT/lab/splat-patterns" | grep -n -E -f - "$clean" | head -30 || true)
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

[ -z "$job" ] || sed -n 's/^#lab-expect: //p' "$job" >>"$expect_file"
while IFS= read -r re; do
	grep -q -E -e "$re" "$clean" ||
		{ echo "FAIL: expected output missing: /$re/"; failed=1; }
done <"$expect_file"

[ $failed = 0 ] && echo "ok: $log_file"
exit $failed
