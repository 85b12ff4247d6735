#!/bin/sh
# check.sh: what `make check` and CI run. The lab's self-tests, the series'
# round trip and checkpatch, then for real: build the series with lockdep
# (PROVE_LOCKING, PROVE_RAW_LOCK_NESTING, DEBUG_ATOMIC_SLEEP), boot each
# variant, and require the built-in KUnit slub tests, test_meminit, the
# project's selftests and a short hackbench under perf stat (with slab_sysfs
# reading and shrinking every cache beside it) to pass with no splat. Then
# malformed boot parameters, slab calls in a context RT forbids and the
# runner's own failure detection on real guests (a panic and a hang). Every case,
# the lab's and those each guest judged (the cases of its record), also goes
# to junit.xml beside the results, and every booted variant is written as
# a LAVA job and validated (lab/farm/lava-jobs.sh). The kernels
# are built beside the first steps (lab/kernel/build-ahead.sh), each waited for
# before its first boot.
#
# The variants booted are those of the builds variants/ marks check=yes,
# each with its boot lines (lab/kernel/variants.sh --check; boot-parameter
# variants share one build); LAB_CHECK_VARIANTS picks others, and then
# only those are booted.
#
# --quick (make check-quick), the loop between edits: the self-tests that
# need no kernel tree, the series round trip, the series' verify and
# checkpatch, and series-rt-raw-debug built and booted with the check job.
# --full (make check-full): the whole check and its long cases, which CI
# leaves out to stay within its time (docs/check.md, make check-full):
# slub_kunit under kunit.py (lab/check/kunit-uml.sh, a UML build),
# README's walkthrough (tests/walkthrough.sh), the menuconfig and
# Debian-configuration self-tests, the deliberately broken kernels the
# boot-time tests must catch (lab/check/mutation.sh) and the wrong-context
# boot of plain 6.12 RT (base-rt-debug).
set -u
. "$(dirname "$0")/../lib/common.sh"
. "$(dirname "$0")/../lib/steps.sh"
. "$(dirname "$0")/boots.sh"
USAGE="check.sh [--quick|--full]"
quick=0 long=0
case $# in
0) ;;
1)
	case $1 in
	--quick) quick=1 ;;
	--full) long=1 ;;
	*) usage_die "unknown argument '$1'" ;;
	esac
	;;
*) usage_die "expected at most one of --quick and --full" ;;
esac
cd "$LAB_ROOT"
. lab/lib/cases.sh
out=$LAB_RESULTS/$(date +%Y%m%d-%H%M%S)-check
mkdir -p "$out"
# Every step's wall time, printed as a table at the end (lab/lib/steps.sh).
LAB_STEPS=$out/steps.tsv
export LAB_STEPS
: >"$LAB_STEPS"
# Every case, host and guest, for the JUnit file (lab/lib/cases.sh).
T_CASES=$out/cases.tsv
export T_CASES
: >"$T_CASES"
matrix=$(sh lab/kernel/variants.sh --check) || exit 1
[ $quick = 0 ] || matrix=series-rt-raw-debug
variants=${LAB_CHECK_VARIANTS:-$matrix}
# The whole check: no other variants picked, not the quick one.
whole=0
[ -n "${LAB_CHECK_VARIANTS:-}" ] || [ $quick = 1 ] || whole=1
job=guest/jobs/check.sh

t_section "base and series trees"
t_ok "the base and series trees are made (lab/series/tree.sh)" timed "base and series trees" sh lab/series/tree.sh series

# Every kernel this run boots is built beside the steps before its first
# boot (lab/kernel/build-ahead.sh): the steps leave a share of the cores idle (a
# guest under TCG about a third of two, the round trip and checkpatch
# one), and the builds are the run's longest chain. In a session of its
# own, the builds get half the cores when both want them (autogroups, on
# in Debian); at nice 19 they got less, and the run took longer. build_once
# waits for each.
ahead=$variants
# With --full, then the walkthrough's, and last the base kernel, which
# builds from the base tree beside the mutations (they patch the series
# tree).
[ $long = 0 ] || ahead="$ahead series-rt-raw base-rt-debug"
: >"$out/builds.done"
# shellcheck disable=SC2086
setsid sh lab/kernel/build-ahead.sh "$out" $ahead </dev/null >"$out/build-ahead.log" 2>&1 &
builder=$!
# setsid made it a process group: stopping the run stops its builds (sh
# runs no EXIT trap on a signal that kills it, so signals exit first).
trap 'kill -- -$builder 2>/dev/null' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

t_section "lab self-tests"
if [ $quick = 1 ]; then
	# The menuconfig test (it configures kernels) is make check-full's.
	timed "lab self-tests (--quick)" sh tests/run.sh --quick --no-summary
	t_section "series round trip (lab/series/tree.sh)"
	timed "series round trip" sh tests/series-roundtrip.sh
elif [ $long = 1 ]; then
	timed "lab self-tests (--full)" sh tests/run.sh --full --no-summary
else
	timed "lab self-tests" sh tests/run.sh --no-summary
fi

t_section "series"
t_ok "patches/series applies and a fresh apply reproduces the series tree" timed "series verify" sh lab/series/tree.sh verify
# The policies, the benchmark and the selftest are patches a downstream
# tree may leave out: each must be droppable alone (the cover's Droppable:).
t_ok "each droppable patch can be left out, or taken without the others" timed "series shape" sh lab/series/tree.sh shape
t_ok "checkpatch --strict: no error or warning in any patch" timed "checkpatch" sh lab/series/checkpatch.sh
t_ok "patches/ is a thread b4 am takes: the cover and every patch, numbered, addressed, at the base-commit" \
	timed "b4 am" sh lab/series/list-check.sh
[ $long = 0 ] || t_ok "slub_kunit under the kernel's KUnit runner (kunit.py, UML, PREEMPT_NONE): each case passes or skips" \
	timed "kunit-uml" sh lab/check/kunit-uml.sh

# running PID: PID has not ended (a child that ended stays a zombie until
# waited for).
running() {
	_state=$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -c1)
	[ -n "$_state" ] && [ "$_state" != Z ]
}

# build_once VARIANT: its build, once a run (boot-parameter variants share
# their build's folder; lab/kernel/build.sh on a current folder still takes most
# of a minute), a test each build: lab/kernel/build-ahead.sh's, waited for, or
# here when the builds beside the run do not include its folder.
built=
build_once() {
	load_variant "$1"
	case " $built " in *" $V_OBJ "*) return 0 ;; esac
	_t0=$(date +%s) _c0=$(cpu_ticks)
	while :; do
		_alive=0
		running "$builder" && _alive=1
		_ahead=$(awk -F '\t' -v o="$V_OBJ" '$1 == o { print $2 " " $3 }' "$out/builds.done")
		if [ -n "$_ahead" ] || [ $_alive = 0 ]; then break; fi
		sleep 2
	done
	if [ -n "$_ahead" ]; then
		step_since "wait for build $1" "$_t0" "$_c0"
		_rc=${_ahead%% *} _log=$out/build-${_ahead#* }.log
	else
		# The builds beside the run ended without it: stop what may be
		# left of them (a build of theirs in this folder) first.
		kill -- -"$builder" 2>/dev/null
		timed "build $1" sh lab/kernel/build.sh "$1" >"$out/build-$1.log" 2>&1
		_rc=$? _log=$out/build-$1.log
	fi
	if [ "$_rc" != 0 ]; then
		t_fail "build $1" "$(tail -n 20 "$_log")"
		return 1
	fi
	t_pass "build ${V_OBJ##*/}"
	built="$built $V_OBJ"
}

# A build's first boot runs hackbench beside the sysfs stress; its
# boot-parameter variants run the rest of the check job (check_jobs).
# shellcheck disable=SC2086
jobs=$(check_jobs $variants) || exit 1
booted=
for pair in $jobs; do
	v=${pair%%=*} vjob=${pair#*=}
	t_section "$v"
	# make menuconfig's changes are part of the variant until removed; CI
	# (a fresh clone) has none.
	load_variant "$v"
	[ -z "$V_LOCAL" ] || echo "note: $v is checked with make menuconfig's changes in $V_LOCAL"
	case $vjob in
	*check-boot-params.sh) what="KUnit slub_test, test_meminit, selftests" ;;
	*) what="KUnit slub_test, test_meminit, selftests, hackbench" ;;
	esac
	build_once "$v" || continue
	boot_test "$v" "$v: $what; no splat" "$v" "$vjob"
	booted="$booted $pair"
done

# The same boots, each with its job, as LAVA jobs (lab/farm/lava-jobs.sh): each
# must pass lava-common's strict schema. The jobs stay, to read; their
# images (some 45 MB a variant) are deleted, so their file:// URLs lead
# nowhere: make lava-jobs writes jobs and images for a farm.
t_section "LAVA jobs for the variants booted (lab/farm/lava-jobs.sh)"
# shellcheck disable=SC2086
[ -z "$booted" ] ||
	t_ok "a LAVA job for each variant booted, with its job, valid under lava-common's strict schema" \
		timed "lava jobs" sh lab/farm/lava-jobs.sh --out "$out/lava-jobs" $booted
rm -f "$out"/lava-jobs/*/bzImage "$out"/lava-jobs/*/initrd.cpio

if [ $whole = 1 ]; then
	t_section "malformed slab_cpu_partial= values"
	boot_test bad-cpu-partial "slab_cpu_partial=: an out-of-range value is clamped, malformed ones change nothing; all warn" \
		--append "slab_cpu_partial=2147483648 slab_cpu_partial=banana slab_cpu_partial=-1 slab_cpu_partial=99999999999999999999" \
		series-rt-raw-debug guest/jobs/bad-cpu-partial.sh
fi

if [ $whole = 1 ]; then
	t_section "kmalloc and kfree under a raw spinlock, or in a hard interrupt, are reported on RT (the series; plain RT in make check-full)"
	wrong_context series-rt-debug
	wrong_context series-rt-debug hardirq
fi

# A guest that panics or hangs must fail its run. The hang check's guest
# idles until the timeout, so the builds beside the run get its cores.
if [ $quick = 0 ]; then
	t_section "the runner catches failing guests"
	v=$(echo $variants | cut -d' ' -f1)
	timed "runner check: panic" sh lab/run/boot.sh --purpose panic --append "$NO_KUNIT rdinit=/nonexistent init=/nonexistent" \
		--out "$out/negative-panic" "$v" "$job" >"$out/negative-panic.verdict" 2>&1
	t_ok "a guest that panics fails the run: crashed, the kernel's panic reported" \
		runner_caught "$out/negative-panic/result.json" crashed 'Kernel panic'
	t_ok "the panicked guest's console log is kept" \
		sh -c 'test -s "$(jq -r .artifacts.console "$1")"' - "$out/negative-panic/result.json"
	timed "runner check: hang" sh lab/run/boot.sh --purpose hang --append "$NO_KUNIT" \
		--out "$out/negative-hang" "$v" tests/fixtures/jobs/hang.sh >"$out/negative-hang.verdict" 2>&1
	t_ok "a guest that hangs is stopped by the timeout" runner_caught "$out/negative-hang/result.json" timeout
	jq -e '.results.reached == "job"' "$out/negative-hang/result.json" >/dev/null &&
		t_pass "the hung guest reached its job before the timeout (log kept)" ||
		t_fail "the hung guest reached its job before the timeout (log kept)" \
			"raise the hang purpose's timeout in lab/run/qemu.json if this machine boots slower"
fi

if [ $long = 1 ]; then
	t_section "README's walkthrough, as a person types it (menuconfig through EDIT=)"
	build_once series-rt-raw
	timed "walkthrough" sh tests/walkthrough.sh "$out/walkthrough"
fi

if [ $long = 1 ] && [ $whole = 1 ]; then
	# The mutations patch the series tree: every build from it must have
	# ended, and has (series-rt-raw is the last). base-rt-debug builds
	# from the base tree beside them.
	t_section "deliberately broken kernels fail the check"
	if timed "mutations" sh lab/check/mutation.sh >"$out/mutation.log" 2>&1; then
		t_pass "every mutation in tests/mutations/ is caught by the check job"
	else
		t_fail "every mutation in tests/mutations/ is caught by the check job" "$(tail -n 15 "$out/mutation.log")"
	fi
	grep -E '^(CAUGHT|MISSED|    )' "$out/mutation.log" | sed 's/^/    /'
fi

if [ $long = 1 ]; then
	t_section "kmalloc and kfree under a raw spinlock are reported on plain RT too"
	wrong_context base-rt-debug
fi

timed "wait for the builds beside the run" wait "$builder"

finish "make check$([ $quick = 1 ] && echo ' --quick')$([ $long = 1 ] && echo ' --full')"
