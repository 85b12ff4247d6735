#!/bin/sh
# check-distro.sh (make check-distro): the series the way RT users run
# it. Debian's amd64 RT configuration (package linux-config-6.12) with the
# lab's lockdep fragment, for the series and for plain 6.12, so that a
# failure can be told apart from the series' (series-rt-debian-debug,
# base-rt-debian-debug), each built as a bzImage alone and booted on two
# NUMA nodes with guest/jobs/distro.sh: KUnit slub_test and test_meminit
# at boot, the selftests shipped, and hackbench while a busybox walk reads
# and shrinks every cache, the last CPU goes offline and online in a loop
# and the threads run in a memory group reclaimed to its limit. Not part
# of make check: each build takes 30 to 35 minutes on 2 cores with an
# empty ccache. LAB_DISTRO_VARIANTS picks other variants.
set -u
. "$(dirname "$0")/../lib/common.sh"
. "$(dirname "$0")/../lib/steps.sh"
. "$(dirname "$0")/boots.sh"
USAGE="check-distro.sh"
[ $# -eq 0 ] || usage_die "takes no arguments"
cd "$LAB_ROOT"
. lab/lib/cases.sh
check_results check-distro
variants=${LAB_DISTRO_VARIANTS:-series-rt-debian-debug base-rt-debian-debug}
for v in $variants; do load_variant "$v"; done

t_section "base and series trees"
t_ok "the base and series trees are made (lab/series/tree.sh)" timed "base and series trees" sh lab/series/tree.sh series
for v in $variants; do
	t_section "$v"
	if ! timed "build $v" sh lab/kernel/build.sh "$v" >"$out/build-$v.log" 2>&1; then
		t_fail "build $v" "$(tail -n 20 "$out/build-$v.log")"
		continue
	fi
	t_pass "build $v"
	boot_test "$v" "$v: KUnit slub_test, test_meminit, selftests, hackbench under CPU hotplug and in a memory group; no splat" \
		"$v" guest/jobs/distro.sh
done
finish "make check-distro"
