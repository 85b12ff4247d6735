#!/bin/sh
# hackbench.sh [--append PARAMS] [--repeats N] [--args 'HACKBENCH-ARGS'] VARIANT:
# one hackbench run, for a person. Builds the variant (incremental), boots
# it with PARAMS added to its command line, and prints the slab merge and
# per-CPU partial state the kernel runs with (its config and sysfs), then
# hackbench under perf stat -r N as perf prints it. Fails when the boot
# does (a splat, hackbench failing). What it prints comes from the run's
# record (result.json). Results in results/<date>-hackbench-VARIANT.
#
#   --append PARAMS   kernel parameters, e.g. slub_merge
#   --repeats N       perf stat -r N (default 5)
#   --args ARGS       hackbench's arguments (default -g 4 -l 100)
#   --show RECORD     print what an earlier run's record says, and nothing
#                     else
set -eu
. "$(dirname "$0")/../lib/common.sh"
USAGE="make hackbench VARIANT=NAME [APPEND='params'] [ARGS='hackbench args'] [REPEATS=N]  (lab/bench/hackbench.sh [--append P] [--args A] [--repeats N] VARIANT | --show RECORD)"

# show_run RECORD: what the run's record says a person wants to see: how
# the kernel booted, the slab state it runs with (the case slab_state's
# log) and hackbench's own output under perf stat (its case's log).
show_run() {
	jq -r '"\(.variant.name) (\(.run.accel)) booted with: \(.run.cmdline)",
		(.results.tests[] | select(.id == "slab_state") | .log[]),
		(.results.tests[] | select(.id == "hackbench_hackbench") | .log
			| (.[0] | capture("repeats=(?<r>[0-9]+) args=(?<a>.*)") | "hackbench \(.a) under perf stat -r \(.r):"),
			(.[1:][] | select(startswith("LAB-HACKBENCH-END") | not)))' "$1"
}

append= repeats=5 args="-g 4 -l 100"
while [ $# -gt 0 ]; do
	case $1 in
	--show)
		[ $# = 2 ] || usage_die "--show takes a run's record, alone"
		jq -e '.schema == 1 and .results != null' "$2" >/dev/null 2>&1 || die "$2 is not a finished run's record (schema 1)"
		show_run "$2"
		exit ;;
	--append) [ $# -ge 2 ] || usage_die "--append needs a value"; append=$2; shift 2 ;;
	--repeats) [ $# -ge 2 ] || usage_die "--repeats needs a value"; repeats=$2; shift 2 ;;
	--args) [ $# -ge 2 ] || usage_die "--args needs a value"; args=$2; shift 2 ;;
	-*) usage_die "unknown option $1" ;;
	*) break ;;
	esac
done
[ $# -gt 0 ] || usage_die "missing VARIANT=NAME ('sh lab/kernel/variants.sh' lists the variants)"
[ $# -eq 1 ] || usage_die "expected one variant name, not: $*"
number "REPEATS (--repeats)" "$repeats"
# The arguments go into the guest's job script: no shell syntax there.
case $args in *[!A-Za-z0-9\ =._-]*) usage_die "ARGS (--args) takes hackbench options only (letters, digits, - . = _), not '$args'" ;; esac
load_variant "$1"

out=$LAB_RESULTS/$(date +%Y%m%d-%H%M%S)-hackbench-$V_NAME
mkdir -p "$out"
log "building $V_NAME (log: $out/build.log)"
sh "$LAB_ROOT/lab/kernel/build.sh" "$V_NAME" >"$out/build.log" 2>&1 ||
	{ tail -n 20 "$out/build.log" >&2; die "the build of $V_NAME failed; log: $out/build.log"; }

job=$out/job.sh
{
	echo "#lab-case: slab_state"
	echo "#lab-case: hackbench.hackbench"
	echo "#lab-expect: seconds time elapsed"
	echo ". /lab/lib.sh"
	echo "lab_info"
	echo "slab_state"
	echo "fail=0"
	echo "run_hackbench hackbench $repeats $args || fail=1"
	# Every job runs the selftests (the guest's judge expects them); after the
	# measurement, so they do not disturb it.
	echo "run_selftests || fail=1"
	echo "exit \$fail"
} >"$job"
rc=0
sh "$LAB_ROOT/lab/run/boot.sh" --append "$append" --out "$out/boot" "$V_NAME" "$job" >"$out/verdict" 2>&1 || rc=$?
[ -f "$out/boot/result.json" ] || { cat "$out/verdict" >&2; die "$V_NAME did not boot"; }
show_run "$out/boot/result.json"
if [ $rc != 0 ]; then
	sed 's/^/    /' "$out/verdict" >&2
	die "the hackbench boot of $V_NAME failed; console log: $out/boot/console.log"
fi
echo "results: $out"
