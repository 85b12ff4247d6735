#!/bin/sh
# tests/walkthrough.sh OUT-DIR: README's Walkthrough, its commands as a
# person types them (each must be a line of it, as it is), with
# menuconfig driven by EDIT= instead of a person, and make menuconfig's
# fragment in a scratch folder. Each step must print what README shows it
# printing. Builds series-rt-raw and its menuconfig'd copy, boots both.
# Step 4's hackbench runs shorter than a person's (what CI adds comes
# last, and make takes the last value): 2 repeats, and -l 50 for README's
# -l 500 (2 min 20 s alone under TCG), checking the same lines; step 2
# checks the defaults (-g 4 -l 100, 5 runs).
set -u
cd "$(dirname "$0")/.."
. lab/lib/cases.sh
. lab/lib/steps.sh
[ $# -eq 1 ] || { echo "usage: tests/walkthrough.sh OUT-DIR" >&2; exit 2; }
out=$1
mkdir -p "$out"
LAB_LOCAL=$(mktemp -d)
export LAB_LOCAL
trap 'rm -rf "$LAB_LOCAL"' EXIT
n=0

# step NAME 'COMMAND' 'MORE' REGEX...: COMMAND is in README's Walkthrough;
# with MORE (what CI adds) it exits 0 and prints a line matching each REGEX.
step() {
	_name=$1 _cmd=$2 _more=$3
	shift 3
	n=$((n + 1))
	if ! sed -n '/^## Walkthrough/,/^## [^W]/p' README.md | sed 's/^[[:space:]]*//' | grep -qxF "$_cmd"; then
		t_fail "walkthrough $n, $_name: README's Walkthrough has no line '$_cmd'"
		return
	fi
	_t0=$(date +%s) _c0=$(cpu_ticks)
	eval "$_cmd $_more" >"$out/$n.log" 2>&1
	_rc=$?
	step_since "  walkthrough $n: $_name" "$_t0" "$_c0"
	for _re in "$@"; do
		grep -q -E -e "$_re" "$out/$n.log" && continue
		t_fail "walkthrough $n, $_name: no /$_re/ (exit $_rc)" "$(tail -n 15 "$out/$n.log")"
		return
	done
	if [ $_rc != 0 ]; then
		t_fail "walkthrough $n, $_name (exit $_rc)" "$(tail -n 15 "$out/$n.log")"
	else
		t_pass "walkthrough $n, $_name: $_cmd"
	fi
}

v=series-rt-raw
perf="Performance counter stats for 'hackbench"
step "build an RT kernel with the series" "make build VARIANT=$v" '' \
	"built $v: .*/bzImage" '^/.*/series-guest-rt-raw-list-lock-cpu-partial-bench/arch/x86/boot/bzImage$'
step "boot it with slub_merge" "make hackbench VARIANT=$v APPEND=slub_merge" '' \
	"^$v \((kvm|tcg)\) booted with: .* slub_merge" '^config: .*CONFIG_PREEMPT_RT=y .*CONFIG_SLUB_CPU_PARTIAL=y' \
	'^merge: on: [1-9]' '^cpu_partial: on: ' "$perf -g 4 -l 100' \(5 runs\)" 'seconds time elapsed'
step "turn SLUB_CPU_PARTIAL off in menuconfig" "make menuconfig VARIANT=$v" "EDIT='--disable SLUB_CPU_PARTIAL'" \
	"^Saved your changes to $v in $LAB_LOCAL/$v.config:" '^    # CONFIG_SLUB_CPU_PARTIAL is not set$' \
	"To undo: rm $LAB_LOCAL/$v.config\$"
step "hackbench under perf stat, with the change" "make hackbench VARIANT=$v ARGS='-s 4096 -l 500 -g 4'" \
	"ARGS='-s 4096 -l 50 -g 4' REPEATS=2" \
	'^config: .*CONFIG_PREEMPT_RT=y .*CONFIG_SLUB_CPU_PARTIAL=n' '^merge: off: ' '^cpu_partial: off: ' \
	"$perf -s 4096 -l 50 -g 4' \(2 runs\)" 'seconds time elapsed'
