#!/bin/sh
# record.sh [--qemu-exit N] [--timeout S] CONSOLE-LOG RECORD.json: the
# host's verdict on one guest run, written once as its record, which every
# later reader (make check and its JUnit file, the bench, the mutations,
# lava-run) takes instead of the console log.
#
# The guest judges what it can see (guest/judge.sh, printed as KTAP after
# the LAB-JUDGE marker). The host judges what it cannot: QEMU's exit or
# timeout (--qemu-exit, QEMU under timeout(1): 124 or 137 is a timeout of
# S seconds), whether the job reached its end marker and its status, and
# the kernel's lines the guest's judge did not read (those after
# LAB-JUDGE, or all of them when the guest never judged) against
# lab/verdict/splat-patterns. A guest that never judged has its KUnit
# results read from the kernel log instead, so that a crash still names
# the case that was running.
#
# The record (JSON, written by jq):
#   status      ok, failed (the run ended but something failed), crashed
#               (it did not reach its end marker) or timeout
#   reasons     why it is not ok, one line each
#   cases       [{id, result: pass|fail|skip, diagnostics: [...]}]
#   judged_by   guest (its KTAP) or host (the kernel's KUnit lines only)
#   running     the KUnit case that had started and not ended, or null
#   stopped_in  for a crash or timeout, the task an oops or a hung-task
#               report names ("Comm: NAME", "INFO: task NAME blocked"),
#               or null
#   splats      the kernel lines the host found, at most 30
#   console, qemu_exit, job_status
# Prints "ok: LOG" or the reasons as "FAIL: ..." lines; exits 0 when the
# status is ok, 1 otherwise.
set -eu
. "$(dirname "$0")/../lib/common.sh"
USAGE="record.sh [--qemu-exit N] [--timeout S] CONSOLE-LOG RECORD.json"
qemu_exit=null timeout=
while [ $# -gt 0 ]; do
	case $1 in
	--qemu-exit) [ $# -ge 2 ] || usage_die "--qemu-exit needs a value"; qemu_exit=$2; shift 2 ;;
	--timeout) [ $# -ge 2 ] || usage_die "--timeout needs a value"; timeout=$2; shift 2 ;;
	-*) usage_die "unknown option $1" ;;
	*) break ;;
	esac
done
[ $# -eq 2 ] || usage_die "expected a console log and the record's path"
case $qemu_exit in null | [0-9] | [0-9][0-9] | [0-9][0-9][0-9]) ;; *) usage_die "--qemu-exit takes an exit status, not '$qemu_exit'" ;; esac
log_file=$1 record=$2
[ -f "$log_file" ] || die "no console log at $log_file"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tr -d '\r' <"$log_file" >"$tmp/log"
: >"$tmp/reasons"
reason() { printf '%s\n' "$*" >>"$tmp/reasons"; }

# The end marker and the guest's verdict. A line is read wherever it
# starts, as a LAVA farm reads it: a kernel message may precede it.
end=$(grep -n -o -E 'LAB-JOB-END status=[0-9]+' "$tmp/log" | tail -n 1 || true)
end_at=${end%%:*} job_status=null
[ -z "$end" ] || job_status=${end##*status=}
judge_at=$(grep -n 'LAB-JUDGE$' "$tmp/log" | tail -n 1 | cut -d: -f1 || true)

judged_by=host
if [ -n "$judge_at" ] && [ -n "$end_at" ]; then
	sed -n "$((judge_at + 1)),$((end_at - 1))p" "$tmp/log" | awk -f "$LAB_ROOT/lab/verdict/ktap.awk" >"$tmp/ktap"
	plan=$(awk -F '\t' '$1 == "plan" { print $2 }' "$tmp/ktap")
	count=$(awk -F '\t' '$1 ~ /^(pass|fail|skip)$/' "$tmp/ktap" | wc -l)
	[ -n "$plan" ] && [ "$plan" = "$count" ] && judged_by=guest
fi
if [ $judged_by = host ]; then
	# No whole verdict from the guest: the kernel's own KUnit results.
	awk -v prefix=kunit. -f "$LAB_ROOT/lab/verdict/ktap.awk" "$tmp/log" >"$tmp/ktap"
fi
awk -F '\t' '$1 ~ /^(pass|fail|skip)$/ { print $1 "\t" $2 }' "$tmp/ktap" >"$tmp/cases"
awk -F '\t' '$1 == "diag" { print $2 "\t" $3 }' "$tmp/ktap" >"$tmp/diags"
running=$(awk -F '\t' '$1 == "running" { print $2 }' "$tmp/ktap")

# The kernel's lines the guest did not judge: those with a printk
# timestamp after LAB-JUDGE, or in the whole log when it never judged.
from=1
[ $judged_by = host ] || from=$((judge_at + 1))
grep -v -e '^#' -e '^$' "$LAB_ROOT/lab/verdict/splat-patterns" >"$tmp/patterns"
sed -n "$from,\$p" "$tmp/log" | grep -E '^\[ *[0-9]+\.[0-9]+\]' |
	grep -E -f "$tmp/patterns" | head -n 30 >"$tmp/splats" || true

status=ok
if [ "$qemu_exit" = 124 ] || [ "$qemu_exit" = 137 ]; then
	status=timeout
	reason "the guest timed out after ${timeout:-?}s (hung guest)"
elif [ -z "$end" ]; then
	status=crashed
	reason "no LAB-JOB-END marker: the guest hung, panicked or crashed before its job ended"
elif [ "$qemu_exit" != null ] && [ "$qemu_exit" != 0 ]; then
	status=crashed
	reason "qemu exited with status $qemu_exit"
fi
if [ -s "$tmp/splats" ]; then
	[ $status != ok ] || status=failed
	reason "the kernel reported problems the guest's judge did not read"
fi
if [ -n "$end" ]; then
	if [ "$job_status" != 0 ]; then
		[ $status != ok ] || status=failed
		reason "the guest job exited with status=$job_status"
	fi
	if [ $judged_by = host ]; then
		[ $status != ok ] || status=failed
		reason "the guest did not judge its run (no whole KTAP document after LAB-JUDGE)"
	fi
	failed=$(awk -F '\t' '$1 == "fail" { printf "%s%s", sep, $2; sep = " " }' "$tmp/cases")
	if [ -n "$failed" ]; then
		[ $status != ok ] || status=failed
		reason "the guest judged these cases failed: $failed"
	fi
fi
stopped_in=
case $status in crashed | timeout)
	stopped_in=$(grep -m 1 -o -E 'Comm: [^ ]+|INFO: task [^ ]+ blocked' "$tmp/log" || true) ;;
esac

mkdir -p "$(dirname "$record")"
jq -n --arg console "$log_file" --arg status "$status" --argjson qemu_exit "$qemu_exit" \
	--argjson job_status "$job_status" --arg judged_by $judged_by \
	--arg running "$running" --arg stopped_in "$stopped_in" \
	--rawfile reasons "$tmp/reasons" --rawfile cases "$tmp/cases" \
	--rawfile diags "$tmp/diags" --rawfile splats "$tmp/splats" '
	def lines: split("\n") | map(select(length > 0));
	def nonempty: if . == "" then null else . end;
	($diags | lines | map(split("\t")) | group_by(.[0])
		| map({key: .[0][0], value: map(.[1:] | join("\t"))}) | from_entries) as $d
	| {console: $console, status: $status, reasons: ($reasons | lines),
	   qemu_exit: $qemu_exit, job_status: $job_status, judged_by: $judged_by,
	   running: ($running | nonempty), stopped_in: ($stopped_in | nonempty),
	   cases: ($cases | lines | map(split("\t") | {id: .[1], result: .[0],
		diagnostics: ($d[.[1]] // [])})),
	   splats: ($splats | lines)}' >"$record.tmp"
mv "$record.tmp" "$record"

if [ $status = ok ]; then
	echo "ok: $log_file"
	exit 0
fi
sed 's/^/FAIL: /' "$tmp/reasons"
if [ -s "$tmp/splats" ]; then
	echo "    kernel lines ($log_file):"
	sed 's/^/    | /' "$tmp/splats"
fi
jq -r '.cases[] | select(.result == "fail") | .diagnostics[] | "    # " + .' "$record"
if [ -z "$end" ]; then
	echo "    last lines of $log_file:"
	tail -n 8 "$tmp/log" | sed 's/^/    | /'
fi
exit 1
