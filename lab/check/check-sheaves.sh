#!/bin/sh
# check-sheaves.sh (make check-sheaves): the checks of the 7.x series
# (patches-7.3/ on Debian's linux-source-7.3). The sheaves tree, its
# verify and checkpatch; then sheaves-rt-debug (PREEMPT_RT with
# PROVE_LOCKING, PROVE_RAW_LOCK_NESTING, DEBUG_ATOMIC_SLEEP), the same
# with the raw list_lock (sheaves-rt-raw-debug) and sheaves-nonrt-debug,
# each built and booted on two NUMA nodes with
# guest/jobs/sheaves-check.sh: 7.3's slub_test with the series' stress
# cases on, test_meminit, hackbench under CPU hotplug and in a memory
# group; kmalloc and kfree under a raw spinlock and in a hard interrupt,
# which must be reported; and the mutations of tests/mutations-7.3/, which
# the stress cases must catch. Not part of make check: the 7.3 builds
# take 10 to 16 minutes each on 2 cores with an empty ccache (the raw
# one 3 more after sheaves-rt-debug).
set -u
. "$(dirname "$0")/../lib/common.sh"
. "$(dirname "$0")/../lib/steps.sh"
. "$(dirname "$0")/boots.sh"
USAGE="check-sheaves.sh"
[ $# -eq 0 ] || usage_die "takes no arguments"
cd "$LAB_ROOT"
. lab/lib/cases.sh
check_results check-sheaves
variants="sheaves-rt-debug sheaves-rt-raw-debug sheaves-nonrt-debug"
for v in $variants; do load_variant "$v"; done

# build_once VARIANT: its build, once a run (wrong_context's too).
built=
build_once() {
	case " $built " in *" $1 "*) return 0 ;; esac
	if timed "build $1" sh lab/kernel/build.sh "$1" >"$out/build-$1.log" 2>&1; then
		t_pass "build $1"
		built="$built $1"
	else
		t_fail "build $1" "$(tail -n 20 "$out/build-$1.log")"
		return 1
	fi
}

t_section "the 7.x series: tree, round trip, checkpatch"
t_ok "the mainline and sheaves trees are made (lab/series/tree.sh sheaves)" \
	timed "sheaves tree" sh lab/series/tree.sh sheaves
t_ok "a fresh apply of patches-7.3/ reproduces the sheaves tree" \
	timed "verify-sheaves" sh lab/series/tree.sh sheaves verify
t_ok "checkpatch --strict is clean on every patch of patches-7.3/" \
	timed "checkpatch-sheaves" sh lab/series/checkpatch.sh sheaves

for v in $variants; do
	t_section "$v"
	build_once "$v" || continue
	boot_test "$v" "$v: slub_test with the stress cases, test_meminit, hackbench under CPU hotplug and in a memory group; no splat" \
		"$v" guest/jobs/sheaves-check.sh
done

t_section "kmalloc and kfree under a raw spinlock, or in a hard interrupt, are reported on RT with the series"
wrong_context sheaves-rt-debug
wrong_context sheaves-rt-debug hardirq
wrong_context sheaves-rt-raw-debug

t_section "deliberately broken kernels fail the check"
if timed "mutations" sh lab/check/mutation.sh --sheaves >"$out/mutation.log" 2>&1; then
	t_pass "every mutation in tests/mutations-7.3/ is caught by the sheaves check job"
else
	t_fail "every mutation in tests/mutations-7.3/ is caught by the sheaves check job" "$(tail -n 15 "$out/mutation.log")"
fi
grep -E '^(CAUGHT|MISSED|    )' "$out/mutation.log" | sed 's/^/    /'

finish "make check-sheaves"
